"""Enumerating the legal actions of a hand, phase by phase.

Every decision is asked of the variant's components; nothing here knows a
variant by name. The granularity keeps each list small and finite: one meld
per action (several only for an initial meld that must reach a threshold:
the single melds that reach it alone, and the whole best arrangement), lay-offs
one card at a time, one canonical declaration per hand (other valid groupings
of the same cards are accepted by ``apply`` too). A knock is listed plain
(``knock QS``: the default arrangement, the engine's best) and, where the
defenders may lay off after it, once more for every other arrangement of
the same (minimum) deadwood (``knock QS melds ...``), up to
:data:`KNOCK_ARRANGEMENTS` of them: the knocker's choice of melds decides
what may be laid off.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from rummykit.cards import Card
from rummykit.engine.actions import (
    DRAW,
    DROP,
    PASS,
    TAKE,
    Action,
    Borrow,
    Call,
    Declare,
    Group,
    Knock,
    Layoff,
    MeldAction,
    Pick,
    Swap,
    Take,
)
from rummykit.engine.kit import Kit
from rummykit.engine.phase import Phase
from rummykit.melds import Meld, MeldKind, meld_value
from rummykit.rules.draw import UseAs
from rummykit.rules.going_out import FinalDiscard
from rummykit.rules.stock import WhenEmpty

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = ["KNOCK_ARRANGEMENTS", "KNOCK_SEARCH_NODES", "knock_arrangements", "legal_actions"]

KNOCK_ARRANGEMENTS = 32
"""At most this many arrangements are listed per knock (a bound on the
legal-action list; other arrangements of the same deadwood are still
accepted by ``apply`` when stated)."""

KNOCK_SEARCH_NODES = 20_000
"""A bound on the search for other arrangements of one knock (wild-heavy
house rules): past it, the arrangements found so far are listed."""


def legal_actions(h: Hand, *, every_arrangement: bool = True) -> tuple[Action, ...]:
    """The legal actions of ``h`` in canonical order (without
    ``every_arrangement``: each knock once, with the engine's arrangement)."""
    phase = h.phase
    if phase is Phase.PLAY:
        return tuple(play_actions(h, every_arrangement=every_arrangement))
    if phase is Phase.DRAW:
        return tuple(draw_actions(h))
    if phase is Phase.OFFER:
        return (TAKE, PASS)
    if phase is Phase.CLAIM:
        return (*call_actions(h, h.current, h.pile[-1]), PASS)
    if phase is Phase.LAYOFF:
        return (*knock_layoffs(h, h.current), PASS)
    return ()


# --------------------------------------------------------------------------- helpers


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
    return h.kit.final_rule


def locked(h: Hand, seat: int) -> list[Card]:
    """The cards of ``seat``'s concealed melds made with an eaten card: they
    may be neither discarded nor used elsewhere until the showing."""
    return [c for _, m in h.eaten[seat] for c in m.cards]


def free_hand(h: Hand, seat: int) -> list[Card]:
    """``seat``'s hand without the cards of its concealed eaten melds."""
    hand = h.hands[seat]
    if not h.eaten[seat]:
        return hand
    rest = minus(hand, locked(h, seat))
    assert rest is not None
    return rest


def exit_ok(h: Hand, remaining: Sequence[Card]) -> bool:
    """Whether a player left holding ``remaining`` can still finish the turn
    (the cards of concealed eaten melds cannot be discarded: a hand of those
    only can finish by showing them all, going out)."""
    rule = final_rule(h)
    if h.eaten[h.current] and remaining:
        spare = list((Counter(remaining) - Counter(locked(h, h.current))).elements())
        if not spare:
            return h.kit.declares and rule is not FinalDiscard.REQUIRED
        remaining = spare
    if not remaining:
        return rule is not FinalDiscard.REQUIRED
    if rule is FinalDiscard.FORBIDDEN and len(remaining) == 1:
        return False
    taken = h.taken
    if taken is None:
        return True
    refusal = h.v.discard.refusal
    return any(refusal(c, taken=taken) is None for c in remaining)


def showing_now(h: Hand, seat: int) -> bool:
    turn = h.kit.showing_turn
    return bool(turn) and h.own_turns[seat] >= turn


def laid_rep(before: Meld, after: Meld, card: Card) -> Card | None:
    """What ``card`` stands for in ``after`` (None when it is natural there)."""
    old = Counter(zip(before.cards, before.represents, strict=True))
    new = Counter(zip(after.cards, after.represents, strict=True))
    added = new - old
    for (c, r), _ in sorted(added.items(), key=lambda x: (x[0][0].code, x[0][1].code)):
        if c == card:
            return None if r == c else r
    return None


def layoff_allowed(h: Hand, seat: int, owner: int) -> bool:
    v = h.v
    if not v.layoff.allowed_onto(own=owner == seat, has_melded=h.melded[seat]):
        return False
    init = v.initial_meld
    return not (init.required and not h.melded[seat] and not init.layoffs_before())


def layoffs_of(h: Hand, seat: int, card: Card, rest: Sequence[Card] | None) -> list[Layoff]:
    """Lay-offs of ``card`` by ``seat`` onto table melds (``rest``: the cards the
    player keeps, checked for a way to finish the turn; None: not checked)."""
    out: list[Layoff] = []
    if rest is not None and not exit_ok(h, rest):
        return out
    kit, wild = h.kit, h.wild
    for i, t in enumerate(h.table):
        if not layoff_allowed(h, seat, t.owner):
            continue
        seen: set[Card | None] = set()
        for after in kit.layoffs(t.meld, card, wild, t.text):
            rep = laid_rep(t.meld, after, card)
            if rep not in seen:
                seen.add(rep)
                out.append(Layoff(card, i + 1, rep))
    return out


def may_meld_now(h: Hand, seat: int) -> bool:
    v = h.v
    if not v.meld_timing.melds_now(deal=h.deal_number, showing=showing_now(h, seat)):
        return False
    limit = v.meld_timing.melds_per_turn(deal=h.deal_number)
    return not limit or h.melds_this_turn < limit


def needs_initial(h: Hand, seat: int) -> bool:
    return h.v.initial_meld.required and not h.melded[seat]


def initial_ok(h: Hand, melds: Sequence[Meld]) -> str | None:
    points = sum(meld_value(h.v, m) for m in melds)
    return h.v.initial_meld.shortfall(points=points, sizes=tuple(len(m) for m in melds))


def initial_combos(
    h: Hand, cards: tuple[Card, ...], *, must: Card | None = None, keep: Sequence[Card] = ()
) -> list[tuple[Meld, ...]]:
    """Canonical initial melds from ``cards``: single melds that reach the
    threshold alone, and the whole best arrangement (with ``must`` in its
    first meld when given). ``keep``: cards that must not be used (none)."""
    kit, wild = h.kit, h.wild
    out: list[tuple[Meld, ...]] = []
    for m in kit.options(cards, wild, must):
        if must is not None and must not in m.cards:
            continue
        rest = minus(cards, m.cards)
        if rest is not None and exit_ok(h, rest) and initial_ok(h, (m,)) is None:
            out.append((m,))
    arr = kit.arrangement(cards, wild)
    if arr is not None and len(arr.melds) > 1:
        melds = list(arr.melds)
        if must is not None:
            first = [m for m in melds if must in m.cards]
            if not first:
                return out
            melds.remove(first[0])
            melds.insert(0, first[0])
        rest = list(arr.deadwood)
        if exit_ok(h, rest) and initial_ok(h, melds) is None:
            out.append(tuple(melds))
    return out


# --------------------------------------------------------------------------- DRAW


def stock_drawable(h: Hand) -> bool:
    return len(h.stock) > h.kit.reserve


def draw_actions(h: Hand) -> list[Action]:
    v = h.v
    p = h.current
    out: list[Action] = []
    drawable = stock_drawable(h)
    if drawable or v.stock.when_empty(reuses=h.reuses) is WhenEmpty.REUSE:
        out.append(DRAW)  # an empty stock is rebuilt from the pile when drawn from
    if not h.stock_only:
        out.extend(take_actions(h, p, drawable))
    if not drawable:
        when = v.stock.when_empty(reuses=h.reuses)
        if when in (WhenEmpty.DECLINE, WhenEmpty.PASS):
            out.append(PASS)
    if h.kit.drops and h.own_turns[p] > h.hit_until[p] and (h.melded[p] or not h.kit.drop_needs_meld):
        out.append(DROP)
    return out


def take_actions(h: Hand, p: int, drawable: bool) -> list[Action]:
    v = h.v
    draw = v.draw
    pile = h.pile
    out: list[Action] = []
    for depth in draw.depths(len(pile)):
        rule = draw.use_rule(depth, melded=h.melded[p])
        if rule is None:
            if depth > 1 or _keeps_discard(h, p, pile[-1]):
                out.append(TAKE if depth == 1 else Take(depth))
            continue
        bottom = pile[-depth]
        others = pile[len(pile) - depth + 1 :]
        for use in uses(h, p, bottom, others, rule):
            out.append(Take(depth, False, use))
    if pile and drawable and h.kit.with_stock:
        out.append(Take(1, True))
    if h.kit.picks_any:
        for card in distinct(sorted(pile)):
            rule = draw.use_rule(1, melded=h.melded[p])
            if rule is None:
                if _keeps_discard(h, p, card):
                    out.append(Pick(card))
            else:
                for use in uses(h, p, card, (), rule):
                    out.append(Pick(card, use))
    return out


def _keeps_discard(h: Hand, p: int, card: Card) -> bool:
    """Whether, after taking ``card``, the player still holds a card they may discard."""
    refused = h.v.discard.refused(h.hands[p], taken=card)
    return any(c not in refused for c in h.hands[p])


def uses(h: Hand, p: int, card: Card, others: Sequence[Card], rule: UseAs) -> list[MeldAction | Layoff]:
    """How a card taken from the pile may be used at once (with ``others``, the
    other cards taken with it)."""
    whole = [*h.hands[p], *others, card]
    hand = free_hand(h, p)
    avail = tuple(sorted([*hand, *others, card]))
    out: list[MeldAction | Layoff] = []
    # A necessary condition for any meld with the card: another card sharing
    # its rank or suit, or a wild.
    deck, wild = h.v.deck, h.wild
    if not any(
        c.rank == card.rank or c.suit == card.suit or deck.is_wild(c, wild) for c in (*hand, *others)
    ) and not deck.is_wild(card, wild):
        melds_possible = False
    else:
        melds_possible = True
    if melds_possible:
        if needs_initial(h, p):
            for combo in initial_combos(h, avail, must=card):
                if rule is UseAs.NEW_MELD_WITH_HAND_CARD and not _uses_hand(combo[0], card, others, hand):
                    continue
                out.append(MeldAction(tuple(h.kit.group(m) for m in combo)))
        else:
            for m in h.kit.options(avail, wild, card):
                if card not in m.cards:
                    continue
                if rule is UseAs.NEW_MELD_WITH_HAND_CARD and not _uses_hand(m, card, others, hand):
                    continue
                rest = minus(whole, m.cards)
                if rest is None or not exit_ok(h, rest):
                    continue
                out.append(MeldAction((h.kit.group(m),)))
    if rule is UseAs.MELD_OR_LAYOFF and h.table and h.v.layoff.on_turn(showing=showing_now(h, p)):
        rest = minus(whole, (card,))
        out.extend(layoffs_of(h, p, card, rest))
    return out


def _uses_hand(m: Meld, card: Card, others: Sequence[Card], hand: Sequence[Card]) -> bool:
    need = Counter(m.cards)
    need[card] -= 1
    pile = Counter(others)
    return any(max(0, n - pile[c]) > 0 for c, n in need.items())


# --------------------------------------------------------------------------- PLAY


def play_actions(h: Hand, *, every_arrangement: bool = True) -> list[Action]:
    v = h.v
    p = h.current
    hand = h.hands[p]
    kit = h.kit
    if h._claim is not None:  # a caller discards after a call
        return [kit.discards[c.code] for c in distinct(hand)]
    free = free_hand(h, p)
    unique = free if kit.single_deck else distinct(free)
    out: list[Action] = []
    must = h.must_meld
    if kit.table_melds and h.eaten[p] and may_meld_now(h, p):
        for _, m in h.eaten[p]:  # the concealed eaten melds are shown as made
            rest = minus(hand, m.cards)
            if must is None and rest is not None and exit_ok(h, rest):
                out.append(MeldAction((kit.group(m),)))
    if kit.table_melds and free and may_meld_now(h, p):
        cards = tuple(free)
        if needs_initial(h, p):
            for combo in initial_combos(h, cards, must=must):
                out.append(MeldAction(tuple(kit.group(m) for m in combo)))
        else:
            for m in kit.options(cards, h.wild):
                if must is not None and must not in m.cards:
                    continue
                rest = minus(hand, m.cards)
                if rest is not None and exit_ok(h, rest):
                    out.append(MeldAction((kit.group(m),)))
    if h.table:
        if must is None and v.layoff.on_turn(showing=showing_now(h, p)):
            for c in unique:
                rest = list(hand)
                rest.remove(c)
                out.extend(layoffs_of(h, p, c, rest))
        if must is None and v.swap.exchanges_wilds(
            has_melded=h.melded[p], played_this_turn=h.played_this_turn
        ):
            out.extend(swap_actions(h, p))
        if kit.table_melds and may_meld_now(h, p):
            out.extend(borrow_actions(h, p))
    if must is None:
        if not (len(hand) == 1 and kit.final_rule is FinalDiscard.FORBIDDEN):
            discards = kit.discards
            taken = h.taken
            if taken is None:
                out.extend([discards[c.code] for c in unique])
            else:
                refused = v.discard.refused(unique, taken=taken)
                out.extend([discards[c.code] for c in unique if c not in refused])
        if kit.can_knock:
            out.extend(knock_actions(h, p, every_arrangement=every_arrangement))
        if kit.declares or kit.all_at_once(h.deal_number):
            out.extend(declare_actions(h, p))
    if (
        kit.drops
        and kit.drop_in_play
        and h._claim is None
        and h.own_turns[p] > h.hit_until[p]
        and (h.melded[p] or not kit.drop_needs_meld)
    ):
        out.append(DROP)  # a middle drop after drawing ([S3]: "after drawing a card")
    return out


def knock_actions(h: Hand, p: int, *, every_arrangement: bool = True) -> list[Action]:
    """The knocks of seat ``p``: each discard that leaves at most the limit,
    with the engine's arrangement and (``every_arrangement``, where lay-offs
    follow) each other arrangement of the same least deadwood."""
    if not h.kit.can_knock:
        return []
    v = h.v
    limit = v.going_out.knock_limit(upcard_value=h.upcard_value())
    if limit is None:
        return []
    kit, wild = h.kit, h.wild
    hand = h.hands[p]
    bound = kit.isolated_value(hand)
    big_gin = v.going_out.big_gin_allowed()
    if bound is not None and bound[0] - bound[1] > limit:
        return []  # even the best discard leaves too much deadwood
    cards = tuple(hand)
    full = kit.deadwood(cards, wild)
    out: list[Action] = []
    values = kit.values
    biggest = max((values[c.code] for c in cards), default=0)
    if full - biggest <= limit:
        refusal = v.discard.refusal
        for c in distinct(cards):
            if h.taken is not None and refusal(c, taken=h.taken) is not None:
                continue
            rest = list(cards)
            rest.remove(c)
            dead = kit.deadwood(tuple(rest), wild)
            if dead <= limit:
                out.append(kit.knocks[c.code])
                if every_arrangement and v.layoff.after_knock(gin=dead == 0):
                    out.extend(Knock(c, g) for g in _other_arrangements(h, tuple(rest), cards))
    if full == 0 and big_gin:
        out.append(Knock(None))
        if every_arrangement and v.layoff.after_knock(gin=True):
            out.extend(Knock(None, g) for g in _other_arrangements(h, cards, cards))
    return out


def _melds_key(melds: Iterable[Meld]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    return tuple(sorted((tuple(c.code for c in m.cards), tuple(r.code for r in m.represents)) for m in melds))


_ALTERNATIVES: weakref.WeakKeyDictionary[Kit, dict[tuple[Any, ...], list[tuple[Group, ...]]]] = (
    weakref.WeakKeyDictionary()
)


def _other_arrangements(h: Hand, cards: tuple[Card, ...], whole: tuple[Card, ...]) -> list[tuple[Group, ...]]:
    """The arrangements of ``cards`` of minimum deadwood other than the
    default one, as notation groups (``whole``: the hand ``cards`` come from,
    whose melds are enumerated once)."""
    kit = h.kit
    cache = _ALTERNATIVES.setdefault(kit, {})
    key = (cards, h.wild)
    found = cache.get(key)
    if found is not None:
        return found
    if len(cache) > 4096:
        cache.clear()
    default = kit.arrangement(cards, h.wild)
    out: list[tuple[Group, ...]] = []
    if default is not None:
        skip = _melds_key(default.melds)
        for melds in knock_arrangements(h, cards, limit=KNOCK_ARRANGEMENTS + 1, within=whole):
            if _melds_key(melds) != skip and len(out) < KNOCK_ARRANGEMENTS:
                out.append(tuple(kit.group(m) for m in melds))
    cache[key] = out
    return out


def knock_arrangements(
    h: Hand, cards: tuple[Card, ...], *, limit: int, within: tuple[Card, ...] | None = None
) -> list[tuple[Meld, ...]]:
    """Up to ``limit`` distinct arrangements of ``cards`` (sorted) whose
    deadwood is the minimum, each as melds in canonical order (``within``:
    a sorted superset of ``cards`` whose melds are enumerated instead)."""
    kit, wild = h.kit, h.wild
    target = kit.deadwood(cards, wild)
    values = kit.values
    options = kit.options(within if within is not None else cards, wild)
    by_card: dict[Card, list[Meld]] = {}
    for m in options:
        for c in set(m.cards):
            by_card.setdefault(c, []).append(m)
    found: dict[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], tuple[Meld, ...]] = {}
    budget = [KNOCK_SEARCH_NODES]

    def walk(rest: Counter[Card], cost: int, chosen: list[Meld]) -> None:
        budget[0] -= 1
        if len(found) >= limit or cost > target or budget[0] < 0:
            return
        left = [c for c in sorted(rest, key=lambda c: c.code) if rest[c] > 0]
        if not left:
            if cost == target:
                key = _melds_key(chosen)
                found.setdefault(key, tuple(sorted(chosen, key=lambda m: _melds_key((m,)))))
            return
        first = left[0]
        for m in by_card.get(first, ()):
            need = Counter(m.cards)
            if all(rest[c] >= k for c, k in need.items()):
                walk(rest - need, cost, [*chosen, m])
        rest2 = rest.copy()
        rest2[first] -= 1
        walk(rest2, cost + values[first.code], chosen)

    walk(Counter(cards), 0, [])
    return list(found.values())


def declare_actions(h: Hand, p: int) -> list[Action]:
    v = h.v
    # With concealed eaten melds (each eaten card in a meld of its own): the
    # best declaration of the hand if it keeps them apart, else the eaten melds
    # as they were made and the best declaration of the other cards.
    fixed = tuple(m for _, m in h.eaten[p])
    cards = tuple(free_hand(h, p))
    rule = h.kit.final_rule
    out: list[Action] = []
    bound = h.kit.isolated_value(h.hands[p])
    if bound is not None and bound[2] > (0 if rule is FinalDiscard.FORBIDDEN else 1):
        return out  # more cards fit no meld than a declaration may leave over
    for leave in (False, True):
        if (leave and rule is FinalDiscard.FORBIDDEN) or (not leave and rule is FinalDiscard.REQUIRED):
            continue
        if leave and len(h.hands[p]) < 2:
            continue
        whole = h.kit.declaration(tuple(h.hands[p]), h.wild, leave) if fixed else None
        melds: tuple[Meld, ...]
        if whole is not None and eaten_problem(h, p, whole.melds) is None:
            fixed_now: tuple[Meld, ...] = ()
            melds, discard = whole.melds, whole.deadwood[0] if whole.deadwood else None
        elif leave and len(cards) == 1:
            fixed_now = fixed
            melds, discard = (), cards[0]
        elif cards:
            fixed_now = fixed
            arr = h.kit.declaration(cards, h.wild, leave)
            if arr is None:
                continue
            melds, discard = arr.melds, arr.deadwood[0] if arr.deadwood else None
        elif leave:
            continue
        else:
            fixed_now = fixed
            melds, discard = (), None
        if discard is not None and h.taken is not None and v.discard.refusal(discard, taken=h.taken):
            continue
        out.append(Declare(tuple(h.kit.group(m) for m in (*fixed_now, *melds)), discard))
    return out


def eaten_problem(h: Hand, seat: int, melds: Sequence[Meld]) -> str | None:
    """Why ``melds`` shown by ``seat`` break the rule of the eaten cards (each
    must be shown, no two in one meld), or None."""
    eaten = [c for c, _ in h.eaten[seat]]
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


def swap_actions(h: Hand, p: int) -> list[Action]:
    hand = h.hands[p]
    out: list[Action] = []
    for i, t in enumerate(h.table):
        for given, after, _ in swap_results(h, p, t.meld, hand):
            out.append(Swap(given, i + 1))
            del after
    return out


def swap_results(
    h: Hand, p: int, meld: Meld, hand: Sequence[Card]
) -> list[tuple[tuple[Card, ...], Meld, Card]]:
    """Exchanges possible on ``meld``: (natural cards given, the meld after,
    the wild taken)."""
    out: list[tuple[tuple[Card, ...], Meld, Card]] = []
    for j, (card, old_rep) in enumerate(zip(meld.cards, meld.represents, strict=True)):
        if card == old_rep:
            continue
        # a set's wild may be taken by any card of its rank the set allows
        # (classify checks the suits), not only the one it was read as
        takers = (
            [old_rep]
            if meld.kind is not MeldKind.SET
            else sorted(c for c in distinct(hand) if c.rank == old_rep.rank and not c.is_joker)
        )
        for rep in takers:
            if rep not in hand:
                continue
            found = _swap_one(h, p, meld, hand, j, card, rep)
            if found is not None and all(found[0] != o[0] or found[2] != o[2] for o in out):
                out.append(found)
    return out


def _swap_one(
    h: Hand, p: int, meld: Meld, hand: Sequence[Card], j: int, card: Card, rep: Card
) -> tuple[tuple[Card, ...], Meld, Card] | None:
    """The exchange of the wild ``card`` at ``j`` for the natural ``rep``, or ``None``."""
    v = h.v
    cards = list(meld.cards)
    cards[j] = rep
    given: tuple[Card, ...] = (rep,)
    reps = list(meld.represents)
    reps[j] = rep
    if meld.kind is MeldKind.SET and len(meld) == 3 and not v.swap.releases_set_wild_singly():
        present = {r.suit for r in reps}
        missing = [
            c
            for c in distinct(hand)
            if c.rank == rep.rank and c.suit not in present and c != rep and not c.is_joker
        ]
        if not missing:
            return None
        cards.append(missing[0])
        reps.append(missing[0])
        given = (rep, missing[0])
    after = h.kit.classify(tuple(cards), tuple(reps), h.wild)
    if after is None:
        return None
    rest = minus(hand, given)
    if rest is None or not exit_ok(h, [*rest, card]):
        return None
    if v.swap.wild_must_be_used():
        pool = tuple(sorted([*rest, card]))
        if not may_meld_now(h, p) or not any(
            card in m.cards and exit_ok(h, minus(pool, m.cards) or []) for m in h.kit.options(pool, h.wild)
        ):
            return None
    return (given, after, card)


def borrow_actions(h: Hand, p: int) -> list[Action]:
    v = h.v
    out: list[Action] = []
    hand = h.hands[p]
    for i, t in enumerate(h.table):
        if not v.swap.borrows_from(own=t.owner == p, has_melded=h.melded[p]):
            continue
        for card in distinct(
            sorted(c for c, r in zip(t.meld.cards, t.meld.represents, strict=True) if c == r)
        ):
            left = minus(t.meld.cards, (card,))
            assert left is not None
            if h.kit.classify(tuple(sorted(left)), None, h.wild) is None:
                continue
            pool = tuple(sorted([*hand, card]))
            for m in h.kit.options(pool, h.wild):
                if card not in m.cards:
                    continue
                rest = minus(pool, m.cards)
                if rest is not None and exit_ok(h, rest):
                    out.append(Borrow(card, i + 1, h.kit.group(m)))
    return out


# --------------------------------------------------------------------------- CLAIM, LAYOFF


def call_actions(h: Hand, seat: int, card: Card) -> list[Action]:
    """Calls ``seat`` may make on the discard ``card``."""
    if not h.v.claims.may_call(goes_out=len(h.hands[seat]) <= 1):
        return []
    return [Call(lo.card, lo.target, lo.stands_for) for lo in layoffs_of(h, seat, card, None)]


def knock_layoffs(h: Hand, seat: int) -> list[Action]:
    out: list[Action] = []
    for c in distinct(h.hands[seat]):
        out.extend(layoffs_of(h, seat, c, None))
    return out
