"""Argument checks for the public meld functions.

The meld functions are hot paths, so their arguments are not checked up
front: a call runs as written, and only when it fails with a ``TypeError`` or
``AttributeError`` are the arguments examined, so that a caller who passed the
wrong thing (``None``, a number, a list of strings) gets the library's
:class:`~rummykit.ArgumentError` naming the function and the argument rather
than a traceback from deep inside the solver. Card lists may also be given
as text (``"7H 8H 9H"``), as :func:`~rummykit.classify_meld` always allowed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, Literal, ParamSpec, TypeVar

from rummykit.cards import Card, parse_card, parse_cards, short_repr
from rummykit.errors import ArgumentError
from rummykit.melds.meld import Meld
from rummykit.variant import Variant

__all__ = ["checked"]

P = ParamSpec("P")
R = TypeVar("R")
Kind = Literal["cards", "card", "meld", "groups"]


def _is_meld_input(x: object) -> bool:
    if isinstance(x, Meld | str):
        return True
    try:
        return all(isinstance(c, Card) for c in x)  # type: ignore[attr-defined]
    except TypeError:
        return False


def _ok(kind: Kind, value: object) -> bool:
    if kind == "card":
        return isinstance(value, Card)
    if kind == "meld":
        return _is_meld_input(value)
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        return False
    if kind == "cards":
        return all(isinstance(c, Card) for c in value)
    return all(_is_meld_input(g) for g in value)  # groups


_WANT = {
    "cards": "cards (a sequence of Card, or card text such as '7H 8H 9H')",
    "card": "a Card (or card text such as '7H')",
    "meld": "a meld (a Meld, card text, or a sequence of Card)",
    "groups": "a sequence of melds (each a Meld, card text, or a sequence of Card)",
}


def checked(kind: Kind, name: str = "cards") -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorate ``f(v, <arg>, ...)``: text is read as cards, and a failure
    caused by a wrong argument becomes an :class:`~rummykit.ArgumentError`."""

    def wrap(fn: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            if len(args) >= 2 and isinstance(args[1], str) and kind in ("cards", "card"):
                args = (args[0], parse_cards(args[1]) if kind == "cards" else parse_card(args[1]), *args[2:])
            try:
                return fn(*args, **kwargs)
            except (TypeError, AttributeError):
                v = args[0] if args else kwargs.get("v")
                if not isinstance(v, Variant):
                    raise ArgumentError(f"{fn.__name__}: v must be a Variant, got {short_repr(v)}") from None
                value = args[1] if len(args) >= 2 else kwargs.get(name)
                if not _ok(kind, value):
                    raise ArgumentError(
                        f"{fn.__name__}: {name} must be {_WANT[kind]}, got {short_repr(value)}"
                    ) from None
                raise

        return call

    return wrap
