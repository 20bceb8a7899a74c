"""The partner's permission to go out (``going_out.permission = "may-ask"``):
the one rule that the ``ask``, ``yes`` and ``no`` kinds and the plays that
go out share.

After drawing, a player with a partner may ask "May I go out?" (``ask``);
the partner answers out of turn (``yes`` or ``no``, phase ``answer``) and
play returns to the player, bound by the answer for the rest of the turn:

* after a ``no`` no play that goes out is legal: nothing that leaves the
  player fewer than two cards (the last card would be a discard that goes
  out), nor the discard of the last card;
* after a ``yes`` the player must go out: a discard that keeps cards in hand
  is not legal while the player can still go out this turn (a search of the
  melds and lay-offs the rules list,
  :func:`rummykit.engine.out_line.can_go_out`); a player who cannot
  discards as usual and the side pays the scoring's ``permission_penalty``
  (penalty ``"permission"``).

A player asks at most once a turn and ``going_out.asks`` times a hand; the
question and the answer are public (in the history, the position's
``permission`` field and every seat's view).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummykit.engine.kind import Refusal

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = ["RULE", "ask_refusal", "charge", "no_out_reason", "partner", "reply_refusal"]

RULE = "going_out.permission"


def partner(h: Hand, seat: int) -> int | None:
    """The partner ``seat`` asks: the next seat of its side in playing order
    still in the hand (None: it plays alone)."""
    side = h._kit.sides(h._n)[seat]
    if len(side) < 2:
        return None
    for s in h._seats_from(seat)[1:]:
        if s in side and h._dropped[s] is None:
            return s
    return None


def ask_refusal(h: Hand) -> Refusal | None:
    """Why the current player may not ask the partner's permission now."""
    v = h._v
    if not h._kit.permission:
        return Refusal(f"nobody asks permission to go out in {v.name} (going_out.permission)", RULE)
    p = h._current
    if h._claim is not None or h._must_meld is not None:
        return Refusal(f"seat {p} must finish the play it began before asking", RULE)
    if h._permission is not None:
        return Refusal(f"seat {p} has asked this turn already (the answer was {h._permission})", RULE)
    if partner(h, p) is None:
        return Refusal(
            f"seat {p} has no partner to ask (each plays for themselves with {h._n} players)", RULE
        )
    most = h._v.going_out.asks_per_hand()
    if most and h._asked[p] >= most:
        times = "once" if most == 1 else f"{most} times"
        return Refusal(
            f"seat {p} may ask permission to go out only {times} in a hand (going_out.asks)", "going_out.asks"
        )
    return None


def reply_refusal(h: Hand) -> Refusal | None:
    """Why the current player may not answer ``yes`` or ``no`` now."""
    if h._permission != "asked":
        return Refusal("nobody has asked permission to go out", RULE)
    return None


def no_out_reason(h: Hand, seat: int, *, left: int) -> str | None:
    """The ``no`` binds: why a play that leaves ``seat`` ``left`` cards may not
    be made (None: it may)."""
    if left >= 2 or h._permission != "no" or seat != h._current:
        return None
    return f"seat {seat}'s partner said no: seat {seat} may not go out this turn (going_out.permission)"


def charge(h: Hand, seat: int) -> None:
    """``seat`` ends its turn keeping cards: after a ``yes`` its side pays the
    penalty."""
    if h._permission == "yes":
        h._penalties.append((seat, "permission", None))
