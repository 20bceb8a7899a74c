"""Action notation shared by every action kind: the :class:`Action` base,
melds as written (groups of ``(card, stands for)`` slots), the number and
group readers the kinds' parsers use, and the type check of actions built in
code.

Each action kind (``rummykit.engine.actions.draw``, ``...discard`` and so on)
defines its own class and text on top of these.

>>> format_group(parse_group("7h 8h jk=9h"))
'7H 8H JK=9H'
"""

from __future__ import annotations

import types
import typing
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

import attrs

from rummykit.cards import Card, parse_card, short_repr
from rummykit.errors import ArgumentError, NotationError

__all__ = [
    "MAX_ACTION_TEXT",
    "MAX_NUMBER",
    "MAX_NUMBER_DIGITS",
    "Action",
    "Group",
    "Slot",
    "bad_text",
    "group_cards",
    "group_fits",
    "is_number",
    "parse_on",
    "check_action",
    "format_group",
    "format_slot",
    "group_of",
    "groups_fit",
    "parse_group",
    "parse_groups",
    "parse_number",
    "parse_slot",
    "set_parser",
]

Slot: TypeAlias = tuple[Card, Card | None]
"""One card of a meld: the physical card and, for a wild standing for another
card, the natural card it stands for (None otherwise)."""

Group: TypeAlias = tuple[Slot, ...]
"""A meld as written in an action, in meld order."""


def format_slot(slot: Slot) -> str:
    """One slot in notation: ``7H`` or ``JK=9H``."""
    card, rep = slot
    return str(card) if rep is None else f"{card}={rep}"


def format_group(group: Group) -> str:
    """A group in notation: ``7H 8H JK=9H``.

    >>> format_group(parse_group("7h 8h jk=9h"))
    '7H 8H JK=9H'
    """
    return " ".join(format_slot(s) for s in group)


def parse_slot(token: str) -> Slot:
    """Read one slot: ``7H`` or ``JK=9H``."""
    if "=" in token:
        left, _, right = token.partition("=")
        return (parse_card(left), parse_card(right))
    return (parse_card(token), None)


def parse_group(text: str | Sequence[str]) -> Group:
    """Read a meld written as cards, wilds as ``JK=9H``.

    Raises :class:`~rummykit.NotationError` on bad cards.
    """
    if not isinstance(text, str | list | tuple):
        raise ArgumentError(f"parse_group: text must be a str or a sequence of str, got {short_repr(text)}")
    tokens = text.split() if isinstance(text, str) else list(text)
    if not all(isinstance(t, str) for t in tokens):
        raise ArgumentError(f"parse_group: text must hold str tokens, got {short_repr(tokens)}")
    if not tokens:
        raise NotationError("a meld needs cards")
    return tuple(parse_slot(t) for t in tokens)


