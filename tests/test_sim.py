"""``rummykit.sim``: many bot games and the designer's summary.

The contract (issue "The CLI for players and rule designers"): the same seed
gives the same numbers whatever the number of worker processes; win counts
and endings add up to the games played; the first-player advantage comes
with a 95% interval that contains its point estimate; the report round-trips
through JSON; two rulesets can be compared.
"""

from __future__ import annotations

import json
import math

import attrs
import pytest

import rummykit as rk
from rummykit.sim import (
    Distribution,
    FirstPlayerAdvantage,
    SimulationReport,
    compare_table,
    game_seed,
    seat_bots,
    simulate,
    wilson_interval,
)

GIN = rk.load_variant("gin")
KNOCK = rk.load_variant("knock")
STRAIGHT = rk.load_variant("straight")

ANY_MELDS = rk.loads_variant(
    """\
extends = "straight"
[variant]
name = "straight-any-melds"
title = "Straight rummy, any number of melds per turn"
[meld_timing]
kind = "any"
""",
    source="<test>",
)


def check_sums(r: SimulationReport) -> None:
    assert sum(r.wins) + r.ties + r.no_winner == r.games
    assert sum(r.endings.values()) == r.hands_played
    assert set(r.endings) >= {t.value for t in rk.Termination}
    assert r.turn_limit == r.endings["turn-limit"]
    assert r.turns.count == r.hands_played
    assert r.turns.min <= r.turns.median <= r.turns.max
    assert r.turns.min <= r.turns.p90 <= r.turns.max
    assert len(r.scores) == r.players and all(d.count == r.games for d in r.scores)
    assert all(d.min <= d.mean <= d.max for d in r.scores)
    assert sum(r.win_rates) <= 1 + 1e-9
    fp = r.first_player
    assert fp.decided <= r.hands_played and fp.wins <= fp.decided
    assert math.isclose(fp.fair_share, 1 / r.players)
    if fp.advantage is not None:
        assert fp.low <= fp.advantage <= fp.high


# --------------------------------------------------------------------------- determinism


# the same seed, the same numbers whatever the jobs: test_sim_scale.py
# (test_same_report_whatever_the_jobs_auto_included)


def test_matches_are_deterministic_across_jobs_too() -> None:
    one = simulate(GIN, games=3, players=2, bots=("greedy", "random"), seed=4, match=True, jobs=1)
    two = simulate(GIN, games=3, players=2, bots=("greedy", "random"), seed=4, match=True, jobs=2)
    assert one == two


def test_another_seed_gives_other_games() -> None:
    a = simulate(KNOCK, games=20, players=3, bots="random", seed=1)
    b = simulate(KNOCK, games=20, players=3, bots="random", seed=2)
    assert a.to_json() != b.to_json()


def test_game_seeds_depend_on_master_seed_and_index_only() -> None:
    seeds = [game_seed(5, i) for i in range(200)]
    assert len(set(seeds)) == 200
    assert seeds == [game_seed(5, i) for i in range(200)]
    assert game_seed(5, 0) != game_seed(6, 0)


def test_a_game_does_not_depend_on_how_many_games_run() -> None:
    """Game i is the same game in a run of 5 and in a run of 10 (chunking,
    bot state and the number of games never leak into a game)."""
    short = simulate(KNOCK, games=5, players=2, bots="random", seed=3)
    longer = simulate(KNOCK, games=10, players=2, bots="random", seed=3)
    first_five = simulate(KNOCK, games=5, players=2, bots="random", seed=3, jobs=2)
    assert short == first_five
    assert longer.games == 10 and short.games == 5


# --------------------------------------------------------------------------- the numbers


def test_hands_report_adds_up() -> None:
    r = simulate(STRAIGHT, games=12, players=3, bots="greedy,random", seed=2)
    check_sums(r)
    assert r.bots == ("greedy", "random", "greedy")
    assert r.hands is None and r.hands_played == 12 and not r.match
    assert r.variant == "straight" and r.title == STRAIGHT.title


def test_match_report_adds_up() -> None:
    r = simulate(GIN, games=3, players=2, seed=9, match=True)
    check_sums(r)
    assert r.hands is not None and r.hands.count == 3
    assert r.hands_played == round(r.hands.mean * 3)
    assert r.hands_played >= 3
    assert r.unit == "matches"
    assert "Hands per match" in r.table()


def test_greedy_beats_random_at_gin() -> None:
    r = simulate(GIN, games=30, players=2, bots="random,greedy", seed=0)
    assert r.wins[1] > r.wins[0]
    assert r.win_rates[1] > 0.8


def test_turn_limit_is_counted_and_flagged() -> None:
    short = attrs.evolve(STRAIGHT, limits=rk.Limits(max_turns=3, max_hands=50))
    r = simulate(short, games=6, players=2, bots="random", seed=1)
    check_sums(r)
    assert r.turn_limit == 6 and r.no_winner == 6
    assert r.turns.max <= 3
    assert r.first_player.decided == 0 and r.first_player.advantage is None
    text = r.table()
    assert "Warning: 6 of 6 hands (100.0%) stopped at the turn limit (limits.max_turns = 3)" in text
    assert "no hands with a single winner" in text


