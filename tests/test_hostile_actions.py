"""Hostile actions and wrong argument types at the public API (issue 15,
"Actions" and "Wrong argument types"): the library's own error, naming the
argument, never TypeError/AttributeError/ValueError from deep inside."""

from __future__ import annotations

import io
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.cli import main
from rummykit.engine.actions import (
    Borrow,
    Declare,
    Discard,
    Knock,
    Layoff,
    MeldAction,
    Pick,
    Swap,
    Take,
    check_action,
    parse_group,
)

C = rk.parse_card


@pytest.mark.parametrize(
    "text",
    [
        "take ١",  # Arabic-Indic one: was read as 'take 1'
        "take ²",  # superscript two: crashed int()
        "take " + "9" * 5000,  # crashed int() (over the interpreter's digit limit)
        "take 99999",  # over the 4-digit cap
        "layoff 7H on ٢",
        "swap 8H on ³",
        "borrow 7H from ١ meld 7H 7S 7D",
        "take 0",
        "take ٣ meld 7H 8H 9H",
        "discard " + "7H" * 2000,  # over the text cap
    ],
)
def test_attack_unicode_and_huge_numbers_in_actions(text: str) -> None:
    with pytest.raises(rk.NotationError):
        rk.parse_action(text)


def test_ascii_numbers_still_parse() -> None:
    assert rk.parse_action("take 3") == Take(3)
    assert rk.parse_action("layoff 9H on 12") == Layoff(C("9H"), 12)


