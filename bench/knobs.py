"""The search bot with one setting changed, for ``bench/bots.py vs``.

    PYTHONPATH=bench python bench/bots.py vs --other knobs:Uniform --games 100 --duplicate --jobs 1 gin

Each thinks 1 s a decision, every other setting the default (the look-ahead
included: 4 turns in Gin); bench/RESULTS.md, round 19:

- ``Uniform``: uniform determinizations, no opponent model
  (``opponent_turns=0``);
- ``Eps0``: rollouts without random moves (``epsilon=0``).
"""

from __future__ import annotations

from typing import Any

import rummykit as rk
from rummykit.bots import SearchBot


class Uniform(SearchBot):
    """The search bot dealing opponents uniform unseen cards."""

    def __init__(self, variant: rk.Variant, seed: int | None = None, **kw: Any) -> None:
        kw.setdefault("think", 1.0)
        kw.setdefault("opponent_turns", 0)
        super().__init__(variant, seed, **kw)


class Eps0(SearchBot):
    """The search bot whose rollout players never play a random discard."""

    def __init__(self, variant: rk.Variant, seed: int | None = None, **kw: Any) -> None:
        kw.setdefault("think", 1.0)
        kw.setdefault("epsilon", 0.0)
        super().__init__(variant, seed, **kw)
