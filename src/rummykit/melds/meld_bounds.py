"""Quick proofs that a hand cannot be melded whole (internal).

A declaration needs every card (but the final discard) in a meld; most hands
are far from it. :func:`cannot_meld_all` proves that cheaply from necessary
conditions only, so the search decides every hand it does not refuse.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummykit.melds.tables import JOKER, Rules

__all__ = ["cannot_meld_all"]

_INF = 1 << 20


def _pair_cost(rules: Rules, ca: int, cb: int) -> int:
    """The fewest wilds a meld holding naturals ``ca`` and ``cb`` needs
    (``_INF``: none)."""
    sa, ra = divmod(ca, 13)
    sb, rb = divmod(cb, 13)
    kb = 0
    if rules.sets and ra == rb:
        kb |= rules.set_kbits(2, sa != sb)
    if rules.runs and sa == sb and ra != rb:
        kb |= rules.run_kbits((1 << ra) | (1 << rb))
    return (kb & -kb).bit_length() - 1 if kb else _INF


def may_hold_pure_run(rules: Rules, cards: Iterable[int]) -> bool:
    """Whether some suit of ``cards`` (codes; jokers ignored) holds every card
    of a run window of the shortest run: a pure run needs one.

    >>> import rummykit as rk
    >>> from rummykit.melds.tables import rules_for
    >>> rules = rules_for(rk.load_variant("indian"), frozenset())
    >>> may_hold_pure_run(rules, [4, 5, 6, 20]), may_hold_pure_run(rules, [4, 5, 7, 52])
    (True, False)
    """
    suit_masks = [0, 0, 0, 0]
    for c in cards:
        if c < JOKER:
            suit_masks[c // 13] |= 1 << (c % 13)
    has_run = rules.shape_cache.get("has_run")
    if has_run is None:
        shortest = min((len(seq) for _, seq in rules.windows), default=0)
        short = [mask for mask, seq in rules.windows if len(seq) == shortest]
        has_run = bytes(any(mask & m == mask for mask in short) for m in range(1 << 13))
        rules.shape_cache["has_run"] = has_run
    return bool(
        has_run[suit_masks[0]] or has_run[suit_masks[1]] or has_run[suit_masks[2]] or has_run[suit_masks[3]]
    )


def cannot_meld_all(
    rules: Rules,
    natural: Sequence[int],
    wilds: int,
    min_pure: int,
    leave: int,
    pure_cards: Sequence[int] | None = None,
) -> bool:
    """A quick proof that ``natural`` cards (standing for themselves) and
    ``wilds`` wild cards cannot all be melded, ``leave`` cards left over, with
    ``min_pure`` pure runs among the melds (``False``: search).

    ``pure_cards`` are the cards that may stand in a pure run (default: the
    natural cards).

    Necessary conditions only, so the search decides every other hand:

    * a pure run is required, but no suit holds every card of a run window;
    * the *lonely* natural cards (no other natural card shares a possible
      meld with them: same rank, or same suit inside one run window) each
      need a meld of their own made up with wilds; those wilds, less the
      dearest lonely card (the final discard, where one is left), are more
      than the wild cards.
    """
    if min_pure and not may_hold_pure_run(rules, natural if pure_cards is None else pure_cards):
        return True
    if JOKER in natural:
        jokers = natural.count(JOKER)  # jokers that are not wild: meld nowhere
        if jokers > leave:
            return True
        natural = [c for c in natural if c != JOKER]
        leave -= jokers
    reach = rules.shape_cache.get("reach")
    if reach is None:
        reach = rules.shape_cache["reach"] = tuple(r[13] & ~(1 << i) for i, r in enumerate(rules._reach))
    single = rules.shape_cache.get("single")
    if single is None:
        set_kb = rules.set_kbits(1, True) if rules.sets else 0
        costs = []
        for i in range(13):
            kb = rules.run_kbits(1 << i) if rules.runs else 0
            low = [(b & -b).bit_length() - 1 for b in (kb, set_kb) if b]
            costs.append(min(low) if low else _INF)
        single = rules.shape_cache["single"] = tuple(costs)
    # the natural cards that may share a meld, as components
    n = len(natural)
    parent = list(range(n))
    degree = [0] * n
    partner = [0] * n
    runs, sets = rules.runs, rules.sets
    for a in range(n):
        ca = natural[a]
        sa, ra = divmod(ca, 13)
        near = reach[ra]
        for b in range(a + 1, n):
            cb = natural[b]
            sb, rb = divmod(cb, 13)
            if (sets and ra == rb) or (runs and sa == sb and near >> rb & 1):
                degree[a] += 1
                degree[b] += 1
                partner[a] = cb
                partner[b] = ca
                x, y = a, b
                while parent[x] != x:
                    x = parent[x]
                while parent[y] != y:
                    y = parent[y]
                if x != y:
                    parent[y] = x
    members: dict[int, list[int]] = {}
    for a in range(n):
        x = a
        while parent[x] != x:
            x = parent[x]
        members.setdefault(x, []).append(a)
    need = saving = 0
    for found in members.values():
        group = [natural[a] for a in found]
        if len(group) > 2:
            # a card with one possible partner shares a meld with no other
            # natural card: that meld needs wilds of its own
            for a in found:
                if degree[a] == 1:
                    cost = min(_pair_cost(rules, natural[a], partner[a]), single[natural[a] % 13])
                    need += cost
                    saving = max(saving, cost)
            continue
        if len(group) == 1:
            cost = single[group[0] % 13]
            need += cost
            saving = max(saving, cost)
        else:
            ca, cb = group
            cost = min(_pair_cost(rules, ca, cb), single[ca % 13] + single[cb % 13])
            need += cost
            saving = max(saving, cost - min(single[ca % 13], single[cb % 13]))
    if leave:
        need -= saving
    return need > wilds
