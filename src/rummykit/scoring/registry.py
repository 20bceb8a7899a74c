"""The settling function of each scoring kind: :func:`register_settlement`
and :func:`settle`, which looks the variant's one up and calls it.
"""

from __future__ import annotations

from collections.abc import Callable

from rummykit.errors import ArgumentError, RummyError
from rummykit.rules import Scoring
from rummykit.scoring.context import _Ctx
from rummykit.scoring.plausible import _check_possible
from rummykit.scoring.values import Ending, Settlement, Termination
from rummykit.variant import Variant

Settler = Callable[["_Ctx"], Settlement]
_SETTLERS: dict[type[Scoring], Settler] = {}


def register_settlement(cls: type[Scoring]) -> Callable[[Settler], Settler]:
    """Decorator: register the settling function of a scoring component class.

    ``@register_settlement(MyScoring)`` over a function that receives a
    context (``c.v``, ``c.e`` the :class:`Ending`, ``c.scoring``, ``c.n``,
    helpers ``c.hand(seat)``, ``c.table(seat)``, ``c.deadwood(seat)``,
    ``c.done(scores, winners)``) and returns a :class:`Settlement`.
    """

    def wrap(f: Settler) -> Settler:
        _SETTLERS[cls] = f
        return f

    return wrap


def settle(v: Variant, ending: Ending) -> Settlement:
    """Score one finished hand of variant ``v``.

    Raises :class:`~rummykit.RummyError` for an ending that cannot be scored
    or cannot happen in ``v``: an unknown seat, a meld that is not a meld,
    a player count the variant does not allow, more copies of a card (or
    more jokers) than its deck holds, a count no hand can reach, wild ranks
    the deck never makes wild, a hand ended by going out with cards left.

    >>> import rummykit as rk
    >>> gin = rk.load_variant("gin")
    >>> rk.settle(gin, rk.Ending(hands=["JK", "KS"], knocker=0))
    Traceback (most recent call last):
    ...
    rummykit.errors.RummyError: ending: 1 x JK, but the deck of gin for 2 players holds 0
    """
    if not isinstance(v, Variant):
        raise ArgumentError(f"settle: v must be a Variant, got {type(v).__name__}")
    if not isinstance(ending, Ending):
        raise RummyError(f"settle needs an Ending, got {type(ending).__name__}")
    for cls in type(v.scoring).__mro__:
        fn = _SETTLERS.get(cls)
        if fn is not None:
            break
    else:
        raise RummyError(f"no settlement registered for scoring kind {v.scoring.kind!r}")
    _check_possible(v, ending)
    ctx = _Ctx(v, ending)
    if ctx.how is Termination.TURN_LIMIT:
        return Settlement(how=ctx.how, scores=(0,) * ctx.n, reasons=("turn limit: nobody scores",))
    return fn(ctx)
