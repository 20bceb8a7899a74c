"""Knock rummy, rule by rule.

Sources by their labels in docs/sources.md: [S2] (Cats at Cards, "Knock
Rummy") throughout; [S23, S24] for the upcard and the absence of
lay-offs. Values: face cards 10, aces 1, other cards their pips.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit import Phase
from rummykit.engine import Knock, MeldAction

V = rk.load_variant("knock")


def cards(text: str) -> tuple[rk.Card, ...]:
    return rk.parse_cards(text)


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 7), (4, 7), (5, 6)])
def test_deal_by_the_chart_s002(players: int, size: int) -> None:
    """[S2]: "Players | Cards Dealt: 2 | 10, 3 or 4 | 7, 5 | 6"; [S23]: "draw or
    take the upcard"."""
    h = rk.new_hand(V, players=players, seed=players, dealer=players - 1)
    view = h.view(0)
    assert view.hand_counts == (size,) * players
    assert len(view.discard) == 1 and view.stock_count == 52 - players * size - 1
    assert h.current_player == 0


def test_two_to_five_players_s002() -> None:
    """[S2]: "Knock Rummy is played by 2 to 5 players"."""
    with pytest.raises(rk.RummyError, match="2 to 5 players"):
        rk.new_hand(V, players=6, seed=1)


def test_king_high_ace_low_s002() -> None:
    """[S2]: "The ranking used in Knock Rummy is, from high to low: King,
    Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2, Ace"; "Aces are 1 point each"."""
    assert rk.classify_meld(V, cards("AS 2S 3S")) is not None
    assert rk.classify_meld(V, cards("QS KS AS")) is None
    assert rk.min_deadwood(V, cards("AS KD 7C")) == 1 + 10 + 7


def three(seat1: str, seat2: str, stock: str = "KH 6D 4S") -> rk.Hand:
    """Dealer 0: seat 1 plays first. Seat 0 holds 2C 3C 4C and 38 of deadwood."""
    return rk.new_hand(
        V,
        players=3,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS", seat1, seat2],
        discard="JS",
        stock=stock,
    )


def test_melds_stay_in_hand_s002() -> None:
    """[S2]: "unlike Standard Rummy, a player never lays down his intermediate
    melds on the table but rather keeps them in his hand"."""
    h = three("7H 8H 9H TD TC TS 5D", "AC AD AH 5S 6S 7S 5C")
    h.apply("draw")
    assert not any(isinstance(a, MeldAction) for a in h.legal_actions())
    with pytest.raises(rk.IllegalAction, match="meld_timing in-hand"):
        h.apply("meld 7H 8H 9H")
    assert h.table == ()


def test_knock_after_drawing_with_any_count_s002() -> None:
    """[S2]: "On his turn, after drawing but before discarding a player may
    Knock which immediately ends the hand"; there is no limit on the count."""
    h = three("KH QD JC 9S 8D 7C 5H", "AC AD AH 5S 6S 7S 5C", stock="6H")
    with pytest.raises(rk.IllegalAction, match="must draw first"):
        h.apply("knock KH")
    h.apply("draw")  # 6H: 65 points of deadwood and not one meld
    knocks = [a for a in h.legal_actions() if isinstance(a, Knock)]
    assert sorted(str(a.card) for a in knocks) == sorted(str(c) for c in h.hand_of(1))
    h.apply("knock KH")
    assert h.is_over and h.result is not None and h.result.how is rk.Termination.KNOCK
    # no lay-offs after the knock [S23, S24]: the hand is over at once
    assert h.phase is Phase.OVER and h.table == ()
    assert h.view(0).face_down == cards("KH")


def test_knocker_with_the_lowest_count_wins_the_differences_s002() -> None:
    """[S2]: "If the knocker has the lowest count in unmatched cards he is
    declared the winner of the hand, earning a point value equal to the
    difference between his own count in unmatched cards and that of each
    other player"."""
    h = three("7H 8H 9H TD TC TS 5D", "AC AD AH 5S 6S 7S 8C")
    h.apply("draw")  # KH
    h.apply("knock KH")  # 5D: 5
    assert h.result is not None and h.result.winners == (1,)
    assert h.result.scores == (0, (38 - 5) + (8 - 5), 0)


