"""Rulesets that load but do not work as written: no winner, keys that another
key silently overrides, deals too big for the engine's bounds.

:func:`winner_problems` are errors (``cross_field_problems`` reports them: the variant
is refused); :func:`override_warnings` and :func:`size_warnings` are warnings
(``validate --strict`` fails on them).

>>> import rummykit as rk
>>> rk.loads_variant('extends = "gin"\\n[scoring]\\nkind = "penalty"', source="x")
Traceback (most recent call last):
...
rummykit.errors.VariantError: 2 problems in variant:
x: scoring.kind: "penalty" scoring never names a winner when a hand ends by a knock or gin (going_out.kind = "knock"): no hand could be won
x: game_end.best: "penalty" scoring gives penalty points (lower is better), but the highest total wins the game: the worst player would win (use best = "lowest")

The bound on the size of a hand: the engine lists every legal action of a
hand of at most :data:`MAX_HAND_CARDS` cards (dealt, the first player's
extra cards and a draw) in about a second at most.

>>> MAX_HAND_CARDS
20
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import attrs

from rummykit.errors import Problem
from rummykit.rules import Deals, Knock, KnockScoring, StandardDeal, StandardDraw, StandardMelds, Target
from rummykit.rules.game_end import Best
from rummykit.rules.going_out import Declare
from rummykit.rules.ranking import Ace, StandardRanking

if TYPE_CHECKING:
    from rummykit.variant import Variant

__all__ = [
    "MAX_HAND_CARDS",
    "MAX_LEGAL_ACTIONS",
    "ending_warnings",
    "growth_warnings",
    "override_warnings",
    "size_warnings",
    "winner_problems",
]

MAX_HAND_CARDS = 20
"""The most cards a ruleset's deal may put in one hand at once (the hand
dealt, the first player's extra cards and one draw) within the engine's
bounds: for such hands ``legal_actions()`` lists at most a few hundred
actions, in about a second at most (a 20-card Gin hand built of many
overlapping melds, the worst case measured). A bigger deal loads, with a warning (the
solver's work grows fast with the hand: a Gin hand of 31 cards from two
decks takes half a minute, one of 61 from eight decks does not finish)."""

MAX_LEGAL_ACTIONS = 5_000
"""The most actions ``legal_actions()`` lists on any position of a built-in
variant that :func:`rummykit.from_position` accepts, whatever the hands
(the most measured: about 2,000, a 500 Rum seat at five players holding one
deck with the other in the discard pile, each depth of the pile a take with
its meld). Variants whose hands grow by several cards a turn need no big
search for it either: one deck without wild cards is searched rank by rank
(:mod:`rummykit.melds.rank_order`), a Boathouse seat holding 51 cards finds
its declarations in under a second. A ruleset where such hands would go to
the exponential searches warns (:func:`size_warnings`)."""

_WORDS = {
    "went-out": "going out",
    "knock": "a knock",
    "gin": "gin",
    "declared": "a declaration",
    "showing": "the showing",
    "dropped": "drops",
    "showdown": "a drop and the showdown",
    "dealt": "a winning dealt hand",
}


def winner_problems(v: Variant) -> Iterator[Problem]:
    """Rulesets that cannot name a winner, or that name the wrong one."""
    endings = v.going_out.winning_endings()
    if endings and not any(v.scoring.names_winner(e) for e in endings):
        ways = " or ".join(_WORDS.get(e, e) for e in endings)
        yield Problem(
            "scoring.kind",
            f'"{v.scoring.kind}" scoring never names a winner when a hand ends by {ways}'
            f' (going_out.kind = "{v.going_out.kind}"): no hand could be won',
        )
    end = v.game_end
    if isinstance(end, Target | Deals) and end.best is Best.HIGHEST and v.scoring.penalty_points():
        yield Problem(
            "game_end.best",
            f'"{v.scoring.kind}" scoring gives penalty points (lower is better), but the highest total'
            ' wins the game: the worst player would win (use best = "lowest")',
        )


def _default(obj: Any, name: str) -> Any:
    default: Any = attrs.fields_dict(type(obj))[name].default
    factory = getattr(default, "factory", None)  # an attrs.Factory
    if not callable(factory):
        return default
    return factory(obj) if getattr(default, "takes_self", False) else factory()


def _set(obj: Any, name: str) -> bool:
    """Whether ``obj.name`` differs from the component's default (so the file set it)."""
    return bool(getattr(obj, name) != _default(obj, name))


