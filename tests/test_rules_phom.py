"""Phỏm (Tá Lả), rule by rule.

Sources by their labels in docs/sources.md: [S2] (Cats at Cards,
"Phỏm") throughout; [S37, S38] for the ten-card starter, [S40] for
counter-clockwise play (seat numbers go down: with dealer 0 the starter of a
two-player hand is seat 1, of a three-player hand seat 2).
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit import Phase
from rummykit.engine import Declare, Discard
from rummykit.rules.scoring import ChipsTie

V = rk.load_variant("phom")


def cards(text: str) -> tuple[rk.Card, ...]:
    return rk.parse_cards(text)


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nine_cards_ten_to_the_starter_who_discards_first_s002(players: int) -> None:
    """[S2]: "distributes 9 face down cards to each player ... The player to
    the dealers immediate right however, instead receives 10 such cards"; the
    first player "begins the hand by discarding a card of his choice to reduce
    his hand to 9 cards. This starts the discard pile." No upcard."""
    h = rk.new_hand(V, players=players, seed=players, dealer=0)
    starter = h.current_player
    assert starter == players - 1  # the dealer's right, first in counter-clockwise play
    view = h.view(0)
    assert view.hand_counts == tuple(10 if s == starter else 9 for s in range(players))
    assert view.discard == () and view.stock_count == 52 - 9 * players - 1
    assert h.phase is Phase.PLAY  # no draw on the first turn
    assert all(isinstance(a, Discard | Declare) for a in h.legal_actions())
    with pytest.raises(rk.RummyError):
        rk.new_hand(V, players=5, seed=1)


def test_aces_low_kings_high_s002() -> None:
    """[S2]: ranking "King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2, Ace"; "an
    Ace can only appear as the lowest card in a sequence meld"."""
    assert rk.classify_meld(V, cards("AH 2H 3H")) is not None
    assert rk.classify_meld(V, cards("QH KH AH")) is None
    assert rk.classify_meld(V, cards("KH AH 2H")) is None


def test_trash_values_jack_11_queen_12_king_13_s002() -> None:
    """[S2]'s chart: "Ace | 1; 2 to 10 | Point value marked on card; Jack | 11;
    Queen | 12; King | 13". Seat 0's lone king (13) loses to seat 1's 10 + 2;
    at 10 a king would have won."""
    assert [rk.card_value(V, c) for c in cards("AS 7S TS JS QS KS")] == [1, 7, 10, 11, 12, 13]
    e = rk.Ending(how="showing", hands=["KS", "TC 2D"], melds=[["7H 8H 9H"], ["5C 5D 5S"]], order=(1, 0))
    s = rk.settle(V, e)
    assert s.winners == (1,) and s.scores == (-1, 1)


def eating_hand() -> rk.Hand:
    return rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 9H", "7H 8H 5S 2D 3S JH AS 6C KD QC"],
        stock="5D 6D 7D 8D 2S 3D 4D JC",
    )


def test_eat_the_top_discard_only_into_a_meld_s002() -> None:
    """[S2]: "If a player can use the top card of the discard pile in an
    existing meld in his hand, he may take this card. If unable or unwilling
    ... he must take a card from the stock pile instead (called a Hit). He may
    never take the next card of the discard pile if unable to use it
    immediately in a legal meld in his hand"."""
    h = eating_hand()
    h.apply("discard KD")  # seat 1 starts
    assert legal(h) == ["draw"]  # KD fits nothing of seat 0's
    with pytest.raises(rk.IllegalAction, match="must be used at once"):
        h.apply("take")
    h.apply("draw")  # 5D
    h.apply("discard 9H")
    assert legal(h) == ["draw", "take meld 7H 8H 9H"]
    h.apply("take meld 7H 8H 9H")
    # the meld stays concealed in hand (see below) and its cards are spoken for
    assert rk.Card.parse("9H") in h.hand_of(1) and h.table == () and h.penalties == ((0, "eaten", 1),)
    assert not any(a in legal(h) for a in ("discard 7H", "discard 8H", "discard 9H"))
    with pytest.raises(rk.IllegalAction, match="concealed meld 7H 8H 9H"):
        h.apply("discard 8H")


