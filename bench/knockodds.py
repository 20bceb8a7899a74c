"""The greedy bot with other knock thresholds, for ``bench/bots.py vs``.

    PYTHONPATH=bench python bench/bots.py vs --other knockodds:Odds10 --games 6000 --duplicate knock

``OddsNN`` knocks (where any count may knock) when its estimated chance that
the knock wins now is at least NN% (:attr:`rummykit.GreedyBot.knock_odds`;
the default is 35%). ``Odds0`` knocks at its first chance.
"""

from __future__ import annotations

import rummykit as rk


def _with_odds(odds: float) -> type[rk.GreedyBot]:
    class Odds(rk.GreedyBot):
        def __init__(self, variant: rk.Variant, seed: int | None = None) -> None:
            super().__init__(variant, seed=seed, knock_odds=odds)

    Odds.__name__ = Odds.__qualname__ = f"Odds{round(odds * 100)}"
    return Odds


Odds0 = _with_odds(0.0)
Odds5 = _with_odds(0.05)
Odds10 = _with_odds(0.10)
Odds15 = _with_odds(0.15)
Odds20 = _with_odds(0.20)
Odds25 = _with_odds(0.25)
Odds45 = _with_odds(0.45)
