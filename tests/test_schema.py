"""``rk.variant_schema()``: a JSON Schema of the variant file format.

DESIGN.md: "``v.to_toml() ; rk.variant_schema()``: round-trip text; JSON Schema
(dict)". The schema is checked with the ``jsonschema`` package (in the
``test`` extra): it is a valid draft 2020-12 schema, every built-in variant
validates against it (as written and as dumped), it names every registered
kind and enum value, and it refuses what the loader refuses where a schema can
tell (unknown keys, unknown values, wrong types).
"""

from __future__ import annotations

import enum
import json
import tomllib
import typing
from typing import Any

import attrs
import jsonschema
import pytest

import rummykit as rk
from rummykit.loading import builtin_path
from rummykit.rules import concern_bases, concern_kinds

SCHEMA = rk.variant_schema()
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def errors(doc: dict[str, Any]) -> list[str]:
    return [e.message for e in VALIDATOR.iter_errors(doc)]


def test_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["type"] == "object"
    assert SCHEMA["additionalProperties"] is False


def test_is_plain_json() -> None:
    assert json.loads(json.dumps(SCHEMA)) == SCHEMA


def test_each_call_gives_a_fresh_equal_dict() -> None:
    other = rk.variant_schema()
    assert other == SCHEMA
    other["properties"].clear()
    assert rk.variant_schema() == SCHEMA


def test_top_level_tables() -> None:
    expected = {"extends", "replace", "schema_version", "variant", "players", "limits", *concern_bases()}
    assert set(SCHEMA["properties"]) == expected


def test_dumped_builtin_validates(variant_name: str) -> None:
    """``variant_name`` (conftest) runs this for every built-in."""
    doc = tomllib.loads(rk.load_variant(variant_name).to_toml())
    assert errors(doc) == []


@pytest.mark.parametrize("name", rk.list_variants())
def test_builtin_file_as_written_validates(name: str) -> None:
    """The files themselves (with ``extends``, keys left at their defaults) validate too."""
    path = builtin_path(name)
    assert path is not None
    assert errors(tomllib.loads(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("concern", list(concern_bases()))
def test_every_registered_kind_is_named(concern: str) -> None:
    kind = SCHEMA["properties"][concern]["properties"]["kind"]
    assert kind["enum"] == list(concern_kinds(concern))
    assert kind["default"] == concern_bases()[concern].default_kind


def _enum_fields() -> list[tuple[str, str, str, type[enum.Enum]]]:
    out = []
    for concern in concern_bases():
        for kind, cls in concern_kinds(concern).items():
            hints = typing.get_type_hints(cls)
            for field in attrs.fields(cls):
                tp = hints[field.name]
                if isinstance(tp, type) and issubclass(tp, enum.Enum) and tp is not rk.Rank:
                    out.append((concern, kind, field.name, tp))
    return out


@pytest.mark.parametrize(
    ("concern", "kind", "key", "values"), _enum_fields(), ids=lambda x: getattr(x, "__name__", str(x))
)
def test_every_enum_value_is_named(concern: str, kind: str, key: str, values: type[enum.Enum]) -> None:
    schema = SCHEMA["properties"][concern]["properties"][key]
    assert schema["type"] == "string"
    assert schema["enum"] == [m.value for m in values]


def test_enum_fields_found() -> None:
    """The parametrization above is not empty: the ace rule is among them."""
    assert ("ranking", "standard", "ace", rk.rules.Ace) in _enum_fields()


@pytest.mark.parametrize("concern", list(concern_bases()))
def test_kinds_that_share_a_key_share_its_type(concern: str) -> None:
    """One property schema serves every kind of a concern: a key means the same in each."""
    from rummykit.schema import _type_schema

    seen: dict[str, tuple[str, Any]] = {}
    for kind, cls in concern_kinds(concern).items():
        hints = typing.get_type_hints(cls)
        for field in attrs.fields(cls):
            if field.init:
                shape = _type_schema(hints[field.name])
                first = seen.setdefault(field.name, (kind, shape))
                assert first[1] == shape, f"{concern}.{field.name}: {first[0]} and {kind} differ"


def test_rank_lists() -> None:
    ranks = SCHEMA["properties"]["deck"]["properties"]["wild_ranks"]
    assert ranks["type"] == "array"
    assert set(ranks["items"]["enum"]) >= {r.letter for r in rk.Rank}


def test_defaults_match_the_components() -> None:
    props = SCHEMA["properties"]
    assert props["players"]["properties"]["min"]["default"] == rk.Players().min
    assert props["melds"]["properties"]["set_min"]["default"] == 3
    assert props["ranking"]["properties"]["ace"]["default"] == "low"
    assert props["deal"]["properties"]["hand_size"]["default"] == {"2": 10, "3-4": 7, "5-6": 6}


def test_keys_have_descriptions() -> None:
    """Editors show these; every key of every component has one."""
    for concern in concern_bases():
        for key, schema in SCHEMA["properties"][concern]["properties"].items():
            assert schema.get("description"), f"{concern}.{key}"


# --------------------------------------------------------------------------- the schema refuses


@pytest.mark.parametrize(
    "doc",
    [
        {"ranking": {"ace": "sideways"}},
        {"rankings": {"ace": "low"}},
        {"players": {"min": "2"}},
        {"players": {"minimum": 2}},
        {"variant": {"name": "x", "titel": "y"}},
        {"deal": {"upcard": 1}},
        {"deal": {"hand_size": {"3-x": 7}}},
        {"deal": {"hand_size": {"2": "ten"}}},
        {"scoring": {"card_values": {"QS": "fifty"}}},
        {"draw": {"kind": "standrd"}},
        {"stock": {"kind": "pass", "shuffle": True}},
        {"scoring": {"kind": "penalty", "rummy_multiplier": 2}},
        {"schema_version": 2},
        {"extends": 5},
        {"deck": {"wild_ranks": "2"}},
        {"melds": []},
    ],
    ids=str,
)
def test_schema_refuses_what_the_loader_refuses(doc: dict[str, Any]) -> None:
    import tomli_w

    assert errors(doc) != []
    assert rk.validate_text(tomli_w.dumps(doc)) != []


def test_default_kind_keys_need_no_kind() -> None:
    """A table that leaves ``kind`` out uses the default kind's keys."""
    assert errors({"stock": {"shuffle": True}}) == []
    assert errors({"stock": {"reserve": 2}}) != []  # a key of "end", not of the default "reuse"
    assert errors({"stock": {"kind": "end", "reserve": 2}}) == []
