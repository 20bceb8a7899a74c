"""Actions: frozen values with a text notation that round-trips.

Every move of a hand is an action. ``str(action)`` is its canonical text and
:func:`parse_action` reads it back: ``parse_action(str(a)) == a``.

=================================  ==============================================
text                               meaning
=================================  ==============================================
``draw``                           take the top card of the stock
``take``                           take the top discard
``take 2``                         take the top two discards (Boathouse)
``take draw``                      take the top discard and the top of the stock
                                   (Boathouse)
``take 3 meld 7H 8H 9H``           dig 3 deep into the pile; the deepest card
                                   taken goes at once into that meld (500 Rum,
                                   Thai); ``take meld ...`` for the top card
``take 3 layoff 9H on 2``          the same, the deepest card laid off at once
``pick 7H``                        take one named visible discard (throw-down)
``meld 7H 8H JK=9H``               lay a meld on the table; a wild states what it
                                   stands for
``meld 7H 8H 9H + QS QH QD``       several melds at once (an initial meld that
                                   must reach a threshold)
``layoff 9H on 2``                 lay a card off onto table meld number 2
``swap 8H on 2``                   give the natural card for the wild in meld 2
``borrow 7H from 2 meld 7H 7S 7D`` take a card from meld 2 into a new meld
``discard QS``                     discard, ending the turn
``knock QS``                       knock, discarding QS face down; ``knock`` alone
                                   goes out with every card melded (big gin);
                                   the knocker's melds are the default
                                   arrangement (the engine's best)
``knock QS melds 2C 2D 2H +        knock showing these melds (the knocker's
4S 5S 6S``                         choice decides what may be laid off)
``declare 7H 8H 9H + ... discard   show the whole hand at once (and discard)
5C``
``call 9H on 2``                   out of turn: claim the discard 9H to lay it off
                                   onto meld 2 (Call Rummy)
``pass``                           decline: an offered upcard, a claim, further
                                   lay-offs; or pass a turn when the stock is out
``drop``                           concede the hand (Indian first/middle drop)
=================================  ==============================================

Table melds are numbered from 1 in the order they were laid down. Cards are
written in card notation (``7H``, ``TS``, ``JK``); a wild card standing for a
different card is written ``JK=9H``. Melds are separated by ``+`` (a comma
is read as ``+``).

Digging by card: ``take 5C meld 4C 5C 6C`` names the deepest card taken
instead of the depth; it reads as the same action as ``take 3 meld ...``
when 5C lies third from the top. The canonical text (``str``) is the depth
form, which needs no pile to be read; :meth:`rummykit.Hand.apply` accepts
both (a card that lies in the pile twice, with two decks, means the copy
nearest the top).

>>> a = parse_action("take 3 meld 7h 8h jk=9h")
>>> a
Action.parse('take 3 meld 7H 8H JK=9H')
>>> parse_action(str(a)) == a
True
>>> str(parse_action("layoff 10H on 2"))
'layoff TH on 2'
>>> str(parse_action("knock QS melds 2c 2d 2h, 4S 5S 6S"))
'knock QS melds 2C 2D 2H + 4S 5S 6S'
>>> str(parse_action("take 5C meld 4C 5C 6C"))
'take 5C meld 4C 5C 6C'
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

import attrs

from rummykit.cards import Card, parse_card, short_repr
from rummykit.errors import ArgumentError, NotationError

__all__ = [
    "Action",
    "Borrow",
    "Call",
    "Declare",
    "Discard",
    "Draw",
    "Drop",
    "Group",
    "Knock",
    "Layoff",
    "MeldAction",
    "Pass",
    "Pick",
    "Swap",
    "Take",
    "check_action",
    "format_group",
    "parse_action",
    "parse_group",
]

Slot: TypeAlias = tuple[Card, Card | None]
"""One card of a meld: the physical card and, for a wild standing for another
card, the natural card it stands for (None otherwise)."""

Group: TypeAlias = tuple[Slot, ...]
"""A meld as written in an action, in meld order."""


def format_slot(slot: Slot) -> str:
    card, rep = slot
    return str(card) if rep is None else f"{card}={rep}"


def format_group(group: Group) -> str:
    """A group in notation: ``7H 8H JK=9H``.

    >>> format_group(parse_group("7h 8h jk=9h"))
    '7H 8H JK=9H'
    """
    return " ".join(format_slot(s) for s in group)


def _parse_slot(token: str) -> Slot:
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
    return tuple(_parse_slot(t) for t in tokens)


def _group_cards(group: Group) -> tuple[Card, ...]:
    return tuple(c for c, _ in group)


class Action:
    """Base of every action. Subclasses are frozen attrs classes.

    ``Action.parse(text)`` is :func:`parse_action`.
    """

    __slots__ = ()
    word: str = ""
    order: int = 0
    """Rank of the action kind in the canonical order of legal actions."""

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action; see :func:`parse_action`."""
        return parse_action(text)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def cards(self) -> tuple[Card, ...]:
        """The cards named by the action (for messages and checks)."""
        return ()


