"""The converter between the engine's values and JSON-ready data (cards,
melds and actions in notation, enums as their values, strict types): the
machinery under :mod:`rummykit.engine.serialization` and
:meth:`rummykit.View.to_data`. Readers raise :class:`~rummykit.DataError`
naming the key path.

>>> from rummykit.cards import Card
>>> CONVERTER.unstructure(Card.parse("7H"))
'7H'
"""

from __future__ import annotations

import enum
import re
import typing
from collections.abc import Callable
from typing import Any

import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.preconf.json import make_converter

from rummykit.cards import CARD_NOTATION, Card, Rank, canonical_card, parse_card, short_repr
from rummykit.engine.actions import Action, parse_action
from rummykit.engine.phase import Phase, TableMeld
from rummykit.errors import DataError, NotationError, RummyError
from rummykit.melds import Meld
from rummykit.settlement import ScoreUnits, Settlement, Termination

__all__ = [
    "ACTION_GRAMMAR",
    "ACTION_PATTERN",
    "CARD_PATTERN",
    "CONVERTER",
    "DATA_VERSION",
    "MELD_PATTERN",
    "RECORD_RESULT",
    "action_pattern",
    "check_header",
    "read_action",
    "structure",
]

DATA_VERSION = 1
"""The version of the view, action and settlement formats."""


# --------------------------------------------------------------------------- the converter


def _build() -> cattrs.Converter:
    c = make_converter(forbid_extra_keys=True)
    for e in (Phase, Termination):  # plain strings, not StrEnum members, in the dicts
        c.register_unstructure_hook(e, _enum_value)
        c.register_structure_hook(e, _enum_reader(e))
    c.register_unstructure_hook(ScoreUnits, _enum_value)
    c.register_structure_hook(ScoreUnits, _enum_reader(ScoreUnits))
    c.register_unstructure_hook(Card, str)
    c.register_structure_hook(Card, lambda d, _: _card(d))
    c.register_unstructure_hook(Rank, lambda r: r.letter)
    c.register_structure_hook(Rank, lambda d, _: _rank(d))
    ranks = frozenset[Rank]
    c.register_unstructure_hook_func(lambda t: t == ranks, lambda s: [r.letter for r in sorted(s)])
    c.register_structure_hook_func(lambda t: t == ranks, lambda d, _: _ranks(d))
    c.register_unstructure_hook(Meld, str)
    c.register_structure_hook(Meld, lambda d, _: _meld(d))
    c.register_unstructure_hook(Action, str)
    c.register_structure_hook(Action, lambda d, _: read_action(d))
    c.register_unstructure_hook(
        TableMeld,
        lambda t: {
            "owner": t.owner,
            "meld": str(t.meld),
            "laid": [{"card": str(x), "seat": s} for x, s in t.laid],
        },
    )
    c.register_structure_hook(TableMeld, _table_meld)
    # A record's result is the settlement in its compact record form (Settlement.to_json).
    c.register_structure_hook_func(lambda t: t == RECORD_RESULT, _record_result)
    return c


RECORD_RESULT = Settlement | None


def _record_result(d: Any, _: Any) -> Settlement | None:
    if d is None:
        return None
    if not isinstance(d, dict):
        raise DataError(f"expected an object or null, got {type(d).__name__}")
    try:
        return Settlement.from_json(d)
    except RummyError as exc:
        raise DataError(str(exc)) from None


def _enum_value(e: enum.Enum) -> Any:
    return e.value


def _enum_reader(cls: type[enum.Enum]) -> Callable[[Any, Any], Any]:
    def read(d: Any, _: Any) -> Any:
        try:
            return cls(_string(d))
        except ValueError:
            raise ValueError(f"{d!r} is not one of {', '.join(repr(m.value) for m in cls)}") from None

    return read


def _string(d: Any) -> str:
    if not isinstance(d, str):
        raise TypeError(f"expected a string, got {type(d).__name__}")
    return d


def _list(d: Any) -> list[Any]:
    if not isinstance(d, list | tuple):
        raise TypeError(f"expected a list, got {type(d).__name__}")
    return list(d)


def _int(d: Any) -> int:
    if isinstance(d, float) and d.is_integer():  # JSON's 3.0 is the integer 3, as a schema says
        return int(d)
    if not isinstance(d, int) or isinstance(d, bool):
        raise TypeError(f"expected an integer, got {type(d).__name__}")
    return d