def test_a_player_who_ties_the_knocker_wins_without_bonus_or_penalty_s002() -> None:
    """[S2]: "if another player ties the knocker, that opponent wins the hand
    instead winning the difference in counts between his count and the other
    players" (no 10-point bonus, and the knocker loses nothing)."""
    h = three("7H 8H 9H TD TC TS 5D", "AC AD AH 5S 6S 7S 5C")
    h.apply("draw")
    h.apply("knock KH")  # knocker 5 (5D); seat 2 5 (5C); seat 0 38
    assert h.result is not None and h.result.winners == (2,)
    assert h.result.scores == (0, 0, 38 - 5)


def test_a_player_below_the_knocker_wins_plus_10_and_the_knocker_loses_10_s002() -> None:
    """[S2]: "If another player has a lower count than the knocker, that player
    is also considered the winner. He not only gets the difference between his
    and each other players counts, but also earns a 10 point bonus from the
    knocker (who must subtract 10 points from his own score)"."""
    h = three("7H 8H 9H TD TC TS 5D", "AC AD AH 5S 6S 7S 2D")
    h.apply("draw")
    h.apply("knock KH")  # knocker 5; seat 2 2; seat 0 38
    assert h.result is not None and h.result.winners == (2,)
    assert h.result.scores == (0, -10, (5 - 2) + (38 - 2) + 10)


def test_going_rum_earns_25_from_each_opponent_s002() -> None:
    """[S2]: "If a player manages to go Rum (all his cards are in matching
    sets), he earns an additional 25 point bonus for each opponent"."""
    h = three("7H 8H 9H TD TC TS TH", "AC AD AH 5S 6S 7S 5C")
    h.apply("draw")
    h.apply("knock KH")
    assert h.result is not None and h.result.how is rk.Termination.GIN
    assert h.result.scores == (0, (38 - 0) + (5 - 0) + 2 * 25, 0)


def test_knocker_with_rum_still_wins_a_rum_tie_and_collects_from_everyone_s002() -> None:
    """[S2]: "If the knocker goes Rummy and another player also has Rummy, the
    knocker is still considered the winner and still retains the privilege of
    collecting the 25 point bonus from the player he tied as well as the other
    players"."""
    h = three("7H 8H 9H TD TC TS TH", "AC AD AH 5S 6S 7S 8S")
    h.apply("draw")
    h.apply("knock KH")
    assert h.result is not None and h.result.winners == (1,)
    assert h.result.scores == (0, 38 + 2 * 25, 0)


def test_rum_tie_settled_from_a_description_s002() -> None:
    """[S2], with :func:`rummykit.settle`: four players, the knocker and one
    other both have rum; the knocker collects the differences and 25 from each
    of the three."""
    e = rk.Ending(knocker=2, hands=["KS 2D", "AC 2C 3C", "7H 8H 9H", "QD QH QC 4S"])
    s = rk.settle(V, e)
    assert s.winners == (2,) and s.scores == (0, 0, 12 + 0 + 4 + 3 * 25, 0)


@pytest.mark.parametrize("players", [2, 5])
def test_first_to_100_at_the_end_of_a_hand_wins_s002(players: int) -> None:
    """[S2]: "The first player to have accumulated 100 points at the end of a
    hand is declared the winner of the game"."""
    m = rk.new_match(V, players=players, seed=5)
    m.play([rk.GreedyBot(V) for _ in range(players)])
    assert m.is_over and m.hands_played < V.limits.max_hands
    totals = [0] * players
    for i, (seats, result) in enumerate(m.results):
        assert result.how in (rk.Termination.KNOCK, rk.Termination.GIN)
        for j, score in enumerate(result.scores):
            totals[seats[j]] += score
        assert (max(totals) >= 100) == (i == m.hands_played - 1)
    assert totals == m.totals
    assert m.winners == tuple(s for s in range(players) if totals[s] == max(totals))
