"""The meld value types: :class:`Meld`, :class:`MeldKind` and :class:`Arrangement`.

A meld records the physical cards *and* the natural card each one stands for,
so a wild card's role is part of the value (needed for joker swaps, lay-offs
and for scoring a melded wild at the value of the card it replaces).

Notation: cards in meld order, separated by spaces; a card standing for
another one is written ``CARD=NATURAL``.

>>> m = Meld.parse("7H 8H JK=9H")
>>> m.kind, m.wild_count, m.suit
(<MeldKind.RUN: 'run'>, 1, <Suit.HEARTS: 2>)
>>> str(m)
'7H 8H JK=9H'
>>> Meld.parse("7C 7D 7S").is_pure
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from rummykit.cards import Card, Rank, Suit, format_cards, parse_card
from rummykit.errors import ArgumentError, NotationError

__all__ = ["Arrangement", "Meld", "MeldKind", "meld_sort_key", "near"]


class MeldKind(enum.StrEnum):
    """Whether a meld is a set (one rank) or a run (one suit, in sequence)."""

    SET = "set"
    RUN = "run"


@attrs.frozen(repr=False)
class Meld:
    """One meld: its kind, its physical cards and what each card stands for.

    ``cards`` lists the physical cards in meld order (a run from its low end to
    its high end as it lies, e.g. ``QH KH AH`` with a high ace); ``represents``
    has the same length and gives the natural card each position stands for.
    A natural card, or a wild-rank card in its natural place, represents
    itself; a wild represents the card it replaces.

    Build melds with :func:`rummykit.classify_meld` (which checks them against
    a variant) or :meth:`parse`; the constructor does not check the rules.

    >>> m = Meld.parse("2C=5S 5D 5H")
    >>> m.kind.value, m.rank, m.wild_count, m.natural_count
    ('set', <Rank.FIVE: 5>, 1, 2)
    >>> m.wilds
    ((2C, 5S),)
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    represents: tuple[Card, ...]

    @property
    def wild_count(self) -> int:
        """How many cards stand for another card."""
        return sum(1 for c, r in zip(self.cards, self.represents, strict=True) if c != r)

    @property
    def natural_count(self) -> int:
        """How many cards stand for themselves."""
        return len(self.cards) - self.wild_count

    @property
    def is_pure(self) -> bool:
        """Whether no card stands for another (a *pure* sequence in Indian rummy)."""
        return self.cards == self.represents

    @property
    def wilds(self) -> tuple[tuple[Card, Card], ...]:
        """``(wild card, card it stands for)`` for each wild, in meld order."""
        return tuple((c, r) for c, r in zip(self.cards, self.represents, strict=True) if c != r)

    @property
    def rank(self) -> Rank | None:
        """The rank of a set (``None`` for a run)."""
        if self.kind is MeldKind.SET and self.represents:
            return self.represents[0].rank
        return None

    @property
    def suit(self) -> Suit | None:
        """The suit of a run (``None`` for a set)."""
        if self.kind is MeldKind.RUN and self.represents:
            return self.represents[0].suit
        return None

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return " ".join(
            str(c) if c == r else f"{c}={r}" for c, r in zip(self.cards, self.represents, strict=True)
        )

    def __format__(self, spec: str) -> str:
        """``f"{meld:s}"`` writes suits as symbols for people (``KC=A♣ A♥ A♠``);
        ``str(meld)`` stays the notation.

        >>> f"{Meld.parse('KC=AC AH AS'):s}"
        'K♣=A♣ A♥ A♠'
        """
        if spec not in ("", "s"):
            raise ArgumentError(
                f"Meld.__format__: unknown format {spec!r} for a meld: '' (notation) or 's' (suit symbols)"
            )
        return " ".join(
            format(c, spec) if c == r else f"{c:{spec}}={r:{spec}}"
            for c, r in zip(self.cards, self.represents, strict=True)
        )

    def _repr_svg_(self) -> str:
        """The meld as an SVG picture, wilds marked with what they stand for."""
        from rummykit import svg

        return svg.meld(self)

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read a meld in notation: ``"7H 8H JK=9H"``, ``"QC QD JK=QS"``.

        Every card that stands for another must say so (``JK=9H``); the kind
        follows from the natural cards (one rank: a set; one suit and distinct
        ranks: a run). The variant's rules are not checked here: use
        :func:`rummykit.classify_meld` for that. Raises
        :class:`~rummykit.NotationError`.

        >>> Meld.parse("QH KH AH").suit
        <Suit.HEARTS: 2>
        >>> Meld.parse("7H 8H JK")
        Traceback (most recent call last):
        ...
        rummykit.errors.NotationError: bad meld '7H 8H JK': a joker must say what it stands for, like JK=9H
        """
        if not isinstance(text, str):
            raise ArgumentError(f"Meld.parse: text must be a str, got {type(text).__name__}")
        tokens = text.replace(",", " ").split()
        if not tokens:
            raise NotationError(f"bad meld {text!r}: no cards")
        cards: list[Card] = []
        reps: list[Card] = []
        for token in tokens:
            left, sep, right = token.partition("=")
            try:
                card = parse_card(left)
                rep = parse_card(right) if sep else card
            except NotationError as exc:
                raise NotationError(f"bad meld {text!r}: {exc}") from None
            if rep.is_joker:
                what = "a joker must say what it stands for, like JK=9H" if not sep else "stands for a joker"
                raise NotationError(f"bad meld {text!r}: {what}")
            cards.append(card)
            reps.append(rep)
        kind = infer_kind(reps)
        if kind is None:
            raise NotationError(
                f"bad meld {text!r}: neither one rank (a set) nor one suit in sequence (a run)"
            )
        return cls(kind, tuple(cards), tuple(reps))


def infer_kind(represents: Iterable[Card]) -> MeldKind | None:
    """The kind a list of represented natural cards can only be, or ``None``.

    >>> infer_kind(Meld.parse("7C 7D 7H").represents).value
    'set'
    """
    reps = list(represents)
    if not reps or any(r.is_joker for r in reps):
        return None
    if len({r.rank for r in reps}) == 1:
        return MeldKind.SET
    if len({r.suit for r in reps}) == 1 and len({r.rank for r in reps}) == len(reps):
        return MeldKind.RUN
    return None


def meld_sort_key(meld: Meld) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """A total order of melds used for deterministic output: by kind (runs
    first), then represented cards, then physical cards."""
    return (
        0 if meld.kind is MeldKind.RUN else 1,
        tuple(r.code for r in meld.represents),
        tuple(c.code for c in meld.cards),
    )


@attrs.frozen(repr=False)
class Arrangement:
    """A hand split into melds and deadwood.

    ``deadwood`` is sorted (card order); ``deadwood_value`` is its value under
    the variant's card values. ``str()`` gives a readable form.

    >>> a = Arrangement((Meld.parse("7H 8H 9H"),), (Card.parse("2C"),), 2)
    >>> str(a)
    '[7H 8H 9H] deadwood 2C (2)'
    >>> a.cards
    (2C, 7H, 8H, 9H)
    >>> a
    Arrangement(melds=(Meld.parse('7H 8H 9H'),), deadwood=parse_cards('2C'), deadwood_value=2)
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_value: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the arrangement (melds and deadwood), sorted."""
        out = list(self.deadwood)
        for meld in self.melds:
            out.extend(meld.cards)
        return tuple(sorted(out))

    @property
    def melded_cards(self) -> tuple[Card, ...]:
        """The cards in melds, sorted."""
        return tuple(sorted(c for m in self.melds for c in m.cards))

    def __str__(self) -> str:
        parts = [f"[{m}]" for m in self.melds]
        dead = format_cards(self.deadwood) if self.deadwood else "none"
        parts.append(f"deadwood {dead} ({self.deadwood_value})")
        return " ".join(parts)

    def __repr__(self) -> str:
        melds = ", ".join(repr(m) for m in self.melds) + ("," if len(self.melds) == 1 else "")
        return (
            f"Arrangement(melds=({melds}), deadwood=parse_cards({format_cards(self.deadwood)!r}),"
            f" deadwood_value={self.deadwood_value})"
        )


def near(a: Card, b: Card) -> bool:
    """Whether two natural cards could share a three-card meld: the same rank,
    or the same suit within two ranks (an ace next to a king too). A filter
    before a real test against a variant's rules; jokers are never near.

    >>> near(parse_card("7H"), parse_card("9H")), near(parse_card("AS"), parse_card("KS"))
    (True, True)
    >>> near(parse_card("7H"), parse_card("TH")), near(parse_card("7H"), parse_card("8S"))
    (False, False)
    """
    if a.rank is None or b.rank is None:
        return False
    if a.rank == b.rank:
        return True
    d = abs(int(a.rank) - int(b.rank))
    return a.suit == b.suit and 0 < min(d, 13 - d) <= 2