# The notation in JSON data, as regular expressions that mean the same in
# ECMA-262 (JSON Schema) and Python: canonical forms only (the data writers'
# output: upper case, single spaces, T for ten), each read by the notation's
# parser. A pattern ends with (?![\s\S]), the end of the text in both
# (Python's $ also matches before a final newline).
_C = CARD_NOTATION
_NAT = "[A2-9TJQK][CDHS]"
_SLOT = f"{_C}(?:={_NAT})?"
_GROUP = f"{_SLOT}(?: {_SLOT})*"
_GROUPS = f"{_GROUP}(?: \\+ {_GROUP})*"
_NUM = "[1-9][0-9]{0,3}"
_THEN = f"(?: meld {_GROUPS}| layoff {_SLOT} on {_NUM})?"
ACTION_GRAMMAR: dict[str, str] = {
    "draw": "draw",
    "take": f"take(?: draw)?(?: (?:{_NUM}|{_C}))?{_THEN}",
    "pick": f"pick {_C}{_THEN}",
    "pickup": f"pickup(?: meld {_GROUPS}| layoff {_SLOT} on {_NUM})?",
    "meld": f"meld {_GROUPS}",
    "layoff": f"layoff {_SLOT} on {_NUM}",
    "swap": f"swap {_C}(?: {_C})* on {_NUM}",
    "borrow": f"borrow {_C} from {_NUM} meld {_GROUP}",
    "combine": f"combine {_NUM} into {_NUM}",
    "discard": f"discard {_C}",
    "knock": f"knock(?: {_C})?(?: melds {_GROUPS})?",
    "declare": f"declare {_GROUPS}(?: discard {_C})?",
    "call": f"call {_SLOT} on {_NUM}",
    "fight": "fight",
    "fold": "fold",
    "buy": "buy",
    "ask": "ask",
    "yes": "yes",
    "no": "no",
    "pass": "pass",
    "drop": "drop",
}
"""Each action kind's canonical notation (a regular expression, by its word).
A new action kind adds its line here (a test checks that every kind has one)."""
_END = "(?![\\s\\S])"


def _meld_pattern() -> str:
    """A meld as :meth:`rummykit.Meld.parse` reads it: cards, each wild with
    what it stands for (a joker always), the cards stood for of one rank (a
    set) or of one suit with no rank twice (a run; the lookahead, one per
    suit, refuses a represented card that comes again)."""
    ranks = "[A2-9TJQK]"

    def slots(stood_for: str) -> str:
        one = f"(?:{stood_for}|{_C}={stood_for})"
        return f"{one}(?: {one})*"

    sets = [slots(f"{r}[CDHS]") for r in "A23456789TJQK"]
    runs = [
        f"(?![\\s\\S]*(?:^| |=)({ranks}){s}(?![^ ])[\\s\\S]*(?: |=)\\{i}{s}(?![^ ]))" + slots(f"{ranks}{s}")
        for i, s in enumerate("CDHS", 1)
    ]
    return "^(?:" + "|".join([*sets, *runs]) + ")" + _END


MELD_PATTERN = _meld_pattern()
"""A meld in data: cards, each wild with what it stands for (``7H 8H JK=9H``)."""
CARD_PATTERN = f"^{_C}{_END}"


def action_pattern(words: Any = None) -> str:
    chosen = ACTION_GRAMMAR if words is None else {w: ACTION_GRAMMAR[w] for w in words}
    return "^(?:" + "|".join(chosen.values()) + ")" + _END


ACTION_PATTERN = action_pattern()
"""An action in data: any kind's canonical notation."""
_ACTION_RE = re.compile(ACTION_PATTERN)
_MELD_RE = re.compile(MELD_PATTERN)


def _card(d: Any) -> Card:
    card = canonical_card(_string(d))
    if card is None:
        written = parse_card(d)  # a NotationError names what cannot be read
        raise ValueError(f"card {short_repr(d)} is not in canonical notation (write {str(written)!r})")
    return card


def _rank(d: Any) -> Rank:
    text = _string(d)
    if text not in _RANK_LETTERS:
        raise ValueError(f"{short_repr(d)} is not a rank letter (A 2-9 T J Q K)")
    return Rank.parse(text)


def _ranks(d: Any) -> frozenset[Rank]:
    items = _list(d)
    ranks = frozenset(_rank(x) for x in items)
    if len(ranks) != len(items):
        raise ValueError("a rank is listed twice")
    return ranks