def _warn(path: str, message: str) -> Problem:
    return Problem(path, message, severity="warning")


def ending_warnings(v: Variant) -> Iterator[Problem]:
    """Ways a hand ends under the going-out rule that the scoring settles
    with no winner, where another way names one (:func:`winner_problems`
    reports the rulesets where none does): hands ending so are won by nobody.

    >>> import rummykit as rk
    >>> v = rk.loads_variant('extends = "phom"\\n[scoring]\\nkind = "winner-takes"')
    >>> print(next(ending_warnings(v)))
    warning: scoring.kind: "winner-takes" scoring names no winner when a hand ends by the showing (going_out.kind = "showing"), the way most hands end: those hands would be won by nobody
    """
    endings = v.going_out.winning_endings()
    named = [e for e in endings if v.scoring.names_winner(e)]
    if not named:
        return  # an error: winner_problems
    for e in endings:
        if e not in named:
            usual = ", the way most hands end" if e == endings[0] else ""
            yield _warn(
                "scoring.kind",
                f'"{v.scoring.kind}" scoring names no winner when a hand ends by {_WORDS.get(e, e)}'
                f' (going_out.kind = "{v.going_out.kind}"){usual}: those hands would be won by nobody',
            )


def override_warnings(v: Variant) -> Iterator[Problem]:
    """Keys set to a value that another key makes unused.

    >>> import rummykit as rk
    >>> v = rk.loads_variant('extends = "gin"\\n[going_out]\\noklahoma = true\\nmax_deadwood = 7')
    >>> print(next(override_warnings(v)))
    warning: going_out.max_deadwood: 7 is never used: going_out.oklahoma = true takes the knock limit from the upcard's value
    """
    g = v.going_out
    upcard = isinstance(v.deal, StandardDeal) and v.deal.upcard
    if isinstance(g, Knock):
        if g.any_deadwood:
            if _set(g, "max_deadwood"):
                yield _warn(
                    "going_out.max_deadwood",
                    f"{g.max_deadwood} is never used: going_out.any_deadwood = true lets any count knock",
                )
            if g.oklahoma:
                yield _warn(
                    "going_out.oklahoma", "is never used: going_out.any_deadwood = true lets any count knock"
                )
        elif g.oklahoma and upcard and _set(g, "max_deadwood"):
            yield _warn(
                "going_out.max_deadwood",
                f"{g.max_deadwood} is never used: going_out.oklahoma = true takes the knock limit"
                " from the upcard's value",
            )
        elif g.oklahoma and isinstance(v.deal, StandardDeal) and not upcard:
            yield _warn(
                "going_out.oklahoma",
                "has no effect: deal.upcard = false deals no upcard, so the knock limit stays"
                f" going_out.max_deadwood ({g.max_deadwood})",
            )
    if isinstance(g, Knock) and not g.oklahoma and _set(g, "ace_gin_only"):
        yield _warn("going_out.ace_gin_only", "is never used without going_out.oklahoma = true")
    s = v.scoring
    if isinstance(s, KnockScoring) and s.spade_doubles and isinstance(v.deal, StandardDeal) and not upcard:
        yield _warn("scoring.spade_doubles", "is never used: deal.upcard = false deals no upcard")
    if isinstance(s, KnockScoring) and s.big_gin_bonus and not g.big_gin_allowed():
        yield _warn(
            "scoring.big_gin_bonus",
            f"{s.big_gin_bonus} is never scored: going_out.big_gin is off (or not a knock rule)",
        )
    m = v.melds
    if isinstance(m, StandardMelds):
        for on, keys in (("sets", ("set_min", "set_max", "set_suits")), ("runs", ("run_min", "run_max"))):
            if not getattr(m, on):
                for key in keys:
                    if _set(m, key):
                        yield _warn(f"melds.{key}", f"{getattr(m, key)!s} is never used: melds.{on} = false")
    if (
        isinstance(v.draw, StandardDraw)
        and v.draw.upcard_offer
        and isinstance(v.deal, StandardDeal)
        and not upcard
    ):
        yield _warn("draw.upcard_offer", "is never used: deal.upcard = false deals no upcard to offer")
    ace = getattr(v.ranking, "ace", None)
    if ace is Ace.HIGH and v.scoring.low_ace_value is not None:
        yield _warn(
            "scoring.low_ace_value",
            f'{v.scoring.low_ace_value} is never used: ranking.ace = "high" never places an ace low',
        )


