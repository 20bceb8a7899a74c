"""``discard QS``: discard a card, ending the turn.

Any card of the hand may be discarded, except a card just taken from the
pile where ``discard.not_taken_card`` forbids it, the cards of a concealed
meld (Phỏm), and the last card where going out needs every card melded
(``going_out.final_discard = "forbidden"``). A caller (Call Rummy) discards
any card after the call. Discarding the last card goes out; the discard may
open a claim (Call Rummy) or end a showing turn (Phỏm).

>>> import rummykit as rk
>>> h = rk.new_hand(rk.load_variant("straight"), players=2, dealer=0, discard="KS",
...     hands=["2C 3C 4C 5D 6D 7D 8H 9H TH JS", "AC 2D 3H 4S 5C 6H 7S 8C 9D TC"], stock="QH QD")
>>> h.apply("take")
>>> h.is_legal("discard KS")
False
>>> h.verify("discard KS")
Traceback (most recent call last):
...
rummykit.errors.IllegalAction: discard KS: KS was just taken from the discard pile and may not be discarded this turn (discard standard)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card, parse_card
from rummykit.engine.actions.call import call_actions
from rummykit.engine.conditions import (
    concealed,
    distinct,
    eaten_problem,
    free_hand,
    showing_now,
)
from rummykit.engine.kind import ActionKind, Refusal
from rummykit.engine.notation import Action, bad_text
from rummykit.engine.phase import Phase, TableMeld
from rummykit.engine.turn import begin_turn, end_hand, pick_up_second
from rummykit.rules.going_out import FinalDiscard
from rummykit.settlement import Termination

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

# enum members as module constants: a lookup through the class is slow in Python 3.11
_CLAIM = Phase.CLAIM
_FINALDISCARD_FORBIDDEN = FinalDiscard.FORBIDDEN
_PLAY = Phase.PLAY
_TERMINATION_SHOWING = Termination.SHOWING
_TERMINATION_WENT_OUT = Termination.WENT_OUT


__all__ = ["Discard", "DiscardKind", "discard_of"]


@attrs.frozen(repr=False, cache_hash=True)
class Discard(Action):
    """Discard a card, ending the turn."""

    card: Card
    word = "discard"
    order = 20

    def __str__(self) -> str:
        return f"discard {self.card}"

    def cards(self) -> tuple[Card, ...]:
        return (self.card,)


_DISCARDS = tuple(Discard(Card.from_code(i)) for i in range(53))
_CODE = attrgetter("code")


def discard_of(card: Card) -> Discard:
    """The discard of ``card`` (one shared instance per card)."""
    return _DISCARDS[card.code]


class DiscardKind(ActionKind):
    """The ``discard`` kind (see the module documentation)."""

    action = Discard
    words = ("discard",)
    phases = frozenset({_PLAY})
    rule = "discard"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if len(rest) != 1:
            raise bad_text(text, "expected 'discard CARD'")
        return Discard(parse_card(rest[0]))

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        p = h._current
        hand = h._hands[p]
        if h._claim is not None:  # a caller discards after a call
            return [_DISCARDS[c.code] for c in distinct(hand)]
        kit = h._kit
        if h._must_meld is not None or (len(hand) == 1 and _last_card(h) is not None):
            return ()
        if len(hand) > 1 and h._permission == "yes":
            from rummykit.engine.out_line import must_go_out

            if must_go_out(h):
                return ()
        free = free_hand(h, p)
        unique = free if kit.single_deck else distinct(free)
        taken = h._taken
        if taken is None:
            return [_DISCARDS[c.code] for c in unique]
        refused = h._v.discard.refused(unique, taken=taken)
        return [_DISCARDS[c.code] for c in unique if c not in refused]

    def refusal(self, h: Hand, a: Action) -> Refusal | None:
        assert isinstance(a, Discard)
        hand = h._hands[h._current]
        code = a.card.code
        i = bisect_left(hand, code, key=_CODE)  # the hand is sorted
        if i == len(hand) or hand[i].code != code:
            return Refusal(f"{a.card} is not in seat {h._current}'s hand", "discard")
        if h._claim is not None:
            return None
        bad = concealed(h, (a.card,)) if h._eaten[h._current] else None
        if bad:
            return Refusal(bad, "draw")
        if h._must_meld is not None:
            return Refusal(
                f"the wild {h._must_meld} taken by the exchange must be melded this turn (swap {h._v.swap.kind})",
                "swap",
            )
        rule = h._v.discard
        refused = rule.refusal(a.card, taken=h._taken)
        if refused:
            return Refusal(f"{refused} (discard {rule.kind})", rule.refusal_rule)
        if len(hand) == 1:
            return _last_card(h)
        if h._permission == "yes":
            from rummykit.engine.out_line import must_go_out

            if must_go_out(h):
                return Refusal(
                    f"seat {h._current}'s partner said yes: seat {h._current} can go out and must"
                    " (a discard that keeps cards is not allowed; going_out.permission)",
                    "going_out.permission",
                )
        return None

    def allows(self, h: Hand, a: Action) -> bool:
        """:meth:`refusal` is None, without building its reason."""
        hand = h._hands[h._current]
        code = a.card.code  # type: ignore[attr-defined]
        i = bisect_left(hand, code, key=_CODE)
        if i == len(hand) or hand[i].code != code:
            return False
        if h._claim is not None:
            return True
        if (
            h._eaten[h._current]
            or h._must_meld is not None
            or h._kit.final_rule is _FINALDISCARD_FORBIDDEN
            or ((h._kit.side_rank or h._kit.second_hand) and len(hand) == 1)
            or h._permission is not None
        ):
            return self.refusal(h, a) is None
        return h._taken is None or h._v.discard.refusal(hand[i], taken=h._taken) is None

    def canonical(self, h: Hand, a: Action) -> Action:
        assert isinstance(a, Discard)
        return _DISCARDS[a.card.code]

    def perform(self, h: Hand, a: Action) -> None:
        assert isinstance(a, Discard)
        _discard(h, a.card)


def _last_card(h: Hand) -> Refusal | None:
    """Why the current player may not discard its last card (None: it may):
    where a second hand waits, discarding it picks the second hand up
    (``second_hand.indirect``); else it goes out, which needs a final discard
    allowed and, with melds owned by a side, the side's canastas."""
    p = h._current
    if h._kit.second_hand:
        from rummykit.engine.second_hand import pickup_reason, waiting

        if waiting(h, p):
            why = pickup_reason(h, p, left=0, by_discard=True)
            return Refusal(why, "second_hand.indirect") if why else None
    if h._kit.final_rule is _FINALDISCARD_FORBIDDEN:
        return Refusal(
            f"going out by discarding is not allowed: every card must be melded (going_out {h._v.going_out.kind})",
            "going_out.final_discard",
        )
    if h._kit.side_rank:
        from rummykit.engine.side_melds import may_go_out

        why = may_go_out(h, p)
        if why:
            return Refusal(why, "going_out.permission" if h._permission == "no" else "going_out.canastas")
    return None


