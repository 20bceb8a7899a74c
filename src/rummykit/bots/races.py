"""The search bot's default move: the greedy bot's choice, corrected by the
race that wins the hand (to knock under a limit, or to go out first)."""

from __future__ import annotations

from typing import Any

from rummykit.bots.greedy import GreedyBot
from rummykit.bots.greedy_discard import STALL_TURNS
from rummykit.bots.hands import CARDS, card_key, key_cards, memo_for, near, sort_cards
from rummykit.cards import Card, Rank
from rummykit.engine import Action, Discard, Draw, Take, View
from rummykit.melds import discard_deadwoods, min_deadwood
from rummykit.variant import Variant

__all__ = ["Races"]


class Races:
    """The default move of :class:`~rummykit.bots.SearchBot` (:meth:`default`)
    and what it counts: cards outside melds, the chance to knock next turn."""

    variant: Variant
    greedy: GreedyBot
    _counting: Variant
    _least: dict[frozenset[Rank], dict[bytes, int]]
    _loose: dict[frozenset[Rank], dict[bytes, int]]
    _loose_best: dict[frozenset[Rank], dict[bytes, int]]

    def default(self, view: View) -> Action:
        """The move the search keeps unless a candidate beats it: the greedy
        bot's choice, through :meth:`race` where a knock limit ends the hand
        and :meth:`tempo` where going out does.

        >>> import rummykit as rk
        >>> from rummykit.bots import SearchBot
        >>> v = rk.load_variant("straight")
        >>> h = rk.new_hand(v, players=2, seed=2)
        >>> SearchBot(v, seed=1).default(h.view(h.current_player)) in h.legal_actions()
        True
        """
        choice = self.greedy.choose(view)
        if self._knock_limit() is not None:
            return self.race(view, choice)
        return self.tempo(view, choice)

    def tempo(self, view: View, choice: Action) -> Action:
        """The greedy bot's ``choice``, corrected where going out (not a knock)
        ends the hand by the race to go out: of the discards, those that leave
        the fewest cards outside melds, and of those the ones with the most
        outs (the unseen cards, counted with their copies, after which some
        discard leaves fewer still: the unseen cards as in :meth:`race`).
        ``choice`` is kept when it is among them; else the greedy bot chooses
        among them. The greedy bot weighs cards by their points; going out
        first counts cards. Elsewhere (a knock or a showing turn ends the
        hand, no discard to choose, past ``STALL_TURNS``) ``choice`` is
        returned unchanged.

        >>> import rummykit as rk
        >>> from rummykit.bots import SearchBot
        >>> v = rk.load_variant("straight")
        >>> h = rk.new_hand(v, players=2, seed=2)
        >>> _ = h.apply("draw")
        >>> view = h.view(h.current_player)
        >>> bot = SearchBot(v, seed=1)
        >>> bot.tempo(view, bot.greedy.choose(view)) in view.legal
        True
        """
        going_out = self.variant.going_out
        if going_out.knock_ends_hand() or going_out.showing_turn() or not isinstance(choice, Discard):
            return choice
        discards = [a for a in view.legal if isinstance(a, Discard)]
        if len(discards) < 2 or view.turn > STALL_TURNS:
            return choice
        tied = self._tempo_ties(view, discards)
        if choice in tied:
            return choice
        return self.greedy.discard_choice(view, tied) if len(tied) > 1 else tied[0]

    def _tempo_ties(self, view: View, discards: list[Discard]) -> list[Discard]:
        """The ``discards`` :meth:`tempo` rates best, and equal: those that
        leave the fewest cards outside melds, and of those the ones with the
        most outs."""
        wild = view.wild_ranks
        # the unmelded count each discard leaves: one pass over the hand
        each = discard_deadwoods(
            self._counting, sort_cards(view.hand), wild_ranks=wild, among={a.card for a in discards}
        )
        assert each is not None  # only fast_only gives None
        least = min(each.values())
        tied = [a for a in discards if each[a.card] == least]
        if len(tied) > 1 and least > 0:
            unseen = self._unseen_now(view)
            deck = self.variant.deck
            outs: dict[Discard, int] = {}
            for a in tied:
                rest = list(view.hand)
                rest.remove(a.card)
                natural = [z for z in rest if z.rank is not None and not deck.is_wild(z, wild)]
                outs[a] = sum(
                    k
                    for y, k in unseen
                    if (deck.is_wild(y, wild) or any(near(y, z) for z in natural))
                    and self._least_after((*rest, y), view, counting=True) < least
                )
            most = max(outs.values())
            tied = [a for a in tied if outs[a] == most]
        return tied

    def loose(self, cards: list[Card] | tuple[Card, ...], wild: frozenset[Any] = frozenset()) -> int:
        """How many of ``cards`` the best arrangement leaves outside melds
        (wild cards not counted: they join any meld). Memoised.

        >>> import rummykit as rk
        >>> from rummykit.bots import SearchBot
        >>> bot = SearchBot(rk.load_variant("straight"))
        >>> bot.loose(rk.parse_cards("2H 3H 4H 9S 9C KD"))
        3
        """
        wild = frozenset(wild)
        memo = memo_for(self._loose, wild, 100_000)
        key = card_key(cards)
        found = memo.get(key)
        if found is None:
            hand = key_cards(key)
            count = min_deadwood(self._counting, hand, wild_ranks=wild) if hand else 0
            found = memo[key] = count if count is not None else len(hand)
        return found

    def _unseen_now(self, view: View) -> list[tuple[Card, int]]:
        """The unseen cards with their copies: as the greedy bot counts them,
        less the cards seen taken into another hand."""
        counts = self.greedy.unseen_counts(self.variant, view)
        for q, cards in enumerate(view.knowledge().known):
            if q != view.player:  # cards seen taken into another hand are not in the stock
                for c in cards:
                    counts[c.code] = max(0, counts[c.code] - 1)
        return [(CARDS[code], k) for code, k in enumerate(counts) if k]

    def race(self, view: View, choice: Action) -> Action:
        """The default move: the greedy bot's ``choice``, corrected where a
        knock ends the hand (a knock limit, as in Gin) by the race to knock.
        Of the discards, the one with the best chance that the next stock card
        lets the bot knock (the exact chance over the unseen cards, one draw
        deep; ties go to the least deadwood) is played when it beats the
        greedy choice (the unseen cards: all but the bot's hand, the table,
        the discard pile and the cards seen taken into other hands); an upcard
        that lets the bot knock at once is taken.
        Elsewhere ``choice`` is returned unchanged.

        >>> import rummykit as rk
        >>> from rummykit.bots import SearchBot
        >>> v = rk.load_variant("gin")
        >>> h = rk.new_hand(v, players=2, seed=2)
        >>> view = h.view(h.current_player)
        >>> bot = SearchBot(v, seed=1)
        >>> bot.race(view, bot.greedy.choose(view)) in view.legal
        True
        """
        limit = self._knock_limit()
        if limit is None or view.stock_count == 0:
            return choice
        greedy = self.greedy
        v = self.variant
        if isinstance(choice, Draw):
            top = view.top_discard
            take = next(
                (
                    a
                    for a in view.legal
                    if isinstance(a, Take) and a.depth == 1 and a.then is None and not a.and_draw
                ),
                None,
            )
            if take is None or top is None:
                return choice
            # after taking it the bot may not throw it back: the least of the other discards
            cards = sort_cards((*view.hand, top))
            each = greedy.after_each(v, cards, set(view.hand), view)
            return take if min(each.values()) <= limit else choice
        if not isinstance(choice, Discard):
            return choice
        discards = [a for a in view.legal if isinstance(a, Discard)]
        if len(discards) < 2:
            return choice
        chance = self.knock_chances(view, discards)
        return self.race_among(view, chance, choice) if chance else choice

    def knock_chances(self, view: View, discards: list[Discard]) -> dict[Discard, float]:
        """Each of ``discards``' chance that the next stock card lets the bot
        knock (exact over the unseen cards, as :meth:`race` counts them, one
        draw deep); empty where no card is unseen or no knock limit applies.

        >>> import rummykit as rk
        >>> from rummykit.bots import SearchBot
        >>> v = rk.load_variant("gin")
        >>> h = rk.new_hand(v, players=2, seed=2)
        >>> while not any(isinstance(a, Discard) for a in h.legal_actions()):
        ...     _ = h.apply(rk.GreedyBot(v).choose(h.view(h.current_player)))
        >>> view = h.view(h.current_player)
        >>> discards = [a for a in view.legal if isinstance(a, Discard)]
        >>> odds = SearchBot(v).knock_chances(view, discards)
        >>> set(odds) == set(discards), all(0.0 <= x <= 1.0 for x in odds.values())
        (True, True)
        """
        limit = self._knock_limit()
        unseen = self._unseen_now(view)
        total = sum(k for _, k in unseen)
        if limit is None or not total:
            return {}
        chance: dict[Discard, float] = {}
        for a in discards:
            rest = list(view.hand)
            rest.remove(a.card)
            ok = sum(k for x, k in unseen if self._least_after((*rest, x), view) <= limit)
            chance[a] = ok / total
        return chance

    def race_among(self, view: View, chance: dict[Discard, float], choice: Action) -> Action:
        """Of the discards of ``chance`` (:meth:`knock_chances`), ``choice``
        when it is one with the best chance, else the one with the best
        chance that leaves the least deadwood (then card order)."""
        best = max(chance.values())
        if isinstance(choice, Discard) and chance.get(choice, -1.0) >= best:
            return choice
        tied = [a for a in chance if chance[a] >= best]
        after = self.greedy.discard_deadwood(self.variant, view, tied)
        return min(tied, key=lambda a: (after[a.card], a.card.code))

    def _knock_limit(self) -> int | None:
        """The most deadwood a knock may leave, where knocking ends the hand
        under a limit; None elsewhere (any count, the upcard's value, no knock)."""
        limit = self.variant.going_out.fixed_knock_limit()
        return None if limit is None else min(limit, self.greedy.knock_at)

    def _least_after(self, cards: tuple[Card, ...], view: View, *, counting: bool = False) -> int:
        """The least deadwood ``cards`` leave after their best discard, or with
        ``counting`` the fewest cards left outside melds (memoised)."""
        memo = memo_for(self._loose_best if counting else self._least, view.wild_ranks, 50_000)
        key = card_key(cards)
        found = memo.get(key)
        if found is None:
            hand = key_cards(key)
            if counting:  # the counting variant: not the greedy bot's (its memo holds points)
                each = discard_deadwoods(self._counting, hand, wild_ranks=view.wild_ranks, exact=False)
            else:
                each = self.greedy.after_each(self.variant, hand, set(hand), view)
            found = memo[key] = min(each.values()) if each else 0
        return found
