"""Card, hand and meld values per variant."""

from __future__ import annotations

import rummykit as rk


def value(v: rk.Variant, card: str) -> int:
    return rk.card_value(v, rk.Card.parse(card))


def test_s000_thai_values() -> None:
    """[S5]: "cards of rank 2 to 9 are worth 5 points each, 10, J, Q, K are worth
    10 points each, and Aces are 15 points each, with two exceptions. Both the
    Queen of Spades and Two of Clubs are worth 50 points."""
    thai = rk.load_variant("thai")
    assert [value(thai, c) for c in ("2D", "9H", "TC", "KS", "AH", "QS", "2C", "QH")] == [
        5,
        5,
        10,
        10,
        15,
        50,
        50,
        10,
    ]
    assert rk.hand_value(thai, rk.parse_cards("QS 2C")) == 100
    assert rk.meld_value(thai, rk.Meld.parse("QS KS AS")) == 75


def test_s002_romme_values() -> None:
    """[S2] (Rommé): "Joker - Used In a meld - point value of card it replaces -
    Remaining in hand at end of game - 30 Points"; "Ace - Used in a Set - 11
    Points Each - Used in a Run after a King - 11 Points - Used in a Run before a
    two - 1 Point - Left in Hand - 11 Points"."""
    romme = rk.load_variant("romme")
    assert value(romme, "JK") == 30 and value(romme, "AH") == 11 and value(romme, "KD") == 10
    assert rk.meld_value(romme, rk.Meld.parse("AC AD AH")) == 33
    assert rk.meld_value(romme, rk.Meld.parse("QH KH AH")) == 31
    assert rk.meld_value(romme, rk.Meld.parse("AH 2H 3H")) == 6
    assert rk.meld_value(romme, rk.Meld.parse("JK=AH 2H 3H")) == 6  # the joker replaces a low ace
    assert rk.meld_value(romme, rk.Meld.parse("7H JK=8H 9H")) == 24
    assert rk.meld_value(romme, rk.Meld.parse("QC QD JK=QS")) == 30


def test_s002_phom_court_cards() -> None:
    """[S2] (Phỏm): "Ace 1, 2 to 10 Point value marked on card, Jack 11, Queen 12, King 13"."""
    phom = rk.load_variant("phom")
    assert [value(phom, c) for c in ("AS", "TD", "JC", "QH", "KS")] == [1, 10, 11, 12, 13]


def test_s002_kalooki_melded_joker_counts_as_replaced() -> None:
    """[S2] (Kalooki): "for calculating the value of a players initial meld, the
    Joker would have the score of the card it is replacing"; A 15, joker 25."""
    kalooki = rk.load_variant("kalooki")
    assert value(kalooki, "JK") == 25 and value(kalooki, "AS") == 15
    assert rk.meld_value(kalooki, rk.Meld.parse("JK=JD QD KD AD")) == 45


def test_melded_wild_at_its_own_value() -> None:
    own = rk.loads_variant(
        'extends = "straight"\n[variant]\nname = "own"\n[deck]\njokers_per_deck = 1\n[scoring]\nmelded_wild = "own"'
    )
    assert rk.meld_value(own, rk.Meld.parse("7H JK=8H 9H")) == 31


def test_rum500_low_ace() -> None:
    """[S7]: "An ace melded as A-2-3 counts 1"; otherwise 15."""
    rum = rk.load_variant("rum500")
    assert rk.meld_value(rum, rk.Meld.parse("AH 2H 3H")) == 6
    assert rk.meld_value(rum, rk.Meld.parse("QH KH AH")) == 35
    assert value(rum, "AH") == 15


def test_indian_wild_joker_in_hand() -> None:
    """[S3]: J, Q, K and A count 10; both kinds of joker 0."""
    indian = rk.load_variant("indian")
    fives = frozenset({rk.Rank.FIVE})
    assert value(indian, "AS") == 10 and value(indian, "JK") == 0
    assert rk.card_value(indian, rk.Card.parse("5D"), wild_ranks=fives) == 0
    assert rk.hand_value(indian, rk.parse_cards("5D 5S KH JK"), wild_ranks=fives) == 10
    assert rk.hand_value(indian, rk.parse_cards("5D 5S KH JK")) == 20
