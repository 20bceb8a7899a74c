"""Difficulty levels: five bots from a beginner to the strongest built-in one.

The levels are built out of the greedy and search bots with a few knobs, so
that each plays every variant the way they do:

===== ============ ============================================================
level name         the bot
===== ============ ============================================================
1     beginner     greedy, with a beginner's habits: keeps its high cards
                   (throws the lowest card outside its melds), lays off only
                   to go out, keeps melds in hand until all but one card
                   meld; no look-ahead. Where a hand is won by declaring it
                   whole (Indian rummy), it plays for sets: picks up a
                   discard of a rank it holds even when the card makes no
                   meld, keeps such pairs and its jokers, and throws cards
                   without counting the sequences the declaration needs
2     casual       greedy, those habits in half its decisions; no look-ahead
3     steady       the greedy bot
4     strong       the search bot, 25 rollouts a decision
5     expert       the search bot, 100 rollouts a decision
===== ============ ============================================================

Levels 1 to 3 are greedy bots, 4 and 5 search bots; their strength comes
from rollout counts, not time, so a level plays the same moves for a seed on
any machine (a time cap of :data:`SAFETY_SECONDS` a decision only guards
against a slow machine). Where the search plays its default move without
rollouts (Gin, see :func:`~rummykit.bots.search_defaults.default_margin`),
levels 4 and 5 play alike.

``make_bot("search", v, seed, level=N)`` builds level N (1 to 5),
``make_bot("greedy", v, seed, level=N)`` the greedy levels (1 to 3); the
names ``level1`` to ``level5`` work wherever a bot name does
(``rummykit play --level N``, ``simulate --bots level1,level3``).

>>> import rummykit as rk
>>> from rummykit.bots import make_bot
>>> v = rk.load_variant("gin")
>>> [type(make_bot("search", v, 1, level=n)).__name__ for n in (1, 3, 5)]
['GreedyBot', 'GreedyBot', 'SearchBot']
>>> make_bot("search", v, 1, level=6)
Traceback (most recent call last):
...
rummykit.bots.base.BotError: level 6: the levels are 1 (beginner) to 5 (expert)
"""

from __future__ import annotations

from typing import Any

import attrs

from rummykit.bots.base import BotError
from rummykit.bots.greedy import GreedyBot
from rummykit.bots.search import SearchBot
from rummykit.variant import Variant

__all__ = ["LEVELS", "SAFETY_SECONDS", "Level", "level_bot"]

SAFETY_SECONDS = 30.0
"""The longest a search level thinks over one decision, whatever its
rollout count (far above what the counts take on a loaded machine)."""


@attrs.frozen
class Level:
    """One difficulty level: its name, the greedy bot's options, and the
    search bot's rollouts a decision (None: a greedy bot, no search)."""

    number: int
    name: str
    greedy: dict[str, Any] = attrs.field(factory=dict)
    iterations: int | None = None


LEVELS: dict[int, Level] = {
    1: Level(1, "beginner", {"beginner": 1.0, "lookahead": False}),
    2: Level(2, "casual", {"beginner": 0.5, "lookahead": False}),
    3: Level(3, "steady"),
    4: Level(4, "strong", iterations=25),
    5: Level(5, "expert", iterations=100),
}
"""The levels by number, weakest first."""


def _check(level: object) -> Level:
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise BotError(
            f"level {level!r}: the levels are 1 (beginner) to {max(LEVELS)} ({LEVELS[max(LEVELS)].name})"
        )
    return LEVELS[level]


def level_bot(
    variant: Variant, seed: int | None, level: int, *, base: str = "search"
) -> GreedyBot | SearchBot:
    """The bot of difficulty ``level`` (1 to 5) for ``variant``. ``base`` is
    the bot name it was asked under: ``"greedy"`` offers only the levels that
    do not search.

    >>> import rummykit as rk
    >>> v = rk.load_variant("straight")
    >>> level_bot(v, 1, 1).beginner, level_bot(v, 1, 3).beginner
    (1.0, 0.0)
    >>> level_bot(v, 1, 4, base="greedy")
    Traceback (most recent call last):
    ...
    rummykit.bots.base.BotError: level 4 (strong) searches: make it with make_bot("search", ..., level=4)
    """
    chosen = _check(level)
    if chosen.iterations is None:
        return GreedyBot(variant, seed, **chosen.greedy)
    if base == "greedy":
        raise BotError(
            f'level {level} ({chosen.name}) searches: make it with make_bot("search", ..., level={level})'
        )
    return SearchBot(variant, seed, iterations=chosen.iterations, think=SAFETY_SECONDS)


def level_factory(level: int) -> Any:
    """The factory ``f(variant, seed)`` of the bot name ``level<N>``."""
    _check(level)

    def make(variant: Variant, seed: int | None = None, **options: Any) -> GreedyBot | SearchBot:
        if options:
            raise BotError(f"bot level{level} takes no options, got {', '.join(sorted(options))}")
        return level_bot(variant, seed, level)

    make.__name__ = f"level{level}"
    return make
