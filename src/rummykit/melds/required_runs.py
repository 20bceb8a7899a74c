"""Least deadwood when the melds must hold runs, by the component solver (internal).

An Indian declaration or loser's count needs "two sequences, one of them
pure" among the melds (``min_runs`` / ``min_pure_runs``). Where the
component solver applies (:mod:`rummykit.melds.components`: wilds worth
nothing, standing anywhere), such an arrangement is the required runs plus
any arrangement of the other cards, so the best is the least, over every
choice of required runs, of the unconstrained least deadwood of the rest:

* a pure run is a run window of one suit whose every rank the hand holds
  as a natural card (a wild-rank card standing for itself counts);
* any other run is a window of one suit that takes one copy of every rank
  of it the hand still holds as a natural card, and wilds for the rest. A
  run holding a wild where a natural card of the rest could stand may take
  that card instead (its old meld takes the wild, or loses its last natural
  card and covered nothing of value): nothing of value moves into the
  deadwood, so no best arrangement is lost.

No such run (or too few wilds for them) means ``None`` at once. The rest is
asked of the component solver, whose memos the choices share; the choice
leaving the hand's own unconstrained least is the best there is, so the
enumeration stops there. The arrangement is built from a walk of the
component solver's memoised search (:func:`rest_plan`).

>>> import rummykit as rk
>>> from rummykit.melds.components import comp_tables
>>> from rummykit.melds.tables import rules_for
>>> t = comp_tables(rules_for(rk.load_variant("indian"), frozenset({rk.Rank.NINE})))
>>> hand = [c.code for c in rk.parse_cards("3H 4H 5H 9S 7C 8C KD QC QD")]
>>> best_with_runs(t, hand, 2, 1)[0]  # 3H 4H 5H, and 9S as JD beside QD KD
25
>>> best_with_runs(t, [c.code for c in rk.parse_cards("3H 4H 6H 9S KD")], 2, 1) is None
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from rummykit.melds.classify import first_reading
from rummykit.melds.components import (
    COL,
    M26,
    ONES,
    RANK_SHIFT,
    SUIT_SHIFT,
    CompTables,
    deadwood,
    split_costs,
)
from rummykit.melds.components import min_plus as _min_plus
from rummykit.melds.tables import JOKER

__all__ = ["RunChoice", "best_with_runs", "rest_plan", "runs_plan"]

RunChoice = tuple[int, int, int, bool]
"""``(suit, rank mask, wilds it takes, pure)``: one required run."""

MAX_REQUIRED = 3
"""More required pure runs than this, or more than one other run, go to the
general search (two runs with wilds may need each other's cards)."""


def _run_options(t: CompTables, present: int) -> tuple[tuple[int, int], ...]:
    """``(natural ranks, fewest wilds)`` of every run of one suit that holds
    ``present`` ranks and takes every one of them its window spans (an
    interval of them in rank order, ace low or high): fewest wilds, then
    most cards first (cached per rank mask)."""
    rules = t.rules
    cache = rules.shape_cache.get("required_runs")  # shared by the wild ranks
    if cache is None:
        high = any(m & 1 and m >> 12 & 1 for m, _ in rules.windows)
        cache = rules.shape_cache["required_runs"] = {-1: high}
    hit: tuple[tuple[int, int], ...] | None = cache.get(present)
    if hit is None:
        ranks = [r for r in range(13) if present >> r & 1]
        orders = [ranks]
        if ranks and ranks[0] == 0 and cache[-1]:
            orders.append([*ranks[1:], 0])  # the ace above the king
        found: dict[int, int] = {}
        for order in orders:
            for i in range(len(order)):
                nat = 0
                for r in order[i:]:
                    nat |= 1 << r
                    kb = rules.run_kbits(nat)
                    if kb:
                        found[nat] = (kb & -kb).bit_length() - 1
        hit = cache[present] = tuple(sorted(found.items(), key=lambda nk: (nk[1], -nk[0].bit_count(), nk[0])))
    return hit


def _take(levels: list[int], mask: int) -> list[int]:
    """Per-copy presence masks (``levels[i]``: ranks held at least ``i + 1``
    times) after one copy of each rank of ``mask`` is taken."""
    out = [(x & ~mask) | (y & mask) for x, y in itertools.pairwise(levels)]
    out.append(levels[-1] & ~mask)
    return out


def best_with_runs(
    t: CompTables, codes: Sequence[int], min_runs: int, min_pure: int
) -> tuple[int, list[RunChoice], int, int] | None:
    """``(least deadwood value, the required runs, natural cards left, wilds
    left)`` of a hand (card codes) whose melds must hold ``min_runs`` runs,
    ``min_pure`` of them pure; ``None`` where no arrangement meets that. The
    rest's arrangement is :func:`rest_plan` of what is left (with no required
    runs chosen: the hand's own best arrangement, which holds them).

    The caller has checked that the component solver applies to these rules
    and that the hand has at most three copies of a card (``encode``)."""
    rules = t.rules
    wild = rules.wild
    n = 0  # natural cards standing for themselves, 2-bit counts
    w = 0
    dead = 0
    nat = [[0, 0, 0] for _ in range(4)]  # per suit: ranks held once, twice, three times
    wr = [[0, 0, 0] for _ in range(4)]  # the same for wild-rank cards
    for c in codes:
        if c == JOKER:
            if wild[JOKER]:
                w += 1
            else:
                dead += t.dead_joker
            continue
        s, r = divmod(c, 13)
        lv = wr[s] if wild[c] else nat[s]
        bit = 1 << r
        lv[2] |= lv[1] & bit
        lv[1] |= lv[0] & bit
        lv[0] |= bit
        if wild[c]:
            w += 1
        else:
            n += 1 << (c << 1)
    pure_n = max(min_pure, 0)
    other = max(min_runs - pure_n, 0)
    # the only caller (rummykit.melds.solver._with_runs) sends the rest elsewhere
    assert pure_n <= MAX_REQUIRED and other <= 1, f"required runs {min_runs}, pure {min_pure}: not here"
    found: list[tuple[int, int, list[RunChoice]]] = []

    def other_run(nn: int, levels: list[list[int]], ww: int, chosen: list[RunChoice]) -> None:
        if not other:
            found.append((nn, ww, list(chosen)))
            return
        for s in range(4):
            present = levels[s][0]
            if present:
                for m, k in _run_options(t, present):
                    if k > ww:
                        break
                    chosen.append((s, m, k, k == 0))
                    found.append((nn - (ONES[m] << (26 * s)), ww - k, list(chosen)))
                    chosen.pop()

    def pure_runs(
        nn: int,
        levels: list[list[int]],
        wlv: list[list[int]],
        ww: int,
        need: int,
        chosen: list[RunChoice],
        last: int,
    ) -> None:
        if not need:
            # wild-rank cards not in a pure run are wilds from here on
            other_run(nn, levels, ww, chosen)
            return
        for s in range(last >> 13, 4):
            have = levels[s][0]
            both = have | wlv[s][0]
            if not both:
                continue
            for m, k in _run_options(t, both):
                if k:
                    break
                if s << 13 | m < last:
                    continue  # each set of pure runs once, in (suit, ranks) order
                mn = m & have
                mw = m & ~have
                chosen.append((s, m, 0, True))
                lv2 = list(levels)
                lv2[s] = _take(levels[s], mn)
                wl2 = list(wlv)
                wl2[s] = _take(wlv[s], mw)
                pure_runs(
                    nn - (ONES[mn] << (26 * s)), lv2, wl2, ww - mw.bit_count(), need - 1, chosen, s << 13 | m
                )
                chosen.pop()

    pure_runs(n, nat, wr, w, pure_n, [], 0)
    if not found:
        return None
    target = deadwood(t, n, w) + dead  # no choice of runs leaves less
    runs = pure = 0
    for _, k, is_run in rest_plan(t, n, w)[0]:
        if is_run:
            runs += 1
            pure += not k
    if runs >= min_runs and pure >= min_pure:
        return target, [], n, w  # one best arrangement already holds them
    best: tuple[int, list[RunChoice], int, int] | None = None
    for nn, ww, chosen in found:
        cost = deadwood(t, nn, ww) + dead
        if best is None or cost < best[0]:
            best = (cost, chosen, nn, ww)
            if cost <= target:
                break
    return best


def rest_plan(t: CompTables, n: int, w: int) -> tuple[list[tuple[int, int, bool]], int]:
    """One best arrangement of natural cards ``n`` with ``w`` wilds, as
    ``([(natural cards of a meld, wilds it takes, whether a run)], deadwood)``
    in 2-bit counts: the wilds go to the components in the first split that stays
    optimal, each component walked as the search places cards (its lowest
    card into the first meld that stays optimal, else the deadwood)."""
    if not n:
        return [], 0
    parts, arrs = split_costs(t, n, w)
    prefix = [[0] * (w + 1)]
    for a in arrs:
        prefix.append(_min_plus(prefix[-1], a))
    melds: list[tuple[int, int, bool]] = []
    dead = 0
    k = w
    f = t.f
    run_opts = t.run_opts
    set_opts = t.set_opts
    for j in range(len(parts) - 1, -1, -1):
        want = prefix[j + 1][k]
        a = arrs[j]
        kk = next(x for x in range(k + 1) if prefix[j][k - x] + a[x] == want)
        k -= kk
        p = parts[j]
        while p:
            goal = f(p, kk)
            c = ((p & -p).bit_length() - 1) >> 1
            moved = False
            for opts, sh, mask in ((run_opts, SUIT_SHIFT[c], M26), (set_opts, RANK_SHIFT[c], COL)):
                for delta, kmin in opts[(p >> sh) & mask]:
                    if kmin > kk:
                        break
                    left = p - (delta << sh)
                    if (f(left, kk - kmin) if left else 0) == goal:
                        melds.append((delta << sh, kmin, opts is run_opts))
                        p, kk, moved = left, kk - kmin, True
                        break
                if moved:
                    break
            if not moved:
                unit = 1 << (c << 1)
                dead += unit
                p -= unit
    return melds, dead


def _codes(counts: int) -> list[int]:
    """The card codes of 2-bit counts, one per copy, in code order."""
    out: list[int] = []
    while counts:
        low = counts & -counts
        sh = low.bit_length() - 1
        c = sh >> 1
        k = (counts >> (c << 1)) & 3
        out.extend([c] * k)
        counts &= ~(3 << (c << 1))
    return out


def runs_plan(
    t: CompTables, codes: Sequence[int], found: tuple[int, list[RunChoice], int, int]
) -> tuple[list[tuple[tuple[int, ...], int]], list[int]] | None:
    """The groups (codes, reading level: 2 a pure run, 1 a run, 0 any) and
    the deadwood of the arrangement :func:`best_with_runs` found, its spare
    wilds in a meld that takes them where one does; ``None`` if its deadwood
    does not add up to the value found (the caller then searches)."""
    rules = t.rules
    wild = rules.wild
    cost, chosen, rest_n, rest_w = found
    pool = sorted((c for c in codes if wild[c]), key=lambda c: (c == JOKER, c))
    dead = [c for c in codes if c == JOKER and not wild[c]]
    groups: list[tuple[tuple[int, ...], int]] = []
    for s, mask, k, pure in chosen:
        cards = [13 * s + r for r in range(13) if mask >> r & 1]
        if pure and not k:
            for c in cards:
                if wild[c]:
                    pool.remove(c)  # a wild-rank card standing for itself
            level = 2
        else:
            level = 1
        if k > len(pool):
            return None
        cards += [pool.pop() for _ in range(k)]
        groups.append((tuple(sorted(cards)), level))
    melds, rest_dead = rest_plan(t, rest_n, rest_w)
    for delta, k, is_run in melds:
        if k > len(pool):
            return None
        level = (1 if k else 2) if is_run else 0
        groups.append((tuple(sorted(_codes(delta) + [pool.pop() for _ in range(k)])), level))
    dead += _codes(rest_dead)
    for c in pool:  # spare wilds: into a meld that takes them, else worth nothing
        for i, (g, level) in enumerate(groups):
            if level == 2:
                continue
            g2 = tuple(sorted((*g, c)))
            if first_reading(rules, g2, level) is not None:
                groups[i] = (g2, level)
                break
        else:
            dead.append(c)
    if sum(rules.values[c] for c in dead) != cost:
        return None
    return groups, dead
