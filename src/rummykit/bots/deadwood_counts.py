"""The greedy bot's deadwood counts: the least deadwood of a hand, and what
each discard would leave, from one search of the whole hand where it can,
remembered across a decision's questions."""

from __future__ import annotations

from rummykit.bots.hands import CARDS, sort_cards
from rummykit.cards import Card, Rank
from rummykit.engine import Discard, View
from rummykit.melds import Arrangement, best_arrangement, card_value, discard_deadwoods, min_deadwood
from rummykit.variant import Variant

__all__ = ["DeadwoodCounts"]


class DeadwoodCounts:
    """The deadwood a hand holds and each discard leaves, cached per hand and
    wild ranks (the greedy bot's measure of every move)."""

    _cache: dict[tuple[tuple[Card, ...], frozenset[Rank]], int]
    _last_arrangement: tuple[tuple[tuple[Card, ...], frozenset[Rank]], Arrangement | None] | None
    _values: dict[frozenset[Rank], list[int]]

    def _deadwood(self, v: Variant, cards: tuple[Card, ...], view: View) -> int:
        key = sort_cards(cards)
        # the hand's wild ranks (a cut joker) change from hand to hand of a match
        found = self._cache.get((key, view.wild_ranks))
        if found is None:
            if len(self._cache) > 50_000:
                self._cache.clear()
            dw = min_deadwood(v, key, wild_ranks=view.wild_ranks) if key else None
            found = self._cache[(key, view.wild_ranks)] = dw if dw is not None else 0
        return found

    def _after(self, v: Variant, view: View, card: Card | None) -> int:
        cards = list(view.hand)
        if card is not None:
            cards.remove(card)
        return self._deadwood(v, tuple(cards), view)

    def discard_deadwood(self, v: Variant, view: View, discards: list[Discard]) -> dict[Card, int]:
        """The deadwood each discard leaves (see :meth:`after_each`)."""
        return self.after_each(v, tuple(view.hand), {a.card for a in discards}, view)

    def _arrangement(self, v: Variant, hand: tuple[Card, ...], wild: frozenset[Rank]) -> Arrangement | None:
        """The best arrangement of ``hand`` (sorted), the last one remembered:
        a discard decision asks for it twice."""
        last = self._last_arrangement
        if last is not None and last[0] == (hand, wild):
            return last[1]
        arr = best_arrangement(v, hand, wild_ranks=wild) if hand else None
        self._last_arrangement = ((hand, wild), arr)
        return arr

    def after_each(
        self, v: Variant, cards: tuple[Card, ...], allowed: set[Card], view: View, below: int | None = None
    ) -> dict[Card, int]:
        """The deadwood left by discarding each card of ``allowed`` from
        ``cards``, exact wherever it could be the least: one search of the whole
        hand instead of one per discard.

        With ``D`` the least deadwood of the whole hand: discarding a card of
        that best arrangement's deadwood leaves exactly ``D - value`` (a better
        arrangement of the rest plus that card would beat ``D``), and any other
        card leaves at least ``D - value``; so only the cards whose bound does
        not exceed the best found so far are searched on their own. The values
        for the others are lower bounds above the least, which is all the
        choice needs.
        """
        hand = sort_cards(cards)
        wild = view.wild_ranks
        each = discard_deadwoods(
            v, hand, wild_ranks=wild, among=allowed, exact=False, fast_only=True, below=below
        )
        if each is not None:  # one pass over the hand, as below
            return each
        arr = self._arrangement(v, hand, wild)

        def exact(c: Card) -> int:
            rest = list(hand)
            rest.remove(c)
            return self._deadwood(v, tuple(rest), view)

        if arr is None:
            return {c: exact(c) for c in allowed}
        total = arr.deadwood_value
        out = {c: total - card_value(v, c, wild_ranks=wild) for c in set(arr.deadwood) if c in allowed}
        best = min(out.values(), default=None)
        for c in sorted(allowed - set(out), key=lambda c: (-card_value(v, c, wild_ranks=wild), c)):
            bound = total - card_value(v, c, wild_ranks=wild)
            if best is None or bound <= best:
                out[c] = exact(c)
                best = out[c] if best is None else min(best, out[c])
            else:
                out[c] = bound
        return out

    def value_table(self, v: Variant, wild: frozenset[Rank]) -> list[int]:
        """Every card's value (by code) under these wild ranks (cached)."""
        found = self._values.get(wild)
        if found is None:
            found = self._values[wild] = [card_value(v, c, wild_ranks=wild) for c in CARDS]
        return found

    def _exact_after(self, v: Variant, view: View, cards: set[Card]) -> dict[Card, int]:
        """The exact deadwood left by discarding each of ``cards`` (one pass
        over the hand where the component solver takes it)."""
        hand = sort_cards(view.hand)
        each = discard_deadwoods(v, hand, wild_ranks=view.wild_ranks, among=cards, fast_only=True)
        if each is not None:
            return each
        return {c: self._after(v, view, c) for c in cards}

    def _best_of(self, v: Variant, cards: tuple[Card, ...], size: int, wild: frozenset[Rank]) -> int:
        """About the least deadwood of ``size`` cards kept out of ``cards``:
        the melds of the best arrangement and its lowest deadwood cards."""
        if not cards or size <= 0:
            return 0
        arr = best_arrangement(v, cards, wild_ranks=wild)
        if arr is None:
            return sum(card_value(v, c, wild_ranks=wild) for c in cards[:size])
        room = size - (len(cards) - len(arr.deadwood))
        if room <= 0:
            return 0
        return sum(sorted(card_value(v, c, wild_ranks=wild) for c in arr.deadwood)[:room])
