"""The size and time of one legal_actions() call in wild-heavy variants
(issue 15: two decks, four jokers, four wild ranks, 13-card hands).

Run: .venv/bin/python bench/legal_bound.py [hands]
Prints, per base variant, the largest legal-action list met over the first
draws of seeded hands, and the slowest call.
"""

from __future__ import annotations

import resource
import sys
import time

import rummykit as rk

BASES = ["double-rum", "kalooki", "rum500", "romme", "indian", "straight"]


def heavy(base: str) -> rk.Variant:
    return rk.loads_variant(
        f'extends = "{base}"\n[variant]\nname = "heavy-{base}"\n'
        '[deck]\ndecks = 2\njokers_per_deck = 2\nwild_ranks = ["2", "3", "4", "5"]\n'
    )


def main(hands: int) -> None:
    for base in BASES:
        try:
            v = heavy(base)
        except rk.VariantError as exc:
            print(f"{base:12} (variant refused: {str(exc).splitlines()[1][:60]})")
            continue
        players = 2 if 2 in v.players.counts() else v.players.min
        biggest = slowest = 0.0
        for seed in range(hands):
            h = rk.new_hand(v, players, seed=seed)
            for _ in range(6):  # the first turns: draw, then the play phase
                if h.is_over:
                    break
                t = time.perf_counter()
                legal = h.legal_actions()
                dt = time.perf_counter() - t
                biggest, slowest = max(biggest, len(legal)), max(slowest, dt)
                h.apply(legal[0] if h.phase.value != "play" else legal[-1])
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        print(
            f"{base:12} hands {hands:3}  most actions {int(biggest):6}  slowest call {slowest:6.2f} s  peak RSS {rss} MB"
        )
        sys.stdout.flush()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
