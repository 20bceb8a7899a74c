"""Liverpool Rummy, rule by rule.

Sources by their labels in docs/sources.md: [S63] (Wikipedia "Liverpool
rummy"), [S64] (Weekend America), [S65] (Cool Old Games), [S66] (Board Game
Arena), and the Contract Rummy texts Liverpool "is played the same" as [S63]:
[S60] (Parlett), [S62] (Wikipedia "Contract rummy"), [S67], [S68], [S71],
[S106].
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit.scoring import Ending

V = rk.load_variant("liverpool")


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


def variant(body: str) -> rk.Variant:
    return rk.loads_variant(f'extends = "liverpool"\n[variant]\nname = "liverpool-house"\n{body}')


def three(seat0: str, seat1: str, seat2: str, *, stock: str, discard: str = "2C", deal: int = 1,
          v: rk.Variant = V) -> rk.Hand:  # fmt: skip
    """Dealer 0: seat 1 plays first."""
    return rk.new_hand(
        v, players=3, dealer=0, hands=[seat0, seat1, seat2], discard=discard, stock=stock, deal_number=deal
    )


def play(h: rk.Hand, *actions: str) -> None:
    """Apply ``actions``; after each, nobody buys (every buyer asked passes)."""
    for a in actions:
        h.apply(a)
        while h.phase.value == "claim":
            h.apply("pass")


FILLER = ["AC 3D 5H 7S 9C JD KH 2S 4C 6D", "AD 3H 5S 7C 9D JH KS 2C 4D 6H", "AH 3S 5C 7D 9H JS KC 2D 4H 6S"]


def test_seven_contracts_and_their_hand_sizes_s064_s063() -> None:
    """[S64]: "1) Two Sets 2) One Set, One Run 3) Two Runs 4) Three Sets 5) Two
    Sets, One Run 6) Two Runs, One Set 7) Three Runs All Out"; [S63]: "10 cards
    to each player for the first 4 rounds, then 12 cards to each player for the
    last 3 rounds"; "the lowest total score at the end of the seven deals wins"."""
    c = V.initial_meld
    assert [sorted(k for k, _ in c.contract_melds(deal=d)) for d in range(1, 8)] == [
        ["set", "set"], ["run", "set"], ["run", "run"], ["set", "set", "set"],
        ["run", "set", "set"], ["run", "run", "set"], ["run", "run", "run"],
    ]  # fmt: skip
    assert [len(rk.new_hand(V, players=4, seed=d, deal_number=d).hand_of(0)) for d in range(1, 8)] == [
        10, 10, 10, 10, 12, 12, 12,
    ]  # fmt: skip
    assert V.game_end.deals == 7 and V.game_end.best.value == "lowest"
    assert V.game_end.verdict(totals=[40, 12, 90], active=[0, 1, 2], hands_played=7, went_out=0) == (1,)
    assert V.game_end.verdict(totals=[40, 12, 90], active=[0, 1, 2], hands_played=6, went_out=0) is None


def test_decks_and_jokers_by_players_s063_s065() -> None:
    """[S63]: "2 packs for three or four players or 3 for more than four"; [S65]:
    "2 Jokers are added to each 52-card deck" (108 or 162 cards)."""
    assert [len(V.deck.shoe(n)) for n in (3, 4, 5, 8)] == [108, 108, 162, 162]
    assert V.players.min == 3 and V.players.max == 8  # "Players: 3-8" [S63]


def test_runs_of_four_sets_of_any_suits_s063_s066() -> None:
    """[S63]: "A Run consists of four or more cards in sequence, all of the same
    suit"; [S66]: "A Set is three or more cards of the same value (5-5-5), of any
    suit"; aces high or low but no wrap [S61]."""
    assert rk.classify_meld(V, rk.parse_cards("7H 8H 9H")) is None
    assert rk.classify_meld(V, rk.parse_cards("7H 8H 9H TH")) is not None
    assert rk.classify_meld(V, rk.parse_cards("5S 5S 5H")) is not None
    assert rk.classify_meld(V, rk.parse_cards("JC QC KC AC")) is not None
    assert rk.classify_meld(V, rk.parse_cards("QC KC AC 2C")) is None


