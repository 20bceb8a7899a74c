"""``pickup meld 7H 7D 7S``: take the whole discard pile (the Canasta family).

The top card goes at once into a meld with cards from the hand (the first
meld written holds it) or onto the side's meld of its rank (``pickup layoff
7S on 2``); the rest of the pile goes into the hand, and red threes in it
are laid out (without a replacement). A frozen pile (a wild card in it, or
the side has not melded yet) is taken only with a natural pair of the top
card's rank from the hand; a black three on top blocks it. Before the side's
first meld, the melds made with the top card and cards from the hand (the
rest of the pile does not count) must reach the minimum: ``pickup meld 7H
7D 7S + KH KD KS``. Listed where the draw component takes the whole pile
(``draw.kind = "whole-pile"``): each meld with the top card once per count
of natural and wild cards from the hand; other cards of the same ranks, and
other combinations of first melds, are accepted when written.

Where the draw component says the top card is not melded at once
(``draw.meld_top_card = false``: Buraco), ``pickup`` alone takes the whole
pile into the hand, with no condition; a pile of one card taken so may not be
discarded that turn where ``discard.not_taken_card`` says so.

>>> import rummykit as rk
>>> v = rk.load_variant("canasta")
>>> h = rk.new_hand(v, players=4, dealer=3, hands=[
...     "7C 7D AC AD AH 5C 6D 8S 9H JC QD", "4C 4D 5S 6S 8C 9C TC JD QS AH AS",
...     "4H 4S 5D 6C 8D 9D TD JH QH AC AD", "5H 6H 8H 9S TS JS QC KC AS 4C 5C"],
...     discard="7S", stock="2C 8C 9C TC")
>>> [str(a) for a in h.legal_actions() if a.word == "pickup"]
['pickup meld 7C 7D 7S + AC AD AH']
>>> h.apply("pickup meld 7C 7D 7S + AH AD AC")
>>> len(h.hand_of(0)), h.discard_pile
(6, ())
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card
from rummykit.engine.actions.layoff import Layoff
from rummykit.engine.actions.meld import MeldAction, MeldKind
from rummykit.engine.actions.take import parse_then
from rummykit.engine.conditions import insort
from rummykit.engine.kind import ListedKind, Refusal
from rummykit.engine.notation import Action, bad_text
from rummykit.engine.phase import Phase, TableMeld
from rummykit.engine.side_melds import (
    canasta_of,
    canonical,
    first_melds,
    frozen,
    initial_need,
    lay_off_card,
    lay_out_red_threes,
    layoff_reason,
    make_meld,
    melds_reason,
    rules,
    side_melds,
)
from rummykit.engine.turn import check_out, shown

if TYPE_CHECKING:
    from rummykit.engine.meld_memo import Kit
    from rummykit.engine.state import Hand

__all__ = ["Pickup", "PickupKind"]


@attrs.frozen(repr=False, cache_hash=True)
class Pickup(Action):
    """Take the whole discard pile, its top card melded or laid off at once
    (``then``), or all of it into the hand (``then`` None)."""

    then: MeldAction | Layoff | None = None
    word = "pickup"
    order = 3

    def __str__(self) -> str:
        return "pickup" if self.then is None else f"pickup {self.then}"

    def cards(self) -> tuple[Card, ...]:
        return () if self.then is None else self.then.cards()


_MELD = MeldKind()


def _block(h: Hand) -> Refusal | None:
    """Why the pile may not be taken at all now (None: it may, with a use)."""
    d = h._v.draw
    if not h._pile:
        return Refusal("the discard pile is empty", "draw")
    top = h._pile[-1]
    if rules(h).black_three(top) and getattr(d, "black_three_blocks", False):
        return Refusal("a black three on top of the discard pile blocks it", "draw.black_three_blocks")
    if h._v.deck.is_wild(top, h._wild) and _melds_top(h):
        return Refusal(f"the top card {top} is wild: nothing melds with it", "draw")
    if len(h._pile) == 1 and len(h._hands[h._current]) == 1 and not getattr(d, "one_card_pile", True):
        return Refusal("a player holding one card may not take a pile of one card", "draw.one_card_pile")
    return None


def _taken(h: Hand) -> int:
    """How many cards of the pile are taken (``draw.pile_cards``; 0: all)."""
    most = getattr(h._v.draw, "pile_cards", 0)
    return min(most, len(h._pile)) if most else len(h._pile)


def _rest(h: Hand) -> int:
    """Cards of the pile taken that stay in the hand (red threes are laid out)."""
    r = rules(h)
    return sum(1 for c in h._pile[len(h._pile) - _taken(h) : -1] if not r.red_three(c))


def _meld_reason(h: Hand, groups: Sequence[Sequence[Card]]) -> str | None:
    p = h._current
    top = h._pile[-1]
    if not groups or top not in groups[0]:
        return f"the first meld must hold the top card of the pile, {top}"
    hand = [*h._hands[p], top]
    first = list(groups[0])
    first.remove(top)
    pair = sum(1 for c in first if c.rank is top.rank and not h._v.deck.is_wild(c, h._wild))
    if frozen(h, p) and pair < 2:
        return (
            f"the pile is frozen: it is taken only with a natural pair of {top.rank.letter}s from the hand"
            if top.rank
            else "frozen"
        )
    if pair < 2 and not getattr(h._v.draw, "pair_with_wild", True):
        return f"the top card {top} is melded only with a natural pair of its rank from the hand"
    if pair < 1:
        return f"the top card {top} is taken with at least one natural {top.rank.letter if top.rank else ''} from the hand"
    return melds_reason(h, p, groups, hand=hand, extra=_rest(h))


def _layoff_reason(h: Hand, a: Layoff) -> str | None:
    p = h._current
    top = h._pile[-1]
    if not getattr(h._v.draw, "onto_meld", True):
        return (
            "the top card of the pile is taken only into a new meld with cards from the hand (draw.onto_meld)"
        )
    if a.card != top:
        return f"the card laid off must be the top card of the pile, {top}"
    if frozen(h, p):
        return f"the pile is frozen: it is taken only with a natural pair of {top.rank.letter if top.rank else ''}s from the hand"
    onto = getattr(h._v.draw, "onto_canasta", True)
    if not onto and 1 <= a.target <= len(h._table) and canasta_of(h, h._table[a.target - 1]) is not None:
        return f"the top card {top} may not go onto a canasta (meld #{a.target}) to take the pile"
    left = len(h._hands[p]) + _rest(h)
    return layoff_reason(h, p, top, a.target, left=left)


def _melds_top(h: Hand) -> bool:
    """Whether the pile's top card goes at once into a meld (``draw.meld_top_card``)."""
    return bool(getattr(h._v.draw, "meld_top_card", True))


