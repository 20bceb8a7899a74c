"""What ``fight`` and ``fold`` share: the players asked to answer a called
draw, and the step to the next of them or to the showdown.

After a drop that the others answer (``going_out.answers``, Tong-its' call of
a draw), each other player who may fight (a meld of their own on the table;
``going_out.may_fight``) is asked in turn from the caller; a player who may
not is burned and folds without being asked. Once the last has answered, the
hand ends with the showdown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummykit.engine.kind import Refusal
from rummykit.engine.phase import Phase
from rummykit.engine.turn import end_hand
from rummykit.settlement import Termination

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = ["answer_refusal", "ask_answers", "may_fight", "next_answer"]


def may_fight(h: Hand, seat: int) -> bool:
    """Whether ``seat`` may fight a called draw (it is not burned)."""
    exposed = any(t.owner == seat for t in h._table)
    return h._v.going_out.may_fight(exposed=exposed, hand=h._hands[seat])


def ask_answers(h: Hand, caller: int) -> None:
    """``caller`` called a draw: ask the others who may fight, in turn from
    the caller, or end the hand with the showdown when nobody may."""
    h._knocker = caller
    asked = [s for s in h._seats_from(caller)[1:] if h._dropped[s] is None and may_fight(h, s)]
    if not asked:
        end_hand(h, Termination.SHOWDOWN)
        return
    h._phase = Phase.ANSWER
    h._current = asked[0]
    h._claim_queue = asked[1:]


def next_answer(h: Hand) -> None:
    """The current player has answered: the next player asked, or the showdown."""
    if h._claim_queue:
        h._current = h._claim_queue.pop(0)
        return
    end_hand(h, Termination.SHOWDOWN)


def answer_refusal(h: Hand) -> Refusal | None:
    """Why no answer may be given now (the phase being ``answer``)."""
    if not h._kit.answers:
        v = h._v
        return Refusal(f"nobody answers a drop in {v.name} (going_out.answers)", "going_out.answers")
    if h._permission is not None:
        return Refusal("the question is a partner's permission to go out: yes or no", "going_out.permission")
    return None
