"""The game engine: one state machine for every variant.

Public names (re-exported by :mod:`rummykit`): :func:`new_hand`,
:class:`Hand`, :func:`replay`, :func:`new_match`, :class:`Match`,
:func:`parse_action`, :class:`Phase`, :class:`View`, the action classes.

Modules: ``actions`` (actions and their notation), ``phase`` (phases, table
melds), ``state`` (the :class:`Hand`), ``deal`` (shuffled and stacked deals),
``legal`` (legal actions, phase by phase), ``play`` (refusing and applying
actions, turns, stock exhaustion, the end of a hand), ``ending`` (the
:class:`~rummykit.Ending` of a finished hand), ``view``, ``record`` (records
and replay), ``match`` (games of several hands), ``kit`` (per-variant tables
and solver caches). Every rule is asked of the variant's components.
"""

from rummykit.engine.actions import (
    Action,
    Borrow,
    Call,
    Declare,
    Discard,
    Draw,
    Drop,
    Knock,
    Layoff,
    MeldAction,
    Pass,
    Pick,
    Swap,
    Take,
    parse_action,
)
from rummykit.engine.deal import new_hand
from rummykit.engine.match import Match, new_match
from rummykit.engine.phase import Phase, TableMeld
from rummykit.engine.record import RecordError, replay
from rummykit.engine.resample import spoken_for, swap_hidden
from rummykit.engine.state import Hand
from rummykit.engine.view import View

__all__ = [
    "Action",
    "Borrow",
    "Call",
    "Declare",
    "Discard",
    "Draw",
    "Drop",
    "Hand",
    "Knock",
    "Layoff",
    "Match",
    "MeldAction",
    "Pass",
    "Phase",
    "Pick",
    "RecordError",
    "Swap",
    "TableMeld",
    "Take",
    "View",
    "new_hand",
    "new_match",
    "parse_action",
    "replay",
    "spoken_for",
    "swap_hidden",
]
