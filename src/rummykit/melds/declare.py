"""Declarations: going out with the whole hand at once, checked with reasons.

The going-out component says what a complete hand must hold:
``Declare(patterns, min_runs, min_pure_runs, leave_one)`` (Indian: two
sequences, one of them pure; Continental: 15 cards in runs as 5+4+3+3,
4+4+4+3 or 3+3+3+3+3; Nowrang: 4+3+3 runs); any other kind (Rummy complete,
Boathouse, Queen City, Phỏm's ù) needs every card in a meld.

>>> import rummykit as rk
>>> indian = rk.load_variant("indian")
>>> hand = rk.parse_cards("AD 2D 3D 4D 5S 6S 7S 9D 9S 9C QS QD QC")
>>> check_declaration(indian, [hand[:4], hand[4:7], hand[7:10], hand[10:]])
[]
>>> check_declaration(indian, [hand[:4], hand[4:7] + hand[7:10], hand[10:]])
['group 2 (5S 6S 7S 9D 9S 9C): neither one rank (a set) nor one suit (a run)',
 'needs at least 2 runs (sequences), has 1']
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

from rummykit.cards import Card, Rank, format_cards
from rummykit.melds.arg_checks import checked
from rummykit.melds.classify import (
    MeldInput,
    classify_meld,
    meld_options,
    meld_problems,
    to_cards,
    valid_reading,
)
from rummykit.melds.component_discards import deadwood_each
from rummykit.melds.components import comp_tables, deadwood, encode
from rummykit.melds.meld import Arrangement, Meld, MeldKind
from rummykit.melds.meld_bounds import cannot_meld_all
from rummykit.melds.solver import plan_to_arrangement, solve
from rummykit.melds.tables import Rules, rules_for
from rummykit.rules.going_out import Declare, FinalDiscard
from rummykit.variant import Variant

__all__ = ["best_declaration", "check_declaration", "declaration_rule"]


def declaration_rule(v: Variant) -> tuple[tuple[tuple[int, ...], ...], int, int, int]:
    """``(patterns, min_runs, min_pure_runs, cards that may be left over)``
    of ``v``'s going-out rule (no patterns: any grouping)."""
    going_out = v.going_out
    rule = getattr(going_out, "final_discard_rule", None)
    final = rule() if rule is not None else getattr(going_out, "final_discard", FinalDiscard.OPTIONAL)
    if isinstance(going_out, Declare):
        may_leave = 1 if going_out.leave_one and final is not FinalDiscard.FORBIDDEN else 0
        return going_out.pattern_sizes(), going_out.min_runs, going_out.min_pure_runs, may_leave
    return (), 0, 0, 0 if final is FinalDiscard.FORBIDDEN else 1


def _frozen(ranks: Iterable[Rank]) -> frozenset[Rank]:
    return ranks if isinstance(ranks, frozenset) else frozenset(ranks)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


Piece = tuple[int, bool, bool]
"""One meld of a declaration: ``(size, is a run, is a pure run)``."""

Reading = tuple[tuple[int, ...], int, int]
"""One way to count a group: ``(meld sizes, largest first; runs; pure runs)``."""


