"""Meld timing and the initial meld.

>>> AnyTime().melds_per_turn(deal=1), OnePerTurn().melds_per_turn(deal=1)
(0, 1)
>>> AnyTime(all_at_once_deals=(4, 5, 6)).all_at_once(deal=5)
True
>>> InitialMeld(min_points=40).required
True
"""

from __future__ import annotations

import attrs

from rummykit.rules.base import Component, component, concern

__all__ = [
    "AllAtOnce",
    "AnyTime",
    "AtShowing",
    "InHand",
    "InitialMeld",
    "InitialMeldRule",
    "MeldTiming",
    "NoInitialMeld",
    "OnePerTurn",
]


@concern("meld_timing", default="any")
class MeldTiming(Component):
    """Concern: when melds may be laid on the table."""

    table_melds = True

    def melds_per_turn(self, *, deal: int) -> int:
        """Most melds per turn in deal number ``deal`` (1-based); 0 = no limit."""
        return 0

    def all_at_once(self, *, deal: int) -> bool:
        """Whether melds may only go down all at once, going out."""
        return False

    def melds_now(self, *, deal: int, showing: bool) -> bool:
        """Whether single melds may be laid on the table this turn (``showing``:
        it is the player's showing turn)."""
        return self.table_melds and not self.all_at_once(deal=deal)


@component
@attrs.frozen(kw_only=True)
class AnyTime(MeldTiming):
    """Any number of melds on any turn."""

    kind = "any"
    summary = "Any number of melds on any turn, after drawing."

    all_at_once_deals: tuple[int, ...] = ()
    """Deal numbers (1-based) in which nobody melds before laying down the whole
    hand at once (Wrotham: deals 4-6)."""

    def all_at_once(self, *, deal: int) -> bool:
        return deal in self.all_at_once_deals


@component
@attrs.frozen(kw_only=True)
class OnePerTurn(MeldTiming):
    """At most one meld per turn; a player who does not meld may lay off instead."""

    kind = "one-per-turn"
    summary = "At most one meld per turn (lay-offs are not limited)."

    def melds_per_turn(self, *, deal: int) -> int:
        return 1


@component
@attrs.frozen(kw_only=True)
class AllAtOnce(MeldTiming):
    """Nothing is melded until the whole hand goes down at once (Boathouse, Queen City)."""

    kind = "all-at-once"
    summary = "Melds go down only all at once, to go out."

    def all_at_once(self, *, deal: int) -> bool:
        return True


@component
@attrs.frozen(kw_only=True)
class InHand(MeldTiming):
    """Melds stay in hand; they are shown only at a knock or declaration (Gin, Indian)."""

    kind = "in-hand"
    summary = "Melds stay in hand and are shown only when the hand ends."

    table_melds = False


@component
@attrs.frozen(kw_only=True)
class AtShowing(MeldTiming):
    """Phỏm: melds stay concealed until a player's last turn, when all go down."""

    kind = "at-showing"
    summary = "Melds stay concealed until the player's showing turn."

    def melds_now(self, *, deal: int, showing: bool) -> bool:
        return showing


@concern("initial_meld", default="none")
class InitialMeldRule(Component):
    """Concern: what a player's first meld must be worth or hold."""

    required = False

    def shortfall(
        self,
        *,
        points: int,
        sizes: tuple[int, ...],
        shapes: tuple[tuple[str, int], ...] = (),
        deal: int = 1,
        least: tuple[int, int] = (3, 3),
    ) -> str | None:
        """Why melds worth ``points``, of ``sizes`` cards, are not a valid
        initial meld (None when they are); ``shapes``: each meld's kind
        (``set`` or ``run``) and size, ``deal``: the deal number, ``least``:
        the melds rules' least set and run (for a contract)."""
        return None

    def contract_for(self, *, deal: int) -> str | None:
        """The contract of deal number ``deal`` (None: no contract)."""
        return None

    def contract_melds(self, *, deal: int) -> tuple[tuple[str, int], ...]:
        """The melds the contract of deal ``deal`` asks for: (``set`` or
        ``run``, least size; 0 for the melds rules' own), empty without one."""
        return ()

    def hand_size(self, *, deal: int) -> int | None:
        """Cards dealt to each player in deal ``deal`` (None: the deal rule's)."""
        return None

    def all_out_deal(self, *, deal: int) -> bool:
        """Whether in deal ``deal`` a player goes down and out in one turn,
        every card melded, with no discard."""
        return False

    def melds_after_initial(self) -> bool:
        """Whether a player who has made the initial meld may lay new melds."""
        return True

    def layoffs_in_initial_turn(self) -> bool:
        """Whether lay-offs are allowed in the turn of the initial meld."""
        return True

    def layoffs_before(self) -> bool:
        """Whether a player may lay off before making the initial meld."""
        return True

    def threshold(self, *, score: int, deal: int = 1) -> int | None:
        """The count a side's first meld must reach when its total is
        ``score`` in deal number ``deal``, where that depends on the score or
        the deal (the Canasta family; None: it does not)."""
        return None

    def shapes_first_meld(self, shortest_meld: int) -> bool:
        """Whether a first meld must be more than a meld of ``shortest_meld``
        cards in shape (a longer meld, or a rule that is not a points
        threshold): the bots' look-ahead, which counts cards outside melds,
        cannot see such a requirement. A points threshold alone does not.

        >>> import rummykit as rk
        >>> [rk.load_variant(n).initial_meld.shapes_first_meld(3) for n in ("straight", "romme", "rami-malta")]
        [False, False, True]
        """
        return self.required


@component
@attrs.frozen(kw_only=True)
class NoInitialMeld(InitialMeldRule):
    """The first meld is like any other."""

    kind = "none"
    summary = "No special requirement for a player's first meld."


@component
@attrs.frozen(kw_only=True)
class InitialMeld(InitialMeldRule):
    """The melds of a player's first melding turn must reach a threshold."""

    kind = "threshold"
    summary = "A player's first melding turn must reach a point total or hold a long meld."

    required = True
    min_points: int = 0
    """Least total value of the melds put down in the first melding turn."""
    min_meld_size: int = 0
    """The first melds must include a meld of at least this many cards (Rami ta' L-att: 4)."""
    new_melds_only: bool = True
    """Only new melds count (no lay-offs) until the threshold is met."""

    def shortfall(
        self,
        *,
        points: int,
        sizes: tuple[int, ...],
        shapes: tuple[tuple[str, int], ...] = (),
        deal: int = 1,
        least: tuple[int, int] = (3, 3),
    ) -> str | None:
        if points < self.min_points:
            return f"initial meld is worth {points}, the variant requires {self.min_points}"
        if self.min_meld_size and not any(s >= self.min_meld_size for s in sizes):
            return f"initial meld needs a meld of at least {self.min_meld_size} cards"
        return None

    def layoffs_before(self) -> bool:
        return not self.new_melds_only

    def shapes_first_meld(self, shortest_meld: int) -> bool:
        return self.min_meld_size > shortest_meld
