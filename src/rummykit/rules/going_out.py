"""Going out: emptying the hand, knocking, declaring, or showing on a fixed turn.

>>> Knock(max_deadwood=10).may_knock(10), Knock(max_deadwood=10).may_knock(11)
(True, False)
>>> Declare(patterns=("5+4+3+3", "4+4+4+3")).pattern_sizes()
((5, 4, 3, 3), (4, 4, 4, 3))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from rummykit.cards import Card, Rank
from rummykit.rules.base import Component, ConfigError, Kind, component, concern, show_value

__all__ = [
    "Declare",
    "EmptyHand",
    "FinalDiscard",
    "GoingOut",
    "InvalidDeclaration",
    "Knock",
    "Pattern",
    "Permission",
    "Showing",
    "parse_pattern",
]


class FinalDiscard(Kind):
    """Whether going out needs a final discard."""

    OPTIONAL = "optional"
    """Go out by melding, laying off or discarding the last card."""
    REQUIRED = "required"
    """The last card must be a discard (Mandatory Discard, Thai, Rommé)."""
    FORBIDDEN = "forbidden"
    """Every card must be melded; no final discard."""


class InvalidDeclaration(Kind):
    """What happens when a player declares a hand that fails the declaration rules."""

    REFUSED = "refused"
    """The declaration is an illegal action and is refused."""
    PENALTY = "penalty"
    """The declaration is allowed and loses: the declarer scores the scoring's
    ``wrong_declaration`` cost and is out of the hand, like a dropped player;
    the others play on, and the last one left wins (Indian: "A wrong
    declaration or invalid show will earn player 80 points")."""


class Permission(Kind):
    """Whether a player may ask the partner's permission to go out."""

    NONE = "none"
    """Nobody asks: a player goes out when the rules allow it."""
    MAY_ASK = "may-ask"
    """After drawing, a player may ask the partner "May I go out?"; the partner
    answers yes or no out of turn, and the answer binds for that turn: after a
    yes the player must go out (a player who cannot pays the scoring's
    ``permission_penalty``), after a no the player may not."""


@concern("going_out", default="empty-hand")
class GoingOut(Component):
    """Concern: how a player ends the hand."""

    def canastas_to_go_out(self, players: int) -> int:
        """Canastas a side needs on the table before one of it may go out."""
        return 0

    def final_discard_rule(self) -> FinalDiscard:
        """Whether going out needs, allows or forbids a final discard."""
        return FinalDiscard.OPTIONAL

    def asks_permission(self) -> bool:
        """Whether a player may ask the partner's permission to go out, the
        answer binding for the turn (``going_out.permission``).

        >>> import rummykit as rk
        >>> [rk.load_variant(n).going_out.asks_permission() for n in ("canasta", "straight")]
        [True, False]
        """
        return False

    def asks_per_hand(self) -> int:
        """How many times a player may ask in one hand (at most once a turn;
        0: on every turn)."""
        return 1

    def buries_final_discard(self) -> bool:
        """Whether the going-out discard goes face down (it cannot be taken)."""
        return False

    def knock_limit(self, *, upcard_value: int | None, upcard: Card | None = None) -> int | None:
        """Highest deadwood that may knock (None: knocking is not a way out);
        ``upcard_value`` is the value of the hand's first upcard, ``upcard``
        the card itself where it is known."""
        return None

    def highest_knock_limit(self, card_values: Iterable[int]) -> int | None:
        """The highest knock limit any hand may have, the cards being worth
        ``card_values`` (a settlement that does not know the upcard checks a
        knock against it); None where knocking is not a way out.

        >>> import rummykit as rk
        >>> rk.load_variant("gin").going_out.highest_knock_limit(range(1, 11))
        10
        """
        return self.knock_limit(upcard_value=None)

    def knock_limit_rule(self) -> str:
        """The variant key path of the knock limit (named when a knock is refused)."""
        return "going_out"

    def fixed_knock_limit(self) -> int | None:
        """The knock limit where it is one fixed count for every hand (Gin's
        10); None where knocking is not a way out, any count may knock, or the
        hand's upcard sets the limit (Oklahoma). The bots race to it.

        >>> import rummykit as rk
        >>> [rk.load_variant(n).going_out.fixed_knock_limit() for n in ("gin", "knock", "straight")]
        [10, None, None]
        """
        return None

    def big_gin_allowed(self) -> bool:
        """Whether a fully melded hand may go out by knocking without a discard."""
        return False

    def declares(self) -> bool:
        """Whether players go out by showing the whole hand at once, checked
        against the declaration rules."""
        return False

    def penalizes_invalid(self) -> bool:
        """Whether an invalid declaration is allowed and loses (else refused)."""
        return False

    def drops_allowed(self) -> bool:
        """Whether a player may drop (concede the hand) on their turn."""
        return False

    def drop_ends_hand(self) -> bool:
        """Whether a drop ends the hand with everyone showing (Tonk), rather
        than taking the dropper out of it (Indian)."""
        return False

    def drop_needs_meld(self) -> bool:
        """Whether only a player with a meld on the table may drop."""
        return False

    def drops_after_drawing(self) -> bool:
        """Whether a drop is also allowed after drawing (Indian's middle drop)."""
        return True

    def answers_draw(self) -> bool:
        """Whether the other players answer a drop that ends the hand (a called
        draw) out of turn, each fighting or folding (Tong-its)."""
        return False

    def may_fight(self, *, exposed: bool, hand: Sequence[Card]) -> bool:
        """Whether a player may fight a called draw (and is not burned):
        ``exposed``, whether they have a meld of their own on the table;
        ``hand``, the cards they hold."""
        return exposed

    def blocked_until(self, *, own_turns: int, until: int) -> int:
        """After another player laid off onto the spreads of a player who has
        played ``own_turns`` turns and may not drop up to their turn number
        ``until``: the new such turn number (Tonk's hit penalty)."""
        return until

    def showing_turn(self) -> int:
        """The turn (1-based, each player's own count) on which everyone shows
        and after which the hand ends; 0: no such turn."""
        return 0

    def winning_endings(self) -> tuple[str, ...]:
        """How a hand ends when a player wins it by this rule, as the values of
        :class:`rummykit.Termination` (``"went-out"``, ``"knock"``, ...): what
        the scoring must be able to settle with a winner (checked by ``validate``).

        >>> import rummykit as rk
        >>> rk.load_variant("gin").going_out.winning_endings()
        ('knock', 'gin')
        """
        return ("went-out",)

    def run_requirement(self) -> tuple[int, int]:
        """Fewest runs and fewest pure runs a complete hand needs (a losing
        hand without them counts every card, as in Indian rummy)."""
        return (0, 0)

    def knock_ends_hand(self) -> bool:
        """Whether a player ends the hand by knocking, the hands' deadwood then
        compared (Gin, Knock Rummy), rather than by going out: the bots weigh
        a position by its deadwood there, by its cards outside melds elsewhere.

        >>> import rummykit as rk
        >>> [rk.load_variant(n).going_out.knock_ends_hand() for n in ("gin", "knock", "straight")]
        [True, True, False]
        """
        return False


@component
@attrs.frozen(kw_only=True)
class EmptyHand(GoingOut):
    """A player who gets rid of every card goes out; play stops at once."""

    kind = "empty-hand"
    summary = "Go out by getting rid of every card."

    final_discard: FinalDiscard = FinalDiscard.OPTIONAL
    """Whether the last card must be discarded."""
    face_down: bool = False
    """The final discard goes face down and cannot be taken (Thai)."""

    def final_discard_rule(self) -> FinalDiscard:
        return self.final_discard

    def buries_final_discard(self) -> bool:
        return self.face_down


@component
@attrs.frozen(kw_only=True)
class Knock(GoingOut):
    """After drawing, a player whose unmelded count is low enough may knock."""

    kind = "knock"
    summary = "Knock with little enough deadwood; everyone shows their melds."

    max_deadwood: int = 10
    """Highest deadwood count allowed to knock (ignored with ``any_deadwood``)."""
    any_deadwood: bool = False
    """Knock with any deadwood count (Knock Rummy)."""
    oklahoma: bool = False
    """The knock limit is the value of the first upcard (Oklahoma Gin)."""
    ace_gin_only: bool = True
    """With ``oklahoma``: an ace upcard allows gin only. Bicycle, "Oklahoma
    Gin" (http://www.bicyclecards.com/card-games/rule/oklahoma-gin): "When an
    ace is the knock card, neither player may knock with a count of 1 point;
    instead, each must play for a gin hand." Off: an ace allows a knock with 1
    (rummyrulebook.com: "Many players adopt the rule")."""
    big_gin: bool = False
    """A player whose whole hand, drawn card included, is melded may go out
    without a discard (big gin)."""

    def final_discard_rule(self) -> FinalDiscard:
        return FinalDiscard.REQUIRED

    def buries_final_discard(self) -> bool:
        return True

    def knock_limit(self, *, upcard_value: int | None, upcard: Card | None = None) -> int | None:
        """The knock limit of a hand (see :meth:`GoingOut.knock_limit`).

        >>> ok = Knock(oklahoma=True)
        >>> ok.knock_limit(upcard_value=7, upcard=Card.parse("7H")), ok.knock_limit(upcard_value=1, upcard=Card.parse("AS"))
        (7, 0)
        """
        if self.any_deadwood:
            return 1 << 30
        if self.oklahoma and upcard_value is not None:
            if self.ace_gin_only and upcard is not None and upcard.rank is Rank.ACE:
                return 0
            return upcard_value
        return self.max_deadwood

    def fixed_knock_limit(self) -> int | None:
        return None if self.any_deadwood or self.oklahoma else self.max_deadwood

    def highest_knock_limit(self, card_values: Iterable[int]) -> int | None:
        if self.any_deadwood or not self.oklahoma:
            return self.knock_limit(upcard_value=None)
        return max([self.max_deadwood, *card_values])

    def knock_limit_rule(self) -> str:
        if self.any_deadwood:
            return "going_out.any_deadwood"
        return "going_out.oklahoma" if self.oklahoma else "going_out.max_deadwood"

    def big_gin_allowed(self) -> bool:
        return self.big_gin

    def winning_endings(self) -> tuple[str, ...]:
        return ("knock", "gin")

    def knock_ends_hand(self) -> bool:
        return True

    def may_knock(self, deadwood: int, *, limit: int | None = None) -> bool:
        """Whether a hand with this deadwood count may knock."""
        if self.any_deadwood:
            return True
        return deadwood <= (self.max_deadwood if limit is None else limit)


def parse_pattern(text: str) -> tuple[int, ...]:
    """Read a declaration pattern like ``"4+3+3"`` (meld sizes).

    >>> parse_pattern("4 + 3 + 3")
    (4, 3, 3)
    """
    parts = [p.strip() for p in text.split("+")]
    if not parts or not all(p.isdigit() and int(p) > 0 for p in parts):
        raise ConfigError(f'bad pattern {show_value(text)}: expected meld sizes joined by "+", like "4+3+3"')
    return tuple(int(p) for p in parts)


class Pattern(str):
    """A declaration pattern in canonical form, e.g. ``"4+3+3"``."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Pattern:
        """Read and normalise a pattern (raises :class:`ConfigError`)."""
        return cls("+".join(str(n) for n in parse_pattern(text)))

    @property
    def sizes(self) -> tuple[int, ...]:
        """The meld sizes."""
        return tuple(int(n) for n in self.split("+"))


def _patterns(value: tuple[str, ...]) -> tuple[Pattern, ...]:
    return tuple(Pattern.parse(p) for p in value)


@component
@attrs.frozen(kw_only=True)
class Declare(GoingOut):
    """The whole hand is shown at once and must form a valid declaration."""

    kind = "declare"
    summary = "Show the whole hand at once; it must fit the declaration rules."

    patterns: tuple[Pattern, ...] = attrs.field(default=(), converter=_patterns)
    """Allowed meld sizes, e.g. ``["5+4+3+3", "4+4+4+3", "3+3+3+3+3"]``
    (Continental); empty: any grouping."""
    min_runs: int = 0
    """Fewest runs (sequences) in a valid declaration (Indian: 2)."""
    min_pure_runs: int = 0
    """Fewest runs with no wild card standing in (Indian: 1)."""
    leave_one: bool = True
    """One card may (or, with ``final_discard = "required"``, must) be left
    over and discarded."""
    final_discard: FinalDiscard = FinalDiscard.OPTIONAL
    """Whether the declaration ends with a discard."""
    invalid: InvalidDeclaration = InvalidDeclaration.REFUSED
    """What an invalid declaration does: ``refused`` (illegal) or ``penalty``."""
    drops: bool = False
    """A player may drop (concede the hand) on their turn: a first drop before
    their first draw, a middle drop later. The player is out of the hand and
    scores the scoring's ``first_drop`` or ``middle_drop``; the others play on,
    and the last one left wins (Indian)."""

    def pattern_sizes(self) -> tuple[tuple[int, ...], ...]:
        """The patterns as tuples of meld sizes."""
        return tuple(p.sizes for p in self.patterns)

    def final_discard_rule(self) -> FinalDiscard:
        return self.final_discard if self.leave_one else FinalDiscard.FORBIDDEN

    def declares(self) -> bool:
        return True

    def run_requirement(self) -> tuple[int, int]:
        return (self.min_runs, self.min_pure_runs)

    def penalizes_invalid(self) -> bool:
        return self.invalid is InvalidDeclaration.PENALTY

    def drops_allowed(self) -> bool:
        return self.drops

    def winning_endings(self) -> tuple[str, ...]:
        return ("declared", "dropped") if self.drops else ("declared",)


@component
@attrs.frozen(kw_only=True)
class Showing(GoingOut):
    """Phỏm: the hand lasts a fixed number of turns; all show on their last."""

    kind = "showing"
    summary = "A fixed number of turns each; everyone shows melds on their last turn."

    turns: int = 4
    """Turns each player plays; melds are shown on the last."""
    all_melded_wins: bool = True
    """A player whose whole hand is melded (ù) wins at once."""

    def showing_turn(self) -> int:
        return self.turns

    def declares(self) -> bool:
        return self.all_melded_wins

    def winning_endings(self) -> tuple[str, ...]:
        return ("showing", "declared") if self.all_melded_wins else ("showing",)
