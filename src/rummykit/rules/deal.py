"""Deal and dealer rotation: hand sizes, the first player's extra card, the upcard.

>>> d = StandardDeal(hand_size=ByPlayers.from_toml({"2": 10, "3-4": 7, "5-6": 6}))
>>> d.hand_size.get(2), d.hand_size.get(5)
(10, 6)
>>> d.cards_needed(4)
29
>>> StandardDealer(next=NextDealer.LOSER).next_dealer(dealer=0, players=2, winner=0, loser=1)
1
"""

from __future__ import annotations

import attrs

from rummykit.rules.base import ByPlayers, Component, Kind, component, concern

__all__ = ["Deal", "DealerRotation", "Direction", "NextDealer", "StandardDeal", "StandardDealer"]


class Direction(Kind):
    """The order of turns around the table."""

    CLOCKWISE = "clockwise"
    """Seat numbers go up: seat 0, 1, 2 ... (the player on the dealer's left is next)."""
    COUNTERCLOCKWISE = "counterclockwise"
    """Seat numbers go down (Phỏm)."""


@concern("deal", default="standard")
class Deal(Component):
    """Concern: how many cards each player gets and who starts."""

    def hand_size_for(self, players: int) -> int:
        """Cards dealt to each player with ``players`` players."""
        raise NotImplementedError

    def starter_extra(self) -> int:
        """Extra cards dealt to the player who starts."""
        return 0

    def starter_draws(self) -> bool:
        """Whether the starting player draws on the first turn."""
        return True

    def has_upcard(self) -> bool:
        """Whether a card is turned up to start the discard pile."""
        return True

    def step(self) -> int:
        """+1 or -1: how seat numbers move from one turn to the next."""
        return 1


@component
@attrs.frozen(kw_only=True)
class StandardDeal(Deal):
    """Equal hands, optionally one or more extra cards to the starting player."""

    kind = "standard"
    summary = "Equal hands by player count, an optional upcard and an extra card to the starter."

    hand_size: ByPlayers = ByPlayers.from_toml({"2": 10, "3-4": 7, "5-6": 6})
    """Cards dealt to each player (may depend on the player count)."""
    first_player_extra: int = 0
    """Extra cards for the player who starts (Phỏm, Nowrang, Wrotham: 1)."""
    first_player_draws: bool = True
    """Whether the starting player draws on the first turn; with an extra card
    the starter usually only discards."""
    upcard: bool = True
    """Whether one card is turned up to start the discard pile."""
    direction: Direction = Direction.CLOCKWISE
    """The order of play."""

    def hand_size_for(self, players: int) -> int:
        return self.hand_size.get(players)

    def starter_extra(self) -> int:
        return self.first_player_extra

    def starter_draws(self) -> bool:
        return self.first_player_draws

    def has_upcard(self) -> bool:
        return self.upcard

    def cards_needed(self, players: int) -> int:
        """Cards taken from the shoe by the deal (hands, extra, upcard)."""
        return players * self.hand_size.get(players) + self.first_player_extra + int(self.upcard)

    def step(self) -> int:
        """+1 or -1: how seat numbers move from one turn to the next."""
        return 1 if self.direction is Direction.CLOCKWISE else -1


class NextDealer(Kind):
    """Who deals the next hand."""

    LEFT = "left"
    """The deal passes in the direction of play (two players alternate)."""
    WINNER = "winner"
    """The winner of the hand deals the next."""
    LOSER = "loser"
    """The loser of the hand deals the next (two players; Thai)."""
    WINNER_STARTS = "winner-starts"
    """The winner of the hand plays first in the next (Phỏm)."""


@concern("dealer", default="standard")
class DealerRotation(Component):
    """Concern: who deals each hand."""

    def next_dealer(
        self, *, dealer: int, players: int, winner: int | None, loser: int | None, step: int = 1
    ) -> int:
        """The seat that deals the next hand."""
        raise NotImplementedError


@component
@attrs.frozen(kw_only=True)
class StandardDealer(DealerRotation):
    """The first dealer is drawn at random; ``next`` picks the following ones."""

    kind = "standard"
    summary = "Random first dealer, then the rule of `next`."

    next: NextDealer = NextDealer.LEFT
    """Who deals the next hand."""

    def next_dealer(
        self, *, dealer: int, players: int, winner: int | None, loser: int | None, step: int = 1
    ) -> int:
        if self.next is NextDealer.WINNER and winner is not None:
            return winner
        if self.next is NextDealer.LOSER and loser is not None:
            return loser
        if self.next is NextDealer.WINNER_STARTS and winner is not None:
            return (winner - step) % players
        return (dealer + step) % players
