"""Requests the meld search cannot take (issue 47: internal ``ValueError``\\s
left in the solver). A caller's wrong required-run counts and a hand with
more wild cards than the search keeps are ``ArgumentError``\\s naming the
argument; more required runs than the hand can hold is simply no answer; the
component solver's own limit is an assertion (its one caller routes the rest
elsewhere)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import rummykit as rk
from rummykit.melds import best_discard, deadwood_cards, discard_deadwoods
from rummykit.melds.tables import MAXK

INDIAN = rk.load_variant("indian")
HAND = rk.parse_cards("AC 2C 3C 4C 4D 4H 9S TS JS KD")
SOLVERS = [rk.best_arrangement, rk.min_deadwood]


@pytest.mark.parametrize("solve", SOLVERS, ids=lambda f: f.__name__)
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"min_runs": -1}, "min_runs cannot be negative, got -1"),
        ({"min_pure_runs": -2}, "min_pure_runs cannot be negative, got -2"),
        ({"min_runs": 2.5}, "min_runs must be a whole number, got 2.5"),
        ({"min_runs": "2"}, "min_runs must be a whole number, got '2'"),
        ({"min_runs": True}, "min_runs must be a whole number, got True"),
    ],
)
def test_wrong_required_runs_are_argument_errors(
    solve: Callable[..., object], kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(rk.ArgumentError, match=f"^{getattr(solve, '__name__', '')}: {message}$"):
        solve(INDIAN, HAND, **kwargs)


@pytest.mark.parametrize("solve", SOLVERS, ids=lambda f: f.__name__)
def test_more_required_runs_than_the_hand_holds_is_no_answer(solve: Callable[..., object]) -> None:
    # before: ValueError "too many wild cards or required runs for the meld search"
    assert solve(INDIAN, HAND, min_runs=20) is None
    assert solve(INDIAN, HAND, min_runs=16, min_pure_runs=16) is None


def test_more_required_runs_than_the_search_keeps_in_a_giant_hand() -> None:
    two_decks = [rk.Card.from_code(c) for c in range(52)] * 2
    with pytest.raises(rk.ArgumentError, match="17 required runs, more than the 15"):
        rk.best_arrangement(INDIAN, two_decks, min_runs=17)


@pytest.mark.parametrize(
    "solve",
    [rk.best_arrangement, rk.min_deadwood, deadwood_cards, best_discard, discard_deadwoods],
    ids=lambda f: f.__name__,
)
def test_more_wild_cards_than_the_search_keeps(solve: Callable[..., object]) -> None:
    # before: IndexError from the search's tables
    jokers = [rk.Card.joker()] * (MAXK + 1)
    with pytest.raises(rk.ArgumentError, match=f"cards: {MAXK + 1} wild cards in one hand"):
        solve(INDIAN, jokers + list(HAND))
    assert solve(INDIAN, [rk.Card.joker()] * 6 + list(HAND)) is not None  # a few are fine
