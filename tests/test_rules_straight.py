"""Straight (basic) rummy, rule by rule, from its sources.

Sources by their labels in docs/sources.md: [S1] is the pagat-derived basic
rummy text, [S3] its complete copy (with the lists [S1] lacks), [S4] the "Easy
Rummy" guide. Scenarios run on stacked deals (``stock[0]`` is the top card,
the last card of ``discard`` the top discard).
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit import Phase

V = rk.load_variant("straight")


def cards(text: str) -> tuple[rk.Card, ...]:
    return rk.parse_cards(text)


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


def value(text: str) -> int:
    return rk.hand_value(V, cards(text))


# --------------------------------------------------------------------------- players and deal


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_deal_ten_seven_or_six_cards_by_player_count_s001(players: int, size: int) -> None:
    """[S1]: "In a two player game, each player is dealt a hand of ten cards.
    Seven cards each are dealt if there are three or four players, and when
    five or six play each player gets six cards." The next card starts the
    discard pile; the rest of the 52-card deck is the stock."""
    h = rk.new_hand(V, players=players, seed=players, dealer=players - 1)
    view = h.view(0)
    assert view.hand_counts == (size,) * players
    assert len(view.discard) == 1
    assert view.stock_count == 52 - players * size - 1
    # "they take turns in clockwise rotation, beginning with the player to
    # dealer's left" (two players: "starting with the non dealer")
    assert h.current_player == 0 and h.phase is Phase.DRAW


def test_two_to_six_players_s001() -> None:
    """[S1]: "The game is best played with two to four players, but up to six
    can take part.\""""
    assert (V.players.min, V.players.max) == (2, 6)
    with pytest.raises(rk.RummyError, match="2 to 6 players"):
        rk.new_hand(V, players=7, seed=1)


# --------------------------------------------------------------------------- melds


def test_aces_are_low_s001() -> None:
    """[S1]: "In the standard game, aces are low. A-2-3 is a valid run but
    Q-K-A is not." Round-the-corner runs are an unusual house rule."""
    assert rk.classify_meld(V, cards("AH 2H 3H")) is not None
    assert rk.classify_meld(V, cards("QH KH AH")) is None
    assert rk.classify_meld(V, cards("KH AH 2H")) is None


def test_runs_of_three_or_more_in_suit_and_sets_of_three_or_four_s003() -> None:
    """[S3]: "a sequence or run consists of three or more cards of the same
    suit in consecutive order, such as 4, 5, 6 or 8, 9, 10, J"; "a group, set
    or book is three or four cards of the same rank"."""
    run = rk.classify_meld(V, cards("4S 5S 6S"))
    assert run is not None and run.kind is rk.MeldKind.RUN
    assert rk.classify_meld(V, cards("8D 9D TD JD")) is not None
    assert rk.classify_meld(V, cards("4S 5S 6H")) is None  # not one suit
    assert rk.classify_meld(V, cards("4S 5S 7S")) is None  # not consecutive
    assert rk.classify_meld(V, cards("4S 5S")) is None  # too short
    group = rk.classify_meld(V, cards("7C 7D 7S"))
    assert group is not None and group.kind is rk.MeldKind.SET
    assert rk.classify_meld(V, cards("7C 7D 7S 7H")) is not None
    assert rk.classify_meld(V, cards("7C 7D")) is None


def test_card_values_face_ten_ace_one_s003() -> None:
    """[S3]: "Face cards (K,Q,J) are worth 10 points each; Aces are worth 1
    point each; Number Cards are worth their face value"."""
    assert [rk.card_value(V, c) for c in cards("KS QD JC TH 6D 4C AH")] == [10, 10, 10, 10, 6, 4, 1]


# --------------------------------------------------------------------------- turn


def two_player(stock: str = "9S KD 6D 7D 2H", discard: str = "5C") -> rk.Hand:
    return rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3S 4H AS"],
        discard=discard,
        stock=stock,
    )


def test_draw_the_top_of_the_stock_or_the_top_discard_s003() -> None:
    """[S3]: "You must begin by taking one card from either the top of the
    Stock pile or the top card on the discard pile"."""
    h = two_player(discard="QC 5C")
    assert legal(h) == ["draw", "take"]
    with pytest.raises(rk.IllegalAction, match="may not take 2 cards"):
        h.apply("take 2")  # only the top discard
    h.apply("take")
    assert rk.Card.parse("5C") in h.hand_of(1) and rk.Card.parse("QC") not in h.hand_of(1)
    assert h.view(0).discard == cards("QC")
    with pytest.raises(rk.IllegalAction, match="already drawn"):
        h.apply("draw")


