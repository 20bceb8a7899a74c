"""State as data for a game server: views, actions, settlements and records
as JSON-ready dicts, each with a JSON Schema and a format version.

Every dict carries ``"format"`` (``rummykit-view``, ``rummykit-action``,
``rummykit-settlement``, ``rummykit-record``) and ``"version"``; readers
refuse another format or version, unknown keys and wrong types with a
:class:`DataError` naming the key path. Cards, melds and actions are written
in the library's notation (``"7H"``, ``"7H 8H JK=9H"``, ``"discard QS"``).

A server sends a seat :func:`view_to_data` of ``hand.view(seat)`` (its legal
actions included when it is to act) and reads the reply with
:func:`action_from_data`, which accepts an action dict or plain text.

>>> import json, rummykit as rk
>>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=5)
>>> msg = json.loads(json.dumps(view_to_data(h.view(1))))
>>> msg["format"], msg["version"], msg["phase"], msg["legal"]
('rummykit-view', 1, 'offer', ['take', 'pass'])
>>> view_to_data(view_from_data(msg)) == msg
True
>>> action_from_data({"format": "rummykit-action", "version": 1, "action": "pass"})
Action.parse('pass')
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs

from rummykit.cards import Card, Rank, short_repr
from rummykit.engine.actions import MAX_ACTION_TEXT, Action, parse_action
from rummykit.engine.convert import (
    ACTION_GRAMMAR,
    ACTION_PATTERN,
    CARD_PATTERN,
    CONVERTER,
    DATA_VERSION,
    MELD_PATTERN,
    RECORD_RESULT,
    action_pattern,
    check_header,
    read_action,
    structure,
)
from rummykit.engine.phase import TableMeld
from rummykit.engine.record import FORMAT as RECORD_FORMAT
from rummykit.engine.record import VERSION as RECORD_VERSION
from rummykit.engine.view import View
from rummykit.errors import DataError, NotationError
from rummykit.melds import Meld
from rummykit.settlement import ScoreUnits, Settlement, Termination

__all__ = [
    "DATA_VERSION",
    "DataError",
    "RecordData",
    "action_from_data",
    "action_to_data",
    "data_schema",
    "record_from_data",
    "record_to_data",
    "settlement_from_data",
    "settlement_to_data",
    "view_from_data",
    "view_to_data",
]

_SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema"


@attrs.frozen(kw_only=True)
class RecordDeal:
    """A stacked deal in a record: card lists in notation (``stock`` top first)."""

    hands: tuple[str, ...]
    discard: str = ""
    stock: str = ""
    cut: str = ""
    reshuffles: tuple[str, ...] | None = None
    """Each later reshuffle of an unseeded hand's stock, in order (top first);
    absent for seeded and stacked deals."""
    second: tuple[str, ...] | None = None
    """Each seat's second hand (a foot, a morto), where the variant deals one."""


@attrs.frozen(kw_only=True)
class RecordCommitment:
    """A record's commitment to its deal: the SHA-256 (hex) of ``salt`` and the
    canonical deal; the salt only in the full record (see :func:`rummykit.check_commitment`)."""

    alg: str
    hash: str
    salt: str | None = None


@attrs.frozen(kw_only=True)
class RecordSignature:
    """A signed record's HMAC (``alg`` ``"hmac-sha256"``, ``mac`` in hex)."""

    alg: str
    mac: str


@attrs.frozen(kw_only=True)
class RecordData:
    """The game record dict of :meth:`rummykit.Hand.record`, as it is today
    (format ``rummykit-record``, version 1): ``variant`` is a built-in name or
    TOML text; ``seed`` the deal's seed; ``deal`` a stacked deal where there
    is no seed to rebuild it from (an unseeded, safe deal: the dealt order);
    ``dealt`` the deal a seed gives (checked on replay); ``position`` the full
    position text a hand built with :func:`rummykit.from_position` started
    from; ``actions`` in notation; ``result`` the settlement (null while the
    hand goes on)."""

    variant: str
    players: int
    dealer: int = 0
    deal_number: int = 1
    seed: int | None = None
    deal: RecordDeal | None = None
    dealt: RecordDeal | None = None
    position: str | None = None
    actions: tuple[str, ...] = ()
    result: Settlement | None = None
    commitment: RecordCommitment | None = None
    signature: RecordSignature | None = None


# --------------------------------------------------------------------------- public converters


def view_to_data(view: View) -> dict[str, Any]:
    """A seat's view as a JSON-ready dict (format ``rummykit-view``); its
    ``legal`` list holds the actions in notation when the seat is to act.

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("straight"), players=2, seed=1)
    >>> data = view_to_data(h.view(1))
    >>> data["hand"][:3], data["legal"], data["stock_count"]
    (['AC', '9C', 'TC'], ['draw', 'take'], 31)
    """
    return view.to_data()


