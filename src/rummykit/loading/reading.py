"""Reading variant text safely: the built-in variant files, the limits on
untrusted input, a scan before the TOML parser, and the TOML parse itself.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

from rummykit.errors import Problem
from rummykit.loading.problems import _format_path, _LoadFailure
from rummykit.toml_errors import toml_problem

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


def _variants_dirs() -> list[Path]:
    dirs: list[Path] = []
    # the installed package's data folder, rummykit/variants (a plain path, as
    # importlib.resources gives for an unzipped install, without importing it)
    here = Path(__file__).resolve().parents[1]
    packaged = here / "variants"
    if packaged.is_dir():
        dirs.append(packaged)
    repo = here.parents[1] / "variants"  # a source checkout: src/rummykit/../../variants
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
