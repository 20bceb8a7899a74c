"""Melds of one rank owned by a side (the Canasta family): what may be melded,
laid off and taken with the discard pile, and the cards laid out at once.

The variant's ``melds`` component says so (``side_rank_melds``: kind
``canasta``); the ``meld``, ``layoff``, ``discard``, ``draw`` and ``pickup``
kinds ask this module then. Suits do not matter in these melds, so a meld is
listed once per count of natural cards, jokers and other wilds (the lowest
cards of each); the same meld written with other cards of the same ranks is
accepted as written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from rummykit.cards import Card, Rank, Suit
from rummykit.engine.conditions import INITIAL_COMBOS, insort
from rummykit.engine.notation import Group
from rummykit.engine.phase import TableMeld
from rummykit.engine.side_runs import (
    first_runs,
    is_run_meld,
    looks_like_run,
    make_run,
    run_counts,
    run_extended,
    run_groups,
    run_layoff_reason,
    run_reason,
)
from rummykit.engine.wild_groups import is_wild_group, wild_choices
from rummykit.melds import Meld, MeldKind
from rummykit.rules.canasta import CanastaMelds
from rummykit.rules.going_out import FinalDiscard

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = [
    "canasta_of",
    "canastas",
    "first_melds",
    "group_reason",
    "initial_need",
    "lay_out_red_threes",
    "layoff_candidates",
    "make_meld",
    "may_empty",
    "meld_candidates",
    "melds_reason",
    "out_reason",
    "rules",
    "side_melds",
]


def rules(h: Hand) -> CanastaMelds:
    """The variant's melds component (a :class:`CanastaMelds`)."""
    m = h._v.melds
    assert isinstance(m, CanastaMelds)
    return m


def _wild(h: Hand, c: Card) -> bool:
    return h._v.deck.is_wild(c, h._wild)


def side_melds(h: Hand, seat: int) -> list[tuple[int, TableMeld]]:
    """``seat``'s side's table melds, each with its number (from 1)."""
    side = h._kit.sides(h._n)[seat]
    return [(i, t) for i, t in enumerate(h._table, 1) if t.owner in side]


def counts(h: Hand, cards: Iterable[Card]) -> tuple[int, int]:
    """(natural cards, wild cards) among ``cards``."""
    n = w = 0
    for c in cards:
        if _wild(h, c):
            w += 1
        else:
            n += 1
    return n, w


def rank_of(h: Hand, cards: Iterable[Card]) -> Rank | None:
    """The rank of the natural cards of a meld (None: none, or several)."""
    ranks = {c.rank for c in cards if not _wild(h, c)}
    return next(iter(ranks)) if len(ranks) == 1 else None


def meld_rank(h: Hand, t: TableMeld) -> Rank | None:
    """The rank of table meld ``t`` (None: a run, or wild cards alone); every
    card of a meld of one rank stands for a card of that rank (see
    :func:`make_meld`)."""
    if t.meld.kind is not MeldKind.SET:
        return None
    first = t.meld.represents[0]
    if first == t.meld.cards[0] and _wild(h, first):  # a wild standing for itself: wild cards alone
        return None
    return first.rank


def make_meld(h: Hand, cards: Iterable[Card]) -> Meld:
    """The table meld of ``cards`` (a wild stands for the meld's rank in
    clubs; in the order of what each card stands for, then card order; a
    run from its low end)."""
    cs = list(cards)
    rank = rank_of(h, cs)
    if rank is None and looks_like_run(h, cs):
        return make_run(cs, h)
    if rank is None and is_wild_group(h, cs):  # wild cards alone stand for themselves
        alone = tuple(sorted(cs, key=lambda c: c.code))
        return Meld(MeldKind.SET, alone, alone)
    assert rank is not None
    nats = sorted((c for c in cs if not _wild(h, c)), key=lambda c: c.code)
    wilds = sorted((c for c in cs if _wild(h, c)), key=lambda c: c.code)
    stand = Card(rank, Suit.CLUBS)
    pairs = sorted([(c, c) for c in nats] + [(w, stand) for w in wilds], key=lambda x: (x[1].code, x[0].code))
    return Meld(MeldKind.SET, tuple(c for c, _ in pairs), tuple(r for _, r in pairs))


