"""The search bot's opponent model: each opponent of a determinization dealt
the hand a player who kept its best cards could hold.

A uniform determinization deals an opponent random unseen cards: a weaker
hand than a player who has kept melding cards for several turns, so
rollouts against it favour waiting and feeding the opponent. So each
opponent's unknown cards are chosen as the best of more: its unknown cards
and one more unseen stock card for each turn it has played (at most
``opponent_turns``, and :data:`MODEL_CARDS` cards in all), the cards of a
best arrangement's melds first, then the lowest; the others go back where
the extra cards came from. Every card the seat saw stays where it is, so
the seat's view of the determinization is unchanged.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rummykit.cards import Card
from rummykit.engine import Hand, View, spoken_for, swap_hidden
from rummykit.melds import card_value, deadwood_cards
from rummykit.variant import Variant

__all__ = ["MODEL_CARDS", "keep_best", "strengthen"]

MODEL_CARDS = 18
"""The most cards the model chooses an opponent's hand from (fewer extra
cards for larger hands, none from 18 cards on): one arrangement search per
opponent and determinization, which must stay quick."""


def strengthen(v: Variant, view: View, det: Hand, opponent_turns: int) -> Hand:
    """Give each opponent in the determinization ``det`` of ``view``'s hand
    the best of more unseen cards (see the module): changed in place and
    returned.

    >>> import rummykit as rk
    >>> v = rk.load_variant("gin")
    >>> h = rk.new_hand(v, players=2, seed=2)
    >>> for _ in range(6):
    ...     _ = h.apply(rk.GreedyBot(v).choose(h.view(h.current_player)))
    >>> view = h.view(h.current_player)
    >>> strengthen(v, view, view.resample(seed=3), 8).view(view.player) == view
    True
    """
    extra = min(opponent_turns, max(0, (view.turn - 1) // len(view.hand_counts)))
    if extra <= 0:
        return det
    known = view.knowledge()
    stock = det.stock_cards  # the stock's top is its end; the bottom stock_known cards were seen
    top = len(stock)
    for q in range(det.players):
        take = min(extra, top - known.stock_known)
        if q == view.player or view.dropped[q] or take <= 0:
            continue
        seen = Counter(known.known[q]) | spoken_for(det, q)
        held = det.hand_of(q)
        unknown = list((Counter(held) - seen).elements())
        take = min(take, MODEL_CARDS - len(held))
        if not unknown or take <= 0:
            continue
        spots = range(top - take, top)
        pool = unknown + [stock[i] for i in spots]
        kept, back = keep_best(v, list(seen.elements()), pool, len(unknown), det.wild_ranks)
        swap_hidden(det, q, [*seen.elements(), *kept], dict(zip(spots, back, strict=True)))
        top -= take
    return det


def keep_best(
    v: Variant, seen: list[Card], pool: list[Card], need: int, wild: frozenset[Any]
) -> tuple[list[Card], list[Card]]:
    """The ``need`` cards of ``pool`` a player holding ``seen`` would keep,
    and the others: the cards of a best arrangement's melds (of ``seen`` and
    the pool) first, then the lowest values, then card order.

    >>> import rummykit as rk
    >>> kept, back = keep_best(rk.load_variant("gin"), [], rk.parse_cards("AH 7C 8C 9C TC JC QC KC"), 7, frozenset())
    >>> back
    [AH]
    """
    every = sorted([*seen, *pool], key=lambda c: c.code)
    dead = deadwood_cards(v, every, wild_ranks=wild)
    melded = Counter(every) - Counter(every if dead is None else dead)
    order = []
    for c in sorted(pool, key=lambda c: c.code):
        value = card_value(v, c, wild_ranks=wild)
        order.append((melded[c] <= 0, value, c.code, c))
        melded[c] -= 1
    order.sort(key=lambda x: x[:3])
    return [x[3] for x in order[:need]], [x[3] for x in order[need:]]
