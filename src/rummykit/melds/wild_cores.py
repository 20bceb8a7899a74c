"""Few wilds in a one-deck hand: choose the wilds' melds first, then solve the rest plainly (internal).

With ``W`` wild cards, at most ``W`` melds need a wild to exist at all (a
*wild core*: natural cards that make a meld only with ``a >= 1`` wilds, such
as ``KH`` + 2 wilds or ``7H 9H`` + 1). Every other meld is natural, and the
natural part is exactly the plain problem (:mod:`rummykit.melds.no_wilds`,
microseconds per call). So the search enumerates sets of disjoint wild cores
(branch and bound, the most valuable first; removing cards of value ``x`` can
lower the plain cost by at most ``x``, which prunes almost every set) and asks
the plain solver about the rest.

Wilds a chosen core does not need are *spare*: they ride on a chosen core
with room, and otherwise the general search (restricted to natural melds)
decides whether natural melds take them or they stay in the deadwood.
"""

from __future__ import annotations

from collections.abc import Callable

from rummykit.melds.no_wilds import PlainTables, plain_cost, plain_plan
from rummykit.melds.tables import Rules

__all__ = ["Core", "few_cores", "few_wilds"]

INF = 1 << 62

Core = tuple[int, int, int, int]
"""``(minus the cost of its cards, core mask (bit = card code), wilds needed,
extra wilds it can take)``: the most valuable core sorts first."""

Plan = tuple[list[tuple[tuple[int, ...], int]], list[int], list[int]]


def few_wilds(
    t: PlainTables,
    cores: list[Core],
    n: int,
    pool: list[int],
    spare_solver: Callable[[int, list[int]], tuple[int, Callable[[], Plan]]],
) -> tuple[int, Callable[[], Plan], Callable[[], tuple[list[list[int]], int, list[int], Plan | None]]]:
    """The best cost of the natural mask ``n`` with the wild ``pool``, a plan
    builder and a builder of the plan's parts.

    ``cores`` are the wild cores of the hand, the most valuable first.
    ``spare_solver(mask, wilds)`` solves a mask whose spare ``wilds`` may only
    ride on natural melds.
    """
    w_total = len(pool)
    base = plain_cost(t, n)
    best = INF
    best_choice: tuple[tuple[Core, ...], int] = ((), 0)
    # (cores, 0): the rest is solved plainly; (cores, 1): through spare_solver
    ncores = len(cores)
    chosen: list[Core] = []

    def settle_spare(rest: int, leftover: int) -> None:
        """Record ``chosen`` when ``leftover`` spare wilds have no room in it."""
        nonlocal best, best_choice
        cost = spare_solver(rest, pool[w_total - leftover :])[0]
        if cost < best:
            best = cost
            best_choice = (tuple(chosen), 1)

    def dfs(start: int, mask_x: int, used: int, room: int, here: int) -> None:
        # ``here`` is (a lower bound of) the plain cost of the cards outside
        # ``chosen``: removing cards worth ``v`` lowers it by at most ``v``,
        # and each further core needs a wild, so ``left`` more cores lower it
        # by at most ``left`` times the most valuable of them (the next one).
        nonlocal best, best_choice
        left = w_total - used
        for i in range(start, ncores):
            neg_value, mask, need, extra = core = cores[i]
            if here + neg_value * left >= best or best == 0:
                break  # the cores are sorted by value: none further can help
            if need > left or mask & mask_x:
                continue
            taken = mask_x | mask
            if here + neg_value < best:
                rest = n & ~taken
                plain_rest = plain_cost(t, rest)
                if plain_rest < best:
                    chosen.append(core)
                    if left - need <= room + extra:
                        best = plain_rest
                        best_choice = (tuple(chosen), 0)
                    else:
                        settle_spare(rest, left - need - room - extra)
                    chosen.pop()
            else:
                plain_rest = here + neg_value
            if left > need:
                chosen.append(core)
                dfs(i + 1, taken, used + need, room + extra, plain_rest)
                chosen.pop()

    dfs(0, 0, 0, 0, base)
    # no wild core at all: last, when the bound is tight
    if base < best:
        if w_total == 0:
            best, best_choice = base, ((), 0)
        else:
            settle_spare(n, w_total)

    def parts() -> tuple[list[list[int]], int, list[int], Plan | None]:
        """``(wild melds as codes, the natural rest, spare wilds left as
        deadwood, the plan of the rest when spare wilds ride on its melds)``."""
        chosen, mode = best_choice
        used = sum(c[2] for c in chosen)
        pos = 0
        groups: list[list[int]] = []
        rest = n
        for core in chosen:
            codes = []
            x = core[1]
            rest &= ~x
            while x:
                low = x & -x
                codes.append(low.bit_length() - 1)
                x ^= low
            groups.append(codes + pool[pos : pos + core[2]])
            pos += core[2]
        spare = pool[pos:]
        room = [core[3] for core in chosen]
        plan: Plan | None = None
        if mode == 1:
            leftover = w_total - used - sum(room)
            plan = spare_solver(rest, pool[w_total - leftover :])[1]()
            spare = spare[: len(spare) - leftover]
        for i, extra in enumerate(room):
            take = min(extra, len(spare))
            groups[i].extend(spare[:take])
            spare = spare[take:]
        return groups, rest, spare, plan

    def build() -> Plan:
        groups, rest, spare, plan = parts()
        out = [(tuple(g), 0) for g in groups]
        if plan is not None:
            out.extend(plan[0])
            dead = [*plan[1], *spare]
        else:
            _, plain_groups, plain_dead = plain_plan(t, rest)
            out.extend((g, 0) for g in plain_groups)
            dead = [*plain_dead, *spare]
        return out, dead, []

    return best, build, parts


