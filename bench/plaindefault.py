"""The search bot whose default move is the greedy bot's own choice, without
the race to knock (round 22), for ``bench/bots.py vs``.

    PYTHONPATH=bench python bench/bots.py vs --other plaindefault:PlainDefault --games 100 --duplicate --jobs 1 gin

Measured in round 22 (bench/RESULTS.md) with a candidate greedy bot whose
Gin look-ahead was 2 turns (main 93180e4; adopted in round 23), against which the
race to knock (``racebot:RaceBot``) won 50.5% of 500 duplicate deals (54.8%
against the library's greedy bot): it asks whether the search does better
from the greedy bot's choice. Thinks 1 s a decision unless told otherwise.
"""

from __future__ import annotations

from knobs import Knob

import rummykit as rk


class PlainDefault(Knob):
    """``SearchBot`` (1 s, as every :class:`knobs.Knob`) with :meth:`default` the greedy bot's choice."""

    def default(self, view: rk.View) -> rk.Action:
        return self.greedy.choose(view)
