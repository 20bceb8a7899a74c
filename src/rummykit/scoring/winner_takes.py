"""Settling the winner-takes family: the winner scores what the losers hold
(``winner-takes``), the losers pay penalty points (``penalty``), each seat
scores its own melds (``own-melds``).
"""

from __future__ import annotations

from rummykit.rules import NoWinner, OwnMelds, Penalty, WinnerTakes
from rummykit.scoring.context import _Ctx
from rummykit.scoring.registry import register_settlement
from rummykit.scoring.values import ScoreUnits, Settlement


@register_settlement(WinnerTakes)
def _winner_takes(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, WinnerTakes)
    w = c.e.went_out

    def count(seat: int) -> int:
        if s.losers_meld:
            d = c.deadwood(seat)
            return c.hand(seat) if d is None else d
        return c.hand(seat)

    if w is None:
        if s.no_winner is NoWinner.NOTHING:
            c.reasons.append("nobody went out: nobody scores")
            return c.done([0] * c.n)
        counts = [count(x) for x in range(c.n)]
        low = min(counts)
        winners = [x for x in range(c.n) if counts[x] == low]
        pot = sum(x - low for x in counts)
        share = pot // len(winners)
        if len(winners) == 1:
            for x in range(c.n):
                c.pay(None, winners[0], counts[x] - low, f"seat {x}'s count above the lowest")
        c.reasons.append(
            f"nobody went out: lowest count {low} takes the differences ({pot}"
            + (
                f", shared by {len(winners)}, {pot - share * len(winners)} not awarded)"
                if len(winners) > 1
                else ")"
            )
        )
        return c.done([share if x in winners else 0 for x in range(c.n)], winners)
    total = 0
    for x in range(c.n):
        if x != w:
            value = count(x)
            total += value
            c.reasons.append(f"seat {x} holds {value}")
            c.pay(None, w, value, f"seat {x}'s cards left in hand")
    if c.e.is_concealed(w) and (s.rummy_multiplier != 1 or s.rummy_bonus):
        before = total
        total = total * s.rummy_multiplier + s.rummy_bonus
        c.reasons.append(f"went rummy: x{s.rummy_multiplier} +{s.rummy_bonus}")
        c.pay(None, w, total - before, "went rummy")
    scores = [0] * c.n
    scores[w] = total
    return c.done(scores, [w])


@register_settlement(Penalty)
def _penalty(c: _Ctx) -> Settlement:
    w = c.e.went_out
    if w is None:
        c.reasons.append("nobody went out: nobody scores")
        return c.done([0] * c.n)
    c.units = ScoreUnits.PENALTY
    scores = [0 if x == w else c.hand(x) for x in range(c.n)]
    for x in range(c.n):
        if x != w:
            c.reasons.append(f"seat {x} takes {scores[x]} penalty points")
            c.pay(None, x, scores[x], "penalty points for the cards left in hand")
    s = c.scoring
    assert isinstance(s, Penalty)
    if (s.blind_bonus or s.blind_no_wild_bonus) and c.e.is_concealed(w):
        deck, wild = c.v.deck, c.e.wild_ranks
        melds = c.melds[w] if w < len(c.melds) else []
        pure = not any(deck.is_wild(card, wild) for m in melds for card in m.cards)
        bonus = s.blind_no_wild_bonus if pure and s.blind_no_wild_bonus else s.blind_bonus
        scores[w] -= bonus
        c.reasons.append(f"seat {w} went out blind{' with no wild card' if pure else ''}: -{bonus}")
        c.pay(None, w, -bonus, "went out blind")
    return c.done(scores, [w])


@register_settlement(OwnMelds)
def _own_melds(c: _Ctx) -> Settlement:
    w = c.e.went_out
    if w is None:
        c.reasons.append("nobody went out: nobody scores")
        return c.done([0] * c.n)
    value = c.table(w)
    scores = [0] * c.n
    scores[w] = value * (c.n - 1)
    for x in range(c.n):
        if x != w:
            c.pay(None, w, value, f"own melds, for opponent seat {x}")
    c.reasons.append(f"own melds worth {value} x {c.n - 1} opponents")
    return c.done(scores, [w])
