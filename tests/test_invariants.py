"""Properties of every built-in variant, checked on random playouts.

Cards are conserved across hands, table, stock and discards at every step;
every legal action applies; illegal ones are refused atomically; every hand
ends within ``limits.max_turns``; ``replay(record())`` reproduces the result;
views never contain hidden cards; the same seed and actions give the same game.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

import rummykit as rk
from engine_helpers import SLOW, deep_cases, play_random, variant
from rummykit.engine import with_stock

# Every property runs on one random hand of every variant at its fewest players
# by default; on two more hands, and at its larger player count too, under
# ``-m slow`` (CI runs both; tests/test_check_variant.py covers every count).
CASES = deep_cases(seeds=3)


def _variant(name: str) -> rk.Variant:
    # Random hands often run to the turn limit (it is the documented bound): a
    # limit of 200 turns is far past the stock's exhaustion in every variant, and
    # the hands of the slow variants stop sooner.
    return variant(name, max_turns=60 if name in SLOW else 200)


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_random_hands_keep_the_invariants(name: str, players: int, seed: int) -> None:
    v = _variant(name)
    hand = rk.new_hand(v, players=players, seed=seed)
    play_random(hand, random.Random(seed), check_illegal=True)


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_same_seed_same_game_and_replay_reproduces_it(name: str, players: int, seed: int) -> None:
    """Two hands of one seed, one given the actions and the other their text,
    list the same legal actions at every step and end alike; ``replay(record())``
    of the hand, through JSON, reproduces it."""
    v = _variant(name)
    a = rk.new_hand(v, players=players, seed=seed)
    b = rk.new_hand(v, players=players, seed=seed)
    rng = random.Random(seed)
    while not a.is_over:
        assert a.legal_actions() == b.legal_actions()
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(str(action))
    assert b.is_over and a.result == b.result
    record = json.loads(json.dumps(a.record()))
    again = rk.replay(record)
    assert again.result == a.result
    assert again.actions == a.actions
    assert [again.hand_of(p) for p in range(players)] == [a.hand_of(p) for p in range(players)]


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_views_hold_no_hidden_cards(name: str, players: int, seed: int) -> None:
    v = _variant(name)
    hand = rk.new_hand(v, players=players, seed=seed)
    rng = random.Random(seed)
    for step in itertools.count():
        for p in range(players):
            view = hand.view(p)
            assert view.hand == hand.hand_of(p)
            visible = Counter(view.hand) + Counter(view.discard)
            for t in view.table:
                visible += Counter(t.meld.cards)
            if view.cut is not None:
                visible[view.cut] += 1
            for h in view.shown_hands:
                visible += Counter(h)
            visible += Counter(view.face_down)
            assert view.hand_counts == tuple(len(hand.hand_of(s)) for s in range(players))
            # a second hand (a foot, a morto) is a count in every view, its owner's too, never its cards
            assert view.second_counts == (hand.second_counts if v.second_hand.dealt() else ())
            if not hand.is_over:
                assert not view.shown_hands and not view.face_down
                # Every card the view shows is the seat's own or public: its
                # hand, the pile, the table, the cut card; none from another
                # hand or the stock.
                public = Counter(hand.hand_of(p)) + Counter(hand.pile)
                for t in hand.table:
                    public += Counter(t.meld.cards)
                if hand.cut is not None:
                    public[hand.cut] += 1
                assert not visible - public
            # A view is a function of what the seat may see: changing the
            # order of the stock does not change it (checked for one seat a
            # step in turn, as a copy a seat and step would cost).
            if p == step % players:
                other = with_stock(hand, reversed(hand.stock))
                assert other.view(p) == view
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))


@pytest.mark.parametrize("name", rk.list_variants())
def test_clone_is_independent(name: str) -> None:
    v = _variant(name)
    hand = rk.new_hand(v, players=v.players.min, seed=11)
    copy = hand.clone()
    rng = random.Random(1)
    for _ in range(6):
        if copy.is_over:
            break
        copy.apply(rng.choice(copy.legal_actions()))
    fresh = rk.new_hand(v, players=v.players.min, seed=11)
    assert hand.legal_actions() == fresh.legal_actions()
    assert [hand.hand_of(p) for p in range(hand.players)] == [fresh.hand_of(p) for p in range(hand.players)]
    assert hand.stock_count == fresh.stock_count


@pytest.mark.parametrize(("name", "players", "seed"), deep_cases(seeds=4, quick=0))
def test_random_hands_never_get_stuck(name: str, players: int, seed: int) -> None:
    """More short random hands, under ``-m slow`` only: there is always a legal
    action until the end (the other tests here check it too, on every variant in
    the default run)."""
    v = variant(name, max_turns=40 if name in SLOW else 100)
    hand = rk.new_hand(v, players=players, seed=seed)
    rng = random.Random(seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal, f"no legal action: {hand!r}, last actions {hand.actions[-4:]}"
        hand.apply(legal[rng.randrange(len(legal))])
    assert hand.result is not None
