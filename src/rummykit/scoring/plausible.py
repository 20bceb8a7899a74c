"""Refusing an :class:`~rummykit.Ending` that cannot happen in its variant:
more copies of a card than the deck holds, an unknown seat, a count no hand
can reach, a way of ending the variant does not have.
"""

from __future__ import annotations

from collections import Counter

from rummykit.caches import register_store
from rummykit.cards import Card, parse_cards
from rummykit.errors import NotationError
from rummykit.melds import Meld
from rummykit.scoring.values import Ending, Termination, _bad
from rummykit.variant import Variant

_SHOES: dict[tuple[int, int], tuple[Variant, tuple[Counter[Card], int, int, int]]] = {}


register_store("scoring.shoes", _SHOES)


def _shoe_facts(v: Variant, n: int) -> tuple[Counter[Card], int, int, int]:
    """The shoe of ``v`` for ``n`` players (card counts), its value, its
    number of cards and of jokers: the same for every hand of the variant, so
    kept (a simulation settles thousands of hands; the caller must not change
    the counter)."""
    found = _SHOES.get((id(v), n))
    if found is None or found[0] is not v:
        if len(_SHOES) > 64:
            _SHOES.clear()
        shoe = Counter(v.deck.shoe(n))
        top = sum(v.scoring.card_value(c) * k for c, k in shoe.items())
        jokers = sum(k for c, k in shoe.items() if c.is_joker)
        found = _SHOES[(id(v), n)] = (v, (shoe, top, sum(shoe.values()), jokers))
    return found[1]


def _check_possible(v: Variant, e: Ending) -> None:
    """Raise when ``e`` cannot be an ending of ``v`` (see :func:`settle`)."""
    n = e.players
    if n not in v.players.counts():
        raise _bad(f"{n} seats, but {v.name} is played by {v.players.min} to {v.players.max} players")
    shoe, top, cards, jokers = _shoe_facts(v, n)
    seen: Counter[Card] = Counter()
    for hand in e.hands:
        seen.update(hand)
    for laid in e.laid_out:
        seen.update(laid)
    for second in e.second_hands:
        seen.update(second)
    for shown in e.melds:
        for m in shown:
            if isinstance(m, Meld):
                seen.update(m.cards)
            else:
                try:
                    seen.update(Meld.parse(m).cards)
                except NotationError:
                    seen.update(parse_cards(m))
    for card, k in sorted(seen.items(), key=lambda x: x[0].code):
        if k > shoe[card]:
            raise _bad(f"{k} x {card}, but the deck of {v.name} for {n} players holds {shoe[card]}")
    fixed = v.deck.wild_ranks_for(None)
    extra = e.wild_ranks - fixed
    if extra and (not v.deck.cuts_wild() or len(extra) > 1):
        ranks = " ".join(sorted(str(r) for r in extra))
        raise _bad(f"wild ranks {ranks}: the deck of {v.name} makes no such rank wild")
    for name in ("counts", "meld_totals"):
        for seat, x in enumerate(getattr(e, name)):
            if x is not None and x > top:
                raise _bad(f"{name}[{seat}] = {x} is more than the whole deck is worth ({top})")
    for name in ("joker_counts", "wild_counts"):
        for seat, x in enumerate(getattr(e, name)):
            if x is not None and x > cards:
                raise _bad(f"{name}[{seat}] = {x} is more than the deck's {cards} cards")
    if jokers == 0:
        for seat, x in enumerate(e.joker_counts):
            if x:
                raise _bad(f"joker_counts[{seat}] = {x}, but the deck of {v.name} has no jokers")
    how = e.how
    gone = {s for s, _ in e.dropped}
    for name in ("went_out", "knocker"):
        seat = getattr(e, name)
        if seat is not None and seat in gone:
            raise _bad(f"{name} = {seat}, but seat {seat} dropped out of the hand")
    if len(gone) >= n:
        raise _bad("every seat dropped: somebody must be left in the hand")
    if how in (Termination.KNOCK, Termination.GIN):
        if e.knocker is None and e.went_out is None:
            raise _bad(f"how = {how.value!r} needs the knocker")
        if v.going_out.knock_limit(upcard_value=None) is None:
            raise _bad(f"a hand of {v.name} does not end by a knock (going_out {v.going_out.kind})")
    elif how is Termination.SHOWDOWN:
        if e.knocker is None:
            raise _bad("how = 'showdown' needs the seat that dropped (knocker)")
        if not v.going_out.drop_ends_hand():
            raise _bad(f"a hand of {v.name} does not end by a drop (going_out {v.going_out.kind})")
    elif e.knocker is not None:
        raise _bad(f"knocker = {e.knocker}, but the hand ended by {how.value if how else 'nothing'}")
    if how in (Termination.WENT_OUT, Termination.DECLARED):
        w = e.went_out
        if w is None:
            raise _bad(f"how = {how.value!r} needs the seat that went out (went_out)")
        if e.hands[w] and not (e.counts and e.counts[w] is not None):
            left = " ".join(map(str, e.hands[w]))
            raise _bad(f"seat {w} went out but still holds {left}")
        if e.counts and e.counts[w]:
            raise _bad(f"seat {w} went out but counts {e.counts[w]} in hand")
        side = v.players.side_of(n, w) if v.second_hand.per_side() else (w,)
        if any(e.second_unplayed(x) for x in side):
            raise _bad(f"seat {w} went out, but the second hand waiting for it was never picked up")
    if (e.second_hands or e.second_left) and not v.second_hand.dealt():
        raise _bad(f"second hands are given, but {v.name} deals none ([second_hand] kind none)")
    ended = (Termination.STOCK_EXHAUSTED, Termination.SHOWING, Termination.TURN_LIMIT, Termination.SHOWDOWN)
    if how in ended and e.went_out is not None:
        raise _bad(f"went_out = {e.went_out}, but the hand ended by {how.value}")
    folded = [s for s, why in e.dropped if why == "fold"]
    if folded and (how is not Termination.SHOWDOWN or not v.going_out.answers_draw()):
        raise _bad(
            f"seat {folded[0]} folded, but only a called draw that the others answer is folded against"
            f" (how = 'showdown' and going_out.answers in {v.name})"
        )
    if how is Termination.DROPPED and len(gone) != n - 1:
        raise _bad(f"how = 'dropped' needs every seat but one dropped ({len(gone)} of {n} dropped)")
