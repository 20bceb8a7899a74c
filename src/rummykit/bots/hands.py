"""What the bots reckon of a hand of cards: a canonical order, closeness to a
meld, memo keys and bounded memo tables.

>>> import rummykit as rk
>>> hand = tuple(rk.parse_cards("9H 7H 8S"))
>>> sort_cards(hand), closeness(hand[0], hand, frozenset())
((7H, 9H, 8S), 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import TypeVar

from rummykit.cards import JOKER_CODE, Card, Rank

__all__ = [
    "CARDS",
    "card_key",
    "closeness",
    "key_cards",
    "memo_for",
    "near",
    "order_key",
    "rank_value",
    "sort_cards",
    "unmatched",
    "without",
]

CARDS = tuple(Card.from_code(c) for c in range(JOKER_CODE + 1))
"""Every card by its code (0-52, the joker last)."""

_CODE = attrgetter("code")

WILD_SETS = 4
"""Memo tables kept per bot for this many wild-rank sets (Indian rummy's
wild rank changes every hand): the oldest goes for a new one."""

_K = TypeVar("_K")
_V = TypeVar("_V")


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``tuple(sorted(cards))``, sorted by card code (the same order, a faster
    sort: no comparison method is called)."""
    return tuple(sorted(cards, key=_CODE))


def without(cards: Iterable[Card], card: Card) -> list[Card]:
    """``cards`` less one copy of ``card``."""
    rest = list(cards)
    rest.remove(card)
    return rest


def rank_value(card: Card) -> int:
    """The rank's number (ace 1, king 13); 0 for a joker."""
    return 0 if card.rank is None else int(card.rank)


def near(a: Card, b: Card) -> bool:
    """Whether two natural cards could share a three-card meld: the same
    rank, or the same suit within two ranks (an ace next to a king too).
    Jokers are never near.

    >>> import rummykit as rk
    >>> near(rk.Card.parse("7H"), rk.Card.parse("9H")), near(rk.Card.parse("AS"), rk.Card.parse("KS"))
    (True, True)
    >>> near(rk.Card.parse("7H"), rk.Card.parse("TH")), near(rk.Card.parse("7H"), rk.Card.parse("8S"))
    (False, False)
    """
    if a.rank is None or b.rank is None:
        return False
    if a.rank == b.rank:
        return True
    d = abs(int(a.rank) - int(b.rank))
    return a.suit == b.suit and 0 < min(d, 13 - d) <= 2


def closeness(card: Card, hand: tuple[Card, ...], wild: frozenset[Rank]) -> int:
    """How close ``card`` is to a meld with the others of ``hand``: 2 for each
    card of its rank, 2 or 1 for each card of its suit one or two ranks away;
    a wild scores 10 (keep it)."""
    if card.rank is None or card.rank in wild:
        return 10
    r = int(card.rank)
    score = 0
    for c in hand:
        if c is card or c.rank is None:
            continue
        if c.rank == card.rank and c != card:
            score += 2
        elif c.suit == card.suit and 0 < abs(int(c.rank) - r) <= 2:
            score += 3 - abs(int(c.rank) - r)
    return score


def unmatched(partials: list[tuple[Card, Card, float]]) -> dict[Card, float]:
    """For each card of the pairs ``(x, z, p)``: the chance that none of its
    pairs is completed, each completed with chance ``p``."""
    out: dict[Card, float] = {}
    for x, z, p in partials:
        for c in (x, z):
            out[c] = out.get(c, 1.0) * (1.0 - p)
    return out


def card_key(cards: Iterable[Card]) -> bytes:
    """A memo key for ``cards`` in any order: their sorted codes.

    >>> import rummykit as rk
    >>> card_key(rk.parse_cards("2C AC JK"))
    b'\\x00\\x014'
    """
    return bytes(sorted([c.code for c in cards]))


def order_key(cards: Iterable[Card]) -> bytes:
    """A memo key for ``cards`` in their order (already sorted by the caller)."""
    return bytes([c.code for c in cards])


def key_cards(key: bytes) -> tuple[Card, ...]:
    """The cards of a :func:`card_key`, sorted."""
    return tuple([CARDS[code] for code in key])


def memo_for(store: dict[frozenset[Rank], dict[_K, _V]], wild: frozenset[Rank], limit: int) -> dict[_K, _V]:
    """The memo of ``store`` for these wild ranks: a new one once it holds
    more than ``limit`` entries, the oldest wild set's dropped past
    :data:`WILD_SETS`.

    >>> store: dict[frozenset[Rank], dict[bytes, int]] = {}
    >>> memo_for(store, frozenset(), 10)[b"\\x00"] = 1
    >>> memo_for(store, frozenset(), 10), memo_for(store, frozenset({Rank.TWO}), 10)
    ({b'\\x00': 1}, {})
    """
    table = store.get(wild)
    if table is None or len(table) > limit:
        if table is None and len(store) >= WILD_SETS:
            del store[next(iter(store))]
        table = store[wild] = {}
    return table
