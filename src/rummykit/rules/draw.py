"""Draw policy: the stock, and what may be taken from the discard pile.

>>> StandardDraw().takes_discards, DigDraw().takes_discards
(True, True)
"""

from __future__ import annotations

import attrs

from rummykit.rules.base import Component, Kind, component, concern

__all__ = [
    "DigDraw",
    "DrawPolicy",
    "EatDraw",
    "MustUse",
    "PickAnyDraw",
    "StandardDraw",
    "StockOnlyDraw",
    "TopTwoDraw",
    "UseAs",
]


class MustUse(Kind):
    """When a card taken from the discard pile must be melded at once."""

    NO = "no"
    """It may be kept in hand."""
    YES = "yes"
    """It must be used at once, in this turn's first meld or lay-off."""
    BEFORE_INITIAL_MELD = "before-initial-meld"
    """Before a player's initial meld it may only be taken to go straight into
    that initial meld (Kalooki)."""


class UseAs(Kind):
    """How a card that must be used at once may be used."""

    MELD_OR_LAYOFF = "meld-or-layoff"
    """In a new meld or a lay-off (500 Rum)."""
    NEW_MELD = "new-meld"
    """Only in a new meld, not a lay-off."""
    NEW_MELD_WITH_HAND_CARD = "new-meld-with-hand-card"
    """Only in a new meld that holds at least one card from the hand (Thai)."""


@concern("draw", default="standard")
class DrawPolicy(Component):
    """Concern: what a player draws at the start of a turn."""

    @property
    def takes_discards(self) -> bool:
        """Whether the discard pile can ever be taken from."""
        return True

    def depths(self, pile: int) -> tuple[int, ...]:
        """How many cards may be taken from the top of a pile of ``pile`` cards."""
        return (1,) if pile and self.takes_discards else ()

    def use_rule(self, depth: int, *, melded: bool) -> UseAs | None:
        """How the deepest card taken (``depth`` cards) must be used at once, or
        None when it may be kept. ``melded``: the player has made an initial meld."""
        return None

    def with_stock(self) -> bool:
        """Whether the top discard may be taken together with the top of the stock."""
        return False

    def picks_any(self) -> bool:
        """Whether any one visible discard may be picked (throw-down)."""
        return False

    def offers_upcard(self) -> bool:
        """Whether the first turn is an offer of the upcard (Gin)."""
        return False

    def takes_whole_pile(self) -> bool:
        """Whether the discard pile is taken whole (``pickup``, the Canasta family)."""
        return False

    def stock_draw_count(self, players: int) -> int:
        """Cards taken from the stock in one draw."""
        return 1

    def conceals_eaten_melds(self) -> bool:
        """Whether a meld made with a card taken from the pile stays concealed in
        hand (while melds may not be laid on the table) until the player shows:
        the meld is recorded, its cards may be neither discarded nor used
        elsewhere, and each taken card must then be shown in a meld of its own
        (Phỏm)."""
        return False


@component
@attrs.frozen(kw_only=True)
class StandardDraw(DrawPolicy):
    """The top of the stock or the top discard."""

    kind = "standard"
    summary = "Draw the top card of the stock or take the top discard."

    must_use: MustUse = MustUse.NO
    """Whether the taken discard must be melded at once."""
    use_as: UseAs = UseAs.MELD_OR_LAYOFF
    """How a must-use card may be used."""
    upcard_offer: bool = False
    """Gin's first turn: the non-dealer may take the upcard or pass, then the
    dealer; if both pass the non-dealer draws from the stock."""

    def use_rule(self, depth: int, *, melded: bool) -> UseAs | None:
        if self.must_use is MustUse.YES:
            return self.use_as
        if self.must_use is MustUse.BEFORE_INITIAL_MELD and not melded:
            return UseAs.NEW_MELD
        return None

    def offers_upcard(self) -> bool:
        return self.upcard_offer


@component
@attrs.frozen(kw_only=True)
class TopTwoDraw(DrawPolicy):
    """Boathouse: the top of the stock, or the top discard plus a second card."""

    kind = "top-two"
    summary = "Draw from the stock, or take the top discard plus the next discard or the top of the stock."

    def depths(self, pile: int) -> tuple[int, ...]:
        # "if he draws the top card from the discard pile, he then must also draw
        # the next card in the discard pile or the top of the stock pile" [S2]:
        # never the top discard alone (``take draw`` is the other way).
        return (2,) if pile >= 2 else ()

    def with_stock(self) -> bool:
        return True


@component
@attrs.frozen(kw_only=True)
class DigDraw(DrawPolicy):
    """Take any card of the spread discard pile with every card above it."""

    kind = "dig"
    summary = "Take any discard with all the cards above it; the deepest one must be used at once."

    must_use_top: bool = False
    """Whether a single top card taken must also be used at once."""
    use_as: UseAs = UseAs.MELD_OR_LAYOFF
    """How the deepest card taken must be used."""

    def depths(self, pile: int) -> tuple[int, ...]:
        return tuple(range(1, pile + 1))

    def use_rule(self, depth: int, *, melded: bool) -> UseAs | None:
        return self.use_as if depth > 1 or self.must_use_top else None


@component
@attrs.frozen(kw_only=True)
class PickAnyDraw(DrawPolicy):
    """Throw-down: take any one visible discard, or the top of the stock."""

    kind = "pick-any"
    summary = "Take any one visible discard, or the top of the stock (throw-down)."

    must_use: MustUse = MustUse.NO
    """Whether the taken discard must be melded at once."""

    def depths(self, pile: int) -> tuple[int, ...]:
        return ()

    def picks_any(self) -> bool:
        return True

    def use_rule(self, depth: int, *, melded: bool) -> UseAs | None:
        if self.must_use is MustUse.YES:
            return UseAs.MELD_OR_LAYOFF
        if self.must_use is MustUse.BEFORE_INITIAL_MELD and not melded:
            return UseAs.NEW_MELD
        return None


@component
@attrs.frozen(kw_only=True)
class EatDraw(DrawPolicy):
    """Phỏm: take the top discard only if it completes a meld in hand at once."""

    kind = "eat"
    summary = "Take the top discard only to complete a meld with hand cards at once."

    one_per_meld: bool = True
    """A meld may hold at most one card taken from the discard pile."""

    def use_rule(self, depth: int, *, melded: bool) -> UseAs | None:
        return UseAs.NEW_MELD_WITH_HAND_CARD

    def conceals_eaten_melds(self) -> bool:
        # "the player does not yet show the meld made with this card but retains
        # all melds in his hand" [S2]
        return True


@component
@attrs.frozen(kw_only=True)
class StockOnlyDraw(DrawPolicy):
    """Only the stock may be drawn from."""

    kind = "stock-only"
    summary = "Draw only from the stock."

    @property
    def takes_discards(self) -> bool:
        return False
