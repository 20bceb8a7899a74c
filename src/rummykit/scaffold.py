"""A commented house-rule file, ready to edit: what ``rummykit new`` writes.

The active part (``extends`` and ``[variant]``) is written with tomli-w; the
base's rules follow as comments, one table per concern, each option with its
allowed values, so a family only uncomments and edits what they play
differently.

>>> import rummykit as rk
>>> text = scaffold("kitchen", rk.load_variant("straight"), extends="straight")
>>> rk.loads_variant(text).name
'kitchen'
>>> "# ace = \\"low\\"  # one of low, high, either, around" in text
True
"""

from __future__ import annotations

import enum
import typing

import tomli_w

from rummykit.loading import variant_to_dict
from rummykit.rules import concern_kinds
from rummykit.variant import Variant, component_fields

__all__ = ["scaffold"]


def _choices(concern: str, kind: str, key: str) -> str:
    cls = concern_kinds(concern).get(kind)
    if cls is None:
        return ""
    if key == "kind":
        return "one of " + ", ".join(concern_kinds(concern))
    tp = typing.get_type_hints(cls).get(key)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "one of " + ", ".join(str(m.value) for m in tp)
    return ""


def _commented(concern: str, table: dict[str, object]) -> list[str]:
    kind = str(table.get("kind", ""))
    lines = []
    for line in tomli_w.dumps({concern: table}).splitlines():
        if not line.strip():
            continue
        key = line.split("=", 1)[0].strip() if "=" in line and not line.startswith("[") else ""
        hint = _choices(concern, kind, key) if key else ""
        lines.append(f"# {line}" + (f"  # {hint}" if hint else ""))
    return lines


def scaffold(name: str, base: Variant, *, extends: str) -> str:
    """The text of a house-rule file ``name`` extending ``base`` (named ``extends`` in the file)."""
    head = [
        f"# House rules {name!r}, extending {base.title} ({base.name}).",
        "# Written by `rummykit new`. Below the [variant] table are the rules of the base,",
        "# commented out: uncomment a table header and the keys you change, edit the values,",
        f"# then check the file with: rummykit validate {name}.toml",
        "# Every key and its allowed values: `rummykit schema`, or the variant file reference.",
        "",
    ]
    active = {
        "extends": extends,
        "variant": {
            "name": name,
            "title": f"{base.title}, {name} house rules",
            "description": f"{base.title} as we play it.",
        },
    }
    body = tomli_w.dumps(active).splitlines()
    doc = variant_to_dict(base)
    rest: list[str] = [
        "",
        f"# ---- the rules of {base.name}, as the base plays them ----",
        "",
    ]
    players = doc["players"]
    assert isinstance(players, dict)
    rest += [f"# {line}" for line in tomli_w.dumps({"players": players}).splitlines() if line.strip()]
    for concern in component_fields():
        table = doc[concern]
        assert isinstance(table, dict)
        rest += ["", *_commented(concern, table)]
    return "\n".join([*head, *body, *rest]) + "\n"
