"""The game engine: one state machine for every variant.

Public names (re-exported by :mod:`rummykit`): :func:`new_hand`,
:class:`Hand`, :func:`replay`, :func:`new_match`, :class:`Match`,
:func:`parse_action`, :class:`Phase`, :class:`View`, the action classes.

Modules, each importing only those listed before it: ``notation`` (the
action base and meld notation), ``phase`` (phases, table melds),
``meld_memo`` (per-variant tables and solver caches), ``conditions`` (what
several kinds ask of a hand), ``turn`` (starting turns, ending the hand),
``kind`` (what an action kind is), ``actions`` (one module per action kind,
and the registry that lists, checks and applies them), ``state`` (the
:class:`Hand`), ``deal``, ``ending`` (the :class:`~rummykit.Ending` of a
finished hand), ``view``, ``position``, ``record`` (records and replay),
``resample``, ``permission`` (the partner's permission to go out, and
:func:`out_line`, the plays that go out this turn), ``serialization`` (views, actions, records as JSON-ready
data), ``match`` (games of several hands). Every rule is asked of the
variant's components.
"""

from rummykit.engine.actions import (
    Action,
    Ask,
    Borrow,
    Buy,
    Call,
    Combine,
    Declare,
    Discard,
    Draw,
    Drop,
    Fight,
    Fold,
    Knock,
    Layoff,
    MeldAction,
    No,
    Pass,
    Pick,
    Pickup,
    Swap,
    Take,
    Yes,
    parse_action,
)
from rummykit.engine.deal import new_hand
from rummykit.engine.match import Match, new_match
from rummykit.engine.out_line import out_line
from rummykit.engine.phase import Phase, TableMeld
from rummykit.engine.record import RecordError, replay
from rummykit.engine.resample import spoken_for, swap_hidden, with_stock
from rummykit.engine.state import Hand
from rummykit.engine.view import View

__all__ = [
    "Action",
    "Ask",
    "Borrow",
    "Buy",
    "Call",
    "Combine",
    "Declare",
    "Discard",
    "Draw",
    "Drop",
    "Fight",
    "Fold",
    "Hand",
    "Knock",
    "Layoff",
    "Match",
    "MeldAction",
    "No",
    "Pass",
    "Phase",
    "Pick",
    "Pickup",
    "RecordError",
    "Swap",
    "TableMeld",
    "Take",
    "View",
    "Yes",
    "new_hand",
    "new_match",
    "out_line",
    "parse_action",
    "replay",
    "spoken_for",
    "swap_hidden",
    "with_stock",
]
