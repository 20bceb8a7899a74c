"""Wild cards in the Canasta family's melds of one rank: which wild cards a
meld may take from a hand (the choices listed), and melds of wild cards
alone (``melds.wild_melds``: Bolivia's *bolivia*).

>>> from rummykit.cards import parse_cards
>>> jk, two_c, two_s = parse_cards("JK 2C 2S")
>>> [" ".join(map(str, c)) for c in wild_choices([jk], [two_c, two_s], 2)]
['', 'JK', '2C', '2S', 'JK 2C', 'JK 2S', '2C 2S']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from rummykit.cards import Card
from rummykit.engine.meld_memo import LISTED_WILDS

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = ["is_wild_group", "wild_choices"]


def is_wild_group(h: Hand, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` are a meld of wild cards alone the variant allows in
    shape (``melds.wild_melds``), whatever their number."""
    return (
        bool(cards)
        and bool(getattr(h._v.melds, "wild_melds", False))
        and all(h._v.deck.is_wild(c, h._wild) for c in cards)
    )


def wild_choices(jokers: list[Card], twos: list[Card], most: int) -> list[tuple[Card, ...]]:
    """The wild cards a meld of one rank may take from the hand: every choice
    of up to :data:`~rummykit.engine.meld_memo.LISTED_WILDS` of them (other
    twos are other cards), and beyond that once per count of jokers and other
    wilds (the lowest)."""
    pool = [*jokers, *twos]
    out: dict[tuple[Card, ...], None] = {(): None}
    for n in range(1, min(most, LISTED_WILDS) + 1):
        for combo in combinations(pool, n):
            out[combo] = None
    for j in range(min(len(jokers), most) + 1):
        for t in range(min(len(twos), most - j) + 1):
            if j + t > LISTED_WILDS:
                out[(*jokers[:j], *twos[:t])] = None
    return list(out)
