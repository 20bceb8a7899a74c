"""Reading, checking and writing variant files.

A variant file is TOML. ``extends = "base"`` (a built-in name, or a ``.toml``
file in the extending file's folder or below, as a relative path; more
folders only when the caller allows them with ``extends_dirs``) deep-merges
the file over its base: tables merge key by key, tables of numbers by player
count merge by player count, scalars and arrays replace, and a component table
whose ``kind`` changes replaces the base's table whole. ``replace = ["a.b"]``
takes a table whole instead. Every problem is reported at once, each with its
TOML key path.

Input is untrusted: a file is read only if it is a regular file of at most
:data:`MAX_FILE_BYTES`, nesting and dotted keys are capped before the TOML
parser sees them, integers must fit in 64 bits, and an ``extends`` chain holds
at most :data:`MAX_EXTENDS_CHAIN` files. Every failure is a
:class:`~rummykit.VariantError` with one-line problems.

>>> import rummykit as rk
>>> v = rk.loads_variant('extends = "straight"\\n[variant]\\nname = "ours"\\n[ranking]\\nace = "either"')
>>> v.name, v.ranking.ace.value, v.deal.hand_size.get(2)
('ours', 'either', 10)
>>> rk.loads_variant('extends = "straight"\\n[variant]\\nname = "x"\\n[ranking]\\nace = "sideways"')
Traceback (most recent call last):
...
rummykit.errors.VariantError: 1 problem in variant:
<string>: ranking.ace: unknown value "sideways"; expected one of low, high, either, around
"""

from __future__ import annotations

import difflib
import enum
import os
import re
import stat
import tomllib
import typing
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import cattrs
import tomli_w
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError

from rummykit.cards import Rank
from rummykit.errors import NotationError, Problem, VariantError
from rummykit.rules.base import (
    ByPlayers,
    Component,
    ConfigError,
    FrozenMap,
    Kind,
    concern_bases,
    concern_kinds,
    show_value,
)
from rummykit.rules.going_out import Pattern
from rummykit.rules.scoring import normalize_value_key
from rummykit.toml_errors import toml_problem
from rummykit.variant import Variant, note_keys

__all__ = [
    "builtin_path",
    "dump_variant",
    "list_variants",
    "load_variant",
    "loads_variant",
    "resolve_document",
    "validate_file",
    "validate_text",
]

SCHEMA_VERSION = 1
_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_TOP_KEYS = {"extends", "replace", "schema_version"}

MAX_FILE_BYTES = 256 * 1024
"""Largest variant file or text read, in bytes (built-in files are under 8 KB; parsing 256 KB of the worst TOML takes about a second)."""
MAX_NESTING = 32
"""Deepest nesting of tables and arrays in a variant document (the format needs 4)."""
MAX_KEY_PARTS = 32
"""Most parts of one dotted key or table header (``a.b.c`` has 3)."""
MAX_EXTENDS_CHAIN = 32
"""Most files in one ``extends`` chain."""
_INT64 = (-(1 << 63), (1 << 63) - 1)  # TOML integers are 64-bit signed (TOML 1.0, "Integer")


class _Errors(Exception):
    """Several problems found by one hook, each at a path below it."""

    def __init__(self, errors: list[tuple[tuple[str | int, ...], str]]) -> None:
        super().__init__("; ".join(m for _, m in errors))
        self.errors = errors


# --------------------------------------------------------------------------- structuring


def _strict(kind: type, word: str) -> Callable[[Any, type], Any]:
    def hook(value: Any, cl: type) -> Any:
        if cl is not kind:  # a subclass, e.g. a custom IntEnum: cattrs' default
            return cl(value)
        if type(value) is not kind:
            raise ConfigError(f"expected {word}, got {show_value(value)}")
        return value

    return hook


def _structure_kind(value: Any, cls: type[Kind]) -> Kind:
    if not isinstance(value, str):
        raise ConfigError(f"expected a string, one of {cls.choices()}; got {show_value(value)}")
    try:
        return cls(value)
    except ValueError:
        raise ConfigError(f"unknown value {show_value(value)}; expected one of {cls.choices()}") from None


def _structure_rank(value: Any, _: type) -> Rank:
    if not isinstance(value, str):
        raise ConfigError(f'expected a rank as a string ("A", "2" ... "K"), got {show_value(value)}')
    try:
        return Rank.parse(value)
    except NotationError:
        raise ConfigError(
            f"unknown rank {show_value(value)}; expected one of A 2 3 4 5 6 7 8 9 T J Q K"
        ) from None


