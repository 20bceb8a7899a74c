"""Cards: notation round trips, ordering, hashing, shoes.

DESIGN.md, Notations: "Cards: rank ``A 2 3 4 5 6 7 8 9 T J Q K`` (also ``10``),
suit ``C D H S`` (also ``♣ ♦ ♥ ♠``), joker ``JK``. ``str(card)`` gives the
canonical form." STYLE.md §1: "Hands are sorted tuples (multisets), never
sets. Two-deck variants have duplicate cards."
"""

from __future__ import annotations

import itertools
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit import Card, Rank, Suit
from strategies import ALL_CARDS, card_multisets, cards, hands, natural_cards, shoes

RANK_SPELLINGS = {
    Rank.ACE: ["A", "a"],
    Rank.TWO: ["2"],
    Rank.THREE: ["3"],
    Rank.FOUR: ["4"],
    Rank.FIVE: ["5"],
    Rank.SIX: ["6"],
    Rank.SEVEN: ["7"],
    Rank.EIGHT: ["8"],
    Rank.NINE: ["9"],
    Rank.TEN: ["T", "t", "10"],
    Rank.JACK: ["J", "j"],
    Rank.QUEEN: ["Q", "q"],
    Rank.KING: ["K", "k"],
}
SUIT_SPELLINGS = {
    Suit.CLUBS: ["C", "c", "♣"],
    Suit.DIAMONDS: ["D", "d", "♦"],
    Suit.HEARTS: ["H", "h", "♥"],
    Suit.SPADES: ["S", "s", "♠"],
}


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_canonical_round_trip(card: Card) -> None:
    assert rk.parse_card(str(card)) == card
    assert Card.parse(str(card)) is card  # parsing gives the cached instance


def test_canonical_forms() -> None:
    assert [str(c) for c in ALL_CARDS[:13]] == [
        "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC",
    ]  # fmt: skip
    assert str(Card.joker()) == "JK"
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "TH"
    assert repr(Card(Rank.QUEEN, Suit.SPADES)) == "QS"


@pytest.mark.parametrize(("rank", "suit"), list(itertools.product(Rank, Suit)))
def test_every_spelling_of_every_card(rank: Rank, suit: Suit) -> None:
    """``10H``, ``T♥``, ``th``, ``10♥``...: all read as the same card."""
    want = Card(rank, suit)
    for r, s in itertools.product(RANK_SPELLINGS[rank], SUIT_SPELLINGS[suit]):
        assert rk.parse_card(r + s) == want, r + s


@pytest.mark.parametrize("text", ["JK", "jk", "Jk", " JK "])
def test_joker_spellings(text: str) -> None:
    assert rk.parse_card(text) == Card.joker()


def test_design_examples() -> None:
    assert rk.parse_cards("7H 8H 9H JK") == (
        Card(Rank.SEVEN, Suit.HEARTS),
        Card(Rank.EIGHT, Suit.HEARTS),
        Card(Rank.NINE, Suit.HEARTS),
        Card.joker(),
    )
    assert rk.parse_cards("10H 7♥") == rk.parse_cards("TH 7H")


@pytest.mark.parametrize(
    "text", ["", "X", "1H", "11H", "0S", "7X", "7", "H7", "JKH", "10", "AHS", "7 H", "♥7", "1OH"]
)
def test_bad_single_card(text: str) -> None:
    with pytest.raises(rk.NotationError) as info:
        rk.parse_card(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("7H 8X", "8X", 2),
        ("XX", "XX", 1),
        ("7H, 8H, 9H, ZZ", "ZZ", 4),
        ("AS  KS\tQS 1S", "1S", 4),
        ("7H 8H JK JK 11C", "11C", 5),
    ],
)
def test_bad_token_is_named_with_its_position(text: str, token: str, position: int) -> None:
    with pytest.raises(rk.NotationError) as info:
        rk.parse_cards(text)
    message = str(info.value)
    assert message.startswith(f"bad card {token!r} at position {position} in {text!r}:")


