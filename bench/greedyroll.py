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
- ``FastTake``: the fast policy, but an upcard is taken by the greedy bot's
  rule (it is wild, or it makes a meld with two natural cards of the hand).

Each thinks 1 s a decision unless told otherwise. Not fair players in any
sense beyond the search bot's: they only model the opponent better.
"""

from __future__ import annotations

import random
from typing import Any

import rummykit as rk
from rummykit.bots import GreedyBot, SearchBot
from rummykit.engine import Call, Declare, Draw, Hand, Layoff, MeldAction, Pick, Take


class GreedyRoll(SearchBot):
    """The search bot with the greedy bot playing the other seats' rollout moves."""

    every_seat = False

    def __init__(self, variant: rk.Variant, seed: int | None = None, **kw: Any) -> None:
        kw.setdefault("think", 1.0)
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


class FastTake(SearchBot):
    """The search bot whose fast rollout players take an upcard by the greedy
    bot's rule: wild, or a meld with two natural cards of the hand."""

    def __init__(self, variant: rk.Variant, seed: int | None = None, **kw: Any) -> None:
        kw.setdefault("think", 1.0)
        super().__init__(variant, seed, **kw)

    def _fast(self, h: Hand, p: int, legal: tuple[rk.Action, ...], rng: random.Random) -> rk.Action:
        plain = draw = None
        for a in legal:
            if isinstance(a, Declare | Call | MeldAction | Layoff) or (
                isinstance(a, Take | Pick) and a.then is not None
            ):
                return super()._fast(h, p, legal, rng)
            if isinstance(a, Take) and a.depth == 1 and not a.and_draw:
                plain = a
            elif isinstance(a, Draw):
                draw = a
        pile = h.discard_pile
        if plain is not None and draw is not None and pile and h.stock_count > 0:
            top, wild, deck = pile[-1], h.wild_ranks, self.variant.deck
            if deck.is_wild(top, wild):
                return plain
            natural = [c for c in h.hand_of(p) if c.rank is not None and not deck.is_wild(c, wild)]
            return plain if self._melds_two(top, natural, wild) else draw
        return super()._fast(h, p, legal, rng)
