"""A tour of rummykit: built-in variants, a house rule, and a typo reported.

Run: python examples/tour.py
"""

from __future__ import annotations

from pathlib import Path

import rummykit as rk

HERE = Path(__file__).parent


def main() -> None:
    print("Built-in variants:")
    for name in rk.list_variants():
        v = rk.load_variant(name)
        print(f"  {name:<12} {v.title:<28} {v.players.min}-{v.players.max} players")

    house = rk.load_variant(HERE / "kitchen.toml")
    base = rk.load_variant("straight")
    print(f"\nHouse rule {house.name!r} ({house.title}) extends straight:")
    print(f"  aces: {base.ranking.ace} -> {house.ranking.ace}")  # type: ignore[attr-defined]
    print(f"  meld timing: {base.meld_timing.kind} -> {house.meld_timing.kind}")
    ace = rk.parse_card("AS")
    print(f"  value of {ace}: {base.scoring.card_value(ace)} -> {house.scoring.card_value(ace)}")
    hand = rk.parse_cards("QH KH AH 7C 7D 7S")
    print(f"  a hand: {rk.format_cards(sorted(hand))}")

    print("\nA house rule with typos is refused, every problem with its key path:")
    for problem in rk.validate_file(HERE / "kitchen_typo.toml"):
        print(f"  kitchen_typo.toml: {problem}")

    gin = rk.load_variant("gin")
    hand = rk.new_hand(gin, players=2, seed=7)
    bots = [rk.GreedyBot(gin), rk.GreedyBot(gin)]
    moves = 0
    while not hand.is_over:
        seat = hand.current_player
        assert seat is not None
        hand.apply(bots[seat].choose(hand.view(seat)))
        moves += 1
    result = hand.result
    assert result is not None
    print(f"\nA hand of gin between two greedy bots: {moves} actions, ended by {result.how}:")
    print(f"  score changes {list(result.scores)}; {'; '.join(result.reasons)}")
    print(f"  replayed from its record: {rk.replay(hand.record()).result == result}")


if __name__ == "__main__":
    main()
