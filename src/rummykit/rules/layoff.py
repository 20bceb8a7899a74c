"""Lay-offs onto table melds, joker exchange and borrowing, and Call Rummy claims.

>>> StandardLayoff().allowed_onto(own=False, has_melded=False)
True
>>> StandardLayoff(requires_own_meld=RequiresMeld.FOR_OTHERS).allowed_onto(own=False, has_melded=False)
False
"""

from __future__ import annotations

import attrs

from rummykit.rules.base import Component, Kind, component, concern

__all__ = [
    "AfterKnockLayoff",
    "Borrow",
    "CallRummy",
    "Claims",
    "Credit",
    "LayoffPolicy",
    "NoClaims",
    "NoLayoff",
    "NoSwap",
    "Onto",
    "RequiresMeld",
    "ShowingLayoff",
    "StandardLayoff",
    "StandardSwap",
    "SwapPolicy",
]


class RequiresMeld(Kind):
    """Whether a player must have melded before laying off."""

    NO = "no"
    """Lay off any time."""
    FOR_OTHERS = "for-others"
    """Not onto another player's meld before one's own first meld."""
    YES = "yes"
    """Not at all before one's own (initial) meld."""


class Onto(Kind):
    """Whose melds a player may lay off onto."""

    ANY = "any"
    """Any player's melds."""
    OWN = "own"
    """Only one's own melds (one's side's, in partnerships)."""


class Credit(Kind):
    """Who a laid-off card scores for (where melds score)."""

    LAYER = "layer"
    """The player who laid it off (500 Rum, Thai)."""
    OWNER = "owner"
    """The owner of the meld."""


@concern("layoff", default="standard")
class LayoffPolicy(Component):
    """Concern: adding cards to melds already on the table."""

    def allowed_onto(self, *, own: bool, has_melded: bool) -> bool:
        """Whether a player may lay off onto a meld (their own or not) now."""
        return False

    def on_turn(self, *, showing: bool) -> bool:
        """Whether lay-offs are made on one's own turn (``showing``: it is the
        player's showing turn)."""
        return False

    def after_knock(self, *, gin: bool) -> bool:
        """Whether the defenders lay off after a knock (``gin``: no deadwood)."""
        return False

    def credit_to(self, *, owner: int, layer: int) -> int:
        """The seat a laid-off card scores for."""
        return owner


@component
@attrs.frozen(kw_only=True)
class NoLayoff(LayoffPolicy):
    """Cards are never added to table melds."""

    kind = "none"
    summary = "No lay-offs."


@component
@attrs.frozen(kw_only=True)
class StandardLayoff(LayoffPolicy):
    """On one's turn, cards may be added to table melds."""

    kind = "standard"
    summary = "On your turn, add cards to melds on the table."

    onto: Onto = Onto.ANY
    """Whose melds may be laid off onto."""
    requires_own_meld: RequiresMeld = RequiresMeld.NO
    """Whether one must have melded before laying off."""
    credit: Credit = Credit.OWNER
    """Who a laid-off card scores for."""
    move_end_wild: bool = False
    """A wild card at either end of a run may be moved to the other end by a
    player laying off the natural card it stood for (Double Rum)."""

    def on_turn(self, *, showing: bool) -> bool:
        return True

    def credit_to(self, *, owner: int, layer: int) -> int:
        return layer if self.credit is Credit.LAYER else owner

    def allowed_onto(self, *, own: bool, has_melded: bool) -> bool:
        if self.onto is Onto.OWN and not own:
            return False
        if self.requires_own_meld is RequiresMeld.YES and not has_melded:
            return False
        return not (self.requires_own_meld is RequiresMeld.FOR_OTHERS and not own and not has_melded)


@component
@attrs.frozen(kw_only=True)
class AfterKnockLayoff(LayoffPolicy):
    """Gin: after a knock, the defenders lay off onto the knocker's melds."""

    kind = "after-knock"
    summary = "After a knock the defenders may lay off onto the knocker's melds."

    on_gin: bool = False
    """Whether lay-offs are allowed against gin (no deadwood)."""

    def after_knock(self, *, gin: bool) -> bool:
        return self.on_gin or not gin

    def allowed_onto(self, *, own: bool, has_melded: bool) -> bool:
        return not own


@component
@attrs.frozen(kw_only=True)
class ShowingLayoff(LayoffPolicy):
    """Phỏm: on one's showing turn, onto melds shown earlier that round."""

    kind = "showing"
    summary = "On your showing turn, onto melds other players have shown."

    onto_others: bool = True
    """Whether lay-offs onto other players' melds are allowed."""

    def on_turn(self, *, showing: bool) -> bool:
        return showing

    def allowed_onto(self, *, own: bool, has_melded: bool) -> bool:
        return own or self.onto_others


