"""Stock exhaustion: what happens when the stock runs out.

>>> Reuse(max_reuses=1).may_reuse(already=1)
False
>>> Reuse().may_reuse(already=40)
True
"""

from __future__ import annotations

import random

import attrs

from rummykit.cards import Card
from rummykit.rules.base import Component, Kind, component, concern

__all__ = ["EndHand", "EndTrigger", "PassTurns", "Reuse", "StockExhaustion", "WhenEmpty"]


class WhenEmpty(Kind):
    """What a player on turn faces when the stock cannot be drawn from."""

    REUSE = "reuse"
    """The discard pile is made into a new stock (see ``rebuild``)."""
    END = "end"
    """The hand ends at once with nobody out."""
    DECLINE = "decline"
    """The player may take from the discard pile; passing ends the hand."""
    PASS = "pass"
    """The player may take from the discard pile or pass; when every player
    passes in a row the hand ends."""


class EndTrigger(Kind):
    """When a hand ends after the stock runs out."""

    EMPTY = "empty"
    """As soon as the stock is empty (or down to its reserve)."""
    DECLINE = "decline"
    """When a player on turn does not take the top discard."""


@concern("stock", default="reuse")
class StockExhaustion(Component):
    """Concern: the stock has run out (or is down to its reserve)."""

    def when_empty(self, *, reuses: int) -> WhenEmpty:
        """What happens when the stock is out, after ``reuses`` earlier reuses."""
        raise NotImplementedError

    def reserve_cards(self) -> int:
        """Cards at the bottom of the stock that may never be drawn."""
        return 0

    def rebuild(self, pile: list[Card], rng: random.Random) -> tuple[list[Card], list[Card]]:
        """A new stock (top card first) from the discard pile (top card last),
        and what stays in the pile."""
        raise NotImplementedError


@component
@attrs.frozen(kw_only=True)
class Reuse(StockExhaustion):
    """The discard pile becomes the new stock."""

    kind = "reuse"
    summary = "The discard pile is turned over (or shuffled) to form a new stock."

    shuffle: bool = False
    """Shuffle the pile; otherwise it is turned over as it lies."""
    keep_top: bool = False
    """Leave the top discard face up to start the new pile."""
    max_reuses: int = 0
    """How many times the pile may be reused; 0 means no limit."""
    end_trigger: EndTrigger = EndTrigger.DECLINE
    """How the hand ends when the stock runs out with no reuse left:
    ``decline``: when the next player does not want the top discard ([S1]:
    "after the stock becomes exhausted for the third time, the play should end
    if the next player does not want to take the discard"); ``empty``: at once
    ([S1]: "reused only once and the play ends when the stock is used up for
    the second time"). Nobody scores."""

    def may_reuse(self, *, already: int) -> bool:
        """Whether the pile may be reused after ``already`` reuses."""
        return self.max_reuses == 0 or already < self.max_reuses

    def when_empty(self, *, reuses: int) -> WhenEmpty:
        if self.may_reuse(already=reuses):
            return WhenEmpty.REUSE
        return WhenEmpty.DECLINE if self.end_trigger is EndTrigger.DECLINE else WhenEmpty.END

    def rebuild(self, pile: list[Card], rng: random.Random) -> tuple[list[Card], list[Card]]:
        keep = pile[-1:] if self.keep_top else []
        rest = pile[:-1] if self.keep_top else list(pile)
        # Turned over: the first discard (the bottom of the pile) becomes the top.
        if self.shuffle:
            rng.shuffle(rest)
        return rest, keep


@component
@attrs.frozen(kw_only=True)
class EndHand(StockExhaustion):
    """The discard pile is never reused; the hand ends."""

    kind = "end"
    summary = "The discard pile is never reused; the hand ends with nobody out."

    trigger: EndTrigger = EndTrigger.DECLINE
    """When the hand ends once the stock is out."""
    reserve: int = 0
    """Cards left in the stock that may not be drawn (Gin: 2)."""

    def when_empty(self, *, reuses: int) -> WhenEmpty:
        return WhenEmpty.END if self.trigger is EndTrigger.EMPTY else WhenEmpty.DECLINE

    def reserve_cards(self) -> int:
        return self.reserve


@component
@attrs.frozen(kw_only=True)
class PassTurns(StockExhaustion):
    """Thai: a player who cannot draw passes; when every player passes in a row the hand ends."""

    kind = "pass"
    summary = "A player who does not take a discard passes; all passing in a row ends the hand."

    def when_empty(self, *, reuses: int) -> WhenEmpty:
        return WhenEmpty.PASS
