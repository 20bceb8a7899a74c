"""State as data (issue 10, part 4): views, actions, settlements and records
as versioned JSON-ready dicts, validated against their JSON Schemas (with the
``jsonschema`` package) on real data from random hands of every built-in
variant, and read back to equal values. Bad dicts fail with DataError naming
the key path.
"""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
import pytest

import rummykit as rk
from engine_helpers import SLOW, variant

NAMES = rk.list_variants()
VALIDATORS = {
    kind: jsonschema.Draft202012Validator(rk.data_schema(kind))
    for kind in ("view", "action", "settlement", "record")
}


def _json(d: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(d))
    return out


def _valid(kind: str, data: dict[str, Any]) -> None:
    errors = sorted(VALIDATORS[kind].iter_errors(data), key=str)
    assert not errors, f"{kind}: {errors[0].json_path}: {errors[0].message}"


@pytest.mark.parametrize("kind", ["view", "action", "settlement", "record"])
def test_the_schemas_are_valid_json_schemas(kind: str) -> None:
    jsonschema.Draft202012Validator.check_schema(rk.data_schema(kind))
    assert rk.data_schema(kind)["properties"]["version"]["const"] >= 1


def _real_data_cases() -> list[Any]:
    """The hands played: seed 1 at the variant's fewest players, and seed 2 at one
    more where it allows more (marked slow)."""
    out = []
    for name in NAMES:
        seats = rk.load_variant(name).players
        out.append(pytest.param(name, 1, seats.min, id=f"{name}-s1"))
        more = seats.min + (seats.max > seats.min)
        out.append(pytest.param(name, 2, more, id=f"{name}-s2", marks=pytest.mark.slow))
    return out


