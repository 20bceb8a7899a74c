"""Describing a finished hand as an :class:`~rummykit.Ending` for settlement."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummykit.melds import Meld
from rummykit.rules.stock import WhenEmpty
from rummykit.settlement import Ending, LaidOff, Termination

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = ["build_ending"]


def build_ending(h: Hand) -> Ending:
    """Everything :func:`rummykit.settle` needs about the finished hand ``h``."""
    melds: list[list[Meld]] = [[] for _ in range(h._n)]
    index: list[tuple[int, int]] = []
    for t in h._table:
        index.append((t.owner, len(melds[t.owner])))
        melds[t.owner].append(t.meld)
    laid: list[LaidOff] = []
    for i, t in enumerate(h._table):
        owner, j = index[i]
        for card, layer in t.laid:
            laid.append(LaidOff(card, layer, owner, j))
    # Nothing displayed "except possibly in the final turn" [S5]: the turn in
    # which the hand ended, played by h._current; a loser who showed melds on
    # their own last turn before that did display them.
    last = h._current
    concealed = tuple(
        h._first_shown[s] is None or (s == last and h._first_shown[s] == h._own_turns[s]) for s in range(h._n)
    )
    dropped = tuple((s, how) for s, how in enumerate(h._dropped) if how is not None)
    went_out = h._went_out
    how = h._how or Termination.TURN_LIMIT
    if how is Termination.DROPPED:
        left = h.active_seats()
        went_out = left[0] if len(left) == 1 else None
    last_draw = None
    if how is Termination.STOCK_EXHAUSTED and h._v.stock.when_empty(reuses=h._reuses) is WhenEmpty.END:
        # the stock rule ended the hand as the next turn began: the player
        # before took the stock's last card
        last_draw = next((s for s in reversed(h._seats_from(h._current)[1:]) if h._dropped[s] is None), None)
    hands = [tuple(x) for x in h._hands]
    second = [tuple(x) for x in h._second]
    for s in range(h._n):
        if h._second_unplayed[s]:
            # picked up by the discard, the hand over before the taker's next
            # turn: counted as never picked up (second_hand.untaken_until_played)
            holder = min(h._kit.sides(h._n)[s]) if h._v.second_hand.per_side() else s
            second[holder], hands[s] = hands[s], ()
    return Ending(
        how=how,
        hands=hands,
        melds=melds,
        laid_off=tuple(laid),
        went_out=went_out,
        knocker=h._knocker,
        final_discard=h._final_discard,
        concealed=concealed,
        fed_by=h._fed_by,
        penalties=tuple(h._penalties),
        dropped=dropped,
        wild_ranks=h._wild,
        draws=h._draws[went_out] if went_out is not None else -1,
        order=tuple(h._seats_from(h._starter)),
        dealer=h._dealer,
        upcard=h._upcard,
        laid_out=[tuple(b) for b in h._bonus] if any(h._bonus) else (),
        second_hands=second if any(second) else (),
        second_left=[0 if x else None for x in h._second_stocked] if any(h._second_stocked) else (),
        last_draw=last_draw,
    )
