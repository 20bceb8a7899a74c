"""Thai rummy, rule by rule, from its only source: [S5] ("Thai Rummy", 2008).

Card values [S5]: 2-9 count 5, T J Q K 10, A 15, QS and 2C 50. Dealer 0,
so seat 1 (the non-dealer) plays first; ``stock[0]`` is the top card and the
last card of ``discard`` the top discard.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit import Phase

V = rk.load_variant("thai")


def cards(text: str) -> tuple[rk.Card, ...]:
    return rk.parse_cards(text)


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


def value(text: str) -> int:
    return rk.hand_value(V, cards(text))


# --------------------------------------------------------------------------- deal and melds


@pytest.mark.parametrize(("players", "size"), [(2, 13), (3, 10), (4, 7)])
def test_deal_thirteen_and_three_fewer_per_extra_player_s000(players: int, size: int) -> None:
    """[S5]: "The dealer deals 13 cards to each player ... The top card of the
    stock is placed face-up in between the players to start the discard pile.
    The non-dealer goes first." "More players: ... deal three fewer cards per
    extra player"."""
    h = rk.new_hand(V, players=players, seed=players, dealer=players - 1)
    view = h.view(0)
    assert view.hand_counts == (size,) * players
    assert len(view.discard) == 1 and view.stock_count == 52 - players * size - 1
    assert h.current_player == 0 and h.phase is Phase.DRAW


def test_aces_always_high_twos_always_low_s000() -> None:
    """[S5]: "Aces are always high, and 2s are always low, so in particular
    A-2-3 is an invalid run"."""
    assert rk.classify_meld(V, cards("AH 2H 3H")) is None
    assert rk.classify_meld(V, cards("KH AH 2H")) is None
    assert rk.classify_meld(V, cards("QH KH AH")) is not None
    assert rk.classify_meld(V, cards("2H 3H 4H")) is not None
    assert rk.classify_meld(V, cards("AH AD AC AS")) is not None


def test_card_values_s000() -> None:
    """[S5]: "cards of rank 2 to 9 are worth 5 points each, 10, J, Q, K are
    worth 10 points each, and Aces are 15 points each, with two exceptions.
    Both the Queen of Spades and Two of Clubs are worth 50 points.\""""
    assert [rk.card_value(V, c) for c in cards("2H 9D TC JS QH KD AC QS 2C")] == [
        5, 5, 10, 10, 10, 10, 15, 50, 50,
    ]  # fmt: skip


# --------------------------------------------------------------------------- the draw


SEAT0 = "2H 4C 9D 9C KS QC JD 5H 6H TH AH 8S 5C"  # worth 95, never shown below


def test_dig_must_make_a_new_meld_with_a_card_from_hand_s000() -> None:
    """[S5]: "a player can take a card within the discard pile, if they can use
    it to form a set or run with at least one card in their hand and
    optionally using discards further up in the pile, and additionally if they
    take every card lying on top"; "use the bottommost card taken in a meld,
    which must then be exposed immediately"."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=[SEAT0, "7H 8H 2D 3D 4D 5D KH KC TS JS 3S 4S 6C"],
        discard="AC 9H QH JH",
        stock="7S 6D 8C",
    )
    offered = legal(h)
    # 9H, three deep, with 7H 8H from the hand; QH and JH come along
    assert "take 3 meld 7H 8H 9H" in offered
    # QH, two deep, with KH from the hand and JH "further up in the pile"
    assert "take 2 meld JH QH KH" in offered
    assert not any(a.startswith("take 4") for a in offered)  # AC fits nothing
    with pytest.raises(rk.IllegalAction, match="the card taken, 9H, must be used at once"):
        h.apply("take 3")
    # "the bottommost card taken" must be used, even a single top card
    with pytest.raises(rk.IllegalAction, match="the card taken, JH, must be used at once"):
        h.apply("take")
    assert not any(a.startswith("take meld") for a in offered)  # JH alone fits nothing of seat 1's
    h.apply("take 3 meld 7H 8H 9H")
    assert set(cards("QH JH")) <= set(h.hand_of(1)) and h.view(0).discard == cards("AC")
    assert h.table[0].meld.cards == cards("7H 8H 9H") and h.table[0].owner == 1


def test_dig_may_not_use_only_discards_s000() -> None:
    """[S5]: "Must meld with at least one card in hand with this card": three
    discards that form a run by themselves may not be taken as that run."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=[SEAT0, "7C 8C 2S 3S 5S KH KC TS JS 3H 4H 6C 7S"],
        discard="AC 9S 6D 7D 8D",
        stock="QD 6S 8H",
    )
    offered = legal(h)
    assert not any(a.startswith("take 3") for a in offered)
    with pytest.raises(rk.IllegalAction, match="must hold a card from seat 1's hand"):
        h.apply("take 3 meld 6D 7D 8D")
    # with hand cards the deeper 9S is fine: 9S TS JS
    assert "take 4 meld 9S TS JS" in offered
    h.apply("take 4 meld 9S TS JS")
    assert set(cards("6D 7D 8D")) <= set(h.hand_of(1))
    h.apply("meld 6D 7D 8D")  # once in hand, the other discards may be melded as usual
    assert len(h.table) == 2


