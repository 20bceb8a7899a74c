"""Least deadwood by independent components: any number of decks, wilds worth nothing (internal).

For the unconstrained least deadwood value (no run requirement, no
declaration) of a hand whose wild cards are worth nothing as deadwood
(Indian rummy: printed and cut jokers count 0), where a wild may stand for
any natural card of any meld (wilds in sets and in runs, side by side, no
limit per meld, a meld needing at most one natural card), only the natural
cards matter: the wilds are ``w`` interchangeable helpers, a wild-rank card
included (recast as a wild, every meld it is natural in stays a meld, or
covers nothing of value). A hand with no wild card at all qualifies under
any rules; :func:`comp_tables` refuses rules with negative card values or
run windows that repeat a rank, :func:`encode` hands with wilds under other
rules (``CompTables.wild_ok``) or more than three copies of a card.

Representation. The natural cards are one integer with a 2-bit count per
card code (up to three copies); a suit is a 26-bit field.

Components. Two natural cards are *linked* when one meld could hold both as
neighbours: same suit and at most ``w`` ranks between them in some run
window, or same rank in two suits where enough cards and wilds make a set.
The naturals of any meld are connected, so the hand splits into components
that share nothing but the wilds: the least deadwood of each component is
computed for every number of wilds ``0..w``, and the components are combined
by a min-plus convolution over the wilds. The least deadwood after each
possible discard (:func:`~rummykit.melds.component_discards.deadwood_each`) recomputes only the discarded card's
component: one pass over the hand instead of one search per card.

Search inside a component. The lowest natural card is deadwood, or the
lowest natural of a run or a set. A meld that holds a wild where a natural
card of the hand could stand may take that card instead (the card's old meld
takes the wild, or lost its only natural and covered nothing else), so a run
through window ``R`` takes one copy of every rank of ``R`` present, and a set
that holds a wild takes every card of its rank it may (every suit present;
every copy where suits may repeat). A deadwood card taking a wild's place
would lower the deadwood, so in a best arrangement these swaps move no card
of value in or out of the deadwood. Results are memoised per (cards,
wilds) and kept between calls: components recur from one hand to the next.

Discards (:func:`~rummykit.melds.component_discards.deadwood_each`). A card worth ``x`` that some best
arrangement leaves over leaves exactly the hand's value less ``x`` when
discarded, any other card more; :func:`~rummykit.melds.component_discards.dead_cards` finds the former by
following every best move of the memoised search, so only the other cards
are searched again, and with ``exact=False`` only those whose lower bound
does not exceed the least value found.

Memos, components and cost lists are shared by every wild rank of a variant
(the least deadwood of natural cards reads only their values, the same
whichever rank is wild). Checked against the general search
(:mod:`rummykit.melds.general_search`) and the brute force in
``tests/test_melds_components.py``: random Indian hands, every built-in
variant, and rule changes it must stay exact under or refuse.

>>> import rummykit as rk
>>> from rummykit.melds.tables import rules_for
>>> t = comp_tables(rules_for(rk.load_variant("indian"), frozenset({rk.Rank.NINE})))
>>> n, w, dead = encode(t, [c.code for c in rk.parse_cards("3H 4H 6H 9S JK KD QC")])
>>> w, deadwood(t, n, w)
(2, 20)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rummykit.melds.tables import JOKER, MAXK, Rules, rules_for

if TYPE_CHECKING:
    from rummykit.melds.component_discards import DiscardPass

__all__ = [
    "COL",
    "M26",
    "RANK_SHIFT",
    "SUIT_SHIFT",
    "CompTables",
    "comp_tables",
    "deadwood",
    "encode",
    "min_plus",
    "split_costs",
]

INF = 1 << 62
M26 = (1 << 26) - 1
_EVEN26 = sum(1 << (2 * r) for r in range(13))
_EVEN = sum(1 << (2 * c) for c in range(52))
_SPREAD4 = 1 | 1 << 26 | 1 << 52 | 1 << 78
COL = 3 * _SPREAD4
_MAXW = 31
_MEMO_LIMIT = 150_000
"""States the component solver's memos (one per number of wilds) keep in
all before they are dropped (bench/memory.py: at 500,000 a long-running
Indian search held hundreds of megabytes)."""
MAX_CARDS = 17
"""The largest hand the component solver takes (a 16-card Continental hand
and its draw). A 40-card Boathouse hand, one component, took it 28 s where
the general search takes 2 s."""
SUIT_SHIFT = tuple(26 * (c // 13) for c in range(52))
RANK_SHIFT = tuple(2 * (c % 13) for c in range(52))

ONES = tuple(sum(1 << (2 * r) for r in range(13) if m >> r & 1) for m in range(1 << 13))
"""13-bit rank mask -> one copy of each rank in a 26-bit suit field."""
FIELD = tuple(3 * x for x in ONES)
"""13-bit rank mask -> the 2-bit count fields of those ranks."""


def _ranks(field: int) -> int:
    """The 13-bit mask of the ranks present in a 26-bit suit field."""
    m = 0
    for r in range(13):
        if field >> (2 * r) & 3:
            m |= 1 << r
    return m


def _no_wild_limit(rules: Rules) -> bool:
    """Whether a meld may hold any number of wilds (the meld rules' own
    limits; shared by every wild rank of a variant)."""
    found = rules.shape_cache.get("no_wild_limit")
    if found is None:
        found = rules.shape_cache["no_wild_limit"] = all(
            rules.wilds_ok(k, m) for m in range(1, MAXK + 1) for k in range(MAXK + 1)
        )
    return bool(found)


class CompTables:
    """Per-rules tables and the memo of the component solver."""

    def __init__(self, rules: Rules, share: CompTables | None = None) -> None:
        self.rules = rules
        values = rules.values
        self.values = values
        self.dead_joker = 0 if rules.wild[JOKER] else values[JOKER]
        self.usable: bool = (
            not rules.restricted
            and all(x >= 0 for x in values)
            and (
                share.usable
                if share is not None
                else all(len(set(seq)) == len(seq) for _, seq in rules.windows)
            )
        )
        # wilds may be helpers at all: worth nothing, no limit, no pattern
        wild_codes = [c for c in range(53) if rules.wild[c]]
        self.wild_ok = (
            all(values[c] == 0 for c in wild_codes)
            and rules.min_naturals <= 1
            and (rules.adjacent_wilds or not rules.runs)
            and (rules.wilds_in_runs or not rules.runs)
            and (rules.wilds_in_sets or not rules.sets)
            and _no_wild_limit(rules)
        )
        self.set_min = min(rules.set_sizes) if rules.sets and rules.set_sizes else 99
        self._calls = 0
        self.passes: dict[tuple[int, int, int], DiscardPass] = {}
        """The last hands :func:`~rummykit.melds.component_discards.deadwood_each` was asked about, with what it
        found (the engine, then the player, ask about the same hand)."""
        self.known: dict[int, int] = {}
        """``cards << 5 | wilds`` -> least deadwood, for the hands that
        :func:`~rummykit.melds.component_discards.deadwood_each` found exactly (the player's hand after its
        discard is asked about again at its next turn)."""
        self.gap: list[list[int]]
        """The fewest wilds between two ranks in one run window."""
        self.memos: list[dict[int, int]]
        """One memo per number of wilds: natural cards -> least deadwood."""
        self.dead_memos: list[dict[int, int]]
        """The same for :func:`_dead_solver`."""
        self.suit_cache: dict[int, tuple[int, ...]]
        self.groups_cache: dict[int, tuple[int, ...]]
        self.costs: dict[int, list[int]]
        """Natural cards and wilds -> ``[f(cards, 0), ..., f(cards, wilds)]``."""
        self.run_opts: _RunOptions
        self.set_opts: _SetOptions
        self.f: Callable[[int, int], int]
        self.d: Callable[[int, int], int]
        if share is not None:
            # the same meld rules and the same values of every card that is
            # natural here: f(cards, wilds) is the same function (it reads the
            # values of natural cards only), so the memos are shared
            self.gap = share.gap
            self.memos = share.memos
            self.dead_memos = share.dead_memos
            self.suit_cache = share.suit_cache
            self.groups_cache = share.groups_cache
            self.costs = share.costs
            self.run_opts = share.run_opts
            self.set_opts = share.set_opts
            self.f = share.f
            self.d = share.d
            return
        gap = [[INF] * 13 for _ in range(13)]
        for _, seq in rules.windows:
            for a, ra in enumerate(seq):
                for b in range(a + 1, len(seq)):
                    i, j = ra - 1, seq[b] - 1
                    g = b - a - 1
                    if g < gap[i][j]:
                        gap[i][j] = gap[j][i] = g
        self.gap = gap
        self.memos = [{} for _ in range(_MAXW + 1)]
        self.dead_memos = [{} for _ in range(_MAXW + 1)]
        self.suit_cache = {}
        self.groups_cache = {}
        self.costs = {}
        self.run_opts = _RunOptions(rules)
        self.set_opts = _SetOptions(rules)
        self.f = _solver(self)
        self.d = _dead_solver(self)

    def trim(self) -> None:
        """Drop the memos once they hold too many states (checked every 64 calls)."""
        self._calls += 1
        if self._calls & 63:
            return
        if sum(len(m) for m in self.memos) > _MEMO_LIMIT:
            for m in self.memos:
                m.clear()
            for m in self.dead_memos:
                m.clear()
            self.costs.clear()
        if len(self.groups_cache) > _MEMO_LIMIT:
            self.groups_cache.clear()
        if len(self.suit_cache) > _MEMO_LIMIT:
            self.suit_cache.clear()

    def suit_pieces(self, present: int, w: int) -> tuple[int, ...]:
        """The linked groups of one suit with ``w`` wilds, as count-field
        masks; ``present`` has bit ``2 * rank`` per rank present (cached)."""
        key = present << 5 | w
        hit = self.suit_cache.get(key)
        if hit is None:
            ranks = [r for r in range(13) if present >> (2 * r) & 1]
            limit = w if self.rules.wilds_in_runs else 0
            parent = {r: r for r in ranks}

            def root(r: int) -> int:
                while parent[r] != r:
                    r = parent[r]
                return r

            if self.rules.runs:
                gap = self.gap
                for a, i in enumerate(ranks):
                    for j in ranks[a + 1 :]:
                        if gap[i][j] <= limit:
                            parent[root(j)] = root(i)
            groups: dict[int, int] = {}
            for r in ranks:
                groups[root(r)] = groups.get(root(r), 0) | 3 << (2 * r)
            hit = self.suit_cache[key] = tuple(groups.values())
        return hit


class _RunOptions(dict[int, tuple[tuple[int, int], ...]]):
    """A suit's 26-bit count field (its lowest rank leads) -> the runs that
    rank may lead: ``(one copy of each rank taken, as a suit field; wilds
    needed)``, fewest wilds first, one per set of ranks (filled on use)."""

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, field: int) -> tuple[tuple[int, int], ...]:
        rules = self.rules
        m = _ranks(field)
        low = (m & -m).bit_length() - 1
        found: dict[int, int] = {}
        for wm, _ in rules.windows:
            if wm >> low & 1:
                taken = m & wm
                if taken not in found:
                    kb = rules.run_kbits(taken)
                    if kb:
                        found[taken] = (kb & -kb).bit_length() - 1
        out = tuple(
            (ONES[t], k) for t, k in sorted(found.items(), key=lambda tk: (tk[1], -tk[0].bit_count(), tk[0]))
        )
        self[field] = out
        return out


class _SetOptions(dict[int, tuple[tuple[int, int], ...]]):
    """Counts of one rank per suit (2 bits at ``26 * suit``; the lowest suit
    present leads) -> the sets that card may lead: ``(cards taken, same
    layout; wilds needed)``. Without wilds any allowed choice; with wilds
    every suit present. A lone card with wilds is left to the runs where a
    run of it and as many wilds exists (the same meld). Filled on use."""

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules
        one = rules.set_kbits(1, True)
        one_min = (one & -one).bit_length() - 1 if one else INF
        self.lone_runs = all(
            (kb := rules.run_kbits(1 << r)) and (kb & -kb).bit_length() - 1 <= one_min for r in range(13)
        )

    def __missing__(self, col: int) -> tuple[tuple[int, int], ...]:
        rules = self.rules
        counts = [(col >> (26 * t)) & 3 for t in range(4)]
        lead = next(t for t in range(4) if counts[t])
        found: dict[int, int] = {}
        if rules.sets:
            limits = [min(c, 1) for c in counts] if rules.distinct else counts
            total = sum(limits)

            def add(choice: list[int]) -> None:
                size = sum(choice)
                kb = rules.set_kbits(size, all(x <= 1 for x in choice))
                delta = sum(x << (26 * t) for t, x in enumerate(choice))
                if kb & 1:
                    found[delta] = 0
                elif kb and size == total and not (size == 1 and self.lone_runs):
                    found[delta] = (kb & -kb).bit_length() - 1

            def rec(t: int, choice: list[int]) -> None:
                if t == 4:
                    add(choice)
                    return
                for x in range(1 if t == lead else 0, limits[t] + 1):
                    rec(t + 1, [*choice, x])

            rec(0, [])
        out = tuple(sorted(found.items(), key=lambda dk: (dk[1], -dk[0].bit_count(), dk[0])))
        self[col] = out
        return out


def _solver(t: CompTables) -> Callable[[int, int], int]:
    """The memoised least deadwood ``f(cards, wilds)`` of a natural-card integer."""
    memos = t.memos
    values = t.values
    run_opts = t.run_opts
    set_opts = t.set_opts
    suit_shift = SUIT_SHIFT
    rank_shift = RANK_SHIFT
    m26 = M26
    colmask = COL

    def f(n: int, k: int) -> int:
        memo = memos[k]
        got = memo.get(n)
        if got is not None:
            return got
        c = ((n & -n).bit_length() - 1) >> 1
        rest = n - (1 << (c << 1))
        if rest:
            x = memo.get(rest)
            best = values[c] + (f(rest, k) if x is None else x)
        else:
            best = values[c]
        if best:
            # (the memo is read here before calling: most answers are in it)
            sh = suit_shift[c]
            for delta, kmin in run_opts[(n >> sh) & m26]:
                if kmin > k:
                    break
                left = n - (delta << sh)
                if left:
                    x = memos[k - kmin].get(left)
                    if x is None:
                        x = f(left, k - kmin)
                else:
                    x = 0
                if x < best:
                    best = x
                    if not x:
                        break
            if best:
                sh = rank_shift[c]
                for delta, kmin in set_opts[(n >> sh) & colmask]:
                    if kmin > k:
                        break
                    left = n - (delta << sh)
                    if left:
                        x = memos[k - kmin].get(left)
                        if x is None:
                            x = f(left, k - kmin)
                    else:
                        x = 0
                    if x < best:
                        best = x
                        if not x:
                            break
        memo[n] = best
        return best

    return f


def _dead_solver(t: CompTables) -> Callable[[int, int], int]:
    """The memoised ``d(cards, wilds)``: the cards worth more than nothing
    that are deadwood in at least one best arrangement, as a mask with bit
    ``2 * code`` per card. Every best arrangement is one the search of
    :func:`_solver` walks, up to swaps that move no card of value in or out
    of the deadwood (the module's exchange argument), so following every
    move of that search that keeps the best value finds them all."""
    f = t.f
    memos = t.dead_memos
    values = t.values
    run_opts = t.run_opts
    set_opts = t.set_opts
    suit_shift = SUIT_SHIFT
    rank_shift = RANK_SHIFT
    m26 = M26
    colmask = COL

    def d(n: int, k: int) -> int:
        memo = memos[k]
        got = memo.get(n)
        if got is not None:
            return got
        target = f(n, k)
        out = 0
        if target:
            c = ((n & -n).bit_length() - 1) >> 1
            unit = 1 << (c << 1)
            rest = n - unit
            if values[c] + (f(rest, k) if rest else 0) == target:
                out = unit if values[c] else 0
                if rest:
                    out |= d(rest, k)
            sh = suit_shift[c]
            for delta, kmin in run_opts[(n >> sh) & m26]:
                if kmin > k:
                    break
                left = n - (delta << sh)
                if left and f(left, k - kmin) == target:
                    out |= d(left, k - kmin)
            sh = rank_shift[c]
            for delta, kmin in set_opts[(n >> sh) & colmask]:
                if kmin > k:
                    break
                left = n - (delta << sh)
                if left and f(left, k - kmin) == target:
                    out |= d(left, k - kmin)
        memo[n] = out
        return out

    return d


def comp_tables(rules: Rules) -> CompTables | None:
    """The component solver's tables for ``rules``, or ``None`` if it does not apply."""
    found = rules.plain_cache.get("components")
    if found is None:
        base = rules_for(rules.variant)
        share = comp_tables(base) if base is not rules else None
        if share is not None and any(
            rules.values[c] != base.values[c] for c in range(JOKER) if not rules.wild[c]
        ):
            share = None
        tables = CompTables(rules, share)
        found = tables if tables.usable else False
        rules.plain_cache["components"] = found
    return found if isinstance(found, CompTables) else None


def encode(t: CompTables, codes: Sequence[int]) -> tuple[int, int, int] | None:
    """``(natural cards, wilds, value of dead jokers)`` of a hand, or ``None``
    where the component solver does not apply (more than three copies of a
    card; wilds that cannot be counted as helpers) or does not pay (more than
    ``MAX_CARDS`` cards: one big component makes its memo grow with the
    subsets, where the general search prunes)."""
    if len(codes) > MAX_CARDS:
        return None
    wild = t.rules.wild
    n = 0
    w = 0
    jokers = 0
    for c in codes:
        if wild[c]:
            w += 1
        elif c == JOKER:
            jokers += 1
        else:
            sh = c << 1
            if (n >> sh) & 3 == 3:
                return None
            n += 1 << sh
    if w and not t.wild_ok:
        return None
    if w > _MAXW:
        return None
    return n, w, jokers * t.dead_joker


def _groups(t: CompTables, n: int, w: int) -> tuple[int, ...]:
    """The masks (2-bit fields) of the components of the natural cards ``n``
    with ``w`` wilds (cached by the ranks present per suit where sets need
    distinct suits, else by the cards)."""
    present = (n | n >> 1) & _EVEN
    key = (present if t.rules.distinct else n) << 5 | w
    hit = t.groups_cache.get(key)
    if hit is not None:
        return hit
    pw = w if w < 13 else 13
    groups: list[int] = []
    p = [(present >> (26 * s)) & M26 for s in range(4)]
    for s in range(4):
        if p[s]:
            sh = 26 * s
            groups.extend(g << sh for g in t.suit_pieces(p[s], pw))
    rules = t.rules
    p0, p1, p2, p3 = p
    link = (p0 & (p1 | p2 | p3)) | (p1 & (p2 | p3)) | (p2 & p3)  # ranks in two suits or more
    if link and rules.sets and len(groups) > 1:
        need = t.set_min - (w if rules.wilds_in_sets else 0)
        if rules.distinct:
            if need == 3:
                link = (p0 & p1 & (p2 | p3)) | ((p0 | p1) & p2 & p3)
            elif need == 4:
                link = p0 & p1 & p2 & p3
            elif need > 4:
                link = 0
        while link:
            bit = link & -link
            link ^= bit
            sh = bit.bit_length() - 1
            if not rules.distinct and sum((n >> (26 * s + sh)) & 3 for s in range(4)) < need:
                continue
            col = (3 << sh) * _SPREAD4
            hit_groups = [g for g in groups if g & col]
            if len(hit_groups) > 1:
                merged = 0
                for g in hit_groups:
                    merged |= g
                groups = [g for g in groups if not g & col]
                groups.append(merged)
    found = tuple(groups)
    t.groups_cache[key] = found
    return found


def min_plus(a: list[int], b: list[int]) -> list[int]:
    """Min-plus convolution of two cost lists indexed by wilds used."""
    out = []
    for k in range(len(a)):
        best = INF
        for j in range(k + 1):
            x = a[k - j] + b[j]
            if x < best:
                best = x
        out.append(best)
    return out


def _costs(t: CompTables, p: int, w: int) -> list[int]:
    """``[f(p, 0), ..., f(p, w)]`` (non-increasing: the ends first; cached)."""
    key = p << 5 | w
    hit = t.costs.get(key)
    if hit is None:
        f = t.f
        top = f(p, w)
        low = f(p, 0)
        hit = [low] * (w + 1) if low == top else [low, *(f(p, k) for k in range(1, w)), top]
        t.costs[key] = hit
    return hit


def split_costs(t: CompTables, n: int, w: int) -> tuple[list[int], list[list[int]]]:
    """The components of natural cards ``n`` with ``w`` wilds and the cost
    list of each (:func:`_costs`)."""
    parts = [n & g for g in _groups(t, n, w)] if n else []
    return parts, [_costs(t, p, w) for p in parts]


def deadwood(t: CompTables, n: int, w: int) -> int:
    """The least deadwood value of natural cards ``n`` with ``w`` wilds."""
    if not n:
        return 0
    hit = t.known.get(n << 5 | w)
    if hit is not None:
        return hit
    f = t.f
    t.trim()
    if not w:
        return sum(f(n & g, 0) for g in _groups(t, n, 0))
    acc: list[int] | None = None
    fixed = 0
    for g in _groups(t, n, w):
        arr = _costs(t, n & g, w)
        if arr[0] == arr[w]:
            fixed += arr[0]
        else:
            acc = arr if acc is None else min_plus(acc, arr)
    return fixed + (acc[w] if acc is not None else 0)