def canonical(h: Hand, cards: Iterable[Card]) -> Group:
    """A meld's cards as the engine writes them (no wild designations)."""
    return tuple((c, None) for c in make_meld(h, cards).cards)


def canastas(h: Hand, seat: int) -> int:
    """Canastas on the table of ``seat``'s side."""
    return sum(1 for _, t in side_melds(h, seat) if canasta_of(h, t) is not None)


def _kind(h: Hand, cards: Iterable[Card], *, run: bool = False) -> str | None:
    """The canasta ``cards`` make (see :meth:`CanastaMelds.canasta_kind`)."""
    n, w = counts(h, cards)
    return rules(h).canasta_kind(naturals=n, wilds=w, run=run)


def canasta_of(h: Hand, t: TableMeld) -> str | None:
    """``natural``, ``mixed``, ``sequence`` or None: what canasta ``t`` is."""
    return rules(h).canasta_kind(**_tnw(h, t), run=is_run_meld(t))


def _tnw(h: Hand, t: TableMeld) -> dict[str, int]:
    """(naturals, wilds) of table meld ``t`` (a two in its own place in a run
    is natural where wilds stand in runs)."""
    if is_run_meld(t):
        return run_counts(h, t.meld)
    n, w = counts(h, t.meld.cards)
    return {"naturals": n, "wilds": w}


def side_melded(h: Hand, seat: int) -> bool:
    return any(h._melded[s] for s in h._kit.sides(h._n)[seat])


def initial_need(h: Hand, seat: int) -> int | None:
    """The count the side's first meld must reach (None: it has melded)."""
    if side_melded(h, seat):
        return None
    rule = h._v.initial_meld
    need = rule.threshold(score=h._standing[seat], deal=h._deal_number)
    if need is None:
        return None if not rule.required else 0
    return need


def out_reason(
    h: Hand,
    seat: int,
    *,
    left: int,
    new_canastas: int = 0,
    new_kinds: Sequence[str] = (),
    by_discard: bool = False,
) -> str | None:
    """Why a play that leaves ``seat`` ``left`` cards (and makes
    ``new_canastas`` canastas, of ``new_kinds``) may not be made: one that
    goes out (or leaves one card, to be discarded) needs the side's canastas;
    where a second hand waits for the seat, the play picks it up instead
    (:func:`rummykit.engine.second_hand.pickup_reason`). ``by_discard``: the
    play is the discard of the last card."""
    if left >= 2:
        return None
    if h._kit.second_hand:
        from rummykit.engine.second_hand import pickup_reason, waiting

        if waiting(h, seat):  # playing out the hand picks up the second hand: no going out yet
            return pickup_reason(h, seat, left=left)
        late = [s for s in h._kit.sides(h._n)[seat] if h._second_unplayed[s]]
        if late:
            return (
                f"seat {late[0]}'s second hand, picked up by the discard, counts as picked up from its next turn:"
                " no going out before (second_hand.untaken_until_played)"
            )
    if h._permission is not None:
        from rummykit.engine.permission import no_out_reason

        refused = no_out_reason(h, seat, left=left)
        if refused:
            return refused
    if left == 0 and not by_discard and h._kit.final_rule is FinalDiscard.REQUIRED:
        return f"going out needs a final discard: seat {seat} must keep a card to discard (going_out.final_discard)"
    need = h._kit.out_canastas(h._n)
    have = canastas(h, seat) + new_canastas
    if have < need:
        return (
            f"going out needs {need} canasta{'s' if need > 1 else ''} on seat {seat}'s side (it has {have})"
        )
    return _kinds_reason(h, seat, new_kinds)


