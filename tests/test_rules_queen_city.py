"""Queen City Rum [S2], rule by rule, from its source.

[S2] is Cats at Cards' "Rummy variations" (docs/sources.md): "played
identically to the standard Rummy rules described above, with a few major
exceptions". Scenarios run on stacked deals: ``stock[0]`` is the top card;
with ``dealer=0`` seat 1 plays first.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rules_helpers import bot_match, legal, words
from rummykit import Ending, Termination, settle

V = rk.load_variant("queen-city")

WINNER = "5C 6C 7C 8C 9S 9H KD"  # 5C-8C (26) and 9S 9H + the 9D drawn (27): 53
OTHERS = ["2C 3D 4H 5S 6D 7H 8S", "TC JD QH AS 2D 3H 4S", "3C 4D 5H 6S 7D 8H TS", "JC QD KH KS 2H 3S 4C"]


def five_players(winner: str = WINNER, stock: str = "9D 5D") -> rk.Hand:
    hands = [OTHERS[0], winner, *OTHERS[1:]]
    return rk.new_hand(V, players=5, dealer=0, hands=hands, discard="AC", stock=stock)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seven_cards_each_whatever_the_number_of_players_s002(players: int) -> None:
    """[S2]: "This version of Rummy designed for 2 to 6 players"; "Each player
    receives seven cards regardless of the number of players in the game"
    (straight rummy deals 10 to two players, 6 to five or six)."""
    h = rk.new_hand(V, players=players, seed=players)
    view = h.view(0)
    assert view.hand_counts == (7,) * players
    assert view.stock_count == 52 - 7 * players - 1


def test_no_partial_melds_s002() -> None:
    """[S2]: "No partial melds are allowed. In other words, a player must hold
    onto his hand until on his turn, he can meld his entire hand at once."
    5C-8C is a run, but it may not go down on its own."""
    h = five_players(stock="QS 5D")
    h.apply("draw")
    assert words(h, "meld") == [] and words(h, "declare") == []
    assert all(a.startswith("discard") for a in legal(h))
    with pytest.raises(rk.IllegalAction, match="all-at-once"):
        h.apply("meld 5C 6C 7C 8C")


def test_meld_the_whole_hand_or_all_but_one_card_which_is_discarded_s002() -> None:
    """[S2]: "The player may meld his entire hand or all but one card which he
    discards." After drawing 9C the eight cards all go down, or seven with
    one discard."""
    h = five_players(winner="5C 6C 7C 8C 9S 9H 9D", stock="9C 5D")
    h.apply("draw")
    assert h.is_legal("declare 5C 6C 7C 8C + 9C 9D 9H 9S")
    assert h.is_legal("declare 5C 6C 7C 8C + 9D 9H 9S discard 9C")
    assert h.is_legal("declare 6C 7C 8C + 9C 9D 9H 9S discard 5C")
    h.apply("declare 5C 6C 7C 8C + 9C 9D 9H 9S")
    assert h.is_over and h.result is not None
    assert h.result.how is Termination.WENT_OUT
    assert h.result.scores[1] == (26 + 36) * 4


def test_the_winner_scores_own_melds_times_the_opponents_53_x_4_s002() -> None:
    """[S2]: "the player who goes out collects the point value of his own,
    melded hand, times the number of other players in the game ... the
    winning player whose own melds total 53 points would earn 53 multiplied
    by 4 other players for a grand total of 212 points". The discard does
    not count; the others score nothing."""
    h = five_players()
    h.apply("draw")  # 9D
    h.apply("declare 5C 6C 7C 8C + 9D 9H 9S discard KD")
    assert h.is_over and h.result is not None
    assert h.result.scores == (0, 212, 0, 0, 0) and h.result.winners == (1,)
    assert settle(V, h.ending()) == h.result
    # the same melds against one opponent: 53 x 1
    e = Ending(went_out=0, hands=["", "KS QS"], melds=[["5C 6C 7C 8C", "9D 9H 9S"], []])
    assert settle(V, e).scores == (53, 0)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (6, 4)])
def test_bots_play_to_the_target_of_100(players: int, seed: int) -> None:
    """As straight rummy: a game ends when a total reaches 100, the highest
    wins (variants/queen-city.toml extends straight)."""
    match = bot_match(V, players, seed=seed, max_turns=300)
    best = max(match.totals)
    assert best >= 100
    assert match.winners == tuple(s for s in range(players) if match.totals[s] == best)
