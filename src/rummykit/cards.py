"""Cards, their notation, and shoes of one or more decks.

A :class:`Card` is a *value*: two seven of hearts from a two-deck shoe are
equal and hash alike, because no rule of any rummy game tells them apart.
Collections of cards are therefore multisets, kept as sorted tuples (never
sets), and card conservation is checked as a multiset (``collections.Counter``).

Notation: rank ``A 2 3 4 5 6 7 8 9 T J Q K`` (``10`` is read as ``T``), suit
``C D H S`` (``♣ ♦ ♥ ♠`` are read too), ``JK`` for a printed joker.
Case is ignored when reading; :func:`str` gives the canonical form.

>>> parse_cards("7H 10S T♠ jk")
(7H, TS, TS, JK)
>>> str(Card(Rank.QUEEN, Suit.SPADES))
'QS'
>>> len(build_shoe(decks=2, jokers_per_deck=3))
110
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from rummykit.errors import ArgumentError, NotationError

__all__ = [
    "CARD_NOTATION",
    "Card",
    "Rank",
    "Suit",
    "build_shoe",
    "canonical_card",
    "format_cards",
    "parse_card",
    "parse_cards",
]


class Suit(enum.IntEnum):
    """The four suits, in the sort order clubs, diamonds, hearts, spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    def __str__(self) -> str:
        return self.letter