@pytest.mark.parametrize(("name", "seed", "players"), _real_data_cases())
def test_real_data_of_every_variant_fits_the_schemas_and_reads_back(
    name: str, seed: int, players: int
) -> None:
    v = variant(name, max_turns=30 if name in SLOW else 100)
    hand = rk.new_hand(v, players=players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % 4 == 0 or hand.is_over:  # every phase comes round within a few steps
            for p in range(hand.players):
                data = _json(rk.view_to_data(hand.view(p)))
                _valid("view", data)
                assert rk.view_from_data(data) == hand.view(p)
            for a in hand.legal_actions():
                data = _json(rk.action_to_data(a))
                _valid("action", data)
                assert rk.action_from_data(data) == a
                assert rk.action_from_data(data["action"]) == a
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
        step += 1
    assert hand.result is not None
    data = _json(rk.settlement_to_data(hand.result))
    _valid("settlement", data)
    assert rk.settlement_from_data(data) == hand.result
    record = _json(hand.record())
    _valid("record", record)
    assert rk.record_to_data(rk.record_from_data(record)) == record
    assert rk.replay(rk.record_to_data(rk.record_from_data(record))).result == hand.result


def test_a_stacked_deal_record_and_an_unfinished_one_fit_the_schema() -> None:
    v = rk.load_variant("straight")
    hand = rk.new_hand(
        v, players=2, hands=["7H 8H 9H 2C 3D 4S 5C 6D KS QS", "AC 2D 3H 4C 5D 6S 7C 8D 9S TC"], discard="JH"
    )
    hand.apply("draw")
    record = _json(hand.record())
    _valid("record", record)
    rec = rk.record_from_data(record)
    assert rec.deal is not None and rec.deal.hands[0].startswith("7H") and rec.result is None
    assert rk.record_to_data(rec) == record


def test_a_server_round_of_json_messages() -> None:
    """What a game server does: send the seat to act its view, read text back."""
    hand = rk.new_hand(rk.load_variant("knock"), players=3, seed=8)
    rng = random.Random(8)
    while not hand.is_over:
        seat = hand.current_player
        assert seat is not None
        msg = json.dumps(rk.view_to_data(hand.view(seat)))
        legal = json.loads(msg)["legal"]
        assert legal == [str(a) for a in hand.legal_actions()]
        reply = json.dumps({"format": "rummykit-action", "version": 1, "action": rng.choice(legal)})
        hand.apply(rk.action_from_data(json.loads(reply)))
    assert hand.result is not None


GOOD_VIEW = _json(rk.view_to_data(rk.new_hand(rk.load_variant("gin"), players=2, seed=5).view(1)))


def _edit(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = dict(data)
    for k, val in changes.items():
        if val is _DROP:
            del out[k]
        else:
            out[k] = val
    return out


_DROP = object()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_edit(GOOD_VIEW, format="rummykit-record"), "view: not a rummykit-view"),
        (_edit(GOOD_VIEW, version=2), "view: version 2 is not supported"),
        (_edit(GOOD_VIEW, version=_DROP), "view: version None is not supported"),
        (_edit(GOOD_VIEW, colour="red"), "colour"),
        (_edit(GOOD_VIEW, hand=["7H", "ZZ"]), "view.hand[1]"),
        (_edit(GOOD_VIEW, turn="3"), "view.turn"),
        (_edit(GOOD_VIEW, turn=1.5), "view.turn"),
        (_edit(GOOD_VIEW, phase="bidding"), "view.phase"),
        (_edit(GOOD_VIEW, player=_DROP), "view.player"),
        (_edit(GOOD_VIEW, table=[{"owner": 0, "meld": "2C 5D 9H"}]), "view.table[0]"),
        (_edit(GOOD_VIEW, legal=["fly away"]), "view.legal[0]"),
        ([1, 2], "view: expected a JSON object"),
    ],
)
def test_bad_view_dicts_name_the_key(data: Any, message: str) -> None:
    with pytest.raises(rk.DataError) as exc:
        rk.view_from_data(data)
    assert message in str(exc.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": "rummykit-action", "version": 1, "action": "fly away"}, "action.action: bad action"),
        ({"format": "rummykit-action", "version": 1, "action": 3}, "action.action: expected the action"),
        (
            {"format": "rummykit-action", "version": 1, "action": "draw", "kind": "take"},
            "action.kind: 'take'",
        ),
        ({"format": "rummykit-action", "version": 1, "action": "draw", "x": 1}, "action: unknown key 'x'"),
        ({"format": "rummykit-action", "version": 9, "action": "draw"}, "action: version 9"),
        ("discard " + "QS " * 5000, "action: the text is too long"),
        ("discard Q\u0663", "action.action"),
    ],
)
def test_bad_actions_are_refused(data: Any, message: str) -> None:
    """Attack: a client sends anything back; only notation passes, legality is the hand's."""
    with pytest.raises(rk.DataError) as exc:
        rk.action_from_data(data)
    assert message in str(exc.value)


def test_bad_settlement_and_record_dicts() -> None:
    good = _json(rk.settlement_to_data(rk.Settlement(how=rk.Termination.KNOCK, scores=(3, 0), winners=(0,))))
    assert rk.settlement_from_data(good).scores == (3, 0)
    with pytest.raises(rk.DataError, match=r"settlement\.scores"):
        rk.settlement_from_data(_edit(good, scores=["x"]))
    with pytest.raises(rk.DataError, match=r"settlement\.how"):
        rk.settlement_from_data(_edit(good, how="fold"))
    record = _json(rk.new_hand(rk.load_variant("gin"), players=2, seed=1).record())
    with pytest.raises(rk.DataError, match=r"record\.players"):
        rk.record_from_data(_edit(record, players=_DROP))
    with pytest.raises(rk.DataError, match=r"record\.actions"):
        rk.record_from_data(_edit(record, actions="draw"))
    with pytest.raises(rk.DataError, match="not a rummykit-record"):
        rk.record_from_data(_edit(record, format="rummykit-view"))


def test_unknown_schema_name() -> None:
    with pytest.raises(rk.DataError, match="no schema named 'hand'"):
        rk.data_schema("hand")
