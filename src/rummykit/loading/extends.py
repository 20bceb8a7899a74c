"""``extends`` and ``replace``: finding a base file, deep-merging a document
over its base, and the chain of bases resolved into one document.
"""

from __future__ import annotations

import os
import typing
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

from rummykit.errors import Problem, VariantError
from rummykit.loading.problems import _LoadFailure, _suggest
from rummykit.loading.reading import (
    _NAME_RE,
    _TOP_KEYS,
    MAX_EXTENDS_CHAIN,
    _parse_toml,
    _read_text,
    builtin_path,
    list_variants,
)
from rummykit.rules.base import ByPlayers, ConfigError, concern_bases, concern_kinds, show_value
from rummykit.variant import note_keys


def _by_players_keys(concern: str, kind: Any) -> set[str]:
    """The keys of a component whose values are numbers by player count."""
    cls = concern_kinds(concern).get(kind) if isinstance(kind, str) else None
    if cls is None or not attrs.has(cls):
        return set()
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # an unresolvable annotation in a custom component
        return set()
    return {f.name for f in attrs.fields(cls) if hints.get(f.name) is ByPlayers}


def merge_by_players(base: Any, over: Any) -> Any:
    """Merge two TOML values of a number by player count, entry by entry.

    The house rule's entries win; the base keeps every player count they do
    not cover (a base range is cut where needed). An integer over a table, or
    anything malformed, simply replaces (the checks then report it).

    >>> merge_by_players({"2": 10, "3-4": 7, "5-6": 6}, {"3": 8})
    {'2': 10, '3': 8, '4': 7, '5-6': 6}
    >>> merge_by_players({"2": 10, "3-6": 7}, 9)
    9
    """
    if not isinstance(over, dict):
        return over
    try:
        old, new = ByPlayers.from_toml(base), ByPlayers.from_toml(over)
    except ConfigError:
        return over
    entries = list(new.entries)
    for lo, hi, value in old.entries:
        pieces = [(lo, hi)]
        for a, b, _ in new.entries:
            cut: list[tuple[int, int]] = []
            for x, y in pieces:
                if b < x or y < a:
                    cut.append((x, y))
                    continue
                if x < a:
                    cut.append((x, a - 1))
                if b < y:
                    cut.append((b + 1, y))
            pieces = cut
        entries += [(x, y, value) for x, y in pieces]
    return ByPlayers(tuple(sorted(entries))).to_toml()


def _merge(base: dict[str, Any], over: dict[str, Any], *, top: bool = True) -> dict[str, Any]:
    """Deep merge: tables merge, everything else replaces; a changed ``kind`` replaces the table.

    A table of numbers by player count (``hand_size = { 2 = 10, "3-4" = 7 }``)
    merges by player count (:func:`merge_by_players`).
    """
    out = dict(base)
    for key, value in over.items():
        old = out.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            concern = top and key in concern_bases()
            default = concern_bases()[key].default_kind if concern else None
            if "kind" in value and value.get("kind") != old.get("kind", default):
                out[key] = value
            else:
                merged = _merge(old, value, top=False)
                if concern:
                    kind = merged.get("kind", default)
                    for name in _by_players_keys(key, kind) & value.keys():
                        merged[name] = merge_by_players(old.get(name), value[name])
                out[key] = merged
        else:
            out[key] = value
    return out


def _replace_paths(doc: dict[str, Any]) -> list[tuple[str, ...]]:
    """The tables and values a file takes whole instead of merging (its ``replace`` key)."""
    spec = doc.get("replace", [])
    if not isinstance(spec, list) or not all(isinstance(s, str) for s in spec):
        raise _LoadFailure(
            [
                Problem(
                    "replace",
                    f'expected an array of key paths like ["deal.hand_size"], got {show_value(spec)}',
                )
            ]
        )
    if spec and "extends" not in doc:
        raise _LoadFailure([Problem("replace", "only a file with extends has a base to replace")])
    paths: list[tuple[str, ...]] = []
    problems: list[Problem] = []
    for i, text in enumerate(spec):
        parts = tuple(p.strip() for p in text.split("."))
        node: Any = doc
        for part in parts:
            node = node.get(part) if isinstance(node, dict) else None
        if node is None or not all(parts) or parts[0] in _TOP_KEYS:
            problems.append(
                Problem(f"replace[{i}]", f"{show_value(text)} is not a table or key set in this file")
            )
        else:
            paths.append(parts)
    if problems:
        raise _LoadFailure(problems)
    return paths