class Rank(enum.IntEnum):
    """Ranks with their natural numbers: ace 1 up to king 13.

    Where an ace may also rank above the king, the ranking component says so;
    the enum itself only fixes identity and notation.
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The rank's one-character notation (``T`` for ten)."""
        return _RANK_LETTERS[self - 1]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank: ``A 2-9 T/10 J Q K`` (any case).

        >>> Rank.parse("10") is Rank.TEN
        True
        """
        if not isinstance(text, str):
            raise ArgumentError(f"Rank.parse: text must be a str, got {short_repr(text)}")
        rank = _RANK_BY_TEXT.get(text.upper())
        if rank is None:
            raise NotationError(f"bad rank {text!r}: expected one of A 2 3 4 5 6 7 8 9 T J Q K (or 10)")
        return rank

    def __str__(self) -> str:
        return self.letter


_RANK_LETTERS = "A23456789TJQK"
_RANK_BY_TEXT: dict[str, Rank] = {letter: Rank(i + 1) for i, letter in enumerate(_RANK_LETTERS)}
_RANK_BY_TEXT["10"] = Rank.TEN
_SUIT_BY_TEXT: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_BY_TEXT[_suit.letter] = _suit
    _SUIT_BY_TEXT[_suit.symbol] = _suit
_SUIT_BY_TEXT.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})

JOKER_CODE = 52
"""The integer code of a printed joker; natural cards are ``suit * 13 + rank - 1``."""


@attrs.frozen(order=False, repr=False, cache_hash=True)
class Card:
    """A playing card: a natural card, or a printed joker.

    Cards are totally ordered by suit (clubs first), then rank (ace first);
    jokers sort last. ``code`` is a small integer (0-51, joker 52) for fast
    tables.

    >>> Card.parse("qs") == Card(Rank.QUEEN, Suit.SPADES)
    True
    >>> sorted(parse_cards("JK 2C AS"))
    [2C, AS, JK]
    >>> Card.joker().is_joker
    True
    """

    rank: Rank | None
    suit: Suit | None
    code: int = attrs.field(init=False, eq=False, hash=False)

    _by_code: ClassVar[tuple[Card, ...]]

    def __attrs_post_init__(self) -> None:
        if not (self.rank is None or isinstance(self.rank, Rank)):
            raise ArgumentError(f"Card: rank must be a Rank or None, got {short_repr(self.rank)}")
        if not (self.suit is None or isinstance(self.suit, Suit)):
            raise ArgumentError(f"Card: suit must be a Suit or None, got {short_repr(self.suit)}")
        if (self.rank is None) != (self.suit is None):
            raise NotationError("a card has both a rank and a suit, or neither (a joker)")
        if self.rank is None or self.suit is None:
            code = JOKER_CODE
        else:
            code = int(self.suit) * 13 + int(self.rank) - 1
        object.__setattr__(self, "code", code)

    @classmethod
    def joker(cls) -> Card:
        """The printed joker."""
        return _CARDS[JOKER_CODE]

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with this integer code (0-51 natural, 52 joker).

        Raises :class:`IndexError` for any other code (a negative code does not
        wrap around to the joker).
        """
        if not isinstance(code, int) or isinstance(code, bool):
            raise ArgumentError(f"Card.from_code: code must be an int, got {short_repr(code)}")
        if not 0 <= code <= JOKER_CODE:
            raise IndexError(f"no card has code {code}: codes are 0-51, and 52 for the joker")
        return _CARDS[code]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in rummykit notation; see :func:`parse_card`."""
        return parse_card(text)

    @property
    def is_joker(self) -> bool:
        """Whether this is a printed joker."""
        return self.rank is None

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return self.rank.letter + self.suit.letter

    def __format__(self, spec: str) -> str:
        """``format(card, "s")`` (or ``f"{card:s}"``) writes the suit as a symbol,
        for people (``7♥``); ``str(card)`` stays the canonical ASCII notation,
        which records and actions use.

        >>> c = Card.parse("7H")
        >>> f"{c} {c:s}", format(Card.joker(), "s")
        ('7H 7♥', 'JK')
        """
        if spec == "s":
            return "JK" if self.rank is None or self.suit is None else self.rank.letter + self.suit.symbol
        if spec == "":
            return str(self)
        raise ArgumentError(
            f"Card.__format__: unknown format {spec!r} for a card: '' (notation) or 's' (suit symbols)"
        )

    def _repr_svg_(self) -> str:
        """The card as an SVG picture (Jupyter shows it); see :mod:`rummykit.svg`."""
        from rummykit import svg

        return svg.card(self)

    def __repr__(self) -> str:
        return str(self)

    def __lt__(self, other: Any) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code < other.code

    def __le__(self, other: Any) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code <= other.code

    def __gt__(self, other: Any) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code > other.code

    def __ge__(self, other: Any) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code >= other.code


_CARDS: tuple[Card, ...] = tuple(
    [Card(Rank(c % 13 + 1), Suit(c // 13)) for c in range(52)] + [Card(None, None)]
)
_CARD_BY_TEXT: dict[str, Card] = {"JK": _CARDS[JOKER_CODE]}
for _card in _CARDS[:52]:
    assert _card.rank is not None and _card.suit is not None
    for _rt, _r in _RANK_BY_TEXT.items():
        if _r is _card.rank:
            for _st, _s in _SUIT_BY_TEXT.items():
                if _s is _card.suit:
                    _CARD_BY_TEXT[_rt + _st] = _card

_CANONICAL: dict[str, Card] = {str(c): c for c in _CARDS}

CARD_NOTATION = "(?:[A2-9TJQK][CDHS]|JK)"
"""A card in canonical notation (``str(card)``) as a regular expression,
the same in ECMA-262 and Python (for JSON Schemas and strict readers)."""


def canonical_card(text: object) -> Card | None:
    """The card ``text`` names in canonical notation (``7H``, ``TS``,
    ``JK``: ``str(card)`` exactly), or None for anything else (``10H``,
    ``7h``, ``7♥``, ``" 7H"``), as JSON data readers require.

    >>> canonical_card("TS"), canonical_card("10S"), canonical_card("5C\u00a0")
    (TS, None, None)
    """
    return _CANONICAL.get(text) if isinstance(text, str) else None


_EXPECTED = "expected a rank (A 2-9 T/10 J Q K) then a suit (C D H S or ♣ ♦ ♥ ♠), or JK"


def parse_card(text: str) -> Card:
    """Read one card: ``7H``, ``10S``, ``T♠``, ``qs``, ``JK``.

    Raises :class:`~rummykit.NotationError` naming the bad token.

    >>> parse_card("10♥")
    TH
    """
    if not isinstance(text, str):
        raise ArgumentError(f"parse_card: text must be a str, got {short_repr(text)}")
    card = _CARD_BY_TEXT.get(text.strip().upper())
    if card is None:
        raise NotationError(f"bad card {short_repr(text)}: {_EXPECTED}")
    return card


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas, keeping their order.

    Also accepts an iterable of card texts or :class:`Card` objects.
    A bad token raises :class:`~rummykit.NotationError` naming the token and
    its position (1-based).

    >>> parse_cards("7H, 8H 9H")
    (7H, 8H, 9H)
    >>> parse_cards("7H 8X")
    Traceback (most recent call last):
    ...
    rummykit.errors.NotationError: bad card '8X' at position 2 in '7H 8X': expected a rank (A 2-9 T/10 J Q K) then a suit (C D H S or ♣ ♦ ♥ ♠), or JK
    """
    if isinstance(text, str):
        tokens: list[str | Card] = list(text.replace(",", " ").split())
        shown = short_repr(text)
    else:
        if isinstance(text, bytes | bytearray | dict) or not isinstance(text, Iterable):
            raise ArgumentError(
                f"parse_cards: text must be a str or an iterable of cards, got {short_repr(text)}"
            )
        tokens = list(text)
        shown = "[" + ", ".join(str(t)[:10] for t in tokens[:10]) + (", ...]" if len(tokens) > 10 else "]")
    out: list[Card] = []
    for position, token in enumerate(tokens, 1):
        if isinstance(token, Card):
            out.append(token)
            continue
        if not isinstance(token, str):
            raise NotationError(
                f"bad card {short_repr(token)} at position {position} in {shown}: expected text"
            )
        card = _CARD_BY_TEXT.get(token.strip().upper())
        if card is None:
            raise NotationError(
                f"bad card {short_repr(token)} at position {position} in {shown}: {_EXPECTED}"
            )
        out.append(card)
    return tuple(out)


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Cards in canonical notation, space separated, in the given order; with
    ``symbols=True``, suits as symbols for people (never in records).

    >>> format_cards(parse_cards("th 10h"))
    'TH TH'
    >>> format_cards(parse_cards("7H 8S JK"), symbols=True)
    '7♥ 8♠ JK'
    """
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        raise ArgumentError(f"format_cards: cards must be an iterable of cards, got {short_repr(cards)}")
    out = []
    for c in cards:
        if not isinstance(c, Card):
            raise ArgumentError(f"format_cards: cards must hold Card objects, got {short_repr(c)}")
        out.append(format(c, "s") if symbols else str(c))
    return " ".join(out)


def short_repr(x: object) -> str:
    """A value for a message, cut short (a hostile argument may be huge)."""
    if isinstance(x, int) and x.bit_length() > 64:
        return f"an int of {x.bit_length()} bits"
    try:
        text = repr(x)
    except Exception:
        text = f"a {type(x).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


def build_shoe(*, decks: int = 1, jokers_per_deck: int = 0) -> tuple[Card, ...]:
    """Every card of ``decks`` 52-card decks plus their jokers, sorted.

    >>> len(build_shoe()), len(build_shoe(decks=2, jokers_per_deck=1))
    (52, 106)
    """
    for name, value in (("decks", decks), ("jokers_per_deck", jokers_per_deck)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise ArgumentError(f"build_shoe: {name} must be an int, got {short_repr(value)}")
    if decks < 1 or jokers_per_deck < 0:
        raise ArgumentError("a shoe needs at least one deck and no negative number of jokers")
    naturals = [c for c in _CARDS[:52] for _ in range(decks)]
    return tuple(naturals + [_CARDS[JOKER_CODE]] * (decks * jokers_per_deck))
