"""Settling a hand of a showdown game (the ``stakes`` scoring kind: Tonk).

The count of a hand is every card left in it (spreads count only once laid
on the table). By the way the hand ended:

* went out with a final discard: each other player pays ``out_pay``; with no
  final discard (a tonk): ``tonk_pay``;
* a drop (``showdown``, the dropper is ``knocker``): a dropper with the
  strictly lowest count collects ``drop_pay`` from each other player; else the
  dropper is caught and pays ``caught_pay`` as ``caught`` says;
* the stock ran out: a strictly lowest count collects ``out_pay`` from each
  other player; a tie for lowest pays nothing;
* a dealt hand that wins at once (``dealt``): ``dealt_pay`` from each other
  player; several dealt winners: no payment.

>>> import rummykit as rk
>>> tonk = rk.load_variant("tonk")
>>> rk.settle(tonk, rk.Ending(how="showdown", knocker=0, hands=["2C 3D", "KS", "9H AS"])).scores
(2, -1, -1)
>>> rk.settle(tonk, rk.Ending(how="showdown", knocker=0, counts=[12, 3, 20])).scores
(-1, 1, 0)
"""

from __future__ import annotations

from rummykit.rules.showdown import Caught, DrawChips, Stakes, StockTie
from rummykit.scoring.context import _Ctx
from rummykit.scoring.registry import register_settlement
from rummykit.scoring.values import ScoreUnits, Settlement, Termination


def _collect(c: _Ctx, scores: list[int], winner: int, amount: int, why: str) -> None:
    for x in range(c.n):
        if x != winner and amount:
            scores[x] -= amount
            scores[winner] += amount
            c.pay(x, winner, amount, why)


@register_settlement(Stakes)
def _stakes(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, Stakes)
    c.units = ScoreUnits.CHIPS
    scores = [0] * c.n
    how = c.how
    e = c.e
    if how is Termination.DEALT:
        w = e.went_out
        if w is None:
            c.reasons.append("several players were dealt a winning total: no payment")
            return c.done(scores)
        c.reasons.append(f"seat {w} was dealt {c.hand(w)}: each other player pays {s.dealt_pay}")
        _collect(c, scores, w, s.dealt_pay, "dealt a winning hand")
        return c.done(scores, [w])
    if how is Termination.WENT_OUT:
        w = e.went_out
        assert w is not None  # checked by settle
        pay = s.out_pay if e.final_discard else s.tonk_pay
        what = "went out with a discard" if e.final_discard else "went out with no discard (tonk)"
        c.reasons.append(f"seat {w} {what}: each other player pays {pay}")
        _collect(c, scores, w, pay, what)
        return c.done(scores, [w])
    counts = [c.hand(x) for x in range(c.n)]
    c.reasons.append("counts " + ", ".join(f"seat {x}: {counts[x]}" for x in range(c.n)))
    low = min(counts)
    lowest = [x for x in range(c.n) if counts[x] == low]
    if how is Termination.SHOWDOWN:
        d = e.knocker
        assert d is not None  # checked by settle
        if lowest == [d]:
            c.reasons.append(f"seat {d} dropped with the lowest count: each other player pays {s.drop_pay}")
            _collect(c, scores, d, s.drop_pay, "dropped with the lowest count")
            return c.done(scores, [d])
        mine = counts[d]
        if s.caught is Caught.LOWEST_FOR_ALL:
            w = next(x for x in c.seat_order() if x in lowest and x != d)
            amount = s.caught_pay * (c.n - 1)
            scores[d] -= amount
            scores[w] += amount
            c.pay(d, w, amount, "caught dropping: the stake of every player")
            c.reasons.append(f"seat {d} dropped without the lowest count: pays {amount} to seat {w}")
            return c.done(scores, [w])
        if s.caught is Caught.EQUAL_OR_FEWER:
            payees = [x for x in range(c.n) if x != d and counts[x] <= mine]
        else:
            payees = [x for x in range(c.n) if x != d and counts[x] < mine]
        for x in payees:
            scores[d] -= s.caught_pay
            scores[x] += s.caught_pay
            c.pay(d, x, s.caught_pay, "caught dropping")
        c.reasons.append(
            f"seat {d} dropped without the lowest count: pays {s.caught_pay} to "
            + (", ".join(f"seat {x}" for x in payees) or "nobody")
        )
        return c.done(scores, [x for x in lowest if x != d])
    # the stock ran out
    if len(lowest) == 1:
        w = lowest[0]
        c.reasons.append(
            f"the stock ran out: seat {w} has the lowest count and collects {s.out_pay} from each"
        )
        _collect(c, scores, w, s.out_pay, "lowest count when the stock ran out")
        return c.done(scores, [w])
    c.reasons.append("the stock ran out with a tie for the lowest count: no payment")
    return c.done(scores)


