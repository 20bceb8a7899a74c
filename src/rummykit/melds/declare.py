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

from collections.abc import Iterable, Sequence

from rummykit.cards import Card, Rank, format_cards
from rummykit.melds.classify import MeldInput, classify_meld, meld_options, meld_problems, to_cards
from rummykit.melds.meld import Arrangement, MeldKind
from rummykit.melds.solver import plan_to_arrangement, solve
from rummykit.melds.tables import rules_for
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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def check_declaration(
    v: Variant,
    groups: Iterable[MeldInput],
    *,
    wild_ranks: frozenset[Rank] = frozenset(),
    deadwood: Iterable[Card] = (),
) -> list[str]:
    """Why the proposed groups are not a valid declaration; ``[]`` when valid.

    Each group is meant as one meld: cards, notation text, or a
    :class:`~rummykit.Meld` (whose wilds then stand where it says).
    ``deadwood`` lists the cards of the hand left out of the groups: at most
    one (the final discard) where the going-out rule allows a discard, else
    none.

    >>> import rummykit as rk
    >>> cont = rk.load_variant("continental")
    >>> runs = ["AH 2H 3H 4H 5H", "6H 7H 8H 9H TH", "9S TS JS QS KS"]
    >>> check_declaration(cont, runs)
    ['meld sizes 5+5+5 fit none of the patterns 5+4+3+3, 4+4+4+3, 3+3+3+3+3']
    """
    patterns, min_runs, min_pure, may_leave = declaration_rule(v)
    reasons: list[str] = []
    sizes: list[int] = []
    runs = pure = 0
    for i, group in enumerate(groups, 1):
        cards, pinned = to_cards(group)
        sizes.append(len(cards))
        meld = classify_meld(v, cards, wild_ranks=wild_ranks, represents=pinned)
        if meld is None:
            why = "; ".join(meld_problems(v, group, wild_ranks=wild_ranks))
            reasons.append(f"group {i} ({format_cards(cards)}): {why}")
            continue
        readings = [meld] if pinned is not None else list(meld_options(v, cards, wild_ranks=wild_ranks))
        if any(m.kind is MeldKind.RUN for m in readings):
            runs += 1
            if any(m.kind is MeldKind.RUN and m.is_pure for m in readings):
                pure += 1
    if patterns and tuple(sorted(sizes, reverse=True)) not in {
        tuple(sorted(p, reverse=True)) for p in patterns
    }:
        shown = "+".join(str(s) for s in sorted(sizes, reverse=True)) or "none"
        allowed = ", ".join("+".join(str(s) for s in p) for p in patterns)
        reasons.append(f"meld sizes {shown} fit none of the patterns {allowed}")
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