@attrs.frozen(repr=False, cache_hash=True)
class Draw(Action):
    """Take the top card of the stock."""

    word = "draw"
    order = 0

    def __str__(self) -> str:
        return "draw"


@attrs.frozen(repr=False, cache_hash=True)
class MeldAction(Action):
    """Lay one meld (or, for an initial meld, several) on the table."""

    groups: tuple[Group, ...]
    word = "meld"
    order = 10

    def __str__(self) -> str:
        return "meld " + " + ".join(format_group(g) for g in self.groups)

    def cards(self) -> tuple[Card, ...]:
        return tuple(c for g in self.groups for c, _ in g)


@attrs.frozen(repr=False, cache_hash=True)
class Layoff(Action):
    """Add a card to table meld ``target`` (numbered from 1)."""

    card: Card
    target: int
    stands_for: Card | None = None
    word = "layoff"
    order = 11

    def __str__(self) -> str:
        return f"layoff {format_slot((self.card, self.stands_for))} on {self.target}"

    def cards(self) -> tuple[Card, ...]:
        return (self.card,)


@attrs.frozen(repr=False, cache_hash=True)
class Take(Action):
    """Take from the discard pile: the top ``depth`` cards, optionally the top
    of the stock too, and optionally use the deepest card at once."""

    depth: int = 1
    and_draw: bool = False
    then: MeldAction | Layoff | None = None
    down_to: Card | None = None
    """The deepest card taken, named instead of the depth (``take 5C meld
    ...``); :meth:`rummykit.Hand.apply` reads it as the depth where that card
    lies. Listed legal actions use the depth (the canonical form); with a
    card named, ``depth`` is 1."""
    word = "take"
    order = 1

    def __attrs_post_init__(self) -> None:
        if self.down_to is not None and not isinstance(self.down_to, Card):
            raise NotationError(f"take: the card dug to must be a Card, got {self.down_to!r}")
        if self.down_to is not None and self.depth != 1:
            object.__setattr__(self, "depth", 1)

    def __str__(self) -> str:
        parts = ["take"]
        if self.and_draw:
            parts.append("draw")
        if self.down_to is not None:
            parts.append(str(self.down_to))
        elif self.depth != 1:
            parts.append(str(self.depth))
        if self.then is not None:
            parts.append(str(self.then))
        return " ".join(parts)

    def cards(self) -> tuple[Card, ...]:
        return self.then.cards() if self.then is not None else ()


@attrs.frozen(repr=False, cache_hash=True)
class Pick(Action):
    """Take one named visible discard (throw-down), optionally using it at once."""

    card: Card
    then: MeldAction | Layoff | None = None
    word = "pick"
    order = 2

    def __str__(self) -> str:
        text = f"pick {self.card}"
        return text if self.then is None else f"{text} {self.then}"

    def cards(self) -> tuple[Card, ...]:
        return (self.card,)


@attrs.frozen(repr=False, cache_hash=True)
class Swap(Action):
    """Give natural card(s) for the wild in table meld ``target`` and take the wild."""

    given: tuple[Card, ...]
    target: int
    word = "swap"
    order = 12

    def __str__(self) -> str:
        return f"swap {' '.join(str(c) for c in self.given)} on {self.target}"

    def cards(self) -> tuple[Card, ...]:
        return self.given