def _structure_by_players(value: Any, _: type) -> ByPlayers:
    if isinstance(value, bool) or not isinstance(value, int | dict):
        raise ConfigError(f"expected an integer or a table of player counts, got {show_value(value)}")
    if isinstance(value, dict):
        errors: list[tuple[tuple[str | int, ...], str]] = []
        seen: list[tuple[int, int, str]] = []
        for key, number in value.items():
            if isinstance(number, bool) or not isinstance(number, int):
                errors.append(((str(key),), f"expected an integer, got {show_value(number)}"))
                continue
            try:
                lo, hi, _n = ByPlayers.from_toml({key: number}).entries[0]
            except ConfigError as exc:
                msg = str(exc).removeprefix(f"{key}: ") + _range_hint(str(key))
                errors.append(((str(key),), msg))
                continue
            clash = next((k for a, b, k in seen if lo <= b and a <= hi), None)
            if clash is not None:
                errors.append(((str(key),), f"player count {show_value(key)} overlaps {show_value(clash)}"))
            seen.append((lo, hi, str(key)))
        if errors:
            raise _Errors(errors)
    return ByPlayers.from_toml(value)


def _range_hint(key: str) -> str:
    """Why a well-formed player range such as ``"6-5"`` or ``"0"`` is refused."""
    match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", key)
    if match is None:
        return ""
    lo, hi = int(match[1]), int(match[2] or match[1])
    if lo < 1:
        return ": player counts start at 1"
    if lo > hi:
        return f': write the lower count first, like "{hi}-{lo}"'
    return ""


def _structure_values(value: Any, _: type) -> FrozenMap:
    if not isinstance(value, dict):
        raise ConfigError(f"expected a table of card values, got {show_value(value)}")
    errors: list[tuple[tuple[str | int, ...], str]] = []
    out: dict[str, int] = {}
    seen: dict[str, str] = {}
    for key, number in value.items():
        try:
            norm = normalize_value_key(str(key))
        except ConfigError as exc:
            errors.append(((str(key),), str(exc)))
            continue
        if type(number) is not int:
            errors.append(((str(key),), f"expected an integer, got {show_value(number)}"))
            continue
        if norm in seen:
            what = "joker" if norm == "JK" else "rank" if len(norm) == 1 else "card"
            errors.append(
                (
                    (str(key),),
                    f"{show_value(key)} is the same {what} as {show_value(seen[norm])}; give it once",
                )
            )
            continue
        seen[norm] = str(key)
        out[norm] = number
    if errors:
        raise _Errors(errors)
    return FrozenMap(out)


def _structure_pattern(value: Any, _: type) -> Pattern:
    if not isinstance(value, str):
        raise ConfigError(f'expected a pattern like "4+3+3", got {show_value(value)}')
    return Pattern.parse(value)


def _is_tuple(t: Any) -> bool:
    return typing.get_origin(t) is tuple


