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
  melds and lay-offs the rules list, :func:`can_go_out`); a player who cannot
  discards as usual and the side pays the scoring's ``permission_penalty``
  (penalty ``"permission"``).

A player asks at most once a turn and ``going_out.asks`` times a hand; the
question and the answer are public (in the history, the position's
``permission`` field and every seat's view).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummykit.engine.kind import Refusal
from rummykit.engine.phase import Phase

if TYPE_CHECKING:
    from rummykit.engine.notation import Action
    from rummykit.engine.state import Hand

__all__ = [
    "SEARCH_LIMIT",
    "ask_refusal",
    "can_go_out",
    "charge",
    "must_go_out",
    "no_out_reason",
    "out_line",
    "partner",
    "reply_refusal",
]

RULE = "going_out.permission"
SEARCH_LIMIT = 300
"""Most positions :func:`out_line` looks at; beyond them the player is taken
to be unable to go out (the discard is allowed, the penalty charged). The
answer depends on the position alone (the search runs in a fixed order)."""

_FOUND: dict[tuple[object, ...], tuple[Action, ...] | None] = {}
"""The answers of :func:`out_line` by position (a function of the position
alone, asked again by the legal list, the refusal and the bots)."""


def _state(x: Hand, p: int) -> tuple[object, ...]:
    """What the plays of seat ``p`` this turn depend on."""
    second = getattr(x, "_second", None)
    return (
        tuple(c.code for c in x._hands[p]),
        tuple(t.text for t in x._table),
        tuple(x._melded),
        x._standing,
        x._must_meld,
        x._taken,
        tuple(c.code for c in second[p]) if second else (),
        tuple(getattr(x, "_second_taken", ())),
    )


def partner(h: Hand, seat: int) -> int | None:
    """The partner ``seat`` asks: the next seat of its side in playing order
    still in the hand (None: it plays alone)."""
    side = h._kit.sides(h._n)[seat]
    if len(side) < 2:
        return None
    for s in h.seats_from(seat)[1:]:
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
        return Refusal(f"seat {p} has no partner to ask (each plays for themselves with {h._n} players)", RULE)
    most = h._v.going_out.asks_per_hand()
    if most and h._asked[p] >= most:
        times = "once" if most == 1 else f"{most} times"
        return Refusal(f"seat {p} may ask permission to go out only {times} in a hand (going_out.asks)", "going_out.asks")
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


def must_go_out(h: Hand) -> bool:
    """The ``yes`` binds: whether the current player must go out, so that a
    discard keeping cards in hand is not legal (told yes, and able to)."""
    return h._permission == "yes" and can_go_out(h)


def can_go_out(h: Hand) -> bool:
    """Whether the current player (in phase play) can go out this turn with
    the plays the rules list (see :func:`out_line`)."""
    return out_line(h) is not None


def out_line(h: Hand) -> tuple[Action, ...] | None:
    """Plays that take the current player (in phase play) out this turn:
    melds and lay-offs the rules list, then the last card melded or
    discarded; None where there are none (searched over at most
    :data:`SEARCH_LIMIT` positions). The plays depend only on the player's
    own hand and the table, so a seat may ask it of a determinization of
    its view (:meth:`rummykit.View.resample`).

    >>> import rummykit as rk
    >>> others = ["4C 4D 5S 6S 8C 9C TC JD QS AH AS", "4H 4S 5D 6C 8D 9D TD JH QH AC AD",
    ...     "5H 6H 8H 9S TS JS QC TH AS 4C 5C"]
    >>> h = rk.new_hand(rk.load_variant("canasta"), players=4, dealer=3, stock="KS", discard="QD",
    ...     hands=["7C 7D 7H 7S 7C 7D 7H KC KD KH 9S", *others])
    >>> h.apply("draw")
    >>> [str(a) for a in out_line(h)]
    ['meld KC KD KH KS + 7C 7C 7D 7D 7H 7H 7S', 'discard 9S']
    """
    from rummykit.engine.actions import legal_actions, perform
    from rummykit.engine.actions.discard import Discard

    if h._phase is not Phase.PLAY:
        return None
    from rummykit.engine.second_hand import waiting as waits
    from rummykit.engine.side_melds import may_empty

    p = h._current
    top = (h._kit, h._n, p, _state(h, p))
    if top in _FOUND:
        return _FOUND[top]
    failed: set[tuple[object, ...]] = set()
    line: list[Action] = []

    def free(x: Hand) -> Hand:
        y = x.clone()
        y._permission = None  # the search plays without the binding (no recursion)
        y._legal = None
        return y

    def search(x: Hand) -> bool:
        if x._phase is Phase.OVER:
            return x._went_out == p
        if x._phase is not Phase.PLAY or x._current != p or len(failed) >= SEARCH_LIMIT:
            return False
        hand = x._hands[p]
        key = _state(x, p)
        if key in failed or (x._kit.side_rank and not may_empty(x, p)):
            failed.add(key)
            return False
        if len(hand) == 1 and not waits(x, p):  # (with a second hand waiting it is picked up instead)
            for a in legal_actions(x, every_arrangement=False):
                if isinstance(a, Discard):
                    line.append(a)
                    return True  # the last card discarded: out
        plays = [
            a
            for a in legal_actions(x, every_arrangement=False)
            if not isinstance(a, Discard) and a.word not in ("ask", "drop", "knock")
        ]
        plays.sort(key=lambda a: -len(a.cards()))  # the biggest plays first: out sooner
        for a in plays:
            y = free(x)
            perform(y, a)
            line.append(a)
            if search(y):
                return True
            line.pop()
        failed.add(key)
        return False

    found = tuple(line) if search(free(h)) else None
    if len(_FOUND) > 512:
        _FOUND.clear()
    _FOUND[top] = found
    return found


def charge(h: Hand, seat: int) -> None:
    """``seat`` ends its turn keeping cards: after a ``yes`` its side pays the
    penalty."""
    if h._permission == "yes":
        h._penalties.append((seat, "permission", None))
