"""Turns: starting one, ending the hand, the stock turned over, going out
once the last card is played. Every action kind's effect ends in these.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from rummykit.engine.conditions import stock_drawable
from rummykit.engine.phase import Phase
from rummykit.rules.stock import WhenEmpty
from rummykit.settlement import Termination

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

# enum members as module constants: a lookup through the class is slow in Python 3.11
_DRAW = Phase.DRAW
_OFFER = Phase.OFFER
_OVER = Phase.OVER
_PLAY = Phase.PLAY
_TERMINATION_DEALT = Termination.DEALT
_TERMINATION_DROPPED = Termination.DROPPED
_TERMINATION_STOCK_EXHAUSTED = Termination.STOCK_EXHAUSTED
_TERMINATION_TURN_LIMIT = Termination.TURN_LIMIT
_TERMINATION_WENT_OUT = Termination.WENT_OUT
_WHENEMPTY_END = WhenEmpty.END
_WHENEMPTY_REUSE = WhenEmpty.REUSE


__all__ = ["after_leaving", "begin_turn", "check_out", "end_hand", "shown", "starting_phase", "turn_over"]


def shown(h: Hand, p: int) -> None:
    """Seat ``p`` put cards on the table this turn."""
    h._played_this_turn = True
    if h._first_shown[p] is None:
        h._first_shown[p] = h._own_turns[p]


def check_out(h: Hand) -> None:
    """End the hand if the current player has just played their last card."""
    p = h._current
    if not h._hands[p] and h._phase is _PLAY and h._kit.second_hand:
        pick_up_second(h, p)  # where one waits: the player plays on with it
    if not h._hands[p] and h._phase is _PLAY:
        h._final_discard = False
        end_hand(h, _TERMINATION_WENT_OUT, went_out=p)


def pick_up_second(h: Hand, p: int, *, by_discard: bool = False) -> None:
    """Seat ``p`` has played out its hand: it picks up the second hand waiting
    for it, if any (a foot, a morto), its red threes laid out and replaced
    where the melds rule says so. ``by_discard``: the hand was emptied by
    the discard (where ``second_hand.untaken_until_played``, the second hand
    counts as picked up from ``p``'s next turn)."""
    from rummykit.engine.second_hand import pick_up, waiting

    if not waiting(h, p):
        return
    pick_up(h, p)
    if by_discard and h._v.second_hand.taken_once_played():
        h._second_unplayed[p] = True
    if h._kit.side_rank:
        from rummykit.engine.side_melds import lay_out_red_threes

        lay_out_red_threes(h, p, replace=True)


def after_leaving(h: Hand, p: int) -> None:
    """Seat ``p`` left the hand: the next seat plays, or the hand ends."""
    left = h.active_seats()
    if len(left) <= 1:
        end_hand(h, _TERMINATION_DROPPED, went_out=None)
        return
    begin_turn(h, h._next_seat(p))


def begin_turn(h: Hand, seat: int, *, draws: bool = True) -> None:
    """Start ``seat``'s turn (or end the hand when the limits say so)."""
    _start_turn(h, seat, draws=draws)
    if h._second_unplayed[seat] and h._phase is not _OVER:
        h._second_unplayed[seat] = False  # its turn reached: the second hand counts as picked up


def _start_turn(h: Hand, seat: int, *, draws: bool) -> None:
    v = h._v
    h._turns += 1
    if h._turns > v.limits.max_turns:
        end_hand(h, _TERMINATION_TURN_LIMIT)
        return
    h._current = seat
    h._own_turns[seat] += 1
    h._taken = None
    h._took_top = None
    h._melds_this_turn = 0
    h._played_this_turn = False
    h._must_meld = None
    h._claim = None
    h._permission = None
    if not draws:
        h._phase = _PLAY
        return
    h._phase = _DRAW
    if stock_drawable(h):
        return
    if h._kit.second_hand and v.second_hand.to_stock():
        from rummykit.engine.second_hand import to_stock

        if to_stock(h, seat) and stock_drawable(h):
            return
    when = v.stock.when_empty(reuses=h._reuses)
    if when is _WHENEMPTY_END:
        end_hand(h, _TERMINATION_STOCK_EXHAUSTED)
        return
    if when is _WHENEMPTY_REUSE:
        # "If the stock pile has run out and the next player does not want to
        # take the discard, the discard pile is turned over" [S1]: the player
        # may still take the top discard; ``draw`` turns the pile over first
        # (_turn_over). The size of the new stock does not depend on a shuffle.
        new_stock, _ = v.stock.rebuild(list(h._pile), random.Random(0))
        if len(new_stock) + len(h._stock) <= v.stock.reserve_cards():
            end_hand(h, _TERMINATION_STOCK_EXHAUSTED)
        return
    # DECLINE / PASS: the player may take from the pile or pass; nothing to
    # take and nothing to draw leaves only "pass".


def turn_over(h: Hand) -> None:
    """The stock is out and the player draws: the discard pile (all of it, or
    all but the cards the stock rule keeps) becomes the new stock."""
    new_stock, keep = h._v.stock.rebuild(list(h._pile), h._rng)
    h._reuses += 1
    kept = len(keep)
    h._pile_from = h._pile_from[len(h._pile_from) - kept :] if kept else []
    h._pile = list(keep)
    h._stock = list(reversed(new_stock)) + h._stock


def end_hand(h: Hand, how: Termination, *, went_out: int | None = None) -> None:
    """End the hand."""
    h._phase = _OVER
    h._how = how
    h._went_out = went_out
    if went_out is not None and h._took_top is not None and h._draws[went_out] and h._took_top != went_out:
        h._fed_by = h._took_top
    h._legal = ()


def starting_phase(h: Hand) -> None:
    """Set up the first turn after the deal."""
    v = h._v
    h._turns = 0
    if h._kit.side_rank:
        from rummykit.engine.side_melds import at_deal

        at_deal(h)
    dealt = v.scoring.dealt_winners([sum(h._kit.values[c.code] for c in hand) for hand in h._hands])
    if dealt:
        end_hand(h, _TERMINATION_DEALT, went_out=dealt[0] if len(dealt) == 1 else None)
        return
    if v.draw.offers_upcard() and h._pile:
        h._turns = 1
        h._current = h._starter
        h._own_turns[h._starter] = 1
        h._offer_stage = 0
        h._phase = _OFFER
        return
    begin_turn(h, h._starter, draws=v.deal.starter_draws())