def _kinds_reason(h: Hand, seat: int, new_kinds: Sequence[str]) -> str | None:
    """Why the side's natural, mixed and sequence canastas (with
    ``new_kinds``, made by the play) are too few to go out
    (``going_out.natural_canastas``, ``mixed_canastas``, ``sequence_canastas``;
    a run without wild cards counts as natural too), or None."""
    g = h._v.going_out
    natural = getattr(g, "natural_canastas", 0)
    mixed = getattr(g, "mixed_canastas", 0)
    sequence = getattr(g, "sequence_canastas", 0)
    if not natural and not mixed and not sequence:
        return None
    kinds = [canasta_of(h, t) for _, t in side_melds(h, seat)]
    kinds.extend(new_kinds)
    have_s = kinds.count("sequence")
    have_n, have_m = kinds.count("natural") + have_s, kinds.count("mixed")
    if have_n >= natural and have_m >= mixed and have_s >= sequence:
        return None
    if sequence:
        return f"going out needs {sequence} sequence canasta{'s' if sequence > 1 else ''} on seat {seat}'s side (it has {have_s})"
    return (
        f"going out needs {natural} natural and {mixed} mixed canastas on seat {seat}'s side"
        f" (it has {have_n} and {have_m})"
    )


def _value(h: Hand, cards: Iterable[Card]) -> int:
    values = h._kit.values
    return sum(values[c.code] for c in cards)


def group_reason(
    h: Hand, seat: int, cards: Sequence[Card], *, ranks_taken: set[Rank], out: bool
) -> str | None:
    """Why ``cards`` are not a new meld for ``seat``'s side (None: they are);
    ``ranks_taken``: ranks the side has melded (or melds in the same action);
    ``out``: the play goes out (black threes meld only then)."""
    r = rules(h)
    never = [c for c in cards if r.never_melded(c)]
    if any(r.red_three(c) for c in never):
        return "red threes are never melded: they are laid out at once"
    if not r.sets:
        return f"{_txt(cards)}: cards of one rank are no meld here, only runs (melds.sets is off)"
    rank = rank_of(h, cards)
    if rank is None and is_wild_group(h, cards):
        if not r.set_min <= len(cards) <= r.canasta:
            return f"{_txt(cards)}: a meld of wild cards holds {r.set_min} to {r.canasta} of them"
        return None
    if rank is None:
        return f"a meld is of one rank, with at least {r.min_naturals} natural cards: {_txt(cards)}"
    n, w = counts(h, cards)
    if never:
        return "black threes are never melded"
    sizes = {r.alone_sizes(c) for c in cards if not _wild(h, c)}  # the rules the meld reader asks too
    alone = next((s for s in sizes if s is not None), None)
    if alone is not None:
        if w or len(sizes) > 1 or not alone[0] <= n <= alone[1]:
            return "black threes are melded three or four together, without wild cards"
        if not out:
            return "black threes are melded only in going out"
    if not r.meld_ok(naturals=n, wilds=w):
        return (
            f"{_txt(cards)}: a meld needs {r.set_min} or more cards, at least {r.min_naturals} natural,"
            f" never more wilds than naturals, at most {r.max_wilds} wilds"
        )
    if r.one_per_rank and rank in ranks_taken:
        return f"seat {seat}'s side has a meld of {rank.letter}s already: lay them off onto it"
    return None


