"""TOML syntax errors as :class:`~rummykit.Problem` objects with a key path,
a line and a column, like every other problem of a variant file.

>>> import tomllib
>>> text = '[deal]\\nupcard = true\\n[deal]\\nhand_size = 7\\n'
>>> try:
...     tomllib.loads(text)
... except tomllib.TOMLDecodeError as exc:
...     p = toml_problem(exc, text)
>>> p.line, p.column, str(p)
(3, 1, 'deal: the table [deal] is declared twice (first at line 1)')
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator

from rummykit.errors import Problem

__all__ = ["key_at_line", "toml_problem"]

_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_KEY = r"""(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)"""
_KEY_LINE = re.compile(rf"^\s*({_KEY}(?:\s*\.\s*{_KEY})*)\s*=")
_HEADER_LINE = re.compile(rf"^\s*\[\[?\s*({_KEY}(?:\s*\.\s*{_KEY})*)\s*\]")
_DECLARED = re.compile(r"Cannot declare \((.*)\) twice")
_QUOTED = re.compile(r"""'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)\"""")


def _parts(text: str) -> tuple[str, ...]:
    return tuple(p[1:-1] if p[:1] in "\"'" else p for p in re.findall(_KEY, text))


def _path(parts: tuple[str, ...]) -> str:
    return ".".join(p if re.fullmatch(r"[A-Za-z0-9_-]+", p) else f'"{p}"' for p in parts)


def _lines(text: str) -> Iterator[tuple[int, tuple[str, ...], bool]]:
    """Each line's number, the key path it writes (``()``: none) and whether it
    is a table header (a best effort: multi-line strings are skipped)."""
    header: tuple[str, ...] = ()
    in_string = ""
    for number, row in enumerate(text.splitlines(), 1):
        if in_string:
            if row.count(in_string) % 2:
                in_string = ""
            continue
        head = _HEADER_LINE.match(row)
        if head:
            header = _parts(head.group(1))
            yield number, header, True
        else:
            key = _KEY_LINE.match(row)
            yield number, (header + _parts(key.group(1)) if key else ()), False
        for quote in ('"""', "'''"):
            if row.count(quote) % 2:
                in_string = quote
                break


def key_at_line(text: str, line: int) -> tuple[tuple[str, ...], bool]:
    """The key path written on ``line`` (from 1) of TOML ``text``, and whether
    that line is a table header; ``()`` when the line writes no key.

    >>> key_at_line('[deal]\\nupcard = true\\n', 2)
    (('deal', 'upcard'), False)
    """
    for number, parts, header in _lines(text):
        if number == line:
            return parts, header
    return (), False


def _first_line(text: str, parts: tuple[str, ...], *, header: bool, before: int) -> int:
    """The first line before ``before`` that writes ``parts`` (a header, or a key)."""
    for number, found, is_header in _lines(text):
        if number >= before:
            break
        if found == parts and is_header == header:
            return number
    return 0


def toml_problem(exc: tomllib.TOMLDecodeError, text: str) -> Problem:
    """The problem of a TOML syntax error in ``text``: where it stands (line and
    column), the key it stands in where the line writes one, and what is wrong."""
    message = " ".join(str(exc).split())
    at = _AT.search(message)
    line = column = 0
    if at:
        line, column = int(at.group(1)), int(at.group(2))
        message = message[: at.start()]
    parts, is_header = key_at_line(text, line) if line else ((), False)
    rows = text.splitlines()
    row = rows[line - 1] if 0 < line <= len(rows) else ""
    indent = len(row) - len(row.lstrip()) + 1  # where the key (or header) starts
    declared = _DECLARED.match(message)
    if declared:
        named = tuple(a or b for a, b in _QUOTED.findall(declared.group(1))) or parts
        first = _first_line(text, named, header=True, before=line)
        since = f" (first at line {first})" if first else ""
        return Problem(
            _path(named),
            f"the table [{_path(named)}] is declared twice{since}",
            line=line,
            column=indent if is_header else column,
        )
    if message == "Cannot overwrite a value" and parts:
        first = _first_line(text, parts, header=False, before=line)
        since = f" (first at line {first})" if first else ""
        return Problem(_path(parts), f"the key is given twice{since}", line=line, column=indent)
    return Problem(_path(parts), f"not valid TOML: {message}", line=line, column=column)