def _burned(c: _Ctx, seat: int) -> bool:
    """Whether the seat may not fight (``going_out.may_fight``): no meld of
    its own on the table (nor, where the rules allow it, a secret in hand)."""
    return not c.v.going_out.may_fight(exposed=bool(c.melds[seat]), hand=c.e.hands[seat])


def _stock_order(c: _Ctx, s: DrawChips) -> list[int]:
    """The seats in the order a tie for the lowest count at the stock's end
    goes by (``stock_tie``)."""
    order = c.seat_order()
    last = c.e.last_draw
    if s.stock_tie is StockTie.LAST_DRAW and last is not None and last in order:
        at = order.index(last)
        return [order[(at - i) % len(order)] for i in range(len(order))]
    return order


@register_settlement(DrawChips)
def _draw_chips(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, DrawChips)
    c.units = ScoreUnits.CHIPS
    scores = [0] * c.n
    e = c.e
    burned = [_burned(c, x) for x in range(c.n)]
    folded = {x for x, why in e.dropped if why == "fold"}
    if any(burned):
        c.reasons.append("burned: " + ", ".join(f"seat {x}" for x in range(c.n) if burned[x]))
    fought: set[int] = set()
    if c.how is Termination.WENT_OUT:
        w = e.went_out
        assert w is not None  # checked by settle
        base = s.tongits_pay
        c.reasons.append(f"seat {w} went out (tongits)")
    else:
        counts = [c.deadwood(x) or 0 for x in range(c.n)]
        c.reasons.append("counts " + ", ".join(f"seat {x}: {counts[x]}" for x in range(c.n)))
        order = c.seat_order()
        if c.how is Termination.SHOWDOWN:
            caller = e.knocker
            assert caller is not None  # checked by settle
            at = order.index(caller) if caller in order else 0
            after = [x for x in order[at + 1 :] + order[:at] if x != caller]
            fighters = [x for x in after if not burned[x] and x not in folded]
            fought = {caller, *fighters}
            # ties go to a challenger before the caller, and among challengers
            # to the first in turn order after the caller
            ranked = [*fighters, caller]
            w = min(ranked, key=lambda x: (counts[x], ranked.index(x)))
            gave_up = [x for x in after if x in folded]
            c.reasons.append(
                f"seat {caller} called a draw; "
                + (", ".join(f"seat {x}" for x in fighters) + " fought" if fighters else "nobody fought")
                + ("; " + ", ".join(f"seat {x}" for x in gave_up) + " folded" if gave_up else "")
            )
        else:
            tie_order = _stock_order(c, s)
            live = [x for x in tie_order if not burned[x]] or tie_order
            w = min(live, key=lambda x: (counts[x], live.index(x)))
            c.reasons.append("the stock ran out: the lowest count wins")
        base = s.win_pay
    for x in range(c.n):
        if x == w:
            continue
        pay = s.ante + (s.fight_pay if x in fought else base)
        if burned[x]:
            pay += s.burned_pay
        scores[x] -= pay
        scores[w] += pay
        why = " (folded)" if x in folded else " (burned)" if burned[x] else ""
        c.pay(x, w, pay, "lost the hand" + why)
    c.reasons.append(f"seat {w} wins the hand")
    return c.done(scores, [w])