def _tuple_factory(t: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    args = typing.get_args(t)
    item = args[0]

    def hook(value: Any, _: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise ConfigError(f"expected an array, got {show_value(value)}")
        out: list[Any] = []
        errors: list[tuple[tuple[str | int, ...], str]] = []
        for index, element in enumerate(value):
            try:
                out.append(converter.structure(element, item))
            except ConfigError as exc:
                errors.append(((index,), str(exc)))
        if errors:
            raise _Errors(errors)
        return tuple(out)

    return hook


def _table_factory(cls: type, converter: cattrs.Converter) -> Callable[[Any, type], Any]:
    inner: Callable[[Any, Any], Any] = cattrs.gen.make_dict_structure_fn(
        cls, converter, _cattrs_forbid_extra_keys=True
    )

    def hook(value: Any, _: type) -> Any:
        if not isinstance(value, dict):
            raise ConfigError(f"expected a table, got {show_value(value)}")
        return inner(value, cls)

    return hook


def _component_hook(concern: str, converter: cattrs.Converter) -> Callable[[Any, type], Any]:
    base = concern_bases()[concern]

    def hook(value: Any, _: type) -> Component:
        if not isinstance(value, dict):
            raise ConfigError(f"expected a table, got {show_value(value)}")
        kinds = concern_kinds(concern)
        kind = value.get("kind", base.default_kind)
        if not isinstance(kind, str):
            raise _Errors([(("kind",), f"expected a string, got {show_value(kind)}")])
        cls = kinds.get(kind)
        if cls is None:
            hint = _suggest(kind, kinds)
            raise _Errors(
                [(("kind",), f"unknown kind {show_value(kind)}{hint}; expected one of {', '.join(kinds)}")]
            )
        body = {k: v for k, v in value.items() if k != "kind"}
        result: Component = converter.structure(body, cls)
        return result

    return hook


def _is(tp: type) -> Callable[[Any], bool]:
    def predicate(t: Any) -> bool:
        return t is tp

    return predicate


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    # cattrs consults singledispatch before predicate hooks and registers int and str
    # there, so these must be singledispatch hooks too. They only check the exact
    # type; subclasses (Kind, Rank, Pattern have hooks of their own) fall back to
    # cattrs' default.
    for tp, word in ((int, "an integer"), (bool, "true or false"), (str, "a string")):
        conv.register_structure_hook(tp, _strict(tp, word))
    conv.register_structure_hook(Rank, _structure_rank)
    conv.register_structure_hook(ByPlayers, _structure_by_players)
    conv.register_structure_hook(FrozenMap, _structure_values)
    conv.register_structure_hook(Pattern, _structure_pattern)
    conv.register_structure_hook(Kind, _structure_kind)  # singledispatch: every Kind subclass
    conv.register_structure_hook_factory(_is_tuple, lambda t: _tuple_factory(t, conv))
    conv.register_structure_hook_factory(
        lambda t: isinstance(t, type) and attrs.has(t), lambda t: _table_factory(t, conv)
    )
    for name, base in concern_bases().items():
        conv.register_structure_hook_func(_is(base), _component_hook(name, conv))
    return conv


_CONVERTER = _make_converter()


# --------------------------------------------------------------------------- error paths


def _format_path(parts: tuple[str | int, ...]) -> str:
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z0-9_-]+", part):
            out += ("." if out else "") + part
        else:
            out += ("." if out else "") + '"' + part.replace('"', '\\"') + '"'
    return out


def _suggest(word: str, options: Mapping[str, object] | list[str]) -> str:
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f" (did you mean {show_value(close[0])}?)" if close else ""


def _allowed_keys(cls: type) -> list[str]:
    keys = [f.name for f in attrs.fields(cls) if f.init]
    if cls is Variant:
        keys = ["variant" if k == "info" else k for k in keys]
        keys = ["extends", "schema_version", *keys]
    if issubclass(cls, Component):
        keys = ["kind", *keys]
    return keys


def _collect(exc: BaseException, path: tuple[str | int, ...], out: list[Problem]) -> None:
    if isinstance(exc, ClassValidationError):
        with_notes, without = exc.group_exceptions()
        for sub, note in with_notes:
            _collect(sub, (*path, note.name), out)
        for sub in without:
            _collect(sub, path, out)
    elif isinstance(exc, IterableValidationError):
        with_notes_i, without_i = exc.group_exceptions()
        for sub, inote in with_notes_i:
            _collect(sub, (*path, inote.index), out)
        for sub in without_i:
            _collect(sub, path, out)
    elif isinstance(exc, ForbiddenExtraKeysError):
        allowed = _allowed_keys(exc.cl)
        where = ""
        if issubclass(exc.cl, Component):
            where = f" for {exc.cl.concern} kind {show_value(exc.cl.kind)}"
        for key in sorted(exc.extra_fields):
            hint = _suggest(key, allowed)
            out.append(
                Problem(
                    _path_text((*path, key)),
                    f"unknown key{where}{hint}; expected one of {', '.join(allowed)}",
                )
            )
    elif isinstance(exc, _Errors):
        for sub_path, message in exc.errors:
            out.append(Problem(_path_text((*path, *sub_path)), message))
    elif isinstance(exc, ConfigError):
        out.append(Problem(_path_text(path), str(exc)))
    elif isinstance(exc, (ValueError, TypeError, KeyError, AttributeError)):
        out.append(Problem(_path_text(path), f"invalid value: {exc}"))
    else:  # pragma: no cover - a bug, not bad input
        raise exc


def _path_text(parts: tuple[str | int, ...]) -> str:
    if parts and parts[0] == "info":
        parts = ("variant", *parts[1:])
    return _format_path(parts)


# --------------------------------------------------------------------------- documents and extends


def _variants_dirs() -> list[Path]:
    dirs: list[Path] = []
    try:
        packaged = Path(str(resources.files("rummykit") / "variants"))
        if packaged.is_dir():
            dirs.append(packaged)
    except (ModuleNotFoundError, TypeError):  # pragma: no cover
        pass
    repo = Path(__file__).resolve().parents[2] / "variants"
    if repo.is_dir():
        dirs.append(repo)
    return dirs


def builtin_path(name: str) -> Path | None:
    """The file of the built-in variant ``name``, or None."""
    if not _NAME_RE.match(name):
        return None
    for folder in _variants_dirs():
        path = folder / f"{name}.toml"
        if path.is_file():
            return path
    return None


def list_variants() -> list[str]:
    """The names of the built-in variants, sorted.

    >>> "straight" in list_variants()
    True
    """
    names: set[str] = set()
    for folder in _variants_dirs():
        names.update(p.stem for p in folder.glob("*.toml"))
    return sorted(names)


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
MAX_MESSAGE = 300
"""Longest problem message or key path shown; a longer one is cut with "..."."""


def _printable_text(text: str) -> str:
    """Control characters (a terminal escape, a newline in a key) escaped; long text cut."""
    text = _CONTROL.sub(
        lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 256 else f"\\u{ord(m.group()):04x}", text
    )
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


def _printable(problems: list[Problem]) -> list[Problem]:
    """Problems safe to print: one line each, no terminal control sequences, bounded length."""
    return [
        attrs.evolve(p, path=_printable_text(p.path), message=_printable_text(p.message)) for p in problems
    ]


class _LoadFailure(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(str(problems))
        self.problems = problems


# A scan of the raw text before the TOML parser sees it: the parser recurses once
# per nesting level (a RecursionError at a few hundred) and spends memory
# quadratic in the parts of one dotted key. Strings and comments are skipped.
_SCAN = re.compile(r'"""|\'\'\'|["\'#\[\]{}.=,\n]')
_STRING_END = {
    '"""': re.compile(r'(?:[^"\\]|\\.|"(?!""))*"""("{0,2})', re.S),
    "'''": re.compile(r"(?:[^']|'(?!''))*'''('{0,2})", re.S),
    '"': re.compile(r'(?:[^"\\\n]|\\.)*"'),
    "'": re.compile(r"[^'\n]*'"),
}


def _scan_text(text: str) -> str | None:
    """Why ``text`` is refused before parsing (too deep, too many key parts), or None."""
    depth = dots = line = 0
    pos = 0
    while True:
        match = _SCAN.search(text, pos)
        if match is None:
            return None
        token = match.group()
        line += text.count("\n", pos, match.start())
        pos = match.end()
        if token in _STRING_END:
            end = _STRING_END[token].match(text, pos)
            if end is None:
                return None  # unterminated: the parser reports it
            line += text.count("\n", pos, end.end())
            pos = end.end()
        elif token == "#":
            stop = text.find("\n", pos)
            if stop < 0:
                return None
            pos = stop
        elif token in "[{":
            depth += 1
            dots = 0
            if depth > MAX_NESTING:
                return f"line {line + 1}: nested more than {MAX_NESTING} levels deep"
        elif token in "]}":
            depth = max(depth - 1, 0)
            dots = 0
        elif token == ".":
            dots += 1
            if dots >= MAX_KEY_PARTS:
                return f"line {line + 1}: a dotted key of more than {MAX_KEY_PARTS} parts"
        else:  # = , newline
            if token == "\n":
                line += 1
            dots = 0


def _check_values(doc: dict[str, Any]) -> list[Problem]:
    """Integers outside TOML's 64-bit range, and nesting deeper than the cap (no recursion)."""
    problems: list[Problem] = []
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), doc)]
    while stack and len(problems) < 20:
        path, value = stack.pop()
        if len(path) > MAX_NESTING:
            problems.append(
                Problem(_format_path(path[:MAX_NESTING]), f"nested more than {MAX_NESTING} levels deep")
            )
            continue
        if isinstance(value, dict):
            stack.extend(((*path, str(k)), v) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in reversed(list(enumerate(value))))
        elif type(value) is int and not _INT64[0] <= value <= _INT64[1]:
            problems.append(
                Problem(
                    _format_path(path), "integer out of range: TOML integers are 64-bit (at most 19 digits)"
                )
            )
    return problems


