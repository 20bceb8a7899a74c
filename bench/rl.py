"""Benchmark: the reinforcement-learning environments (``rummykit.rl``).

For every built-in variant (2 players), plays random hands through the
PettingZoo AEC environment exactly as a learner would: at every step
``env.last()`` (the observation vector and the action mask), a random
unmasked token, ``env.step``. Prints env steps/s (one step = one token),
engine actions/s, hands/s, tokens per action and the observation size; the
best of ``--repeats`` runs of ``--seconds`` each, timed in CPU seconds of this
process (the machine is shared: wall-clock figures are printed too).

Side by side in the same run, when installed (never a dependency of
rummykit): OpenSpiel's ``gin_rummy`` from Python (``pip install open_spiel``),
random legal actions with and without its observation tensor. PettingZoo's
``gin_rummy_v4`` was removed from PettingZoo (1.25) and needs an old
PettingZoo with RLCard; the issue's anchor for it is ~2,400 turns/s.

Target (issue 12): gin, at least 10,000 steps/s with observation and mask;
and at least OpenSpiel's gin_rummy with its observation tensor, measured in
interleaved rounds of the same run. The vector form (``vector_env``) is
timed with 1, 16 and 64 hands.

Run: ``python bench/rl.py [--seconds S] [--repeats R] [--variant NAME ...]``
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

import rummykit as rk
from rummykit.rl import aec_env, gym_env, vector_env

Result = tuple[float, float, int, int, int]  # cpu seconds, wall seconds, steps, actions, hands


def run_aec(name: str, seconds: float) -> Result:
    env = aec_env(name)
    rng = random.Random(0)
    steps = actions = hands = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        env.reset(seed=rng.randrange(2**31))
        hands += 1
        before = len(env.driver.the_hand.actions)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            allowed = np.flatnonzero(obs["action_mask"])
            env.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
        actions += len(env.driver.the_hand.actions) - before
    return time.process_time() - cpu0, time.perf_counter() - wall0, steps, actions, hands


def run_gym(name: str, seconds: float) -> Result:
    env = gym_env(name)  # against a GreedyBot (its moves are in the time, not counted as steps)
    rng = random.Random(0)
    steps = hands = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        _, info = env.reset(seed=rng.randrange(2**31))
        hands += 1
        done = False
        while not done:
            allowed = np.flatnonzero(info["action_mask"])
            _, _, term, trunc, info = env.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
            done = term or trunc
    return time.process_time() - cpu0, time.perf_counter() - wall0, steps, 0, hands


def run_vector(name: str, n: int, seconds: float) -> Result:
    """``vector_env(name, n)``: random unmasked tokens for every hand at
    once (drawn from the masks in one NumPy call); a step of the N hands
    counts N steps."""
    env = vector_env(name, n)
    _, mask, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
        _, mask, _, _, _ = env.step(actions)
        steps += n
    return time.process_time() - cpu0, time.perf_counter() - wall0, steps, 0, env.hands_done


def paired_gin(seconds: float, repeats: int) -> None:
    """Gin side by side, interleaved in rounds (AEC, OpenSpiel with its
    observation tensor, the vector form with 64 hands; each ``seconds`` of
    CPU), so that a busy machine weighs on all alike: the median rate of
    each and the median of the per-round ratios to OpenSpiel."""
    rounds: list[tuple[Result, Result | None, Result]] = []
    for _ in range(repeats):
        aec = run_aec("gin", seconds)
        spiel = run_openspiel(seconds, True)
        vec = run_vector("gin", 64, seconds)
        rounds.append((aec, spiel, vec))

    def rate(r: Result) -> float:
        return r[2] / r[0]

    print(f"gin, {repeats} interleaved rounds of {seconds:g} CPU s each (median rate of the rounds):")
    aec_rates = [rate(r[0]) for r in rounds]
    vec_rates = [rate(r[2]) for r in rounds]
    print(f"  {'aec gin (observation + mask)':<40} {statistics.median(aec_rates):>9,.0f} steps/s")
    print(f"  {'vector_env gin, 64 hands':<40} {statistics.median(vec_rates):>9,.0f} steps/s")
    if rounds[0][1] is None:
        print("  openspiel gin_rummy + tensor: not installed (pip install open_spiel to compare)")
        return
    spiel_rates = [rate(r[1]) for r in rounds if r[1] is not None]
    print(f"  {'openspiel gin_rummy + tensor':<40} {statistics.median(spiel_rates):>9,.0f} steps/s")
    aec_ratio = statistics.median(a / b for a, b in zip(aec_rates, spiel_rates, strict=True))
    vec_ratio = statistics.median(a / b for a, b in zip(vec_rates, spiel_rates, strict=True))
    verdict = "OK" if aec_ratio >= 1.0 else "MISSED"
    print(
        f"  ratio aec / openspiel {aec_ratio:.2f} (target >= 1.0 {verdict}); vector / openspiel {vec_ratio:.2f}"
    )


def run_openspiel(seconds: float, tensor: bool) -> Result | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(0)
    steps = hands = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        state = game.new_initial_state()
        hands += 1
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if tensor:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return time.process_time() - cpu0, time.perf_counter() - wall0, steps, steps, hands


def best(fn: Callable[[], Result | None], repeats: int) -> Result | None:
    results = [r for r in (fn() for _ in range(repeats)) if r is not None]
    return max(results, key=lambda r: r[2] / r[0]) if results else None


def line(label: str, r: Result, extra: str = "") -> str:
    cpu, wall, steps, actions, hands = r
    per_action = f"{actions / cpu:>9,.0f}" if actions else f"{'-':>9}"
    tokens = f"{steps / actions:5.2f}" if actions else f"{'-':>5}"
    return f"{label:<28} {steps / cpu:>9,.0f} {steps / wall:>9,.0f} {per_action} {hands / cpu:>8,.1f} {tokens}  {extra}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run (gin: 3x)")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--variant", nargs="*", default=None)
    a = ap.parse_args()
    names = a.variant or rk.list_variants()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"rummykit {rk.__version__}, numpy {np.__version__}; load average {load:.1f} on {os.cpu_count()} cores"
    )
    print("random tokens from the mask; observation and mask computed at every step; 2 players")
    head = f"{'':<28} {'steps/s':>9} {'(wall)':>9} {'actions/s':>9} {'hands/s':>8} {'tok/a':>5}  obs size"
    print(head)
    for name in names:
        r = best(lambda name=name: run_aec(name, a.seconds * (3 if name == "gin" else 1)), a.repeats)
        assert r is not None
        size = aec_env(name).observation_space("player_0")["observation"].shape[0]
        flag = ""
        if name == "gin":
            flag = "  target >= 10,000 steps/s " + ("OK" if r[2] / r[0] >= 10_000 else "MISSED")
        print(line(f"aec {name}", r, f"{size}{flag}"))
    if "gin" in names:
        for n in (1, 16, 64):
            print(line(f"vector_env gin, {n} hands", run_vector("gin", n, a.seconds), "steps of all hands"))
        g = best(lambda: run_gym("gin", a.seconds), a.repeats)
        assert g is not None
        print(line("gym gin vs GreedyBot", g, "agent steps only"))
        for tensor in (True, False):
            o = best(lambda tensor=tensor: run_openspiel(a.seconds, tensor), a.repeats)
            label = "openspiel gin_rummy" + (" + tensor" if tensor else "")
            print(line(label, o) if o is not None else f"{label:<28} (pip install open_spiel to compare)")
        paired_gin(a.seconds / 2, max(3, a.repeats))


if __name__ == "__main__":
    main()
