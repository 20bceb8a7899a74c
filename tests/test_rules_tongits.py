"""Tong-its, rule by rule.

Sources by their labels in docs/sources.md: [S74] (pagat.com), [S75]
(Wikipedia), [S76] (the Talabis & Anabo handout: draw, fight, fold, burned,
sapaw), [S77] (tongits.net), [S108] (Pinoygame). Values: K Q J 10, A 1,
other cards their pips. The fold answer is not offered (see the variant's
notes): every player with an exposed meld takes up a called draw.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit import Termination

V = rk.load_variant("tongits")


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


def test_deal_12_and_13_no_upcard_s075() -> None:
    """[S75]: "Each player is dealt 12 cards while the dealer gets 13 and the
    rest of the cards are left as a central stack." "The game begins when the
    dealer dumps a card." [S74]: "3 players play the game." """
    h = rk.new_hand(V, players=3, seed=5, dealer=0)
    p = h.current_player
    assert p is not None
    view = h.view(p)
    assert sorted(view.hand_counts) == [12, 12, 13] and view.hand_counts[p] == 13
    assert view.stock_count == 15 and view.discard == ()
    assert "draw" not in legal(h) and any(a.startswith("discard") for a in legal(h))
    assert V.players.min == V.players.max == 3


# Seat 2 starts with 13 cards (dealer 0, counter-clockwise); then seat 1, then seat 0.
HANDS = [
    "2C 3C 4C 9D 9H KS QS JD 8H 7C 6D 5H",
    "AH 2H 3H TD TC KD QD JC 8S 7D 6C 5D",
    "5S 6S 7S KH KC 9S 9C 4D 4H 8D 8C TS AS",
]


def start(top: str = "QH JH TH") -> rk.Hand:
    """The deal above; the stock starts with ``top``, the other cards after."""
    used = {str(c) for text in HANDS for c in rk.parse_cards(text)}
    first = [str(c) for c in rk.parse_cards(top)]
    rest = [
        f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK" if f"{r}{s}" not in used and f"{r}{s}" not in first
    ]
    return rk.new_hand(V, players=3, dealer=0, hands=HANDS, stock=" ".join(first + rest))


def test_calling_a_draw_needs_an_exposed_meld_s076() -> None:
    """[S76]: "A player with at least one exposed meld and has low points can
    call a draw before his turn"; [S77]: "When You CANNOT Draw: Until you have
    played at least one meld on the table"."""
    h = start()
    assert h.current_player == 2
    h.apply("meld 5S 6S 7S")
    h.apply("discard AS")
    assert h.current_player == 1 and "drop" not in legal(h)  # seat 1 has no meld on the table
    with pytest.raises(rk.IllegalAction, match="needs_meld"):
        h.apply("drop")
    h.apply("draw")
    h.apply("discard 5D")
    h.apply("draw")
    h.apply("discard 5H")
    assert h.current_player == 2 and "drop" in legal(h)  # before taking a card
    h.apply("draw")
    assert "drop" not in legal(h)


def test_sapaw_blocks_the_call_on_the_next_turn_s076() -> None:
    """[S76]: "Laying a card off on another player's exposed meld prevents that
    player from calling Draw on his or her next turn."; [S108]: "you must wait
    one complete rotation before you can Draw"."""
    h = start("4S 3S QH JH")
    h.apply("meld 5S 6S 7S")
    h.apply("discard AS")
    h.apply("draw")  # seat 1 draws 4S
    h.apply("layoff 4S on 1")  # sapaw onto seat 2's run
    h.apply("discard 5D")
    h.apply("draw")  # seat 0 draws 3S
    h.apply("layoff 3S on 1")
    h.apply("discard 5H")
    assert h.current_player == 2 and "drop" not in legal(h)
    h.apply("draw")
    h.apply("discard TS")
    h.apply("draw")
    h.apply("discard 7D")
    h.apply("draw")
    h.apply("discard 6D")
    assert h.current_player == 2 and "drop" in legal(h)