def size_warnings(v: Variant) -> Iterator[Problem]:
    """Deals that put more than :data:`MAX_HAND_CARDS` cards in one hand;
    hands that grow past it by several cards a turn where going out asks the
    meld solver about the whole hand beyond its bound (:func:`growth_warnings`);
    a pile taken from any depth, deep enough to list more than
    :data:`MAX_LEGAL_ACTIONS` takes."""
    yield from _deal_warnings(v)
    yield from growth_warnings(v)
    yield from _dig_warnings(v)


def _grows(v: Variant) -> bool:
    """Whether a turn may add several cards to a hand (a dig, the top two
    discards, the whole pile, a stock card with the discard)."""
    d = v.draw
    return (
        max(d.depths(1_000), default=1) > 1
        or d.with_stock()
        or d.picks_any()
        or d.takes_whole_pile()
        or any(d.stock_draw_count(n) > 1 for n in v.players.counts())
    )


def _why_unbounded(v: Variant) -> str | None:
    """Why the meld solver's answer about a big hand of ``v`` is not bounded
    (``None``: its rank-by-rank search takes every hand of every player
    count), asked of the components: that search takes hands of one deck
    without wild cards, no declaration requirements, card values not
    negative, sets of at most four and runs in one rank order (the tests
    hold this to :func:`rummykit.melds.rank_order.supports`)."""
    deck, going_out = v.deck, v.going_out
    if deck.cuts_wild():
        return "a wild rank cut at each deal"
    if isinstance(going_out, Declare) and (
        going_out.pattern_sizes() or going_out.min_runs or going_out.min_pure_runs
    ):
        return "declaration patterns or required runs"
    wild_ranks = deck.wild_ranks_for(None)
    for n in v.players.counts():
        shoe = deck.shoe(n)
        if any(deck.is_wild(c, wild_ranks) for c in shoe):
            return "wild cards"
        copies = max(Counter(shoe).values())
        if copies > 1:
            return f"{copies} decks ({n} players)"
        if any(v.scoring.card_value(c) < 0 for c in shoe) or not _one_rank_order(v):
            return "runs in no one rank order"
    return None


def _one_rank_order(v: Variant) -> bool:
    """Whether ``v``'s runs are the consecutive ranks of one order (ace low,
    high, either, or around the corner with no longest run) and its sets hold
    at most four cards."""
    melds, ranking = v.melds, v.ranking
    if not isinstance(melds, StandardMelds) or not isinstance(ranking, StandardRanking):
        return False
    if melds.sets and not melds.distinct_suits() and any(melds.set_size_ok(k) for k in range(5, 14)):
        return False
    if not melds.runs:
        return True
    sizes = [k for k in range(1, 14) if melds.run_size_ok(k)]
    if not sizes or sizes != list(range(sizes[0], sizes[-1] + 1)):
        return False
    return not (ranking.ace is Ace.AROUND and sizes[-1] < 13)


