"""Difficulty levels and yardsticks: each level against the one below, and every
bot against the simple Gin player, over duplicate deals (seats swapped).

    PYTHONPATH=src:bench python bench/levels.py ladder gin straight indian rum500 --games 100 --jobs 2
    PYTHONPATH=src:bench python bench/levels.py ladder straight --pairs 5 --games 10
    PYTHONPATH=src:bench python bench/levels.py yardstick --games 200 --matches 20 --jobs 2

``ladder``: for each variant and each level N (2 to 5, or ``--pairs``),
``levelN`` against ``level(N-1)`` in :func:`rummykit.tournament.tournament`
(every deal played twice, each bot from each seat). Prints one Markdown row
a pair: deals, hands, the upper level's share of the hands (draws half),
the 95% Wilson interval of its share of the decisive hands, and its margin
in points a hand.

``yardstick``: Gin against the simple Gin player (``bench/simplegin.py``, a
port of OpenSpiel's simple bot, the baseline of the EAAI-21 competition), at
hand level (Gin as built in) and at match level: games to 100 under the
EAAI rules (``bench/eaai-gin.toml``: knock at 10, gin and undercut bonuses
25, undercut on ties, as built-in Gin, without the end-of-game bonuses that
can reorder who reached 100 first), each deal of a game's seed played twice
with the seats swapped. Bots: ``greedy``, the search bot at two rollout
budgets (``levels:Search25``, ``levels:Search100``: searching with margin 2;
by default the search bot plays its default move in Gin without rollouts,
which is ``search``), and each level; ``--bots`` picks.

Strength is counted in rollouts (never time), so the figures do not depend
on the machine's load; only the run time does.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import rummykit as rk
from rummykit.bots import SearchBot, make_bot
from rummykit.sim import bot_seed, game_seed, wilson_interval
from rummykit.tournament import tournament

EAAI = Path(__file__).with_name("eaai-gin.toml")
SIMPLE = "simplegin:SimpleGin"
YARDSTICK_BOTS = [
    "greedy",
    "search",
    "levels:Search25",
    "levels:Search100",
    *(f"level{n}" for n in range(1, 6)),
]


class Search25(SearchBot):
    """The search bot at 25 rollouts a decision, searching in Gin too (margin 2)."""

    def __init__(self, variant: rk.Variant, seed: int | None = None) -> None:
        super().__init__(variant, seed, iterations=25, margin=2.0)


class Search100(SearchBot):
    """The search bot at 100 rollouts a decision, searching in Gin too (margin 2)."""

    def __init__(self, variant: rk.Variant, seed: int | None = None) -> None:
        super().__init__(variant, seed, iterations=100, margin=2.0)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def ladder(variants: list[str], pairs: list[int], games: int, seed: int, jobs: int) -> None:
    print("| game | pair | deals | hands | upper level's share | 95% interval | points/hand | seconds |")
    print("|---|---|---:|---:|---:|---|---:|---:|")
    for name in variants:
        v = rk.load_variant(name)
        for n in pairs:
            start = time.perf_counter()
            report = tournament(v, [f"level{n}", f"level{n - 1}"], games=games, seed=seed, jobs=jobs)
            pair = report.pairs[0]
            lo, hi = pair.interval
            print(
                f"| {name} | {n} vs {n - 1} | {games} | {pair.hands} | {_pct(pair.a_share)} |"
                f" {_pct(lo)}-{_pct(hi)} | {pair.a_margin:+.1f} | {time.perf_counter() - start:.0f} |",
                flush=True,
            )


def _match(spec: str, index: int, seed: int) -> tuple[int, int]:
    """Game ``index`` to 100 under the EAAI rules, played twice (the bot at
    seat 0, then at seat 1, the same seed): the games the bot won, and the
    games played."""
    v = rk.load_variant(EAAI)
    won = 0
    for bot_seat in (0, 1):
        m = rk.new_match(v, 2, seed=game_seed(seed, index))
        specs = [spec, SIMPLE] if bot_seat == 0 else [SIMPLE, spec]
        m.play([make_bot(s, v, bot_seed(seed, index, seat)) for seat, s in enumerate(specs)])
        won += m.winners == (bot_seat,) or list(m.winners) == [bot_seat]
    return won, 2


def yardstick(bots: list[str], games: int, matches: int, seed: int, jobs: int) -> None:
    v = rk.load_variant("gin")
    print("| bot | hands won | 95% interval | deals (hands) | games to 100 won | 95% interval | games |")
    print("|---|---:|---|---:|---:|---|---:|")
    for spec in bots:
        hand_cells = "| - | - | 0 "
        if games:
            pair = tournament(v, [spec, SIMPLE], games=games, seed=seed, jobs=jobs).pairs[0]
            lo, hi = pair.interval
            hand_cells = f"| {_pct(pair.a_share)} | {_pct(lo)}-{_pct(hi)} | {games} ({pair.hands}) "
        match_cells = "| - | - | 0 |"
        if matches:
            with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
                done = list(pool.map(_match, [spec] * matches, range(matches), [seed] * matches))
            won = sum(w for w, _ in done)
            played = sum(n for _, n in done)
            lo, hi = wilson_interval(won, played)
            match_cells = f"| {_pct(won / played)} | {_pct(lo)}-{_pct(hi)} | {played} |"
        print(f"| {spec.removeprefix('levels:')} {hand_cells}{match_cells}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["ladder", "yardstick"])
    ap.add_argument("variants", nargs="*", default=["gin", "straight", "indian", "rum500"])
    ap.add_argument("--games", type=int, default=100, help="duplicate deals a pair (hands: twice as many)")
    ap.add_argument("--matches", type=int, default=20, help="yardstick: games to 100, each played twice")
    ap.add_argument("--pairs", default="2,3,4,5", help="ladder: the upper levels of the pairs measured")
    ap.add_argument("--bots", default=",".join(YARDSTICK_BOTS), help="yardstick: the bots measured")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.what == "ladder":
        ladder(args.variants, [int(n) for n in args.pairs.split(",")], args.games, args.seed, args.jobs)
    else:
        yardstick(args.bots.split(","), args.games, args.matches, args.seed, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
