"""Problems as a user reads them: key paths in TOML spelling, suggestions for
misspelt names, messages cut to one printable line.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping

import attrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError

from rummykit.errors import Problem
from rummykit.rules.base import Component, ConfigError, show_value
from rummykit.variant import Variant


class _Errors(Exception):
    """Several problems found by one hook, each at a path below it."""

    def __init__(self, errors: list[tuple[tuple[str | int, ...], str]]) -> None:
        super().__init__("; ".join(m for _, m in errors))
        self.errors = errors


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
