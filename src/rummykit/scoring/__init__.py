"""Settling one finished hand: :class:`Ending` in, :class:`Settlement` out.

:func:`settle` scores a hand from a description of how it ended: who went
out and how, the melds each seat has on the table, the cards left in each
hand, the knocker, and facts such as going rummy or penalties incurred. The
engine computes :attr:`rummykit.Hand.result` through it, and a scorekeeping
app can call it for a hand played with real cards.

Each scoring kind of ``v.scoring`` has one settling function, registered with
:func:`register_settlement` (custom scoring components register theirs).

A scorekeeper who counted at the table may give the counts instead of the
cards (``counts``: the value left in each hand; ``meld_totals``: the value
of each seat's melds; ``joker_counts``/``wild_counts``: the wilds the
winner used), and after a knock may ask for the defenders' best lay-offs
(``best_layoffs=True``) instead of listing them. A :class:`Settlement` gives
the net ``scores``, the ``payments`` behind them and what the numbers mean
(``units``); :func:`apply_settlement` adds a hand to running totals kept
outside a :class:`~rummykit.Match`.

An ending that cannot happen in the variant (more copies of a card than the
deck holds, an unknown seat, a count no hand can reach) is refused with a
:class:`~rummykit.RummyError` naming why.

>>> import rummykit as rk
>>> v = rk.load_variant("straight")
>>> s = rk.settle(v, rk.Ending(went_out=0, hands=[[], "KS 5D", "AH"]))
>>> s.scores, s.winners, s.units.value
((16, 0, 0), (0,), 'points')
>>> [str(p) for p in s.payments]
["seat 0 scores 15: seat 1's cards left in hand", "seat 0 scores 1: seat 2's cards left in hand"]
>>> rk.settle(v, rk.Ending(went_out=0, counts=[0, 15, 1])).scores
(16, 0, 0)
"""

from __future__ import annotations

# The settling functions register themselves on import.
from rummykit.scoring import (  # noqa: F401
    canasta,
    chips,
    indian,
    knock,
    melds_minus_hand,
    payments,
    stakes,
    winner_takes,
)
from rummykit.scoring.registry import Settler, register_settlement, settle
from rummykit.scoring.standing import Standing, apply_settlement
from rummykit.scoring.values import Ending, LaidOff, Payment, ScoreUnits, Settlement, Termination

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
