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

    def pick(self, seats: Sequence[int], totals: Sequence[int]) -> tuple[int, ...]:
        """The seats among ``seats`` with the best total (several on a tie)."""
        if not seats:
            return ()
        values = [totals[s] for s in seats]
        best = max(values) if self is Best.HIGHEST else min(values)
        return tuple(s for s in seats if totals[s] == best)


@concern("game_end", default="target")
class GameEnd(Component):
    """Concern: when the game (match) is over."""

    def start_total(self) -> int:
        """Every player's total before the first hand."""
        return 0

    def drops_out(self, total: int) -> bool:
        """Whether a player with this total leaves the game (elimination)."""
        return False

    def verdict(
        self, *, totals: Sequence[int], active: Sequence[int], hands_played: int, went_out: int | None
    ) -> tuple[int, ...] | None:
        """The winning seats once the game is over, else None. ``active``: the
        seats still in the game; ``went_out``: who went out of the last hand."""
        raise NotImplementedError

    def final_totals(
        self, totals: Sequence[int], *, winners: Sequence[int], hands_won: Sequence[int]
    ) -> list[int]:
        """The totals after end-of-game bonuses."""
        return list(totals)


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

    def verdict(
        self, *, totals: Sequence[int], active: Sequence[int], hands_played: int, went_out: int | None
    ) -> tuple[int, ...] | None:
        if self.instant_loss is not None:
            lost = [s for s in active if totals[s] <= self.instant_loss]
            if lost:
                return self.best.pick([s for s in active if s not in lost], totals) or ()
        reached = [s for s in active if totals[s] >= self.target]
        if self.must_go_out:
            reached = [s for s in reached if s == went_out]
        if not reached:
            return None
        if self.best is Best.LOWEST:
            return self.best.pick(active, totals)
        return self.best.pick(reached, totals)

    def final_totals(
        self, totals: Sequence[int], *, winners: Sequence[int], hands_won: Sequence[int]
    ) -> list[int]:
        out = list(totals)
        if len(winners) == 1:
            w = winners[0]
            if self.shutout_multiplier != 1 and all(t == 0 for s, t in enumerate(out) if s != w):
                out[w] *= self.shutout_multiplier
            out[w] += self.game_bonus
        for s, won in enumerate(hands_won):
            out[s] += self.hand_bonus * won
        return out


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

    def drops_out(self, total: int) -> bool:
        return self.eliminated(total)

    def verdict(
        self, *, totals: Sequence[int], active: Sequence[int], hands_played: int, went_out: int | None
    ) -> tuple[int, ...] | None:
        left = [s for s in active if not self.eliminated(totals[s])]
        if len(left) > 1:
            return None
        return tuple(left) or Best.LOWEST.pick(active, totals)


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
    tiebreak: bool = False
    """When the best totals tie after the last deal, the tied players play
    further deals until one total is best (Indian Deals rummy)."""

    def start_total(self) -> int:
        return self.start_score

    def verdict(
        self, *, totals: Sequence[int], active: Sequence[int], hands_played: int, went_out: int | None
    ) -> tuple[int, ...] | None:
        if hands_played < self.deals:
            return None
        best = self.best.pick(active, totals)
        if len(best) > 1 and self.tiebreak:
            return None
        return best


@component
@attrs.frozen(kw_only=True)
class SingleHand(GameEnd):
    """Every hand is a game of its own."""

    kind = "single"
    summary = "Each hand is a game of its own."

    def verdict(
        self, *, totals: Sequence[int], active: Sequence[int], hands_played: int, went_out: int | None
    ) -> tuple[int, ...] | None:
        if hands_played < 1:
            return None
        if went_out is not None:
            return (went_out,)
        return Best.HIGHEST.pick(active, totals)
