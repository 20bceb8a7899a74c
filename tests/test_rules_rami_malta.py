"""Rami ta' L-att, Maltese rummy [S2], rule by rule, from its source.

[S2] is Cats at Cards' "Rummy variations" (docs/sources.md).
Scenarios run on stacked deals: ``stock[0]`` is the top card, the last card
of ``discard`` the top discard; with ``dealer=0`` seat 1 plays first.
"""

from __future__ import annotations

import itertools

import pytest

import rummykit as rk
from rules_helpers import bot_match, legal, words
from rummykit import Ending, Termination, settle

V = rk.load_variant("rami-malta")

OPENER = "4H 5H 6H 7H 2D 2H 2S JS QS KS"  # 4H-7H, three 2s, J-Q-K of spades
LOSER = "AS AC KD 9C 3C 5D 8S TD 6C 3H"


def rami_hand(hands: list[str], *, stock: str, discard: str = "QC") -> rk.Hand:
    return rk.new_hand(V, players=len(hands), dealer=0, hands=hands, discard=discard, stock=stock)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_ten_cards_each_an_upcard_and_the_dealers_left_starts_s002(players: int) -> None:
    """[S2]: "this player then distributes 10 cards to each player, starting
    with the player at his immediate left ... the top card of the stock is
    exposed and set next to the stock to start the discard pile. The player to
    the immediate left of the dealer has the first turn." One deck; two for
    five or six players (variants/rami-malta.toml notes: 10 x 6 + 1 > 52)."""
    h = rk.new_hand(V, players=players, seed=players, dealer=players - 1)
    view = h.view(0)
    assert view.hand_counts == (10,) * players
    assert len(view.discard) == 1
    decks = 1 if players <= 4 else 2
    assert view.stock_count == 52 * decks - 10 * players - 1
    assert h.current_player == 0


def test_the_first_meld_must_hold_a_group_or_sequence_of_four_s002() -> None:
    """[S2]: "a player's first meld must consist of at least one group or
    sequence consisting of four or more cards. Once a player has made such an
    initial meld, he may then play any other valid and legal melds"."""
    h = rami_hand(["2C 3C 4C 9D 9C 9S KD QD JD 5S", OPENER], stock="8D 7C 5C 6D")
    h.apply("draw")  # 8D
    with pytest.raises(rk.IllegalAction, match="initial meld needs a meld of at least 4 cards"):
        h.apply("meld JS QS KS")
    with pytest.raises(rk.IllegalAction, match="at least 4 cards"):
        h.apply("meld 2D 2H 2S + JS QS KS")
    assert "meld 4H 5H 6H 7H" in words(h, "meld")
    h.apply("meld 4H 5H 6H 7H")
    assert "meld JS QS KS" in words(h, "meld") and "meld 2D 2H 2S" in words(h, "meld")
    h.apply("meld JS QS KS")


def test_lay_off_onto_any_meld_only_after_ones_initial_meld_s002() -> None:
    """[S2]: "Once a player has made such an initial meld, he may then play any
    other valid and legal melds and may also lay off cards onto his own melds
    or those of his opponents." Seat 0's 3H fits seat 1's 4H-7H only after
    seat 0 opens with 9D 9C 9S 9H."""
    h = rami_hand(["2C 3C 4C 9D 9C 9S KD QD JD 3H", OPENER], stock="8D 9H 5C 6D")
    h.apply("draw")
    h.apply("meld 4H 5H 6H 7H")
    h.apply("discard 8D")
    h.apply("draw")  # seat 0: 9H
    assert "layoff 3H on 1" not in legal(h)
    h.apply("meld 9C 9D 9H 9S")
    assert "layoff 3H on 1" in legal(h)
    h.apply("layoff 3H on 1")
    assert str(h.table[0].meld) == "3H 4H 5H 6H 7H"


