"""How many cards a hand lacks of the runs a declaration requires (Indian
rummy: two runs, one of them pure), for the greedy bot's discard choice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rummykit.cards import Card, Rank
from rummykit.variant import Variant

__all__ = ["RunRequirement", "clear_requirements"]


class RunRequirement:
    """How many cards a hand lacks of the runs a declaration requires
    (``going_out.min_runs``, ``min_pure_runs``), where the least deadwood
    alone does not see them: the variant has sets, or a pure run is needed.

    Counted greedily: the pure runs first, each in the suit window of
    ``run_min`` ranks that holds the most natural cards, then the other runs,
    their gaps filled by the hand's wilds (a card of a wild rank counts as a
    wild only). Memoised by the hand's natural-card masks and wild count,
    shared by the bots of one variant object.
    """

    _made: ClassVar[dict[int, tuple[Variant, RunRequirement | None]]] = {}

    def __init__(self, runs: int, pure: int, windows: tuple[int, ...], size: int) -> None:
        self.runs = runs
        self.pure = pure
        self.windows = windows
        self.size = size
        self.memo: dict[tuple[int, ...], int] = {}
        self.best: dict[int, tuple[int, int]] = {}

    @classmethod
    def of(cls, v: Variant | None) -> RunRequirement | None:
        """The variant's requirement, or None where there is nothing to count."""
        if v is None:
            return None
        found = cls._made.get(id(v))
        if found is None or found[0] is not v:
            if len(cls._made) > 32:
                cls._made.clear()
            found = cls._made[id(v)] = (v, cls._build(v))
        return found[1]

    @classmethod
    def _build(cls, v: Variant) -> RunRequirement | None:
        runs, pure = v.going_out.run_requirement()
        runs = max(runs, pure)
        melds = v.melds
        run_sizes = [k for k in range(2, 14) if melds.run_size_ok(k)]
        has_sets = any(melds.set_size_ok(k) for k in range(2, 9))
        if runs <= 0 or not run_sizes or not (pure or has_sets):
            return None
        size = run_sizes[0]
        windows = tuple(sum(1 << (int(r) - 1) for r in seq) for seq in v.ranking.run_sequences(size))
        return cls(runs, pure, windows, size) if windows else None

    @staticmethod
    def masks(hand: Iterable[Card], wild: frozenset[Rank]) -> tuple[list[int], list[int], int]:
        """Per suit, the ranks held once or more and twice or more (bit
        ``rank - 1``), and the number of wilds."""
        one = [0, 0, 0, 0]
        two = [0, 0, 0, 0]
        wilds = 0
        for c in hand:
            if c.rank is None or c.rank in wild:
                wilds += 1
                continue
            s, b = divmod(c.code, 13)
            bit = 1 << b
            if one[s] & bit:
                two[s] |= bit
            else:
                one[s] |= bit
        return one, two, wilds

    def missing(self, hand: Iterable[Card], without: Card | None, wild: frozenset[Rank]) -> int:
        """Cards lacking from ``hand`` less one copy of ``without``."""
        return self.missing_from(self.masks(hand, wild), without, wild)

    def missing_from(
        self, masks: tuple[list[int], list[int], int], without: Card | None, wild: frozenset[Rank]
    ) -> int:
        """:meth:`missing` from the hand's :meth:`masks`."""
        one, two, wilds = masks
        one = list(one)
        two = list(two)
        if without is not None:
            if without.rank is None or without.rank in wild:
                wilds -= 1
            else:
                s, b = divmod(without.code, 13)
                bit = 1 << b
                if two[s] & bit:
                    two[s] ^= bit
                else:
                    one[s] &= ~bit
        key = (*one, *two, wilds)
        found = self.memo.get(key)
        if found is None:
            found = self._count(one, two, wilds)[0]
            if len(self.memo) > 200_000:
                self.memo.clear()
            self.memo[key] = found
        return found

    def missing_each(
        self, masks: tuple[list[int], list[int], int], cards: Iterable[Card], wild: frozenset[Rank]
    ) -> dict[Card, int]:
        """:meth:`missing_from` for each of ``cards`` (one copy of it taken
        out), counting again only where the count can change.

        A natural card that none of the runs chosen for the whole hand uses
        leaves the same choices, so the same count: every other window only
        loses cards when it goes, and the first fullest window still comes
        first. Only the cards those runs use, and a wild, are counted again.
        """
        one, two, wilds = masks
        base, used = self._count(list(one), list(two), wilds)
        out: dict[Card, int] = {}
        for c in cards:
            if c in out:
                continue
            if c.rank is not None and c.rank not in wild:
                s, b = divmod(c.code, 13)
                if not used[s] >> b & 1:
                    out[c] = base
                    continue
            out[c] = self.missing_from(masks, c, wild)
        return out

    def _window(self, m: int) -> tuple[int, int]:
        """The most ranks of mask ``m`` in one window, and that window."""
        found = self.best.get(m)
        if found is None:
            found = (0, 0)
            for w in self.windows:
                k = (m & w).bit_count()
                if k > found[0]:
                    found = (k, w)
            self.best[m] = found
        return found

    def _count(self, one: list[int], two: list[int], wilds: int) -> tuple[int, list[int]]:
        """The cards lacking, and per suit the ranks the chosen runs use."""
        lacking = 0
        uses = [0, 0, 0, 0]
        for i in range(self.runs):
            best, where, suit = 0, 0, 0
            for s in range(4):
                if one[s]:
                    k, w = self._window(one[s])
                    if k > best:
                        best, where, suit = k, w, s
            need = self.size - best
            if i >= self.pure:
                use = min(need, wilds)
                wilds -= use
                need -= use
            lacking += need
            if best:
                used = one[suit] & where
                uses[suit] |= used
                one[suit] = (one[suit] & ~used) | (two[suit] & used)
                two[suit] &= ~used
        return lacking, uses


def clear_requirements() -> None:
    """Forget the requirements made for each variant object."""
    RunRequirement._made.clear()