def test_a_meld_holds_at_most_one_eaten_card_s002() -> None:
    """[S2]: "no meld may ever contain more than one card actually taken from
    the discard pile. Thus, each card taken from the top of that pile must be
    usable in a separate meld." After 9H went into 7H 8H 9H, the TH cannot
    join that meld, even with JH in hand."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 9H", "7H 8H 5S 2D 3S JH AS 6C KD QC"],
        stock="5D TH 7D 8D 2S 3D 4D JC",
    )
    for action in ("discard KD", "draw", "discard 9H", "take meld 7H 8H 9H", "discard 6C"):
        h.apply(action)
    h.apply("draw")  # seat 0: TH
    h.apply("discard TH")
    assert not any(a.startswith("take") for a in legal(h))
    with pytest.raises(rk.IllegalAction, match="neither in seat 1's hand nor taken"):
        h.apply("take meld 7H 8H 9H TH JH")
    with pytest.raises(rk.IllegalAction, match="must go into a new meld, not onto a table meld"):
        h.apply("take layoff TH on 1")


def test_the_meld_made_with_an_eaten_card_stays_concealed_s002() -> None:
    """[S2]: "Despite this requirement, the player does not yet show the meld
    made with this card but retains all melds in his hand"."""
    h = eating_hand()
    for action in ("discard KD", "draw", "discard 9H", "take meld 7H 8H 9H"):
        h.apply(action)
    seen = h.view(0)
    assert seen.table == ()
    assert seen.hand_counts[1] == 10
    # everybody saw 9H taken; the hand cards melded with it stay hidden
    assert seen.eaten == ((), cards("9H"))
    assert not set(cards("7H 8H")) & set(seen.hand)
    assert set(cards("7H 8H 9H")) <= set(h.view(1).hand)


def test_the_concealed_eaten_meld_goes_down_at_the_showing_s002() -> None:
    """[S2]: "On his fourth turn, each player must display all legal melds he
    has on the table before discarding for that turn": the meld made with the
    eaten 9H goes down then (here as it was made, or by ``meld`` first);
    until then its cards may be neither discarded nor melded otherwise."""
    for lay_first in (False, True):
        h = eating_hand()
        for action in ("discard KD", "draw", "discard 9H", "take meld 7H 8H 9H", "discard QC"):
            h.apply(action)
        for _ in range(2):  # seat 0's turns 2 and 3; seat 1's turn 3, then its showing
            h.apply("draw")
            h.apply(next(a for a in reversed(legal(h)) if a.startswith("discard")))
            h.apply("draw")
            if h.own_turns[1] == 3:
                assert not any(
                    a.startswith(("meld", "discard 7H", "discard 8H", "discard 9H")) for a in legal(h)
                )
                h.apply(next(a for a in reversed(legal(h)) if a.startswith("discard")))
        assert h.own_turns == (3, 4) and h.current_player == 1 and h.table == ()
        assert "meld 7H 8H 9H" in legal(h) and "discard 9H" not in legal(h)
        if lay_first:
            h.apply("meld 7H 8H 9H")
        h.apply(next(a for a in reversed(legal(h)) if a.startswith("discard")))
        assert [(t.owner, str(t.meld)) for t in h.table] == [(1, "7H 8H 9H")]
        assert not set(cards("7H 8H 9H")) & set(h.hand_of(1))
        h.apply("draw")  # seat 0's showing ends the hand
        h.apply(next(a for a in reversed(legal(h)) if a.startswith("discard")))
        assert h.is_over and rk.replay(h.record()).result == h.result


