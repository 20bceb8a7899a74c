"""The melds each natural card of a hand may lead, listed from per-variant tables (internal).

A *core* is the natural cards of a meld, which may need ``k`` wilds to be
one. For the general search (:mod:`rummykit.melds.general_search`) every
natural card lists the cores whose lowest card it is: runs with higher ranks
of its suit, sets with higher cards of its rank, and the card alone with
wilds. The shapes (which rank patterns make a run or a set with how many
wilds) are computed once per variant and wild limit and cached on the rules;
a hand's cards are then shifted into place.

A hand's natural cards are one integer with a ``width``-bit count field per
card code (``width = 1`` for one deck: a plain bit mask).
"""

from __future__ import annotations

import itertools
from collections import Counter

from rummykit.caches import register_store
from rummykit.melds.tables import JOKER, Rules

__all__ = ["Entry", "candidates", "card_keys", "swar"]

_SWAR: dict[int, tuple[tuple[int, ...], int, dict[int, int], dict[int, int]]] = {}
register_store("melds.core_lists.swar", _SWAR)


def swar(width: int) -> tuple[tuple[int, ...], int, dict[int, int], dict[int, int]]:
    """Units, guard mask, lowest-bit -> code, and a rank-mask spread cache.

    Width 1 (one deck) has no guard bits: the hand is a plain bit mask.
    """
    found = _SWAR.get(width)
    if found is None:
        unit = tuple(1 << (width * c) for c in range(53))
        if width == 1:
            guard = 0
            lowcode = {1 << c: c for c in range(53)}
        else:
            guard = sum(1 << (width * c + width - 1) for c in range(53))
            lowcode = {1 << (width * c + j): c for c in range(53) for j in range(width - 1)}
        found = (unit, guard, lowcode, {})
        _SWAR[width] = found
    return found


def _spread(width: int, cache: dict[int, int], mask: int) -> int:
    hit = cache.get(mask)
    if hit is None:
        hit = sum(1 << (width * i) for i in range(13) if mask >> i & 1)
        cache[mask] = hit
    return hit


Entry = tuple[int, int, int, int, int, int, int, int, int, tuple[tuple[int, ...], int]]
"""``(core, run k-bits, run min k, run absorbs, pure, set k-bits, set min k,
set absorbs, natural count, (relative codes, offset))``; k-bits hold only
``k <= wmax``; min k is 99 when the core cannot be that kind."""


def _entry(
    kb_run: int, kb_set: int, wmax: int, core: int, m: int, codes: tuple[int, ...]
) -> tuple[int, int, int, int, int, int, int, int, int, tuple[int, ...]]:
    full = (1 << (wmax + 1)) - 1
    ra = (kb_run & -kb_run).bit_length() - 1 if kb_run else 99
    sa = (kb_set & -kb_set).bit_length() - 1 if kb_set else 99
    rabs = 1 if kb_run and (kb_run >> ra) & full == full else 0
    sabs = 1 if kb_set and (kb_set >> sa) & full == full else 0
    return (core, kb_run & full, ra, rabs, kb_run & 1, kb_set & full, sa, sabs, m, codes)


RelEntry = tuple[int, int, int, int, int, int, int, int, int, tuple[int, ...]]


def _run_entries(rules: Rules, rank: int, higher: int, wmax: int, width: int) -> list[RelEntry]:
    """Run cores (two or more natural cards) of ``rank`` with some ``higher``
    ranks of its suit, relative to the clubs suit (cached)."""
    key = ("runE", rank, higher, wmax, width)
    found: list[RelEntry] | None = rules.shape_cache.get(key)
    if found is None:
        spread_cache = swar(width)[3]
        found = []
        for rm, kb in rules.run_subcores(rank, higher, wmax):
            if rm != 1 << rank:
                codes = tuple(j for j in range(13) if rm >> j & 1)
                found.append(_entry(kb, 0, wmax, _spread(width, spread_cache, rm), rm.bit_count(), codes))
        found.sort(key=lambda e: (-e[8], e[9]))
        rules.shape_cache[key] = found
    return found


def _set_entries(
    rules: Rules, suit: int, counts: tuple[int, int, int, int], wmax: int, width: int
) -> list[RelEntry]:
    """Set cores (two or more natural cards) of a card of ``suit`` with the
    ``counts`` other cards of its rank per suit it may join, relative to the
    ace (cached)."""
    key = ("setE", suit, counts, wmax, width)
    found: list[RelEntry] | None = rules.shape_cache.get(key)
    if found is None:
        found = []
        field = [1 << (width * 13 * s) for s in range(4)]
        for choice in itertools.product(*(range(n + 1) for n in counts)):
            extra = sum(choice)
            if not extra:
                continue
            m = 1 + extra
            distinct_ok = choice[suit] == 0 and all(x <= 1 for x in choice)
            kb = rules.set_kbits(m, distinct_ok)
            if not kb or (kb & -kb).bit_length() - 1 > wmax:
                continue
            core = field[suit]
            codes = [suit * 13]
            for s, x in enumerate(choice):
                core += field[s] * x
                codes += [s * 13] * x
            found.append(_entry(0, kb, wmax, core, m, tuple(sorted(codes))))
        found.sort(key=lambda e: (-e[8], e[9]))
        rules.shape_cache[key] = found
    return found


