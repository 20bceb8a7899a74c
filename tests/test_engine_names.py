"""One name per move (issue 45 item 2): at random states of every built-in
variant, every listed action is accepted as itself, every text ``apply``
accepts (listed ones, knocks with the engine's melds written out, melds
reordered or left out, a card changed, wild designations left out)
canonicalizes to a listed action (documented bounds aside), and a text and
its canonical form play the same (``rummykit.testing.check_names``)."""

from __future__ import annotations

import random

import pytest

import rummykit as rk
from rummykit.testing import check_names


@pytest.mark.parametrize("name", rk.list_variants())
def test_every_accepted_text_names_a_listed_move(name: str) -> None:
    v = rk.load_variant(name)
    rng = random.Random(name)
    h = rk.new_hand(v, players=2 if 2 in v.players.counts() else v.players.min, seed=9)
    bot = rk.GreedyBot(v, seed=9)  # greedy play reaches melds and knocks random play rarely makes
    checked = steps = 0
    while not h.is_over and checked < 4 and steps < 120:
        if steps % 5 == 2:
            assert check_names(h, seed=steps) == ()
            checked += 1
        seat = h.current_player
        assert seat is not None
        legal = h.legal_actions()
        h.apply(bot.choose(h.view(seat)) if rng.random() < 0.8 else rng.choice(legal))
        steps += 1


def test_a_knock_state_has_one_name_per_move() -> None:
    """Gin, seat 1 to knock: the engine's arrangement written out names the
    plain knock; the knocker's other arrangements within the limit are listed."""
    h = rk.new_hand(
        rk.load_variant("gin"),
        players=2,
        dealer=0,
        discard="AS",
        hands=["2S 8S 4D 9H 9D 9C KH QC JC 6H", "2H 3H 4H 5H KC KD KS AC 3C QD"],
        stock="AD 7S 6D 4C 8D",
    )
    for a in ("pass", "pass", "draw"):
        h.apply(a)
    assert check_names(h) == ()
    assert sum(1 for a in h.legal_actions() if str(a).startswith("knock QD melds")) >= 2