def _compositions(n: int, ok: Callable[[int], bool]) -> Iterator[tuple[int, ...]]:
    """The ways to write ``n`` as a sum of sizes ``ok`` allows, in order, with two parts or more."""

    def rec(left: int, parts: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if left == 0:
            if len(parts) > 1:
                yield parts
            return
        for size in range(left, 0, -1):
            if ok(size):
                yield from rec(left - size, (*parts, size))

    yield from rec(n, ())


def _run_cuts(rules: Rules, meld: Meld) -> Iterator[list[Piece]]:
    """The ways to cut a run into consecutive shorter runs (each a valid run)."""
    codes = [c.code for c in meld.cards]
    reps = [r.code for r in meld.represents]
    for parts in _compositions(len(codes), rules.run_size_ok):
        pieces: list[Piece] = []
        at = 0
        for size in parts:
            cs, rs = codes[at : at + size], reps[at : at + size]
            at += size
            if not valid_reading(rules, MeldKind.RUN, cs, rs):
                break
            pieces.append((size, True, cs == rs))
        else:
            yield pieces


def _set_cuts(
    v: Variant,
    cards: Sequence[Card],
    pinned: Sequence[Card | None] | None,
    wild_ranks: frozenset[Rank],
    rules: Rules,
) -> Iterator[list[Piece]]:
    """The ways to cut a group of one rank into two sets or more (each a valid
    set, its pinned wilds standing where they were pinned)."""
    n = len(cards)
    if n > 16 or not rules.sets or n < 2 * min(rules.set_sizes, default=1):
        return
    pins = list(pinned) if pinned is not None else [None] * n
    rank: set[int] = set()

    def is_set(idx: tuple[int, ...]) -> int:
        """The rank of a set reading of these cards, or 0."""
        group = [cards[i] for i in idx]
        for m in meld_options(v, group, wild_ranks=wild_ranks):
            if m.kind is not MeldKind.SET:
                continue
            have: Counter[tuple[Card, Card | None]] = Counter(zip(m.cards, m.represents, strict=True))
            want = Counter((cards[i], pins[i]) for i in idx if pins[i] is not None)
            if all(have[p] >= k for p, k in want.items()) and (not rank or m.represents[0].rank in rank):
                return int(m.represents[0].rank or 0)
        return 0

    def rec(left: tuple[int, ...]) -> Iterator[list[Piece]]:
        if not left:
            yield []
            return
        first, rest = left[0], left[1:]
        for size in range(len(left), 0, -1):
            if not rules.set_size_ok(size):
                continue
            for others in itertools.combinations(rest, size - 1):
                block = (first, *others)
                r = is_set(block)
                if not r:
                    continue
                fresh = not rank
                rank.add(r)
                remaining = tuple(i for i in rest if i not in others)
                for tail in rec(remaining):
                    yield [(size, False, False), *tail]
                if fresh:
                    rank.clear()

    for pieces in rec(tuple(range(n))):
        if len(pieces) > 1:
            yield pieces


def _reading(pieces: Iterable[Piece]) -> Reading:
    listed = list(pieces)
    return (
        tuple(sorted((p[0] for p in listed), reverse=True)),
        sum(1 for p in listed if p[1]),
        sum(1 for p in listed if p[2]),
    )


def _group_readings(
    v: Variant,
    rules: Rules,
    cards: tuple[Card, ...],
    pinned: tuple[Card | None, ...] | None,
    readings: Sequence[Meld],
    wild_ranks: frozenset[Rank],
) -> set[Reading]:
    """Every way to count one group as melds: as one meld (each reading), or
    cut into consecutive shorter runs, or into several sets of its rank."""
    out: set[Reading] = set()
    for m in readings:
        pure = m.kind is MeldKind.RUN and m.is_pure
        out.add(((len(cards),), int(m.kind is MeldKind.RUN), int(pure)))
        if m.kind is MeldKind.RUN:
            out.update(_reading(p) for p in _run_cuts(rules, m))
    naturals = {c.rank for c in cards if not rules.wild[c.code]}
    if len(naturals) <= 1:
        out.update(_reading(p) for p in _set_cuts(v, cards, pinned, wild_ranks, rules))
    if not out:  # not a meld: it still takes its place in the sizes
        out.add(((len(cards),), 0, 0))
    return out


@checked("groups", "groups")
def check_declaration(
    v: Variant,
    groups: Iterable[MeldInput],
    *,
    wild_ranks: frozenset[Rank] = frozenset(),
    deadwood: Iterable[Card] = (),
) -> list[str]:
    """Why the proposed groups are not a valid declaration; ``[]`` when valid.

    Each group is meant as one meld: cards, notation text, or a
    :class:`~rummykit.Meld` (whose wilds then stand where it says). A group
    that can be cut into consecutive shorter runs (or into several sets of
    its rank) counts as those melds wherever that fits the going-out rule,
    as a player lays a long run down in one piece (Continental [S2]: a 6-card
    run is two of the "five three card sequences"; Nowrang: a 7-card run is
    the four-card garwanj and a three-card sequence).
    ``deadwood`` lists the cards of the hand left out of the groups: at most
    one (the final discard) where the going-out rule allows a discard, else
    none.

    >>> import rummykit as rk
    >>> cont = rk.load_variant("continental")
    >>> runs = ["AH 2H 3H 4H 5H", "6H 7H 8H 9H TH", "9S TS JS QS KS"]
    >>> check_declaration(cont, runs)
    ['meld sizes 5+5+5 fit none of the patterns 5+4+3+3, 4+4+4+3, 3+3+3+3+3']
    >>> check_declaration(cont, ["AH 2H 3H 4H 5H 6H", "6S 7S 8S", "TC JC QC", "JD QD KD"])
    []
    """
    patterns, min_runs, min_pure, may_leave = declaration_rule(v)
    wild = _frozen(wild_ranks)
    rules = rules_for(v, wild)
    reasons: list[str] = []
    sizes: list[int] = []
    shown: list[tuple[tuple[Card, ...], tuple[Card | None, ...] | None, tuple[Meld, ...]]] = []
    runs = pure = 0
    for i, group in enumerate(groups, 1):
        cards, pinned = to_cards(group)
        sizes.append(len(cards))
        meld = classify_meld(v, cards, wild_ranks=wild, represents=pinned)
        if meld is None:
            shown.append((cards, pinned, ()))
            if _set_cuts_any(v, rules, cards, pinned, wild):
                continue  # one rank, too many for one set: counted when cut
            why = "; ".join(meld_problems(v, group, wild_ranks=wild))
            reasons.append(f"group {i} ({format_cards(cards)}): {why}")
            continue
        readings = (meld,) if pinned is not None else meld_options(v, cards, wild_ranks=wild)
        shown.append((cards, pinned, readings))
        if any(m.kind is MeldKind.RUN for m in readings):
            runs += 1
            if any(m.kind is MeldKind.RUN and m.is_pure for m in readings):
                pure += 1
    allowed_sizes = {tuple(sorted(p, reverse=True)) for p in patterns}
    fits = not patterns or tuple(sorted(sizes, reverse=True)) in allowed_sizes
    if not (fits and runs >= min_runs and pure >= min_pure):
        # cut long groups: the best count that fits the pattern
        best = _best_cut(v, rules, shown, wild, allowed_sizes, min_runs, min_pure)
        if best is not None:
            fits, runs, pure = True, best[0], best[1]
    if not fits:
        shown_sizes = "+".join(str(s) for s in sorted(sizes, reverse=True)) or "none"
        allowed = ", ".join("+".join(str(s) for s in p) for p in patterns)
        reasons.append(f"meld sizes {shown_sizes} fit none of the patterns {allowed}")
    if runs < min_runs:
        reasons.append(f"needs at least {_plural(min_runs, 'run')} (sequences), has {runs}")
    if pure < min_pure:
        reasons.append(
            f"needs at least {_plural(min_pure, 'pure run')} (no wild card standing in), has {pure}"
        )
    left = list(deadwood)
    if len(left) > may_leave:
        allowed_text = "none may be" if may_leave == 0 else f"at most {may_leave} may be"
        reasons.append(
            f"{_plural(len(left), 'card')} left out of the melds ({format_cards(left)}); {allowed_text}"
            " left (the final discard)"
        )
    return reasons


def _set_cuts_any(
    v: Variant,
    rules: Rules,
    cards: tuple[Card, ...],
    pinned: tuple[Card | None, ...] | None,
    wild: frozenset[Rank],
) -> bool:
    naturals = {c.rank for c in cards if not rules.wild[c.code]}
    if len(naturals) > 1:
        return False
    return next(_set_cuts(v, cards, pinned, wild, rules), None) is not None


def _best_cut(
    v: Variant,
    rules: Rules,
    shown: Sequence[tuple[tuple[Card, ...], tuple[Card | None, ...] | None, tuple[Meld, ...]]],
    wild: frozenset[Rank],
    allowed_sizes: set[tuple[int, ...]],
    min_runs: int,
    min_pure: int,
) -> tuple[int, int] | None:
    """The most (runs, pure runs) over the ways to count every group (some
    cut) whose meld sizes fit a pattern; ``None`` if none fits."""
    states: set[tuple[tuple[int, ...], int, int]] = {((), 0, 0)}
    for cards, pinned, readings in shown:
        options = _group_readings(v, rules, cards, pinned, readings, wild)
        states = {
            (tuple(sorted(s + o[0], reverse=True)), min(r + o[1], min_runs), min(p + o[2], min_pure))
            for s, r, p in states
            for o in options
        }
        if not states:
            return None
    ok = [(r, p) for s, r, p in states if not allowed_sizes or s in allowed_sizes]
    if not ok:
        return None
    return max(ok, key=lambda rp: (rp[0] >= min_runs and rp[1] >= min_pure, rp))


def _cannot_declare(rules: Rules, codes: Sequence[int], min_pure: int, leave: int) -> bool:
    """A quick proof that no declaration exists (``False``: search), every
    card that may be wild counted as wild (:func:`cannot_meld_all`)."""
    wild = rules.wild
    natural = [c for c in codes if not wild[c]]
    return cannot_meld_all(rules, natural, len(codes) - len(natural), min_pure, leave, codes)


def _pass_kept(rules: Rules, codes: Sequence[int], leave: int) -> bool:
    """Whether the component solver keeps a pass over this hand (see
    :func:`rummykit.melds.components.deadwood_each`)."""
    ct = comp_tables(rules)
    if ct is None or leave > 1:
        return False
    enc = encode(ct, codes)
    return enc is not None and enc in ct.passes


def _deadwood_left(rules: Rules, codes: Sequence[int], leave: int) -> bool:
    """Whether every way to meld the hand (``leave`` cards left over, no
    requirement) leaves deadwood: then no declaration exists. Asked of the
    component solver, where it answers in one pass (``False`` elsewhere)."""
    ct = comp_tables(rules)
    enc = encode(ct, codes) if ct is not None and leave <= 1 else None
    if enc is None:
        return False
    assert ct is not None
    n, w, dead = enc
    if not leave:
        return deadwood(ct, n, w) + dead > 0
    values = rules.values
    total = deadwood(ct, n, w) + dead
    # leaving a card of value x lowers the deadwood by x at most
    if not any(values[c] >= total for c in codes):
        return True
    # every card asked, in the order discard_deadwoods asks: a player about
    # to choose a discard of this hand then finds the answer cached
    want = sorted(set(codes), key=lambda c: (-values[c], c))
    _, each = deadwood_each(ct, n, w, dead, want, exact=False)
    return min(each.values()) > 0


@checked("cards")
def best_declaration(
    v: Variant,
    cards: Sequence[Card],
    *,
    wild_ranks: frozenset[Rank] = frozenset(),
    leave_one: bool = False,
) -> Arrangement | None:
    """An arrangement of every card that is a valid declaration, or ``None``.

    The melds satisfy the going-out rule (patterns, runs and pure runs of a
    ``Declare`` rule; any melds otherwise) and hold every card; with
    ``leave_one`` exactly one card is left over as the final discard, in
    ``deadwood`` (the one of least value that works). Ties as in
    :func:`rummykit.best_arrangement`.

    >>> import rummykit as rk
    >>> nowrang = rk.load_variant("nowrang")
    >>> a = best_declaration(nowrang, rk.parse_cards("2H 3H 4H 5H 6H 7H 8H JS QS KS KD"), leave_one=True)
    >>> [str(m) for m in a.melds], a.deadwood
    (['2H 3H 4H 5H', '6H 7H 8H', 'JS QS KS'], (KD,))
    """
    patterns, min_runs, min_pure, _ = declaration_rule(v)
    rules = rules_for(v, wild_ranks if isinstance(wild_ranks, frozenset) else frozenset(wild_ranks))
    codes = [c.code for c in cards]
    leave = 1 if leave_one else 0
    # the one-pass check first where the hand's pass is kept (a player just
    # weighed this hand): then it costs nothing
    kept = _pass_kept(rules, codes, leave)
    if kept and _deadwood_left(rules, codes, leave):
        return None
    if _cannot_declare(rules, codes, min_pure, leave) or (not kept and _deadwood_left(rules, codes, leave)):
        return None
    best = None
    for sizes in patterns or (None,):
        if sizes is not None and sum(sizes) != len(codes) - leave:
            continue
        found = solve(
            rules,
            codes,
            min_runs=min_runs,
            min_pure=min_pure,
            strict=True,
            leave=leave,
            sizes=sizes,
            leave_costs=True,
        )
        if found is not None and (best is None or found[0] < best[0]):
            best = found
    if best is None:
        return None
    groups, _, left = best[1]
    arrangement = plan_to_arrangement(rules, (groups, left, []))
    return arrangement
