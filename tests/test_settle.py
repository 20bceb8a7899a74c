"""Settlement of finished hands, from the rule texts (sources by their labels in docs/sources.md)."""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit import Ending, Termination, settle


def test_winner_takes_the_others_cards_s001() -> None:
    v = rk.load_variant("straight")
    s = settle(v, Ending(went_out=2, hands=["KS 5D", "AH 2C", ""]))
    assert s.scores == (0, 0, 18) and s.winners == (2,) and s.how is Termination.WENT_OUT


def test_going_rummy_doubles_s003() -> None:
    v = rk.load_variant("straight")
    s = settle(v, Ending(went_out=0, hands=["", "KS 5D"], concealed=(True, False)))
    assert s.scores == (30, 0)


def test_block_lowest_count_takes_the_differences_s001() -> None:
    """[S1]: "A 6, B 15, C 7, D 21 -> A scores 25"."""
    v = rk.load_variant("block")
    s = settle(v, Ending(hands=["6C", "9C 6D", "7S", "TC TD AS"]))
    assert s.how is Termination.STOCK_EXHAUSTED
    assert s.scores == (25, 0, 0, 0) and s.winners == (0,)


def test_block_tied_lowest_share_indivisible_points_dropped_s002() -> None:
    v = rk.load_variant("block")
    s = settle(v, Ending(hands=["6C", "6D", "9S"]))  # pot 3, two winners: 1 each, 1 not awarded
    assert s.scores == (1, 1, 0) and s.winners == (0, 1)


def test_melds_minus_hand_can_be_negative_bic500() -> None:
    """[S9]: 87 on the table and 90 in hand scores -3 (here: 30 - 35)."""
    v = rk.load_variant("rum500")
    s = settle(v, Ending(hands=["KS QS JS 5C", ""], melds=[["TH TD TC"], ["2C 3C 4C"]], went_out=1))
    assert s.scores == (30 - 35, 9)


def test_a_laid_off_card_scores_for_the_layer_hsw500() -> None:
    v = rk.load_variant("rum500")
    e = Ending(
        hands=["", "KS"],
        melds=[["7H 8H 9H TH"], []],
        laid_off=(rk.settlement.LaidOff(rk.Card.parse("TH"), 1, 0, 0),),
        went_out=0,
    )
    assert settle(v, e).scores == (24, 10 - 10)


def test_thai_penalties_and_doubling_s000() -> None:
    v = rk.load_variant("thai")
    e = Ending(
        hands=["", "5C 5D"],
        melds=[["7H 8H 9H", "KH KD KC"], ["2S 3S 4S"]],
        went_out=0,
        concealed=(True, False),
        fed_by=1,
        penalties=((1, "playable-discard", None), (1, "playable-discard", None)),
    )
    s = settle(v, e)
    # seat 0: (15 + 30) x 2 + 50; seat 1: 15 - 10 - 50 (fed the winner) - 2 x 50
    assert s.scores == (140, 15 - 10 - 50 - 100)


def test_gin_scores_deadwood_plus_bonus_grc() -> None:
    v = rk.load_variant("gin")
    e = Ending(knocker=0, hands=["AC 2C 3C 4D 5D 6D 7H 8H 9H", "KS QS 2D 2H"], how="gin")
    s = settle(v, e)
    assert s.scores == (24 + 25, 0) and s.how is Termination.GIN


def test_gin_undercut_grc() -> None:
    v = rk.load_variant("gin")
    e = Ending(knocker=0, hands=["AC 2C 3C 4D 5D 6D 7H 8H 9H 5S", "2D 2H 2S KC QC JC AD"])
    s = settle(v, e)
    assert s.winners == (1,) and s.scores == (0, 5 - 1 + 25)


def test_knock_rummy_undercut_costs_the_knocker_10_s002() -> None:
    v = rk.load_variant("knock")
    e = Ending(knocker=0, hands=["AC 2C 3C 9S", "2D 2H 2S AD", "KS QD"])
    s = settle(v, e)
    # seat 1 (1) is lower than the knocker (9): differences 8 + 19, bonus 10; knocker -10
    assert s.winners == (1,) and s.scores == (-10, 8 + 19 + 10, 0)


