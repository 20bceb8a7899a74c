"""Search bots whose rollouts play like the real greedy bot, for ``bench/bots.py vs``.

    PYTHONPATH=bench python bench/bots.py vs --other greedyroll:GreedyRoll --games 100 --duplicate --jobs 1 gin

The search bot's rollouts play every seat with :func:`rummykit.bots.search.fast_choice`,
a quick version of the greedy bot's priorities (one solver call a turn). It
is not the greedy bot: ``python bench/fidelity.py`` counts where the two
differ (in Gin the rollout players take 63% more upcards than the
greedy bot would, and throw another card than it in 37% of its discards).
These subclasses make the rollouts faithful to the real opponent, at about
two to three times the cost of a rollout (bench/RESULTS.md, round 18):

- ``GreedyRoll``: the other seats play :class:`rummykit.GreedyBot` itself
  in the rollouts (the seat keeps the fast policy);
- ``GreedyRollAll``: every seat does;
- ``GreedyRollAllEnd``: every seat does, each rollout to the end of the hand;
- ``GreedyRollAllReplay``: the same, the opponent's hand drawn by the
  replay chain (round 23: 48.0% of 50 Gin deals at 1 s, no better than the
  search bot).

Each thinks 1 s a decision unless told otherwise. Not fair players in any
sense beyond the search bot's: they only model the opponent better.
"""

from __future__ import annotations

import random
from typing import Any

import rummykit as rk
from rummykit.bots import GreedyBot, SearchBot
from rummykit.bots.search import MARGIN
from rummykit.engine import Hand


class GreedyRoll(SearchBot):
    """The search bot with the greedy bot playing the other seats' rollout moves."""

    every_seat = False

    def __init__(self, variant: rk.Variant, seed: int | None = None, **kw: Any) -> None:
        kw.setdefault("think", 1.0)
        kw.setdefault("margin", MARGIN)  # a search experiment: it searches in Gin too
        super().__init__(variant, seed, **kw)
        self._player = GreedyBot(variant, seed=self.rng.getrandbits(32))

    def _rollout(self, h: Hand, seat: int, rng: random.Random, deadline: float | None = None) -> float | None:
        self._seat = seat  # the seat whose rollout this is, for _fast
        return super()._rollout(h, seat, rng, deadline)

    def _fast(self, h: Hand, p: int, legal: tuple[rk.Action, ...], rng: random.Random) -> rk.Action:
        if p != self._seat or self.every_seat:
            self._player.rng.seed(rng.getrandbits(32))
            return self._player.choose(h.view(p))
        return super()._fast(h, p, legal, rng)


class GreedyRollAll(GreedyRoll):
    """The search bot with the greedy bot playing every seat's rollout moves."""

    every_seat = True


class GreedyRollAllEnd(GreedyRollAll):
    """:class:`GreedyRollAll` playing every rollout to the end of the hand
    (``horizon=None``): each candidate is valued as "this move, then the
    greedy bot's play" against the greedy bot (round 23)."""

    def __init__(self, variant: rk.Variant, seed: int | None = None, **kw: Any) -> None:
        kw.setdefault("horizon", None)
        super().__init__(variant, seed, **kw)


class GreedyRollAllReplay(GreedyRollAllEnd):
    """:class:`GreedyRollAllEnd` with the opponent's hidden cards drawn by the
    replay chain over its play (``replay=240``; round 23)."""

    def __init__(self, variant: rk.Variant, seed: int | None = None, **kw: Any) -> None:
        kw.setdefault("replay", 240)
        super().__init__(variant, seed, **kw)