def _parse_toml(text: str) -> dict[str, Any]:
    if len(text) > MAX_FILE_BYTES:
        raise _LoadFailure(
            [Problem("", f"too large: a variant is at most {MAX_FILE_BYTES // 1024} KB of text")]
        )
    refused = _scan_text(text)
    if refused is not None:
        raise _LoadFailure([Problem("", f"not accepted as a variant: {refused}")])
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _LoadFailure([toml_problem(exc, text)]) from None
    except (RecursionError, MemoryError):  # pragma: no cover - the scan should stop these first
        raise _LoadFailure([Problem("", "not accepted as a variant: nested too deeply")]) from None
    except ValueError as exc:  # e.g. a decimal integer of over 4,300 digits
        raise _LoadFailure([Problem("", f"not valid TOML: {_one_line(exc)}")]) from None
    problems = _check_values(doc)
    if problems:
        raise _LoadFailure(problems)
    return doc


def _where_in_base(p: Problem) -> str:
    """Where a problem of a base file stands, for a message about the file that extends it."""
    return f" (at line {p.line}, column {p.column})" if p.line else ""


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 200 else text[:197] + "..."


def _read(path: Path, *, name: str | None = None) -> dict[str, Any]:
    """Parse the file at ``path`` (see :func:`_read_text`)."""
    return _parse_toml(_read_text(path, name=name))