def _discard(h: Hand, card: Card) -> None:
    p = h._current
    v = h._v
    hand = h._hands[p]
    hand.remove(card)
    if h._kit.penalize_playable and any(h._kit.layoffs(t.meld, card, h._wild, t.text) for t in h._table):
        h._penalties.append((p, "playable-discard", None))
    calling = h._claim is not None
    h._claim = None
    if not hand and h._kit.second_hand:
        pick_up_second(h, p, by_discard=True)  # where one waits: picked up, played from the next turn
    if not hand:
        if v.going_out.buries_final_discard():
            h._buried.append(card)
        else:
            h._pile.append(card)
            h._pile_from.append(p)
        h._final_discard = True
        end_hand(h, _TERMINATION_WENT_OUT, went_out=p)
        return
    h._pile.append(card)
    h._pile_from.append(p)
    if h._permission is not None:
        from rummykit.engine.permission import charge

        charge(h, p)
    if not calling and showing_now(h, p):
        _show_rest(h, p)
        h._shown[p] = True
        if all(h._shown[s] for s in h.active_seats()):
            end_hand(h, _TERMINATION_SHOWING)
            return
    resume = h._resume if calling else h._next_seat(p)
    if _open_claims(h, p, card, resume):
        return
    begin_turn(h, resume)


def _show_rest(h: Hand, p: int) -> None:
    """The showing turn ends: the melds left in hand go on the table (Phỏm:
    "each player must lay down all melds"), the unmelded cards stay in hand."""
    hand = free_hand(h, p)
    fixed = [m for _, m in h._eaten[p]]
    whole = h._kit.arrangement(tuple(h._hands[p]), h._wild) if fixed else None
    if whole is not None and eaten_problem(h, p, whole.melds) is None:
        fixed, hand = [], h._hands[p]  # the best arrangement keeps the eaten cards apart
    h._eaten[p] = ()
    arr = h._kit.arrangement(tuple(hand), h._wild) if hand else None
    melds = [*fixed, *(arr.melds if arr is not None else ())]
    if not melds:
        return
    for m in melds:
        h._table.append(TableMeld(p, m))
    h._hands[p] = list(arr.deadwood) if arr is not None else list(hand)
    h._melded[p] = True


def _open_claims(h: Hand, discarder: int, card: Card, resume: int) -> bool:
    if not h._kit.claims or not h._table:
        return False
    queue = [s for s in h._seats_from(h._next_seat(discarder)) if s != discarder and h._dropped[s] is None]
    queue = [s for s in queue if call_actions(h, s, card)]
    if not queue:
        return False
    h._resume = resume
    h._claim_queue = queue[1:]
    h._current = queue[0]
    h._phase = _CLAIM
    return True
