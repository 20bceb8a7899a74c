"""Settling ``indian-points`` scoring (Indian Rummy): the losers' points,
capped, with the drop and wrong-declaration penalties.
"""

from __future__ import annotations

from rummykit.cards import Card
from rummykit.melds import MeldKind, best_arrangement, best_declaration
from rummykit.rules import IndianPoints, LoserCount
from rummykit.scoring.context import _Ctx
from rummykit.scoring.registry import register_settlement
from rummykit.scoring.values import ScoreUnits, Settlement, Termination


@register_settlement(IndianPoints)
def _indian(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, IndianPoints)
    points = [0] * c.n
    gone = dict(c.e.dropped)
    for seat, how in c.e.dropped:
        cost = {"first": s.first_drop, "middle": s.middle_drop}.get(how, s.wrong_declaration)
        points[seat] = cost
        c.reasons.append(
            f"seat {seat}: {how} drop {cost}"
            if how != "wrong-declaration"
            else f"seat {seat}: wrong declaration {cost}"
        )
    w = c.e.went_out
    if w is None and c.how is not Termination.DROPPED:
        c.reasons.append("nobody declared: nobody scores")
        return c.done([0] * c.n)
    min_runs, min_pure = c.v.going_out.run_requirement()
    for x in range(c.n):
        if x == w or x in gone:
            continue
        given = c.count(x)
        if given is not None:
            points[x] = min(given, s.cap)
            c.reasons.append(f"seat {x} counts {points[x]}" + (" (capped)" if given > s.cap else ""))
            continue
        cards = c.e.hands[x]
        if s.valid_loser_points and _whole_hand_declares(c, x):
            points[x] = s.valid_loser_points
            c.reasons.append(f"seat {x} also holds a valid declaration: {points[x]}")
            continue
        arr = best_arrangement(
            c.v, cards, wild_ranks=c.e.wild_ranks, min_runs=min_runs, min_pure_runs=min_pure
        )
        if arr is None:
            counted = cards
        elif s.loser_counts is LoserCount.UNGROUPED:
            counted = tuple(arr.deadwood)
        else:
            in_runs = [card for m in arr.melds if m.kind is MeldKind.RUN for card in m.cards]
            rest = list(cards)
            for card in in_runs:
                rest.remove(card)
            counted = tuple(rest)
        value = sum(_indian_value(c, card, s) for card in counted)
        points[x] = min(value, s.cap)
        c.reasons.append(f"seat {x} counts {points[x]}" + (" (capped)" if value > s.cap else ""))
    if w is None:
        left = c.active()
        winners = left if len(left) == 1 else []
    else:
        winners = [w]
    if s.winner_collects and winners:
        c.units = ScoreUnits.CHIPS
        pot = sum(points)
        scores = [-p for p in points]
        scores[winners[0]] += pot
        for x in range(c.n):
            if x != winners[0]:
                c.pay(x, winners[0], points[x], "points lost to the winner")
        return c.done(scores, winners)
    c.units = ScoreUnits.CHIPS if s.winner_collects else ScoreUnits.PENALTY
    for x in range(c.n):
        c.pay(None, x, points[x], "penalty points")
    return c.done(points, winners)


def _whole_hand_declares(c: _Ctx, seat: int) -> bool:
    cards = c.e.hands[seat]
    return bool(cards) and best_declaration(c.v, cards, wild_ranks=c.e.wild_ranks) is not None


def _indian_value(c: _Ctx, card: Card, s: IndianPoints) -> int:
    if card.rank is not None and card.rank in c.e.wild_ranks:
        return s.wild_value
    return c.card(card)
