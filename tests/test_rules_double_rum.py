"""Double Rum [S2], rule by rule, from its sources.

[S2] is Cats at Cards' "Rummy variations" (docs/sources.md); [S55] is
Foster's Hoyle "Double-Pack Rum", used where [S2] is silent. Everything else
is straight rummy. Scenarios run on stacked deals: ``stock[0]`` is the top
card, the last card of ``discard`` the top discard; with ``dealer=0`` seat 1
plays first.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rules_helpers import bot_match, legal, words
from rummykit import Ending, Termination, settle

V = rk.load_variant("double-rum")
STRAIGHT = rk.load_variant("straight")


def double_hand(v: rk.Variant, hands: list[str], *, stock: str, discard: str = "AC") -> rk.Hand:
    return rk.new_hand(v, players=len(hands), dealer=0, hands=hands, discard=discard, stock=stock)


def house(extra: str) -> rk.Variant:
    return rk.loads_variant(f'extends = "double-rum"\n[variant]\nname = "double-house"\n{extra}')


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_decks_and_four_jokers_ten_cards_each_s002_fos(players: int) -> None:
    """[S2]: "Two regular 52 card decks, plus four Jokers, all shuffled together
    are used for this game"; the deal is "similar to the standard version",
    and [S55] deals 10 each with an upcard (variants/double-rum.toml)."""
    h = rk.new_hand(V, players=players, seed=players)
    view = h.view(0)
    assert view.hand_counts == (10,) * players
    assert len(view.discard) == 1
    assert view.stock_count == 108 - 10 * players - 1


def test_sets_may_hold_identical_cards_s002() -> None:
    """[S2]: "Group melds are allowed that contain identical cards of the same
    rank and suit." 7C 7C 7S is a set here, not in a house rule that asks
    for distinct suits; and [S55]'s five of a kind goes down too."""
    hands = ["7C 7C 7S 7S 7H 3C 9D KS QS JD", "6H 7D 8H JK 7H 2D 3S 4S 5H TS"]
    h = double_hand(V, hands, stock="KD 4D 5D")
    h.apply("draw")
    h.apply("discard KD")
    h.apply("draw")
    assert {"meld 7C 7C 7S", "meld 7C 7C 7H 7S 7S"} <= set(words(h, "meld"))
    h.apply("meld 7C 7C 7H 7S 7S")
    distinct = double_hand(
        house('[melds]\nkind = "standard"\nset_suits = "distinct"'), hands, stock="KD 4D 5D"
    )
    distinct.apply("draw")
    distinct.apply("discard KD")
    distinct.apply("draw")
    assert "meld 7C 7C 7S" not in words(distinct, "meld")
    assert "meld 7C 7H 7S" in words(distinct, "meld")


def test_a_joker_at_a_runs_end_moves_to_the_other_end_to_lay_off_s002() -> None:
    """[S2]: "If a Joker is found as either the first or last card in a
    sequence meld, a player adding to the meld is allowed to move the Joker to
    the other end in order to lay off additional cards to that meld." Seat 0
    lays 9H off onto 6H 7H 8H JK=9H: the joker becomes the 5H. Without the
    rule (a house file) 9H does not fit."""
    hands = ["7C 7C 7S 9H 3C 9D KS QS JD 5C", "6H 7D 8H JK 7H 2D 3S 4S 5H TS"]

    def after_meld(v: rk.Variant) -> rk.Hand:
        h = double_hand(v, hands, stock="KD 4D 5D 6D")
        h.apply("draw")
        h.apply("meld 6H 7H 8H JK=9H")
        h.apply("discard KD")
        h.apply("draw")
        return h

    h = after_meld(V)
    assert "layoff 9H on 1" in legal(h)
    h.apply("layoff 9H on 1")
    assert str(h.table[0].meld) == "JK=5H 6H 7H 8H 9H"
    fixed = after_meld(house('[layoff]\nkind = "standard"\nmove_end_wild = false'))
    assert "layoff 9H on 1" not in legal(fixed)
    with pytest.raises(rk.IllegalAction, match="does not fit"):
        fixed.apply("layoff 9H on 1")


def test_ace_high_or_low_never_around_the_corner_s002() -> None:
    """[S2]: "a sequence meld may contain Ace, 2, 3 or Queen, King, Ace. Around
    the corner melds, however, may not be made." (Straight rummy's ace is low
    only: Q-K-A is refused there.)"""
    hands = ["QS KS AS AD 2D 3D KH 2H 9C 5C", "6H 7D 8H JK 7H 2S 3S 4S 5H TS"]
    h = double_hand(V, hands, stock="4D AH 5D 6D", discard="TC")
    h.apply("draw")
    h.apply("discard 4D")
    h.apply("draw")  # seat 0: AH
    melds = words(h, "meld")
    assert {"meld QS KS AS", "meld AD 2D 3D"} <= set(melds)
    assert not any("KH AH 2H" in m or "KH 2H" in m for m in melds)
    with pytest.raises(rk.IllegalAction, match="not a valid meld"):
        h.apply("meld KH AH 2H")
    s = rk.new_hand(
        STRAIGHT,
        players=2,
        dealer=0,
        hands=[hands[0], "6H 7D 8H 7H 2S 3S 4S 5H TS 9S"],
        discard="TC",
        stock="4D AH 5D 6D",
    )
    s.apply("draw")
    s.apply("discard 4D")
    s.apply("draw")
    assert "meld QS KS AS" not in words(s, "meld") and "meld AD 2D 3D" in words(s, "meld")


def test_cards_left_count_pictures_10_aces_11_jokers_15_s002() -> None:
    """[S2]: "When scoring cards left in the opponents' hands, picture cards
    count 10, Aces 11, Jokers 15 and the other cards the pip value". Seat 1
    melds over three turns (one meld a turn, as straight rummy) and goes out
    with a discard; seat 0 still holds AS JK KD 5C 2H 3S 6S 8C 9C JC."""
    loser = "AS JK KD 5C 2H 3S 6S 8C 9C JC"
    h = double_hand(V, [loser, "7H 8H 9H TC TD TS 2D 3D 4D KS"], stock="QH 2C QC 4H 5D")
    for action in (
        "draw", "meld 7H 8H 9H", "discard KS",
        "draw", "discard 2C",
        "draw", "meld TC TD TS", "discard QH",
        "draw", "discard 4H",
        "draw", "meld 2D 3D 4D 5D", "discard QC",
    ):  # fmt: skip
        h.apply(action)
    assert h.is_over and h.result is not None
    assert h.result.how is Termination.WENT_OUT
    assert h.result.scores == (0, 11 + 15 + 10 + 5 + 2 + 3 + 6 + 8 + 9 + 10)
    assert settle(V, h.ending()) == h.result
    # straight rummy counts the same cards A 1, joker 15 (when added)
    assert settle(V, Ending(went_out=1, hands=["AS JK", ""])).scores == (0, 26)


@pytest.mark.parametrize("players", [2, 6])
def test_bots_play_to_the_target_of_100(players: int) -> None:
    """As straight rummy (variants/double-rum.toml extends it): the game ends
    when a total reaches 100; the highest wins."""
    match = bot_match(V, players, seed=1)
    best = max(match.totals)
    assert best >= 100
    assert match.winners == tuple(s for s in range(players) if match.totals[s] == best)
