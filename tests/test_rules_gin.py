"""Gin rummy, rule by rule.

Sources by their labels in docs/sources.md: [S17] (Wikipedia), [S20] (whiteknucklecards), [S18] (ginrummy.com scoring),
[S21]. Dealer 0: seat 1 (the non-dealer) is offered the upcard first.
"""

from __future__ import annotations

import itertools

import pytest

import rummykit as rk
from rummykit import Phase

V = rk.load_variant("gin")


def cards(text: str) -> tuple[rk.Card, ...]:
    return rk.parse_cards(text)


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


def deal(seat0: str, seat1: str, *, discard: str = "AS", stock: str = "6H 6D 4D 8D 2S") -> rk.Hand:
    """Both players pass the upcard; seat 1 is then to draw from the stock."""
    h = rk.new_hand(V, players=2, dealer=0, hands=[seat0, seat1], discard=discard, stock=stock)
    h.apply("pass")
    h.apply("pass")
    assert h.current_player == 1 and legal(h) == ["draw"]
    return h


def test_two_players_ten_cards_each_and_an_upcard_wp_gin() -> None:
    """[S17]: two players, "10 each", the 21st card turned up to start the
    discard pile; the rest is the stock."""
    h = rk.new_hand(V, players=2, seed=3)
    view = h.view(0)
    assert view.hand_counts == (10, 10) and len(view.discard) == 1 and view.stock_count == 31
    with pytest.raises(rk.RummyError, match="2 to 2 players"):
        rk.new_hand(V, players=3, seed=3)


def test_aces_low_and_count_one_sac() -> None:
    """[S21]: aces are low, worth 1; face cards 10."""
    assert rk.classify_meld(V, cards("AC 2C 3C")) is not None
    assert rk.classify_meld(V, cards("QC KC AC")) is None
    assert rk.min_deadwood(V, cards("AC KD 5S")) == 16


def test_knock_with_ten_or_less_deadwood_wp_gin() -> None:
    """[S17]: after drawing, a player may knock if the unmatched cards count
    10 or less; the knocker then scores the difference."""
    h = deal("2C 3C 4C 9D 9C 9S KS QH JD 5H", "7H 8H 9H TD TC TS 2D 3D KC AC", stock="4S 6D 8D")
    h.apply("draw")  # 4S: 2D 3D AC 4S is exactly 10 after discarding KC
    assert "knock KC" in legal(h) and "knock 4S" not in legal(h)
    with pytest.raises(rk.IllegalAction, match="deadwood 16 is above the knock limit 10"):
        h.apply("knock 4S")
    h.apply("knock KC")
    assert h.phase is Phase.LAYOFF and legal(h) == ["pass"]  # nothing of seat 0 fits
    h.apply("pass")
    assert h.result is not None and h.result.how is rk.Termination.KNOCK
    assert h.result.scores == (0, 35 - 10)  # seat 0: KS QH JD 5H = 35


def test_a_tie_after_lay_offs_is_an_undercut_grc() -> None:
    """[S20, S18]: the defender lays off onto the knocker's melds; a defender whose
    count is then equal to or lower than the knocker's undercuts and scores the
    difference plus 25 (a tie counts as an undercut [S18, S20])."""
    h = deal("2C 3C 4C 9D 9C 9S AD 5H 3S 2H", "7H 8H 9H TD TC TS 2D 3D KC AC", stock="6H 6D 4D 8D")
    h.apply("draw")  # 6H: 6H-9H, tens; 2D 3D AC = 6 after discarding KC
    h.apply("knock KC")
    run = next(i for i, t in enumerate(h.table, 1) if rk.Card.parse("6H") in t.meld.cards)
    assert legal(h) == [f"layoff 5H on {run}", "pass"]
    h.apply(f"layoff 5H on {run}")  # AD 3S 2H = 6: a tie
    h.apply("pass")
    assert h.result is not None and h.result.winners == (0,)
    assert h.result.scores == (0 + 25, 0)


def test_the_hands_lie_face_up_at_the_showdown_but_the_knock_card_stays_down_wk() -> None:
    """[S20]: the knocker signifies the knock "by discarding face down, and then
    laying their hand out face up, arranged clearly in the melds and
    deadwood ... The opponent, then, similarly lays their hand out, face up
    ... laying off to the knocker's melds"; melds are shown only at that
    showdown, and the knock discard goes face down [S17, S20]. So the defender's view, position text and determinizations
    show the knocker's deadwood; the knock card stays hidden until the end."""
    h = deal("2C 3C 4C 9D 9C 9S AD 5H 3S 2H", "7H 8H 9H TD TC TS 2D 3D KC AC", stock="6H 6D 4D 8D")
    view = h.view(0)
    assert view.shown_hands == () and "#10" in rk.position(h, seat=0)
    h.apply("draw")
    h.apply("knock KC")
    assert h.phase is Phase.LAYOFF and h.current_player == 0
    deadwood = cards("AC 2D 3D")
    for seat in (0, 1):
        view = h.view(seat)
        assert view.shown_hands == (h.hand_of(0), deadwood)
        assert view.face_down == ()
        assert "AC 2D 3D" in rk.position(h, seat=seat) and "buried #1" in rk.position(h, seat=seat)
    assert "knock ??" in h.record(seat=0)["actions"]
    assert h.view(0).knowledge().known[1] == deadwood
    for s in range(5):
        r = h.resample(0, seed=s)
        assert r.hand_of(1) == deadwood and r.view(0) == h.view(0)
    assert any(h.resample(0, seed=s).buried != (rk.Card.parse("KC"),) for s in range(8))


