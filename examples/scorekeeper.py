"""A scorekeeper: score hands played at a real table with `rummykit.settle`.

Nobody plays through rummykit here: the table tells the scorekeeper how each
hand ended (who went out, what was melded, what was left in each hand), and
`settle` applies the variant's scoring rules. The scorekeeper keeps the
running totals itself and adds each hand with `apply_settlement`, which also
asks the variant's game end rule whether the game is over.

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

    # Gin again, scored from what the players said at the table: Bob knocks
    # showing 2C 2D 2H and 4S 5S 6S with AH 3H (4) left; Ann holds
    # 2S 7S 8S QC QD. Nobody lists her lay-offs: settle finds the best ones
    # for her (2S, 7S, 8S), as the rules let the defender choose.
    result = rk.settle(
        gin,
        rk.Ending(
            knocker=1,
            hands=["2S 7S 8S QC QD", "AH 3H"],
            melds=[[], ["2C 2D 2H", "4S 5S 6S"]],
            best_layoffs=True,
        ),
    )
    laid = ", ".join(str(x.card) for x in result.laid_off)
    print(f"Gin, lay-offs found: {laid}; scores {result.scores} ({result.units} won)")
    for payment in result.payments:
        print("  ", payment)

    # A whole game of gin kept on paper: only the deadwood counts are said
    # aloud. The scorekeeper holds the totals; apply_settlement adds each
    # hand and says when the game (100 points) is over.
    totals = None
    hands = [rk.Ending(knocker=0, counts=[3, 41]), rk.Ending(knocker=1, counts=[9, 0]),
             rk.Ending(knocker=0, counts=[0, 62])]  # fmt: skip
    won = [0, 0]
    for number, ending in enumerate(hands, 1):
        result = rk.settle(gin, ending)
        for seat in result.winners:
            won[seat] += 1
        standing = rk.apply_settlement(gin, totals, result, hands_played=number, hands_won=won)
        totals = standing.totals
        print(f"Gin hand {number}: totals {dict(zip(['Ann', 'Bob'], totals, strict=True))}")
    if standing.over:
        print("Game over, won by", " and ".join(["Ann", "Bob"][s] for s in standing.game_winners))
        print("Final totals with the game bonuses:", standing.final_totals)

    # Rommé scores penalty points: lower is better, and the seat that went
    # out is the hand's winner although it scores the least.
    romme = rk.settle(rk.load_variant("romme"), rk.Ending(went_out=1, counts=[46, 0]))
    print(f"Rommé: {romme.scores} ({romme.units} points), hand won by seat {romme.winner}")


if __name__ == "__main__":
    main()