def _apply_replace(merged: dict[str, Any], child: dict[str, Any], paths: list[tuple[str, ...]]) -> None:
    for parts in paths:
        node, source = merged, child
        for part in parts[:-1]:
            source = source[part]
            nxt = node.get(part)
            node[part] = dict(nxt) if isinstance(nxt, dict) else {}
            node = node[part]
        node[parts[-1]] = source[parts[-1]]


def _looks_like_path(ref: str) -> bool:
    return ref.endswith(".toml") or "/" in ref or "\\" in ref or ref.startswith(".")


def _inside(path: Path, roots: tuple[Path, ...]) -> bool:
    return any(path == root or path.is_relative_to(root) for root in roots)


def _locate(ref: str, folder: Path | None, roots: tuple[Path, ...] | None) -> Path:
    """The file ``extends = ref`` names, confined to ``roots`` (None: built-in names only).

    A path outside the roots gets the same message whether the file exists or
    not, so nothing about other folders can be learnt from it.
    """
    if _looks_like_path(ref):
        if roots is None or folder is None:
            raise _LoadFailure(
                [
                    Problem(
                        "extends",
                        f"{show_value(ref)}: a base file cannot be named here; use a built-in name"
                        " (rummykit list) or load the variant from a file",
                    )
                ]
            )
        if not ref.endswith(".toml"):
            raise _LoadFailure([Problem("extends", f"{show_value(ref)}: a base file name must end in .toml")])
        outside = Problem(
            "extends",
            f"{show_value(ref)}: a base file must be in the folder of the file that names it, or below it",
        )
        try:
            path = (folder / ref).resolve()
        except (OSError, RuntimeError):  # a symlink loop
            raise _LoadFailure([outside]) from None
        if not _inside(path, roots):
            raise _LoadFailure([outside])
        if not path.is_file():
            raise _LoadFailure([Problem("extends", f"no such file {show_value(ref)} (looked for {path})")])
        return path
    found = builtin_path(ref)
    if found is None:
        hint = _suggest(ref, list_variants())
        raise _LoadFailure(
            [
                Problem(
                    "extends",
                    f"no built-in variant named {show_value(ref)}{hint};"
                    f" built-ins: {', '.join(list_variants())}",
                )
            ]
        )
    return found.resolve()


def _roots(folder: Path | None, extends_dirs: Iterable[str | Path]) -> tuple[Path, ...]:
    dirs = [Path(d) for d in _check_dirs(extends_dirs)]
    if folder is not None:
        dirs.insert(0, folder)
    out: list[Path] = []
    for d in dirs:
        try:
            out.append(d.resolve())
        except (OSError, RuntimeError):
            continue
    return tuple(out)


def _check_dirs(extends_dirs: Iterable[str | Path]) -> list[str | Path]:
    if isinstance(extends_dirs, str | Path) or not isinstance(extends_dirs, Iterable):
        raise VariantError(
            [Problem("", f"extends_dirs: expected a list of folders, got {type(extends_dirs).__name__}")]
        )
    dirs = list(extends_dirs)
    for d in dirs:
        if not isinstance(d, str | Path):
            raise VariantError([Problem("", f"extends_dirs: expected folder paths, got {type(d).__name__}")])
    return dirs


def _at(doc: Any, path: str) -> Any:
    for part in path.split("."):
        if not isinstance(doc, dict) or part not in doc:
            return _MISSING
        doc = doc[part]
    return doc


_MISSING = object()


def _own_info(base: dict[str, Any], out: dict[str, Any], own: dict[str, Any]) -> dict[str, Any]:
    """The ``[variant]`` table of a ruleset that extends another under a new name:
    its title and description are its own (without a title, its name; a
    base's description would describe the base), and a base's note that explains a key this ruleset changes is
    dropped, so its rulebook never prints a remark its own rules contradict
    (a note names its keys in a ``[key, key]`` prefix, see
    :func:`rummykit.variant.note_keys`)."""
    info = dict(out["variant"])
    raw = base.get("variant")
    base_info: dict[str, Any] = raw if isinstance(raw, dict) else {}
    base_title = base_info.get("title") or base_info.get("name") or "its base"
    if "title" not in own:
        info["title"] = ""  # the ruleset's title is then its own name
    if "description" not in own:
        info["description"] = f"House rules on {base_title}."
    notes = info.get("notes")
    if "notes" not in own and isinstance(notes, list):
        info["notes"] = [
            n
            for n in notes
            if not isinstance(n, str) or all(_at(base, k) == _at(out, k) for k in note_keys(n))
        ]
    return info