def _single_entry(rules: Rules, rank: int, wmax: int, in_sets: bool = True) -> RelEntry | None:
    """The core of one natural card (with wilds), relative to clubs (cached);
    ``in_sets`` off: it leads no set (a wild-rank card standing for itself
    where such cards are always wild in sets)."""
    key = ("oneE", rank, wmax, in_sets)
    if key not in rules.shape_cache:
        kb_run = rules.run_kbits(1 << rank) if rules.runs else 0
        kb_set = rules.set_kbits(1, True) if rules.sets and in_sets else 0
        ok = (kb_run and (kb_run & -kb_run).bit_length() - 1 <= wmax) or (
            kb_set and (kb_set & -kb_set).bit_length() - 1 <= wmax
        )
        rules.shape_cache[key] = _entry(kb_run, kb_set, wmax, 1, 1, (0,)) if ok else None
    found: RelEntry | None = rules.shape_cache[key]
    return found


_CARD_LIMIT = 50_000
"""Card patterns whose cores the general search keeps (shared by the wild
ranks of a variant; 200,000 held over 100 MB: bench/memory.py)."""


def _card_entries(
    rules: Rules, c: int, higher: int, set_key: int, wmax: int, width: int
) -> tuple[Entry, ...]:
    """The cores card ``c`` may lead, given the higher cards of its suit near
    it (``higher``, a rank mask) and of its rank (``set_key``); cached."""
    in_sets = rules.wild_rank_sets or not rules.wild[c]
    key = (c, higher, set_key, wmax, width, in_sets)
    cache = rules.card_cache
    hit: tuple[Entry, ...] | None = cache.get(key)
    if hit is not None:
        return hit
    s, i = divmod(c, 13)
    entries: list[Entry] = []
    if rules.runs and higher:
        shift = width * 13 * s
        off = s * 13
        for e in _run_entries(rules, i, higher, wmax, width):
            entries.append((e[0] << shift, *e[1:9], (e[9], off)))
    if rules.sets and set_key:
        counts = tuple((set_key >> (3 * t)) & 7 for t in range(4))
        shift = width * i
        for e in _set_entries(rules, s, counts, wmax, width):  # type: ignore[arg-type]
            entries.append((e[0] << shift, *e[1:9], (e[9], i)))
    one = _single_entry(rules, i, wmax, in_sets)
    if one is not None:
        entries.append((1 << (width * c), *one[1:9], ((c,), 0)))
    if len(cache) > _CARD_LIMIT:
        cache.clear()
    result = cache[key] = tuple(entries)
    return result


def card_keys(rules: Rules, naturals: Counter[int], wmax: int) -> list[tuple[int, int, int]]:
    """``(card, near higher ranks of its suit, higher cards of its rank)`` per natural card."""
    present = sorted(c for c in naturals if c < JOKER)
    suit_masks = [0, 0, 0, 0]
    packs = [0] * 13
    distinct = rules.distinct
    for c in present:
        s, i = divmod(c, 13)
        suit_masks[s] |= 1 << i
        packs[i] |= (1 if distinct else naturals[c]) << (3 * s)
    out = []
    runs = rules.runs
    sets = rules.sets
    for c in present:
        s, i = divmod(c, 13)
        higher = suit_masks[s] >> (i + 1) << (i + 1)
        higher = rules.near(i, higher, wmax) if higher and runs else 0
        set_key = packs[i] >> (3 * s + 3) << (3 * s + 3)
        if not distinct:
            set_key |= (naturals[c] - 1) << (3 * s)
        in_sets = sets and (rules.wild_rank_sets or not rules.wild[c])
        out.append((c, higher, set_key if in_sets else 0))
    return out


def candidates(
    rules: Rules, keys: list[tuple[int, int, int]], width: int, wmax: int
) -> dict[int, tuple[Entry, ...]]:
    """For each natural card: the cores it may lead (it is their lowest card),
    in search order: runs, then sets (more natural cards first), then the card
    alone with wilds."""
    return {c: _card_entries(rules, c, higher, set_key, wmax, width) for c, higher, set_key in keys}
