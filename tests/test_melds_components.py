"""The component solver (:mod:`rummykit.melds.components`) against the
general search: the least deadwood of a hand, and after each discard.

The component solver answers ``min_deadwood`` and ``discard_deadwoods`` for
hands whose wilds are worth nothing as deadwood (Indian rummy: "Jokers of
both kinds (Wild and Printed) are worth zero points", [S3]) or that hold no wild. Its shortcuts (a wild-rank card
is as good as a wild; a run takes every rank of its window the hand holds; a
set with a wild takes every suit the hand holds) are exact only under rules
that let a wild stand anywhere a natural card could: any number of wilds per
meld, wilds side by side, in sets and in runs, one natural card per meld at
the least. The reference is the general search (:mod:`rummykit.melds.general_search`,
itself held to the brute force of the reference in ``tests/oracles`` in
``test_melds_solver.py``), and the brute force itself on small hands.

Each property runs on a few hands by default and on many more in its ``slow``
twin (``pytest -m slow``, the same body).
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from oracles.reference import reference_min_deadwood
from rummykit.melds.component_discards import dead_cards, deadwood_each
from rummykit.melds.components import CompTables, comp_tables, deadwood, encode
from rummykit.melds.declare import _deadwood_left, declaration_rule
from rummykit.melds.general_search import search
from rummykit.melds.solver import SCALE, deadwood_cards, discard_deadwoods
from rummykit.melds.tables import JOKER, rules_for
from rummykit.rules.melds import SetSuits, WildLimit
from rummykit.rules.ranking import Ace
from strategies import per_variant_settings
from test_melds_declare_fast import _near_declaration, _search, seeds

INDIAN = rk.load_variant("indian")
NAMES = rk.list_variants()


def _searched(v: rk.Variant, cards: list[rk.Card], wild: frozenset[rk.Rank]) -> int:
    """The least deadwood by the general search (never the component solver)."""
    found = search(rules_for(v, wild), [c.code for c in cards], want_plan=False)
    assert found is not None
    return found[0] // SCALE


@st.composite
def dense_hands(
    draw: st.DrawFn, v: rk.Variant = INDIAN, max_size: int = 14
) -> tuple[list[rk.Card], frozenset[rk.Rank]]:
    """A hand of 1 to ``max_size`` cards from a few ranks and suits of the
    variant's shoe (so that it holds melds, copies and near-melds), and the
    hand's wild ranks (a random cut card, where the variant cuts one)."""
    shoe = list(v.deck.shoe(v.players.min))
    suits = draw(st.sets(st.integers(0, 3), min_size=1, max_size=4))
    low = draw(st.integers(1, 13))
    span = draw(st.integers(2, 13))
    ranks = {(low - 1 + i) % 13 + 1 for i in range(span)}
    block = [c for c in shoe if c.is_joker or (int(c.suit) in suits and int(c.rank) in ranks)]  # type: ignore[arg-type]
    if not v.deck.has_wilds() or draw(st.booleans()):
        block = [c for c in block if not c.is_joker] or block
    indices = draw(
        st.lists(st.integers(0, len(block) - 1), min_size=1, max_size=min(max_size, len(block)), unique=True)
    )
    hand = sorted(block[i] for i in indices)
    wild: frozenset[rk.Rank] = frozenset()
    if v.deck.cuts_wild():
        wild = v.deck.wild_ranks_for(draw(st.sampled_from(shoe)))
    return hand, wild


def _suits(card: rk.Card) -> int:
    return card.code // 13


# ------------------------------------------------------------------ Indian


Hw = tuple[list[rk.Card], frozenset[rk.Rank]]


def _indian_min_deadwood(hw: Hw) -> None:
    hand, wild = hw
    rules = rules_for(INDIAN, wild)
    ct = comp_tables(rules)
    assert ct is not None
    enc = encode(ct, [c.code for c in hand])
    assert enc is not None  # Indian hands always take the component solver
    expected = _searched(INDIAN, hand, wild)
    assert rk.min_deadwood(INDIAN, hand, wild_ranks=wild) == expected
    fresh = CompTables(rules)
    assert deadwood(fresh, enc[0], enc[1]) + enc[2] == expected


