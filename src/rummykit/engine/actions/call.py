"""``call 9H on 2``: out of turn, claim the discard to lay it off (Call Rummy).

After a discard that could be laid off onto a table meld, the other seats in
turn (``claims``) may call it onto that meld, then discard; or ``pass``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card
from rummykit.engine.actions.layoff import lay_off, layoff_reason, layoffs_of
from rummykit.engine.kind import ListedKind, Refusal
from rummykit.engine.notation import Action, format_slot, parse_on
from rummykit.engine.phase import Phase

if TYPE_CHECKING:
    from rummykit.engine.meld_memo import Kit
    from rummykit.engine.state import Hand

__all__ = ["Call", "CallKind", "call_actions"]


@attrs.frozen(repr=False, cache_hash=True)
class Call(Action):
    """Out of turn: claim the discard ``card`` to lay it off onto meld ``target``."""

    card: Card
    target: int
    stands_for: Card | None = None
    word = "call"
    order = 30

    def __str__(self) -> str:
        return f"call {format_slot((self.card, self.stands_for))} on {self.target}"

    def cards(self) -> tuple[Card, ...]:
        return (self.card,)


def call_actions(h: Hand, seat: int, card: Card) -> list[Call]:
    """Calls ``seat`` may make on the discard ``card``."""
    if not h._v.claims.may_call(goes_out=len(h._hands[seat]) <= 1):
        return []
    return [Call(lo.card, lo.target, lo.stands_for) for lo in layoffs_of(h, seat, card, None)]


class CallKind(ListedKind):
    """The ``call`` kind (see the module documentation)."""

    action = Call
    words = ("call",)
    keywords = ("on",)
    phases = frozenset({Phase.CLAIM})
    rule = "claims"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        (card, rep), target = parse_on(list(rest), text, "call")
        return Call(card, target, rep)

    def in_variant(self, kit: Kit) -> bool:
        return bool(kit.claims)

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        return call_actions(h, h._current, h._pile[-1])

    def fits(self, a: Action, b: Action) -> bool:
        assert isinstance(a, Call) and isinstance(b, Call)
        return a.card == b.card and a.target == b.target and a.stands_for in (None, b.stands_for)

    def reason(self, h: Hand, a: Action) -> Refusal | None:
        assert isinstance(a, Call)
        if h._pile[-1] != a.card:
            return Refusal(f"{a.card} is not the discard on offer", "claims")
        if not h._v.claims.may_call(goes_out=len(h._hands[h._current]) <= 1):
            return Refusal(f"this call may not be made now (claims {h._v.claims.kind})", "claims")
        return layoff_reason(h, a.card, a.target)

    def perform(self, h: Hand, a: Action) -> None:
        assert isinstance(a, Call)
        seat = h._current
        h._pile.pop()
        h._pile_from.pop()
        lay_off(h, seat, a.card, a.target, a.stands_for, from_hand=False)
        h._claim = a.card
        h._claim_queue = []
        h._taken = None
        h._must_meld = None
        h._phase = Phase.PLAY