def test_going_down_is_the_whole_contract_in_one_turn_s060_s064() -> None:
    """[S60]: "no one may start melding until they can exactly match the pattern
    of melds required for that deal"; [S64]: "Once you have the minimum
    requirement of the hand (or more) you can 'go down'"."""
    h = three("7H 7S 7D KC KD KS 2H 4S 9C TD", FILLER[1], FILLER[2], stock="QH 3C 8D 5D 6C")
    play(h, "draw", "discard AD", "draw", "discard AH", "draw")  # seats 1 and 2 play, then seat 0 draws
    with pytest.raises(rk.IllegalAction) as one:
        h.apply("meld 7H 7S 7D")  # one set is not the contract of two sets
    assert one.value.rule == "initial_meld"
    assert "meld KC KD KS + 7D 7H 7S" in legal(h)
    h.apply("meld 7H 7S 7D + KC KD KS")
    assert h.melded[0]


def _down(v: rk.Variant = V) -> rk.Hand:
    """Seat 1 goes down with two sets on its first turn."""
    h = three("5C 6C 7C 8C 9S 2D 3D 4D 9H JS", "7H 7S 7D KC KD KS 2H 4S 9C TD", FILLER[2],
              stock="QH 3C 8D 7C 6C 8H 8S 9D", v=v)  # fmt: skip
    play(h, "draw", "meld 7H 7S 7D + KC KD KS")
    return h


def test_lay_off_only_from_the_next_turn_s071_s106() -> None:
    """[S71]: "You must wait one rotation after your initial lay down of fulfilling
    your contract before playing any additional cards outside of the contract";
    [S106]: "he may not create any new sets or runs"."""
    h = _down()  # seat 1 drew QH and went down with sevens and kings
    assert not any(a.startswith(("layoff", "meld")) for a in legal(h))
    play(h, "discard QH", "draw", "discard 6S", "draw", "discard 9S", "draw")  # seat 1 draws 7C
    assert "layoff 7C on 1" in legal(h)
    with pytest.raises(rk.IllegalAction) as exc:
        h.apply("meld 2H 4S 7C")
    assert exc.value.rule in ("meld_timing", "melds")
    h.apply("layoff 7C on 1")
    assert h.table[0].meld.cards.count(rk.parse_card("7C")) == 1
    same = variant('[initial_meld]\nkind = "contract"\nlayoff_same_turn = true')
    h2 = _down(same)
    play(h2, "discard QH", "draw", "discard 6S", "draw", "discard 9S", "draw")
    assert "layoff 7C on 1" in legal(h2)


def test_the_seventh_deal_is_all_out_s064() -> None:
    """[S64]: "7) Three Runs All Out (no discard, even the last card you pick up
    must fit into your hand)"."""
    hand = "2H 3H 4H 5H 6S 7S 8S 9S TD JD QD KD"
    h = rk.new_hand(V, players=3, dealer=0, deal_number=7, discard="2C", stock="AD 3C 8D 5D",
                    hands=[hand, "AC 3D 5H 7S 9C JD KH 2S 4C 6D 8C TC", "AH 3S 5C 7D 9H JS KC 2D 4H 6S 8H TH"])  # fmt: skip
    play(h, "draw", "discard AC", "draw", "discard AH", "draw")  # seat 0 draws 5D: it fits no run
    assert not any(a.startswith("meld") for a in legal(h))
    with pytest.raises(rk.IllegalAction) as exc:
        h.apply("meld 2H 3H 4H 5H + 6S 7S 8S 9S + TD JD QD KD")  # 5D would be left: no discard
    assert exc.value.rule == "initial_meld.all_out"


def test_all_out_goes_down_and_out_at_once_s064() -> None:
    hand = "2H 3H 4H 5H 6S 7S 8S 9S TD JD QD KD"
    h = rk.new_hand(V, players=3, dealer=2, deal_number=7, discard="2C", stock="AD 3C 8D",
                    hands=[hand, "AC 3D 5H 7S 9C JD KH 2S 4C 6D 8C TC", "AH 3S 5C 7D 9H JS KC 2D 4H 6S 8H TH"])  # fmt: skip
    play(h, "draw")  # seat 0 draws AD
    assert "meld TD JD QD KD AD + 2H 3H 4H 5H + 6S 7S 8S 9S" in legal(h)
    h.apply("meld 2H 3H 4H 5H + 6S 7S 8S 9S + TD JD QD KD AD")
    assert h.is_over and h.result is not None and h.result.scores[0] == 0