def test_card_drawn_from_stock_may_be_discarded_at_once_s003() -> None:
    """[S3]: "If you draw a card from the stock, it can be discarded on the
    same turn if you wish." (Unlike the card just taken from the pile.)"""
    h = two_player()
    h.apply("draw")  # 9S
    assert "discard 9S" in legal(h)
    h.apply("discard 9S")
    assert h.view(0).discard[-1] == rk.Card.parse("9S")


def test_melding_is_optional_s003() -> None:
    """[S3]: "Melding is optional; you are not obliged to meld just because you can"."""
    h = two_player()
    h.apply("draw")
    assert "meld 7H 8H 9H" in legal(h)
    h.apply("discard AS")  # holding the run is allowed
    assert h.current_player == 0 and h.table == ()


# --------------------------------------------------------------------------- lay-offs


def layoff_hand() -> rk.Hand:
    """Seat 1 starts; seat 0 melds 2C 3C 4C on its first turn."""
    return rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 5C 6C AC TC TS 2D 3S 4H"],
        discard="KH",
        stock="KD QH 8S",
    )


def test_lay_off_onto_another_players_meld_before_melding_s003() -> None:
    """[S3]: "you may add cards to groups or sequences previously melded by
    yourself or others. There is no limit to the number of cards a player may
    lay off in one turn." Restricting lay-offs to players who have melded is
    only a house rule [S1], off by default."""
    h = layoff_hand()
    h.apply("draw")  # seat 1: KD
    h.apply("discard KD")
    h.apply("draw")  # seat 0: QH
    h.apply("meld 2C 3C 4C")
    h.apply("discard QH")
    h.apply("draw")  # seat 1: 8S; seat 1 has never melded
    assert not h.melded[1]
    assert {"layoff AC on 1", "layoff 5C on 1"} <= set(legal(h))
    h.apply("layoff 5C on 1")
    assert "layoff 6C on 1" in legal(h)
    h.apply("layoff 6C on 1")
    h.apply("layoff AC on 1")
    assert h.table[0].meld.cards == cards("AC 2C 3C 4C 5C 6C")
    assert not h.is_over and h.current_player == 1


def test_melds_may_not_be_rearranged_to_lay_off_s003() -> None:
    """[S3]: "2, 2, 2, 2 and 3, 4, 5 have been melded, you are not permitted to
    move the 2 from the group to the sequence, so as to lay off the A"."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["3S 4S 5S 9D 9C KS QS JD 5H 6D", "2C 2D 2H 2S AS TC TS 8D 3H 4H"],
        discard="KH",
        stock="KD QH 8S",
    )
    h.apply("draw")
    h.apply("meld 2C 2D 2H 2S")
    h.apply("discard KD")
    h.apply("draw")
    h.apply("meld 3S 4S 5S")
    h.apply("discard QH")
    h.apply("draw")  # seat 1 holds AS
    assert not any(a.startswith("layoff AS") for a in legal(h))
    with pytest.raises(rk.IllegalAction, match="AS does not fit meld #2"):
        h.apply("layoff AS on 2")


# --------------------------------------------------------------------------- going out and scoring


def three_player(seat0: str, stock: str) -> rk.Hand:
    """Dealer 0: seat 1 starts, then seat 2, then seat 0."""
    return rk.new_hand(
        V,
        players=3,
        dealer=0,
        hands=[seat0, "7H 8H 9H 2C 3H KS AS", "2D 3D 4D 9S 9C KD QD"],
        discard="4C",
        stock=stock,
    )


def test_going_out_by_discarding_the_last_card_scores_the_others_hands_s001() -> None:
    """[S1]: "A player wins an individual hand by either melding, laying off,
    or discarding all of his or her cards ... As soon as someone goes out, play
    ceases"; "The total value of all the cards in the hands of the other
    players is added to the winner's cumulative score."""
    h = three_player("5S 6S 7S 8S TH JH 5C", stock="AC AD AH 2S 3S QH")
    for action in ("draw", "discard AC", "draw", "discard AD"):  # seats 1 and 2
        h.apply(action)
    h.apply("draw")  # seat 0: AH
    h.apply("meld 5S 6S 7S 8S")
    h.apply("discard AH")
    for action in ("draw", "discard 2S", "draw", "discard 3S"):
        h.apply(action)
    h.apply("draw")  # seat 0: QH
    h.apply("meld TH JH QH")
    assert legal(h) == ["discard 5C"]
    h.apply("discard 5C")
    assert h.is_over and h.result is not None
    assert h.result.how is rk.Termination.WENT_OUT and h.result.winners == (0,)
    assert h.current_player is None and h.legal_actions() == ()
    # seat 1 holds 7H 8H 9H 2C 3H KS AS = 7+8+9+2+3+10+1 = 40,
    # seat 2 holds 2D 3D 4D 9S 9C KD QD = 2+3+4+9+9+10+10 = 47
    assert h.result.scores == (87, 0, 0)


