"""Kalooki ([S2] "Caloochi"), rule by rule, from its source.

[S2] is Cats at Cards' "Rummy variations" (docs/sources.md).
Scenarios run on stacked deals: ``stock[0]`` is the top card, the last card
of ``discard`` the top discard; with ``dealer=0`` seat 1 plays first.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rules_helpers import bot_match, legal, words
from rummykit import Ending, Phase, Termination, settle

V = rk.load_variant("kalooki")

SEAT0 = "8H KC KH KS QC QH QS 2C 3D 4H 5S 6C 7D 9H TS"
SEAT1 = "JD QD KD AD 5H 6H 7H JK 2S 3S 9S 9D 4C 4D QD"


def kalooki_hand(hands: list[str], *, discard: str = "2H", stock: str = "9C 3C 4S 6D 7S 8D") -> rk.Hand:
    return rk.new_hand(V, players=len(hands), dealer=0, hands=hands, discard=discard, stock=stock)


def opened() -> rk.Hand:
    """Seat 1 opens with JD-AD (45) and 5H 6H 7H JK=8H (the joker counts 8: 26)."""
    h = kalooki_hand([SEAT0, SEAT1])
    h.apply("draw")  # 9C
    h.apply("meld JD QD KD AD + 5H 6H 7H JK=8H")
    h.apply("discard 9C")
    return h


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fifteen_cards_each_from_two_decks_and_four_jokers_s002(players: int) -> None:
    """[S2]: "The deck used for Caloochi is two standard 52 card decks with four
    Jokers shuffled in. Each player is dealt 15 cards to begin the hand"; it
    "is designed for 2, 3 or 4 players"."""
    h = rk.new_hand(V, players=players, seed=players)
    view = h.view(0)
    assert view.hand_counts == (15,) * players
    assert len(view.discard) == 1
    assert view.stock_count == 108 - 15 * players - 1
    with pytest.raises(rk.RummyError, match="2 to 4 players"):
        rk.new_hand(V, players=5, seed=1)


def test_the_first_meld_must_total_51_or_more_s002() -> None:
    """[S2]: "A player's first meld on a hand must total 51 or more points.
    After making his initial meld in a hand, that player may then make
    additional melds ... to the table without the restriction." JD-AD (45)
    alone is refused, 5H 6H 7H JK=8H (26) too; together (71) they open, and
    on a later turn 2S 3S 4S (9) goes down alone."""
    h = kalooki_hand([SEAT0, SEAT1])
    h.apply("draw")  # 9C
    with pytest.raises(rk.IllegalAction, match="initial meld is worth 45, the variant requires 51"):
        h.apply("meld JD QD KD AD")
    with pytest.raises(rk.IllegalAction, match="initial meld is worth 26, the variant requires 51"):
        h.apply("meld 5H 6H 7H JK=8H")
    h.apply("meld JD QD KD AD + 5H 6H 7H JK=8H")
    h.apply("discard 9C")
    h.apply("draw")
    h.apply("discard 3C")
    h.apply("draw")  # 4S
    assert "meld 2S 3S 4S" in words(h, "meld")
    h.apply("meld 2S 3S 4S")


def test_a_joker_counts_as_the_card_it_replaces_in_the_first_meld_s002() -> None:
    """[S2]: "for calculating the value of a players initial meld, the Joker
    would have the score of the card it is replacing". 8S-JS (37) with
    2C 2D JK=2H is 43, not 37 + 4 + 25 = 66: refused; with K-K-K it is 73."""
    h = kalooki_hand(["8S 9S TS JS 2C 2D JK KC KD KS 4H 5H 6D 7C 9C", SEAT1], stock="QH 9C 3C 5C")
    h.apply("draw")  # seat 1 draws QH
    h.apply("discard QH")
    h.apply("draw")  # seat 0: 9C
    with pytest.raises(rk.IllegalAction, match="initial meld is worth 43, the variant requires 51"):
        h.apply("meld 8S 9S TS JS + 2C 2D JK=2H")
    h.apply("meld 8S 9S TS JS + 2C 2D JK=2H + KC KD KS")
    assert [str(t.meld) for t in h.table] == ["8S 9S TS JS", "2C 2D JK=2H", "KC KD KS"]


def test_no_discard_before_the_initial_meld_unless_it_goes_straight_into_it_s002() -> None:
    """[S2]: "Until a player has made his initial meld, he may also not take
    cards from the discard pile, but only the top card of the stock. However,
    he may take the top card of the discard pile to use it immediately in his
    initial meld." After the initial meld the top discard is free to take."""
    h = opened()
    # seat 0 has not melded; the top discard 9C fits no opening meld of theirs
    assert legal(h) == ["draw"]
    with pytest.raises(rk.IllegalAction, match="must be used at once"):
        h.apply("take")
    h.apply("draw")  # 3C
    h.apply("discard 3C")
    h.apply("draw")  # seat 1: 4S
    h.apply("discard QD")
    # QD can go straight into seat 0's opening meld: only that way
    takes = words(h, "take")
    assert takes[0] == "take meld QC QD QH QS + KC KH KS" and all(t.startswith("take meld ") for t in takes)
    h.apply("take meld QC QD QH QS + KC KH KS")
    assert h.melded[0]
    h.apply("discard 2C")
    h.apply("draw")  # seat 1: 6D
    h.apply("discard 9S")
    assert "take" in legal(h)  # seat 0 has melded: a plain take is allowed