def test_dig_may_not_extend_an_existing_meld_s000() -> None:
    """[S5]: "Must make a new run or set with this card; cannot just extend
    existing meld" (lay-offs come later in the turn, from the hand)."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=[SEAT0, "7H 8H 2D 3D 4D 5D KH KC TS JS 3S 4S 6C"],
        discard="AC",
        stock="7S 6D 8C",
    )
    for action in ("draw", "meld 2D 3D 4D 5D", "discard 7S"):  # seat 1
        h.apply(action)
    h.apply("draw")  # seat 0: 6D, which extends 2D-5D
    h.apply("discard 6D")
    assert h.penalties == ((0, "playable-discard", None),)
    assert not any(a.startswith("take") for a in legal(h))
    with pytest.raises(rk.IllegalAction, match="must go into a new meld, not onto a table meld"):
        h.apply("take layoff 6D on 1")
    assert legal(h) == ["draw"]


# --------------------------------------------------------------------------- melding and going out


def test_melds_must_leave_a_card_to_discard_s000() -> None:
    """[S5]: "the player may display on the table as many melds as desired from
    their hand, so long as they have at least one card left in hand";
    "Boathouse rule: must discard when going out"."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=[SEAT0, "7H 8H 9H 2D 3D 4D KH KD KC 9S TS JS QS"],
        discard="AC",
        stock="5D",
    )
    h.apply("draw")  # 5D: the fourteen cards are four melds
    for meld in ("7H 8H 9H", "2D 3D 4D 5D", "KH KD KC"):
        h.apply(f"meld {meld}")
    assert "meld 9S TS JS QS" not in legal(h)
    with pytest.raises(rk.IllegalAction, match="must keep a card to discard"):
        h.apply("meld 9S TS JS QS")
    assert "meld 9S TS JS" in legal(h) and "meld TS JS QS" in legal(h)


def feeding_hand(stock: str) -> rk.Hand:
    """Seat 1 shows two runs on its first turn and keeps KH KD, four 3s and JC."""
    return rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=[SEAT0, "7H 8H 9H 5S 6S 7S KH KD 3C 3H 3S 3D JC"],
        discard="TD",
        stock=stock,
    )


@pytest.mark.parametrize("taken", [True, False])
def test_opponent_loses_50_when_their_last_discard_lets_the_winner_out_s000(taken: bool) -> None:
    """[S5]: "if a player wins by melding their whole hand after taking just
    the top card of the discard pile, that is, the opponent's last discard,
    the opponent subtracts 50 points"; the winner's last card goes face down
    for +50; the opponent, who never displayed a meld, has their (negative)
    score doubled. Drawing the same king from the stock costs nothing."""
    h = feeding_hand("AS KC" if taken else "AS 8D KC")
    for action in ("draw", "meld 7H 8H 9H", "meld 5S 6S 7S", "discard AS"):
        h.apply(action)
    if taken:
        h.apply("draw")  # seat 0: KC
        h.apply("discard KC")
        h.apply("take meld KH KD KC")
    else:
        h.apply("draw")  # seat 0: 8D
        h.apply("discard 8D")
        h.apply("draw")  # seat 1: KC from the stock
        h.apply("meld KH KD KC")
    h.apply("meld 3C 3H 3S 3D")
    assert legal(h) == ["discard JC"]
    h.apply("discard JC")
    assert h.is_over and h.result is not None and h.result.winners == (1,)
    assert h.view(0).face_down == cards("JC")
    winner = 15 + 15 + 30 + 20 + 50  # 7H-9H, 5S-7S, three kings, four 3s; +50
    loser = -2 * value(SEAT0)  # 95 in hand, doubled
    assert h.result.scores == ((loser - 50 if taken else loser), winner)
    assert (h.ending().fed_by == 0) is taken


