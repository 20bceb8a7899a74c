"""``borrow 7H from 2 meld 7H 7S 7D``: take a natural card from table meld 2
(which stays a valid meld) and use it at once in a new meld with cards
from hand (``swap.borrow``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card, parse_card
from rummykit.engine.actions.meld import canonical_groups, meld_groups, strip
from rummykit.engine.conditions import (
    distinct,
    exit_ok,
    initial_ok,
    insort,
    may_meld_now,
    melds_of,
    minus,
    needs_initial,
)
from rummykit.engine.kind import ListedKind, Refusal
from rummykit.engine.notation import (
    Action,
    Group,
    bad_text,
    format_group,
    group_cards,
    group_fits,
    parse_group,
    parse_number,
)
from rummykit.engine.phase import Phase, TableMeld
from rummykit.engine.turn import check_out

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = ["Borrow", "BorrowKind"]


@attrs.frozen(repr=False, cache_hash=True)
class Borrow(Action):
    """Take ``card`` from table meld ``source`` and use it at once in a new meld."""

    card: Card
    source: int
    meld: Group
    word = "borrow"
    order = 13

    def __str__(self) -> str:
        return f"borrow {self.card} from {self.source} meld {format_group(self.meld)}"

    def cards(self) -> tuple[Card, ...]:
        return group_cards(self.meld)


class BorrowKind(ListedKind):
    """The ``borrow`` kind (see the module documentation)."""

    action = Borrow
    words = ("borrow",)
    keywords = ("from",)
    phases = frozenset({Phase.PLAY})
    rule = "swap.borrow"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if len(rest) < 5 or rest[1] != "from" or rest[3] != "meld":
            raise bad_text(text, "expected 'borrow CARD from N meld CARDS'")
        return Borrow(
            parse_card(rest[0]),
            parse_number(rest[2], text, "a table meld number"),
            parse_group(list(rest[4:])),
        )

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        p = h._current
        v = h._v
        if not h._table or not h._kit.table_melds or not may_meld_now(h, p):
            return ()
        out: list[Action] = []
        hand = h._hands[p]
        for i, t in enumerate(h._table):
            if not v.swap.borrows_from(own=t.owner == p, has_melded=h._melded[p]):
                continue
            for card in distinct(
                sorted(c for c, r in zip(t.meld.cards, t.meld.represents, strict=True) if c == r)
            ):
                left = minus(t.meld.cards, (card,))
                assert left is not None
                if h._kit.classify(tuple(sorted(left)), None, h._wild) is None:
                    continue
                pool = tuple(sorted([*hand, card]))
                for m in h._kit.options(pool, h._wild):
                    if card not in m.cards:
                        continue
                    rest = minus(pool, m.cards)
                    if rest is not None and exit_ok(h, rest):
                        out.append(Borrow(card, i + 1, h._kit.group(m)))
        return out

    def fits(self, a: Action, b: Action) -> bool:
        assert isinstance(a, Borrow) and isinstance(b, Borrow)
        return a.card == b.card and a.source == b.source and group_fits(a.meld, b.meld)

    def unlisted(self, h: Hand, a: Action, listed: Sequence[Action]) -> Action | None:
        """Another designation of the wilds of a listed borrow's meld."""
        assert isinstance(a, Borrow)
        bare = Borrow(a.card, a.source, strip(a.meld))
        if not any(self.fits(bare, b) for b in listed):
            return None
        melds = melds_of(h, (a.meld,))
        if isinstance(melds, str):
            return None
        if needs_initial(h, h._current) and initial_ok(h, melds) is not None:
            return None
        canon = canonical_groups(h, (a.meld,))
        return None if canon is None else Borrow(a.card, a.source, canon[0])

    def reason(self, h: Hand, a: Action) -> Refusal | None:
        assert isinstance(a, Borrow)
        p = h._current
        if not 1 <= a.source <= len(h._table):
            return Refusal(
                f"there is no table meld #{a.source} ({len(h._table)} on the table)", "swap.borrow"
            )
        t = h._table[a.source - 1]
        if not h._v.swap.borrows_from(own=t.owner == p, has_melded=h._melded[p]):
            return Refusal(
                f"a card may not be borrowed from meld #{a.source} now (swap {h._v.swap.kind})", "swap.borrow"
            )
        return None

    def perform(self, h: Hand, a: Action) -> None:
        assert isinstance(a, Borrow)
        p = h._current
        t = h._table[a.source - 1]
        left = list(t.meld.cards)
        left.remove(a.card)
        rest = h._kit.classify(tuple(sorted(left)), None, h._wild)
        assert rest is not None
        h._table[a.source - 1] = TableMeld(t.owner, rest, tuple(x for x in t.laid if x[0] != a.card))
        insort(h._hands[p], a.card)
        meld_groups(h, (a.meld,))
        check_out(h)
