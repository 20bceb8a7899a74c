"""Observations: a flat float vector built only from one seat's view.

The vector has three parts (offsets in :attr:`Observer.layout`):

1. ``planes``: ``P x K`` values, one plane per row, one column per card
   identity of the variant's shoe (``K``: 52, or 53 with jokers), each value
   the number of such cards (two-deck shoes hold two of each):

   * 0: the seat's own hand;
   * 1 .. n-1: the cards each other seat is known to hold (seats in playing
     order after the observer): cards it took from the discard pile and has
     not played since, everything at the showing; worked out from the public
     discard pile and table only;
   * n: the discard pile; n+1: its top card;
   * n+2 .. 2n+1: the cards on the table, by the owner of the meld (the
     observer first, then the others in order);
   * 2n+2: the wild cards of this hand (wild ranks, jokers, cut card rank).

2. ``scalars``: the phase (one-hot over the phases of
   :class:`~rummykit.Phase` the variant can reach: ``answer`` only where
   the others answer a called draw or a partner's permission to go out is
   asked), whether
   it is the observer's move, the stock count / shoe size, then per seat
   (observer first) its hand count / shoe size, whether it has melded,
   whether it dropped, its score for the hand once over (the settlement,
   scaled by the largest absolute score), and the turn / ``limits.max_turns``;
   where the variant deals a second hand (a foot, a morto), then per seat
   the cards of the second hand it holds face down / shoe size (a count,
   never its cards) and whether it has picked one up; where a partner's
   permission to go out is asked, whether the answer this turn was yes, and
   whether it was no.

3. ``prefix``: per token of the action vocabulary, how many times it appears
   in the pending token prefix of the current decision (all zero between
   actions and for a seat that is not to move), then the prefix length.

Nothing else enters: two hands whose views for a seat are equal (and with the
same public history) give that seat identical observations.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from rummykit.cards import Card
from rummykit.engine import Phase, View
from rummykit.rl.tokens import ActionTokens, largest_shoe, shoe_identities
from rummykit.variant import Variant

__all__ = ["KnownCards", "Observer"]

_PHASES = tuple(p for p in Phase if p is not Phase.ANSWER)
"""The phases every variant may reach (``answer`` is added where a called
draw is answered or a partner's permission to go out asked, so the other
variants' observations keep their shape)."""


def _table_codes(view: View) -> Counter[int]:
    out: Counter[int] = Counter()
    for t in view.table:
        out.update(c.code for c in t.meld.cards)
    return out


class KnownCards:
    """What every seat publicly knows of each seat's hand.

    Updated after each action from the public parts of the views before and
    after it (the discard pile, the table, the stock count): a seat whose
    action shrank the discard pile (without a reshuffle) took those cards;
    cards it then put on the table or the pile leave its known cards.
    """

    __slots__ = ("known",)

    def __init__(self, players: int) -> None:
        self.known: list[Counter[int]] = [Counter() for _ in range(players)]

    def update(self, actor: int, before: View, after: View) -> None:
        """Account for one action of seat ``actor``."""
        pile0, pile1 = before.discard, after.discard
        same_table = before.table == after.table
        if pile0 == pile1 and same_table:
            return
        known = self.known[actor]
        if same_table:  # a draw from the pile or a discard: no table to compare
            common = _common_prefix(pile0, pile1)
            if after.stock_count <= before.stock_count:
                for c in pile0[common:]:
                    known[c.code] += 1
            for c in pile1[common:]:
                left = known.get(c.code, 0) - 1
                if left > 0:
                    known[c.code] = left
                else:
                    known.pop(c.code, None)
            return
        gained: Counter[int] = Counter()
        lost: Counter[int] = Counter()
        if pile0 != pile1:
            common = _common_prefix(pile0, pile1)
            if after.stock_count <= before.stock_count:  # not a reshuffle of the pile into the stock
                gained.update(c.code for c in pile0[common:])
            lost.update(c.code for c in pile1[common:])
        table0, table1 = _table_codes(before), _table_codes(after)
        gained += table0 - table1
        lost += table1 - table0
        for code, m in gained.items():
            known[code] += m
        for code, m in lost.items():
            left = known.get(code, 0) - m
            if left > 0:
                known[code] = left
            else:
                known.pop(code, None)


def _common_prefix(pile0: tuple[Card, ...], pile1: tuple[Card, ...]) -> int:
    """How many cards at the bottom two discard piles share."""
    m = min(len(pile0), len(pile1))
    if pile0[:m] == pile1[:m]:  # the usual case: a card added on top or taken off it
        return m
    common = 0
    for a, b in zip(pile0, pile1, strict=False):
        if a is not b and a != b:
            break
        common += 1
    return common


class Observer:
    """Encodes a seat's view as a float32 vector of fixed shape (see the module doc).

    >>> import rummykit as rk
    >>> from rummykit.rl.tokens import ActionTokens
    >>> v = rk.load_variant("gin")
    >>> obs = Observer(v, 2, ActionTokens(v))
    >>> obs.shape, obs.layout["planes"]
    ((504,), (0, 364))
    >>> h = rk.new_hand(v, players=2, seed=1)
    >>> x = obs.encode(h.view(0), KnownCards(2))
    >>> int(x[:52].sum())  # ten cards in hand
    10
    """

    def __init__(self, v: Variant, players: int, tokens: ActionTokens) -> None:
        self.variant = v
        self.players = n = players
        self.tokens = tokens
        ids = shoe_identities(v)
        self.identities = ids
        self.k = k = len(ids)
        self.column = [-1] * 53
        for i, c in enumerate(ids):
            self.column[c.code] = i
        self.shoe = float(largest_shoe(v))
        self.n_planes = 2 * n + 3
        planes = self.n_planes * k
        self.permission = v.going_out.asks_permission()
        answered = v.going_out.answers_draw() or self.permission
        phases = (*_PHASES, Phase.ANSWER) if answered else _PHASES
        self.n_phases = len(phases)
        self.second = v.second_hand.dealt()
        # where a partner's permission to go out is asked: its answer this turn (yes, no)
        scalars = (
            self.n_phases + 2 + 4 * n + 1 + (2 * n if self.second else 0) + (2 if self.permission else 0)
        )
        prefix = len(tokens) + 1
        self.layout: dict[str, tuple[int, int]] = {
            "planes": (0, planes),
            "scalars": (planes, planes + scalars),
            "prefix": (planes + scalars, planes + scalars + prefix),
        }
        self.size = planes + scalars + prefix
        self.shape = (self.size,)
        self.max_turns = float(max(1, v.limits.max_turns))
        self._phase_index = {p: i for i, p in enumerate(phases)}
        self._wild_cache: dict[tuple[object, ...], list[int]] = {}

    def _wild_columns(self, view: View) -> list[int]:
        """The positions of the wild plane's ones (cached by wild ranks and cut card)."""
        key = (view.wild_ranks, view.cut)
        found = self._wild_cache.get(key)
        if found is None:
            deck = self.variant.deck
            base = (2 * self.players + 2) * self.k
            wild = [base + i for i, c in enumerate(self.identities) if deck.is_wild(c, view.wild_ranks)]
            found = self._wild_cache[key] = wild
        return found

    def encode(
        self,
        view: View,
        known: KnownCards,
        prefix: Sequence[int] = (),
        scores: Sequence[float] | None = None,
    ) -> npt.NDArray[np.float32]:
        """The observation of ``view.player``; ``prefix`` is its pending token prefix,
        ``scores`` the hand's settlement once it is over (any scale)."""
        n, k, col = self.players, self.k, self.column
        me = view.player
        order = [(me + i) % n for i in range(n)]
        # the planes: one position per card, counted at once
        at = [col[c.code] for c in view.hand]
        shown = view.shown_hands
        for j, seat in enumerate(order[1:], start=1):
            base = j * k
            if shown:
                at += [base + col[c.code] for c in shown[seat]]
            else:
                for code, m in known.known[seat].items():
                    at += [base + col[code]] * m
        base = n * k
        discard = view.discard
        at += [base + col[c.code] for c in discard]
        if discard:
            at.append(base + k + col[discard[-1].code])
        if view.table:
            rel = {seat: j for j, seat in enumerate(order)}
            for t in view.table:
                base = (n + 2 + rel[t.owner]) * k
                at += [base + col[c.code] for c in t.meld.cards]
        at += self._wild_columns(view)
        x = np.bincount(at, minlength=self.size).astype(np.float32) if at else np.zeros(self.size, np.float32)
        # the scalars, written in one slice
        start, end = self.layout["scalars"]
        scalars = [0.0] * (end - start)
        scalars[self._phase_index[view.phase]] = 1.0
        s = self.n_phases
        scalars[s] = 1.0 if view.current_player == me else 0.0
        scalars[s + 1] = view.stock_count / self.shoe
        s += 2
        counts, melded, dropped = view.hand_counts, view.melded, view.dropped
        top = max((abs(v) for v in scores), default=0.0) if scores is not None else 0.0
        for j, seat in enumerate(order):
            scalars[s + j] = counts[seat] / self.shoe
            scalars[s + n + j] = 1.0 if melded[seat] else 0.0
            scalars[s + 2 * n + j] = 1.0 if dropped[seat] else 0.0
            if scores is not None and top:
                scalars[s + 3 * n + j] = scores[seat] / top
        scalars[s + 4 * n] = min(1.0, view.turn / self.max_turns)
        if self.second:  # the second hands: a count each (never their cards) and who picked one up
            for j, seat in enumerate(order):
                scalars[s + 4 * n + 1 + j] = view.second_counts[seat] / self.shoe
                scalars[s + 5 * n + 1 + j] = 1.0 if view.second_taken[seat] else 0.0
        if self.permission:
            said = s + 4 * n + 1 + (2 * n if self.second else 0)
            scalars[said] = 1.0 if view.permission == "yes" else 0.0
            scalars[said + 1] = 1.0 if view.permission == "no" else 0.0
        x[start:end] = scalars
        if prefix:
            self.add_prefix(x, prefix)
        return x

    def add_prefix(self, x: npt.NDArray[np.float32], prefix: Sequence[int]) -> None:
        """Write the pending token prefix into an observation whose prefix part is zero."""
        p = self.layout["prefix"][0]
        for t in prefix:
            x[p + t] += 1.0
        x[p + len(self.tokens)] = len(prefix)