def test_lay_offs_score_for_the_player_who_adds_them_and_going_out_wins_s000() -> None:
    """[S5]: players "may add cards to existing melds belonging to either
    player, but in both cases the cards are placed in front of the player
    extending the meld"; the player who goes out is "considered the winner of
    the hand, even if they ultimately have a lower score"."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["QS KS AS 2C 3C 4C QC QD QH 5H 6C 8D 9D", "7H 8H 9H JS 5D 6D 7D TC TH TS 2H 3H 4H"],
        discard="TD",
        stock="AD KC 9C",
    )
    for action in ("draw", "meld 7H 8H 9H", "discard AD"):  # seat 1
        h.apply(action)
    for action in ("draw", "meld QS KS AS", "meld 2C 3C 4C", "meld QC QD QH", "discard KC"):
        h.apply(action)
    h.apply("draw")  # seat 1: 9C
    h.apply("layoff JS on 2")  # JS onto seat 0's QS KS AS
    for meld in ("5D 6D 7D", "TC TH TS", "2H 3H 4H"):
        h.apply(f"meld {meld}")
    h.apply("discard 9C")
    assert h.is_over and h.result is not None
    seat0 = (50 + 10 + 15) + (50 + 5 + 5) + 30 - value("5H 6C 8D 9D")  # 165 - 20
    seat1 = 15 + 10 + 15 + 30 + 15 + 50  # JS scores for seat 1
    assert h.result.scores == (seat0, seat1) == (145, 135)
    assert h.result.winners == (1,)


def test_each_discard_that_could_extend_an_exposed_meld_costs_50_s000() -> None:
    """[S5]: "when a player discards a card that could have been used to
    extend an exposed meld, that player loses 50 points. The penalty is
    cumulative; each offence costs a player 50 points." 6D (onto 2D-5D) and 8S
    (onto 9S TS JS) cost 50 each; AD does not, since A-2-3 is no run. The hand
    then ends by passes; seat 0, who never displayed, is doubled."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["6D AD 8S 2H 4H 9C KS QC JD 5H 6H TH 5C", "2D 3D 4D 5D 9S TS JS 7H 8H 3C 4C KH KC"],
        discard="9D",
        stock="QH 7C 2S 3S 4S 6S",
    )
    script = [
        "draw", "meld 2D 3D 4D 5D", "discard QH",
        "draw", "discard 6D",
        "draw", "meld 9S TS JS", "discard 2S",
        "draw", "discard AD",
        "draw", "discard 4S",
        "draw", "discard 8S",
        "pass", "pass",
    ]  # fmt: skip
    for action in script:
        h.apply(action)
    assert h.penalties == ((0, "playable-discard", None),) * 2
    assert h.is_over and h.result is not None
    held0 = value("2H 4H 9C KS QC JD 5H 6H TH 5C 7C 3S 6S")  # 85
    seat1 = (20 + 25) - value("7H 8H 3C 4C KH KC")  # 45 - 40
    assert h.result.scores == (-2 * held0 - 2 * 50, seat1) == (-270, 5)


# --------------------------------------------------------------------------- stock exhausted