@attrs.frozen(repr=False, cache_hash=True)
class Borrow(Action):
    """Take ``card`` from table meld ``source`` and use it at once in a new meld."""

    card: Card
    source: int
    meld: Group
    word = "borrow"
    order = 13

    def __str__(self) -> str:
        return f"borrow {self.card} from {self.source} meld {format_group(self.meld)}"

    def cards(self) -> tuple[Card, ...]:
        return _group_cards(self.meld)


@attrs.frozen(repr=False, cache_hash=True)
class Discard(Action):
    """Discard a card, ending the turn."""

    card: Card
    word = "discard"
    order = 20

    def __str__(self) -> str:
        return f"discard {self.card}"

    def cards(self) -> tuple[Card, ...]:
        return (self.card,)


@attrs.frozen(repr=False, cache_hash=True)
class Knock(Action):
    """Knock, discarding ``card`` face down (None: big gin, no discard),
    showing ``melds`` (None: the default arrangement, the engine's best)."""

    card: Card | None = None
    melds: tuple[Group, ...] | None = None
    word = "knock"
    order = 21

    def __attrs_post_init__(self) -> None:
        if self.melds is None:
            return
        ok = isinstance(self.melds, tuple) and bool(self.melds)
        for g in self.melds if ok else ():
            ok = ok and isinstance(g, tuple) and bool(g)
            for slot in g if ok else ():
                ok = ok and isinstance(slot, tuple) and len(slot) == 2 and isinstance(slot[0], Card)
                ok = ok and (slot[1] is None or isinstance(slot[1], Card))
        if not ok:
            raise NotationError(
                f"knock: melds must be groups of (card, stands for) slots, got {self.melds!r}"
            )

    def __str__(self) -> str:
        text = "knock" if self.card is None else f"knock {self.card}"
        if self.melds is None:
            return text
        return f"{text} melds " + " + ".join(format_group(g) for g in self.melds)

    def cards(self) -> tuple[Card, ...]:
        out = [] if self.card is None else [self.card]
        for g in self.melds or ():
            out.extend(c for c, _ in g)
        return tuple(out)


@attrs.frozen(repr=False, cache_hash=True)
class Declare(Action):
    """Show the whole hand at once as ``groups``, with an optional final discard."""

    groups: tuple[Group, ...]
    discard: Card | None = None
    word = "declare"
    order = 22

    def __str__(self) -> str:
        text = "declare " + " + ".join(format_group(g) for g in self.groups)
        return text if self.discard is None else f"{text} discard {self.discard}"

    def cards(self) -> tuple[Card, ...]:
        out = [c for g in self.groups for c, _ in g]
        if self.discard is not None:
            out.append(self.discard)
        return tuple(out)


@attrs.frozen(repr=False, cache_hash=True)
class Call(Action):
    """Out of turn: claim the discard ``card`` to lay it off onto meld ``target``."""

    card: Card
    target: int
    stands_for: Card | None = None
    word = "call"
    order = 30

    def __str__(self) -> str:
        return f"call {format_slot((self.card, self.stands_for))} on {self.target}"

    def cards(self) -> tuple[Card, ...]:
        return (self.card,)


@attrs.frozen(repr=False, cache_hash=True)
class Pass(Action):
    """Decline (an upcard, a claim, more lay-offs) or pass a turn."""

    word = "pass"
    order = 40

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(repr=False, cache_hash=True)
class Drop(Action):
    """Concede the hand (Indian first or middle drop)."""

    word = "drop"
    order = 41

    def __str__(self) -> str:
        return "drop"


DRAW = Draw()
PASS = Pass()
DROP = Drop()
TAKE = Take()


# --------------------------------------------------------------------------- parsing


MAX_NUMBER_DIGITS = 4
"""The most digits a number in an action may have (depths and table meld
numbers are small: a longer number is refused before it is read)."""

MAX_ACTION_TEXT = 2000
"""The longest action text read (a declaration of a long hand is far shorter)."""