def _where_in_base(p: Problem) -> str:
    """Where a problem of a base file stands, for a message about the file that extends it."""
    return f" (at line {p.line}, column {p.column})" if p.line else ""


def resolve_document(
    doc: dict[str, Any],
    *,
    folder: Path | None = None,
    chain: tuple[str, ...] = (),
    roots: tuple[Path, ...] | None = None,
    sources: list[tuple[str, str]] | None = None,
) -> dict[str, Any]:
    """Apply ``extends`` (and ``replace``) and return the merged TOML document.

    Base files are found relative to ``folder`` and must lie inside one of
    ``roots`` (default: ``folder`` itself); without a folder only built-in
    names may be extended. The chain is followed without recursion, at most
    :data:`MAX_EXTENDS_CHAIN` files long.
    """
    if roots is None and folder is not None:
        roots = _roots(folder, ())
    levels: list[tuple[dict[str, Any], list[tuple[str, ...]], str]] = []
    seen = list(chain)
    current, where, label = doc, folder, ""
    while "extends" in current:
        ref = current["extends"]
        try:
            if not isinstance(ref, str):
                raise _LoadFailure(
                    [Problem("extends", f"expected a variant name or file path, got {show_value(ref)}")]
                )
            replace = _replace_paths(current)
            path = _locate(ref, where, roots)
            key = str(path)
            if key in seen:
                names = [Path(c).stem for c in (*seen, key)]
                raise _LoadFailure([Problem("extends", "extends cycle: " + " -> ".join(names))])
            if len(levels) + 1 >= MAX_EXTENDS_CHAIN:
                raise _LoadFailure(
                    [Problem("extends", f"an extends chain may hold at most {MAX_EXTENDS_CHAIN} files")]
                )
            levels.append((current, replace, label))
            seen.append(key)
            builtin = builtin_path(ref) is not None and not _looks_like_path(ref)
            base_roots = (path.parent,) if builtin else roots
            label = path.name
            text = _read_text(path, name=path.name)
            current = _parse_toml(text)
            if sources is not None and not builtin:
                sources.append((_display(path), text))
            where, roots = path.parent, base_roots
        except _LoadFailure as failure:
            if not label:
                raise
            raise _LoadFailure(
                [
                    Problem(p.path, f"in base {label}: {p.message}", line=p.line, column=p.column, file=label)
                    if p.path
                    else Problem("extends", f"in base {label}: {p.message}{_where_in_base(p)}")
                    for p in failure.problems
                ]
            ) from None
    if "replace" in current:  # a file without extends has nothing to replace
        try:
            _replace_paths(current)
        except _LoadFailure as failure:
            if not levels:
                raise
            raise _LoadFailure(
                [Problem(p.path, f"in base {label}: {p.message}") for p in failure.problems]
            ) from None
    merged = {k: v for k, v in current.items() if k not in ("extends", "replace")}
    for child_doc, replace, _ in reversed(levels):
        child = {k: v for k, v in child_doc.items() if k not in ("extends", "replace")}
        out = _merge(merged, child)
        _apply_replace(out, child, replace)
        own_info = child.get("variant")
        if isinstance(out.get("variant"), dict) and not (isinstance(own_info, dict) and "name" in own_info):
            out["variant"] = {**out["variant"], "name": None}  # must be named anew
        elif isinstance(out.get("variant"), dict) and isinstance(own_info, dict):
            out["variant"] = _own_info(merged, out, own_info)
        merged = out
    return merged


def default_name(path: str | Path) -> str:
    """The name a variant file without ``[variant] name`` gets: its file name, normalised.

    Lowercase, spaces and underscores made hyphens; ``custom`` if that is still no name.

    >>> default_name("Our_Kitchen.toml")
    'our-kitchen'
    """
    stem = Path(path).stem.lower().replace("_", "-").replace(" ", "-")
    return stem if _NAME_RE.match(stem) else "custom"


_default_name = default_name


def _display(path: Path) -> str:
    """A base file's name as the user would type it: relative to the current folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # pragma: no cover - another drive on Windows
        return str(path)
    return str(path) if rel.startswith("..") else rel
