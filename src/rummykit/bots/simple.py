"""The simple bots: :class:`RandomBot` and :class:`GreedyBot`."""

from __future__ import annotations

import random
from typing import Any

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
from rummykit.melds import best_arrangement, card_value, discard_deadwoods, min_deadwood
from rummykit.variant import Variant

__all__ = ["GreedyBot", "RandomBot"]

STALL_TURNS = 120
"""After this many turns of a hand, the greedy bot starts to break deadlocks
(every seat holding cards the others wait for) by now and then throwing a card
it would rather keep; the chance grows with the turn count."""


def _split_args(variant: Any, seed: int | None) -> tuple[Variant | None, int | None]:
    """Old call forms: ``RandomBot(7)`` means seed 7."""
    if isinstance(variant, int) and not isinstance(variant, bool) and seed is None:
        return None, variant
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
        self.variant, seed = _split_args(variant, seed)
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        """A random legal action."""
        return self.rng.choice(view.legal)

    def __call__(self, view: View) -> Action:
        return self.choose(view)


class GreedyBot:
    """A rule-following player: it plays what the variant allows, greedily.

    It declares or goes out whenever it can; melds the longest meld and lays
    off what it can; takes a discard that completes a meld or lowers its
    deadwood (not once the stock is out and declining the discard ends the
    hand); knocks when the knock leaves at most ``knock_at`` deadwood (where
    any count may knock, as in Knock Rummy, knocking at once would throw
    hands away); and discards the card that leaves the least deadwood,
    keeping cards close to a meld. Ties are broken by its seeded generator,
    and in a hand that drags on past ``STALL_TURNS`` turns it now and then
    throws a card it would rather keep, so that hands where every seat waits
    for cards another holds still end.

    ``GreedyBot(variant, seed=...)``; without a variant it cannot evaluate
    hands and plays the first sensible action. Without a seed it is seeded
    with 0: the same position gets the same answer, so that simulations,
    tests and docs built with ``GreedyBot(v)`` are reproducible.
    """

    def __init__(
        self, variant: Variant | None = None, seed: int | None = 0, *, knock_at: int = 10
    ) -> None:
        self.variant = variant
        self.knock_at = knock_at
        self.rng = random.Random(0 if seed is None else seed)
        self._cache: dict[tuple[tuple[Card, ...], frozenset[Rank]], int] = {}

    def __call__(self, view: View) -> Action:
        return self.choose(view)

    def start_hand(self, view: View) -> None:
        """Forget the solver cache of the last hand (the wild ranks may change)."""
        if len(self._cache) > 20_000:
            self._cache.clear()

    def _deadwood(self, v: Variant, cards: tuple[Card, ...], view: View) -> int:
        key = tuple(sorted(cards))
        # the hand's wild ranks (a cut joker) change from hand to hand of a match
        found = self._cache.get((key, view.wild_ranks))
        if found is None:
            if len(self._cache) > 50_000:
                self._cache.clear()
            dw = min_deadwood(v, key, wild_ranks=view.wild_ranks) if key else None
            found = self._cache[(key, view.wild_ranks)] = dw if dw is not None else 0
        return found

    def choose(self, view: View) -> Action:
        """The bot's action for this view."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        v = self.variant
        for a in legal:
            if isinstance(a, Declare):
                return a
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
            return self._discard_choice(view, discards)
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

    def _discard_deadwood(self, v: Variant, view: View, discards: list[Discard]) -> dict[Card, int]:
        """The deadwood each discard leaves (see :meth:`_after_each`)."""
        return self._after_each(v, tuple(view.hand), {a.card for a in discards}, view)

    def _after_each(
        self, v: Variant, cards: tuple[Card, ...], allowed: set[Card], view: View
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
        hand = tuple(sorted(cards))
        wild = view.wild_ranks
        each = discard_deadwoods(v, hand, wild_ranks=wild, among=allowed, exact=False, fast_only=True)
        if each is not None:  # one pass over the hand, as below
            return each
        arr = best_arrangement(v, hand, wild_ranks=wild) if hand else None

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

    def _stalling(self, view: View) -> bool:
        over = view.turn - STALL_TURNS
        return over > 0 and self.rng.random() < min(0.5, over / 400)

    def _discard_choice(self, view: View, discards: list[Discard]) -> Action:
        v = self.variant
        if v is None:
            return max(discards, key=lambda a: (_rank(a.card), a.card.code))
        hand = view.hand
        if len(discards) > 1 and self._stalling(view):
            # break a deadlock: throw any card that is not in a meld
            now = self._deadwood(v, tuple(hand), view)
            loose = [a for a in discards if self._after(v, view, a.card) < now]
            return self.rng.choice(loose or discards)
        after = self._discard_deadwood(v, view, discards)
        scored = [
            (after[a.card], -_closeness(a.card, hand, view.wild_ranks), -_rank(a.card), a) for a in discards
        ]
        best = min(s[:3] for s in scored)
        return self.rng.choice([s[3] for s in scored if s[:3] == best])

    def _draw_choice(self, view: View) -> Action:
        legal = view.legal
        top = view.top_discard
        plain_take = [a for a in legal if isinstance(a, Take) and a.depth == 1 and a.then is None]
        stock_out = view.stock_count == 0
        if plain_take and top is not None and self.variant is not None and not stock_out:
            v = self.variant
            before = self._deadwood(v, tuple(view.hand), view)
            with_top = (*view.hand, top)
            if plain_take[0].and_draw:  # the top discard and a stock card: keep both
                if self._deadwood(v, with_top, view) < before + card_value(
                    v, top, wild_ranks=view.wild_ranks
                ):
                    return plain_take[0]
                return Draw() if Draw() in legal else plain_take[0]
            # the best discard afterwards, never the card just taken (a copy of it
            # from the hand leaves the same cards)
            after = min(self._after_each(v, with_top, set(view.hand), view).values())
            if after < before:
                return plain_take[0]
        if Draw() in legal:
            return Draw()
        passes = [a for a in legal if isinstance(a, Pass)]
        if stock_out and passes:
            return passes[0]
        non_drop = [a for a in legal if not isinstance(a, Drop)]
        return non_drop[0] if non_drop else legal[0]


def _rank(card: Card) -> int:
    return 0 if card.rank is None else int(card.rank)


def _closeness(card: Card, hand: tuple[Card, ...], wild: frozenset[Rank]) -> int:
    """How close ``card`` is to a meld with the others: same rank, or same suit
    within two ranks; wilds count high (keep them)."""
    if card.rank is None or card.rank in wild:
        return 10
    r = int(card.rank)
    score = 0
    for c in hand:
        if c is card or c.rank is None:
            continue
        if c.rank == card.rank and c != card:
            score += 2
        elif c.suit == card.suit and 0 < abs(int(c.rank) - r) <= 2:
            score += 3 - abs(int(c.rank) - r)
    return score
