"""The second hand: cards dealt face down apart from the hand, picked up
when the first hand is played out (Hand and Foot's *foot*, one per seat;
Buraco's *morto*, one per side).

Nobody sees a second hand's cards before it is picked up, not even its
owner; everybody sees how many cards it holds and whether it has been
picked up. A seat that plays out its hand while a second hand waits for it
(its own, or its side's) picks it up instead of going out: at once,
playing on, where the hand was emptied by melding or laying off
(``direct``); into its hand for its next turn where the hand was emptied
by the discard (``indirect``). Going out needs the second hand picked up;
the scoring may charge the cards of a second hand never picked up, and a
penalty to its side.

>>> d = DealtSecondHand(size=ByPlayers.of(11), per=SecondHandOwner.SIDE)
>>> d.count(players=4, sides=2), d.size_for(4), d.dealt()
(2, 11, True)
>>> NoSecondHand().dealt()
False
"""

from __future__ import annotations

import attrs

from rummykit.rules.base import ByPlayers, Component, Kind, component, concern

__all__ = ["DealtSecondHand", "NoSecondHand", "SecondHand", "SecondHandOwner"]


class SecondHandOwner(Kind):
    """Whose a second hand is."""

    SEAT = "seat"
    """One per seat, picked up by that seat only (Hand and Foot's foot)."""
    SIDE = "side"
    """One per side (each seat its own side without partnerships), picked up
    by the first of its players to play out the hand (Buraco's morto)."""


@concern("second_hand", default="none")
class SecondHand(Component):
    """Concern: a second hand dealt face down, played once the hand is out."""

    def dealt(self) -> bool:
        """Whether a second hand is dealt."""
        return False

    def size_for(self, players: int) -> int:
        """Cards in each second hand with ``players`` players."""
        return 0

    def per_side(self) -> bool:
        """Whether there is one per side (else one per seat)."""
        return False

    def count(self, *, players: int, sides: int) -> int:
        """How many second hands are dealt."""
        return 0

    def picked_up_by_melding(self) -> bool:
        """Whether a hand emptied by melding or laying off picks the second hand
        up at once, the player playing on (off: such a play is refused)."""
        return True

    def picked_up_by_discarding(self) -> bool:
        """Whether a hand emptied by the discard picks the second hand up for
        the next turn (off: the last card may not be discarded)."""
        return True

    def taken_once_played(self) -> bool:
        """Whether a second hand picked up by the discard counts as picked up
        only from its taker's next turn: where the hand ends before, it counts
        as never picked up (and the side may not go out before)."""
        return False

    def to_stock(self) -> bool:
        """Whether a second hand still waiting when the stock runs out becomes
        the stock (its side then never picks one up)."""
        return False

    def counts_unplayed(self) -> bool:
        """Whether the cards of a second hand never picked up count against
        its owner (as cards left in hand)."""
        return False

    def unplayed_penalty(self) -> int:
        """Points a side loses for a second hand it never picked up."""
        return 0


@component
@attrs.frozen(kw_only=True)
class NoSecondHand(SecondHand):
    """No second hand (every variant but the few that deal one)."""

    kind = "none"
    summary = "No second hand."


@component
@attrs.frozen(kw_only=True)
class DealtSecondHand(SecondHand):
    """A second hand of ``size`` cards dealt face down after the hands, one
    per seat or one per side (``per``)."""

    kind = "dealt"
    summary = "A second hand dealt face down, picked up when the hand is played out."

    size: ByPlayers = ByPlayers.of(11)
    """Cards in each second hand (may depend on the player count)."""
    per: SecondHandOwner = SecondHandOwner.SEAT
    """One per seat (a foot) or one per side (a morto)."""
    direct: bool = True
    """A hand emptied by melding or laying off picks it up at once and the
    player plays on (off: the hand may not be emptied so)."""
    indirect: bool = True
    """A hand emptied by the discard picks it up, played from the next turn
    (off: the last card of the hand may not be discarded)."""
    untaken_until_played: bool = False
    """A second hand picked up by the discard counts as not picked up until
    its taker's next turn begins: where the hand ends before (another seat
    goes out, the stock runs out), its cards count as the second hand never
    picked up, not as cards in hand, and the side may not go out before."""
    untaken_becomes_stock: bool = False
    """A second hand not yet picked up when the stock runs out becomes the
    stock, shuffled, and play goes on (the one of the first side to draw,
    in playing order from the player to draw, where several wait): its side
    has then never picked one up and may not play out its hand again."""
    unplayed_counts: bool = False
    """The cards of a second hand never picked up count against its owner,
    as cards left in hand."""
    penalty: int = 0
    """Points a side loses for each second hand of its never picked up."""

    def dealt(self) -> bool:
        return True

    def size_for(self, players: int) -> int:
        return self.size.get(players)

    def per_side(self) -> bool:
        return self.per is SecondHandOwner.SIDE

    def count(self, *, players: int, sides: int) -> int:
        return sides if self.per_side() else players

    def picked_up_by_melding(self) -> bool:
        return self.direct

    def picked_up_by_discarding(self) -> bool:
        return self.indirect

    def taken_once_played(self) -> bool:
        return self.untaken_until_played

    def to_stock(self) -> bool:
        return self.untaken_becomes_stock

    def counts_unplayed(self) -> bool:
        return self.unplayed_counts

    def unplayed_penalty(self) -> int:
        return self.penalty
