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
* the cards taken into a concealed meld (Phỏm's eaten cards): each is dealt
  again with two unseen cards that meld with it, chosen at random (the
  other cards of such a meld were never shown);
* the cards of a discard pile turned over into the stock without a shuffle,
  which stay in the stock in their order;
* the cards it put face down itself (a knock);
* every hand, once laid out face up at the showdown after a knock (Gin),
  and at the end of the hand every card, the face-down ones too;
* how many cards each second hand (a foot, a morto) holds, and who has
  picked one up: its cards, which nobody has seen, its owner included, are
  dealt again like the stock's.

Every other card (the rest of the other hands, the stock the seat has not
seen, a discard pile shuffled into the stock, other players' face-down
cards) is shuffled uniformly and dealt back into the same places, in the
same numbers. So the seat's :meth:`view` of the resampled hand equals its
view of the real one.

What the seat saw taken is found by replaying the hand's actions from its
deal (or from the position it was built from) and watching where the public
cards went: no record of the real hidden cards is consulted for the unknown
ones.

A determinization carries nothing of the real hidden cards, so a seat may
be handed one (the seed is the seat's to choose, so anything derived from
the real cards could be worked back): the unknown cards are pooled in a
fixed order before the seed's shuffle; it has no seed and no deal of the
real hand (either would deal the real cards again); the history names the
face-down cards it dealt again, not the real ones. It replays (for its
:meth:`~rummykit.View.knowledge`, a further determinization, its record)
from the point where it was dealt again, with what everybody had seen by
then. Two real hands that the seat cannot tell apart give, for the same
seed, the same determinization, field for field
(``tests/test_resample_secrets.py``).

Known simplifications, each of information a real player could have: cards
placed by elimination (after a shuffled stock was rebuilt, the other hand
holds what is not elsewhere) are dealt like any unknown card; a concealed
eaten meld is dealt again as a meld of three, uniformly among the melds the
unseen cards allow, whatever the player's play says of it.

>>> import rummykit as rk
>>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=4)
>>> r = h.resample(0, seed=1)
>>> r.view(0) == h.view(0)
True
>>> r.hand_of(1) != h.hand_of(1)
True
>>> r.seed is None  # the real seed would deal the real hand again
True
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Iterable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, cast

import attrs

from rummykit.cards import Card
from rummykit.errors import ArgumentError, RummyError, whole_number
from rummykit.melds.meld import near

if TYPE_CHECKING:
    from rummykit.engine.actions import Action
    from rummykit.engine.state import Hand
    from rummykit.melds import Meld

__all__ = ["Knowledge", "Move", "hidden_share", "knowledge", "resample", "spoken_for", "swap_hidden"]

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
    the bottom of the stock the seat has seen in order (a discard pile turned
    over without a shuffle);
    ``buried_known``: which face-down cards the seat knows: those it put
    down itself, and all of them once the hand is over (they are turned up).
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
    _trail: _Trail | None = attrs.field(default=None, repr=False, eq=False, alias="trail")
    """What every seat had seen at that moment (kept for the determinizations
    drawn from this: they start their own replays there)."""

    def sample(self, h: Hand, seed: int | None = None) -> Hand:
        """A determinization of ``h`` (which must be at the moment this was
        computed for) drawn with ``seed``."""
        if len(h._history) != self.history:
            raise ArgumentError(
                "Knowledge.sample: h: this knowledge was computed at another point of the hand"
            )
        return _deal_again(h, self, random.Random(seed))


def _public(h: Hand) -> Counter[Card]:
    c = Counter(h._pile)
    for t in h._table:
        c.update(t.meld.cards)
    return c


