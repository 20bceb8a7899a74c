"""House rules that load and then break the engine: each accepted variant plays.

Found by mutating the built-in variants' keys to other values they accept
and playing random hands through the public API: a ``melds.min_naturals``
above the shortest meld made the solver build melds no rule allows
(``IndexError``); a wild rank other than the twos in a Buraco run used one
card twice (``ValueError`` in ``apply`` of a listed action); the knock's
search for other arrangements counted its nodes but not the melds it tried
at each, so many wild cards made one ``legal_actions()`` take seconds.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rummykit as rk
from rummykit.cards import Rank
from rummykit.engine.actions import knock
from rummykit.melds.wild_runs import run_groups


def play(v: rk.Variant, *, seed: int, steps: int) -> rk.Hand:
    """Random legal actions from a seeded deal (no internal exception may escape)."""
    hand = rk.new_hand(v, players=v.players.min, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


# --------------------------------------------------------------------------- melds.min_naturals


def test_min_naturals_above_the_shortest_meld_leaves_the_short_melds_out() -> None:
    v = rk.loads_variant('extends = "gin"\n[melds]\nmin_naturals = 4\n')
    best = rk.best_arrangement(v, rk.parse_cards("7C 7D 7H 2S 3S 4S 5S KD"))
    assert [str(m) for m in best.melds] == ["2S 3S 4S 5S"]
    assert best.deadwood_value == 31


@pytest.mark.parametrize(
    ("base", "naturals", "seed"), [("knock", 60, 1), ("romme", 7, 0)], ids=["no-meld-at-all", "runs-of-7"]
)
def test_min_naturals_above_the_shortest_meld_plays(base: str, naturals: int, seed: int) -> None:
    v = rk.loads_variant(f'extends = "{base}"\n[melds]\nmin_naturals = {naturals}\n')
    play(v, seed=seed, steps=30)


# --------------------------------------------------------------------------- a cut wild rank in runs


@pytest.mark.parametrize(
    ("hand", "runs"),
    [
        ("TD JD", []),  # the one ten cannot be both itself and the wild
        ("TD JD TH", ["TH TD JD"]),
        ("TD TD JD", ["TD TD JD"]),  # the twin from the other pack
    ],
)
def test_a_wild_rank_card_in_its_own_place_is_not_also_the_wild(hand: str, runs: list[str]) -> None:
    def ten(c: rk.Card) -> bool:
        return c.is_joker or c.rank is Rank.TEN

    assert [" ".join(map(str, g)) for g in run_groups(rk.parse_cards(hand), is_wild=ten)] == runs


def test_buraco_with_a_cut_wild_plays() -> None:
    """Seed 4 listed ``meld TD TD JD`` to a hand holding one TD (tens cut wild)."""
    v = rk.loads_variant('extends = "buraco"\n[deck]\ncut_wild = true\n')
    play(v, seed=4, steps=25)


# --------------------------------------------------------------------------- the knock's bounded search


class _Counting(Counter[rk.Card]):
    made = 0

    def __init__(self, *args: object) -> None:
        _Counting.made += 1
        super().__init__(*args)  # type: ignore[arg-type]


def test_knock_arrangements_search_counts_the_melds_it_tries(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four decks with twos and threes wild: every wild sits in hundreds of
    melds, each tried at each node (1.3 million checks, 7 s, before)."""
    v = rk.loads_variant(
        'extends = "gin"\n[deck]\ndecks = 4\njokers_wild = true\nwild_ranks = ["2", "3"]\n'
        "[melds]\nwilds_in_sets = true\nwilds_in_runs = true\n"
    )
    hand = rk.new_hand(
        v,
        players=2,
        dealer=0,
        discard="AS",
        hands=["2H 4H 4H 5H KC KD KS AC 3C QD", "3C 5C 6C 7C 2D 5D 6D KD 3H 7H"],
        stock="7S 6H 6D 4C 8D 9C 9D",
    )
    for a in ("pass", "pass", "draw"):
        hand.apply(a)
    monkeypatch.setattr(knock, "KNOCK_SEARCH_NODES", 2_000)
    monkeypatch.setattr(knock, "Counter", _Counting)
    _Counting.made = 0
    knocks = [a for a in hand.legal_actions() if a.word == "knock"]
    assert knocks
    assert _Counting.made < 20_000


# --------------------------------------------------------------------------- draw.stock_cards


@pytest.mark.parametrize("count", ["1000000000", '{ 2 = 1, "3-4" = 21 }', "0"])
def test_a_draw_of_more_stock_cards_than_allowed_is_refused(count: str) -> None:
    """Samba with ``stock_cards = 1000000000`` validated and its first draw
    looped a billion times (the stock was long empty)."""
    (problem,) = rk.validate_text(f'extends = "samba"\n[draw]\nstock_cards = {count}\n')
    assert problem.path == "draw.stock_cards"
    assert "is out of range: allowed 1 to 20" in problem.message


def test_a_draw_of_twenty_stock_cards_plays() -> None:
    play(rk.loads_variant('extends = "samba"\n[draw]\nstock_cards = 20\n'), seed=0, steps=30)
