"""The search bot's short look-ahead (``SearchBot(horizon=T)``): rollouts
stopped after T turns, scored by :meth:`SearchBot.leaf`, which may overrule
the default (bench/RESULTS.md, round 15)."""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit.bots.search import SearchBot
from test_bots_protocol import _play, _short


@pytest.mark.parametrize("name", rk.list_variants())
def test_a_short_look_ahead_plays_only_legal_actions(name: str) -> None:
    v = _short(rk.load_variant(name), turns=16)
    _play(v, [SearchBot(v, seed=1, iterations=4, horizon=2), rk.GreedyBot(v, seed=2)], seed=13)


def test_a_short_look_ahead_may_overrule_the_default_and_is_deterministic() -> None:
    """Unlike rollouts cut short by ``rollout_turns`` (which never overrule
    the default: test_bots_race.py), the horizon's scores are the search's
    results: told to follow any gain, it leaves its default somewhere."""
    v = rk.load_variant("straight")
    h = rk.new_hand(v, players=2, seed=5)
    bots = [rk.GreedyBot(v, seed=1), rk.GreedyBot(v, seed=2)]
    ahead = SearchBot(v, seed=7, iterations=40, horizon=2, margin=0.0)
    twin = SearchBot(v, seed=7, iterations=40, horizon=2, margin=0.0)
    differs = 0
    while not h.is_over and h.turns < 16:
        p = h.current_player
        assert p is not None
        view = h.view(p)
        picked = ahead.choose(view)
        assert picked == twin.choose(view)  # same seed, same budget: same choice
        assert picked in view.legal
        differs += picked != ahead.default(view)
        h.apply(bots[p].choose(view))
    assert differs >= 1


def test_the_leaf_counts_loose_cards_where_going_out_wins_and_deadwood_where_a_knock_does() -> None:
    """Straight is won by going out: fewer cards outside melds scores above
    one half whatever their points. Gin ends with a knock under 10 points:
    the leaf compares deadwood there."""
    straight = rk.load_variant("straight")
    h = rk.new_hand(straight, players=2, seed=1)
    bot = SearchBot(straight, horizon=4)
    mine, theirs = (bot.loose(h.hand_of(s), h.wild_ranks) for s in (0, 1))
    assert mine != theirs
    assert (bot.leaf(h, 0) > 0.5) == (mine < theirs)
    assert bot.leaf(h, 0) + bot.leaf(h, 1) == pytest.approx(1.0)
    assert bot.leaf(h, 0) != bot._estimate(h, 0)  # not the points of the deadwood
    gin = rk.load_variant("gin")
    g = rk.new_hand(gin, players=2, seed=1)
    gbot = SearchBot(gin, horizon=4)
    assert gbot.leaf(g, 0) == gbot._estimate(g, 0)
    with pytest.raises(ValueError, match="horizon must be None"):
        SearchBot(gin, horizon=0)
