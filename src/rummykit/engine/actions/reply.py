"""``yes`` and ``no``: out of turn, answer the partner's "May I go out?"
(Canasta).

Asked by ``ask`` (phase ``answer``): the answer goes back to the asker, whose
turn goes on bound by it: after ``yes`` the asker must go out, after ``no``
the asker may not (see :mod:`rummykit.engine.permission`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.engine.kind import ActionKind, Refusal
from rummykit.engine.notation import Action, bad_text
from rummykit.engine.permission import reply_refusal
from rummykit.engine.phase import Phase

if TYPE_CHECKING:
    from rummykit.engine.meld_memo import Kit
    from rummykit.engine.state import Hand

__all__ = ["NO", "YES", "No", "NoKind", "Reply", "Yes", "YesKind"]


class Reply(Action):
    """Base of the two answers to the partner's question."""

    __slots__ = ()
    yes = False

    def __str__(self) -> str:
        return self.word


@attrs.frozen(repr=False, cache_hash=True)
class Yes(Reply):
    """Answer yes: the partner must go out this turn."""

    word = "yes"
    order = 34
    yes = True


@attrs.frozen(repr=False, cache_hash=True)
class No(Reply):
    """Answer no: the partner may not go out this turn."""

    word = "no"
    order = 35


YES = Yes()
NO = No()


class _ReplyKind(ActionKind):
    """What the ``yes`` and ``no`` kinds share (see the module documentation)."""

    answer: Reply
    phases = frozenset({Phase.ANSWER})
    rule = "going_out.permission"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if rest:
            raise bad_text(text, f"{word!r} takes nothing after it")
        return self.answer

    def in_variant(self, kit: Kit) -> bool:
        return bool(kit.permission)

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        return (self.answer,) if reply_refusal(h) is None else ()

    def refusal(self, h: Hand, a: Action) -> Refusal | None:
        return reply_refusal(h)

    def perform(self, h: Hand, a: Action) -> None:
        h._permission = "yes" if self.answer.yes else "no"
        h._current = h._resume
        h._phase = Phase.PLAY


class YesKind(_ReplyKind):
    """The ``yes`` kind."""

    action = Yes
    words = ("yes",)
    answer = YES


class NoKind(_ReplyKind):
    """The ``no`` kind."""

    action = No
    words = ("no",)
    answer = NO