def test_parse_cards_from_iterables() -> None:
    seven = Card(Rank.SEVEN, Suit.HEARTS)
    assert rk.parse_cards(["7H", seven, "jk"]) == (seven, seven, Card.joker())
    with pytest.raises(rk.NotationError, match=r"bad card 'QQ' at position 2"):
        rk.parse_cards(["7H", "QQ"])
    with pytest.raises(rk.NotationError, match=r"bad card 7 at position 1"):
        rk.parse_cards([7])  # type: ignore[list-item]


def test_parse_cards_keeps_order_and_duplicates() -> None:
    assert [str(c) for c in rk.parse_cards("KS 2C KS 10s")] == ["KS", "2C", "KS", "TS"]
    assert rk.parse_cards("") == ()
    assert rk.parse_cards(" , ") == ()


@given(st.lists(cards(), max_size=20))
def test_format_then_parse_round_trip(hand: list[Card]) -> None:
    assert rk.parse_cards(rk.format_cards(hand)) == tuple(hand)


@given(st.lists(cards(), max_size=12), st.data())
def test_any_accepted_spelling_round_trips(hand: list[Card], data: st.DataObject) -> None:
    """Random spellings (10/T, case, suit symbols) and separators read back the same cards."""
    tokens = []
    for card in hand:
        if card.is_joker:
            tokens.append(data.draw(st.sampled_from(["JK", "jk"])))
        else:
            assert card.rank is not None and card.suit is not None
            rank = data.draw(st.sampled_from(RANK_SPELLINGS[card.rank]))
            suit = data.draw(st.sampled_from(SUIT_SPELLINGS[card.suit]))
            tokens.append(rank + suit)
    separators = data.draw(
        st.lists(st.sampled_from([" ", ", ", "  ", ","]), min_size=len(tokens), max_size=len(tokens))
    )
    text = "".join(t + s for t, s in zip(tokens, separators, strict=True))
    assert rk.parse_cards(text) == tuple(hand)


def test_errors_are_value_errors() -> None:
    """STYLE.md §2: every error is a RummyError, which is a ValueError."""
    with pytest.raises(ValueError):
        rk.parse_card("nope")
    assert issubclass(rk.NotationError, rk.RummyError)


def test_rank_parse() -> None:
    assert Rank.parse("10") is Rank.TEN
    assert Rank.parse("q") is Rank.QUEEN
    with pytest.raises(rk.NotationError, match="bad rank '1'"):
        Rank.parse("1")
    assert [r.letter for r in Rank] == list("A23456789TJQK")
    assert [s.letter for s in Suit] == list("CDHS")
    assert [s.symbol for s in Suit] == list("♣♦♥♠")


# --------------------------------------------------------------------------- identity, order, hashing


def test_codes() -> None:
    assert [c.code for c in ALL_CARDS] == list(range(53))
    for code in range(53):
        assert Card.from_code(code).code == code
    assert Card.from_code(52) == Card.joker()
    assert Card.from_code(0) == Card(Rank.ACE, Suit.CLUBS)
    assert Card.from_code(51) == Card(Rank.KING, Suit.SPADES)
    for bad in (53, -1, -53):
        with pytest.raises(IndexError, match=f"no card has code {bad}"):
            Card.from_code(bad)


def test_joker() -> None:
    joker = Card.joker()
    assert joker.is_joker and joker.rank is None and joker.suit is None
    assert Card(None, None) == joker
    assert not Card(Rank.ACE, Suit.SPADES).is_joker
    with pytest.raises(rk.NotationError):
        Card(Rank.ACE, None)
    with pytest.raises(rk.NotationError):
        Card(None, Suit.SPADES)


def test_total_order_suit_then_rank_jokers_last() -> None:
    shuffled = list(reversed(ALL_CARDS))
    assert tuple(sorted(shuffled)) == ALL_CARDS
    assert Card(Rank.KING, Suit.CLUBS) < Card(Rank.ACE, Suit.DIAMONDS)
    assert Card(Rank.KING, Suit.SPADES) < Card.joker()
    assert sorted(rk.parse_cards("JK 2C AS")) == list(rk.parse_cards("2C AS JK"))


