"""The general meld search: any shoe, any wild cards, declarations (internal).

Representation. A hand's natural cards are one integer holding a small count
field per card code (``F`` bits each, the top bit a guard), so removing a
meld is a subtraction and "does the hand hold these cards" is one guarded
subtraction. Wild cards are not in that integer: they are a *pool*, sorted
from the most to the least valuable, of which the search only counts how
many are left. A wild-rank card (deuce, cut joker) may be natural or wild:
each split of those cards between the two roles is searched (splits whose
wilds have the same values share one memo). One-deck hands are plain bit
masks (``F = 1``).

Search. The lowest natural card is decided first: it is the final discard,
or in a meld with higher cards (a *core* of natural cards plus ``k`` wilds),
or deadwood. Cores are listed once per hand from tables per variant (which
rank patterns make a run with how many wilds). Results are memoised per
(remaining cards, state). Using the most valuable wilds first is optimal
because wilds are interchangeable in melds; and as soon as one chosen meld
can take every remaining wild (a run with room, when no wild limit binds),
later melds take only the wilds they need: the spare ones go to that meld.

State: wilds left, whether such an absorbing meld exists, whether the
discard is still to be made, runs and pure runs still needed, the ranks
that have a set (where a side holds one set of each rank), and (for
declarations with patterns) the meld sizes still to be filled.

Cards in no meld (the Canasta family's red threes) and cards that meld
only among themselves without wilds (its black threes) are settled apart
and the rest searched (:func:`_with_side`); wild-rank cards that may not
stand for themselves (twos in its sets) are always wild.

Shortcuts. In a one-deck hand without requirements, once no wild is left
the rest is the plain problem (:mod:`rummykit.melds.no_wilds`, an oracle of a
few microseconds); and when every wild is a printed joker or a wild-rank card
already split off, :mod:`rummykit.melds.wild_cores` chooses the wilds' melds first
and asks the plain solver about the rest.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence

from rummykit.caches import register_cache
from rummykit.cards import Card
from rummykit.errors import ArgumentError
from rummykit.melds.classify import first_reading
from rummykit.melds.core_lists import Entry, candidates, card_keys, swar
from rummykit.melds.meld import Meld
from rummykit.melds.meld_bounds import cannot_meld_all, may_hold_pure_run
from rummykit.melds.no_wilds import PlainTables, plain_cost, plain_keyed_melds, plain_plan, plain_tables
from rummykit.melds.rank_order import rank_search, supports
from rummykit.melds.side_cards import side_melds
from rummykit.melds.tables import JOKER, MAXK, Rules
from rummykit.melds.wild_cores import few_cores, few_wilds

__all__ = ["few_arrangement", "few_search", "search"]

INF = 1 << 62
SCALE = 1 << 10

_LV = 1 << 7  # a discard is still to be made
_AB = 1 << 8  # some meld can absorb every spare wild
_R = 9  # 4 bits: runs still needed
_P = 13  # 4 bits: pure runs still needed
_OR = 17  # 13 bits: ranks that have a set (``melds.one_per_rank``)
_SZ = 30  # index of the meld sizes still to be filled

Plan = tuple[list[tuple[tuple[int, ...], int]], list[int], list[int]]


def search(
    rules: Rules,
    codes: Sequence[int],
    *,
    min_runs: int = 0,
    min_pure: int = 0,
    strict: bool = False,
    leave: int = 0,
    sizes: tuple[int, ...] | None = None,
    leave_costs: bool = False,
    want_plan: bool = True,
) -> tuple[int, Plan] | None:
    """The best split of ``codes`` (see :func:`_search`), the cards that meld
    alone or never settled apart."""
    if rules.restricted:
        never, alone = rules.never, rules.alone
        side = [c for c in codes if never[c] or alone[c] is not None]
        if side:
            if sizes is not None:
                raise ArgumentError(
                    "cards: declaration patterns with cards that meld only among themselves"
                    f" or never ({' '.join(str(Card.from_code(c)) for c in side)}) are not supported"
                )
            main = [c for c in codes if not (never[c] or alone[c] is not None)]
            return _with_side(
                rules,
                main,
                side,
                min_runs=min_runs,
                min_pure=min_pure,
                strict=strict,
                leave=leave,
                leave_costs=leave_costs,
                want_plan=want_plan,
            )
    return _search(
        rules,
        codes,
        min_runs=min_runs,
        min_pure=min_pure,
        strict=strict,
        leave=leave,
        sizes=sizes,
        leave_costs=leave_costs,
        want_plan=want_plan,
    )


def _with_side(
    rules: Rules,
    main: list[int],
    side: list[int],
    *,
    min_runs: int,
    min_pure: int,
    strict: bool,
    leave: int,
    leave_costs: bool,
    want_plan: bool,
) -> tuple[int, Plan] | None:
    """The best split of ``main + side``: ``side`` holds cards in no meld and
    cards that meld only among themselves (no wild joins them, no other meld
    takes them), so its best melds do not depend on the rest; the one card
    left over (``leave``) may come from either part."""
    best: tuple[int, Plan] | None = None
    for left_side in (0, 1) if leave else (0,):
        option = side_melds(rules, side, left_side, leave_costs)
        if option is None or (strict and option[2]):
            continue
        found = _search(
            rules,
            main,
            min_runs=min_runs,
            min_pure=min_pure,
            strict=strict,
            leave=leave - left_side,
            leave_costs=leave_costs,
            want_plan=want_plan,
        )
        if found is None:
            continue
        total = found[0] + option[0]
        if best is None or total < best[0]:
            groups, dead, left = found[1]
            plan = (groups + option[1], dead + option[2], left + option[3]) if want_plan else found[1]
            best = (total, plan)
    return best


def _search(
    rules: Rules,
    codes: Sequence[int],
    *,
    min_runs: int = 0,
    min_pure: int = 0,
    strict: bool = False,
    leave: int = 0,
    sizes: tuple[int, ...] | None = None,
    leave_costs: bool = False,
    want_plan: bool = True,
) -> tuple[int, Plan] | None:
    """The best split of ``codes``: least deadwood value, then fewest deadwood cards.

    ``strict``: no deadwood at all; ``leave``: exactly that many cards (0 or 1)
    are left over at no cost (a discard); ``sizes``: the groups' sizes must
    be exactly this multiset; ``leave_costs``: a left-over card costs its
    value (a declaration keeps the cheapest discard). Returns ``(cost, plan)``
    with ``cost = value * SCALE + cards``, or ``None`` when impossible
    (``want_plan=False``: the cost only, with an empty plan). The tests hold
    it to a memoised enumeration of the same questions. Big hands of one deck
    without wilds and without requirements are searched rank by rank
    (:mod:`rummykit.melds.rank_order`), in bounded time.
    """
    if not (min_runs or min_pure) and sizes is None and supports(rules, codes):
        return rank_search(rules, codes, strict=strict, leave=leave, leave_costs=leave_costs)
    wild = rules.wild
    values = rules.values
    counts = Counter(codes)
    jokers = counts.pop(JOKER, 0)
    pool_jokers = jokers if wild[JOKER] else 0
    dead_jokers = 0 if wild[JOKER] else jokers
    wild_codes = sorted(c for c in counts if wild[c])
    wmax = pool_jokers + sum(counts[c] for c in wild_codes)
    if wmax > MAXK:  # the state keeps the wilds left in 7 bits, the tables up to MAXK
        raise ArgumentError(
            f"cards: {wmax} wild cards in one hand, more than the {MAXK} the meld search takes"
        )
    assert min_runs >= 0 and min_pure >= 0, f"required runs {min_runs}, pure {min_pure}"
    if min_runs > 15 or min_pure > 15:
        # the state keeps the runs still needed in 4 bits; a run takes 3 cards at least
        if 3 * max(min_runs, min_pure) > len(codes):
            return None
        raise ArgumentError(
            f"min_runs: {max(min_runs, min_pure)} required runs, more than the 15 the meld search takes"
        )
    if min_pure and not may_hold_pure_run(rules, counts):
        return None  # no suit holds a whole run window of natural cards
    top = max([*counts.values(), dead_jokers, 1])
    width = 1 if top == 1 else top.bit_length() + 1
    unit = swar(width)[0]
    keys: list[tuple[int, int, int]] | None = None
    base = sum(unit[c] * k for c, k in counts.items()) + unit[JOKER] * dead_jokers
    oracle: PlainTables | None = None
    if width == 1 and not (min_runs or min_pure or strict or leave or sizes is not None):
        tables = plain_tables(rules)
        if tables.usable:
            oracle = tables

    size_sets: list[tuple[int, ...]] = []
    size_next: list[dict[int, int]] = []
    if sizes is not None:
        index: dict[tuple[int, ...], int] = {}
        todo = [tuple(sorted(sizes))]
        while todo:
            t = todo.pop(0)
            if t in index:
                continue
            index[t] = len(size_sets)
            size_sets.append(t)
            size_next.append({})
            for x in set(t):
                lst = list(t)
                lst.remove(x)
                todo.append(tuple(lst))
        for t, i in index.items():
            for x in set(t):
                lst = list(t)
                lst.remove(x)
                size_next[i][x] = index[tuple(lst)]
    start_st = (_LV if leave else 0) | (min_runs << _R) | (min_pure << _P)

    best: tuple[int, Callable[[], Plan]] | None = None
    few = bool(oracle is not None and wmax and not dead_jokers)
    wild_cores = few_cores(rules, base, wmax) if few else None
    if not few:
        keys = card_keys(rules, counts, wmax)
    cands = {} if few else candidates(rules, keys or [], width, wmax)
    natural_cands: dict[int, tuple[Entry, ...]] | None = None
    # The best cost of a state (cards left, wilds left, requirements) depends
    # only on the rules, the wilds' values and the kind of search, not on the
    # rest of the hand: memos are kept between calls (a bot asks about many
    # hands that differ by a card or two).
    memos = _memos(rules, (width, strict, leave_costs, sizes, oracle is not None))
    fixed: list[int] = []
    if strict:
        fixed = [c for c, k in counts.items() if not wild[c] for _ in range(k)] + [JOKER] * dead_jokers
    natural_wilds = rules.natural_wilds
    roles = (range(0 if natural_wilds[c] else counts[c], counts[c] + 1) for c in wild_codes)
    for role in itertools.product(*roles):
        if strict and wild_codes:
            # this split of the wild-rank cards: a quick proof it melds nothing whole
            natural = fixed + [c for c, k in zip(wild_codes, role, strict=True) for _ in range(counts[c] - k)]
            if cannot_meld_all(rules, natural, pool_jokers + sum(role), min_pure, leave):
                continue
        pool = [JOKER] * pool_jokers
        n = base
        for c, k in zip(wild_codes, role, strict=True):
            pool += [c] * k
            n -= unit[c] * k
        pool.sort(key=lambda c: (-values[c], c))
        if wild_cores is not None and oracle is not None and pool:

            def spare_solver(mask: int, wilds: list[int]) -> tuple[int, Callable[[], Plan]]:
                nonlocal natural_cands
                if natural_cands is None:
                    natural_cands = {
                        c: tuple(e for e in es if e[2] == 0 or e[6] == 0)
                        for c, es in candidates(rules, card_keys(rules, counts, wmax), width, wmax).items()
                    }
                return _root(rules, natural_cands, width, mask, wilds, 0, False, False, [], [], None, {})

            w = len(pool)
            if not wild_codes:
                cores = wild_cores
            else:
                cores = [
                    (neg_value, mask, need, min(extra, w))
                    for neg_value, mask, need, extra in wild_cores
                    if need <= w and mask & n == mask
                ]
            found = few_wilds(oracle, cores, n, pool, spare_solver)[:2]
        else:
            # Roots whose wilds have the same values share their memo: a state
            # (cards left, wilds left, ...) has the same best cost in both.
            pool_values = [values[c] for c in pool]
            sig: object = ("same", pool_values[0]) if len(set(pool_values)) == 1 else tuple(pool_values)
            memo = memos.setdefault(sig, {})
            found = _root(
                rules,
                cands,
                width,
                n,
                pool,
                start_st,
                strict,
                leave_costs,
                size_sets,
                size_next,
                oracle,
                memo,
            )
        if found[0] < INF and (best is None or found[0] < best[0]):
            best = found
            if found[0] == 0:
                break
    if best is None:
        return None
    return best[0], (best[1]() if want_plan else ([], [], []))


_MEMO_LIMIT = 50_000
"""States kept per kind of search, variant and wild ranks before the shared
memos are dropped."""

_MEMO_HOLDERS = 4
"""The most compiled rules (a variant with its wild ranks) that keep memos
at once: a long-running program sees many wild ranks (Indian rummy's cut
joker changes every hand), and the memos of each held hundreds of
megabytes after a few hundred hands (bench/memory.py); the rules
used least recently drop theirs."""

_HOLDERS: list[Rules] = []
"""The rules holding memos, most recently used last."""


def _memos(rules: Rules, kind: object) -> dict[object, dict[int, int]]:
    """The memos of one kind of search under ``rules``, by wild values."""
    if not _HOLDERS or _HOLDERS[-1] is not rules:
        _hold(rules)
    store: dict[object, dict[object, dict[int, int]]] = rules.memo_cache
    found = store.get(kind)
    if found is None or sum(len(m) for m in found.values()) > _MEMO_LIMIT:
        found = store[kind] = {}
    return found


def clear_memos() -> None:
    """Drop the memos of every rules holding some."""
    for r in _HOLDERS:
        r.memo_cache.clear()
    _HOLDERS.clear()


register_cache("melds.general_search.memos", clear_memos, lambda: sum(len(r.memo_cache) for r in _HOLDERS))


def _hold(rules: Rules) -> None:
    """Make ``rules`` the most recent holder of memos, dropping the memos of
    the least recent past :data:`_MEMO_HOLDERS`."""
    for i, r in enumerate(_HOLDERS):
        if r is rules:
            del _HOLDERS[i]
            break
    _HOLDERS.append(rules)
    while len(_HOLDERS) > _MEMO_HOLDERS:
        _HOLDERS.pop(0).memo_cache.clear()


def few_search(
    rules: Rules, tables: PlainTables, mask: int, jokers: int, *, want_plan: bool = True
) -> tuple[int, Plan]:
    """The best split of a one-deck hand (a 52-bit mask of natural cards, no
    wild ranks) with ``jokers`` wild jokers: wild cores first, then the plain
    solver (:mod:`rummykit.melds.wild_cores`)."""
    pool = [JOKER] * jokers
    cores = few_cores(rules, mask, jokers)
    natural_cands: dict[int, tuple[Entry, ...]] | None = None

    def spare_solver(rest: int, wilds: list[int]) -> tuple[int, Callable[[], Plan]]:
        nonlocal natural_cands
        if natural_cands is None:
            counts = Counter(c for c in range(52) if mask >> c & 1)
            natural_cands = {
                c: tuple(e for e in es if e[2] == 0 or e[6] == 0)
                for c, es in candidates(rules, card_keys(rules, counts, jokers), 1, jokers).items()
            }
        return _root(rules, natural_cands, 1, rest, wilds, 0, False, False, [], [], None, {})

    cost, build, _ = few_wilds(tables, cores, mask, pool, spare_solver)
    return cost, (build() if want_plan else ([], [], []))


def few_arrangement(
    rules: Rules, tables: PlainTables, mask: int, jokers: int
) -> tuple[list[tuple[int, Meld]], tuple[Card, ...], list[int], Plan | None]:
    """The best split of a one-deck hand with jokers as ready melds: ``(melds
    keyed by their lowest card code, natural deadwood, spare jokers, None)``,
    or ``([], (), [], plan)`` when spare jokers ride on natural melds."""
    pool = [JOKER] * jokers
    cores = few_cores(rules, mask, jokers)
    natural_cands: dict[int, tuple[Entry, ...]] | None = None

    def spare_solver(rest: int, wilds: list[int]) -> tuple[int, Callable[[], Plan]]:
        nonlocal natural_cands
        if natural_cands is None:
            counts = Counter(c for c in range(52) if mask >> c & 1)
            natural_cands = {
                c: tuple(e for e in es if e[2] == 0 or e[6] == 0)
                for c, es in candidates(rules, card_keys(rules, counts, jokers), 1, jokers).items()
            }
        return _root(rules, natural_cands, 1, rest, wilds, 0, False, False, [], [], None, {})

    _, build, parts = few_wilds(tables, cores, mask, pool, spare_solver)
    groups, rest, spare, plan = parts()
    if plan is not None:
        return [], (), [], build()
    keyed: list[tuple[int, Meld]] = []
    for g in groups:
        meld = first_reading(rules, tuple(sorted(g)), 0)
        assert meld is not None
        keyed.append((min(g), meld))
    _, plain_keyed, dead = plain_keyed_melds(tables, rest)
    keyed.extend(plain_keyed)
    return keyed, dead, spare, None


def _root(
    rules: Rules,
    cands: dict[int, tuple[Entry, ...]],
    width: int,
    start_n: int,
    pool: list[int],
    start_st: int,
    strict: bool,
    leave_costs: bool,
    size_sets: list[tuple[int, ...]],
    size_next: list[dict[int, int]],
    oracle: PlainTables | None,
    memo: dict[int, int],
) -> tuple[int, Callable[[], Plan]]:
    """Search one split of the wild-rank cards; returns the cost and a plan builder.

    ``memo`` may be shared by roots whose wilds have the same values."""
    unit, guard, lowcode, _ = swar(width)
    single = width == 1
    values = rules.values
    wcount = len(pool)
    low_values = [values[c] for c in reversed(pool)]  # least valuable first
    lowsum = [0]
    for x in low_values:
        lowsum.append(lowsum[-1] + x)
    cheapest = low_values[0] if low_values else 0
    wild_only = rules.wild_only
    dcost = [values[c] * SCALE + 1 for c in range(53)]
    joker_cost = dcost[JOKER]
    sized = bool(size_sets)
    wild_sizes = _wild_only_sizes(rules)
    one_rank = rules.one_per_rank
    memo_get = memo.get
    empty: tuple[Entry, ...] = ()
    low_mask = (1 << _SZ) - 1
    natural_bits = (1 << JOKER) - 1

    def leaf(st: int) -> int:
        if (st >> _P) & 15 or (st >> _R) & 15:
            return INF
        w = st & 127
        lv = st & _LV
        if sized:
            rem = size_sets[st >> _SZ]
            need = sum(rem)
            if rem and any(x not in wild_sizes for x in rem):
                return INF
            if w - need != (1 if lv else 0):
                return INF
            return cheapest * SCALE if lv and leave_costs else 0
        if lv:
            if w == 0:
                return INF
            if st & _AB:
                return cheapest * SCALE if leave_costs else 0
            if strict:
                if wild_only[w - 1] != w - 1:
                    return INF
                return cheapest * SCALE if leave_costs else 0
            left = w - 1 - wild_only[w - 1]
            return lowsum[left] * SCALE + left
        if w == 0 or st & _AB:
            return 0
        u = wild_only[w]
        if strict:
            return 0 if u == w else INF
        return lowsum[w - u] * SCALE + (w - u)

    def f(n: int, st: int) -> int:
        key = (n << 56) | st  # st below 2 ** 56: 26 bits of size-set index
        got = memo_get(key)
        if got is not None:
            return got
        if not n:
            got = leaf(st)
            memo[key] = got
            return got
        w = st & 127
        if oracle is not None and w == 0:
            got = plain_cost(oracle, n & natural_bits) + (n >> JOKER) * joker_cost
            memo[key] = got
            return got
        c = lowcode[n & -n]
        best = INF
        if one_rank:
            sets_ok = not st & (1 << (_OR + c % 13))
            sst = st | (1 << (_OR + c % 13))
        else:
            sets_ok = True
            sst = st
        if st & _LV:
            x = f(n - unit[c], st ^ _LV)
            if leave_costs and x < INF:
                x += values[c] * SCALE
            best = x
        r = (st >> _R) & 15
        p = (st >> _P) & 15
        ab = st & _AB
        rdec = (1 << _R) if r else 0
        for core, rkb, ra, rabs, pure, skb, sa, sabs, m, _ in cands.get(c, empty):
            if best == 0:
                break
            if single:
                if n & core != core:
                    continue
            elif ((n | guard) - core) & guard != guard:
                continue
            rest = n - core
            if rkb:
                if p and pure:
                    if sized:
                        nxt = size_next[st >> _SZ].get(m, -1)
                        if nxt >= 0:
                            x = f(rest, ((st - rdec - (1 << _P)) & low_mask) | (nxt << _SZ))
                            if x < best:
                                best = x
                    else:
                        x = f(rest, st - rdec - (1 << _P))
                        if x < best:
                            best = x
                if ra <= w:
                    s2 = st - rdec
                    if sized:
                        nexts = size_next[st >> _SZ]
                        low_st = s2 & low_mask
                        k = ra
                        while k <= w:
                            if rkb >> k & 1:
                                nxt = nexts.get(m + k, -1)
                                if nxt >= 0:
                                    x = f(rest, (low_st - k) | (nxt << _SZ))
                                    if x < best:
                                        best = x
                            k += 1
                    elif ab or rabs:
                        x = f(rest, (s2 - ra) | _AB)
                        if x < best:
                            best = x
                    else:
                        k = ra
                        while k <= w:
                            if rkb >> k & 1:
                                x = f(rest, s2 - k)
                                if x < best:
                                    best = x
                            k += 1
            if skb and sa <= w and sets_ok:
                if sized:
                    nexts = size_next[st >> _SZ]
                    low_st = sst & low_mask
                    k = sa
                    while k <= w:
                        if skb >> k & 1:
                            nxt = nexts.get(m + k, -1)
                            if nxt >= 0:
                                x = f(rest, (low_st - k) | (nxt << _SZ))
                                if x < best:
                                    best = x
                        k += 1
                elif ab or sabs:
                    x = f(rest, (sst - sa) | _AB)
                    if x < best:
                        best = x
                else:
                    k = sa
                    while k <= w:
                        if skb >> k & 1:
                            x = f(rest, sst - k)
                            if x < best:
                                best = x
                        k += 1
        if not strict and best:
            x = f(n - unit[c], st)
            if x < INF:
                x += dcost[c]
            if x < best:
                best = x
        memo[key] = best
        return best

    start = start_st | wcount  # the full size multiset has index 0
    total = f(start_n, start)

    def build() -> Plan:
        """Walk the memo from the start, taking the first best move each time."""
        groups: list[tuple[list[int], int]] = []
        dead: list[int] = []
        left: list[int] = []
        absorber = -1
        pos = 0
        n, st = start_n, start
        target = total
        while n:
            w = st & 127
            if oracle is not None and w == 0:
                _, plain_groups, plain_dead = plain_plan(oracle, n & natural_bits)
                groups.extend((list(g), 0) for g in plain_groups)
                dead.extend(plain_dead)
                dead.extend([JOKER] * (n >> JOKER))
                break
            c = lowcode[n & -n]
            r = (st >> _R) & 15
            p = (st >> _P) & 15
            rdec = (1 << _R) if r else 0
            sets_ok = not (one_rank and st & (1 << (_OR + c % 13)))
            sst = st | (1 << (_OR + c % 13)) if one_rank else st
            moves: list[tuple[int, int, tuple[tuple[int, ...], int], int, int, bool]] = []
            # (child n, child st, (codes, offset), used level, wilds, sets the absorber)
            nothing: tuple[tuple[int, ...], int] = ((), 0)
            if st & _LV:
                moves.append((n - unit[c], st ^ _LV, nothing, -1, 0, False))
            for core, rkb, ra, rabs, pure, skb, sa, sabs, m, info in cands.get(c, empty):
                if single:
                    if n & core != core:
                        continue
                elif ((n | guard) - core) & guard != guard:
                    continue
                rest = n - core
                if rkb:
                    if p and pure:
                        if sized:
                            nxt = size_next[st >> _SZ].get(m, -1)
                            if nxt >= 0:
                                s3 = ((st - rdec - (1 << _P)) & low_mask) | (nxt << _SZ)
                                moves.append((rest, s3, info, 2, 0, False))
                        else:
                            moves.append((rest, st - rdec - (1 << _P), info, 2, 0, False))
                    if ra <= w:
                        s2 = st - rdec
                        used = 1 if rdec else 0
                        if sized:
                            nexts = size_next[st >> _SZ]
                            for k in range(ra, w + 1):
                                if rkb >> k & 1 and nexts.get(m + k, -1) >= 0:
                                    s3 = ((s2 & low_mask) - k) | (nexts[m + k] << _SZ)
                                    moves.append((rest, s3, info, used, k, False))
                        elif st & _AB or rabs:
                            moves.append((rest, (s2 - ra) | _AB, info, used, ra, not st & _AB))
                        else:
                            for k in range(ra, w + 1):
                                if rkb >> k & 1:
                                    moves.append((rest, s2 - k, info, used, k, False))
                if skb and sa <= w and sets_ok:
                    if sized:
                        nexts = size_next[st >> _SZ]
                        for k in range(sa, w + 1):
                            if skb >> k & 1 and nexts.get(m + k, -1) >= 0:
                                s3 = ((sst & low_mask) - k) | (nexts[m + k] << _SZ)
                                moves.append((rest, s3, info, 0, k, False))
                    elif st & _AB or sabs:
                        moves.append((rest, (sst - sa) | _AB, info, 0, sa, not st & _AB))
                    else:
                        for k in range(sa, w + 1):
                            if skb >> k & 1:
                                moves.append((rest, sst - k, info, 0, k, False))
            if not strict:
                moves.append((n - unit[c], st, nothing, -2, 0, False))
            chosen = None
            for move in moves:
                x = f(move[0], move[1])
                if x >= INF:
                    continue
                if move[3] == -1 and leave_costs:
                    x += values[c] * SCALE
                elif move[3] == -2:
                    x += dcost[c]
                if x == target:
                    chosen = move
                    break
            if chosen is None:  # pragma: no cover - the memo always holds a best move
                raise AssertionError("meld search lost its way")
            child_n, child_st, info, used, k, absorbs = chosen
            if used == -1:
                left.append(c)
                target = x - (values[c] * SCALE if leave_costs else 0)
            elif used == -2:
                dead.append(c)
                target = x - dcost[c]
            else:
                rel, off = info
                group = [code + off for code in rel] + pool[pos : pos + k]
                pos += k
                if absorbs:
                    absorber = len(groups)
                groups.append((group, used))
            n, st = child_n, child_st
        # the wilds left over
        spare = pool[pos:]
        if st & _LV and spare:
            if absorber >= 0 or strict or sized or leave_costs:
                left.append(spare.pop())  # the least valuable wild
            else:
                left.append(spare.pop(0))  # the most valuable spare wild
        if sized:
            for size in size_sets[st >> _SZ]:
                groups.append((spare[:size], 0))
                spare = spare[size:]
        elif absorber >= 0:
            groups[absorber][0].extend(spare)
            spare = []
        else:
            meldable = wild_only[len(spare)]
            for size in _decompose(meldable, wild_sizes):
                groups.append((spare[:size], 0))
                spare = spare[size:]
        dead.extend(spare)
        return [(tuple(g), u) for g, u in groups], dead, left

    return total, build


def _wild_only_sizes(rules: Rules) -> frozenset[int]:
    """The sizes of melds made of wild cards alone (only without a natural
    minimum, or where wild-rank cards are always wild in sets)."""
    sizes = []
    if rules.min_naturals == 0 or not rules.wild_rank_sets:
        for k in range(1, 65):
            in_set = rules.wilds_in_sets and rules.set_size_ok(k) and rules.wilds_ok(k, 0)
            in_run = (
                rules.wilds_in_runs
                and rules.run_size_ok(k)
                and rules.wilds_ok(k, 0)
                and (rules.adjacent_wilds or k == 1)
            )
            if in_set or in_run:
                sizes.append(k)
    return frozenset(sizes)


def _decompose(total: int, sizes: frozenset[int]) -> list[int]:
    """Split ``total`` into allowed meld sizes (largest first)."""
    if total == 0:
        return []
    for s in sorted(sizes, reverse=True):
        if s <= total:
            rest = _decompose(total - s, sizes) if total - s else []
            if total - s == 0 or sum(rest) == total - s:
                return [s, *rest]
    return []
