"""500 Rum, rule by rule.

Sources by their labels in docs/sources.md: [S8] (fact-index, Bicycle-derived), [S9] (Bicycle "500 Rum"),
[S10, S7] (pagat), [S12, S15, S16].
"""

from __future__ import annotations

import pytest

import rummykit as rk

V = rk.load_variant("rum500")


def cards(text: str) -> tuple[rk.Card, ...]:
    return rk.parse_cards(text)


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


@pytest.mark.parametrize(
    ("players", "size", "shoe"), [(2, 13, 52), (3, 7, 52), (4, 7, 52), (5, 7, 104), (8, 7, 104)]
)
def test_deal_thirteen_to_two_seven_to_more_two_decks_from_five_fi500(
    players: int, size: int, shoe: int
) -> None:
    """[S8, S9, S7]: 13 cards each with two players, 7 each with three
    or more; "with 5 or more players, two decks" [S7, S8, S10]; an
    upcard starts the spread discard pile; play starts on the dealer's left."""
    h = rk.new_hand(V, players=players, seed=players, dealer=players - 1)
    view = h.view(0)
    assert view.hand_counts == (size,) * players
    assert len(view.discard) == 1 and view.stock_count == shoe - players * size - 1
    assert h.current_player == 0


def test_ace_high_or_low_never_around_the_corner_fi500() -> None:
    """[S8, S10]: the ace is high or low, runs never go around the corner."""
    assert rk.classify_meld(V, cards("AD 2D 3D")) is not None
    assert rk.classify_meld(V, cards("QD KD AD")) is not None
    assert rk.classify_meld(V, cards("KD AD 2D")) is None


def dig_hand() -> rk.Hand:
    return rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S 7D 8D AH", "7H 8H 9H TD TH TS 2D 3D 4D AS KD QD 6C"],
        discard="JH 5C 2S",
        stock="KH 6H JC 3S",
    )


def test_take_any_discard_with_all_above_it_and_use_it_at_once_fi500() -> None:
    """[S8, S10]: you may take any discard, "you also take every card
    above it, and the card you selected must be used at once, in a meld or a
    lay-off"; "The other cards taken may be melded the same turn or kept"."""
    h = dig_hand()
    offered = legal(h)
    # JH lies three deep, under 5C and 2S: it goes with 9H TH from the hand
    assert {"take 3 meld 9H TH JH", "take 3 meld 7H 8H 9H TH JH"} <= set(offered)
    # 5C (two deep) fits nothing: seat 1 holds 6C but neither 4C nor 7C
    assert not any(a.startswith("take 2") for a in offered)
    with pytest.raises(rk.IllegalAction, match=r"the card taken, JH, must be used at once"):
        h.apply("take 3")
    with pytest.raises(rk.IllegalAction, match="neither in seat 1's hand nor taken"):
        h.apply("take 2 meld 5C 6C 7C")  # 7C is seat 0's
    h.apply("take 3 meld 9H TH JH")
    assert h.table[0].meld.cards == cards("9H TH JH")
    assert set(cards("5C 2S")) <= set(h.hand_of(1)) and h.view(0).discard == ()
    assert "discard 5C" in legal(h)  # only a single top card taken may not be thrown back


def test_deepest_card_may_go_straight_into_a_lay_off_fi500() -> None:
    """[S8]: the card taken must be used at once "in a meld or a lay-off"
    [S8, S10]. Seat 1 digs four deep for 5C and lays it off on
    seat 0's 2C 3C 4C; 2S, KH and 6H come along and stay in hand (or go down)."""
    h = dig_hand()
    for action in ("draw", "meld 7H 8H 9H", "discard KH"):  # seat 1: KH from the stock
        h.apply(action)
    for action in ("draw", "meld 2C 3C 4C", "discard 6H"):  # seat 0
        h.apply(action)
    assert h.view(1).discard == cards("JH 5C 2S KH 6H")
    offered = legal(h)
    assert "take 4 layoff 5C on 2" in offered
    with pytest.raises(rk.IllegalAction, match=r"the card taken, 5C, must be used at once"):
        h.apply("take 4")
    h.apply("take 4 layoff 5C on 2")
    assert h.table[1].meld.cards == cards("2C 3C 4C 5C") and h.table[1].laid == ((rk.Card.parse("5C"), 1),)
    assert set(cards("2S KH 6H")) <= set(h.hand_of(1))
    assert h.view(0).discard == cards("JH")
    # the others taken may be used the same turn: 6H onto 7H 8H 9H
    h.apply("layoff 6H on 1")
    h.apply("layoff 6C on 2")
    assert h.table[1].meld.cards == cards("2C 3C 4C 5C 6C")


def test_the_single_top_discard_may_be_kept_buf500() -> None:
    """[S15]: "You may always take the last card of the discard pile" (the
    default; [S14]'s must-meld is the option draw.must_use_top)."""
    h = dig_hand()
    assert "take" in legal(h)
    h.apply("take")
    assert rk.Card.parse("2S") in h.hand_of(1)
    assert "discard 2S" not in legal(h)  # "Do not discard a single top card just taken" [S16]