def test_u_with_eaten_cards_keeps_each_in_a_meld_of_its_own_s002() -> None:
    """[S2]: "no meld may ever contain more than one card actually taken from
    the discard pile", also when going ù with concealed eaten melds: 9H (eaten
    into 7H 8H 9H) and 6H (into 6C 6D 6H) may not share 6H 7H 8H 9H."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS TD 9H", "7H 8H 6C 6D 6S 5C 5D 5S KD QC"],
        stock="6H JD 7D 8D 2S 3D 4D JC",
    )
    for action in ("discard KD", "draw", "discard 9H", "take meld 7H 8H 9H", "discard QC", "draw"):
        h.apply(action)
    h.apply("discard 6H")
    h.apply("take meld 6C 6D 6H")
    assert h.table == () and h.view(0).eaten == ((), cards("9H 6H"))
    with pytest.raises(rk.IllegalAction, match="at most one card taken from the discard pile"):
        h.apply("declare 6H 7H 8H 9H + 6C 6D 6S + 5C 5D 5S")
    assert "declare 5C 5D 5S + 6C 6D 6H 6S + 7H 8H 9H" in legal(h)
    h.apply("declare 6C 6D 6H 6S + 7H 8H 9H + 5C 5D 5S")  # all ten melded, no discard
    assert h.result is not None and h.result.how is rk.Termination.DECLARED
    assert h.result.scores == (-12, 12)


def showing_hand() -> rk.Hand:
    """Two players, four turns each; every drawn card is thrown back."""
    return rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KH 5D 6S AH", "7H 8H 9H 2D 3D 4D KS QD JC 5C"],
        stock="KC QH JS TD 8S 6C 2S",
    )


def test_fourth_turn_show_melds_and_lay_off_onto_earlier_shown_melds_s002() -> None:
    """[S2]: "the hand continues until each player takes exactly four turns. On
    his fourth turn, each player must display all legal melds he has on the
    table before discarding for that turn. Also on his last turn, a player is
    entitled ... to play any non melded cards from their hand onto valid melds
    that previous players may have already melded to the table on their own
    last turn." The lowest trash wins; the next lowest pays 1."""
    h = showing_hand()
    h.apply("discard KS")  # seat 1, turn 1
    for card in ("KC", "QH", "JS", "TD", "8S"):  # seat 0 turns 1-3, seat 1 turns 2-3
        h.apply("draw")
        assert not any(a.startswith(("meld", "layoff")) for a in legal(h))  # nothing shown before turn 4
        h.apply(f"discard {card}")
    assert h.own_turns == (3, 4) and h.table == ()
    h.apply("draw")  # seat 1, turn 4: 6C
    assert "meld 7H 8H 9H" in legal(h) and "meld 2D 3D 4D" in legal(h)
    h.apply("discard 6C")  # the melds go down with the last discard
    assert sorted(str(t.meld) for t in h.table) == ["2D 3D 4D", "7H 8H 9H"]
    assert h.hand_of(1) == cards("5C JC QD")  # trash 5 + 11 + 12 = 28
    h.apply("draw")  # seat 0, turn 4: 2S
    run = next(i for i, t in enumerate(h.table, 1) if str(t.meld) == "2D 3D 4D")
    assert f"layoff 5D on {run}" in legal(h)
    h.apply(f"layoff 5D on {run}")
    h.apply("meld 2C 3C 4C")
    h.apply("discard KH")
    assert h.is_over and h.result is not None and h.result.how is rk.Termination.SHOWING
    assert h.own_turns == (4, 4)
    # seat 0's trash: 9D 9C 6S AH 2S = 27, below seat 1's 28 thanks to the lay-off
    assert h.result.winners == (0,) and h.result.scores == (1, -1)


def test_four_players_four_turns_use_the_whole_stock_s002() -> None:
    """[S2]: "the hand continues until each player takes exactly four turns";
    with four players the 15 cards left after the deal (52 - 4 x 9 - 1) are
    exactly the draws: three for the starter, who only discards on the first
    turn, and four for each of the others. The stock never runs out."""
    h = rk.new_hand(V, players=4, seed=12, dealer=0)
    assert h.stock_count == 15
    while not h.is_over:
        if "draw" in legal(h):
            h.apply("draw")
        discards = [a for a in h.legal_actions() if isinstance(a, Discard)]
        h.apply(discards[-1])
    assert h.own_turns == (4, 4, 4, 4) and h.stock_count == 0
    assert h.result is not None and h.result.how is rk.Termination.SHOWING