@settings(max_examples=40, deadline=None)
@given(hw=dense_hands())
def test_indian_min_deadwood_equals_the_search(hw: Hw) -> None:
    """Indian hands of 1 to 14 cards from two decks with printed jokers and a
    random cut wild rank: ``min_deadwood`` (the component solver) equals the
    general search, with memos kept and with fresh tables."""
    _indian_min_deadwood(hw)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(hw=dense_hands())
def test_indian_min_deadwood_equals_the_search_deep(hw: Hw) -> None:
    _indian_min_deadwood(hw)


def _indian_small_hands(hw: Hw) -> None:
    hand, wild = hw
    expected = reference_min_deadwood(INDIAN, hand, wild_ranks=wild)
    assert expected is not None
    assert rk.min_deadwood(INDIAN, hand, wild_ranks=wild) == expected[0]


@settings(max_examples=40, deadline=None)
@given(hw=dense_hands(max_size=8))
def test_indian_small_hands_equal_the_brute_force(hw: Hw) -> None:
    """Up to eight cards, against the plain enumeration of every split
    (``oracles.reference.reference_min_deadwood``)."""
    _indian_small_hands(hw)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(hw=dense_hands(max_size=8))
def test_indian_small_hands_equal_the_brute_force_deep(hw: Hw) -> None:
    _indian_small_hands(hw)


def _check_each(v: rk.Variant, hand: list[rk.Card], wild: frozenset[rk.Rank], among: set[rk.Card]) -> None:
    """``discard_deadwoods`` exact, and its ``exact=False`` contract."""
    truth = {}
    for card in among:
        rest = list(hand)
        rest.remove(card)
        truth[card] = _searched(v, rest, wild) if rest else 0
    least = min(truth.values())
    tables = comp_tables(rules_for(v, wild))

    def forget() -> None:
        """Drop the kept passes: the next question about the hand starts afresh."""
        if tables is not None:
            tables.passes.clear()

    # each loose question asked afresh, then again after the others: the
    # answers found are kept for the hand, and exact ones may replace bounds
    forget()
    for below in (least, least + 1, max(truth.values()) + 1, least, least + 1):
        # with `below`: whether some discard leaves less than it, and which
        capped = discard_deadwoods(v, hand, wild_ranks=wild, among=among, exact=False, below=below)
        assert capped is not None and capped.keys() == truth.keys()
        assert all(value <= truth[card] for card, value in capped.items())
        assert (min(capped.values()) < below) == (least < below)
        if least < below:
            assert {c for c, x in capped.items() if x == least} == {c for c, x in truth.items() if x == least}
    for fresh in (True, False):
        if fresh:
            forget()
        loose = discard_deadwoods(v, hand, wild_ranks=wild, among=among, exact=False)
        assert loose is not None and loose.keys() == truth.keys()
        for card, value in loose.items():
            # never above the truth; exact where the truth is the least, else above the least
            assert value <= truth[card]
            assert value == truth[card] if truth[card] == least else value > least
        assert {c for c, x in loose.items() if x == least} == {c for c, x in truth.items() if x == least}
    exact = discard_deadwoods(v, hand, wild_ranks=wild, among=among)
    assert exact == truth
    # the hands left by the discards found exactly are remembered: asked again, same answers
    for card in among:
        rest = list(hand)
        rest.remove(card)
        assert rk.min_deadwood(v, rest, wild_ranks=wild) == truth[card]


def _indian_discard_deadwoods(hw: Hw, data: st.DataObject) -> None:
    hand, wild = hw
    among = set(data.draw(st.lists(st.sampled_from(hand), min_size=1, unique=True)))
    _check_each(INDIAN, hand, wild, among)
    assert discard_deadwoods(INDIAN, hand, wild_ranks=wild, fast_only=True) is not None


