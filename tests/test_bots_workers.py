"""The search bot on two processes (``SearchBot(workers=2)``).

A helper process plays its own determinizations while the bot plays its
own, and the bot pools the paired results. The helper is sent one
determinization of the hand, never the hand: a seat's search must not hold
cards the seat has not seen, in any process.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
from typing import Any

import pytest

import rummykit as rk
from rummykit.bots import search
from rummykit.bots.search import SearchBot


def _positions(name: str, count: int, seed: int = 0) -> list[rk.Hand]:
    """Hands a few greedy moves in, each with more than one legal action."""
    v = rk.load_variant(name)
    found = []
    deal = seed
    while len(found) < count:
        h = rk.new_hand(v, players=2, seed=deal)
        greedy = rk.GreedyBot(v, seed=deal)
        for _ in range(3 + deal % 5):
            if h.is_over:
                break
            h.apply(greedy.choose(h.view(h.current_player)))
        deal += 1
        if not h.is_over and len(h.legal_actions()) > 1:
            found.append(h)
    return found


@pytest.mark.parametrize("name", ["gin", "straight", "indian"])
def test_two_processes_choose_legal_moves_deterministically(name: str) -> None:
    v = rk.load_variant(name)
    for h in _positions(name, 3):
        view = h.view(h.current_player)
        bots = [SearchBot(v, seed=4, iterations=40, workers=2) for _ in range(2)]
        try:
            choices = [b.choose(view) for b in bots]
            assert choices[0] == choices[1]
            assert choices[0] in h.legal_actions()
            visits = sum(n for _, n, _ in bots[0].last_stats)
            # the bot's own share of the budget is 20 rollouts: the helper's count too
            assert visits == 0 or 20 < visits <= 40
        finally:
            for b in bots:
                b.close()


def test_the_helper_is_sent_a_determinization_not_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    v = rk.load_variant("gin")
    sent: list[tuple[Any, ...]] = []
    real_send = search._Helper.send

    def spy(self: search._Helper, job: tuple[Any, ...]) -> None:
        sent.append(job)
        real_send(self, job)

    monkeypatch.setattr(search._Helper, "send", spy)
    bot = SearchBot(v, seed=1, iterations=16, workers=2)
    checked = 0
    try:
        for h in _positions("gin", 4):
            seat = h.current_player
            assert seat is not None
            view = h.view(seat)
            sent.clear()
            bot.choose(view)
            if not sent:
                continue  # taken without a search
            det, sent_seat = sent[0][0], sent[0][1]
            assert sent_seat == seat
            assert det is not h
            assert det.view(seat) == view  # the seat's view, nothing more
            # the opponent's hidden cards were dealt again: 10 of about 30
            # unseen cards, so the real ones come back with negligible chance
            assert det.hand_of(1 - seat) != h.hand_of(1 - seat)
            assert not any(x is h for x in sent[0])
            checked += 1
    finally:
        bot.close()
    assert checked >= 2


def test_a_failure_in_the_helper_is_raised_in_the_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    parent = os.getpid()
    real = SearchBot._rollouts

    def broken(self: SearchBot, *args: Any) -> Any:
        if os.getpid() != parent:
            raise KeyError("boom")
        return real(self, *args)

    monkeypatch.setattr(SearchBot, "_rollouts", broken)
    v = rk.load_variant("gin")
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("the patched method reaches the helper only through fork")
    bot = SearchBot(v, seed=1, iterations=20, workers=2)
    try:
        with pytest.raises(RuntimeError, match="helper process failed: KeyError"):
            for h in _positions("gin", 3):
                bot.choose(h.view(h.current_player))
    finally:
        bot.close()


def test_close_stops_the_helper_and_a_bot_pickles_without_it() -> None:
    v = rk.load_variant("gin")
    bot = SearchBot(v, seed=1, iterations=10, workers=2)
    h = _positions("gin", 1)[0]
    bot.choose(h.view(h.current_player))
    worker = bot._worker
    assert worker is not None and worker.process.is_alive()
    copy = pickle.loads(pickle.dumps(bot))
    assert copy._worker is None and copy.workers == 2
    bot.close()
    assert not worker.process.is_alive()
    assert bot._worker is None


def test_workers_must_be_one_or_two() -> None:
    v = rk.load_variant("gin")
    for bad in (0, 3):
        with pytest.raises(ValueError, match="workers must be 1 or 2"):
            SearchBot(v, workers=bad)


def _choose_in_daemon(seed: int) -> str:
    v = rk.load_variant("gin")
    h = _positions("gin", 1, seed)[0]
    bot = SearchBot(v, seed=1, iterations=10, workers=2)
    a = bot.choose(h.view(h.current_player))
    assert a in h.legal_actions()
    return f"{bot.workers} {a}"


def test_inside_a_daemonic_process_the_bot_searches_alone() -> None:
    # multiprocessing.Pool's workers are daemonic: they may not start processes
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        found = pool.map(_choose_in_daemon, [0, 1])
    assert all(x.startswith("1 ") for x in found)
