"""Declarations: showing the whole hand at once, checked with reasons."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit as rk
from oracles.reference import reference_declaration

INDIAN = rk.load_variant("indian")
CONTINENTAL = rk.load_variant("continental")
NOWRANG = rk.load_variant("nowrang")
NINES = frozenset({rk.Rank.NINE})


def groups(*texts: str) -> list[tuple[rk.Card, ...]]:
    return [rk.parse_cards(t) for t in texts]


# --------------------------------------------------------------------------- Indian [S3]


def test_s003_valid_declaration_example_1() -> None:
    """[S3] "Examples of valid declarations", example 1: "all 13 cards have been
    used to form two valid sequences and two valid sets. Also, there is at
    least one Pure sequence."""
    shown = groups("AD 2D 3D 4D", "5S 6S 7S", "9D 9S 9C", "QS QD QC")
    assert rk.check_declaration(INDIAN, shown) == []
    assert rk.check_declaration(INDIAN, shown, deadwood=rk.parse_cards("KH")) == []  # the finish-slot card


def test_s003_example_2_is_contested() -> None:
    """[S3] example 2 calls "Jack♣ 7♥ Jack♥ - Valid sequence 2 where 7♥ is the
    wild joker"; two jacks of different suits and a joker are a *set*, so the
    hand has one sequence and fails [S3]'s own rule (a contested case:
    [S3] calls it valid)."""
    sevens = frozenset({rk.Rank.SEVEN})
    shown = groups("3H 4H 5H 6H", "JC 7H JH", "QS QD QC", "9S 9H 9C")
    assert rk.check_declaration(INDIAN, shown, wild_ranks=sevens) == [
        "needs at least 2 runs (sequences), has 1"
    ]


def test_s003_invalid_declaration_only_one_sequence() -> None:
    """[S3] "Invalid or wrong declarations", example 1 (9♥ is the wild joker):
    "all the sequences and sets are valid, however, there is only one sequence"."""
    shown = groups("AH 2H 3H 4H", "5C 5S 9H", "6D 6S 9H", "7D 7C 7H")
    assert rk.check_declaration(INDIAN, shown, wild_ranks=NINES) == [
        "needs at least 2 runs (sequences), has 1"
    ]


def test_s003_invalid_declaration_duplicate_card_in_set() -> None:
    """[S3] invalid example 2: "7♥ has been used twice to form an invalid set"."""
    shown = groups("AC 2C 3C 4C", "5C 6C 7C", "7H 7D 7H")
    assert rk.check_declaration(INDIAN, shown) == ["group 3 (7H 7D 7H): a set needs cards of different suits"]


def test_indian_pure_sequence_required() -> None:
    """[S3]: "A valid declaration or show should consist of two sequences (of
    which one must be pure)"."""
    shown = groups("3H JK 5H", "9S TS JK", "KD KC KS", "2C 2D 2H 2S")
    assert rk.check_declaration(INDIAN, shown) == [
        "needs at least 1 pure run (no wild card standing in), has 0"
    ]


def test_indian_all_cards_grouped() -> None:
    shown = groups("AD 2D 3D 4D", "5S 6S 7S", "9D 9S 9C")
    reasons = rk.check_declaration(INDIAN, shown, deadwood=rk.parse_cards("QS QD"))
    assert reasons == ["2 cards left out of the melds (QS QD); at most 1 may be left (the final discard)"]


def test_indian_best_declaration_finds_the_show() -> None:
    hand = rk.parse_cards("AD 2D 3D 4D 5S 6S 7S 9D 9S 9C QS QD QC KH")
    a = rk.best_declaration(INDIAN, hand, leave_one=True)
    assert a is not None and a.deadwood == (rk.Card.parse("KH"),)
    assert rk.check_declaration(INDIAN, a.melds, deadwood=a.deadwood) == []
    assert rk.best_declaration(INDIAN, hand[:13]) is not None
    assert rk.best_declaration(INDIAN, rk.parse_cards("AD 2D 3D 9D 9S 9C QS QD QC 5H 6H 7H 8C")) is None


# --------------------------------------------------------------------------- Continental


def test_s002_continental_patterns() -> None:
    """[S2]: the melds "must fit into one of the following patterns: One five card
    sequence, one four card sequence, and two three card sequences; Three four
    card sequences and one three card sequence; Five three card sequences"."""
    ok = ["AH 2H 3H 4H 5H", "6H 7H 8H 9H", "9S TS JS", "4C 5C 6C"]
    assert rk.check_declaration(CONTINENTAL, ok) == []
    assert rk.check_declaration(CONTINENTAL, ["AH 2H 3H 4H", "6H 7H 8H 9H", "9S TS JS QS", "4C 5C 6C"]) == []
    five_threes = ["AH 2H 3H", "6H 7H 8H", "9S TS JS", "4C 5C 6C", "JD QD KD"]
    assert rk.check_declaration(CONTINENTAL, five_threes) == []
    bad = ["AH 2H 3H 4H 5H", "6H 7H 8H 9H TH", "9S TS JS QS KS"]
    assert rk.check_declaration(CONTINENTAL, bad) == [
        "meld sizes 5+5+5 fit none of the patterns 5+4+3+3, 4+4+4+3, 3+3+3+3+3"
    ]