@pytest.mark.parametrize(
    "action",
    [
        Take(depth="2"),  # type: ignore[arg-type]
        Take(depth=2.0),  # type: ignore[arg-type]
        Take(depth=True),
        Take(depth=0),
        Take(depth=10**9),
        Take(and_draw="yes"),  # type: ignore[arg-type]
        Take(then="meld 7H 8H 9H"),  # type: ignore[arg-type]
        Take(then=Layoff(C("7H"), "1")),  # type: ignore[arg-type]
        Discard("QS"),  # type: ignore[arg-type]
        Discard(None),  # type: ignore[arg-type]
        Knock("QS"),  # type: ignore[arg-type]
        Layoff(C("7H"), -1),
        Layoff(C("7H"), 1, "8H"),  # type: ignore[arg-type]
        Swap([C("7H")], 1),  # type: ignore[arg-type]
        Swap((), 1),
        MeldAction(()),
        MeldAction((((C("7H"), None),), "x")),  # type: ignore[arg-type]
        MeldAction(("7H 8H 9H",)),  # type: ignore[arg-type]
        Pick("7H"),  # type: ignore[arg-type]
        Borrow(C("7H"), "1", ((C("7H"), None),)),  # type: ignore[arg-type]
        Declare((), discard=C("7H")),
    ],
)
def test_attack_malformed_action_objects_on_apply(action: Any) -> None:
    h = rk.new_hand(rk.load_variant("straight"), players=2, seed=7)
    before = h.record()
    with pytest.raises(rk.NotationError, match="malformed action"):
        check_action(action)
    for call in (h.apply, h.verify, h.is_legal):
        with pytest.raises(rk.NotationError):
            call(action)
    assert h.record() == before  # refused: the hand is unchanged


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: rk.parse_card(None), "text"),  # type: ignore[arg-type]
        (lambda: rk.parse_card(7), "text"),  # type: ignore[arg-type]
        (lambda: rk.parse_cards(3), "text"),  # type: ignore[arg-type]
        (lambda: rk.parse_cards(None), "text"),  # type: ignore[arg-type]
        (lambda: rk.format_cards("7H"), "cards"),
        (lambda: rk.format_cards(["7H"]), "cards"),  # type: ignore[list-item]
        (lambda: rk.Rank.parse(None), "text"),  # type: ignore[arg-type]
        (lambda: rk.Card.from_code("3"), "code"),  # type: ignore[arg-type]
        (lambda: rk.Card(7, 2), "rank"),  # type: ignore[arg-type]
        (lambda: rk.build_shoe(decks="2"), "decks"),  # type: ignore[arg-type]
        (lambda: rk.parse_action(None), "text"),  # type: ignore[arg-type]
        (lambda: rk.parse_action(b"draw"), "text"),  # type: ignore[arg-type]
        (lambda: parse_group(None), "text"),  # type: ignore[arg-type]
        (lambda: parse_group([7]), "text"),  # type: ignore[list-item]
        (lambda: rk.new_hand(rk.load_variant("straight"), 2, dealer=1.5), "dealer"),  # type: ignore[arg-type]
        (lambda: rk.new_hand(rk.load_variant("straight"), "2"), "players"),  # type: ignore[arg-type]
        (lambda: rk.new_hand(rk.load_variant("straight"), 2.0), "players"),  # type: ignore[arg-type]
        (lambda: rk.new_hand(rk.load_variant("straight"), 2, seed="1"), "seed"),  # type: ignore[arg-type]
        (lambda: rk.new_hand(rk.load_variant("straight"), 2, seed=2**300), "seed"),
        (lambda: rk.new_hand(rk.load_variant("straight"), 2, deal_number=None), "deal_number"),  # type: ignore[arg-type]
        (lambda: rk.new_hand("straight", 2), "v"),  # type: ignore[arg-type]
        (lambda: rk.new_hand(rk.load_variant("straight"), 2, seed=1).view("0"), "player"),  # type: ignore[arg-type]
        (lambda: rk.new_hand(rk.load_variant("straight"), 2, seed=1).view(2), "seat 2"),
        (lambda: rk.new_hand(rk.load_variant("straight"), 2, seed=1).hand_of(None), "player"),  # type: ignore[arg-type]
        (lambda: rk.new_hand(rk.load_variant("straight"), 2, seed=1).apply(None), "action"),  # type: ignore[arg-type]
        (lambda: rk.new_hand(rk.load_variant("straight"), 2, seed=1).is_legal(3), "action"),  # type: ignore[arg-type]
        (lambda: rk.new_hand(rk.load_variant("straight"), 2, seed=1).record(seat="0"), "seat"),  # type: ignore[arg-type]
    ],
)
def test_attack_wrong_argument_types(call: Any, argument: str) -> None:
    with pytest.raises(rk.RummyError, match=argument) as info:
        call()
    assert isinstance(info.value, rk.ArgumentError | rk.NotationError)


def test_argument_error_is_a_type_error_too() -> None:
    with pytest.raises(TypeError):
        rk.parse_card(None)  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_attack_any_text_is_parsed_or_refused_cleanly(text: str) -> None:
    try:
        a = rk.parse_action(text)
    except rk.NotationError:
        return
    assert rk.parse_action(str(a)) == a


@pytest.mark.parametrize("line", ["²", "١", "9" * 5000])
def test_attack_play_input_number_does_not_crash(
    line: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{line}\nquit\n"))
    assert main(["play", "straight", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "not an action number" in out


@pytest.mark.parametrize("seat", [-1, 3, 10**9, True, "0", None, 1.0])
@pytest.mark.parametrize("method", ["next_seat", "seats_from"])
def test_attack_seat_order_with_a_seat_that_is_not_one(method: str, seat: object) -> None:
    """``next_seat(-1)`` and ``seats_from(10**9)`` answered with seats of the
    hand, ``next_seat("0")`` raised TypeError from inside: the library's
    error, naming the seat, as ``view`` and ``record`` give."""
    h = rk.new_hand(rk.load_variant("straight"), players=3, seed=1)
    with pytest.raises(rk.ArgumentError, match="seat"):
        getattr(h, method)(seat)
    assert h.next_seat(2) == 0 and list(h.seats_from(1)) == [1, 2, 0]
