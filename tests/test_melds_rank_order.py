"""The rank-by-rank search for big hands of one deck without wilds (issue 47:
through an accepted position a Boathouse seat held 48 cards, and
``legal_actions()`` took 108 s and 833 MB to find its declarations; the
general search and the plain solver grow exponentially with the hand).

It is held to the general search (every mode the solvers ask) on hands small
enough for that search, in every rank order; its work is counted on the
biggest hands (no timing assert: the count is a property of the algorithm).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rummykit as rk
from rummykit.melds import best_declaration, check_declaration, min_deadwood
from rummykit.melds.classify import first_reading
from rummykit.melds.general_search import search
from rummykit.melds.rank_order import BIG_HAND, WORK_BOUND, _order, rank_search, supports
from rummykit.melds.tables import Rules, rules_for

ORDERS = {
    "low": "",
    "high": "",
    "either": "",
    "around": "",
    "either-max5": "[melds]\nrun_max = 5",
    "low-4-to-6": "[melds]\nrun_min = 4\nrun_max = 6",
    "either-sets-of-4": "[melds]\nset_min = 4",
}
MODES = [
    {},
    {"leave": 1},
    {"strict": True},
    {"strict": True, "leave": 1},
    {"strict": True, "leave": 1, "leave_costs": True},
]


DECK = [rk.Card.from_code(c) for c in range(52)]


def _rules_of(ace: str, extra: str) -> Rules:
    v = rk.loads_variant(f'extends = "gin"\n[variant]\nname = "t-{ace}"\n[ranking]\nace = "{ace}"\n{extra}')
    return rules_for(v)


def _rules(name: str) -> Rules:
    return _rules_of(name.split("-")[0], ORDERS[name])


def _check_plan(rules: Rules, codes: list[int], plan: object) -> None:
    groups, dead, left = plan  # type: ignore[misc]
    cards = [c for g, _ in groups for c in g] + list(dead) + list(left)
    assert Counter(cards) == Counter(codes)
    for g, _ in groups:
        assert first_reading(rules, tuple(sorted(g)), 0) is not None, g


@pytest.mark.parametrize("name", list(ORDERS))
def test_the_rank_order_of_the_runs_is_recognised(name: str) -> None:
    order, rmin, rmax = _order(_rules(name)) or ("", 0, 0)
    assert order == name.split("-")[0]
    assert (rmin, rmax) == {"either-max5": (3, 5), "low-4-to-6": (4, 6)}.get(name, (3, 13))


@pytest.mark.parametrize("name", list(ORDERS))
def test_rank_search_finds_what_the_general_search_finds(name: str) -> None:
    rules = _rules(name)
    rng = random.Random(name)
    for _ in range(12):
        codes = sorted(rng.sample(range(52), rng.randint(3, 13)))
        for mode in MODES:
            want = search(rules, codes, **mode)  # type: ignore[arg-type]
            got = rank_search(rules, codes, **mode)  # type: ignore[arg-type]
            assert (want is None) == (got is None), (codes, mode)
            if want is not None and got is not None:
                assert got[0] == want[0], (codes, mode)
                _check_plan(rules, codes, got[1])


def test_a_run_around_the_corner_through_the_king_and_the_ace() -> None:
    rules = _rules("around")
    hand = [c.code for c in rk.parse_cards("QC KC AC 2C 5D 5H 5S")]
    found = rank_search(rules, hand, strict=True)
    assert found is not None
    groups = sorted(sorted(g) for g, _ in found[1][0])
    assert [c.code for c in rk.parse_cards("AC 2C QC KC")] in groups
    # a king without the ace-side cards ends no run: not meldable whole
    assert rank_search(rules, [c.code for c in rk.parse_cards("KC AC 5D 5H 5S")], strict=True) is None


def test_only_big_plain_hands_take_it() -> None:
    rules = _rules("around")
    assert not supports(rules, list(range(BIG_HAND)))
    assert supports(rules, list(range(BIG_HAND + 1)))
    assert not supports(rules, [*range(BIG_HAND), 52])  # a joker
    assert not supports(rules, [*range(BIG_HAND), 0])  # a card twice
    wild = rules_for(rk.load_variant("boathouse"), frozenset({rk.Rank.TWO}))
    assert not supports(wild, list(range(BIG_HAND + 1)))
    # around the corner with a longest run: the other solvers
    assert not supports(_rules_of("around", "[melds]\nrun_max = 5"), list(range(BIG_HAND + 1)))


def test_a_big_boathouse_hand_declares_quickly_and_validly() -> None:
    """48 cards: 108 s and 833 MB in the general search before; now a few
    hundred thousand steps at most."""
    v = rk.load_variant("boathouse")
    cards = DECK[:48]
    for leave in (False, True):
        found = best_declaration(v, cards, leave_one=leave)
        assert found is not None
        assert check_declaration(v, found.melds, deadwood=found.deadwood) == []
        assert len(found.deadwood) == (1 if leave else 0)


def test_min_deadwood_of_a_big_hand_goes_the_rank_search() -> None:
    v = rk.load_variant("gin")
    rules = rules_for(v)
    rng = random.Random(3)
    cards = sorted(rng.sample(DECK, 30))
    found = rank_search(rules, [c.code for c in cards])
    assert found is not None
    assert min_deadwood(v, cards) == found[0] // 1024
    arrangement = rk.best_arrangement(v, cards)
    assert arrangement is not None and arrangement.deadwood_value == found[0] // 1024


@pytest.mark.parametrize("name", ["low", "either", "around"])
def test_the_work_on_dense_hands_stays_within_the_bound(name: str) -> None:
    rules = _rules(name)
    rng = random.Random(7)
    for n in (30, 40):
        codes = sorted(rng.sample(range(52), n))
        for mode in ({"strict": True}, {"strict": True, "leave": 1, "leave_costs": True}):
            work = [0]
            rank_search(rules, codes, work=work, **mode)  # type: ignore[arg-type]
            assert 0 < work[0] <= WORK_BOUND // 10


@pytest.mark.slow
@pytest.mark.parametrize("name", list(ORDERS))
def test_the_work_on_full_hands_stays_within_the_bound(name: str) -> None:
    """A whole deck in hand: the most states the search meets."""
    rules = _rules(name)
    for mode in MODES:
        work = [0]
        found = rank_search(rules, list(range(52)), work=work, **mode)  # type: ignore[arg-type]
        assert work[0] <= WORK_BOUND, (mode, work)
        assert found is not None
        _check_plan(rules, list(range(52)), found[1])
