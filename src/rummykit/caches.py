"""Dropping the caches the library keeps between calls.

The meld solver, the engine and the bots remember what they have worked out
(the compiled rules of each variant and wild rank, the best arrangements of
hands already seen, the search's memos), so that a bot asking about hands
that differ by a card or two does not search again. Every such cache is
bounded (bench/memory.py: a search bot playing Indian hands in
one process peaked at 392 MB after 250 hands and 428 MB after 400, where
250 hands took 1,025 MB before the bounds). A long-running program that wants the memory back
between games calls :func:`clear_caches`; what it drops is rebuilt on
demand, and no answer changes. A bot's own memos are dropped at the start of
each hand (``start_hand``).
"""

from __future__ import annotations

from rummykit.bots import greedy
from rummykit.engine import kit
from rummykit.melds import general_search, no_wilds, tables

__all__ = ["clear_caches"]


def clear_caches() -> None:
    """Drop every cache kept between calls: the compiled rules (with the
    solver's memos), the engine's per-variant kits and the bots' shared
    memos. Hands, matches and bots already made keep working (a hand keeps
    the kit it was dealt with until it is dropped).

    >>> import rummykit as rk
    >>> v = rk.load_variant("gin")
    >>> before = rk.min_deadwood(v, rk.parse_cards("2H 3H 4H 9S 9C KD"))
    >>> clear_caches()
    >>> rk.min_deadwood(v, rk.parse_cards("2H 3H 4H 9S 9C KD")) == before
    True
    """
    general_search.clear_memos()
    tables.clear_rules()
    kit.clear_kits()
    no_wilds.clear_tables()
    greedy.clear_memos()
