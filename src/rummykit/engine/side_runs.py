"""Runs among a side's melds (the Canasta family's sequences: Samba).

Where the variant's ``melds`` component (kind ``canasta``) has ``runs`` on,
a side may meld natural cards of one suit in sequence, ace high and four low
(threes and wild cards are never in such a run), from ``run_min`` to
``run_max`` cards; a run of ``canasta`` cards is a canasta (a sequence
canasta) and, at ``run_max``, takes no more cards. Where ``wilds_in_runs``
is on (Buraco), runs follow :mod:`rummykit.melds.wild_runs` instead: every
rank, the ace low or high as ``ranking.ace`` says, a two natural in its own
place, at most ``max_wilds`` wild cards. :mod:`rummykit.engine.side_melds`
asks this module for the runs of a hand, their reasons and their lay-offs.

>>> import rummykit as rk
>>> RUN_RANKS[0].letter, RUN_RANKS[-1].letter, len(RUN_RANKS)
('4', 'A', 11)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rummykit.cards import Card, Suit
from rummykit.engine.meld_memo import codes, table_for
from rummykit.melds import Meld, MeldKind, wild_runs
from rummykit.rules.canasta import RUN_RANKS, CanastaMelds

if TYPE_CHECKING:
    from rummykit.engine.phase import TableMeld
    from rummykit.engine.state import Hand

__all__ = [
    "RUN_RANKS",
    "first_runs",
    "is_run_meld",
    "looks_like_run",
    "make_run",
    "run_counts",
    "run_extended",
    "run_groups",
    "run_layoff_reason",
    "run_reason",
]

_POS = {r: i for i, r in enumerate(RUN_RANKS)}


def _rules(h: Hand) -> CanastaMelds:
    m = h._v.melds
    assert isinstance(m, CanastaMelds)
    return m


def _wild(h: Hand, c: Card) -> bool:
    return h._v.deck.is_wild(c, h._wild)


def looks_like_run(h: Hand, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` are meant as a run: the variant has runs and the
    natural cards are of one suit and more than one rank (with wilds in
    runs: or they read as a run, a two in its own place, and not as a set)."""
    r = _rules(h)
    if not r.runs:
        return False
    nats = [c for c in cards if not _wild(h, c)]
    if len({c.suit for c in nats}) == 1 and len({c.rank for c in nats}) > 1:
        return True
    return r.wilds_in_runs and len(nats) < 2 and _read(h, cards) is not None


def _span(h: Hand) -> int:
    """The most places a run spans: 14 with an ace at each end (``melds.ace_to_ace``), else 13."""
    return 14 if _rules(h).ace_to_ace else 13


def _aces(h: Hand) -> tuple[int, ...]:
    return wild_runs.ace_places(getattr(h._v.ranking, "ace", "either"))


def _read(h: Hand, cards: Sequence[Card]) -> Meld | None:
    """The run ``cards`` read with wild cards (``wilds_in_runs``), or None (memoized)."""
    table = table_for(h._kit.side_runs, h._wild)
    key = b"r" + codes(cards)
    if key in table:
        found: Meld | None = table[key]
        return found
    r = _rules(h)
    found = table[key] = wild_runs.read_run(
        cards,
        is_wild=lambda c: _wild(h, c),
        aces=_aces(h),
        max_wilds=r.max_wilds,
        min_len=r.run_min,
        span=_span(h),
    )
    return found


def run_counts(h: Hand, meld: Meld) -> dict[str, int]:
    """(naturals, wilds) of a run as ``canasta_kind`` takes them: a two in its
    own place is natural where wilds stand in runs."""
    if not _rules(h).wilds_in_runs:
        wilds = sum(1 for c in meld.cards if _wild(h, c))
        return {"naturals": len(meld.cards) - wilds, "wilds": wilds}
    wilds = sum(1 for c, x in zip(meld.cards, meld.represents, strict=True) if c != x)
    return {"naturals": len(meld.cards) - wilds, "wilds": wilds}


def _positions(cards: Iterable[Card]) -> list[int] | None:
    pos = []
    for c in cards:
        if c.rank not in _POS:
            return None
        pos.append(_POS[c.rank])
    return sorted(pos)


def run_reason(h: Hand, cards: Sequence[Card]) -> str | None:
    """Why ``cards`` are not a run (None: they are one)."""
    r = _rules(h)
    txt = " ".join(map(str, cards))
    if r.wilds_in_runs:
        if _read(h, cards) is None:
            return (
                f"{txt}: a run is {r.run_min} or more cards of one suit in sequence, with at most"
                f" {r.max_wilds} wild card{'s' if r.max_wilds != 1 else ''} (a two in its own place is natural)"
            )
        if r.run_max and len(cards) > r.run_max:
            return f"{txt}: a run has at most {r.run_max} cards"
        return None
    if any(_wild(h, c) for c in cards) and not r.wilds_in_runs:
        return f"{txt}: a run holds no wild card"
    if len({c.suit for c in cards}) != 1:
        return f"{txt}: a run is of one suit"
    pos = _positions(cards)
    if pos is None:
        return f"{txt}: a run holds cards from four (low) to ace (high), never a three or a wild card"
    if pos != list(range(pos[0], pos[0] + len(pos))):
        return f"{txt}: a run's cards follow one another, each rank once"
    if not r.run_ok(len(cards)):
        most = f" and at most {r.run_max}" if r.run_max else ""
        return f"{txt}: a run has at least {r.run_min}{most} cards"
    return None


