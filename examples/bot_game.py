"""Your own game loop around rummykit: a bot-versus-bot hand of gin, printed.

rummykit keeps the rules; your program keeps the loop. Each turn it asks the
hand who is to act, shows that seat only what it may see (``hand.view``),
lets a bot choose among the legal actions, and applies the choice.

Run: python examples/bot_game.py [VARIANT] [SEED]
"""

from __future__ import annotations

import argparse
import sys

import rummykit as rk


def main(variant: str = "gin", seed: int = 7) -> None:
    v = rk.load_variant(variant)
    hand = rk.new_hand(v, players=2, seed=seed)
    bots = [rk.GreedyBot(v), rk.GreedyBot(v)]
    print(f"{v.title}, seed {seed}")
    for seat in range(2):
        print(f"  seat {seat} is dealt {rk.format_cards(sorted(hand.view(seat).hand))}")

    while not hand.is_over:
        seat = hand.current_player
        assert seat is not None
        view = hand.view(seat)  # only what this seat may see
        action = bots[seat].choose(view)
        hand.apply(action)
        print(f"  seat {seat}: {action}")

    result = hand.result
    assert result is not None
    print(f"Hand over ({result.how}): score changes {list(result.scores)}")
    for reason in result.reasons:
        print(f"  {reason}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="Two greedy bots play one hand, shown move by move.")
    ap.add_argument("variant", nargs="?", default="gin", help="a built-in name or a variant file")
    ap.add_argument("seed", nargs="?", type=int, default=7)
    a = ap.parse_args()
    try:
        main(a.variant, a.seed)
    except ValueError as exc:  # every rummykit error is one: a bad name or file, no traceback
        sys.exit(f"bot_game.py: {exc}")
