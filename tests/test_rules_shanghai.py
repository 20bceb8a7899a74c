"""Shanghai Rummy, rule by rule.

Sources by their labels in docs/sources.md: [S69] (Wikipedia "Shanghai rum"),
[S70] (Rummy Rulebook "Shanghai Rummy"), [S107] (Reference.com). Everything
else is Contract Rummy, as in Liverpool (tests/test_rules_liverpool.py).
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit.scoring import Ending

V = rk.load_variant("shanghai")


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


def test_ten_contracts_of_eleven_cards_s070_s069() -> None:
    """[S70]: "There are ten rounds. Eleven cards are dealt to each player in every
    deal"; the contracts run from "two sets of 3" to "three runs of 5"."""
    c = V.initial_meld
    assert [str(c.contract_for(deal=d)) for d in (1, 5, 8, 10)] == [
        "set 3 + set 3", "set 3 + run 7", "set 3 + run 10", "run 5 + run 5 + run 5",
    ]  # fmt: skip
    assert {len(rk.new_hand(V, players=3, seed=d, deal_number=d).hand_of(0)) for d in range(1, 11)} == {11}
    assert V.game_end.deals == 10 and not any(c.all_out_deal(deal=d) for d in range(1, 11))


def test_a_run_of_seven_in_deal_five_s070() -> None:
    """Deal 5: "one set of 3, one run of 7" [S70, S107]: a run of 4 does not do."""
    h = rk.new_hand(V, players=3, dealer=2, deal_number=5, discard="2C", stock="AD 3C 8D 5S",
                    hands=["5S 5D 5C 2H 3H 4H 5H 9C TC KS QD", "AC 3D 5C 7S 9D JD KH 2S 4C 6D 8C",
                           "AH 3S 5D 7D 9H JS KC 2D 4D 6S 8H"])  # fmt: skip
    h.apply("draw")  # seat 0 draws AD
    while h.phase.value == "claim":
        h.apply("pass")
    with pytest.raises(rk.IllegalAction) as exc:
        h.apply("meld 5S 5D 5C + 2H 3H 4H 5H")  # a run of 4, not 7
    assert exc.value.rule == "initial_meld" and "run of 7" in str(exc.value)
    assert not any(a.startswith("meld") for a in legal(h))


def test_three_buys_then_four_and_the_dealers_left_first_s070() -> None:
    """[S70]: "In contracts 1 through 8, each player is only allowed 3 buys per
    hand. In contracts 9 and 10, each player allowed 4 buys per hand"; "If more
    than one player wants it, the one closest to the dealer's left has
    precedence"."""
    c = V.claims
    assert [c.limit_for(deal=d) for d in (1, 8, 9, 10)] == [3, 3, 4, 4]
    h = rk.new_hand(V, players=4, dealer=0, discard="KS", stock="QH 3C 8D 5D 6C",
                    hands=["AC 3D 5H 7S 9C JD KH 2S 4C 6D 8C", "AD 3H 5S 7C 9D JH KD 2C 4D 6H 8D",
                           "AH 3S 5C 7D 9H JS KC 2D 4H 6S 8H", "2H 4S 6C 8S TH QS QC TD TS 9S JC"])  # fmt: skip
    h.apply("take")  # seat 1 takes the upcard
    h.apply("discard AD")
    h.apply("draw")  # seat 2 draws: seat 3 and seat 0 may buy, seat 1 (the discarder) not
    assert h.current_player == 3  # the dealer's left is seat 1, the discarder; then seat 3 before 0
    h.apply("pass")
    assert h.current_player == 0


def test_buying_is_needed_for_the_last_deals_s070() -> None:
    """[S70]: "in later rounds more than 11 cards will be needed to complete the
    contract, so buying discards will be required": the schedule is valid
    with its buys, and refused without them, naming the contracts."""
    assert V.check() == ()
    with pytest.raises(rk.VariantError) as exc:
        rk.loads_variant('extends = "shanghai"\n[variant]\nname = "no-buys"\n[claims]\nkind = "none"')
    text = str(exc.value)
    assert "initial_meld.contracts[7]" in text and "needs 13 cards" in text
    assert "initial_meld.contracts[9]" in text


def test_no_more_jokers_than_naturals_s069() -> None:
    """[S69]: "A player is not allowed to have more jokers than face-cards in either
    a set or run ... (8/8/joker/joker). But a player cannot lay more jokers than
    face-cards (8/joker/joker)"."""
    assert rk.classify_meld(V, rk.parse_cards("8H 8S JK JK")) is not None
    assert rk.classify_meld(V, rk.parse_cards("8H JK JK")) is None


def test_number_cards_count_five_s070() -> None:
    """[S70]: "Number cards count as 5 points each for scoring, rather than the
    index value of the card"."""
    s = rk.settle(V, Ending(went_out=0, hands=["", "2H 9S TD", "KS AH JK"]))
    assert s.scores == (0, 15, 40)
    assert rk.settle(V, Ending(went_out=0, counts=[0, 15, 40])).scores == s.scores


def test_going_out_blind_takes_25_or_50_off_s070() -> None:
    """[S70]: "If you 'go out blind' (discard all your cards in one play), you earn
    a bonus of 25 points (50 if you haven't used a joker). Note that a bonus
    subtracts points from your score, not adds them"."""
    blind = Ending(went_out=0, hands=["", "KS", "2H"], melds=[["5H 5S 5D", "8C 8D 8H 8S"], [], []],
                   concealed=[True, False, False])  # fmt: skip
    assert rk.settle(V, blind).scores == (-50, 10, 5)
    joker = Ending(went_out=0, hands=["", "KS", "2H"], melds=[["5H 5S JK", "8C 8D 8H 8S"], [], []],
                   concealed=[True, False, False])  # fmt: skip
    assert rk.settle(V, joker).scores == (-25, 10, 5)
    seen = Ending(went_out=0, hands=["", "KS", "2H"], concealed=[False, False, False])
    assert rk.settle(V, seen).scores == (0, 10, 5)