def must_take(h: Hand) -> bool:
    """With the stock out: whether the player must take the pile (its top card
    goes onto the side's meld and the pile is not frozen; ``draw.must_take_when_out``)."""
    if not getattr(h._v.draw, "must_take_when_out", False) or _block(h) is not None or frozen(h, h._current):
        return False
    return any(_layoff_reason(h, Layoff(h._pile[-1], i)) is None for i, _ in side_melds(h, h._current))


class PickupKind(ListedKind):
    """The ``pickup`` kind (see the module documentation)."""

    action = Pickup
    words = ("pickup",)
    phases = frozenset({Phase.DRAW})
    rule = "draw"
    draws = True

    def in_variant(self, kit: Kit) -> bool:
        return kit.whole_pile

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if not rest:
            return Pickup()
        then = parse_then(list(rest), text)
        if then is None:
            raise bad_text(text, "expected 'pickup meld ...' or 'pickup layoff CARD on N'")
        return Pickup(then)

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        if not h._kit.whole_pile or _block(h) is not None:
            return ()
        if not _melds_top(h):
            return (Pickup(),)
        p = h._current
        top = h._pile[-1]
        hand = h._hands[p]
        out: list[Action] = []
        nats = [c for c in hand if c.rank is top.rank and not h._v.deck.is_wild(c, h._wild)]
        wilds = sorted({c for c in hand if h._v.deck.is_wild(c, h._wild)}, key=lambda c: c.code)
        firsts: list[list[Card]] = [[*nats[:k], top] for k in range(2, len(nats) + 1)]
        if nats and not frozen(h, p) and getattr(h._v.draw, "pair_with_wild", True):
            firsts.extend([nats[0], top, w] for w in wilds)
        need = initial_need(h, p)
        for first in firsts:
            groups = [first]
            if need and sum(h._kit.values[c.code] for c in first) < need:
                rest = list(hand)
                for c in first:
                    if c != top:
                        rest.remove(c)
                taken = {top.rank} if top.rank else set()
                more = sorted(
                    (g for g in first_melds(h, rest, taken)),
                    key=lambda g: -sum(h._kit.values[c.code] for c in g),
                )
                total = sum(h._kit.values[c.code] for c in first)
                for g in more:
                    if total >= need:
                        break
                    groups.append(list(g))
                    total += sum(h._kit.values[c.code] for c in g)
            if _meld_reason(h, groups) is None:
                out.append(Pickup(MeldAction(tuple(canonical(h, g) for g in groups))))
        if not frozen(h, p) and getattr(h._v.draw, "onto_meld", True):
            for i, _ in side_melds(h, p):
                a = Layoff(top, i)
                if _layoff_reason(h, a) is None:
                    out.append(Pickup(a))
        return out

    def fits(self, a: Action, b: Action) -> bool:
        assert isinstance(a, Pickup) and isinstance(b, Pickup)
        if a.then is None or b.then is None:
            return a.then is b.then
        if isinstance(a.then, MeldAction) and isinstance(b.then, MeldAction):
            return _MELD.fits(a.then, b.then)
        if isinstance(a.then, Layoff) and isinstance(b.then, Layoff):
            return (a.then.card, a.then.target) == (b.then.card, b.then.target)
        return False

    def unlisted(self, h: Hand, a: Action, listed: Sequence[Action]) -> Action | None:
        assert isinstance(a, Pickup)
        if self.reason(h, a) is not None or not isinstance(a.then, MeldAction):
            return None
        groups = [[c for c, _ in g] for g in a.then.groups]
        return Pickup(MeldAction(tuple(canonical(h, g) for g in groups)))

    def reason(self, h: Hand, a: Action) -> Refusal | None:
        assert isinstance(a, Pickup)
        if not h._kit.whole_pile:
            return Refusal(f"the discard pile is not taken whole here (draw {h._v.draw.kind})", "draw")
        why = _block(h)
        if why is not None:
            return why
        if not _melds_top(h):
            if a.then is not None:
                return Refusal(
                    "the whole pile goes into the hand, its top card unmelded: write 'pickup'",
                    "draw.meld_top_card",
                )
            return None
        if a.then is None:
            return Refusal(
                f"the top card {h._pile[-1]} goes at once into a meld: write 'pickup meld ...' or 'pickup layoff CARD on N'",
                "draw.meld_top_card",
            )
        if isinstance(a.then, Layoff):
            text = _layoff_reason(h, a.then)
        else:
            text = _meld_reason(h, [[c for c, _ in g] for g in a.then.groups])
        return Refusal(text, "draw") if text else None

    def perform(self, h: Hand, a: Action) -> None:
        assert isinstance(a, Pickup)
        p = h._current
        pile = h._pile
        top = pile[-1]
        keep = len(pile) - _taken(h)
        rest = pile[keep:-1]
        h._pile = pile[:keep]
        h._pile_from = h._pile_from[:keep]
        hand = h._hands[p]
        insort(hand, top)
        taken = None
        if a.then is None:
            # one card taken: it may not be discarded this turn (another copy in hand may)
            taken = top if not rest and hand.count(top) == 1 else None
        elif isinstance(a.then, Layoff):
            hand.remove(top)
            lay_off_card(h, p, top, a.then.target)
        else:
            for g in a.then.groups:
                cards = [c for c, _ in g]
                for c in cards:
                    hand.remove(c)
                h._table.append(TableMeld(p, make_meld(h, cards)))
            h._melded[p] = True
            h._melds_this_turn += 1
        if a.then is not None:
            shown(h, p)
        for c in rest:
            insort(hand, c)
        lay_out_red_threes(h, p, replace=False)
        h._draws[p] += 1
        h._passes = 0
        h._taken = taken
        h._phase = Phase.PLAY
        check_out(h)
