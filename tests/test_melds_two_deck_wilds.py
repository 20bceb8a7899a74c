"""Sets with two decks and wilds (issue 15): where a set's suits may repeat
(Kalooki, Double Rum), a wild may stand for any card of the set's rank, so a
player holding that card can take the wild back; where suits must differ
(Rommé, Indian), only a missing suit."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.melds.classify import first_reading, interpretations
from rummykit.melds.meld import MeldKind
from rummykit.melds.tables import rules_for

KALOOKI = rk.load_variant("kalooki")
DOUBLE_RUM = rk.load_variant("double-rum")
ROMME = rk.load_variant("romme")
INDIAN = rk.load_variant("indian")

REPEATING = [KALOOKI, DOUBLE_RUM]


@pytest.mark.parametrize("v", REPEATING, ids=lambda v: v.name)
@pytest.mark.parametrize("suit", "CDHS")
def test_a_set_wild_stands_for_any_suit_where_suits_may_repeat(v: rk.Variant, suit: str) -> None:
    """Kalooki (rules: sets "duplicates allowed with two decks"), Double Rum
    ("sets may hold identical cards"): JK in 7H 7S JK may be any seven,
    including 7D (the issue's reproducer) and a repeated 7H."""
    meld = rk.classify_meld(v, rk.Meld.parse(f"7H 7S JK=7{suit}"))
    assert meld is not None and meld.kind is MeldKind.SET
    assert rk.Card.parse(f"7{suit}") in meld.represents
    # the canonical reading is unchanged: the lowest missing suit
    assert str(rk.classify_meld(v, rk.parse_cards("7H 7S JK"))) == "JK=7C 7H 7S"
    assert str(rk.classify_meld(v, rk.parse_cards("7C 7H JK"))) == "7C JK=7D 7H"


def test_distinct_suits_still_refuse_a_repeated_suit_romme_indian() -> None:
    """Rommé, Indian ([S3]: "a valid set however, should not contain two or
    more cards of the same suit"): the wild stands only for a missing suit."""
    for v in (ROMME, INDIAN):
        assert rk.classify_meld(v, rk.Meld.parse("7H 7S JK=7D")) is not None
        assert rk.classify_meld(v, rk.Meld.parse("7H 7S JK=7H")) is None


@pytest.mark.parametrize("v", REPEATING, ids=lambda v: v.name)
def test_meld_options_list_every_suit_a_set_wild_may_take(v: rk.Variant) -> None:
    """Every reading is listed once: two identical jokers give one reading
    per multiset of suits (10 for two jokers), plus the runs."""
    sets = [m for m in rk.meld_options(v, rk.parse_cards("7H JK JK")) if m.kind is MeldKind.SET]
    assert len(sets) == 10
    assert len({(m.cards, m.represents) for m in sets}) == 10


@pytest.mark.parametrize("v", REPEATING, ids=lambda v: v.name)
def test_lay_off_on_a_set_whose_wild_stands_for_a_repeated_suit(v: rk.Variant) -> None:
    """Lay-offs keep the wild where it stands (7D laid on 7H 7S JK=7D: the
    joker stays 7D, suits may repeat), and a joker laid on a set may stand for
    any seven."""
    out = rk.layoff_options(v, rk.Meld.parse("7H 7S JK=7D"), rk.Card.parse("7D"))
    assert [str(m) for m in out] == ["7D JK=7D 7H 7S"]
    jokers = rk.layoff_options(v, rk.Meld.parse("7D 7H 7S"), rk.Card.joker())
    assert {m.wilds[0][1] for m in jokers} == set(rk.parse_cards("7C 7D 7H 7S"))


@pytest.mark.parametrize("v", [*REPEATING, ROMME, INDIAN], ids=lambda v: v.name)
@settings(max_examples=40, deadline=None)
@given(
    rank=st.integers(1, 13),
    naturals=st.lists(st.integers(0, 3), min_size=1, max_size=3),
    jokers=st.integers(1, 2),
    pins=st.lists(st.integers(0, 3), min_size=2, max_size=2),
)
def test_every_allowed_set_reading_classifies_and_is_listed(
    v: rk.Variant, rank: int, naturals: list[int], jokers: int, pins: list[int]
) -> None:
    """Invariant: a wild pinned to any card the set's rules allow classifies
    (and is among ``meld_options``); the canonical reading is the first one,
    through the fast path and the full list alike."""
    rules = rules_for(v)
    codes = [s * 13 + rank - 1 for s in naturals]
    reps = codes + [s * 13 + rank - 1 for s in pins[:jokers]]
    cards = codes + [52] * jokers
    suits = [r // 13 for r in reps]
    allowed = rules.set_size_ok(len(reps)) and (not rules.distinct or len(set(suits)) == len(suits))
    allowed = allowed and rules.wilds_ok(jokers, len(codes))
    meld = rk.Meld(
        MeldKind.SET, tuple(rk.Card.from_code(c) for c in cards), tuple(rk.Card.from_code(r) for r in reps)
    )
    got = rk.classify_meld(v, meld)
    assert (got is not None) == allowed
    options = interpretations(rules, tuple(sorted(cards)))
    if options:
        assert first_reading(rules, tuple(sorted(cards))) == options[0]


def test_readings_of_two_deck_runs_with_duplicates_kalooki() -> None:
    """Runs in two decks: a duplicate natural card is never in one run, and
    two jokers stand in distinct places."""
    assert rk.classify_meld(KALOOKI, rk.parse_cards("7H 7H 8H")) is None
    for a, b in itertools.permutations(("6H", "9H")):
        meld = rk.classify_meld(KALOOKI, rk.Meld.parse(f"JK={a} 7H 8H JK={b}"))
        assert meld is not None and meld.kind is MeldKind.RUN


def test_engine_swap_takes_a_set_joker_with_any_allowed_card_kalooki_s002() -> None:
    """[S2] (Kalooki): "the player may replace a Joker in any other meld on
    the table with the natural card it represents". In 9S 9D JK the joker is
    a nine (suits may repeat): seat 0 holding 9H takes it back, although the
    set was laid down unpinned (read JK=9C)."""
    seat0 = "8H KC KH KS QC QH QS 2C 3D 4H 5S 6C 7D 9H TS"
    seat1 = "JD QD KD AD 5H 6H 7H JK 2S 3S 9S 9D 4C 4D QD"
    h = rk.new_hand(KALOOKI, players=2, dealer=0, hands=[seat0, seat1], discard="2H", stock="9C 3C 9D 6D")
    h.apply("draw")  # seat 1: 9C
    h.apply("meld JD QD KD AD + 9S 9D JK")
    h.apply("discard 9C")
    assert str(h.table[1].meld) == "JK=9C 9D 9S"
    h.apply("draw")  # seat 0: 3C
    assert h.is_legal("swap 9H on 2")
    h.apply("swap 9H on 2")
    assert str(h.table[1].meld) == "9D 9H 9S" and rk.Card.joker() in h.hand_of(0)
