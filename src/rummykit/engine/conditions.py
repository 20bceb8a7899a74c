"""The conditions several action kinds ask: what a seat holds and may still
play, whether a turn can still be finished, meld timing and the initial
meld, the stock. Every answer comes from the variant's components.
"""

from __future__ import annotations

import weakref
from bisect import insort as _insort
from collections import Counter
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING

from rummykit.cards import Card
from rummykit.engine.contract import least_sizes, shapes
from rummykit.engine.meld_memo import Kit
from rummykit.engine.notation import Group, format_group
from rummykit.melds import Meld, meld_value
from rummykit.rules.going_out import FinalDiscard

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

# enum members as module constants: a lookup through the class is slow in Python 3.11
_FINALDISCARD_FORBIDDEN = FinalDiscard.FORBIDDEN
_FINALDISCARD_REQUIRED = FinalDiscard.REQUIRED


__all__ = [
    "INITIAL_COMBOS",
    "concealed",
    "distinct",
    "eaten_problem",
    "exit_ok",
    "exit_reason",
    "final_rule",
    "free_hand",
    "in_hand",
    "initial_combos",
    "initial_ok",
    "insort",
    "laid_rep",
    "layoff_allowed",
    "locked",
    "may_meld_now",
    "melds_of",
    "minus",
    "needs_initial",
    "opening_shortfall",
    "showing_now",
    "stock_drawable",
]

_CODE = attrgetter("code")


def distinct(cards: Iterable[Card]) -> list[Card]:
    """The distinct cards of a sorted sequence, in order."""
    out: list[Card] = []
    last = None
    for c in cards:
        if c is not last and c != last:
            out.append(c)
            last = c
    return out


def minus(cards: Sequence[Card], used: Iterable[Card]) -> list[Card] | None:
    """``cards`` without ``used`` (as multisets), or None if a card is missing."""
    rest = list(cards)
    for c in used:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return rest


def final_rule(h: Hand) -> FinalDiscard:
    return h._kit.final_rule


def locked(h: Hand, seat: int) -> list[Card]:
    """The cards of ``seat``'s concealed melds made with an eaten card: they
    may be neither discarded nor used elsewhere until the showing."""
    return [c for _, m in h._eaten[seat] for c in m.cards]


def free_hand(h: Hand, seat: int) -> list[Card]:
    """``seat``'s hand without the cards of its concealed eaten melds."""
    hand = h._hands[seat]
    if not h._eaten[seat]:
        return hand
    rest = minus(hand, locked(h, seat))
    assert rest is not None
    return rest


def exit_ok(h: Hand, remaining: Sequence[Card]) -> bool:
    """Whether a player left holding ``remaining`` can still finish the turn
    (the cards of concealed eaten melds cannot be discarded: a hand of those
    only can finish by showing them all, going out)."""
    rule = final_rule(h)
    if h._kit.second_hand and len(remaining) <= 1:
        from rummykit.engine.second_hand import pickup_reason, waiting

        if waiting(h, h._current):  # playing out the hand picks up the second hand
            if pickup_reason(h, h._current, left=len(remaining)) is not None:
                return False
            if not remaining:
                return True
            rule = FinalDiscard.OPTIONAL  # the last card's discard picks it up, never goes out
    if h._eaten[h._current] and remaining:
        spare = list((Counter(remaining) - Counter(locked(h, h._current))).elements())
        if not spare:
            return h._kit.declares and rule is not _FINALDISCARD_REQUIRED
        remaining = spare
    if not remaining:
        return rule is not _FINALDISCARD_REQUIRED
    if rule is _FINALDISCARD_FORBIDDEN and len(remaining) == 1:
        return False
    taken = h._taken
    if taken is None:
        return True
    refusal = h._v.discard.refusal
    return any(refusal(c, taken=taken) is None for c in remaining)


def showing_now(h: Hand, seat: int) -> bool:
    turn = h._kit.showing_turn
    return bool(turn) and h._own_turns[seat] >= turn


def laid_rep(before: Meld, after: Meld, card: Card) -> Card | None:
    """What ``card`` stands for in ``after`` (None when it is natural there)."""
    old = Counter(zip(before.cards, before.represents, strict=True))
    new = Counter(zip(after.cards, after.represents, strict=True))
    added = new - old
    for (c, r), _ in sorted(added.items(), key=lambda x: (x[0][0].code, x[0][1].code)):
        if c == card:
            return None if r == c else r
    return None


def side_melded(h: Hand, seat: int) -> bool:
    """Whether ``seat``'s side (the seat alone without partnerships) has melded."""
    side = h._kit.sides(h._n)[seat]
    return any(h._melded[s] for s in side)


