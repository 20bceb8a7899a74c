"""The search bot's opponent model (``SearchBot.strengthen``).

A uniform determinization deals an opponent random unseen cards; the model
gives it the best of more unseen cards instead, the hand of a player who has
kept melding cards. It must not change anything the seat sees (the leak test
of ``test_resample.py``, over every variant), keep every card the seat saw in
an opponent's hand there, and actually give stronger hands.
"""

from __future__ import annotations

import statistics
from collections import Counter

import attrs
import pytest

import rummykit as rk
from rummykit.bots.search import SearchBot, keep_best
from rummykit.engine.resample import Knowledge, hidden_share
from test_resample import _points, scripted_gin


@pytest.mark.parametrize("name", rk.list_variants())
def test_the_opponent_model_changes_nothing_the_seat_sees(name: str) -> None:
    v = rk.load_variant(name)
    players = max(v.players.min, min(3, v.players.max))
    bot = SearchBot(v, seed=1, iterations=1, infer=8)
    for seed in (1, 2):
        for h in _points(name, players, seed):
            if h.is_over:
                continue
            seat = h.current_player
            assert seat is not None
            view = h.view(seat)
            det = bot.strengthen(view, bot.infer_deal(view, seed))
            assert det.view(seat) == view
            assert Counter(det.cards_in_play()) == Counter(h.cards_in_play())
            assert [len(x) for x in det.hands] == [len(x) for x in h.hands]
            known = view.knowledge()
            for q in range(players):
                assert not Counter(known.known[q]) - Counter(det.hands[q])  # seen cards stay put
            det.apply(det.legal_actions()[0])  # it plays on


def test_the_opponent_model_deals_stronger_hands() -> None:
    """Late in a Gin hand the modelled opponent holds less deadwood than a
    uniformly dealt one, over the same determinizations."""
    v = rk.load_variant("gin")
    for deal in range(3, 40):  # the first deal whose greedy hand lasts 12 turns
        h = rk.new_hand(v, players=2, seed=deal)
        bots = [rk.GreedyBot(v, seed=1), rk.GreedyBot(v, seed=2)]
        while h.turns < 12 and not h.is_over:
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
    model = [rk.min_deadwood(v, bot.strengthen(view, view.resample(seed=s)).hand_of(other)) for s in range(40)]
    assert statistics.mean(model) < statistics.mean(uniform) - 5, (model, uniform)
    off = SearchBot(v, seed=1, iterations=1, opponent_turns=0)
    assert [rk.min_deadwood(v, off.strengthen(view, view.resample(seed=s)).hand_of(other)) for s in range(40)] == uniform


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
    when no round finished (a long Indian rollout used to run on past the
    budget, a 1 s decision lasting up to 1.97 s). A fake clock that
    advances 10 ms per rollout move makes it exact."""
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


def _gin_positions(count: int, *, one_per_hand: bool = False) -> list[rk.Hand]:
    """Greedy Gin hands at seat 0's decisions from its 8th turn on (every
    third hand, each of its decisions; or the first decision of every hand)."""
    v = rk.load_variant("gin")
    out: list[rk.Hand] = []
    deal = 0
    while len(out) < count:
        h = rk.new_hand(v, players=2, seed=1000 + deal, dealer=deal % 2)
        bots = [rk.GreedyBot(v, seed=deal), rk.GreedyBot(v, seed=deal + 7)]
        deal += 1
        while not h.is_over and h.turns < 60 and len(out) < count:
            p = h.current_player
            assert p is not None
            view = h.view(p)
            if p == 0 and view.turn >= 8 and len(view.legal) > 1 and (one_per_hand or deal % 3 == 0):
                out.append(h.clone())
                if one_per_hand:
                    break
            h.apply(bots[p].choose(view))
    return out


def test_the_inferred_deals_hold_more_of_the_opponents_real_cards() -> None:
    """Weighing determinizations by what the opponent did (``infer``) deals
    it more of its real unknown cards than uniform determinizations do, over
    the same greedy Gin positions (a greedy opponent leaves an upcard that
    melds with two of its cards lying only when it does not hold them)."""
    v = rk.load_variant("gin")
    found = {1: 0.0, 16: 0.0}
    positions = _gin_positions(30)
    for h in positions:
        view = h.view(0)
        for infer in found:
            bot = SearchBot(v, seed=1, iterations=1, infer=infer)
            found[infer] += hidden_share(h, 0, 1, [bot.infer_deal(view, s).hand_of(1) for s in range(10)])
    uniform, inferred = (found[k] / len(positions) for k in (1, 16))
    assert inferred > uniform + 0.02, (uniform, inferred)


def test_the_likelihood_reads_the_upcards_left_and_the_cards_thrown() -> None:
    """A hand holding two cards that meld with an upcard the seat left lying
    (9H, with 7H 8H; left twice: the first upcard, then a draw from the
    stock, read once) is 20 times less likely; one holding two that meld with
    the card it threw last (QD, with QC QS) 5 times less, and 5 times less
    again as that throw broke a meld."""
    v = rk.load_variant("gin")
    h = scripted_gin()
    for a in ["pass", "pass", "draw", "discard QD", "draw"]:
        h.apply(a)
    bot = SearchBot(v, seed=1, iterations=1)
    known = h.view(0).knowledge()
    assert known.passed[1] == tuple(rk.parse_cards("9H 9H")) and known.thrown[1] == tuple(rk.parse_cards("QD"))
    passed = attrs.evolve(known, thrown=((), ()))
    thrown = attrs.evolve(known, passed=((), ()))

    def weight(k: Knowledge, text: str) -> float:
        return bot.likelihood(k, 1, tuple(rk.parse_cards(text)), frozenset())

    assert weight(passed, "2S 3S 4S 5C 6C 7C TD JS KC AH") == 1.0
    assert weight(passed, "2S 3S 4S 5C 6C 7C TD 7H 8H AH") == pytest.approx(0.05)
    assert weight(thrown, "2S 3S 4S 5C 6C 7C TD QC QS AH") == pytest.approx(0.04)
    assert 0.04 < weight(thrown, "2S 3S 4S 5C 6C 7C TD 2H 3H AH") <= 1.0
    bare = attrs.evolve(known, passed=(), thrown=())  # built without the public lists: nothing read
    assert weight(bare, "2S 3S 4S 5C 6C 7C TD QC QS AH") == 1.0
    with pytest.raises(ValueError, match="infer must be at least 1"):
        SearchBot(v, infer=0)
