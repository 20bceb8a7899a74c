"""Shared test setup: hypothesis profiles, the import path of ``strategies``, fixtures.

Hypothesis profiles:

* ``ci`` (the default): ``deadline=None``, 100 examples, derandomized and without
  an example database, so every run of CI tries the same examples.
* ``fast``: a few examples per property, for quick local runs; select it with
  the environment variable ``FAST=1``.

The repository runs pytest with ``--import-mode=importlib``, which does not put
``tests/`` on ``sys.path``; it is added here so that test modules can write
``from strategies import ...``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import rummykit as rk

TESTS_DIR = Path(__file__).resolve().parent
if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))

settings.register_profile(
    "ci",
    deadline=None,
    max_examples=100,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "fast",
    deadline=None,
    max_examples=10,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("fast" if os.environ.get("FAST") == "1" else "ci")


@pytest.fixture(params=rk.list_variants())
def variant_name(request: pytest.FixtureRequest) -> str:
    """Each built-in variant name in turn (new ``variants/*.toml`` are picked up)."""
    name: str = request.param
    return name


@pytest.fixture
def data_dir() -> Path:
    """The ``tests/data`` folder."""
    return TESTS_DIR / "data"
