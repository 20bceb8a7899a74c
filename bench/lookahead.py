"""The greedy bot's discard look-ahead at other lengths, against the library's.

    python bench/lookahead.py [--games N] [--seed S] [--turns 3,4,9] VARIANT ...

``GreedyBot`` weighs a loose card by its chance of joining a meld over the
turns left, at most ``HORIZON_TURNS`` (6) of its own turns, or
``KNOCK_HORIZON_TURNS`` (2) where a knock under a limit ends the hand
(Gin). For each variant and each length K this prints the share of the
bot looking K turns ahead against the library's bot over duplicate deals
(``bench/bots.py``'s ``duplicate``: ``N // 2`` deals, each played twice
with the seats swapped; 95% interval over the deals). Seconds apiece.
Also importable for ``bench/bots.py vs``: ``lookahead:Turns9`` and the like.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bots

import rummykit as rk


def with_turns(k: int) -> type[rk.GreedyBot]:
    """``GreedyBot`` whose look-ahead is at most ``k`` of its own turns."""

    class Turns(rk.GreedyBot):
        def __init__(self, variant: rk.Variant, seed: int | None = None, **kw: Any) -> None:
            super().__init__(variant, seed, **kw)
            self._horizon = k

    Turns.__name__ = Turns.__qualname__ = f"Turns{k}"
    return Turns


for _k in (1, 2, 3, 4, 6, 9, 12, 20):
    globals()[f"Turns{_k}"] = with_turns(_k)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="+")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--turns", default="3,4,9", help="look-ahead lengths to try, comma-separated")
    args = ap.parse_args()
    turns = [int(x) for x in args.turns.split(",")]
    for name in args.variants:
        v = rk.load_variant(name)
        for k in turns:
            t = time.perf_counter()
            share, lo, hi, split = bots.duplicate(v, with_turns(k), "greedy", args.games, args.seed, 1)
            print(
                f"{name:<12} {k:>2} turns vs the greedy bot  {share:6.1%}  95% CI [{lo:6.1%}, {hi:6.1%}]"
                f"  n={args.games // 2} deals x 2 (split {split})  {time.perf_counter() - t:.0f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