def test_s002_continental_runs_only() -> None:
    """[S2]: "Sequences are the only legal meld types, with groups not permissible"."""
    reasons = rk.check_declaration(CONTINENTAL, ["AH 2H 3H 4H 5H", "6H 7H 8H 9H", "9S TS JS", "4C 4D 4S"])
    assert reasons == ["group 4 (4C 4D 4S): sets are not melds in this variant"]


def test_continental_best_declaration_cuts_long_runs() -> None:
    """A longer run may be cut into legal pieces (Continental [S2, S53])."""
    hand = rk.parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 9S TS JS 4C 5C 6C KD")
    a = rk.best_declaration(CONTINENTAL, hand, leave_one=True)
    assert a is not None and a.deadwood == (rk.Card.parse("KD"),)
    assert sorted(len(m) for m in a.melds) in ([3, 3, 4, 5], [3, 4, 4, 4])
    with_jokers = rk.parse_cards("AH 2H JK 4H 5H 6H 7H 8H 9H 9S TS JS 4C JK 6C KD")
    b = rk.best_declaration(CONTINENTAL, with_jokers, leave_one=True)
    assert b is not None and b.deadwood == (rk.Card.parse("KD"),)


# --------------------------------------------------------------------------- Nowrang


def test_s002_nowrang_garwanj_and_two_threes() -> None:
    """[S2] (Nowrang): "one such sequence consisting of four cards (called a
    garwanj) and two additional sequences consisting of three cards each";
    "melds of equally ranked cards are not recognized"; the ace is high."""
    assert rk.check_declaration(NOWRANG, ["TH JH QH KH", "QS KS AS", "2C 3C 4C"]) == []
    assert rk.check_declaration(NOWRANG, ["TH JH QH KH", "AS 2S 3S", "2C 3C 4C"]) == [
        "group 2 (AS 2S 3S): the cards are not in sequence under the ace rule",
        "needs at least 3 runs (sequences), has 2",
    ]
    assert rk.check_declaration(NOWRANG, ["TH JH QH", "QS KS AS", "2C 3C 4C"]) == [
        "meld sizes 3+3+3 fit none of the patterns 4+3+3"
    ]
    a = rk.best_declaration(NOWRANG, rk.parse_cards("2H 3H 4H 5H 6H 7H 8H JS QS KS KD"), leave_one=True)
    assert a is not None and sorted(len(m) for m in a.melds) == [3, 3, 4]


# --------------------------------------------------------------------------- all at once


def test_s002_queen_city_whole_hand_or_all_but_one() -> None:
    """[S2] (Queen City): "The player may meld his entire hand or all but one
    card which he discards."""
    qc = rk.load_variant("queen-city")
    assert rk.check_declaration(qc, ["7C 7D 7H", "2S 3S 4S 5S"]) == []
    assert rk.check_declaration(qc, ["7C 7D 7H", "2S 3S 4S"], deadwood=rk.parse_cards("KD")) == []
    assert rk.check_declaration(qc, ["7C 7D 7H", "2S 3S 4S"], deadwood=rk.parse_cards("KD QD")) != []
    a = rk.best_declaration(qc, rk.parse_cards("7C 7D 7H 2S 3S 4S 5S KD"), leave_one=True)
    assert a is not None and a.deadwood == (rk.Card.parse("KD"),)
    assert rk.best_declaration(qc, rk.parse_cards("7C 7D 7H 2S 3S 4S 5S KD")) is None


def test_phom_u_every_card_melded() -> None:
    """[S2] (Phỏm): ù means every card in melds, with or without a discard."""
    phom = rk.load_variant("phom")
    hand = rk.parse_cards("AC 2C 3C 5D 5H 5S 9H TH JH QH")
    a = rk.best_declaration(phom, hand)
    assert a is not None and a.deadwood == ()
    assert rk.best_declaration(phom, hand[:9] + rk.parse_cards("KS"), leave_one=True) is not None


def test_declaration_groups_as_melds_pin_wilds() -> None:
    v = rk.load_variant("kalooki")
    assert rk.check_declaration(v, [rk.Meld.parse("7H 8H JK=9H"), "QC QD QS"]) == []
    assert rk.check_declaration(v, ["7H 8H JK=TH"]) == [
        "group 1 (7H 8H JK): the wild cards cannot stand for the cards given"
    ]


# --------------------------------------------------------------------------- brute force


