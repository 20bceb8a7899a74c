"""Runs of one suit that may hold a wild card, among a side's melds (Buraco).

Where the Canasta family's melds allow wild cards in runs
(``melds.wilds_in_runs``), a run is three or more cards of one suit in
sequence, the ace low (A-2-3) or high (Q-K-A) as ``ranking.ace`` says (never
both in one run, never K-A-2), holding at most ``melds.max_wilds`` wild
cards; a wild-rank card (a two) in its own place in its own suit's run is a
natural card, so a run may hold a two standing for itself and another wild.
A wild stands in a gap, or at an end (the high end first).

These are pure functions of the cards; :mod:`rummykit.engine.side_runs`
asks them where the variant says so.

>>> from rummykit.cards import Card, Rank, parse_cards
>>> two = lambda c: c.is_joker or c.rank is Rank.TWO
>>> print(read_run(parse_cards("4H 2C 6H"), is_wild=two))
4H 2C=5H 6H
>>> print(read_run(parse_cards("AH 2H 3H JK"), is_wild=two))
AH 2H 3H JK=4H
>>> print(read_run(parse_cards("QH KH JK"), is_wild=two))
QH KH JK=AH
>>> read_run(parse_cards("4H 2C JK 7H"), is_wild=two) is None  # two wild cards
True
>>> print(extend_run(read_run(parse_cards("4H 5H 6H"), is_wild=two), Card.parse("JK"), is_wild=two))
4H 5H 6H JK=7H
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rummykit.cards import Card, Rank, Suit
from rummykit.melds.meld import Meld, MeldKind

if TYPE_CHECKING:
    from rummykit.variant import Variant

__all__ = ["ace_places", "extend_run", "first_runs", "read_run", "run_groups", "run_positions", "side_run"]

_LOW = {r: i for i, r in enumerate((Rank.ACE, *[r for r in Rank if r is not Rank.ACE]), 1)}
"""A rank's place in a run with the ace low: A 1, 2 2 ... K 13 (the ace high: 14)."""

_RANK_AT = {i: r for r, i in _LOW.items()} | {14: Rank.ACE}


def ace_places(ace: str) -> tuple[int, ...]:
    """The places an ace may take for a ``ranking.ace`` rule (``low``: 1,
    ``high``: 14, else both, never in one run).

    >>> ace_places("either"), ace_places("high")
    ((1, 14), (14,))
    """
    return {"low": (1,), "high": (14,)}.get(str(ace), (1, 14))


def _place(card: Card, ace_at: int) -> int:
    assert card.rank is not None
    return ace_at if card.rank is Rank.ACE else _LOW[card.rank]


def _limits(places: Sequence[int], aces: tuple[int, ...], span: int = 13) -> tuple[int, int]:
    """The lowest and highest places a run holding ``places`` may reach (an
    ace at both ends only where ``span`` is 14)."""
    lo = 1 if 1 in aces else 2
    hi = 14 if 14 in aces else 13
    if span < 14:
        if 1 in places:
            hi = 13
        if 14 in places:
            lo = 2
    return lo, hi


def read_run(
    cards: Sequence[Card],
    *,
    is_wild: Callable[[Card], bool],
    aces: tuple[int, ...] = (1, 14),
    max_wilds: int = 1,
    min_len: int = 3,
    span: int = 13,
) -> Meld | None:
    """The run ``cards`` make (None: none): the reading with the fewest wild
    cards, then the highest; each wild-rank card of the run's suit may stand
    in its own place as a natural card; ``span`` 14: an ace may stand at
    each end (A-2-...-K-A)."""
    if len(cards) < min_len:
        return None
    wild = [c for c in cards if is_wild(c)]
    nats = [c for c in cards if not is_wild(c)]
    suits = {c.suit for c in nats}
    if len(suits) > 1:
        return None
    own: list[Card] = [c for c in wild if not c.is_joker and (not suits or c.suit in suits)]
    best: tuple[tuple[int, int], Meld] | None = None
    for k in range(len(own), -1, -1):
        for as_natural in itertools.combinations(own, k):
            natural = [*nats, *as_natural]
            if not natural:
                continue
            rest = list(wild)
            for c in as_natural:
                rest.remove(c)
            if len(rest) > max_wilds:
                continue
            for meld in _readings(natural, rest, aces, span):
                score = (-len(rest), max(run_positions(meld)))
                if best is None or score > best[0]:
                    best = (score, meld)
        if best is not None:
            return best[1]
    return None


