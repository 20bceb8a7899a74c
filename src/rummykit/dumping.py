"""Writing a variant back as TOML: every component with its ``kind`` and its
fields, defaults included.

>>> import rummykit as rk
>>> v = rk.load_variant("straight")
>>> rk.loads_variant(dump_variant(v)) == v
True
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

import attrs

from rummykit.cards import Rank
from rummykit.rules.base import ByPlayers, Component, FrozenMap

if TYPE_CHECKING:
    from rummykit.variant import Variant

SCHEMA_VERSION = 1


def _plain(value: Any) -> Any:
    if isinstance(value, Component):
        out: dict[str, Any] = {"kind": value.kind}
        out.update(_fields(value))
        return out
    if isinstance(value, ByPlayers):
        return value.to_toml()
    if isinstance(value, FrozenMap):
        return dict(value)
    if isinstance(value, Rank):
        return value.letter
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if attrs.has(type(value)):
        return _fields(value)
    return value


def _fields(obj: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for field in attrs.fields(type(obj)):
        if not field.init:
            continue
        value = getattr(obj, field.name)
        if value is None:
            continue
        out[field.name] = _plain(value)
    return out


def variant_to_dict(variant: Variant) -> dict[str, Any]:
    """The variant as a plain TOML-ready document (``[variant]`` first)."""
    body = _fields(variant)
    info = body.pop("info")
    return {"schema_version": SCHEMA_VERSION, "variant": info, **body}


def dump_variant(variant: Variant) -> str:
    """The variant as TOML text with every component written out.

    >>> import rummykit as rk
    >>> v = rk.load_variant("straight")
    >>> rk.loads_variant(dump_variant(v)) == v
    True
    """
    import tomli_w  # only when writing

    return tomli_w.dumps(variant_to_dict(variant))
