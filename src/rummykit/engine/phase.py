"""The phases of a hand and the melds on the table."""

from __future__ import annotations

import enum

import attrs

from rummykit.cards import Card
from rummykit.melds import Meld

__all__ = ["Phase", "TableMeld"]


class Phase(enum.StrEnum):
    """Where a hand stands; :attr:`Hand.phase`.

    The legal actions of each phase:

    * ``OFFER``: the first upcard is offered (Gin): ``take`` or ``pass``.
    * ``DRAW``: start of a turn: ``draw``, ``take ...``, ``pick ...``; ``pass``
      when the stock is out and the rules let a player pass; ``drop``.
    * ``PLAY``: after drawing: ``meld``, ``layoff``, ``swap``, ``borrow``,
      ``declare``, ``knock``; ``discard`` ends the turn.
    * ``CLAIM``: out of turn, after a discard that could be laid off (Call
      Rummy): the player asked may ``call`` or ``pass``.
    * ``LAYOFF``: after a knock, each defender lays off onto the knocker's
      melds, then ``pass``.
    * ``ANSWER``: out of turn, after a called draw (Tong-its' drop), each
      player asked in turn may ``fight`` or ``fold``.
    * ``OVER``: the hand has ended; :attr:`Hand.result` holds the settlement.
    """

    OFFER = "offer"
    DRAW = "draw"
    PLAY = "play"
    CLAIM = "claim"
    LAYOFF = "layoff"
    OVER = "over"
    ANSWER = "answer"

    @property
    def hands_shown(self) -> bool:
        """Whether every hand lies face up: at the showdown after a knock, when
        the knocker lays out its melds and deadwood and each defender its hand
        before laying off (Gin, [S20]), and once the hand is over.

        >>> Phase.LAYOFF.hands_shown, Phase.PLAY.hands_shown
        (True, False)
        """
        return self is Phase.LAYOFF or self is Phase.OVER


@attrs.frozen
class TableMeld:
    """A meld on the table: its owner, the meld as it lies now, and the cards
    other players (or the owner) laid off onto it, with who laid each."""

    owner: int
    meld: Meld
    laid: tuple[tuple[Card, int], ...] = ()
    text: str = attrs.field(init=False, eq=False, repr=False)
    """The meld's notation (a cheap cache key)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "text", str(self.meld))

    def __str__(self) -> str:
        return self.text