@settings(max_examples=25, deadline=None)
@given(hw=dense_hands(max_size=14), data=st.data())
def test_indian_discard_deadwoods_equal_one_search_per_card(hw: Hw, data: st.DataObject) -> None:
    """``discard_deadwoods`` equals the search of the hand minus each card;
    with ``exact=False`` every value is a lower bound of the true one, equal
    to it wherever the true one is the least, and above the least elsewhere
    (so the least and the cards that leave it are exact)."""
    _indian_discard_deadwoods(hw, data)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(hw=dense_hands(max_size=14), data=st.data())
def test_indian_discard_deadwoods_equal_one_search_per_card_deep(hw: Hw, data: st.DataObject) -> None:
    _indian_discard_deadwoods(hw, data)


def _indian_dead_cards(hw: Hw) -> None:
    hand, wild = hw
    rules = rules_for(INDIAN, wild)
    ct = comp_tables(rules)
    assert ct is not None
    enc = encode(ct, [c.code for c in hand])
    assert enc is not None
    total = _searched(INDIAN, hand, wild)
    expected = set()
    for card in set(hand):
        if rules.wild[card.code] or card.is_joker or not rules.values[card.code]:
            continue
        rest = list(hand)
        rest.remove(card)
        if _searched(INDIAN, rest, wild) == total - rules.values[card.code]:
            expected.add(card.code)
    assert set(dead_cards(ct, enc[0], enc[1])) == expected
    assert set(dead_cards(CompTables(rules), enc[0], enc[1])) == expected


@settings(max_examples=25, deadline=None)
@given(hw=dense_hands(max_size=14))
def test_indian_dead_cards_are_those_whose_discard_saves_their_value(hw: Hw) -> None:
    """``dead_cards`` (which lets ``discard_deadwoods`` answer without a
    search) lists exactly the natural cards worth something whose discard
    lowers the least deadwood by their whole value (those left over by some
    best arrangement), by the search of the hand minus each card."""
    _indian_dead_cards(hw)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(hw=dense_hands(max_size=14))
def test_indian_dead_cards_are_those_whose_discard_saves_their_value_deep(hw: Hw) -> None:
    _indian_dead_cards(hw)


def _check_deadwood_cards(v: rk.Variant, hand: list[rk.Card], wild: frozenset[rk.Rank]) -> None:
    """``deadwood_cards`` leaves cards of the hand worth the least deadwood
    (by the general search), and every other card of the hand fits a meld:
    the rest arranges with no natural card left over."""
    dead = deadwood_cards(v, hand, wild_ranks=wild)
    assert dead is not None
    assert list(dead) == sorted(dead)
    rest = list(hand)
    for c in dead:
        rest.remove(c)  # a sub-multiset of the hand
    rules = rules_for(v, wild)
    assert sum(rules.values[c.code] for c in dead) == _searched(v, hand, wild)
    if rest:
        arr = rk.best_arrangement(v, rest, wild_ranks=wild)
        assert arr is not None
        assert all(rules.wild[c.code] for c in arr.deadwood), (dead, arr)


@settings(max_examples=50, deadline=None)
@given(hw=dense_hands(max_size=14))
def test_indian_deadwood_cards_are_one_best_arrangements_leftover(hw: Hw) -> None:
    """The bot's cheap arrangement (:func:`deadwood_cards`, a walk of the
    component search) is a best arrangement: its leftover is worth the least
    deadwood and the other cards meld."""
    _check_deadwood_cards(INDIAN, *hw)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(hw=dense_hands(max_size=14))
def test_indian_deadwood_cards_are_one_best_arrangements_leftover_deep(hw: Hw) -> None:
    _check_deadwood_cards(INDIAN, *hw)