def test_buying_the_discard_s062_s068() -> None:
    """[S62]: "If the next player chooses not to take the upcard, any other player
    may claim it ... takes it, as well as a penalty card from the deck"; [S68]:
    "If there is a tie, the next person in rotation gets the card"."""
    h = three(*FILLER, stock="QH 3C 8D 5D", discard="KS")
    h.apply("draw")  # seat 1 (on turn) draws from the stock: the others may buy
    assert (h.current_player, legal(h)) == (2, ["buy", "pass"])  # the next in rotation first
    h.apply("pass")
    assert h.current_player == 0
    h.apply("buy")
    assert len(h.hand_of(0)) == 12 and rk.parse_card("KS") in h.hand_of(0)
    assert h.current_player == 1 and h.phase.value == "play"  # the turn goes on
    assert h.bought == (1, 0, 0)


def test_the_player_on_turn_has_first_claim_s062() -> None:
    h = three(*FILLER, stock="QH 3C 8D 5D", discard="KS")
    h.apply("take")  # the upcard taken as the draw: nothing to buy
    assert h.current_player == 1 and h.phase.value == "play"


def test_three_buys_a_deal_and_none_after_going_down_s071_s064() -> None:
    """[S71]: "Each player starts each round with three 'buys'"; [S64]: "once
    you've gone down, you can no longer pick or buy cards off the discard pile"."""
    c = V.claims
    assert c.may_buy(bought=2, gone_down=False, deal=1)
    assert not c.may_buy(bought=3, gone_down=False, deal=1)
    assert not c.may_buy(bought=0, gone_down=True, deal=1)
    h = _down()
    h.apply("discard 9C")  # seat 1
    h.apply("draw")  # seat 2 draws: seat 0 may buy, seat 1 (gone down, the discarder) not
    assert h.current_player == 0 and legal(h) == ["buy", "pass"]
    h.apply("pass")
    assert h.current_player == 2


def test_a_joker_in_a_run_goes_back_for_its_card_s062() -> None:
    """[S62] (a copy): "If a player has met their contract on a previous turn, if
    another player uses a joker in a sequence to substitute a card they have in
    hand, while they lay off they may exchange those cards and take the joker";
    jokers in sets are not exchanged."""
    assert V.swap.exchanges_wilds(has_melded=True, played_this_turn=False)
    assert not V.swap.exchanges_wilds(has_melded=False, played_this_turn=False)
    assert not V.swap.exchanges_in_sets()


def test_penalty_values_from_cards_and_counts_s064() -> None:
    """[S64]: "Jokers and Aces are 15 points, Face cards (Jack, Queen, King) are 10
    points, all others are equal to their numerical value"; "Everyone else must
    tally up the point value of the cards that they're still holding"."""
    s = rk.settle(V, Ending(went_out=1, hands=["JK AS KD 7C", "", "2H 3H"]))
    assert s.scores == (15 + 15 + 10 + 7, 0, 5)
    assert rk.settle(V, Ending(went_out=1, counts=[47, 0, 5])).scores == s.scores


def test_validate_catches_an_impossible_contract() -> None:
    """A contract that needs more cards than a hand holds is refused with its key path."""
    with pytest.raises(rk.VariantError) as exc:
        variant('[initial_meld]\nkind = "contract"\ncontracts = ["run 7 + run 7"]\nhand_sizes = [10]\nall_out = []\n'
                '[claims]\nkind = "none"')  # fmt: skip
    assert "initial_meld.contracts[0]" in str(exc.value) and "needs 14 cards" in str(exc.value)
    with pytest.raises(rk.VariantError) as bad:
        variant('[initial_meld]\nkind = "contract"\ncontracts = ["set + pair"]')
    assert "initial_meld.contracts[0]" in str(bad.value)
