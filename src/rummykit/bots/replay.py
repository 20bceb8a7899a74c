"""An opponent model that replays the opponent's play: which hidden cards
make its draws and discards likely.

A uniform determinization deals an opponent any of the cards its seat has
not seen. But a player's choices tell on its hand: a greedy player takes the
top discard when it makes a meld with two cards it holds, and throws its
least useful loose card. This module samples the opponent's hidden cards
from the posterior under such a model, by Markov chain Monte Carlo over its
whole *trail*: the cards it was dealt and each hidden card it drew, in order.

A trail is a list of *slots*: the dealt cards, then the cards of each stock
draw. Replaying the opponent's public moves (:class:`rummykit.engine.resample.Move`,
from :attr:`rummykit.engine.resample.Knowledge.moves`) on it gives its hand
before each move (:func:`hands_before`); a trail is valid when every card the
opponent played was in its hand. Every valid trail is equally likely before
the play is read (the deck was shuffled uniformly), so its posterior weight
is the model's probability of the moves seen (:meth:`Replay.weight`). The
chain (Metropolis) proposes two moves, each symmetric: give a hidden slot
another unseen card, or exchange two slots' cards (when a card came).

Only public facts are read: the moves, the seat's own cards, what it saw
taken. The chain starts from a uniform determinization's hand and stock.

>>> import rummykit as rk
>>> from rummykit.bots import SearchBot
>>> v = rk.load_variant("gin")
>>> h = rk.new_hand(v, players=2, seed=5)
>>> bots = [rk.GreedyBot(v, seed=1), rk.GreedyBot(v, seed=2)]
>>> while h.turns < 8:
...     _ = h.apply(bots[h.current_player].choose(h.view(h.current_player)))
>>> view = h.view(h.current_player)
>>> model = Replay(SearchBot(v, seed=0))
>>> hands = model.sample(view, 1 - view.player, steps=60, seed=3)
>>> all(len(x) == len(h.hand_of(1 - view.player)) for x in hands)
True
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from rummykit.bots.simple import _sorted
from rummykit.cards import Card
from rummykit.engine import Hand, View
from rummykit.engine.resample import Move, spoken_for, swap_hidden

if TYPE_CHECKING:
    from rummykit.bots.search import SearchBot

__all__ = ["Replay", "hands_before", "place"]

TAKE_ERROR = 0.05
"""The chance the model gives a draw choice other than its own (the greedy
bot takes the top discard when it makes a meld with two of its natural
cards: a rule it follows in each of 2,905 greedy Gin draws measured)."""

OUT_OF_DEADWOOD = 0.04
"""The chance the model gives a discard from the melds of the hand's best
arrangement (94 of 2,905 greedy Gin discards, 3.2%)."""

USE_SLOPE = 0.7
"""How fast a discard's chance falls per point of use (value less twice its
closeness to a meld) below the least useful loose card: 88.5% of greedy Gin
discards were the least useful, 6% one point more. Of 0.3, 0.5, 0.7, 1.0,
1.5, 2.5 and 4.0, the slopes 0.3-0.7 let the chain's hands hold the most of
the opponent's real hidden cards over 140 greedy Gin positions (about 0.35,
against 0.32-0.33 at 1.5 and 0.23 for uniform deals; bench/RESULTS.md,
round 23): a gentle slope, not the steepest the discards suggest."""


def hands_before(moves: tuple[Move, ...], slots: list[Card], dealt: int) -> list[Counter[Card]] | None:
    """The hand before each of ``moves``, replayed from a trail (``slots``:
    the ``dealt`` cards, then each hidden draw's cards in order), or None
    when a move plays a card the hand does not hold.

    >>> from rummykit.cards import parse_cards
    >>> from rummykit.engine.resample import Move
    >>> a, b, c = parse_cards("2C 3C 9D")
    >>> trail = (Move("draw", drew=1), Move("discard", out=(b,), card=b))
    >>> [sorted(x) for x in hands_before(trail, [a, b, c], 2)]
    [[2C, 3C], [2C, 3C, 9D]]
    >>> hands_before(trail, [a, c, b], 2) is not None, hands_before((Move("discard", out=(b,)),), [a, c], 2)
    (True, None)
    """
    hand = Counter(slots[:dealt])
    pos = dealt
    before = []
    for m in moves:
        before.append(hand.copy())
        hand.update(m.came)
        if m.drew:
            hand.update(slots[pos : pos + m.drew])
            pos += m.drew
        out = Counter(m.out)
        if out - hand:
            return None
        hand -= out
    return before


def _trail(moves: tuple[Move, ...], hand: tuple[Card, ...], rng: random.Random) -> tuple[list[Card], int] | None:
    """A valid trail that ends in ``hand``, built backward: each hidden draw
    is a card of the hand then not known to the observer (uniformly)."""
    cur = Counter(hand)
    draws: list[list[Card]] = []
    for m in reversed(moves):
        z: list[Card] = []
        if m.drew:
            free = _sorted(tuple((cur - Counter(m.known)).elements()))
            if len(free) < m.drew:
                return None
            z = rng.sample(free, m.drew)
            cur -= Counter(z)
        cur -= Counter(m.came)
        cur += Counter(m.out)
        draws.append(z)
    dealt = _sorted(tuple(cur.elements()))
    return [*dealt, *(c for z in reversed(draws) for c in z)], len(dealt)


class Replay:
    """The opponent model: how likely a greedy player's moves are for a
    trail, and samples of its hidden cards (:meth:`sample`). ``bot``: the
    search bot whose arrangement memo and card values it shares."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot

    def weight(self, moves: tuple[Move, ...], before: list[Counter[Card]], wild: frozenset[Any]) -> float:
        """The model's probability of ``moves`` from the hands ``before`` them."""
        bot = self.bot
        deck = bot.variant.deck
        w = 1.0
        for m, held in zip(moves, before, strict=True):
            if m.kind == "draw" and m.top is not None:
                natural = [c for c in held if c.rank is not None and not deck.is_wild(c, wild)]
                wants = deck.is_wild(m.top, wild) or bot._melds_two(m.top, natural, wild)
                w *= 1.0 - TAKE_ERROR if wants == m.took else TAKE_ERROR
            elif m.kind == "discard" and m.card is not None:
                cards = _sorted(tuple(held.elements()))
                w *= bot.throw_odds(cards, m.card, wild, in_melds=OUT_OF_DEADWOOD, slope=USE_SLOPE)
        return w

    def sample(
        self, view: View, q: int, *, steps: int, seed: int, deadline: float | None = None
    ) -> list[tuple[Card, ...]]:
        """Hands seat ``q`` may hold, drawn along a chain of ``steps`` steps
        (the first third discarded, then 30 samples evenly spaced), cut short
        when ``time.perf_counter()`` passes ``deadline`` (then the samples
        so far, or the chain's last hand); ``[]`` where its moves cannot be
        replayed or it holds no hidden card."""
        known = view.knowledge()
        moves = known.moves[q] if q < len(known.moves) else None
        if not moves:
            return []
        rng = random.Random(seed)
        det = view.resample(seed=rng.getrandbits(64))
        start = _trail(moves, det.hand_of(q), rng)
        if start is None:
            return []
        slots, dealt = start
        # the hidden cards of q's hand (whose identity the chain may change);
        # a concealed eaten meld's cards stay (the determinization dealt them)
        fixed = Counter(known.known[q]) | spoken_for(det, q)
        hidden = Counter(det.hand_of(q)) - fixed
        if not hidden:
            return []
        free = []
        for c in slots:  # the first copies of the hidden cards (two decks: either copy would do)
            free.append(hidden[c] > 0)
            if hidden[c] > 0:
                hidden[c] -= 1
        pool = list(det.stock[known.stock_known :])  # unseen cards outside q's hand
        before = hands_before(moves, slots, dealt)
        if before is None:
            return []
        wild = view.wild_ranks
        w = self.weight(moves, before, wild)
        burn = steps // 3
        thin = max(1, (steps - burn) // 30)
        n = len(slots)
        out: list[tuple[Card, ...]] = []
        hidden_slots = [x for x in range(n) if free[x]]
        for step in range(steps):
            if deadline is not None and step % 8 == 7 and time.perf_counter() >= deadline:
                if not out:
                    out.append(_sorted((*fixed.elements(), *(slots[i] for i in hidden_slots))))
                break
            new = slots.copy()
            j = -1
            if rng.random() < 0.5 and pool:  # another unseen card in a hidden slot
                i = rng.choice(hidden_slots)
                j = rng.randrange(len(pool))
                new[i] = pool[j]
            else:  # two slots exchange their cards (which came when)
                i, k = rng.randrange(n), rng.randrange(n)
                new[i], new[k] = new[k], new[i]
            tried = None if new == slots else hands_before(moves, new, dealt)
            if tried is not None:
                w2 = self.weight(moves, tried, wild)
                if w2 >= w or rng.random() * w < w2:
                    if j >= 0:
                        pool[j] = slots[i]
                    else:
                        free[i], free[k] = free[k], free[i]
                        hidden_slots = [x for x in range(n) if free[x]]
                    slots, w = new, w2
            if step >= burn and (step - burn) % thin == 0:
                out.append(_sorted((*fixed.elements(), *(slots[i] for i in hidden_slots))))
        return out


def place(det: Hand, q: int, cards: tuple[Card, ...], stock_known: int) -> bool:
    """Give seat ``q`` the hand ``cards`` in the determinization ``det``,
    its unseen cards trading places with unseen stock cards; False (``det``
    unchanged) when some card is not in its hand or that unseen stock, or
    the hand lacks a card of ``det``'s concealed eaten melds (Phỏm)."""
    if spoken_for(det, q) - Counter(cards):
        return False
    have = Counter(det.hands[q])
    need = Counter(cards) - have
    give = list(_sorted(tuple((have - Counter(cards)).elements())))
    spots: dict[int, Card] = {}
    for i in range(stock_known, len(det.stock)):
        if need[det.stock[i]] > 0 and give:
            need[det.stock[i]] -= 1
            spots[i] = give.pop()
    if +need or give:
        return False
    swap_hidden(det, q, list(cards), spots)
    return True
