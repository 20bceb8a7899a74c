"""The exceptions rummykit raises.

Every error rummykit raises on bad input derives from :class:`RummyError`,
which is a :class:`ValueError`, so ``except ValueError`` catches them all.

>>> import rummykit as rk
>>> issubclass(rk.VariantError, rk.RummyError) and issubclass(rk.RummyError, ValueError)
True
"""

from __future__ import annotations

import operator
from collections.abc import Iterable

import attrs

__all__ = [
    "AmbiguousActionError",
    "ArgumentError",
    "DataError",
    "EnvError",
    "IllegalAction",
    "NotationError",
    "Problem",
    "RecordError",
    "RummyError",
    "VariantError",
    "whole_number",
]


class RummyError(ValueError):
    """Base class of every error rummykit raises on bad input."""


class ArgumentError(RummyError, TypeError):
    """An argument of the wrong type or out of range at the public API (it is
    a :class:`TypeError` too); the message names the argument.

    >>> import rummykit as rk
    >>> rk.parse_card(None)
    Traceback (most recent call last):
    ...
    rummykit.errors.ArgumentError: parse_card: text must be a str, got None
    """


class NotationError(RummyError):
    """Text that does not follow the card or action notation."""


class IllegalAction(RummyError):
    """A well-formed action that the rules do not allow now.

    ``reason`` says why; ``rule`` is the variant key path of the rule that
    refuses it (``"going_out.max_deadwood"``), or ``""`` where no single key
    does (the action is not one of this phase's kinds, say).

    >>> err = IllegalAction("deadwood 12 is over the limit of 10", rule="going_out.max_deadwood")
    >>> err.rule
    'going_out.max_deadwood'
    """

    def __init__(self, reason: str, *, action: object = None, rule: str = "") -> None:
        self.reason = reason
        self.action = action
        self.rule = rule
        super().__init__(reason if action is None else f"{action}: {reason}")


class RecordError(RummyError):
    """A game record that is malformed or does not replay to what it says."""


class DataError(RummyError):
    """A dict that does not have the documented shape (the message names the
    key path), or of another format or version."""


class EnvError(RummyError):
    """A bad input to a reinforcement-learning environment (:mod:`rummykit.rl`):
    an action outside the action space, an unknown option or agent, a seed
    that is not an integer, or a call out of order (``step`` before ``reset``).

    >>> issubclass(EnvError, RummyError)
    True
    """


class AmbiguousActionError(IllegalAction):
    """An action whose text fits several distinct legal actions.

    It is an :class:`IllegalAction` too: as written it cannot be applied, and
    the state is left unchanged.
    """


@attrs.frozen(order=True, repr=False)
class Problem:
    """One thing wrong with a variant: where (a TOML key path) and what.

    ``severity`` is ``"error"`` (the variant is refused) or ``"warning"`` (it
    loads, but is likely not what its author meant: see
    :func:`rummykit.checks.check_warnings`). ``line`` and ``column`` say where
    the key stands in the file when the loader could find it, and ``file``
    names a base file when the problem lies there.

    >>> str(Problem("scoring.card_values.QS", 'expected an integer, got "fifty"'))
    'scoring.card_values.QS: expected an integer, got "fifty"'
    >>> str(Problem("melds", "nobody can ever go out", severity="warning"))
    'warning: melds: nobody can ever go out'
    """

    path: str
    message: str
    severity: str = attrs.field(default="error", kw_only=True)
    line: int = attrs.field(default=0, kw_only=True, eq=False, order=False)
    """Line (from 1) of the key in the file, 0 when unknown; not part of equality."""
    column: int = attrs.field(default=0, kw_only=True, eq=False, order=False)
    """Column (from 1) of the key, 0 when unknown."""
    file: str = attrs.field(default="", kw_only=True, eq=False, order=False)
    """The base file the problem lies in, when it is not the file loaded ("" otherwise)."""

    def __repr__(self) -> str:
        extra = f", severity={self.severity!r}" if self.severity != "error" else ""
        return f"Problem(path={self.path!r}, message={self.message!r}{extra})"

    def __str__(self) -> str:
        text = f"{self.path}: {self.message}" if self.path else self.message
        return f"warning: {text}" if self.severity == "warning" else text


class VariantError(RummyError):
    """A variant file or value that is not a valid ruleset.

    ``problems`` lists every problem found, each with its TOML key path;
    ``source`` names the file (or ``"<string>"``).
    """

    def __init__(self, problems: Iterable[Problem], *, source: str = "") -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        self.source = source
        prefix = f"{source}: " if source else ""
        lines = [f"{prefix}{p}" for p in self.problems]
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in variant"
        super().__init__(head + ":\n" + "\n".join(lines))


def whole_number(value: object, where: str, *, none: bool = False) -> int:
    """``value`` as an int, for an argument named by ``where`` (``"new_hand:
    seed"``): any integral number (an int, a NumPy integer: whatever
    :func:`operator.index` takes), never a bool, a float or text. With
    ``none``, None is allowed and returned as is (the caller's "no value").
    Raises :class:`ArgumentError` naming the argument.

    >>> whole_number(3, "seed")
    3
    >>> whole_number(2.0, "new_hand: seed")
    Traceback (most recent call last):
    ...
    rummykit.errors.ArgumentError: new_hand: seed must be a whole number, got 2.0
    """
    if value is None and none:
        return None  # type: ignore[return-value]
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    shown = repr(value)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    also = " or None" if none else ""
    raise ArgumentError(f"{where} must be a whole number{also}, got {shown}")
