"""The search bot's opponent model (``SearchBot.strengthen``) and its time budget.

A uniform determinization deals an opponent random unseen cards; the model
gives it the best of more unseen cards instead, the hand of a player who has
kept melding cards. It must not change anything the seat sees (the leak test
of ``test_resample.py``, over every variant), keep every card the seat saw in
an opponent's hand there, and actually give stronger hands.
"""

from __future__ import annotations

import statistics
from collections import Counter

import pytest

import rummykit as rk
from engine_helpers import variant_seeds
from rummykit.bots.opponents import keep_best
from rummykit.bots.search import SearchBot
from test_resample import _points


@pytest.mark.parametrize(("name", "seed"), variant_seeds((1, 2)))
def test_the_opponent_model_changes_nothing_the_seat_sees(name: str, seed: int) -> None:
    """Seed 1's points by default, seed 2's under ``-m slow``."""
    v = rk.load_variant(name)
    players = max(v.players.min, min(3, v.players.max))
    bot = SearchBot(v, seed=1, iterations=1)
    for h in _points(name, players, seed):
        if h.is_over:
            continue
        seat = h.current_player
        assert seat is not None
        view = h.view(seat)
        det = bot.deal(view, seed)
        assert det.view(seat) == view
        assert Counter(det.cards_in_play()) == Counter(h.cards_in_play())
        assert [len(det.hand_of(q)) for q in range(players)] == [len(h.hand_of(q)) for q in range(players)]
        known = view.knowledge()
        for q in range(players):
            assert not Counter(known.known[q]) - Counter(det.hand_of(q))  # seen cards stay put
        det.apply(det.legal_actions()[0])  # it plays on


def test_the_opponent_model_deals_stronger_hands() -> None:
    """Late in a Gin hand the modelled opponent holds less deadwood than a
    uniformly dealt one, over the same determinizations."""
    v = rk.load_variant("gin")
    for deal in range(3, 40):  # the first deal whose greedy hand lasts 12 turns
        h = rk.new_hand(v, players=2, seed=deal)
        bots = [rk.GreedyBot(v, seed=1), rk.GreedyBot(v, seed=2)]
        while not h.is_over and h.view(0).turn < 12:
            p = h.current_player
            assert p is not None
            h.apply(bots[p].choose(h.view(p)))
        if not h.is_over:
            break
    assert not h.is_over
    seat = h.current_player
    assert seat is not None
    view = h.view(seat)
    other = 1 - seat
    bot = SearchBot(v, seed=1, iterations=1)
    uniform = [rk.min_deadwood(v, view.resample(seed=s).hand_of(other)) for s in range(40)]
    model = [
        rk.min_deadwood(v, bot.strengthen(view, view.resample(seed=s)).hand_of(other)) for s in range(40)
    ]
    assert statistics.mean(model) < statistics.mean(uniform) - 5, (model, uniform)
    off = SearchBot(v, seed=1, iterations=1, opponent_turns=0)
    assert [
        rk.min_deadwood(v, off.strengthen(view, view.resample(seed=s)).hand_of(other)) for s in range(40)
    ] == uniform


def test_the_model_keeps_melded_cards_before_low_ones() -> None:
    """A whole run is kept over a lone ace (the lowest card), also when every
    other card melds; the ace goes back to the stock."""
    v = rk.load_variant("gin")
    pool = rk.parse_cards("AH 7C 8C 9C TC JC QC KC")
    kept, back = keep_best(v, [], pool, 7, frozenset())
    assert back == [rk.Card.parse("AH")] and sorted(kept) == sorted(pool[1:])
    kept, back = keep_best(v, rk.parse_cards("5D 5H"), rk.parse_cards("5S 2C KD"), 2, frozenset())
    assert kept == list(rk.parse_cards("5S 2C")) and back == [rk.Card.parse("KD")]


def test_a_rollout_running_at_the_deadline_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """``think=S`` ends a decision within S seconds: a rollout still running
    at the deadline is dropped with its round, and the default is played
    when no round finished. A fake clock that advances 10 ms per rollout
    move makes it exact."""
    import types

    import rummykit.bots.search as search
    from rummykit.engine import Discard

    v = rk.load_variant("indian")
    h = rk.new_hand(v, players=2, seed=3)
    greedy = rk.GreedyBot(v)
    while True:  # a discard decision, which the search searches
        view = h.view(h.current_player)
        if any(isinstance(a, Discard) for a in view.legal) and len(view.legal) > 2:
            break
        h.apply(greedy.choose(view))
    now = [0.0]
    monkeypatch.setattr(search, "time", types.SimpleNamespace(perf_counter=lambda: now[0]))
    bot = SearchBot(v, seed=1, think=0.05)
    fast = bot._fast

    def move(*args: object) -> object:
        now[0] += 0.01
        return fast(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(bot, "_fast", move)
    assert bot.choose(view) == bot.default(view)
    assert now[0] <= 0.05 + 0.04 + 1e-9  # the deadline, then at most 4 more moves
    assert all(visits == 0 for _, visits, _ in bot.last_stats)
    # with a budget the rollouts fit in, they are scored
    now[0] = 0.0
    bot.think = 100.0
    bot.iterations = len(bot.last_stats)
    bot.choose(view)
    assert any(visits > 0 for _, visits, _ in bot.last_stats)


def test_an_iteration_budget_is_kept_and_gives_the_same_choice() -> None:
    """``iterations=N`` plays at most N rollouts a decision (also fewer than
    the candidates), and the same seed and budget give the same choice and
    the same statistics."""
    v = rk.load_variant("straight")
    h = rk.new_hand(v, players=2, seed=4)
    greedy = rk.GreedyBot(v, seed=1)
    searched = 0
    while not h.is_over and searched < 3:
        view = h.view(h.current_player)
        for budget in (3, 24):
            bots = [SearchBot(v, seed=2, iterations=budget) for _ in range(2)]
            picks = [bot.choose(view) for bot in bots]
            assert picks[0] == picks[1] and picks[0] in view.legal
            assert bots[0].last_stats == bots[1].last_stats
            played = sum(visits for _, visits, _ in bots[0].last_stats)
            assert played <= budget
            searched += budget == 24 and played > 0
        h.apply(greedy.choose(view))
    assert searched == 3
