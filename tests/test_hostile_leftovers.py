"""Hostile leftovers of the fuzzing passes: a run of games too large to hold,
a ``module:function`` bot spec that names no bot factory, an existing
directory given as an output file, a text agent's huge refused reply.

Each test states the expected behaviour: the input is refused with a
:class:`rummykit.RummyError` naming what is wrong (from the command line: a
message and exit 1 or 2, never the "unexpected error" of exit 3), or is
accepted at a bounded cost.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import rummykit as rk
from rummykit.bots import BotError, RandomBot, make_bot
from rummykit.bots.base import resolve_spec
from rummykit.cli import main
from rummykit.llm import bot as text_bot
from rummykit.llm import refusal_prompt
from rummykit.llm.tokens import MAX_REPLY_CHARS
from rummykit.sim import MAX_GAMES, simulate
from rummykit.tournament import tournament

# --------------------------------------------------------------------------- too many games


def test_simulate_refuses_more_games_than_it_can_hold() -> None:
    v = rk.load_variant("gin")
    for games in (MAX_GAMES + 1, 10**26, 10**5000):
        with pytest.raises(rk.ArgumentError, match=r"simulate: games: at most 10,000,000") as err:
            simulate(v, games=games, players=2, bots="random")
        assert len(str(err.value)) < 300


def test_cli_simulate_refuses_a_huge_count_of_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "gin", "--games", "99999999999999999999999999", "--jobs", "1"]) == 1
    err = capsys.readouterr().err
    assert "games: at most 10,000,000" in err and "unexpected" not in err


def test_tournament_refuses_more_deals_than_it_can_hold(capsys: pytest.CaptureFixture[str]) -> None:
    v = rk.load_variant("gin")
    with pytest.raises(rk.ArgumentError, match=r"tournament: games: at most 10,000,000 deals"):
        tournament(v, "random,greedy", games=MAX_GAMES + 1)
    # three bots make three pairs: the deals of all pairs count
    with pytest.raises(rk.ArgumentError, match=r"3 pairs.*at most 3,333,333"):
        tournament(v, "random,greedy,random", games=MAX_GAMES // 3 + 1)
    with pytest.raises(rk.ArgumentError, match=r"tournament: games: at most"):
        tournament(v, "random,greedy", games=10**5000)
    assert main(["tournament", "gin", "--bots", "random,greedy", "--games", "9" * 26]) == 1
    err = capsys.readouterr().err
    assert "games: at most 10,000,000" in err and "unexpected" not in err


def test_tournament_records_are_not_kept_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every record goes to the file as its deal finishes; what the report is
    computed from holds no record (they would grow with the run)."""
    import rummykit.tournament as t

    seen: list[Any] = []
    report = t._report

    def spy(v: Any, names: Any, games: int, seed: int, outcomes: list[Any]) -> Any:
        seen.extend(outcomes)
        return report(v, names, games, seed, outcomes)

    monkeypatch.setattr(t, "_report", spy)
    path = tmp_path / "t.jsonl"
    tournament(rk.load_variant("gin"), "random,random", games=2, seed=1, records=path)
    assert len(path.read_text(encoding="utf-8").splitlines()) == 4
    assert len(seen) == 2 and all(o.records == () for o in seen)
