"""The fast path for hands without wild cards from a single deck (internal).

Gin, knock, Thai, straight rummy and most hands of any variant without wilds
take this path. The hand is one 52-bit mask (bit = card code), read as four
13-bit rank masks, one per suit. Runs never cross suits, so once the sets are
chosen each suit is solved on its own, and the best runs-only split of every
possible rank mask of one suit is a per-variant table (8,192 entries, built
on first use). Only the sets are searched: for each rank with enough cards,
which of its cards form a set; a rank none of whose cards can be in a run
simply takes its best set.

>>> import rummykit as rk
>>> from rummykit.melds.tables import rules_for
>>> gin = plain_tables(rules_for(rk.load_variant("gin")))
>>> hand = sum(1 << c.code for c in rk.parse_cards("7C 7D 7H 7S 8H 9H KS"))
>>> plain_cost(gin, hand) // SCALE
10
"""

from __future__ import annotations

import itertools

from rummykit.caches import register_store
from rummykit.cards import Card
from rummykit.melds.classify import interpretations
from rummykit.melds.meld import Meld
from rummykit.melds.tables import Rules

__all__ = [
    "SCALE",
    "PlainTables",
    "plain_cost",
    "plain_keyed_melds",
    "plain_melds",
    "plain_plan",
    "plain_tables",
]

SCALE = 1 << 10
"""Costs are ``deadwood value * SCALE + deadwood cards``."""

_M13 = (1 << 13) - 1
_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
_PATTERN = {(p & 1) | (p >> 1 & 1) << 13 | (p >> 2 & 1) << 26 | (p >> 3 & 1) << 39: p for p in range(16)}


