"""Dropping the caches the library keeps between calls.

The meld solver, the engine, the settlement and the bots remember what they
have worked out (the compiled rules of each variant and wild rank, the best
arrangements of hands already seen, the search's memos, each variant's
shoe), so that a bot asking about hands that differ by a card or two does
not search again. Every such cache is bounded, and registered here by the
module that keeps it (:func:`register_cache`). A long-running program that
wants the memory back between games calls :func:`clear_caches`; what it
drops is rebuilt on demand, and no answer changes. A bot's own memos are
dropped at the start of each hand (``start_hand``).

A module not imported yet has no cache to drop, so this module imports none
of them: it sits at the bottom of the layers, and each cache joins the
registry when its module is first imported.

>>> import rummykit as rk
>>> v = rk.load_variant("gin")
>>> before = rk.min_deadwood(v, rk.parse_cards("2H 3H 4H 9S 9C KD"))
>>> sum(cache_sizes().values()) > 0
True
>>> clear_caches()
>>> sum(cache_sizes().values())
0
>>> rk.min_deadwood(v, rk.parse_cards("2H 3H 4H 9S 9C KD")) == before
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

__all__ = ["cache_sizes", "clear_caches", "register_cache", "register_store", "unregister_cache"]


class _Store(Protocol):
    def clear(self) -> None: ...

    def __len__(self) -> int: ...


_CACHES: dict[str, tuple[Callable[[], None], Callable[[], int]]] = {}


def register_cache(name: str, clear: Callable[[], None], size: Callable[[], int]) -> None:
    """Register a cache under ``name`` (its module and what it holds, such as
    ``"melds.tables.rules"``): ``clear()`` empties it, ``size()`` counts its
    entries. Registering a name again replaces it (a module reloaded).

    >>> memo: dict[int, int] = {1: 1}
    >>> register_cache("doc.example", memo.clear, memo.__len__)
    >>> cache_sizes()["doc.example"]
    1
    >>> clear_caches(); memo
    {}
    >>> unregister_cache("doc.example")
    """
    _CACHES[name] = (clear, size)


def register_store(name: str, *stores: _Store) -> None:
    """Register containers (dicts, lists, sets) that are a cache as they are:
    clearing empties each, the size is their total length."""

    def clear() -> None:
        for store in stores:
            store.clear()

    register_cache(name, clear, lambda: sum(len(s) for s in stores))


def unregister_cache(name: str) -> None:
    """Forget the cache registered under ``name`` (nothing if there is none)."""
    _CACHES.pop(name, None)


def cache_sizes() -> dict[str, int]:
    """The entries each registered cache holds now, by name."""
    return {name: size() for name, (_, size) in sorted(_CACHES.items())}


def clear_caches() -> None:
    """Drop every cache kept between calls: the compiled rules (with the
    solver's memos), the engine's per-variant kits, the shoes the settlement
    checks endings against, the bots' shared memos. Hands, matches and bots
    already made keep working (a hand keeps the kit it was dealt with until
    it is dropped).
    """
    for clear, _ in list(_CACHES.values()):
        clear()
