"""Hand and Foot's rules, from its sources (labels of docs/sources.md), and the
second-hand component (a foot per seat, a morto per side) itself.

Stacked deals are two-handed (three packs) unless a test says otherwise: the
dealer is seat 0, so seat 1 plays first.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import attrs
import pytest

import rummykit as rk
from engine_helpers import play_greedy
from play_helpers import Keyboard, play, random_player
from rummykit.engine.phase import TableMeld
from rummykit.engine.side_melds import make_meld
from rummykit.rulebook import diff_variants

V = rk.load_variant("hand-and-foot")

# seat 0 (the dealer) holds cards that play no part in a test
_SEAT0 = "4C 4D 5S 6S 8C 9C TC JD QS AH AS KS KD"
# seat 1's foot, where a test picks it up
_FOOT = "5C 5D 5H 6C 6D 6H AC AD KH KC QC QD QH"


def _hand(
    seat1: str,
    *,
    discard: str = "6H",
    stock: str = "JD JH 5C 5D 6C 6D 4H 4H",
    feet: list[str] | None = None,
    v: rk.Variant = V,
    deal_number: int = 1,
) -> rk.Hand:
    return rk.new_hand(
        v,
        players=2,
        dealer=0,
        hands=[_SEAT0, seat1],
        discard=discard,
        stock=stock,
        second_hands=feet if feet is not None else ["7C 7D 7H 7S 8D 8H 8S 9C 9D 9H 9S TC TD", _FOOT],
        deal_number=deal_number,
    )


def _books(h: rk.Hand, seat: int, *melds: str) -> None:
    """Test set-up: put books (meld text) on the table for ``seat``'s side, as
    if melded earlier (engine-internal fields; the cards come from outside
    the stacked deal's stock)."""
    for text in melds:
        h._table.append(TableMeld(seat, make_meld(h, rk.parse_cards(text))))
    h._melded[seat] = True
    h._legal = None


def _reason(h: rk.Hand, action: str) -> rk.IllegalAction:
    with pytest.raises(rk.IllegalAction) as info:
        h.verify(action)
    return info.value


# --------------------------------------------------------------------------- players, cards, deal


def test_four_players_in_partnership_and_one_pack_more_than_players() -> None:
    """[S100] "The most usual version is for four players in partnership"; [S101] "One more deck of cards
    than players are used ... If there are 4 players 5 decks are used"; [S100] "5 deck of cards, including
    2 jokers in each deck, only 270 cards"; [S104] "6 players play as partners (3 vs 3 ...)"."""
    assert V.players.teams_for(4) == ((0, 2), (1, 3))
    assert V.players.teams_for(6) == ((0, 2, 4), (1, 3, 5))
    assert V.players.teams_for(3) == ()
    assert len(V.deck.shoe(4)) == 270
    assert [len(V.deck.shoe(n)) for n in (2, 3, 5, 6)] == [162, 216, 324, 378]
    assert sum(c.is_joker for c in V.deck.shoe(4)) == 10


def test_a_hand_and_a_foot_of_thirteen_each() -> None:
    """[S100] "4 closed stacks of 13 cards ... these cards are called "hand." After that, he puts out 4
    more closed piles of 13 cards ... these cards are called "foot"": hands and feet of 13, then the
    stock and an upcard."""
    h = rk.new_hand(V, players=4, seed=3)
    assert [len(x) for x in h.hands] == [13] * 4  # red threes laid out are replaced
    assert h.second_counts == (13,) * 4 and h.second_taken == (False,) * 4
    assert len(h.cards_in_play()) == 270
    assert Counter(h.cards_in_play()) == Counter(V.deck.shoe(4))
    assert h.upcard is not None


def test_the_foot_is_never_seen_before_it_is_picked_up() -> None:
    """[S105] "These deals are called the "Foot" and must not be picked up or seen by anyone": no
    view, seat position or seat record shows a foot's cards, its owner's included; every view
    shows how many cards each foot holds."""
    h = rk.new_hand(V, players=4, seed=5)
    for seat in range(4):
        view = h.view(seat)
        assert view.second_counts == (13, 13, 13, 13) and view.second_taken == (False,) * 4
        assert Counter(view.hand) == Counter(h.hand_of(seat))
        text = rk.position(h, seat=seat)
        assert "second #13 / #13 / #13 / #13" in text
        record = h.record(seat=seat)
        assert record["second_sizes"] == [13, 13, 13, 13] and "second" not in record
    data = h.view(0).to_data()
    assert data["second_counts"] == [13, 13, 13, 13]
    assert rk.View.from_data(data) == h.view(0)


# --------------------------------------------------------------------------- hand to foot


def test_playing_out_the_hand_by_melding_picks_up_the_foot_and_play_goes_on() -> None:
    """[S100] "the foot, which is played when the hand has been used up": seat 1 draws two and melds
    all fifteen cards (its first meld, 50 or more); the foot comes into its hand and it plays on."""
    h = _hand("7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC")
    h.apply("draw")
    h.apply("meld 7C 7D 7H + 8C 8D 8H + 9C 9D 9H + TC TD TH + JC JD JH")
    assert h.current_player == 1 and h.phase is rk.Phase.PLAY and not h.is_over
    assert h.hand_of(1) == tuple(sorted(rk.parse_cards(_FOOT), key=lambda c: c.code))
    assert h.second_counts == (13, 0) and h.second_taken == (False, True)
    assert h.view(0).second_taken == (False, True)
    h.apply("discard 5C")
    assert h.current_player == 0


def test_playing_out_the_hand_by_the_discard_picks_up_the_foot_for_the_next_turn() -> None:
    """The last card of the hand discarded: the foot is picked up and played from the next turn
    (our default, as Buraco's indirect morto; the sheet's [ours])."""
    h = _hand("7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH 4S", stock="7S 8S 5C 5D 6C 6D 4H 4H")
    h.apply("draw")
    h.apply("meld 7C 7D 7H 7S + 8C 8D 8H 8S + 9C 9D 9H + TC TD TH")
    assert h.hand_of(1) == tuple(rk.parse_cards("4S"))
    assert h.is_legal("discard 4S")
    h.apply("discard 4S")
    assert not h.is_over and h.current_player == 0
    assert len(h.hand_of(1)) == 13 and h.second_taken == (False, True)
    assert h.discard_pile[-1] == rk.parse_cards("4S")[0]


def test_direct_and_indirect_are_options() -> None:
    """second_hand.direct / .indirect off: the hand may not be played out that way while the foot
    waits (the refusal names the key)."""
    no_direct = attrs.evolve(V, second_hand=attrs.evolve(V.second_hand, direct=False))
    h = _hand("7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC", v=no_direct)
    h.apply("draw")
    why = _reason(h, "meld 7C 7D 7H + 8C 8D 8H + 9C 9D 9H + TC TD TH + JC JD JH")
    assert "second_hand.direct" in str(why)
    no_indirect = attrs.evolve(V, second_hand=attrs.evolve(V.second_hand, indirect=False))
    h = _hand("7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH 4S", stock="7S 8S 5C 5D 6C 6D 4H 4H", v=no_indirect)
    h.apply("draw")
    why = _reason(h, "meld 7C 7D 7H 7S + 8C 8D 8H 8S + 9C 9D 9H + TC TD TH")
    assert "second_hand.indirect" in str(why)
    assert h.is_legal("meld 7C 7D 7H 7S + 8C 8D 8H 8S + 9C 9D 9H")


def test_both_ways_off_is_a_variant_error_at_its_key() -> None:
    text = 'extends = "hand-and-foot"\n[variant]\nname = "stuck"\n[second_hand]\ndirect = false\nindirect = false\n'
    with pytest.raises(rk.VariantError) as info:
        rk.loads_variant(text)
    assert "second_hand.direct: direct and indirect are both off" in str(info.value)
    bad = 'extends = "hand-and-foot"\n[variant]\nname = "bad"\n[second_hand]\nper = "table"\n'
    with pytest.raises(rk.VariantError) as info:
        rk.loads_variant(bad)
    assert "second_hand.per" in str(info.value)
    small = 'extends = "hand-and-foot"\n[variant]\nname = "small"\n[second_hand]\nsize = 0\n'
    with pytest.raises(rk.VariantError) as info:
        rk.loads_variant(small)
    assert "second_hand.size: a second hand holds at least one card" in str(info.value)


def test_a_stacked_deal_names_its_second_hands() -> None:
    with pytest.raises(rk.RummyError, match="second hand of 13 cards"):
        _hand("7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC", feet=["7C", _FOOT])
    with pytest.raises(rk.RummyError, match="deals no second hand"):
        rk.new_hand(rk.load_variant("canasta"), players=2, seed=1, second_hands=["", ""])


# --------------------------------------------------------------------------- going out


def _in_the_foot(seat1: str, *, stock: str = "4H 4H 5C 5D 6C 6D") -> rk.Hand:
    """Seat 1 has picked up its foot (``seat1``, 13 cards) and its side has
    melded; its turn, having drawn."""
    h = _hand("7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC", feet=["AC AD AH AS AS KH KH QH QH JH JH JS JS", seat1],
              stock="JD JH " + stock)  # fmt: skip
    h.apply("draw")
    h.apply("meld 7C 7D 7H + 8C 8D 8H + 9C 9D 9H + TC TD TH + JC JD JH")
    assert h.second_taken[1]
    return h


def test_going_out_needs_the_foot_and_a_clean_book_and_two_dirty_ones() -> None:
    """[S103] "You cannot go out until you have one "natural" book and two books completed with the
    help of wild cards (dirty) and you must have played your "hand""; [S104] "Final card must be
    discarded". Seat 1, in its foot, melds down to one card: refused without the books, allowed with
    one clean and two dirty."""
    h = _in_the_foot("KC KD KH QC QD QH AC AD AH 5C 5D 5H 4S")
    for meld in ("KC KD KH", "QC QD QH", "AC AD AH"):
        h.apply(f"meld {meld}")
    why = _reason(h, "meld 5C 5D 5H")
    assert why.rule == "melds" and "going out needs 3 canastas" in str(why)
    _books(h, 1, "9S 9S 9S 9D 9D 9H 9H", "6C 6D 6H 6S 2C 2D JK")
    assert "3 canastas on seat 1's side (it has 2)" in str(_reason(h, "meld 5C 5D 5H"))
    _books(h, 1, "7S 7S 7S 7C 7D 7H 7C")  # a second clean book does not stand for a dirty one
    why = _reason(h, "meld 5C 5D 5H")
    assert "1 natural and 2 mixed" in str(why) and "(it has 2 and 1)" in str(why)
    _books(h, 1, "4C 4D 4S 4C 4D 2H 2S")
    h.apply("meld 5C 5D 5H")
    h.apply("discard 4S")
    assert h.is_over and h.result is not None and h.went_out == 1


def test_the_last_card_must_be_discarded() -> None:
    """[S104] "Final card must be discarded": with the books made, melding the last card is refused."""
    h = _in_the_foot("KC KD KH QC QD QH AC AD AH 5C 5D 5H 5S")
    _books(h, 1, "9S 9S 9S 9D 9D 9H 9H", "6C 6D 6H 6S 2C 2D JK", "4C 4D 4S 4C 4D 2H 2S")
    for meld in ("KC KD KH", "QC QD QH", "AC AD AH"):
        h.apply(f"meld {meld}")
    why = _reason(h, "meld 5C 5D 5H 5S")
    assert "final discard" in str(why)
    assert h.is_legal("meld 5C 5D 5H")


def test_going_out_scores_two_hundred_and_an_unplayed_foot_counts_against() -> None:
    """[S102] "Going Out 200"; [S103] "A natural set ... is worth 500 / A set completed using wild cards
    ... is worth 300"; cards left in hand count against (Reference.com's summary), and so do the
    cards of a foot never picked up (our rule, the sheet's [ours])."""
    e = rk.Ending(
        went_out=1,
        hands=["KS 4D", ""],
        melds=[["9C 9D 9H"], ["JC JD JH JS JC JD JH", "6C 6D 6H 6S 2C 2D JK", "4C 4D 4S 4C 4D 2H 2S"]],
        second_hands=["7C 7D 7H 7S 8D 8H 8S 9C 9D 9H 9S TC TD", ""],
    )
    s = rk.settle(V, e)
    foot = 4 * 5 + 3 * 10 + 4 * 10 + 2 * 10  # 7s, 8s, 9s and tens
    assert s.scores == (30 - 15 - foot, 70 + 110 + 65 + 500 + 2 * 300 + 200)
    assert any("second hand never picked up" in r for r in s.reasons)
    # the same from counts (a scorekeeper): the foot's value, the cards in hand, the melds and books
    counted = rk.Ending(
        went_out=1, counts=[15, 0], meld_totals=[30, 245], canastas=[(0, 0), (1, 2)], second_left=[foot, None]
    )
    assert rk.settle(V, counted).scores == s.scores


def test_an_ending_with_the_foot_unplayed_cannot_go_out() -> None:
    e = rk.Ending(went_out=1, hands=["KS", ""], melds=[[], []], second_hands=["", _FOOT])
    with pytest.raises(rk.RummyError, match="never picked up"):
        rk.settle(V, e)
    with pytest.raises(rk.RummyError, match="deals none"):
        rk.settle(
            rk.load_variant("canasta"), rk.Ending(went_out=0, hands=["", "KS"], second_hands=["", "KS"])
        )


# --------------------------------------------------------------------------- books


def test_a_book_holds_three_to_seven_cards_and_closes_at_seven() -> None:
    """[S104] "A minimum of 3 cards are required to start a new book ... Once the total number of cards
    in an OPEN book reaches 7 the book is considered to be a CLOSED book.": nothing is added to it."""
    h = _hand("QS 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC")
    _books(h, 1, "QC QD QH QS QC QD QH", "7C 7S 2C")
    h.apply("draw")
    assert "closed" in str(_reason(h, "layoff QS on 1"))
    assert h.is_legal("layoff 7D on 2")
    assert not h.is_legal("meld JC JD")


@pytest.mark.parametrize(
    ("cards", "ok"),
    [
        ("5C 5D 2C", True),
        ("5C 5D 2C 2D", False),
        ("9C 9D 9H 9S 2C 2D JK", True),
        ("9C 9D 9H 9S 9C 2C 2D JK 2H", False),
    ],
)
def test_fewer_wilds_than_naturals_and_at_most_three(cards: str, ok: bool) -> None:
    """[S104] "the number of wilds must be less than the number of clean/natural cards. The total number
    of wilds can never exeed 3."; [S103] "Maximum number of wild cards in a set is 3." """
    cs = rk.parse_cards(cards)
    melds = V.melds
    assert isinstance(melds, rk.rules.CanastaMelds)
    wilds = sum(1 for c in cs if c.rank in (None, rk.Rank.TWO))
    assert melds.meld_ok(naturals=len(cs) - wilds, wilds=wilds) is ok


def test_threes_are_never_melded() -> None:
    """[S103] "A set of all threes is not allowed." """
    h = _hand("3C 3S 3C 8C 8D 8H 9C 9D 9H TC TD TH JC")
    h.apply("draw")
    assert not h.is_legal("meld 3C 3S 3C + 8C 8D 8H + 9C 9D 9H")
    assert h.is_legal("meld 8C 8D 8H + 9C 9D 9H")


def test_the_first_meld_of_each_round_has_its_minimum() -> None:
    """[S102] "Round 1 50 Round 2 90 Round 3 120 Round 4 150": 8s and 9s (60) open in round 1, not in
    round 2."""
    assert [V.initial_meld.threshold(score=0, deal=d) for d in (1, 2, 3, 4)] == [50, 90, 120, 150]
    first = _hand("7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC")
    first.apply("draw")
    assert first.is_legal("meld 8C 8D 8H + 9C 9D 9H")
    second = _hand("7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC", deal_number=2)
    second.apply("draw")
    assert not second.is_legal("meld 8C 8D 8H + 9C 9D 9H")
    assert second.is_legal("meld 8C 8D 8H + 9C 9D 9H + TC TD TH")


# --------------------------------------------------------------------------- the turn and the pile


def test_two_cards_are_drawn_from_the_stock() -> None:
    """hansgamenight "picking up 2 cards"."""
    h = _hand("7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC")
    h.apply("draw")
    assert len(h.hand_of(1)) == 15 and h.stock_count == 6


def test_the_pile_takes_a_natural_pair_and_only_its_top_seven_cards() -> None:
    """[S104] "Must have 2 cards in your hand which match the top card of the Discard Pile ... Top card of
    Discard Pile and the two cards from hand are immediately placed on table book, the remaining cards
    are placed in player's hand"; the top seven cards are taken (the copy on arcadeferro)."""
    pile = "4C 4D 5S 5D 6S 6D 7S 7D JK KC"  # ten cards, the king on top
    h = _hand("KD 2C 7H 8C 8D 8H 9C 9D 9H TC TD TH JC", discard=pile)
    assert not h.is_legal("pickup meld KC KD 2C")  # a natural and a wild do not take it
    h = _hand("KD KH 7H 8C 8D 8H 9C 9D 9H TC TD TH JC", discard=pile)
    h.apply("pickup meld KC KD KH + 8C 8D 8H + 9C 9D 9H")
    assert h.discard_pile == tuple(rk.parse_cards("4C 4D 5S"))
    assert Counter(rk.parse_cards("5D 6S 6D 7S 7D JK")) <= Counter(h.hand_of(1))


@pytest.mark.parametrize("top", ["3S", "2C", "JK"])
def test_a_three_or_a_wild_on_top_blocks_the_pile(top: str) -> None:
    """[S104] "Discard Pile can not be taken if a Three or Wild card is top card"."""
    h = _hand("3C 3S 2D 2H JK JK 8H 9C 9D 9H TC TD TH", discard=f"8S {top}")
    assert not any(a.word == "pickup" for a in h.legal_actions())


def test_the_top_card_is_never_laid_onto_a_book() -> None:
    """[S104]: the top card goes into a book with two cards from the hand (not onto the side's book)."""
    h = _hand("7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC", discard="QS")
    _books(h, 1, "QC QD QH")
    assert not h.is_legal("pickup layoff QS on 1")


def test_red_threes_are_laid_out_and_replaced_even_from_the_foot() -> None:
    """Red threes are put down at once and replaced (covidsensing), those of a foot when it is picked
    up; each laid out scores 100 and one left in a foot costs 300 ([S102] "3 (Red) -300")."""
    h = _hand(
        "7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC", feet=[_SEAT0.replace("4C", "3D"), _FOOT.replace("5C", "3H")]
    )
    h.apply("draw")
    h.apply("meld 7C 7D 7H + 8C 8D 8H + 9C 9D 9H + TC TD TH + JC JD JH")
    assert h.bonus[1] == tuple(rk.parse_cards("3H")) and len(h.hand_of(1)) == 13
    e = rk.Ending(went_out=None, hands=["", ""], second_hands=["3D 4C", ""], laid_out=[[], ["3H"]])
    assert rk.settle(V, e).scores == (-305, 100)


# --------------------------------------------------------------------------- one morto per side


def _morto() -> rk.Variant:
    return rk.loads_variant(
        'extends = "hand-and-foot"\n[variant]\nname = "morto-test"\n'
        '[second_hand]\nper = "side"\nsize = 11\nunplayed_counts = false\npenalty = 100\n'
    )


def test_one_second_hand_per_side_is_picked_up_by_the_first_partner_out_of_the_hand() -> None:
    """A morto per side (the component's ``per = "side"``): 4 players, two mortos held by the
    sides' first seats; seat 0 plays out its hand and takes its side's morto, after which neither
    partner has a second hand waiting; a side that never took its morto loses the penalty."""
    v = _morto()
    others = ["4C 4D 5S 6S 8C 9C TC JD QS AH AS KS KD", "4H 4S 5D 6C 8D 9D TD JH QH AC AD KC KH", _SEAT0]
    h = rk.new_hand(v, players=4, dealer=3, hands=["7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC", *others],
                    discard="6H", stock="JD JH 5C 5D 6C 6D")  # fmt: skip
    assert h.second_counts == (11, 11, 0, 0)
    h.apply("draw")
    h.apply("meld 7C 7D 7H + 8C 8D 8H + 9C 9D 9H + TC TD TH + JC JD JH")
    assert h.current_player == 0 and len(h.hand_of(0)) == 11
    assert h.second_counts == (0, 11, 0, 0) and h.second_taken == (True, False, False, False)
    from rummykit.engine.second_hand import waiting

    assert not waiting(h, 0) and not waiting(h, 2) and waiting(h, 1) and waiting(h, 3)
    e = rk.Ending(went_out=None, hands=["", "", "", ""], second_hands=["", " ".join(["5C"] * 3), "", ""])
    s = rk.settle(v, e)
    assert s.scores == (0, -100, 0, -100) and s.team_scores == (0, -100)


def test_a_morto_waits_for_both_partners() -> None:
    v = _morto()
    h = rk.new_hand(v, players=4, seed=2)
    from rummykit.engine.second_hand import pick_up, waiting

    assert waiting(h, 0) and waiting(h, 2) and waiting(h, 1) and waiting(h, 3)
    pick_up(h, 2)  # seat 2 picks up its side's morto (held at seat 0)
    assert h.second_counts == (0, 11, 0, 0) and h.second_taken == (False, False, True, False)
    assert not waiting(h, 0) and not waiting(h, 2) and waiting(h, 1)
    text = rk.position(h)
    assert "second_taken 0 0 1 0" in text
    again = rk.from_position(v, text)
    assert again.second_counts == h.second_counts and again.second_taken == h.second_taken
    with pytest.raises(rk.PositionError, match="picked up twice"):
        rk.from_position(v, text.replace("second_taken 0 0 1 0", "second_taken 1 0 1 0"))


# --------------------------------------------------------------------------- positions, records, resampling


def _played(seed: int, steps: int) -> rk.Hand:
    h = rk.new_hand(V, players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if h.is_over:
            break
        h.apply(rng.choice(h.legal_actions()))
    return h


def test_positions_and_records_carry_the_feet() -> None:
    h = _in_the_foot("KC KD KH QC QD QH AC AD AH 5C 5D 5H 4S")
    again = rk.replay(h.record())
    assert again.second_hands == h.second_hands and again.second_taken == h.second_taken
    g = _played(4, 60)
    text = rk.position(g)
    assert rk.position(rk.from_position(V, text)) == text
    assert rk.position(rk.replay(g.record())) == text
    counted = re.sub(r"; second [^;/]*/", "; second #13 /", text, count=1)
    with pytest.raises(rk.PositionError, match="second: seat 0's second hand is only a count"):
        rk.from_position(V, counted)


def test_a_resample_deals_every_unseen_foot_again_even_the_seats_own() -> None:
    h = rk.new_hand(V, players=4, seed=9)
    r = h.resample(0, seed=3)
    assert r.view(0) == h.view(0)
    assert r.second_counts == h.second_counts
    assert r.second_hands[0] != h.second_hands[0]  # its own foot was never seen
    assert Counter(r.cards_in_play()) == Counter(h.cards_in_play())


def test_two_deals_that_differ_in_a_foot_look_the_same_until_it_is_picked_up() -> None:
    """The paired-hands check for the foot: seat 0's own foot (and the others') swapped with cards of
    the stock; seat 0's views and knowledge are the same at every step before a foot is picked up."""
    a = rk.new_hand(V, players=2, seed=12)
    dealt = a.record()["dealt"]
    feet = [x.split() for x in dealt["second"]]
    stock = dealt["stock"].split()  # top first
    feet[0][:5], stock[-5:] = stock[-5:], feet[0][:5]  # five cards from the bottom of the stock
    b = rk.new_hand(
        V, players=2, dealer=0, hands=dealt["hands"], discard=dealt["discard"], stock=stock, second_hands=feet
    )
    b_seat0 = b.view(0)
    assert b_seat0 == a.view(0) and b.second_hands[0] != a.second_hands[0]
    rng = random.Random(1)
    compared = 0
    for _ in range(30):
        if a.is_over or any(a.second_taken) or a.view(0) != b.view(0):
            break
        act = rng.choice(a.legal_actions())
        a.apply(act)
        b.apply(act)
        assert a.view(0).knowledge().known == b.view(0).knowledge().known
        assert rk.position(a.resample(0, seed=2), seat=0) == rk.position(b.resample(0, seed=2), seat=0)
        compared += 1
    assert compared > 5


def test_the_rl_observation_holds_the_foot_as_counts() -> None:
    pytest.importorskip("numpy")  # the `rl` extra
    from rummykit.rl.observe import KnownCards, Observer
    from rummykit.rl.tokens import ActionTokens

    obs = Observer(V, 4, ActionTokens(V))
    h = rk.new_hand(V, players=4, seed=1)
    x = obs.encode(h.view(0), KnownCards(4))
    s = obs.layout["scalars"][0] + obs.n_phases + 2 + 4 * 4 + 1
    assert list(x[s : s + 4]) == [pytest.approx(13 / 378)] * 4 and not x[s + 4 : s + 8].any()


# --------------------------------------------------------------------------- play, bots, screen


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_greedy_bots_play_a_hand_out_at_every_player_count(players: int) -> None:
    """A hand of greedy bots plays out (no turn limit reached): hands, feet, the books, going out or
    the stock run out."""
    h = play_greedy(V, players, players)
    assert h.result is not None and h.result.how is not rk.Termination.TURN_LIMIT, (players, h.turn)
    if h.went_out is not None:
        assert h.second_taken[h.went_out]


def test_the_play_screen_shows_the_feet_as_counts() -> None:
    keys = Keyboard(answer=random_player(3, quit_when=lambda s: s.hand is not None and s.hand.turns > 6))
    _, out = play("hand-and-foot", keys, players=4, seed=7, bots=["random"])
    assert "Feet: yours 13 cards face down;" in out


def test_the_svg_picture_shows_the_feet_as_counts() -> None:
    h = _hand("7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC")
    h.apply("draw")
    h.apply("meld 7C 7D 7H + 8C 8D 8H + 9C 9D 9H + TC TD TH + JC JD JH")
    pic = rk.svg.position(h.view(0))
    assert "Seat 0 (you) — dealer — second hand: 13 face down" in pic
    assert "Seat 1 — to play — second hand picked up" in pic
    assert pic.count('class="card back"') == 13 + 1  # seat 1's hand (its foot now) and the stock


def test_the_rulebook_diff_names_a_house_rules_book_requirement() -> None:
    house = rk.loads_variant(HOUSE)
    changes = diff_variants(V, house)
    assert any(c.concern == "going_out" and "2 natural and 3 mixed" in c.after for c in changes)
    assert any(c.concern == "second_hand" and "11 cards" in c.after for c in changes)


HOUSE = """
extends = "hand-and-foot"
[variant]
name = "hand-and-foot-club"
[deal]
hand_size = 11
[second_hand]
size = 11
[going_out]
canastas = 5
natural_canastas = 2
mixed_canastas = 3
"""


def test_the_text_prompt_tells_the_feet_as_counts() -> None:
    h = _hand("7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC")
    text = rk.llm.prompt(h, 0)
    assert "Your second hand: 13 cards face down" in text and "a second hand of 13 cards face down" in text
    h.apply("draw")
    h.apply("meld 7C 7D 7H + 8C 8D 8H + 9C 9D 9H + TC TD TH + JC JD JH")
    assert "has picked up a second hand" in rk.llm.prompt(h, 0)


@pytest.mark.parametrize(
    "lines",
    [
        "[players]\nmore_teams = [[[0, 3], [1, 4], [2, 5]]]",  # six in three sides of two [S104]
        "[deck]\ndecks = { 2 = 2, 3 = 3, 4 = 4, 5 = 5, 6 = 6 }",  # one pack per player [S103, S102]
        "[deal]\nupcard = false",  # no upcard [S101]
        "[draw]\nstock_cards = 1\npile_cards = 0\npair_with_wild = true",  # house rules [S104]
        "[initial_meld]\nminimums = [60, 90, 120, 150]",  # [S103]
        "[scoring]\nmixed_canasta = 200\ngoing_out = 100",  # [S102], handandfootfrenzy
    ],
)
def test_the_options_of_the_notes_load_and_play(lines: str) -> None:
    """Each option the notes name is a few TOML lines that load and deal."""
    v = rk.loads_variant(f'extends = "hand-and-foot"\n[variant]\nname = "hf-option"\n{lines}\n')
    n = 6 if "more_teams" in lines else 4
    h = rk.new_hand(v, players=n, seed=2)
    assert h.second_counts == (13,) * n
    rng = random.Random(2)
    for _ in range(12):
        h.apply(rng.choice(h.legal_actions()))
    if "more_teams" in lines:
        assert v.players.teams_for(6) == ((0, 3), (1, 4), (2, 5))


def test_the_partners_permission_is_an_option_and_a_foot_waiting_is_no_way_out() -> None:
    """Asking "may I go out?" is an option (handandfootfrenzy: "Etiquette in most house rulesets ...
    expects the player going out to ask"), off by default; on, a player whose foot waits cannot go out
    by discarding its last card (it picks up the foot), so no way out is found for the answer to bind."""
    from rummykit.engine.out_line import out_line

    assert not V.going_out.asks_permission()
    v = rk.loads_variant(
        'extends = "hand-and-foot"\n[variant]\nname = "hf-ask"\n[going_out]\npermission = "may-ask"\n'
    )
    others = ["4C 4D 5S 6S 8C 9C TC JD QS AH AS KS KD", "4H 4S 5D 6C 8D 9D TD JH QH AC AD KC KH", _SEAT0]
    h = rk.new_hand(v, players=4, dealer=3, hands=["7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH 4S", *others],
                    discard="6H", stock="7S 8S 5C 5D 6C 6D")  # fmt: skip
    h.apply("draw")
    h.apply("meld 7C 7D 7H 7S + 8C 8D 8H 8S + 9C 9D 9H + TC TD TH")
    assert h.hand_of(0) == tuple(rk.parse_cards("4S")) and h.is_legal("ask")
    assert out_line(h) is None