def _read_text(path: Path, *, name: str | None = None) -> str:
    """The text of the file at ``path``; only a regular file is read, at most :data:`MAX_FILE_BYTES`.

    It is opened without blocking and checked after opening, so a FIFO, a device
    or a file swapped for one is refused, never waited on or read forever.
    """
    label = name or str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise _LoadFailure([Problem("", f"cannot read {label}: {exc.strerror or exc}")]) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _LoadFailure([Problem("", f"{label} is a folder, not a variant file")])
        if not stat.S_ISREG(info.st_mode):
            raise _LoadFailure([Problem("", f"{label} is not a regular file")])
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise _LoadFailure([Problem("", f"cannot read {label}: {exc.strerror or exc}")]) from None
    finally:
        os.close(fd)
    if size > MAX_FILE_BYTES:
        raise _LoadFailure(
            [Problem("", f"{label} is too large: a variant file is at most {MAX_FILE_BYTES // 1024} KB")]
        )
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise _LoadFailure([Problem("", f"{label} is not UTF-8 text")]) from None


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


def _structure(doc: dict[str, Any], *, default_name: str) -> Variant:
    problems: list[Problem] = []
    body = dict(doc)
    body.pop("extends", None)
    body.pop("replace", None)
    version = body.pop("schema_version", SCHEMA_VERSION)
    if type(version) is not int:  # not bool either: true == 1 in Python
        problems.append(
            Problem("schema_version", f"expected the integer {SCHEMA_VERSION}, got {show_value(version)}")
        )
    elif version != SCHEMA_VERSION:
        problems.append(
            Problem(
                "schema_version",
                f"unsupported version {version}; this rummykit reads version {SCHEMA_VERSION}",
            )
        )
    info = body.pop("variant", {})
    if isinstance(info, dict):
        info = dict(info)
        if info.get("name") is None:
            info["name"] = default_name
        elif isinstance(info["name"], str) and not _NAME_RE.match(info["name"]):
            problems.append(
                Problem(
                    "variant.name",
                    f"bad name {show_value(info['name'])}: use lowercase letters, digits and hyphens",
                )
            )
    body["info"] = info
    try:
        variant = _CONVERTER.structure(body, Variant)
    except Exception as exc:
        _collect(exc, (), problems)
        raise _LoadFailure(problems) from None
    from rummykit.checks import check_variant

    problems.extend(check_variant(variant))
    if problems:
        raise _LoadFailure(problems)
    return variant


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


_PATH_PART = re.compile(r'"((?:[^"\\]|\\.)*)"|([A-Za-z0-9_-]+)|\[(\d+)\]')
_KEY = r"""(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)"""
_KEY_LINE = re.compile(rf"^\s*({_KEY}(?:\s*\.\s*{_KEY})*)\s*=")
_HEADER_LINE = re.compile(rf"^\s*\[\[?\s*({_KEY}(?:\s*\.\s*{_KEY})*)\s*\]")


def _key_parts(text: str) -> tuple[str, ...]:
    parts = re.findall(_KEY, text)
    return tuple(p[1:-1] if p[:1] in "\"'" else p for p in parts)


