"""The public meld reader in the Canasta family agrees with the engine.

``classify_meld``, ``meld_options`` and ``best_arrangement`` answer what a
side may meld: the same rules the engine applies to a meld laid down
(:mod:`rummykit.engine.side_melds`). The reference here is the engine's own
check of one new meld (a side with no melds, the play going out, so black
threes may meld), and a plain enumeration of every split of a small hand
into such melds (one meld of a rank per side where ``melds.one_per_rank``
says so). The rules behind them, cited in each variant's file:

* a meld of one rank holds at least two natural cards, twos and jokers are
  always wild in it ([S80] Canasta: "All the Jokers and twos are wild
  cards"; [S110]: "you must always have a natural pair included in each
  meld");
* red threes are never melded, black threes only three or four together
  without wilds, in going out ([S80], [S109]); Hand and Foot never melds
  threes ([S103]: "A set of all threes is not allowed");
* Samba's sequences are natural cards from four to ace ([S87]: "ace high,
  four low"; "no sequence meld may contain any wild card");
* Buraco's sequences take one wild card, a two natural in its own place
  ([S93], [S99]); no two melds of one rank ("Non si possono calare due
  combinazioni uguali", eBurraco).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.engine.side_melds import group_reason, rank_of
from rummykit.engine.side_runs import looks_like_run, run_reason
from rummykit.rules.canasta import CanastaMelds

FAMILY = ["canasta", "samba", "buraco", "hand-and-foot"]

RANKS = ["A", "2", "3", "4", "5", "6", "7", "K"]
SUITS = "CDHS"


@functools.cache
def _setup(name: str) -> tuple[rk.Variant, rk.Hand]:
    v = rk.load_variant(name)
    return v, rk.new_hand(v, seed=1)


def engine_ok(name: str, cards: Sequence[rk.Card]) -> bool:
    """Whether the engine accepts ``cards`` as one new meld (going out)."""
    _, h = _setup(name)
    if looks_like_run(h, cards):
        return run_reason(h, cards) is None
    return group_reason(h, 0, cards, ranks_taken=set(), out=True) is None


def _card(text: str) -> rk.Card:
    return rk.parse_card(text)


cards_st = st.one_of(
    st.builds(lambda r, s: _card(r + s), st.sampled_from(RANKS), st.sampled_from(SUITS)),
    st.just(_card("JK")),
)


@pytest.mark.parametrize("name", FAMILY)
@pytest.mark.parametrize(
    "text",
    [
        "2C 2C 2D",  # wild cards alone are no meld of twos
        "2C 2D JK 2S 2H 2H 2D",
        "3H 3H 3D",  # red threes
        "3C 3C 3S",  # black threes (not in Hand and Foot)
        "3C 3C 2D",  # black threes never with a wild
        "AC AC 2D",
        "AC AC AC 2D 2D 2D",
        "4H 5H 6H",
        "3H 4H 5H",
        "2H 3H 4H",
        "JH QH KH AH",
        "4H 5H 2H",
    ],
)
def test_classify_agrees_with_the_engine(name: str, text: str) -> None:
    v, _ = _setup(name)
    cards = rk.parse_cards(text)
    assert (rk.classify_meld(v, cards) is not None) == engine_ok(name, cards), text
    assert bool(rk.meld_options(v, cards)) == engine_ok(name, cards), text


@pytest.mark.parametrize("name", FAMILY)
@settings(max_examples=150, deadline=None)
@given(group=st.lists(cards_st, min_size=3, max_size=7))
def test_random_groups_agree_with_the_engine(name: str, group: list[rk.Card]) -> None:
    v, _ = _setup(name)
    assert (rk.classify_meld(v, group) is not None) == engine_ok(name, group), group


def _reference(name: str, hand: Sequence[rk.Card]) -> tuple[int, int]:
    """(least deadwood value, fewest deadwood cards) over every split of
    ``hand`` into melds the engine accepts."""
    v, h = _setup(name)
    one_per_rank = getattr(v.melds, "one_per_rank", False)
    cards = tuple(sorted(hand))
    value = [rk.card_value(v, c) for c in cards]

    @functools.cache
    def best(left: frozenset[int], ranks: frozenset[rk.Rank]) -> tuple[int, int]:
        if not left:
            return (0, 0)
        first = min(left)
        rest = sorted(left - {first})
        v0, n0 = best(frozenset(rest), ranks)
        found = (v0 + value[first], n0 + 1)
        for mask in range(1, 1 << len(rest)):
            members = [first, *(rest[i] for i in range(len(rest)) if mask >> i & 1)]
            if len(members) < 3:
                continue
            group = [cards[i] for i in members]
            if not engine_ok(name, group):
                continue
            rank = None if looks_like_run(h, group) else rank_of(h, group)
            if one_per_rank and rank is not None and rank in ranks:
                continue
            taken = ranks | {rank} if rank is not None else ranks
            found = min(found, best(left - set(members), taken))
        return found

    return best(frozenset(range(len(cards))), frozenset())


def _check(name: str, hand: list[rk.Card]) -> None:
    v, h = _setup(name)
    got = rk.best_arrangement(v, hand)
    assert got is not None
    for meld in got.melds:
        assert engine_ok(name, meld.cards), (hand, str(meld))
    if getattr(v.melds, "one_per_rank", False):
        ranks = [rank_of(h, m.cards) for m in got.melds if not looks_like_run(h, m.cards)]
        ranks = [r for r in ranks if r is not None]
        assert len(ranks) == len(set(ranks)), (hand, [str(m) for m in got.melds])
    used = sorted([c for m in got.melds for c in m.cards] + list(got.deadwood))
    assert used == sorted(hand)
    assert (got.deadwood_value, len(got.deadwood)) == _reference(name, hand), (hand, str(got))
    assert rk.min_deadwood(v, hand) == got.deadwood_value


@pytest.mark.parametrize("name", FAMILY)
@pytest.mark.parametrize(
    "text",
    [
        "2C 2C 2D 2H 7C 9D",  # twos are no meld of their own
        "3H 3D 3H 7C 7D 7S",  # red threes stay deadwood
        "3C 3S 3C 3S 3C 2D",  # black threes meld without the wild
        "AC AC AD 2C 2D 2H AH AS AS 2S 2H 2C",  # one meld of aces: at most three wilds
        "4S 5S 6S 7S 2S",  # Samba: no wild in a run; Buraco: one
        "AH 2H 3H 4H",
    ],
)
def test_best_arrangement_cases(name: str, text: str) -> None:
    hand = rk.parse_cards(text)
    if len(hand) > 9:
        v, _ = _setup(name)
        got = rk.best_arrangement(v, hand)
        assert got is not None
        for meld in got.melds:
            assert engine_ok(name, meld.cards), (text, str(meld))
        return
    _check(name, hand)


@pytest.mark.parametrize("name", FAMILY)
@settings(max_examples=60, deadline=None)
@given(hand=st.lists(cards_st, min_size=3, max_size=8))
def test_best_arrangement_is_the_engines_best(name: str, hand: list[rk.Card]) -> None:
    _check(name, hand)


class _SpadeThrees(CanastaMelds):
    """A house rule asked card by card: only the threes of spades meld alone
    (three or four, no wild); the threes of clubs are an ordinary rank."""

    def black_three(self, card: rk.Card) -> bool:
        return super().black_three(card) and card.suit is rk.Suit.SPADES

    def never_melded(self, card: rk.Card) -> bool:
        return self.red_three(card)


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("3S 3S 3C", False),  # a spade three melds with its like only
        ("3C 3C 2D", True),  # clubs threes like any rank
        ("3C 3C 3S", False),
        ("3C 3C 3C 2D", True),
    ],
)
def test_the_engine_asks_each_card(text: str, ok: bool) -> None:
    v = attrs.evolve(rk.load_variant("canasta"), melds=_SpadeThrees())
    h = rk.new_hand(v, seed=1)
    cards = rk.parse_cards(text)
    assert (group_reason(h, 0, cards, ranks_taken=set(), out=True) is None) is ok
    assert (rk.classify_meld(v, cards) is not None) is ok