def test_gin_cannot_be_undercut_grc() -> None:
    """[S18]: "gin cannot be undercut": a defender with no deadwood either still
    loses, and the knocker scores the defender's deadwood (0) plus 25."""
    h = deal(
        "2C 3C 4C 5C 9D 9C 9S JH QH KH", "7H 8H 9H TD TC TS 2D 3D 4D KD", discard="6S", stock="5D 6D 8D 2S"
    )
    h.apply("draw")  # 5D: 2D-5D
    h.apply("knock KD")
    assert h.is_over and h.result is not None and h.result.how is rk.Termination.GIN
    assert h.result.winners == (1,) and h.result.scores == (0, 25)


def test_hand_is_a_draw_when_two_cards_are_left_in_the_stock_wp_gin() -> None:
    """[S17]: "when only two cards are left in the stock and nobody has
    knocked, the hand is a draw with no score". The player who drew the third
    card from the end may still knock."""
    h = deal("2C 3C 4C 9D 9C 9S KS QH JD 5H", "7H 8H 9H TD TC TS 2D 3D KC AC", stock="4S 6D 8D")
    h.apply("draw")  # 4S: two cards remain
    assert h.stock_count == 2 and "knock KC" in legal(h)
    h.apply("discard KC")
    assert h.is_over and h.result is not None
    assert h.result.how is rk.Termination.STOCK_EXHAUSTED and h.result.scores == (0, 0)
    assert h.result.winners == ()


def gin_match(totals: list[int], hands_won: list[int]) -> rk.Match:
    """A match at ``totals`` (seat 1 has won hands_won[1] hands) whose current
    hand is stacked: seat 1 knocks with 10 against seat 0's 35 (+25)."""
    m = rk.new_match(V, players=2, seed=1, dealer=0)
    m.totals = list(totals)
    m.hands_won = list(hands_won)
    m.hand = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C 9S KS QH JD 5H", "7H 8H 9H TD TC TS 2D 3D KC AC"],
        discard="AS",
        stock="4S 6D 8D 2S",
    )
    for action in ("pass", "pass", "draw", "knock KC", "pass"):
        m.apply(action)
    return m


def test_game_to_100_with_game_and_box_bonuses_and_shutout_doubling_grc() -> None:
    """[S18]: the game is 100 points; the winner then adds
    a game bonus of 100, each player 25 per hand won (box bonus), and "a
    shutout doubles the hand points before the box bonus is added"."""
    m = gin_match([0, 90], [0, 3])
    assert m.is_over and m.winners == (1,)
    assert m.totals == [0, (90 + 25) * 2 + 100 + 25 * 4]
    m = gin_match([20, 90], [1, 3])
    assert m.is_over and m.winners == (1,)
    assert m.totals == [20 + 25 * 1, 90 + 25 + 100 + 25 * 4]


def test_below_100_the_game_goes_on_grc() -> None:
    m = gin_match([0, 60], [0, 2])
    assert not m.is_over and m.totals == [0, 85] and m.hands_played == 1


def test_match_ends_at_100_and_the_deal_alternates_wp_gin() -> None:
    """[S17]: "Dealership alternates from round to round"; the game ends at
    the first hand after which a player has 100 (before the end bonuses)."""
    m = rk.new_match(V, players=2, seed=7)
    m.play([rk.GreedyBot(V), rk.GreedyBot(V)])
    assert m.is_over and m.hands_played < V.limits.max_hands
    totals = [0, 0]
    for i, (_, result) in enumerate(m.results):
        for j, score in enumerate(result.scores):
            totals[j] += score
        assert (max(totals) >= 100) == (i == m.hands_played - 1)
    winner = totals.index(max(totals))
    assert m.winners == (winner,)
    dealers = [r["dealer"] for r in m.records]
    assert all(b == 1 - a for a, b in itertools.pairwise(dealers))
    won = [sum(1 for _, r in m.results if r.winners == (s,)) for s in (0, 1)]
    loser = 1 - winner
    doubled = 2 if totals[loser] == 0 else 1
    assert m.totals[winner] == totals[winner] * doubled + 100 + 25 * won[winner]
    assert m.totals[loser] == totals[loser] + 25 * won[loser]
