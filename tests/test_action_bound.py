"""The bound on the legal-action list with wild-heavy variants (issue 15:
"wild-heavy variants (two decks, four jokers, four wild ranks, 13-card
hands) make one legal_actions() call take 25 s and 720 MB (391,441
actions)"). A meld with more than ``LISTED_WILDS`` wilds is listed in one
designation; other designations are still accepted when written out."""

from __future__ import annotations

from collections import Counter

import pytest

import rummykit as rk
from rummykit.engine.actions import MeldAction
from rummykit.engine.meld_memo import LISTED_WILDS

WILD_HEAVY = """
extends = "double-rum"
[variant]
name = "wild-heavy"
[deck]
decks = 2
jokers_per_deck = 2
wild_ranks = ["2", "3", "4", "5"]
[deal]
hand_size = 13
"""

# Seat 1 starts and draws the joker: five wilds (3H 5H 3S 4S JK) in 14 cards,
# enough for runs of up to 13 cards with the wilds in many orders.
SEAT0 = "2C 2C 4C 6C JC JC 2D 3D 2S 5S 8S QS JK"
SEAT1 = "AH 3H 5H 7H 9H JH KH AS 3S 4S 7S 9S JS"


@pytest.fixture(scope="module")
def heavy() -> rk.Variant:
    return rk.loads_variant(WILD_HEAVY)


def _hand(v: rk.Variant) -> rk.Hand:
    h = rk.new_hand(v, 2, hands=[SEAT0, SEAT1], discard="KH", stock="JK 7H 7D")
    h.apply("draw")
    return h


def _wilds(h: rk.Hand, a: MeldAction) -> int:
    return sum(1 for g in a.groups for c, _ in g if h.variant.deck.is_wild(c, h.wild_ranks))


def test_attack_wild_heavy_hand_lists_a_bounded_number_of_actions(heavy: rk.Variant) -> None:
    h = _hand(heavy)
    legal = h.legal_actions()
    # Before the bound, this hand listed every permutation of its wilds over the
    # gaps of every run (hundreds of thousands of actions, gigabytes).
    assert len(legal) <= 5_000
    melds = [a for a in legal if isinstance(a, MeldAction)]
    assert any(_wilds(h, a) > LISTED_WILDS for a in melds)
    # one listed designation per group of physical cards with many wilds
    by_cards = Counter(tuple(sorted(a.cards())) for a in melds if _wilds(h, a) > LISTED_WILDS)
    assert max(by_cards.values()) == 1


def test_every_listed_action_of_the_wild_heavy_hand_is_legal(heavy: rk.Variant) -> None:
    h = _hand(heavy)
    legal = h.legal_actions()
    for a in legal[:: max(1, len(legal) // 150)]:  # a spread sample: each apply is a clone
        c = h.clone()
        c.apply(a)
        assert Counter(c.cards_in_play()) == Counter(h.cards_in_play())


def test_other_designation_of_a_listed_wild_meld_is_accepted(heavy: rk.Variant) -> None:
    h = _hand(heavy)
    listed = rk.parse_action("meld 5H 3H=6H 7H 3S=8H 9H 4S=TH JH JK=QH KH")
    assert listed in h.legal_actions()
    other = rk.parse_action("meld 5H 3S=6H 7H 3H=8H 9H JK=TH JH 4S=QH KH")
    assert other not in h.legal_actions()
    assert h.is_legal(other)
    h.apply(other)
    meld = h.view(1).table[0].meld
    assert str(meld) == "5H 3S=6H 7H 3H=8H 9H JK=TH JH 4S=QH KH"


def test_a_wrong_designation_is_still_refused(heavy: rk.Variant) -> None:
    h = _hand(heavy)
    with pytest.raises(rk.IllegalAction):
        h.apply("meld 5H 3S=6D 7H 3H=8H 9H JK=TH JH 4S=QH KH")


def test_wild_heavy_hand_plays_out_within_the_turn_limit(heavy: rk.Variant) -> None:
    import random

    rng = random.Random(5)
    h = rk.new_hand(heavy, 2, seed=11)
    steps = 0
    while not h.is_over:
        h.apply(rng.choice(h.legal_actions()))
        steps += 1
        assert steps < 20 * heavy.limits.max_turns + 100
    assert h.result is not None


def test_attack_nine_wilds_in_fourteen_cards(heavy: rk.Variant) -> None:
    # seed 2 deals seat 1 (after its draw) 2C 2C 4C 6C JC JC 2D 3D 2S 5S 8S QS JK JK:
    # nine wilds. Before the bound this one call ran for minutes past 9 GB.
    h = rk.new_hand(heavy, 2, seed=2)
    h.apply("draw")
    hand = h.hand_of(1)
    assert sum(1 for c in hand if heavy.deck.is_wild(c, h.wild_ranks)) == 9
    assert len(h.legal_actions()) <= 5_000


def test_a_listed_set_whose_wild_stands_for_a_card_also_held_applies() -> None:
    """Double Rum ([S2]: two decks, sets may hold identical cards, jokers wild).
    5C JK JK JK 5S is listed as `meld 5C JK=5C JK=5D JK=5H 5S`: one joker
    pinned to 5C beside the natural 5C. Applying it used to fail an assertion
    (the pin to 5C was used for both 5C places); found by a 3-player greedy
    simulation."""
    v = rk.load_variant("double-rum")
    hand = rk.new_hand(
        v,
        players=2,
        dealer=1,
        hands=["3C 5C KC 4D QD 2H 8H 5S JK JK", "AC 2C 4C 6C 7C 8C 9C TC JC QC"],
        discard="KS",
        stock="JK KH QH JH",
    )
    hand.apply(rk.Action.parse("draw"))
    listed = [a for a in hand.legal_actions() if str(a) == "meld 5C JK=5C JK=5D JK=5H 5S"]
    assert listed
    hand.apply(listed[0])
    meld = hand.view(1).table[0].meld
    assert sorted(str(c) for c in meld.cards) == ["5C", "5S", "JK", "JK", "JK"]
    assert sorted(str(r) for r in meld.represents) == ["5C", "5C", "5D", "5H", "5S"]
    assert sorted(str(c) for c in hand.view(0).hand) == ["2H", "3C", "4D", "8H", "KC", "QD"]