def view_from_data(data: Any) -> View:
    """Read :func:`view_to_data` output (raises :class:`DataError`)."""
    return View.from_data(data)


def action_to_data(action: Action | str) -> dict[str, Any]:
    """An action as a JSON-ready dict: its canonical text and its kind.

    >>> action_to_data("discard qs")
    {'format': 'rummykit-action', 'version': 1, 'action': 'discard QS', 'kind': 'discard'}
    """
    a = action if isinstance(action, Action) else parse_action(action)
    return {"format": "rummykit-action", "version": DATA_VERSION, "action": str(a), "kind": str(a).split()[0]}


def action_from_data(data: Any) -> Action:
    """Read an action sent back by a client: an action dict
    (:func:`action_to_data`; ``kind`` may be left out), whose ``action`` is
    in canonical notation as its schema says (``discard QS``), or plain text,
    read as tolerantly as :func:`rummykit.parse_action` reads it (``discard
    qs``; plain text is no ``rummykit-action`` message and has no schema).

    Only the notation is checked here; ``hand.apply`` decides legality.
    Raises :class:`DataError`.

    >>> action_from_data("Discard qs")
    Action.parse('discard QS')
    >>> action_from_data({"format": "rummykit-action", "version": 1, "action": "discard qs"})
    Traceback (most recent call last):
    ...
    rummykit.errors.DataError: action.action: 'discard qs' is not in canonical notation (write 'discard QS')
    """
    if isinstance(data, str):
        text = data
    else:
        body = check_header(data, "rummykit-action", DATA_VERSION, "action")
        extra = set(body) - {"action", "kind"}
        if extra:
            raise DataError(f"action: unknown key {sorted(extra)[0]!r}")
        found = body.get("action")
        if not isinstance(found, str):
            raise DataError("action.action: expected the action in notation, like 'discard QS'")
        try:
            a = read_action(found)
        except (NotationError, ValueError) as exc:
            raise DataError(f"action.action: {exc}") from None
        if "kind" in body and body["kind"] != a.word:
            raise DataError(f"action.kind: {short_repr(body['kind'])} does not match the action {str(a)!r}")
        return a
    if len(text) > 4096:
        raise DataError("action: the text is too long")
    try:
        return parse_action(text)
    except NotationError as exc:
        raise DataError(f"action.action: {exc}") from None


def settlement_to_data(s: Settlement) -> dict[str, Any]:
    """A settlement as a JSON-ready dict (format ``rummykit-settlement``).

    >>> import rummykit as rk
    >>> s = rk.Settlement(how=rk.Termination.GIN, scores=(0, 31), winners=(1,))
    >>> data = settlement_to_data(s)
    >>> data["how"], data["scores"], settlement_from_data(data) == s
    ('gin', [0, 31], True)
    """
    return {"format": "rummykit-settlement", "version": DATA_VERSION, **CONVERTER.unstructure(s)}


def settlement_from_data(data: Any) -> Settlement:
    """Read :func:`settlement_to_data` output (raises :class:`DataError`)."""
    body = check_header(data, "rummykit-settlement", DATA_VERSION, "settlement")
    return typing.cast(Settlement, structure(body, Settlement, "settlement"))


def record_from_data(data: Any) -> RecordData:
    """Check a game record dict (:meth:`rummykit.Hand.record`) against its
    documented shape and read it; :func:`rummykit.replay` replays it.

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("knock"), players=3, seed=2)
    >>> rec = record_from_data(h.record())
    >>> rec.variant, rec.players, rec.seed, rec.result
    ('knock', 3, 2, None)
    """
    from rummykit.engine.record import RecordError, record_shape

    body = check_header(data, RECORD_FORMAT, RECORD_VERSION, "record")
    rec = typing.cast(RecordData, structure(body, RecordData, "record"))
    try:  # then the record's meaning, by the one validator replay uses (ranges, never a path)
        record_shape(data)
    except RecordError as exc:
        raise DataError(str(exc)) from None
    return rec


def record_to_data(rec: RecordData) -> dict[str, Any]:
    """The record dict again (what :func:`rummykit.replay` reads).

    >>> import rummykit as rk
    >>> record = rk.new_hand(rk.load_variant("gin"), players=2, seed=4).record()
    >>> record_to_data(record_from_data(record)) == record
    True
    """
    out: dict[str, Any] = {"format": RECORD_FORMAT, "version": RECORD_VERSION}
    body = CONVERTER.unstructure(rec)
    for key in ("seed", "deal", "dealt", "position", "commitment", "signature"):  # absent, not null
        if body[key] is None:
            del body[key]
        elif key == "commitment" and body[key]["salt"] is None:
            del body[key]["salt"]
        elif key in ("deal", "dealt"):
            for sub in ("reshuffles", "second"):
                if body[key][sub] is None:
                    del body[key][sub]
    if body["result"] is not None:
        body["result"] = Settlement.to_json(rec.result) if rec.result is not None else None
    out.update(body)
    return out


