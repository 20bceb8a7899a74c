"""A beginner's habits where a hand is won by declaring it whole
(``going_out.declares()``: Indian rummy and its house rules), for the low
difficulty levels (:mod:`rummykit.bots.levels`).

Nothing goes on the table before the declaration in those games, so the
habits of the other games (laying off only to go out, melding late) have
nothing to act on. A beginner there plays for sets: it picks up a discard of
a rank it already holds even when the card makes no meld, keeps such pairs,
throws its lowest loose card (keeping the high ones; a joker only when
nothing else is loose), and does not count what the declaration needs
(Indian rummy's pure sequence).

>>> import rummykit as rk
>>> v = rk.load_variant("indian")
>>> h = rk.new_hand(v, players=2, dealer=1, hands=["7H 2C 5D 9S QS KD 3H 4C 8D TC JH AS 6S",
...     "2D 3D 4D 5S 6D 7D 8S 9D TS JD QD KS AD"], discard=["7S"], stock=["KC", "AH", "2H"])
>>> str(take_for_a_set(v, h.view(0), h.legal_actions()))
'take'
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.cards import Card, Rank
from rummykit.engine import Action, Discard, Take, View
from rummykit.variant import Variant

__all__ = ["declaring_discards", "plays_for_sets", "take_for_a_set"]


def plays_for_sets(v: Variant) -> bool:
    """Whether a beginner plays for sets in ``v``: where a hand is won by
    declaring it whole."""
    return v.going_out.declares()


def _natural(v: Variant, card: Card, wild: frozenset[Rank]) -> bool:
    return card.rank is not None and not v.deck.is_wild(card, wild)


def _pairs(v: Variant, card: Card, others: Sequence[Card], wild: frozenset[Rank]) -> bool:
    """Whether ``card`` and one of ``others`` share a rank in two suits (a
    set begun), both natural cards."""
    return _natural(v, card, wild) and any(
        o.rank == card.rank and o.suit != card.suit and _natural(v, o, wild) for o in others
    )


def take_for_a_set(v: Variant, view: View, legal: Sequence[Action]) -> Take | None:
    """The plain take of the top discard when it is a natural card of a rank
    the hand holds in another suit, while the stock has cards; else None.

    >>> import rummykit as rk
    >>> v = rk.load_variant("indian")
    >>> h = rk.new_hand(v, players=2, dealer=1, hands=["7H 2C 5D 9S QS KD 3H 4C 8D TC JH AS 6S",
    ...     "2D 3D 4D 5S 6D 7D 8S 9D TS JD QD KS AD"], discard=["7H"], stock=["KC", "AH", "2H"])
    >>> take_for_a_set(v, h.view(0), h.legal_actions()) is None  # the same suit: no set
    True
    """
    top = view.top_discard
    if top is None or not view.stock_count or not _pairs(v, top, view.hand, view.wild_ranks):
        return None
    takes = [a for a in legal if isinstance(a, Take) and a.depth == 1 and a.then is None and not a.and_draw]
    return takes[0] if takes else None


def declaring_discards(
    v: Variant,
    loose: Sequence[Card],
    discards: Sequence[Discard],
    values: Sequence[int],
    wild: frozenset[Rank],
) -> list[Discard]:
    """The discards a beginner picks from in a declaration game: of the
    ``loose`` cards (outside its melds), a natural card before a wild one,
    a card that pairs with no other loose card before one that does, then
    the lowest value (``values`` by card code); any card of ``discards``
    when none is loose.

    >>> import rummykit as rk
    >>> v = rk.load_variant("indian")
    >>> hand = rk.parse_cards("9S 9H 4C JK")
    >>> ds = [Discard(c) for c in hand]
    >>> values = [rk.card_value(v, c) for c in map(Card.from_code, range(53))]
    >>> [str(a) for a in declaring_discards(v, hand, ds, values, frozenset())]
    ['discard 4C']
    """
    pool = [a for a in discards if a.card in set(loose)] or list(discards)

    def key(a: Discard) -> tuple[bool, bool, int]:
        c = a.card
        others = list(loose)
        if c in others:
            others.remove(c)
        return (not _natural(v, c, wild), _pairs(v, c, others, wild), values[c.code])

    low = min(key(a) for a in pool)
    return [a for a in pool if key(a) == low]
