"""Hostile and broken records (issue 15, "Records"): every bad record ends in a
RecordError naming the field, never a KeyError, TypeError or OverflowError,
and `rummykit replay` prints one line for it."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.cli import main


@pytest.fixture(scope="module")
def rec() -> dict[str, Any]:
    h = rk.new_hand(rk.load_variant("straight"), players=2, seed=4)
    while not h.is_over:
        h.apply(h.legal_actions()[0])
    return h.record()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"deal": {}}, "deal.hands"),  # was KeyError
        ({"result": "x"}, "result"),  # was TypeError
        ({"seed": [1]}, "seed"),  # was TypeError
        ({"players": float("inf")}, "players"),  # was OverflowError
        ({"players": 2.7}, "players"),  # was read as 2
        ({"players": " 2 "}, "players"),  # was read as 2
        ({"players": "٢"}, "players"),  # Arabic-Indic two, was read as 2
        ({"players": True}, "players"),
        ({"dealer": 1.0}, "dealer"),
        ({"dealer": 7}, "dealer"),
        ({"deal_number": -1}, "deal_number"),
        ({"seed": 2**300}, "seed"),
        ({"actions": "draw"}, "actions"),
        ({"actions": [1]}, "actions[0]"),
        ({"result": {"scores": "x"}}, "result"),
        ({"variant": 3}, "variant"),
        ({"bogus": 1}, "unknown field"),
        ({"version": 1.5}, "version"),  # 1.0 is the number 1 in JSON (and in the schema): read as 1
    ],
)
def test_attack_malformed_record_field_gives_record_error(
    rec: dict[str, Any], change: dict[str, Any], field: str
) -> None:
    with pytest.raises(rk.RecordError, match=field.replace("[", r"\[").replace("]", r"\]")):
        rk.replay({**rec, **change})


@pytest.mark.parametrize("ref", ["/etc/passwd", "../../secret.toml", "variants/straight.toml", "nonesuch"])
def test_attack_record_variant_is_never_a_path(rec: dict[str, Any], ref: str, tmp_path: Path) -> None:
    with pytest.raises(rk.RecordError, match="never a path"):
        rk.replay({**rec, "variant": ref})


@pytest.mark.parametrize("base", ["/etc/passwd", "../../secret.toml", "nonesuch.toml"])
def test_attack_record_variant_toml_extends_no_path(rec: dict[str, Any], base: str) -> None:
    text = f'extends = "{base}"\n[variant]\nname = "x"\n'
    with pytest.raises(rk.RecordError, match="never a path"):
        rk.replay({**rec, "variant": text})


def test_attack_record_variant_deeply_nested_toml(rec: dict[str, Any]) -> None:
    with pytest.raises(rk.RecordError, match="variant"):
        rk.replay({**rec, "variant": "x = " + "[" * 2000 + "]" * 2000})


def test_attack_changed_dealer_of_an_unseeded_record_is_refused() -> None:
    h = rk.new_hand(
        rk.load_variant("straight"),
        2,
        hands=["AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD"],
        discard="KS",
        stock="AH 2H 3H 4H 5H 6H 7H 8H",
    )
    while not h.is_over:
        h.apply(h.legal_actions()[-1])
    rec = h.record()
    assert rk.replay(rec).result == h.result
    with pytest.raises(rk.RecordError):
        rk.replay({**rec, "dealer": 1 - rec["dealer"]})


def test_record_variant_may_be_full_toml(rec: dict[str, Any]) -> None:
    text = rk.load_variant("straight").to_toml()
    assert rk.replay({**rec, "variant": text}).result == rk.replay(rec).result


def test_attack_changed_dealer_of_a_symmetric_record_is_refused(rec: dict[str, Any]) -> None:
    # the result of a seeded hand may be symmetric; the deal it names is not
    with pytest.raises(rk.RecordError, match=r"deal|does not replay"):
        rk.replay({**rec, "dealer": 1 - rec["dealer"]})


def test_attack_changed_seed_with_recorded_deal_is_refused(rec: dict[str, Any]) -> None:
    with pytest.raises(rk.RecordError):
        rk.replay({**rec, "seed": rec["seed"] + 1})


def test_attack_stacked_deal_outside_the_shoe_is_refused() -> None:
    h = rk.new_hand(rk.load_variant("straight"), players=2)
    rec = h.record()
    hands = list(rec["deal"]["hands"])
    hands[0] = hands[1]  # every card of seat 1 twice in a one-deck shoe
    with pytest.raises(rk.RecordError, match="shoe"):
        rk.replay({**rec, "deal": {**rec["deal"], "hands": hands}})


def test_attack_seat_record_is_not_replayed(rec: dict[str, Any]) -> None:
    h = rk.replay(rec)
    with pytest.raises(rk.RecordError, match="seat record"):
        rk.replay(h.record(seat=0))


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (
            "infinity",
            '{"format": "rummykit-record", "version": 1, "variant": "straight", "players": Infinity}',
        ),
        ("nan", '{"format": "rummykit-record", "version": 1, "variant": "straight", "players": NaN}'),
        ("5000-digit number", '{"format": "rummykit-record", "version": 1, "players": ' + "9" * 5000 + "}"),
        ("100000-deep nesting", "[" * 100_000 + "]" * 100_000),
        (
            "float players",
            '{"format": "rummykit-record", "version": 1, "variant": "straight", "players": 2.7}',
        ),
    ],
)
def test_attack_cli_replay_prints_one_line(
    name: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, (name, err)


# --------------------------------------------------------------------------- hypothesis

_JSON_ATOMS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
)
_JSON = st.recursive(
    _JSON_ATOMS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
_FIELDS = [
    "variant",
    "players",
    "dealer",
    "deal_number",
    "seed",
    "deal",
    "dealt",
    "actions",
    "result",
    "version",
]


@st.composite
def hostile_records(draw: st.DrawFn, base: dict[str, Any]) -> dict[str, Any]:
    """A valid record with a few fields replaced by arbitrary JSON values,
    removed, or with hostile deals and actions."""
    rec = dict(base)
    for field in draw(st.lists(st.sampled_from(_FIELDS), min_size=1, max_size=3, unique=True)):
        choice = draw(st.integers(0, 3))
        if choice == 0:
            rec.pop(field, None)
        elif choice == 1:
            rec[field] = draw(_JSON)
        elif choice == 2 and field in ("deal", "dealt"):
            rec[field] = {
                "hands": draw(st.lists(st.text(max_size=12), max_size=3)),
                "stock": draw(st.text(max_size=12)),
            }
        else:
            rec[field] = (
                draw(st.lists(st.text(max_size=10), max_size=4)) if field == "actions" else draw(_JSON)
            )
    return rec


@pytest.fixture(scope="module")
def base_record() -> dict[str, Any]:
    h = rk.new_hand(rk.load_variant("straight"), players=2, seed=9)
    for _ in range(6):
        h.apply(h.legal_actions()[-1] if h.phase.value == "play" else "draw")
    return h.record()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_attack_hostile_records_fail_with_record_error(
    data: st.DataObject, base_record: dict[str, Any]
) -> None:
    rec = data.draw(hostile_records(base_record))
    with contextlib.suppress(rk.RecordError):  # anything else fails the test
        rk.replay(rec)


def test_unseeded_record_replays_and_names_no_seed() -> None:
    h = rk.new_hand(rk.load_variant("straight"), players=2)
    while not h.is_over:
        h.apply(h.legal_actions()[0])
    rec = h.record()
    assert "seed" not in rec
    json.dumps(rec)
    assert rk.replay(rec).result == h.result
