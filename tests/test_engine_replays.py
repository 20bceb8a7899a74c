"""Records and positions written by an earlier engine still replay.

The fixtures in ``tests/data/engine_replays/`` were written by the engine
before its action kinds were split into modules (one random hand per
built-in variant at its fewest seats and at up to four seats; positions
taken at two points of each hand). Every later engine must replay them to
the same result and the same final position.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import rummykit as rk

DATA = Path(__file__).parent / "data" / "engine_replays"
RECORDS: list[dict[str, Any]] = json.loads((DATA / "records.json").read_text())
_POS = json.loads((DATA / "positions.json").read_text())
POSITIONS: list[dict[str, Any]] = _POS["positions"]
FINALS: list[str] = _POS["finals"]


def _name(rec: dict[str, Any]) -> str:
    return f"{rec['variant']}-{rec['players']}p"


@pytest.mark.parametrize("i", range(len(RECORDS)), ids=[_name(r) for r in RECORDS])
def test_record_replays_to_its_result_and_final_position(i: int) -> None:
    rec = RECORDS[i]
    h = rk.replay(rec)  # checks every action and the recorded result
    assert h.is_over
    assert h.result is not None and h.result.to_json() == rec["result"]
    assert rk.position(h) == FINALS[i]


@pytest.mark.parametrize("p", POSITIONS, ids=[f"{_name(RECORDS[p['record']])}@{p['at']}" for p in POSITIONS])
def test_position_plays_on_like_its_hand(p: dict[str, Any]) -> None:
    rec = RECORDS[p["record"]]
    v = rk.load_variant(rec["variant"])
    h = rk.from_position(v, p["position"])
    assert rk.position(h) == p["position"]
    for text in rec["actions"][p["at"] :]:
        h.apply(text)
    assert h.result is not None and h.result.to_json() == rec["result"]
    assert rk.position(h) == FINALS[p["record"]]
