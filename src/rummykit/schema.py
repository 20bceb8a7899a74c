"""A JSON Schema of the variant file format, generated from the component classes.

Editors that understand JSON Schema for TOML (Taplo / Even Better TOML, for
instance) can use it for completion and checking.

>>> s = variant_schema()
>>> s["properties"]["ranking"]["properties"]["ace"]["enum"]
['low', 'high', 'either', 'around']
>>> "winner-takes" in s["properties"]["scoring"]["properties"]["kind"]["enum"]
True
"""

from __future__ import annotations

import ast
import enum
import inspect
import itertools
import textwrap
import typing
from functools import cache
from typing import Any

import attrs

from rummykit.caches import register_cache
from rummykit.cards import Rank
from rummykit.rules.base import ByPlayers, FrozenMap, concern_bases, concern_kinds
from rummykit.variant import Limits, Players, VariantInfo, component_fields

__all__ = ["field_docs", "field_type_text", "reference_markdown", "variant_schema"]


@cache
def _class_docs(cls: type) -> dict[str, str]:
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    tree = ast.parse(source)
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    docs: dict[str, str] = {}
    for prev, node in itertools.pairwise(body):
        if (
            isinstance(prev, ast.AnnAssign)
            and isinstance(prev.target, ast.Name)
            and isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            docs[prev.target.id] = " ".join(inspect.cleandoc(node.value.value).split())
    return docs


register_cache("schema.class_docs", _class_docs.cache_clear, lambda: _class_docs.cache_info().currsize)


def field_docs(cls: type) -> dict[str, str]:
    """The attribute docstrings of an attrs class (its bases included).

    >>> field_docs(Players)["min"]
    'Fewest players.'
    """
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        docs.update(_class_docs(klass))
    return docs


def _type_schema(tp: Any) -> dict[str, Any]:
    origin = typing.get_origin(tp)
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is str:
        return {"type": "string"}
    if tp is Rank:
        return {"type": "string", "enum": [r.letter for r in Rank] + ["10"]}
    if tp is ByPlayers:
        return {
            "oneOf": [
                {"type": "integer"},
                {
                    "type": "object",
                    "patternProperties": {r"^[0-9]+(-[0-9]+)?$": {"type": "integer"}},
                    "additionalProperties": False,
                },
            ]
        }
    if tp is FrozenMap:
        return {"type": "object", "additionalProperties": {"type": "integer"}}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return {"type": "string", "enum": [m.value for m in tp]}
    if origin is tuple:
        return {"type": "array", "items": _type_schema(typing.get_args(tp)[0])}
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return _type_schema(args[0])
        return {"oneOf": [_type_schema(a) for a in args]}
    return {}


def field_type_text(tp: Any) -> str:
    """A short human name of a field type, for reference tables."""
    origin = typing.get_origin(tp)
    if tp is bool:
        return "boolean"
    if tp is int:
        return "integer"
    if tp is str:
        return "string"
    if tp is Rank:
        return "rank"
    if tp is ByPlayers:
        return "integer or table by players"
    if tp is FrozenMap:
        return "table of card values"
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "one of " + ", ".join(f'"{m.value}"' for m in tp)
    if origin is tuple:
        return "array of " + field_type_text(typing.get_args(tp)[0])
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    if len(args) == 1:
        return field_type_text(args[0]) + " (optional)"
    return str(tp)


def _default(value: Any) -> Any:
    from rummykit.dumping import _plain

    return _plain(value)


def _range_of(table: str, key: str, tp: Any) -> tuple[int, int] | None:
    """The allowed range of a number-valued key (:data:`rummykit.checks.NUMBER_RANGES`), or None."""
    from rummykit.checks import number_range

    args = [a for a in typing.get_args(tp) if a is not type(None)]
    if tp in (int, ByPlayers, FrozenMap) or args == [int]:
        return number_range(table, key)
    return None


def _with_range(schema: dict[str, Any], tp: Any, bounds: tuple[int, int] | None) -> dict[str, Any]:
    if bounds is None:
        return schema
    lo, hi = bounds
    if tp is ByPlayers:
        branches = schema["oneOf"]
        branches[0] = {**branches[0], "minimum": lo, "maximum": hi}
        pattern = next(iter(branches[1]["patternProperties"]))
        branches[1]["patternProperties"][pattern] = {"type": "integer", "minimum": lo, "maximum": hi}
        return schema
    if tp is FrozenMap:
        return {**schema, "additionalProperties": {"type": "integer", "minimum": lo, "maximum": hi}}
    return {**schema, "minimum": lo, "maximum": hi}


def _table(cls: type, table: str = "") -> tuple[dict[str, Any], dict[str, Any]]:
    hints = typing.get_type_hints(cls)
    docs = field_docs(cls)
    props: dict[str, Any] = {}
    for f in attrs.fields(cls):
        if not f.init:
            continue
        tp = hints[f.name]
        schema = _with_range(_type_schema(tp), tp, _range_of(table, f.name, tp))
        if f.name in docs:
            schema["description"] = docs[f.name]
        if f.default is not attrs.NOTHING:
            factory = getattr(f.default, "factory", None)
            default = factory() if callable(factory) else f.default
            if default is not None:
                schema["default"] = _default(default)
        props[f.name] = schema
    return props, {}


def _component_schema(name: str) -> dict[str, Any]:
    base = concern_bases()[name]
    kinds = concern_kinds(name)
    props: dict[str, Any] = {
        "kind": {
            "type": "string",
            "enum": list(kinds),
            "default": base.default_kind,
            "description": "; ".join(f"{k}: {c.summary}" for k, c in kinds.items() if c.summary),
        }
    }
    branches: list[dict[str, Any]] = []
    for kind, cls in kinds.items():
        own, _ = _table(cls, name)
        for key, schema in own.items():
            props.setdefault(key, schema)
        allowed: dict[str, Any] = {"kind": {}, **{k: {} for k in own}}
        cond: dict[str, Any] = {"properties": {"kind": {"const": kind}}}
        if kind != base.default_kind:
            cond["required"] = ["kind"]
        branches.append({"if": cond, "then": {"properties": allowed, "additionalProperties": False}})
    return {
        "type": "object",
        "description": (base.__doc__ or "").strip().splitlines()[0],
        "properties": props,
        "allOf": branches,
    }


def variant_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of rummykit variant files, as a dict."""
    plain = {"variant": VariantInfo, "players": Players, "limits": Limits}
    props: dict[str, Any] = {
        "extends": {
            "type": "string",
            "description": "A built-in variant name, or a .toml file in this file's folder or below"
            " (a relative path), to merge over.",
        },
        "replace": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Key paths (like deal.hand_size) this file takes whole from itself instead of"
            " merging them into the base's.",
        },
        "schema_version": {"type": "integer", "const": 1},
    }
    for key, cls in plain.items():
        table, _ = _table(cls, key)
        props[key] = {
            "type": "object",
            "description": (cls.__doc__ or "").strip().splitlines()[0],
            "properties": table,
            "additionalProperties": False,
        }
    for name in component_fields():
        props[name] = _component_schema(name)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://rummykit.invalid/variant.schema.json",
        "title": "rummykit variant",
        "type": "object",
        "properties": props,
        "additionalProperties": False,
    }


def _md_default(value: Any) -> str:
    import json

    plain = _default(value)
    if plain == [] or plain == {}:
        return "`[]`" if plain == [] else "`{}`"
    if isinstance(plain, bool):
        return "`true`" if plain else "`false`"
    if isinstance(plain, str):
        return f'`"{plain}"`'
    if isinstance(plain, dict):
        return "`{ " + ", ".join(f'"{k}" = {json.dumps(v)}' for k, v in plain.items()) + " }`"
    return f"`{json.dumps(plain)}`"


def _md_rows(cls: type, table: str = "") -> list[str]:
    hints = typing.get_type_hints(cls)
    docs = field_docs(cls)
    rows = ["| key | type | default | range | meaning |", "| --- | --- | --- | --- | --- |"]
    for f in attrs.fields(cls):
        if not f.init:
            continue
        if f.default is attrs.NOTHING:
            default = "required"
        else:
            factory = getattr(f.default, "factory", None)
            value = factory() if callable(factory) else f.default
            default = "unset" if value is None else _md_default(value)
        text = field_type_text(hints[f.name]).replace("|", "\\|")
        bounds = _range_of(table, f.name, hints[f.name])
        shown = f"{bounds[0]:,} to {bounds[1]:,}" if bounds else ""
        rows.append(f"| `{f.name}` | {text} | {default} | {shown} | {docs.get(f.name, '')} |")
    return rows


def reference_markdown() -> str:
    """The variant file reference (every table, kind, key, type and default) as Markdown.

    >>> text = reference_markdown()
    >>> "## `[ranking]`" in text and "`ace`" in text
    True
    """
    out = [
        "# Variant file reference",
        "",
        "Generated from the component classes by `rummykit.schema.reference_markdown()`;",
        "do not edit by hand. Every component table picks a `kind`; the keys of the",
        "chosen kind configure it, and keys left out take the defaults below.",
        "",
        "Every number has a range (ends included), generous but finite, so that a",
        "ruleset that loads can be dealt and played; a number outside it is a problem",
        "(`rummykit.checks.NUMBER_RANGES`). A file is at most 256 KB, nested at most 32",
        "levels, with at most 32 parts to a dotted key; integers are 64-bit, as in TOML.",
        "",
        "## Top level",
        "",
        "| key | type | meaning |",
        "| --- | --- | --- |",
        "| `extends` | string | A built-in variant name, or a `.toml` file in this file's folder or below"
        " (a relative path), to merge over: tables merge key by key, tables by player count merge by"
        " player count, other values replace. |",
        '| `replace` | array of strings | Key paths (`"deal.hand_size"`, `"scoring.card_values"`) taken'
        " whole from this file instead of merged into the base's. |",
        "| `schema_version` | integer | Format version; `1`. |",
        "",
    ]
    for key, cls in (("variant", VariantInfo), ("players", Players), ("limits", Limits)):
        out += [f"## `[{key}]`", "", (cls.__doc__ or "").strip().splitlines()[0], "", *_md_rows(cls, key), ""]
    for name in component_fields():
        base = concern_bases()[name]
        kinds = concern_kinds(name)
        out += [
            f"## `[{name}]`",
            "",
            (base.__doc__ or "").strip().splitlines()[0].removeprefix("Concern: ").capitalize(),
            f"Kinds: {', '.join(f'`{k}`' for k in kinds)} (default `{base.default_kind}`).",
            "",
        ]
        for kind, kind_cls in kinds.items():
            summary = kind_cls.summary or (kind_cls.__doc__ or "").strip()
            out += [f'### `{name}.kind = "{kind}"`', "", summary, ""]
            rows = _md_rows(kind_cls, name)
            if len(rows) > 2:
                out += [*rows, ""]
            else:
                out += ["No other keys.", ""]
    return "\n".join(out).rstrip() + "\n"
