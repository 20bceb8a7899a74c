"""The search bot's default move as a bot of its own, for ``bench/bots.py vs``.

    python bench/bots.py vs --other racebot:RaceBot --games 1000 gin

(bench/ is on the path of its scripts). ``RaceBot`` plays the
greedy bot's choice passed through :meth:`rummykit.SearchBot.race`, with no
rollouts: where a knock limit ends the hand (Gin), the discard with the best
chance to knock after the next draw, and an upcard that knocks at once.
"""

from __future__ import annotations

from tempobot import TempoBot

import rummykit as rk


class RaceBot(TempoBot):
    """``SearchBot(variant, seed).race`` over its greedy bot's choice."""

    def choose(self, view: rk.View) -> rk.Action:
        return self.search.race(view, self.search.greedy.choose(view))
