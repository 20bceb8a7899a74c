"""The exception hierarchy (STYLE §2): one base, a ValueError; refusals are IllegalAction."""

from __future__ import annotations

import pytest

import rummykit as rk


@pytest.mark.parametrize(
    "cls", [rk.NotationError, rk.IllegalAction, rk.AmbiguousActionError, rk.VariantError, rk.RecordError]
)
def test_every_error_is_a_rummy_error_and_a_value_error(cls: type[Exception]) -> None:
    assert issubclass(cls, rk.RummyError) and issubclass(cls, ValueError)


def test_an_ambiguous_action_is_refused_like_an_illegal_one() -> None:
    """A joker whose place is not said fits two runs: refused, state unchanged."""
    v = rk.loads_variant('extends = "straight"\n[deck]\njokers_per_deck = 1\n[meld_timing]\nkind = "any"')
    hand = rk.new_hand(
        v,
        players=2,
        dealer=1,
        hands=["7H 8H JK 2C 3D 4S 9S 6D TD KC", "2D 3C 4D 5S 6C 8D TC 5H 9C AS"],
        discard=["KS"],
        stock=["QC", "QD", "QH", "QS", "JC", "JD", "JH", "JS"],
    )
    hand.apply("draw")
    before = hand.record()
    with pytest.raises(rk.IllegalAction) as caught:
        hand.apply("meld 7H 8H JK")
    assert isinstance(caught.value, rk.AmbiguousActionError)
    assert "JK=" in str(caught.value)
    assert hand.record() == before
    hand.apply("meld 7H 8H JK=9H")
