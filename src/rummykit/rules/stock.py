"""Stock exhaustion: what happens when the stock runs out.

>>> Reuse(max_reuses=1).may_reuse(already=1)
False
>>> Reuse().may_reuse(already=40)
True
"""

from __future__ import annotations

import attrs

from rummykit.rules.base import Component, Kind, component, concern

__all__ = ["EndHand", "EndTrigger", "PassTurns", "Reuse", "StockExhaustion"]


@concern("stock", default="reuse")
class StockExhaustion(Component):
    """Concern: the stock has run out (or is down to its reserve)."""


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
    """How many times the pile may be reused; 0 means no limit. When the stock
    runs out once more, the hand ends with nobody out."""

    def may_reuse(self, *, already: int) -> bool:
        """Whether the pile may be reused after ``already`` reuses."""
        return self.max_reuses == 0 or already < self.max_reuses


class EndTrigger(Kind):
    """When a hand ends after the stock runs out."""

    EMPTY = "empty"
    """As soon as the stock is empty (or down to its reserve)."""
    DECLINE = "decline"
    """When a player on turn does not take the top discard."""


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


@component
@attrs.frozen(kw_only=True)
class PassTurns(StockExhaustion):
    """Thai: a player who cannot draw passes; when every player passes in a row the hand ends."""

    kind = "pass"
    summary = "A player who does not take a discard passes; all passing in a row ends the hand."
