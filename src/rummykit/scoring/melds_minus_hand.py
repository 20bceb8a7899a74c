"""Settling ``melds-minus-hand`` scoring (Rummy 500 and its kin): each seat
scores its melds less the cards left in its hand.
"""

from __future__ import annotations

from rummykit.rules import MeldsMinusHand
from rummykit.scoring.context import _Ctx
from rummykit.scoring.registry import register_settlement
from rummykit.scoring.values import Settlement


@register_settlement(MeldsMinusHand)
def _melds_minus_hand(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, MeldsMinusHand)
    w = c.e.went_out
    scores: list[int] = []
    for x in range(c.n):
        shown, held = c.table(x), c.hand(x)
        score = shown - held
        c.pay(None, x, shown, "melds on the table")
        c.pay(x, None, held, "cards left in hand")
        bonus = s.out_bonus if x == w else 0
        if s.multiplier_includes_bonus:
            score += bonus
        if c.e.is_concealed(x) and s.never_melded_multiplier != 1:
            score *= s.never_melded_multiplier
            c.reasons.append(
                f"seat {x} displayed no meld before the final turn: x{s.never_melded_multiplier}"
            )
        if not s.multiplier_includes_bonus:
            score += bonus
        if bonus:
            c.reasons.append(f"seat {x} went out: +{bonus}")
            c.pay(None, x, bonus, "going out")
        if c.e.is_concealed(x) and s.never_melded_multiplier != 1:
            c.pay(None, x, score - (shown - held) - bonus, "displayed no meld before the final turn")
        c.reasons.append(f"seat {x}: melds {shown} - hand {held}")
        scores.append(score)
    if w is not None and c.e.fed_by is not None and s.last_discard_penalty:
        scores[c.e.fed_by] -= s.last_discard_penalty
        c.pay(c.e.fed_by, None, s.last_discard_penalty, "fed the winning discard")
        c.reasons.append(f"seat {c.e.fed_by} fed the winning discard: -{s.last_discard_penalty}")
    for seat, what, _ in c.e.penalties:
        if what == "playable-discard" and s.playable_discard_penalty:
            scores[seat] -= s.playable_discard_penalty
            c.pay(seat, None, s.playable_discard_penalty, "discarded a playable card")
            c.reasons.append(f"seat {seat} discarded a playable card: -{s.playable_discard_penalty}")
    if w is not None:
        winners = [w]
    else:
        best = max(scores)
        winners = [x for x in range(c.n) if scores[x] == best]
    return c.done(scores, winners)