class Action:
    """Base of every action. Subclasses are frozen attrs classes.

    ``Action.parse(text)`` is :func:`rummykit.parse_action`. ``word`` is the
    first word of its text, ``order`` the rank of its kind in the canonical
    order of legal actions (see :mod:`rummykit.engine.actions`).
    """

    __slots__ = ()
    word: str = ""
    order: int = 0
    """Rank of the action kind in the canonical order of legal actions."""

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action; see :func:`rummykit.parse_action`."""
        return _PARSER[0](text)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def cards(self) -> tuple[Card, ...]:
        """The cards named by the action (for messages and checks)."""
        return ()


def _no_parser(text: str) -> Action:
    raise AssertionError("rummykit.engine.actions sets the parser")  # pragma: no cover


_PARSER: list[typing.Callable[[str], Action]] = [_no_parser]
"""The action parser (set by :mod:`rummykit.engine.actions`, which knows
every kind): the notation sits below the kinds and names none of them."""


def set_parser(parse: typing.Callable[[str], Action]) -> None:
    """Set the reader :meth:`Action.parse` uses (the action registry's)."""
    _PARSER[0] = parse


MAX_NUMBER_DIGITS = 4
"""The most digits a number in an action may have (depths and table meld
numbers are small: a longer number is refused before it is read)."""

MAX_ACTION_TEXT = 2000
"""The longest action text read (a declaration of a long hand is far shorter)."""


def bad_text(text: str, why: str) -> NotationError:
    """The error for action text ``text`` that cannot be read, saying why."""
    shown = text if len(text) <= 80 else text[:77] + "..."
    return NotationError(f"bad action {shown!r}: {why}")


def is_number(token: str) -> bool:
    """Whether ``token`` looks like a number (any Unicode digit), so that a
    non-ASCII one is refused as a number rather than read as something else."""
    return token.isdigit() or token.isdecimal() or token.isnumeric()


def parse_number(token: str, text: str, what: str) -> int:
    """Read a number: ASCII digits ``0-9`` only, at most
    :data:`MAX_NUMBER_DIGITS` of them (``int()`` would read ``١`` as 1 and
    crash on ``²``)."""
    shown = token if len(token) <= 12 else token[:9] + "..."
    if not (token.isascii() and token.isdigit()):
        raise bad_text(text, f"expected {what} (a number from 1 in digits 0-9), got {shown!r}")
    if len(token) > MAX_NUMBER_DIGITS:
        raise bad_text(text, f"{what} {shown!r} is too long (at most {MAX_NUMBER_DIGITS} digits)")
    value = int(token)
    if value < 1:
        raise bad_text(text, f"expected {what} (a number from 1), got {shown!r}")
    return value


def parse_groups(tokens: list[str], text: str) -> tuple[Group, ...]:
    """Melds written as cards separated by ``+``."""
    groups: list[list[str]] = [[]]
    for t in tokens:
        if t == "+":
            groups.append([])
        else:
            groups[-1].append(t)
    if any(not g for g in groups):
        raise bad_text(text, "every meld needs cards (melds are separated by '+')")
    return tuple(parse_group(g) for g in groups)


def parse_on(tokens: list[str], text: str, word: str) -> tuple[Slot, int]:
    """``CARD on N``: a slot and a table meld number."""
    if len(tokens) != 3 or tokens[1] != "on":
        raise bad_text(text, f"expected '{word} CARD on N'")
    return parse_slot(tokens[0]), parse_number(tokens[2], text, "a table meld number")


MAX_NUMBER = 10**MAX_NUMBER_DIGITS - 1
"""The largest number an action may hold (a depth, a table meld number)."""


def check_action(action: Action) -> None:
    """Check that an :class:`Action` built in code has fields of the right
    types, as the parser would have built them: cards are :class:`Card`
    objects, numbers are ints from 1 to :data:`MAX_NUMBER`, flags are bools,
    melds are non-empty tuples of ``(card, stands_for)`` pairs.

    Raises :class:`~rummykit.NotationError` naming the field.

    >>> from rummykit.engine.actions import Take
    >>> check_action(Take(depth="2"))
    Traceback (most recent call last):
    ...
    rummykit.errors.NotationError: malformed action Take: depth must be an int, got '2'
    """
    quick = _QUICK.get(type(action))
    if quick is not None:  # each field's value of a plain type it may have: by type alone
        for name, plain in quick:
            value = getattr(action, name)
            kind = type(value)
            if kind not in plain or (kind is int and not 1 <= value <= MAX_NUMBER):
                break
        else:
            return
    if type(action) not in _HINTS:
        if not isinstance(action, Action) or not attrs.has(type(action)):
            raise NotationError(f"malformed action: {short_repr(action)} is not a rummykit action")
        _HINTS[type(action)] = hints = typing.get_type_hints(type(action))
        _QUICK[type(action)] = tuple(
            (f.name, _plain_types(hints.get(f.name)))
            for f in attrs.fields(type(action))  # type: ignore[arg-type]
        )
    hints = _HINTS[type(action)]
    for field in attrs.fields(type(action)):  # type: ignore[arg-type]
        want = hints.get(field.name)
        if want is None:
            continue
        why = _type_problem(getattr(action, field.name), want, 0)
        if why is not None:
            raise NotationError(f"malformed action {type(action).__name__}: {field.name} {why}")


_HINTS: dict[type, dict[str, Any]] = {}
_QUICK: dict[type, tuple[tuple[str, frozenset[type]], ...]] = {}
"""Per action class, each field with the plain types (cards, flags, numbers,
None) a value of which :func:`_type_problem` accepts by its type alone (an
int within the bounds): a value of another type gets the full check."""
_PLAIN = (Card, bool, int, type(None))


def _plain_types(want: Any) -> frozenset[type]:
    """The types of ``want`` (a field's hint) whose values are checked by type."""
    if want is None:  # no hint: anything goes (as _type_problem's caller skips it)
        return frozenset()
    options = typing.get_args(want) if typing.get_origin(want) in (typing.Union, types.UnionType) else (want,)
    return frozenset(o for o in options if o in _PLAIN)


def _type_problem(value: Any, want: Any, depth: int) -> str | None:
    """Why ``value`` is not of type ``want`` (None when it is)."""
    if depth > 8:
        return "is nested too deep"
    origin = typing.get_origin(want)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(want)
        if value is None and type(None) in options:
            return None
        whys = [_type_problem(value, o, depth + 1) for o in options if o is not type(None)]
        if any(w is None for w in whys):
            return None
        for o, why in zip([o for o in options if o is not type(None)], whys, strict=True):
            if isinstance(o, type) and isinstance(value, o):
                return why
        return whys[0] if len(whys) == 1 else f"must be one of {_names(options)}, got {short_repr(value)}"
    if origin is tuple:
        args = typing.get_args(want)
        if not isinstance(value, tuple):
            return f"must be a tuple, got {short_repr(value)}"
        if len(args) == 2 and args[1] is Ellipsis:
            if not value:
                return "must not be empty"
            for item in value:
                why = _type_problem(item, args[0], depth + 1)
                if why is not None:
                    return f"item {why}"
            return None
        if len(value) != len(args):
            return f"must have {len(args)} items, got {len(value)}"
        for item, arg in zip(value, args, strict=True):
            why = _type_problem(item, arg, depth + 1)
            if why is not None:
                return f"item {why}"
        return None
    if want is type(None):
        return None if value is None else f"must be None, got {short_repr(value)}"
    if want is bool:
        return None if isinstance(value, bool) else f"must be a bool, got {short_repr(value)}"
    if want is int:
        if not isinstance(value, int) or isinstance(value, bool):
            return f"must be an int, got {short_repr(value)}"
        if not 1 <= value <= MAX_NUMBER:
            return f"must be from 1 to {MAX_NUMBER}, got {short_repr(value)}"
        return None
    if isinstance(want, type):
        if not isinstance(value, want):
            return f"must be a {want.__name__}, got {short_repr(value)}"
        if isinstance(value, Action):
            try:
                check_action(value)
            except NotationError as exc:
                return f"is malformed ({exc})"
        return None
    return None  # a type this check does not know: left to the rules


def _names(options: tuple[Any, ...]) -> str:
    return ", ".join("None" if o is type(None) else getattr(o, "__name__", str(o)) for o in options)


def group_of(cards: Iterable[Card], represents: Iterable[Card]) -> Group:
    """The notation group of a meld's cards and what each stands for."""
    return tuple((c, None if c == r else r) for c, r in zip(cards, represents, strict=True))


def _group_key(g: Group) -> tuple[Counter[Card], Counter[tuple[Card, Card]]]:
    return Counter(c for c, _ in g), Counter((c, r) for c, r in g if r is not None)


def group_fits(a: Group, b: Group) -> bool:
    """Whether the written group ``a`` may stand for ``b``: the same cards,
    and every wild designation ``a`` states is one ``b`` makes (``a`` may
    leave designations out)."""
    ca, pa = _group_key(a)
    cb, _ = _group_key(b)
    if ca != cb:
        return False
    have = Counter((c, r if r is not None else c) for c, r in b)
    return all(have[p] >= n for p, n in pa.items())


def groups_fit(a: tuple[Group, ...], b: tuple[Group, ...]) -> bool:
    """:func:`group_fits` for several melds, in any order."""
    if len(a) != len(b):
        return False
    if len(a) == 1:
        return group_fits(a[0], b[0])
    left = list(b)
    for g in a:
        for i, other in enumerate(left):
            if group_fits(g, other):
                del left[i]
                break
        else:
            return False
    return True


def group_cards(group: Group) -> tuple[Card, ...]:
    """The physical cards of a group."""
    return tuple(c for c, _ in group)
