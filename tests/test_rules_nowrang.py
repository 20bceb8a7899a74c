"""Nowrang [S2], rule by rule, from its source.

[S2] is Cats at Cards' "Rummy variations" (docs/sources.md).
Scenarios run on stacked deals: ``stock[0]`` is the top card; with
``dealer=0`` seat 1 is the dealer's opponent, who plays first.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rules_helpers import bot_match, legal, words
from rummykit import Phase, Termination

V = rk.load_variant("nowrang")

DEALER = "2C 3C 4C 9D 8D 7D KD QD JD 5S"


def nowrang_hand(opponent: str, *, dealer: str = DEALER, stock: str = "AS 3D 4D 5D 6D") -> rk.Hand:
    return rk.new_hand(V, players=2, dealer=0, hands=[dealer, opponent], stock=stock)


@pytest.mark.parametrize("dealer", [0, 1])
def test_eleven_cards_to_the_opponent_ten_to_the_dealer_no_upcard_s002(dealer: int) -> None:
    """[S2]: "Nowrang is a two-player Rummy type game ... one standard 52 card
    deck of cards with no Jokers"; "the dealer distributes 11 cards to his
    opponent and 10 cards to himself. He places the remainder of the deck
    face-down in the center of the table to create a draw pile."""
    h = rk.new_hand(V, players=2, dealer=dealer, seed=dealer + 3)
    opponent = 1 - dealer
    view = h.view(0)
    assert view.hand_counts[opponent] == 11 and view.hand_counts[dealer] == 10
    assert view.discard == () and view.stock_count == 52 - 21
    assert h.current_player == opponent
    with pytest.raises(rk.RummyError, match="2 to 2 players"):
        rk.new_hand(V, players=3, seed=1)


def test_the_opponent_first_only_discards_then_turns_alternate_s002() -> None:
    """[S2]: "On this first turn, the dealer's opponent must then simply
    discard one of his 11 cards to start a draw pile. After this the turn's
    alternate"; "drawing either the top face-up card of the draw pile or ...
    the top face-down card from the stock pile. He then completes his turn by
    discarding"."""
    h = nowrang_hand("4H 5H 6H 8H 9C 2D 3S JS QS KS 7C")
    assert h.phase is Phase.PLAY and h.current_player == 1
    assert all(a.startswith("discard") for a in legal(h))
    h.apply("discard 9C")
    assert h.current_player == 0 and legal(h) == ["draw", "take"]
    h.apply("take")
    assert rk.Card.parse("9C") in h.hand_of(0)
    h.apply("discard 5S")
    assert h.current_player == 1 and legal(h) == ["draw", "take"]


def test_runs_only_equal_ranks_are_not_melds_s002() -> None:
    """[S2]: "melds of equally ranked cards are not recognized in this game".
    Three nines and three kings with a four-card run do not win; the same
    run with two three-card runs does."""
    sets = nowrang_hand("4H 5H 6H 7H 9H 9C 9S KH KC KS 2D", dealer="2C 3C 4C 9D 8D QS QD JD 5S 6S")
    assert words(sets, "declare") == []
    with pytest.raises(rk.IllegalAction):
        sets.apply("declare 4H 5H 6H 7H + 9H 9C 9S + KH KC KS discard 2D")
    runs = nowrang_hand("4H 5H 6H 7H 8C 9C TC JS QS KS 2D")
    assert len(words(runs, "declare")) == 1
    assert runs.is_legal("declare 4H 5H 6H 7H + 8C 9C TC + JS QS KS discard 2D")


def test_a_four_card_garwanj_and_two_three_card_runs_win_the_game_s002() -> None:
    """[S2]: "he thus must create one such sequence consisting of four cards
    (called a garwanj) and two additional sequences consisting of three cards
    each. As soon as a player manages to do this during his turn, he indicates
    this and is declared the winner of the game." Seat 0 completes it by
    drawing 5C after seat 1's first discard."""
    h = nowrang_hand("4H 5H 6H 8H 9C 2D 3S JS QS KS 7C", dealer="2C 3C 4C 9D TD JD 6S 7S 8S KC", stock="5C")
    h.apply("discard 2D")
    h.apply("draw")  # 5C: 2C-5C, 9D TD JD, 6S 7S 8S
    assert len(words(h, "declare")) == 1
    h.apply("declare 2C 3C 4C 5C + 9D TD JD + 6S 7S 8S discard KC")
    assert h.is_over and h.result is not None
    assert h.result.how is Termination.DECLARED and h.result.winners == (0,)
    # [S2] gives no score; the variant records the game as 1 paid by the loser
    assert h.result.scores == (1, -1) and rk.settle(V, h.ending()) == h.result


def test_a_longer_run_is_cut_seven_is_four_and_three() -> None:
    """[S2]: a longer run can be cut (7 = 4 + 3): 4H to TH
    and J-Q-K of spades make the pattern."""
    h = nowrang_hand("4H 5H 6H 7H 8H 9H TH JS QS KS 2D")
    assert h.is_legal("declare 4H 5H 6H 7H + 8H 9H TH + JS QS KS discard 2D")
    assert h.is_legal("declare 4H 5H 6H + 7H 8H 9H TH + JS QS KS discard 2D")
    h.apply("declare 4H 5H 6H + 7H 8H 9H TH + JS QS KS discard 2D")
    assert h.result is not None and h.result.winners == (1,)


def test_the_ace_is_the_highest_card_only_s002() -> None:
    """[S2]: "The ranking of the cards are the same as in Standard Rummy, with
    the Ace considered the highest card, after King": Q-K-A is a run,
    A-2-3 is not."""
    high = nowrang_hand("QS KS AS 4H 5H 6H 7H 8C 9C TC 2D", stock="3D")
    assert len(words(high, "declare")) == 1
    assert high.is_legal("declare 4H 5H 6H 7H + 8C 9C TC + QS KS AS discard 2D")
    low = nowrang_hand("AH 2H 3H 6S 7S 8S 9S 8C 9C TC 5D", stock="3D")
    assert words(low, "declare") == []


def test_bots_play_one_hand_that_decides_the_game_s002() -> None:
    """[S2]: the first to form the pattern "is declared the winner of the
    game": one hand, and the one who declared wins."""
    match = bot_match(V, 2, seed=1)
    assert match.hands_played == 1
    seats, result = match.results[0]
    assert result.how is Termination.DECLARED
    assert match.winners == tuple(seats[w] for w in result.winners) and len(match.winners) == 1
