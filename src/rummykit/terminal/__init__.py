"""Playing in the terminal: ``rummykit play`` and ``rummykit replay``.

The people at the keyboard play one seat (seat 0 by default, ``--seat``) or
several (hot-seat: they pass the terminal between turns); the other seats are
bots. Before each of a person's moves the screen shows what happened since
their last move, the table melds with their numbers (as used by ``layoff 9H
on 2``), the discard pile (as much of it as may be taken), the stock, the
opponents' hand sizes, the person's hand (sorted by suit or by rank, with its
best melds and deadwood) and the legal actions, numbered. After a knock, the
defender sees the knocker's melds and deadwood. The person types a number or
an action in rummykit notation (``discard QS``); a refused action prints the
rule's reason and the verbs allowed now, and asks again. Screen commands:
``help``, ``hint`` (the greedy bot's suggestion), ``sort``, ``undo`` (practice
against bots), ``show``, ``quit``. Giving up the hand (``drop``) asks for
confirmation. A session can be saved (``--save``) and resumed (``--resume``).

Output goes through :mod:`rich`: colours in a terminal, plain text otherwise;
lines are wrapped between cards, never inside one. Suits show as symbols
(``7♥``) where the terminal can print them; records stay in ASCII notation.
Built only on the public API.
"""

from __future__ import annotations

from rummykit.terminal.base import Turn
from rummykit.terminal.replay import print_replay
from rummykit.terminal.saving import MAX_RECORD_FILE, read_records, read_session
from rummykit.terminal.session import PlaySession, stdin_is_tty
from rummykit.terminal.text import (
    SESSION_FORMAT,
    SESSION_VERSION,
    cards_text,
    encodes,
    meld_text,
    symbolize,
    symbols_by_default,
    wrap,
)

__all__ = [
    "MAX_RECORD_FILE",
    "PlaySession",
    "SESSION_FORMAT",
    "SESSION_VERSION",
    "Turn",
    "cards_text",
    "encodes",
    "meld_text",
    "print_replay",
    "read_records",
    "read_session",
    "stdin_is_tty",
    "symbolize",
    "symbols_by_default",
    "wrap",
]