# --------------------------------------------------------------------------- JSON Schemas

_CARD = {"type": "string", "pattern": CARD_PATTERN, "description": "a card: 7H, TS, JK"}
_MELD = {
    "type": "string",
    "pattern": MELD_PATTERN,
    "description": "a meld in notation, wilds with what they stand for: 7H 8H JK=9H",
}
_ACTION = {
    "type": "string",
    "maxLength": MAX_ACTION_TEXT,
    "pattern": ACTION_PATTERN,
    "description": "an action in canonical notation: discard QS",
}
_INT = {"type": "integer"}
_SEAT_OR_NULL = {"anyOf": [_INT, {"type": "null"}]}
_COMPACT_SETTLEMENT: dict[str, Any] = {
    "type": "object",
    "description": "a settlement in a record's compact form (Settlement.to_json)",
    "properties": {
        "how": {"type": "string", "enum": [t.value for t in Termination]},
        "scores": {"type": "array", "items": _INT},
        "winners": {"type": "array", "items": _INT},
        "reasons": {"type": "array", "items": {"type": "string"}},
        "units": {"type": "string", "enum": [u.value for u in ScoreUnits]},
        "payments": {
            "type": "array",
            "description": "each [payer, payee, amount, reason]",
            "items": {
                "type": "array",
                "prefixItems": [_SEAT_OR_NULL, _SEAT_OR_NULL, _INT, {"type": "string"}],
                "minItems": 4,
                "maxItems": 4,
            },
        },
        "laid_off": {
            "type": "array",
            "description": "each [card, layer, owner, index]",
            "items": {
                "type": "array",
                "prefixItems": [_CARD, _INT, _INT, _INT],
                "minItems": 4,
                "maxItems": 4,
            },
        },
        "team_scores": {"type": "array", "items": _INT},
    },
    "required": ["how", "scores"],
    "additionalProperties": False,
}


def _schema_of(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    special: dict[Any, dict[str, Any]] = {
        Card: _CARD,
        Meld: _MELD,
        Action: _ACTION,
        int: _INT,
        str: {"type": "string"},
        bool: {"type": "boolean"},
        type(None): {"type": "null"},
        frozenset[Rank]: {
            "type": "array",
            "items": {"type": "string", "enum": [r.letter for r in Rank]},
            "uniqueItems": True,
        },
        TableMeld: {
            "type": "object",
            "properties": {
                "owner": _INT,
                "meld": _MELD,
                "laid": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"card": _CARD, "seat": _INT},
                        "required": ["card", "seat"],
                        "additionalProperties": False,
                    },
                },
            },
            "required": ["owner", "meld"],
            "additionalProperties": False,
        },
    }
    if tp in special:
        return dict(special[tp])
    if tp == RECORD_RESULT:
        return {"anyOf": [{"type": "null"}, _COMPACT_SETTLEMENT]}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return {"type": "string", "enum": [m.value for m in tp]}
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_schema_of(a, defs) for a in args]}
    if origin in (tuple, list, frozenset):
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            return {
                "type": "array",
                "prefixItems": [_schema_of(a, defs) for a in args],
                "minItems": len(args),
                "maxItems": len(args),
            }
        return {"type": "array", "items": _schema_of(args[0], defs)}
    if isinstance(tp, type) and attrs.has(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}
            defs[name] = _object_schema(tp, defs)
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"no JSON Schema for {tp!r}")  # pragma: no cover - a new field type


def _object_schema(cls: type[Any], defs: dict[str, Any]) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    props: dict[str, Any] = {}
    required: list[str] = []
    for a in attrs.fields(cls):
        if not a.init:
            continue
        props[a.name] = _schema_of(hints[a.name], defs)
        if a.default is attrs.NOTHING:
            required.append(a.name)
    doc = (cls.__doc__ or "").strip().split("\n\n")[0]
    return {
        "type": "object",
        "description": " ".join(doc.split()),
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }


def _versioned(cls: type[Any], fmt: str, version: int, title: str) -> dict[str, Any]:
    defs: dict[str, Any] = {}
    body = _object_schema(cls, defs)
    body["properties"] = {
        "format": {"const": fmt},
        "version": {"const": version},
        **body["properties"],
    }
    body["required"] = ["format", "version", *body["required"]]
    schema: dict[str, Any] = {"$schema": _SCHEMA_URI, "$id": f"urn:rummykit:{fmt}:{version}", "title": title}
    schema.update(body)
    if defs:
        schema["$defs"] = defs
    return schema


