"""A scorekeeper: score hands played at a real table with `rummykit.settle`.

Nobody plays through rummykit here: the table tells the scorekeeper how each
hand ended (who went out, what was melded, what was left in each hand), and
`settle` applies the variant's scoring rules.

Run: python examples/scorekeeper.py
"""

from __future__ import annotations

import rummykit as rk


def main() -> None:
    # Thai rummy, two players. Ann goes out with a face-down discard; Bob never
    # displayed a meld, so his (negative) score for the hand is doubled.
    thai = rk.load_variant("thai")
    ending = rk.Ending(
        went_out=0,
        hands=["", "QS 9C 4D"],
        melds=[["7H 8H 9H", "KC KD KS", "2C 3C 4C"], []],
        concealed=[False, True],
    )
    result = rk.settle(thai, ending)
    print("Thai rummy:", dict(zip(["Ann", "Bob"], result.scores, strict=True)))
    for reason in result.reasons:
        print("  ", reason)

    # Straight rummy, three players: Cleo goes out; the others count their cards.
    straight = rk.load_variant("straight")
    result = rk.settle(straight, rk.Ending(went_out=2, hands=["KS 5D", "AH 2H", ""]))
    print("Straight rummy:", dict(zip(["Ann", "Bob", "Cleo"], result.scores, strict=True)))

    # Gin: Bob knocks with 7 deadwood, Ann has 12 after laying off: Bob scores 5.
    gin = rk.load_variant("gin")
    result = rk.settle(
        gin,
        rk.Ending(
            knocker=1,
            hands=["9C 3S", "4S 3H"],
            melds=[["AH AD AC", "5S 6S 7S 8S"], ["KH KD KC", "TS JS QS", "2D 3D 4D"]],
        ),
    )
    print("Gin:", dict(zip(["Ann", "Bob"], result.scores, strict=True)), result.how)


if __name__ == "__main__":
    main()
