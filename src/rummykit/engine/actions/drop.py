"""``drop``: concede the hand (Indian rummy's first and middle drops), or
end it with a showdown (Tonk's drop, Tong-its' call of a draw).

Allowed where ``going_out.drops`` is on, before drawing (a first drop while
the seat has not drawn yet) or after drawing (a middle drop). Where the
others answer a drop (``going_out.answers``), each is asked to ``fight`` or
``fold`` before the showdown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.engine.actions.answer import ask_answers
from rummykit.engine.kind import ActionKind, Refusal
from rummykit.engine.notation import Action, bad_text
from rummykit.engine.phase import Phase
from rummykit.engine.turn import after_leaving, end_hand
from rummykit.settlement import Termination

if TYPE_CHECKING:
    from rummykit.engine.meld_memo import Kit
    from rummykit.engine.state import Hand

__all__ = ["DROP", "Drop", "DropKind"]


@attrs.frozen(repr=False, cache_hash=True)
class Drop(Action):
    """Concede the hand (Indian first or middle drop)."""

    word = "drop"
    order = 41

    def __str__(self) -> str:
        return "drop"


DROP = Drop()


class DropKind(ActionKind):
    """The ``drop`` kind (see the module documentation)."""

    action = Drop
    words = ("drop",)
    phases = frozenset({Phase.DRAW, Phase.PLAY})
    rule = "going_out.drops"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if rest:
            raise bad_text(text, "'drop' takes nothing after it")
        return DROP

    def in_variant(self, kit: Kit) -> bool:
        return bool(kit.drops)

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        return (DROP,) if h._kit.drops and self.refusal(h, DROP) is None else ()

    def allows(self, h: Hand, a: Action) -> bool:
        return h._kit.drops and self.refusal(h, a) is None

    def refusal(self, h: Hand, a: Action) -> Refusal | None:
        v = h._v
        if not h._kit.drops:
            return Refusal(f"dropping is not allowed in {v.name} (going_out {v.going_out.kind})", "going_out")
        p = h._current
        if h._phase is Phase.PLAY and not h._kit.drop_in_play:
            return Refusal(
                f"a drop is made before drawing, not after (going_out.after_draw in {v.name})",
                "going_out.after_draw",
            )
        if h._kit.drop_needs_meld and not h._melded[p]:
            return Refusal(
                f"seat {p} has no meld on the table and may not drop (going_out.needs_meld in {v.name})",
                "going_out.needs_meld",
            )
        if h._own_turns[p] <= h._hit_until[p]:
            return Refusal(
                f"seat {p} was hit and may not drop on this turn (going_out.hit_block in {v.name})",
                "going_out.hit_block",
            )
        return None

    def perform(self, h: Hand, a: Action) -> None:
        """A first drop before one's first draw, a middle drop later, including
        right after drawing ([S3]: "A player will get 40 points if they leave
        the table after drawing a card from the closed deck"). Where a drop
        ends the hand (Tonk), everyone shows and the counts decide; where
        the others answer it (Tong-its), they fight or fold first."""
        p = h._current
        if h._kit.answers:
            ask_answers(h, p)
            return
        if h._kit.drop_shows:  # a drop ends the hand (Tonk): everyone shows and the counts decide
            h._knocker = p
            end_hand(h, Termination.SHOWDOWN)
            return
        h._dropped[p] = "first" if h._draws[p] == 0 else "middle"
        after_leaving(h, p)
