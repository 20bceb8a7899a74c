"""The random sources of a hand's reshuffles: the operating system's entropy
(:class:`OsShuffle`, an unseeded hand's) and a caller's source (an
operator's certified RNG).

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

import random
import secrets
from collections import Counter
from collections.abc import MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

from rummykit.cards import parse_cards, short_repr
from rummykit.errors import ArgumentError, RecordError, RummyError

__all__ = ["OsShuffle", "RandomSource", "SourceShuffle", "check_source", "source_shuffle"]


class OsShuffle(random.Random):
    """The random source of an unseeded hand: every shuffle (the stock rebuilt
    from the discard pile) draws from the operating system's entropy, and its
    result is logged (as card text) for the hand's record. With ``replay``,
    the logged orders of a record are played back instead (checked to hold
    the same cards). Only ``shuffle`` is logged (the engine's one use of
    randomness after the deal); any other draw comes from a 256-bit seed of OS
    entropy that is never stored."""

    def __init__(self, log: list[str], replay: Sequence[str] | None = None) -> None:
        super().__init__(secrets.randbits(256))
        self.log = log
        self.replay = list(replay) if replay is not None else None

    def shuffle(self, x: Any) -> None:
        if self.replay is None:
            random.SystemRandom().shuffle(x)
        else:
            if not self.replay:
                raise RecordError("record: the hand reshuffles the stock more often than the record says")
            order = list(parse_cards(self.replay.pop(0)))
            if Counter(order) != Counter(x):
                raise RecordError("record: a recorded reshuffle does not hold the cards being shuffled")
            x[:] = order
        self.log.append(" ".join(map(str, x)))

    def copy_to(self, log: list[str]) -> OsShuffle:
        """An independent copy logging into ``log`` (for ``Hand.clone``)."""
        other = OsShuffle(log, self.replay)
        return other


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
