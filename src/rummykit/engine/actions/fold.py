"""``fold``: out of turn, give up against a called draw (Tong-its).

Asked after a drop that the others answer (``going_out.answers =
"fight-or-fold"``): the player loses the hand without showing, paying less
than a lost fight (the scoring says how much). The seat is listed in the
ending's ``dropped`` as ``"fold"``.
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

__all__ = ["FOLD", "Fold", "FoldKind"]


@attrs.frozen(repr=False, cache_hash=True)
class Fold(Action):
    """Give up against a called draw."""

    word = "fold"
    order = 33

    def __str__(self) -> str:
        return "fold"


FOLD = Fold()


class FoldKind(ActionKind):
    """The ``fold`` kind (see the module documentation)."""

    action = Fold
    words = ("fold",)
    phases = frozenset({Phase.ANSWER})
    rule = "going_out.answers"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if rest:
            raise bad_text(text, "'fold' takes nothing after it")
        return FOLD

    def in_variant(self, kit: Kit) -> bool:
        return bool(kit.answers)

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        return (FOLD,) if h._kit.answers and h._permission is None else ()

    def refusal(self, h: Hand, a: Action) -> Refusal | None:
        return answer_refusal(h)

    def perform(self, h: Hand, a: Action) -> None:
        h._dropped[h._current] = "fold"
        next_answer(h)
