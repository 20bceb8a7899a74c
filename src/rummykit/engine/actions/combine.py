"""``combine 3 into 1``: join two of the side's melds of one rank into one.

Where the variant's ``melds`` component lets a side hold several melds of a
rank and combine them (kind ``canasta`` with ``one_per_rank = false`` and
``combine = true``: Samba), the current player, in the play of a turn, puts
the cards of the side's table meld 3 onto its meld 1 of the same rank; the
melds after 3 move up one number. The later meld goes into the earlier one:
``combine 1 into 3`` names the same join as ``combine 3 into 1``. The meld
that results keeps to the meld rules (at most ``max_wilds`` wild cards).

>>> import rummykit as rk
>>> str(rk.parse_action("combine 3 into 1"))
'combine 3 into 1'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.engine.kind import ListedKind, Refusal
from rummykit.engine.notation import Action, bad_text, parse_number
from rummykit.engine.phase import Phase, TableMeld

if TYPE_CHECKING:
    from rummykit.engine.meld_memo import Kit
    from rummykit.engine.state import Hand

__all__ = ["Combine", "CombineKind", "combine_reason"]


@attrs.frozen(repr=False, cache_hash=True)
class Combine(Action):
    """Put the cards of table meld ``source`` onto table meld ``target``."""

    source: int
    target: int
    word = "combine"
    order = 14

    def __str__(self) -> str:
        return f"combine {self.source} into {self.target}"


def _combines(kit: Kit) -> bool:
    m = kit.v.melds
    return kit.side_rank and bool(getattr(m, "combine", False)) and not getattr(m, "one_per_rank", True)


def combine_reason(h: Hand, a: Combine) -> str | None:
    """Why the current player may not combine ``a.source`` into ``a.target``
    (None: it may)."""
    from rummykit.engine.side_melds import counts, meld_rank, rules
    from rummykit.engine.side_runs import is_run_meld

    n = len(h._table)
    for i in (a.source, a.target):
        if not 1 <= i <= n:
            return f"there is no table meld #{i} ({n} on the table)"
    if a.source == a.target:
        return "a meld is combined with another one"
    p = h._current
    side = h._kit.sides(h._n)[p]
    s, t = h._table[a.source - 1], h._table[a.target - 1]
    if s.owner not in side or t.owner not in side:
        return "a player combines only the side's own melds"
    if is_run_meld(s) or is_run_meld(t):
        return "runs are not combined: only melds of one rank"
    rank = meld_rank(h, t)
    if rank is None or meld_rank(h, s) is not rank:
        return f"melds #{a.source} and #{a.target} are not of one rank"
    nat, wild = counts(h, (*s.meld.cards, *t.meld.cards))
    r = rules(h)
    if not r.meld_ok(naturals=nat, wilds=wild):
        return f"the combined meld would hold too many wild cards (at most {r.max_wilds})"
    return None


class CombineKind(ListedKind):
    """The ``combine`` kind (see the module documentation)."""

    action = Combine
    words = ("combine",)
    keywords = ("into",)
    phases = frozenset({Phase.PLAY})
    rule = "melds.combine"

    def in_variant(self, kit: Kit) -> bool:
        return _combines(kit)

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if len(rest) != 3 or rest[1] != "into":
            raise bad_text(text, "expected 'combine N into M'")
        return Combine(
            parse_number(rest[0], text, "a table meld number"),
            parse_number(rest[2], text, "a table meld number"),
        )

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        if not _combines(h._kit):
            return ()
        from rummykit.engine.side_melds import meld_rank, side_melds

        by_rank: dict[object, list[int]] = {}
        for i, t in side_melds(h, h._current):
            rank = meld_rank(h, t)
            if rank is not None:
                by_rank.setdefault(rank, []).append(i)
        out: list[Action] = []
        for same in by_rank.values():
            for j, into in enumerate(same):
                for other in same[j + 1 :]:  # the later meld goes into the earlier one
                    a = Combine(other, into)
                    if combine_reason(h, a) is None:
                        out.append(a)
        return sorted(out, key=lambda a: (a.target, a.source) if isinstance(a, Combine) else (0, 0))

    def fits(self, a: Action, b: Action) -> bool:
        return a == b

    def unlisted(self, h: Hand, a: Action, listed: Sequence[Action]) -> Action | None:
        """``combine 1 into 3`` names the listed join ``combine 3 into 1``
        (the later meld always goes into the earlier one)."""
        assert isinstance(a, Combine)
        if not _combines(h._kit) or combine_reason(h, a) is not None:
            return None
        return Combine(max(a.source, a.target), min(a.source, a.target))

    def reason(self, h: Hand, a: Action) -> Refusal | None:
        assert isinstance(a, Combine)
        if not _combines(h._kit):
            return Refusal("melds are not combined here (melds.combine)", "melds.combine")
        text = combine_reason(h, a)
        return Refusal(text, "melds.combine") if text else None

    def perform(self, h: Hand, a: Action) -> None:
        assert isinstance(a, Combine)
        from rummykit.engine.side_melds import make_meld

        s, t = h._table[a.source - 1], h._table[a.target - 1]
        base = list(s.meld.cards)
        for c, _ in s.laid:
            base.remove(c)
        laid = (*t.laid, *((c, s.owner) for c in base), *s.laid)  # who laid each card of the meld joined
        h._table[a.target - 1] = TableMeld(t.owner, make_meld(h, (*t.meld.cards, *s.meld.cards)), laid)
        del h._table[a.source - 1]
