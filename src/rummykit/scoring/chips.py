"""Settling ``chips`` scoring (Phỏm): chips paid by finishing order, with the
penalties for eaten discards.
"""

from __future__ import annotations

from rummykit.melds import best_arrangement
from rummykit.rules import Chips
from rummykit.rules.scoring import ChipsTie
from rummykit.scoring.context import _Ctx
from rummykit.scoring.registry import register_settlement
from rummykit.scoring.values import ScoreUnits, Settlement


@register_settlement(Chips)
def _chips(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, Chips)
    c.units = ScoreUnits.CHIPS
    scores = [0] * c.n
    w = c.e.went_out
    order = c.seat_order()
    if s.tie_break is ChipsTie.DEALER_LEFT and c.e.dealer is not None:
        # [S2]: "the player who is closest to the dealer in a clockwise
        # rotation": the dealer's left first (clockwise is seat + 1), the
        # dealer last, whatever the direction of play.
        order = [(c.e.dealer + i) % c.n for i in range(1, c.n + 1)]
    if w is not None:
        pay = s.out_pay if c.e.final_discard else s.out_no_discard_pay
        fed = [seat for seat, what, to in c.e.penalties if what == "eaten" and to == w]
        feeder = next((x for x in set(fed) if fed.count(x) >= 3), None) if s.feeder_pays_all else None
        for x in range(c.n):
            if x == w:
                continue
            payer = feeder if feeder is not None else x
            scores[payer] -= pay
            scores[w] += pay
            c.pay(payer, w, pay, "ù" if payer == x else f"ù, for seat {x}")
        c.reasons.append(
            f"ù: {pay} from each opponent" + (f", all paid by seat {feeder}" if feeder is not None else "")
        )
        winners = [w]
    else:
        trash = {}
        mom = set()
        for x in range(c.n):
            cards = c.e.hands[x]
            arr = best_arrangement(c.v, cards, wild_ranks=c.e.wild_ranks) if cards else None
            given = c.count(x)
            if given is not None:
                trash[x] = given
            else:
                trash[x] = sum(c.card(card) for card in (arr.deadwood if arr is not None else cards))
            if not c.melds[x] and (arr is None or not arr.melds):
                mom.add(x)
        ranked = [x for x in sorted(order, key=lambda x: (trash[x], order.index(x))) if x not in mom]
        winners = ranked[:1] or [order[0]]
        win = winners[0]
        for place, x in enumerate(ranked[1:]):
            pay = s.place_pays[min(place, len(s.place_pays) - 1)] if s.place_pays else 0
            scores[x] -= pay
            scores[win] += pay
            c.pay(x, win, pay, f"place {place + 2}")
        for x in mom:
            if x == win:
                continue
            scores[x] -= s.no_meld_pay
            scores[win] += s.no_meld_pay
            c.pay(x, win, s.no_meld_pay, "no meld (móm)")
            c.reasons.append(f"seat {x} has no meld (móm): pays {s.no_meld_pay}")
        c.reasons.append("trash " + ", ".join(f"seat {x}: {trash[x]}" for x in range(c.n)))
    if s.eaten_pay:
        for seat, what, to in c.e.penalties:
            if what == "eaten" and to is not None:
                scores[seat] -= s.eaten_pay
                scores[to] += s.eaten_pay
                c.pay(seat, to, s.eaten_pay, "discard eaten")
                c.reasons.append(f"seat {seat}'s discard was eaten by seat {to}: pays {s.eaten_pay}")
    return c.done(scores, winners)
