"""Deck and wild cards: how many decks, printed jokers, wild ranks, a cut wild joker.

>>> d = StandardDeck(decks=ByPlayers.of(2), jokers_per_deck=1, cut_wild=True)
>>> len(d.shoe(4))
106
>>> sorted(r.letter for r in d.wild_ranks_for(Card.joker()))
['A']
"""

from __future__ import annotations

import attrs

from rummykit.cards import Card, Rank, build_shoe
from rummykit.rules.base import ByPlayers, Component, component, concern

__all__ = ["Deck", "StandardDeck"]


@concern("deck", default="standard")
class Deck(Component):
    """Concern: the cards in play and which of them are wild."""

    def shoe(self, players: int) -> tuple[Card, ...]:
        """Every card used with ``players`` players, sorted."""
        raise NotImplementedError

    def wild_ranks_for(self, cut: Card | None) -> frozenset[Rank]:
        """The ranks that are wild this hand, given the cut card (if any)."""
        raise NotImplementedError

    def has_wilds(self) -> bool:
        """Whether any card can ever be wild."""
        raise NotImplementedError

    def cuts_wild(self) -> bool:
        """Whether a card is cut at the deal to name this hand's wild rank."""
        return False

    def is_wild(self, card: Card, wild_ranks: frozenset[Rank]) -> bool:
        """Whether ``card`` may act as a wild this hand."""
        return card.rank is None or card.rank in wild_ranks


@component
@attrs.frozen(kw_only=True)
class StandardDeck(Deck):
    """One or more 52-card decks, optional printed jokers and wild ranks."""

    kind = "standard"
    summary = "52-card decks with optional printed jokers and wild ranks."

    decks: ByPlayers = ByPlayers.of(1)
    """Number of 52-card decks (may depend on the player count)."""
    jokers_per_deck: int = attrs.field(default=0)
    """Printed jokers added for each deck."""
    jokers_wild: bool = True
    """Whether printed jokers are wild (they stand for any card)."""
    wild_ranks: tuple[Rank, ...] = ()
    """Ranks whose every card is wild, e.g. ``["2"]`` for deuces wild. A wild
    card standing in its natural place counts as natural."""
    cut_wild: bool = False
    """A card is cut from the stock at the deal and every card of its rank is
    wild for the hand; a cut printed joker makes the aces wild (Indian)."""

    def shoe(self, players: int) -> tuple[Card, ...]:
        return build_shoe(decks=self.decks.get(players), jokers_per_deck=self.jokers_per_deck)

    def wild_ranks_for(self, cut: Card | None) -> frozenset[Rank]:
        ranks = set(self.wild_ranks)
        if self.cut_wild and cut is not None:
            ranks.add(Rank.ACE if cut.rank is None else cut.rank)
        return frozenset(ranks)

    def cuts_wild(self) -> bool:
        return self.cut_wild

    def has_wilds(self) -> bool:
        return bool((self.jokers_per_deck and self.jokers_wild) or self.wild_ranks or self.cut_wild)

    def is_wild(self, card: Card, wild_ranks: frozenset[Rank]) -> bool:
        """Whether ``card`` may act as a wild this hand."""
        if card.rank is None:
            return self.jokers_wild
        return card.rank in wild_ranks
