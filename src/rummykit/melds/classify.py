"""Meld classification: is a group of cards a meld, and in which ways?

A group of cards may be read as a meld in several ways when it holds wild
cards (``7H JK JK`` is a set of sevens, or a run ``7H 8H 9H``, or ``5H 6H 7H``
...). :func:`meld_options` lists every valid reading; :func:`classify_meld`
picks the canonical one, or the one whose wilds stand where ``represents``
says.

Canonical reading, in order of preference:

1. the fewest wild cards (a wild-rank card in its natural place counts as
   natural, so ``8C 9C TC`` with eights wild is a pure run);
2. the highest meld value (:func:`rummykit.meld_value`: a wild counts as the
   card it replaces where the variant says so), so ``7H 8H JK`` reads
   ``JK=9H``;
3. a run before a set;
4. for a run, the reading placed highest (its represented cards highest in
   card order); for a set, wilds standing for the lowest missing suits
   (clubs first).

In a set, each wild stands for a card of the set's rank. Where a set's
suits must differ, a wild stands for a missing suit (each choice is a separate
reading); where suits may repeat (two decks), a wild may stand for any card of
the rank, so ``7H 7S JK=7D`` and ``7H 7S JK=7H`` are readings too (each a
separate reading), and the canonical choice is the lowest missing suit
(clubs first), then clubs, diamonds ... again.

>>> import rummykit as rk
>>> v = rk.loads_variant('extends = "straight"\\n[deck]\\njokers_per_deck = 2')
>>> print(classify_meld(v, rk.parse_cards("8H JK 7H")))
7H 8H JK=9H
>>> print(classify_meld(v, rk.parse_cards("7H JK 8H"), represents=[None, rk.Card.parse("6H"), None]))
JK=6H 7H 8H
>>> classify_meld(v, rk.parse_cards("7H 8H TH")) is None
True
>>> [str(m) for m in meld_options(v, rk.parse_cards("QC QD JK"))]
['QC QD JK=QH', 'QC QD JK=QS']
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from rummykit.cards import Card, Rank, parse_cards
from rummykit.errors import ArgumentError, NotationError
from rummykit.melds.arg_checks import checked
from rummykit.melds.meld import Meld, MeldKind
from rummykit.melds.tables import JOKER, Rules, card_rank, card_suit, rules_for
from rummykit.variant import Variant

__all__ = [
    "MeldInput",
    "classify_meld",
    "first_reading",
    "interpretations",
    "meld_options",
    "meld_problems",
    "to_cards",
    "valid_reading",
]

MeldInput = Iterable[Card] | Meld | str
"""What the meld functions accept as a group of cards: cards, a :class:`Meld`
(its ``represents`` pins what each wild stands for) or notation text."""

_RUN_ORDER = {MeldKind.RUN: 0, MeldKind.SET: 1}


def to_cards(group: MeldInput) -> tuple[tuple[Card, ...], tuple[Card | None, ...] | None]:
    """Split a meld input into its cards and, if given, what each stands for."""
    if isinstance(group, Meld):
        return group.cards, tuple(group.represents)
    if isinstance(group, str):
        if "=" in group:
            meld = Meld.parse(group)
            return meld.cards, tuple(meld.represents)
        return parse_cards(group), None
    cards = tuple(group)
    for card in cards:
        if not isinstance(card, Card):
            raise NotationError(f"bad card {card!r}: expected a Card")
    return cards, None


def _distinct_perms(items: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Distinct orderings of a multiset of ints."""
    counts = Counter(items)
    keys = sorted(counts)
    n = len(items)
    out: list[int] = []

    def rec() -> Iterator[tuple[int, ...]]:
        if len(out) == n:
            yield tuple(out)
            return
        for key in keys:
            if counts[key]:
                counts[key] -= 1
                out.append(key)
                yield from rec()
                out.pop()
                counts[key] += 1

    yield from rec()


def _meld_value(rules: Rules, kind: MeldKind, cards: Sequence[int], reps: Sequence[int]) -> int:
    low = kind is MeldKind.RUN and len(reps) > 1 and card_rank(reps[0]) == 1 and card_rank(reps[1]) == 2
    total = 0
    for i, (c, r) in enumerate(zip(cards, reps, strict=True)):
        total += rules.placed_value(c, r, low_ace=low and i == 0)
    return total


