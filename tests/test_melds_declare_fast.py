"""The quick refusal in front of the declaration search (issue 13 part 4):
``best_declaration`` first tries to prove cheaply that no declaration exists
(no pure run where one is required; lonely cards needing more wilds than
the hand holds). The proof must never refuse a hand the search accepts.

The random hands come from fixed seeds (``engine_helpers.random_seed``): the
first few of each property in the default run, the rest under ``-m slow``."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rummykit as rk
from engine_helpers import random_seed
from oracles.reference import reference_declaration
from rummykit.melds.declare import _cannot_declare, declaration_rule
from rummykit.melds.solver import solve
from rummykit.melds.tables import rules_for

DECLARING = [name for name in rk.list_variants() if rk.load_variant(name).going_out.declares()]


def seeds(count: int, quick: int, names: list[str] | None = None) -> list[Any]:
    """``count`` fixed seeds (of each of ``names``), the first ``quick`` unmarked, the rest marked slow."""

    def param(i: int, *head: str) -> Any:
        marks = [pytest.mark.slow] if i >= quick else []
        return pytest.param(*head, random_seed(i), id="-".join([*head, f"s{i}"]), marks=marks)

    if names is None:
        return [param(i) for i in range(count)]
    return [param(i, name) for name in names for i in range(count)]


def _search(v: rk.Variant, hand: list[rk.Card], wild: frozenset[rk.Rank], leave: int) -> bool:
    """Whether the search finds a declaration (without the refusal in front
    of it; its own per-split proofs are held to the brute force below and in
    ``test_melds_declare.py``)."""
    patterns, runs, pure, _ = declaration_rule(v)
    rules = rules_for(v, wild)
    codes = [c.code for c in hand]
    for sizes in patterns or (None,):
        if sizes is not None and sum(sizes) != len(codes) - leave:
            continue
        if (
            solve(rules, codes, min_runs=runs, min_pure=pure, strict=True, leave=leave, sizes=sizes)
            is not None
        ):
            return True
    return False


def _near_declaration(v: rk.Variant, rng: random.Random) -> tuple[list[rk.Card], frozenset[rk.Rank]]:
    """A hand of runs and sets (and wilds) of the variant's size plus one card,
    with a few cards then swapped for random ones: near the boundary."""
    players = v.players.min
    size = v.deal.hand_size_for(players) + 1
    shoe = list(v.deck.shoe(players))
    pool = list(shoe)
    rng.shuffle(pool)
    hand: list[rk.Card] = []
    while len(hand) < size and pool:
        start = pool.pop()
        if start.is_joker:
            hand.append(start)
            continue
        if rng.random() < 0.6 and rules_for(v).runs:
            length = rng.randint(3, 5)
            ranks = [(start.code % 13 + i) % 13 for i in range(length)]
            want = [start.code // 13 * 13 + r for r in ranks]
        else:
            want = [s * 13 + start.code % 13 for s in rng.sample(range(4), rng.randint(3, 4))]
        for code in want:
            card = rk.Card.from_code(code)
            if card in pool and len(hand) < size:
                pool.remove(card)
                hand.append(card)
    while len(hand) < size:
        hand.append(pool.pop())
    for _ in range(rng.randint(0, 3)):
        i = rng.randrange(len(hand))
        pool.append(hand[i])
        hand[i] = pool.pop(rng.randrange(len(pool)))
    wild: frozenset[rk.Rank] = frozenset()
    if v.deck.cuts_wild():
        wild = v.deck.wild_ranks_for(rng.choice(shoe))
    return sorted(hand), wild


@pytest.mark.parametrize(("name", "seed"), seeds(35, 3, DECLARING))
def test_quick_refusal_never_refuses_what_the_search_accepts(name: str, seed: int) -> None:
    """Invariant: whenever the quick proof says "no declaration", the full
    search agrees (hands near a declaration, every declaring variant)."""
    v = rk.load_variant(name)
    hand, wild = _near_declaration(v, random.Random(seed))
    _, _, pure, may_leave = declaration_rule(v)
    for leave in {0, may_leave}:
        rest = hand if leave else hand[:-1]
        if _cannot_declare(rules_for(v, wild), [c.code for c in rest], pure, leave):
            assert not _search(v, rest, wild, leave)


@pytest.mark.parametrize("seed", seeds(40, 8))
def test_indian_random_hands_quick_refusal_agrees_with_the_search(seed: int) -> None:
    """Random 14-card Indian hands (the benchmark's hands): the quick proof
    refuses only hands the search refuses too."""
    v = rk.load_variant("indian")
    rng = random.Random(seed)
    shoe = list(v.deck.shoe(2))
    drawn = rng.sample(shoe, 15)
    hand, wild = sorted(drawn[:14]), v.deck.wild_ranks_for(drawn[14])
    if _cannot_declare(rules_for(v, wild), [c.code for c in hand], 1, 1):
        assert not _search(v, hand, wild, 1)
    assert (rk.best_declaration(v, hand, wild_ranks=wild, leave_one=True) is not None) == _search(
        v, hand, wild, 1
    )


@pytest.mark.parametrize("seed", seeds(60, 15))
def test_indian_small_hands_equal_the_brute_force(seed: int) -> None:
    """Seven-card Indian hands with wilds, against the plain enumeration of
    the reference (``tests/oracles``) (two sequences, one pure, the rest melded)."""
    v = rk.load_variant("indian")
    rng = random.Random(seed)
    block = [rk.Card.from_code(s * 13 + r) for s in range(4) for r in range(rng.randrange(9), 13)][:16]
    hand = sorted(rng.sample(block * 2 + [rk.Card.joker()] * 2, 7))
    wild = v.deck.wild_ranks_for(rng.choice(block)) if rng.random() < 0.7 else frozenset()
    expected = reference_declaration(v, hand, wild_ranks=wild, leave_one=True, min_runs=2, min_pure_runs=1)
    found = rk.best_declaration(v, hand, wild_ranks=wild, leave_one=True)
    assert (found is None) == (expected is None)
    if found is not None:
        assert found.deadwood_value == expected


@pytest.mark.parametrize(("name", "seed"), seeds(15, 2, ["indian", "kalooki", "double-rum", "rum500"]))
def test_memos_kept_between_calls_change_no_answer(name: str, seed: int) -> None:
    """The general search keeps its memos between calls (a state's best cost
    does not depend on the rest of the hand). Invariant: a run of related
    hands (one card swapped at a time, as in play) gets the same answers with
    the memos kept as with the memos dropped before every call."""
    v = rk.load_variant(name)
    rng = random.Random(seed)
    shoe = list(v.deck.shoe(v.players.min))
    size = v.deal.hand_size_for(v.players.min)
    hand = rng.sample(shoe, size)
    wild: frozenset[rk.Rank] = frozenset()
    if v.deck.cuts_wild():
        wild = v.deck.wild_ranks_for(rng.choice(shoe))
    rules = rules_for(v, wild)
    runs, pure = v.going_out.run_requirement()
    for _ in range(6):
        hand[rng.randrange(size)] = rng.choice(shoe)
        kept = [
            rk.min_deadwood(v, hand, wild_ranks=wild),
            rk.min_deadwood(v, hand, wild_ranks=wild, min_runs=runs, min_pure_runs=pure),
            rk.best_declaration(v, hand, wild_ranks=wild, leave_one=True),
        ]
        rules.memo_cache.clear()
        fresh = [rk.min_deadwood(v, hand, wild_ranks=wild)]
        rules.memo_cache.clear()
        fresh.append(rk.min_deadwood(v, hand, wild_ranks=wild, min_runs=runs, min_pure_runs=pure))
        rules.memo_cache.clear()
        fresh.append(rk.best_declaration(v, hand, wild_ranks=wild, leave_one=True))
        assert kept == fresh
