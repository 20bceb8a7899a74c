"""``buy``: out of turn, take the discard the player on turn did not want,
with a penalty card from the stock (contract rummy's "May I?").

Where the ``claims`` component buys (``claims.kind = "buy"``), the player
whose turn it is has first claim on the discard: taking it is their draw.
When they draw from the stock instead, the other players are asked in
order (from the player after them, or from the dealer's left,
``claims.priority``) whether they buy the discard: the first who does takes
it and ``claims.penalty`` cards from the stock, and the turn goes on; the
others ``pass``. The discarder does not buy their own discard, nor does a
player who has gone down (``claims.after_down``) or has used up the
deal's buys (``claims.limit``, ``claims.limits``). A buyer plays the cards
at their own turn.

>>> import rummykit as rk
>>> v = rk.load_variant("liverpool")
>>> h = rk.new_hand(v, players=3, dealer=0, discard="KS", stock="2C 3D 4H 5S",
...     hands=["AC 2D 3H 4S 5C 6D 7H 8S 9C TD", "AD 2H 3S 4C 5D 6H 7S 8C 9D TH",
...            "KH KD 3C 4D 5H 6S 7C 8D 9H TS"])
>>> h.apply("draw")  # seat 1 would rather draw: seat 2 may buy the king
>>> h.current_player, [str(a) for a in h.legal_actions()]
(2, ['buy', 'pass'])
>>> h.apply("buy")
>>> h.current_player, h.phase.value, len(h.hand_of(2)), h.bought
(1, 'play', 12, (0, 0, 1))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.engine.conditions import insort
from rummykit.engine.kind import ActionKind, Refusal
from rummykit.engine.notation import Action, bad_text
from rummykit.engine.phase import Phase

if TYPE_CHECKING:
    from rummykit.engine.meld_memo import Kit
    from rummykit.engine.state import Hand

__all__ = ["BUY", "Buy", "BuyKind", "buyers", "close_buying", "open_buying"]


@attrs.frozen(repr=False, cache_hash=True)
class Buy(Action):
    """Out of turn: buy the top discard (with the penalty cards)."""

    word = "buy"
    order = 31

    def __str__(self) -> str:
        return "buy"


BUY = Buy()


def _may_buy(h: Hand, seat: int) -> bool:
    claims = h._v.claims
    return claims.may_buy(bought=h._bought[seat], gone_down=h._melded[seat], deal=h._deal_number)


def buyers(h: Hand, player: int) -> list[int]:
    """The seats that may buy the top discard now that ``player`` (on turn)
    has drawn from the stock, in the order they are asked."""
    claims = h._v.claims
    if not h._pile or len(h._stock) < claims.penalty_cards() + h._kit.reserve:
        return []
    discarder = h._pile_from[-1] if h._pile_from else -1
    first = h._starter if claims.from_dealer_left() else h._next_seat(player)
    return [
        s
        for s in h._seats_from(first)
        if s not in (player, discarder) and h._dropped[s] is None and _may_buy(h, s)
    ]


def open_buying(h: Hand, player: int) -> None:
    """``player`` drew from the stock: ask the buyers, if any, in turn."""
    queue = buyers(h, player)
    if not queue:
        return
    h._resume = player
    h._claim_queue = queue[1:]
    h._current = queue[0]
    h._phase = Phase.CLAIM


def close_buying(h: Hand) -> None:
    """Nobody (more) buys: the player on turn goes on with the turn."""
    h._claim_queue = []
    h._current = h._resume
    h._phase = Phase.PLAY


class BuyKind(ActionKind):
    """The ``buy`` kind (see the module documentation)."""

    action = Buy
    words = ("buy",)
    phases = frozenset({Phase.CLAIM})
    rule = "claims"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if rest:
            raise bad_text(text, "'buy' takes nothing after it")
        return BUY

    def in_variant(self, kit: Kit) -> bool:
        return bool(kit.buys)

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        return (BUY,) if self.refusal(h, BUY) is None else ()

    def refusal(self, h: Hand, a: Action) -> Refusal | None:
        v = h._v
        if not h._kit.buys:
            return Refusal(f"discards are not bought in {v.name} (claims {v.claims.kind})", "claims")
        p = h._current
        if not h._pile:
            return Refusal("there is no discard to buy", "claims")
        limit = v.claims.limit_for(deal=h._deal_number)
        if limit and h._bought[p] >= limit:
            return Refusal(f"seat {p} has bought {limit} times this deal, the most allowed", "claims.limit")
        if not _may_buy(h, p):
            return Refusal(f"seat {p} has gone down and may not buy (claims.after_down)", "claims.after_down")
        if len(h._stock) < v.claims.penalty_cards() + h._kit.reserve:
            return Refusal("the stock is too low to pay a buy's penalty card", "claims.penalty")
        return None

    def perform(self, h: Hand, a: Action) -> None:
        p = h._current
        hand = h._hands[p]
        insort(hand, h._pile.pop())
        h._pile_from.pop()
        for _ in range(h._v.claims.penalty_cards()):
            insort(hand, h._stock.pop())
        h._bought[p] += 1
        close_buying(h)
