"""The best-arrangement solver: exact against brute force and against OpenSpiel.

``oracles.reference`` (tests/oracles) enumerates every split of a hand into meld
groups with no cleverness; the fast solvers (the one-deck plain path, the
few-wilds path and the general search) must find the same least deadwood on
every hand hypothesis generates, wild cards and duplicates included. Each
comparison runs on a sample of hands by default and on many more in its
``_thoroughly`` twin, marked ``slow`` (``pytest -m slow``).
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit as rk
from oracles.memo_search import SCALE, simple_search
from oracles.reference import reference_discard, reference_min_deadwood
from rummykit.melds.tables import rules_for

DATA = Path(__file__).resolve().parent / "data"
GIN = rk.load_variant("gin")


def variant(name: str, toml: str) -> rk.Variant:
    return rk.loads_variant(f'extends = "straight"\n[variant]\nname = "{name}"\n' + toml)


# Variant configurations the properties run over: every ace rule, sets with
# distinct suits or duplicates, wild limits, jokers, deuces, cut wilds.
CONFIGS: dict[str, rk.Variant] = {
    "straight": rk.load_variant("straight"),
    "thai": rk.load_variant("thai"),
    "jokers-low": variant("jokers-low", "[deck]\njokers_per_deck = 3"),
    "either-two-decks-any-sets": variant(
        "e2",
        '[ranking]\nace = "either"\n[deck]\ndecks = 2\njokers_per_deck = 2\n[melds]\nset_suits = "any"\nset_max = 0',
    ),
    "around-deuces": variant(
        "ad", '[ranking]\nace = "around"\n[deck]\nwild_ranks = ["2"]\njokers_per_deck = 1'
    ),
    "romme": rk.load_variant("romme"),
    "kalooki": rk.load_variant("kalooki"),
    "double-rum": rk.load_variant("double-rum"),
    "indian": rk.load_variant("indian"),
    "continental": rk.load_variant("continental"),
    "one-wild-apart": variant(
        "owa",
        '[deck]\njokers_per_deck = 3\n[melds]\nwild_limit = "at-most-one"\nadjacent_wilds = false\nrun_min = 4',
    ),
    "phom": rk.load_variant("phom"),
}
CUT_RANKS = [frozenset(), frozenset({rk.Rank.SEVEN}), frozenset({rk.Rank.ACE})]


@st.composite
def hands(
    draw: st.DrawFn, max_size: int = 8
) -> tuple[str, rk.Variant, tuple[rk.Card, ...], frozenset[rk.Rank]]:
    """A variant, a hand of up to ``max_size`` cards (often meld-rich, often
    with wild cards and duplicates) and this hand's cut wild ranks."""
    name = draw(st.sampled_from(sorted(CONFIGS)))
    v = CONFIGS[name]
    wild = draw(st.sampled_from(CUT_RANKS)) if v.deck.cuts_wild() else frozenset()
    wild_ranks = wild | v.deck.wild_ranks_for(None)
    size = draw(st.sampled_from([1, 2, 3, 4, 5, *[6, 7, 8, 9] * 3]).filter(lambda n: n <= max_size))
    wild_cards = [rk.Card.joker()] + [rk.Card(r, s) for r in wild_ranks for s in rk.Suit]
    n_wild = draw(st.integers(min_value=0, max_value=min(3, size))) if v.deck.has_wilds() else 0
    wilds = draw(st.lists(st.sampled_from(wild_cards), min_size=n_wild, max_size=n_wild))
    low = draw(st.integers(min_value=1, max_value=10))
    block = [rk.Card.from_code(c) for c in range(52) if low <= c % 13 + 1 <= low + 4]
    pool = block if draw(st.booleans()) else [rk.Card.from_code(c) for c in range(52)]
    decks = 2 if draw(st.integers(0, 3)) == 0 else 1  # duplicates, even in one-deck variants
    naturals = draw(
        st.lists(st.sampled_from(pool), min_size=size - n_wild, max_size=size - n_wild).filter(
            lambda cs: max(Counter(cs).values(), default=0) <= decks
        )
    )
    return name, v, tuple(sorted(naturals + wilds)), wild