def _problem_parts(path: str) -> tuple[str, ...]:
    return tuple(m[1] or m[2] for m in _PATH_PART.finditer(path) if not m[3])


def locate(text: str, path: str) -> tuple[int, int, bool]:
    """Where the key ``path`` (``"deal.hand_size"``) is written in TOML ``text``.

    Returns ``(line, column, exact)``, both from 1, for the line that writes the
    longest leading part of the path (``exact`` when it writes all of it), or
    ``(0, 0, False)`` when no part is written. A best effort on the text: it
    reads table headers and ``key =`` lines, not values.

    >>> locate('[deal]\\nupcard = true\\nhand_size = { 2 = 9 }\\n', "deal.hand_size.2")
    (3, 1, False)
    >>> locate('[deal]\\nupcard = true\\n', "deal.hand_size")
    (1, 1, False)
    >>> locate('deal.hand_size = 9', "deal.hand_size")
    (1, 1, True)
    """
    want = _problem_parts(path)
    if not want:
        return 0, 0, False
    best = (0, 0, 0)
    header: tuple[str, ...] = ()
    in_string = ""
    for number, line in enumerate(text.splitlines(), 1):
        if in_string:
            if line.count(in_string) % 2:
                in_string = ""
            continue
        found: tuple[str, ...] | None = None
        head = _HEADER_LINE.match(line)
        if head:
            header = found = _key_parts(head.group(1))
        else:
            key = _KEY_LINE.match(line)
            if key:
                found = header + _key_parts(key.group(1))
        if found is not None and found == want[: len(found)] and len(found) > best[0]:
            column = len(line) - len(line.lstrip()) + 1
            best = (len(found), number, column)
        for quote in ('"""', "'''"):
            if line.count(quote) % 2:
                in_string = quote
                break
    return best[1], best[2], best[0] == len(want)


def _with_locations(problems: list[Problem], sources: list[tuple[str, str]]) -> list[Problem]:
    """Each problem with the line and column of its key: in the file loaded, or in the
    (non built-in) base file that alone writes the key."""
    if not sources:
        return problems
    out: list[Problem] = []
    top = sources[0][1]
    for problem in problems:
        if problem.line:  # located already (a TOML syntax error)
            out.append(problem)
            continue
        line, column, exact = locate(top, problem.path) if problem.path else (0, 0, False)
        where = ""
        if problem.path and not exact:
            for name, text in sources[1:]:
                b_line, b_column, b_exact = locate(text, problem.path)
                if b_exact:
                    line, column, where = b_line, b_column, name
                    break
        out.append(attrs.evolve(problem, line=line, column=column, file=where) if line else problem)
    return out


def _load_path(path: Path, extends_dirs: Iterable[str | Path] = ()) -> Variant:
    text = _read_text(path, name=str(path))
    sources = [(str(path), text)]
    try:
        doc = _parse_toml(text)
        roots = _roots(path.parent, extends_dirs)
        merged = resolve_document(
            doc, folder=path.parent, chain=(str(path.resolve()),), roots=roots, sources=sources
        )
        return _structure(merged, default_name=_default_name(path))
    except _LoadFailure as failure:
        raise _LoadFailure(_with_locations(failure.problems, sources)) from None


def _path_arg(value: object, name: str) -> Path:
    if not isinstance(value, str | Path):
        raise VariantError(
            [
                Problem(
                    "",
                    f"{name}: expected a variant name or a file path (str or Path), got {type(value).__name__}",
                )
            ]
        )
    if isinstance(value, str) and ("\x00" in value or not value.strip()):
        raise VariantError(
            [Problem("", f"{name}: expected a variant name or a file path, got {show_value(value)}")]
        )
    return Path(value)


