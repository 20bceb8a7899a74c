"""Determinization: a hand one seat cannot tell from the real one.

A search bot cannot look at the other players' cards, so it plays out many
*determinizations*: hands that agree with everything the seat has seen, with
the cards it has not seen dealt again at random. :func:`resample` (and
:meth:`rummykit.Hand.resample`) builds one.

What the seat knows, and what is therefore kept in place:

* its own hand, the table, the discard pile, the cut card, every count (cards
  in each hand, in the stock, face down);
* the cards it saw another player take from the discard pile (or take back
  from the table with a swap): they stay in that player's hand until played;
* the cards taken into a concealed meld (Phỏm's eaten cards), with the meld;
* the cards of a discard pile turned over into the stock, which stay in the
  stock (in their order: see the note below);
* the cards it put face down itself (a knock).

Every other card (the rest of the other hands, the stock the seat has not
seen, other players' face-down cards) is shuffled uniformly and dealt back
into the same places, in the same numbers. So the seat's :meth:`view` of the
resampled hand equals its view of the real one.

What the seat saw taken is found by replaying the hand's actions from its
deal and watching where the public cards went: no record of the real hidden
cards is consulted for the unknown ones.

Known simplifications (information a real player could not have): the other
cards of a concealed eaten meld (Phỏm) are kept, as the meld must stay valid;
a discard pile turned over *and shuffled* into a new stock keeps its real
order (it is seen only after the stock ran out once).

>>> import rummykit as rk
>>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=4)
>>> r = h.resample(0, seed=1)
>>> r.view(0) == h.view(0)
True
>>> r.hand_of(1) != h.hand_of(1)
True
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Iterable
from operator import attrgetter
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = ["Knowledge", "Move", "hidden_share", "knowledge", "resample", "swap_hidden"]

_CODE = attrgetter("code")


@attrs.frozen
class Move:
    """One action of another seat as the observing seat saw it (public facts
    only): what an opponent model replays.

    ``kind``: ``"draw"`` (the choice between the stock and the top discard,
    or passing the first upcard), ``"discard"`` (a face-up discard, ``card``)
    or ``"other"``; ``top``: the top discard before a draw choice and
    ``took``: whether the seat took it; ``out``: the cards that left the hand
    (all public: discarded, melded, laid off); ``came``: the public cards
    that came into it; ``drew``: how many hidden cards came into it (from
    the stock); ``known``: the cards of the hand the observer knew of after
    the action.
    """

    kind: str
    top: Card | None = None
    took: bool = False
    out: tuple[Card, ...] = ()
    came: tuple[Card, ...] = ()
    drew: int = 0
    known: tuple[Card, ...] = ()
    card: Card | None = None


@attrs.frozen
class Knowledge:
    """What ``seat`` knows of the hidden cards of a hand at one moment.

    ``known[q]``: the cards of seat ``q``'s hand that ``seat`` knows are there
    (its whole hand for ``seat`` itself); ``stock_known``: how many cards at
    the bottom of the stock the seat has seen (a turned-over discard pile);
    ``buried_known``: which face-down cards the seat put down itself.
    ``history``: the number of actions played when this was computed.
    ``moves[q]``: seat ``q``'s actions as public facts (:class:`Move`).
    ``thrown[q]``: the cards seat ``q`` discarded, oldest first;
    ``passed[q]``: the top discards seat ``q`` left lying when it drew from
    the stock (or passed the first upcard), oldest first. Both are public:
    every player saw them (an opponent model reads them: a player keeps
    the cards it wants).
    """

    seat: int
    history: int
    known: tuple[tuple[Card, ...], ...]
    stock_known: int
    buried_known: tuple[bool, ...]
    thrown: tuple[tuple[Card, ...], ...] = ()
    passed: tuple[tuple[Card, ...], ...] = ()
    moves: tuple[tuple[Move, ...] | None, ...] = ()
    """Per seat, its actions as this seat saw them (:class:`Move`), in
    order; ``None`` where a card left that hand for a hidden place (a face-down
    knock card, a concealed meld) or the hand changed on another seat's
    action: no replay can follow it. Empty for the seat itself."""

    def sample(self, h: Hand, seed: int | None = None) -> Hand:
        """A determinization of ``h`` (which must be at the moment this was
        computed for) drawn with ``seed``."""
        if len(h.history) != self.history:
            raise ValueError("this knowledge was computed at another point of the hand")
        return _deal_again(h, self, random.Random(seed))


def _public(h: Hand) -> Counter[Card]:
    c = Counter(h.pile)
    for t in h.table:
        c.update(t.meld.cards)
    return c


def _start(h: Hand) -> Hand:
    """The hand as it was dealt (before any action)."""
    from rummykit.engine.deal import new_hand

    d = h._dealt
    if "seed" in d:
        return new_hand(h.v, h.n, seed=d["seed"], dealer=h.dealer, deal_number=h.deal_number)
    return new_hand(
        h.v,
        h.n,
        seed=h.seed,
        dealer=h.dealer,
        deal_number=h.deal_number,
        hands=d["hands"],
        discard=d.get("discard", ""),
        stock=d.get("stock", ""),
        cut=d.get("cut") or None,
    )


def knowledge(h: Hand, seat: int) -> Knowledge:
    """What ``seat`` knows of ``h``'s hidden cards (see the module docstring).

    Found by replaying ``h``'s actions from its deal.
    """
    from rummykit.engine.actions import Discard, Draw, Pass, Take
    from rummykit.engine.phase import Phase
    from rummykit.engine.play import perform

    if not 0 <= seat < h.n:
        raise ValueError(f"no seat {seat} in a hand of {h.n} players")
    g = _start(h)
    n = h.n
    known: list[Counter[Card]] = [Counter() for _ in range(n)]
    stock_known = 0
    buried_known: list[bool] = []
    thrown: list[list[Card]] = [[] for _ in range(n)]
    passed: list[list[Card]] = [[] for _ in range(n)]
    moves: list[list[Move] | None] = [[] for _ in range(n)]
    for a in h.history:
        actor = g.current
        left = isinstance(a, Draw) or (isinstance(a, Pass) and g.phase is Phase.OFFER)
        top = g.pile[-1] if g.pile else None
        if actor is not None and top is not None and left:
            passed[actor].append(top)
        choice = left or (isinstance(a, Take) and a.depth == 1 and a.then is None and not a.and_draw)
        before_hands = [Counter(x) for x in g.hands]
        before_public = _public(g)
        stock_before = len(g.stock)
        reuses = g.reuses
        buried = len(g.buried)
        g._legal = None
        g.history.append(a)
        pile = len(g.pile)
        perform(g, a)
        if actor is not None and isinstance(a, Discard) and len(g.pile) > pile:  # face up, not buried
            thrown[actor].append(a.card)
        after_public = _public(g)
        lost = before_public - after_public  # public cards that left the pile / table
        shown = after_public - before_public
        for q in range(n):
            now = Counter(g.hands[q])
            gained = now - before_hands[q]
            seen = gained & lost
            if seen:
                known[q] += seen
                lost -= seen
            known[q] &= now  # played cards leave the hand
            went = before_hands[q] - now
            record = moves[q]
            if q == seat or record is None or not (gained or went or q == actor):
                continue
            if q != actor or went - shown:  # a change no replay can follow
                moves[q] = None
                continue
            kind = "draw" if choice else "discard" if isinstance(a, Discard) else "other"
            record.append(
                Move(
                    kind=kind,
                    top=top if choice else None,
                    took=choice and isinstance(a, Take),
                    out=tuple(_sorted_cards(went)),
                    came=tuple(_sorted_cards(seen)),
                    drew=sum((gained - seen).values()),
                    known=tuple(_sorted_cards(known[q])),
                    card=a.card if isinstance(a, Discard) else None,
                )
            )
        if g.reuses != reuses:
            turned = (
                len(g.stock) - stock_before + (1 if len(g.hands[actor]) > len(before_hands[actor]) else 0)
            )
            stock_known = stock_known + max(0, turned)
        stock_known = min(stock_known, len(g.stock))
        buried_known.extend([actor == seat] * (len(g.buried) - buried))
    for q in range(n):
        for _, meld in g.eaten[q]:
            have = Counter(meld.cards) - known[q]
            known[q] += have & Counter(g.hands[q])
    out = [tuple(sorted(known[q].elements(), key=_CODE)) for q in range(n)]
    out[seat] = tuple(h.hands[seat])
    return Knowledge(
        seat=seat,
        history=len(h.history),
        known=tuple(out),
        stock_known=stock_known,
        buried_known=tuple(buried_known[: len(h.buried)]),
        thrown=tuple(tuple(x) for x in thrown),
        passed=tuple(tuple(x) for x in passed),
        moves=tuple(None if m is None else () if q == seat else tuple(m) for q, m in enumerate(moves)),
    )


def _sorted_cards(c: Counter[Card]) -> list[Card]:
    return sorted(c.elements(), key=_CODE)


def _deal_again(h: Hand, k: Knowledge, rng: random.Random) -> Hand:
    r = h.clone()
    pool: list[Card] = []
    keep: list[list[Card]] = []
    for q in range(h.n):
        if q == k.seat:
            keep.append(list(h.hands[q]))
            continue
        have = Counter(h.hands[q])
        rest = have - Counter(k.known[q])
        pool.extend(rest.elements())
        keep.append(sorted((have - rest).elements(), key=_CODE))
    # the bottom ``stock_known`` cards of the stock are known (top card last)
    free_stock = len(h.stock) - k.stock_known
    pool.extend(h.stock[k.stock_known :])
    hidden_buried = [i for i, mine in enumerate(k.buried_known) if not mine]
    pool.extend(h.buried[i] for i in hidden_buried)
    rng.shuffle(pool)
    pos = 0
    for q in range(h.n):
        if q == k.seat:
            continue
        need = len(h.hands[q]) - len(keep[q])
        cards = keep[q]
        for c in pool[pos : pos + need]:
            insort(cards, c, key=_CODE)
        pos += need
        r.hands[q] = cards
    r.stock = list(h.stock[: k.stock_known]) + pool[pos : pos + free_stock]
    pos += free_stock
    for i in hidden_buried:
        r.buried[i] = pool[pos]
        pos += 1
    r.rng = random.Random(rng.getrandbits(64))
    r._legal = None
    return r


def resample(h: Hand, seat: int, *, seed: int | None = None) -> Hand:
    """A hand ``seat`` cannot tell from ``h``: see the module docstring.

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("straight"), players=3, seed=2)
    >>> [h.resample(1, seed=s).view(1) == h.view(1) for s in range(3)]
    [True, True, True]
    """
    return knowledge(h, seat).sample(h, seed)


def swap_hidden(h: Hand, seat: int, hand: list[Card], stock: dict[int, Card]) -> None:
    """Give ``seat`` the cards ``hand`` and put ``stock[i]`` at stock position
    ``i``, in a determinization (for an opponent model: a search bot that
    deals an opponent a likelier hand). The cards only move between that hand
    and those stock positions: :class:`ValueError` otherwise.

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=1).resample(0, seed=2)
    >>> mine, top = list(h.hand_of(1)), len(h.stock) - 1
    >>> swap_hidden(h, 1, [*mine[1:], h.stock[top]], {top: mine[0]})
    >>> h.stock[top] == mine[0]
    True
    """
    before = Counter(h.hands[seat]) + Counter(h.stock[i] for i in stock)
    if Counter(hand) + Counter(stock.values()) != before or len(hand) != len(h.hands[seat]):
        raise ValueError("swap_hidden: the cards must only move between the hand and those stock positions")
    h.hands[seat] = sorted(hand, key=_CODE)
    for i, c in stock.items():
        h.stock[i] = c
    h._legal = None


def hidden_share(h: Hand, seat: int, q: int, hands: Iterable[Iterable[Card]]) -> float:
    """How much of seat ``q``'s real hidden hand (the cards of ``h.hand_of(q)``
    that ``seat`` has not seen there) the dealt ``hands`` hold, on average:
    a measure of an opponent model (a clairvoyant's share is 1). Reads the
    real hand: for tests and benchmarks, not for a player.

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=4)
    >>> hidden_share(h, 0, 1, [h.hand_of(1)]), hidden_share(h, 0, 1, [h.hand_of(0)])
    (1.0, 0.0)
    """
    known = Counter(knowledge(h, seat).known[q])
    real = Counter(h.hands[q]) - known
    total = sum(real.values())
    found = [sum(((Counter(x) - known) & real).values()) / total for x in hands] if total else []
    if not found:
        raise ValueError("hidden_share: no hidden card to find, or no hand dealt")
    return sum(found) / len(found)