def _set_readings(
    rules: Rules, codes: tuple[int, ...]
) -> Iterator[tuple[MeldKind, tuple[int, ...], tuple[int, ...]]]:
    n = len(codes)
    if not rules.set_size_ok(n):
        return
    wild = rules.wild
    fixed = [c for c in codes if not wild[c]]
    if fixed:
        if len({card_rank(c) for c in fixed}) != 1:
            return
        ranks = [card_rank(fixed[0])]
    elif not rules.wild_rank_sets:
        return  # wild cards alone: :func:`_own_readings`
    else:
        ranks = sorted({card_rank(c) for c in codes if c != JOKER})
        if rules.min_naturals == 0:
            ranks = list(range(1, 14))
    for rank in ranks:
        options: list[tuple[bool, ...]] = []
        for c in codes:
            can_nat = c != JOKER and card_rank(c) == rank and (rules.wild_rank_sets or not wild[c])
            can_wild = wild[c]
            options.append(tuple(x for x, ok in ((True, can_nat), (False, can_wild)) if ok))
        seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        for choice in itertools.product(*options):
            naturals = [c for c, nat in zip(codes, choice, strict=True) if nat]
            wilds = [c for c, nat in zip(codes, choice, strict=True) if not nat]
            k, m = len(wilds), len(naturals)
            if k and not rules.wilds_in_sets:
                continue
            if not rules.wilds_ok(k, m):
                continue
            suits = [card_suit(c) for c in naturals]
            missing = [s for s in range(4) if s not in suits]
            assignments: Iterable[tuple[int, ...]]
            if rules.distinct:
                if len(set(suits)) != m or k > len(missing):
                    continue
                assignments = itertools.permutations(missing, k)
            else:
                # suits may repeat: a wild may stand for any card of the rank
                # (identical wilds in sorted order, so one choice per multiset)
                assignments = _repeat_assignments(wilds)
            for assign in assignments:
                pairs = [(c, c) for c in naturals]
                pairs += [(w, (s * 13 + rank - 1)) for w, s in zip(wilds, assign, strict=True)]
                pairs.sort(key=lambda p: (p[1], p[0]))
                cards = tuple(p[0] for p in pairs)
                reps = tuple(p[1] for p in pairs)
                if (cards, reps) not in seen:
                    seen.add((cards, reps))
                    yield MeldKind.SET, cards, reps


