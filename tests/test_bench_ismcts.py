"""bench/ismcts.py, the yardstick against OpenSpiel's IS-MCTS: its card and
meld translation, and (where ``open_spiel`` is installed; it is never a
dependency) that a hand played in both engines in lockstep ends with the same
score in both."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import rummykit as rk
from rummykit.sim import bot_seed, game_seed


def _bench() -> ModuleType:
    path = Path(__file__).parent.parent / "bench" / "ismcts.py"
    spec = importlib.util.spec_from_file_location("bench_ismcts", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_ismcts"] = module
    spec.loader.exec_module(module)
    return module


ISMCTS = _bench()


def test_card_ids_are_openspiels() -> None:
    # OpenSpiel's gin_rummy prints chance outcome 24 as Qc, 49 as Jh, 27 as 2d
    # (suit * 13 + rank, suits spades, clubs, diamonds, hearts; ace low).
    assert [ISMCTS.card_text(i) for i in (0, 24, 27, 49, 51)] == ["AS", "QC", "2D", "JH", "KH"]
    texts = [r + s for s in "SCDH" for r in "A23456789TJQK"]
    assert sorted(ISMCTS.card_id(t) for t in texts) == list(range(52))
    assert all(ISMCTS.card_text(ISMCTS.card_id(t)) == t for t in texts)


@pytest.mark.parametrize(
    ("meld", "parts"),
    [
        ("4S 5S 6S 7S 8S", [["4S", "5S", "6S", "7S", "8S"]]),
        ("9S TS JS QS KS 8S", [["8S", "9S", "TS"], ["JS", "QS", "KS"]]),
        ("AH 2H 3H 4H 5H 6H 7H 8H", [["AH", "2H", "3H"], ["4H", "5H", "6H", "7H", "8H"]]),
        ("7C 7D 7H 7S", [["7C", "7D", "7H", "7S"]]),
    ],
)
def test_runs_longer_than_openspiel_declares_are_split(meld: str, parts: list[list[str]]) -> None:
    assert ISMCTS._declarable(meld.split()) == parts


def test_a_hand_ends_with_the_same_score_in_both_engines() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    v = rk.load_variant("gin")
    game = pyspiel.load_game("gin_rummy")
    for i in range(3):
        for side in (0, 1):
            # play_deal raises Mismatch when a move has no counterpart or the scores differ
            out = ISMCTS.play_deal(v, game, game_seed(0, i), side, "greedy", bot_seed(0, i, side), 10)
            assert out["decisions"] > 0
