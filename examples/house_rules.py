"""Validate a house-rule file, show what it changes, and play a hand of it.

Run: python examples/house_rules.py [FILE]   (default: examples/kitchen.toml)
"""

from __future__ import annotations

import sys
from pathlib import Path

import rummykit as rk
from rummykit.rulebook import diff_variants

HERE = Path(__file__).parent


def main(path: Path = HERE / "kitchen.toml") -> int:
    problems = rk.validate_file(path)
    if problems:
        for problem in problems:
            print(f"{path.name}: {problem}")
        return 1
    house = rk.load_variant(path)
    base = rk.load_variant("straight")
    print(f"{path.name}: ok - {house.title}")
    for change in diff_variants(base, house):
        print(f"  {change}")

    players = house.players.min
    hand = rk.new_hand(house, players=players, seed=11)
    bots = [rk.GreedyBot(house) for _ in range(players)]
    while not hand.is_over:
        seat = hand.current_player
        assert seat is not None
        hand.apply(bots[seat].choose(hand.view(seat)))
    result = hand.result
    assert result is not None
    print(f"A hand of {house.name} between {players} bots: {result.how}, scores {list(result.scores)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "kitchen.toml"))
