"""The engine's per-variant memo (:mod:`rummykit.engine.meld_memo`): the same
answers as the solver, one table per set of wild ranks, and keys the cyclic
garbage collector does not track."""

from __future__ import annotations

import gc
import random

import pytest

import rummykit as rk
from rummykit.cards import Card, Rank
from rummykit.engine.meld_memo import Kit, codes
from rummykit.melds import best_declaration, min_deadwood


def _hands(v: rk.Variant, count: int, size: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    shoe = list(v.deck.shoe(v.players.min))
    return [tuple(sorted(rng.sample(shoe, size), key=lambda c: c.code)) for _ in range(count)]


@pytest.mark.parametrize("name", ["gin", "straight", "indian", "rum500"])
def test_memoised_answers_are_the_solvers(name: str) -> None:
    v = rk.load_variant(name)
    kit = Kit(v)
    wilds = [frozenset(), frozenset({Rank.FIVE})]
    for wild in wilds:
        for cards in _hands(v, 40, 10, seed=len(name)):
            for _ in range(2):  # the second answer comes from the memo
                assert kit.deadwood(cards, wild) == min_deadwood(v, cards, wild_ranks=wild)
                want = best_declaration(v, cards, wild_ranks=wild, leave_one=False)
                assert kit.declaration(cards, wild, False) == want


def test_options_with_a_required_card_are_kept_apart() -> None:
    """One key per (cards, must): the melds holding a card are not the melds
    of the whole hand, memoised under a different key."""
    v = rk.load_variant("straight")
    kit = Kit(v)
    cards = tuple(sorted(rk.parse_cards("3H 4H 5H 6H 9C 9D 9S"), key=lambda c: c.code))
    every = kit.options(cards, frozenset())
    assert "9C 9D 9S" in {str(m) for m in every}
    for text in ("6H", "9S", "3H"):
        card = rk.parse_cards(text)[0]
        holding = kit.options(cards, frozenset(), card)
        assert holding and set(holding) == {m for m in every if card in m.cards}
    assert kit.options(cards, frozenset()) == every
    # nines wild: another table, where a nine joins the hearts
    wild = frozenset({Rank.NINE})
    assert kit.options(cards, wild) != every
    assert kit.options(cards, wild) == kit.options(cards, wild)


def test_codes_are_card_codes() -> None:
    assert codes(rk.parse_cards("AC KS JK")) == bytes([0, 51, 52])


def test_a_full_deadwood_memo_adds_nothing_for_the_garbage_collector() -> None:
    """A tuple of cards is tracked by the cyclic collector; a memo of 200,000
    of them made every full collection walk them (pauses of 0.2 s in a Gin
    search bot's decision). The deadwood memo holds bytes and ints only."""
    v = rk.load_variant("gin")
    kit = Kit(v)
    hands = _hands(v, 3000, 10, seed=7)
    gc.collect()
    before = len(gc.get_objects())
    for cards in hands:
        kit.deadwood(cards, frozenset())
    gc.collect()
    added = len(gc.get_objects()) - before
    assert added < 300, f"{added} tracked objects for 3,000 memoised hands"
