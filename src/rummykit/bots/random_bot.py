"""The random bot."""

from __future__ import annotations

import random
from typing import Any

from rummykit.engine import Action, View
from rummykit.errors import whole_number
from rummykit.variant import Variant

__all__ = ["RandomBot"]


def split_args(variant: Any, seed: int | None) -> tuple[Variant | None, int | None]:
    """Old call forms: ``RandomBot(7)`` means seed 7."""
    if hasattr(variant, "__index__") and not isinstance(variant, bool) and seed is None:
        return None, whole_number(variant, "RandomBot: seed")
    return variant, seed


class RandomBot:
    """Picks a legal action uniformly at random (seeded).

    Built as ``RandomBot(variant, seed=...)`` like every bot;
    ``RandomBot(seed)`` still works.

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=1)
    >>> RandomBot(h.variant, seed=3).choose(h.view(h.current_player)) in h.legal_actions()
    True
    """

    def __init__(self, variant: Variant | int | None = None, seed: int | None = None) -> None:
        self.variant, seed = split_args(variant, seed)
        self.rng = random.Random(whole_number(seed, "RandomBot: seed", none=True))

    def choose(self, view: View) -> Action:
        """A random legal action."""
        return self.rng.choice(view.legal)

    def __call__(self, view: View) -> Action:
        return self.choose(view)
