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
import os
import re
import typing
from pathlib import Path

import attrs
import tomli_w

from rummykit.errors import Problem, VariantError
from rummykit.loading import builtin_path, loads_variant, variant_to_dict
from rummykit.rules import concern_kinds
from rummykit.variant import Variant, component_fields

__all__ = ["HouseRulePlan", "new_house_rule", "normalise_name", "scaffold"]

_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def normalise_name(name: str) -> str:
    """A variant name from what a user typed: lowercased, spaces and ``_`` made ``-``.

    Raises :class:`~rummykit.VariantError` when no valid name comes out (a
    path, punctuation...): nothing is guessed beyond case and separators.

    >>> normalise_name("Ours"), normalise_name("Our Kitchen_Rules")
    ('ours', 'our-kitchen-rules')
    >>> normalise_name("../../escaped")
    Traceback (most recent call last):
    ...
    rummykit.errors.VariantError: 1 problem in variant:
    name: "../../escaped" is not a variant name: use letters, digits and hyphens, like "kitchen" (write elsewhere with -o FILE)
    """
    if not isinstance(name, str):
        raise VariantError([Problem("name", f"expected a string, got {type(name).__name__}")])
    text = re.sub(r"[\s_]+", "-", name.strip().lower())
    if len(text) > 64 or not _NAME_RE.match(text):
        shown = name if len(name) <= 80 else name[:77] + "..."
        raise VariantError(
            [
                Problem(
                    "name",
                    f'"{shown}" is not a variant name: use letters, digits and hyphens, like "kitchen"'
                    " (write elsewhere with -o FILE)",
                )
            ]
        )
    return text


@attrs.frozen
class HouseRulePlan:
    """What ``rummykit new`` will write: the normalised name, the file and its text."""

    name: str
    path: Path
    text: str


def new_house_rule(
    name: str, base: str, *, output: str | Path | None = None, base_variant: Variant
) -> HouseRulePlan:
    """Plan a new house-rule file; every check is made before anything is written.

    ``base`` is a built-in name or a ``.toml`` file, written as ``extends``
    relative to the new file's folder (which must hold it, or a folder below).
    The default output is ``NAME.toml`` in the current folder. The text is
    loaded back before it is returned: a plan is always a valid file.
    """
    clean = normalise_name(name)
    path = Path(output) if output is not None else Path(f"{clean}.toml")
    folder = path.parent
    if builtin_path(base) is not None and "/" not in base and not base.endswith(".toml"):
        ref = base
    else:
        if not base.endswith(".toml"):
            raise VariantError([Problem("--from", f"a base file name must end in .toml, got {base!r}")])
        rel = os.path.relpath(Path(base).resolve(), folder.resolve())
        if rel == ".." or rel.startswith(".." + os.sep) or os.path.isabs(rel):
            raise VariantError(
                [
                    Problem(
                        "--from",
                        f"{base} is outside the folder of {path}: a house rule extends files in its own folder"
                        " or below (copy the base there, or write the new file next to it with -o)",
                    )
                ]
            )
        ref = Path(rel).as_posix()
    text = scaffold(clean, base_variant, extends=ref, filename=path.as_posix())
    loads_variant(text, source=str(path), folder=folder)  # raises rather than write a bad file
    return HouseRulePlan(clean, path, text)


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


def scaffold(name: str, base: Variant, *, extends: str, filename: str = "") -> str:
    """The text of a house-rule file ``name`` extending ``base`` (named ``extends`` in the file)."""
    name = normalise_name(name)
    head = [
        f"# House rules {name!r}, extending {base.title} ({base.name}).",
        "# Written by `rummykit new`. Below the [variant] table are the rules of the base,",
        "# commented out: uncomment a table header and the keys you change, edit the values,",
        f"# then check the file with: rummykit validate {filename or name + '.toml'}",
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