def test_any_number_of_melds_in_a_turn_p500() -> None:
    """[S8, S7]: any number of melds and lay-offs after the draw."""
    h = dig_hand()
    h.apply("draw")  # KH
    h.apply("meld 7H 8H 9H")
    h.apply("meld TD TH TS")
    h.apply("meld 2D 3D 4D")
    assert [t.owner for t in h.table] == [1, 1, 1]
    h.apply("discard KH")
    assert h.current_player == 0


def test_play_ends_at_once_when_a_player_melds_every_card_bic500() -> None:
    """[S9]: "play ends at once when anyone is out of cards"; no final
    discard is needed [S16, S15]. Each player scores the cards on the table
    minus the cards in hand: seat 1 108, seat 0 -98 (ace 15)."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C QS QH JD 5H 6S 7C 8C AH", "7H 8H 9H TD TC TS 2D 3D 4D 5D KD KC KH"],
        discard="6D",
        stock="KS",
    )
    h.apply("draw")
    for meld in ("7H 8H 9H", "TD TC TS", "2D 3D 4D 5D"):
        h.apply(f"meld {meld}")
    h.apply("meld KD KC KH KS")
    assert h.is_over and h.result is not None and not h.ending().final_discard
    assert h.result.winners == (1,)
    assert h.result.scores == (-(2 + 3 + 4 + 9 + 9 + 10 + 10 + 10 + 5 + 6 + 7 + 8 + 15), 24 + 30 + 14 + 40)


def test_stock_out_and_the_player_declines_the_pile_ends_the_hand_bga() -> None:
    """[S16] (the default): with the stock empty, the
    player on turn may take from the discard pile or "end the round instead";
    each then scores melds minus hand."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S 7C 8C TC", "7H 8H 9H TD TH TS 2D 3D 4D AS KD QD 6C"],
        discard="5C JH 2S",
        stock="KH",
    )
    for action in ("draw", "meld 7H 8H 9H", "meld TD TH TS", "discard KH"):
        h.apply(action)
    assert h.stock_count == 0 and "pass" in legal(h) and "take" in legal(h)
    with pytest.raises(rk.IllegalAction, match="the stock is empty"):
        h.apply("draw")
    h.apply("pass")
    assert h.is_over and h.result is not None
    assert h.result.how is rk.Termination.STOCK_EXHAUSTED
    # seat 0: nothing shown, 93 in hand; seat 1: 24 + 30 shown, 2D 3D 4D AS KD QD 6C = 50 in hand
    assert h.result.scores == (-93, 54 - 50)


def test_melds_minus_hand_87_on_the_table_and_90_in_hand_scores_minus_3_bic500() -> None:
    """[S9]: a hand score may be negative: 87 on the table and 90 in hand
    scores -3."""
    e = rk.Ending(
        went_out=1,
        hands=["KC KD QC QD AS AH 9C 5C 6D", ""],
        melds=[["TC TD TS", "JC JD JS", "8H 9H TH"], ["2H 3H 4H"]],
    )
    assert rk.hand_value(V, e.hands[0]) == 90
    s = rk.settle(V, e)
    assert s.scores == (30 + 30 + 27 - 90, 9) == (-3, 9)


def test_an_ace_melded_low_counts_one_otherwise_fifteen_p500() -> None:
    """[S7, S12]: "An ace melded as A-2-3 counts 1"; an ace is otherwise 15,
    in a high run, a set or the hand."""
    e = rk.Ending(
        went_out=0,
        hands=["", "AC 5C"],
        melds=[["AH 2H 3H", "QS KS AS"], ["AD 2D 3D 4D"]],
    )
    s = rk.settle(V, e)
    assert s.scores == (1 + 2 + 3 + 10 + 10 + 15, 1 + 2 + 3 + 4 - 15 - 5)
    sets = rk.settle(V, rk.Ending(went_out=0, hands=["", ""], melds=[["AD AC AH"], []]))
    assert sets.scores == (45, 0)


@pytest.mark.parametrize("players", [2, 8])
def test_game_to_500_highest_total_wins_bic500(players: int) -> None:
    """[S9]: the game ends when a player reaches 500; "If several reach it
    in the same hand, the highest wins"."""
    m = rk.new_match(V, players=players, seed=4)
    m.play([rk.GreedyBot(V) for _ in range(players)])
    assert m.is_over and m.hands_played < V.limits.max_hands
    totals = [0] * players
    for i, (seats, result) in enumerate(m.results):
        for j, score in enumerate(result.scores):
            totals[seats[j]] += score
        assert (max(totals) >= 500) == (i == m.hands_played - 1)
    assert totals == m.totals
    assert m.winners == tuple(s for s in range(players) if totals[s] == max(totals))
