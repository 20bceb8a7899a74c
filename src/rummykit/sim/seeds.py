"""Seeds: each game's deal and each of its bots seeded from the master seed,
the game's index and the seat alone.
"""

from __future__ import annotations

import hashlib


def _derive(*parts: object) -> int:
    text = ":".join(str(p) for p in ("rummykit-sim", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` (from 0) of a simulation with master ``seed``.

    A pure function of its arguments (SHA-256, not Python's ``hash``), so it
    is the same in every process and on every run.

    >>> game_seed(0, 0) == game_seed(0, 0), game_seed(0, 0) != game_seed(0, 1)
    (True, True)
    >>> 0 <= game_seed(7, 3) < 2**32
    True
    """
    return _derive(seed, index)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot on ``seat`` in game ``index`` (random bots).

    >>> bot_seed(0, 0, 0) != bot_seed(0, 0, 1)
    True
    """
    return _derive(seed, index, "seat", seat)
