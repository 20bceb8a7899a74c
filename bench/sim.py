"""Benchmark: ``simulate`` on several cores (issue 13, part 1), and Ray.

Measures, for Gin hands between greedy bots:

1. hands/s of ``jobs=1`` and ``jobs=2`` (2,000 hands by default), each run
   ``--repeats`` times, interleaved, with wall time, this process's CPU time
   and the CPU time of the worker processes. The speed-up is the ratio of
   the best wall times; on a machine shared with other work the CPU figures
   tell whether the workers got their cores (CPU time per hand should stay
   flat from 1 to 2 jobs; wall time is what a user waits for);
2. what a run costs besides playing: starting the worker processes (fork,
   plus a first chunk of one hand), a variant object that is new to a
   process (the meld solver builds its per-variant tables for every new
   variant object: the reason ``jobs=2`` was slower than ``jobs=1`` before
   this fix, when every chunk carried a fresh unpickled variant), pickling a
   chunk's results back to the parent, and writing records;
3. with ``--chunks``, hands/s of ``jobs=2`` for several chunk sizes;
4. with ``--legacy FILE``, the same figure 1 for an older ``sim.py`` (for
   the before/after figures: ``git show 425e325:src/rummykit/sim.py > old.py``);
5. with ``--ray``, the process pool against a local 2-CPU Ray on
   ``--ray-hands`` hands (10,000 by default; Ray's start is timed apart).

Run: ``python bench/sim.py [--hands N] [--repeats R] [--chunks] [--ray] [--legacy FILE]``
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import pickle
import resource
import sys
import time
from collections.abc import Callable
from typing import Any

import rummykit as rk
from rummykit import sim
from rummykit.sim import play as sim_play

GIN = rk.load_variant("gin")


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(run: Callable[[], Any]) -> tuple[float, float, float]:
    """Wall seconds, this process's CPU seconds, reaped children's CPU seconds."""
    w0, c0, k0 = time.perf_counter(), time.process_time(), children_cpu()
    run()
    return time.perf_counter() - w0, time.process_time() - c0, children_cpu() - k0


def speedup(simulate: Callable[..., Any], hands: int, repeats: int, label: str) -> dict[int, float]:
    best: dict[int, float] = {}
    print(f"{label}: {hands} gin hands, greedy bots, {repeats} runs per jobs value, interleaved")
    print(
        f"  {'jobs':>4} {'wall s':>7} {'hands/s':>8} {'cpu parent':>10} {'cpu workers':>11} {'cpu ms/hand':>11} {'load':>5}"
    )
    for _ in range(repeats):
        for jobs in (1, 2):
            load = os.getloadavg()[0]
            wall, cpu, kids = timed(lambda j=jobs: simulate(GIN, games=hands, players=2, seed=1, jobs=j))  # type: ignore[misc]
            best[jobs] = min(best.get(jobs, wall), wall)
            print(
                f"  {jobs:>4} {wall:>7.2f} {hands / wall:>8.0f} {cpu:>10.2f} {kids:>11.2f}"
                f" {(cpu + kids) * 1000 / hands:>11.2f} {load:>5.2f}"
            )
    ratio = best[1] / best[2]
    print(
        f"  best: jobs=1 {hands / best[1]:.0f} hands/s, jobs=2 {hands / best[2]:.0f} hands/s: speed-up {ratio:.2f}x"
    )
    return best


def costs() -> None:
    print("What a run costs besides playing (gin, greedy)")
    job = sim_play._Job(GIN, ("greedy", "greedy"), 0, False, False, "bench")
    sim_play._play_chunk(job, 0, 25)  # warm this process
    t = time.perf_counter()
    sim_play._play_chunk(job, 100, 200)
    per_hand = (time.perf_counter() - t) / 100
    print(f"  one hand, warm: {per_hand * 1000:.2f} ms")
    # a variant object new to the process: its solver tables are built again
    # (the old code sent a freshly unpickled variant with every chunk)
    reused = fresh = 0.0
    for start in range(200, 400, 25):
        t = time.process_time()
        sim_play._run_chunk(GIN, ("greedy", "greedy"), 0, start, start + 25, False)
        reused += time.process_time() - t
        v = pickle.loads(pickle.dumps(GIN))
        t = time.process_time()
        sim_play._run_chunk(v, ("greedy", "greedy"), 0, start, start + 25, False)
        fresh += time.process_time() - t
    print(
        f"  200 hands in chunks of 25, CPU: {reused * 5:.2f} ms/hand with one variant object,"
        f" {fresh * 5:.2f} ms/hand with a fresh unpickled one per chunk (+{fresh / reused - 1:.0%})"
    )
    chunk = sim_play._play_chunk(job, 0, 25)
    t = time.perf_counter()
    for _ in range(100):
        pickle.loads(pickle.dumps(chunk))
    print(
        f"  a chunk of 25 results: {len(pickle.dumps(chunk))} bytes pickled, {(time.perf_counter() - t) * 10:.2f} ms"
        " to pickle and unpickle"
    )
    rjob = sim_play._Job(GIN, ("greedy", "greedy"), 0, False, True, "bench-records")
    t = time.perf_counter()
    rchunk = sim_play._play_chunk(rjob, 100, 200)
    with_records = (time.perf_counter() - t) / 100
    size = sum(len(r) for r in rchunk.records) / 100
    print(f"  one hand with its record: {with_records * 1000:.2f} ms ({size:.0f} bytes of JSON per hand)")
    t = time.perf_counter()
    sim.simulate(GIN, games=2, players=2, seed=0, jobs=2)
    print(
        f"  starting 2 workers (fork) and playing 1 hand on each: {(time.perf_counter() - t) * 1000:.0f} ms"
    )


def chunk_sizes(hands: int) -> None:
    print(f"jobs=2, {hands} hands, by chunk size (CHUNK_MAX)")
    keep = sim_play.CHUNK_MAX
    try:
        for size in (1, 5, 25, 100):
            sim_play.CHUNK_MAX = size
            chunks = sim_play._chunks(0, hands, 2)
            wall, cpu, kids = timed(lambda: sim.simulate(GIN, games=hands, players=2, seed=1, jobs=2))
            print(
                f"  CHUNK_MAX {size:>5}: {len(chunks):>4} chunks of {chunks[0][1]:>3}: {hands / wall:>6.0f} hands/s,"
                f" cpu {cpu + kids:.2f} s, load {os.getloadavg()[0]:.2f}"
            )
    finally:
        sim_play.CHUNK_MAX = keep


def ray_vs_pool(hands: int) -> None:
    import ray

    t = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    print(f"Ray: local start with 2 CPUs {time.perf_counter() - t:.1f} s (not counted below)")
    walls: dict[str, float] = {}
    reports: dict[str, Any] = {}
    for backend in ("process", "ray"):
        t = time.perf_counter()
        reports[backend] = sim.simulate(GIN, games=hands, players=2, seed=1, jobs=2, backend=backend)
        walls[backend] = time.perf_counter() - t
        print(f"  {backend:<8} {hands} hands: {walls[backend]:.1f} s, {hands / walls[backend]:.0f} hands/s")
    ray.shutdown()
    print(
        f"  ray / process: {walls['process'] / walls['ray']:.2f} of the pool's hands/s;"
        f" identical report: {reports['ray'] == reports['process']}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--chunks", action="store_true", help="also time chunk sizes")
    ap.add_argument("--ray", action="store_true", help="also time a local Ray against the pool")
    ap.add_argument("--ray-hands", type=int, default=10000)
    ap.add_argument("--legacy", metavar="FILE", help="also time an older sim.py")
    ap.add_argument("--skip-costs", action="store_true")
    args = ap.parse_args()
    print(
        f"rummykit {rk.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs,"
        f" load {os.getloadavg()[0]:.2f} at start"
    )
    if not args.skip_costs:
        costs()
    speedup(sim.simulate, args.hands, args.repeats, "now")
    if args.legacy:
        spec = importlib.util.spec_from_file_location("legacy_sim", args.legacy)
        assert spec is not None and spec.loader is not None
        legacy = importlib.util.module_from_spec(spec)
        sys.modules["legacy_sim"] = legacy  # the forked workers find its functions here
        spec.loader.exec_module(legacy)
        speedup(legacy.simulate, args.hands, args.repeats, "before (--legacy)")
    if args.chunks:
        chunk_sizes(args.hands)
    if args.ray:
        ray_vs_pool(args.ray_hands)


if __name__ == "__main__":
    main()
