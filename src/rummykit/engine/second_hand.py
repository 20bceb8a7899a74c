"""The second hand in play (the variant's ``second_hand`` component): a foot
per seat, or a morto per side, dealt face down and picked up when the first
hand is played out.

A hand stores each second hand at the seat that holds it (its own seat for
a foot, the first seat of the side for a morto) until it is picked up; who
has picked one up is public (``second_taken``). A seat for which a second
hand waits does not go out when its hand is empty: it picks the second
hand up, at once and playing on where it melded or laid off its last card
(``second_hand.direct``), for its next turn where it discarded it
(``second_hand.indirect``).

>>> import rummykit as rk
>>> v = rk.load_variant("hand-and-foot")
>>> h = rk.new_hand(v, players=4, seed=1)
>>> h.second_counts, h.second_taken
((13, 13, 13, 13), (False, False, False, False))
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING

from rummykit.cards import Card

if TYPE_CHECKING:
    from rummykit.engine.state import Hand
    from rummykit.variant import Variant

_CODE = attrgetter("code")

__all__ = ["holders", "pick_up", "pickup_reason", "sizes", "to_stock", "waiting", "waiting_holder"]


def holders(v: Variant, players: int) -> tuple[int, ...]:
    """The seats that are dealt a second hand: every seat (one per seat), or
    the first seat of each side (one per side); none without one."""
    rule = v.second_hand
    if not rule.dealt():
        return ()
    if not rule.per_side():
        return tuple(range(players))
    firsts = sorted({min(v.players.side_of(players, s)) for s in range(players)})
    return tuple(firsts)


def sizes(v: Variant, players: int) -> list[int]:
    """Per seat, the cards of the second hand dealt to it (0: none)."""
    out = [0] * players
    size = v.second_hand.size_for(players) if v.second_hand.dealt() else 0
    for s in holders(v, players):
        out[s] = size
    return out


def waiting_holder(h: Hand, seat: int) -> int | None:
    """The seat holding the second hand that waits for ``seat`` (its own, or
    its side's not yet picked up), or None."""
    if not h._kit.second_hand:
        return None
    if not h._v.second_hand.per_side():
        return seat if h._second[seat] or h._second_stocked[seat] else None
    for s in h._kit.sides(h._n)[seat]:
        if h._second[s] or h._second_stocked[s]:
            return s
    return None


def waiting(h: Hand, seat: int) -> bool:
    """Whether a second hand waits for ``seat``: playing out its hand picks it
    up, and going out is not possible before."""
    return waiting_holder(h, seat) is not None


def pickup_reason(h: Hand, seat: int, *, left: int, by_discard: bool = False) -> str | None:
    """Why a play that leaves ``seat`` ``left`` cards is refused while a second
    hand waits for it (None: it is allowed; ``by_discard``: the play is the
    discard of the last card)."""
    rule = h._v.second_hand
    at = waiting_holder(h, seat)
    if at is not None and h._second_stocked[at] and left <= 1:
        return (
            "the second hand became the stock, never picked up: the hand may not be played out"
            " (second_hand.untaken_becomes_stock)"
        )
    if by_discard:
        if left == 0 and not rule.picked_up_by_discarding():
            return (
                "the last card may not be discarded to pick up the second hand (second_hand.indirect is off)"
            )
        return None
    if left == 0 and not rule.picked_up_by_melding():
        return "the hand may not be played out by melding while the second hand waits (second_hand.direct is off)"
    if left == 1 and not rule.picked_up_by_discarding():
        return (
            "a play may not leave one card while the second hand waits: it could only be discarded,"
            " and second_hand.indirect is off"
        )
    return None


def pick_up(h: Hand, seat: int) -> None:
    """``seat`` picks up the second hand waiting for it: its cards go into the
    hand (:func:`rummykit.engine.turn.pick_up_second` then lays out the red
    threes among them where the melds rule says so)."""
    at = waiting_holder(h, seat)
    assert at is not None
    cards = h._second[at]
    h._second[at] = []
    h._second_taken[seat] = True
    hand = h._hands[seat]
    for c in cards:
        insort(hand, c, key=_CODE)


def to_stock(h: Hand, seat: int) -> bool:
    """The stock has run out as ``seat``'s turn begins: the first second hand
    still waiting, in playing order from ``seat``, becomes the stock,
    shuffled (``second_hand.untaken_becomes_stock``). False: none waits."""
    for s in h._seats_from(seat):
        if h._second[s]:
            cards = h._second[s]
            h._second[s] = []
            h._second_stocked[s] = True
            h._rng.shuffle(cards)
            h._stock = cards + h._stock
            return True
    return False


def dealt_text(cards: Sequence[Sequence[Card]]) -> list[str]:
    """The second hands as the record's deal writes them (one text per seat)."""
    return [" ".join(map(str, x)) for x in cards]