def check_arrangement(
    v: rk.Variant, hand: tuple[rk.Card, ...], a: rk.Arrangement, wild: frozenset[rk.Rank]
) -> None:
    """The arrangement rebuilds the hand and every meld is valid as written."""
    assert Counter(a.cards) == Counter(hand)
    for m in a.melds:
        assert rk.classify_meld(v, m.cards, wild_ranks=wild, represents=m.represents) == m
    assert a.deadwood == tuple(sorted(a.deadwood))
    assert a.deadwood_value == rk.hand_value(v, a.deadwood, wild_ranks=wild)


# --------------------------------------------------------------------------- brute force


def _check_best_arrangement_equals_brute_force(
    case: tuple[str, rk.Variant, tuple[rk.Card, ...], frozenset[rk.Rank]],
) -> None:
    _, v, hand, wild = case
    expected = reference_min_deadwood(v, hand, wild_ranks=wild)
    a = rk.best_arrangement(v, hand, wild_ranks=wild)
    assert a is not None and expected is not None
    assert (a.deadwood_value, len(a.deadwood)) == expected
    assert rk.min_deadwood(v, hand, wild_ranks=wild) == expected[0]
    check_arrangement(v, hand, a, wild)
    # the same cards in another order give the same arrangement
    assert rk.best_arrangement(v, tuple(reversed(hand)), wild_ranks=wild) == a


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=9))
def test_best_arrangement_equals_brute_force(
    case: tuple[str, rk.Variant, tuple[rk.Card, ...], frozenset[rk.Rank]],
) -> None:
    _check_best_arrangement_equals_brute_force(case)


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=9))
def test_best_arrangement_equals_brute_force_thoroughly(
    case: tuple[str, rk.Variant, tuple[rk.Card, ...], frozenset[rk.Rank]],
) -> None:
    _check_best_arrangement_equals_brute_force(case)


def _check_run_requirements_equal_brute_force(
    case: tuple[str, rk.Variant, tuple[rk.Card, ...], frozenset[rk.Rank]], need: tuple[int, int]
) -> None:
    _, v, hand, wild = case
    runs, pure = need
    expected = reference_min_deadwood(v, hand, wild_ranks=wild, min_runs=runs, min_pure_runs=pure)
    a = rk.best_arrangement(v, hand, wild_ranks=wild, min_runs=runs, min_pure_runs=pure)
    if expected is None:
        assert a is None
        return
    assert a is not None and (a.deadwood_value, len(a.deadwood)) == expected
    check_arrangement(v, hand, a, wild)
    assert sum(1 for m in a.melds if m.kind is rk.MeldKind.RUN) >= runs
    assert sum(1 for m in a.melds if m.kind is rk.MeldKind.RUN and m.is_pure) >= pure


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=8), st.sampled_from([(1, 0), (1, 1), (2, 1), (2, 0)]))
def test_run_requirements_equal_brute_force(
    case: tuple[str, rk.Variant, tuple[rk.Card, ...], frozenset[rk.Rank]], need: tuple[int, int]
) -> None:
    _check_run_requirements_equal_brute_force(case, need)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=8), st.sampled_from([(1, 0), (1, 1), (2, 1), (2, 0)]))
def test_run_requirements_equal_brute_force_thoroughly(
    case: tuple[str, rk.Variant, tuple[rk.Card, ...], frozenset[rk.Rank]], need: tuple[int, int]
) -> None:
    _check_run_requirements_equal_brute_force(case, need)


def _check_best_discard_equals_brute_force(
    case: tuple[str, rk.Variant, tuple[rk.Card, ...], frozenset[rk.Rank]],
) -> None:
    _, v, hand, wild = case
    card, a = rk.best_discard(v, hand, wild_ranks=wild)
    assert (a.deadwood_value, len(a.deadwood)) == reference_discard(v, hand, wild_ranks=wild)
    rest = list(hand)
    rest.remove(card)
    assert a == rk.best_arrangement(v, rest, wild_ranks=wild)
    # ties go to the lowest card
    for other in sorted(set(hand)):
        if other == card:
            break
        others = list(hand)
        others.remove(other)
        b = rk.best_arrangement(v, others, wild_ranks=wild)
        assert b is not None and (b.deadwood_value, len(b.deadwood)) > (a.deadwood_value, len(a.deadwood))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=8))
