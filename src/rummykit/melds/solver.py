"""The best arrangement of a hand: melds plus the least deadwood.

:func:`best_arrangement` splits a hand into melds and deadwood so that the
deadwood value is as small as possible, for any hand size, shoe and number of
wild cards. Ties are broken in this order:

1. the least deadwood value;
2. the fewest deadwood cards (so a spare wild goes into a meld even when it
   is worth nothing);
3. then a fixed search order, so that the same hand under the same variant
   always gives the same arrangement. Which of several equally good
   arrangements that is depends on the solver the hand takes:

   * one deck, no wild card (:mod:`rummykit.melds.no_wilds`): each rank that
     could form a set tries its largest sets first (in suit order), then no
     set; each suit is split into runs, its lowest card taking the longest
     run that stays optimal;
   * one deck, printed jokers as the only wilds (:mod:`rummykit.melds.wild_cores`):
     the melds that need jokers are chosen first, the most valuable first;
     the rest as above;
   * anything else (:mod:`rummykit.melds.general_search`): cards are placed from the
     lowest (card order: clubs ace first), each into the first meld that
     stays optimal, trying runs (more natural cards first), then sets, then
     the card alone with wilds, fewer wilds first; deadwood last.

   Within a meld, wilds are read canonically (see :mod:`rummykit.melds.classify`).

The melds are listed in card order of their lowest card. Every solver is
checked in the tests against a plainly exhaustive enumeration.

>>> import rummykit as rk
>>> gin = rk.load_variant("gin")
>>> hand = rk.parse_cards("2S 4S 5S 6S 3D 5D 6D 3H 4H 5H 6H")
>>> min_deadwood(gin, hand)
16
>>> card, rest = best_discard(gin, hand)
>>> card, rest.deadwood_value
(6D, 10)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummykit.cards import Card, Rank
from rummykit.errors import ArgumentError, whole_number
from rummykit.melds.arg_checks import checked
from rummykit.melds.classify import first_reading
from rummykit.melds.component_discards import deadwood_each, one_dead
from rummykit.melds.components import CompTables, comp_tables, deadwood, encode
from rummykit.melds.general_search import Plan, few_arrangement, few_search, search
from rummykit.melds.meld import Arrangement, Meld
from rummykit.melds.meld_bounds import may_hold_pure_run
from rummykit.melds.no_wilds import SCALE, PlainTables, plain_cost, plain_melds, plain_plan, plain_tables
from rummykit.melds.rank_order import BIG_HAND, supports
from rummykit.melds.required_runs import MAX_REQUIRED, best_with_runs, runs_plan
from rummykit.melds.tables import JOKER, MAXK, Rules, rules_for
from rummykit.variant import Variant

__all__ = [
    "SCALE",
    "best_arrangement",
    "best_discard",
    "deadwood_cards",
    "discard_deadwoods",
    "min_deadwood",
    "plan_to_arrangement",
    "solve",
]

_CARDS = tuple(Card.from_code(c) for c in range(53))
_NATURAL = (1 << JOKER) - 1


def _frozen(ranks: Iterable[Rank]) -> frozenset[Rank]:
    return ranks if isinstance(ranks, frozenset) else frozenset(ranks)


def _plain(rules: Rules) -> PlainTables | None:
    """The plain-path tables of ``rules``, or ``None`` if it has wild ranks."""
    t = rules.plain
    if t is None:
        t = False
        if not rules.any_wild_rank:
            tables = plain_tables(rules)
            if tables.usable:
                t = tables
        rules.plain = t
    return t or None


def _components(rules: Rules, hand: Sequence[Card]) -> tuple[CompTables | None, tuple[int, int, int] | None]:
    """The component solver's tables and the hand's encoding where it should
    answer (``None`` encoding where it does not apply, or where one deck
    without wilds makes the plain solver quicker)."""
    ct = comp_tables(rules)
    enc = encode(ct, [c.code for c in hand]) if ct is not None else None
    if enc is not None and _plain(rules) is not None and _mask(hand) >= 0:
        enc = None
    return ct, enc


_NOT_FAST = (False, None)
MAX_WILDS = 6
"""More wilds than this and the required runs go to the general search, which
melds such a hand at once (the component solver's tables for long runs of
wilds are slow to build)."""


def _with_runs(
    rules: Rules, hand: Sequence[Card], min_runs: int, min_pure: int
) -> tuple[bool, tuple[CompTables, list[int], tuple[int, list[tuple[int, int, int, bool]], int, int]] | None]:
    """Whether the component solver answers a question with required runs
    (:mod:`rummykit.melds.required_runs`), and its answer (``None``: the
    runs cannot be had)."""
    if min_runs < 0 or min_pure < 0 or min_pure > MAX_REQUIRED or min_runs - min_pure > 1:
        return _NOT_FAST
    ct = comp_tables(rules)
    if ct is None:
        return _NOT_FAST
    codes = [c.code for c in hand]
    if min_pure and not may_hold_pure_run(rules, codes):
        return True, None  # no suit holds a whole run window of natural cards
    enc = encode(ct, codes)
    if enc is None or enc[1] > MAX_WILDS:
        return _NOT_FAST
    found = best_with_runs(ct, codes, min_runs, min_pure)
    return True, None if found is None else (ct, codes, found)


def _required(fn: str, min_runs: object, min_pure_runs: object) -> None:
    """Refuse required-run counts that are not whole numbers from 0 up."""
    for name, value in (("min_runs", min_runs), ("min_pure_runs", min_pure_runs)):
        if whole_number(value, f"{fn}: {name}") < 0:
            raise ArgumentError(f"{fn}: {name} cannot be negative, got {value!r}")


def _mask(cards: Sequence[Card]) -> int:
    """The 52-bit mask of ``cards``, or -1 if they hold a joker or a duplicate."""
    mask = 0
    for card in cards:
        mask |= 1 << card.code
    if mask >> 52 or mask.bit_count() != len(cards):
        return -1
    return mask


def solve(
    rules: Rules,
    codes: Sequence[int],
    *,
    min_runs: int = 0,
    min_pure: int = 0,
    strict: bool = False,
    leave: int = 0,
    sizes: tuple[int, ...] | None = None,
    leave_costs: bool = False,
) -> tuple[int, Plan] | None:
    """The best plan for ``codes`` (see :func:`rummykit.melds.general_search.search`)."""
    if not (min_runs or min_pure or strict or leave or sizes is not None) and not supports(rules, codes):
        t = _plain(rules)
        if t is not None:
            mask = _mask([_CARDS[c] for c in codes])
            if mask >= 0:
                cost, groups, dead = plain_plan(t, mask)
                return cost, ([(g, 0) for g in groups], dead, [])
    return search(
        rules,
        codes,
        min_runs=min_runs,
        min_pure=min_pure,
        strict=strict,
        leave=leave,
        sizes=sizes,
        leave_costs=leave_costs,
    )


def _group_meld(rules: Rules, group: tuple[int, ...], used: int) -> Meld:
    meld = rules.first_cache.get((group, used)) or first_reading(rules, group, used)
    if meld is None:  # pragma: no cover - the solvers only build melds
        raise AssertionError(f"no reading of {group} as level {used}")
    return meld


def _arrangement(rules: Rules, groups: list[tuple[tuple[int, ...], int]], dead: list[int]) -> Arrangement:
    values = rules.values
    keyed = sorted((tuple(sorted(g)), used) for g, used in groups)
    melds = tuple(_group_meld(rules, g, used) for g, used in keyed)
    dead.sort()
    return Arrangement(melds, tuple(_CARDS[c] for c in dead), sum(values[c] for c in dead))


def plan_to_arrangement(rules: Rules, plan: Plan) -> Arrangement:
    """Build the :class:`Arrangement` of a plan (its left-over cards excluded)."""
    groups, dead, _ = plan
    return _arrangement(rules, groups, list(dead))


def _route(
    v: Variant, cards: Iterable[Card], wild_ranks: frozenset[Rank], needs_runs: int
) -> tuple[Rules, Sequence[Card], PlainTables | None, int, int]:
    """Which solver answers this hand. Returns the compiled rules, the hand, and
    for the fast routes the bitmask tables, the natural cards' mask and the
    number of jokers: no joker, the tables alone (one deck, no wild card);
    jokers, the joker search over the tables (one deck, a few wild jokers).
    Tables ``None``: the general search."""
    rules = rules_for(v, wild_ranks if wild_ranks.__class__ is frozenset else frozenset(wild_ranks))
    hand = cards if isinstance(cards, (tuple, list)) else tuple(cards)
    if len(hand) > BIG_HAND and supports(rules, [c.code for c in hand]):
        return rules, hand, None, 0, 0  # the rank-by-rank search, in bounded time
    if not needs_runs:
        t = rules.plain
        if t is None:
            t = _plain(rules)
        if t:
            mask = 0
            for card in hand:
                mask |= 1 << card.code
            if not mask >> 52:
                if mask.bit_count() == len(hand):
                    return rules, hand, t, mask, 0
            elif rules.wild[JOKER]:
                jokers = sum(1 for card in hand if card.code == JOKER)
                mask &= _NATURAL
                if mask.bit_count() == len(hand) - jokers and jokers <= MAXK:
                    return rules, hand, t, mask, jokers
    return rules, hand, None, 0, 0


@checked("cards")
def best_arrangement(
    v: Variant,
    cards: Iterable[Card],
    *,
    wild_ranks: frozenset[Rank] = frozenset(),
    min_runs: int = 0,
    min_pure_runs: int = 0,
) -> Arrangement | None:
    """Melds and deadwood with the least deadwood value (ties: see the module).

    ``wild_ranks`` adds this hand's wild ranks (a cut wild joker) to the
    variant's own. ``min_runs`` / ``min_pure_runs`` require that many runs
    (pure: no card standing for another) among the melds, as an Indian loser
    needs "two sequences including a pure one" for only ungrouped cards to
    count; ``None`` is returned only when they cannot be met. (Melds of wild
    cards alone, possible only where ``melds.min_naturals`` is 0, do not count
    towards these.)

    >>> import rummykit as rk
    >>> a = best_arrangement(rk.load_variant("straight"), rk.parse_cards("7C 7D 7H 7S 8H 9H KS"))
    >>> [str(m) for m in a.melds], a.deadwood, a.deadwood_value
    (['7C 7D 7S', '7H 8H 9H'], (KS,), 10)
    >>> indian = rk.load_variant("indian")
    >>> best_arrangement(indian, rk.parse_cards("7C 7D 7H 8H 9H"), min_runs=2) is None
    True
    """
    if min_runs or min_pure_runs:
        _required("best_arrangement", min_runs, min_pure_runs)
    rules, hand, t, mask, jokers = _route(v, cards, wild_ranks, min_runs or min_pure_runs)
    if t is not None and not jokers:
        cost, melds, dead = plain_melds(t, mask)
        return Arrangement(melds, dead, cost // SCALE)
    if min_runs or min_pure_runs:
        fast, answer = _with_runs(rules, hand, min_runs, min_pure_runs)
        if fast:
            if answer is None:
                return None
            grouped = runs_plan(*answer)
            if grouped is not None:
                return _arrangement(rules, *grouped)
    if t is not None:
        keyed, dead_cards, spare, plan = few_arrangement(rules, t, mask, jokers)
        if plan is not None:
            return _arrangement(rules, plan[0], plan[1])
        keyed.sort(key=lambda km: km[0])
        melds = tuple(m for _, m in keyed)
        if spare:
            dead_cards = tuple(sorted(dead_cards + tuple(_CARDS[c] for c in spare)))
        return Arrangement(melds, dead_cards, sum(rules.values[c.code] for c in dead_cards))
    found = search(rules, [c.code for c in hand], min_runs=min_runs, min_pure=min_pure_runs)
    if found is None:
        return None
    groups2, dead2, _ = found[1]
    return _arrangement(rules, groups2, dead2)


@checked("cards")
def min_deadwood(
    v: Variant,
    cards: Iterable[Card],
    *,
    wild_ranks: frozenset[Rank] = frozenset(),
    min_runs: int = 0,
    min_pure_runs: int = 0,
) -> int | None:
    """The least deadwood value of the hand: ``best_arrangement(...).deadwood_value``,
    without building the arrangement (the fastest question to ask).

    >>> import rummykit as rk
    >>> min_deadwood(rk.load_variant("gin"), rk.parse_cards("AC 2C 3C 4C 4D 4H 9S TS JS KD"))
    10
    """
    if min_runs or min_pure_runs:
        _required("min_deadwood", min_runs, min_pure_runs)
    rules, hand, t, mask, jokers = _route(v, cards, wild_ranks, min_runs or min_pure_runs)
    if min_runs or min_pure_runs:
        fast, answer = _with_runs(rules, hand, min_runs, min_pure_runs)
        if fast:
            return None if answer is None else answer[2][0]
    if t is None and not (min_runs or min_pure_runs):
        ct = comp_tables(rules)
        if ct is not None:
            enc = encode(ct, [c.code for c in hand])
            if enc is not None:
                return deadwood(ct, enc[0], enc[1]) + enc[2]
    if t is None:
        found = search(
            rules, [c.code for c in hand], min_runs=min_runs, min_pure=min_pure_runs, want_plan=False
        )
        return None if found is None else found[0] // SCALE
    if not jokers:
        return plain_cost(t, mask) // SCALE
    return few_search(rules, t, mask, jokers, want_plan=False)[0] // SCALE


@checked("cards")
def deadwood_cards(
    v: Variant, cards: Iterable[Card], *, wild_ranks: frozenset[Rank] = frozenset()
) -> tuple[Card, ...] | None:
    """The cards one best arrangement leaves over, in card order: their value
    is :func:`min_deadwood`, and every other card fits a meld. ``None`` when
    no arrangement exists (an empty hand gives ``()``).

    Where the component solver applies (wilds worth nothing, hands of up to
    17 cards: Indian rummy) it walks its memoised search, without building
    melds; elsewhere this is ``best_arrangement(...).deadwood``. Among equally
    good arrangements the two need not leave the same cards.

    >>> import rummykit as rk
    >>> indian = rk.load_variant("indian")
    >>> hand = rk.parse_cards("3H 4H 6H 9S 9C JK KD")
    >>> deadwood_cards(indian, hand), min_deadwood(indian, hand)
    ((KD, 3H, 4H, 6H), 23)
    """
    hand = cards if isinstance(cards, (tuple, list)) else tuple(cards)
    if not hand:
        return ()
    rules = rules_for(v, _frozen(wild_ranks))
    ct, enc = _components(rules, hand)
    if ct is not None and enc is not None:
        dead = [_CARDS[c] for c in one_dead(ct, enc[0], enc[1])]
        dead.extend(c for c in hand if c.code == JOKER and not rules.wild[JOKER])
        return tuple(sorted(dead))
    arr = best_arrangement(v, hand, wild_ranks=wild_ranks)
    return None if arr is None else arr.deadwood


@checked("cards")
def best_discard(
    v: Variant, cards: Iterable[Card], *, wild_ranks: frozenset[Rank] = frozenset()
) -> tuple[Card, Arrangement]:
    """The discard that leaves the least deadwood, and the best arrangement left.

    This is the gin knock check on 11 cards. Ties: the least deadwood value,
    then the fewest deadwood cards, then the lowest card in card order. The
    arrangement is exactly ``best_arrangement(v, cards minus the discard)``.

    >>> import rummykit as rk
    >>> card, a = best_discard(rk.load_variant("gin"), rk.parse_cards("AC 2C 3C 8C AD 2D 2H 8H AS 2S 8S"))
    >>> card, a.deadwood_value
    (3C, 0)
    """
    hand = list(cards)
    if not hand:
        raise ArgumentError("best_discard: cards: needs at least one card")
    rules = rules_for(v, _frozen(wild_ranks))
    t = _plain(rules)
    big = len(hand) > BIG_HAND and supports(rules, [c.code for c in hand])
    mask = _mask(hand) if t is not None and not big else -1
    best: tuple[int, Card] | None = None
    if t is not None and mask >= 0:
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            cost = plain_cost(t, mask ^ low)
            if best is None or cost < best[0]:
                best = (cost, _CARDS[low.bit_length() - 1])
    else:
        codes = [c.code for c in hand]
        found = search(rules, codes, leave=1)
        assert found is not None
        target = found[0]
        for card in sorted(set(hand)):
            rest_codes = list(codes)
            rest_codes.remove(card.code)
            again = search(rules, rest_codes)
            assert again is not None
            if again[0] == target:
                best = (target, card)
                break
    assert best is not None
    rest_cards = list(hand)
    rest_cards.remove(best[1])
    arrangement = best_arrangement(v, rest_cards, wild_ranks=wild_ranks)
    assert arrangement is not None
    return best[1], arrangement


@checked("cards")
def discard_deadwoods(
    v: Variant,
    cards: Iterable[Card],
    *,
    wild_ranks: frozenset[Rank] = frozenset(),
    among: Iterable[Card] | None = None,
    exact: bool = True,
    fast_only: bool = False,
    below: int | None = None,
) -> dict[Card, int] | None:
    """The least deadwood value left after discarding each card: for every
    distinct card of ``among`` (default: of the hand), ``min_deadwood(v,
    cards minus that card)``.

    With ``exact=False`` a card may get a lower bound instead of its value,
    where that bound already exceeds the least: every value is at most the
    true one, equal to it for each card whose true value is the least, and
    above the least for every other card. So the least and the set of cards
    that leave it are exact (what choosing a discard needs), for less work.
    With ``exact=False`` and ``below``, a card whose bound is at least
    ``below`` is not searched either: enough to learn whether some discard
    leaves less than ``below`` (and then which cards leave the least).

    Where the wilds are worth nothing as deadwood (Indian rummy) or the hand
    holds none, one pass over the hand answers for every card (the component
    solver, :mod:`rummykit.melds.components`: a card some best arrangement
    leaves over needs no search, and only the part of the hand a discard
    touches is searched again); a one-deck hand without wilds asks the plain
    solver once per card; other hands one search per card, and with
    ``fast_only`` give ``None`` instead of either (for a caller with a
    cheaper plan of its own).

    >>> import rummykit as rk
    >>> indian = rk.load_variant("indian")
    >>> each = discard_deadwoods(indian, rk.parse_cards("3H 4H 6H 9S 9C JK KD"))
    >>> each[rk.Card.parse("KD")], each[rk.Card.parse("6H")], each[rk.Card.joker()]
    (13, 17, 41)
    >>> loose = discard_deadwoods(indian, rk.parse_cards("3H 4H 6H 9S 9C JK KD"), exact=False)
    >>> min(loose.values()), sorted(c for c, x in loose.items() if x == 13)
    (13, [KD])
    """
    rules = rules_for(v, _frozen(wild_ranks))
    hand = cards if isinstance(cards, (tuple, list)) else tuple(cards)
    wanted = set(hand) if among is None else set(among)
    if below is not None and (isinstance(below, bool) or not isinstance(below, int)):
        raise ArgumentError(f"discard_deadwoods: below must be a whole number or None, got {below!r}")
    if not wanted <= set(hand):
        raise ArgumentError(
            f"discard_deadwoods: among holds cards not in the hand: {sorted(wanted - set(hand))}"
        )
    values = rules.values
    ct, enc = _components(rules, hand)
    if enc is None:
        if fast_only:
            return None
        out: dict[Card, int] = {}
        for card in wanted:
            rest = list(hand)
            rest.remove(card)
            found = min_deadwood(v, rest, wild_ranks=wild_ranks)
            assert found is not None
            out[card] = found
        return out
    assert ct is not None
    order = sorted(wanted, key=lambda c: (-values[c.code], c.code))
    _, each = deadwood_each(ct, enc[0], enc[1], enc[2], [c.code for c in order], exact, below)
    return {card: each[card.code] for card in order}