def _meld(d: Any) -> Meld:
    text = _string(d)
    meld = Meld.parse(text)  # a NotationError names what cannot be read
    if _MELD_RE.search(text) is None:
        raise ValueError(f"meld {short_repr(d)} is not in canonical notation (write {str(meld)!r})")
    return meld


def read_action(d: Any) -> Action:
    text = _string(d)
    a = parse_action(text)  # a NotationError names what cannot be read
    if _ACTION_RE.search(text) is None:
        raise ValueError(f"{short_repr(d)} is not in canonical notation (write {str(a)!r})")
    return a


def _table_meld(d: Any, _: Any) -> TableMeld:
    if not isinstance(d, dict) or set(d) - {"owner", "meld", "laid"} or not {"owner", "meld"} <= set(d):
        raise TypeError("expected {owner, meld, laid}")
    laid = []
    for x in _list(d.get("laid", [])):
        if not isinstance(x, dict) or set(x) != {"card", "seat"}:
            raise TypeError("a laid-off card is {card, seat}")
        laid.append((_card(x["card"]), _int(x["seat"])))
    return TableMeld(_int(d["owner"]), _meld(d["meld"]), tuple(laid))


CONVERTER = _build()


def _strict_ints(conv: cattrs.Converter) -> None:
    """JSON numbers must be integers where ints are expected (no 1.5, no "3", no true)."""
    conv.register_structure_hook(int, lambda d, _: _int(d))
    conv.register_structure_hook(bool, lambda d, _: _bool(d))
    conv.register_structure_hook(str, lambda d, _: _string(d))


def _bool(d: Any) -> bool:
    if not isinstance(d, bool):
        raise TypeError(f"expected true or false, got {type(d).__name__}")
    return d


_strict_ints(CONVERTER)
_RANK_LETTERS = frozenset(r.letter for r in Rank)


def _is_sequence(t: Any) -> bool:
    return typing.get_origin(t) in (tuple, list) and t != frozenset[Rank]


def _sequence_hook(t: Any) -> Callable[[Any, Any], Any]:
    """Lists only (a JSON string is not a list of its characters); errors
    carry the index, as cattrs' own do."""
    args = typing.get_args(t)
    homogeneous = len(args) == 2 and args[1] is Ellipsis
    make = tuple if typing.get_origin(t) is tuple else list

    def read(d: Any, _: Any) -> Any:
        if not isinstance(d, list | tuple):
            raise TypeError(f"expected a list, got {type(d).__name__}")
        if not homogeneous and len(d) != len(args):
            raise ValueError(f"expected a list of {len(args)} items, got {len(d)}")
        out: list[Any] = []
        errors: list[Exception] = []
        for i, x in enumerate(d):
            tp = args[0] if homogeneous else args[i]
            try:
                out.append(CONVERTER.get_structure_hook(tp)(x, tp))
            except Exception as exc:
                exc.__notes__ = [
                    *getattr(exc, "__notes__", []),
                    IterableValidationNote(f"@ index {i}", i, tp),
                ]
                errors.append(exc)
        if errors:
            raise IterableValidationError(f"While structuring {t!r}", errors, t)
        return make(out)

    return read


CONVERTER.register_structure_hook_factory(_is_sequence, _sequence_hook)


def _errors(exc: BaseException, what: str) -> DataError:
    if isinstance(exc, cattrs.BaseValidationError):
        lines = cattrs.transform_error(exc, path=what, format_exception=_format_exception)
        return DataError("; ".join(lines))
    return DataError(f"{what}: {exc}")


def _format_exception(exc: BaseException, tp: Any) -> str:
    if isinstance(exc, NotationError | TypeError | ValueError) and not isinstance(exc, KeyError) and str(exc):
        return str(exc)
    return cattrs.v.format_exception(exc, tp)


def check_header(data: Any, fmt: str, version: int, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise DataError(f"{what}: expected a JSON object, got {type(data).__name__}")
    if data.get("format") != fmt:
        raise DataError(f"{what}: not a {fmt} (its format is {data.get('format')!r})")
    found = data.get("version")
    if isinstance(found, bool) or not isinstance(found, int | float) or found != version:
        raise DataError(f"{what}: version {data.get('version')!r} is not supported (expected {version})")
    return {k: v for k, v in data.items() if k not in ("format", "version")}


def structure(body: dict[str, Any], cls: type[Any], what: str) -> Any:
    try:
        return CONVERTER.structure(body, cls)
    except (cattrs.BaseValidationError, NotationError, TypeError, ValueError, KeyError) as exc:
        raise _errors(exc, what) from None
