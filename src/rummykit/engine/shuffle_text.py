"""The shuffle state of a position as text: the ``rng`` field that
:func:`~rummykit.engine.position.position` writes and
:func:`~rummykit.engine.position.from_position` reads back, so that a rebuilt
hand reshuffles exactly as the original."""

from __future__ import annotations

import base64
import random
import re
import struct
from typing import Protocol

from rummykit.engine.deal import OsShuffle

__all__ = ["FieldReader", "read_shuffle_state", "shuffle_text"]

_TWIST = 624  # 32-bit words per Mersenne Twister block
_MAX_TWISTS = 4096  # how far a "SEED+WORDS" shuffle state is searched / advanced
_INT = re.compile(r"-?[0-9]+", re.ASCII)


class FieldReader(Protocol):
    """What reading the field needs of the position's reader."""

    def fail(self, key: str, message: str) -> Exception:
        """The error to raise for ``key``."""
        ...

    def integer(self, key: str, text: str, lo: int, hi: int) -> int:
        """``text`` as a whole number from ``lo`` to ``hi``."""
        ...


def _show(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "...")


def shuffle_text(rng: random.Random, seed: object) -> str:
    """The text of the ``rng`` field: ``os``, ``SEED+WORDS`` (the words drawn
    since ``random.Random(seed)``) or ``mt:STATE`` (the whole state).

    >>> import random
    >>> r = random.Random(7)
    >>> _ = r.getrandbits(32 * 5)
    >>> shuffle_text(r, 7)
    '7+5'
    >>> shuffle_text(random.SystemRandom(), None)
    'os'
    """
    if isinstance(rng, random.SystemRandom | OsShuffle):
        # an unseeded hand (or one dealt from a caller's source) reshuffles from
        # entropy no text may hold: a hand rebuilt from it reshuffles from the OS
        return "os"
    state = rng.getstate()
    if seed is not None and isinstance(seed, int) and state[2] is None:
        words = _words_since(seed, state)
        if words is not None:
            return f"{seed}+{words}"
    raw = struct.pack("<625I", *state[1])
    text = "mt:" + base64.b64encode(raw).decode("ascii")
    return text if state[2] is None else f"{text}:{float(state[2])!r}"


def _words_since(seed: int, state: tuple[object, ...]) -> int | None:
    """How many 32-bit words ``random.Random(seed)`` must produce to reach ``state``."""
    mt = state[1]
    assert isinstance(mt, tuple)
    r = random.Random(seed)
    words = int(mt[-1]) % _TWIST
    if words:
        r.getrandbits(32 * words)
    for _ in range(_MAX_TWISTS):
        if r.getstate() == state:
            return words
        r.getrandbits(32 * _TWIST)
        words += _TWIST
    return None


def read_shuffle_state(text: str | None, r: FieldReader) -> tuple[int | None, random.Random]:
    """The seed (where the text gives one) and the generator of an ``rng``
    field's text (:func:`shuffle_text`); ``None`` or ``os``: the OS's
    entropy. Errors come from ``r.fail`` and name the field."""
    if text is None or text == "os":
        return None, random.SystemRandom()
    if text.startswith("mt:"):
        body, _, gauss = text[3:].partition(":")
        try:
            raw = base64.b64decode(body.encode("ascii"), validate=True)
            words = struct.unpack("<625I", raw)
            g = float(gauss) if gauss else None
        except (ValueError, struct.error, UnicodeEncodeError):
            raise r.fail(
                "rng", "a bad explicit shuffle state (expected mt: and 2500 bytes in base64)"
            ) from None
        if not 1 <= words[-1] <= _TWIST:
            raise r.fail("rng", "a bad explicit shuffle state (its index is out of range)")
        rng = random.Random()
        rng.setstate((3, words, g))
        return None, rng
    seed_text, plus, words_text = text.partition("+")
    if not plus:
        raise r.fail("rng", f"expected SEED+WORDS, mt:STATE or os, got {_show(text)}")
    if not _INT.fullmatch(seed_text) or len(seed_text) > 40:
        raise r.fail("rng", f"the seed must be a whole number, got {_show(seed_text)}")
    seed = int(seed_text)
    count = r.integer("rng", words_text, 0, _TWIST * _MAX_TWISTS)
    rng = random.Random(seed)
    while count > 0:
        step = min(count, _TWIST)
        rng.getrandbits(32 * step)
        count -= step
    return seed, rng
