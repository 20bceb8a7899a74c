"""How much of a hand-by-hand greedy-vs-random figure a rule caps: hands
that end without a meld where that loses the hand (Phỏm's móm).

    python bench/meldless.py [--games N] [--seed S] [VARIANT ...]   (default: phom)

Plays the greedy bot against the random bot, 2 players, seats swapped every
other hand and the dealer rotating, and counts the hands the greedy bot ends
without a meld on the table. For each of those it asks whether any meld could
be made of *every* card the bot held at some moment of the hand (dealt,
drawn or eaten): when none could, no way of keeping those cards avoids the
meldless hand. Hands lost that way bound the share any policy drawing the
same cards could win; the bound is approximate, since a player who eats
other discards draws other stock cards.
"""

from __future__ import annotations

import argparse
import sys

import rummykit as rk
from rummykit.melds import best_arrangement
from rummykit.sim import wilson_interval


def measure(v: rk.Variant, games: int, seed: int) -> dict[str, int]:
    out = {"hands": games, "won": 0, "meldless": 0, "meld_possible": 0, "lost_forced": 0}
    for g in range(games):
        h = rk.new_hand(v, players=2, seed=seed * 1_000_003 + g, dealer=g % 2)
        me = (g // 2) % 2
        bots = {me: rk.GreedyBot(v, seed=g), 1 - me: rk.RandomBot(v, seed=g)}
        held = set(h.view(me).hand)
        while not h.is_over:
            p = h.current_player
            assert p is not None
            h.apply(bots[p].choose(h.view(p)))
            held.update(h.view(me).hand)
        result = h.result
        assert result is not None
        won = me in result.winners
        out["won"] += won
        if any(t.owner == me for t in h.table):
            continue
        out["meldless"] += 1
        arr = best_arrangement(v, sorted(held, key=lambda c: c.code))
        if arr is not None and arr.melds:
            out["meld_possible"] += 1
        elif not won:
            out["lost_forced"] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variants", nargs="*", default=["phom"])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    print(f"rummykit {rk.__version__}, Python {sys.version.split()[0]}: greedy vs random, {args.games} hands each")
    for name in args.variants:
        r = measure(rk.load_variant(name), args.games, args.seed)
        n = r["hands"]
        lo, hi = wilson_interval(r["won"], n)
        cap = 1 - r["lost_forced"] / n
        print(
            f"{name:<10} greedy won {r['won']}/{n} ({100 * r['won'] / n:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%);"
            f" ended meldless {r['meldless']} ({100 * r['meldless'] / n:.1f}%), of which a meld was among the"
            f" cards it held in {r['meld_possible']}; lost with no meld possible {r['lost_forced']}:"
            f" at most {100 * cap:.1f}% for any player drawing those cards",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