def test_knock_rummy_rum_collects_from_each_s002() -> None:
    v = rk.load_variant("knock")
    e = Ending(knocker=0, hands=["AC 2C 3C", "2D 2H 2S AD", "KS"])
    s = settle(v, e)
    assert s.scores == (1 + 10 + 2 * 25, 0, 0)


def test_indian_points_cap_and_drops_s003() -> None:
    v = rk.load_variant("indian")
    e = Ending(
        how="declared",
        went_out=0,
        hands=["", "KS QS JD 9H 9D KC QC JC TH 8C 7D 6S 2S", "5H 6H 7H 9C TC JS 2D 3D 4D AC AH KD 8S", "AS"],
        dropped=((3, "first"),),
    )
    s = settle(v, e)
    # Points rummy: the losers' points move to the winner.
    assert v.scoring.winner_collects  # type: ignore[attr-defined]
    assert s.scores[3] == -20  # a first drop
    assert s.scores[1] == -80  # no sequence at all: every card counts, capped at 80
    assert -80 <= s.scores[2] < 0
    assert s.scores[0] == -sum(s.scores[1:]) and s.winners == (0,)
    pool = settle(rk.load_variant("indian-pool101"), e)
    assert pool.scores[0] == 0 and pool.scores[1] == 80 and pool.scores[3] == 20


def test_continental_payments_s002() -> None:
    v = rk.load_variant("continental")
    e = Ending(went_out=0, hands=["", "KS", "QS"], melds=[["3H 4H JK=5H 6H", "8C 9C TC JC"], [], []])
    s = settle(v, e)
    assert s.scores == (2 * 3, -3, -3)


def test_queen_city_own_melds_times_opponents_s002() -> None:
    v = rk.load_variant("queen-city")
    e = Ending(
        went_out=0, hands=["", "KS", "QS", "2C", "3C"], melds=[["7H 8H 9H", "TC TD TS"], [], [], [], []]
    )
    assert settle(v, e).scores == (54 * 4, 0, 0, 0, 0)


def test_phom_places_pay_one_two_three_and_mom_pays_four_s002() -> None:
    v = rk.load_variant("phom")
    e = Ending(
        how="showing",
        hands=["AC 2D", "5C 9D", "KS QH", "AS 2S 3S 9C"],
        melds=[["7H 8H 9H"], ["TC TD TS"], [], ["4C 5H 6C"] and ["4C 4D 4H"]],
    )
    s = settle(v, e)
    # trash: 3, 14, 25 (no meld: móm), 9; order 0 < 3 < 1; seat 2 pays 4
    assert s.winners == (0,)
    assert s.scores == (1 + 2 + 4, -2, -4, -1)


def test_penalty_scoring_romme_s002() -> None:
    v = rk.load_variant("romme")
    s = settle(v, Ending(went_out=1, hands=["JK AH 5C", ""]))
    assert s.scores == (30 + 11 + 5, 0)


def test_bad_endings_are_refused() -> None:
    v = rk.load_variant("straight")
    with pytest.raises(rk.RummyError):
        settle(v, Ending(went_out=5, hands=["", "KS"]))
    with pytest.raises(rk.RummyError):
        settle(v, Ending(went_out=0, hands=["", "KS"], melds=[["7H 8H TH"], []]))
    with pytest.raises(rk.NotationError):
        Ending(hands=["XX"])


def test_every_builtin_scoring_kind_settles() -> None:
    for name in rk.list_variants():
        v = rk.load_variant(name)
        hand = rk.new_hand(v, players=v.players.min, seed=0)
        bots = [rk.GreedyBot(v) for _ in range(hand.players)]
        while not hand.is_over:
            p = hand.current_player
            assert p is not None
            hand.apply(bots[p].choose(hand.view(p)))
        assert hand.result == settle(v, hand.ending())
