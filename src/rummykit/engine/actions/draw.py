"""``draw``: take the top card of the stock.

Listed at the start of a turn while the stock can be drawn from, or when it
is out and the variant turns the discard pile over (``stock``); drawing
from an empty stock turns the pile over first.

>>> import rummykit as rk
>>> h = rk.new_hand(rk.load_variant("straight"), players=2, seed=7)
>>> h.apply("draw")
>>> h.apply("draw")
Traceback (most recent call last):
...
rummykit.errors.IllegalAction: draw: seat 1 has already drawn this turn
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.engine.actions.buy import open_buying
from rummykit.engine.conditions import insort, stock_drawable
from rummykit.engine.kind import ActionKind, Refusal
from rummykit.engine.notation import Action, bad_text
from rummykit.engine.phase import Phase
from rummykit.engine.turn import end_hand, turn_over
from rummykit.rules.stock import WhenEmpty
from rummykit.settlement import Termination

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

# enum members as module constants: a lookup through the class is slow in Python 3.11
_DRAW = Phase.DRAW
_PLAY = Phase.PLAY
_TERMINATION_STOCK_EXHAUSTED = Termination.STOCK_EXHAUSTED
_WHENEMPTY_REUSE = WhenEmpty.REUSE


__all__ = ["DRAW", "Draw", "DrawKind"]


@attrs.frozen(repr=False, cache_hash=True)
class Draw(Action):
    """Take the top card of the stock."""

    word = "draw"
    order = 0

    def __str__(self) -> str:
        return "draw"


DRAW = Draw()


class DrawKind(ActionKind):
    """The ``draw`` kind (see the module documentation)."""

    action = Draw
    words = ("draw",)
    phases = frozenset({_DRAW})
    rule = "stock"
    draws = True

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if rest:
            raise bad_text(text, "'draw' takes nothing after it")
        return DRAW

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        return (DRAW,) if self.refusal(h, DRAW) is None else ()

    def refusal(self, h: Hand, a: Action) -> Refusal | None:
        if stock_drawable(h) or h._v.stock.when_empty(reuses=h._reuses) is _WHENEMPTY_REUSE:
            return None  # an empty stock is rebuilt from the pile when drawn from
        return Refusal("the stock is empty", "stock")

    def perform(self, h: Hand, a: Action) -> None:
        p = h._current
        if not stock_drawable(h):
            turn_over(h)
        card = h._stock.pop()
        insort(h._hands[p], card)
        ends = False
        if h._kit.side_rank:
            from rummykit.engine.side_melds import draw_from_stock

            ends = draw_from_stock(h, p, card)
        h._draws[p] += 1
        h._stock_only = False
        h._passes = 0
        h._phase = _PLAY
        if ends:  # a red three drawn last (melds.last_red_three_ends)
            end_hand(h, _TERMINATION_STOCK_EXHAUSTED)
            return
        if h._kit.buys:  # the player on turn passed the discard by: others may buy it
            open_buying(h, p)