def test_best_discard_equals_brute_force(
    case: tuple[str, rk.Variant, tuple[rk.Card, ...], frozenset[rk.Rank]],
) -> None:
    _check_best_discard_equals_brute_force(case)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=8))
def test_best_discard_equals_brute_force_thoroughly(
    case: tuple[str, rk.Variant, tuple[rk.Card, ...], frozenset[rk.Rank]],
) -> None:
    _check_best_discard_equals_brute_force(case)


# --------------------------------------------------------------------------- OpenSpiel


def read_rows(name: str) -> list[dict[str, str]]:
    with (DATA / name).open() as f:
        return list(csv.DictReader(f))


def test_openspiel_10_card_min_deadwood_all_agree() -> None:
    """2,500 gin hands (uniform and meld-dense) with OpenSpiel's
    ``GinRummyUtils.min_deadwood``: 100% agreement."""
    rows = read_rows("openspiel_gin_deadwood.csv")
    assert len(rows) == 2500
    wrong = []
    for row in rows:
        hand = rk.parse_cards(row["hand"])
        a = rk.best_arrangement(GIN, hand)
        assert a is not None
        if a.deadwood_value != int(row["min_deadwood"]) or rk.min_deadwood(GIN, hand) != a.deadwood_value:
            wrong.append(row["hand"])
    assert wrong == []


def test_openspiel_10_card_arrangements_are_valid() -> None:
    for row in read_rows("openspiel_gin_deadwood.csv")[::10]:
        hand = rk.parse_cards(row["hand"])
        a = rk.best_arrangement(GIN, hand)
        assert a is not None
        check_arrangement(GIN, hand, a, frozenset())


def test_11_card_exact_values() -> None:
    """1,000 11-card gin hands: the exact best-discard deadwood (OpenSpiel's own
    11-card ``min_deadwood`` is too high on a few meld-dense hands)."""
    rows = read_rows("openspiel_gin_deadwood_11.csv")
    assert len(rows) == 1000
    wrong = []
    for row in rows:
        _, a = rk.best_discard(GIN, rk.parse_cards(row["hand"]))
        if a.deadwood_value != int(row["exact_min_deadwood"]):
            wrong.append(row["hand"])
    assert wrong == []


@pytest.mark.parametrize(
    ("hand", "openspiel", "exact"),
    [
        ("2S 4S 5S 6S 3D 5D 6D 3H 4H 5H 6H", 12, 10),  # the issue's example: a legal knock OpenSpiel hides
        ("AC 2C 3C 8C AD 2D 2H 8H AS 2S 8S", 1, 0),
        ("AC 3C 4D AH 2H 3H 4H AS 2S 3S 4S", 2, 1),
        ("5C 7C 8C 8D 5H 7H 8H 6S 7S 8S 9S", 17, 16),
        ("5C 7C 8C 9C 5D 7D 8D 9D 6S 7S 9S", 24, 23),
    ],
)
def test_11_card_hands_where_openspiel_is_too_high(hand: str, openspiel: int, exact: int) -> None:
    """Regression: OpenSpiel's 11-card ``min_deadwood`` picks one meld group of
    all 11 cards, then drops that group's highest deadwood card; trying every
    discard finds less."""
    cards = rk.parse_cards(hand)
    card, a = rk.best_discard(GIN, cards)
    assert a.deadwood_value == exact < openspiel
    assert reference_discard(GIN, cards)[0] == exact
    rest = list(cards)
    rest.remove(card)
    assert rk.min_deadwood(GIN, rest) == exact


def test_issue_example_allows_a_knock() -> None:
    hand = rk.parse_cards("2S 4S 5S 6S 3D 5D 6D 3H 4H 5H 6H")
    card, a = rk.best_discard(GIN, hand)
    assert GIN.going_out.may_knock(a.deadwood_value)  # type: ignore[attr-defined]
    assert str(card) == "6D" and [str(m) for m in a.melds] == ["3H 4H 5H 6H", "4S 5S 6S"]


# --------------------------------------------------------------------------- rules of the solver