def _txt(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


def melds_reason(
    h: Hand,
    seat: int,
    groups: Sequence[Sequence[Card]],
    *,
    hand: Sequence[Card],
    extra: int = 0,
    have: Counter[Card] | None = None,
    taken: frozenset[Rank] | None = None,
) -> str | None:
    """Why laying ``groups`` from ``hand`` (several only as a first meld) is
    not allowed for ``seat`` (None: it is); ``extra``: cards that come into
    the hand with the play (the rest of a pile taken); ``have`` (the hand
    counted) and ``taken`` (the ranks of the side's melds), where the caller
    knows them already."""
    used = Counter(c for g in groups for c in g)
    if have is None:
        have = Counter(hand)
    if any(used[c] > have[c] for c in used):
        return f"the melds use cards that are not in seat {seat}'s hand"
    left = len(hand) - sum(used.values()) + extra
    if left == 1 and not extra:
        why = last_card_reason(h, list((have - used).elements()))
        if why:
            return why
    need = initial_need(h, seat)
    if need is None and len(groups) > 1:
        return "one meld per action once the side has melded"
    ranks: set[Rank] = set(taken if taken is not None else _ranks_taken(h, seat))
    new = 0
    kinds: list[str] = []
    for g in groups:
        if looks_like_run(h, g):
            why = run_reason(h, g)
        else:
            why = group_reason(h, seat, g, ranks_taken=ranks, out=left <= 1)
            rank = rank_of(h, g)
            if why is None and rank is not None:
                ranks.add(rank)
        if why:
            return why
        run = looks_like_run(h, g)
        kind = rules(h).canasta_kind(**run_counts(h, make_run(g, h)), run=True) if run else _kind(h, g)
        if kind is not None:
            new += 1
            kinds.append(kind)
    why = out_reason(h, seat, left=left, new_canastas=new, new_kinds=kinds)
    if why:
        return why
    if need:
        points = sum(_value(h, g) for g in groups)
        concealed = left <= 1 and new and getattr(h._v.initial_meld, "concealed_free", False)
        if points < need and not concealed:
            return f"the side's first meld must count {need} (its score is {h._standing[seat]}), these count {points}"
    return None


def _ranks_taken(h: Hand, seat: int) -> frozenset[Rank]:
    """The ranks of ``seat``'s side's melds of one rank."""
    return frozenset(x for x in (meld_rank(h, t) for _, t in side_melds(h, seat)) if x is not None)


def _by_rank(h: Hand, cards: Iterable[Card]) -> tuple[dict[Rank, list[Card]], list[Card], list[Card]]:
    """Natural cards by rank (red threes left out), jokers, other wilds."""
    nats: dict[Rank, list[Card]] = {}
    jokers: list[Card] = []
    twos: list[Card] = []
    r = rules(h)
    for c in sorted(cards, key=lambda c: c.code):
        if c.is_joker:
            jokers.append(c)
        elif _wild(h, c):
            twos.append(c)
        elif not r.red_three(c):
            assert c.rank is not None
            nats.setdefault(c.rank, []).append(c)
    return nats, jokers, twos


def _groups(h: Hand, hand: Sequence[Card], ranks_taken: set[Rank]) -> list[tuple[Card, ...]]:
    """Every new meld of the hand, once per count of naturals, jokers and other wilds."""
    r = rules(h)
    nats, jokers, twos = _by_rank(h, hand)
    out: list[tuple[Card, ...]] = []
    if not r.sets:
        return out
    wild_sets = wild_choices(jokers, twos, r.max_wilds)
    for rank, cs in nats.items():
        if r.one_per_rank and rank in ranks_taken:
            continue
        if rank is Rank.THREE and r.special_threes:
            if r.black_threes_out:
                out.extend(tuple(cs[:k]) for k in (3, 4) if len(cs) >= k)
            continue
        for k in range(r.min_naturals, len(cs) + 1):
            for wild_cards in wild_sets:
                if r.meld_ok(naturals=k, wilds=len(wild_cards)):
                    out.append((*cs[:k], *wild_cards))
    if r.wild_melds:  # wild cards alone, once per count of jokers and other wilds
        for j in range(len(jokers) + 1):
            for t in range(len(twos) + 1):
                if r.set_min <= j + t <= r.canasta:
                    out.append((*jokers[:j], *twos[:t]))
    return out


def first_melds(h: Hand, hand: Sequence[Card], ranks_taken: set[Rank]) -> list[tuple[Card, ...]]:
    """Disjoint melds of the hand: every rank of three or more naturals, then
    pairs with a wild while wilds last, the highest counts first."""
    r = rules(h)
    nats, jokers, twos = _by_rank(h, hand)
    wilds = twos + jokers  # the cheapest wild first
    groups: list[list[Card]] = []
    order = (
        sorted(
            (
                (rank, cs)
                for rank, cs in nats.items()
                if (rank is not Rank.THREE or not r.special_threes) and rank not in ranks_taken
            ),
            key=lambda x: (-len(x[1]), -_value(h, x[1][:1])),
        )
        if r.sets
        else []
    )
    for _, cs in order:
        if len(cs) >= r.set_min:
            groups.append(list(cs))
    for _, cs in order:
        if len(cs) == 2 and wilds and r.meld_ok(naturals=2, wilds=1):
            groups.append([*cs, wilds.pop(0)])
    out = [tuple(g) for g in groups]
    if r.runs:
        rest = list(hand)
        for g in out:
            for c in g:
                rest.remove(c)
        out.extend(first_runs(h, rest))
    return out


def meld_candidates(h: Hand) -> list[tuple[Group, ...]]:
    """The ``meld`` actions of the current player, as groups of cards."""
    p = h._current
    hand = h._hands[p]
    ranks = set(_ranks_taken(h, p))
    taken = frozenset(ranks)
    have = Counter(hand)
    need = initial_need(h, p)
    out: list[tuple[Group, ...]] = []
    seen: set[tuple[Group, ...]] = set()

    def plain(groups: Sequence[Sequence[Card]]) -> bool:
        """A single meld built from the hand (valid by construction) that
        neither opens the side nor nears going out."""
        return (
            need is None
            and len(groups) == 1
            and len(hand) - len(groups[0]) >= 2
            and not any(c.rank is Rank.THREE for c in groups[0])
        )

    def add(groups: Sequence[Sequence[Card]]) -> None:
        key = tuple(canonical(h, g) for g in groups)
        if key in seen:
            return
        if plain(groups) or melds_reason(h, p, groups, hand=hand, have=have, taken=taken) is None:
            seen.add(key)
            out.append(key)

    for g in _groups(h, hand, ranks):
        add([g])
    for g in run_groups(h, hand):
        add([g])
    if need:
        greedy = sorted(first_melds(h, hand, ranks), key=lambda g: -_value(h, g))
        total = 0
        for i, g in enumerate(greedy):
            total += _value(h, g)
            if total >= need and i:
                add(greedy[: i + 1])
                break
        if len(greedy) > 1:
            add(greedy)
        _more_firsts(h, greedy, need, add)
    return out


def _more_firsts(
    h: Hand, greedy: list[tuple[Card, ...]], need: int, add: Callable[[Sequence[Sequence[Card]]], None]
) -> None:
    """The other first melds of several melds from ``greedy`` (disjoint) that
    reach ``need``, the fewest melds first, up to :data:`INITIAL_COMBOS` in
    all (the bound of the legal list: other combinations are accepted when
    written)."""
    values = [_value(h, g) for g in greedy]
    if len(greedy) < 3 or sum(values) < need:
        return
    listed = 0
    for k in range(2, len(greedy)):
        for idx in combinations(range(len(greedy)), k):
            if sum(values[i] for i in idx) >= need:
                add([greedy[i] for i in idx])
                listed += 1
                if listed >= INITIAL_COMBOS:
                    return


def last_card_reason(h: Hand, rest: Sequence[Card]) -> str | None:
    """Why a play may not leave the hand holding only ``rest`` (one card): the
    card just taken from the pile, which may not be discarded (None: it may)."""
    if len(rest) != 1 or h._taken is None:
        return None
    if h._v.discard.refusal(rest[0], taken=h._taken):
        return (
            f"the last card would be {rest[0]}, just taken from the pile: it may not be discarded this turn"
        )
    return None


def layoff_reason(h: Hand, seat: int, card: Card, target: int, *, left: int) -> str | None:
    """Why ``card`` may not go onto table meld ``target`` for ``seat`` (None: it may)."""
    if left == 1 and h._taken is not None and card in h._hands[seat]:
        rest = list(h._hands[seat])
        rest.remove(card)
        why = last_card_reason(h, rest)
        if why:
            return why
    if not 1 <= target <= len(h._table):
        return f"there is no table meld #{target} ({len(h._table)} on the table)"
    t = h._table[target - 1]
    if t.owner not in h._kit.sides(h._n)[seat]:
        return f"meld #{target} belongs to the other side: a player adds only to the side's melds"
    r = rules(h)
    if is_run_meld(t):
        why = run_layoff_reason(h, t, card, target)
        if why:
            return why
        before = canasta_of(h, t)
        grown = run_extended(h, t, card) if r.wilds_in_runs else make_run((*t.meld.cards, card))
        assert grown is not None
        after = r.canasta_kind(**run_counts(h, grown), run=True)
        new = 1 if before is None and after is not None else 0
        return out_reason(h, seat, left=left, new_canastas=new, new_kinds=[after] if new and after else [])
    rank = meld_rank(h, t)
    if rank is None and is_wild_group(h, t.meld.cards):
        return _wild_layoff_reason(h, seat, t, card, target, left=left)
    if rank is Rank.THREE and r.special_threes:
        return "nothing is added to a meld of black threes"
    n, w = counts(h, t.meld.cards)
    if _wild(h, card):
        w += 1
    elif card.rank is rank:
        n += 1
    else:
        return f"{card} does not fit meld #{target} ({t.text}): a meld is of one rank"
    if r.set_max and n + w > r.set_max:
        return f"meld #{target} is closed: it holds {r.set_max} cards, the most a meld holds (melds.set_max)"
    if not r.meld_ok(naturals=n, wilds=w):
        return f"{card} would put too many wild cards in meld #{target} (at most {r.max_wilds}, never more than its naturals)"
    before = canasta_of(h, t)
    after = r.canasta_kind(naturals=n, wilds=w)
    new = 1 if before is None and after is not None else 0
    if left >= 2 or not (
        getattr(h._v.going_out, "natural_canastas", 0) or getattr(h._v.going_out, "mixed_canastas", 0)
    ):
        return out_reason(h, seat, left=left, new_canastas=new)
    # the meld's kind may change (a wild added to a natural canasta)
    kinds = [after] if after is not None and before != after else []
    why = out_reason(h, seat, left=left, new_canastas=new, new_kinds=kinds)
    if why is None and before is not None and before != after:
        why = _lost_reason(h, seat, before, after)
    return why


def _lost_reason(h: Hand, seat: int, before: str, after: str | None) -> str | None:
    """A natural canasta made mixed by a lay-off counts as mixed: whether the
    side still has its natural canastas to go out."""
    g = h._v.going_out
    natural = getattr(g, "natural_canastas", 0)
    have = sum(1 for _, t in side_melds(h, seat) if canasta_of(h, t) == "natural")
    if before == "natural" and have - 1 < natural:
        return f"going out needs {natural} natural canastas on seat {seat}'s side (it would have {have - 1})"
    return None


def _wild_layoff_reason(
    h: Hand, seat: int, t: TableMeld, card: Card, target: int, *, left: int
) -> str | None:
    """Why ``card`` may not go onto the meld of wild cards ``t`` (None: it may)."""
    r = rules(h)
    if not _wild(h, card):
        return f"{card} does not fit meld #{target} ({t.text}): a meld of wild cards takes wild cards only"
    if len(t.meld.cards) >= r.canasta:
        return f"meld #{target} ({t.text}) takes no more cards: {r.canasta} wild cards at most"
    after = r.canasta_kind(naturals=0, wilds=len(t.meld.cards) + 1)
    new = 1 if canasta_of(h, t) is None and after is not None else 0
    return out_reason(h, seat, left=left, new_canastas=new, new_kinds=[after] if new and after else [])


def layoff_candidates(h: Hand) -> list[tuple[Card, int]]:
    """(card, meld number) of every lay-off of the current player."""
    p = h._current
    hand = h._hands[p]
    mine = side_melds(h, p)
    out: list[tuple[Card, int]] = []
    if not mine:
        return out
    left = len(hand) - 1
    groups: dict[Rank | None, list[int]] = {}
    runs: dict[Suit | None, list[int]] = {}
    for i, t in mine:
        if is_run_meld(t):
            runs.setdefault(t.meld.represents[0].suit, []).append(i)
        else:
            groups.setdefault(meld_rank(h, t), []).append(i)
    every_group = [i for ranks in groups.values() for i in ranks]
    wild_runs = rules(h).wilds_in_runs
    for c in sorted(set(hand), key=lambda c: c.code):
        if not _wild(h, c):
            targets = [*groups.get(c.rank, ()), *runs.get(c.suit, ())]
        elif wild_runs:  # a wild (a two of the run's suit, in its place) onto any run too
            targets = [*every_group, *(i for ranks in runs.values() for i in ranks)]
        else:
            targets = every_group
        for i in targets:  # the melds the card may fit (the reason decides)
            if layoff_reason(h, p, c, i, left=left) is None:
                out.append((c, i))
    return sorted(out, key=lambda x: (x[0].code, x[1]))


def lay_off_card(h: Hand, seat: int, card: Card, target: int) -> None:
    """Put ``card`` from ``seat``'s hand (or just taken) onto meld ``target``."""
    t = h._table[target - 1]
    grown = run_extended(h, t, card) if is_run_meld(t) and rules(h).wilds_in_runs else None
    meld = grown if grown is not None else make_meld(h, (*t.meld.cards, card))
    h._table[target - 1] = TableMeld(t.owner, meld, (*t.laid, (card, seat)))


def lay_out_red_threes(h: Hand, seat: int, *, replace: bool) -> Card | None:
    """Lay ``seat``'s red threes out in front of it, each replaced from the
    stock where ``replace`` (and the stock holds a card), again while a
    replacement is a red three; the last replacement drawn (None: none)."""
    if not rules(h).red_threes or not rules(h).special_threes:
        return None
    hand = h._hands[seat]
    last: Card | None = None
    while True:
        reds = [c for c in hand if rules(h).red_three(c)]
        if not reds:
            return last
        for c in reds:
            hand.remove(c)
            h._bonus[seat] = (*h._bonus[seat], c)
        if not replace:
            return last
        for _ in reds:
            if h._stock:
                last = h._stock.pop()
                insort(hand, last)


def frozen(h: Hand, seat: int) -> bool:
    """Whether the pile is frozen against ``seat``'s side (only a natural pair
    of the top card's rank from the hand takes it)."""
    d = h._v.draw
    if getattr(d, "frozen_before_meld", False) and not side_melded(h, seat):
        return True
    r = rules(h)
    return bool(getattr(d, "frozen_by_wild", False)) and any(_wild(h, c) or r.red_three(c) for c in h._pile)


def at_deal(h: Hand) -> None:
    """After the deal: a wild card or red three turned as the upcard is covered
    by the next card until a natural card or a black three shows; every
    seat's dealt red threes are laid out and replaced (in playing order)."""
    d = h._v.draw
    if getattr(d, "turn_upcard", False):
        while h._pile and h._stock and (_wild(h, h._pile[-1]) or rules(h).red_three(h._pile[-1])):
            h._pile.append(h._stock.pop())
            h._pile_from.append(-1)
    for s in h._seats_from(h._starter):
        lay_out_red_threes(h, s, replace=True)


def draw_from_stock(h: Hand, seat: int, first: Card) -> bool:
    """The rest of a draw from the stock after its first card ``first``: more
    cards where the draw takes several, then red threes laid out and
    replaced. True where the hand ends now: the stock's last card drawn was
    a red three (``melds.last_red_three_ends``)."""
    last = first
    for _ in range(h._v.draw.stock_draw_count(h._n) - 1):
        if not h._stock:
            break
        last = h._stock.pop()
        insort(h._hands[seat], last)
    last = lay_out_red_threes(h, seat, replace=True) or last
    r = rules(h)
    return r.last_red_three_ends and not h._stock and r.red_three(last) and r.red_threes


def may_go_out(h: Hand, seat: int) -> str | None:
    """Why ``seat`` may not discard its last card (None: it may)."""
    if h._kit.second_hand:
        from rummykit.engine.second_hand import pickup_reason, waiting

        if waiting(h, seat):
            return pickup_reason(h, seat, left=0, by_discard=True)
    return out_reason(h, seat, left=0, by_discard=True)


def may_empty(h: Hand, seat: int) -> bool:
    """A quick bound: False where ``seat`` cannot play out its hand this turn
    by any melds and lay-offs (see :meth:`CanastaMelds.may_play_out`); True
    where it may. Exact answers come from a search
    (:func:`rummykit.engine.out_line.out_line`); this only spares it
    hopeless hands."""
    if h._kit.second_hand:
        from rummykit.engine.second_hand import waiting

        if waiting(h, seat):
            return True  # the second hand picked up brings cards the bound does not know
    return rules(h).may_play_out(
        h._hands[seat],
        [t.meld.cards for _, t in side_melds(h, seat)],
        is_wild=lambda c: _wild(h, c),
        canastas=h._kit.out_canastas(h._n),
        spare=0 if h._kit.final_rule is FinalDiscard.FORBIDDEN else 1,
    )
