"""Contract rummy in the engine: the hand size of a deal, the melds that make
a deal's contract ("going down"), and the all-out deal.

Every answer comes from the variant's components (``initial_meld`` holds
the schedule); nothing here knows a variant by name.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Sequence
from itertools import product
from typing import TYPE_CHECKING

from rummykit.cards import Card
from rummykit.engine.meld_memo import Kit
from rummykit.melds import Meld
from rummykit.rules.melds import StandardMelds
from rummykit.variant import Variant

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = [
    "CONTRACT_COMBOS",
    "all_out_now",
    "contract_combos",
    "dealt_size",
    "least_sizes",
    "shapes",
]

CONTRACT_COMBOS = 32
"""At most this many ways of going down are listed (the most cards laid
first); any other that makes the contract is accepted when stated."""

_NODES = 20_000
"""A bound on the search for them: 6,000 listed only 16 ways of two sets among
171 candidate sets (Shanghai, 2C 2C 2D 2H 2S JC JC and two jokers)."""


def dealt_size(v: Variant, players: int, deal: int) -> int:
    """Cards dealt to each player in deal number ``deal`` (the schedule's
    hand size where it gives one, else the deal rule's)."""
    size = v.initial_meld.hand_size(deal=deal)
    return v.deal.hand_size_for(players) if size is None else size


def least_sizes(v: Variant) -> tuple[int, int]:
    """The fewest cards of a set and of a run under the melds rules."""
    m = v.melds
    if isinstance(m, StandardMelds):
        return (m.set_min, m.run_min)
    return (3, 3)


def shapes(melds: Sequence[Meld]) -> tuple[tuple[str, int], ...]:
    """Each meld's kind (``set`` or ``run``) and size."""
    return tuple((m.kind.value, len(m)) for m in melds)


def all_out_now(h: Hand) -> bool:
    """Whether this deal is gone down and out in one turn, with no discard."""
    return h._v.initial_meld.all_out_deal(deal=h._deal_number)


_WINDOWS: dict[tuple[int, int], tuple[int, ...]] = {}


def _windows(v: Variant, size: int) -> tuple[int, ...]:
    """Rank masks (bit ``rank - 1``) of the runs of ``size`` cards the ranking allows."""
    key = (id(v.ranking), size)
    found = _WINDOWS.get(key)
    if found is None:
        found = _WINDOWS[key] = tuple(
            sum(1 << (int(r) - 1) for r in seq) for seq in v.ranking.run_sequences(size)
        )
    return found


def _may_meet(
    v: Variant,
    cards: Sequence[Card],
    wild: frozenset[object],
    slots: Sequence[tuple[str, int]],
    least: tuple[int, int],
) -> bool:
    """A quick necessary condition for ``cards`` to make the contract: the
    wild cards fill what the sets and the runs lack, each counted at its
    best, apart (no card is kept from serving two melds)."""
    deck = v.deck
    wilds = 0
    ranks: Counter[int] = Counter()
    suits = [0, 0, 0, 0]
    for c in cards:
        if c.rank is None or deck.is_wild(c, wild):  # type: ignore[arg-type]
            wilds += 1
            continue
        s, b = divmod(c.code, 13)
        ranks[b] += 1
        suits[s] |= 1 << b
    lack = 0
    sets = sorted((n or least[0] for k, n in slots if k == "set"), reverse=True)
    if sets:
        held = list(ranks.values())  # a rank held twice over may make two sets
        for size in sets:
            i = max(range(len(held)), key=held.__getitem__) if held else -1
            use = min(held[i], size) if i >= 0 else 0
            if i >= 0:
                held[i] -= use
            lack += size - use
    for size in (n or least[1] for k, n in slots if k == "run"):
        best = size
        for w in _windows(v, size):
            for m in suits:
                if m & w:
                    best = min(best, size - (m & w).bit_count())
        lack += best
        if lack > wilds:
            return False
    return lack <= wilds


_CACHE: weakref.WeakKeyDictionary[Kit, dict[tuple[object, ...], list[tuple[Meld, ...]]]] = (
    weakref.WeakKeyDictionary()
)


def contract_combos(h: Hand, cards: tuple[Card, ...]) -> list[tuple[Meld, ...]]:
    """Ways to go down with ``cards`` (sorted): one meld per meld of the
    contract, disjoint, each of its kind and at least its size; the most
    cards laid first, at most :data:`CONTRACT_COMBOS` (cached per variant).
    The caller checks what is left (a discard to finish the turn)."""
    v = h._v
    contract = v.initial_meld.contract_for(deal=h._deal_number)
    if contract is None:
        return []
    kit, wild = h._kit, h._wild
    cache = _CACHE.setdefault(kit, {})
    key = (cards, wild, str(contract))
    found = cache.get(key)
    if found is not None:
        return found
    if len(cache) > 4096:
        cache.clear()
    least = least_sizes(v)
    if not _may_meet(v, cards, wild, contract.slots, least):  # type: ignore[attr-defined]
        cache[key] = []
        return []
    slots = sorted(
        ((k, n or least[0 if k == "set" else 1]) for k, n in contract.slots),  # type: ignore[attr-defined]
        key=lambda s: (s[0] != "run", -s[1]),
    )
    readings: dict[tuple[int, ...], list[Meld]] = {}
    for m in kit.options(cards, wild):
        readings.setdefault(tuple(c.code for c in m.cards), []).append(m)
    groups = sorted(readings, key=lambda g: (-len(g), g))
    kinds = {g: readings[g][0].kind.value for g in groups}
    pools = [[g for g in groups if kinds[g] == kind and len(g) >= size] for kind, size in slots]
    found_groups: list[tuple[tuple[int, ...], ...]] = []
    budget = [_NODES]
    limit = 4 * CONTRACT_COMBOS
    rest = [0] * 53
    for c in cards:
        rest[c.code] += 1

    def walk(i: int, start: int, chosen: list[tuple[int, ...]]) -> None:
        if i == len(slots):
            found_groups.append(tuple(chosen))
            return
        same = i > 0 and slots[i] == slots[i - 1]
        pool = pools[i]
        for j in range(start if same else 0, len(pool)):
            budget[0] -= 1
            if budget[0] < 0 or len(found_groups) >= limit:
                return
            g = pool[j]
            k = 0
            for k, code in enumerate(g):  # noqa: B007
                if rest[code] == 0:
                    break
                rest[code] -= 1
            else:
                chosen.append(g)
                walk(i + 1, j, chosen)  # the same group again: two decks
                chosen.pop()
                k = len(g)
            for code in g[:k]:
                rest[code] += 1

    walk(0, 0, [])
    out: list[tuple[Meld, ...]] = []
    for combo in found_groups:  # every reading of the wilds of each meld
        for melds in product(*(readings[g] for g in combo)):
            out.append(melds)
            if len(out) >= limit:
                break
        if len(out) >= limit:
            break
    out.sort(key=lambda combo: -sum(len(m) for m in combo))
    cache[key] = out
    return out