@given(cards(), cards(), cards())
def test_ordering_is_a_total_order(a: Card, b: Card, c: Card) -> None:
    assert (a < b) + (a == b) + (a > b) == 1
    assert (a <= b) == (a < b or a == b)
    assert (a >= b) == (a > b or a == b)
    if a <= b and b <= c:
        assert a <= c
    assert (a < b) == (a.code < b.code)


def test_ordering_against_other_types() -> None:
    seven = Card(Rank.SEVEN, Suit.HEARTS)
    assert seven != "7H"
    with pytest.raises(TypeError):
        _ = seven < "7H"  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = seven >= 3  # type: ignore[operator]


def test_equality_and_hash_across_decks() -> None:
    """Two 7H from a two-deck shoe are equal and hash alike: a multiset, not a set."""
    shoe = rk.build_shoe(decks=2)
    sevens = [c for c in shoe if str(c) == "7H"]
    assert len(sevens) == 2
    assert sevens[0] == sevens[1]
    assert hash(sevens[0]) == hash(sevens[1])
    assert len(set(shoe)) == 52
    assert Counter(shoe)[Card(Rank.SEVEN, Suit.HEARTS)] == 2
    # a card built by hand equals the parsed one
    assert Card(Rank.SEVEN, Suit.HEARTS) == rk.parse_card("7h")
    assert {Card(Rank.SEVEN, Suit.HEARTS): 1}[rk.parse_card("7♥")] == 1


def test_cards_are_frozen_and_picklable() -> None:
    seven = Card(Rank.SEVEN, Suit.HEARTS)
    with pytest.raises(AttributeError):
        seven.rank = Rank.EIGHT  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(seven)) == seven
    assert pickle.loads(pickle.dumps(Card.joker())) == Card.joker()


# --------------------------------------------------------------------------- shoes


@pytest.mark.parametrize(
    ("decks", "jokers", "size"),
    [(1, 0, 52), (1, 2, 54), (2, 0, 104), (2, 1, 106), (2, 2, 108), (2, 3, 110), (3, 0, 156)],
)
def test_build_shoe_sizes(decks: int, jokers: int, size: int) -> None:
    """Two decks and jokers.

    [S2] §Caloochi: "two standard 52 card
    decks with four Jokers"; [S3], Kalooki: "2 decks and 2
    jokers - total 106 cards".
    """
    shoe = rk.build_shoe(decks=decks, jokers_per_deck=jokers)
    assert len(shoe) == size
    assert list(shoe) == sorted(shoe)
    counts = Counter(shoe)
    assert counts[Card.joker()] == decks * jokers
    assert all(counts[c] == decks for c in ALL_CARDS[:52])


def test_build_shoe_default_is_one_plain_deck() -> None:
    """[S1] §The Deck: "One standard deck of 52 cards is used." """
    assert rk.build_shoe() == ALL_CARDS[:52]


@pytest.mark.parametrize(("decks", "jokers"), [(0, 0), (-1, 0), (1, -1)])
def test_build_shoe_refuses_nonsense(decks: int, jokers: int) -> None:
    with pytest.raises(ValueError):
        rk.build_shoe(decks=decks, jokers_per_deck=jokers)


# --------------------------------------------------------------------------- the shared strategies


@given(shoes())
def test_shoes_strategy(shoe: tuple[Card, ...]) -> None:
    assert len(shoe) % 52 == 0 or Card.joker() in shoe
    assert list(shoe) == sorted(shoe)


@given(card_multisets(max_decks=2, max_jokers=2))
def test_multisets_are_sorted_and_fit_a_two_deck_shoe(cards_: tuple[Card, ...]) -> None:
    assert list(cards_) == sorted(cards_)
    counts = Counter(cards_)
    assert all(n <= 2 for c, n in counts.items() if not c.is_joker)
    assert counts[Card.joker()] <= 4


@given(st.integers(0, 20).flatmap(lambda n: st.tuples(st.just(n), hands(n))))
def test_hands_have_the_asked_size(case: tuple[int, tuple[Card, ...]]) -> None:
    size, hand = case
    assert len(hand) == size


@given(natural_cards())
def test_natural_cards_have_rank_and_suit(card: Card) -> None:
    assert not card.is_joker
    assert Card(card.rank, card.suit) == card
