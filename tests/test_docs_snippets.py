"""The docs' snippet includes (``--8<-- "FILE"``, pymdownx.snippets) are
well formed and name files that exist: a malformed one is no include, and
the page would show the line itself instead of the file (``ruff format``
once rewrote one as Python: ``--8 < --"examples/rl_random.py"``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "docs").glob("*.md"))
INCLUDE = re.compile(r'^--8<-- "([^"]+)"$')


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_snippet_includes_are_well_formed_and_exist(page: Path) -> None:
    for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if "--8" not in line or line.startswith("<!--"):
            continue
        m = INCLUDE.match(line.strip())
        assert m, f"{page.name}:{n}: not a snippet include: {line!r}"
        target = m.group(1).split(":")[0]  # "FILE:section" includes a part of FILE
        assert (ROOT / target).is_file(), f"{page.name}:{n}: {target} does not exist"
