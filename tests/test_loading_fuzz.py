"""Fuzzing the loader: bad input gives problems, never a crash.

DESIGN.md: "Bad variant files raise ``rk.VariantError`` listing every problem
with its TOML key path ... No other exception escapes from bad input." So for
any TOML document, arbitrary or a mutation of a built-in variant file,
``rk.loads_variant`` returns a variant or raises ``VariantError`` (with at
least one problem), and ``rk.validate_text`` never raises.

Each fuzz runs a few examples by default and many more in its ``slow`` twin
(``pytest -m slow``), with the same body.
"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.loading import builtin_path
from strategies import mutated_documents, per_variant_settings, toml_documents, tweaked_documents


def _builtin_document(name: str) -> dict[str, Any]:
    path = builtin_path(name)
    assert path is not None
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _check_text(text: str) -> None:
    """The loader's contract on one document."""
    problems = rk.validate_text(text)
    assert all(isinstance(p, rk.Problem) for p in problems)
    try:
        variant = rk.loads_variant(text)
    except rk.VariantError as exc:
        assert exc.problems, "a VariantError must list at least one problem"
        assert list(exc.problems) == problems
        assert all(isinstance(p.path, str) and p.message for p in exc.problems)
    else:
        assert problems == []
        assert isinstance(variant, rk.Variant)
        # What loads also dumps and loads back equal.
        assert rk.loads_variant(variant.to_toml()) == variant


QUICK = settings(max_examples=2)
"""The default run's examples per variant of a fuzz over every built-in variant (the
``slow`` twin runs the profile's share, :func:`strategies.per_variant_settings`)."""


def _arbitrary_document(doc: dict[str, Any]) -> None:
    _check_text(tomli_w.dumps(doc))


@settings(max_examples=8)
@given(toml_documents())
def test_arbitrary_documents_never_crash(doc: dict[str, Any]) -> None:
    _arbitrary_document(doc)


@pytest.mark.slow
@settings(max_examples=40)  # each document is large: its validation takes a few tens of ms
@given(toml_documents())
def test_arbitrary_documents_never_crash_deep(doc: dict[str, Any]) -> None:
    _arbitrary_document(doc)


@given(st.text(max_size=200))
def test_arbitrary_text_never_crashes(text: str) -> None:
    """Not even TOML: a problem with an empty path, not a TOMLDecodeError."""
    _check_text(text)


def _mutated_builtin(name: str, data: st.DataObject) -> None:
    doc = data.draw(mutated_documents(_builtin_document(name)), label="document")
    _check_text(tomli_w.dumps(doc))


@pytest.mark.parametrize("name", rk.list_variants())
@QUICK
@given(data=st.data())
def test_mutated_builtin_variants_never_crash(name: str, data: st.DataObject) -> None:
    _mutated_builtin(name, data)


@pytest.mark.slow
@pytest.mark.parametrize("name", rk.list_variants())
@per_variant_settings()
@given(data=st.data())
def test_mutated_builtin_variants_never_crash_deep(name: str, data: st.DataObject) -> None:
    _mutated_builtin(name, data)


def _mutated_house_rules(name: str, data: st.DataObject) -> None:
    house = data.draw(tweaked_documents(name), label="house rule")
    doc = data.draw(mutated_documents(house, max_mutations=2), label="document")
    _check_text(tomli_w.dumps(doc))


@pytest.mark.parametrize("name", rk.list_variants())
@QUICK
@given(data=st.data())
def test_mutated_house_rules_never_crash(name: str, data: st.DataObject) -> None:
    """House rules over a built-in base, then mutated: extends, merge and checks together."""
    _mutated_house_rules(name, data)


@pytest.mark.slow
@pytest.mark.parametrize("name", rk.list_variants())
@per_variant_settings()
@given(data=st.data())
def test_mutated_house_rules_never_crash_deep(name: str, data: st.DataObject) -> None:
    _mutated_house_rules(name, data)


@pytest.mark.parametrize("name", rk.list_variants())
def test_unmutated_builtin_document_is_valid(name: str) -> None:
    """The fuzz starts from valid documents, so every problem found is the mutation's."""
    assert rk.validate_text(tomli_w.dumps(_builtin_document(name))) == []
