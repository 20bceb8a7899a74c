"""The solver's and the engine's caches stay bounded over a long-running
program (bench/memory.py: a search bot playing Indian hands held
over a gigabyte after 250 hands, most of it memos kept for each of the 13
wild ranks, which change every hand).

Each bound is checked where it is kept; the answers the caches give are
checked against fresh searches (a cache that was dropped must not change a
result)."""

from __future__ import annotations

import itertools
import random

import pytest

import rummykit as rk
from rummykit.bots import greedy
from rummykit.cards import Rank
from rummykit.engine import meld_memo as kit_module
from rummykit.engine.meld_memo import table_for
from rummykit.melds import core_lists, tables
from rummykit.melds import general_search as search_module
from rummykit.melds.tables import rules_for

INDIAN = rk.load_variant("indian")


def _hands(n: int, size: int, seed: int) -> list[list[rk.Card]]:
    rng = random.Random(seed)
    shoe = list(INDIAN.deck.shoe(2))
    return [rng.sample(shoe, size) for _ in range(n)]


def test_table_for_keeps_the_newest_wild_sets_only() -> None:
    store: dict[frozenset[Rank], dict[bytes, int]] = {}
    ranks = list(Rank)
    for r in ranks:
        table_for(store, frozenset({r}))[b"x"] = r.value
    assert len(store) == kit_module._WILD_SETS
    # the oldest went first: the last wild sets are kept, with their entries
    assert list(store) == [frozenset({r}) for r in ranks[-kit_module._WILD_SETS :]]
    assert table_for(store, frozenset({ranks[-1]})) == {b"x": ranks[-1].value}


def test_a_table_past_its_limit_starts_again_and_keeps_its_place() -> None:
    store: dict[frozenset[Rank], dict[int, int]] = {}
    table_for(store, frozenset(), limit=2).update({1: 1, 2: 2, 3: 3})
    table_for(store, frozenset({Rank.TWO}), limit=2)[1] = 1
    assert table_for(store, frozenset(), limit=2) == {}
    assert list(store) == [frozenset(), frozenset({Rank.TWO})]


def test_the_general_search_keeps_memos_for_a_few_wild_ranks_only() -> None:
    hand = _hands(1, 13, seed=1)[0]
    compiled = []
    for r in Rank:  # every wild rank in turn, as a long Indian session sees them
        rk.best_arrangement(INDIAN, hand, wild_ranks=frozenset({r}))
        compiled.append(rules_for(INDIAN, frozenset({r})))
    holding = [rules for rules in compiled if rules.memo_cache]
    assert 1 <= len(holding) <= search_module._MEMO_HOLDERS
    assert compiled[-1].memo_cache  # the most recent kept its memos


def test_compiled_rules_are_kept_for_a_few_wild_ranks_only() -> None:
    for r in Rank:
        rules_for(INDIAN, frozenset({r}))
    kept = [key for key in tables._CACHE_W if key[0] == id(INDIAN)]
    assert len(kept) <= tables._WILD_RULES
    # the newest are kept: asking again for the last rank compiles nothing
    last = rules_for(INDIAN, frozenset({Rank.KING}))
    assert rules_for(INDIAN, frozenset({Rank.KING})) is last


def test_dropped_memos_do_not_change_results() -> None:
    """Answers while the memos come and go (each hand under another wild
    rank, more ranks than keep memos) equal answers from empty memos."""
    ranks = list(Rank)
    asked = [(h, frozenset({ranks[(i * 5) % 13]})) for i, h in enumerate(_hands(16, 14, seed=7))]
    cycling = [rk.best_arrangement(INDIAN, h, wild_ranks=w) for h, w in asked]
    clean = []
    for h, w in asked:
        rules_for(INDIAN, w).memo_cache.clear()
        clean.append(rk.best_arrangement(INDIAN, h, wild_ranks=w))
    assert cycling == clean
    assert all(a is not None for a in clean)


def test_the_card_pattern_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past its limit the cache of card patterns starts again (a small limit
    here, so that a few hands pass it)."""
    monkeypatch.setattr(core_lists, "_CARD_LIMIT", 50)
    rules = rules_for(INDIAN)
    rules.card_cache.clear()
    sizes = []
    for h in _hands(40, 14, seed=3):
        rk.best_arrangement(INDIAN, h, wild_ranks=frozenset({Rank.FIVE}))
        sizes.append(len(rules.card_cache))
    assert max(sizes) <= 51
    assert any(b < a for a, b in itertools.pairwise(sizes))  # it was dropped at least once


def test_the_engine_kit_bounds_its_meld_notations(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kit_module, "_LIMIT", 20)
    kit = kit_module.kit_for(rk.load_variant("straight"))
    kit.groups.clear()
    for m in ("2H 3H 4H", "5C 6C 7C", "9S 9D 9C"):
        kit.group(rk.Meld.parse(m))
    assert len(kit.groups) == 3
    ranks = "A23456789TJQK"
    for i in range(11):  # 44 runs of three, past the limit of 20
        for s in "CDHS":
            kit.group(rk.Meld.parse(" ".join(f"{r}{s}" for r in ranks[i : i + 3])))
    assert len(kit.groups) <= 21


def _greedy_results(name: str, seeds: range) -> list[tuple[int, ...]]:
    v = rk.load_variant(name)
    out = []
    for seed in seeds:
        h = rk.new_hand(v, players=2, seed=seed)
        bots = [rk.GreedyBot(v, seed=1), rk.GreedyBot(v, seed=2)]
        while not h.is_over:
            p = h.current_player
            assert p is not None
            h.apply(bots[p].choose(h.view(p)))
        assert h.result is not None
        out.append((h.turns, *sorted(h.result.winners)))
    return out


def test_clear_caches_empties_the_registries_and_changes_no_game() -> None:
    before = _greedy_results("indian", range(4))
    assert tables._CACHE_W and kit_module._KITS
    rk.clear_caches()
    assert not tables._CACHE and not tables._CACHE_W and not kit_module._KITS
    assert not search_module._HOLDERS and not greedy._MEMOS
    assert _greedy_results("indian", range(4)) == before
