"""A griffe extension for the API reference: our docstrings are written for
both ``help()`` and the docs site, so two things need translating for the site.

- Sphinx-style roles (``:func:`new_hand```, ``:class:`~rummykit.Hand```)
  become links to the documented object where the reference documents it,
  and plain code otherwise (never a literal ``:func:`` on the page, never a
  dangling cross-reference that strict mode would count).
- Doctest examples (``>>> ...`` and their output) become ``pycon`` code
  blocks, so that output such as ``['7C 7D 7H 7S']`` is not read as a
  Markdown reference link.

Enabled in ``mkdocs.yml`` under the mkdocstrings python handler's
``extensions``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(func|meth|class|mod|attr|data|exc|obj):`~?([^`]+)`")
_API_PAGE = Path(__file__).resolve().parent.parent / "docs" / "reference" / "api.md"
_DIRECTIVE = re.compile(r"^::: ([\w.]+)\n(?:(?:[ \t]+.*)\n)*?[ \t]+members: \[([^\]]*)\]", re.MULTILINE)


def _rendered_modules() -> dict[str, set[str]]:
    """Modules whose listed members the API reference page renders."""
    text = _API_PAGE.read_text(encoding="utf-8") if _API_PAGE.exists() else ""
    return {m.group(1): {n.strip() for n in m.group(2).split(",")} for m in _DIRECTIVE.finditer(text)}


def _public_paths(pkg: griffe.Module) -> dict[str, str]:
    """Canonical path of every object the API reference renders -> the
    identifier its anchor is registered under."""
    out: dict[str, str] = {}

    def add(member: Any, public: str) -> None:
        try:
            target = member.final_target if member.is_alias else member
        except Exception:
            return
        out.setdefault(target.path, public)
        out.setdefault(public, public)
        if getattr(target, "is_class", False):
            for name, sub in target.members.items():
                if not name.startswith("_") and _documented(sub):
                    out.setdefault(f"{target.path}.{name}", f"{public}.{name}")
                    out.setdefault(f"{public}.{name}", f"{public}.{name}")

    for name, member in pkg.members.items():
        if not name.startswith("_") and not getattr(member, "is_module", False):
            add(member, f"{pkg.path}.{name}")
    for modpath, names in _rendered_modules().items():
        try:
            mod = pkg.modules_collection[modpath]
        except Exception:
            continue
        for name, member in mod.members.items():
            if name in names:
                add(member, f"{modpath}.{name}")
    return out


def _documented(member: Any) -> bool:
    """Whether mkdocstrings renders the member (undocumented ones are hidden)."""
    try:
        target = member.final_target if member.is_alias else member
    except Exception:
        return False
    return bool(target.docstring and target.docstring.value.strip())


def _candidates(obj: Any, name: str) -> list[str]:
    paths = [name, f"rummykit.{name}"]
    node = obj
    while node is not None:
        paths.append(f"{node.path}.{name}")
        node = node.parent
    return paths


def _resolve(obj: Any, name: str, public: dict[str, str], collection: Any) -> str | None:
    for path in _candidates(obj, name):
        if path in public:
            return public[path]
        try:
            found = collection[path]
        except Exception:
            continue
        try:
            target = found.final_target if found.is_alias else found
        except Exception:
            continue
        if target.path in public:
            return public[target.path]
    return None


def translate_roles(text: str, resolve: Any) -> str:
    """Turn roles into autorefs links (or plain code when unresolved).

    >>> translate_roles("see :func:`~a.b` and :mod:`c`", lambda n: "x.b" if n == "a.b" else None)
    'see [`b`][x.b] and `c`'
    """

    def sub(m: re.Match[str]) -> str:
        name = m.group(2).strip()
        shown = name.rsplit(".", 1)[-1] if m.group(0).find("`~") >= 0 else name
        target = resolve(name)
        return f"[`{shown}`][{target}]" if target else f"`{shown}`"

    return _ROLE.sub(sub, text)


def fence_doctests(text: str) -> str:
    """Wrap doctest examples (``>>>`` lines and their output) in pycon fences.

    >>> fence_doctests("Intro.\\n\\n>>> 1 + 1\\n2\\n\\nMore.").splitlines()
    ['Intro.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'More.']
    """
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    in_fence = False
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith("```"):
            in_fence = not in_fence
        if not in_fence and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out.append(f"{indent}```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append(f"{indent}```")
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


class RummykitDocstrings(griffe.Extension):
    """Translate roles and doctests in every docstring of the package."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        public = _public_paths(pkg)
        collection = loader.modules_collection

        def visit(obj: Any, seen: set[str]) -> None:
            if obj.path in seen:
                return
            seen.add(obj.path)
            if obj.docstring is not None:
                value = obj.docstring.value
                value = translate_roles(value, lambda n: _resolve(obj, n, public, collection))
                obj.docstring.value = fence_doctests(value)
            for member in obj.members.values():
                if not getattr(member, "is_alias", False):
                    visit(member, seen)

        visit(pkg, set())