def _bad(text: str, why: str) -> NotationError:
    shown = text if len(text) <= 80 else text[:77] + "..."
    return NotationError(f"bad action {shown!r}: {why}")


def _is_number(token: str) -> bool:
    """Whether ``token`` looks like a number (any Unicode digit), so that a
    non-ASCII one is refused as a number rather than read as something else."""
    return token.isdigit() or token.isdecimal() or token.isnumeric()


def _number(token: str, text: str, what: str) -> int:
    """Read a number: ASCII digits ``0-9`` only, at most
    :data:`MAX_NUMBER_DIGITS` of them (``int()`` would read ``١`` as 1 and
    crash on ``²``)."""
    shown = token if len(token) <= 12 else token[:9] + "..."
    if not (token.isascii() and token.isdigit()):
        raise _bad(text, f"expected {what} (a number from 1 in digits 0-9), got {shown!r}")
    if len(token) > MAX_NUMBER_DIGITS:
        raise _bad(text, f"{what} {shown!r} is too long (at most {MAX_NUMBER_DIGITS} digits)")
    value = int(token)
    if value < 1:
        raise _bad(text, f"expected {what} (a number from 1), got {shown!r}")
    return value


def _groups(tokens: list[str], text: str) -> tuple[Group, ...]:
    groups: list[list[str]] = [[]]
    for t in tokens:
        if t == "+":
            groups.append([])
        else:
            groups[-1].append(t)
    if any(not g for g in groups):
        raise _bad(text, "every meld needs cards (melds are separated by '+')")
    return tuple(parse_group(g) for g in groups)


def _on(tokens: list[str], text: str, word: str) -> tuple[Slot, int]:
    if len(tokens) != 3 or tokens[1] != "on":
        raise _bad(text, f"expected '{word} CARD on N'")
    return _parse_slot(tokens[0]), _number(tokens[2], text, "a table meld number")


def _then(tokens: list[str], text: str) -> MeldAction | Layoff | None:
    if not tokens:
        return None
    if tokens[0] == "meld":
        return MeldAction(_groups(tokens[1:], text))
    if tokens[0] == "layoff":
        (card, rep), target = _on(tokens[1:], text, "layoff")
        return Layoff(card, target, rep)
    raise _bad(text, f"expected 'meld ...' or 'layoff ...' after the cards taken, got {tokens[0]!r}")


_KEYWORDS = frozenset(
    [
        "borrow",
        "call",
        "declare",
        "discard",
        "draw",
        "drop",
        "from",
        "knock",
        "layoff",
        "meld",
        "melds",
        "on",
        "pass",
        "pick",
        "swap",
        "take",
    ]
)


