"""Wrong argument types at the public API raise the library's error naming the
argument (issue 15, "Every way in must fail cleanly"), and card lists may be
given as text everywhere classify_meld accepted it (issue 14)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk

GIN = rk.load_variant("gin")
ENDING = rk.Ending(went_out=0, hands=["", "AH"])

CASES: dict[str, Callable[[], Any]] = {
    "Meld.parse(None)": lambda: rk.Meld.parse(None),  # type: ignore[arg-type]
    "classify_meld(v, None)": lambda: rk.classify_meld(GIN, None),  # type: ignore[arg-type]
    "meld_options(v, 7)": lambda: rk.meld_options(GIN, 7),  # type: ignore[arg-type]
    "best_arrangement(v, None)": lambda: rk.best_arrangement(GIN, None),  # type: ignore[arg-type]
    "best_arrangement(None, cards)": lambda: rk.best_arrangement(None, "AH 2H 3H"),  # type: ignore[arg-type]
    "min_deadwood(v, 5)": lambda: rk.min_deadwood(GIN, 5),  # type: ignore[arg-type]
    "min_deadwood(v, ['AH'])": lambda: rk.min_deadwood(GIN, ["AH"]),  # type: ignore[list-item]
    "best_discard(v, None)": lambda: rk.best_discard(GIN, None),  # type: ignore[arg-type]
    "best_declaration(v, 3)": lambda: rk.best_declaration(rk.load_variant("indian"), 3),  # type: ignore[arg-type]
    "hand_value(v, None)": lambda: rk.hand_value(GIN, None),  # type: ignore[arg-type]
    "card_value(v, None)": lambda: rk.card_value(GIN, None),  # type: ignore[arg-type]
    "check_declaration(v, None)": lambda: rk.check_declaration(GIN, None),  # type: ignore[arg-type]
    "settle(None, ending)": lambda: rk.settle(None, ENDING),  # type: ignore[arg-type]
    "settle(v, None)": lambda: rk.settle(GIN, None),  # type: ignore[arg-type]
    "position(None)": lambda: rk.position(None),  # type: ignore[arg-type]
    "new_match(v, '2')": lambda: rk.new_match(GIN, "2"),  # type: ignore[arg-type]
    "new_match(v, 2, seed='x')": lambda: rk.new_match(GIN, 2, seed="x"),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_attack_wrong_argument_types_get_the_librarys_error(case: str) -> None:
    with pytest.raises(rk.RummyError) as info:
        CASES[case]()
    assert "Traceback" not in str(info.value) and len(str(info.value)) < 300


def test_card_text_is_accepted_by_every_meld_function() -> None:
    """Issue 14: "The meld functions accept card text everywhere classify_meld does"."""
    hand = "2S 3S 4S 7C 7D 7H KD QC 5H 9D"
    assert rk.best_arrangement(GIN, hand) == rk.best_arrangement(GIN, rk.parse_cards(hand))
    assert rk.min_deadwood(GIN, hand) == rk.min_deadwood(GIN, rk.parse_cards(hand)) == 34
    assert rk.best_discard(GIN, hand + " 8D")[0] == rk.best_discard(GIN, rk.parse_cards(hand + " 8D"))[0]
    assert rk.hand_value(GIN, "KD QC") == 20
    assert rk.card_value(GIN, "KH") == 10


junk = st.one_of(
    st.none(), st.integers(), st.floats(allow_nan=True), st.binary(max_size=5),
    st.lists(st.one_of(st.integers(), st.text(max_size=3), st.none()), max_size=4),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(junk)
def test_junk_arguments_to_meld_functions_fail_cleanly(value: object) -> None:
    for fn in (rk.best_arrangement, rk.min_deadwood, rk.hand_value, rk.classify_meld, rk.check_declaration):
        with contextlib.suppress(rk.RummyError):  # anything else escapes and fails the test
            fn(GIN, value)  # type: ignore[arg-type]
