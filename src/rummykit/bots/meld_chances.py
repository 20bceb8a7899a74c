"""What the greedy bot reckons of the cards it has not seen: which of them
could still join its loose cards into melds, and how likely within the turns
left."""

from __future__ import annotations

from collections import Counter

from rummykit.bots.hands import CARDS, near, sort_cards, unmatched
from rummykit.cards import JOKER_CODE, Card, Rank
from rummykit.engine import View
from rummykit.melds import best_arrangement, classify_meld
from rummykit.variant import Variant

__all__ = ["MeldChances"]


class MeldChances:
    """The greedy bot's count of the unseen cards and of the chance that its
    loose cards join melds (the expected deadwood of a discard)."""

    _horizon: int
    _shoes: dict[int, list[int]]
    _melds: dict[tuple[int, int, int], bool]
    _pairs: dict[tuple[int, int, frozenset[Rank]], tuple[int, ...]]

    # ------------------------------------------------------------ what is left to see

    def _unseen(self, v: Variant, view: View, *, pile_live: bool = False) -> Counter[Card]:
        """The cards this seat has not seen: the shoe less its hand, the table,
        the face-up discards (kept when ``pile_live``: cards it may still dig
        out) and the cards others were seen to eat."""
        counts = self.unseen_counts(v, view, pile_live=pile_live)
        return Counter({CARDS[c]: k for c, k in enumerate(counts) if k})

    def unseen_counts(self, v: Variant, view: View, *, pile_live: bool = False) -> list[int]:
        """The cards this seat has not seen (:meth:`_unseen`), as a count per
        card code (0-52)."""
        n = len(view.hand_counts)
        shoe = self._shoes.get(n)
        if shoe is None:
            shoe = self._shoes[n] = [0] * (JOKER_CODE + 1)
            for c in v.deck.shoe(n):
                shoe[c.code] += 1
        counts = list(shoe)
        for c in view.hand:
            counts[c.code] -= 1
        for m in view.table:
            for c in m.meld.cards:
                counts[c.code] -= 1
        if not pile_live:
            for c in view.discard:
                counts[c.code] -= 1
        for c in view.face_down:
            counts[c.code] -= 1
        for seat, cards in enumerate(view.eaten):
            if seat != view.player:
                for c in cards:
                    counts[c.code] -= 1
        return [k if k > 0 else 0 for k in counts]

    # ------------------------------------------------------------------ discarding

    def _turns_left(self, v: Variant, view: View) -> int:
        """Own turns after this one in which a drawn card can still be used."""
        n = len(view.hand_counts)
        showing = v.going_out.showing_turn()
        own = -(-view.turn // n)
        if showing:
            return max(0, showing - own)
        return min(self._horizon, max(1, view.stock_count // n))

    def _is_meld(self, v: Variant, x: Card, z: Card, y: Card, wild: frozenset[Rank]) -> bool:
        """Whether natural ``x`` and ``z`` make a meld with ``y``. Memoised by
        the cards and whether ``y`` is wild (then by whether it is a printed
        joker, not by which card it is: a wild may stand for any card)."""
        if v.deck.is_wild(y, wild):
            key: tuple[int, int, int] = (x.code, z.code, -2 if y.rank is None else -1)
        else:
            key = tuple(sorted((x.code, z.code, y.code)))  # type: ignore[assignment]
        found = self._melds.get(key)
        if found is None:
            if len(self._melds) > 50_000:
                self._melds.clear()
            found = self._melds[key] = classify_meld(v, [x, z, y], wild_ranks=wild) is not None
        return found

    def _partials(
        self, v: Variant, view: View, hand: tuple[Card, ...], dead: tuple[Card, ...]
    ) -> list[tuple[Card, Card, float]]:
        """Pairs (deadwood card, other hand card) that one unseen card would
        turn into a meld, with the chance that such a card comes within the
        turns left (a card drawn and, where discards may be taken, a card
        discarded to this seat each turn)."""
        turns = self._turns_left(v, view)
        if not turns or not dead:
            return []
        wild = view.wild_ranks
        dig = len(v.draw.depths(3)) > 1
        unseen = self.unseen_counts(v, view, pile_live=dig)
        total = sum(unseen)
        if not total:
            return []
        looks = turns * (2 if v.draw.takes_discards else 1)
        deck = v.deck
        players = len(view.hand_counts)
        # the hand's natural cards by rank and by suit: the cards near a card
        by_rank: dict[Rank, list[Card]] = {}
        by_suit: dict[object, list[Card]] = {}
        for c in sort_cards(set(hand)):
            if not deck.is_wild(c, wild) and c.rank is not None:
                by_rank.setdefault(c.rank, []).append(c)
                by_suit.setdefault(c.suit, []).append(c)
        out: list[tuple[Card, Card, float]] = []
        done: set[tuple[int, int]] = set()
        for x in sort_cards(set(dead)):
            if x.rank is None or deck.is_wild(x, wild):
                continue
            close = [z for z in by_rank.get(x.rank, ()) if z != x]
            close.extend(z for z in by_suit.get(x.suit, ()) if z != x and near(x, z))
            for z in close:
                a, b = (x, z) if x.code < z.code else (z, x)
                key = (a.code, b.code)
                if key in done:
                    continue
                done.add(key)
                outs = 0
                for y in self._thirds(v, (a, b), wild, players):
                    outs += unseen[y]
                if outs:
                    out.append((a, b, 1.0 - (1.0 - min(1.0, outs / total)) ** looks))
        return out

    def _thirds(
        self, v: Variant, pair: tuple[Card, Card], wild: frozenset[Rank], players: int
    ) -> tuple[int, ...]:
        """The codes of the distinct cards of the shoe that make a meld with
        ``pair`` (memoised: the answer depends only on the pair and the wild
        ranks)."""
        x, z = pair
        key = (x.code, z.code, wild)
        found = self._pairs.get(key)
        if found is None:
            if len(self._pairs) > 50_000:
                self._pairs.clear()
            deck = v.deck
            found = self._pairs[key] = tuple(
                y.code
                for y in sorted(set(v.deck.shoe(players)))
                if (deck.is_wild(y, wild) or (near(x, y) and near(z, y))) and self._is_meld(v, x, z, y, wild)
            )
        return found

    def _expected(
        self,
        v: Variant,
        view: View,
        card: Card,
        after: int,
        dead: tuple[Card, ...],
        partials: list[tuple[Card, Card, float]],
        has_meld: bool,
        held: Counter[Card],
        values: dict[Card, int],
    ) -> float:
        """The deadwood expected after discarding ``card`` (see the class);
        ``held`` counts the hand's cards, ``values`` gives their values."""

        def left(c: Card) -> int:
            return held[c] - (c == card)

        alive = [(x, z, p) for x, z, p in partials if left(x) > 0 and left(z) > 0]
        lonely = unmatched(alive)
        rest = list(dead)
        if card in rest:
            rest.remove(card)
        value = float(after)
        for c in rest:
            value -= values[c] * (1.0 - lonely.get(c, 1.0))
        if not has_meld and v.scoring.meldless_hand_pays():
            none = 1.0
            for _, _, p in alive:
                none *= 1.0 - p
            value += none * (sum(values[c] * left(c) for c in held))
        return value

    def _has_meld_after(
        self, v: Variant, view: View, card: Card, dead: tuple[Card, ...], melded: bool
    ) -> bool:
        if melded and card in dead:
            return True
        cards = list(view.hand)
        cards.remove(card)
        arr = best_arrangement(v, sort_cards(cards), wild_ranks=view.wild_ranks) if cards else None
        return arr is not None and bool(arr.melds)
