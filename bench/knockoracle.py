"""Knock Rummy's knock decisions told the real hands, for ``bench/bots.py vs``.

    PYTHONPATH=bench python bench/bots.py vs --other knockoracle:KnockOracle --games 2000 --duplicate knock

Not a fair player: ``KnockOracle`` plays the greedy bot's draws and
discards, but at each decision where it may knock it looks at the real
hand (private state, as ``clairvoyant.py`` does) and knocks, with any
card, exactly when a knock now wins the hand outright; otherwise it never
knocks (the greedy bot's knock becomes a discard of the same card). An
upper bound for what any reading of the hidden cards can add to the knock
decisions, the only ones that matter in most Knock Rummy hands
(``bench/RESULTS.md``, rounds 11 and 28).
"""

from __future__ import annotations

import rummykit as rk
from rummykit.bots import GreedyBot
from rummykit.engine.actions import Discard, Knock


class KnockOracle:
    """The greedy bot, its knocks decided from the real hands."""

    def __init__(self, variant: rk.Variant, seed: int | None = None) -> None:
        self.greedy = GreedyBot(variant, seed=seed)

    def start_hand(self, view: rk.View) -> None:
        self.greedy.start_hand(view)

    def choose(self, view: rk.View) -> rk.Action:
        knocks = [a for a in view.legal if isinstance(a, Knock)]
        if not knocks:
            return self.greedy.choose(view)
        real, _ = view._bound("look at it")
        for a in knocks:
            g = real.clone()
            g.apply(a)
            if g.result is not None and g.result.winners == (view.player,):
                return a
        choice = self.greedy.choose(view)
        if not isinstance(choice, Knock):
            return choice
        discard = Discard(choice.card)
        return discard if discard in view.legal else next(a for a in view.legal if not isinstance(a, Knock))
