"""The search bot with one setting changed, for ``bench/bots.py vs``.

    PYTHONPATH=bench python bench/bots.py vs --other knobs:Uniform --games 100 --duplicate --jobs 1 gin

Each thinks 1 s a decision, every other setting the default (the look-ahead
included: 4 turns in Gin); bench/RESULTS.md, round 19:

- ``Uniform``: uniform determinizations, no opponent model
  (``opponent_turns=0``);
- ``Eps0``: rollouts without random moves (``epsilon=0``).
"""

from __future__ import annotations

from typing import Any, ClassVar

import rummykit as rk
from rummykit.bots import SearchBot
from rummykit.bots.search import MARGIN


class Knob(SearchBot):
    """The search bot at 1 s a decision with ``settings`` as its defaults
    (a caller's keywords still win)."""

    settings: ClassVar[dict[str, Any]] = {}

    def __init__(self, variant: rk.Variant, seed: int | None = None, **kw: Any) -> None:
        # a search experiment: it searches in Gin too (margin 2, not "auto")
        super().__init__(variant, seed, **{"think": 1.0, "margin": MARGIN, **self.settings, **kw})


class Uniform(Knob):
    """The search bot dealing opponents uniform unseen cards."""

    settings: ClassVar[dict[str, Any]] = {"opponent_turns": 0}


class Eps0(Knob):
    """The search bot whose rollout players never play a random discard."""

    settings: ClassVar[dict[str, Any]] = {"epsilon": 0.0}
