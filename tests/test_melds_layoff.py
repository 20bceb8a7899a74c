"""Lay-offs: which cards extend which table melds, without rearranging them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk

STRAIGHT = rk.load_variant("straight")
DOUBLE = rk.load_variant("double-rum")


def variant(toml: str) -> rk.Variant:
    return rk.loads_variant('extends = "straight"\n[variant]\nname = "t"\n' + toml)


def lay(v: rk.Variant, meld: str, card: str, **kw: object) -> list[str]:
    return [str(m) for m in rk.layoff_options(v, rk.Meld.parse(meld), rk.Card.parse(card), **kw)]  # type: ignore[arg-type]


def test_s003_extend_a_run_at_either_end() -> None:
    """[S3]: "to the 4, 5, 6 you could add the 3 or the 7"."""
    assert lay(STRAIGHT, "4H 5H 6H", "3H") == ["3H 4H 5H 6H"]
    assert lay(STRAIGHT, "4H 5H 6H", "7H") == ["4H 5H 6H 7H"]
    assert lay(STRAIGHT, "4H 5H 6H", "8H") == []
    assert lay(STRAIGHT, "4H 5H 6H", "7S") == []


def test_s003_no_rearranging() -> None:
    """[S3]: "2, 2, 2, 2 and 3, 4, 5 have been melded, you are not permitted to
    move the 2 from the group to the sequence, so as to lay off the A"."""
    assert lay(STRAIGHT, "3H 4H 5H", "AH") == []
    assert lay(STRAIGHT, "2C 2D 2H 2S", "AH") == []


def test_ace_rules_at_the_ends() -> None:
    """[S10]: "Runs may not be extended past an ace"; Thai: Q-K-A only."""
    assert lay(STRAIGHT, "AH 2H 3H", "KH") == []
    assert lay(STRAIGHT, "JH QH KH", "AH") == []
    thai = rk.load_variant("thai")
    assert lay(thai, "JH QH KH", "AH") == ["JH QH KH AH"]
    assert lay(thai, "2H 3H 4H", "AH") == []
    either = variant('[ranking]\nace = "either"')
    assert lay(either, "JH QH KH", "AH") == ["JH QH KH AH"]
    assert lay(either, "2H 3H 4H", "AH") == ["AH 2H 3H 4H"]
    assert lay(either, "QH KH AH", "2H") == []
    around = variant('[ranking]\nace = "around"')
    assert lay(around, "QH KH AH", "2H") == ["QH KH AH 2H"]


def test_sets_grow_by_their_rank() -> None:
    assert lay(STRAIGHT, "7C 7D 7H", "7S") == ["7C 7D 7H 7S"]
    assert lay(STRAIGHT, "7C 7D 7H 7S", "7S") == []  # four at most, suits distinct
    assert lay(STRAIGHT, "7C 7D 7H", "8C") == []
    assert lay(DOUBLE, "7C 7D 7H 7S", "7S") == ["7C 7D 7H 7S 7S"]  # identical cards, no maximum


def test_wilds_lay_off_at_either_end_or_in_a_set() -> None:
    jokers = variant("[deck]\njokers_per_deck = 2")
    assert lay(jokers, "7H 8H 9H", "JK") == ["JK=6H 7H 8H 9H", "7H 8H 9H JK=TH"]
    assert lay(jokers, "AH 2H 3H", "JK") == ["AH 2H 3H JK=4H"]
    assert lay(jokers, "QC QD QH", "JK") == ["QC QD QH JK=QS"]
    assert lay(jokers, "QC QD QH QS", "JK") == []
    # a set's wild may take another missing suit when its own arrives
    assert lay(jokers, "QC QD JK=QH", "QH") == ["QC QD QH JK=QS"]
    assert lay(jokers, "QC QD JK=QH", "JK") == ["QC QD JK=QH JK=QS"]


def test_romme_wild_limit_on_lay_offs() -> None:
    """[S2] (Rommé): "A valid meld may never contain more Jokers than natural cards."""
    romme = rk.load_variant("romme")
    assert lay(romme, "3H JK=4H 5H", "JK") == ["JK=2H 3H JK=4H 5H", "3H JK=4H 5H JK=6H"]
    assert lay(romme, "JK=2H 3H JK=4H 5H", "JK") == []


def test_s002_double_rum_joker_moves_to_the_other_end() -> None:
    """[S2] (Double Rum): "If a Joker is found as either the first or last card in
    a sequence meld, a player adding to the meld is allowed to move the Joker to
    the other end in order to lay off additional cards to that meld."""
    assert lay(DOUBLE, "7H 8H JK=9H", "9H") == ["JK=6H 7H 8H 9H"]
    assert lay(DOUBLE, "JK=6H 7H 8H", "6H") == ["6H 7H 8H JK=9H"]
    assert lay(DOUBLE, "7H 8H JK=9H", "TH") == ["7H 8H JK=9H TH"]
    # the other end must exist: JK=QH KH AH cannot move past the ace... but up is fine
    assert lay(DOUBLE, "JK=JH QH KH", "JH") == ["JH QH KH JK=AH"]
    assert lay(DOUBLE, "QH KH JK=AH", "AH") == ["JK=JH QH KH AH"]
    # without the option, the joker stays put
    assert lay(rk.load_variant("kalooki"), "7H 8H JK=9H", "9H") == []


def test_deuce_in_its_place_or_as_wild() -> None:
    deuces = variant('[deck]\nwild_ranks = ["2"]')
    assert lay(deuces, "3H 4H 5H", "2H") == ["2H 3H 4H 5H", "3H 4H 5H 2H=6H"]
    assert lay(deuces, "3H 4H 5H", "2C") == ["2C=2H 3H 4H 5H", "3H 4H 5H 2C=6H"]


@given(st.data())
def test_lay_off_results_are_valid_melds(data: st.DataObject) -> None:
    v = data.draw(st.sampled_from([STRAIGHT, DOUBLE, rk.load_variant("romme"), rk.load_variant("thai")]))
    cards = data.draw(
        st.lists(st.sampled_from([rk.Card.from_code(c) for c in range(53)]), min_size=3, max_size=5)
    )
    options = rk.meld_options(v, cards)
    if not options:
        return
    meld = data.draw(st.sampled_from(options))
    card = data.draw(st.sampled_from([rk.Card.from_code(c) for c in range(53)]))
    for new in rk.layoff_options(v, meld, card):
        assert rk.classify_meld(v, new) == new
        assert sorted(new.cards) == sorted([*meld.cards, card])
        assert new.kind is meld.kind
        if meld.kind is rk.MeldKind.RUN:
            # no rearranging: the old cards keep their places, in order
            pairs = list(zip(new.cards, new.represents, strict=True))
            old = list(zip(meld.cards, meld.represents, strict=True))
            if pairs[1:] != old and pairs[:-1] != old:
                assert v.layoff.move_end_wild  # type: ignore[attr-defined]
