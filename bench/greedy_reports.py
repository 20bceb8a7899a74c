"""Print greedy-bot simulation reports, to check a solver change keeps the
greedy bot's choices: run it on two checkouts and diff the outputs.

    PYTHONPATH=/work/main/src python bench/greedy_reports.py > before.txt
    PYTHONPATH=src python bench/greedy_reports.py > after.txt
    diff before.txt after.txt

Each line is the ``repr`` of ``simulate(variant, games=N, players=2,
seed=s, jobs=1)`` (wins, scores, turns, endings) and a digest of the hand
records (every action of every hand), so any changed choice shows.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
import time
from pathlib import Path

import rummykit as rk
from rummykit.sim import simulate

VARIANTS = ("indian", "gin", "rum500", "thai", "kalooki", "continental", "phom", "knock")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS))
    args = parser.parse_args()
    for name in args.variants:
        v = rk.load_variant(name)
        for seed in args.seeds:
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "records.jsonl"
                start = time.process_time()
                report = simulate(v, games=args.games, players=2, seed=seed, jobs=1, records=path)
                cpu = time.process_time() - start
                digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
            print(f"{name} seed {seed}: records {digest} {report!r}")
            print(f"  {name} seed {seed}: {cpu:.1f} s CPU", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
