"""One registry of the caches kept between calls, and ``clear_caches`` empties every one."""

from __future__ import annotations

import rummykit as rk

# Importing the modules registers every cache the library keeps (a module that
# is not imported has none to fill).
from rummykit import bots, caches, schema, sim  # noqa: F401

EXPECTED = {
    "bots.greedy.memos",
    "engine.kits",
    "melds.core_lists.swar",
    "melds.general_search.memos",
    "melds.no_wilds.tables",
    "melds.tables.rules",
    "rules.ranking.sequences",
    "schema.class_docs",
    "scoring.shoes",
    "sim.worker_jobs",
}


def _fill() -> None:
    gin, indian = rk.load_variant("gin"), rk.load_variant("indian")
    rk.min_deadwood(gin, rk.parse_cards("2H 3H 4H 9S 9C KD"))
    rk.best_arrangement(indian, rk.new_hand(indian, players=2, seed=1).view(0).hand)
    sim.simulate(gin, games=1, players=2, seed=1, bots=("greedy", "greedy"), jobs=1)
    rk.settle(gin, rk.Ending(knocker=0, counts=[0, 20]))
    rk.variant_schema()


def test_every_cache_fills_and_clear_caches_empties_each() -> None:
    _fill()
    sizes = caches.cache_sizes()
    assert set(sizes) >= EXPECTED
    assert [name for name, n in sizes.items() if n == 0] == []
    rk.clear_caches()
    assert caches.cache_sizes() == dict.fromkeys(sizes, 0)
    _fill()  # rebuilt on demand
    assert all(caches.cache_sizes().values())


def test_a_registered_cache_is_cleared() -> None:
    store: dict[str, int] = {"a": 1}
    caches.register_store("test.store", store)
    try:
        assert caches.cache_sizes()["test.store"] == 1
        rk.clear_caches()
        assert store == {} and caches.cache_sizes()["test.store"] == 0
    finally:
        caches.unregister_cache("test.store")
    assert "test.store" not in caches.cache_sizes()


def test_the_registry_imports_no_layer() -> None:
    source = caches.__file__
    assert source is not None
    with open(source, encoding="utf-8") as f:
        assert "from rummykit" not in f.read().replace(">>> ", "")
