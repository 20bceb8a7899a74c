"""A variant's meld rules compiled into small-integer tables (internal).

Everything the meld engine asks of the rule components (the ace rule, set and
run definitions, wild cards, card values) is read once per variant and wild
ranks and kept in a :class:`Rules` object. Cards are their integer codes
(``suit * 13 + rank - 1``, printed joker ``52``); a rank mask has bit
``rank - 1`` set for each rank.

>>> import rummykit as rk
>>> r = rules_for(rk.load_variant("straight"))
>>> r.values[0], r.values[12], r.wild[52]
(1, 10, True)
>>> bin(r.run_kbits(0b111)), bin(r.run_kbits(0b101))
('0b11111111111', '0b111111111110')
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

from rummykit.caches import register_cache
from rummykit.cards import Card, Rank
from rummykit.rules.melds import SetSuits, StandardMelds
from rummykit.rules.scoring import MeldedWild
from rummykit.variant import Variant

__all__ = ["JOKER", "MAXK", "Rules", "card_rank", "card_suit", "rules_for"]

JOKER = 52
"""The code of a printed joker."""
MAXK = 64
"""A bound on the wild cards one meld may hold ("unlimited")."""

_DEFAULT_MELDS = StandardMelds()


def card_rank(code: int) -> int:
    """The rank (1-13) of a natural card code."""
    return code % 13 + 1


def card_suit(code: int) -> int:
    """The suit (0-3) of a natural card code."""
    return code // 13


def _attr(component: Any, name: str) -> Any:
    return getattr(component, name, getattr(_DEFAULT_MELDS, name))


def _fits(wilds_ok: Callable[..., bool], size: int) -> bool:
    """Whether some meld of ``size`` cards meets the wild limits ``wilds_ok``."""
    return any(wilds_ok(wilds=w, naturals=size - w) for w in range(size + 1))


class Rules:
    """One variant's meld rules for one set of wild ranks, as tables.

    Attributes are plain data read by the classifier and the solvers.
    """

    def __init__(
        self, variant: Variant, wild_ranks: Iterable[Rank] = (), *, share: Rules | None = None
    ) -> None:
        self.variant = variant
        deck = variant.deck
        melds = variant.melds
        scoring = variant.scoring
        ranks = frozenset(wild_ranks) | frozenset(deck.wild_ranks_for(None))
        self.wild_ranks: frozenset[Rank] = ranks
        is_wild = getattr(deck, "is_wild", None)
        wild: list[bool] = []
        for code in range(53):
            card = Card.from_code(code)
            if is_wild is not None:
                wild.append(bool(is_wild(card, ranks)))
            else:
                wild.append(card.is_joker or card.rank in ranks)
        self.wild: tuple[bool, ...] = tuple(wild)
        self.any_wild_rank = any(wild[:52])
        wild_value = getattr(scoring, "wild_value", None)
        values: list[int] = []
        natural_values: list[int] = (
            list(share.natural_values)
            if share is not None
            else [scoring.card_value(Card.from_code(code)) for code in range(53)]
        )
        for code in range(53):
            natural = natural_values[code]
            if code < 52 and wild[code] and isinstance(wild_value, int):
                values.append(wild_value)
            else:
                values.append(natural)
        self.values: tuple[int, ...] = tuple(values)
        """The value of each card held in hand (deadwood)."""
        self.dcost: tuple[int, ...] = tuple(x * 1024 + 1 for x in values)
        """The solver cost of each card as deadwood (value * 1024 + 1)."""
        self.natural_values: tuple[int, ...] = tuple(natural_values)
        self.low_values: tuple[int, ...] = (
            share.low_values
            if share is not None
            else tuple(scoring.card_value(Card.from_code(code), low_ace=True) for code in range(53))
        )
        self.low_ace_value: int | None = scoring.low_ace_value
        self.replaced = scoring.melded_wild is MeldedWild.REPLACED
        self.scoring = scoring

        self.sets: bool = bool(_attr(melds, "sets"))
        self.set_min: int = int(_attr(melds, "set_min"))
        self.set_max: int = int(_attr(melds, "set_max"))
        distinct = getattr(melds, "distinct_suits", None)
        self.distinct: bool = (
            bool(distinct()) if callable(distinct) else _attr(melds, "set_suits") is SetSuits.DISTINCT
        )
        self.runs: bool = bool(_attr(melds, "runs"))
        self.wilds_in_sets: bool = bool(_attr(melds, "wilds_in_sets"))
        self.wilds_in_runs: bool = bool(_attr(melds, "wilds_in_runs"))
        self.adjacent_wilds: bool = bool(_attr(melds, "adjacent_wilds"))
        self.min_naturals: int = int(_attr(melds, "min_naturals"))
        set_size_ok = getattr(melds, "set_size_ok", _DEFAULT_MELDS.set_size_ok)
        run_size_ok = getattr(melds, "run_size_ok", _DEFAULT_MELDS.run_size_ok)
        wilds_ok = getattr(melds, "wilds_ok", _DEFAULT_MELDS.wilds_ok)
        # a size no meld can have under the wild limits (fewer cards than
        # melds.min_naturals) is no size at all: the solvers never build one
        self.set_sizes: frozenset[int] = frozenset(
            s
            for s in range(1, MAXK + 1)
            if self.sets and set_size_ok(s) and (not self.distinct or s <= 4) and _fits(wilds_ok, s)
        )
        self.run_sizes: frozenset[int] = frozenset(
            s for s in range(1, 14) if self.runs and run_size_ok(s) and _fits(wilds_ok, s)
        )
        self._wilds_ok = wilds_ok
        self._wok: dict[tuple[int, int], bool] = {}
        cards = [Card.from_code(code) for code in range(53)]
        never_melded = getattr(melds, "never_melded", _DEFAULT_MELDS.never_melded)
        alone_sizes = getattr(melds, "alone_sizes", _DEFAULT_MELDS.alone_sizes)
        self.never: tuple[bool, ...] = tuple(bool(never_melded(c)) for c in cards)
        """Cards in no meld at all (always deadwood)."""
        self.alone: tuple[tuple[int, int] | None, ...] = tuple(
            None if self.never[code] else alone_sizes(c) for code, c in enumerate(cards)
        )
        """Per card: ``(fewest, most)`` where it melds only with cards of its
        rank that do the same, without wilds (else ``None``)."""
        self.wild_rank_sets: bool = bool(_attr(melds, "wild_rank_sets")())
        """Whether a wild-rank card may be natural in a set of its rank."""
        self.one_per_rank: bool = bool(_attr(melds, "one_set_per_rank")())
        """At most one set of each rank."""
        run_ranks = _attr(melds, "run_ranks")()
        self.restricted: bool = (
            any(self.never)
            or any(a is not None for a in self.alone)
            or not self.wild_rank_sets
            or self.one_per_rank
            or run_ranks is not None
        )
        """Rules the fast solvers do not know (the general search does)."""
        self.sequences: dict[int, tuple[tuple[int, ...], ...]]
        self.windows: tuple[tuple[int, tuple[int, ...]], ...]
        """Run windows: (rank mask, ranks in order) for every allowed length."""
        self.natural_windows: tuple[int, ...]
        self._run_kbits: dict[int, int]
        self._subcores: dict[tuple[int, int, int], tuple[tuple[int, int], ...]]
        self._reach: list[list[int]]
        """[rank][length]: the ranks of every run window of at most ``length``
        cards through ``rank``."""
        if share is not None:
            # the run windows depend on the ranking and meld rules only
            self.sequences = share.sequences
            self.windows = share.windows
            self.natural_windows = share.natural_windows
            self._run_kbits = share._run_kbits
            self._subcores = share._subcores
            self._reach = share._reach
        else:
            self.sequences = {}
            windows: list[tuple[int, tuple[int, ...]]] = []
            for length in sorted(self.run_sizes):
                seqs = tuple(
                    tuple(int(r) for r in seq)
                    for seq in variant.ranking.run_sequences(length)
                    if run_ranks is None or all(r in run_ranks for r in seq)
                )
                self.sequences[length] = seqs
                for seq in seqs:
                    mask = 0
                    for r in seq:
                        mask |= 1 << (r - 1)
                    windows.append((mask, seq))
            self.windows = tuple(windows)
            self.natural_windows = tuple(sorted({m for m, _ in windows}))
            self._run_kbits = {}
            self._subcores = {}
            reach = [[0] * 14 for _ in range(13)]
            for mask, seq in windows:
                for rank in range(13):
                    if mask >> rank & 1:
                        for length in range(len(seq), 14):
                            reach[rank][length] |= mask
            self._reach = reach
        self._set_kbits: dict[tuple[int, bool], int] = {}
        self.interp_cache: dict[tuple[int, ...], Any] = {}
        """Cache used by the classifier (sorted codes -> interpretations)."""
        self.raw_cache: dict[tuple[int, ...], Any] = {}
        self.first_cache: dict[tuple[tuple[int, ...], int], Any] = {}
        self.plain_cache: dict[Any, Any] = {}
        """Small tables of the solvers, filled on first use."""
        self.card_cache: dict[Any, Any] = {}
        """Cores each card may lead, per hand pattern (the general search)."""
        self.few_cache: dict[Any, Any] = {}
        """Wild cores per suit or rank pattern (the few-wilds search)."""
        self.memo_cache: dict[Any, Any] = {}
        """The general search's memos, kept between calls (per wild values)."""
        self.shape_cache: dict[Any, Any] = {}
        """Tables of rank and suit patterns (no card values, no wild ranks)."""
        if share is not None:
            # what depends only on the meld rules, not on which ranks are wild
            # or on card values, is shared by every wild rank of the variant
            self._run_kbits = share._run_kbits
            self._subcores = share._subcores
            self._set_kbits = share._set_kbits
            self._wok = share._wok
            self.card_cache = share.card_cache
            self.shape_cache = share.shape_cache
        self.plain: Any = None
        """The plain-path tables, once built (``False``: not usable)."""
        self.wild_only: tuple[int, ...] = share.wild_only if share is not None else self._wild_only_table()
        in_runs = 0
        for mask in self.natural_windows:
            in_runs |= mask
        self.natural_wilds: tuple[bool, ...] = tuple(
            code < JOKER and self.wild[code] and (self.wild_rank_sets or bool(in_runs >> (code % 13) & 1))
            for code in range(53)
        )
        """Per wild-rank card: whether it may also stand as a natural card
        (in a set of its rank, or in its own place in a run)."""

    # ------------------------------------------------------------------ checks

    def wilds_ok(self, wilds: int, naturals: int) -> bool:
        """Whether a meld with these counts meets the wild-card limits."""
        key = (wilds, naturals)
        found = self._wok.get(key)
        if found is None:
            found = self._wok[key] = bool(self._wilds_ok(wilds=wilds, naturals=naturals))
        return found

    def set_size_ok(self, size: int) -> bool:
        """Whether a set of ``size`` cards is allowed."""
        return size in self.set_sizes

    def run_size_ok(self, size: int) -> bool:
        """Whether a run of ``size`` cards is allowed."""
        return size in self.run_sizes

    def run_kbits(self, rank_mask: int) -> int:
        """The numbers of wilds ``k`` with which natural cards of one suit at
        these ranks (each standing for itself) make a valid run, as a bit mask
        (bit ``k``). Bit 0 set means the cards alone are a (pure) run.
        """
        bits = self._run_kbits.get(rank_mask)
        if bits is not None:
            return bits
        bits = 0
        m = rank_mask.bit_count()
        for mask, seq in self.windows:
            if mask & rank_mask != rank_mask:
                continue
            k = len(seq) - m
            if bits >> k & 1:
                continue
            if k and not self.wilds_in_runs:
                continue
            if not self.wilds_ok(k, m):
                continue
            if k and not self.adjacent_wilds:
                wild_at = [not (rank_mask >> (r - 1)) & 1 for r in seq]
                if any(a and b for a, b in itertools.pairwise(wild_at)):
                    continue
            bits |= 1 << k
        self._run_kbits[rank_mask] = bits
        return bits

    def run_subcores(self, rank: int, higher: int, wmax: int) -> tuple[tuple[int, int], ...]:
        """``(rank mask, run k-bits)`` of every run core made of ``rank`` and
        some of the ``higher`` ranks that needs at most ``wmax`` wilds (cached)."""
        key = (rank, higher, wmax)
        hit = self._subcores.get(key)
        if hit is None:
            found = []
            bit = 1 << rank
            sub = higher
            while True:
                rm = sub | bit
                kb = self.run_kbits(rm)
                if kb and (kb & -kb).bit_length() - 1 <= wmax:
                    found.append((rm, kb))
                if sub == 0:
                    break
                sub = (sub - 1) & higher
            if len(self._subcores) > 200_000:
                self._subcores.clear()
            hit = self._subcores[key] = tuple(found)
        return hit

    def near(self, rank: int, higher: int, wmax: int) -> int:
        """The ``higher`` ranks close enough to ``rank`` to share a run with it
        and at most ``wmax`` wilds: a core of ``m`` cards that needs at most
        ``wmax`` wilds lies in a run window of at most ``m + wmax`` cards."""
        reach = self._reach[rank]
        near = higher & reach[min(13, higher.bit_count() + 1 + wmax)]
        while near != higher:
            higher = near
            near = higher & reach[min(13, higher.bit_count() + 1 + wmax)]
        return near

    def set_kbits(self, naturals: int, distinct_suits: bool) -> int:
        """The numbers of wilds with which ``naturals`` natural cards of one
        rank (``distinct_suits``: their suits all differ) make a valid set."""
        key = (naturals, distinct_suits)
        bits = self._set_kbits.get(key)
        if bits is not None:
            return bits
        bits = 0
        if self.sets and (distinct_suits or not self.distinct):
            for k in range(MAXK - naturals + 1):
                if k and not self.wilds_in_sets:
                    break
                if self.set_size_ok(naturals + k) and self.wilds_ok(k, naturals):
                    bits |= 1 << k
        self._set_kbits[key] = bits
        return bits

    def _wild_only_table(self) -> tuple[int, ...]:
        """For ``w`` wilds alone, the most of them that can form melds by
        themselves (only when ``min_naturals`` is 0, or where wild cards alone
        are the only melds wild-rank cards make: ``melds.wild_melds``)."""
        sizes: set[int] = set()
        if self.min_naturals == 0 or not self.wild_rank_sets:
            for k in range(1, MAXK + 1):
                if self.wilds_in_sets and self.set_size_ok(k) and self.wilds_ok(k, 0):
                    sizes.add(k)
                if (
                    self.wilds_in_runs
                    and self.run_size_ok(k)
                    and self.wilds_ok(k, 0)
                    and (self.adjacent_wilds or k == 1)
                ):
                    sizes.add(k)
        best = [0] * (MAXK + 1)
        reach = [True] + [False] * MAXK
        for w in range(1, MAXK + 1):
            reach[w] = any(s <= w and reach[w - s] for s in sizes)
            best[w] = w if reach[w] else best[w - 1]
        return tuple(best)

    # ------------------------------------------------------------------ values

    def placed_value(self, card: int, rep: int, *, low_ace: bool) -> int:
        """The value of ``card`` melded in the place of ``rep`` (itself if natural)."""
        if card != rep and not self.replaced:
            return self.values[card]
        return (self.low_values if low_ace else self.natural_values)[rep]


