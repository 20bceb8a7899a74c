"""Checks of what callers pass to the environments: every bad value raises
:class:`~rummykit.errors.EnvError` naming it.

Kept cheap for ``step``: a plain ``int`` in range passes after two tests.

>>> token_of(3, 10)
3
>>> token_of(2.5, 10)
Traceback (most recent call last):
...
rummykit.errors.EnvError: step: action must be an integer token from 0 to 9, got 2.5
>>> seed_of(None) is None, seed_of(7)
(True, 7)
"""

from __future__ import annotations

import operator
import warnings
from collections.abc import Mapping
from typing import Any

from rummykit.errors import EnvError

__all__ = ["check_flag", "check_int", "dealer_of", "seed_of", "token_of"]

OPTIONS = ("dealer",)
"""The keys ``reset(options=...)`` reads (others are warned about and ignored)."""


def _integer(value: object) -> int | None:
    """``value`` as an int when it is an integer (Python or NumPy, or a 0-d integer
    array), not a bool; else None."""
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    dtype = getattr(value, "dtype", None)
    if dtype is not None and (getattr(value, "shape", None) != () or dtype.kind not in "iu"):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def token_of(action: object, size: int) -> int:
    """The token ``action`` stands for: an integer (NumPy ones too) from 0 to ``size - 1``."""
    if type(action) is int and 0 <= action < size:  # the hot path
        return action
    token = _integer(action)
    if token is None or not 0 <= token < size:
        shown = repr(action)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        raise EnvError(f"step: action must be an integer token from 0 to {size - 1}, got {shown}")
    return token


def seed_of(seed: object) -> int | None:
    """A ``reset`` seed: None or a non-negative integer (``np.int64`` too)."""
    if seed is None:
        return None
    value = _integer(seed)
    if value is None or value < 0:
        raise EnvError(f"reset: seed must be None or a non-negative integer, got {seed!r}")
    return value


def dealer_of(options: object, players: int) -> int:
    """The dealer chosen by ``reset(options=...)`` (seat 0 when not given)."""
    if options is None:
        return 0
    if not isinstance(options, Mapping):
        raise EnvError(f"reset: options must be a dict (or None), got {type(options).__name__}")
    unknown = [k for k in options if k not in OPTIONS]
    if unknown:
        # PettingZoo's and Gymnasium's API checkers pass options of their own,
        # so an unknown key is warned about rather than refused
        warnings.warn(
            f"reset: option {unknown[0]!r} is not one of this environment's "
            f"({', '.join(map(repr, OPTIONS))}) and is ignored",
            UserWarning,
            stacklevel=3,
        )
    if "dealer" not in options:
        return 0
    dealer = _integer(options["dealer"])
    if dealer is None or not 0 <= dealer < players:
        raise EnvError(
            f"reset: options['dealer'] must be a seat from 0 to {players - 1}, got {options['dealer']!r}"
        )
    return dealer


def check_int(name: str, value: object, low: int, high: int) -> int:
    """An integer argument from ``low`` to ``high``."""
    got = _integer(value)
    if got is None or not low <= got <= high:
        raise EnvError(f"{name} must be an integer from {low} to {high}, got {value!r}")
    return got


def check_flag(name: str, value: Any) -> bool:
    """A boolean argument."""
    if not isinstance(value, bool):
        raise EnvError(f"{name} must be True or False, got {value!r}")
    return value
