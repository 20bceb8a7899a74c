"""Memory over a long run: a search bot playing hand after hand in one process.

    python bench/memory.py --hands 250 --iterations 60 indian

The search bot (``SearchBot(variant, seed=1, iterations=K)``) plays the
greedy bot, seats alternated, hands dealt with seeds 100, 101, ...; every
``--every`` hands it prints the seconds so far, the process's peak resident
memory and the number of objects Python's garbage collector tracks. The
caches the solver, the engine and the bots keep between calls are bounded
(bench/RESULTS.md): the tracked objects level off, and the peak
grows ever more slowly. ``--clear`` calls ``rk.clear_caches()`` after every
hand, for comparison.
"""

from __future__ import annotations

import argparse
import gc
import resource
import time

import rummykit as rk
from rummykit.bots import GreedyBot, SearchBot


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variant")
    ap.add_argument("--hands", type=int, default=250)
    ap.add_argument("--iterations", type=int, default=60, help="rollouts per search decision")
    ap.add_argument("--every", type=int, default=25, help="print every N hands")
    ap.add_argument("--clear", action="store_true", help="rk.clear_caches() after every hand")
    args = ap.parse_args()
    v = rk.load_variant(args.variant)
    search = SearchBot(v, seed=1, iterations=args.iterations)
    greedy = GreedyBot(v, seed=2)
    start = time.perf_counter()
    print(f"rummykit {rk.__version__}: {args.variant}, search ({args.iterations} rollouts) vs greedy")
    print(" hands  seconds  peak RSS MB  tracked objects")
    for i in range(args.hands):
        h = rk.new_hand(v, players=2, seed=100 + i)
        bots = [search, greedy] if i % 2 == 0 else [greedy, search]
        for b in bots:
            b.start_hand(h.view(0))
        while not h.is_over and h.turns < v.limits.max_turns:
            p = h.current_player
            assert p is not None
            h.apply(bots[p].choose(h.view(p)))
        if args.clear:
            rk.clear_caches()
        if (i + 1) % args.every == 0 or i + 1 == args.hands:
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
            print(
                f"{i + 1:6d} {time.perf_counter() - start:8.0f} {rss:12d} {len(gc.get_objects()):16,d}",
                flush=True,
            )


if __name__ == "__main__":
    main()
