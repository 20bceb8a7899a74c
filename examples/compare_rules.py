"""Compare rulesets by simulation, as a game designer would.

Two questions about Straight Rummy, answered with `rummykit.sim.simulate`:

1. Does "one meld per turn" [S3] play differently from "any number of
   melds" (the common house rule)?
2. [S1] warns that when players hold on to cards the others want, the game
   "could be endless", and suggests limiting how often the discard pile is
   reused. How often does that happen, and does the limit cure it?

Run: python examples/compare_rules.py [GAMES] [JOBS]
"""

from __future__ import annotations

import argparse
import sys

import rummykit as rk
from rummykit.sim import compare_table, simulate


def house(text: str) -> rk.Variant:
    return rk.loads_variant('extends = "straight"\n' + text)


def main(games: int = 200, jobs: int = 1) -> None:
    straight = rk.load_variant("straight")
    any_melds = house('[variant]\nname = "any-melds"\n[meld_timing]\nkind = "any"')
    one_reuse = house(
        '[variant]\nname = "one-reuse"\n[stock]\nshuffle = true\nmax_reuses = 1\nend_trigger = "empty"'
    )

    print(f"1. One meld per turn or any number: {games} hands, 2 players, a greedy and a random bot\n")
    a = simulate(straight, games=games, players=2, bots=("greedy", "random"), jobs=jobs, seed=1)
    b = simulate(any_melds, games=games, players=2, bots=("greedy", "random"), jobs=jobs, seed=1)
    print(compare_table(a, b))

    print(f"\n2. Endless hands and the reuse limit: {games} hands, 4 greedy players\n")
    c = simulate(straight, games=games, players=4, jobs=jobs, seed=2)
    d = simulate(one_reuse, games=games, players=4, jobs=jobs, seed=2)
    print(compare_table(c, d))
    print(
        f"\nWith the pile reused without limit, {c.turn_limit} of {games} hands never ended"
        f" (stopped at {c.max_turns} turns); with one shuffled reuse, {d.turn_limit}."
    )


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="Straight rummy against two house rules, by simulation.")
    ap.add_argument("games", nargs="?", type=int, default=200)
    ap.add_argument("jobs", nargs="?", type=int, default=1)
    a = ap.parse_args()
    try:
        main(a.games, a.jobs)
    except ValueError as exc:  # every rummykit error is one: bad input, no traceback
        sys.exit(f"compare_rules.py: {exc}")