@pytest.mark.parametrize(
    ("starter", "discard", "pay"),
    [("AH 2H 3H 4H 5S 5D 5C 9C 9D 9S", None, 12), ("AH 2H 3H 5S 5D 5C 9C 9D 9S KD", "KD", 6)],
)
def test_u_pays_6_from_each_or_12_with_all_ten_melded_s002(
    starter: str, discard: str | None, pay: int
) -> None:
    """[S2]: "If a player finds that he can meld all cards in his current hand
    (either with or without a discard on the turn), he goes Rummy (called ù)
    and immediately wins the hand"; "collects 6 points from each other player
    if he wins by melding 9 cards. If he can meld all 10 cards (without a
    discard) this amount is doubled"."""
    h = rk.new_hand(
        V,
        players=3,
        dealer=0,
        hands=["2C 3C 4C 9H KS QS JD 6H 7C", "7H 8H TD TC 2D 3S JH AS 6C", starter],
        stock="5H 6D 7D",
    )
    assert h.current_player == 2
    declares = [a for a in h.legal_actions() if isinstance(a, Declare)]
    chosen = [a for a in declares if a.discard == (None if discard is None else rk.Card.parse(discard))]
    assert len(chosen) == 1
    h.apply(chosen[0])
    assert h.is_over and h.result is not None and h.result.how is rk.Termination.DECLARED
    assert h.result.winners == (2,) and h.result.scores == (-pay, -pay, 2 * pay)


def test_places_pay_one_two_three_and_a_mom_pays_four_s002() -> None:
    """[S2]: "The player who has the next lowest count after the winner must
    give that winner 1 point or chip. The player with the next lowest total
    ... 2 and the player with the highest count ... three. A player, no matter
    what his score in unmelded cards, who has no legal melds in his hand
    (called a móm) must give the winner of the hand 4 points". Here the móm
    player's trash (3) is even the lowest."""
    e = rk.Ending(
        how="showing",
        hands=["AC 2D", "5C 9D", "KS QH", "4C 6H"],
        melds=[[], ["TC TD TS"], ["7H 8H 9H"], ["4S 4D 4H"]],
        order=(3, 2, 1, 0),
    )
    s = rk.settle(V, e)
    # trash: seat 0 3 (móm), seat 1 14, seat 2 25, seat 3 10: seat 3 wins
    assert s.winners == (3,)
    assert s.scores == (-4, -1, -2, 1 + 2 + 4)


def test_a_tie_for_lowest_goes_to_the_player_nearest_the_dealer_clockwise_s002() -> None:
    """[S2] (whose play goes clockwise, the option deal.direction =
    "clockwise"): "If two players tie for the lowest total, the player who is
    closest to the dealer in a clockwise rotation is considered the winner".
    Dealer 0 of three: seat 1 is nearest, then seat 2."""
    v = rk.loads_variant('extends = "phom"\n[variant]\nname = "phom-cw"\n[deal]\ndirection = "clockwise"')
    h = rk.new_hand(v, players=3, dealer=0, seed=1)
    assert h.current_player == 1
    e = rk.Ending(
        how="showing",
        hands=["KS QH", "5C 9D", "6D 8S"],
        melds=[["7H 8H 9H"], ["TC TD TS"], ["4S 4D 4H"]],
        order=tuple(h.seats_from(h.starter)),
    )
    s = rk.settle(v, e)
    assert s.winners == (1,) and s.scores == (-2, 1 + 2, -1)


