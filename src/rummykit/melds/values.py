"""Card, hand and meld values under a variant's scoring.

>>> import rummykit as rk
>>> thai = rk.load_variant("thai")
>>> card_value(thai, rk.Card.parse("QS")), card_value(thai, rk.Card.parse("2C")), card_value(thai, rk.Card.parse("7D"))
(50, 50, 5)
>>> hand_value(thai, rk.parse_cards("QS 2C AH"))
115
"""

from __future__ import annotations

from collections.abc import Iterable

from rummykit.cards import Card, Rank
from rummykit.melds.arg_checks import checked
from rummykit.melds.meld import Meld, MeldKind
from rummykit.melds.tables import rules_for
from rummykit.variant import Variant

__all__ = ["card_value", "hand_value", "meld_value"]


@checked("card", "card")
def card_value(v: Variant, card: Card, *, wild_ranks: frozenset[Rank] = frozenset()) -> int:
    """The value of ``card`` held in hand (as deadwood or penalty).

    With ``wild_ranks`` (this hand's cut wild rank), a wild card of that rank
    takes the scoring's ``wild_value`` where it has one (Indian: 0).

    >>> import rummykit as rk
    >>> card_value(rk.load_variant("straight"), rk.Card.parse("KD"))
    10
    >>> indian = rk.load_variant("indian")
    >>> card_value(indian, rk.Card.parse("5H")), card_value(indian, rk.Card.parse("5H"), wild_ranks=frozenset({rk.Rank.FIVE}))
    (5, 0)
    """
    if not wild_ranks:
        return v.scoring.card_value(card)
    return rules_for(v, frozenset(wild_ranks)).values[card.code]


@checked("cards")
def hand_value(v: Variant, cards: Iterable[Card], *, wild_ranks: frozenset[Rank] = frozenset()) -> int:
    """The total value of ``cards`` held in hand.

    >>> import rummykit as rk
    >>> hand_value(rk.load_variant("romme"), rk.parse_cards("AH JK 7C"))
    48
    """
    values = rules_for(v, frozenset(wild_ranks)).values
    return sum(values[c.code] for c in cards)


def meld_value(v: Variant, meld: Meld) -> int:
    """The value of a meld on the table.

    A wild counts as the card it replaces when ``v.scoring.melded_wild`` is
    ``"replaced"`` (else at its own value), and an ace at the bottom of a run
    (A-2-3) counts ``v.scoring.low_ace_value`` when that is set.

    >>> import rummykit as rk
    >>> romme = rk.load_variant("romme")
    >>> meld_value(romme, rk.Meld.parse("AH 2H JK=3H")), meld_value(romme, rk.Meld.parse("QH KH AH"))
    (6, 31)
    """
    rules = rules_for(v)
    reps = meld.represents
    low = (
        meld.kind is MeldKind.RUN and len(reps) > 1 and reps[0].rank is Rank.ACE and reps[1].rank is Rank.TWO
    )
    return sum(
        rules.placed_value(c.code, r.code, low_ace=low and i == 0)
        for i, (c, r) in enumerate(zip(meld.cards, reps, strict=True))
    )