def growth_warnings(v: Variant) -> Iterator[Problem]:
    """Hands that a turn of several cards lets grow past :data:`MAX_HAND_CARDS`,
    where going out (a declaration, all melds at once, a knock) or an initial
    meld asks the meld solver about the whole hand and the hands are ones its
    bounded search does not take (several decks, wild cards, declaration
    requirements).

    >>> import rummykit as rk
    >>> v = rk.loads_variant('extends = "boathouse"\\n[deck]\\njokers_per_deck = 2')
    >>> print(next(growth_warnings(v)))
    warning: draw.kind: "top-two" takes several cards a turn, so a hand can grow past 20 cards, and going out asks the meld solver about the whole hand with wild cards: legal_actions() on such a hand may take minutes (its bounded search takes one deck without wild cards)
    >>> list(growth_warnings(rk.load_variant("boathouse")))
    []
    """
    if not _grows(v):
        return
    timing = v.meld_timing
    going_out = (
        v.going_out.declares()
        or isinstance(v.going_out, Knock)
        or any(timing.all_at_once(deal=d) for d in range(1, 21))
    )
    # an initial meld is listed with the best arrangement of the hand (the
    # Canasta family's melds of one rank need none)
    initial = v.initial_meld.kind != "none" and not v.melds.side_rank_melds()
    if not (going_out or initial):
        return
    why = _why_unbounded(v)
    what = "going out" if going_out else "an initial meld"
    if why is not None:
        yield _warn(
            "draw.kind",
            f'"{v.draw.kind}" takes several cards a turn, so a hand can grow past {MAX_HAND_CARDS} cards,'
            f" and {what} asks the meld solver about the whole hand with {why}: legal_actions() on"
            " such a hand may take minutes (its bounded search takes one deck without wild cards)",
        )


_TAKES_PER_DEPTH = 45
"""About how many actions one depth of the discard pile lists where a player
may take from any depth (each meld its card makes with the hand, its
lay-offs): the most measured, a whole deck in hand (500 Rum)."""


def _dig_warnings(v: Variant) -> Iterator[Problem]:
    """A draw from any depth of a pile deep enough that the takes alone can
    pass :data:`MAX_LEGAL_ACTIONS` (a deck in hand, the rest of the shoe in
    the pile)."""
    d = v.draw
    if max(d.depths(1_000), default=1) < 1_000:
        return
    for n in sorted(v.players.counts(), reverse=True):
        shoe = len(v.deck.shoe(n))
        deepest = shoe - 52 - (n - 1)
        if deepest * _TAKES_PER_DEPTH > MAX_LEGAL_ACTIONS:
            yield _warn(
                "draw.kind",
                f'"{d.kind}" takes from any depth of the discard pile, which can hold {deepest} cards'
                f" ({shoe} in the shoe at {n} players, a deck in one hand): legal_actions() can then"
                f" list more than the bound of {MAX_LEGAL_ACTIONS} actions (a take per depth, with each"
                " meld its card makes)",
            )
            return


def _deal_warnings(v: Variant) -> Iterator[Problem]:
    deal = v.deal
    if not isinstance(deal, StandardDeal):
        return
    counts = [n for n in v.players.counts() if deal.hand_size.covers(n)]
    if not counts:
        return
    n = max(counts, key=deal.hand_size.get)
    dealt = deal.hand_size.get(n)
    most = dealt + deal.first_player_extra + 1
    if most > MAX_HAND_CARDS:
        extra = f", {deal.first_player_extra} extra" if deal.first_player_extra else ""
        yield _warn(
            "deal.hand_size",
            f"a hand can hold {most} cards ({dealt} dealt{extra} and a draw), over the bound of"
            f" {MAX_HAND_CARDS} for which the engine lists a turn's legal actions quickly:"
            " listing them may take minutes",
        )
