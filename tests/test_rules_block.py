"""Block rummy: straight rummy whose discard pile is never reused.

Sources by their labels in docs/sources.md: [S1] (basic rummy, "End of
the Stock"), [S2] (Cats at Cards, "Block Rummy"), [S4] (Easy Rummy).
"""

from __future__ import annotations

import pytest

import rummykit as rk

V = rk.load_variant("block")


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


@pytest.mark.parametrize(("players", "size"), [(2, 10), (4, 7), (5, 6)])
def test_deal_is_straight_rummys_s001(players: int, size: int) -> None:
    """[S1]: Block Rummy is "the version" of basic rummy whose discard pile is
    not reused: ten cards each for two, seven for three or four, six for five
    or six, and an upcard."""
    h = rk.new_hand(V, players=players, seed=5)
    view = h.view(0)
    assert view.hand_counts == (size,) * players
    assert len(view.discard) == 1 and view.stock_count == 52 - players * size - 1


def worked_example() -> rk.Hand:
    """Four players (dealer 3, seat 0 = A starts). Each melds four cards (D
    three) on the first turn and throws back the card drawn, so the stock of
    four runs out after one round. Left in hand: A 6, B 15, C 7, D 21."""
    h = rk.new_hand(
        V,
        players=4,
        dealer=3,
        hands=[
            "5H 6H 7H 8H AC 2C 3D",  # A keeps AC 2C 3D = 6
            "9S 9D 9C 9H 4S 5C 6D",  # B keeps 4S 5C 6D = 15
            "TS JS QS KS AD 2D 4C",  # C keeps AD 2D 4C = 7
            "JC QC KC TC 6S 3S 2S",  # D keeps TC 6S 3S 2S = 21
        ],
        discard="8C",
        stock="KD QD JD TD",
    )
    for meld, card in (
        ("5H 6H 7H 8H", "KD"),
        ("9S 9D 9C 9H", "QD"),
        ("TS JS QS KS", "JD"),
        ("JC QC KC", "TD"),
    ):
        h.apply("draw")
        h.apply(f"meld {meld}")
        h.apply(f"discard {card}")
    return h


def test_stock_out_and_the_next_player_declines_the_discard_ends_the_hand_s001() -> None:
    """[S1]: "In the version known as Block Rummy, the discard pile is not
    reused at all. If the stock has run out and the next player does not want
    to take the discard, the game ends at that point." Worked example: "A has
    6; B has 15; C has 7; D has 21. A is the winner and scores 25 = (9 + 1 +
    15)"."""
    h = worked_example()
    assert h.stock_count == 0 and h.current_player == 0
    assert legal(h) == ["take", "pass"]  # no draw: the pile is never turned over
    with pytest.raises(rk.IllegalAction, match="the stock is empty"):
        h.apply("draw")
    h.apply("pass")
    assert h.is_over and h.result is not None
    assert h.result.how is rk.Termination.STOCK_EXHAUSTED
    assert [rk.hand_value(V, h.hand_of(s)) for s in range(4)] == [6, 15, 7, 21]
    assert h.result.winners == (0,) and h.result.scores == (25, 0, 0, 0)


def test_play_continues_while_each_player_takes_the_discard_s002() -> None:
    """[S2]: "once the discard pile runs out play continues as long as each
    player in turn takes the top card of the discard pile. Once any player
    declines the discard pile the hand instantly ends ... The player with the
    lowest count earns the difference between their count and that of each
    opponent." A takes TD and throws 3D (A: AC 2C TD = 13), B declines: C, with
    7, earns 6 + 8 + 14."""
    h = worked_example()
    h.apply("take")
    assert "discard TD" not in legal(h)  # not the card just taken [S3]
    h.apply("discard 3D")
    assert h.current_player == 1 and legal(h) == ["take", "pass"]
    h.apply("pass")
    assert h.is_over and h.result is not None
    assert [rk.hand_value(V, h.hand_of(s)) for s in range(4)] == [13, 15, 7, 21]
    assert h.result.winners == (2,) and h.result.scores == (0, 0, 6 + 8 + 14, 0)


def test_option_hand_ends_as_soon_as_the_stock_runs_out_s004() -> None:
    """[S4] (option stock.trigger = "empty"): "Once the stock pile runs out,
    the game is over and all players score their remaining cards"."""
    v = rk.loads_variant('extends = "block"\n[variant]\nname = "block-s004"\n[stock]\ntrigger = "empty"')
    h = rk.new_hand(
        v,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3S 4H AS"],
        discard="5C",
        stock="KD",
    )
    h.apply("draw")
    h.apply("meld 7H 8H 9H")
    h.apply("discard KD")
    assert h.is_over and h.result is not None
    # seat 0: 68, seat 1: TD TC TS 2D 3S 4H AS = 40: seat 1 earns 28
    assert h.result.scores == (0, 28)


def test_going_out_scores_as_straight_rummy_s001() -> None:
    """[S1]: block rummy only changes the end of the stock; a player who goes
    out scores the cards left in the other hands."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TC TD TS 2D 3D 4D AS"],
        discard="5C",
        stock="KD JC QH 8S 5D",
    )
    for action in ("draw", "meld 7H 8H 9H", "discard KD", "draw", "discard JC"):
        h.apply(action)
    for action in ("draw", "meld TC TD TS", "discard QH", "draw", "discard 8S"):
        h.apply(action)
    h.apply("draw")  # 5D
    h.apply("meld 2D 3D 4D 5D")
    h.apply("discard AS")
    assert h.is_over and h.result is not None
    assert h.result.how is rk.Termination.WENT_OUT and h.result.scores == (0, 68)


@pytest.mark.parametrize("players", [2, 6])
def test_game_ends_when_a_player_reaches_the_target_s001(players: int) -> None:
    """[S1]: "until a player reaches the points target" (straight rummy's 100);
    only a hand's winner scores, whether someone went out or the lowest count
    took the differences."""
    m = rk.new_match(V, players=players, seed=3)
    m.play([rk.GreedyBot(V) for _ in range(players)])
    assert m.is_over and m.hands_played < V.limits.max_hands
    totals = [0] * players
    for i, (seats, result) in enumerate(m.results):
        assert all(x >= 0 for x in result.scores)
        assert all(result.scores[j] == 0 for j in range(len(seats)) if j not in result.winners)
        for j, score in enumerate(result.scores):
            totals[seats[j]] += score
        assert (max(totals) >= 100) == (i == m.hands_played - 1)
    assert m.winners == tuple(s for s in range(players) if totals[s] == max(totals))
