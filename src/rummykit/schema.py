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

from rummykit.cards import Rank
from rummykit.rules.base import ByPlayers, FrozenMap, concern_bases, concern_kinds
from rummykit.variant import Limits, Players, Variant, VariantInfo

__all__ = ["field_docs", "field_type_text", "variant_schema"]


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
    from rummykit.loading import _plain

    return _plain(value)


def _table(cls: type) -> tuple[dict[str, Any], dict[str, Any]]:
    hints = typing.get_type_hints(cls)
    docs = field_docs(cls)
    props: dict[str, Any] = {}
    for f in attrs.fields(cls):
        if not f.init:
            continue
        schema = dict(_type_schema(hints[f.name]))
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
        own, _ = _table(cls)
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
            "description": "A built-in variant name or a path (relative to this file) to merge over.",
        },
        "schema_version": {"type": "integer", "const": 1},
    }
    for key, cls in plain.items():
        table, _ = _table(cls)
        props[key] = {
            "type": "object",
            "description": (cls.__doc__ or "").strip().splitlines()[0],
            "properties": table,
            "additionalProperties": False,
        }
    for f in attrs.fields(Variant):
        if f.name in concern_bases():
            props[f.name] = _component_schema(f.name)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://rummykit.invalid/variant.schema.json",
        "title": "rummykit variant",
        "type": "object",
        "properties": props,
        "additionalProperties": False,
    }
