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
possible discard (:func:`deadwood_each`) recomputes only the discarded card's
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

Discards (:func:`deadwood_each`). A card worth ``x`` that some best
arrangement leaves over leaves exactly the hand's value less ``x`` when
discarded, any other card more; :func:`dead_cards` finds the former by
following every best move of the memoised search, so only the other cards
are searched again, and with ``exact=False`` only those whose lower bound
does not exceed the least value found.

Memos, components and cost lists are shared by every wild rank of a variant
(the least deadwood of natural cards reads only their values, the same
whichever rank is wild). Checked against the general search
(:mod:`rummykit.melds.search`) and the brute force in
``tests/test_melds_components.py``: random Indian hands, every built-in
variant, and rule changes it must stay exact under or refuse.

>>> import rummykit as rk
>>> from rummykit.melds.tables import rules_for
>>> t = comp_tables(rules_for(rk.load_variant("indian"), frozenset({rk.Rank.NINE})))
>>> n, w, dead = encode(t, [c.code for c in rk.parse_cards("3H 4H 6H 9S JK KD QC")])
>>> w, deadwood(t, n, w), [str(rk.Card.from_code(c)) for c in dead_cards(t, n, w)]
(2, 20, ['QC', 'KD'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rummykit.melds.tables import JOKER, MAXK, Rules, rules_for

__all__ = ["CompTables", "comp_tables", "dead_cards", "deadwood", "deadwood_each", "encode", "one_dead"]

INF = 1 << 62
_M26 = (1 << 26) - 1
_EVEN26 = sum(1 << (2 * r) for r in range(13))
_EVEN = sum(1 << (2 * c) for c in range(52))
_SPREAD4 = 1 | 1 << 26 | 1 << 52 | 1 << 78
_COL = 3 * _SPREAD4
_MAXW = 31
_MEMO_LIMIT = 150_000
"""States the component solver's memos (one per number of wilds) keep in
all before they are dropped (bench/RESULTS.md, round 17: at 500,000 a long-running
Indian search held hundreds of megabytes)."""
MAX_CARDS = 17
"""The largest hand the component solver takes (a 16-card Continental hand
and its draw). A 40-card Boathouse hand, one component, took it 28 s where
the general search takes 2 s."""
_SUIT_SHIFT = tuple(26 * (c // 13) for c in range(52))
_RANK_SHIFT = tuple(2 * (c % 13) for c in range(52))

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


class CompTables:
    """Per-rules tables and the memo of the component solver."""

    def __init__(self, rules: Rules, share: CompTables | None = None) -> None:
        self.rules = rules
        values = rules.values
        self.values = values
        self.dead_joker = 0 if rules.wild[JOKER] else values[JOKER]
        self.usable = all(x >= 0 for x in values) and all(
            len(set(seq)) == len(seq) for _, seq in rules.windows
        )
        # wilds may be helpers at all: worth nothing, no limit, no pattern
        wild_codes = [c for c in range(53) if rules.wild[c]]
        self.wild_ok = (
            all(values[c] == 0 for c in wild_codes)
            and rules.min_naturals <= 1
            and (rules.adjacent_wilds or not rules.runs)
            and (rules.wilds_in_runs or not rules.runs)
            and (rules.wilds_in_sets or not rules.sets)
            and all(rules.wilds_ok(k, m) for m in range(1, MAXK + 1) for k in range(MAXK + 1))
        )
        self.set_min = min(rules.set_sizes) if rules.sets and rules.set_sizes else 99
        self._calls = 0
        self.passes: dict[tuple[int, int, int], _Pass] = {}
        """The last hands :func:`deadwood_each` was asked about, with what it
        found (the engine, then the player, ask about the same hand)."""
        self.known: dict[int, int] = {}
        """``cards << 5 | wilds`` -> least deadwood, for the hands that
        :func:`deadwood_each` found exactly (the player's hand after its
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
    suit_shift = _SUIT_SHIFT
    rank_shift = _RANK_SHIFT
    m26 = _M26
    colmask = _COL

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
    suit_shift = _SUIT_SHIFT
    rank_shift = _RANK_SHIFT
    m26 = _M26
    colmask = _COL

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
    p = [(present >> (26 * s)) & _M26 for s in range(4)]
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


def _conv(a: list[int], b: list[int]) -> list[int]:
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


def _split(t: CompTables, n: int, w: int) -> tuple[list[int], list[list[int]]]:
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
            acc = arr if acc is None else _conv(acc, arr)
    return fixed + (acc[w] if acc is not None else 0)


def _can_dead(
    t: CompTables, parts: list[int], arrs: list[list[int]], others: list[list[int]], w: int, total: int
) -> int:
    """The cards of value that some best arrangement of the components
    ``parts`` leaves over (``total``: their least deadwood; ``arrs``: their
    costs per number of wilds, ``others``: the other components' combined)."""
    d = t.d
    out = 0
    for j, p in enumerate(parts):
        if not w:
            out |= d(p, 0)
        else:
            o = others[j]
            a = arrs[j]
            for k in range(w + 1):
                if o[w - k] + a[k] == total:
                    out |= d(p, k)
    return out


def dead_cards(t: CompTables, n: int, w: int) -> list[int]:
    """The codes of the cards worth something that are deadwood in at least
    one best arrangement of natural cards ``n`` with ``w`` wilds: exactly
    those whose discard lowers the least deadwood by their whole value."""
    mask = _Pass(t, n, w, 0).can_dead  # the pass deadwood_each makes of a hand
    return [c for c in range(JOKER) if mask >> (2 * c) & 1]


def _walk_dead(t: CompTables, n: int, k: int) -> int:
    """The cards one best arrangement of ``n`` with ``k`` wilds leaves over
    (2-bit counts): the walk of :func:`_solver`'s search that puts the lowest
    card into the first meld that stays optimal (runs, then sets), and into
    the deadwood only where no meld does."""
    f = t.f
    run_opts = t.run_opts
    set_opts = t.set_opts
    dead = 0
    while n:
        target = f(n, k)
        c = ((n & -n).bit_length() - 1) >> 1
        moved = False
        for opts, sh in ((run_opts, _SUIT_SHIFT[c]), (set_opts, _RANK_SHIFT[c])):
            mask = _M26 if opts is run_opts else _COL
            for delta, kmin in opts[(n >> sh) & mask]:
                if kmin > k:
                    break
                left = n - (delta << sh)
                if (f(left, k - kmin) if left else 0) == target:
                    n, k, moved = left, k - kmin, True
                    break
            if moved:
                break
        if not moved:
            unit = 1 << (c << 1)
            dead += unit
            n -= unit
    return dead


def one_dead(t: CompTables, n: int, w: int) -> list[int]:
    """The codes of the natural cards (one per copy) that one best
    arrangement of natural cards ``n`` with ``w`` wilds leaves over: their
    values add up to :func:`deadwood`. The wilds go to the components in the
    first split that stays optimal, and each component is walked as the
    general search places cards (lowest first, into the first meld that stays
    optimal); among equally good arrangements this need not be the one
    :func:`rummykit.best_arrangement` gives.

    >>> import rummykit as rk
    >>> from rummykit.melds.tables import rules_for
    >>> t = comp_tables(rules_for(rk.load_variant("indian"), frozenset({rk.Rank.NINE})))
    >>> n, w, _ = encode(t, [c.code for c in rk.parse_cards("3H 4H 6H 9S JK KD QC QC")])
    >>> [str(rk.Card.from_code(c)) for c in one_dead(t, n, w)]
    ['QC', 'QC', 'KD']
    """
    if not n:
        return []
    t.trim()
    parts, arrs = _split(t, n, w)
    prefix = [[0] * (w + 1)]
    for a in arrs:
        prefix.append(_conv(prefix[-1], a))
    dead = 0
    k = w
    for j in range(len(parts) - 1, -1, -1):
        want = prefix[j + 1][k]
        a = arrs[j]
        kk = next(x for x in range(k + 1) if prefix[j][k - x] + a[x] == want)
        dead += _walk_dead(t, parts[j], kk)
        k -= kk
    out = []
    for c in range(JOKER):
        out.extend([c] * (dead >> (c << 1) & 3))
    return out


class _Pass:
    """One hand's components, their costs per number of wilds, and the
    values after a discard found so far (card code -> least deadwood)."""

    __slots__ = ("arrs", "can_dead", "done", "others", "parts", "total", "wild_less")

    def __init__(self, t: CompTables, n: int, w: int, dead: int) -> None:
        parts, arrs = _split(t, n, w)
        others: list[list[int]] = []
        wild_less = INF
        if w:
            prefix = [[0] * (w + 1)]
            for a in arrs:
                prefix.append(_conv(prefix[-1], a))
            total = prefix[-1][w] + dead
            wild_less = prefix[-1][w - 1] + dead  # the same components serve w - 1 wilds
            size = len(parts)
            suffix = [[0] * (w + 1)] * (size + 1)
            for i in range(size - 1, -1, -1):
                suffix[i] = _conv(suffix[i + 1], arrs[i])
            others = [_conv(prefix[j], suffix[j + 1]) for j in range(size)]
        else:
            total = sum(a[0] for a in arrs) + dead
        self.parts = parts
        self.arrs = arrs
        self.others = others
        self.total = total
        self.wild_less = wild_less
        self.can_dead = _can_dead(t, parts, arrs, others, w, total - dead) if total > dead else 0
        self.done: dict[int, int] = {}


def deadwood_each(
    t: CompTables,
    n: int,
    w: int,
    dead: int,
    want: Sequence[int],
    exact: bool = True,
    below: int | None = None,
) -> tuple[int, dict[int, int]]:
    """The least deadwood value of a hand (natural cards ``n``, ``w`` wilds,
    dead jokers worth ``dead``) and, for each code of ``want`` (cards of the
    hand), the least deadwood value after removing one copy of it.

    A card worth ``x`` that is deadwood in some best arrangement of the hand
    leaves exactly the hand's value less ``x``; any other leaves more (a
    better arrangement of the rest, plus the card, would beat the best). So
    the cards found by :func:`_dead_solver`, the wilds and the dead jokers
    are answered without a search, and with ``exact=False`` any other card
    whose lower bound (the hand's value less its own, plus one where that
    cannot be reached) exceeds the least value found is given that bound
    instead of a search. Then every value is at most the true one, equal to
    it wherever the true one is the least, and above the least elsewhere:
    the least and the cards that leave it are exact. ``want`` should list
    the most valuable cards first. With ``below`` as well, a card whose bound
    is at least ``below`` is not searched either: the values below it stay
    exact (enough to ask whether some discard leaves less than ``below``).

    The hand's components and the values found are kept for the next
    questions about the same hand (a player's hand is asked about by the
    engine's declaration check, then by its discard choice)."""
    key = (n, w, dead)
    passes = t.passes
    st = passes.get(key)
    if st is None:
        t.trim()
        if len(passes) > 64:
            passes.clear()
        st = passes[key] = _Pass(t, n, w, dead)
    f = t.f
    values = t.values
    wild = t.rules.wild
    done = st.done
    total = st.total
    can_dead = st.can_dead
    known = t.known
    if len(known) > 4096:
        known.clear()
    out: dict[int, int] = {}
    least = INF if below is None or exact else below - 1
    later: list[int] = []
    for c in want:
        got = done.get(c)
        if got is None:
            if wild[c]:
                got = st.wild_less
                known[n << 5 | (w - 1)] = got - dead
            elif c == JOKER or can_dead >> (c << 1) & 1:
                got = total - values[c]  # a dead joker is never in a meld
                if c != JOKER:
                    known[(n - (1 << (c << 1))) << 5 | w] = got - dead
            else:
                later.append(c)
                continue
            done[c] = got
        out[c] = got
        if got < least:
            least = got
    if later:
        parts = st.parts
        arrs = st.arrs
        others = st.others
    for c in later:
        unit = 1 << (c << 1)
        j = 0
        while not parts[j] & (unit | unit << 1):
            j += 1
        if not exact:
            # the rest of the hand as it is, or the other components with
            # every wild and nothing left of this one
            bound = total - values[c] + (1 if values[c] else 0)
            other = (others[j][w] if w else total - dead - arrs[j][0]) + dead
            if other > bound:
                bound = other
            if bound > least:
                out[c] = bound
                continue
        left = parts[j] - unit
        if not w:
            got = total - arrs[j][0] + (f(left, 0) if left else 0)
        else:
            o = others[j]
            if not left:
                got = o[w] + dead
            else:
                # f(left, k) >= f(left, w): fewer wilds here only help
                # where the other components gain by them
                top = f(left, w)
                got = o[0] + top
                for k in range(w - 1, -1, -1):
                    ok = o[w - k]
                    if ok + top < got:
                        y = ok + f(left, k)
                        if y < got:
                            got = y
                got += dead
        done[c] = got
        known[(n - unit) << 5 | w] = got - dead
        out[c] = got
        if got < least:
            least = got
    return total, out
