"""``rummykit play --from-position``: play on from a position given in a bug report."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest

import rummykit as rk
from rummykit.cli import main


def _gin_text() -> str:
    h = rk.new_hand(rk.load_variant("gin"), players=2, seed=4)
    rng = random.Random(1)
    for _ in range(7):
        h.apply(rng.choice(h.legal_actions()))
    return rk.position(h)


def test_play_on_from_a_position(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    text = _gin_text()
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    assert main(["play", "gin", "--from-position", text]) == 0
    out = capsys.readouterr().out
    assert "Gin Rummy (gin), 2 players, from a position (turn 4)" in out
    assert "Result:" in out and "Traceback" not in out


def test_position_from_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bug.txt"
    path.write_text(_gin_text() + "\n")
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "gin", "--from-position", f"@{path}"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("Quit.")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--from-position", "rkpos 1; variant gin"], "rummykit: position: players: the field is missing"),
        (["--from-position", "x" * 100_000], "rummykit: position: the text is too long"),
        (["--from-position", "POS", "--match"], "--from-position plays on one hand"),
    ],
)
def test_bad_positions_exit_1(extra: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    extra = [_gin_text() if x == "POS" else x for x in extra]
    assert main(["play", "gin", *extra]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_position_of_another_variant_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "straight", "--from-position", _gin_text()]) == 1
    assert "position: variant: the position is of 'gin', not of 'straight'" in capsys.readouterr().err
