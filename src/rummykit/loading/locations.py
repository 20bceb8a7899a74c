"""Where a problem is in the text: the line and column of a key path in the
file, or in the base file that set it.
"""

from __future__ import annotations

import re

import attrs

from rummykit.errors import Problem

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
