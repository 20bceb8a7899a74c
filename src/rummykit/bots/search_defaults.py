"""The search bot's settings read from a variant's rules: how many turns its
rollouts look ahead, and by how much a candidate must beat its default move.

Both are asked of the rule components, never of the variant's name, so a
house rule or a custom component gets the same choice.
"""

from __future__ import annotations

import math

from rummykit.variant import Variant

__all__ = ["DECLARE_HORIZON", "HORIZON", "MARGIN", "default_horizon", "default_margin"]

HORIZON = 4
"""Turns the rollouts look ahead where going out first or a knock under a
limit wins the hand: two turns each in a two-player hand, where the leaf's
score read more than full rollouts or 8 turns."""

DECLARE_HORIZON = 8
"""Turns the rollouts look ahead where the hand is won by declaring the whole
hand at once (Indian rummy): nothing is melded during play, so the count of
cards outside melds says less after 4 turns."""

MARGIN = 2.0
"""Standard errors by which a candidate's paired rollouts must beat the
default move: fewer let the rollouts' noise overrule it."""


def default_horizon(variant: Variant) -> int | None:
    """The look-ahead :class:`~rummykit.bots.SearchBot` uses unless told
    (``horizon="auto"``): :data:`HORIZON` turns where going out first or a
    knock under a fixed limit wins the hand and the leaf's score can see it
    (:meth:`rummykit.rules.GoingOut.knock_ends_hand`,
    :meth:`rummykit.rules.Scoring.won_by_going_out`,
    :meth:`rummykit.rules.InitialMeldRule.shapes_first_meld`),
    :data:`DECLARE_HORIZON` where going out is a declaration of the whole
    hand, None (rollouts to the end of the hand) elsewhere.

    >>> import rummykit as rk
    >>> default_horizon(rk.load_variant("indian")) == DECLARE_HORIZON
    True
    >>> [default_horizon(rk.load_variant(n)) == HORIZON for n in ("gin", "straight", "romme")]
    [True, True, True]
    >>> [default_horizon(rk.load_variant(n)) for n in ("rami-malta", "nowrang", "knock")]
    [None, None, None]
    """
    going_out = variant.going_out
    if going_out.knock_ends_hand():
        return HORIZON if going_out.fixed_knock_limit() is not None else None
    opening = variant.initial_meld
    if (
        opening.required and opening.shapes_first_meld(variant.melds.smallest_meld)
    ) or going_out.showing_turn():
        return None
    if variant.scoring.won_by_going_out():
        return DECLARE_HORIZON if going_out.declares() else HORIZON
    return None


def default_margin(variant: Variant) -> float:
    """The ``margin`` :class:`~rummykit.bots.SearchBot` uses unless told
    (``margin="auto"``): :data:`MARGIN`, and infinity where a knock under a
    fixed limit ends the hand (Gin): there the search plays its default
    move, the race to knock, without rollouts, which lost to it.

    >>> import rummykit as rk
    >>> [default_margin(rk.load_variant(n)) == MARGIN for n in ("gin", "straight", "knock")]
    [False, True, True]
    >>> default_margin(rk.load_variant("gin"))
    inf
    """
    return math.inf if variant.going_out.fixed_knock_limit() is not None else MARGIN