def _readings(natural: list[Card], wilds: list[Card], aces: tuple[int, ...], span: int = 13) -> list[Meld]:
    suit = natural[0].suit
    assert suit is not None
    out: list[Meld] = []
    has_ace = [c for c in natural if c.rank is Rank.ACE]
    if len(has_ace) > (2 if span >= 14 and aces == (1, 14) else 1):
        return out
    choices: list[tuple[int, ...]] = (
        [(1, 14)] if len(has_ace) == 2 else [(a,) for a in aces] if has_ace else [()]
    )
    for ace_at in choices:
        given = iter(ace_at)
        places = sorted(((next(given) if c.rank is Rank.ACE else _place(c, 0)), c) for c in natural)
        where = [p for p, _ in places]
        if len(set(where)) != len(where):
            continue
        lo_lim, hi_lim = _limits(where, aces, span)
        if where[0] < lo_lim or where[-1] > hi_lim:
            continue
        gaps = [p for p in range(where[0], where[-1] + 1) if p not in where]
        if len(gaps) > len(wilds):
            continue
        extra = len(wilds) - len(gaps)
        lo, hi = where[0], where[-1]
        ends: list[int] = []
        for _ in range(extra):  # the high end first
            if hi < hi_lim and hi - lo + 1 < span:
                hi += 1
                ends.append(hi)
            elif lo > lo_lim and hi - lo + 1 < span:
                lo -= 1
                ends.append(lo)
        if len(ends) < extra:
            continue
        stand = sorted([*gaps, *ends])
        pairs = [(p, c, c) for p, c in places] + [
            (p, w, _card(p, suit)) for p, w in zip(stand, sorted(wilds, key=lambda c: c.code), strict=True)
        ]
        pairs.sort(key=lambda x: x[0])
        out.append(Meld(MeldKind.RUN, tuple(c for _, c, _ in pairs), tuple(r for _, _, r in pairs)))
    return out


def _card(place: int, suit: Suit) -> Card:
    return Card(_RANK_AT[place], suit)


def run_positions(meld: Meld) -> list[int]:
    """The places of a run's cards, from its low end (the ace 1 or 14)."""
    reps = meld.represents
    out = []
    for i, r in enumerate(reps):
        assert r.rank is not None
        if r.rank is Rank.ACE:
            out.append(1 if i == 0 and len(reps) > 1 and reps[1].rank is not Rank.KING else 14)
        else:
            out.append(_LOW[r.rank])
    return out


def extend_run(
    meld: Meld,
    card: Card,
    *,
    is_wild: Callable[[Card], bool],
    aces: tuple[int, ...] = (1, 14),
    max_wilds: int = 1,
    stands_for: Card | None = None,
    span: int = 13,
) -> Meld | None:
    """``meld`` with ``card`` laid off at one of its ends (None: it does not
    fit): a natural card of the run's suit next to an end, a wild-rank card
    in its own place, or a wild card (if the run holds fewer than
    ``max_wilds``) at the end ``stands_for`` names, else the high end."""
    suit = meld.represents[0].suit
    assert suit is not None
    places = run_positions(meld)
    lo, hi = places[0], places[-1]
    lo_lim, hi_lim = _limits(places, aces, span)
    if hi - lo + 1 >= span:
        return None
    free = [p for p in (lo - 1, hi + 1) if lo_lim <= p <= hi_lim]
    natural_at = None
    if card.suit is suit and card.rank is not None and not card.is_joker:
        for p in free:
            if _RANK_AT[p] is card.rank and (stands_for is None or stands_for == card):
                natural_at = p
                break
    if natural_at is None and not is_wild(card):
        return None
    if natural_at is not None:
        at, rep = natural_at, card
    else:
        wilds = sum(1 for c, r in zip(meld.cards, meld.represents, strict=True) if c != r)
        if wilds >= max_wilds:
            return None
        want = [p for p in reversed(free) if stands_for is None or _card(p, suit) == stands_for]
        if not want:
            return None
        at, rep = want[0], _card(want[0], suit)
    if at < lo:
        return Meld(MeldKind.RUN, (card, *meld.cards), (rep, *meld.represents))
    return Meld(MeldKind.RUN, (*meld.cards, card), (*meld.represents, rep))


def _by_place(
    hand: Sequence[Card], is_wild: Callable[[Card], bool], aces: tuple[int, ...]
) -> dict[Suit, dict[int, Card]]:
    """Per suit, one card for each place it may take (an ace at 1 and 14 as
    ``aces`` allow; a wild-rank card of a suit in its own place)."""
    out: dict[Suit, dict[int, Card]] = {}
    for c in sorted(hand, key=lambda c: c.code):
        if c.is_joker or c.suit is None or c.rank is None:
            continue
        places = aces if c.rank is Rank.ACE else (_LOW[c.rank],)
        for p in places:
            out.setdefault(c.suit, {}).setdefault(p, c)
    return out


