"""Benchmark: random playouts through the public API.

For each built-in variant (and its smallest player count), plays random
hands (a new shuffled deal per hand, the deal included in the time) and
prints hands per second and the median microseconds per action, where an
action is ``legal_actions()`` plus ``apply()``. Also times gin hands played
from a cloned dealt state. No assertion on speed: the figures are for the
record (peers on this machine: OpenSpiel gin_rummy ~430 random hands/s with
a new state per hand, ~1,070/s cloning a dealt state; RLCard gin 90/s env,
360/s raw).

With ``--calls``, times single engine calls instead, on random states of
Gin and Indian rummy (states met in random playouts; each call on a fresh
clone, so nothing is cached): ``legal_actions()``, ``is_legal`` of one
action (the one the playout chose, as an action object), and ``apply`` of a
discard and of a draw (as text), the median microseconds per call; then
random Gin playouts (a new shuffled deal per hand), hands per second, the
median of three runs. Run it against two source trees back to back
(``PYTHONPATH=OLD/src`` then ``PYTHONPATH=NEW/src``) to compare them.

Run: ``python bench/engine.py [--hands N] [--variant NAME ...]`` or
``python bench/engine.py --calls [--games N]``
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


def random_states(name: str, games: int) -> list[tuple[rk.Hand, str]]:
    """States met in ``games`` random playouts (each a clone taken before the
    list of legal actions is built) and the action the playout chose."""
    v = rk.load_variant(name)
    rng = random.Random(0)
    out = []
    for seed in range(games):
        hand = rk.new_hand(v, players=2, seed=seed)
        while not hand.is_over:
            snap = hand.clone()
            legal = hand.legal_actions()
            a = legal[rng.randrange(len(legal))]
            out.append((snap, str(a)))
            hand.apply(a)
    return out


def bench_calls(name: str, games: int) -> dict[str, float]:
    """Median microseconds per call of legal_actions, is_legal and apply (see
    the module docstring)."""
    clock = time.perf_counter
    times: dict[str, list[float]] = {
        "legal_actions": [],
        "is_legal": [],
        "apply discard": [],
        "apply draw": [],
    }
    for snap, text in random_states(name, games):
        s = snap.clone()
        t0 = clock()
        s.legal_actions()
        times["legal_actions"].append(clock() - t0)
        action = rk.parse_action(text)
        s = snap.clone()
        t0 = clock()
        s.is_legal(action)
        times["is_legal"].append(clock() - t0)
        word = text.split()[0]
        if word in ("discard", "draw"):
            s = snap.clone()
            t0 = clock()
            s.apply(text)
            times[f"apply {word}"].append(clock() - t0)
    return {k: statistics.median(x) * 1e6 for k, x in times.items() if x}


def gin_playouts(seconds: float) -> float:
    """Random Gin hands per second (a new shuffled deal per hand)."""
    v = rk.load_variant("gin")
    rng = random.Random(0)
    t0 = time.perf_counter()
    played = 0
    while time.perf_counter() - t0 < seconds:
        hand = rk.new_hand(v, players=2, seed=played)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])
        played += 1
    return played / (time.perf_counter() - t0)


def main_calls(games: int) -> None:
    for name in ("gin", "indian"):
        figures = bench_calls(name, games * (1 if name == "gin" else 4))
        print(f"{name:8} " + "  ".join(f"{k} {x:.1f} us" for k, x in figures.items()), flush=True)
    rates = sorted(gin_playouts(3.0) for _ in range(3))
    print(
        f"gin random playouts: {rates[1]:.0f} hands/s (median of 3: {', '.join(f'{r:.0f}' for r in rates)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="hands per variant (gin: 5x)")
    parser.add_argument("--variant", nargs="*", default=None, help="variants (default: every built-in)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per variant; the best is shown")
    parser.add_argument("--budget", type=float, default=3.0, help="seconds per run before stopping early")
    parser.add_argument(
        "--calls", action="store_true", help="time single calls on random Gin and Indian states"
    )
    parser.add_argument("--games", type=int, default=20, help="with --calls: playouts the states come from")
    args = parser.parse_args()
    if args.calls:
        main_calls(args.games)
        return
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
