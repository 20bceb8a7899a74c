"""The rank-by-rank search for big hands of one deck without wild cards (internal).

The general search (:mod:`rummykit.melds.general_search`) and the plain
solver (:mod:`rummykit.melds.no_wilds`) take the sets of a hand as choices to
combine, which is quick for the hands a deal gives but grows exponentially
with the hand (a Boathouse hand of 48 cards, grown by taking two discards a
turn, is past a minute). Hands of more than :data:`BIG_HAND` cards, of one
deck and no wild card, whose runs are the consecutive ranks of one order (ace
low, high or either, with any shortest and longest run; or around the corner
with no longest run), are searched here instead, in time linear in the
number of cards.

Search. Cards are decided rank by rank in run order (the ace at both ends
where it is either), and within a rank suit by suit: each card is in the
set of its rank, continues its suit's open run, starts a new run, is left
over (the final discard) or is deadwood. The state between two cards is, per
suit, the length of its open run (capped at the shortest run when runs have
no longest), how many cards of the rank are in its set so far, and whether
the card left over is used. Around the corner, the run that holds a suit's
ace may be continued by the suit's last cards (K, Q...): its length, capped
the same way, is kept until the king. With an ace either low or high, a
suit's ace may wait for the high end. A state that another does at least as
well as (the same but for a suit's longer open run that may still end, or a
longer head) is dropped. So the states per card are bounded by the rules
alone, never by the hand, and each card has at most six choices:
:func:`rank_search` counts its steps, held by the tests under
:data:`WORK_BOUND` on a whole deck in hand (more states than any random big
hand measured).

Ties go to the first best choice in a fixed order (set, continue, new run,
left over, deadwood), so one hand always gives the same plan; it may differ
from the plan the other solvers find for the same hand (both are best).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.melds.no_wilds import SCALE
from rummykit.melds.tables import JOKER, Rules

__all__ = ["BIG_HAND", "WORK_BOUND", "rank_search", "supports"]

BIG_HAND = 20
"""Hands of more cards than this (one deck, no wild card) take the
rank-by-rank search; smaller ones keep the other solvers and their plans."""

WORK_BOUND = 1_000_000
"""A bound on the (state, card) steps of one :func:`rank_search` call: the
tests hold every rank order and kind of question to it on a whole deck in
hand (the most measured: about 600,000, ace around the corner, deadwood
allowed, one card left over; a declaration: about 110,000)."""

Plan = tuple[list[tuple[tuple[int, ...], int]], list[int], list[int]]
_Move = tuple[int, int, int, int, int]

_LOW, _HIGH, _EITHER, _AROUND = "low", "high", "either", "around"
_BITS = 10  # one suit's field: run length (4 bits), head (4 bits), waiting ace (1 bit)
_FIELD = (1 << _BITS) - 1
_K = 4 * _BITS  # cards of the rank in its set so far (3 bits)
_LEFT = 1 << (_K + 3)  # the card left over is used
_KMASK = 7 << _K

# what a card does (the plan reads them back)
_ABSENT, _SET, _CONT, _NEW, _HEAD, _LEAVE, _DEAD, _WAIT = range(8)


def _order(rules: Rules) -> tuple[str, int, int] | None:
    """``(ace order, shortest run, longest run)`` if the runs of ``rules`` are
    exactly the consecutive ranks of one order (runs of every length from the
    shortest to the longest), else ``None``."""
    key = "rank_order"
    if key in rules.shape_cache:
        found: tuple[str, int, int] | None = rules.shape_cache[key]
        return found
    found = None
    sizes = sorted(rules.run_sizes)
    if rules.runs and sizes and sizes == list(range(sizes[0], sizes[-1] + 1)):
        have = {seq for _, seq in rules.windows}
        for order in (_LOW, _HIGH, _EITHER, _AROUND):
            if have == _windows(order, sizes):
                found = (order, sizes[0], sizes[-1])
                break
        if found is not None and found[0] == _AROUND and found[2] < 13:
            found = None  # around the corner, a longest run makes the heads' states too many
    elif not rules.runs:
        found = (_LOW, 14, 14)  # no run: no card continues a run
    rules.shape_cache[key] = found
    return found


def _windows(order: str, sizes: Sequence[int]) -> set[tuple[int, ...]]:
    """The rank sequences (ranks 1-13) of every run of ``sizes`` in ``order``."""
    out: set[tuple[int, ...]] = set()
    for n in sizes:
        if order == _AROUND:
            out.update(tuple((s + i) % 13 + 1 for i in range(n)) for s in range(13) if n <= 13)
            continue
        lo = 2 if order == _HIGH else 1
        hi = 13 if order == _LOW else 14
        for start in range(lo, hi - n + 2):
            out.add(tuple(p if p <= 13 else 1 for p in range(start, start + n)))
    return out


def supports(rules: Rules, codes: Sequence[int]) -> bool:
    """Whether :func:`rank_search` answers for ``codes``: more than
    :data:`BIG_HAND` cards, each at most once, no joker or wild card, card
    values not negative, runs in one rank order."""
    if len(codes) <= BIG_HAND or len(set(codes)) != len(codes) or rules.restricted:
        return False
    wild = rules.wild
    if any(c >= JOKER or wild[c] for c in codes):
        return False
    if any(rules.values[c] < 0 for c in codes) or max(rules.set_sizes, default=0) > 4:
        return False
    return _order(rules) is not None


def rank_search(
    rules: Rules,
    codes: Sequence[int],
    *,
    strict: bool = False,
    leave: int = 0,
    leave_costs: bool = False,
    work: list[int] | None = None,
) -> tuple[int, Plan] | None:
    """The best split of ``codes`` (see :func:`rummykit.melds.general_search.search`
    for ``strict``, ``leave`` and ``leave_costs``), for hands :func:`supports`
    takes. ``work``: a one-item list the number of (state, card) steps is added
    to (the tests bound it by :data:`WORK_BOUND`)."""
    found = _order(rules)
    assert found is not None, "rank_search needs runs in one rank order"
    order, rmin, rmax = found
    capped = rmax >= 13  # no longest run: lengths past the shortest are alike
    top = rmin if capped else rmax
    mask = 0
    for c in codes:
        mask |= 1 << c
    values = rules.values
    dcost = [values[c] * SCALE + 1 for c in range(52)]
    lcost = [values[c] * SCALE if leave_costs else 0 for c in range(52)]
    set_ok = [k == 0 or k in rules.set_sizes for k in range(5)]
    ranks = list(range(13))
    if order == _HIGH:
        ranks = [*range(1, 13), 0]
    elif order == _EITHER:
        ranks = [*range(13), 0]
    circle = order == _AROUND
    may_leave = leave > 0

    def closable(r: int) -> bool:
        return r == 0 or rmin <= r <= rmax

    def grow(r: int) -> int:
        if capped:
            return r + 1 if r < top else top
        return r + 1 if r < rmax else -1

    has_sets, has_runs = rules.sets, rules.runs

    def moves(f: int, held: bool, first: bool, head_here: bool, wait_here: bool) -> tuple[_Move, ...]:
        """What one card may do from a suit's field ``f``: ``(new field, choice,
        in the set, left over, deadwood)`` in the order ties prefer."""
        r = f & 15
        h = f >> 4 & 15
        waiting = f >> 8 & 1
        avail = held and (first or bool(waiting))  # the high ace: there if it waited
        can_end = h == 1 or closable(r)
        h_end = 2 + r if h == 1 else h  # a head's length is kept for the king
        ended = h_end << 4 | waiting << 8
        out: list[_Move] = []
        if not avail:
            if can_end:
                out.append((ended, _ABSENT, 0, 0, 0))
            return tuple(out)
        if first and can_end and has_sets:
            out.append((ended, _SET, 1, 0, 0))
        if r:
            g = grow(r)
            if g == rmax and not capped and h != 1:
                g = 0  # a run of the longest length does what no run does
            if g >= 0:
                out.append((g | h << 4 | waiting << 8, _CONT, 0, 0, 0))
        # a run of the shortest length or more is better continued than ended
        # for a new one (it can still end at any later card), except a head,
        # whose length the king may need
        if can_end and has_runs and (r == 0 or h == 1 or not capped):
            if head_here:
                out.append((1 | 1 << 4, _HEAD, 0, 0, 0))
            else:
                out.append((1 | ended, _NEW, 0, 0, 0))
        if can_end and may_leave:
            out.append((ended, _LEAVE, 0, 1, 0))
        if can_end and not strict:
            out.append((ended, _DEAD, 0, 0, 1))
        if wait_here and can_end:
            out.append((h_end << 4 | 1 << 8, _WAIT, 0, 0, 0))
        return tuple(out)

    def better(f: int) -> tuple[int, ...]:
        """The fields that do at least as well as ``f`` from here on. With no
        longest run: a longer open run of a suit (one of the shortest length
        or more: also one that has ended), a longer head (one of the shortest
        length or more: also none). With a longest run: a shorter run that may
        end (also one that has ended)."""
        r = f & 15
        h = f >> 4 & 15
        rest = f & ~0xFF
        rs = [r]
        if capped and h == 1:
            rs = list(range(r, top + 1))
        elif capped and r in (0, *range(1, top)):
            rs = [r, top] if r == 0 else list(range(r, top + 1))
        elif not capped and r == 0:
            rs = [0, *range(rmin, rmax)]  # a shorter run that may end does as well
        elif not capped and rmin <= r:
            rs = list(range(rmin, r + 1))
        hs = [h]
        if h == 0 and capped:
            hs = [0, 2 + top]
        elif h >= 3 and capped:
            hs = list(range(h, 2 + top + 1))
        return tuple(x | y << 4 | rest for x in rs for y in hs if (x, y) != (r, h))

    tables: dict[tuple[bool, bool, bool, bool, int], dict[int, tuple[tuple[int, int, int], ...]]] = {}
    dominated: dict[int, tuple[int, ...]] = {}
    # per cell (position, suit): the states reached, each with its cost and
    # the previous state and choice it came from (``prev << 3 | choice``)
    cur: dict[int, int] = {0: 0}
    back: list[dict[int, int]] = []
    steps = 0
    last = len(ranks) - 1
    for pos, rank in enumerate(ranks):
        first = not (order == _EITHER and pos == last)  # the high ace: no set there
        head_here = circle and pos == 0
        wait_here = order == _EITHER and pos == 0
        for s in range(4):
            code = s * 13 + rank
            held = bool(mask >> code & 1)
            kind = (held, first, head_here, wait_here, s)
            table = tables.get(kind)
            if table is None:
                table = tables[kind] = {}
            shift = s * _BITS
            lc = lcost[code]
            dc = dcost[code]
            nxt: dict[int, int] = {}
            came: dict[int, int] = {}
            get = nxt.get
            for st, cost in cur.items():
                steps += 1
                f = st >> shift & _FIELD
                todo = table.get(f)
                if todo is None:
                    todo = table[f] = tuple(
                        (((nf - f) << shift) + (in_set << _K), what, 1 if lv else 2 if dd else 0)
                        for nf, what, in_set, lv, dd in moves(f, held, first, head_here, wait_here)
                    )
                for delta, what, pay in todo:
                    if pay == 0:
                        ns = st + delta
                        c = cost
                    elif pay == 1:
                        if st & _LEFT:
                            continue
                        ns = (st + delta) | _LEFT
                        c = cost + lc
                    else:
                        ns = st + delta
                        c = cost + dc
                    old = get(ns)
                    if old is None or c < old:
                        nxt[ns] = c
                        came[ns] = st << 3 | what
            if s < 3 and has_sets:  # a set begun that the rank's other cards cannot fill
                later = sum(1 for t in range(s + 1, 4) if mask >> (t * 13 + rank) & 1)
                short = [k for k in range(1, 5) if not any(k <= x <= k + later for x in rules.set_sizes)]
                if short:
                    nxt = {st: cost for st, cost in nxt.items() if (st >> _K & 7) not in short}
            if s == 3:  # the rank is done: its set must have a set's size
                done: dict[int, int] = {}
                done_from: dict[int, int] = {}
                for st, cost in nxt.items():
                    if set_ok[st >> _K & 7]:
                        key = st & ~_KMASK
                        old = done.get(key)
                        if old is None or cost < old:
                            done[key] = cost
                            done_from[key] = came[st]
                nxt, came = done, done_from
            # drop the states another one does at least as well as
            pruned: dict[int, int] = {}
            for st, cost in nxt.items():
                f = st >> shift & _FIELD
                dom = dominated.get(f)
                if dom is None:
                    dom = dominated[f] = better(f)
                base = st ^ (f << shift)
                for g in dom:
                    other = nxt.get(base | g << shift)
                    if other is not None and other <= cost:
                        break
                else:
                    pruned[st] = cost
            back.append(came)
            cur = pruned
            if not cur:
                if work is not None:
                    work[0] += steps
                return None
    if work is not None:
        work[0] += steps

    def end_ok(st: int) -> tuple[bool, tuple[bool, ...]]:
        if may_leave and not st & _LEFT:
            return False, ()
        joins: list[bool] = []
        for s in range(4):
            f = st >> (s * _BITS) & _FIELD
            r = f & 15
            h = f >> 4 & 15
            if h >= 2:  # a head ended before the king: joined to the last run, or alone
                length = h - 2
                if closable(r) and closable(length):
                    joins.append(False)
                elif r and r + length >= rmin:  # around the corner, runs have no longest
                    joins.append(True)
                else:
                    return False, ()
            elif closable(r):
                joins.append(False)
            else:
                return False, ()
        return True, tuple(joins)

    best: tuple[int, int, tuple[bool, ...]] | None = None
    for st, cost in cur.items():
        ok, joins = end_ok(st)
        if ok and (best is None or cost < best[0]):
            best = (cost, st, joins)
    if best is None:
        return None
    total, st, joins = best
    # read the choices back, last card first
    choice: list[int] = [0] * len(back)
    for i in range(len(back) - 1, -1, -1):
        step = back[i][st]
        choice[i] = step & 7
        st = step >> 3
    groups: list[tuple[tuple[int, ...], int]] = []
    dead: list[int] = []
    left: list[int] = []
    runs: list[list[list[int]]] = [[] for _ in range(4)]
    open_run: list[list[int] | None] = [None] * 4
    head: list[list[int] | None] = [None] * 4
    for pos, rank in enumerate(ranks):
        in_set: list[int] = []
        for s in range(4):
            what = choice[pos * 4 + s]
            code = s * 13 + rank
            if what in (_CONT,):
                run = open_run[s]
                assert run is not None
                run.append(code)
                continue
            if open_run[s] is not None:
                open_run[s] = None
            if what in (_NEW, _HEAD):
                run = [code]
                runs[s].append(run)
                open_run[s] = run
                if what == _HEAD:
                    head[s] = run
            elif what == _SET:
                in_set.append(code)
            elif what == _LEAVE:
                left.append(code)
            elif what == _DEAD:
                dead.append(code)
        if in_set:
            groups.append((tuple(in_set), 0))
    for s in range(4):
        suit_runs = runs[s]
        if joins[s]:
            tail, first_run = open_run[s], head[s]
            assert tail is not None and first_run is not None and tail is not first_run
            first_run.extend(tail)
            suit_runs = [run for run in suit_runs if run is not tail]
        groups.extend((tuple(sorted(run)), 0) for run in suit_runs)
    return total, (groups, dead, left)
