"""Required runs through the component solver (:mod:`rummykit.melds.required_runs`).

Indian rummy counts a loser's hand by its ungrouped cards only when its
melds hold "two sequences including a pure one" (the declaration rule of
``variants/indian.toml``); ``best_arrangement(..., min_runs=2,
min_pure_runs=1)`` answers that, and where the component solver applies it
answers by choosing the required runs and solving the rest. It must agree
with the general search (itself held to plain enumeration in
``test_melds_solver.py``): the same least value, ``None`` for the same
hands, and an arrangement that is what it says (melds that are melds,
every card once, the runs required).
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.melds.components import comp_tables
from rummykit.melds.general_search import search
from rummykit.melds.meld import MeldKind
from rummykit.melds.solver import SCALE
from rummykit.melds.tables import rules_for

INDIAN = rk.load_variant("indian")
SHOE = list(INDIAN.deck.shoe(2))  # two decks and their printed jokers


@st.composite
def indian_hands(draw: st.DrawFn) -> tuple[list[rk.Card], frozenset[rk.Rank]]:
    """Up to 14 cards of the two-deck shoe, often built around runs (so
    that the requirement is met as often as not), and a cut wild rank."""
    cards: list[rk.Card] = []
    for _ in range(draw(st.integers(0, 3))):
        suit = draw(st.integers(0, 3))
        low = draw(st.integers(0, 10))
        length = draw(st.integers(2, 5))
        cards += [rk.Card.from_code(suit * 13 + (low + i) % 13) for i in range(length)]
    cards += draw(st.lists(st.sampled_from(SHOE), max_size=14))
    cards += [rk.Card.joker()] * draw(st.integers(0, 2))
    cards = cards[:14]
    # at most two copies of a card and four printed jokers, as the shoe holds
    seen: Counter[rk.Card] = Counter()
    hand = []
    for c in cards:
        if seen[c] < (4 if c.is_joker else 2):
            seen[c] += 1
            hand.append(c)
    cut = draw(st.one_of(st.none(), st.sampled_from(list(rk.Rank))))
    return sorted(hand), frozenset() if cut is None else frozenset({cut})


def _check(hand: list[rk.Card], wild: frozenset[rk.Rank], runs: int, pure: int) -> None:
    rules = rules_for(INDIAN, wild)
    assert comp_tables(rules) is not None  # the fast path is the one under test
    ref = search(rules, [c.code for c in hand], min_runs=runs, min_pure=pure, want_plan=False)
    arr = rk.best_arrangement(INDIAN, hand, wild_ranks=wild, min_runs=runs, min_pure_runs=pure)
    value = rk.min_deadwood(INDIAN, hand, wild_ranks=wild, min_runs=runs, min_pure_runs=pure)
    if ref is None:
        assert arr is None and value is None
        return
    assert arr is not None
    assert arr.deadwood_value == ref[0] // SCALE == value
    assert Counter(arr.cards) == Counter(hand)
    for m in arr.melds:
        assert rk.classify_meld(INDIAN, m.cards, wild_ranks=wild) is not None, str(m)
    assert arr.deadwood_value == rk.hand_value(INDIAN, arr.deadwood, wild_ranks=wild)
    in_runs = [m for m in arr.melds if m.kind is MeldKind.RUN]
    assert len(in_runs) >= runs
    assert sum(m.is_pure for m in in_runs) >= pure


@settings(max_examples=30)
@given(indian_hands())
def test_two_sequences_one_pure_as_the_search_finds(hw: tuple[list[rk.Card], frozenset[rk.Rank]]) -> None:
    _check(*hw, 2, 1)


@settings(max_examples=25)
@given(indian_hands(), st.integers(0, 3), st.integers(0, 2))
def test_other_requirements_as_the_search_finds(
    hw: tuple[list[rk.Card], frozenset[rk.Rank]], runs: int, pure: int
) -> None:
    _check(*hw, runs, pure)


def test_no_pure_sequence_means_no_arrangement() -> None:
    """A hand with sequences only through wilds has no arrangement that
    meets the rule, as ``settle`` then counts every card."""
    hand = rk.parse_cards("3H 4H JK 7S 8S JK KD KC 2D 9C")
    assert rk.best_arrangement(INDIAN, hand, min_runs=2, min_pure_runs=1) is None
    assert rk.min_deadwood(INDIAN, hand, min_runs=2, min_pure_runs=1) is None
    two = rk.best_arrangement(INDIAN, hand, min_runs=2)  # impure runs are enough here
    assert two is not None and two.deadwood_value == 10 + 10 + 2 + 9


def test_a_wild_rank_card_standing_for_itself_makes_a_pure_sequence() -> None:
    """With nines wild, 8H 9H TH is a pure sequence (the nine is itself)."""
    hand = rk.parse_cards("8H 9H TH 4S 5S JK KD")
    arr = rk.best_arrangement(INDIAN, hand, wild_ranks=frozenset({rk.Rank.NINE}), min_runs=2, min_pure_runs=1)
    assert arr is not None and arr.deadwood_value == 10
    assert any(m.is_pure and rk.Card.parse("9H") in m.cards for m in arr.melds)
