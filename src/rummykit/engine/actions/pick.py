"""``pick 7H``: take one named visible discard (throw-down, ``draw.kind =
"pick-any"``), optionally using it at once (``pick 7H meld 7H 8H 9H``)
where the draw rule says it must be used.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card, parse_card
from rummykit.engine.actions.layoff import Layoff
from rummykit.engine.actions.meld import MeldAction
from rummykit.engine.actions.take import (
    keeps_discard,
    parse_then,
    pile_reason,
    take_unlisted,
    take_use,
    use_fits,
    use_reason,
    uses,
)
from rummykit.engine.conditions import distinct, insort
from rummykit.engine.kind import ListedKind, Refusal
from rummykit.engine.notation import Action, bad_text
from rummykit.engine.phase import Phase

if TYPE_CHECKING:
    from rummykit.engine.meld_memo import Kit
    from rummykit.engine.state import Hand

__all__ = ["Pick", "PickKind"]


@attrs.frozen(repr=False, cache_hash=True)
class Pick(Action):
    """Take one named visible discard (throw-down), optionally using it at once."""

    card: Card
    then: MeldAction | Layoff | None = None
    word = "pick"
    order = 2

    def __str__(self) -> str:
        text = f"pick {self.card}"
        return text if self.then is None else f"{text} {self.then}"

    def cards(self) -> tuple[Card, ...]:
        return (self.card,)


class PickKind(ListedKind):
    """The ``pick`` kind (see the module documentation)."""

    action = Pick
    words = ("pick",)
    phases = frozenset({Phase.DRAW})
    rule = "draw"
    draws = True

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if not rest:
            raise bad_text(text, "expected 'pick CARD'")
        return Pick(parse_card(rest[0]), parse_then(rest[1:], text))

    def _of(self, h: Hand, card: Card) -> list[Action]:
        p = h._current
        rule = h._v.draw.use_rule(1, melded=h._melded[p])
        if rule is None:
            return [Pick(card)] if keeps_discard(h, p, card) else []
        return [Pick(card, use) for use in uses(h, p, card, (), rule)]

    def in_variant(self, kit: Kit) -> bool:
        return bool(kit.picks_any)

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        if h._stock_only or not h._kit.picks_any:
            return ()
        out: list[Action] = []
        for card in distinct(sorted(h._pile)):
            out.extend(self._of(h, card))
        return out

    def listed_for(self, h: Hand, a: Action) -> Sequence[Action]:
        assert isinstance(a, Pick)
        if h._stock_only or not h._kit.picks_any or a.card not in h._pile:
            return []
        return self._of(h, a.card)

    def fits(self, a: Action, b: Action) -> bool:
        assert isinstance(a, Pick) and isinstance(b, Pick)
        return a.card == b.card and use_fits(a.then, b.then)

    def unlisted(self, h: Hand, a: Action, listed: Sequence[Action]) -> Action | None:
        assert isinstance(a, Pick)
        if not isinstance(a.then, MeldAction) or self._why(h, a) is not None:
            return None
        same = [b.then for b in listed if isinstance(b, Pick) and b.then is not None]
        then = take_unlisted(h, a.card, (), 1, a.then, same)
        return None if then is None else Pick(a.card, then)

    def _why(self, h: Hand, a: Pick) -> Refusal | None:
        v = h._v
        why = pile_reason(h)
        if why is not None:
            return why
        if not v.draw.picks_any():
            return Refusal(f"only the top of the discard pile may be taken (draw {v.draw.kind})", "draw")
        if a.card not in h._pile:
            return Refusal(f"{a.card} is not in the discard pile", "draw")
        rule = v.draw.use_rule(1, melded=h._melded[h._current])
        if rule is not None and a.then is None:
            return Refusal(
                f"the card taken, {a.card}, must be used at once ({rule.value}; draw {v.draw.kind})", "draw"
            )
        if rule is None and a.then is not None:
            return Refusal(
                f"the card taken is kept in hand here (draw {v.draw.kind}): take it, then meld", "draw"
            )
        return None

    def reason(self, h: Hand, a: Action) -> Refusal | None:
        assert isinstance(a, Pick)
        return self._why(h, a) or use_reason(h, a.card, (), 1, a.then)

    def perform(self, h: Hand, a: Action) -> None:
        assert isinstance(a, Pick)
        p = h._current
        i = len(h._pile) - 1 - h._pile[::-1].index(a.card)
        del h._pile[i]
        src = h._pile_from.pop(i)
        if src >= 0 and src != p:
            h._penalties.append((src, "eaten", p))
        insort(h._hands[p], a.card)
        h._taken = a.card
        h._draws[p] += 1
        h._passes = 0
        h._phase = Phase.PLAY
        take_use(h, a.then, a.card)
