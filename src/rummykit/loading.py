"""Reading, checking and writing variant files.

A variant file is TOML. ``extends = "base"`` (a built-in name, or a path
relative to the file) deep-merges the file over its base: tables merge key by
key, scalars and arrays replace, and a component table whose ``kind`` changes
replaces the base's table whole. Every problem is reported at once, each with
its TOML key path.

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
import re
import tomllib
import typing
from collections.abc import Callable, Mapping
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
from rummykit.variant import Variant

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
_TOP_KEYS = {"extends", "schema_version"}


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


class _LoadFailure(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(str(problems))
        self.problems = problems


def _parse_toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _LoadFailure([Problem("", f"not valid TOML: {exc}")]) from None


def _read(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise _LoadFailure([Problem("", f"cannot read {path}: {exc.strerror or exc}")]) from None
    except UnicodeDecodeError:
        raise _LoadFailure([Problem("", f"{path} is not UTF-8 text")]) from None
    return _parse_toml(text)


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


def _merge(base: dict[str, Any], over: dict[str, Any], *, top: bool = True) -> dict[str, Any]:
    """Deep merge: tables merge, everything else replaces; a changed ``kind`` replaces the table.

    A table of numbers by player count (``hand_size = { 2 = 10, "3-4" = 7 }``) is
    one value: it replaces the base's, whose ranges may be cut differently.
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
                        merged[name] = value[name]
                out[key] = merged
        else:
            out[key] = value
    return out


def _locate(ref: str, folder: Path | None) -> Path:
    looks_like_path = ref.endswith(".toml") or "/" in ref or "\\" in ref
    if looks_like_path:
        path = Path(ref)
        if not path.is_absolute():
            path = (folder or Path.cwd()) / path
        if path.is_file():
            return path.resolve()
        raise _LoadFailure([Problem("extends", f"no such file {show_value(ref)} (looked for {path})")])
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


def resolve_document(
    doc: dict[str, Any], *, folder: Path | None = None, chain: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Apply ``extends`` recursively and return the merged TOML document."""
    if "extends" not in doc:
        return doc
    ref = doc["extends"]
    if not isinstance(ref, str):
        raise _LoadFailure(
            [Problem("extends", f"expected a variant name or file path, got {show_value(ref)}")]
        )
    path = _locate(ref, folder)
    key = str(path)
    if key in chain:
        names = [Path(c).stem for c in (*chain, key)]
        raise _LoadFailure([Problem("extends", "extends cycle: " + " -> ".join(names))])
    try:
        base = resolve_document(_read(path), folder=path.parent, chain=(*chain, key))
    except _LoadFailure as failure:
        raise _LoadFailure(
            [
                Problem(p.path, f"in base {path.name}: {p.message}")
                if p.path
                else Problem("extends", f"in base {path.name}: {p.message}")
                for p in failure.problems
            ]
        ) from None
    child = {k: v for k, v in doc.items() if k != "extends"}
    merged = _merge(base, child)
    own_info = child.get("variant")
    if isinstance(merged.get("variant"), dict) and not (isinstance(own_info, dict) and "name" in own_info):
        merged["variant"] = {**merged["variant"], "name": None}  # must be named anew
    return merged


def _structure(doc: dict[str, Any], *, default_name: str) -> Variant:
    problems: list[Problem] = []
    body = dict(doc)
    body.pop("extends", None)
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


def _default_name(path: Path) -> str:
    stem = path.stem.lower().replace("_", "-").replace(" ", "-")
    return stem if _NAME_RE.match(stem) else "custom"


def _load_path(path: Path) -> Variant:
    doc = _read(path)
    merged = resolve_document(doc, folder=path.parent, chain=(str(path.resolve()),))
    return _structure(merged, default_name=_default_name(path))


def load_variant(name_or_path: str | Path) -> Variant:
    """Load a built-in variant by name, or a variant file by path.

    Raises :class:`~rummykit.VariantError` listing every problem.

    >>> load_variant("straight").deal.hand_size.get(3)
    7
    """
    text = str(name_or_path)
    path: Path | None
    if isinstance(name_or_path, Path) or text.endswith(".toml") or "/" in text or "\\" in text:
        path = Path(name_or_path)
        source = str(name_or_path)
        if not path.is_file():
            raise VariantError([Problem("", f"no such file: {text}")], source=source)
    else:
        path = builtin_path(text)
        source = text
        if path is None:
            hint = _suggest(text, list_variants())
            raise VariantError(
                [
                    Problem(
                        "",
                        f"no built-in variant named {show_value(text)}{hint}; built-ins: {', '.join(list_variants())}",
                    )
                ],
                source=source,
            )
    try:
        return _load_path(path)
    except _LoadFailure as failure:
        raise VariantError(failure.problems, source=source) from None


def loads_variant(text: str, *, source: str = "<string>", folder: Path | None = None) -> Variant:
    """Load a variant from TOML text; ``extends`` paths are relative to ``folder``.

    A variant without ``[variant] name`` is called ``custom``.
    """
    try:
        doc = _parse_toml(text)
        merged = resolve_document(doc, folder=folder)
        return _structure(merged, default_name="custom")
    except _LoadFailure as failure:
        raise VariantError(failure.problems, source=source) from None


def validate_file(path: str | Path) -> list[Problem]:
    """Every problem of a variant file; an empty list when it is valid.

    >>> validate_file(builtin_path("straight"))
    []
    """
    try:
        _load_path(Path(path))
    except _LoadFailure as failure:
        return failure.problems
    return []


def validate_text(text: str, *, folder: Path | None = None) -> list[Problem]:
    """Every problem of variant TOML text; an empty list when it is valid."""
    try:
        loads_variant(text, folder=folder)
    except VariantError as exc:
        return list(exc.problems)
    return []


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
