"""``layoff 9H on 2``: lay a card off onto table meld number 2.

During a turn, where the variant's ``layoff`` component allows it (onto own
or others' melds, before or after melding, and the initial meld's rule on
lay-offs before it) and the player can still finish the turn; after a
knock, each defender lays off onto the knocker's melds. A wild states what
it stands for (``layoff JK=9H on 2``) where that matters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card
from rummykit.engine.conditions import (
    concealed,
    distinct,
    exit_ok,
    exit_reason,
    free_hand,
    in_hand,
    laid_rep,
    layoff_allowed,
    minus,
    showing_now,
)
from rummykit.engine.kind import ListedKind, Refusal
from rummykit.engine.notation import Action, format_slot, parse_on
from rummykit.engine.phase import Phase, TableMeld
from rummykit.engine.turn import check_out, shown

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

# enum members as module constants: a lookup through the class is slow in Python 3.11
_CLAIM = Phase.CLAIM
_LAYOFF = Phase.LAYOFF
_PLAY = Phase.PLAY


__all__ = ["Layoff", "LayoffKind", "lay_off", "layoff_reason", "layoffs_of", "open_targets"]


@attrs.frozen(repr=False, cache_hash=True)
class Layoff(Action):
    """Add a card to table meld ``target`` (numbered from 1)."""

    card: Card
    target: int
    stands_for: Card | None = None
    word = "layoff"
    order = 11

    def __str__(self) -> str:
        return f"layoff {format_slot((self.card, self.stands_for))} on {self.target}"

    def cards(self) -> tuple[Card, ...]:
        return (self.card,)


def open_targets(h: Hand, seat: int) -> list[int]:
    """The indices (from 0) of the table melds ``seat`` may lay off onto now
    (:func:`~rummykit.engine.conditions.layoff_allowed`, asked once an owner)."""
    allowed: dict[int, bool] = {}
    out: list[int] = []
    for i, t in enumerate(h._table):
        ok = allowed.get(t.owner)
        if ok is None:
            ok = allowed[t.owner] = layoff_allowed(h, seat, t.owner)
        if ok:
            out.append(i)
    return out


def layoffs_of(
    h: Hand, seat: int, card: Card, rest: Sequence[Card] | None, targets: Sequence[int] | None = None
) -> list[Layoff]:
    """Lay-offs of ``card`` by ``seat`` onto table melds (``rest``: the cards the
    player keeps, checked for a way to finish the turn; None: not checked;
    ``targets``: :func:`open_targets`, when the caller has them)."""
    out: list[Layoff] = []
    if targets is None:
        targets = open_targets(h, seat)
    if not targets or (rest is not None and not exit_ok(h, rest)):
        return out
    kit, wild = h._kit, h._wild
    table = h._table
    for i in targets:
        t = table[i]
        seen: set[Card | None] = set()
        for after in kit.layoffs(t.meld, card, wild, t.text):
            rep = laid_rep(t.meld, after, card)
            if rep not in seen:
                seen.add(rep)
                out.append(Layoff(card, i + 1, rep))
    return out


def lay_off(h: Hand, seat: int, card: Card, target: int, stands_for: Card | None, *, from_hand: bool) -> None:
    """Put ``card`` on table meld ``target`` for ``seat`` (from its hand, or
    the discard a caller claimed)."""
    t = h._table[target - 1]
    options = h._kit.layoffs(t.meld, card, h._wild, t.text)
    after = next(m for m in options if laid_rep(t.meld, m, card) == stands_for)
    h._table[target - 1] = TableMeld(t.owner, after, (*t.laid, (card, seat)))
    if t.owner != seat and h._kit.drops:  # a hit (Tonk) may block the owner's drop
        blocked = h._v.going_out.blocked_until(own_turns=h._own_turns[t.owner], until=h._hit_until[t.owner])
        h._hit_until[t.owner] = min(
            blocked, h._v.limits.max_turns + 1
        )  # past the last turn: the rest of the hand
    if from_hand:
        h._hands[seat].remove(card)
    if h._phase is _PLAY or h._phase is _CLAIM:
        shown(h, seat)


def layoff_reason(h: Hand, card: Card, target: int) -> Refusal | None:
    """Why ``card`` may not be laid off onto meld ``target`` by the current
    player now (the table meld, its owner, the fit), or None."""
    p = h._current
    if not 1 <= target <= len(h._table):
        return Refusal(f"there is no table meld #{target} ({len(h._table)} on the table)", "layoff")
    t = h._table[target - 1]
    if not layoff_allowed(h, p, t.owner):
        return Refusal(
            f"seat {p} may not lay off onto seat {t.owner}'s meld now (layoff {h._v.layoff.kind})", "layoff"
        )
    if not h._kit.layoffs(t.meld, card, h._wild, t.text):
        return Refusal(f"{card} does not fit meld #{target} ({t.meld})", "melds")
    return None


class LayoffKind(ListedKind):
    """The ``layoff`` kind (see the module documentation)."""

    action = Layoff
    words = ("layoff",)
    keywords = ("on",)
    phases = frozenset({_PLAY, _LAYOFF})
    rule = "layoff"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        (card, rep), target = parse_on(list(rest), text, "layoff")
        return Layoff(card, target, rep)

    def _cards(self, h: Hand) -> list[Card]:
        """The cards the current player may lay off now (each once)."""
        p = h._current
        if h._phase is _LAYOFF:
            return distinct(h._hands[p])
        if not h._table or h._must_meld is not None or not h._v.layoff.on_turn(showing=showing_now(h, p)):
            return []
        free = free_hand(h, p)
        return free if h._kit.single_deck else distinct(free)

    def _of(self, h: Hand, card: Card, targets: Sequence[int] | None = None) -> list[Layoff]:
        p = h._current
        found = layoffs_of(h, p, card, None, targets)
        if h._phase is _LAYOFF or not found:  # most cards fit no meld: the rest of the hand is not worked out
            return found
        rest = list(h._hands[p])
        rest.remove(card)
        return found if exit_ok(h, rest) else []

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        out: list[Action] = []
        if h._kit.side_rank:  # onto the side's melds of one rank (Canasta)
            from rummykit.engine.side_melds import layoff_candidates

            return [Layoff(c, i) for c, i in layoff_candidates(h)] if h._phase is Phase.PLAY else []
        targets = open_targets(h, h._current) if h._table else []
        if not targets:
            return out
        for c in self._cards(h):
            out.extend(self._of(h, c, targets))
        return out

    def listed_for(self, h: Hand, a: Action) -> Sequence[Action]:
        assert isinstance(a, Layoff)
        if h._kit.side_rank:
            from rummykit.engine.side_melds import layoff_reason as side_reason

            p = h._current
            if h._phase is not Phase.PLAY or a.card not in h._hands[p]:
                return []
            ok = side_reason(h, p, a.card, a.target, left=len(h._hands[p]) - 1) is None
            return [Layoff(a.card, a.target)] if ok else []  # fits only the same card and meld
        return self._of(h, a.card) if a.card in self._cards(h) else []

    def fits(self, a: Action, b: Action) -> bool:
        assert isinstance(a, Layoff) and isinstance(b, Layoff)
        return a.card == b.card and a.target == b.target and a.stands_for in (None, b.stands_for)

    def reason(self, h: Hand, a: Action) -> Refusal | None:
        assert isinstance(a, Layoff)
        p = h._current
        bad = in_hand(h, (a.card,))
        if bad:
            return Refusal(bad, "layoff")
        if h._kit.side_rank:
            from rummykit.engine.side_melds import layoff_reason as side_reason

            text = side_reason(h, p, a.card, a.target, left=len(h._hands[p]) - 1)
            if text and h._permission is not None:
                from rummykit.engine.permission import RULE, no_out_reason

                if text == no_out_reason(h, p, left=len(h._hands[p]) - 1):
                    return Refusal(text, RULE)
            return Refusal(text, "melds") if text else None
        bad = concealed(h, (a.card,))
        if bad:
            return Refusal(bad, "draw")
        if h._phase is _PLAY and h._must_meld is not None:
            return Refusal(f"the wild {h._must_meld} taken by the exchange must be melded first", "swap")
        if h._phase is _PLAY and not h._v.layoff.on_turn(showing=showing_now(h, p)):
            return Refusal(f"lay-offs are not allowed now (layoff {h._v.layoff.kind})", "layoff")
        why = layoff_reason(h, a.card, a.target)
        if why is not None:
            return why
        if h._phase is _PLAY:
            rest = minus(h._hands[p], (a.card,))
            if rest is not None and not exit_ok(h, rest):
                return Refusal(exit_reason(h), "going_out.final_discard")
        return None

    def perform(self, h: Hand, a: Action) -> None:
        assert isinstance(a, Layoff)
        if h._kit.side_rank:
            from rummykit.engine.side_melds import lay_off_card

            h._hands[h._current].remove(a.card)
            lay_off_card(h, h._current, a.card, a.target)
            shown(h, h._current)
            check_out(h)
            return
        lay_off(h, h._current, a.card, a.target, a.stands_for, from_hand=True)
        if h._phase is _PLAY:
            check_out(h)
