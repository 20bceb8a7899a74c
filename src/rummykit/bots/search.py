"""The search bot: determinized Monte Carlo rollouts over a few candidate moves.

For each decision, :class:`SearchBot` takes its default move
(:meth:`~rummykit.bots.races.Races.default`: the greedy bot's choice,
corrected by the race to knock or to go out) and the best few other
candidates, then repeats until its budget is spent: deal a determinization
(:meth:`rummykit.View.resample`: the same view for the seat, the cards it
has not seen dealt again), give each opponent the hand a player who kept its
best cards could hold (:mod:`rummykit.bots.opponents`), play every candidate
from it and play the hand out with a fast greedy policy
(:func:`rummykit.bots.rollout.fast_choice`), the same random numbers for
every candidate. A win scores 1, a shared win its share, a loss 0; a rollout
cut short after ``rollout_turns`` turns is scored by comparing deadwood, and
one stopped at the ``horizon`` by :meth:`SearchBot.leaf`. After 8, 16, 32,
... passes over the candidates the worse half is dropped (successive
halving). Another candidate replaces the default only when its paired
results beat it by ``margin`` standard errors.

It only asks the engine for legal actions, determinizations and results, so
it plays every variant. With an iteration budget it is deterministic for a
seed; a time budget (``think`` seconds) depends on the machine.
"""

from __future__ import annotations

import gc
import math
import random
import time
from typing import Any, Literal

import attrs

from rummykit.bots.greedy import GreedyBot
from rummykit.bots.hands import card_key, key_cards, memo_for, order_key
from rummykit.bots.opponents import strengthen
from rummykit.bots.races import Races
from rummykit.bots.rollout import fast_choice, mean, paired
from rummykit.bots.search_defaults import (
    DECLARE_HORIZON,
    HORIZON,
    MARGIN,
    default_horizon,
    default_margin,
)
from rummykit.cards import Card
from rummykit.engine import Action, Call, Declare, Discard, Hand, Knock, Layoff, MeldAction, Pick, Take, View
from rummykit.errors import ArgumentError, whole_number
from rummykit.melds import card_value, deadwood_cards, min_deadwood
from rummykit.rules import STANDARD_VALUES
from rummykit.variant import Variant

__all__ = ["DECLARE_HORIZON", "HORIZON", "MARGIN", "SearchBot", "default_horizon", "default_margin"]

MIN_ENDED = 0.5
"""The least share of full rollouts (no horizon) that must reach the end of
the hand for another candidate than the default to be played: the deadwood
comparison that scores a cut-short rollout is not a result."""

DEFAULT_ITERATIONS = 200
"""Rollouts per decision when neither ``iterations`` nor ``think`` is given:
a fraction of a second a decision in most games."""

_COUNTING = {**dict.fromkeys(STANDARD_VALUES, 1), "JK": 0}
"""Card values under which a hand's deadwood is the number of its unmelded
cards (wild jokers, which join any meld, count nothing)."""


