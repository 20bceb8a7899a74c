"""Settling one finished hand: the names of :mod:`rummykit.scoring`, kept
importable from here (``from rummykit.settlement import settle``).

>>> from rummykit.settlement import Ending, settle
>>> import rummykit as rk
>>> settle(rk.load_variant("straight"), Ending(went_out=0, counts=[0, 15, 1])).scores
(16, 0, 0)
"""

from __future__ import annotations

from rummykit.scoring import (
    Ending,
    LaidOff,
    Payment,
    ScoreUnits,
    Settlement,
    Settler,
    Standing,
    Termination,
    apply_settlement,
    register_settlement,
    settle,
)

__all__ = [
    "Ending",
    "LaidOff",
    "Payment",
    "ScoreUnits",
    "Settlement",
    "Settler",
    "Standing",
    "Termination",
    "apply_settlement",
    "register_settlement",
    "settle",
]