@attrs.define
class _Trail:
    """What the players have seen of one another's hidden cards up to one
    point of a hand: public facts only, the same for every seat (each seat
    knows its own hand besides), so a determinization may carry it.

    ``known[q]``: the cards seen going into seat ``q``'s hand that are still
    there; ``stock_known``: the cards at the bottom of the stock whose order
    everybody saw (a discard pile turned over, not shuffled);
    ``buried_by[i]`` and ``buried_at[i]``: who put face-down card ``i`` down,
    and the index in the history of the action that did (None: unknown, a
    hand built from a position); ``thrown``, ``passed``, ``moves``: as in
    :class:`Knowledge`, for every seat; ``eaten_at[q][j]``: the index in the
    history of the action that took seat ``q``'s ``j``-th concealed eaten
    meld (Phỏm; None: built from a position).
    """

    known: list[Counter[Card]]
    stock_known: int
    buried_by: list[int | None]
    buried_at: list[int | None]
    thrown: list[list[Card]]
    passed: list[list[Card]]
    moves: list[list[Move] | None]
    eaten_at: list[list[int | None]]

    @classmethod
    def empty(cls, n: int) -> _Trail:
        def each() -> list[Any]:
            return [[] for _ in range(n)]

        return cls([Counter() for _ in range(n)], 0, [], [], each(), each(), each(), each())

    def copy(self) -> _Trail:
        return _Trail(
            [Counter(k) for k in self.known],
            self.stock_known,
            list(self.buried_by),
            list(self.buried_at),
            [list(x) for x in self.thrown],
            [list(x) for x in self.passed],
            [None if m is None else list(m) for m in self.moves],
            [list(x) for x in self.eaten_at],
        )


def replay_start(h: Hand) -> tuple[Hand, _Trail]:
    """Where the replay of ``h``'s history starts: the deal, with nothing
    seen yet; the position a hand was built from, with what it shows (who
    threw each card of the discard pile, the cards taken into concealed
    melds); or, for a determinization, the
    hand as it was dealt again, with what had been seen by then. The actions
    after the start's own history are replayed on it (an unseeded hand's
    reshuffles as they fell). For the engine's replays (knowledge, seat
    records): it holds every hidden card."""
    from rummykit.engine.deal import new_hand

    d = h._dealt
    if "origin" in d:
        return d["origin"].clone(), d["trail"].copy()
    if "position" in d:
        from rummykit.engine.position import from_position

        g = from_position(h._v, d["position"])
        trail = _Trail.empty(h._n)
        for c, q in zip(g._pile, g._pile_from, strict=True):
            if q >= 0:  # thrown by seat q (-1: dealt there)
                trail.thrown[q].append(c)
        trail.buried_by = [None] * len(g._buried)
        trail.buried_at = [None] * len(g._buried)
        trail.eaten_at = [[None] * len(e) for e in g._eaten]
        trail.known = [Counter(c for c, _ in e) for e in g._eaten]  # taken in sight of all
        return g, trail
    if "seed" in d:
        g = new_hand(
            h._v, h._n, seed=d["seed"], dealer=h._dealer, deal_number=h._deal_number, standing=h._standing
        )
    else:
        g = new_hand(
            h._v,
            h._n,
            seed=h._seed,
            dealer=h._dealer,
            deal_number=h._deal_number,
            standing=h._standing,
            hands=d["hands"],
            discard=d.get("discard", ""),
            stock=d.get("stock", ""),
            cut=d.get("cut") or None,
            second_hands=d.get("second"),
        )
        if "reshuffles" in d:  # an unseeded hand: its reshuffles played back as they fell
            from rummykit.engine.deal import OsShuffle

            g._rng = OsShuffle([], replay=d["reshuffles"])
    return g, _Trail.empty(h._n)


def _trail(h: Hand) -> _Trail:
    """The public trail of ``h`` at its last action (replayed from its
    origin: no record of the hidden cards is consulted)."""
    g, trail = replay_start(h)
    _follow(g, trail, h._history[len(g._history) :])
    return trail


