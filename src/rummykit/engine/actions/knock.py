"""``knock QS``: knock, discarding QS face down (``going_out.kind = "knock"``).

A knock is legal when the cards kept after the discard leave deadwood within
the knock limit, which the going-out component sets
(``going_out.max_deadwood``; the first upcard's value with
``going_out.oklahoma``; any count with ``going_out.any_deadwood``); ``knock``
alone goes out with every card melded (``going_out.big_gin``).

``knock QS`` shows the engine's arrangement of the kept cards (the least
deadwood). ``knock QS melds 2C 2D 2H + 4S 5S 6S`` shows the knocker's own
choice: any melds of the kept cards whose deadwood (the cards left out,
which may not hold a meld themselves) is within the limit. Where lay-offs
follow the knock, the choice decides what the defenders may lay off (a
knocker may break a run to leave fewer lay-offs), so each such arrangement
is a move of its own, listed (up to :data:`KNOCK_ARRANGEMENTS` per discard,
the least deadwood first; others are accepted when stated). Where nothing
may be laid off (Knock Rummy, a gin), the melds change nothing: a stated
arrangement names the same move as the plain knock, its canonical form.

>>> import rummykit as rk
>>> h = rk.new_hand(rk.load_variant("gin"), players=2, dealer=0, discard="AS",
...     hands=["2S 8S 4D 9H 9D 9C KH QC JC TC", "2H 3H 4H 5H KC KD KS AC 3C QD"], stock="AD 6H 6D 4C 8D")
>>> for a in ("pass", "pass", "draw"):
...     h.apply(a)
>>> str(h.verify("knock QD melds KC KD KS + 2H 3H 4H 5H"))  # the engine's own arrangement
'knock QD'
>>> h.verify("knock QD melds 2H 3H 4H + KC KD KS")  # deadwood 10 (5H kept back): within the limit
Action.parse('knock QD melds KC KD KS + 2H 3H 4H')
>>> h.apply("knock QD melds 2H 3H 4H + KC KD KS")
>>> [str(t) for t in h.table], h.hand_of(1)  # the knocker's deadwood
(['KC KD KS', '2H 3H 4H'], (AC, 3C, AD, 5H))
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from rummykit.cards import Card, parse_card
from rummykit.engine.conditions import distinct, in_hand, melds_of, minus
from rummykit.engine.kind import ActionKind, Refusal
from rummykit.engine.meld_memo import Kit
from rummykit.engine.notation import Action, Group, bad_text, format_group, parse_groups
from rummykit.engine.phase import Phase, TableMeld
from rummykit.engine.turn import end_hand
from rummykit.errors import NotationError
from rummykit.melds import Meld
from rummykit.settlement import Termination

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

# enum members as module constants: a lookup through the class is slow in Python 3.11
_LAYOFF = Phase.LAYOFF
_PLAY = Phase.PLAY
_TERMINATION_GIN = Termination.GIN
_TERMINATION_KNOCK = Termination.KNOCK


__all__ = ["KNOCK_ARRANGEMENTS", "KNOCK_SEARCH_NODES", "Knock", "KnockKind", "knock_arrangements"]

KNOCK_ARRANGEMENTS = 32
"""At most this many of the knocker's own arrangements are listed per
discard, the least deadwood first (a bound on the legal-action list; others
within the limit are still accepted by ``apply`` when stated)."""

KNOCK_SEARCH_NODES = 20_000
"""A bound on the steps (nodes and melds tried) of the search for other
arrangements of one knock (wild-heavy house rules): past it, the
arrangements found so far are listed."""


@attrs.frozen(repr=False, cache_hash=True)
class Knock(Action):
    """Knock, discarding ``card`` face down (None: big gin, no discard),
    showing ``melds`` (None: the default arrangement, the engine's best)."""

    card: Card | None = None
    melds: tuple[Group, ...] | None = None
    word = "knock"
    order = 21

    def __attrs_post_init__(self) -> None:
        if self.melds is None:
            return
        ok = isinstance(self.melds, tuple) and bool(self.melds)
        for g in self.melds if ok else ():
            ok = ok and isinstance(g, tuple) and bool(g)
            for slot in g if ok else ():
                ok = ok and isinstance(slot, tuple) and len(slot) == 2 and isinstance(slot[0], Card)
                ok = ok and (slot[1] is None or isinstance(slot[1], Card))
        if not ok:
            raise NotationError(
                f"knock: melds must be groups of (card, stands for) slots, got {self.melds!r}"
            )

    def __str__(self) -> str:
        text = "knock" if self.card is None else f"knock {self.card}"
        if self.melds is None:
            return text
        return f"{text} melds " + " + ".join(format_group(g) for g in self.melds)

    def cards(self) -> tuple[Card, ...]:
        out = [] if self.card is None else [self.card]
        for g in self.melds or ():
            out.extend(c for c, _ in g)
        return tuple(out)


_KNOCKS = tuple(Knock(Card.from_code(i)) for i in range(53))


def _melds_key(melds: Iterable[Meld]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    return tuple(sorted((tuple(c.code for c in m.cards), tuple(r.code for r in m.represents)) for m in melds))


_ALTERNATIVES: weakref.WeakKeyDictionary[Kit, dict[tuple[Any, ...], list[tuple[Group, ...]]]] = (
    weakref.WeakKeyDictionary()
)


def knock_limit(h: Hand) -> int | None:
    """The knock limit of this hand, as the going-out component sets it
    (None: knocking is not a way out)."""
    return h._v.going_out.knock_limit(upcard_value=h.upcard_value(), upcard=h._upcard)


def _matters(h: Hand, shown_deadwood: int) -> bool:
    """Whether the melds shown change the game: lay-offs follow the knock."""
    return h._v.layoff.after_knock(gin=shown_deadwood == 0)


def _other_arrangements(
    h: Hand, cards: tuple[Card, ...], whole: tuple[Card, ...], limit: int
) -> list[tuple[Group, ...]]:
    """The knocker's other arrangements of ``cards`` (the cards kept) that
    change the game: deadwood within ``limit``, lay-offs following, not the
    engine's; as notation groups, the least deadwood first (``whole``: the
    hand ``cards`` come from, whose melds are enumerated once)."""
    kit = h._kit
    cache = _ALTERNATIVES.setdefault(kit, {})
    key = (cards, h._wild, limit)
    found = cache.get(key)
    if found is not None:
        return found
    if len(cache) > 4096:
        cache.clear()
    default = kit.arrangement(cards, h._wild)
    out: list[tuple[Group, ...]] = []
    if default is not None:
        skip = _melds_key(default.melds)
        values = kit.values
        ranked = []
        for melds in knock_arrangements(h, cards, limit=_SEARCHED, within=whole, deadwood=limit):
            left = minus(cards, [c for m in melds for c in m.cards])
            assert left is not None
            dead = sum(values[c.code] for c in left)
            if _melds_key(melds) != skip and _matters(h, dead):
                ranked.append((dead, _melds_key(melds), melds))
        ranked.sort(key=lambda x: (x[0], x[1]))
        out = [tuple(kit.group(m) for m in melds) for _, _, melds in ranked[:KNOCK_ARRANGEMENTS]]
    cache[key] = out
    return out


_SEARCHED = 4 * KNOCK_ARRANGEMENTS
"""How many arrangements the listing search collects before keeping the
:data:`KNOCK_ARRANGEMENTS` of least deadwood."""


def knock_arrangements(
    h: Hand,
    cards: tuple[Card, ...],
    *,
    limit: int,
    within: tuple[Card, ...] | None = None,
    deadwood: int | None = None,
) -> list[tuple[Meld, ...]]:
    """Up to ``limit`` distinct arrangements of ``cards`` (sorted) whose
    deadwood is at most ``deadwood`` (default: the least), the cards left out
    holding no meld, each as melds in canonical order (``within``: a sorted
    superset of ``cards`` whose melds are enumerated instead)."""
    kit, wild = h._kit, h._wild
    target = kit.deadwood(cards, wild) if deadwood is None else deadwood
    values = kit.values
    options = kit.options(within if within is not None else cards, wild)
    by_card: dict[Card, list[tuple[Meld, Counter[Card]]]] = {}
    for m in options:
        need = Counter(m.cards)
        for c in need:
            by_card.setdefault(c, []).append((m, need))
    found: dict[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], tuple[Meld, ...]] = {}
    budget = [KNOCK_SEARCH_NODES]

    def walk(rest: Counter[Card], cost: int, chosen: list[Meld], left_out: list[Card]) -> None:
        budget[0] -= 1
        if len(found) >= limit or cost > target or budget[0] < 0:
            return
        left = [c for c in sorted(rest, key=lambda c: c.code) if rest[c] > 0]
        if not left:
            if kit.deadwood(tuple(left_out), wild) == cost:  # the cards left out hold no meld
                key = _melds_key(chosen)
                found.setdefault(key, tuple(sorted(chosen, key=lambda m: _melds_key((m,)))))
            return
        first = left[0]
        for m, need in by_card.get(first, ()):
            budget[0] -= 1  # each meld tried is a step: wild cards sit in very many melds
            if budget[0] < 0:
                return
            if all(rest[c] >= k for c, k in need.items()):
                walk(rest - need, cost, [*chosen, m], left_out)
        rest2 = rest.copy()
        rest2[first] -= 1
        walk(rest2, cost + values[first.code], chosen, [*left_out, first])

    walk(Counter(cards), 0, [], [])
    return list(found.values())


class KnockKind(ActionKind):
    """The ``knock`` kind (see the module documentation)."""

    action = Knock
    words = ("knock",)
    keywords = ("melds",)
    phases = frozenset({_PLAY})
    rule = "going_out"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        tokens = list(rest)
        melds: tuple[Group, ...] | None = None
        if "melds" in tokens:
            i = tokens.index("melds")
            melds = parse_groups(tokens[i + 1 :], text)
            tokens = tokens[:i]
        if len(tokens) > 1:
            raise bad_text(text, "expected 'knock CARD', 'knock' or 'knock CARD melds CARDS + CARDS'")
        return Knock(parse_card(tokens[0]) if tokens else None, melds)

    def in_variant(self, kit: Kit) -> bool:
        return bool(kit.can_knock)

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        """Each discard that leaves at most the limit, with the engine's
        arrangement and (``every_arrangement``) each other arrangement within
        the limit that changes the game (see the module documentation)."""
        if not h._kit.can_knock or h._must_meld is not None:
            return ()
        v = h._v
        limit = knock_limit(h)
        if limit is None:
            return ()
        kit, wild = h._kit, h._wild
        hand = h._hands[h._current]
        bound = kit.isolated_value(hand)
        if bound is not None and bound[0] - bound[1] > limit:
            return ()  # even the best discard leaves too much deadwood
        cards = tuple(hand)
        full = kit.deadwood(cards, wild)
        out: list[Action] = []
        values = kit.values
        biggest = max((values[c.code] for c in cards), default=0)
        if full - biggest <= limit:
            refusal = v.discard.refusal
            for c in distinct(cards):
                if h._taken is not None and refusal(c, taken=h._taken) is not None:
                    continue
                rest = list(cards)
                rest.remove(c)
                dead = kit.deadwood(tuple(rest), wild)
                if dead <= limit:
                    out.append(_KNOCKS[c.code])
                    if every_arrangement:
                        out.extend(Knock(c, g) for g in _other_arrangements(h, tuple(rest), cards, limit))
        if full == 0 and v.going_out.big_gin_allowed():
            out.append(Knock(None))
            if every_arrangement:
                out.extend(Knock(None, g) for g in _other_arrangements(h, cards, cards, 0))
        return out

    def refusal(self, h: Hand, a: Action) -> Refusal | None:
        assert isinstance(a, Knock)
        v = h._v
        limit = knock_limit(h)
        if limit is None:
            return Refusal(f"there is no knocking in {v.name} (going_out {v.going_out.kind})", "going_out")
        if h._must_meld is not None:
            return Refusal(
                f"the wild {h._must_meld} taken by the exchange must be melded this turn (swap {v.swap.kind})",
                "swap",
            )
        hand = h._hands[h._current]
        if a.card is None:
            if not v.going_out.big_gin_allowed():
                return Refusal("knocking needs a discard (big gin is off)", "going_out.big_gin")
            dead = h._kit.deadwood(tuple(hand), h._wild)
            if dead:
                return Refusal(f"big gin needs every card melded; deadwood is {dead}", "going_out.big_gin")
            return self._melds_reason(h, a, list(hand), 0)
        bad = in_hand(h, (a.card,))
        if bad:
            return Refusal(bad, "going_out")
        refused = v.discard.refusal(a.card, taken=h._taken)
        if refused:
            return Refusal(refused, v.discard.refusal_rule)
        rest = list(hand)
        rest.remove(a.card)
        dead = h._kit.deadwood(tuple(rest), h._wild)
        if dead > limit:
            return Refusal(
                f"deadwood {dead} is above the knock limit {limit}", v.going_out.knock_limit_rule()
            )
        return self._melds_reason(h, a, rest, limit)

    def _melds_reason(self, h: Hand, a: Knock, rest: list[Card], limit: int) -> Refusal | None:
        """Why the melds stated with a knock cannot be shown (None: they can, or
        none are stated): they must be melds of the cards kept, each card once;
        where lay-offs follow, leaving deadwood within the limit, the cards
        left out holding no meld (they are the deadwood the knock is scored
        on)."""
        if a.melds is None:
            return None
        melds = melds_of(h, a.melds)
        if isinstance(melds, str):
            return Refusal(melds, "melds")
        left = minus(rest, [c for m in melds for c in m.cards])
        if left is None:
            kept = " ".join(map(str, rest))
            return Refusal(f"the melds shown must be made of the cards kept ({kept}), each once", "going_out")
        shown = sum(h._kit.values[c.code] for c in left)
        if not _matters(h, shown):
            return None  # nothing is laid off: the melds change nothing (the plain knock)
        if shown > limit:
            return Refusal(
                f"these melds leave deadwood {shown}, above the knock limit {limit}",
                h._v.going_out.knock_limit_rule() if a.card is not None else "going_out.big_gin",
            )
        if h._kit.deadwood(tuple(left), h._wild) != shown:
            return Refusal(
                f"the cards left out ({' '.join(map(str, left))}) hold a meld: the deadwood shown holds none",
                "going_out",
            )
        return None

    def canonical(self, h: Hand, a: Action) -> Action:
        """The plain knock where the melds stated are the engine's or change
        nothing (no lay-offs follow); else the melds in canonical order."""
        assert isinstance(a, Knock)
        short = _KNOCKS[a.card.code] if a.card is not None else Knock(None)
        if a.melds is None:
            return short
        melds = melds_of(h, a.melds)
        assert not isinstance(melds, str)
        kept = list(h._hands[h._current])
        if a.card is not None:
            kept.remove(a.card)
        left = minus(kept, [c for m in melds for c in m.cards])
        assert left is not None
        if not _matters(h, sum(h._kit.values[c.code] for c in left)):
            return short
        default = h._kit.arrangement(tuple(kept), h._wild)
        if default is not None and _melds_key(melds) == _melds_key(default.melds):
            return short
        return Knock(a.card, tuple(h._kit.group(m) for m in sorted(melds, key=lambda m: _melds_key((m,)))))

    def perform(self, h: Hand, a: Action) -> None:
        assert isinstance(a, Knock)
        p = h._current
        hand = h._hands[p]
        if a.card is not None:
            hand.remove(a.card)
            h._buried.append(a.card)
        h._knocker = p
        h._final_discard = a.card is not None
        arr = h._kit.arrangement(tuple(hand), h._wild)
        gin = arr is None or arr.deadwood_value == 0
        shown: tuple[Meld, ...] = arr.melds if arr is not None else ()
        left: list[Card] = list(arr.deadwood) if arr is not None else []
        if a.melds is not None:  # the knocker's own choice of melds (lay-offs follow)
            chosen = melds_of(h, a.melds)
            assert not isinstance(chosen, str)
            shown = tuple(chosen)
            rest = minus(hand, [c for m in shown for c in m.cards])
            assert rest is not None
            left = rest
            gin = not left or sum(h._kit.values[c.code] for c in left) == 0
        how = _TERMINATION_GIN if gin else _TERMINATION_KNOCK
        if arr is not None and h._v.layoff.after_knock(gin=gin):
            for m in shown:
                h._table.append(TableMeld(p, m))
            h._hands[p] = left
            h._melded[p] = True
            queue = [s for s in h._seats_from(h._next_seat(p)) if s != p and h._dropped[s] is None]
            h._layoff_queue = queue[1:]
            h._current = queue[0]
            h._phase = _LAYOFF
            h._how = how
            return
        end_hand(h, how, went_out=None)
