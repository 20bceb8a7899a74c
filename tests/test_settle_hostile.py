"""Attacks on ``settle``: endings that cannot happen must be refused with a
:class:`rummykit.RummyError` naming why, never scored and never a bare
traceback (issue 15, "Every way in must fail cleanly": ``settle``).

Also the scorekeeper's invariants: payments add up to the scores.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit import Ending, settle

GIN = rk.load_variant("gin")
STRAIGHT = rk.load_variant("straight")


# --------------------------------------------------------------------------- the reproducers


def test_attack_jokers_in_a_jokerless_deck() -> None:
    """Issue 15: "jokers in a jokerless deck ... are scored without complaint"."""
    with pytest.raises(rk.RummyError, match=r"JK.*holds 0"):
        settle(STRAIGHT, Ending(went_out=0, hands=["", "JK JK"]))


def test_attack_five_copies_of_a_card_from_one_deck() -> None:
    """Issue 15: "five 7H from one deck"."""
    with pytest.raises(rk.RummyError, match=r"5 x 7H.*holds 1"):
        settle(STRAIGHT, Ending(went_out=0, hands=["", "7H 7H 7H 7H 7H"]))


def test_attack_a_card_in_a_meld_and_in_a_hand() -> None:
    with pytest.raises(rk.RummyError, match="2 x 9H"):
        settle(STRAIGHT, Ending(went_out=0, hands=["", "9H"], melds=[["7H 8H 9H"], []]))


def test_two_decks_allow_two_copies() -> None:
    v = rk.load_variant("double-rum")
    n = v.players.min
    hands = ["7H 7H"] + [""] * (n - 1)
    assert len(settle(v, Ending(went_out=1, hands=hands)).scores) == n
    with pytest.raises(rk.RummyError, match="3 x 7H"):
        settle(v, Ending(went_out=1, hands=["7H 7H 7H"] + [""] * (n - 1)))


def test_attack_no_hands() -> None:
    """Issue 15: ``Ending(hands=[])`` returned ``()``."""
    with pytest.raises(rk.RummyError, match="no seats"):
        Ending(hands=[])


def test_attack_unknown_seat_in_dropped() -> None:
    """Issue 15: an unknown seat in ``dropped`` raised IndexError."""
    with pytest.raises(rk.RummyError, match="dropped seat = 7"):
        Ending(went_out=0, hands=["", "KS"], dropped=((7, "first"),))


def test_attack_went_out_as_text() -> None:
    """Issue 15: ``went_out="0"`` raised TypeError."""
    with pytest.raises(rk.RummyError, match="went_out = '0' is not a seat"):
        Ending(went_out="0", hands=["", "KS"])  # type: ignore[arg-type]


def test_attack_short_concealed() -> None:
    """Issue 15: a short ``concealed`` tuple raised IndexError."""
    with pytest.raises(rk.RummyError, match="concealed has 1 entries for 3 seats"):
        Ending(went_out=2, hands=["KS", "QS", ""], concealed=(True,))


@pytest.mark.parametrize(
    ("kwargs", "why"),
    [
        ({"went_out": True, "hands": ["", "KS"]}, "not a seat"),
        ({"went_out": 0, "hands": ["", "KS"], "dropped": ((1, "sideways"),)}, "dropped 'sideways'"),
        ({"went_out": 0, "hands": ["", "KS"], "dropped": ((1, "first"), (1, "middle"))}, "twice"),
        ({"went_out": 0, "hands": ["", "KS"], "penalties": ((5, "eaten", 0),)}, "penalty seat"),
        ({"went_out": 0, "hands": ["", "KS"], "penalties": ((1, "rude", None),)}, "penalty 'rude'"),
        ({"went_out": 0, "hands": ["", "KS"], "order": (1, 1)}, "twice"),
        ({"went_out": 0, "hands": ["", "KS"], "draws": "3"}, "draws"),
        ({"went_out": 0, "hands": ["", "KS"], "how": "fainted"}, "not a way a hand ends"),
        ({"went_out": 0, "hands": "KS"}, "list of hands"),
        ({"went_out": 0, "hands": None}, "list of hands"),
        ({"went_out": 0, "hands": ["", "KS"], "melds": "7H 8H 9H"}, "list of meld lists"),
        ({"went_out": 0, "hands": ["", "KS"], "melds": [["7H 8H 9H"]]}, "melds has 1 entries"),
        ({"went_out": 0, "hands": ["", "KS"], "counts": [0, -3]}, "counts\\[1\\]"),
        ({"went_out": 0, "hands": ["", "KS"], "counts": [0, 2.5]}, "counts\\[1\\]"),
        ({"went_out": 0, "hands": ["", "KS"], "final_discard": "yes"}, "final_discard"),
        ({"went_out": 0, "hands": ["", "KS"], "concealed": (1, 0)}, "concealed\\[0\\]"),
        ({"went_out": 0, "hands": ["", "KS"], "laid_off": ("KS",)}, "LaidOff"),
        ({"went_out": 0, "hands": ["", "KS"], "wild_ranks": [2]}, "not a Rank"),
        ({"went_out": 0, "hands": ["", "KS"], "dealer": -1}, "dealer = -1"),
    ],
)
def test_attack_malformed_endings_are_refused(kwargs: dict[str, Any], why: str) -> None:
    with pytest.raises(rk.RummyError, match=why):
        settle(STRAIGHT, Ending(**kwargs))


@pytest.mark.parametrize(
    ("variant", "kwargs", "why"),
    [
        ("straight", {"went_out": 0, "hands": ["", "KS"] * 4}, "8 seats"),
        ("straight", {"went_out": 0, "hands": ["AS", "KS"]}, "went out but still holds AS"),
        ("straight", {"how": "went-out", "hands": ["", "KS"]}, "needs the seat that went out"),
        ("straight", {"went_out": 0, "hands": ["", "KS"], "knocker": 1}, "does not end by a knock"),
        ("straight", {"went_out": 0, "hands": ["", "KS"], "dropped": ((0, "first"),)}, "dropped out"),
        ("straight", {"hands": ["AS", "KS"], "went_out": 0, "how": "stock-exhausted"}, "went_out = 0"),
        ("straight", {"went_out": 0, "counts": [0, 100000]}, "more than the whole deck"),
        ("straight", {"went_out": 0, "hands": ["", "KS"], "wild_ranks": [rk.Rank.TWO]}, "wild ranks 2"),
        ("gin", {"how": "knock", "hands": ["AS", "KS"]}, "needs the knocker"),
        ("gin", {"knocker": 0, "counts": [11, 30]}, "deadwood 11, above the knock limit 10"),
        ("gin", {"how": "went-out", "went_out": 0, "knocker": 1, "hands": ["", "KS"]}, "knocker = 1, but"),
        ("indian", {"how": "dropped", "hands": ["AS", "KS"], "dropped": ()}, "every seat but one"),
        ("continental", {"went_out": 0, "counts": [0, 0, 0], "joker_counts": [3, 0, 0]}, None),
        ("straight", {"went_out": 0, "counts": [0, 0], "joker_counts": [1, 0]}, "no jokers"),
    ],
)
def test_attack_endings_that_cannot_happen_in_the_variant(
    variant: str, kwargs: dict[str, Any], why: str | None
) -> None:
    v = rk.load_variant(variant)
    if why is None:  # the control: a possible ending settles
        assert len(settle(v, Ending(**kwargs)).scores) == len(kwargs["counts"])
        return
    with pytest.raises(rk.RummyError, match=why):
        settle(v, Ending(**kwargs))


def test_attack_a_meld_object_that_is_no_meld() -> None:
    """A Meld object given directly is checked against the variant too."""
    bad = rk.Meld.parse("7H 8H TH") if False else None  # Meld.parse refuses gaps itself
    del bad
    v = rk.load_variant("straight")
    run4 = rk.Meld.parse("7H 8H 9H TH")
    assert settle(v, Ending(went_out=0, hands=["", "KS"], melds=[[run4], []])).scores == (10, 0)
    two = rk.Meld.parse("7H 8H")
    with pytest.raises(rk.RummyError, match="is not a meld in straight"):
        settle(v, Ending(went_out=0, hands=["", "KS"], melds=[[two], []]))


def test_the_cut_wild_rank_is_possible_where_the_deck_cuts_one() -> None:
    v = rk.load_variant("indian")
    n = v.players.min
    e = Ending(how="declared", went_out=0, hands=[""] + ["KS"] * (n - 1), wild_ranks=[rk.Rank.FIVE])
    assert len(settle(v, e).scores) == n


# --------------------------------------------------------------------------- hostile endings


_SEATS = st.one_of(
    st.integers(-3, 9),
    st.none(),
    st.booleans(),
    st.text(max_size=2),
    st.floats(allow_nan=True),
    st.just(10**100),
)
_CARD_TEXT = st.sampled_from(["AS", "KS", "7H", "JK", "2C", "TD", "QH", "XX", "", "7H 7H 7H"])


@st.composite
def hostile_endings(draw: st.DrawFn) -> dict[str, Any]:
    """Keyword arguments for :class:`rummykit.Ending` from a hostile caller:
    wrong types, unknown seats, short or long per-seat lists, cards beyond
    the deck, jokers where there are none, contradictory ways of ending."""
    n = draw(st.integers(0, 9))
    kw: dict[str, Any] = {}
    hands = draw(st.lists(st.lists(_CARD_TEXT, max_size=4).map(" ".join), min_size=n, max_size=n))
    if draw(st.booleans()):
        kw["hands"] = hands
    else:
        kw["counts"] = draw(
            st.lists(st.one_of(st.integers(-5, 500), st.none(), st.text(max_size=1)), min_size=n, max_size=n)
        )
    for key in ("went_out", "knocker", "fed_by", "dealer"):
        if draw(st.booleans()):
            kw[key] = draw(_SEATS)
    if draw(st.booleans()):
        kw["how"] = draw(st.sampled_from([*(t.value for t in rk.Termination), "x", 3]))
    if draw(st.booleans()):
        m = draw(st.integers(0, 10))
        kw["melds"] = draw(
            st.lists(
                st.lists(st.sampled_from(["7H 8H 9H", "KC KD KS", "AS 2S 3S", "JK 4D 5D", "2H"]), max_size=2),
                min_size=m,
                max_size=m,
            )
        )
    if draw(st.booleans()):
        kw["dropped"] = draw(
            st.lists(
                st.tuples(_SEATS, st.sampled_from(["first", "middle", "wrong-declaration", "?"])), max_size=3
            )
        )
    if draw(st.booleans()):
        kw["concealed"] = draw(st.lists(st.one_of(st.booleans(), st.integers(0, 1)), max_size=10))
    if draw(st.booleans()):
        kw["penalties"] = draw(
            st.lists(
                st.tuples(_SEATS, st.sampled_from(["eaten", "playable-discard", "?"]), _SEATS), max_size=3
            )
        )
    if draw(st.booleans()):
        kw["order"] = draw(st.lists(_SEATS, max_size=10))
    if draw(st.booleans()):
        kw["joker_counts"] = draw(st.lists(st.one_of(st.integers(-1, 60), st.none()), min_size=n, max_size=n))
    if draw(st.booleans()):
        kw["best_layoffs"] = draw(st.one_of(st.booleans(), st.just("yes")))
    if draw(st.booleans()):
        kw["draws"] = draw(st.one_of(st.integers(-3, 9), st.text(max_size=1)))
    return kw


def _check_payments(s: rk.Settlement) -> None:
    net = [0] * len(s.scores)
    for p in s.payments:
        assert p.amount > 0 and (p.payer is not None or p.payee is not None)
        if p.payee is not None:
            net[p.payee] += p.amount
        if p.payer is not None:
            net[p.payer] -= p.amount
    assert tuple(net) == s.scores


_HOSTILE_VARIANTS = ["straight", "gin", "phom", "continental", "indian", "rum500", "romme"]


@pytest.mark.parametrize("name", _HOSTILE_VARIANTS)
@settings(max_examples=15)
@given(kw=hostile_endings())
def test_attack_hostile_endings_fail_cleanly_or_settle_consistently(name: str, kw: dict[str, Any]) -> None:
    """Whatever a caller passes, :func:`settle` either refuses it with a
    RummyError or returns a settlement whose payments add up to its scores."""
    _settle_hostile(name, kw)


@pytest.mark.slow
@pytest.mark.parametrize("name", _HOSTILE_VARIANTS)
@settings(max_examples=60)
@given(kw=hostile_endings())
def test_attack_hostile_endings_fail_cleanly_or_settle_consistently_deep(
    name: str, kw: dict[str, Any]
) -> None:
    """The same, on more examples."""
    _settle_hostile(name, kw)


def _settle_hostile(name: str, kw: dict[str, Any]) -> None:
    v = rk.load_variant(name)
    try:
        s = settle(v, Ending(**kw))
    except rk.RummyError:
        return
    assert len(s.scores) in v.players.counts()
    _check_payments(s)
    seen: Counter[rk.Card] = Counter()
    e = Ending(**kw)
    for h in e.hands:
        seen.update(h)
    shoe = Counter(v.deck.shoe(e.players))
    assert all(k <= shoe[c] for c, k in seen.items())


# --------------------------------------------------------------------------- payments, units


def check_played_settlement(s: rk.Settlement | None) -> None:
    """A played hand's settlement explains its scores (what each seat
    receives minus what it pays) and names its units."""
    assert s is not None
    _check_payments(s)
    if s.units is rk.ScoreUnits.CHIPS:
        assert sum(s.scores) == 0
    assert rk.Settlement.from_json(s.to_json()) == s


@pytest.mark.slow
@pytest.mark.parametrize("name", rk.list_variants())
def test_payments_add_up_to_the_scores_in_played_hands(name: str) -> None:
    """Every built-in variant: a played hand's settlement explains its scores
    (what each seat receives minus what it pays) and names its units. By
    default checked on the hands of test_bots.py's
    test_greedy_bots_play_a_hand; this hand under ``-m slow``."""
    v = rk.load_variant(name)
    h = rk.new_hand(v, players=v.players.min, seed=5)
    bots = [rk.GreedyBot(v) for _ in range(h.players)]
    while not h.is_over:
        p = h.current_player
        assert p is not None
        h.apply(bots[p].choose(h.view(p)))
    check_played_settlement(h.result)
