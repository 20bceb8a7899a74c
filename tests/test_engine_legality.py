"""``is_legal`` and ``legality`` on ambiguous text (issue 15: "is_legal on
ambiguous text returns False for an action that is legal but written
ambiguously")."""

from __future__ import annotations

import pytest

import rummykit as rk

V = rk.loads_variant('extends = "straight"\n[variant]\nname = "jokers"\n[deck]\njokers_per_deck = 1')


def _hand() -> rk.Hand:
    h = rk.new_hand(
        V,
        players=2,
        dealer=1,
        stock=["KD"],
        discard=["3C"],
        hands=["7H 8H JK 2C 4D 6S KS QC 9S 3D", "AC 2D 3S 5C 9D TS QD JC 4H 5S"],
    )
    h.apply("draw")
    return h


def test_attack_ambiguous_text_is_told_apart_from_an_illegal_action() -> None:
    """``meld 7H 8H JK`` is legal as 7H 8H JK=9H and as JK=6H 7H 8H: apply
    asks which; ``is_legal`` says False (what apply does with the text), and
    ``legality`` says AMBIGUOUS, not ILLEGAL."""
    h = _hand()
    with pytest.raises(rk.AmbiguousActionError):
        h.verify("meld 7H 8H JK")
    assert h.is_legal("meld 7H 8H JK") is False
    assert h.legality("meld 7H 8H JK") is rk.Legality.AMBIGUOUS
    assert not h.legality("meld 7H 8H JK")
    assert h.legality("meld 7H 8H JK=9H") is rk.Legality.LEGAL and h.legality("meld 7H 8H JK=9H")
    assert h.legality("meld 2C 4D 6S") is rk.Legality.ILLEGAL
    assert h.legality("discard 9H") is rk.Legality.ILLEGAL  # not in hand


def test_legality_agrees_with_is_legal_on_every_listed_action() -> None:
    h = _hand()
    for a in h.legal_actions():
        assert h.legality(a) is rk.Legality.LEGAL and h.is_legal(str(a))


def test_legality_raises_for_text_that_is_no_action() -> None:
    with pytest.raises(rk.NotationError):
        _hand().legality("flod")


@pytest.mark.parametrize("seat", ["0", 1.5, True, None, -1, 2])
def test_attack_view_of_a_seat_that_is_not_one(seat: object) -> None:
    """Issue 15: ``view("0")`` raised TypeError; every bad seat gets the
    library's error naming the argument."""
    h = _hand()
    with pytest.raises(rk.RummyError, match="seat"):
        h.view(seat)  # type: ignore[arg-type]
