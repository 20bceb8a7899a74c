"""``ask``: after drawing, ask the partner "May I go out?" (Canasta).

Allowed where ``going_out.permission = "may-ask"``, in the play phase of a
player who has a partner, once a turn and ``going_out.asks`` times a hand.
The partner answers at once, out of turn (``yes`` or ``no``, phase
``answer``); the answer binds the player for the rest of the turn (see
:mod:`rummykit.engine.permission`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.engine.kind import ActionKind, Refusal
from rummykit.engine.notation import Action, bad_text
from rummykit.engine.permission import ask_refusal, partner
from rummykit.engine.phase import Phase

if TYPE_CHECKING:
    from rummykit.engine.meld_memo import Kit
    from rummykit.engine.state import Hand

__all__ = ["ASK", "Ask", "AskKind"]


@attrs.frozen(repr=False, cache_hash=True)
class Ask(Action):
    """Ask the partner's permission to go out."""

    word = "ask"
    order = 23

    def __str__(self) -> str:
        return "ask"


ASK = Ask()


class AskKind(ActionKind):
    """The ``ask`` kind (see the module documentation)."""

    action = Ask
    words = ("ask",)
    phases = frozenset({Phase.PLAY})
    rule = "going_out.permission"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if rest:
            raise bad_text(text, "'ask' takes nothing after it")
        return ASK

    def in_variant(self, kit: Kit) -> bool:
        return bool(kit.permission)

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        return (ASK,) if ask_refusal(h) is None else ()

    def refusal(self, h: Hand, a: Action) -> Refusal | None:
        return ask_refusal(h)

    def perform(self, h: Hand, a: Action) -> None:
        p = h._current
        mate = partner(h, p)
        assert mate is not None
        h._asked[p] += 1
        h._permission = "asked"
        h._resume = p
        h._current = mate
        h._phase = Phase.ANSWER
