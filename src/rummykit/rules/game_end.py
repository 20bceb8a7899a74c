"""Game end: when a match of several hands is over, and who has won.

>>> Target(target=100).reached([40, 100])
True
>>> Elimination(limit=101).eliminated(101), Elimination(limit=101, on_reach=False).eliminated(101)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rummykit.rules.base import Component, Kind, component, concern

__all__ = ["Best", "Deals", "Elimination", "GameEnd", "SingleHand", "Target"]


class Best(Kind):
    """Which total wins."""

    HIGHEST = "highest"
    LOWEST = "lowest"


@concern("game_end", default="target")
class GameEnd(Component):
    """Concern: when the game (match) is over."""


@component
@attrs.frozen(kw_only=True)
class Target(GameEnd):
    """The game ends at the end of a hand in which a total reaches the target."""

    kind = "target"
    summary = "The game ends when a player's total reaches the target."

    target: int = 100
    """Total that ends the game."""
    best: Best = Best.HIGHEST
    """Which total wins when the game ends (``lowest`` for penalty points)."""
    must_go_out: bool = False
    """Reaching the target wins only in a hand the player went out of (Thai)."""
    instant_loss: int | None = None
    """A total at or below this loses the game at once (Thai: -500)."""
    game_bonus: int = 0
    """Bonus to the winner of the game (Gin: 100)."""
    hand_bonus: int = 0
    """Bonus per hand won, added at the end (Gin line/box bonus: 25)."""
    shutout_multiplier: int = 1
    """Multiplier of the winner's points when the loser scored nothing (Gin: 2)."""

    def reached(self, totals: Sequence[int]) -> bool:
        """Whether any total reaches the target."""
        if self.best is Best.LOWEST:
            return any(t >= self.target for t in totals)
        return any(t >= self.target for t in totals)


@component
@attrs.frozen(kw_only=True)
class Elimination(GameEnd):
    """Penalty points knock players out; the last one left wins."""

    kind = "elimination"
    summary = "A player whose penalty total reaches the limit drops out; the last left wins."

    limit: int = 100
    """The penalty total that eliminates."""
    on_reach: bool = True
    """Eliminated on reaching the limit; otherwise only on passing it."""

    def eliminated(self, total: int) -> bool:
        """Whether a player with this total is out."""
        return total >= self.limit if self.on_reach else total > self.limit


@component
@attrs.frozen(kw_only=True)
class Deals(GameEnd):
    """A fixed number of hands."""

    kind = "deals"
    summary = "A fixed number of deals; the best total wins."

    deals: int = 6
    """Number of hands in the game."""
    best: Best = Best.HIGHEST
    """Which total wins."""
    start_score: int = 0
    """Each player's total before the first hand (Continental: 100; chips)."""


@component
@attrs.frozen(kw_only=True)
class SingleHand(GameEnd):
    """Every hand is a game of its own."""

    kind = "single"
    summary = "Each hand is a game of its own."