def layoff_allowed(h: Hand, seat: int, owner: int) -> bool:
    v = h._v
    side = h._kit.sides(h._n)[seat]
    melded = side_melded(h, seat)
    if not v.layoff.allowed_onto(own=owner in side, has_melded=melded):
        return False
    init = v.initial_meld
    if init.required and not melded:
        return init.layoffs_before()
    # a contract: lay-offs from the turn after going down (or the same turn)
    return not (
        init.required and h._first_shown[seat] == h._own_turns[seat] and not init.layoffs_in_initial_turn()
    )


def may_meld_now(h: Hand, seat: int) -> bool:
    v = h._v
    if not v.meld_timing.melds_now(deal=h._deal_number, showing=showing_now(h, seat)):
        return False
    if h._melded[seat] and not v.initial_meld.melds_after_initial():
        return False  # a contract met: lay-offs only
    limit = v.meld_timing.melds_per_turn(deal=h._deal_number)
    return not limit or h._melds_this_turn < limit


def needs_initial(h: Hand, seat: int) -> bool:
    return h._v.initial_meld.required and not side_melded(h, seat)


def initial_ok(h: Hand, melds: Sequence[Meld]) -> str | None:
    v = h._v
    return opening_shortfall(h, sum(meld_value(v, m) for m in melds), shapes(melds))


def opening_shortfall(h: Hand, points: int, shaped: tuple[tuple[str, int], ...]) -> str | None:
    """What an initial meld worth ``points``, of melds of these kinds and
    sizes (:func:`~rummykit.engine.contract.shapes`), lacks now, or None."""
    v = h._v
    return v.initial_meld.shortfall(
        points=points,
        sizes=tuple(n for _, n in shaped),
        shapes=shaped,
        deal=h._deal_number,
        least=least_sizes(v),
    )


INITIAL_COMBOS = 32
"""At most this many initial melds of several melds are listed besides the
single melds that reach the threshold alone and the whole best arrangement
(a bound on the legal-action list; any other combination that reaches the
threshold is still accepted when stated)."""

_COMBO_NODES = 4000
"""A bound on the search for those combinations (hands with many melds)."""

_COMBOS: weakref.WeakKeyDictionary[Kit, dict[tuple[object, ...], list[tuple[Meld, ...]]]] = (
    weakref.WeakKeyDictionary()
)