_CACHE: dict[int, tuple[Variant, Rules]] = {}
_CACHE_W: dict[tuple[int, frozenset[Rank]], tuple[Variant, Rules]] = {}
_CACHE_LIMIT = 64
_WILD_RULES = 11
"""Compiled rules kept with wild ranks (each holds its own caches), the least
recently used dropped first: Indian rummy's wild rank changes every hand, and
rules kept for each of them grew over a long run (bench/memory.py)."""


def clear_rules() -> None:
    """Forget every compiled :class:`Rules` (and the memos they hold)."""
    _CACHE.clear()
    _CACHE_W.clear()


register_cache("melds.tables.rules", clear_rules, lambda: len(_CACHE) + len(_CACHE_W))


def rules_for(variant: Variant, wild_ranks: frozenset[Rank] = frozenset()) -> Rules:
    """The compiled :class:`Rules` of ``variant`` (cached by identity)."""
    if not wild_ranks:
        hit = _CACHE.get(id(variant))
        if hit is not None and hit[0] is variant:
            return hit[1]
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        rules = Rules(variant)
        _CACHE[id(variant)] = (variant, rules)
        return rules
    key = (id(variant), wild_ranks)
    hitw = _CACHE_W.get(key)
    if hitw is not None and hitw[0] is variant:
        if next(reversed(_CACHE_W)) != key:  # the most recently used last
            del _CACHE_W[key]
            _CACHE_W[key] = hitw
        return hitw[1]
    if key not in _CACHE_W and len(_CACHE_W) >= _WILD_RULES:
        del _CACHE_W[next(iter(_CACHE_W))]  # the least recently used, with its caches
    rules = Rules(variant, wild_ranks, share=rules_for(variant))
    _CACHE_W[key] = (variant, rules)
    return rules
