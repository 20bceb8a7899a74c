"""Statistics of a simulation: confidence intervals, score distributions and
the first player's advantage.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Better than the normal approximation for small samples and proportions
    near 0 or 1, and it always contains the point estimate.

    >>> lo, hi = wilson_interval(60, 100)
    >>> f"{lo:.4f} {hi:.4f}"
    '0.5020 0.6906'
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..1) of sorted values."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(q * len(sorted_values)))
    return float(sorted_values[rank - 1])


@attrs.frozen(kw_only=True)
class Distribution:
    """Summary of a list of numbers: count, mean, sample standard deviation,
    min, median, 90th percentile (nearest rank) and max.

    >>> d = Distribution.of([3, 1, 2, 10])
    >>> d.count, d.mean, d.median, d.p90, d.min, d.max
    (4, 4.0, 2.5, 10.0, 1.0, 10.0)
    """

    count: int
    mean: float
    stdev: float
    min: float
    median: float
    p90: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Distribution:
        """The distribution of ``values`` (all zeros for an empty list)."""
        if not values:
            return cls(count=0, mean=0.0, stdev=0.0, min=0.0, median=0.0, p90=0.0, max=0.0)
        ordered = sorted(values)
        return cls(
            count=len(values),
            mean=statistics.fmean(values),
            stdev=statistics.stdev(values) if len(values) > 1 else 0.0,
            min=float(ordered[0]),
            median=float(statistics.median(ordered)),
            p90=_percentile(ordered, 0.9),
            max=float(ordered[-1]),
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Distribution:
        """Read :meth:`to_json` output."""
        return cls(
            count=int(data["count"]),
            **{k: float(data[k]) for k in ("mean", "stdev", "min", "median", "p90", "max")},
        )


@attrs.frozen(kw_only=True)
class FirstPlayerAdvantage:
    """How much the seat that acts first in a hand gains.

    Counted over the hands that have a single winner (``decided``): ``wins``
    of them were won by the seat that acted first. ``rate`` is
    ``wins / decided``; ``advantage`` is ``rate - fair_share`` where
    ``fair_share = 1 / players``; ``low`` and ``high`` bound the advantage
    with 95% confidence (the Wilson score interval of the rate, minus the
    fair share). With no decided hand, ``rate`` and ``advantage`` are None.
    In match mode every hand of every match counts.
    """

    decided: int
    wins: int
    fair_share: float
    rate: float | None
    advantage: float | None
    low: float
    high: float
    method: str = "wilson"

    @classmethod
    def of(cls, wins: int, decided: int, players: int) -> FirstPlayerAdvantage:
        """The advantage from ``wins`` out of ``decided`` hands among ``players``.

        >>> a = FirstPlayerAdvantage.of(60, 100, 2)
        >>> round(a.advantage, 2), a.low <= a.advantage <= a.high
        (0.1, True)
        """
        fair = 1 / players
        lo, hi = wilson_interval(wins, decided)
        rate = wins / decided if decided else None
        return cls(
            decided=decided,
            wins=wins,
            fair_share=fair,
            rate=rate,
            advantage=None if rate is None else rate - fair,
            low=lo - fair,
            high=hi - fair,
        )

    @property
    def significant(self) -> bool:
        """Whether the 95% interval excludes zero advantage."""
        return self.decided > 0 and (self.low > 0 or self.high < 0)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FirstPlayerAdvantage:
        """Read :meth:`to_json` output."""
        return cls(**dict(data))