def _melds_key(melds: Iterable[Meld]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    return tuple(sorted((tuple(c.code for c in m.cards), tuple(r.code for r in m.represents)) for m in melds))


def _combos(h: Hand, cards: tuple[Card, ...], must: Card | None) -> list[tuple[Meld, ...]]:
    """Combinations of two or more disjoint melds of ``cards`` that reach the
    initial threshold (``must`` in one of them, that meld first), the fewest
    melds first, up to a bound (cached per variant)."""
    kit, wild = h._kit, h._wild
    cache = _COMBOS.setdefault(kit, {})
    key = (cards, wild, must)
    found = cache.get(key)
    if found is not None:
        return found
    if len(cache) > 4096:
        cache.clear()
    options = sorted(kit.options(cards, wild), key=lambda m: _melds_key((m,)))
    out: list[tuple[Meld, ...]] = []
    budget = [_COMBO_NODES]
    limit = 4 * INITIAL_COMBOS
    # The cards left are counted in one integer, a field of bits a distinct
    # card: its count and a guard bit above it, so that subtracting a meld's
    # counts leaves every guard set exactly when no count goes below zero.
    held = Counter(cards)
    width = max(held.values(), default=0).bit_length() + 1
    field = {c: width * i for i, c in enumerate(held)}
    guards = sum(1 << (width - 1) << shift for shift in field.values())
    rest0 = guards + sum(k << field[c] for c, k in held.items())
    needs = [sum(k << field[c] for c, k in Counter(m.cards).items()) for m in options]
    values = [meld_value(h._v, m) for m in options]  # what initial_ok asks, worked out once a meld
    shaped = shapes(options)
    picked: list[int] = []  # the options chosen so far

    def walk(start: int, rest: int, size: int) -> None:
        if len(picked) == size:
            chosen = [options[j] for j in picked]
            if (must is None or any(must in x.cards for x in chosen)) and opening_shortfall(
                h, sum(values[j] for j in picked), tuple(shaped[j] for j in picked)
            ) is None:
                first = (
                    next((x for x in chosen if must in x.cards), chosen[0]) if must is not None else chosen[0]
                )
                out.append((first, *(x for x in chosen if x is not first)))
            return
        for i in range(start, len(options)):
            budget[0] -= 1
            if budget[0] < 0 or len(out) >= limit:
                return
            left = rest - needs[i]
            if left & guards == guards:
                picked.append(i)
                walk(i + 1, left, size)
                picked.pop()

    for size in range(2, len(cards) // 2 + 1):  # the fewest melds first
        walk(0, rest0, size)
        if budget[0] < 0 or len(out) >= limit:
            break
    cache[key] = out
    return out


def initial_combos(
    h: Hand, cards: tuple[Card, ...], *, must: Card | None = None, keep: Sequence[Card] = ()
) -> list[tuple[Meld, ...]]:
    """Canonical initial melds from ``cards``: single melds that reach the
    threshold alone, the whole best arrangement (with ``must`` in its
    first meld when given), and up to :data:`INITIAL_COMBOS` other
    combinations of melds that reach it. ``keep``: cards that must not be
    used (none)."""
    kit, wild = h._kit, h._wild
    out: list[tuple[Meld, ...]] = []
    for m in kit.options(cards, wild, must):
        if must is not None and must not in m.cards:
            continue
        rest = minus(cards, m.cards)
        if rest is not None and exit_ok(h, rest) and initial_ok(h, (m,)) is None:
            out.append((m,))
    arr = kit.arrangement(cards, wild)
    whole: tuple[Meld, ...] | None = None
    if arr is not None and len(arr.melds) > 1:
        melds = list(arr.melds)
        first = [m for m in melds if must in m.cards] if must is not None else melds[:1]
        if first:
            melds.remove(first[0])
            melds.insert(0, first[0])
            if exit_ok(h, list(arr.deadwood)) and initial_ok(h, melds) is None:
                whole = tuple(melds)
                out.append(whole)
    skip = _melds_key(whole) if whole is not None else None
    extra = 0
    for combo in _combos(h, cards, must):
        if extra >= INITIAL_COMBOS:
            break
        if _melds_key(combo) == skip:
            continue
        rest = minus(cards, [c for m in combo for c in m.cards])
        if rest is not None and exit_ok(h, rest):
            out.append(combo)
            extra += 1
    return out


def stock_drawable(h: Hand) -> bool:
    return len(h._stock) > h._kit.reserve


def eaten_problem(h: Hand, seat: int, melds: Sequence[Meld]) -> str | None:
    """Why ``melds`` shown by ``seat`` break the rule of the eaten cards (each
    must be shown, no two in one meld), or None."""
    eaten = [c for c, _ in h._eaten[seat]]
    if not eaten:
        return None
    left = Counter(eaten)
    for m in melds:
        held = 0
        for c in m.cards:
            if left[c] > 0:
                left[c] -= 1
                held += 1
        if held > 1:
            return f"a meld may hold at most one card taken from the discard pile ({m})"
    missing = sorted(left.elements(), key=lambda c: c.code)
    if missing:
        shown = " ".join(map(str, missing))
        return f"{shown}, taken from the discard pile, must be shown in a meld"
    return None


def insort(cards: list[Card], card: Card) -> None:
    """Insert ``card`` in card order."""
    _insort(cards, card, key=_CODE)


def in_hand(h: Hand, cards: tuple[Card, ...]) -> str | None:
    if minus(h._hands[h._current], cards) is None:
        shown = " ".join(str(c) for c in cards)
        return f"{shown} is not in seat {h._current}'s hand"
    return None


def concealed(h: Hand, cards: tuple[Card, ...]) -> str | None:
    """Why cards of the hand are spoken for by a concealed eaten meld, or None."""
    p = h._current
    if not h._eaten[p] or minus(free_hand(h, p), cards) is not None:
        return None
    held = [
        f"{m} (with {c}, taken from the discard pile)" for c, m in h._eaten[p] if set(cards) & set(m.cards)
    ]
    return (
        f"{' '.join(map(str, cards))} belongs to the concealed meld {', '.join(held)}: "
        f"its cards stay in hand until the showing (draw {h._v.draw.kind})"
    )


def exit_reason(h: Hand) -> str:
    if final_rule(h) is _FINALDISCARD_REQUIRED:
        return f"you must keep a card to discard (going_out {h._v.going_out.kind}, final discard required)"
    return "you would be left with no card you may discard"


def melds_of(h: Hand, groups: tuple[Group, ...]) -> list[Meld] | str:
    out: list[Meld] = []
    for g in groups:
        m = h._kit.meld_of(g, h._wild)
        if m is None:
            return f"{format_group(g)} is not a valid meld in {h._v.name}"
        out.append(m)
    return out
