"""Matches: game-end rules and dealer rotation (the game end and dealer of each variant, as its file cites them)."""

from __future__ import annotations

import itertools

import attrs

import rummykit as rk
from rummykit.rules import Best, Deals, Elimination, SingleHand, Target


def test_target_reached_highest_wins_bic500() -> None:
    t = Target(target=500)
    assert t.verdict(totals=[510, 520, 100], active=[0, 1, 2], hands_played=5, went_out=0) == (1,)
    assert t.verdict(totals=[10, 20, 100], active=[0, 1, 2], hands_played=5, went_out=0) is None


def test_thai_must_go_out_and_instant_loss_s000() -> None:
    thai = rk.load_variant("thai").game_end
    assert thai.verdict(totals=[520, 10], active=[0, 1], hands_played=3, went_out=1) is None
    assert thai.verdict(totals=[520, 10], active=[0, 1], hands_played=3, went_out=0) == (0,)
    assert thai.verdict(totals=[-500, 10], active=[0, 1], hands_played=3, went_out=None) == (1,)


def test_penalty_target_lowest_wins_s004() -> None:
    t = Target(target=100, best=Best.LOWEST)
    assert t.verdict(totals=[101, 40, 60], active=[0, 1, 2], hands_played=4, went_out=1) == (1,)


def test_elimination_last_player_left_cls() -> None:
    e = Elimination(limit=101)
    assert e.drops_out(101) and not e.drops_out(100)
    assert e.verdict(totals=[101, 50, 120], active=[0, 1, 2], hands_played=4, went_out=1) == (1,)
    assert e.verdict(totals=[101, 50, 60], active=[0, 1, 2], hands_played=4, went_out=1) is None


def test_fixed_deals_and_tiebreak_rcd() -> None:
    d = Deals(deals=2, start_score=160, tiebreak=True)
    assert d.start_total() == 160
    assert d.verdict(totals=[200, 120], active=[0, 1], hands_played=1, went_out=0) is None
    assert d.verdict(totals=[200, 120], active=[0, 1], hands_played=2, went_out=0) == (0,)
    assert d.verdict(totals=[160, 160], active=[0, 1], hands_played=2, went_out=0) is None


def test_single_hand() -> None:
    assert SingleHand().verdict(totals=[0, 5], active=[0, 1], hands_played=1, went_out=0) == (0,)


def test_gin_game_bonuses_grc() -> None:
    gin = rk.load_variant("gin").game_end
    assert gin.final_totals([110, 0], winners=[0], hands_won=[3, 0]) == [110 * 2 + 100 + 75, 0]


def test_match_plays_to_the_target_and_rotates_the_dealer() -> None:
    v = rk.load_variant("straight")
    match = rk.new_match(v, players=3, seed=2)
    dealers: list[int] = []
    while not match.is_over:
        dealers.append(match.dealer) if not dealers or match.hand.actions == () else None
        p = match.hand.current_player
        assert p is not None
        match.apply(match.hand.legal_actions()[0] if False else rk.GreedyBot(v).choose(match.hand.view(p)))
    assert max(match.totals) >= 100 or match.hands_played == v.limits.max_hands
    assert match.winner is not None
    # "rotates clockwise" [S1]: each dealer is the next seat after the previous one
    assert all((b - a) % 3 == 1 for a, b in itertools.pairwise(dealers))


def test_elimination_match_players_sit_out() -> None:
    v = rk.load_variant("rami-malta")
    v = attrs.evolve(v, limits=attrs.evolve(v.limits, max_turns=200))
    match = rk.new_match(v, players=3, seed=4)
    match.play([rk.GreedyBot(v) for _ in range(3)])
    assert match.is_over
    out = [s for s in range(3) if v.game_end.drops_out(match.totals[s])]
    assert len(match.winners) >= 1
    assert len(out) >= 2 or match.hands_played == v.limits.max_hands


def test_loser_deals_thai_s000() -> None:
    v = rk.load_variant("thai")
    match = rk.new_match(v, players=2, seed=8)
    bots = [rk.GreedyBot(v), rk.GreedyBot(v)]
    while match.hands_played == 0:
        p = match.hand.current_player
        assert p is not None
        match.apply(bots[p].choose(match.hand.view(p)))
    if not match.is_over:
        seats, result = match.results[0]
        if result.loser is not None:
            assert match.dealer == seats[result.loser]