def test_aces_rank_high_only_s002() -> None:
    """[S2]: "The ranking of the cards ... from highest to lowest; Ace, King,
    Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2"; a sequence is "in direct
    ascending sequence": J-Q-K-A opens, A-2-3-4 is no run."""
    h = rami_hand(["JH QH KH AH AC 2C 3C 4C 9C 5S", OPENER], stock="8D 7C 5C 6D")
    h.apply("draw")
    h.apply("discard 8D")
    h.apply("draw")
    assert "meld JH QH KH AH" in words(h, "meld")
    assert not any("AC 2C 3C" in m for m in words(h, "meld"))
    with pytest.raises(rk.IllegalAction, match="not a valid meld"):
        h.apply("meld AC 2C 3C 4C")


def test_groups_are_of_different_suits_even_with_two_decks_s002() -> None:
    """[S2]: "A group meld is three or four cards all of the same rank and in
    different suits." Five players use two decks here, and 7H 7H 7S is still
    no group."""
    hands = ["7H 7H 7S 7D 7C 2C 3C KD QD 5S", "AH 3H 8H 9H TH JH 8S 9S TS AD",
             "2C 3D 4S 5D 6S 8C TC JC QC KC", "AC 4C 5C 6C 3S 4D 6D 8D TD JD",
             "2D 2H 2S 4H 5H 6H JS QS KS 9D"]  # fmt: skip
    h = rk.new_hand(V, players=5, dealer=4, hands=hands, discard="KH", stock="AS 2H")
    h.apply("draw")
    assert "meld 7C 7D 7H 7S" in words(h, "meld")
    assert not any("7H 7H" in m for m in words(h, "meld"))
    with pytest.raises(rk.IllegalAction, match="not a valid meld"):
        h.apply("meld 7D 7H 7H 7S")


def test_going_out_by_melding_the_last_card_ends_the_hand_s002() -> None:
    """[S2]: "Once a player manages to go out by either playing his last card
    to a meld or discarding his last card at the end of a turn, play of that
    hand immediately ceases." Seat 1 opens with all eleven cards."""
    h = rami_hand([LOSER, OPENER], stock="8H 7C")
    h.apply("draw")
    h.apply("meld 2D 2H 2S + 4H 5H 6H 7H 8H + JS QS KS")
    assert h.is_over and h.result is not None and h.result.how is Termination.WENT_OUT


def test_penalty_points_for_the_cards_left_aces_11_s002() -> None:
    """[S2]: "Each player must then add to his ongoing, accumulated score, a
    total based on the cards found remaining in his hand, as per the following
    chart: Ace 11 Each | King, Queen, Jack 10 Each | 2 ... 10 Value as Marked".
    Seat 1 goes out with a discard; seat 0 adds 11 + 11 + 10 + 9 + 3 + 5 + 8 +
    10 + 6 + 3 = 76; seat 2 adds 30."""
    h = rami_hand([LOSER, OPENER, "KC KH QH 2C 3S 4S 5C 7S 9H TH"], stock="9D 7C")
    h.apply("draw")
    h.apply("meld 2D 2H 2S + 4H 5H 6H 7H + JS QS KS")
    h.apply("discard 9D")
    assert h.is_over and h.result is not None
    assert h.result.scores == (76, 0, 10 + 10 + 10 + 2 + 3 + 4 + 5 + 7 + 9 + 10)
    assert h.result.winners == (1,)
    assert settle(V, h.ending()) == h.result
    assert settle(V, Ending(went_out=0, hands=["", "AS AH"])).scores == (0, 22)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (6, 5)])
def test_reaching_100_drops_a_player_out_and_the_last_left_wins_s002(players: int, seed: int) -> None:
    """[S2]: "if a player finds his score has reached or exceeded 100 total
    accumulated points over the course of the game, that player must then drop
    from the game. The last player remaining after every other player has been
    forced to drop is declared the game winner." The others go on: a player
    is dealt no more hands once at 100."""
    match = bot_match(V, players, seed=seed, max_turns=300)
    (winner,) = match.winners
    assert match.totals[winner] < 100
    assert all(match.totals[s] >= 100 for s in range(players) if s != winner)
    running = [0] * players
    for seats, result in match.results:
        assert all(running[s] < 100 for s in seats), "an eliminated player was dealt in"
        for i, s in enumerate(seats):
            running[s] += result.scores[i]
    dealt = [len(seats) for seats, _ in match.results]
    assert all(a >= b for a, b in itertools.pairwise(dealt))