def _follow(g: Hand, trail: _Trail, actions: Iterable[Action]) -> None:
    """Play ``actions`` on ``g``, adding to ``trail`` what every seat sees."""
    from rummykit.engine.actions import Discard, Draw, Pass, Take, perform
    from rummykit.engine.phase import Phase

    n = g._n
    known, thrown, passed, moves = trail.known, trail.thrown, trail.passed, trail.moves
    shuffled = bool(getattr(g._v.stock, "shuffle", False))
    concealing = g._kit.conceals_eaten  # melds made with a taken card stay in hand (Phỏm)
    for a in actions:
        actor = g._current
        left = isinstance(a, Draw) or (isinstance(a, Pass) and g._phase is Phase.OFFER)
        top = g._pile[-1] if g._pile else None
        if actor is not None and top is not None and left:
            passed[actor].append(top)
        choice = left or (isinstance(a, Take) and a.depth == 1 and a.then is None and not a.and_draw)
        before_lists = [list(x) for x in g._hands]
        before_public = _public(g)
        stock_before = len(g._stock)
        reuses = g._reuses
        buried = len(g._buried)
        eaten = (
            [list(zip(e, trail.eaten_at[q], strict=True)) for q, e in enumerate(g._eaten)]
            if concealing
            else []
        )
        g._legal = None
        g._history.append(a)
        pile = len(g._pile)
        perform(g, a)
        if actor is not None and isinstance(a, Discard) and len(g._pile) > pile:  # face up, not buried
            thrown[actor].append(a.card)
        after_public = _public(g)
        lost = before_public - after_public  # public cards that left the pile / table
        shown = after_public - before_public
        for q in range(n):
            if q != actor and g._hands[q] == before_lists[q]:
                continue  # unchanged: nothing gained, nothing played, no move of its own
            now = Counter(g._hands[q])
            before = Counter(before_lists[q])
            gained = now - before
            seen = gained & lost
            if seen:
                known[q] += seen
                lost -= seen
            went = before - now
            # Played cards leave what is known, as everybody saw them: a card the
            # seat showed (on the pile, the table) takes one known copy of it,
            # whether or not it was that very card (with two decks, which one it
            # was is hidden); a card that went somewhere hidden (face down, a
            # concealed meld) could be any of them, so nothing stays known.
            if went:
                if went - shown:
                    known[q].clear()
                else:
                    known[q] -= went
            known[q] &= now  # (a no-op but for the seat's own hand: known cards are held)
            record = moves[q]
            if record is None or not (gained or went or q == actor):
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
        if g._reuses != reuses and not shuffled:  # turned over as it lay: its order is known
            turned = (
                len(g._stock) - stock_before + (1 if len(g._hands[actor]) > len(before_lists[actor]) else 0)
            )
            trail.stock_known += max(0, turned)
        trail.stock_known = min(trail.stock_known, len(g._stock))
        trail.buried_by.extend([actor] * (len(g._buried) - buried))
        trail.buried_at.extend([len(g._history) - 1] * (len(g._buried) - buried))
        if g._phase.hands_shown:  # laid out face up (the showdown after a knock)
            trail.known = [Counter(x) for x in g._hands]
        for q, e in enumerate(g._eaten if concealing else ()):
            trail.eaten_at[q] = [_taken_at(eaten[q], x, len(g._history) - 1) for x in e]


def _taken_at(before: list[tuple[Any, int | None]], entry: Any, now: int) -> int | None:
    """Where the concealed eaten meld ``entry`` was taken: its index among
    the melds held ``before`` this action, else this action (``now``)."""
    for i, (x, at) in enumerate(before):
        if x == entry:
            del before[i]
            return at
    return now


def knowledge(h: Hand, seat: int) -> Knowledge:
    """What ``seat`` knows of ``h``'s hidden cards (see the module docstring).

    Found by replaying ``h``'s actions from its deal (or the position it
    was built from, or the point a determinization was dealt again).
    """
    seat = whole_number(seat, "knowledge: seat")
    if not 0 <= seat < h._n:
        raise ArgumentError(f"knowledge: seat: no seat {seat} in a hand of {h._n} players")
    trail = _trail(h)
    out = [tuple(sorted(trail.known[q].elements(), key=_CODE)) for q in range(h._n)]
    out[seat] = tuple(h._hands[seat])
    over = h.is_over  # the face-down cards are turned up at the end
    return Knowledge(
        seat=seat,
        history=len(h._history),
        known=tuple(out),
        stock_known=trail.stock_known,
        buried_known=tuple(b == seat or over for b in trail.buried_by[: len(h._buried)]),
        thrown=tuple(tuple(x) for x in trail.thrown),
        passed=tuple(tuple(x) for x in trail.passed),
        moves=tuple(None if m is None else () if q == seat else tuple(m) for q, m in enumerate(trail.moves)),
        trail=trail,
    )


