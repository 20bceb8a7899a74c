"""How the greedy bot discards: the card that leaves the least expected
deadwood (or plain deadwood, without the look-ahead), a beginner's habit, and
the deadlock breaker of long hands."""

from __future__ import annotations

import random
from collections import Counter

from rummykit.bots.beginner import declaring_discards, plays_for_sets
from rummykit.bots.deadwood_counts import DeadwoodCounts
from rummykit.bots.hands import closeness, rank_value, sort_cards, unmatched
from rummykit.bots.meld_chances import MeldChances
from rummykit.bots.requirement import RunRequirement
from rummykit.cards import Card
from rummykit.engine import Action, Discard, View
from rummykit.melds import deadwood_cards
from rummykit.variant import Variant

__all__ = ["REQUIREMENT_WEIGHT", "STALL_TURNS", "GreedyDiscard"]

STALL_TURNS = 120
"""Turns of a hand after which the bot starts to break deadlocks (every seat
waiting for cards another holds): far past the usual length of a hand, so
that play before it is unaffected."""

REQUIREMENT_WEIGHT = 20
"""Points the bot adds for each card a hand lacks of the runs a declaration
requires (Indian rummy): without them the hand counts every card when
another player declares."""


class GreedyDiscard(DeadwoodCounts, MeldChances):
    """The greedy bot's choice of a discard (see
    :class:`~rummykit.bots.GreedyBot`)."""

    variant: Variant | None
    rng: random.Random
    beginner: float
    _habits: random.Random
    _took: tuple[tuple[Card, ...], int] | None
    _runs: RunRequirement | None
    _lookahead: bool

    def _stalling(self, view: View) -> bool:
        over = view.turn - STALL_TURNS
        return over > 0 and self.rng.random() < min(0.5, over / 400)

    def discard_choice(self, view: View, discards: list[Discard]) -> Action:
        """The discard of ``discards`` the bot plays (see the class)."""
        v = self.variant
        if v is None:
            return max(discards, key=lambda a: (rank_value(a.card), a.card.code))
        hand = view.hand
        if len(discards) > 1 and self._stalling(view):
            # break a deadlock: throw any card that is not in a meld, and
            # after twice as long sometimes any card (the cards another seat
            # waits for may sit in this hand's melds)
            if view.turn > 2 * STALL_TURNS and self.rng.random() < 0.5:
                return self.rng.choice(discards)
            now = self._deadwood(v, tuple(hand), view)
            loose = [a for a in discards if self._after(v, view, a.card) < now]
            return self.rng.choice(loose or discards)
        took, self._took = self._took, None
        if took is not None and took[0] == sort_cards(hand):
            # a discard was taken because some discard then leaves less
            # deadwood than before: play one of those (else two bots can
            # hand the same cards back and forth for the rest of the hand)
            exact_now = self._exact_after(v, view, {a.card for a in discards})
            better = [a for a in discards if exact_now[a.card] < took[1]]
            discards = better or discards
        if self._habit():
            return self._beginner_discard(v, view, discards)
        after = self.discard_deadwood(v, view, discards)
        runs = self._runs
        wild = view.wild_ranks
        lacking = runs.missing_each(runs.masks(hand, wild), hand, wild) if runs is not None else None
        if not self._lookahead:
            return self._plain_choice(v, view, discards, after, lacking)
        needs_meld = v.scoring.meldless_hand_pays()
        ordered = sort_cards(hand)
        melded = False
        if needs_meld:
            arr = self._arrangement(v, ordered, view.wild_ranks)
            dead = arr.deadwood if arr is not None else tuple(hand)
            melded = arr is not None and bool(arr.melds)
        else:  # the leftover of one best arrangement, without building its melds
            left = deadwood_cards(v, ordered, wild_ranks=view.wild_ranks)
            dead = left if left is not None else ordered
        partials = self._partials(v, view, tuple(hand), dead)
        exact: set[Card] = set(dead)
        held = Counter(hand)
        table = self.value_table(v, view.wild_ranks)
        values = {c: table[c.code] for c in held}
        scores: dict[tuple[Card, int], tuple[float, int, int]] = {}

        def score(a: Discard) -> tuple[float, int, int]:
            found = scores.get((a.card, after[a.card]))
            if found is None:
                has = self._has_meld_after(v, view, a.card, dead, melded) if needs_meld else True
                e = self._expected(v, view, a.card, after[a.card], dead, partials, has, held, values)
                if lacking is not None:
                    e += REQUIREMENT_WEIGHT * lacking[a.card]
                found = (round(e, 9), -closeness(a.card, hand, wild), -rank_value(a.card))
                scores[(a.card, after[a.card])] = found
            return found

        # the expected deadwood of a discard is at least its deadwood less
        # `most`, what the partial melds could take off with none broken: a
        # discard whose deadwood exceeds the best expected by more is not scored
        lonely = unmatched(partials)
        most = sum(values[c] * (1.0 - lonely.get(c, 1.0)) for c in dead)
        while True:
            scored: dict[Discard, tuple[float, int, int]] = {}
            best: tuple[float, int, int] | None = None
            for a in sorted(discards, key=lambda a: after[a.card]):
                if best is not None and after[a.card] - most > best[0] + 1e-6:
                    break
                scored[a] = score(a)
                best = scored[a] if best is None else min(best, scored[a])
            top = [a for a in discards if scored.get(a) == best]
            # a card outside the deadwood may carry only a lower bound: make it exact
            vague = [a for a in top if a.card not in exact]
            if not vague:
                break
            after.update(self._exact_after(v, view, {a.card for a in vague}))
            exact.update(a.card for a in vague)
        return self._chosen(view, self.rng.choice(top), after)

    def _habit(self) -> bool:
        """Whether this decision follows a beginner's habit (:attr:`beginner`)."""
        b = self.beginner
        return b > 0.0 and (b >= 1.0 or self._habits.random() < b)

    def _loose_count(self, v: Variant, view: View) -> int:
        """How many cards of the hand one best arrangement leaves outside melds."""
        left = deadwood_cards(v, sort_cards(view.hand), wild_ranks=view.wild_ranks)
        return len(view.hand) if left is None else len(left)

    def _beginner_discard(self, v: Variant, view: View, discards: list[Discard]) -> Action:
        """A beginner's discard (:attr:`beginner`): the lowest-valued card left
        outside the melds of one best arrangement (any card when every card
        is melded); where a hand is won by declaring it whole, it keeps its
        jokers and the pairs of a rank it holds too
        (:func:`~rummykit.bots.beginner.declaring_discards`); ties by the
        seeded generator."""
        left = deadwood_cards(v, sort_cards(view.hand), wild_ranks=view.wild_ranks)
        table = self.value_table(v, view.wild_ranks)
        if plays_for_sets(v):
            return self.rng.choice(declaring_discards(v, left or (), discards, table, view.wild_ranks))
        loose = set(left or ())
        pool = [a for a in discards if a.card in loose] or discards
        low = min(table[a.card.code] for a in pool)
        return self.rng.choice([a for a in pool if table[a.card.code] == low])

    def _chosen(self, view: View, a: Discard, after: dict[Card, int]) -> Discard:
        """Remember the hand ``a`` leaves and its exact deadwood (the next
        draw choice starts from it), and return ``a``."""
        rest = list(view.hand)
        rest.remove(a.card)
        if len(self._cache) > 50_000:
            self._cache.clear()
        self._cache[(sort_cards(rest), view.wild_ranks)] = after[a.card]
        return a

    def _plain_choice(
        self,
        v: Variant,
        view: View,
        discards: list[Discard],
        after: dict[Card, int],
        lacking: dict[Card, int] | None,
    ) -> Action:
        """The discard that leaves the least deadwood (plus
        ``REQUIREMENT_WEIGHT`` for each card lacking of the required runs),
        without the look-ahead; ties by closeness to a meld, then rank, then
        the seeded generator. ``after`` may hold lower bounds above its least
        value (exact): the best are made exact until exact ones lead."""
        hand = view.hand
        wild = view.wild_ranks
        least = min(after.values())
        exact = {c for c, x in after.items() if x == least}
        ties: dict[Card, tuple[int, int]] = {}
        while True:
            scored = {
                a: after[a.card] + (REQUIREMENT_WEIGHT * lacking[a.card] if lacking else 0) for a in discards
            }
            low = min(scored.values())
            top = [a for a in discards if scored[a] == low]
            if len(top) > 1:
                for a in top:
                    if a.card not in ties:
                        ties[a.card] = (-closeness(a.card, hand, wild), -rank_value(a.card))
                first = min(ties[a.card] for a in top)
                top = [a for a in top if ties[a.card] == first]
            vague = {a.card for a in top if a.card not in exact}
            if not vague:
                return self._chosen(view, self.rng.choice(top), after)
            after.update(self._exact_after(v, view, vague))
            exact.update(vague)
