"""Meld definitions: what makes a set and a run, and how wild cards may be used.

>>> m = StandardMelds()
>>> m.set_size_ok(3), m.set_size_ok(5), m.run_size_ok(3)
(True, False, True)
>>> StandardMelds(wild_limit=WildLimit.NOT_MORE).wilds_ok(wilds=2, naturals=2)
True
"""

from __future__ import annotations

import attrs

from rummykit.cards import Card, Rank
from rummykit.rules.base import Component, Kind, component, concern

__all__ = ["MeldRules", "SetSuits", "StandardMelds", "WildLimit"]


class SetSuits(Kind):
    """Which suits the cards of a set may have."""

    DISTINCT = "distinct"
    """Every card of a set has a different suit (Indian, Rommé)."""
    ANY = "any"
    """Identical cards are allowed in a set, e.g. 7H 7H 7S (Double Rum)."""


class WildLimit(Kind):
    """How many wild cards one meld may hold, relative to its natural cards."""

    NONE = "none"
    """No limit beyond ``min_naturals``."""
    NOT_MORE = "not-more-than-naturals"
    """Never more wilds than natural cards (Rommé: 3H JK JK 6H yes, 3H JK JK no)."""
    FEWER = "fewer-than-naturals"
    """Strictly fewer wilds than natural cards."""
    ONE = "at-most-one"
    """At most one wild card per meld."""


@concern("melds", default="standard")
class MeldRules(Component):
    """Concern: the definition of a valid meld."""

    def set_size_ok(self, size: int) -> bool:
        """Whether a set of ``size`` cards is allowed."""
        return False

    def run_size_ok(self, size: int) -> bool:
        """Whether a run of ``size`` cards is allowed."""
        return False

    def distinct_suits(self) -> bool:
        """Whether the cards of a set must all have different suits."""
        return True

    def side_rank_melds(self) -> bool:
        """Whether melds are of one rank and owned by a side, one per rank,
        with canastas (the Canasta family: :mod:`rummykit.rules.canasta`)."""
        return False

    @property
    def smallest_meld(self) -> int:
        """The fewest cards any meld can have (0: no meld is allowed)."""
        return next((k for k in range(2, 14) if self.set_size_ok(k) or self.run_size_ok(k)), 0)

    # What the meld reader (``classify_meld``, ``best_arrangement`` ...) asks
    # beyond sizes and wild limits; the engine's checks of a meld laid down
    # ask the same (the Canasta family: :mod:`rummykit.rules.canasta`).

    def never_melded(self, card: Card) -> bool:
        """Whether ``card`` is in no meld at all (a red three of the Canasta family)."""
        return False

    def alone_sizes(self, card: Card) -> tuple[int, int] | None:
        """For a card that melds only with cards like it, never with a wild
        card (the Canasta family's black threes): the fewest and the most
        cards of such a meld; ``None`` for any other card."""
        return None

    def wild_rank_sets(self) -> bool:
        """Whether cards of a wild rank may make a set of their own rank as
        natural cards (off: in a set they are always wild)."""
        return True

    def run_ranks(self) -> frozenset[Rank] | None:
        """The ranks a run may hold (``None``: every rank the ranking puts in a sequence)."""
        return None

    def one_set_per_rank(self) -> bool:
        """Whether a player (a side) holds at most one set of each rank."""
        return False


@component
@attrs.frozen(kw_only=True)
class StandardMelds(MeldRules):
    """Sets (groups of one rank) and runs (sequences in one suit)."""

    kind = "standard"
    summary = "Sets of one rank and runs in one suit, with wild-card limits."

    sets: bool = True
    """Whether sets (cards of one rank) are melds."""
    set_min: int = 3
    """Fewest cards in a set."""
    set_max: int = 4
    """Most cards in a set; 0 means no maximum."""
    set_suits: SetSuits = SetSuits.DISTINCT
    """``distinct``: every suit once; ``any``: identical cards allowed."""
    runs: bool = True
    """Whether runs (consecutive cards of one suit) are melds."""
    run_min: int = 3
    """Fewest cards in a run."""
    run_max: int = 0
    """Most cards in a run; 0 means no maximum (at most 13 by the ranks)."""
    wilds_in_sets: bool = True
    """Whether wild cards may stand in sets."""
    wilds_in_runs: bool = True
    """Whether wild cards may stand in runs."""
    wild_limit: WildLimit = WildLimit.NONE
    """Limit on wild cards relative to natural cards in one meld."""
    min_naturals: int = 1
    """Fewest natural cards in one meld."""
    adjacent_wilds: bool = True
    """Whether two wild cards may stand next to each other in a run."""

    def set_size_ok(self, size: int) -> bool:
        """Whether a set of ``size`` cards is allowed."""
        return self.sets and size >= self.set_min and (self.set_max == 0 or size <= self.set_max)

    def run_size_ok(self, size: int) -> bool:
        """Whether a run of ``size`` cards is allowed."""
        return (
            self.runs and size >= self.run_min and size <= 13 and (self.run_max == 0 or size <= self.run_max)
        )

    def distinct_suits(self) -> bool:
        return self.set_suits is SetSuits.DISTINCT

    def wilds_ok(self, *, wilds: int, naturals: int) -> bool:
        """Whether a meld with these counts satisfies the wild-card limits."""
        if naturals < self.min_naturals:
            return False
        if self.wild_limit is WildLimit.NOT_MORE:
            return wilds <= naturals
        if self.wild_limit is WildLimit.FEWER:
            return wilds < naturals
        if self.wild_limit is WildLimit.ONE:
            return wilds <= 1
        return True

    @property
    def smallest_meld(self) -> int:
        """The fewest cards any meld can have."""
        sizes = []
        if self.sets:
            sizes.append(self.set_min)
        if self.runs:
            sizes.append(self.run_min)
        return min(sizes) if sizes else 0
