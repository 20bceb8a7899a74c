"""Action notation: every action kind round-trips through its text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit.engine.actions import (
    Borrow,
    Call,
    Declare,
    Discard,
    Draw,
    Drop,
    Knock,
    Layoff,
    MeldAction,
    Pass,
    Pick,
    Swap,
    Take,
)

cards = st.integers(0, 52).map(rk.Card.from_code)
naturals = st.integers(0, 51).map(rk.Card.from_code)
slots = st.tuples(cards, st.none() | naturals)
groups = st.lists(slots, min_size=1, max_size=6).map(tuple)
targets = st.integers(1, 30)
melds = st.lists(groups, min_size=1, max_size=3).map(lambda gs: MeldAction(tuple(gs)))
layoffs = st.builds(Layoff, cards, targets, st.none() | naturals)
uses = st.none() | melds | layoffs

actions = st.one_of(
    st.just(Draw()),
    st.just(Pass()),
    st.just(Drop()),
    st.builds(Take, st.integers(1, 40), st.booleans(), uses),
    st.builds(Take, st.integers(1, 40), st.booleans(), uses, cards),
    st.builds(Pick, cards, uses),
    melds,
    layoffs,
    st.builds(Swap, st.lists(naturals, min_size=1, max_size=2).map(tuple), targets),
    st.builds(Borrow, cards, targets, groups),
    st.builds(Discard, cards),
    st.builds(Knock, st.none() | cards),
    st.builds(Knock, st.none() | cards, st.lists(groups, min_size=1, max_size=4).map(tuple)),
    st.builds(Declare, st.lists(groups, min_size=1, max_size=5).map(tuple), st.none() | cards),
    st.builds(Call, cards, targets, st.none() | naturals),
)


@given(actions)
def test_notation_round_trips(action: rk.Action) -> None:
    text = str(action)
    assert rk.parse_action(text) == action
    assert rk.parse_action(text.lower()) == action
    assert eval(repr(action), {"Action": rk.Action}) == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("draw", "draw"),
        ("take", "take"),
        ("take 2", "take 2"),
        ("take draw", "take draw"),
        ("take 3 meld 7h 8h jk=9h", "take 3 meld 7H 8H JK=9H"),
        ("take 3 layoff 9h on 2", "take 3 layoff 9H on 2"),
        ("pick 7h", "pick 7H"),
        ("meld 7h 8h 9h+qs qh qd", "meld 7H 8H 9H + QS QH QD"),
        ("layoff 10h on 2", "layoff TH on 2"),
        ("swap 8h on 2", "swap 8H on 2"),
        ("borrow 7h from 2 meld 7h 7s 7d", "borrow 7H from 2 meld 7H 7S 7D"),
        ("discard qs", "discard QS"),
        ("knock qs", "knock QS"),
        ("KNOCK", "knock"),
        ("declare 7h 8h 9h + qs qh qd discard 5c", "declare 7H 8H 9H + QS QH QD discard 5C"),
        ("call 9h on 2", "call 9H on 2"),
        ("pass", "pass"),
        ("drop", "drop"),
    ],
)
def test_design_notation(text: str, canonical: str) -> None:
    assert str(rk.parse_action(text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "flod",
        "draw 2",
        "discard",
        "discard QX",
        "layoff 9H",
        "layoff 9H on 0",
        "take 0",
        "meld",
        "meld 7H + ",
        "swap 8H",
        "knock 7H 8H",
        "declare 7H 8H 9H discard",
    ],
)
def test_bad_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(rk.NotationError):
        rk.parse_action(text)
