"""Dealing from a caller's random source (an operator's certified RNG).

Any object with ``randbelow(n)`` (a uniform integer from 0 to n-1) will do:
the ``secrets`` module itself, a hardware RNG's driver, a certified
generator's client. :func:`source_shuffle` is the Fisher-Yates shuffle, one
``randbelow(i + 1)`` per position from the last down: every order of the
cards is equally likely when the source is uniform, with no modulo bias
(the source, not rummykit, turns random bits into a number below ``n``).

>>> import secrets
>>> cards = list(range(10))
>>> source_shuffle(secrets, cards)
>>> sorted(cards) == list(range(10))
True
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, Protocol, TypeVar

from rummykit.cards import short_repr
from rummykit.engine.deal import OsShuffle
from rummykit.errors import ArgumentError, RummyError

__all__ = ["RandomSource", "SourceShuffle", "check_source", "source_shuffle"]

T = TypeVar("T")


class RandomSource(Protocol):
    """What ``new_hand(..., rng=source)`` needs: ``randbelow(n)``, uniform on 0..n-1."""

    def randbelow(self, n: int, /) -> int: ...


def check_source(source: object) -> RandomSource:
    """``source`` when it has a callable ``randbelow``, else :class:`~rummykit.ArgumentError`."""
    if not callable(getattr(source, "randbelow", None)):
        raise ArgumentError(f"new_hand: rng must have a randbelow(n) method, got {short_repr(source)}")
    return source  # type: ignore[return-value]


def source_shuffle(source: RandomSource, x: MutableSequence[T]) -> None:
    """Shuffle ``x`` in place with ``source.randbelow`` (Fisher-Yates).

    Raises :class:`~rummykit.RummyError` when the source answers anything but
    an integer from 0 to n-1 (a broken source must not deal a biased hand).
    """
    for i in range(len(x) - 1, 0, -1):
        j = source.randbelow(i + 1)
        if type(j) is not int or not 0 <= j <= i:
            raise RummyError(f"rng.randbelow({i + 1}) returned {short_repr(j)}: not an integer from 0 to {i}")
        x[i], x[j] = x[j], x[i]


class SourceShuffle(OsShuffle):
    """The random source of a hand dealt from a caller's source: every later
    shuffle (the stock rebuilt from the discard pile) draws from it too, and is
    logged for the record like an unseeded hand's."""

    def __init__(self, log: list[str], source: RandomSource) -> None:
        super().__init__(log)
        self.source = source

    def shuffle(self, x: Any) -> None:
        if self.replay is not None:  # pragma: no cover - a replayed hand plays back its record
            super().shuffle(x)
            return
        source_shuffle(self.source, x)
        self.log.append(" ".join(map(str, x)))

    def copy_to(self, log: list[str]) -> OsShuffle:
        return SourceShuffle(log, self.source)
