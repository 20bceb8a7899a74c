"""The docs build's griffe extension (tools/griffe_rummykit.py): docstring roles
become links or code, doctests become code blocks. Needs the docs extra."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("griffe")

_PATH = Path(__file__).resolve().parents[1] / "tools" / "griffe_rummykit.py"
_spec = importlib.util.spec_from_file_location("griffe_rummykit", _PATH)
assert _spec is not None and _spec.loader is not None
tool = importlib.util.module_from_spec(_spec)
sys.modules["griffe_rummykit"] = tool
_spec.loader.exec_module(tool)


def test_roles_become_links_where_documented_and_code_elsewhere() -> None:
    text = "See :func:`~rummykit.new_hand`, :meth:`Hand.apply` and :mod:`nowhere`."
    out = tool.translate_roles(text, lambda name: "rummykit.new_hand" if "new_hand" in name else None)
    assert out == "See [`new_hand`][rummykit.new_hand], `Hand.apply` and `nowhere`."
    assert ":func:" not in out and ":mod:" not in out


def test_doctest_output_is_fenced_so_it_is_not_read_as_a_link() -> None:
    text = "Example:\n\n>>> [str(m) for m in ms]\n['7C 7D 7H 7S']\n\nMore text."
    out = tool.fence_doctests(text).splitlines()
    assert out[2] == "```pycon" and out[5] == "```"
    assert out[4] == "['7C 7D 7H 7S']"
    assert tool.fence_doctests("```\n>>> inside a fence\n```") == "```\n>>> inside a fence\n```"
