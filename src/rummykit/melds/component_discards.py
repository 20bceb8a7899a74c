"""The component solver's answers about discards and deadwood cards (internal).

:func:`deadwood_each` gives the least deadwood after each possible discard
from one pass over a hand's components (:mod:`rummykit.melds.components`);
:func:`dead_cards` the cards some best arrangement leaves over, and
:func:`one_dead` those of one best arrangement.

>>> import rummykit as rk
>>> from rummykit.melds.components import comp_tables, deadwood, encode
>>> from rummykit.melds.tables import rules_for
>>> t = comp_tables(rules_for(rk.load_variant("indian"), frozenset({rk.Rank.NINE})))
>>> n, w, dead = encode(t, [c.code for c in rk.parse_cards("3H 4H 6H 9S JK KD QC")])
>>> w, deadwood(t, n, w), [str(rk.Card.from_code(c)) for c in dead_cards(t, n, w)]
(2, 20, ['QC', 'KD'])
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.melds.components import COL, INF, M26, RANK_SHIFT, SUIT_SHIFT, CompTables, min_plus, split_costs
from rummykit.melds.tables import JOKER

__all__ = ["dead_cards", "deadwood_each", "one_dead"]


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
    mask = DiscardPass(t, n, w, 0).can_dead  # the pass deadwood_each makes of a hand
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
        for opts, sh in ((run_opts, SUIT_SHIFT[c]), (set_opts, RANK_SHIFT[c])):
            mask = M26 if opts is run_opts else COL
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
    values add up to :func:`~rummykit.melds.components.deadwood`. The wilds go to the components in the
    first split that stays optimal, and each component is walked as the
    general search places cards (lowest first, into the first meld that stays
    optimal); among equally good arrangements this need not be the one
    :func:`rummykit.best_arrangement` gives.

    >>> import rummykit as rk
    >>> from rummykit.melds.components import comp_tables, encode
    >>> from rummykit.melds.tables import rules_for
    >>> t = comp_tables(rules_for(rk.load_variant("indian"), frozenset({rk.Rank.NINE})))
    >>> n, w, _ = encode(t, [c.code for c in rk.parse_cards("3H 4H 6H 9S JK KD QC QC")])
    >>> [str(rk.Card.from_code(c)) for c in one_dead(t, n, w)]
    ['QC', 'QC', 'KD']
    """
    if not n:
        return []
    t.trim()
    parts, arrs = split_costs(t, n, w)
    prefix = [[0] * (w + 1)]
    for a in arrs:
        prefix.append(min_plus(prefix[-1], a))
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


class DiscardPass:
    """One hand's components, their costs per number of wilds, and the
    values after a discard found so far (card code -> least deadwood)."""

    __slots__ = ("arrs", "can_dead", "done", "others", "parts", "total", "wild_less")

    def __init__(self, t: CompTables, n: int, w: int, dead: int) -> None:
        parts, arrs = split_costs(t, n, w)
        others: list[list[int]] = []
        wild_less = INF
        if w:
            prefix = [[0] * (w + 1)]
            for a in arrs:
                prefix.append(min_plus(prefix[-1], a))
            total = prefix[-1][w] + dead
            wild_less = prefix[-1][w - 1] + dead  # the same components serve w - 1 wilds
            size = len(parts)
            suffix = [[0] * (w + 1)] * (size + 1)
            for i in range(size - 1, -1, -1):
                suffix[i] = min_plus(suffix[i + 1], arrs[i])
            others = [min_plus(prefix[j], suffix[j + 1]) for j in range(size)]
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
        st = passes[key] = DiscardPass(t, n, w, dead)
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