def test_dealer_rotates_so_each_seat_plays_first_equally() -> None:
    """Hands mode deals game i from seat i % players, so the seat after the
    dealer (the first to act) is each seat in turn."""
    from rummykit.sim.play import _play_hand

    firsts = [_play_hand(KNOCK, ("greedy",) * 3, 8, i).hands[0].first for i in range(6)]
    assert firsts == [1, 2, 0, 1, 2, 0]


def test_progress_is_reported_per_chunk() -> None:
    seen: list[tuple[int, int]] = []
    simulate(KNOCK, games=13, players=2, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (13, 13)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def _always_first(variant: rk.Variant, seed: int) -> object:
    return lambda view: view.legal[0]


def test_custom_bot_factories() -> None:
    r = simulate(KNOCK, games=4, players=2, bots=[_always_first, "greedy"], seed=1)
    assert r.bots == ("_always_first", "greedy")
    check_sums(r)


# --------------------------------------------------------------------------- statistics


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(60, 100)
    assert lo == pytest.approx(0.50199, abs=1e-4) and hi == pytest.approx(0.69061, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    for k, n in [(0, 1), (1, 1), (3, 7), (50, 100), (999, 1000)]:
        lo, hi = wilson_interval(k, n)
        assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_first_player_advantage() -> None:
    a = FirstPlayerAdvantage.of(70, 100, 2)
    assert a.rate == 0.7 and a.advantage is not None and a.advantage == pytest.approx(0.2)
    assert a.low <= a.advantage <= a.high and a.significant
    b = FirstPlayerAdvantage.of(34, 100, 3)
    assert not b.significant and b.low < 0 < b.high
    assert b.method == "wilson"


def test_distribution() -> None:
    d = Distribution.of([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    assert (d.mean, d.median, d.p90, d.min, d.max) == (5.5, 5.5, 9.0, 1.0, 10.0)
    assert d.stdev == pytest.approx(3.02765, abs=1e-4)
    assert Distribution.of([4]).stdev == 0.0
    assert Distribution.of([]).count == 0


# --------------------------------------------------------------------------- JSON, table, comparing


def test_json_round_trip() -> None:
    for r in (
        simulate(KNOCK, games=6, players=3, bots="greedy,random", seed=5),
        simulate(GIN, games=2, players=2, seed=5, match=True),
    ):
        text = json.dumps(r.to_json())
        back = SimulationReport.from_json(json.loads(text))
        assert back == r
        assert back.table() == r.table()


def test_from_json_refuses_other_documents() -> None:
    with pytest.raises(rk.RummyError, match="not a rummykit simulation report"):
        SimulationReport.from_json({"format": "something-else"})


def test_table_sections() -> None:
    r = simulate(GIN, games=10, players=2, bots="random,greedy", seed=1)
    text = r.table()
    for heading in (
        "Simulation of gin (Gin Rummy): 10 hands, 2 players, seed 1",
        "Bots: seat 0 random, seat 1 greedy",
        "Wins by seat",
        "Hand length in turns: mean",
        "Score per hand by seat",
        "How hands end",
        "First-player advantage",
        "Wilson score interval",
        "Turn limit: no hand stopped at the turn limit",
    ):
        assert heading in text


@pytest.mark.parametrize("games", [4, pytest.param(12, marks=pytest.mark.slow)])
def test_comparing_two_rulesets(games: int) -> None:
    """One meld per turn (straight) against any number of melds per turn."""
    one = simulate(STRAIGHT, games=games, players=2, bots="random", seed=3)
    anym = simulate(ANY_MELDS, games=games, players=2, bots="random", seed=3)
    check_sums(one)
    check_sums(anym)
    # the same deals, other rules: the games differ
    assert one.turns != anym.turns or one.scores != anym.scores
    text = compare_table(one, anym)
    lines = text.splitlines()
    assert lines[0].split() == ["metric", "straight", "straight-any-melds"]
    assert any(line.startswith("turns per hand, mean") for line in lines)
    assert any(line.startswith("first-player advantage") for line in lines)


# --------------------------------------------------------------------------- bad input


def test_bad_input_is_refused() -> None:
    with pytest.raises(rk.RummyError, match="gin is played by 2 to 2 players, not 3"):
        simulate(GIN, games=2, players=3)
    with pytest.raises(ValueError, match="games must be at least 1"):
        simulate(GIN, games=0, players=2)
    with pytest.raises(ValueError, match="unknown bot 'smart'"):
        simulate(GIN, games=1, players=2, bots="smart")
    with pytest.raises(ValueError, match="jobs"):
        simulate(GIN, games=1, players=2, jobs=-1)


def test_seat_bots_cycle() -> None:
    assert seat_bots(("greedy",), 3) == ("greedy", "greedy", "greedy")
    assert seat_bots("random, greedy", 4) == ("random", "greedy", "random", "greedy")
    with pytest.raises(ValueError, match="no bots"):
        seat_bots("", 2)