class Borrow(Kind):
    """Which table melds a player may take a card from to make a new meld."""

    NONE = "none"
    OWN = "own"
    """From one's own melds (Borrowing)."""
    ANY = "any"
    """From any meld (Additional Borrowing)."""


@concern("swap", default="none")
class SwapPolicy(Component):
    """Concern: taking cards back from the table (joker exchange, borrowing)."""

    def exchanges_wilds(self, *, has_melded: bool, played_this_turn: bool) -> bool:
        """Whether the player on turn may exchange a natural card for a table wild now."""
        return False

    def borrows_from(self, *, own: bool, has_melded: bool) -> bool:
        """Whether the player on turn may borrow a card from a (their own or not) meld."""
        return False

    def wild_must_be_used(self) -> bool:
        """Whether a wild taken by an exchange must be melded the same turn."""
        return False

    def releases_set_wild_singly(self) -> bool:
        """Whether a wild in a three-card set is released for one natural card;
        otherwise both missing cards must be given."""
        return True

    def exchanges_in_sets(self) -> bool:
        """Whether a wild standing in a set may be exchanged (else only in runs)."""
        return True


@component
@attrs.frozen(kw_only=True)
class NoSwap(SwapPolicy):
    """Cards on the table stay there."""

    kind = "none"
    summary = "Table melds are never taken apart."


@component
@attrs.frozen(kw_only=True)
class StandardSwap(SwapPolicy):
    """Joker exchange and borrowing."""

    kind = "standard"
    summary = "Exchange a natural card for a table joker; optionally borrow from melds."

    jokers: bool = True
    """Whether a player holding the card a table wild stands for may put it in
    and take the wild."""
    requires_own_meld: bool = True
    """Only after one's own (initial) meld."""
    must_use_wild: bool = False
    """The wild taken must be melded in the same turn (Rommé)."""
    set_wild_needs_both: bool = False
    """A wild in a three-card set is released only when both missing suits are
    added (Kalooki option)."""
    borrow: Borrow = Borrow.NONE
    """Taking a natural card from a meld to use at once in a new meld."""
    before_melding: bool = False
    """A joker exchange is allowed only after drawing and before the player
    melds, lays off or discards that turn (Kalooki: "after drawing but before
    melding or discarding")."""
    runs_only: bool = False
    """Only a wild standing in a run may be exchanged, not one in a set
    (Contract Rummy: "uses a joker in a sequence")."""

    def exchanges_wilds(self, *, has_melded: bool, played_this_turn: bool) -> bool:
        if not self.jokers or (self.requires_own_meld and not has_melded):
            return False
        return not (self.before_melding and played_this_turn)

    def borrows_from(self, *, own: bool, has_melded: bool) -> bool:
        if self.borrow is Borrow.NONE or (self.requires_own_meld and not has_melded):
            return False
        return self.borrow is Borrow.ANY or own

    def wild_must_be_used(self) -> bool:
        return self.must_use_wild

    def releases_set_wild_singly(self) -> bool:
        return not self.set_wild_needs_both

    def exchanges_in_sets(self) -> bool:
        return not self.runs_only


@concern("claims", default="none")
class Claims(Component):
    """Concern: out-of-turn claims of a discard."""

    def may_call(self, *, goes_out: bool) -> bool:
        """Whether another player may claim a discard that could be laid off
        (``goes_out``: the claim would leave the caller without cards)."""
        return False

    def buys(self) -> bool:
        """Whether players buy discards out of turn (contract rummy)."""
        return False

    def may_buy(self, *, bought: int, gone_down: bool, deal: int) -> bool:
        """Whether a player who bought ``bought`` times this deal (and has
        ``gone_down`` or not) may buy a discard now."""
        return False

    def limit_for(self, *, deal: int) -> int:
        """Buys per player in deal ``deal`` (0: no limit)."""
        return 0

    def penalty_cards(self) -> int:
        """Cards a buyer takes from the stock with the discard."""
        return 0

    def from_dealer_left(self) -> bool:
        """Whether several buyers are served from the dealer's left (else from
        the player whose turn it is)."""
        return False


@component
@attrs.frozen(kw_only=True)
class NoClaims(Claims):
    """Nobody plays out of turn."""

    kind = "none"
    summary = "No out-of-turn claims."


@component
@attrs.frozen(kw_only=True)
class CallRummy(Claims):
    """Call Rummy: a discard that could be laid off may be claimed by any other player."""

    kind = "call-rummy"
    summary = "Any other player may call 'Rummy!' on a discard that could be laid off."

    on_last_turn: bool = False
    """Whether a call is allowed on a player's last turn."""

    def may_call(self, *, goes_out: bool) -> bool:
        return self.on_last_turn or not goes_out
