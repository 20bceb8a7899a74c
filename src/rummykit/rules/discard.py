"""Discard restrictions.

>>> StandardDiscard().not_taken_card
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from rummykit.cards import Card
from rummykit.rules.base import Component, component, concern

__all__ = ["DiscardRule", "StandardDiscard"]


@concern("discard", default="standard")
class DiscardRule(Component):
    """Concern: what may be discarded to end a turn."""

    refusal_rule: ClassVar[str] = "discard"
    """The variant key path of the rule :meth:`refusal` applies (named by
    the engine's refusals)."""

    def refusal(self, card: Card, *, taken: Card | None) -> str | None:
        """Why ``card`` may not be discarded (``taken``: the card just taken
        from the discard pile this turn), or None."""
        return None

    def penalizes_playable(self) -> bool:
        """Whether a discard that could extend a table meld is penalized."""
        return False

    def refused(self, hand: Iterable[Card], *, taken: Card | None) -> frozenset[Card]:
        """The cards of ``hand`` that may not be discarded now."""
        return frozenset(c for c in hand if self.refusal(c, taken=taken) is not None)


@component
@attrs.frozen(kw_only=True)
class StandardDiscard(DiscardRule):
    """One card ends every turn."""

    kind = "standard"
    summary = "One card ends each turn."
    refusal_rule = "discard.not_taken_card"

    not_taken_card: bool = True
    """A card just taken from the discard pile may not be discarded that turn."""
    playable_penalized: bool = False
    """A discard that could extend an exposed meld is penalized (Thai); the
    amount is the scoring's ``playable_discard_penalty``."""

    def refusal(self, card: Card, *, taken: Card | None) -> str | None:
        if self.not_taken_card and taken is not None and card == taken:
            return f"{card} was just taken from the discard pile and may not be discarded this turn"
        return None

    def penalizes_playable(self) -> bool:
        return self.playable_penalized

    def refused(self, hand: Iterable[Card], *, taken: Card | None) -> frozenset[Card]:
        if self.not_taken_card and taken is not None:
            return frozenset((taken,))
        return frozenset()