def test_going_out_by_melding_needs_no_final_discard_s001() -> None:
    """[S1]: going out "by either melding, laying off, or discarding all of his
    or her cards"; a last discard is only required by a house rule ("Last
    Discard"). One meld a turn, plus any lay-offs [S3]."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TC TD TS AD 2D 3D 4D"],
        discard="5C",
        stock="KD JC QH 8S TH",
    )
    for action in ("draw", "meld 7H 8H 9H", "discard KD", "draw", "discard JC"):
        h.apply(action)
    for action in ("draw", "meld TC TD TS", "discard QH", "draw", "discard 8S"):
        h.apply(action)
    h.apply("draw")  # seat 1: TH, holding AD 2D 3D 4D TH
    h.apply("meld AD 2D 3D 4D")
    assert "layoff TH on 1" in legal(h)
    h.apply("layoff TH on 1")
    assert h.is_over and h.result is not None
    assert not h.ending().final_discard and h.ending().went_out == 1
    # seat 0 keeps its ten cards: 2+3+4+9+9+10+10+10+5+6 = 68; no doubling,
    # seat 1 melded on earlier turns
    assert h.result.scores == (0, 68)


def test_going_rummy_in_one_turn_doubles_s003() -> None:
    """[S3]: "Most people allow a player who has not previously melded or laid
    off any cards to earn a special bonus if they can go out in a single turn
    by melding or laying off their entire hand. This is called going rummy,
    and the score for the hand is doubled". With one meld a turn, the rest
    goes by lay-offs."""
    h = three_player("TH JH 5D 6D 5S 6S 7S", stock="QC JC KH")
    for action in ("draw", "meld 7H 8H 9H", "discard QC"):  # seat 1
        h.apply(action)
    for action in ("draw", "meld 2D 3D 4D", "discard JC"):  # seat 2
        h.apply(action)
    h.apply("draw")  # seat 0: KH; nothing shown so far
    h.apply("meld 5S 6S 7S")
    for action in ("layoff TH on 1", "layoff JH on 1", "layoff 5D on 2", "layoff 6D on 2"):
        h.apply(action)
    h.apply("discard KH")
    assert h.is_over and h.result is not None and h.ending().is_concealed(0)
    # seat 1: 2C 3H KS AS = 16; seat 2: 9S 9C KD QD = 38; doubled
    assert h.result.scores == (2 * (16 + 38), 0, 0)


# --------------------------------------------------------------------------- stock


def test_stock_out_the_discard_pile_is_turned_over_unshuffled_s001() -> None:
    """[S1]: "If the stock pile has run out and the next player does not want
    to take the discard, the discard pile is turned over, without shuffling,
    to form a new stock, and play continues." The player on turn may still
    take the top discard; drawing instead turns the pile over, so its cards
    come back in the order they were discarded."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 4D AS"],
        discard="5C",
        stock="KD QD",
    )
    for action in ("draw", "discard KD", "draw", "discard QD"):
        h.apply(action)
    assert h.stock_count == 0 and h.view(1).discard == cards("5C KD QD")
    assert h.current_player == 1
    assert "take" in legal(h)  # "does not want to take the discard"
    taking = h.clone()
    taking.apply("take")
    assert rk.Card.parse("QD") in taking.hand_of(1)
    h.apply("draw")  # the pile turned over: the first card laid, 5C, is on top
    assert rk.Card.parse("5C") in h.hand_of(1)
    assert h.view(1).discard == () and h.stock_count == 2
    h.apply("discard AS")
    h.apply("draw")
    assert rk.Card.parse("KD") in h.hand_of(0)  # not AS: the new pile is not shuffled in
    h.apply("discard 6S")
    h.apply("draw")
    assert rk.Card.parse("QD") in h.hand_of(1)


# --------------------------------------------------------------------------- game


def play_match(players: int, seed: int) -> rk.Match:
    m = rk.new_match(V, players=players, seed=seed)
    m.play([rk.GreedyBot(V) for _ in range(players)])
    return m


@pytest.mark.parametrize("players", [2, 6])
def test_game_ends_when_a_player_reaches_the_target_s001(players: int) -> None:
    """[S1]: "The game continues with further deals until a player reaches the
    points target that was decided before the game began" (100 here, the [S4]
    app's target); the winner of a hand adds the others' cards to their total."""
    m = play_match(players, seed=3)
    assert m.is_over and m.hands_played < V.limits.max_hands
    totals = [0] * players
    reached_at = None
    for i, (seats, result) in enumerate(m.results):
        assert sum(1 for x in result.scores if x) <= 1  # only the winner scores
        for j, score in enumerate(result.scores):
            totals[seats[j]] += score
        if reached_at is None and max(totals) >= 100:
            reached_at = i
    assert reached_at == m.hands_played - 1  # the first hand that reaches 100 ends the game
    assert totals == m.totals
    assert m.winners == tuple(s for s in range(players) if totals[s] == max(totals))
