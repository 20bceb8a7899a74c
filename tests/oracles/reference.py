"""A slow, plainly exhaustive meld solver: the reference the fast one is tested against.

It enumerates every way to split a hand into groups that are melds (checked
with :func:`~rummykit.melds.classify.meld_options`) and leftover cards, with
no pruning, no wild-card reasoning and no tables, so it is easy to trust and
exponential in the hand size: use it on small hands (up to about nine cards).

>>> import rummykit as rk
>>> v = rk.load_variant("straight")
>>> reference_min_deadwood(v, rk.parse_cards("7C 7D 7H 8H 9H 2S"))
(16, 3)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

from rummykit.cards import Card, Rank
from rummykit.melds.classify import interpretations
from rummykit.melds.meld import MeldKind
from rummykit.melds.tables import Rules, rules_for
from rummykit.variant import Variant

__all__ = [
    "all_partitions",
    "group_level",
    "reference_declaration",
    "reference_discard",
    "reference_min_deadwood",
]

Group = tuple[int, ...]


def group_level(rules: Rules, group: Group) -> int:
    """-1: not a meld; 0: a set only; 1: can be a run; 2: can be a pure run."""
    readings = interpretations(rules, group)
    if not readings:
        return -1
    level = 0
    for m in readings:
        if m.kind is MeldKind.RUN:
            level = max(level, 2 if m.is_pure else 1)
    return level


def all_partitions(rules: Rules, codes: Sequence[int]) -> Iterator[tuple[tuple[Group, ...], Group]]:
    """Every split of the multiset ``codes`` into meld groups and leftovers.

    Each split is yielded once: ``(groups, leftovers)`` with groups and
    leftovers as sorted code tuples.
    """
    items = tuple(sorted(codes))

    def rec(rest: tuple[int, ...]) -> Iterator[tuple[tuple[Group, ...], Group]]:
        if not rest:
            yield (), ()
            return
        first, others = rest[0], rest[1:]
        for groups, left in rec(others):
            yield groups, (first, *left)
        counts = Counter(others)
        keys = sorted(counts)
        for choice in itertools.product(*(range(counts[k] + 1) for k in keys)):
            chosen = [k for k, n in zip(keys, choice, strict=True) for _ in range(n)]
            if not chosen:
                continue
            group = (first, *chosen)
            if group_level(rules, group) < 0:
                continue
            remaining = Counter(others)
            remaining.subtract(chosen)
            for groups, left in rec(tuple(sorted(remaining.elements()))):
                yield (group, *groups), left

    yield from rec(items)


def _codes(cards: Sequence[Card]) -> list[int]:
    return [c.code for c in cards]


def reference_min_deadwood(
    v: Variant,
    cards: Sequence[Card],
    *,
    wild_ranks: frozenset[Rank] = frozenset(),
    min_runs: int = 0,
    min_pure_runs: int = 0,
) -> tuple[int, int] | None:
    """``(deadwood value, deadwood cards)`` of the best split, or ``None``.

    The best split has the least deadwood value, then the fewest deadwood
    cards; it must hold ``min_runs`` groups that can be runs, ``min_pure_runs``
    of them pure.
    """
    rules = rules_for(v, frozenset(wild_ranks))
    values = rules.values
    best: tuple[int, int] | None = None
    for groups, left in all_partitions(rules, _codes(cards)):
        levels = [group_level(rules, g) for g in groups]
        if sum(1 for x in levels if x >= 1) < min_runs or sum(1 for x in levels if x == 2) < min_pure_runs:
            continue
        cost = (sum(values[c] for c in left), len(left))
        if best is None or cost < best:
            best = cost
    return best


def reference_discard(
    v: Variant, cards: Sequence[Card], *, wild_ranks: frozenset[Rank] = frozenset()
) -> tuple[int, int]:
    """The best ``(deadwood value, deadwood cards)`` after discarding one card."""
    results = []
    for i in range(len(cards)):
        rest = [c for j, c in enumerate(cards) if j != i]
        found = reference_min_deadwood(v, rest, wild_ranks=wild_ranks)
        assert found is not None
        results.append(found)
    return min(results)


def reference_declaration(
    v: Variant,
    cards: Sequence[Card],
    *,
    wild_ranks: frozenset[Rank] = frozenset(),
    leave_one: bool = False,
    patterns: Sequence[Sequence[int]] = (),
    min_runs: int = 0,
    min_pure_runs: int = 0,
) -> int | None:
    """The least value left over by a complete declaration, or ``None``.

    Every card is in a group except exactly one when ``leave_one``; the group
    sizes must match one of ``patterns`` (if any); runs as above.
    """
    rules = rules_for(v, frozenset(wild_ranks))
    values = rules.values
    wanted = {tuple(sorted(p)) for p in patterns}
    best: int | None = None
    for groups, left in all_partitions(rules, _codes(cards)):
        if len(left) != (1 if leave_one else 0):
            continue
        if wanted and tuple(sorted(len(g) for g in groups)) not in wanted:
            continue
        levels = [group_level(rules, g) for g in groups]
        if sum(1 for x in levels if x >= 1) < min_runs or sum(1 for x in levels if x == 2) < min_pure_runs:
            continue
        cost = sum(values[c] for c in left)
        if best is None or cost < best:
            best = cost
    return best