def test_the_discard_only_into_a_new_exposed_meld_s076() -> None:
    """[S76]: "You may only take a card from the discard pile if you are able
    to create a meld (a set or run) with it, and you are then obliged to expose
    the meld."""
    h = start()
    h.apply("meld 5S 6S 7S")
    h.apply("discard AS")
    assert not any(a.startswith("take") for a in legal(h))  # seat 1 has no meld to make with AS
    h = start()
    h.apply("meld 5S 6S 7S")
    h.apply("discard TS")
    takes = [a for a in legal(h) if a.startswith("take")]
    assert takes == ["take meld TC TD TS"]
    h.apply(takes[0])
    assert h.view(1).table[-1].owner == 1  # exposed at once


def test_the_lowest_count_wins_the_draw_ties_to_the_challenger_s076() -> None:
    """[S76]: "When a draw has been called, the points are computed and
    tallied. The person with the lowest points wins." "If a tie occurs, the
    challenger wins." [S108]: tied challengers: "the player to the right of the
    player that called DRAW wins" (the next in turn order)."""
    melds = [["2C 3C 4C"], ["AH 2H 3H"], ["5S 6S 7S"]]
    won = rk.settle(V, rk.Ending(how="showdown", knocker=0, counts=[5, 9, 12], melds=melds))
    assert won.winners == (0,) and won.scores == (8, -4, -4)  # ante 2 + a lost fight 2, each
    tie = rk.settle(V, rk.Ending(how="showdown", knocker=0, counts=[5, 5, 12], melds=melds))
    assert tie.winners == (1,)
    both = rk.settle(V, rk.Ending(how="showdown", knocker=0, counts=[9, 5, 5], melds=melds, order=[0, 1, 2]))
    assert both.winners == (1,)


def test_burned_players_cannot_win_and_pay_more_s076() -> None:
    """[S76]: "Players with no card sets exposed are automatically folded.";
    "BURNED (sunog)- A player is considered Burned if the player is unable to
    form a meld or set at the end game." [S75] (2012): "will not be able to
    challenge a draw"."""
    melds = [["2C 3C 4C"], [], ["5S 6S 7S"]]
    r = rk.settle(V, rk.Ending(how="showdown", knocker=0, counts=[9, 1, 12], melds=melds))
    assert r.winners == (0,)  # seat 1's 1 point is burned: not in the showdown
    assert r.scores == (4 + 5, -5, -4)  # burned: ante 2 + 1 + 2


def test_tongits_wins_the_hand_s076() -> None:
    """[S76]: "if the player gets rid of all his cards, then the player wins by
    Tong-its."; each other player pays the ante and 3 (the file's chips)."""
    r = rk.settle(
        V, rk.Ending(went_out=2, counts=[20, 30, 0], melds=[["2C 3C 4C"], ["AH 2H 3H"], ["5S 6S 7S"]])
    )
    assert r.scores == (-5, -5, 10) and r.how is Termination.WENT_OUT


def test_stock_out_lowest_count_not_burned_wins_s075() -> None:
    """[S75]: "the players tally the points of the cards they have at hand and
    the one with the lowest wins"; burned players are out of the comparison."""
    r = rk.settle(
        V, rk.Ending(how="stock-exhausted", counts=[2, 7, 9], melds=[[], ["AH 2H 3H"], ["5S 6S 7S"]])
    )
    assert r.winners == (1,) and r.scores == (-5, 8, -3)


def test_whole_games_end() -> None:
    """Greedy bots play a whole (short) game; chips move between the players."""
    v = rk.loads_variant('extends = "tongits"\n[variant]\nname = "tongits-short"\n[game_end]\ndeals = 2')
    m = rk.new_match(v, players=3, seed=2)
    m.play([rk.GreedyBot(v, seed=s) for s in range(3)])
    assert m.is_over and m.hands_played == 2 and sum(m.totals) == 0
