"""Ranking: where the ace stands in runs.

>>> r = StandardRanking(ace=Ace.EITHER)
>>> [" ".join(x.letter for x in seq) for seq in r.run_sequences(3) if Rank.ACE in seq]
['A 2 3', 'Q K A']
>>> StandardRanking(ace=Ace.AROUND).is_run((Rank.KING, Rank.ACE, Rank.TWO))
True
"""

from __future__ import annotations

from functools import cache

import attrs

from rummykit.caches import register_cache
from rummykit.cards import Rank
from rummykit.rules.base import Component, Kind, component, concern

__all__ = ["Ace", "Ranking", "StandardRanking"]


class Ace(Kind):
    """Where an ace may stand in a run."""

    LOW = "low"
    """Below the two only: A-2-3 yes, Q-K-A no."""
    HIGH = "high"
    """Above the king only: Q-K-A yes, A-2-3 no (Thai, Nowrang)."""
    EITHER = "either"
    """Low or high, but not both in one run, never K-A-2."""
    AROUND = "around"
    """Runs may turn the corner: K-A-2 is a run."""


@concern("ranking", default="standard")
class Ranking(Component):
    """Concern: the order of ranks in runs."""

    def run_sequences(self, length: int) -> tuple[tuple[Rank, ...], ...]:
        """Every rank sequence (lowest first) that forms a run of ``length``."""
        raise NotImplementedError

    def is_run(self, ranks: tuple[Rank, ...]) -> bool:
        """Whether ``ranks`` in this order are consecutive under the ace rule."""
        return ranks in self.run_sequences(len(ranks))


@component
@attrs.frozen(kw_only=True)
class StandardRanking(Ranking):
    """Ranks A-K in their natural order; the ace rule picks the ace's places."""

    kind = "standard"
    summary = "Ranks in natural order; `ace` says where the ace may stand."

    ace: Ace = Ace.LOW
    """Where an ace may stand in a run: low, high, either or around."""

    def run_sequences(self, length: int) -> tuple[tuple[Rank, ...], ...]:
        return _sequences(self.ace, length)

    @property
    def top_position(self) -> int:
        """The highest position a run may reach (13 = king, 14 = high ace)."""
        return 13 if self.ace is Ace.LOW else 14


@cache
def _sequences(ace: Ace, length: int) -> tuple[tuple[Rank, ...], ...]:
    if length < 1 or length > 13:
        return ()
    out: list[tuple[Rank, ...]] = []
    if ace is Ace.AROUND:
        for s in range(13):
            out.append(tuple(Rank((s + i) % 13 + 1) for i in range(length)))
        return tuple(out)
    lo = 2 if ace is Ace.HIGH else 1
    hi = 13 if ace is Ace.LOW else 14
    for start in range(lo, hi - length + 2):
        positions = range(start, start + length)
        out.append(tuple(Rank(p if p <= 13 else 1) for p in positions))
    return tuple(out)


register_cache("rules.ranking.sequences", _sequences.cache_clear, lambda: _sequences.cache_info().currsize)
