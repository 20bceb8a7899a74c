"""The property tests run over positions built with ``from_position`` too
(issue 10, part 2): for every built-in variant, a random mid-hand position is
written as text and rebuilt, and the rebuilt hand must keep every invariant
of dealt hands: card conservation, legality (every legal action applies,
illegal ones are refused with the state unchanged), termination, hidden
information in views, and replay (position + actions gives the same result).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rummykit as rk
from engine_helpers import SLOW, deep_cases, play_random, variant
from rummykit.engine import with_stock
from rummykit.testing import check_variant

NAMES = rk.list_variants()


def _variant(name: str) -> rk.Variant:
    return variant(name, max_turns=40 if name in SLOW else 300)


def _rebuilt(v: rk.Variant, players: int, seed: int) -> tuple[rk.Hand, str]:
    hand = rk.new_hand(v, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 30)):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    text = rk.position(hand)
    again = rk.from_position(v, text)
    assert rk.position(again) == text
    return again, text


@pytest.mark.parametrize(("seed", "hands"), [(3, 1), pytest.param(4, 2, marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", NAMES)
def test_check_variant_over_positions(name: str, seed: int, hands: int) -> None:
    """rummykit.testing.check_variant with positions=True: every invariant on rebuilt hands
    (illegal actions are probed by the test below, more cheaply); two more hands
    under ``-m slow``."""
    v = _variant(name)
    report = check_variant(v, hands=hands, players=[v.players.min], seed=seed, positions=True, probe=False)
    assert report.ok, str(report)


@pytest.mark.parametrize(("name", "players", "seed"), deep_cases(seeds=2, every_count=False))
def test_rebuilt_hands_keep_the_invariants(name: str, players: int, seed: int) -> None:
    v = variant(name, max_turns=30)  # short hands: the illegal probes at every step are costly
    hand, text = _rebuilt(v, players, seed)
    shoe = Counter(v.deck.shoe(hand.players))
    assert Counter(hand.cards_in_play()) == shoe
    # views of the rebuilt hand hold nothing the stock order decides
    for p in range(hand.players):
        other = with_stock(hand, reversed(hand.stock))
        assert other.view(p) == hand.view(p)
    done = play_random(hand, random.Random(seed), check_illegal=True)
    # replay: the position text and the actions give the same hand and result
    again = rk.from_position(v, text)
    for action in done.actions:
        again.apply(str(action))
    assert again.result == done.result
    assert rk.position(again) == rk.position(done)
