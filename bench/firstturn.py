"""How many hands end before the second seat moves: a share the second
seat's play cannot change.

    python bench/firstturn.py [--games N] [--seed S] [VARIANT ...]   (default: knock)

Deals 2-player hands and lets the greedy bot play the first seat until the
second seat is to move; counts the hands that are already over (in Knock
Rummy: a knock on the first turn) and the second seat's share of them (a
shared win counts half). Against the greedy bot, any bot sits second in half
of the hands, and in this share of those it never makes a move: their
result is the deal's.

A bot that plays the first seat differently from the greedy bot changes the
other half only through its own first turn (``bench/knockodds.py`` sweeps
the knock threshold there).
"""

from __future__ import annotations

import argparse
import sys

import rummykit as rk
from rummykit.sim import wilson_interval


def measure(v: rk.Variant, games: int, seed: int) -> tuple[int, float]:
    """(hands over before the second seat moves, the second seat's wins in them)."""
    over = 0
    won = 0.0
    for g in range(games):
        h = rk.new_hand(v, players=2, seed=seed * 1_000_003 + g, dealer=g % 2)
        first = h.current_player
        assert first is not None
        bot = rk.GreedyBot(v, seed=g)
        bot.start_hand(h.view(first))
        while not h.is_over and h.current_player == first:
            h.apply(bot.choose(h.view(first)))
        if h.is_over:
            result = h.result
            assert result is not None
            over += 1
            if 1 - first in result.winners:
                won += 1 / len(result.winners)
    return over, won


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variants", nargs="*", default=["knock"])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    print(
        f"rummykit {rk.__version__}, Python {sys.version.split()[0]}: greedy first seat, {args.games} hands each"
    )
    for name in args.variants:
        over, won = measure(rk.load_variant(name), args.games, args.seed)
        lo, hi = wilson_interval(over, args.games)
        share = won / over if over else 0.0
        print(
            f"{name:<12} over before the second seat moves: {100 * over / args.games:5.1f}%"
            f" [{100 * lo:.1f}%, {100 * hi:.1f}%] of {args.games}; the second seat's share of them {100 * share:.1f}%"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