DECLARE = {
    "indian-like": rk.loads_variant(
        'extends = "indian"\n[variant]\nname = "il"\n[going_out]\nmin_runs = 1\nmin_pure_runs = 1'
    ),
    # small patterns, which a variant file would refuse for its hand size
    "patterns": attrs.evolve(
        CONTINENTAL,
        deck=rk.rules.StandardDeck(jokers_per_deck=1, wild_ranks=(rk.Rank.TWO,)),
        going_out=rk.rules.Declare(patterns=("3+3", "4+3", "5"), leave_one=True),
    ),
    "all-melded": rk.loads_variant('extends = "double-rum"\n[variant]\nname = "am"'),
    "runs-pure": rk.loads_variant(
        'extends = "romme"\n[variant]\nname = "rp"\n[going_out]\nkind = "declare"\nmin_runs = 2\nmin_pure_runs = 1'
    ),
}


@st.composite
def built_meld(draw: st.DrawFn) -> list[rk.Card]:
    """A run or a set, sometimes with a joker in place of a card."""
    if draw(st.booleans()):
        suit = draw(st.sampled_from(list(rk.Suit)))
        length = draw(st.integers(min_value=3, max_value=5))
        start = draw(st.integers(min_value=1, max_value=14 - length))
        cards = [rk.Card(rk.Rank(r), suit) for r in range(start, start + length)]
    else:
        rank = draw(st.sampled_from(list(rk.Rank)))
        suits = draw(st.lists(st.sampled_from(list(rk.Suit)), min_size=3, max_size=4, unique=True))
        cards = [rk.Card(rank, s) for s in suits]
    if draw(st.integers(0, 3)) == 0:
        cards[draw(st.integers(0, len(cards) - 1))] = rk.Card.joker()
    return cards


@st.composite
def declaration_cases(draw: st.DrawFn) -> tuple[rk.Variant, tuple[rk.Card, ...], bool, frozenset[rk.Rank]]:
    v = DECLARE[draw(st.sampled_from(sorted(DECLARE)))]
    leave = draw(st.booleans())
    how = draw(st.sampled_from(["built", "melded", "random"]))
    if how == "built":
        # built from melds: sometimes a valid declaration
        cards = [c for m in draw(st.lists(built_meld(), min_size=1, max_size=2)) for c in m]
        if leave:
            cards.append(draw(st.sampled_from([rk.Card.from_code(c) for c in range(53)])))
    elif how == "melded":
        # the melded cards of a random hand's best arrangement: a complete hand
        low = draw(st.integers(min_value=1, max_value=9))
        block = [rk.Card.from_code(c) for c in range(52) if low <= c % 13 + 1 <= low + 4]
        hand = draw(st.lists(st.sampled_from([*block, rk.Card.joker()]), min_size=6, max_size=10))
        if max(Counter(hand).values()) > 2:
            hand = sorted(set(hand))
        arrangement = rk.best_arrangement(v, hand)
        assert arrangement is not None
        cards = list(arrangement.melded_cards)
        if leave and arrangement.deadwood:
            cards.append(arrangement.deadwood[0])
    else:
        size = draw(st.sampled_from([3, 4, 5, 6, 6, 7, 7, 8]))
        low = draw(st.integers(min_value=1, max_value=9))
        block = [rk.Card.from_code(c) for c in range(52) if low <= c % 13 + 1 <= low + 4]
        cards = draw(st.lists(st.sampled_from([*block, rk.Card.joker()]), min_size=size, max_size=size))
    if cards and max(Counter(cards).values()) > 2:
        cards = sorted(set(cards))
    wild = (
        frozenset({draw(st.sampled_from(list(rk.Rank)))})
        if v.deck.cuts_wild() and draw(st.booleans())
        else frozenset()
    )
    return v, tuple(sorted(cards)), leave, wild


def _check_best_declaration(case: tuple[rk.Variant, tuple[rk.Card, ...], bool, frozenset[rk.Rank]]) -> None:
    v, hand, leave, wild = case
    go = v.going_out
    patterns = go.pattern_sizes() if isinstance(go, rk.rules.Declare) else ()
    runs = go.min_runs if isinstance(go, rk.rules.Declare) else 0
    pure = go.min_pure_runs if isinstance(go, rk.rules.Declare) else 0
    expected = reference_declaration(
        v, hand, wild_ranks=wild, leave_one=leave, patterns=patterns, min_runs=runs, min_pure_runs=pure
    )
    a = rk.best_declaration(v, hand, wild_ranks=wild, leave_one=leave)
    if expected is None:
        assert a is None
        return
    assert a is not None
    assert len(a.deadwood) == (1 if leave else 0)
    assert a.deadwood_value == expected
    assert Counter(a.cards) == Counter(hand)
    assert rk.check_declaration(v, a.melds, wild_ranks=wild, deadwood=a.deadwood) == []


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(declaration_cases())
def test_best_declaration_equals_brute_force(
    case: tuple[rk.Variant, tuple[rk.Card, ...], bool, frozenset[rk.Rank]],
) -> None:
    _check_best_declaration(case)


@pytest.mark.slow
@settings(
    max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(declaration_cases())
def test_best_declaration_equals_brute_force_thoroughly(
    case: tuple[rk.Variant, tuple[rk.Card, ...], bool, frozenset[rk.Rank]],
) -> None:
    _check_best_declaration(case)