def test_the_discard_taken_may_open_with_any_melds_worth_51_s002() -> None:
    """[S2]: "he may take the top card of the discard pile to use it
    immediately in his initial meld": not only the listed opening (every Q
    and K) but any melds holding QD and worth 51, here QD QH QS + KC KH KS
    (60), keeping QC. Melds worth less are still refused."""
    h = opened()
    play = ("draw", "discard 3C", "draw", "discard QD")
    for action in play:
        h.apply(action)
    assert not h.is_legal("take meld QD QH QS")  # 30
    assert not h.is_legal("take meld QC QH QS + KC KH KS")  # QD not used
    h.apply("take meld KC KH KS + QD QH QS")
    assert [str(t.meld) for t in h.table[2:]] == ["QD QH QS", "KC KH KS"]
    assert rk.Card.parse("QC") in h.hand_of(0) and h.melded[0]


def test_lay_off_only_after_ones_initial_meld_s002() -> None:
    """[S2]: "After making his initial meld in a hand, that player may then make
    additional melds (or lay off on other melds)". Seat 0's 9H fits seat 1's
    5H 6H 7H JK=8H, but only once seat 0 has opened."""
    h = opened()
    h.apply("draw")
    assert "layoff 9H on 2" not in legal(h)
    h.apply("meld QC QH QS + KC KH KS")
    assert "layoff 9H on 2" in legal(h)
    h.apply("layoff 9H on 2")
    assert str(h.table[1].meld) == "5H 6H 7H JK=8H 9H"


def test_joker_swap_after_drawing_and_before_melding_s002() -> None:
    """[S2]: "On a players turn, after drawing but before melding or
    discarding, the player may replace a Joker in any other meld on the table
    with the natural card it represents, adding the Joker to his hand". No
    initial meld is needed (variants/kalooki.toml notes: [S2] is silent)."""
    h = opened()
    assert h.phase is Phase.DRAW and not words(h, "swap")  # not before drawing
    h.apply("draw")
    assert words(h, "swap") == ["swap 8H on 2"]
    after_meld = h.clone()
    h.apply("swap 8H on 2")
    assert str(h.table[1].meld) == "5H 6H 7H 8H"
    assert rk.Card.joker() in h.hand_of(0)
    # once the player has melded this turn, the exchange is over
    after_meld.apply("meld QC QH QS + KC KH KS")
    assert not words(after_meld, "swap")
    with pytest.raises(rk.IllegalAction, match="may not be exchanged now"):
        after_meld.apply("swap 8H on 2")


def test_ace_high_or_low_but_never_around_the_corner_s002() -> None:
    """[S2]: "a player could make melds of (Ace, 2, 3, 4 of Spades) or (Jack,
    Queen, King, Ace of Diamonds) but a sequence such as (King, Ace, Two) is
    not allowed"."""
    h = kalooki_hand(
        ["AS 2S 3S 4S JD QD KD AD KC AC 2C 5H 6H 7H 9C", "2D 3D 5D 6D 7S 8S 9S JS QS KS 4C 4D TC TD 9H"],
        stock="TD 9C 3C",
    )
    h.apply("draw")
    h.apply("discard TD")
    h.apply("draw")
    with pytest.raises(rk.IllegalAction, match="not a valid meld"):
        h.apply("meld KC AC 2C + JD QD KD AD")
    h.apply("meld AS 2S 3S 4S + JD QD KD AD")
    assert h.melded[0]


def test_going_out_scores_the_others_hands_aces_15_jokers_25_s002() -> None:
    """[S2]: "When a player plays his last card, he scores all points remaining
    in the other players hands"; "the scoring is the same as in the standard
    game except for Aces which are 15 and Jokers which are 25". Seat 1 opens
    with the whole hand and discards its last card."""
    loser = "AC AH JK 2C 3D 4H 5S 6C 7D 9H TS JC QH KS 2D"
    h = kalooki_hand([loser, "AS 2S 3S 4S JD QD KD AD 5H 6H 7H 8C 8D 8S JK"], discard="KH", stock="9C 2H")
    h.apply("draw")
    h.apply("meld AS 2S 3S 4S + JD QD KD AD + 5H 6H 7H JK=8H + 8C 8D 8S")
    assert legal(h) == ["discard 9C"]
    h.apply("discard 9C")
    assert h.is_over and h.result is not None
    held = 15 + 15 + 25 + 2 + 3 + 4 + 5 + 6 + 7 + 9 + 10 + 10 + 10 + 10 + 2
    assert h.result.how is Termination.WENT_OUT
    assert h.result.scores == (0, held)  # not doubled: kalooki has no going-rummy bonus
    assert settle(V, h.ending()) == h.result
    assert settle(V, Ending(went_out=2, hands=["AS JK", "5C", ""])).scores == (0, 0, 15 + 25 + 5)


@pytest.mark.parametrize("players", [2, 4])
def test_bots_play_to_the_target_of_100(players: int) -> None:
    """[S2] gives no game end; variants/kalooki.toml plays to straight rummy's
    100, the highest total winning (no source gives the game end: straight rummy's)."""
    match = bot_match(V, players, seed=1)
    assert max(match.totals) >= 100
    best = max(match.totals)
    assert match.winners == tuple(s for s in range(players) if match.totals[s] == best)