def parse_action(text: str) -> Action:
    """Read an action in rummykit notation (see the module's table).

    Words and cards are case-insensitive; ``10`` may stand for ``T``. Raises
    :class:`~rummykit.NotationError` naming the problem.

    >>> parse_action("Discard 10s")
    Action.parse('discard TS')
    >>> parse_action("fold")
    Traceback (most recent call last):
    ...
    rummykit.errors.NotationError: bad action 'fold': unknown word 'fold' (expected one of borrow, call, declare, discard, draw, drop, knock, layoff, meld, pass, pick, swap, take)
    """
    if not isinstance(text, str):
        raise ArgumentError(f"parse_action: text must be a str, got {short_repr(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise _bad(text, f"too long ({len(text)} characters; at most {MAX_ACTION_TEXT})")
    raw = text.replace("+", " + ").replace(",", " + ")
    tokens = [t.lower() if t.lower() in _KEYWORDS else t for t in raw.split()]
    if not tokens:
        raise _bad(text, "empty")
    word, rest = tokens[0].lower(), tokens[1:]
    simple = {"draw": DRAW, "pass": PASS, "drop": DROP}
    if word in simple:
        if rest:
            raise _bad(text, f"'{word}' takes nothing after it")
        return simple[word]
    if word == "take":
        and_draw = bool(rest) and rest[0] == "draw"
        if and_draw:
            rest = rest[1:]
        depth = 1
        if rest and _is_number(rest[0]):
            depth = _number(rest[0], text, "a depth")
            rest = rest[1:]
        elif rest and rest[0] not in ("meld", "layoff"):
            card = parse_card(rest[0])
            return Take(1, and_draw, _then(rest[1:], text), card)
        return Take(depth, and_draw, _then(rest, text))
    if word == "pick":
        if not rest:
            raise _bad(text, "expected 'pick CARD'")
        return Pick(parse_card(rest[0]), _then(rest[1:], text))
    if word == "meld":
        return MeldAction(_groups(rest, text))
    if word in ("layoff", "call"):
        (card, rep), target = _on(rest, text, word)
        return Layoff(card, target, rep) if word == "layoff" else Call(card, target, rep)
    if word == "swap":
        if len(rest) < 3 or rest[-2] != "on":
            raise _bad(text, "expected 'swap CARD on N'")
        return Swap(tuple(parse_card(t) for t in rest[:-2]), _number(rest[-1], text, "a table meld number"))
    if word == "borrow":
        if len(rest) < 5 or rest[1] != "from" or rest[3] != "meld":
            raise _bad(text, "expected 'borrow CARD from N meld CARDS'")
        return Borrow(
            parse_card(rest[0]), _number(rest[2], text, "a table meld number"), parse_group(rest[4:])
        )
    if word == "discard":
        if len(rest) != 1:
            raise _bad(text, "expected 'discard CARD'")
        return Discard(parse_card(rest[0]))
    if word == "knock":
        melds: tuple[Group, ...] | None = None
        if "melds" in rest:
            i = rest.index("melds")
            melds = _groups(rest[i + 1 :], text)
            rest = rest[:i]
        if len(rest) > 1:
            raise _bad(text, "expected 'knock CARD', 'knock' or 'knock CARD melds CARDS + CARDS'")
        return Knock(parse_card(rest[0]) if rest else None, melds)
    if word == "declare":
        discard: Card | None = None
        if "discard" in rest:
            i = rest.index("discard")
            if len(rest) != i + 2:
                raise _bad(text, "expected one card after 'discard'")
            discard = parse_card(rest[i + 1])
            rest = rest[:i]
        return Declare(_groups(rest, text), discard)
    words = "borrow, call, declare, discard, draw, drop, knock, layoff, meld, pass, pick, swap, take"
    raise _bad(text, f"unknown word {word!r} (expected one of {words})")


def as_action(action: Action | str) -> Action:
    """An action, parsing text; an :class:`Action` object is checked first
    (see :func:`check_action`)."""
    if isinstance(action, Action):
        check_action(action)
        return action
    if not isinstance(action, str):
        raise ArgumentError(f"action must be an Action or its text, got {short_repr(action)}")
    return parse_action(action)


MAX_NUMBER = 10**MAX_NUMBER_DIGITS - 1
"""The largest number an action may hold (a depth, a table meld number)."""


def check_action(action: Action) -> None:
    """Check that an :class:`Action` built in code has fields of the right
    types, as the parser would have built them: cards are :class:`Card`
    objects, numbers are ints from 1 to :data:`MAX_NUMBER`, flags are bools,
    melds are non-empty tuples of ``(card, stands_for)`` pairs.

    Raises :class:`~rummykit.NotationError` naming the field.

    >>> check_action(Take(depth="2"))
    Traceback (most recent call last):
    ...
    rummykit.errors.NotationError: malformed action Take: depth must be an int, got '2'
    """
    if type(action) not in _HINTS:
        if not isinstance(action, Action) or not attrs.has(type(action)):
            raise NotationError(f"malformed action: {short_repr(action)} is not a rummykit action")
        _HINTS[type(action)] = typing.get_type_hints(type(action))
    hints = _HINTS[type(action)]
    for field in attrs.fields(type(action)):  # type: ignore[arg-type]
        want = hints.get(field.name)
        if want is None:
            continue
        why = _type_problem(getattr(action, field.name), want, 0)
        if why is not None:
            raise NotationError(f"malformed action {type(action).__name__}: {field.name} {why}")


_HINTS: dict[type, dict[str, Any]] = {}


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