def run_groups(
    hand: Sequence[Card],
    *,
    is_wild: Callable[[Card], bool],
    aces: tuple[int, ...] = (1, 14),
    max_wilds: int = 1,
    min_len: int = 3,
    max_len: int = 0,
    span: int = 13,
) -> list[tuple[Card, ...]]:
    """Every run of the hand, once per set of cards: each stretch of places
    of a suit with at most ``max_wilds`` of them missing (each filled by the
    cheapest wild-rank card not in the stretch, or by a joker), from
    ``min_len`` to ``max_len`` cards (0: up to ``span``, 14 where an ace
    may stand at each end).

    >>> from rummykit.cards import parse_cards
    >>> two = lambda c: c.is_joker or c.rank is Rank.TWO
    >>> [" ".join(map(str, g)) for g in run_groups(parse_cards("4H 5H 7H 2C"), is_wild=two)]
    ['2C 4H 5H', '4H 5H 2C 7H', '5H 2C 7H']
    """
    wilds = sorted((c for c in hand if is_wild(c)), key=lambda c: (c.is_joker, c.code))
    twos = [c for c in wilds if not c.is_joker]
    joker = next((c for c in wilds if c.is_joker), None)
    most = min(max_len or span, span)
    out: list[tuple[Card, ...]] = []
    seen: set[tuple[object, ...]] = set()
    aces_held = Counter(c.suit for c in hand if c.rank is Rank.ACE and not is_wild(c))
    for suit, at in sorted(_by_place(hand, is_wild, aces).items(), key=lambda x: x[0].letter):
        for lo in range(1, 15):
            if lo not in at and lo + 1 not in at:
                continue
            missing: list[int] = []
            for hi in range(lo, min(lo + most, 15)):
                if hi not in at:
                    missing.append(hi)
                    if len(missing) > max_wilds:
                        break
                if hi - lo + 1 < min_len or (lo not in at and hi not in at):
                    continue
                first = lo if lo in at else lo + 1
                last = hi if hi in at else hi - 1
                if first == 1 and last == 14 and aces_held[suit] < 2:
                    continue  # one ace cannot stand at both ends
                for fill in _fills(twos, joker, at, lo, hi, len(missing)):
                    key = (suit, first, last, *(c.code for c in fill))
                    if key not in seen:
                        seen.add(key)
                        wild = dict(zip(missing, fill, strict=True))
                        out.append(tuple(at[p] if p in at else wild[p] for p in range(lo, hi + 1)))
    return out


def _fills(
    twos: list[Card], joker: Card | None, at: dict[int, Card], lo: int, hi: int, k: int
) -> list[tuple[Card, ...]]:
    """The wild cards to fill ``k`` places of a run lying from ``lo`` to
    ``hi``: the cheapest wild-rank card it does not hold (else the twin, from
    another pack, of one it holds in its own place), or a joker (one each)."""
    if k == 0:
        return [()]
    if k > 1:
        return []
    held = Counter(at[p] for p in range(lo, hi + 1) if p in at)  # any wild rank, not only twos
    two = next((c for c in twos if not held[c]), None)
    if two is None:
        two = next((c for c in twos if twos.count(c) > held[c]), None)
    return [(c,) for c in (two, joker) if c is not None]


def first_runs(
    hand: Sequence[Card],
    *,
    is_wild: Callable[[Card], bool],
    aces: tuple[int, ...] = (1, 14),
    min_len: int = 3,
) -> list[tuple[Card, ...]]:
    """Disjoint runs of natural cards of the hand, the longest of each suit's stretches."""
    out: list[tuple[Card, ...]] = []
    for _, at in sorted(_by_place(hand, is_wild, aces).items(), key=lambda x: x[0].letter):
        used: set[Card] = set()
        p = 1
        while p <= 14:
            q = p
            while q <= 14 and q in at and at[q] not in used and q - p < 13:
                q += 1
            if q - p >= min_len:
                run = [at[i] for i in range(p, q)]
                out.append(tuple(run))
                used.update(run)
            p = max(q, p + 1)
    return out


def side_run(v: Variant, cards: Sequence[Card], wild_ranks: frozenset[Rank] = frozenset()) -> Meld | None:
    """The run ``cards`` make as a side's meld of ``v`` where its melds let
    wild cards stand in runs (``melds.wilds_in_runs``), or None."""
    m = v.melds
    if not getattr(m, "runs", False) or not getattr(m, "wilds_in_runs", False):
        return None
    wild = v.deck.wild_ranks_for(None) | wild_ranks
    return read_run(
        cards,
        is_wild=lambda c: v.deck.is_wild(c, wild),
        aces=ace_places(getattr(v.ranking, "ace", "either")),
        max_wilds=int(getattr(m, "max_wilds", 1)),
        min_len=int(getattr(m, "run_min", 3)),
        span=14 if getattr(m, "ace_to_ace", False) else 13,
    )
