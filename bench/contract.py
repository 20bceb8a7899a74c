"""The contract games (Liverpool, Shanghai): the greedy bot against random
players over whole matches, and greedy self-play's stalls and speed.

* greedy vs random: whole matches (every deal of the schedule, the lowest
  total wins), the greedy bot at each seat in turn, random bots at the
  others; a shared win counts its share;
* self-play: greedy bots at every seat; the share of hands stopped by the
  turn limit (a stall) and hands per second (wall clock).

Usage::

    PYTHONPATH=src python bench/contract.py liverpool shanghai --matches 20 --selfplay 6 [--players 3]
"""

from __future__ import annotations

import argparse
import sys
import time

import rummykit as rk
from rummykit.bots import GreedyBot, RandomBot
from rummykit.sim.stats import wilson_interval


def against_random(v: rk.Variant, players: int, matches: int, seed: int) -> tuple[float, int, float]:
    """Greedy's share of the matches won, the hands played, the seconds taken."""
    won = 0.0
    hands = 0
    start = time.perf_counter()
    for g in range(matches):
        seat = g % players
        bots: list[GreedyBot | RandomBot] = [RandomBot(v, seed=seed + 97 * g + s) for s in range(players)]
        bots[seat] = GreedyBot(v, seed=seed + g)
        m = rk.new_match(v, players=players, seed=seed + g)
        m.play(bots)
        hands += m.hands_played
        if seat in m.winners:
            won += 1 / len(m.winners)
    return won / matches, hands, time.perf_counter() - start


def self_play(v: rk.Variant, players: int, matches: int, seed: int) -> tuple[int, int, float]:
    """Hands stopped by the turn limit, hands played, seconds taken."""
    stalls = hands = 0
    start = time.perf_counter()
    for g in range(matches):
        m = rk.new_match(v, players=players, seed=seed + 1000 + g)
        m.play([GreedyBot(v, seed=seed + s) for s in range(players)])
        for _, result in m.results:
            hands += 1
            stalls += result.how is rk.Termination.TURN_LIMIT
    return stalls, hands, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", nargs="+")
    ap.add_argument("--matches", type=int, default=20, help="matches of greedy vs random")
    ap.add_argument("--selfplay", type=int, default=6, help="matches of greedy self-play")
    ap.add_argument(
        "--players", type=int, nargs="*", default=None, help="player counts (default: the fewest)"
    )
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    print(
        "| game | players | greedy vs random | 95% CI | matches | turn limit (greedy self-play) | greedy hands/s |"
    )
    print("| --- | ---: | ---: | --- | ---: | --- | ---: |")
    for name in args.variants:
        v = rk.load_variant(name)
        for n in args.players or [v.players.min]:
            share, _, _ = against_random(v, n, args.matches, args.seed)
            lo, hi = wilson_interval(round(share * args.matches), args.matches)
            stalls, hands, secs = self_play(v, n, args.selfplay, args.seed)
            print(
                f"| {v.title} | {n} | {share:.1%} | {lo:.1%}-{hi:.1%} | {args.matches} |"
                f" {stalls} of {hands} | {hands / secs:.2f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
