"""A simple Gin player of the kind published Gin bots are measured against, for ``bench/bots.py``.

    PYTHONPATH=bench python bench/bots.py vs --other simplegin:SimpleGin --duplicate gin
    PYTHONPATH=bench python bench/bots.py search --against simplegin:SimpleGin --duplicate gin

Published Gin bots report beating "a simple rule-based player" in 55-68% of
games. This is such a player: the strategy OpenSpiel ships as its Gin
benchmark (``open_spiel/bots/gin_rummy/simple_gin_rummy_bot.h``: "about the
simplest possible strategy that performs reasonably well ... a benchmark of
playing strength"), written here from that header's description against
rummykit's API:

- draw: take the upcard when the hand with it can knock at once, or when
  the upcard lies in a meld of the best arrangement of the hand with it
  (its least deadwood); else draw from the stock (pass the first upcard);
- discard: knock whenever a knock is legal (the one that leaves the least
  deadwood); else throw the deadwood card of highest rank (the best
  arrangement's leftover cards; ties by the seeded generator), never the
  card just taken;
- when the other player knocks it lays nothing off.

It only reads what its seat sees (``view.hand``, ``view.top_discard``,
``view.legal``).
"""

from __future__ import annotations

import random

import rummykit as rk
from rummykit.engine import Action, Discard, Draw, Knock, Layoff, Pass, Take
from rummykit.melds import card_value, deadwood_cards, min_deadwood


def _rank(card: rk.Card) -> int:
    return 0 if card.rank is None else int(card.rank)


def _without(cards: tuple[rk.Card, ...], card: rk.Card) -> list[rk.Card]:
    rest = list(cards)
    rest.remove(card)
    return rest


class SimpleGin:
    """OpenSpiel's ``SimpleGinRummyBot`` strategy (see the module)."""

    def __init__(self, variant: rk.Variant, seed: int | None = None) -> None:
        self.variant = variant
        self.rng = random.Random(0 if seed is None else seed)  # as GreedyBot: reproducible unseeded
        limit = variant.going_out.fixed_knock_limit()
        self.limit = 10 if limit is None else limit

    def start_hand(self, view: rk.View) -> None:
        pass

    def _leftover(self, cards: tuple[rk.Card, ...]) -> tuple[rk.Card, ...]:
        found = deadwood_cards(self.variant, cards)
        return tuple(cards) if found is None else found

    def _least_after_discard(self, cards: tuple[rk.Card, ...]) -> int:
        """OpenSpiel's ``MinDeadwood`` of an 11-card hand: the best
        arrangement's deadwood less its highest-valued deadwood card."""
        left = self._leftover(cards)
        if not left:
            return 0
        values = [card_value(self.variant, c) for c in left]
        return sum(values) - max(values)

    def choose(self, view: rk.View) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:

            def after(a: Knock) -> int:
                rest = list(view.hand)
                if a.card is not None:
                    rest.remove(a.card)
                return min_deadwood(self.variant, rest) or 0

            best = min(knocks, key=lambda a: (after(a), str(a)))
            if after(best) <= self.limit:
                return best
        if any(isinstance(a, Layoff) for a in legal):
            return next(a for a in legal if isinstance(a, Pass))  # never lays off
        takes = [a for a in legal if isinstance(a, Take) and a.depth == 1 and a.then is None]
        top = view.top_discard
        if takes and top is not None:
            with_top = (*view.hand, top)
            if self._least_after_discard(with_top) <= self.limit or top not in self._leftover(with_top):
                return takes[0]
            return Draw() if Draw() in legal else next(a for a in legal if isinstance(a, Pass))
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            allowed = {a.card for a in discards}
            left = [c for c in self._leftover(tuple(view.hand)) if c in allowed]
            if not left:  # all melded: keep the least deadwood
                return min(
                    discards,
                    key=lambda a: (min_deadwood(self.variant, _without(view.hand, a.card)) or 0, str(a)),
                )
            high = max(_rank(c) for c in left)
            return Discard(self.rng.choice(sorted((c for c in left if _rank(c) == high), key=str)))
        return legal[0]
