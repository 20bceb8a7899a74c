"""Lay-offs: adding one card to a meld on the table, without rearranging it.

A run grows at either end (a wild may be added at either end, standing for
the next card); where ``v.layoff.move_end_wild`` is on, a player laying off
the natural card a wild at the end of a run stands for may put it in the
wild's place and move the wild to the other end (Double Rum). A set grows by
a card of its rank (or a wild); the suit a set's wild stands for may be
re-chosen so that suits stay distinct, since that moves no card.

>>> import rummykit as rk
>>> v = rk.load_variant("double-rum")
>>> [str(m) for m in layoff_options(v, rk.Meld.parse("7H 8H JK=9H"), rk.Card.parse("TH"))]
['7H 8H JK=9H TH']
>>> [str(m) for m in layoff_options(v, rk.Meld.parse("7H 8H JK=9H"), rk.Card.parse("9H"))]
['JK=6H 7H 8H 9H']
>>> [str(m) for m in layoff_options(v, rk.Meld.parse("7H 8H 9H"), rk.Card.joker())]
['JK=6H 7H 8H 9H', '7H 8H 9H JK=TH']
"""

from __future__ import annotations

from collections import Counter

from rummykit.cards import Card, Rank
from rummykit.melds.classify import interpretations, valid_reading
from rummykit.melds.meld import Meld, MeldKind
from rummykit.melds.tables import card_rank, rules_for
from rummykit.variant import Variant

__all__ = ["layoff_options"]


def layoff_options(
    v: Variant, meld: Meld, card: Card, *, wild_ranks: frozenset[Rank] = frozenset()
) -> tuple[Meld, ...]:
    """The melds that result from adding ``card`` to ``meld``; ``()`` if none.

    Whether the player may lay off at all (whose meld, after an initial meld,
    after a knock ...) is the engine's business; this only checks the meld.
    Results come in a fixed order: for runs the low end first.

    >>> import rummykit as rk
    >>> v = rk.load_variant("straight")
    >>> [str(m) for m in layoff_options(v, rk.Meld.parse("7C 7D 7H"), rk.Card.parse("7S"))]
    ['7C 7D 7H 7S']
    >>> layoff_options(v, rk.Meld.parse("AH 2H 3H"), rk.Card.parse("KH"))
    ()
    """
    rules = rules_for(v, wild_ranks if isinstance(wild_ranks, frozenset) else frozenset(wild_ranks))
    code = card.code
    cards = [c.code for c in meld.cards]
    reps = [r.code for r in meld.represents]
    out: list[Meld] = []
    if meld.kind is MeldKind.SET:
        natural = {(c, r) for c, r in zip(cards, reps, strict=True) if c == r}
        old = Counter(zip(cards, reps, strict=True))
        readings = [
            m
            for m in interpretations(rules, tuple(sorted([*cards, code])))
            if m.kind is MeldKind.SET and card_rank(m.represents[0].code) == card_rank(reps[0])
        ]
        keep_naturals = []
        keep_all = []
        for m in readings:
            pairs = Counter((c.code, r.code) for c, r in zip(m.cards, m.represents, strict=True))
            if all(pairs[p] >= old[p] for p in natural):
                keep_naturals.append(m)
                if all(pairs[p] >= n for p, n in old.items()):
                    keep_all.append(m)
        return tuple(keep_all or keep_naturals)
    n = len(reps)
    if n == 0:
        return ()
    suit_base = reps[0] - card_rank(reps[0]) + 1
    ranks = tuple(card_rank(r) for r in reps)
    low_ext: list[int] = []
    high_ext: list[int] = []
    for seq in rules.sequences.get(n + 1, ()):
        if seq[1:] == ranks:
            low_ext.append(suit_base + seq[0] - 1)
        if seq[:-1] == ranks:
            high_ext.append(suit_base + seq[-1] - 1)
    candidates: list[tuple[list[int], list[int]]] = []
    for rep in low_ext:
        candidates.append(([code, *cards], [rep, *reps]))
    for rep in high_ext:
        candidates.append(([*cards, code], [*reps, rep]))
    if getattr(v.layoff, "move_end_wild", False):
        if cards[0] != reps[0] and code == reps[0]:
            for rep in high_ext:
                candidates.append(([code, *cards[1:], cards[0]], [*reps, rep]))
        if cards[-1] != reps[-1] and code == reps[-1]:
            for rep in low_ext:
                candidates.append(([cards[-1], *cards[:-1], code], [rep, *reps]))
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    for new_cards, new_reps in candidates:
        key = (tuple(new_cards), tuple(new_reps))
        if key in seen or not valid_reading(rules, MeldKind.RUN, new_cards, new_reps):
            continue
        seen.add(key)
        out.append(
            Meld(
                MeldKind.RUN,
                tuple(Card.from_code(c) for c in new_cards),
                tuple(Card.from_code(r) for r in new_reps),
            )
        )
    return tuple(out)