def test_stock_out_players_pass_and_both_passing_ends_the_hand_s000() -> None:
    """[S5]: "they must draw a card from the stock, unless the stock is
    exhausted in which case the player must pass. If both players pass, the
    hand ends"; "Both players subtract values of cards only when a hand ends
    because both players have passed"; "If the game ends but both players
    still have cards, the winner is the player with the higher score". Seat 0
    never displayed a meld: doubled."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=[SEAT0, "7H 8H 9H 2D 3D 5S 6C 8C TC QH KD 4S 9S"],
        discard="7D",
        stock="AS",
    )
    for action in ("draw", "meld 7H 8H 9H", "discard AS"):
        h.apply(action)
    assert h.stock_count == 0 and legal(h) == ["pass"]
    with pytest.raises(rk.IllegalAction, match="the stock is empty"):
        h.apply("draw")
    h.apply("pass")
    assert not h.is_over and h.current_player == 1 and legal(h) == ["pass"]
    h.apply("pass")
    assert h.is_over and h.result is not None
    assert h.result.how is rk.Termination.STOCK_EXHAUSTED
    seat1 = 15 - value("2D 3D 5S 6C 8C TC QH KD 4S 9S")  # 15 - 65
    assert h.result.scores == (-2 * 95, seat1) == (-190, -50)
    assert h.result.winners == (1,)


# --------------------------------------------------------------------------- the game


def scripted(totals: list[int], deal: rk.Hand) -> rk.Match:
    """A match whose running totals are ``totals`` and whose current hand is
    ``deal`` (a stacked hand dealt by seat 0)."""
    m = rk.new_match(V, players=2, seed=1, dealer=0)
    m.totals = list(totals)
    m.hand = deal
    return m


def play_out_lay_off_hand(m: rk.Match) -> None:
    """The hand of the lay-off test: seat 0 scores 145 without going out,
    seat 1 goes out with 135."""
    script = [
        "draw", "meld 7H 8H 9H", "discard AD",
        "draw", "meld QS KS AS", "meld 2C 3C 4C", "meld QC QD QH", "discard KC",
        "draw", "layoff JS on 2", "meld 5D 6D 7D", "meld TC TH TS", "meld 2H 3H 4H", "discard 9C",
    ]  # fmt: skip
    for action in script:
        m.apply(action)


def lay_off_deal() -> rk.Hand:
    return rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["QS KS AS 2C 3C 4C QC QD QH 5H 6C 8D 9D", "7H 8H 9H JS 5D 6D 7D TC TH TS 2H 3H 4H"],
        discard="TD",
        stock="AD KC 9C",
    )


def test_500_without_going_out_is_not_enough_s000() -> None:
    """[S5]: "the first player to have 500 points or more after going out wins
    the game"; "500 pts insufficient for win; must also go out". Seat 0 goes
    from 400 to 545 in a hand seat 1 goes out of: the game goes on."""
    m = scripted([400, 0], lay_off_deal())
    play_out_lay_off_hand(m)
    assert m.totals == [545, 135]
    assert not m.is_over and m.hands_played == 1 and m.hand.actions == ()


@pytest.mark.parametrize(("before", "after"), [([0, 400], [145, 535]), ([400, 400], [545, 535])])
def test_500_after_going_out_wins_the_game_s000(before: list[int], after: list[int]) -> None:
    """[S5]: "the first player to have 500 points or more after going out wins
    the game", even when the other total is higher."""
    m = scripted(before, lay_off_deal())
    play_out_lay_off_hand(m)
    assert m.is_over and m.winners == (1,) and m.totals == after


def test_minus_500_loses_the_game_at_once_s000() -> None:
    """[S5]: "If a player has -500 or fewer points, their opponent wins the
    game instantly" (the opponent here is far from 500)."""
    m = scripted([-300, 0], feeding_hand("AS KC"))
    for action in (
        "draw", "meld 7H 8H 9H", "meld 5S 6S 7S", "discard AS",
        "draw", "discard KC",
        "take meld KH KD KC", "meld 3C 3H 3S 3D", "discard JC",
    ):  # fmt: skip
        m.apply(action)
    assert m.totals == [-300 - 240, 130]
    assert m.is_over and m.winners == (1,)


@pytest.mark.parametrize("players", [2, 4])
def test_game_ends_by_going_out_to_500_or_falling_to_minus_500_s000(players: int) -> None:
    """[S5]: "There are two victory conditions. If a player has -500 or fewer
    points, their opponent wins the game instantly. Otherwise the first player
    to have 500 points or more after going out wins the game." Bots play it
    out; the game ends at the first hand that meets one of them."""
    m = rk.new_match(V, players=players, seed=6)
    m.play([rk.GreedyBot(V) for _ in range(players)])
    assert m.is_over and m.hands_played < V.limits.max_hands
    totals = [0] * players
    for i, (seats, result) in enumerate(m.results):
        for j, score in enumerate(result.scores):
            totals[seats[j]] += score
        out = next(iter(result.winners)) if result.how is rk.Termination.WENT_OUT else None
        ended = min(totals) <= -500 or (out is not None and totals[seats[out]] >= 500)
        assert ended == (i == m.hands_played - 1)
    assert totals == m.totals
    if min(totals) > -500:
        assert m.winners == (m.results[-1][0][m.results[-1][1].winners[0]],)
