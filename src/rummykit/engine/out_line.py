"""The plays that take the current player out this turn (:func:`out_line`),
searched over the melds and lay-offs the rules list: what binds a player told
``yes`` by the partner (:mod:`rummykit.engine.permission`) and what a bot asks
before asking.

The search lists and plays through the hand's own methods, so this module,
which the discard kind asks, imports no action kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummykit.engine.phase import Phase

if TYPE_CHECKING:
    from rummykit.engine.notation import Action
    from rummykit.engine.state import Hand

__all__ = ["SEARCH_LIMIT", "can_go_out", "must_go_out", "out_line"]

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
        tuple(getattr(x, "_second_unplayed", ())),
        tuple(getattr(x, "_second_stocked", ())),
    )


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
        if x._permission is None:  # the same state: the same (brief) list
            y._legal, y._legal_brief = x._legal, x._legal_brief
        else:
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
            for a in x.legal_actions(every_arrangement=False):
                if a.word == "discard":
                    line.append(a)
                    return True  # the last card discarded: out
        plays = [
            a
            for a in x.legal_actions(every_arrangement=False)
            if a.word not in ("discard", "ask", "drop", "knock")
        ]
        plays.sort(key=lambda a: -len(a.cards()))  # the biggest plays first: out sooner
        for a in plays:
            y = free(x)
            y.apply(a)
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
