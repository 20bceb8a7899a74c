"""Boathouse Rum, rule by rule.

Sources by their labels in docs/sources.md: [S2] (Cats at Cards, "Boat
House Rum") for the draw, the aces, going out and scoring; [S54] for players and
deal; straight rummy [S1] where neither says anything.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit.engine import Declare, MeldAction

V = rk.load_variant("boathouse")


def cards(text: str) -> tuple[rk.Card, ...]:
    return rk.parse_cards(text)


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_deal_ten_seven_or_six_cards_gtg(players: int, size: int) -> None:
    """[S54]: 2-6 players, one deck; two players get 10 cards,
    three or four 7, five or six 6; an upcard starts the discard pile."""
    h = rk.new_hand(V, players=players, seed=players)
    view = h.view(0)
    assert view.hand_counts == (size,) * players
    assert len(view.discard) == 1 and view.stock_count == 52 - players * size - 1


def two_player(discard: str = "6C 8C", stock: str = "5D KD QH") -> rk.Hand:
    return rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H AS", "7H 8H 9H TC TD TS 2D 3D 4D 5S"],
        discard=discard,
        stock=stock,
    )


def test_taking_the_top_discard_takes_a_second_card_too_s002() -> None:
    """[S2]: "a player, at the beginning of his turn can draw either the top
    card of the stock or the top card from the discard pile. However, if he
    draws the top card from the discard pile, he then must also draw the next
    card in the discard pile or the top of the stock pile." The top discard
    alone may not be taken."""
    h = two_player()
    assert legal(h) == ["draw", "take 2", "take draw"]
    with pytest.raises(rk.IllegalAction, match="may not take 1 card"):
        h.apply("take")
    both = h.clone()
    both.apply("take 2")
    assert set(cards("6C 8C")) <= set(both.hand_of(1)) and both.view(0).discard == ()
    h.apply("take draw")  # 8C and the top of the stock, 5D
    assert set(cards("8C 5D")) <= set(h.hand_of(1)) and len(h.hand_of(1)) == 12
    assert h.view(0).discard == cards("6C") and h.stock_count == 2
    # "As in normal Rummy, he discards only one card"
    h.apply("discard 5S")
    assert len(h.hand_of(1)) == 11 and h.current_player == 0


def test_a_lone_top_discard_goes_with_the_top_of_the_stock_s002() -> None:
    """[S2]: the second card is "the next card in the discard pile or the top
    of the stock pile"; with one discard only the stock can supply it."""
    h = two_player(discard="8C")
    assert legal(h) == ["draw", "take draw"]


def test_aces_high_or_low_and_around_the_corner_s002() -> None:
    """[S2]: "Aces can be considered either high (above King) or low (below
    deuce) and may also be used in Around the Corner sequence melds"."""
    for text in ("AH 2H 3H", "QH KH AH", "KH AH 2H", "QS KS AS 2S 3S"):
        meld = rk.classify_meld(V, cards(text))
        assert meld is not None and meld.kind is rk.MeldKind.RUN, text
    assert rk.classify_meld(V, cards("KH AH 3H")) is None


def test_nothing_is_melded_before_the_whole_hand_goes_down_s002() -> None:
    """[S2]: "A player may not lay melds down during the hand until able to lay
    his entire hand down in legal melds (or he may meld all but one card which
    he discards)"."""
    h = two_player()
    h.apply("draw")  # 5D: 7H 8H 9H, TC TD TS and 2D-5D are melds, 5S is not
    assert not any(isinstance(a, MeldAction) for a in h.legal_actions())
    with pytest.raises(rk.IllegalAction, match="meld_timing all-at-once"):
        h.apply("meld 7H 8H 9H")
    # the whole hand but one card: the declaration is on offer
    declares = [a for a in h.legal_actions() if isinstance(a, Declare)]
    assert [str(a) for a in declares] == ["declare TC TD TS + 2D 3D 4D 5D + 7H 8H 9H discard 5S"]
    # two cards left over is not going out
    with pytest.raises(rk.IllegalAction, match="shows every card in hand"):
        h.apply("declare TC TD TS + 7H 8H 9H discard 5S")
    with pytest.raises(rk.IllegalAction, match="shows every card in hand"):
        h.apply("declare TC TD TS + 2D 3D 4D + 7H 8H 9H discard 5S")


def test_going_out_with_every_card_melded_and_no_discard_s002() -> None:
    """[S2]: "lay his entire hand down in legal melds (or ... all but one card
    which he discards). When this happens the hand ends." Here the two cards
    taken complete the hand: nothing is left to discard."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H AS", "7H 8H 9H TC TD TS 2D 3D 4D 5D"],
        discard="TH 6D",
        stock="KD",
    )
    h.apply("take 2")  # 6D, TH
    h.apply("declare 7H 8H 9H + TC TD TS TH + 2D 3D 4D 5D 6D")
    assert h.is_over and h.result is not None
    assert h.result.how is rk.Termination.WENT_OUT and not h.ending().final_discard
    # seat 0 lays out 2C 3C 4C and QS KS AS; 9D 9C JD 5H count 9 + 9 + 10 + 5
    assert h.result.scores == (0, 33)


def test_losers_lay_out_melds_winner_scores_unmelded_cards_ace_eleven_s002() -> None:
    """[S2]: "the other players then lay down their hands, separating out their
    own melds from non meldable cards. The winner of the hand scores for all
    unmelded cards in his opponents hands"; aces "when found in an opponents
    hand, they score 11 points for the winner". Around-the-corner runs count
    as melds for the losers too."""
    h = rk.new_hand(
        V,
        players=3,
        dealer=0,
        hands=["KH AH 2H 9C 9D 9S AC", "7H 8H 9H TC TD TS TH", "QS KS AS 2S 3S JD 4C"],
        discard="6C 8C",
        stock="5D",
    )
    h.apply("draw")  # seat 1: 5D
    h.apply("declare 7H 8H 9H + TC TD TS TH discard 5D")
    assert h.is_over and h.result is not None and h.result.winners == (1,)
    # seat 0: KH AH 2H and 9C 9D 9S melded, AC = 11; seat 2: QS-3S melded, JD 4C = 14
    assert h.result.scores == (0, 11 + 14, 0)


def test_settle_counts_aces_eleven_and_only_unmelded_cards_s002() -> None:
    """[S2], settled from a description of the end: the winner scores the
    losers' unmelded cards, aces at 11 (a straight-rummy ace would count 1)."""
    e = rk.Ending(went_out=0, hands=["", "AH AD 5C 6C 7C KS", "8S 8H 8D QD"])
    s = rk.settle(V, e)
    assert s.scores == (11 + 11 + 10 + 10, 0, 0) and s.winners == (0,)


@pytest.mark.parametrize("players", [2, 6])
def test_game_ends_when_a_player_reaches_the_target_s001(players: int) -> None:
    """The sources give no target: straight rummy's "until a player reaches the
    points target" (100). Only the winner of a hand scores."""
    m = rk.new_match(V, players=players, seed=2)
    m.play([rk.GreedyBot(V) for _ in range(players)])
    assert m.is_over and m.hands_played < V.limits.max_hands
    totals = [0] * players
    for i, (seats, result) in enumerate(m.results):
        assert all(result.scores[j] == 0 for j in range(len(seats)) if j not in result.winners)
        for j, score in enumerate(result.scores):
            totals[seats[j]] += score
        assert (max(totals) >= 100) == (i == m.hands_played - 1)
    assert m.winners == tuple(s for s in range(players) if totals[s] == max(totals))