def _action_schema() -> dict[str, Any]:
    return {
        "$schema": _SCHEMA_URI,
        "$id": f"urn:rummykit:rummykit-action:{DATA_VERSION}",
        "title": "rummykit action",
        "description": "An action in notation; a client may also send the bare text.",
        "type": "object",
        "properties": {
            "format": {"const": "rummykit-action"},
            "version": {"const": DATA_VERSION},
            "action": _ACTION,
            "kind": {"type": "string", "enum": list(ACTION_GRAMMAR)},
        },
        "required": ["format", "version", "action"],
        "additionalProperties": False,
        # the kind, where given, is the action's first word
        "anyOf": [
            {
                "properties": {
                    "action": {"pattern": action_pattern([word])},
                    "kind": {"const": word},
                }
            }
            for word in ACTION_GRAMMAR
        ],
    }


_SCHEMAS: dict[str, Callable[[], dict[str, Any]]] = {
    "view": lambda: _versioned(View, "rummykit-view", DATA_VERSION, "rummykit view"),
    "action": _action_schema,
    "settlement": lambda: _versioned(Settlement, "rummykit-settlement", DATA_VERSION, "rummykit settlement"),
    "record": lambda: _record_schema(),
}


def _record_schema() -> dict[str, Any]:
    """The record's schema: its classes' shape, with the bounds and the
    cross-field rules :func:`rummykit.engine.record.record_shape` checks
    (every length and count capped, the dealer a seat of the hand, one card
    list per seat, a seed, a deal or a position to rebuild the hand from)."""
    from rummykit.engine.record import MAX_ACTIONS, MAX_DEAL_NUMBER, MAX_PLAYERS, MAX_SEED_BITS, MAX_TEXT

    schema = _versioned(RecordData, RECORD_FORMAT, RECORD_VERSION, "rummykit game record")
    props = schema["properties"]
    limit = 2**MAX_SEED_BITS - 1
    props["variant"] = {"type": "string", "minLength": 1, "maxLength": MAX_TEXT}
    props["players"] = {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS}
    props["dealer"] = {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1}
    props["deal_number"] = {"type": "integer", "minimum": 1, "maximum": MAX_DEAL_NUMBER}
    props["seed"] = {"anyOf": [{"type": "integer", "minimum": -limit, "maximum": limit}, {"type": "null"}]}
    props["position"] = {"anyOf": [{"type": "string", "maxLength": MAX_TEXT}, {"type": "null"}]}
    props["actions"] = {
        "type": "array",
        "maxItems": MAX_ACTIONS,
        "items": {"type": "string", "maxLength": 10_000},
    }

    def texts(count: int, length: int) -> dict[str, Any]:
        return {"type": "array", "maxItems": count, "items": {"type": "string", "maxLength": length}}

    deal = schema["$defs"]["RecordDeal"]
    deal["properties"] = {
        "hands": texts(MAX_PLAYERS, 10_000),
        "discard": {"type": "string", "maxLength": 10_000},
        "stock": {"type": "string", "maxLength": 100_000},
        "cut": {"type": "string", "maxLength": 10},
        "reshuffles": texts(MAX_ACTIONS, 10_000),
        "second": texts(MAX_PLAYERS, 10_000),
    }
    present = [
        {"required": [k], "properties": {k: {"not": {"type": "null"}}}} for k in ("deal", "seed", "position")
    ]
    per_seat = [
        {
            "if": {"properties": {"players": {"const": n}}},
            "then": {
                "properties": {
                    "dealer": {"maximum": n - 1},
                    "deal": {
                        "anyOf": [{"type": "null"}, {"properties": {"hands": {"minItems": n, "maxItems": n}}}]
                    },
                    "dealt": {
                        "anyOf": [{"type": "null"}, {"properties": {"hands": {"minItems": n, "maxItems": n}}}]
                    },
                }
            },
        }
        for n in range(1, MAX_PLAYERS + 1)
    ]
    schema["allOf"] = [{"anyOf": present}, *per_seat]
    return schema


def data_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``kind``: ``"view"``, ``"action"``,
    ``"settlement"`` or ``"record"``.

    >>> data_schema("view")["properties"]["format"]
    {'const': 'rummykit-view'}
    >>> sorted(data_schema("settlement")["required"])
    ['format', 'how', 'scores', 'version']
    """
    try:
        make = _SCHEMAS[kind]
    except KeyError:
        raise DataError(f"no schema named {kind!r} (expected one of {', '.join(_SCHEMAS)})") from None
    return make()
