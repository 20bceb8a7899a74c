"""``pass``: decline an offered upcard, a claim or more lay-offs; or pass a
turn when the stock is out and the variant lets a player pass (``stock``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.engine.actions.buy import close_buying
from rummykit.engine.conditions import stock_drawable
from rummykit.engine.kind import ActionKind, Refusal
from rummykit.engine.notation import Action, bad_text
from rummykit.engine.phase import Phase
from rummykit.engine.turn import begin_turn, end_hand
from rummykit.rules.stock import WhenEmpty
from rummykit.settlement import Termination

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

# enum members as module constants: a lookup through the class is slow in Python 3.11
_CLAIM = Phase.CLAIM
_DRAW = Phase.DRAW
_LAYOFF = Phase.LAYOFF
_OFFER = Phase.OFFER
_TERMINATION_KNOCK = Termination.KNOCK
_TERMINATION_STOCK_EXHAUSTED = Termination.STOCK_EXHAUSTED
_WHENEMPTY_DECLINE = WhenEmpty.DECLINE


__all__ = ["PASS", "Pass", "PassKind"]


@attrs.frozen(repr=False, cache_hash=True)
class Pass(Action):
    """Decline (an upcard, a claim, more lay-offs) or pass a turn."""

    word = "pass"
    order = 40

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
_PASSES = (WhenEmpty.DECLINE, WhenEmpty.PASS)


class PassKind(ActionKind):
    """The ``pass`` kind (see the module documentation)."""

    action = Pass
    words = ("pass",)
    phases = frozenset({_DRAW, _OFFER, _CLAIM, _LAYOFF})
    rule = "stock"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if rest:
            raise bad_text(text, "'pass' takes nothing after it")
        return PASS

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        return (PASS,) if self.allows(h, PASS) else ()

    def allows(self, h: Hand, a: Action) -> bool:
        if h._phase is not _DRAW:
            return True
        if stock_drawable(h) or h._v.stock.when_empty(reuses=h._reuses) not in _PASSES:
            return False
        if h._kit.whole_pile:  # the whole pile (Canasta): a discard that fits the side's meld is taken
            from rummykit.engine.actions.pickup import must_take

            return not must_take(h)
        return True

    def refusal(self, h: Hand, a: Action) -> Refusal | None:
        if self.allows(h, a):
            return None
        if h._kit.whole_pile and not stock_drawable(h):
            return Refusal(
                "the stock is out and the top discard goes onto your side's meld: take the pile"
                " (draw.must_take_when_out)",
                "draw.must_take_when_out",
            )
        return Refusal(
            f"you may not pass while the stock can be drawn from (stock {h._v.stock.kind})", "stock"
        )

    def perform(self, h: Hand, a: Action) -> None:
        phase = h._phase
        p = h._current
        if phase is _OFFER:
            if h._offer_stage == 0 and h._n > 1:
                h._offer_stage = 1
                h._current = h._dealer
                return
            h._offer_stage = 2
            h._current = h._starter
            h._stock_only = True
            h._phase = _DRAW
            if not stock_drawable(h):
                end_hand(h, _TERMINATION_STOCK_EXHAUSTED)
            return
        if phase is _CLAIM:
            if h._claim_queue:
                h._current = h._claim_queue.pop(0)
                return
            if h._kit.buys:  # nobody bought: the player on turn plays on
                close_buying(h)
                return
            begin_turn(h, h._resume)
            return
        if phase is _LAYOFF:
            if h._layoff_queue:
                h._current = h._layoff_queue.pop(0)
                return
            end_hand(h, h._how or _TERMINATION_KNOCK, went_out=None)
            return
        # DRAW with the stock out
        when = h._v.stock.when_empty(reuses=h._reuses)
        if when is _WHENEMPTY_DECLINE:
            end_hand(h, _TERMINATION_STOCK_EXHAUSTED)
            return
        h._passes += 1
        if h._passes >= len(h.active_seats()):
            end_hand(h, _TERMINATION_STOCK_EXHAUSTED)
            return
        begin_turn(h, h._next_seat(p))
