"""How much of an opponent's hidden hand each opponent model finds.

    python bench/inference.py [VARIANT ...] [--games N] [--steps S ...]

Greedy against greedy, 2 players; at seat 0's first decision from its
eighth turn (one position a hand), every model deals seat 1 hands, and
the figure is the share of seat 1's real hidden cards (those seat 0 has
not seen) that the dealt hands hold, averaged over the positions. Models: ``uniform``
(``View.resample``), ``strengthen`` (the search bot's default model, the
best of more unseen cards), ``infer16`` (16 uniform deals weighed by the
throws and left upcards, ``SearchBot(infer=16)``), ``replay S``
(``SearchBot(replay=S)``: S chain steps over the opponent's play), and
for scale ``half-seen``, not a fair model: each of the real hidden cards
kept with chance 1/2 (``bench/clairvoyant.py``'s ``HalfClairvoyant``). The
clairvoyant's share is 1. Prints one line per model with the time it takes
a position: ten deals, or for replay one chain (whose samples serve the
whole decision).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from clairvoyant import true_deal

import rummykit as rk
from rummykit.bots import SearchBot
from rummykit.engine import Hand, View
from rummykit.engine.resample import hidden_share


def positions(v: rk.Variant, games: int) -> list[Hand]:
    """One position a hand: seat 0 to play, from its eighth turn on."""
    out = []
    for g in range(games):
        h = rk.new_hand(v, players=2, seed=1000 + g, dealer=g % 2)
        bots = [rk.GreedyBot(v, seed=g), rk.GreedyBot(v, seed=g + 7)]
        while not h.is_over and h.turns < 60:
            p = h.current_player
            assert p is not None
            view = h.view(p)
            if p == 0 and view.turn >= 8 and len(view.legal) > 1:
                out.append(h.clone())
                break
            h.apply(bots[p].choose(view))
    return out


Model = Callable[[View, int], list[tuple[rk.Card, ...]]]


def models_for(v: rk.Variant, chain_steps: list[int]) -> dict[str, Model]:
    """Each model: a position's view and a seed -> hands dealt to seat 1."""
    strengthen = SearchBot(v, seed=1, iterations=1)
    infer = SearchBot(v, seed=1, iterations=1, infer=16)
    models: dict[str, Model] = {
        "uniform": lambda view, s: [view.resample(seed=s + i).hand_of(1) for i in range(10)],
        "strengthen": lambda view, s: [
            strengthen.strengthen(view, view.resample(seed=s + i)).hand_of(1) for i in range(10)
        ],
        "infer16": lambda view, s: [
            infer.strengthen(view, infer.infer_deal(view, s + i)).hand_of(1) for i in range(10)
        ],
    }
    for steps in chain_steps:
        bot = SearchBot(v, seed=1, iterations=1, replay=steps)

        def replay(view: View, s: int, bot: SearchBot = bot) -> list[tuple[rk.Card, ...]]:
            return bot._replayed(view, s).get(1) or [view.resample(seed=s).hand_of(1)]

        models[f"replay {steps}"] = replay
    # not a fair model: each real hidden card seen with chance 1/2 (bench/clairvoyant.py)
    models["half-seen"] = lambda view, s: [true_deal(view, s + i, share=0.5).hand_of(1) for i in range(10)]
    return models


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variants", nargs="*", default=["gin", "straight"])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--steps", type=int, nargs="*", default=[150, 300, 600])
    args = ap.parse_args()
    for name in args.variants:
        v = rk.load_variant(name)
        found = positions(v, args.games)
        models = models_for(v, args.steps)
        print(f"{name}: {len(found)} positions (greedy vs greedy, seat 0 from its eighth turn)")
        for label, model in models.items():
            share = 0.0
            spent = 0.0
            for i, h in enumerate(found):
                start = time.perf_counter()
                hands = model(h.view(0), i)
                spent += time.perf_counter() - start
                share += hidden_share(h, 0, 1, hands)
            per = 1000 * spent / len(found)
            print(f"  {label:<12} share of the real hidden cards {share / len(found):.3f}   {per:7.1f} ms a position")


if __name__ == "__main__":
    main()