def test_gin_classic_overlap() -> None:
    """[S17]: "a card shared by a set and a run counts in only one of them"."""
    a = rk.best_arrangement(GIN, rk.parse_cards("7C 7D 7H 7S 8H 9H"))
    assert a is not None and a.deadwood_value == 0
    assert sorted(str(m) for m in a.melds) == ["7C 7D 7S", "7H 8H 9H"]


def test_ties_prefer_fewer_deadwood_cards() -> None:
    """A spare wild worth nothing still goes into a meld (Indian: jokers count 0)."""
    indian = rk.load_variant("indian")
    a = rk.best_arrangement(indian, rk.parse_cards("7C 8C 9C JK 2D"))
    assert a is not None and a.deadwood_value == 2 and a.deadwood == (rk.Card.parse("2D"),)


def test_s003_indian_loser_needs_two_sequences_one_pure() -> None:
    """[S3]: "If a losing player does not have two sequences including a Pure
    sequence, then all of his or her cards are added up"; otherwise "only the
    cards out of the sequences" ([S27]: outside valid runs or sets) count."""
    indian = rk.load_variant("indian")
    hand = rk.parse_cards("3H 4H 5H 9S TS JK KD KC KS 2C 7D 8C QD")
    a = rk.best_arrangement(indian, hand, min_runs=2, min_pure_runs=1)
    assert a is not None
    assert sum(m.kind is rk.MeldKind.RUN for m in a.melds) >= 2
    assert any(m.kind is rk.MeldKind.RUN and m.is_pure for m in a.melds)
    assert a.deadwood_value == 2 + 7 + 8 + 10
    # without a pure sequence the requirement cannot be met
    no_pure = rk.parse_cards("3H 4H JK 9S TS JK KD KC KS 2C")
    assert rk.best_arrangement(indian, no_pure, min_runs=2, min_pure_runs=1) is None
    assert rk.best_arrangement(indian, no_pure) is not None


def test_a_pure_sequence_may_hold_a_card_of_the_wild_rank_in_its_place() -> None:
    """The quick refusal (no suit holds a whole run window) counts a card of
    the wild rank as natural: with eights wild, 7C 8C 9C is a pure run
    (classify: a wild card in its natural place); with 8C missing, nothing
    else can stand in a pure run."""
    indian = rk.load_variant("indian")
    eights = frozenset({rk.Rank.EIGHT})
    a = rk.best_arrangement(
        indian, rk.parse_cards("7C 8C 9C 2D 8H 4D 5D"), wild_ranks=eights, min_runs=2, min_pure_runs=1
    )
    assert a is not None and a.deadwood_value == 0
    assert (
        rk.min_deadwood(indian, rk.parse_cards("7C JK 9C 2D 8H 4D 5D"), wild_ranks=eights, min_pure_runs=1)
        is None
    )


def test_indian_wild_cut_cards_count_zero_in_hand() -> None:
    """[S3]: "both kinds of joker 0" (IndianPoints.wild_value)."""
    indian = rk.load_variant("indian")
    fives = frozenset({rk.Rank.FIVE})
    hand = rk.parse_cards("5H KD")
    assert rk.min_deadwood(indian, hand, wild_ranks=fives) == 10
    assert rk.min_deadwood(indian, hand) == 15


def test_deuces_wild_and_natural_in_one_hand() -> None:
    v = CONFIGS["around-deuces"]
    a = rk.best_arrangement(v, rk.parse_cards("AH 2H 3H 2C 9D TD KS"))
    assert a is not None and a.deadwood_value == 10  # 9D TD 2C=JD (or QD...), KS left
    assert any(m.is_pure and str(m) == "AH 2H 3H" for m in a.melds)


def test_many_wilds_and_big_hands_stay_exact() -> None:
    kalooki = rk.load_variant("kalooki")
    hand = rk.parse_cards("JK JK JK JK 2C 5D 9H KS KS 7C 7C QD AH 4S 8D")
    a = rk.best_arrangement(kalooki, hand)
    assert a is not None and a.deadwood_value <= 40
    check_arrangement(kalooki, hand, a, frozenset())
    romme = rk.load_variant("romme")
    hand = rk.parse_cards("JK JK JK JK JK JK 2C 5D 9H KS QD AH 4S 8D")
    a = rk.best_arrangement(romme, hand)
    assert a is not None
    check_arrangement(romme, hand, a, frozenset())
    for m in a.melds:
        assert m.wild_count <= m.natural_count  # [S2]: "never more Jokers than natural cards"