def test_discard_deadwoods_rejects_cards_not_in_the_hand() -> None:
    with pytest.raises(ValueError, match="among holds cards not in the hand"):
        discard_deadwoods(INDIAN, rk.parse_cards("3H 4H 5H"), among=rk.parse_cards("6H"))


@pytest.mark.parametrize("below", ["10", 2.5, True])
def test_discard_deadwoods_rejects_a_below_that_is_not_a_whole_number(below: object) -> None:
    with pytest.raises(TypeError, match="below must be a whole number"):
        discard_deadwoods(INDIAN, rk.parse_cards("3H 4H 5H"), exact=False, below=below)  # type: ignore[arg-type]


def test_deadwood_each_lists_every_wanted_card() -> None:
    """The internal entry point: the hand's value, and one value per wanted
    code (natural, wild-rank, printed joker): 3H 4H 6H 9S 9C JK KD with 9
    wild: 9S 9C and JK are three wilds, 3H 4H (wild) 6H a run, KD with two
    wilds a run or set: nothing left. Without the joker (two wilds) KD is
    left over; without KD nothing is."""
    wild = frozenset({rk.Rank.NINE})
    rules = rules_for(INDIAN, wild)
    ct = comp_tables(rules)
    assert ct is not None
    hand = rk.parse_cards("3H 4H 6H 9S 9C JK KD")
    enc = encode(ct, [c.code for c in hand])
    assert enc is not None and enc[1] == 3
    want = [c.code for c in hand]
    total, each = deadwood_each(ct, *enc, want)
    assert total == 0
    assert each == {c.code: _searched(INDIAN, [d for d in hand if d != c], wild) for c in hand}
    assert each[JOKER] == 10 and each[rk.Card.parse("KD").code] == 0


# ------------------------------------------------------------------ every variant


@pytest.mark.parametrize("name", NAMES)
def test_which_variants_take_the_component_solver(name: str) -> None:
    """Every built-in variant's rules are accepted (hands without wilds are
    exact under any standard rules) but the Canasta family's, whose cards in
    no meld (red threes), cards that meld only among themselves (black
    threes), twos always wild in sets and one set a rank only the general
    search knows; hands with wilds only where the wilds are worth nothing and
    may stand anywhere: Indian (all four formats, [S3] "Jokers ... are worth
    zero points"), and none of the others."""
    v = rk.load_variant(name)
    wild = v.deck.wild_ranks_for(rk.Card.parse("7H")) if v.deck.cuts_wild() else frozenset()
    ct = comp_tables(rules_for(v, wild))
    if v.melds.side_rank_melds():
        assert ct is None and rules_for(v, wild).restricted
        return
    assert ct is not None and not rules_for(v, wild).restricted
    assert ct.wild_ok == name.startswith("indian")
    if v.deck.has_wilds():
        wild_card = rk.Card.parse("7H") if wild else rk.Card.joker()
        enc = encode(ct, [wild_card.code, rk.Card.parse("2C").code])
        assert (enc is not None) == ct.wild_ok


def _every_variant(name: str, data: st.DataObject) -> None:
    v = rk.load_variant(name)
    hand, wild = data.draw(dense_hands(v, max_size=12))
    ct = comp_tables(rules_for(v, wild))
    if ct is None:  # the Canasta family: the general search alone (tests/test_melds_side_rank.py)
        assert v.melds.side_rank_melds() and rules_for(v, wild).restricted
        return
    enc = encode(ct, [c.code for c in hand])
    if enc is None:
        assert any(rules_for(v, wild).wild[c.code] for c in hand) and not ct.wild_ok
    assert rk.min_deadwood(v, hand, wild_ranks=wild) == _searched(v, hand, wild)
    _check_each(v, hand, wild, set(hand))
    _check_deadwood_cards(v, hand, wild)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=2, deadline=None)
@given(data=st.data())
def test_every_variant_min_deadwood_and_discards_equal_the_search(name: str, data: st.DataObject) -> None:
    """For every built-in variant, on dense hands of its shoe: where the
    component solver takes the hand, ``min_deadwood`` and
    ``discard_deadwoods`` equal the general search."""
    _every_variant(name, data)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
