"""How closely the search bot's rollout players play like the greedy bot.

    python bench/fidelity.py [--hands N] [VARIANT ...]

The search bot plays its rollouts with
:func:`rummykit.bots.search.fast_choice` (the greedy bot's priorities with
one solver call a turn, no random moves here), and the greedy bot is the
opponent the bench measures it against. Over greedy-vs-greedy hands (2
players, seeds 0..N-1) this counts, at each decision:

- an upcard offer (a plain take of the top discard or a stock draw, the
  stock not out): whether the greedy bot took it, and whether the fast
  policy would have;
- a decision with discards: whether the fast policy plays the greedy
  bot's action (by the action the greedy bot played: a discard, a knock,
  a meld...).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

import rummykit as rk
from rummykit.bots import GreedyBot, SearchBot
from rummykit.bots.search import fast_choice
from rummykit.engine import Discard, Take


def fidelity(name: str, hands: int) -> tuple[Counter[tuple[bool, bool]], Counter[tuple[str, bool]]]:
    """(greedy took, fast takes) counts at upcard offers, and (the greedy
    action's kind, the fast policy agrees) counts where a discard is legal."""
    v = rk.load_variant(name)
    fast = SearchBot(v, seed=0, iterations=1, epsilon=0.0)
    takes: Counter[tuple[bool, bool]] = Counter()
    plays: Counter[tuple[str, bool]] = Counter()
    for g in range(hands):
        h = rk.new_hand(v, players=2, seed=g)
        bots = [GreedyBot(v, seed=2 * g + i) for i in range(2)]
        while not h.is_over and h.turns < 200:
            p = h.current_player
            assert p is not None
            view = h.view(p)
            a = bots[p].choose(view)
            legal = view.legal
            discards = any(isinstance(x, Discard) for x in legal)
            offer = (
                not discards
                and view.top_discard is not None
                and h.stock_count > 0
                and any(isinstance(x, Take) and x.depth == 1 and x.then is None and not x.and_draw for x in legal)
            )
            if len(legal) > 1 and (discards or offer):
                f = fast_choice(
                    fast, tuple(view.hand), legal, view.wild_ranks, h.stock_count, h.discard_pile, random.Random(0)
                )
                if offer:
                    takes[(isinstance(a, Take), isinstance(f, Take))] += 1
                else:
                    plays[(type(a).__name__, a == f)] += 1
            h.apply(a)
    return takes, plays


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="*", default=["gin", "straight", "kalooki", "romme", "double-rum", "wrotham"])
    ap.add_argument("--hands", type=int, default=150)
    args = ap.parse_args()
    print(f"{'':12} {'upcards':>8} {'greedy takes':>13} {'fast takes':>11} {'both':>6}   discards: fast plays the greedy action")
    for name in args.variants:
        takes, plays = fidelity(name, args.hands)
        offers = sum(takes.values())
        g = sum(n for (t, _), n in takes.items() if t)
        f = sum(n for (_, t), n in takes.items() if t)
        both = takes[(True, True)]
        kinds = sorted({k for k, _ in plays})
        parts = []
        for k in kinds:
            n = plays[(k, True)] + plays[(k, False)]
            parts.append(f"{k} {plays[(k, True)] / n:.0%} of {n}")
        print(f"{name:12} {offers:8} {g:13} {f:11} {both:6}   {', '.join(parts)}")


if __name__ == "__main__":
    main()
