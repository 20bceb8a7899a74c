"""Cards settled apart from the general search (internal): cards in no meld
(the Canasta family's red threes) and cards that meld only among themselves,
without wilds (its black threes). No other meld takes them, so their best
melds do not depend on the rest of the hand.

>>> import rummykit as rk
>>> from rummykit.melds.tables import rules_for
>>> r = rules_for(rk.load_variant("canasta"))
>>> codes = [c.code for c in rk.parse_cards("3C 3S 3C 3S 3S 3H")]
>>> cost, melds, dead, left = side_melds(r, codes, 0, False)
>>> [len(g) for g, _ in melds], [str(rk.Card.from_code(c)) for c in dead]
([4], ['3H', '3S'])
"""

from __future__ import annotations

from rummykit.melds.no_wilds import SCALE
from rummykit.melds.tables import Rules

__all__ = ["side_melds"]


def side_melds(
    rules: Rules, side: list[int], left: int, leave_costs: bool
) -> tuple[int, list[tuple[tuple[int, ...], int]], list[int], list[int]] | None:
    """``(cost, melds, deadwood, left over)`` of the cards that meld alone or
    never, ``left`` (0 or 1) of them left over; ``None``: none to leave."""
    if left:
        best = None
        for c in sorted(set(side)):
            rest = list(side)
            rest.remove(c)
            option = side_melds(rules, rest, 0, leave_costs)
            assert option is not None
            cost = option[0] + (rules.values[c] * SCALE if leave_costs else 0)
            if best is None or cost < best[0]:
                best = (cost, option[1], option[2], [c])
        return best
    dead = [c for c in side if rules.never[c]]
    melds: list[tuple[tuple[int, ...], int]] = []
    by_rank: dict[int, list[int]] = {}
    for c in side:
        if not rules.never[c]:
            by_rank.setdefault(c % 13, []).append(c)
    for cards in by_rank.values():
        cards.sort(key=lambda c: (-rules.values[c], c))  # the most valuable melded
        sizes = rules.alone[cards[0]]
        assert sizes is not None
        parts = _alone_parts(len(cards), *sizes, one=rules.one_per_rank)
        pos = 0
        for size in parts:
            melds.append((tuple(sorted(cards[pos : pos + size])), 0))
            pos += size
        dead += cards[pos:]
    return sum(rules.dcost[c] for c in dead), melds, dead, []


def _alone_parts(count: int, low: int, high: int, *, one: bool) -> list[int]:
    """Sizes of melds from ``low`` to ``high`` cards holding as many of
    ``count`` cards as can be (``one``: a single meld at most)."""
    if one:
        return [min(count, high)] if count >= low else []
    for total in range(count, low - 1, -1):
        melds = -(-total // high)  # the fewest melds that hold them
        if melds * low <= total:
            parts = [low] * melds
            for i in range(total - melds * low):
                parts[i % melds] += 1
            return parts
    return []