@per_variant_settings(share=4)
@given(data=st.data())
def test_every_variant_min_deadwood_and_discards_equal_the_search_deep(
    name: str, data: st.DataObject
) -> None:
    _every_variant(name, data)


# ------------------------------------------------------------------ rule tweaks

EXACT_TWEAKS = {
    "sets of any suits": {"set_suits": SetSuits.ANY},
    "sets of any suits and size": {"set_suits": SetSuits.ANY, "set_max": 0},
    "sets of four": {"set_min": 4},
    "runs of four to five": {"run_min": 4, "run_max": 5},
    "no sets": {"sets": False},
    "no runs": {"runs": False},
    "melds of wilds alone": {"min_naturals": 0},
}
"""Indian melds rules changed where the component solver stays exact."""

REFUSED_TWEAKS = {
    "at most one wild": {"wild_limit": WildLimit.ONE},
    "no more wilds than naturals": {"wild_limit": WildLimit.NOT_MORE},
    "two naturals": {"min_naturals": 2},
    "no wilds side by side": {"adjacent_wilds": False},
    "no wilds in sets": {"wilds_in_sets": False},
    "no wilds in runs": {"wilds_in_runs": False},
}
"""Rules under which a wild cannot stand in every place a natural card can:
hands with wilds go to the general search."""


def _tweaked(melds: dict[str, object], ace: Ace | None = None, wild_value: int | None = None) -> rk.Variant:
    v = attrs.evolve(INDIAN, melds=attrs.evolve(INDIAN.melds, **melds))
    if ace is not None:
        v = attrs.evolve(v, ranking=attrs.evolve(v.ranking, ace=ace))
    if wild_value is not None:
        v = attrs.evolve(v, scoring=attrs.evolve(v.scoring, wild_value=wild_value))
    return v


TWEAKED = {name: _tweaked(m) for name, m in EXACT_TWEAKS.items()} | {
    f"ace {ace.value}": _tweaked({}, ace=ace) for ace in Ace
}
REFUSED = {name: _tweaked(m) for name, m in REFUSED_TWEAKS.items()} | {
    "wilds worth 5": _tweaked({}, wild_value=5)
}


def _tweaked_exact(label: str, data: st.DataObject) -> None:
    v = TWEAKED[label]
    hand, wild = data.draw(dense_hands(v, max_size=12))
    ct = comp_tables(rules_for(v, wild))
    assert ct is not None and ct.wild_ok
    assert encode(ct, [c.code for c in hand]) is not None
    assert rk.min_deadwood(v, hand, wild_ranks=wild) == _searched(v, hand, wild)
    _check_each(v, hand, wild, set(hand))
    _check_deadwood_cards(v, hand, wild)


@pytest.mark.parametrize("label", sorted(TWEAKED))
@settings(max_examples=4, deadline=None)
@given(data=st.data())
def test_tweaked_rules_stay_exact(label: str, data: st.DataObject) -> None:
    """Indian with sets of repeated suits (Kalooki, Double Rum), longer sets,
    bounded runs, only sets or only runs, melds of wilds alone, the ace low,
    high, either or around the corner: still the search's answers."""
    _tweaked_exact(label, data)


@pytest.mark.slow
@pytest.mark.parametrize("label", sorted(TWEAKED))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_tweaked_rules_stay_exact_deep(label: str, data: st.DataObject) -> None:
    _tweaked_exact(label, data)


def _tweaked_refused(label: str, data: st.DataObject) -> None:
    v = REFUSED[label]
    hand, wild = data.draw(dense_hands(v, max_size=10))
    rules = rules_for(v, wild)
    ct = comp_tables(rules)
    assert ct is not None and not ct.wild_ok
    has_wild = any(rules.wild[c.code] for c in hand)
    assert (encode(ct, [c.code for c in hand]) is None) == has_wild
    assert rk.min_deadwood(v, hand, wild_ranks=wild) == _searched(v, hand, wild)
    _check_each(v, hand, wild, set(hand))
    _check_deadwood_cards(v, hand, wild)