def load_variant(
    name_or_path: str | Path, *, allow_paths: bool = True, extends_dirs: Iterable[str | Path] = ()
) -> Variant:
    """Load a built-in variant by name, or a variant file by path.

    A file's ``extends`` may name a built-in variant or a ``.toml`` file in the
    file's own folder or below it; ``extends_dirs`` allows more folders. With
    ``allow_paths=False`` only built-in names are accepted (for names that come
    from untrusted input, such as a game record). Raises
    :class:`~rummykit.VariantError` listing every problem.

    >>> load_variant("straight").deal.hand_size.get(3)
    7
    >>> load_variant("/etc/passwd", allow_paths=False)
    Traceback (most recent call last):
    ...
    rummykit.errors.VariantError: 1 problem in variant:
    "/etc/passwd": only a built-in variant name is accepted here (rummykit list)
    """
    path = _path_arg(name_or_path, "name_or_path")
    text = str(name_or_path)
    roots = _check_dirs(extends_dirs)
    is_path = isinstance(name_or_path, Path) or _looks_like_path(text)
    if is_path and not allow_paths:
        raise VariantError(
            [
                Problem(
                    "", f"{show_value(text)}: only a built-in variant name is accepted here (rummykit list)"
                )
            ]
        )
    if is_path:
        source = text
        if not os.path.lexists(path):
            raise VariantError([Problem("", f"no such file: {text}")], source=source)
        try:
            return _load_path(path, roots)
        except _LoadFailure as failure:
            raise VariantError(_printable(failure.problems), source=source) from None
    found = builtin_path(text)
    if found is None:
        hint = _suggest(text, list_variants())
        raise VariantError(
            [
                Problem(
                    "",
                    f"no built-in variant named {show_value(text)}{hint}; built-ins: {', '.join(list_variants())}",
                )
            ],
            source=text if allow_paths else "",
        )
    try:
        return _load_path(found)
    except _LoadFailure as failure:
        raise VariantError(_printable(failure.problems), source=text) from None


def loads_variant(
    text: str,
    *,
    source: str = "<string>",
    folder: Path | str | None = None,
    extends_dirs: Iterable[str | Path] = (),
) -> Variant:
    """Load a variant from TOML text.

    ``extends`` may name a built-in variant; a base file only when ``folder``
    is given (paths are relative to it and must stay inside it or inside one
    of ``extends_dirs``). A variant without ``[variant] name`` is called ``custom``.
    """
    if not isinstance(text, str):
        raise VariantError(
            [Problem("", f"text: expected TOML text (str), got {type(text).__name__}")], source=source
        )
    if folder is not None and not isinstance(folder, str | Path):
        raise VariantError([Problem("", f"folder: expected a folder path, got {type(folder).__name__}")])
    where = Path(folder) if folder is not None else None
    sources = [(source, text)]
    try:
        doc = _parse_toml(text)
        roots = _roots(where, extends_dirs) if where is not None else None
        merged = resolve_document(doc, folder=where, roots=roots, sources=sources)
        return _structure(merged, default_name="custom")
    except _LoadFailure as failure:
        problems = _with_locations(failure.problems, sources)
        raise VariantError(_printable(problems), source=source) from None


def validate_file(
    path: str | Path, *, extends_dirs: Iterable[str | Path] = (), warnings: bool = False
) -> list[Problem]:
    """Every problem of a variant file; an empty list when it is valid.

    With ``warnings=True`` a valid file's warnings come back instead (each a
    :class:`~rummykit.Problem` with ``severity == "warning"``: a ruleset that
    loads but that nobody can ever win, for instance); they never make a file
    invalid. ``extends_dirs`` allows base files in more folders.

    >>> validate_file(builtin_path("straight"))
    []
    """
    checked = _path_arg(path, "path")
    try:
        variant = _load_path(checked, extends_dirs)
    except _LoadFailure as failure:
        return _printable(failure.problems)
    return _warnings(variant) if warnings else []


def _warnings(variant: Variant) -> list[Problem]:
    from rummykit.checks import check_warnings

    return list(check_warnings(variant))


def validate_text(
    text: str,
    *,
    folder: Path | str | None = None,
    extends_dirs: Iterable[str | Path] = (),
    warnings: bool = False,
) -> list[Problem]:
    """Every problem of variant TOML text; an empty list when it is valid (see :func:`validate_file`).

    >>> validate_text('extends = "straight"\\n[deal]\\nhand_size = 1', warnings=True)[0].severity
    'warning'
    """
    if not isinstance(text, str):  # a caller's mistake, raised like loads_variant's
        raise VariantError([Problem("", f"text: expected TOML text (str), got {type(text).__name__}")])
    try:
        variant = loads_variant(text, folder=folder, extends_dirs=extends_dirs)
    except VariantError as exc:
        return list(exc.problems)
    return _warnings(variant) if warnings else []


# --------------------------------------------------------------------------- dumping


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

    >>> v = load_variant("straight")
    >>> loads_variant(dump_variant(v)) == v
    True
    """
    return tomli_w.dumps(variant_to_dict(variant))
