"""Per-variant tables and caches shared by every hand of one variant.

The engine asks the meld solver the same questions again and again (the
melds in this hand, the lay-offs of this card onto that meld, the deadwood of
this hand). A :class:`Kit` memoizes the answers, keyed on the sorted cards,
so a hand that did not change is never solved twice.

The keys are the cards' codes as bytes, in one table per set of wild ranks:
the cyclic garbage collector does not track bytes, nor a dict whose keys and
values are all untracked (a deadwood table), so caches of hundreds of
thousands of hands add nothing to a full collection's pause (a tuple of
cards is tracked: a Gin search bot's deadwood cache of 160,000 such keys
made full collections pause up to 0.2 s).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar

from rummykit.caches import register_store
from rummykit.cards import Card, Rank
from rummykit.engine.notation import Group, group_of
from rummykit.melds import (
    Arrangement,
    Meld,
    MeldKind,
    best_arrangement,
    best_declaration,
    classify_meld,
    layoff_options,
    meld_options,
    min_deadwood,
)
from rummykit.melds.classify import valid_reading
from rummykit.melds.tables import rules_for
from rummykit.variant import Variant

__all__ = ["LISTED_WILDS", "Kit", "clear_kits", "codes", "kit_for", "table_for"]

LISTED_WILDS = 2
"""A meld with at most this many wild cards is listed in every designation
(every reading of its wilds); one with more is listed once, in a canonical
designation (fewest wilds, then a run before a set, the run placed highest,
a set's wilds on the missing suits first). Other designations of the same
cards are still accepted by ``Hand.apply`` when written out (``JK=9H``).
Without this bound, a hand of 14 cards holding eight wilds lists hundreds of
thousands of meld actions (every permutation of the wilds over the gaps)."""

_LIMIT = 200_000
Wild = frozenset[Rank]
_K = TypeVar("_K")
_V = TypeVar("_V")
_NO_CARD = b"\xff"
"""In a key, where an optional card is absent (card codes run 0-52)."""
_SEP = b"\xfe"
"""In a key, between two card sequences."""


def codes(cards: Sequence[Card]) -> bytes:
    """A cache key for ``cards``: their codes, in order, as bytes.

    >>> from rummykit.cards import parse_cards
    >>> codes(parse_cards("AC 2C JK"))
    b'\\x00\\x014'
    """
    return bytes([c.code for c in cards])


_WILD_SETS = 4
"""The most wild-rank sets a store keeps tables for: the oldest is dropped
for a new one (Indian rummy's wild rank changes every hand, and tables kept
for every rank held hundreds of megabytes after a few hundred hands:
bench/memory.py)."""


def table_for(store: dict[Wild, dict[_K, _V]], wild: Wild, limit: int = _LIMIT) -> dict[_K, _V]:
    """The table of ``store`` for these wild ranks (a new one past ``limit``
    entries; the oldest wild set's dropped past :data:`_WILD_SETS`).

    >>> store: dict[frozenset[Rank], dict[bytes, int]] = {}
    >>> table_for(store, frozenset())[b"\\x00"] = 1
    >>> table_for(store, frozenset()), table_for(store, frozenset({Rank.TWO}))
    ({b'\\x00': 1}, {})
    """
    table = store.get(wild)
    if table is None or len(table) > limit:
        if table is None and len(store) >= _WILD_SETS:
            del store[next(iter(store))]
        table = store[wild] = {}
    return table


class Kit:
    """Memoized meld questions for one variant."""

    def __init__(self, v: Variant) -> None:
        self.v = v
        # per wild set, keyed on card codes (see the module docstring)
        self._options: dict[Wild, dict[bytes, tuple[Meld, ...]]] = {}
        self._layoffs: dict[Wild, dict[tuple[str, int], tuple[Meld, ...]]] = {}
        self._deadwood: dict[Wild, dict[bytes, int]] = {}
        self._arrangements: dict[Wild, dict[bytes, Arrangement | None]] = {}
        self._declarations: dict[Wild, dict[bytes, Arrangement | None]] = {}
        self._quick: dict[Wild, dict[bytes, Meld | None]] = {}
        self._classified: dict[Wild, dict[bytes, Meld | None]] = {}
        self.groups: dict[Meld, Group] = {}
        self.side_runs: dict[Wild, dict[bytes, Any]] = {}
        """The Canasta family's runs holding wilds, by cards (engine.side_runs)."""
        self.values: tuple[int, ...] = tuple(v.scoring.card_value(c) for c in _ALL_CARDS)
        """Each card's value in hand, by card code."""
        self.single_deck = max(v.deck.shoe(n).count(_ALL_CARDS[0]) for n in v.players.counts()) <= 1 and (
            v.deck.shoe(v.players.max).count(_ALL_CARDS[52]) <= 1
        )
        """Whether no card can appear twice (hands need no de-duplication)."""
        self._isolation: Any = None  # built on first use (see isolated_value)
        self.windows = run_windows(v)
        # Answers of the components that depend on nothing but the variant,
        # asked once (components are frozen values).
        self.reserve = v.stock.reserve_cards()
        self.showing_turn = v.going_out.showing_turn()
        self.final_rule = v.going_out.final_discard_rule()
        self.drops = v.going_out.drops_allowed()
        self.drop_shows = v.going_out.drop_ends_hand()
        self.drop_needs_meld = v.going_out.drop_needs_meld()
        self.drop_in_play = v.going_out.drops_after_drawing()
        self.answers = v.going_out.answers_draw()
        self.permission = v.going_out.asks_permission()
        self.declares = v.going_out.declares()
        self.can_knock = v.going_out.knock_limit(upcard_value=0) is not None
        self.table_melds = v.meld_timing.table_melds
        self.step = v.deal.step()
        self.with_stock = v.draw.with_stock()
        self.picks_any = v.draw.picks_any()
        self.conceals_eaten = v.draw.conceals_eaten_melds()
        self.claims = v.claims.may_call(goes_out=False) or v.claims.may_call(goes_out=True)
        self.buys = v.claims.buys()
        self.penalize_playable = v.discard.penalizes_playable()
        self._all_at_once: dict[int, bool] = {}
        self._shoes: dict[int, tuple[Card, ...]] = {}
        self._sides: dict[int, tuple[tuple[int, ...], ...]] = {}
        self.side_rank = v.melds.side_rank_melds()
        """Melds of one rank owned by a side (the Canasta family: engine.side_melds)."""
        self.whole_pile = v.draw.takes_whole_pile()
        self.second_hand = v.second_hand.dealt()
        """A second hand is dealt (engine.second_hand)."""

    def out_canastas(self, players: int) -> int:
        """Canastas a side needs to go out with ``players`` seated."""
        return self.v.going_out.canastas_to_go_out(players)

    def sides(self, players: int) -> tuple[tuple[int, ...], ...]:
        """Per seat, the seats of its side with ``players`` seated (each seat
        alone without partnerships; cached)."""
        got = self._sides.get(players)
        if got is None:
            got = self._sides[players] = tuple(self.v.players.side_of(players, s) for s in range(players))
        return got

    def shoe(self, players: int) -> tuple[Card, ...]:
        """The variant's shoe for ``players`` players (cached)."""
        found = self._shoes.get(players)
        if found is None:
            found = self._shoes[players] = self.v.deck.shoe(players)
        return found

    def all_at_once(self, deal: int) -> bool:
        """Whether melds go down only all at once in deal number ``deal``."""
        found = self._all_at_once.get(deal)
        if found is None:
            found = self._all_at_once[deal] = self.v.meld_timing.all_at_once(deal=deal)
        return found

    def isolated_value(self, cards: Sequence[Card]) -> tuple[int, int, int] | None:
        """A quick lower bound of the deadwood of ``cards``: the total value of
        the cards that no meld of these cards can hold (too few of their rank
        for a set, no run window of their suit filled), the largest such value
        and their number. None when the variant has wild cards or duplicate
        cards (no bound then)."""
        tables = self._isolation
        if tables is None:
            tables = self._isolation = _isolation_tables(self.v) or False
        if tables is False:
            return None
        cover, sets_from, vsum, vmax = tables
        m = [0, 0, 0, 0]
        for c in cards:
            code = c.code
            if code == 52:
                return None
            m[_SUIT[code]] |= _BIT[code]
        a, b, c2, d = m
        if sets_from == 2:
            in_sets = (a & (b | c2 | d)) | (b & (c2 | d)) | (c2 & d)
        elif sets_from == 3:
            in_sets = (a & b & (c2 | d)) | (c2 & d & (a | b))
        elif sets_from == 4:
            in_sets = a & b & c2 & d
        else:
            in_sets = 0
        total = top = count = 0
        for s in range(4):
            iso = m[s] & ~cover[m[s]] & ~in_sets
            if iso:
                total += vsum[s][iso]
                count += iso.bit_count()
                if vmax[s][iso] > top:
                    top = vmax[s][iso]
        return total, top, count

    def readings(self, group: tuple[Card, ...], wild: Wild) -> tuple[Meld, ...]:
        """Every reading of exactly these cards (sorted) as a meld."""
        return meld_options(self.v, group, wild_ranks=wild)

    def options(self, cards: tuple[Card, ...], wild: Wild, must: Card | None = None) -> tuple[Meld, ...]:
        """The melds that can be laid from ``cards`` (sorted), every reading of
        every candidate group (see :func:`candidate_groups`), in a fixed order;
        with ``must``, only melds holding that card."""
        table = table_for(self._options, wild)
        key = codes(cards) + (_NO_CARD if must is None else bytes((must.code,)))
        found = table.get(key)
        if found is None:
            out: dict[tuple[tuple[Card, ...], tuple[Card, ...]], Meld] = {}
            deck = self.v.deck
            for group in candidate_groups(self.v, cards, wild, must, self.windows):
                if sum(1 for c in group if deck.is_wild(c, wild)) > LISTED_WILDS:
                    one = self.quick_reading(group, wild)
                    if one is not None:
                        out.setdefault((one.cards, one.represents), one)
                    continue
                for meld in self.readings(group, wild):
                    out.setdefault((meld.cards, meld.represents), meld)
            found = table[key] = tuple(out[k] for k in sorted(out, key=_meld_key))
        return found

    def layoffs(self, meld: Meld, card: Card, wild: Wild, key_text: str | None = None) -> tuple[Meld, ...]:
        """The melds that laying ``card`` off onto ``meld`` can give
        (``key_text``: the meld's text, a cheaper cache key)."""
        table = table_for(self._layoffs, wild)
        key = (key_text if key_text is not None else str(meld), card.code)
        found = table.get(key)
        if found is None:
            found = table[key] = tuple(layoff_options(self.v, meld, card, wild_ranks=wild))
        return found

    def arrangement(self, cards: tuple[Card, ...], wild: Wild) -> Arrangement | None:
        """The minimum-deadwood arrangement of ``cards`` (sorted)."""
        table = table_for(self._arrangements, wild)
        key = codes(cards)
        if key in table:
            return table[key]
        found = table[key] = best_arrangement(self.v, cards, wild_ranks=wild)
        return found

    def deadwood(self, cards: tuple[Card, ...], wild: Wild) -> int:
        """The deadwood value of the best arrangement of ``cards``."""
        if not cards:
            return 0
        table = table_for(self._deadwood, wild)
        key = codes(cards)
        found = table.get(key)
        if found is None:
            value = min_deadwood(self.v, cards, wild_ranks=wild)
            assert value is not None
            found = table[key] = value
        return found

    def declaration(self, cards: tuple[Card, ...], wild: Wild, leave_one: bool) -> Arrangement | None:
        """The canonical declaration of ``cards`` (None if there is none), with
        exactly one card left over for the final discard when ``leave_one``."""
        table = table_for(self._declarations, wild)
        key = codes(cards) + (_SEP if leave_one else _NO_CARD)
        if key in table:
            return table[key]
        found = table[key] = best_declaration(self.v, cards, wild_ranks=wild, leave_one=leave_one)
        return found

    def classify(
        self, cards: tuple[Card, ...], represents: tuple[Card, ...] | None, wild: Wild
    ) -> Meld | None:
        """The meld these cards form (standing for ``represents`` if given)."""
        table = table_for(self._classified, wild)
        key = codes(cards) + (_NO_CARD if represents is None else _SEP + codes(represents))
        if key in table:
            return table[key]
        found = table[key] = classify_meld(self.v, cards, wild_ranks=wild, represents=represents)
        return found

    def group(self, meld: Meld) -> Group:
        """The action notation of a meld."""
        found = self.groups.get(meld)
        if found is None:
            if len(self.groups) > _LIMIT:
                self.groups.clear()
            found = self.groups[meld] = group_of(meld.cards, meld.represents)
        return found

    def quick_reading(
        self, group: tuple[Card, ...], wild: Wild, pins: dict[Card, list[Card]] | None = None
    ) -> Meld | None:
        """One reading of ``group`` as a meld, found without listing every
        reading (which grows as the factorial of the wilds): the canonical
        designation of :data:`LISTED_WILDS`. ``pins``: per wild card, what
        copies of it must stand for (a written ``JK=9H``); None when no
        reading fits."""
        if not pins:
            table = table_for(self._quick, wild)
            key = codes(group)
            if key in table:
                return table[key]
            found = table[key] = self._quick_reading(group, wild, None)
            return found
        return self._quick_reading(group, wild, pins)

    def _quick_reading(
        self, group: tuple[Card, ...], wild: Wild, pins: dict[Card, list[Card]] | None
    ) -> Meld | None:
        rules = rules_for(self.v, wild)
        codes = sorted(c.code for c in group)
        n = len(codes)
        present = set(codes)
        # every way to read the group, with its canonical key (fewest wilds, a run
        # before a set, the highest run), then placed and checked lazily in that order
        ways: list[tuple[tuple[int, int, int], MeldKind, list[int]]] = []
        fixed = [c for c in codes if not rules.wild[c]]  # cards that can only stand for themselves
        fixed_suits = {c // 13 for c in fixed}
        fixed_ranks = {c % 13 + 1 for c in fixed}
        suits = sorted(fixed_suits) if fixed else sorted({c // 13 for c in codes if c < 52})
        if rules.runs and rules.run_size_ok(n) and len(fixed_suits) <= 1:
            for suit in suits:
                for i, seq in enumerate(rules.sequences.get(n, ())):
                    if not fixed_ranks.issubset(seq):
                        continue
                    reps = [suit * 13 + r - 1 for r in seq]
                    wilds = n - sum(1 for r in reps if r in present)
                    ways.append(((wilds, 0, -i), MeldKind.RUN, reps))
        if rules.sets and rules.set_size_ok(n) and len(fixed_ranks) <= 1:
            for rank in sorted({c % 13 for c in fixed} if fixed else {c % 13 for c in codes if c < 52}):
                exact = [c for c in codes if c < 52 and c % 13 == rank]
                have = sorted({c // 13 for c in exact}) if rules.distinct else [c // 13 for c in exact]
                missing = [t for t in range(4) if t not in have]
                cycle = missing + [0, 1, 2, 3] * (n // 4 + 1)
                reps = sorted([t * 13 + rank for t in have] + [t * 13 + rank for t in cycle[: n - len(have)]])
                ways.append(((n - len(have), 1, 0), MeldKind.SET, reps))
        ways.sort(key=lambda x: x[0])
        for _, kind, reps in ways:
            cards = _place(codes, reps, rules.wild, pins)
            if cards is not None and valid_reading(rules, kind, cards, reps) and _pins_ok(cards, reps, pins):
                return Meld(kind, tuple(_ALL_CARDS[c] for c in cards), tuple(_ALL_CARDS[r] for r in reps))
        return None

    def meld_of(self, group: Group, wild: Wild) -> Meld | None:
        """The meld a written group forms, or None. Unannotated wilds are left
        to the solver (which may then find several readings: the first is taken);
        with more than :data:`LISTED_WILDS` wilds, to :meth:`quick_reading`."""
        cards = tuple(c for c, _ in group)
        if sum(1 for c in cards if self.v.deck.is_wild(c, wild)) > LISTED_WILDS:
            pins: dict[Card, list[Card]] = {}
            for c, r in group:
                if r is not None:
                    pins.setdefault(c, []).append(r)
            return self.quick_reading(tuple(sorted(cards)), wild, pins)
        if any(r is not None for _, r in group):
            reps = tuple(c if r is None else r for c, r in group)
            return self.classify(cards, reps, wild)
        return self.classify(cards, None, wild)


_ALL_CARDS: tuple[Card, ...] = tuple(Card.from_code(i) for i in range(53))
_RANK = tuple(i % 13 + 1 for i in range(52))
_SUIT = tuple(i // 13 for i in range(52))
_BIT = tuple(1 << (i % 13) for i in range(52))
_KITS: dict[int, tuple[Variant, Kit]] = {}


def clear_kits() -> None:
    """Forget the shared kits (hands keep the kit they were dealt with)."""
    _KITS.clear()


def kit_for(v: Variant) -> Kit:
    """The shared kit of variant ``v`` (one per variant object)."""
    entry = _KITS.get(id(v))
    if entry is not None and entry[0] is v:
        return entry[1]
    if len(_KITS) > 256:
        _KITS.clear()
    kit = Kit(v)
    _KITS[id(v)] = (v, kit)
    return kit


def _isolation_tables(
    v: Variant,
) -> tuple[list[int], int, list[list[int]], list[list[int]]] | None:
    """Bit tables for :meth:`Kit.isolated_value` (13-bit rank masks, bit
    ``rank - 1``): the ranks a suit mask covers with full run windows, the
    smallest set size, and value sums and maxima of masks per suit."""
    if v.deck.has_wilds() or max(v.deck.shoe(n).count(_ALL_CARDS[0]) for n in v.players.counts()) > 1:
        return None
    rules = v.melds
    sizes = [n for n in range(2, 14) if rules.set_size_ok(n)]
    sets_from = min(sizes) if sizes else 99
    run_sizes = [n for n in range(2, 14) if rules.run_size_ok(n)]
    windows: list[int] = []
    if run_sizes:
        for seq in v.ranking.run_sequences(min(run_sizes)):
            w = 0
            for r in seq:
                w |= 1 << (int(r) - 1)
            windows.append(w)
    cover = [0] * 8192
    for mask in range(8192):
        got = 0
        for w in windows:
            if w & mask == w:
                got |= w
        cover[mask] = got
    values = [v.scoring.card_value(c) for c in _ALL_CARDS[:52]]
    vsum = [[0] * 8192 for _ in range(4)]
    vmax = [[0] * 8192 for _ in range(4)]
    for s in range(4):
        for mask in range(1, 8192):
            low = mask & -mask
            i = low.bit_length() - 1
            value = values[s * 13 + i]
            vsum[s][mask] = vsum[s][mask ^ low] + value
            vmax[s][mask] = max(vmax[s][mask ^ low], value)
    return cover, sets_from, vsum, vmax


def _place(
    codes: list[int], reps: list[int], wild: tuple[bool, ...], pins: dict[Card, list[Card]] | None
) -> list[int] | None:
    """Cards (codes) for each wanted card ``reps``: the card itself where the
    group holds it, else a wild (a pinned wild where it is pinned to that
    card); None when the cards do not fit."""
    pool = list(codes)
    out: list[int | None] = [None] * len(reps)
    pinned: dict[int, list[int]] = {}
    for card, targets in (pins or {}).items():
        for t in targets:
            pinned.setdefault(t.code, []).append(card.code)
    for i, r in enumerate(reps):
        wanted = pinned.get(r)
        # each pin stands for one copy: 5C JK=5C, two decks, is one pinned wild
        while wanted and out[i] is None:
            c = wanted.pop(0)
            if c in pool:
                pool.remove(c)
                out[i] = c
    for i, r in enumerate(reps):
        if out[i] is None and r in pool and not (pins and _ALL_CARDS[r] in pins and r not in pinned):
            pool.remove(r)
            out[i] = r
    rest = sorted(pool)
    if any(not wild[c] for c in rest):
        return None
    for i in range(len(reps)):
        if out[i] is None:
            if not rest:
                return None
            out[i] = rest.pop(0)
    if rest:
        return None
    return [c for c in out if c is not None]


def _pins_ok(cards: list[int], reps: list[int], pins: dict[Card, list[Card]] | None) -> bool:
    if not pins:
        return True
    have = Counter(zip(cards, reps, strict=True))
    need = Counter((c.code, r.code) for c, targets in pins.items() for r in targets)
    return all(have[p] >= k for p, k in need.items())


def _meld_key(key: tuple[tuple[Card, ...], tuple[Card, ...]]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    cards, reps = key
    return (len(cards), tuple(sorted(c.code for c in cards)), tuple(r.code for r in reps))


def _combos(pool: Sequence[Card], k: int) -> set[tuple[Card, ...]]:
    if k == 0:
        return {()}
    if k > len(pool):
        return set()
    return set(itertools.combinations(pool, k))


def run_windows(v: Variant) -> tuple[tuple[int, tuple[tuple[int, tuple[Rank, ...]], ...]], ...]:
    """For each allowed run length: every rank window as a 13-bit mask (bit
    ``rank - 1``) with its ranks in run order."""
    out = []
    for length in range(2, 14):
        if not v.melds.run_size_ok(length):
            continue
        windows = []
        for seq in v.ranking.run_sequences(length):
            mask = 0
            for r in seq:
                mask |= 1 << (int(r) - 1)
            windows.append((mask, seq))
        out.append((length, tuple(windows)))
    return tuple(out)


def candidate_groups(
    v: Variant,
    cards: tuple[Card, ...],
    wild: Wild,
    must: Card | None = None,
    windows: tuple[tuple[int, tuple[tuple[int, tuple[Rank, ...]], ...]], ...] | None = None,
) -> list[tuple[Card, ...]]:
    """The card groups of a hand worth asking the meld solver about.

    Granularity of the legal meld actions: every run *window* (a rank sequence
    the ranking allows, of an allowed length) in each suit, filled with the
    hand's natural cards of that window plus wild cards for the gaps; and every
    set of one rank: any choice of the hand's natural cards of that rank (one per
    suit where suits must differ) plus wild cards up to an allowed size. A
    group needs at least one natural card. Each group is a sorted tuple.
    With ``must`` (a natural card), only the groups holding it.
    """
    rules = v.melds
    deck = v.deck
    wilds = [c for c in cards if deck.is_wild(c, wild)]
    if must is not None and deck.is_wild(must, wild):
        must = None
    must_bit = 0 if must is None or must.rank is None else 1 << (int(must.rank) - 1)
    n_wild = len(wilds)
    by_suit: dict[object, dict[Rank, Card]] = {}
    masks: dict[object, int] = {}
    by_rank: dict[Rank, list[Card]] = {}
    for c in cards:
        if c.rank is None:
            continue
        by_suit.setdefault(c.suit, {}).setdefault(c.rank, c)
        masks[c.suit] = masks.get(c.suit, 0) | (1 << (int(c.rank) - 1))
        by_rank.setdefault(c.rank, []).append(c)
    n_cards = len(cards)
    out: set[tuple[Card, ...]] = set()
    windows_by_length = windows if windows is not None else run_windows(v)
    for suit, ranks in by_suit.items():
        if must is not None and suit != must.suit:
            continue
        m = masks[suit]
        for length, of_length in windows_by_length:
            if length > n_cards:
                break
            any_fit = False
            for w, seq in of_length:
                if must_bit and not w & must_bit:
                    continue
                missing = (w & ~m).bit_count()
                if missing > n_wild or missing == length:
                    continue
                any_fit = True
                nat = [ranks[r] for r in seq if r in ranks]
                if missing == 0:
                    out.add(tuple(sorted(nat)))
                    continue
                pool = list(wilds)
                for c in nat:
                    if c in pool:
                        pool.remove(c)
                for fill in _combos(sorted(pool), missing):
                    out.add(tuple(sorted(nat + list(fill))))
            if not any_fit:
                break  # a longer window would miss at least as many cards
    distinct = rules.distinct_suits()
    set_sizes = [k for k in range(1, n_cards + 1) if rules.set_size_ok(k)]
    if not set_sizes:
        return sorted(out, key=lambda g: (len(g), [c.code for c in g]))
    smallest, largest = set_sizes[0], set_sizes[-1]
    for rank, naturals in by_rank.items():
        if len(naturals) + n_wild < smallest or (must is not None and rank != must.rank):
            continue
        if distinct:
            seen: dict[object, Card] = {}
            for c in naturals:
                seen.setdefault(c.suit, c)
            base = sorted(seen.values())
        else:
            base = sorted(naturals)
        for k in range(1, min(len(base), largest) + 1):
            if k + n_wild < smallest:
                continue
            for picked in _combos(base, k):
                pool = list(wilds)
                for c in picked:
                    if c in pool:
                        pool.remove(c)
                for f in range(0, min(len(pool), largest - k) + 1):
                    if not rules.set_size_ok(k + f):
                        continue
                    for fill in _combos(sorted(pool), f):
                        group = tuple(sorted(picked + fill))
                        if must is None or must in group:
                            out.add(group)
    return sorted(out, key=lambda g: (len(g), [c.code for c in g]))


def sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards as a sorted tuple (the cache key of a hand)."""
    return tuple(sorted(cards))


register_store("engine.kits", _KITS)
