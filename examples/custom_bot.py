"""Write your own bot and pit it against the built-in ones.

A bot is any object with ``choose(view)`` that returns one of ``view.legal``;
it is built as ``Bot(variant, seed)``. This one, ``CautiousBot``, plays like
the greedy bot but never takes a discard unless it goes straight into a meld.
It plays a few hands of gin against the greedy bot through
``rummykit.sim.simulate``, then one decision of the search bot is shown with
what its rollouts found.

The same class works from the command line, named as module:Class:

    PYTHONPATH=examples rummykit simulate gin --bots custom_bot:CautiousBot,greedy

Run: python examples/custom_bot.py [GAMES]
"""

from __future__ import annotations

import argparse
import random
import sys

import rummykit as rk
from rummykit.bots import GreedyBot, SearchBot
from rummykit.engine import Draw, Take
from rummykit.sim import simulate


class CautiousBot:
    """Greedy, but draws from the stock unless a discard completes a meld."""

    def __init__(self, variant: rk.Variant, seed: int | None = None) -> None:
        self.greedy = GreedyBot(variant, seed)
        self.rng = random.Random(seed)
        self.hands = 0

    def start_hand(self, view: rk.View) -> None:
        """Optional: called with the seat's first view of each hand (Match.play)."""
        self.hands += 1

    def choose(self, view: rk.View) -> rk.Action:
        action = self.greedy.choose(view)
        if isinstance(action, Take) and action.then is None and Draw() in view.legal:
            return Draw()  # a plain take: draw from the stock instead
        return action


def main(games: int = 20) -> None:
    v = rk.load_variant("gin")
    report = simulate(v, games=games, players=2, bots=(CautiousBot, "greedy"), seed=1)
    print(report.table())

    hand = rk.new_hand(v, players=2, seed=4)
    seat = hand.current_player
    assert seat is not None
    # In Gin the search keeps its default move and plays no rollouts unless
    # given a margin (rummykit.bots.search.default_margin): 2 standard errors here.
    bot = SearchBot(v, seed=1, iterations=60, margin=2.0)
    view = hand.view(seat)
    action = bot.choose(view)
    print(f"\nSearch bot, seat {seat}, hand {rk.format_cards(view.hand)}: plays {action}")
    for text, rollouts, mean in bot.last_stats:
        print(f"  {text:<12} {rollouts:>3} rollouts, mean result {mean:.2f}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="A bot of your own against the greedy bot.")
    ap.add_argument("games", nargs="?", type=int, default=20)
    try:
        main(ap.parse_args().games)
    except ValueError as exc:  # every rummykit error is one: bad input, no traceback
        sys.exit(f"custom_bot.py: {exc}")
