"""The JSON Schemas of the data formats and their readers agree (issue 47,
item 8): on generated messages (real views, actions, settlements and
records, then mutated: a value replaced, a key dropped or added, a list
repeated), a message validates exactly when its reader accepts it, and the
reader raises only rummykit errors. Before, 18 of 900 generated messages
split them: action notation, list caps and the settlement inside a record
were looser in the schema, and a reader took ``"5C\\u00a0"`` that the schema
refused.

The readers: ``rk.view_from_data``, ``rk.action_from_data`` (its message
form; plain text is no message and is read tolerantly), ``rk.settlement_from_data``
and ``rk.record_from_data``.
"""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

import hypothesis.strategies as st
import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings

import rummykit as rk
from rummykit.engine.serialization import ACTION_GRAMMAR

KINDS = ("view", "action", "settlement", "record")
VALIDATORS = {k: jsonschema.Draft202012Validator(rk.data_schema(k)) for k in KINDS}
READERS = {
    "view": rk.view_from_data,
    "action": rk.action_from_data,
    "settlement": rk.settlement_from_data,
    "record": rk.record_from_data,
}


@functools.cache
def samples() -> tuple[tuple[str, Any], ...]:
    """Real messages: a few hands of variants with melds on the table, wilds,
    digging, three seats, showing; every few moves a view and each action."""
    out: list[tuple[str, Any]] = []
    for name, players in [("gin", 2), ("rum500", 3), ("kalooki", 2), ("phom", 3)]:
        v = rk.load_variant(name)
        h = rk.new_hand(v, players=players, seed=3)
        bots = [rk.GreedyBot(v) for _ in range(players)]
        for n in range(30):
            if h.is_over:
                break
            p = h.current_player
            assert p is not None
            if n % 9 == 0:
                out.append(("view", rk.view_to_data(h.view(p))))
            a = h.verify(bots[p].choose(h.view(p)))
            out.append(("action", rk.action_to_data(a)))
            h.apply(a)
        out.append(("record", h.record()))
        if h.result is not None:
            out.append(("settlement", rk.settlement_to_data(h.result)))
            out.append(("view", rk.view_to_data(h.view(0))))
        out.append(("record", rk.new_hand(v, players=players).record()))  # unseeded: the deal itself
    return tuple((kind, json.loads(json.dumps(m))) for kind, m in out)


def accepted(kind: str, message: Any) -> bool:
    try:
        READERS[kind](message)
    except rk.RummyError:
        return False
    return True


NOTATION = st.sampled_from(
    [
        "5C", "5C\u00a0", " 5C", "5C\n", "5c", "10C", "5\u2663", "JK", "JK=9H", "9H=9H", "7H=8H", "7H 8H JK=9H",
        "7H 8H JK", "7h 8h 9h", "7H  8H 9H", "draw", "draw\n", "Draw", "discard QS", "discard qs", "discard  QS",
        "take", "take 1", "take 0", "take 00", "take 5C meld 5C 6C 7C", "take draw 2", "knock", "knock QS",
        "knock melds 7H 8H 9H", "declare 7H 8H 9H discard 5C", "layoff JK=9H on 2", "pick 5C layoff 5C on 1",
        "swap 5C on 1", "borrow 5C from 1 meld 5C 6C 7C", "meld 7H 8H 9H + 5C 5D 5S", "pass", "drop", "call 5C on 1",
        "gin", "points", "chips", "knock", "A", "T", "10", "", "x", "play", "discard " + "QS " * 700,
    ]
)  # fmt: skip
JUNK = st.one_of(
    NOTATION,
    st.text(max_size=6),
    st.integers(min_value=-3, max_value=70),
    st.sampled_from([2**70, -(2**300), 10**6]),
    st.sampled_from([1.0, 2.0, 0.5, -1.0, 1e300]),
    st.booleans(),
    st.none(),
    st.lists(st.one_of(NOTATION, st.integers(-1, 3), st.none()), max_size=4),
    st.dictionaries(st.sampled_from(["card", "seat", "x", "how"]), st.integers(0, 2), max_size=2),
)


def _paths(x: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(x, dict):
        for k, v in x.items():
            out.extend(_paths(v, (*path, k)))
    elif isinstance(x, list):
        for i, v in enumerate(x[:6]):
            out.extend(_paths(v, (*path, i)))
    return out


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, Any]:
    kind, message = draw(st.sampled_from(samples()))
    message = copy.deepcopy(message)
    path = draw(st.sampled_from(_paths(message)[1:]))  # the message itself stays an object
    parent = message
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    how = draw(st.sampled_from(["set", "set", "set", "drop", "grow", "add"]))
    value = parent[key]
    if how == "drop":
        del parent[key]
    elif how == "grow" and isinstance(value, list) and value:
        parent[key] = value * draw(st.sampled_from([2, 70, 3000]))
    elif how == "add" and isinstance(value, dict):
        value[draw(st.sampled_from(["zz", "kind", "salt", "team_scores"]))] = draw(JUNK)
    else:
        parent[key] = draw(JUNK)
    return kind, message