def _card_cores(rules: Rules, suit: int, rank: int, near: int, wmax: int) -> tuple[Core, ...]:
    """The run cores led by one card (``rank`` of ``suit``) with some of the
    ``near`` higher ranks of its suit, that need 1 to ``wmax`` wilds (cached)."""
    key = (suit, rank, near, wmax)
    hit: tuple[Core, ...] | None = rules.few_cache.get(key)
    if hit is not None:
        return hit
    found: list[Core] = []
    full = (1 << (wmax + 1)) - 1
    dcost = rules.dcost
    base = 13 * suit
    for rm, kb in rules.run_subcores(rank, near, wmax):
        if kb & 1:
            continue  # a natural run: the plain solver's business
        a = (kb & -kb).bit_length() - 1
        x = kb >> a
        room = wmax if x & full == full else (x & ~(x + 1)).bit_length() - 1
        value = 0
        y = rm
        while y:
            b = y & -y
            value += dcost[base + b.bit_length() - 1]
            y ^= b
        found.append((-value, rm << base, a, room))
    if len(rules.few_cache) > 200_000:
        rules.few_cache.clear()
    result = rules.few_cache[key] = tuple(found)
    return result


def _suit_cores(rules: Rules, suit: int, mask: int, wmax: int) -> tuple[Core, ...]:
    """The run cores of one suit's cards (a rank mask) that need 1 to
    ``wmax`` wilds (cached per suit pattern, built from per-card pieces)."""
    key = (suit, mask, wmax)
    hit: tuple[Core, ...] | None = rules.few_cache.get(key)
    if hit is not None:
        return hit
    found: tuple[Core, ...] = ()
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        i = low.bit_length() - 1
        found += _card_cores(rules, suit, i, rules.near(i, rest, wmax) if rest else 0, wmax)
    rules.few_cache[key] = found
    return found


def _rank_cores(
    rules: Rules, rank: int, pattern: int, wmax: int, runs_cover_singles: bool
) -> tuple[Core, ...]:
    """``(-value, card mask, wilds needed, room)`` of every set core of one
    rank's cards (a 4-bit suit pattern) that needs 1 to ``wmax`` wilds (cached)."""
    key = ("set", rank, pattern, wmax, runs_cover_singles)
    hit: tuple[Core, ...] | None = rules.few_cache.get(key)
    if hit is not None:
        return hit
    found: list[Core] = []
    full = (1 << (wmax + 1)) - 1
    dcost = rules.dcost
    sub = pattern
    while sub:
        m = sub.bit_count()
        if m > 1 or not runs_cover_singles:
            kb = rules.set_kbits(m, True)
            if kb and not kb & 1:
                a = (kb & -kb).bit_length() - 1
                if a <= wmax:
                    x = kb >> a
                    room = wmax if x & full == full else (x & ~(x + 1)).bit_length() - 1
                    codes = [13 * s + rank for s in range(4) if sub >> s & 1]
                    found.append((-sum(dcost[c] for c in codes), sum(1 << c for c in codes), a, room))
        sub = (sub - 1) & pattern
    result = rules.few_cache[key] = tuple(found)
    return result


_M13 = (1 << 13) - 1


def few_cores(rules: Rules, mask: int, wmax: int) -> list[Core]:
    """Every wild core of a one-deck hand (a 52-bit mask), the most valuable first."""
    out: list[Core] = []
    if rules.runs:
        for s in range(4):
            suit = mask >> (13 * s) & _M13
            if suit:
                out += _suit_cores(rules, s, suit, wmax)
    if rules.sets:
        single = rules.runs and _singles_by_runs(rules)
        for r in range(13):
            pattern = (
                (mask >> r & 1) | (mask >> (r + 12) & 2) | (mask >> (r + 24) & 4) | (mask >> (r + 36) & 8)
            )
            if pattern and (pattern & (pattern - 1) or not single):
                out += _rank_cores(rules, r, pattern, wmax, single)
    out.sort()
    return out


def _singles_by_runs(rules: Rules) -> bool:
    """Whether one card with wilds as a run always does what it does as a set
    (needs no more wilds, takes as many), so single-card set cores are not needed."""
    found: bool | None = rules.plain_cache.get("singles")
    if found is None:
        set_kb = rules.set_kbits(1, True)
        found = all(rules.run_kbits(1 << r) & set_kb == set_kb for r in range(13))
        rules.plain_cache["singles"] = found
    return found
