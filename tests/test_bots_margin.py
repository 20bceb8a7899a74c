"""The search bot's margin (``SearchBot(margin=...)``): by how many standard
errors a candidate must beat the default move. By default
(:func:`default_margin`) the search keeps its default where a knock under a
fixed limit ends the hand (Gin), and plays no rollouts there."""

from __future__ import annotations

import math

import pytest

import rummykit as rk
from rummykit.bots.search import MARGIN, SearchBot, default_margin


@pytest.mark.parametrize("name", rk.list_variants())
def test_the_default_margin_follows_what_ends_the_hand(name: str) -> None:
    v = rk.load_variant(name)
    fixed = v.going_out.fixed_knock_limit() is not None
    assert default_margin(v) == (math.inf if fixed else MARGIN)
    assert SearchBot(v).margin == default_margin(v)
    assert SearchBot(v, margin=0.5).margin == 0.5


def test_the_default_margin_is_read_from_the_rules_not_the_name() -> None:
    """Gin: "after drawing you may knock if your deadwood is at most 10"
    (Gin [S17]): a fixed limit, the default stands.
    Knock Rummy knocks with any count, and Gin's Oklahoma option takes "the
    knock limit is the upcard's value" [S19]: neither is a fixed limit, so
    both search, as does a Gin house rule knocking at any count."""
    assert default_margin(rk.load_variant("gin")) == math.inf
    assert default_margin(rk.load_variant("knock")) == MARGIN
    oklahoma = rk.loads_variant('extends = "gin"\n[variant]\nname = "ok"\n[going_out]\noklahoma = true')
    assert default_margin(oklahoma) == MARGIN
    any_count = rk.loads_variant(
        'extends = "gin"\n[variant]\nname = "g-any"\n[going_out]\nany_deadwood = true'
    )
    assert default_margin(any_count) == MARGIN


def _gin_decisions(count: int) -> list[rk.Hand]:
    """Copies of greedy Gin hands where the search has a choice to make (a
    view of a hand that moves on goes stale: the caller takes the views)."""
    v = rk.load_variant("gin")
    hands: list[rk.Hand] = []
    for deal in range(40):
        h = rk.new_hand(v, players=2, seed=deal)
        bots = [rk.GreedyBot(v, seed=deal), rk.GreedyBot(v, seed=deal + 1)]
        while not h.is_over and len(hands) < count:
            p = h.current_player
            assert p is not None
            view = h.view(p)
            if len(view.legal) > 1:
                hands.append(h.clone())
            h.apply(bots[p].choose(view))
        if len(hands) >= count:
            break
    return hands


def test_in_gin_the_search_plays_its_default_without_rollouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the default margin every Gin choice is the default move (the race
    to knock), and no determinization is dealt nor rollout played; given a
    margin the same bot searches again and may leave the default."""
    v = rk.load_variant("gin")
    hands = _gin_decisions(10)
    views = [h.view(h.current_player) for h in hands if h.current_player is not None]
    bot = SearchBot(v, seed=3, think=1.0)
    twin = SearchBot(v, seed=3, think=1.0)

    def forbidden(*args: object, **kwargs: object) -> object:
        raise AssertionError("the search dealt a determinization or played a rollout")

    monkeypatch.setattr(bot, "deal", forbidden)
    monkeypatch.setattr(bot, "_rollout", forbidden)
    for view in views:
        assert bot.choose(view) == twin.default(view)
    searching = SearchBot(v, seed=3, iterations=16, margin=0.0)
    default = SearchBot(v, seed=3, iterations=16, margin=0.0)
    differs = searched = 0
    for view in views:
        searching.last_stats = []
        differs += searching.choose(view) != default.default(view)
        searched += any(visits > 0 for _, visits, _ in searching.last_stats)
    assert searched >= 5 and differs >= 1


@pytest.mark.parametrize("margin", [-1, -0.5, float("nan"), "2", True, None])
def test_a_bad_margin_is_refused_with_its_value(margin: object) -> None:
    with pytest.raises(ValueError, match="margin must be"):
        SearchBot(rk.load_variant("gin"), margin=margin)  # type: ignore[arg-type]
