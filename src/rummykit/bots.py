"""Players for tests and simulation, built only on the public API.

A bot's ``choose(view)`` picks one of ``view.legal`` (the legal actions of the
seat whose turn it is). :class:`RandomBot` picks uniformly at random from its
own seeded generator; :class:`GreedyBot` follows a few simple rules: go out
when it can, meld and lay off what it can, take a discard that completes a
meld, and discard the card that leaves the least deadwood.

>>> import rummykit as rk
>>> h = rk.new_hand(rk.load_variant("straight"), players=2, seed=5)
>>> bots = [rk.GreedyBot(), rk.GreedyBot()]
>>> while not h.is_over:
...     h.apply(bots[h.current_player].choose(h.view(h.current_player)))
>>> h.result is not None
True
"""

from __future__ import annotations

import random

from rummykit.cards import Card, Rank
from rummykit.engine import (
    Action,
    Call,
    Declare,
    Discard,
    Draw,
    Drop,
    Knock,
    Layoff,
    MeldAction,
    Pass,
    Pick,
    Swap,
    Take,
    View,
)
from rummykit.melds import best_arrangement
from rummykit.variant import Variant

__all__ = ["GreedyBot", "RandomBot"]


class RandomBot:
    """Picks a legal action uniformly at random (seeded)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        """A random legal action."""
        return self.rng.choice(view.legal)

    def __call__(self, view: View) -> Action:
        return self.choose(view)


class GreedyBot:
    """A simple rule-following player (deterministic).

    It declares or goes out whenever it can, melds the longest meld, lays off,
    takes a discard only when it lowers its deadwood, and discards the card
    that leaves the least deadwood. It knocks only when the knock leaves at
    most ``knock_at`` deadwood (where any count may knock, as in Knock Rummy,
    knocking at once would throw hands away).
    """

    def __init__(self, variant: Variant | None = None, *, knock_at: int = 10) -> None:
        self.variant = variant
        self.knock_at = knock_at
        self._cache: dict[tuple[tuple[Card, ...], frozenset[Rank]], int] = {}

    def __call__(self, view: View) -> Action:
        return self.choose(view)

    def _deadwood(self, v: Variant, cards: tuple[Card, ...], view: View) -> int:
        key = tuple(sorted(cards))
        # the hand's wild ranks (a cut joker) change from hand to hand of a match
        found = self._cache.get((key, view.wild_ranks))
        if found is None:
            if len(self._cache) > 50_000:
                self._cache.clear()
            arr = best_arrangement(v, key, wild_ranks=view.wild_ranks) if key else None
            found = self._cache[(key, view.wild_ranks)] = arr.deadwood_value if arr is not None else 0
        return found

    def choose(self, view: View) -> Action:
        """The bot's action for this view."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        v = self.variant
        for kind in (Declare,):
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return found[0]
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks and v is not None:
            best = min(knocks, key=lambda a: self._after(v, view, a.card))
            if self._after(v, view, best.card) <= self.knock_at or not any(
                isinstance(a, Discard) for a in legal
            ):
                return best
        elif knocks:
            return knocks[0]
        calls = [a for a in legal if isinstance(a, Call)]
        if calls:
            return calls[0]
        takes = [a for a in legal if isinstance(a, Take | Pick) and (a.then is not None)]
        if takes:
            return max(takes, key=lambda a: len(a.then.cards()) if a.then is not None else 0)
        melds = [a for a in legal if isinstance(a, MeldAction)]
        if melds:
            return max(melds, key=lambda a: (len(a.cards()), str(a)))
        layoffs = [a for a in legal if isinstance(a, Layoff)]
        if layoffs:
            return layoffs[0]
        swaps = [a for a in legal if isinstance(a, Swap)]
        if swaps:
            return swaps[0]
        if Draw() in legal or any(isinstance(a, Take | Pick) for a in legal):
            return self._draw_choice(view)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            if v is None:
                return max(discards, key=lambda a: (_rank(a.card), a.card.code))
            return min(discards, key=lambda a: (self._after(v, view, a.card), -_rank(a.card)))
        passes = [a for a in legal if isinstance(a, Pass)]
        if passes:
            return passes[0]
        rest = [a for a in legal if not isinstance(a, Drop)]
        return (rest or list(legal))[0]

    def _after(self, v: Variant, view: View, card: Card | None) -> int:
        cards = list(view.hand)
        if card is not None:
            cards.remove(card)
        return self._deadwood(v, tuple(cards), view)

    def _draw_choice(self, view: View) -> Action:
        legal = view.legal
        top = view.top_discard
        plain_take = [
            a for a in legal if isinstance(a, Take) and a.depth == 1 and a.then is None and not a.and_draw
        ]
        if plain_take and top is not None and self.variant is not None:
            before = self._deadwood(self.variant, tuple(view.hand), view)
            with_top = self._deadwood(self.variant, (*view.hand, top), view)
            if with_top < before:
                return plain_take[0]
        if Draw() in legal:
            return Draw()
        non_drop = [a for a in legal if not isinstance(a, Drop)]
        return non_drop[0] if non_drop else legal[0]


def _rank(card: Card) -> int:
    return 0 if card.rank is None else int(card.rank)