def _sorted_cards(c: Counter[Card]) -> list[Card]:
    return sorted(c.elements(), key=_CODE)


def _deal_again(h: Hand, k: Knowledge, rng: random.Random) -> Hand:
    trail = k._trail if k._trail is not None else _trail(h)
    r = h.clone()
    pool: list[Card] = []
    keep: list[list[Card]] = []
    for q in range(h._n):
        if q == k.seat:
            keep.append(list(h._hands[q]))
            continue
        have = Counter(h._hands[q])
        rest = have - Counter(k.known[q])
        pool.extend(rest.elements())
        keep.append(sorted((have - rest).elements(), key=_CODE))
    # the bottom ``stock_known`` cards of the stock are known (top card last)
    free_stock = len(h._stock) - k.stock_known
    pool.extend(h._stock[k.stock_known :])
    hidden_buried = [i for i, mine in enumerate(k.buried_known) if not mine]
    pool.extend(h._buried[i] for i in hidden_buried)
    for x in h._second:  # face down: unseen by every seat, its owner too
        pool.extend(x)
    pool.sort(key=_CODE)  # which cards are unseen, never where they lie: the shuffle is the seed's alone
    rng.shuffle(pool)
    for q in range(h._n):
        if q != k.seat and h._eaten[q]:
            r._eaten[q] = _eaten_again(r, q, keep[q], pool, trail.eaten_at[q], rng)
    pos = 0
    for q in range(h._n):
        if q == k.seat:
            continue
        need = len(h._hands[q]) - len(keep[q])
        cards = keep[q]
        for c in pool[pos : pos + need]:
            insort(cards, c, key=_CODE)
        pos += need
        r._hands[q] = cards
    r._stock = list(h._stock[: k.stock_known]) + pool[pos : pos + free_stock]
    pos += free_stock
    for q in range(h._n):
        if h._second[q]:
            r._second[q] = sorted(pool[pos : pos + len(h._second[q])], key=_CODE)
            pos += len(h._second[q])
    for i in hidden_buried:
        r._buried[i] = pool[pos]
        pos += 1
        at = trail.buried_at[i] if i < len(trail.buried_at) else None
        if at is not None:  # the history names the face-down card the seat never saw: now r's
            r._history[at] = _renamed(r._history[at], h._buried[i], r._buried[i])
    r._rng = random.Random(rng.getrandbits(64))
    _dealt_again(r, trail)
    return r


def _eaten_again(
    r: Hand, q: int, keep: list[Card], pool: list[Card], taken_at: list[int | None], rng: random.Random
) -> tuple[tuple[Card, Meld], ...]:
    """Seat ``q``'s concealed eaten melds (Phỏm) made again: each taken card,
    which everybody saw, with two cards that meld with it, chosen at random
    among the unseen cards in ``pool`` (moved into ``keep``, the cards ``q``
    keeps) and ``q``'s known cards not spoken for. Only the taken card was
    seen: the meld's other cards, and how many there are, stay unknown. The
    history's takes name the new melds."""
    from rummykit.engine.actions import MeldAction

    taken = Counter(c for c, _ in r._eaten[q])
    spare = Counter(keep) - taken
    out: list[tuple[Card, Meld]] = []
    for (card, _), at in zip(r._eaten[q], taken_at, strict=True):
        close = sorted(
            {c for c in (*pool, *spare.elements()) if c != card and _may_meld(card, c, r._wild)}, key=_CODE
        )
        melds = []
        for i, a in enumerate(close):
            for b in close[i + 1 :]:
                meld = r._kit.meld_of(((card, None), (a, None), (b, None)), r._wild)
                if meld is not None:
                    melds.append((meld, (a, b)))
        if not melds:  # pragma: no cover - the real meld's cards are among them
            raise RummyError(f"resample: no meld with the taken card {card} among the unseen cards")
        meld, pair = rng.choice(melds)
        for c in pair:
            if spare[c] > 0:
                spare[c] -= 1
            else:
                pool.remove(c)
                insort(keep, c, key=_CODE)
        out.append((card, meld))
        if at is not None:
            group = tuple((c, None) for c in meld.cards)
            r._history[at] = attrs.evolve(cast(Any, r._history[at]), then=MeldAction((group,)))
    return tuple(out)


