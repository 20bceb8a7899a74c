"""Settling ``payments`` scoring (Continental and its kin): each loser pays
the seat that went out.
"""

from __future__ import annotations

from rummykit.rules import Payments
from rummykit.scoring.context import _Ctx
from rummykit.scoring.registry import register_settlement
from rummykit.scoring.values import ScoreUnits, Settlement


@register_settlement(Payments)
def _payments(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, Payments)
    c.units = ScoreUnits.CHIPS
    w = c.e.went_out
    if w is None:
        c.reasons.append("nobody went out: nobody pays")
        return c.done([0] * c.n)
    jokers = wilds = 0
    suits = set()
    for m in c.melds[w]:
        for card, rep in zip(m.cards, m.represents, strict=True):
            if card.is_joker:
                jokers += 1
            elif card != rep:
                wilds += 1
            suits.add(rep.suit)
    for card in c.e.hands[w]:
        suits.add(card.suit)
    if c.e.joker_counts and c.e.joker_counts[w] is not None:
        jokers = c.e.joker_counts[w] or 0
    if c.e.wild_counts and c.e.wild_counts[w] is not None:
        wilds = c.e.wild_counts[w] or 0
    pay = s.base + s.per_joker * jokers + s.per_wild * wilds
    c.reasons.append(
        f"each opponent pays {s.base} + {s.per_joker} x {jokers} jokers + {s.per_wild} x {wilds} wilds"
    )
    if not jokers and not wilds and s.no_wild_bonus:
        pay += s.no_wild_bonus
        c.reasons.append(f"no wild used: +{s.no_wild_bonus}")
    if c.e.draws == 0 and s.no_draw_bonus:
        pay += s.no_draw_bonus
        c.reasons.append(f"out before drawing: +{s.no_draw_bonus}")
    if c.e.draws == 1 and s.one_draw_bonus:
        pay += s.one_draw_bonus
        c.reasons.append(f"out after one draw: +{s.one_draw_bonus}")
    if len(suits) == 1 and s.one_suit_bonus:
        pay += s.one_suit_bonus
        c.reasons.append(f"all one suit: +{s.one_suit_bonus}")
    scores = [-pay] * c.n
    scores[w] = pay * (c.n - 1)
    for x in range(c.n):
        if x != w:
            c.pay(x, w, pay, "paid to the seat that went out")
    return c.done(scores, [w])