@pytest.mark.parametrize("label", sorted(REFUSED))
@settings(max_examples=4, deadline=None)
@given(data=st.data())
def test_tweaked_rules_that_limit_wilds_are_refused(label: str, data: st.DataObject) -> None:
    """A limit on wilds (per meld, beside each other, in one kind of meld) or
    wilds worth something: hands with a wild are refused (the general search
    answers), hands without one still taken; answers equal the search."""
    _tweaked_refused(label, data)


@pytest.mark.slow
@pytest.mark.parametrize("label", sorted(REFUSED))
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_tweaked_rules_that_limit_wilds_are_refused_deep(label: str, data: st.DataObject) -> None:
    _tweaked_refused(label, data)


def test_rules_it_cannot_read_are_refused() -> None:
    """Negative card values (the least deadwood could gain by holding a card
    out of a meld) make ``comp_tables`` refuse the rules outright."""
    v = attrs.evolve(INDIAN, scoring=attrs.evolve(INDIAN.scoring, card_values={"K": -5}))
    assert comp_tables(rules_for(v)) is None


# ------------------------------------------------------------------ declarations


DECLARING = [n for n in NAMES if rk.load_variant(n).going_out.declares()]
PRECHECK = seeds(25, 3, DECLARING)
"""25 hands of each declaring variant, the first 3 in the default run."""


@pytest.mark.parametrize(("name", "seed"), PRECHECK)
def test_deadwood_precheck_never_refuses_a_declaration(name: str, seed: int) -> None:
    """``best_declaration`` first asks the component solver whether every
    way to meld the hand leaves deadwood; invariant: when it says so, the
    declaration search finds nothing (hands near a declaration)."""
    v = rk.load_variant(name)
    hand, wild = _near_declaration(v, random.Random(seed))
    _, _, _, may_leave = declaration_rule(v)
    for leave in {0, may_leave}:
        rest = hand if leave else hand[:-1]
        if _deadwood_left(rules_for(v, wild), [c.code for c in rest], leave):
            assert not _search(v, rest, wild, leave)


def test_big_hands_go_to_the_general_search() -> None:
    """A hand of more than MAX_CARDS cards is refused by ``encode`` (its one
    big component made the memo grow with the subsets: a 40-card Boathouse
    hand took 28 s in the declaration pre-check); the answers stay the same."""
    from rummykit.melds.components import MAX_CARDS

    boathouse = rk.load_variant("boathouse")
    rules = rules_for(boathouse, frozenset())
    ct = comp_tables(rules)
    assert ct is not None
    codes = [
        0,
        6,
        7,
        8,
        9,
        10,
        11,
        12,
        13,
        15,
        18,
        19,
        20,
        21,
        22,
        23,
        24,
        25,
        26,
        27,
        28,
        31,
        32,
        33,
        34,
        35,
    ]
    codes += [36, 37, 38, 39, 40, 41, 44, 45, 46, 47, 48, 49, 50, 51]  # the 40-card hand
    assert encode(ct, codes[: MAX_CARDS + 1]) is None and encode(ct, codes) is None
    assert encode(ct, codes[:MAX_CARDS]) is not None
    assert not _deadwood_left(rules, codes, 1)  # "cannot tell": the search decides
    # a 20-card hand: the general search agrees with the one-deck tables (which
    # rk.min_deadwood uses here; tests/test_melds_solver.py holds them to the
    # brute force, too slow for 20 cards)
    found = search(rules, codes[:20], want_plan=False)
    assert found is not None
    assert found[0] // SCALE == rk.min_deadwood(boathouse, [rk.Card.from_code(c) for c in codes[:20]]) == 5
