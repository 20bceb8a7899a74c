"""The round-robin tournament on duplicate deals (``rummykit tournament``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import rummykit as rk
from rummykit.tournament import tournament

ROOT = Path(__file__).resolve().parents[1]
STRAIGHT = rk.load_variant("straight")


def test_every_pair_plays_each_deal_from_both_seats(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    report = tournament(
        STRAIGHT, ["greedy", "random", "rummykit.bots:RandomBot"], games=2, seed=4, records=out
    )
    assert [(p.a, p.b, p.hands) for p in report.pairs] == [
        ("greedy", "random", 4),
        ("greedy", "rummykit.bots:RandomBot", 4),
        ("random", "rummykit.bots:RandomBot", 4),
    ]
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 12
    # duplicate deals: the two hands of a deal start from the same cards, the bots swapped
    first, second = records[0], records[1]
    assert first["dealt"] == second["dealt"]
    assert records[2]["dealt"] != first["dealt"]
    assert rk.replay(first).is_over and rk.replay(second).is_over
    for p in report.pairs:
        assert p.a_wins + p.b_wins + p.draws == p.hands
    assert sum(s.hands for s in report.standings) == 2 * sum(p.hands for p in report.pairs)


def test_the_results_do_not_depend_on_the_number_of_workers() -> None:
    one = tournament(STRAIGHT, ["greedy", "random"], games=3, seed=9, jobs=1)
    two = tournament(STRAIGHT, ["greedy", "random"], games=3, seed=9, jobs=2)
    assert one == two


def test_the_stronger_bot_is_rated_higher() -> None:
    report = tournament(STRAIGHT, ["random", "greedy"], games=6, seed=1)
    assert [s.bot for s in report.standings] == ["greedy", "random"]
    greedy, rand = report.standings
    assert greedy.rating > 1500 > rand.rating
    assert greedy.margin == pytest.approx(-rand.margin)
    assert "greedy" in str(report) and "rating" in str(report)


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(rk.ArgumentError, match="at least two bots"):
        tournament(STRAIGHT, ["greedy"], games=1)
    with pytest.raises(rk.ArgumentError, match="games must be an integer"):
        tournament(STRAIGHT, ["greedy", "random"], games="3")  # type: ignore[arg-type]
    with pytest.raises(rk.RummyError, match="unknown bot"):
        tournament(STRAIGHT, ["greedy", "nobody"], games=1)


def test_a_process_bot_plays_in_the_tournament_from_the_cli() -> None:
    bot = f"cmd:{sys.executable} {ROOT / 'examples' / 'bots' / 'first_legal.py'}"
    out = subprocess.run(
        [sys.executable, "-m", "rummykit", "tournament", "gin", "--bots", f"greedy,{bot}", "--games", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "greedy vs cmd:" in out.stdout
    assert "of 4" in out.stdout
