"""``swap 8H on 2``: give the natural card for the wild in table meld 2 and
take the wild (``swap``: when a wild may be exchanged, whether a set's wild
is released by one card or needs the missing suit too, whether the wild
taken must be melded at once).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card, parse_card
from rummykit.engine.conditions import distinct, exit_ok, insort, may_meld_now, minus
from rummykit.engine.kind import ListedKind, Refusal
from rummykit.engine.notation import Action, bad_text, parse_number
from rummykit.engine.phase import Phase, TableMeld
from rummykit.engine.turn import shown
from rummykit.melds import Meld, MeldKind

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = ["Swap", "SwapKind", "swap_results"]


@attrs.frozen(repr=False, cache_hash=True)
class Swap(Action):
    """Give natural card(s) for the wild in table meld ``target`` and take the wild."""

    given: tuple[Card, ...]
    target: int
    word = "swap"
    order = 12

    def __str__(self) -> str:
        return f"swap {' '.join(str(c) for c in self.given)} on {self.target}"

    def cards(self) -> tuple[Card, ...]:
        return self.given


def swap_results(
    h: Hand, p: int, meld: Meld, hand: Sequence[Card]
) -> list[tuple[tuple[Card, ...], Meld, Card]]:
    """Exchanges possible on ``meld``: (natural cards given, the meld after,
    the wild taken)."""
    out: list[tuple[tuple[Card, ...], Meld, Card]] = []
    if meld.kind is MeldKind.SET and not h._v.swap.exchanges_in_sets():
        return out
    for j, (card, old_rep) in enumerate(zip(meld.cards, meld.represents, strict=True)):
        if card == old_rep:
            continue
        # a set's wild may be taken by any card of its rank the set allows
        # (classify checks the suits), not only the one it was read as
        takers = (
            [old_rep]
            if meld.kind is not MeldKind.SET
            else sorted(c for c in distinct(hand) if c.rank == old_rep.rank and not c.is_joker)
        )
        for rep in takers:
            if rep not in hand:
                continue
            found = _swap_one(h, p, meld, hand, j, card, rep)
            if found is not None and all(found[0] != o[0] or found[2] != o[2] for o in out):
                out.append(found)
    return out


def _swap_one(
    h: Hand, p: int, meld: Meld, hand: Sequence[Card], j: int, card: Card, rep: Card
) -> tuple[tuple[Card, ...], Meld, Card] | None:
    """The exchange of the wild ``card`` at ``j`` for the natural ``rep``, or ``None``."""
    v = h._v
    cards = list(meld.cards)
    cards[j] = rep
    given: tuple[Card, ...] = (rep,)
    reps = list(meld.represents)
    reps[j] = rep
    if meld.kind is MeldKind.SET and len(meld) == 3 and not v.swap.releases_set_wild_singly():
        present = {r.suit for r in reps}
        missing = [
            c
            for c in distinct(hand)
            if c.rank == rep.rank and c.suit not in present and c != rep and not c.is_joker
        ]
        if not missing:
            return None
        cards.append(missing[0])
        reps.append(missing[0])
        given = (rep, missing[0])
    after = h._kit.classify(tuple(cards), tuple(reps), h._wild)
    if after is None:
        return None
    rest = minus(hand, given)
    if rest is None or not exit_ok(h, [*rest, card]):
        return None
    if v.swap.wild_must_be_used():
        pool = tuple(sorted([*rest, card]))
        if not may_meld_now(h, p) or not any(
            card in m.cards and exit_ok(h, minus(pool, m.cards) or []) for m in h._kit.options(pool, h._wild)
        ):
            return None
    return (given, after, card)


class SwapKind(ListedKind):
    """The ``swap`` kind (see the module documentation)."""

    action = Swap
    words = ("swap",)
    keywords = ("on",)
    phases = frozenset({Phase.PLAY})
    rule = "swap"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if len(rest) < 3 or rest[-2] != "on":
            raise bad_text(text, "expected 'swap CARD on N'")
        return Swap(
            tuple(parse_card(t) for t in rest[:-2]), parse_number(rest[-1], text, "a table meld number")
        )

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        p = h._current
        if not h._table or h._must_meld is not None:
            return ()
        if not h._v.swap.exchanges_wilds(has_melded=h._melded[p], played_this_turn=h._played_this_turn):
            return ()
        hand = h._hands[p]
        out: list[Action] = []
        for i, t in enumerate(h._table):
            for given, _, _ in swap_results(h, p, t.meld, hand):
                out.append(Swap(given, i + 1))
        return out

    def fits(self, a: Action, b: Action) -> bool:
        assert isinstance(a, Swap) and isinstance(b, Swap)
        return a.target == b.target and Counter(a.given) == Counter(b.given)

    def reason(self, h: Hand, a: Action) -> Refusal | None:
        assert isinstance(a, Swap)
        p = h._current
        if minus(h._hands[p], a.given) is None:
            return Refusal(f"{' '.join(map(str, a.given))} is not in seat {p}'s hand", "swap")
        if not h._v.swap.exchanges_wilds(has_melded=h._melded[p], played_this_turn=h._played_this_turn):
            return Refusal(f"a wild may not be exchanged now (swap {h._v.swap.kind})", "swap")
        return None

    def perform(self, h: Hand, a: Action) -> None:
        assert isinstance(a, Swap)
        p = h._current
        t = h._table[a.target - 1]
        for given, after, wild_card in swap_results(h, p, t.meld, h._hands[p]):
            if Counter(given) == Counter(a.given):
                for c in given:
                    h._hands[p].remove(c)
                insort(h._hands[p], wild_card)
                h._table[a.target - 1] = TableMeld(t.owner, after, t.laid)
                if h._v.swap.wild_must_be_used():
                    h._must_meld = wild_card
                shown(h, p)
                return
        raise AssertionError("swap verified but not found")  # pragma: no cover
