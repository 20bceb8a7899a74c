"""Discard restrictions.

>>> StandardDiscard().not_taken_card
True
"""

from __future__ import annotations

import attrs

from rummykit.rules.base import Component, component, concern

__all__ = ["DiscardRule", "StandardDiscard"]


@concern("discard", default="standard")
class DiscardRule(Component):
    """Concern: what may be discarded to end a turn."""


@component
@attrs.frozen(kw_only=True)
class StandardDiscard(DiscardRule):
    """One card ends every turn."""

    kind = "standard"
    summary = "One card ends each turn."

    not_taken_card: bool = True
    """A card just taken from the discard pile may not be discarded that turn."""
    playable_penalized: bool = False
    """A discard that could extend an exposed meld is penalized (Thai); the
    amount is the scoring's ``playable_discard_penalty``."""
