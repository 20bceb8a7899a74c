"""Structuring a merged variant document into a :class:`~rummykit.Variant`:
rummykit's own cattrs converter, its hooks for components, ranks, tables by
player count and card values, and every problem collected with its key path.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable
from typing import Any

import attrs
import cattrs

from rummykit.cards import Rank
from rummykit.dumping import SCHEMA_VERSION
from rummykit.errors import NotationError, Problem
from rummykit.loading.problems import _collect, _Errors, _LoadFailure, _suggest
from rummykit.loading.reading import _NAME_RE
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
from rummykit.rules.contract import ContractText
from rummykit.rules.going_out import Pattern
from rummykit.rules.scoring import normalize_value_key
from rummykit.variant import Variant

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


def _structure_contract(value: Any, _: type) -> ContractText:
    return ContractText.parse(value)


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
    conv.register_structure_hook(ContractText, _structure_contract)
    conv.register_structure_hook(Kind, _structure_kind)  # singledispatch: every Kind subclass
    conv.register_structure_hook_factory(_is_tuple, lambda t: _tuple_factory(t, conv))
    conv.register_structure_hook_factory(
        lambda t: isinstance(t, type) and attrs.has(t), lambda t: _table_factory(t, conv)
    )
    for name, base in concern_bases().items():
        conv.register_structure_hook_func(_is(base), _component_hook(name, conv))
    return conv


_CONVERTER = _make_converter()


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
    from rummykit.checks import cross_field_problems

    problems.extend(cross_field_problems(variant))
    if problems:
        raise _LoadFailure(problems)
    return variant