def _repeat_assignments(wilds: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """The suits sorted wild codes may stand for in a set whose suits may
    repeat: any suit each, one assignment per multiset of identical wilds."""
    blocks = [len(list(g)) for _, g in itertools.groupby(wilds)]
    for parts in itertools.product(*(itertools.combinations_with_replacement(range(4), b) for b in blocks)):
        yield tuple(s for part in parts for s in part)


def _set_cycle(natural_suits: Sequence[int], k: int) -> list[int]:
    """The canonical suits of ``k`` wilds in a set whose suits may repeat:
    the missing suits first (clubs first), then clubs, diamonds ... again."""
    missing = [s for s in range(4) if s not in natural_suits]
    return (missing + [0, 1, 2, 3] * (k // 4 + 1))[:k]


def _set_order(rules: Rules, cards: Sequence[int], reps: Sequence[int]) -> tuple[int, ...]:
    """The order of a set reading among those with as many wilds and the same
    value: the canonical suits first (see :func:`_set_cycle`), then by the
    cards represented."""
    if rules.distinct:
        return (0, *sorted(reps))
    natural_suits = [card_suit(r) for c, r in zip(cards, reps, strict=True) if c == r]
    wild_suits = sorted(card_suit(r) for c, r in zip(cards, reps, strict=True) if c != r)
    canonical = sorted(_set_cycle(natural_suits, len(wild_suits))) == wild_suits
    return (0 if canonical else 1, *sorted(reps))


def _run_readings(
    rules: Rules, codes: tuple[int, ...]
) -> Iterator[tuple[MeldKind, tuple[int, ...], tuple[int, ...]]]:
    n = len(codes)
    if not rules.run_size_ok(n):
        return
    wild = rules.wild
    fixed = [c for c in codes if not wild[c]]
    suits = {card_suit(c) for c in fixed}
    if len(suits) > 1 or len(set(fixed)) != len(fixed):
        return
    suit_choices = sorted(suits) if suits else [0, 1, 2, 3]
    wild_cards = sorted(c for c in codes if wild[c])
    for suit in suit_choices:
        base = suit * 13 - 1
        for seq in rules.sequences.get(n, ()):
            slots = [base + r for r in seq]
            if any(c not in slots for c in fixed):
                continue
            placed: list[int | None] = [c if c in fixed else None for c in slots]
            free = [i for i, p in enumerate(placed) if p is None]
            # a wild card stands for itself only in its own place: when even the
            # fewest wilds this leaves break the wild limits, no ordering of the
            # wild cards can (their orderings grow factorially: eight twos)
            own = len({c for c in wild_cards if c in slots})
            if not any(
                rules.wilds_ok(k, n - k) and (rules.wilds_in_runs or not k)
                for k in range(len(wild_cards) - own, len(wild_cards) + 1)
            ):
                continue
            for perm in _distinct_perms(wild_cards):
                cards = list(placed)
                for i, c in zip(free, perm, strict=True):
                    cards[i] = c
                full = tuple(c for c in cards if c is not None)
                reps = tuple(slots)
                is_wild = [c != r for c, r in zip(full, reps, strict=True)]
                k = sum(is_wild)
                if k and not rules.wilds_in_runs:
                    continue
                if not rules.wilds_ok(k, n - k):
                    continue
                if k and not rules.adjacent_wilds and any(a and b for a, b in itertools.pairwise(is_wild)):
                    continue
                yield MeldKind.RUN, full, reps


Raw = tuple[
    tuple[int, int, int, tuple[int, ...], tuple[int, ...]], MeldKind, tuple[int, ...], tuple[int, ...]
]
"""``(sort key, kind, card codes, represented codes)``."""


Reading = tuple[MeldKind, tuple[int, ...], tuple[int, ...]]


def _own_readings(rules: Rules, codes: tuple[int, ...]) -> list[Reading] | None:
    """The readings of sorted codes that hold a card in no meld, a card that
    melds only with cards like it (without wilds), or only wild cards where
    wild-rank cards are always wild in sets (a meld of wild cards alone
    stands for itself); ``None`` for other groups."""
    if any(rules.never[c] for c in codes):
        return []
    alone = rules.alone
    sizes = alone[codes[0]]
    if sizes is not None or any(alone[c] is not None for c in codes):
        rank = card_rank(codes[0])
        if sizes is None or not sizes[0] <= len(codes) <= sizes[1]:
            return []
        if any(alone[c] != sizes or card_rank(c) != rank for c in codes):
            return []
        if rules.distinct and len({card_suit(c) for c in codes}) != len(codes):
            return []
        return [(MeldKind.SET, codes, codes)]
    if rules.wild_rank_sets or not all(rules.wild[c] for c in codes):
        return None
    n = len(codes)
    found: list[Reading] = list(_run_readings(rules, codes)) if rules.runs else []
    if rules.sets and rules.wilds_in_sets and rules.set_size_ok(n) and rules.wilds_ok(n, 0):
        found.append((MeldKind.SET, codes, codes))
    return found


def _raw_readings(rules: Rules, codes: tuple[int, ...]) -> list[Raw]:
    """Every valid reading of the sorted card codes, canonical first (cached)."""
    cached: list[Raw] | None = rules.raw_cache.get(codes)
    if cached is not None:
        return cached
    found: dict[
        tuple[MeldKind, tuple[int, ...], tuple[int, ...]],
        tuple[int, int, int, tuple[int, ...], tuple[int, ...]],
    ] = {}
    own = _own_readings(rules, codes) if codes and rules.restricted else None
    if own is not None:
        readings: Iterable[Reading] = own
    elif codes and (JOKER not in codes or rules.wild[JOKER]):
        readings = itertools.chain(
            _run_readings(rules, codes) if rules.runs else iter(()),
            _set_readings(rules, codes) if rules.sets else iter(()),
        )
    else:
        readings = ()
    for kind, cards, reps in readings:
        wilds = sum(1 for c, r in zip(cards, reps, strict=True) if c != r)
        key = (
            wilds,
            -_meld_value(rules, kind, cards, reps),
            _RUN_ORDER[kind],
            tuple(-r for r in sorted(reps, reverse=True))
            if kind is MeldKind.RUN
            else _set_order(rules, cards, reps),
            cards,
        )
        found[(kind, cards, reps)] = key
    raw = sorted(
        ((key, kind, cards, reps) for (kind, cards, reps), key in found.items()),
        key=lambda x: (x[0], x[2], x[3]),
    )
    if len(rules.raw_cache) > 200_000:
        rules.raw_cache.clear()
    rules.raw_cache[codes] = raw
    return raw


def _meld(kind: MeldKind, cards: tuple[int, ...], reps: tuple[int, ...]) -> Meld:
    return Meld(kind, tuple(Card.from_code(c) for c in cards), tuple(Card.from_code(r) for r in reps))


def interpretations(rules: Rules, codes: tuple[int, ...]) -> tuple[Meld, ...]:
    """Every valid reading of the sorted card codes, canonical first (cached)."""
    cached: tuple[Meld, ...] | None = rules.interp_cache.get(codes)
    if cached is not None:
        return cached
    result = tuple(_meld(kind, cards, reps) for _, kind, cards, reps in _raw_readings(rules, codes))
    if len(rules.interp_cache) > 200_000:
        rules.interp_cache.clear()
    rules.interp_cache[codes] = result
    return result


def first_reading(rules: Rules, codes: tuple[int, ...], level: int = 0) -> Meld | None:
    """The canonical reading of the sorted codes; ``level`` 1: the first
    reading as a run, 2: as a pure run (cached)."""
    key = (codes, level)
    found: Meld | None = rules.first_cache.get(key)
    if found is None:
        found = _joker_reading(rules, codes, level) or _first_raw(rules, codes, level)
        if len(rules.first_cache) > 200_000:
            rules.first_cache.clear()
        rules.first_cache[key] = found
    return found


def _first_raw(rules: Rules, codes: tuple[int, ...], level: int) -> Meld | None:
    """:func:`first_reading` through the full list of readings."""
    found = None
    for _, kind, cards, reps in _raw_readings(rules, codes):
        if level == 0 or (kind is MeldKind.RUN and (level == 1 or cards == reps)):
            found = _meld(kind, cards, reps)
            break
    return found


def _joker_reading(rules: Rules, codes: tuple[int, ...], level: int) -> Meld | None:
    """:func:`first_reading` for natural cards (none of them wild) plus
    printed jokers, without listing every reading; ``None`` when the group is
    not of that shape or has no reading this way."""
    jokers = codes.count(JOKER)
    if not jokers or not rules.wild[JOKER] or level == 2 or rules.restricted:
        return None
    naturals = codes[: len(codes) - jokers]
    wild = rules.wild
    if not naturals or any(wild[c] for c in naturals):
        return None
    n = len(codes)
    if not rules.wilds_ok(jokers, len(naturals)):
        return None
    # the canonical key: fewest wilds (all jokers are wild), highest value,
    # a run before a set, a run placed highest / a set's wilds lowest
    best_run: tuple[int, tuple[int, ...]] | None = None
    suits = {card_suit(c) for c in naturals}
    if (
        rules.runs
        and rules.wilds_in_runs
        and rules.run_size_ok(n)
        and len(suits) == 1
        and len(set(naturals)) == len(naturals)
    ):
        base = card_suit(naturals[0]) * 13 - 1
        have = {card_rank(c) for c in naturals}
        for seq in rules.sequences.get(n, ()):
            if not have.issubset(seq):
                continue
            reps = tuple(base + r for r in seq)
            if not rules.adjacent_wilds:
                gaps = [r not in have for r in seq]
                if any(a and b for a, b in itertools.pairwise(gaps)):
                    continue
            cards = tuple(r if card_rank(r) in have else JOKER for r in reps)
            value = _meld_value(rules, MeldKind.RUN, cards, reps)
            order = tuple(sorted(reps, reverse=True))
            if best_run is None or (value, order) > (best_run[0], tuple(sorted(best_run[1], reverse=True))):
                best_run = (value, reps)
    best_set: tuple[int, tuple[int, ...]] | None = None
    ranks = {card_rank(c) for c in naturals}
    if level == 0 and rules.sets and rules.wilds_in_sets and len(ranks) == 1 and rules.set_size_ok(n):
        rank = card_rank(naturals[0])
        have_suits = [card_suit(c) for c in naturals]
        missing = [t for t in range(4) if t not in have_suits]
        if rules.distinct:
            if len(set(have_suits)) == len(have_suits) and jokers <= len(missing):
                options = [tuple(sorted(combo)) for combo in itertools.combinations(missing, jokers)]
                best_value = None
                for combo in options:
                    reps = tuple(sorted([*naturals, *(t * 13 + rank - 1 for t in combo)]))
                    cards = tuple(r if r in naturals else JOKER for r in reps)
                    value = _meld_value(rules, MeldKind.SET, cards, reps)
                    if best_value is None or value > best_value:
                        best_value, best_set = value, (value, reps)
        else:
            cycle = _set_cycle(have_suits, jokers)
            pairs = sorted(
                [(c, c) for c in naturals] + [(JOKER, t * 13 + rank - 1) for t in cycle],
                key=lambda p: (p[1], p[0]),
            )
            reps = tuple(p[1] for p in pairs)
            cards = tuple(p[0] for p in pairs)
            best_set = (_meld_value(rules, MeldKind.SET, cards, reps), reps)
    if best_run is not None and (best_set is None or best_run[0] >= best_set[0]):
        reps = best_run[1]
        have_set = set(naturals)
        cards = tuple(r if r in have_set else JOKER for r in reps)
        return _meld(MeldKind.RUN, cards, reps)
    if best_set is not None:
        pairs_list: list[tuple[int, int]] = []
        pool = list(naturals)
        for r in best_set[1]:
            if r in pool:
                pool.remove(r)
                pairs_list.append((r, r))
            else:
                pairs_list.append((JOKER, r))
        pairs_list.sort(key=lambda p: (p[1], p[0]))
        return _meld(MeldKind.SET, tuple(p[0] for p in pairs_list), tuple(p[1] for p in pairs_list))
    return None


def valid_reading(rules: Rules, kind: MeldKind, cards: Sequence[int], reps: Sequence[int]) -> bool:
    """Whether ``cards`` standing for ``reps`` (codes, in meld order) is a valid meld."""
    n = len(cards)
    if n != len(reps) or n == 0:
        return False
    if rules.restricted:
        own = _own_readings(rules, tuple(sorted(cards)))
        if own is not None:
            pairs = sorted(zip(cards, reps, strict=True))
            return any(k is kind and sorted(zip(c, r, strict=True)) == pairs for k, c, r in own)
    if JOKER in reps:
        return False
    wild = rules.wild
    is_wild = [c != r for c, r in zip(cards, reps, strict=True)]
    if any(w and not wild[c] for c, w in zip(cards, is_wild, strict=True)):
        return False
    k = sum(is_wild)
    if not rules.wilds_ok(k, n - k):
        return False
    if kind is MeldKind.SET:
        if not rules.set_size_ok(n) or (k and not rules.wilds_in_sets):
            return False
        if not rules.wild_rank_sets and any(wild[c] and c == r for c, r in zip(cards, reps, strict=True)):
            return False
        if len({card_rank(r) for r in reps}) != 1:
            return False
        return not rules.distinct or len({card_suit(r) for r in reps}) == n
    if not rules.run_size_ok(n) or (k and not rules.wilds_in_runs):
        return False
    if len({card_suit(r) for r in reps}) != 1:
        return False
    if tuple(card_rank(r) for r in reps) not in rules.sequences.get(n, ()):
        return False
    return rules.adjacent_wilds or not any(a and b for a, b in itertools.pairwise(is_wild))


def _matches(meld: Meld, pins: Counter[tuple[Card, Card]]) -> bool:
    have = Counter(zip(meld.cards, meld.represents, strict=True))
    return all(have[p] >= n for p, n in pins.items())


@checked("meld")
def classify_meld(
    v: Variant,
    cards: MeldInput,
    *,
    wild_ranks: frozenset[Rank] = frozenset(),
    represents: Sequence[Card | None] | None = None,
) -> Meld | None:
    """The meld these cards form under ``v``'s rules, or ``None``.

    ``wild_ranks`` adds this hand's wild ranks (a cut wild joker) to the
    variant's own (deuces wild). When wilds make several readings possible,
    the canonical one is returned (see the module documentation);
    ``represents`` (aligned with ``cards``; ``None`` entries are free) pins what
    each wild stands for. A :class:`Meld` may be passed instead of cards: its
    ``represents`` are pinned.

    >>> import rummykit as rk
    >>> thai = rk.loads_variant('extends = "straight"\\n[ranking]\\nace = "high"')
    >>> print(classify_meld(thai, rk.parse_cards("KH AH QH")))
    QH KH AH
    >>> classify_meld(thai, rk.parse_cards("AH 2H 3H")) is None
    True
    """
    group, pinned = to_cards(cards)
    if represents is not None:
        if len(represents) != len(group):
            raise ArgumentError(
                f"classify_meld: represents has {len(represents)} entries for {len(group)} cards"
            )
        pinned = tuple(represents)
    rules = rules_for(v, _frozen(wild_ranks))
    options = interpretations(rules, tuple(sorted(c.code for c in group)))
    if pinned is None:
        return options[0] if options else None
    pins = Counter((c, r) for c, r in zip(group, pinned, strict=True) if r is not None)
    for meld in options:
        if _matches(meld, pins):
            return meld
    return None


@checked("meld")
def meld_options(
    v: Variant, cards: MeldInput, *, wild_ranks: frozenset[Rank] = frozenset()
) -> tuple[Meld, ...]:
    """Every valid reading of these cards as a meld, canonical first.

    >>> import rummykit as rk
    >>> v = rk.loads_variant('extends = "straight"\\n[deck]\\njokers_per_deck = 1')
    >>> [str(m) for m in meld_options(v, rk.parse_cards("7H 8H JK"))]
    ['7H 8H JK=9H', 'JK=6H 7H 8H']
    """
    group, _ = to_cards(cards)
    rules = rules_for(v, _frozen(wild_ranks))
    return interpretations(rules, tuple(sorted(c.code for c in group)))


def meld_problems(v: Variant, cards: MeldInput, *, wild_ranks: frozenset[Rank] = frozenset()) -> list[str]:
    """Why these cards are not a meld (``[]`` when they are one).

    >>> import rummykit as rk
    >>> v = rk.load_variant("straight")
    >>> meld_problems(v, rk.parse_cards("7H 7H 7S"))
    ['a set needs cards of different suits']
    >>> meld_problems(v, rk.parse_cards("7H 8H"))
    ['too few cards: 2 (a set needs 3, a run 3)']
    """
    group, pinned = to_cards(cards)
    if (pinned is None and classify_meld(v, group, wild_ranks=wild_ranks) is not None) or (
        pinned is not None and classify_meld(v, group, wild_ranks=wild_ranks, represents=pinned) is not None
    ):
        return []
    rules = rules_for(v, _frozen(wild_ranks))
    codes = sorted(c.code for c in group)
    n = len(codes)
    wild = rules.wild
    naturals = [c for c in codes if not wild[c]]
    wilds = n - len(naturals)
    if pinned is not None and classify_meld(v, group, wild_ranks=wild_ranks) is not None:
        return ["the wild cards cannot stand for the cards given"]
    if rules.restricted and codes:
        never = [Card.from_code(c) for c in codes if rules.never[c]]
        if never:
            return [f"{' '.join(map(str, never))}: never in a meld"]
        alone = next((c for c in codes if rules.alone[c] is not None), None)
        if alone is not None:
            low, high = rules.alone[alone] or (0, 0)
            return [
                f"{Card.from_code(alone)} melds only with cards like it, {low} to {high} of them, no wild card"
            ]
        if not naturals and not rules.wild_rank_sets:
            return ["wild cards alone are no meld here"]
    smallest = [s for s in (min(rules.set_sizes, default=0), min(rules.run_sizes, default=0)) if s]
    if smallest and n < min(smallest):
        need = []
        if rules.set_sizes:
            need.append(f"a set needs {min(rules.set_sizes)}")
        if rules.run_sizes:
            need.append(f"a run {min(rules.run_sizes)}")
        return [f"too few cards: {n} ({', '.join(need)})"]
    if JOKER in codes and not wild[JOKER]:
        return ["jokers are not wild in this variant"]
    if naturals and not rules.wilds_ok(wilds, len(naturals)):
        return [f"too many wild cards: {wilds} wild, {len(naturals)} natural"]
    same_rank = len({card_rank(c) for c in naturals}) <= 1
    same_suit = len({card_suit(c) for c in naturals}) <= 1
    if same_rank and not same_suit:
        if not rules.sets:
            return ["sets are not melds in this variant"]
        if rules.distinct and len({card_suit(c) for c in naturals}) != len(naturals):
            return ["a set needs cards of different suits"]
        if not rules.set_size_ok(n):
            return [f"a set of {n} cards is not allowed"]
        if wilds and not rules.wilds_in_sets:
            return ["wild cards may not stand in sets"]
    if same_suit and not same_rank:
        if not rules.runs:
            return ["runs are not melds in this variant"]
        if not rules.run_size_ok(n):
            return [f"a run of {n} cards is not allowed"]
        if wilds and not rules.wilds_in_runs:
            return ["wild cards may not stand in runs"]
        return ["the cards are not in sequence under the ace rule"]
    if not same_rank and not same_suit:
        return ["neither one rank (a set) nor one suit (a run)"]
    return ["not a valid set or run"]


def _frozen(ranks: Iterable[Rank]) -> frozenset[Rank]:
    return ranks if isinstance(ranks, frozenset) else frozenset(ranks)