def make_run(cards: Iterable[Card], h: Hand | None = None) -> Meld:
    """The table meld of the run ``cards``, from its low end (with ``h``
    where wild cards stand in runs: each wild standing where it fits)."""
    if h is not None and _rules(h).wilds_in_runs:
        meld = _read(h, list(cards))
        assert meld is not None
        return meld
    cs = sorted(cards, key=lambda c: _POS.get(c.rank, -1) if c.rank is not None else -1)
    return Meld(MeldKind.RUN, tuple(cs), tuple(cs))


def is_run_meld(t: TableMeld) -> bool:
    """Whether table meld ``t`` is a run."""
    return t.meld.kind is MeldKind.RUN


def _stretches(h: Hand, hand: Sequence[Card]) -> list[list[Card]]:
    """Per suit, the longest sequences of consecutive run ranks in ``hand``
    (one card of each rank)."""
    by_suit: dict[Suit, dict[int, Card]] = {}
    for c in sorted(hand, key=lambda c: c.code):
        if c.suit is None or c.rank not in _POS or _wild(h, c):
            continue
        by_suit.setdefault(c.suit, {}).setdefault(_POS[c.rank], c)
    out: list[list[Card]] = []
    for suit in sorted(by_suit, key=lambda s: s.letter):
        cards = by_suit[suit]
        run: list[Card] = []
        for i in range(len(RUN_RANKS) + 1):
            if i in cards:
                run.append(cards[i])
            else:
                if run:
                    out.append(run)
                run = []
    return out


def run_groups(h: Hand, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every run the hand holds (each stretch of consecutive ranks, and each
    shorter run within it), for the ``meld`` candidates."""
    r = _rules(h)
    if not r.runs:
        return []
    if r.wilds_in_runs:
        table = table_for(h._kit.side_runs, h._wild)
        key = b"g" + codes(hand)
        groups: list[tuple[Card, ...]] | None = table.get(key)
        if groups is None:
            groups = table[key] = wild_runs.run_groups(
                hand,
                is_wild=lambda c: _wild(h, c),
                aces=_aces(h),
                max_wilds=r.max_wilds,
                min_len=r.run_min,
                max_len=r.run_max,
                span=_span(h),
            )
        return groups
    out: list[tuple[Card, ...]] = []
    for s in _stretches(h, hand):
        for i in range(len(s)):
            for j in range(i + r.run_min, len(s) + 1):
                if r.run_ok(j - i):
                    out.append(tuple(s[i:j]))
    return out


def first_runs(h: Hand, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Disjoint runs of the hand, the longest of each stretch (cut at
    ``run_max``), for a first meld."""
    r = _rules(h)
    if not r.runs:
        return []
    if r.wilds_in_runs:
        return wild_runs.first_runs(hand, is_wild=lambda c: _wild(h, c), aces=_aces(h), min_len=r.run_min)
    out: list[tuple[Card, ...]] = []
    for s in _stretches(h, hand):
        most = r.run_max or len(s)
        for i in range(0, len(s), most):
            part = s[i : i + most]
            if r.run_ok(len(part)):
                out.append(tuple(part))
    return out


def run_layoff_reason(h: Hand, t: TableMeld, card: Card, target: int) -> str | None:
    """Why ``card`` does not extend the run ``t`` (table meld ``target``)."""
    r = _rules(h)
    cards = t.meld.cards
    if r.wilds_in_runs:
        if run_extended(h, t, card) is None:
            return f"{card} does not extend the run #{target} ({t.text}) at either end (at most {r.max_wilds} wild)"
        if r.run_max and len(cards) + 1 > r.run_max:
            return f"the run #{target} ({t.text}) takes no more cards (at most {r.run_max})"
        return None
    if _wild(h, card) and not r.wilds_in_runs:
        return f"{card} is wild: a run holds no wild card"
    if card.suit is not cards[0].suit or card.rank not in _POS:
        return f"{card} does not fit the run #{target} ({t.text})"
    pos = _positions(cards)
    assert pos is not None
    if _POS[card.rank] not in (pos[0] - 1, pos[-1] + 1):
        return f"{card} does not extend the run #{target} ({t.text}) at either end"
    if not r.run_ok(len(cards) + 1):
        return f"the run #{target} ({t.text}) takes no more cards (at most {r.run_max})"
    return None


def run_extended(h: Hand, t: TableMeld, card: Card) -> Meld | None:
    """The run ``t`` with ``card`` laid off at an end, where wild cards stand
    in runs (a wild at the high end, else the low), or None: it does not fit."""
    r = _rules(h)
    return wild_runs.extend_run(
        t.meld, card, is_wild=lambda c: _wild(h, c), aces=_aces(h), max_wilds=r.max_wilds, span=_span(h)
    )