class PlainTables:
    """Per-variant tables of the plain path."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        values = rules.values
        self.values = values
        self.usable = not rules.restricted and all(v >= 0 for v in values[:52])
        windows = rules.natural_windows
        # windows by their lowest rank: the only ones that can hold a mask's
        # lowest card and lie inside the mask; longest first
        by_low: list[list[int]] = [[] for _ in range(13)]
        for w in sorted(windows, key=lambda m: (-m.bit_count(), m)):
            by_low[(w & -w).bit_length() - 1].append(w)
        self.windows_by_low = tuple(tuple(ws) for ws in by_low)
        set_sizes = tuple(sorted(rules.set_sizes, reverse=True)) if rules.sets else ()
        self.set_min = min(set_sizes) if set_sizes else 0
        self.cover = _cover_table(self.windows_by_low)
        costs: list[_SuitCosts] = []
        for s in range(4):
            costs.append(_suit_table(self.windows_by_low, tuple(values[s * 13 + i] for i in range(13))))
        self.costs = costs
        self.choice = [c.picks for c in costs]
        # per rank and suit pattern: the set choices (52-bit masks), largest
        # first, then "no set"; and the single best set
        options: list[list[tuple[int, ...]]] = []
        best: list[list[int]] = []
        for r in range(13):
            per_rank: list[tuple[int, ...]] = []
            best_rank: list[int] = []
            for pattern in range(16):
                suits = [s for s in range(4) if pattern >> s & 1]
                found: list[int] = []
                for size in set_sizes:
                    for combo in itertools.combinations(suits, size):
                        found.append(sum(1 << (s * 13 + r) for s in combo))
                top = max(
                    found,
                    key=lambda m: (
                        sum(values[s * 13 + r] for s in range(4) if m >> (s * 13 + r) & 1),
                        m.bit_count(),
                        -m,
                    ),
                    default=0,
                )
                per_rank.append((*found, 0) if found else ())
                best_rank.append(top)
            options.append(per_rank)
            best.append(best_rank)
        self.set_options = options
        self.best_set = best
        self.run_melds = tuple(_SuitMelds(self, s) for s in range(4))
        self.set_melds: dict[int, Meld] = {}
        self.suit_dead: tuple[dict[int, int], ...] = ({}, {}, {}, {})

    def suit_melds(
        self, suit: int, mask: int
    ) -> tuple[tuple[tuple[int, Meld], ...], tuple[Meld, ...], tuple[Card, ...]]:
        """The runs of the best split of one suit's rank mask (each with its
        lowest card code, then alone) and its deadwood cards (cached)."""
        return self.run_melds[suit][mask]

    def dead_mask(self, mask: int) -> int:
        """The deadwood (a 52-bit mask) of the best split of a 52-bit hand."""
        m0 = mask & _M13
        m1 = mask >> 13 & _M13
        m2 = mask >> 26 & _M13
        m3 = mask >> 39
        in_sets = 0
        if self.set_min:
            cand = _candidates(self, m0, m1, m2, m3)
            if cand:
                in_sets = _sets(self, mask, m0, m1, m2, m3, cand)[1]
        rest = mask ^ in_sets
        dead = 0
        for s in range(4):
            part = rest >> (13 * s) & _M13
            dead_s = self.suit_dead[s].get(part)
            if dead_s is None:
                dead_s = self.split_dead(s, part)
            dead |= dead_s << (13 * s)
        return dead

    def split_dead(self, suit: int, mask: int) -> int:
        """The deadwood rank mask of the best runs-only split of one suit (cached)."""
        pick = self.choice[suit]
        dead = 0
        rest = mask
        while rest:
            w = pick[rest]
            if w:
                rest ^= w
            else:
                low = rest & -rest
                dead |= low
                rest ^= low
        self.suit_dead[suit][mask] = dead
        return dead

    def set_meld(self, delta: int) -> Meld:
        """The meld of a set given as a 52-bit mask (cached)."""
        hit = self.set_melds.get(delta)
        if hit is None:
            codes = tuple(c for c in range(52) if delta >> c & 1)
            hit = interpretations(self.rules, codes)[0]
            self.set_melds[delta] = hit
        return hit


class _SuitMelds(dict[int, tuple[tuple[tuple[int, Meld], ...], tuple[Meld, ...], tuple[Card, ...]]]):
    """Rank mask of one suit -> its runs (keyed by lowest code, then alone)
    and deadwood cards in the best runs-only split (filled on first use)."""

    def __init__(self, tables: PlainTables, suit: int) -> None:
        super().__init__()
        self.tables = tables
        self.suit = suit

    def __missing__(
        self, mask: int
    ) -> tuple[tuple[tuple[int, Meld], ...], tuple[Meld, ...], tuple[Card, ...]]:
        suit = self.suit
        pick = self.tables.choice[suit]
        melds: list[tuple[int, Meld]] = []
        dead: list[Card] = []
        rest = mask
        while rest:
            w = pick[rest]
            if w:
                codes = tuple(suit * 13 + i for i in range(13) if w >> i & 1)
                melds.append((codes[0], interpretations(self.tables.rules, codes)[0]))
                rest ^= w
            else:
                low = rest & -rest
                dead.append(Card.from_code(suit * 13 + low.bit_length() - 1))
                rest ^= low
        found = (tuple(melds), tuple(m for _, m in melds), tuple(dead))
        self[mask] = found
        return found


class _Cover(dict[int, int]):
    """Rank mask -> the ranks that lie in some run window inside the mask
    (filled on first use)."""

    def __init__(self, by_low: tuple[tuple[int, ...], ...]) -> None:
        super().__init__({0: 0})
        self.by_low = by_low

    def __missing__(self, mask: int) -> int:
        low = mask & -mask
        hit = self[mask ^ low]
        for w in self.by_low[low.bit_length() - 1]:
            if w & mask == w:
                hit |= w
        self[mask] = hit
        return hit


class _Picks(dict[int, int]):
    """Rank mask -> the run its lowest rank takes in the best split (0: deadwood)."""

    def __init__(self, costs: _SuitCosts) -> None:
        super().__init__({0: 0})
        self.costs = costs

    def __missing__(self, mask: int) -> int:
        self.costs[mask]  # filling the cost fills the pick
        return self[mask]


class _SuitCosts(dict[int, int]):
    """Rank mask -> the cost of the best runs-only split of one suit's cards
    (filled on first use; ``picks`` holds the runs chosen)."""

    def __init__(self, by_low: tuple[tuple[int, ...], ...], vals: tuple[int, ...]) -> None:
        super().__init__({0: 0})
        self.by_low = by_low
        self.dead = tuple(v * SCALE + 1 for v in vals)
        self.picks = _Picks(self)

    def __missing__(self, mask: int) -> int:
        low = mask & -mask
        i = low.bit_length() - 1
        best = self[mask ^ low] + self.dead[i]
        chosen = 0
        for w in self.by_low[i]:
            if w & mask == w:
                x = self[mask ^ w]
                if x < best:
                    best, chosen = x, w
        self[mask] = best
        self.picks[mask] = chosen
        return best


_COVERS: dict[tuple[tuple[int, ...], ...], _Cover] = {}
_SUITS: dict[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], _SuitCosts] = {}


def clear_tables() -> None:
    """Forget the cover and suit tables shared by variants."""
    _COVERS.clear()
    _SUITS.clear()


register_store("melds.no_wilds.tables", _COVERS, _SUITS)


def _cover_table(by_low: tuple[tuple[int, ...], ...]) -> _Cover:
    """The cover table of these windows (shared by every variant with them)."""
    found = _COVERS.get(by_low)
    if found is None:
        found = _COVERS[by_low] = _Cover(by_low)
    return found


def _suit_table(by_low: tuple[tuple[int, ...], ...], vals: tuple[int, ...]) -> _SuitCosts:
    """The suit table of these windows and card values (shared)."""
    key = (by_low, vals)
    found = _SUITS.get(key)
    if found is None:
        if len(_SUITS) > 256:
            _SUITS.clear()
        found = _SUITS[key] = _SuitCosts(by_low, vals)
    return found


def plain_tables(rules: Rules) -> PlainTables:
    """The (cached) plain-path tables of ``rules``."""
    found = rules.plain_cache.get(0)
    if found is None:
        found = PlainTables(rules)
        rules.plain_cache[0] = found
    assert isinstance(found, PlainTables)
    return found


def _candidates(t: PlainTables, m0: int, m1: int, m2: int, m3: int) -> int:
    """Ranks with enough cards for a set."""
    smin = t.set_min
    if smin == 3:
        return (m0 & m1 & (m2 | m3)) | ((m0 | m1) & m2 & m3)
    if smin == 4:
        return m0 & m1 & m2 & m3
    out = 0
    for r in range(13):
        bit = 1 << r
        if ((m0 & bit) > 0) + ((m1 & bit) > 0) + ((m2 & bit) > 0) + ((m3 & bit) > 0) >= smin:
            out |= bit
    return out


def _sets(t: PlainTables, mask: int, m0: int, m1: int, m2: int, m3: int, cand: int) -> tuple[int, int]:
    """The best cost and the cards in sets (a 52-bit mask)."""
    cover = t.cover
    cov = cover[m0] | cover[m1] << 13 | cover[m2] << 26 | cover[m3] << 39
    options = t.set_options
    best_set = t.best_set
    fixed = 0
    branching: list[tuple[int, ...]] = []
    while cand:
        bit = cand & -cand
        cand ^= bit
        r = bit.bit_length() - 1
        cards = (_SPREAD << r) & mask
        pattern = _PATTERN[cards >> r]
        if cards & cov:
            branching.append(options[r][pattern])
        else:
            fixed |= best_set[r][pattern]
    c0, c1, c2, c3 = t.costs
    base = mask ^ fixed
    if not branching:
        return c0[base & _M13] + c1[base >> 13 & _M13] + c2[base >> 26 & _M13] + c3[base >> 39], fixed
    best = -1
    chosen = 0
    deltas = branching[0] if len(branching) == 1 else [sum(combo) for combo in itertools.product(*branching)]
    for delta in deltas:
        m = base ^ delta
        cost = c0[m & _M13] + c1[m >> 13 & _M13] + c2[m >> 26 & _M13] + c3[m >> 39]
        if best < 0 or cost < best:
            best, chosen = cost, delta
    return best, fixed | chosen


def plain_cost(t: PlainTables, mask: int) -> int:
    """The best cost of a hand given as a 52-bit mask of natural cards."""
    m0 = mask & _M13
    m1 = mask >> 13 & _M13
    m2 = mask >> 26 & _M13
    m3 = mask >> 39
    if t.set_min:
        cand = _candidates(t, m0, m1, m2, m3)
        if cand:
            return _sets(t, mask, m0, m1, m2, m3, cand)[0]
    c0, c1, c2, c3 = t.costs
    return c0[m0] + c1[m1] + c2[m2] + c3[m3]


def _set_parts(t: PlainTables, mask: int) -> tuple[int, int]:
    """``(cost, cards in sets)`` of the best split."""
    m0 = mask & _M13
    m1 = mask >> 13 & _M13
    m2 = mask >> 26 & _M13
    m3 = mask >> 39
    if t.set_min:
        cand = _candidates(t, m0, m1, m2, m3)
        if cand:
            return _sets(t, mask, m0, m1, m2, m3, cand)
    c0, c1, c2, c3 = t.costs
    return c0[m0] + c1[m1] + c2[m2] + c3[m3], 0


def plain_keyed_melds(t: PlainTables, mask: int) -> tuple[int, list[tuple[int, Meld]], tuple[Card, ...]]:
    """``(cost, melds keyed by their lowest card code, deadwood)`` of the best split."""
    m0 = mask & _M13
    m1 = mask >> 13 & _M13
    m2 = mask >> 26 & _M13
    m3 = mask >> 39
    cand = _candidates(t, m0, m1, m2, m3) if t.set_min else 0
    if cand:
        cost, in_sets = _sets(t, mask, m0, m1, m2, m3, cand)
    else:
        c0, c1, c2, c3 = t.costs
        cost, in_sets = c0[m0] + c1[m1] + c2[m2] + c3[m3], 0
    keyed: list[tuple[int, Meld]] = []
    sets = in_sets
    while sets:
        low = sets & -sets
        r = (low.bit_length() - 1) % 13
        delta = sets & (_SPREAD << r)
        sets ^= delta
        keyed.append(((delta & -delta).bit_length() - 1, t.set_meld(delta)))
    rest = mask ^ in_sets
    dead: tuple[Card, ...] = ()
    for s in range(4):
        melds_s, _, dead_s = t.run_melds[s][rest >> (13 * s) & _M13]
        dead += dead_s
        keyed.extend(melds_s)
    return cost, keyed, dead


def plain_melds(t: PlainTables, mask: int) -> tuple[int, tuple[Meld, ...], tuple[Card, ...]]:
    """``(cost, melds, deadwood)`` of the best split, melds by lowest card."""
    m0 = mask & _M13
    m1 = mask >> 13 & _M13
    m2 = mask >> 26 & _M13
    m3 = mask >> 39
    cand = _candidates(t, m0, m1, m2, m3) if t.set_min else 0
    if not cand:
        c0, c1, c2, c3 = t.costs
        s0, s1, s2, s3 = t.run_melds
        _, r0, d0 = s0[m0]
        _, r1, d1 = s1[m1]
        _, r2, d2 = s2[m2]
        _, r3, d3 = s3[m3]
        return c0[m0] + c1[m1] + c2[m2] + c3[m3], r0 + r1 + r2 + r3, d0 + d1 + d2 + d3
    cost, keyed, dead = plain_keyed_melds(t, mask)
    keyed.sort(key=lambda km: km[0])
    return cost, tuple(m for _, m in keyed), dead


def plain_plan(t: PlainTables, mask: int) -> tuple[int, list[tuple[int, ...]], list[int]]:
    """``(cost, melds as code tuples, deadwood codes)`` of a 52-bit hand mask."""
    cost, melds, dead = plain_melds(t, mask)
    groups = [tuple(sorted(c.code for c in m.cards)) for m in melds]
    return cost, groups, [c.code for c in dead]
