"""A simple memoised meld search over card multisets (a test oracle, slow but general).

It splits a hand the way the reference does (the lowest card is either
deadwood, the discard, or in a meld with compatible cards), but memoises the
best result for each remaining multiset. The fast solvers in
:mod:`rummykit.melds.general_search` and :mod:`rummykit.melds.no_wilds` answer the same
questions; this one backs them up in tests.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from oracles.reference import group_level
from rummykit.melds.tables import JOKER, Rules, card_rank, card_suit

__all__ = ["Plan", "simple_search"]

INF = 1 << 60
SCALE = 1 << 10

Plan = tuple[list[tuple[tuple[int, ...], int]], list[int], list[int]]
"""``(groups with the level each was counted at, deadwood, left over)``."""


def simple_search(
    rules: Rules,
    codes: Sequence[int],
    *,
    min_runs: int = 0,
    min_pure: int = 0,
    strict: bool = False,
    leave: int = 0,
    sizes: tuple[int, ...] | None = None,
    leave_costs: bool = False,
) -> tuple[int, Plan] | None:
    """The best split of ``codes``: least deadwood value, then fewest deadwood cards.

    ``strict``: no deadwood at all; ``leave``: exactly that many cards (0 or 1)
    are left over at no cost (a discard); ``sizes``: the groups' sizes must
    be exactly this multiset; ``leave_costs``: a left-over card costs its
    value (a declaration keeps the cheapest discard). Returns ``(cost, plan)`` with
    ``cost = value * SCALE + cards``, or ``None`` when impossible.
    """
    values = rules.values
    wild = rules.wild
    memo: dict[tuple[tuple[int, ...], int, int, int, tuple[int, ...] | None], tuple[int, object]] = {}

    def best(
        rest: tuple[int, ...], r: int, p: int, lv: int, sz: tuple[int, ...] | None
    ) -> tuple[int, object]:
        key = (rest, r, p, lv, sz)
        hit = memo.get(key)
        if hit is not None:
            return hit
        if not rest:
            ok = r == 0 and p == 0 and lv == 0 and (sz is None or not sz)
            result: tuple[int, object] = (0 if ok else INF, None)
            memo[key] = result
            return result
        first, others = rest[0], rest[1:]
        options: list[tuple[int, object]] = []
        if lv:
            sub = best(others, r, p, lv - 1, sz)[0]
            extra = values[first] * SCALE if leave_costs else 0
            options.append((sub + extra if sub < INF else INF, ("leave",)))
        if first == JOKER or wild[first]:
            pool = list(others)
        else:
            pool = [
                c
                for c in others
                if wild[c]
                or (c != JOKER and (card_rank(c) == card_rank(first) or card_suit(c) == card_suit(first)))
            ]
        counts = Counter(pool)
        keys = sorted(counts)
        for choice in itertools.product(*(range(counts[k] + 1) for k in keys)):
            chosen = [k for k, n in zip(keys, choice, strict=True) for _ in range(n)]
            if not chosen:
                continue
            group = (first, *chosen)
            if sz is not None and len(group) not in sz:
                continue
            level = group_level(rules, group)
            if level < 0:
                continue
            left = Counter(others)
            left.subtract(chosen)
            remaining = tuple(sorted(left.elements()))
            nsz = sz
            if sz is not None:
                lst = list(sz)
                lst.remove(len(group))
                nsz = tuple(lst)
            counted = [0]
            if level >= 1 and r > 0:
                counted.append(1)
            if level == 2 and p > 0:
                counted.append(2)
            for used in counted:
                nr = r - 1 if used and r else r
                np_ = p - 1 if used == 2 and p else p
                options.append((best(remaining, nr, np_, lv, nsz)[0], ("meld", group, used)))
        if not strict:
            sub = best(others, r, p, lv, sz)[0]
            options.append((sub + values[first] * SCALE + 1 if sub < INF else INF, ("dead",)))
        result = min(options, key=lambda o: o[0]) if options else (INF, None)
        memo[key] = result
        return result

    start = (
        tuple(sorted(codes)),
        min_runs,
        min_pure,
        leave,
        tuple(sorted(sizes)) if sizes is not None else None,
    )
    cost = best(*start)[0]
    if cost >= INF:
        return None
    groups: list[tuple[tuple[int, ...], int]] = []
    dead: list[int] = []
    left_over: list[int] = []
    rest, r, p, lv, sz = start
    while rest:
        _, move = best(rest, r, p, lv, sz)
        assert isinstance(move, tuple)
        if move[0] == "leave":
            left_over.append(rest[0])
            rest, lv = rest[1:], lv - 1
        elif move[0] == "dead":
            dead.append(rest[0])
            rest = rest[1:]
        else:
            group, used = move[1], move[2]
            groups.append((group, used))
            left = Counter(rest)
            left.subtract(group)
            rest = tuple(sorted(left.elements()))
            if used and r:
                r -= 1
            if used == 2 and p:
                p -= 1
            if sz is not None:
                lst = list(sz)
                lst.remove(len(group))
                sz = tuple(lst)
    return cost, (groups, dead, left_over)
