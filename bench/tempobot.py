"""The search bot's default move as a bot of its own, for ``bench/bots.py vs``.

    python bench/bots.py vs --other tempobot:TempoBot --games 2000 straight

(bench/ is on the path of its scripts). ``TempoBot`` plays
:meth:`rummykit.SearchBot.default` with no rollouts: the greedy bot's choice
through :meth:`~rummykit.SearchBot.tempo` where going out ends the hand (the
discard leaving the fewest unmelded cards, then the most outs) and
:meth:`~rummykit.SearchBot.race` where a knock limit does (``racebot.py``).
"""

from __future__ import annotations

import rummykit as rk
from rummykit.bots import SearchBot


class TempoBot:
    """``SearchBot(variant, seed).default``: the search bot's default move."""

    def __init__(self, variant: rk.Variant, seed: int | None = None) -> None:
        self.search = SearchBot(variant, seed=seed, iterations=1)

    def start_hand(self, view: rk.View) -> None:
        self.search.start_hand(view)

    def choose(self, view: rk.View) -> rk.Action:
        return self.search.default(view)
