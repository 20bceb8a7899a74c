"""``fight``: out of turn, take up a called draw (Tong-its' challenge).

Asked after a drop that the others answer (``going_out.answers =
"fight-or-fold"``): the player shows with the caller, and the lowest count
wins (the scoring settles ties and payments).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.engine.actions.answer import answer_refusal, next_answer
from rummykit.engine.kind import ActionKind, Refusal
from rummykit.engine.notation import Action, bad_text
from rummykit.engine.phase import Phase

if TYPE_CHECKING:
    from rummykit.engine.meld_memo import Kit
    from rummykit.engine.state import Hand

__all__ = ["FIGHT", "Fight", "FightKind"]


@attrs.frozen(repr=False, cache_hash=True)
class Fight(Action):
    """Take up a called draw (challenge)."""

    word = "fight"
    order = 32

    def __str__(self) -> str:
        return "fight"


FIGHT = Fight()


class FightKind(ActionKind):
    """The ``fight`` kind (see the module documentation)."""

    action = Fight
    words = ("fight",)
    phases = frozenset({Phase.ANSWER})
    rule = "going_out.answers"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if rest:
            raise bad_text(text, "'fight' takes nothing after it")
        return FIGHT

    def in_variant(self, kit: Kit) -> bool:
        return bool(kit.answers)

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        return (FIGHT,) if h._kit.answers and h._permission is None else ()

    def refusal(self, h: Hand, a: Action) -> Refusal | None:
        return answer_refusal(h)

    def perform(self, h: Hand, a: Action) -> None:
        next_answer(h)
