"""Benchmark: random playouts through the public API.

For each built-in variant (and its smallest player count), plays random
hands (a new shuffled deal per hand, the deal included in the time) and
prints hands per second and the median microseconds per action, where an
action is ``legal_actions()`` plus ``apply()``. Also times gin hands played
from a cloned dealt state. No assertion on speed: the figures are for the
record (peers on this machine: OpenSpiel gin_rummy ~430 random hands/s with
a new state per hand, ~1,070/s cloning a dealt state; RLCard gin 90/s env,
360/s raw).

Run: ``python bench/engine.py [--hands N] [--variant NAME ...]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import rummykit as rk


def playout(v: rk.Variant, players: int, seed: int, rng: random.Random, samples: list[float]) -> int:
    hand = rk.new_hand(v, players=players, seed=seed)
    steps = 0
    clock = time.perf_counter
    while not hand.is_over:
        t0 = clock()
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
        samples.append(clock() - t0)
        steps += 1
    return steps


def bench_variant(name: str, hands: int, repeats: int, budget: float) -> tuple[float, float, float, int]:
    """Best of ``repeats`` runs (the machine may be shared): hands/s, the
    median us per action, actions per hand, and hands played per run (a run
    stops early, after at least 5 hands, once it has taken ``budget`` s)."""
    v = rk.load_variant(name)
    players = v.players.min
    best_rate, best_median, per, played = 0.0, float("inf"), 0.0, 0
    for _ in range(repeats):
        rng = random.Random(0)
        samples: list[float] = []
        steps = 0
        t0 = time.perf_counter()
        played = 0
        for seed in range(hands):
            steps += playout(v, players, seed, rng, samples)
            played += 1
            if played >= 5 and time.perf_counter() - t0 > budget:
                break
        elapsed = time.perf_counter() - t0
        best_rate = max(best_rate, played / elapsed)
        best_median = min(best_median, statistics.median(samples) * 1e6)
        per = steps / played
    return best_rate, best_median, per, played


def bench_clone(name: str, hands: int, repeats: int) -> float:
    v = rk.load_variant(name)
    dealt = rk.new_hand(v, players=v.players.min, seed=1)
    best = 0.0
    for _ in range(repeats):
        rng = random.Random(0)
        t0 = time.perf_counter()
        for _ in range(hands):
            hand = dealt.clone()
            while not hand.is_over:
                legal = hand.legal_actions()
                hand.apply(legal[rng.randrange(len(legal))])
        best = max(best, hands / (time.perf_counter() - t0))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="hands per variant (gin: 5x)")
    parser.add_argument("--variant", nargs="*", default=None, help="variants (default: every built-in)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per variant; the best is shown")
    parser.add_argument("--budget", type=float, default=3.0, help="seconds per run before stopping early")
    args = parser.parse_args()
    names = args.variant or rk.list_variants()
    print(f"{'variant':16} {'players':>7} {'hands':>6} {'hands/s':>9} {'us/action':>10} {'actions/hand':>13}")
    for name in names:
        n = args.hands * (5 if name == "gin" else 1)
        budget = args.budget * (5 if name == "gin" else 1)
        rate, median, per, played = bench_variant(name, n, args.repeats, budget)
        players = rk.load_variant(name).players.min
        print(f"{name:16} {players:>7} {played:>6} {rate:>9.0f} {median:>10.1f} {per:>13.1f}", flush=True)
    if "gin" in names:
        rate = bench_clone("gin", args.hands * 5, args.repeats)
        print(f"gin from a cloned dealt state: {rate:.0f} hands/s")


if __name__ == "__main__":
    main()