def test_real_messages_validate_and_read() -> None:
    for kind, message in samples():
        assert VALIDATORS[kind].is_valid(message), (kind, next(VALIDATORS[kind].iter_errors(message)).message)
        assert accepted(kind, message), kind


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_message_validates_exactly_when_its_reader_accepts_it(case: tuple[str, Any]) -> None:
    kind, message = case
    valid = VALIDATORS[kind].is_valid(message)
    assert accepted(kind, message) == valid, (
        kind,
        "schema: " + (next(VALIDATORS[kind].iter_errors(message)).message[:200] if not valid else "valid"),
    )


def _grammar(pattern: str) -> st.SearchStrategy[str]:
    return st.from_regex(pattern, fullmatch=True)


@settings(max_examples=30, deadline=None)
@given(st.one_of(*(_grammar(p).map(lambda t, w=w: (w, t)) for w, p in ACTION_GRAMMAR.items())))
def test_every_action_text_the_schema_allows_is_read(case: tuple[str, str]) -> None:
    word, text = case
    message = {"format": "rummykit-action", "version": 1, "action": text, "kind": word}
    if len(text) > 2000:
        return
    assert VALIDATORS["action"].is_valid(message)
    assert rk.action_from_data(message).word == word


MELD_TOKENS = ["2C", "3C", "3D", "4C", "AS", "JK=3C", "JK=AS", "2C=4C", "3H=3C", "5C=5C", "JK", "JK=JK", "3c"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(MELD_TOKENS), min_size=1, max_size=4).map(" ".join))
def test_a_table_meld_validates_exactly_when_it_is_read(text: str) -> None:
    """Sets (one rank stood for) and runs (one suit, no rank twice), wilds
    saying what they stand for: the schema's meld pattern is Meld.parse's
    reading of the canonical notation."""
    view = _view()
    view["table"] = [{"owner": 0, "meld": text, "laid": []}]
    assert VALIDATORS["view"].is_valid(view) == accepted("view", view)


def _view() -> dict[str, Any]:
    return copy.deepcopy(next(m for k, m in samples() if k == "view"))


def _settlement() -> dict[str, Any]:
    return copy.deepcopy(next(m for k, m in samples() if k == "settlement"))


def _finished_record() -> dict[str, Any]:
    return copy.deepcopy(next(m for k, m in samples() if k == "record" and m.get("result")))


def _action(text: Any, **more: Any) -> dict[str, Any]:
    return {"format": "rummykit-action", "version": 1, "action": text, **more}


@pytest.mark.parametrize(
    ("kind", "make", "ok"),
    [
        ("view", lambda: {**_view(), "hand": ["5C\u00a0"]}, False),  # the issue's reproducer
        ("view", lambda: {**_view(), "hand": ["5c"]}, False),
        ("view", lambda: {**_view(), "hand": ["5C"]}, True),
        ("view", lambda: {**_view(), "wild_ranks": ["2", "2"]}, False),
        ("view", lambda: {**_view(), "table": [{"owner": 0, "meld": "JK 8H 9H"}]}, False),
        ("view", lambda: {**_view(), "legal": ["discard qs"]}, False),
        ("view", lambda: {**_view(), "version": True}, False),
        ("view", lambda: {**_view(), "version": 1.0}, True),
        ("action", lambda: _action("fly away"), False),
        ("action", lambda: _action("discard " + "QS " * 700), False),  # over the notation's 2000 characters
        ("action", lambda: _action("draw", kind="take"), False),
        ("action", lambda: _action("take 5C meld 5C 6C 7C", kind="take"), True),
        ("settlement", lambda: {**_settlement(), "units": "discard qs"}, False),
        ("settlement", lambda: {**_settlement(), "laid_off": [{"card": "5C", "layer": 0, "owner": 1, "index": 0}]}, True),
        ("settlement", lambda: {**_settlement(), "laid_off": [{"card": "10C", "layer": 0, "owner": 1, "index": 0}]}, False),
        ("record", lambda: {**_finished_record(), "result": {"how": "gin", "scores": [0, 3], "team_scores": [3]}}, True),
        ("record", lambda: {**_finished_record(), "result": {"how": "gin", "scores": [0, 3], "payments": [[0, 1]]}}, False),
        ("record", lambda: {**_finished_record(), "result": {"how": "gin", "scores": ["3", 0]}}, False),
        ("record", lambda: {**_finished_record(), "result": {"how": "gin", "scores": [0, 3], "zz": 1}}, False),
        ("record", lambda: {**_finished_record(), "actions": ["draw"] * 100_001}, False),
        ("record", lambda: {**_finished_record(), "players": 1}, False),
        ("record", lambda: {**_finished_record(), "dealer": 5}, False),
    ],
)  # fmt: skip
def test_the_issues_disagreements(kind: str, make: Any, ok: bool) -> None:
    message = make()
    assert VALIDATORS[kind].is_valid(message) is ok
    assert accepted(kind, message) is ok


def test_plain_text_is_no_message_and_is_read_tolerantly() -> None:
    assert rk.action_from_data("Discard qs") == rk.Action.parse("discard QS")
    assert not VALIDATORS["action"].is_valid("discard QS")


def test_every_action_kind_has_its_notation_in_the_schema() -> None:
    """A new action kind must add its canonical notation to ACTION_GRAMMAR
    (rummykit.engine.serialization), or its actions would be refused in data."""
    from rummykit.engine.actions import kinds

    words = {w for k in kinds() for w in k.words}
    assert words == set(ACTION_GRAMMAR)
    assert rk.data_schema("action")["properties"]["kind"]["enum"] == list(ACTION_GRAMMAR)
