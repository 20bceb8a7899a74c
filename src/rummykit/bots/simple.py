"""Deprecated: the simple bots now live in :mod:`rummykit.bots.greedy`
(:class:`~rummykit.bots.GreedyBot`) and :mod:`rummykit.bots.random_bot`
(:class:`~rummykit.bots.RandomBot`); import them from there (or from
:mod:`rummykit.bots`). Importing this module warns (DeprecationWarning)."""

from __future__ import annotations

import warnings

from rummykit.bots.greedy import (
    HORIZON_TURNS,
    KNOCK_HORIZON_TURNS,
    GreedyBot,
    clear_memos,
)
from rummykit.bots.greedy_discard import REQUIREMENT_WEIGHT, STALL_TURNS
from rummykit.bots.random_bot import RandomBot

__all__ = [
    "HORIZON_TURNS",
    "KNOCK_HORIZON_TURNS",
    "REQUIREMENT_WEIGHT",
    "STALL_TURNS",
    "GreedyBot",
    "RandomBot",
    "clear_memos",
]

warnings.warn(
    "rummykit.bots.simple is deprecated: import GreedyBot from rummykit.bots.greedy and RandomBot from "
    "rummykit.bots.random_bot (or both from rummykit.bots)",
    DeprecationWarning,
    stacklevel=2,
)