@pytest.mark.parametrize("players", [2, 4])
def test_a_set_number_of_hands_highest_total_wins_s002(players: int) -> None:
    """[S2]: "After a set number of hands, whichever player has the highest
    grand total is declared the overall game session winner" (12 hands here,
    so 2, 3 or 4 players deal equally often); chips only change hands. The
    winner of a hand starts the next with ten cards [S38]."""
    m = rk.new_match(V, players=players, seed=3)
    m.play([rk.GreedyBot(V) for _ in range(players)])
    assert m.is_over and m.hands_played == 12 < V.limits.max_hands
    assert sum(m.totals) == 0
    totals = [0] * players
    for seats, result in m.results:
        assert result.how in (rk.Termination.SHOWING, rk.Termination.DECLARED)
        for j, score in enumerate(result.scores):
            totals[seats[j]] += score
    assert totals == m.totals
    assert m.winners == tuple(s for s in range(players) if totals[s] == max(totals))
    for (_, result), record in zip(m.results, m.records[1:], strict=False):
        assert (record["dealer"] - 1) % players == result.winners[0]  # the winner starts


def _tie_ending(h: rk.Hand) -> rk.Ending:
    # seats 1 and 2 tie for the lowest trash (5); seat 0 has 25
    return rk.Ending(
        how="showing",
        hands=["KS QH", "5C", "5D"],
        melds=[["7H 8H 9H"], ["TC TD TS"], ["4S 4D 4H"]],
        order=tuple(h.seats_from(h.starter)),
        dealer=h.dealer,
    )


def test_a_tie_goes_to_the_dealers_left_under_counterclockwise_play_s002() -> None:
    """[S2]: "If two players tie for the lowest total, the player who is
    closest to the dealer in a clockwise rotation is considered the winner."
    Clockwise from the dealer is the dealer's left (seat + 1) whatever the
    direction of play: with the default counter-clockwise play and dealer 0
    of three, seat 2 plays first but seat 1 is closest clockwise."""
    h = rk.new_hand(V, players=3, dealer=0, seed=1)
    assert h.current_player == 2  # counter-clockwise: the dealer's right starts
    s = rk.settle(V, _tie_ending(h))
    assert s.winners == (1,) and s.scores == (-2, 1 + 2, -1)
    assert V.scoring.tie_break is ChipsTie.DEALER_LEFT  # type: ignore[attr-defined]


def test_a_tie_by_play_order_is_an_option() -> None:
    """The other reading (first to play after the dealer) stays available:
    scoring.tie_break = "play-order"."""
    v = rk.loads_variant('extends = "phom"\n[variant]\nname = "phom-po"\n[scoring]\ntie_break = "play-order"')
    h = rk.new_hand(v, players=3, dealer=0, seed=1)
    s = rk.settle(v, _tie_ending(h))
    assert s.winners == (2,) and s.scores == (-2, -1, 1 + 2)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_engine_tells_settle_the_dealer_s002(dealer: int) -> None:
    """The engine's ending names the dealer, so a tie played out in the
    engine is broken by the text's rule (the dealer's left first)."""
    h = rk.new_hand(V, players=4, dealer=dealer, seed=dealer)
    bots = [rk.GreedyBot(V) for _ in range(4)]
    while not h.is_over:
        p = h.current_player
        assert p is not None
        h.apply(bots[p].choose(h.view(p)))
    assert h.ending().dealer == dealer and h.result == rk.settle(V, h.ending())


def test_the_showing_player_chooses_the_melds_s002() -> None:
    """[S2]: "On his fourth turn, each player must display all legal melds he
    has on the table before discarding": the player lays the melds of their
    choice (``meld ...``, one at a time) before the discard; only what is
    left is shown in the default arrangement (issue 10: every choice the
    rules give a player)."""
    h = rk.new_hand(V, players=2, seed=4)
    for text in (  # the first three turns of each seat, as a greedy bot once played them
        "discard KD", "draw", "discard QC", "draw", "discard KC", "draw",
        "discard QS", "draw", "discard TS", "take meld TC TH TS", "discard 8D", "draw",
    ):  # fmt: skip
        h.apply(text)
    assert h.phase is Phase.PLAY and h.own_turns[h.current] >= 4
    offered = legal(h)
    assert {"meld 2C 3C 4C", "meld 3C 4C 5C", "meld 2C 3C 4C 5C"} <= set(offered)
    h.apply("meld 3C 4C 5C")  # not the longest run: the 2C stays out
    assert str(h.table[-1]) == "3C 4C 5C" and rk.Card.parse("2C") in h.hand_of(h.current)