def test_every_builtin_variant_solves_a_deal(variant_name: str) -> None:
    import random

    v = rk.load_variant(variant_name)
    rng = random.Random(variant_name)
    shoe = list(v.deck.shoe(v.players.min))
    size = v.deal.hand_size_for(v.players.min) + 1
    for _ in range(5):
        hand = tuple(rng.sample(shoe, size))
        wild = v.deck.wild_ranks_for(rng.choice(shoe)) if v.deck.cuts_wild() else frozenset()
        a = rk.best_arrangement(v, hand, wild_ranks=wild)
        assert a is not None
        check_arrangement(v, hand, a, wild)
        card, b = rk.best_discard(v, hand, wild_ranks=wild)
        assert b.deadwood_value <= a.deadwood_value + rk.card_value(v, card, wild_ranks=wild)


def test_empty_and_tiny_hands() -> None:
    assert rk.best_arrangement(GIN, ()) == rk.Arrangement((), (), 0)
    assert rk.min_deadwood(GIN, rk.parse_cards("KS")) == 10
    with pytest.raises(ValueError):
        rk.best_discard(GIN, ())


def _check_bigger_hands_equal_memoised_exhaustive_search(
    case: tuple[str, rk.Variant, tuple[rk.Card, ...], frozenset[rk.Rank]], data: st.DataObject
) -> None:
    """Hands of 10 to 12 cards against ``simple_search``, an exhaustive search
    over card multisets with a memo (no wild-card reasoning, no tables)."""
    _, v, hand, wild = case
    extra = data.draw(st.lists(st.sampled_from(sorted(set(v.deck.shoe(2)))), min_size=3, max_size=3))
    hand = tuple(sorted(hand + tuple(extra)))
    rules = rules_for(v, wild)
    found = simple_search(rules, [c.code for c in hand])
    assert found is not None
    a = rk.best_arrangement(v, hand, wild_ranks=wild)
    assert a is not None and a.deadwood_value * SCALE + len(a.deadwood) == found[0]
    check_arrangement(v, hand, a, wild)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=9), st.data())
def test_bigger_hands_equal_memoised_exhaustive_search(
    case: tuple[str, rk.Variant, tuple[rk.Card, ...], frozenset[rk.Rank]], data: st.DataObject
) -> None:
    _check_bigger_hands_equal_memoised_exhaustive_search(case, data)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=9), st.data())
def test_bigger_hands_equal_memoised_exhaustive_search_thoroughly(
    case: tuple[str, rk.Variant, tuple[rk.Card, ...], frozenset[rk.Rank]], data: st.DataObject
) -> None:
    _check_bigger_hands_equal_memoised_exhaustive_search(case, data)


def test_compiled_rules_with_wild_ranks_drop_the_least_recently_used() -> None:
    """Indian rummy compiles rules per wild rank, and only the last few are
    kept (bench/memory.py): a wild rank in use every hand keeps
    its compiled rules while the others come and go."""
    from rummykit.melds import tables

    v = rk.load_variant("indian")
    tables.clear_rules()
    ranks = list(rk.Rank)
    assert len(ranks) > tables._WILD_RULES + 1
    kept = rules_for(v, frozenset({ranks[0]}))
    first = {}
    for r in ranks[1:]:
        assert rules_for(v, frozenset({ranks[0]})) is kept  # used again every time
        first[r] = rules_for(v, frozenset({r}))
    assert rules_for(v, frozenset({ranks[0]})) is kept
    assert len(tables._CACHE_W) <= tables._WILD_RULES
    assert rules_for(v, frozenset({ranks[-1]})) is first[ranks[-1]]  # recently used: kept
    assert rules_for(v, frozenset({ranks[1]})) is not first[ranks[1]]  # long unused: compiled afresh
    tables.clear_rules()