class SearchBot(Races):
    """Determinized Monte Carlo search over a few candidate moves (see the
    module).

    ``SearchBot(variant, seed=..., iterations=N)`` plays N rollouts a
    decision, deterministic for a seed; ``think=S`` stops within S seconds
    instead, dropping a rollout still running then (with both, whichever
    comes first). ``max_candidates`` bounds the moves searched, the default
    always among them. ``margin``: the standard errors by which a candidate
    must beat the default (``"auto"``: :func:`default_margin`, infinite in
    Gin, where the default is played without rollouts). ``horizon``: the
    turns each rollout plays before :meth:`leaf` scores it (None: to the end
    of the hand, at most ``rollout_turns`` turns; ``"auto"``:
    :func:`default_horizon`). ``opponent_turns`` bounds the opponent model
    (0: uniform determinizations). ``epsilon``: the share of random
    discards in the rollouts.

    >>> import rummykit as rk
    >>> v = rk.load_variant("gin")
    >>> h = rk.new_hand(v, players=2, seed=2)
    >>> bot = SearchBot(v, seed=1, iterations=20)
    >>> bot.choose(h.view(h.current_player)) in h.legal_actions()
    True
    """

    def __init__(
        self,
        variant: Variant,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        think: float | None = None,
        max_candidates: int = 8,
        rollout_turns: int = 40,
        epsilon: float = 0.1,
        margin: float | Literal["auto"] = "auto",
        opponent_turns: int = 8,
        horizon: int | Literal["auto"] | None = "auto",
    ) -> None:
        if iterations is None and think is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ArgumentError(f"SearchBot: iterations must be at least 1, got {iterations}")
        if horizon == "auto":
            horizon = default_horizon(variant)
        if horizon is not None and (not isinstance(horizon, int) or isinstance(horizon, bool) or horizon < 1):
            raise ArgumentError(
                f'SearchBot: horizon must be "auto", None (play the hand out) or at least 1 turn, got {horizon!r}'
            )
        if margin == "auto":
            margin = default_margin(variant)
        if isinstance(margin, bool) or not isinstance(margin, int | float) or not margin >= 0:
            raise ArgumentError(
                f'SearchBot: margin must be "auto" or a number of standard errors of at least 0, got {margin!r}'
            )
        if think is not None and think <= 0:
            raise ArgumentError(f"SearchBot: think must be a positive number of seconds, got {think}")
        self.variant = variant
        self.iterations = iterations
        self.think = think
        self.max_candidates = max_candidates
        """The most moves searched, the default among them: more spread the
        budget thinner over moves that seldom beat it."""
        self.rollout_turns = rollout_turns
        """The longest rollout without a horizon: a hand that runs longer is
        scored by its deadwood, the budget kept for other rollouts."""
        self.epsilon = epsilon
        """The share of random discards in the rollouts, so that they do not
        all follow one line of play."""
        self.margin: float = margin
        """Standard errors by which a candidate must beat the default (infinite:
        the default is played without rollouts)."""
        self.opponent_turns = opponent_turns
        """Extra unseen cards, one per turn played, that the opponent model
        chooses an opponent's hand from: a player has seen about one more
        card a turn, but not many more than a hand's worth."""
        self.horizon: int | None = horizon
        """Turns each rollout looks ahead (None: to the end of the hand)."""
        self.rng = random.Random(whole_number(seed, "SearchBot: seed", none=True))
        self.greedy = GreedyBot(variant, seed=self.rng.getrandbits(32))
        # memos per wild set, keyed on card codes
        self._dw: dict[frozenset[Any], dict[bytes, int]] = {}
        self._arr: dict[frozenset[Any], dict[bytes, tuple[int, int]]] = {}
        self._values: dict[Card, int] = {}
        self._least: dict[frozenset[Any], dict[bytes, int]] = {}
        self._loose: dict[frozenset[Any], dict[bytes, int]] = {}
        self._loose_best: dict[frozenset[Any], dict[bytes, int]] = {}
        # the variant with every card worth 1 (jokers 0): its deadwood counts cards
        self._counting = attrs.evolve(variant, scoring=attrs.evolve(variant.scoring, card_values=_COUNTING))
        self.last_stats: list[tuple[str, int, float]] = []
        """After each search: (action, rollouts, mean value) per candidate."""

    def __call__(self, view: View) -> Action:
        return self.choose(view)

    def start_hand(self, view: View) -> None:
        """Forget the caches of the last hand."""
        self._dw.clear()
        self._arr.clear()
        self._least.clear()
        self._loose.clear()
        self._loose_best.clear()
        self.greedy.start_hand(view)

    # ------------------------------------------------------------------ search

    def candidates(self, view: View) -> list[Action]:
        """The actions worth searching: the default first (:meth:`default`),
        then the discards (and knocks) that leave the least deadwood, then the
        rest."""
        legal = list(view.legal)
        first = self.default(view)
        if len(legal) <= self.max_candidates:
            return [first, *(a for a in legal if a != first)]
        v = self.variant
        hand = view.hand

        def key(a: Action) -> tuple[int, int]:
            card = a.card if isinstance(a, Discard | Knock) else None
            if card is not None:
                rest = list(hand)
                rest.remove(card)
                return (0, self._deadwood(v, tuple(rest), view))
            if isinstance(a, MeldAction | Layoff | Take | Pick):
                return (1, -len(a.cards()) if isinstance(a, MeldAction) else 0)
            return (2, 0)

        ranked = sorted((a for a in legal if a != first), key=key)
        return [first, *ranked[: self.max_candidates - 1]]

    def choose(self, view: View) -> Action:
        """The candidate with the best paired result over the rollouts.

        With a time budget (``think``) Python's automatic garbage collection
        is paused for the decision and restored after it (when it was
        enabled), so that a full collection of a long-running process's memos
        does not push the decision past its budget; the decision's own
        garbage is freed as it goes, by reference counting."""
        if self.think is None or not gc.isenabled():
            return self._choose(view)
        gc.disable()
        try:
            return self._choose(view)
        finally:
            gc.enable()

    def _choose(self, view: View) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if isinstance(a, Declare):
                return a  # a valid declaration wins the hand
        if math.isinf(self.margin):  # nothing could beat the default: no rollouts
            return self.default(view)
        start = time.perf_counter()  # the time budget counts the candidates' choice too
        cands = self.candidates(view)
        if self.iterations is not None:
            cands = cands[: self.iterations]  # one round over the candidates fits the budget
        if len(cands) == 1 or isinstance(cands[0], Knock | MeldAction | Layoff | Call):
            # going out, knocking, melding and laying off are taken as the
            # greedy bot takes them: rollouts against redealt hands (weaker
            # than the hands real players keep) would wait too long
            return cands[0]
        seat = view.player
        n = len(cands)
        values: list[list[float]] = [[] for _ in range(n)]
        alive = list(range(n))
        rng = random.Random(self.rng.getrandbits(64))
        it = 0
        ended = 0
        rounds = 0
        deadline = None if self.think is None else start + self.think
        while True:
            # one determinization, every candidate still in the race played
            # from it with the same rollout seed (common random numbers)
            deal_seed = rng.getrandbits(64)
            roll_seed = rng.getrandbits(64)
            base = self.deal(view, deal_seed)
            played: list[tuple[int, bool]] = []
            for i in alive:
                if deadline is not None and it:
                    now = time.perf_counter()
                    if now + (now - start) / it >= deadline:  # one more rollout would overrun the budget
                        break
                det = base.clone()
                det.apply(cands[i])
                value = self._rollout(det, seat, random.Random(roll_seed), deadline)
                if value is None:  # the budget ran out inside the rollout
                    break
                values[i].append(value)
                played.append((i, det.is_over))
                ended += det.is_over
                it += 1
            if len(played) < len(alive):
                for i, done in played:  # an unfinished round: not paired with every candidate
                    values[i].pop()
                    ended -= done
                    it -= 1
                break
            rounds += 1
            if self.iterations is not None and it + len(alive) > self.iterations:
                break
            if rounds >= 8 and len(alive) > 2 and rounds & (rounds - 1) == 0:
                # successive halving: keep the better half (and the default)
                ranked = sorted(alive, key=lambda k: -mean(values[k]))
                alive = sorted({0, *ranked[: max(2, (len(alive) + 1) // 2)]})
        best = 0
        best_gain = 0.0
        # most rollouts cut short: their deadwood estimates are not results,
        # and the default stands; with a horizon every rollout stops by
        # design, scored by leaf()
        for j in alive[1:] if self.horizon is not None or ended >= MIN_ENDED * it else ():
            gain, err = paired(values[j], values[0])
            if gain > best_gain and gain > self.margin * err:
                best, best_gain = j, gain
        self.last_stats = [(str(cands[j]), len(values[j]), mean(values[j])) for j in range(n)]
        return cands[best]

    def deal(self, view: View, seed: int) -> Hand:
        """One determinization of ``view``'s hand for the search, the
        opponents' hands chosen by the opponent model (:meth:`strengthen`).
        The seat's view of it is the view."""
        return self.strengthen(view, view.resample(seed=seed))

    def strengthen(self, view: View, det: Hand) -> Hand:
        """Give each opponent in the determinization ``det`` the best of more
        unseen cards (:func:`rummykit.bots.opponents.strengthen`): changed in
        place and returned. The seat's view of it is unchanged.

        >>> import rummykit as rk
        >>> v = rk.load_variant("gin")
        >>> h = rk.new_hand(v, players=2, seed=2)
        >>> view = h.view(h.current_player)
        >>> SearchBot(v, seed=1).strengthen(view, view.resample(seed=3)).view(view.player) == view
        True
        """
        return strengthen(self.variant, view, det, self.opponent_turns)

    def _rollout(self, h: Hand, seat: int, rng: random.Random, deadline: float | None = None) -> float | None:
        """Play ``h`` out with the rollout policy and score it for ``seat``;
        None when the clock passes ``deadline`` first (a long rollout, as in
        Indian rummy, would otherwise end a decision far past its budget)."""
        stop = h.turn + (self.rollout_turns if self.horizon is None else self.horizon)
        steps = 0
        while not h.is_over and h.turn < stop:
            steps += 1
            if deadline is not None and steps % 4 == 0 and time.perf_counter() >= deadline:
                return None
            p = h.current_player
            assert p is not None
            # the knocker's other arrangements of its melds are not explored
            legal = h.legal_actions(every_arrangement=False)
            a = legal[0] if len(legal) == 1 else self._fast(h, p, legal, rng)
            h.apply(a)
        if h.is_over:
            result = h.result
            assert result is not None
            if seat in result.winners:
                return 1.0 / len(result.winners)
            return 0.0
        return self._estimate(h, seat) if self.horizon is None else self.leaf(h, seat)

    def _fast(self, h: Hand, p: int, legal: tuple[Action, ...], rng: random.Random) -> Action:
        """The rollout policy: the greedy bot's priorities with one solver call
        a turn (see :func:`fast_choice`)."""
        return fast_choice(self, h.hand_of(p), legal, h.wild_ranks, h.stock_count, h.discard_pile, rng)

    def _estimate(self, h: Hand, seat: int) -> float:
        """A cut-short rollout's score, from 0 to 1: how the seat's deadwood
        compares with the best other's."""
        active = h.active_seats()
        dws = [
            self._deadwood_raw(h.hand_of(s), h.wild_ranks) if s in active else 10**6 for s in range(h.players)
        ]
        mine = dws[seat]
        others = min(d for s, d in enumerate(dws) if s != seat)
        return 0.5 + 0.5 * (others - mine) / (others + mine + 10)

    def leaf(self, h: Hand, seat: int) -> float:
        """The score of a rollout stopped at the ``horizon``, from 0 to 1: where
        a knock ends the hand (Gin, Knock Rummy), how the seat's deadwood
        compares with the best other's; elsewhere, where going out first
        wins, how its count of cards outside melds (:meth:`loose`) compares.

        >>> import rummykit as rk
        >>> v = rk.load_variant("straight")
        >>> h = rk.new_hand(v, players=2, seed=1)
        >>> bot = SearchBot(v, horizon=4)
        >>> 0.0 <= bot.leaf(h, 0) <= 1.0 and round(bot.leaf(h, 0) + bot.leaf(h, 1), 9) == 1.0
        True
        """
        if self.variant.going_out.knock_ends_hand():
            return self._estimate(h, seat)
        wild = h.wild_ranks
        active = h.active_seats()
        counts = [self.loose(h.hand_of(s), wild) if s in active else 10**6 for s in range(h.players)]
        mine = counts[seat]
        others = min(x for s, x in enumerate(counts) if s != seat)
        return 0.5 + 0.5 * (others - mine) / (others + mine + 2)

    def _deadwood(self, v: Variant, cards: tuple[Card, ...], view: View) -> int:
        return self._deadwood_raw(cards, view.wild_ranks)

    def leftover(self, cards: tuple[Card, ...], wild: frozenset[Any]) -> tuple[int, int]:
        """The deadwood value of one best arrangement of ``cards`` (sorted)
        and its leftover cards as a mask of card codes (bit ``code``)
        (memoised).

        >>> import rummykit as rk
        >>> bot = SearchBot(rk.load_variant("gin"))
        >>> bot.leftover(tuple(rk.parse_cards("2H 3H 4H KS")), frozenset()) == (10, 1 << rk.Card.parse("KS").code)
        True
        """
        memo = memo_for(self._arr, wild, 50_000)
        key = order_key(cards)
        found = memo.get(key)
        if found is None:
            # the leftover of one best arrangement, without building its melds
            # (the component solver's walk where it applies: Indian hands)
            dead = deadwood_cards(self.variant, cards, wild_ranks=wild) if cards else None
            table = self.greedy.value_table(self.variant, wild)
            mask = 0
            for c in dead or ():
                mask |= 1 << c.code
            found = memo[key] = (sum(table[c.code] for c in dead), mask) if dead is not None else (0, 0)
        return found

    def value(self, card: Card) -> int:
        """The card's point value in the variant."""
        found = self._values.get(card)
        if found is None:
            found = self._values[card] = card_value(self.variant, card)
        return found

    def _deadwood_raw(self, cards: tuple[Card, ...], wild: frozenset[Any]) -> int:
        memo = memo_for(self._dw, wild, 50_000)
        key = card_key(cards)
        found = memo.get(key)
        if found is None:
            dw = min_deadwood(self.variant, key_cards(key), wild_ranks=wild) if cards else None
            found = memo[key] = dw if dw is not None else 0
        return found