def _may_meld(card: Card, other: Card, wild: Any) -> bool:
    """Whether ``other`` may share a three-card meld with ``card``: near it
    (:func:`rummykit.melds.meld.near`), or a joker or wild either way."""
    if card.rank is None or other.rank is None or card.rank in wild or other.rank in wild:
        return True
    return near(card, other)


def _renamed(a: Action, old: Card, new: Card) -> Action:
    """``a`` with its card fields that hold ``old`` holding ``new``."""
    fields: Any = attrs.fields(cast(Any, type(a)))  # every action is an attrs class
    changes = {f.name: new for f in fields if getattr(a, f.name) == old}
    return attrs.evolve(cast(Any, a), **changes) if changes else a


def _dealt_again(r: Hand, trail: _Trail) -> None:
    """Make ``r``, whose hidden cards were just dealt again, a hand of its
    own: no seed or deal of the hand it came from (either would deal that
    hand's real cards again), and its own start for later replays (its
    knowledge, its record): itself as it is now, with ``trail``."""
    r._seed = None
    r._legal = None
    r._legal_brief = False
    origin = r.clone()
    origin._dealt = {}
    r._dealt = {"origin": origin, "trail": trail}


def resample(h: Hand, seat: int, *, seed: int | None = None) -> Hand:
    """A hand ``seat`` cannot tell from ``h``: see the module docstring.

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("straight"), players=3, seed=2)
    >>> [h.resample(1, seed=s).view(1) == h.view(1) for s in range(3)]
    [True, True, True]
    """
    seed = whole_number(seed, "resample: seed", none=True)
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
    before = Counter(h._hands[seat]) + Counter(h._stock[i] for i in stock)
    if Counter(hand) + Counter(stock.values()) != before or len(hand) != len(h._hands[seat]):
        raise ArgumentError(
            "swap_hidden: hand, stock: the cards must only move between the hand and those stock positions"
        )
    if spoken_for(h, seat) - Counter(hand):
        raise ArgumentError("swap_hidden: hand: the cards of a concealed eaten meld stay in the hand")
    origin = h._dealt.get("origin")
    at_origin = origin is not None and len(origin._history) == len(h._history)
    trail = None if at_origin else _trail(h)  # what was seen, before the cards move
    for g in [h, origin] if origin is not None and at_origin else [h]:
        g._hands[seat] = sorted(hand, key=_CODE)
        for i, c in stock.items():
            g._stock[i] = c
    h._legal = None
    if trail is not None:  # its deal no longer leads here: it starts from where it is now
        _dealt_again(h, trail)


def spoken_for(h: Hand, seat: int) -> Counter[Card]:
    """The cards of ``seat``'s concealed eaten melds in ``h`` (Phỏm): they stay
    in its hand, so an opponent model must not trade them away.

    >>> import rummykit as rk
    >>> spoken_for(rk.new_hand(rk.load_variant("phom"), players=2, seed=1), 0)
    Counter()
    """
    return Counter(c for _, meld in h._eaten[seat] for c in meld.cards)


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
    real = Counter(h._hands[q]) - known
    total = sum(real.values())
    found = [sum(((Counter(x) - known) & real).values()) / total for x in hands] if total else []
    if not found:
        raise ArgumentError("hidden_share: no hidden card to find, or no hand dealt")
    return sum(found) / len(found)


def with_stock(h: Hand, stock: Iterable[Card]) -> Hand:
    """A copy of ``h`` whose stock is ``stock`` (the same cards in another
    order, bottom first): a hand no seat can tell from ``h``, for checks of
    what a seat may see (its record would not replay: its deal is ``h``'s).
    :class:`ValueError` unless ``stock`` holds exactly the stock's cards.

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=1)
    >>> other = with_stock(h, reversed(h.stock))
    >>> other.stock == h.stock[::-1], other.view(0) == h.view(0)
    (True, True)
    """
    cards = list(stock)
    if Counter(cards) != Counter(h._stock):
        raise ArgumentError("with_stock: stock: the new stock must hold the stock's cards")
    other = h.clone()
    other._stock = cards
    other._legal = None
    return other
