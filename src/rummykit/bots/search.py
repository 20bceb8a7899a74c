"""A search bot: determinized Monte Carlo rollouts with UCB over legal actions.

For each decision, :class:`SearchBot` spends its budget (a number of
iterations, or seconds of thinking) on this loop: deal a determinization of
the hand (:meth:`rummykit.View.resample`: the same view for the seat, the
cards it has not seen dealt again at random), give each opponent the hand a
player who kept its best cards could hold (below), play every candidate
action from it, then play the hand out with fast greedy players (a few
random moves mixed in) and score the result: 1 for a win, shared wins split,
0 for a loss; a rollout cut short after ``rollout_turns`` turns is scored by
comparing the seats' deadwood. Where the hand is won by going out first
(unless the first meld needs a longer meld) or by a knock under a limit, rollouts
look only ``horizon`` turns ahead (:func:`default_horizon`) and are scored
there by :meth:`SearchBot.leaf`.
The default (:meth:`SearchBot.default`: the greedy bot's choice, through
:meth:`SearchBot.race` where a knock limit ends the hand and
:meth:`SearchBot.tempo` where going out does) is played unless another
candidate beats it by ``margin`` standard errors over the same
determinizations, and (without a horizon) at least :data:`MIN_ENDED` of the
rollouts reached the end of the hand. Where a knock under a fixed limit ends
the hand (Gin) the default is played at once, without rollouts
(:func:`default_margin`).

Opponent model. A uniform determinization deals an opponent random unseen
cards: a weaker hand than a player who has kept melding cards for several
turns, so rollouts against it favour waiting and feeding the opponent. So
each opponent's unknown cards are chosen as the best of more: its unknown
cards and one more unseen card from the stock for each turn it has played
(at most ``opponent_turns``, and :data:`MODEL_CARDS` cards in all), keeping
the cards of a best arrangement's melds first, then the lowest; the others
go back to the stock where the extra cards came from. Every card the seat
saw stays where it is, so the seat's view is unchanged.

It is generic over every variant: it only asks the engine for legal actions,
determinizations and results. With an iteration budget it is deterministic
for a given seed; a time budget (``think`` seconds) depends on the machine.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections import Counter
from typing import Any, Literal

import attrs

from rummykit.bots.replay import Replay, place
from rummykit.bots.simple import _CARDS, STALL_TURNS, GreedyBot, _closeness, _sorted
from rummykit.cards import Card
from rummykit.engine import (
    Action,
    Call,
    Declare,
    Discard,
    Draw,
    Drop,
    Hand,
    Knock,
    Layoff,
    MeldAction,
    Pass,
    Pick,
    Take,
    View,
)
from rummykit.engine.kit import codes, table_for
from rummykit.engine.resample import Knowledge, spoken_for, swap_hidden
from rummykit.melds import card_value, min_deadwood
from rummykit.melds.meld import near
from rummykit.melds.solver import deadwood_cards, discard_deadwoods
from rummykit.rules import STANDARD_VALUES
from rummykit.rules.going_out import Knock as KnockOut
from rummykit.rules.scoring import IndianPoints, MeldsMinusHand, OwnMelds, Penalty, WinnerTakes
from rummykit.rules.timing import InitialMeld
from rummykit.variant import Variant

__all__ = ["DECLARE_HORIZON", "HORIZON", "MARGIN", "SearchBot", "default_horizon", "default_margin"]

MODEL_CARDS = 18
"""The most cards the opponent model chooses from (a hand and its extra
cards; fewer extra cards for larger hands, none from 18 cards on): one
arrangement search per opponent and determinization, which must stay quick."""

MIN_ENDED = 0.5
"""The search plays another candidate than its default only when at least
this share of its rollouts reached the end of the hand: in games whose
rollouts mostly stop at ``rollout_turns`` (Continental, Boathouse), the
comparison of deadwood that scores a cut-short rollout is not a result, and
choices made on it did not beat the greedy bot (44.0% of 100 Continental
hands at 1 s a decision, 95% CI 34.7-53.8%)."""

_COUNTING = {**dict.fromkeys(STANDARD_VALUES, 1), "JK": 0}
"""Card values under which a hand's deadwood is the number of its unmelded
cards (wild jokers, which join any meld, count nothing)."""

REPLAY_SHARE = 0.25
"""With a time budget, the most of it the replay chain (``replay``) may take;
the rollouts have the rest."""

DEFAULT_ITERATIONS = 200
"""Rollouts per decision when neither ``iterations`` nor ``think`` is given."""

HORIZON = 4
"""Turns the search looks ahead where :meth:`SearchBot.leaf` scores what
wins the hand (:func:`default_horizon`): two turns each in a two-player
hand. In Gin (a knock under a limit) 4 turns won 60.0% of 150 duplicate
deals at 1 s a decision, 8 turns 54.5% and full rollouts 53.5% of 100
(bench/RESULTS.md, round 18). Where going out first wins, 4 turns read
1.3 points more than 8 on average over 16 pairs of 50-deal halves in nine
games (-7 to +8, a standard error of about 0.9; rounds 19-20): no clear
gain, so one look-ahead serves both; a declaration of the whole hand
(Indian, the -7 and the -2 among them) has its own, :data:`DECLARE_HORIZON`."""

DECLARE_HORIZON = 8
"""Turns the search looks ahead where the hand is won by declaring the whole
hand at once (Indian rummy: nothing is melded during play, and the
declaration needs two runs, one pure, all ready together), where
:meth:`SearchBot.leaf`'s count of cards outside melds, read after 4 turns,
says less of who declares first. Indian rummy at 1 s a decision, over the
same 300 duplicate deals: 62.7% against the greedy bot at 8 turns, 59.2%
at 4 (six 50-deal halves, each 0 to 9 points up; bench/RESULTS.md, round
24)."""


def default_horizon(variant: Variant) -> int | None:
    """The look-ahead :class:`SearchBot` uses unless told (``horizon="auto"``):
    :data:`HORIZON` turns where :meth:`SearchBot.leaf` scores what wins the
    hand, that is where going out first wins it (the winner takes the
    others' cards, the others pay their own, the winner scores its own melds
    or its melds less its hand) or a knock under a limit does (Gin);
    :data:`DECLARE_HORIZON` turns where going out is a declaration of the
    whole hand (Indian rummy). A first meld that must reach a points
    threshold does not stop the look-ahead (Kalooki, Rommé: their first
    melds are down by the second turn, and 4 turns read 1.5 points more
    than full rollouts over four 50-deal halves; bench/RESULTS.md, rounds 17
    and 21). None, rollouts played to the end of the hand, elsewhere: where
    the first meld needs a longer meld than the shortest one (Rami ta'
    L-att's four cards, which a third of hands never reach, so the leaf's
    count of cards outside melds misleads), or a first-meld rule of another kind;
    where the hand is settled in payments or chips (Continental, Nowrang,
    Phỏm, whose showing turns end it), or a knock with any count ends it
    (Knock Rummy).

    >>> import rummykit as rk
    >>> [default_horizon(rk.load_variant(n)) for n in ("indian", "gin", "romme", "rami-malta", "nowrang")]
    [8, 4, 4, None, None]
    """
    going_out = variant.going_out
    if isinstance(going_out, KnockOut):
        return HORIZON if going_out.fixed_knock_limit() is not None else None
    if _opening_binds(variant) or going_out.showing_turn():
        return None
    if isinstance(variant.scoring, WinnerTakes | Penalty | OwnMelds | IndianPoints | MeldsMinusHand):
        return DECLARE_HORIZON if going_out.declares() else HORIZON
    return None


MARGIN = 2.0
"""Standard errors by which a candidate's paired rollouts must beat the
default move for the search to play it (:func:`default_margin`)."""


def default_margin(variant: Variant) -> float:
    """The ``margin`` :class:`SearchBot` uses unless told (``margin="auto"``):
    :data:`MARGIN`, except where a knock under a fixed limit ends the hand
    (Gin): there the search keeps its default move (:meth:`SearchBot.race`)
    and plays no rollouts (infinity). Against the greedy bot, whose
    look-ahead is 2 turns in those games, the search's choices lost: 48.3%
    of 200 duplicate Gin deals at 1 s a decision, where its default alone
    won 51.5% of the same deals, below it in each of the four 50-deal halves
    (bench/RESULTS.md, round 26). Where going out first wins, the search
    beat its default on the same deals by 2 to 4 points in Straight, Block,
    Wrotham, Rommé and Kalooki.

    >>> import rummykit as rk
    >>> [default_margin(rk.load_variant(n)) for n in ("gin", "straight", "knock")]
    [inf, 2.0, 2.0]
    """
    return math.inf if variant.going_out.fixed_knock_limit() is not None else MARGIN


def _opening_binds(variant: Variant) -> bool:
    """Whether the first meld has a requirement the look-ahead's leaf cannot
    see: a meld longer than the variant's shortest, or a rule of a kind
    other than a threshold (a points threshold alone does not bind).

    >>> import rummykit as rk
    >>> [_opening_binds(rk.load_variant(n)) for n in ("straight", "romme", "rami-malta")]
    [False, False, True]
    """
    rule = variant.initial_meld
    if not rule.required:
        return False
    if not isinstance(rule, InitialMeld):
        return True
    return rule.min_meld_size > getattr(variant.melds, "smallest_meld", 0)


class SearchBot:
    """Determinized flat Monte Carlo search with UCB1 (see the module docstring).

    ``SearchBot(variant, seed=..., iterations=N)`` runs N rollouts per
    decision (deterministic for a seed); ``think=S`` stops within S seconds
    instead, dropping a rollout still running then (both: whichever comes
    first).
    ``max_candidates`` bounds the actions searched (the default move,
    :meth:`default`, is always among them, and
    another is played only when its paired rollouts beat it by ``margin``
    standard errors; ``"auto"``, the default: :func:`default_margin`, which
    is infinite in Gin, where the default is played without rollouts);
    ``rollout_turns`` bounds each rollout; ``horizon=T`` looks ahead only
    ``T`` turns instead, every rollout scored there by :meth:`leaf` and the
    default beaten on those scores alone (None: rollouts play the hand out;
    ``"auto"``, the default: :func:`default_horizon` chooses from the
    variant's rules); ``opponent_turns`` bounds the
    opponent model (0: uniform determinizations; see the module);
    ``infer=N`` draws each determinization from N uniform ones in proportion
    to how likely each makes the opponents' throws and the upcards they left
    (:meth:`infer_deal`; 1, the default: no weighing);
    ``replay=S`` (two-player hands) deals the opponent hands sampled by S
    steps of a chain over its play (:mod:`rummykit.bots.replay`) instead of
    the opponent model (0, the default: off).

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
        explore: float = 0.7,
        epsilon: float = 0.1,
        margin: float | Literal["auto"] = "auto",
        opponent_turns: int = 8,
        infer: int = 1,
        replay: int = 0,
        horizon: int | Literal["auto"] | None = "auto",
    ) -> None:
        if iterations is None and think is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if infer < 1:
            raise ValueError(f"infer must be at least 1, got {infer}")
        if replay < 0:
            raise ValueError(f"replay must be 0 (off) or a number of chain steps, got {replay}")
        if horizon == "auto":
            horizon = default_horizon(variant)
        if horizon is not None and (not isinstance(horizon, int) or isinstance(horizon, bool) or horizon < 1):
            raise ValueError(
                f'horizon must be "auto", None (play the hand out) or at least 1 turn, got {horizon!r}'
            )
        if margin == "auto":
            margin = default_margin(variant)
        if isinstance(margin, bool) or not isinstance(margin, int | float) or not margin >= 0:
            raise ValueError(f'margin must be "auto" or a number of standard errors of at least 0, got {margin!r}')
        if replay and infer > 1:
            raise ValueError("infer and replay are two opponent models: choose one")
        if think is not None and think <= 0:
            raise ValueError(f"think must be a positive number of seconds, got {think}")
        self.variant = variant
        self.iterations = iterations
        self.think = think
        self.max_candidates = max_candidates
        self.rollout_turns = rollout_turns
        self.explore = explore
        self.epsilon = epsilon
        self.margin: float = margin
        """Standard errors by which a candidate must beat the default (infinite:
        the default is played without rollouts)."""
        self.opponent_turns = opponent_turns
        self.infer = infer
        self.replay = replay
        self.horizon: int | None = horizon
        """Turns each rollout looks ahead (None: to the end of the hand)."""
        self._model = Replay(self)
        self._samples: dict[int, list[tuple[Card, ...]]] = {}
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(variant, seed=self.rng.getrandbits(32))
        # memos per wild set, keyed on card codes (untracked by the garbage
        # collector: see rummykit.engine.kit)
        self._dw: dict[frozenset[Any], dict[bytes, int]] = {}
        self._arr: dict[frozenset[Any], dict[bytes, tuple[int, int]]] = {}
        self._values: dict[Card, int] = {}
        self._least: dict[frozenset[Any], dict[bytes, int]] = {}
        self._loose: dict[frozenset[Any], dict[bytes, int]] = {}
        self._loose_best: dict[frozenset[Any], dict[bytes, int]] = {}
        # the variant with every card worth 1 (jokers 0): its deadwood counts cards
        self._counting = attrs.evolve(variant, scoring=attrs.evolve(variant.scoring, card_values=_COUNTING))
        self.last_stats: list[tuple[str, int, float]] = []
        """After each search: (action, visits, mean value) per candidate."""

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
        """The action with the best mean result over the rollouts.

        With a time budget (``think``) Python's automatic garbage collection
        is paused for the decision and restored after it (it was enabled):
        a full collection over a long-running process's memos, inside a 1 s
        decision, used to push it past its budget (bench/RESULTS.md, round
        16); the decision's own garbage is freed as it goes, by reference
        counting."""
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
        if self.replay:
            cut = None if deadline is None else start + REPLAY_SHARE * (deadline - start)
            self._samples = self._replayed(view, rng.getrandbits(64), cut)
        else:
            self._samples = {}
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
                ranked = sorted(alive, key=lambda k: -_mean(values[k]))
                alive = sorted({0, *ranked[: max(2, (len(alive) + 1) // 2)]})
        best = 0
        best_gain = 0.0
        # most rollouts cut short: their deadwood estimates are not results,
        # and the default stands (Continental, Boathouse: see the module);
        # with a horizon every rollout stops by design, scored by leaf()
        for j in alive[1:] if self.horizon is not None or ended >= MIN_ENDED * it else ():
            gain, err = _paired(values[j], values[0])
            if gain > best_gain and gain > self.margin * err:
                best, best_gain = j, gain
        self.last_stats = [(str(cands[j]), len(values[j]), _mean(values[j])) for j in range(n)]
        return cands[best]

    def default(self, view: View) -> Action:
        """The move the search keeps unless a candidate beats it: the greedy
        bot's choice, through :meth:`race` where a knock limit ends the hand
        and :meth:`tempo` where going out does.

        >>> import rummykit as rk
        >>> v = rk.load_variant("straight")
        >>> h = rk.new_hand(v, players=2, seed=2)
        >>> SearchBot(v, seed=1).default(h.view(h.current_player)) in h.legal_actions()
        True
        """
        choice = self.greedy.choose(view)
        if self._knock_limit() is not None:
            return self.race(view, choice)
        return self.tempo(view, choice)

    def tempo(self, view: View, choice: Action) -> Action:
        """The greedy bot's ``choice``, corrected where going out (not a knock)
        ends the hand by the race to go out: of the discards, those that leave
        the fewest cards outside melds, and of those the ones with the most
        outs (the unseen cards, counted with their copies, after which some
        discard leaves fewer still: the unseen cards as in :meth:`race`).
        ``choice`` is kept when it is among them; else the greedy bot chooses
        among them. Elsewhere (a knock or a showing turn ends the hand, no
        discard to choose, past ``STALL_TURNS``) ``choice`` is returned
        unchanged: in Phỏm, whose hand ends at the fourth turn with the lowest
        count winning, this choice lost (45.0% of 1,000 hands alone).

        The greedy bot weighs cards by their deadwood value; a hand is won by
        going out first, which counts cards, not points: as a bot alone this
        choice won 52% of 2,000 Straight hands and 55% of Boathouse hands
        against the greedy bot (``bench/tempobot.py``).

        >>> import rummykit as rk
        >>> v = rk.load_variant("straight")
        >>> h = rk.new_hand(v, players=2, seed=2)
        >>> _ = h.apply("draw")
        >>> view = h.view(h.current_player)
        >>> bot = SearchBot(v, seed=1)
        >>> bot.tempo(view, bot.greedy.choose(view)) in view.legal
        True
        """
        going_out = self.variant.going_out
        if isinstance(going_out, KnockOut) or going_out.showing_turn() or not isinstance(choice, Discard):
            return choice
        discards = [a for a in view.legal if isinstance(a, Discard)]
        if len(discards) < 2 or view.turn > STALL_TURNS:
            return choice
        tied = self._tempo_ties(view, discards)
        if choice in tied:
            return choice
        return self.greedy._discard_choice(view, tied) if len(tied) > 1 else tied[0]

    def _tempo_ties(self, view: View, discards: list[Discard]) -> list[Discard]:
        """The ``discards`` :meth:`tempo` rates best, and equal: those that
        leave the fewest cards outside melds, and of those the ones with the
        most outs."""
        wild = view.wild_ranks
        # the unmelded count each discard leaves: one pass over the hand
        each = discard_deadwoods(
            self._counting, _sorted(view.hand), wild_ranks=wild, among={a.card for a in discards}
        )
        assert each is not None  # only fast_only gives None
        least = min(each.values())
        tied = [a for a in discards if each[a.card] == least]
        if len(tied) > 1 and least > 0:
            unseen = self._unseen_now(view)
            deck = self.variant.deck
            outs: dict[Discard, int] = {}
            for a in tied:
                rest = list(view.hand)
                rest.remove(a.card)
                natural = [z for z in rest if z.rank is not None and not deck.is_wild(z, wild)]
                outs[a] = sum(
                    k
                    for y, k in unseen
                    if (deck.is_wild(y, wild) or any(near(y, z) for z in natural))
                    and self._least_after((*rest, y), view, counting=True) < least
                )
            most = max(outs.values())
            tied = [a for a in tied if outs[a] == most]
        return tied

    def loose(self, cards: list[Card] | tuple[Card, ...], wild: frozenset[Any] = frozenset()) -> int:
        """How many of ``cards`` the best arrangement leaves outside melds
        (wild cards not counted: they join any meld). Memoised.

        >>> import rummykit as rk
        >>> bot = SearchBot(rk.load_variant("straight"))
        >>> bot.loose(rk.parse_cards("2H 3H 4H 9S 9C KD"))
        3
        """
        wild = frozenset(wild)
        memo = table_for(self._loose, wild, 100_000)
        key = _key(cards)
        found = memo.get(key)
        if found is None:
            hand = _cards(key)
            count = min_deadwood(self._counting, hand, wild_ranks=wild) if hand else 0
            found = memo[key] = count if count is not None else len(hand)
        return found

    def _unseen_now(self, view: View) -> list[tuple[Card, int]]:
        """The unseen cards with their copies: as the greedy bot counts them,
        less the cards seen taken into another hand."""
        counts = self.greedy._unseen_counts(self.variant, view)
        for q, cards in enumerate(view.knowledge().known):
            if q != view.player:  # cards seen taken into another hand are not in the stock
                for c in cards:
                    counts[c.code] = max(0, counts[c.code] - 1)
        return [(_CARDS[code], k) for code, k in enumerate(counts) if k]

    def race(self, view: View, choice: Action) -> Action:
        """The default move: the greedy bot's ``choice``, corrected where a
        knock ends the hand (a knock limit, as in Gin) by the race to knock.
        Of the discards, the one with the best chance that the next stock card
        lets the bot knock (the exact chance over the unseen cards, one draw
        deep; ties go to the least deadwood) is played when it beats the
        greedy choice (the unseen cards: all but the bot's hand, the table,
        the discard pile and the cards seen taken into other hands); an upcard
        that lets the bot knock at once is taken.
        Elsewhere ``choice`` is returned unchanged.

        >>> import rummykit as rk
        >>> v = rk.load_variant("gin")
        >>> h = rk.new_hand(v, players=2, seed=2)
        >>> view = h.view(h.current_player)
        >>> bot = SearchBot(v, seed=1)
        >>> bot.race(view, bot.greedy.choose(view)) in view.legal
        True
        """
        limit = self._knock_limit()
        if limit is None or view.stock_count == 0:
            return choice
        greedy = self.greedy
        v = self.variant
        if isinstance(choice, Draw):
            top = view.top_discard
            take = next(
                (
                    a
                    for a in view.legal
                    if isinstance(a, Take) and a.depth == 1 and a.then is None and not a.and_draw
                ),
                None,
            )
            if take is None or top is None:
                return choice
            # after taking it the bot may not throw it back: the least of the other discards
            cards = _sorted((*view.hand, top))
            each = greedy._after_each(v, cards, set(view.hand), view)
            return take if min(each.values()) <= limit else choice
        if not isinstance(choice, Discard):
            return choice
        discards = [a for a in view.legal if isinstance(a, Discard)]
        if len(discards) < 2:
            return choice
        chance = self.knock_chances(view, discards)
        return self.race_among(view, chance, choice) if chance else choice

    def knock_chances(self, view: View, discards: list[Discard]) -> dict[Discard, float]:
        """Each of ``discards``' chance that the next stock card lets the bot
        knock (exact over the unseen cards, as :meth:`race` counts them, one
        draw deep); empty where no card is unseen or no knock limit applies.

        >>> import rummykit as rk
        >>> v = rk.load_variant("gin")
        >>> h = rk.new_hand(v, players=2, seed=2)
        >>> while not any(isinstance(a, Discard) for a in h.legal_actions()):
        ...     _ = h.apply(rk.GreedyBot(v).choose(h.view(h.current_player)))
        >>> view = h.view(h.current_player)
        >>> discards = [a for a in view.legal if isinstance(a, Discard)]
        >>> odds = SearchBot(v).knock_chances(view, discards)
        >>> set(odds) == set(discards), all(0.0 <= x <= 1.0 for x in odds.values())
        (True, True)
        """
        limit = self._knock_limit()
        unseen = self._unseen_now(view)
        total = sum(k for _, k in unseen)
        if limit is None or not total:
            return {}
        chance: dict[Discard, float] = {}
        for a in discards:
            rest = list(view.hand)
            rest.remove(a.card)
            ok = sum(k for x, k in unseen if self._least_after((*rest, x), view) <= limit)
            chance[a] = ok / total
        return chance

    def race_among(self, view: View, chance: dict[Discard, float], choice: Action) -> Action:
        """Of the discards of ``chance`` (:meth:`knock_chances`), ``choice``
        when it is one with the best chance, else the one with the best
        chance that leaves the least deadwood (then card order)."""
        best = max(chance.values())
        if isinstance(choice, Discard) and chance.get(choice, -1.0) >= best:
            return choice
        tied = [a for a in chance if chance[a] >= best]
        after = self.greedy._discard_deadwood(self.variant, view, tied)
        return min(tied, key=lambda a: (after[a.card], a.card.code))

    def _knock_limit(self) -> int | None:
        """The most deadwood a knock may leave, where knocking ends the hand
        under a limit; None elsewhere (any count, the upcard's value, no knock)."""
        limit = self.variant.going_out.fixed_knock_limit()
        return None if limit is None else min(limit, self.greedy.knock_at)

    def _least_after(self, cards: tuple[Card, ...], view: View, *, counting: bool = False) -> int:
        """The least deadwood ``cards`` leave after their best discard, or with
        ``counting`` the fewest cards left outside melds (memoised)."""
        memo = table_for(self._loose_best if counting else self._least, view.wild_ranks, 50_000)
        key = _key(cards)
        found = memo.get(key)
        if found is None:
            hand = _cards(key)
            if counting:  # the counting variant: not the greedy bot's (its memo holds points)
                each = discard_deadwoods(self._counting, hand, wild_ranks=view.wild_ranks, exact=False)
            else:
                each = self.greedy._after_each(self.variant, hand, set(hand), view)
            found = memo[key] = min(each.values()) if each else 0
        return found

    def _replayed(
        self, view: View, seed: int, deadline: float | None = None
    ) -> dict[int, list[tuple[Card, ...]]]:
        """The opponent's hands sampled by :class:`rummykit.bots.replay.Replay`
        for this decision (with ``replay`` on and one opponent left), the
        chain cut at ``deadline``."""
        live = [q for q in range(len(view.hand_counts)) if q != view.player and not view.dropped[q]]
        if len(live) != 1:
            return {}
        found = self._model.sample(view, live[0], steps=self.replay, seed=seed, deadline=deadline)
        return {live[0]: found} if found else {}

    def deal(self, view: View, seed: int) -> Hand:
        """One determinization for the search: a replayed opponent hand
        (``replay``), else :meth:`infer_deal` given the opponent model
        (:meth:`strengthen`). The seat's view of it is the view."""
        if not self._samples:
            return self.strengthen(view, self.infer_deal(view, seed))
        det = view.resample(seed=seed)
        stock_known = view.knowledge().stock_known
        for q, hands in self._samples.items():
            place(det, q, det.rng.choice(hands), stock_known)
        return det

    def infer_deal(self, view: View, seed: int) -> Hand:
        """A determinization of ``view``'s hand weighed by what the opponents
        did: of ``infer`` uniform ones (:meth:`rummykit.View.resample`), one
        drawn in proportion to :meth:`likelihood` (with ``infer=1``, the
        default, the uniform ``view.resample(seed=seed)``).

        >>> import rummykit as rk
        >>> v = rk.load_variant("gin")
        >>> h = rk.new_hand(v, players=2, seed=2)
        >>> view = h.view(h.current_player)
        >>> SearchBot(v, infer=8).infer_deal(view, 3).view(view.player) == view
        True
        """
        if self.infer == 1:
            return view.resample(seed=seed)
        rng = random.Random(seed)
        known = view.knowledge()
        dets = [view.resample(seed=rng.getrandbits(64)) for _ in range(self.infer)]
        weights = [
            math.prod(
                self.likelihood(known, q, d.hand_of(q), view.wild_ranks)
                for q in range(d.players)
                if q != view.player and not view.dropped[q]
            )
            for d in dets
        ]
        return rng.choices(dets, weights=weights)[0] if sum(weights) > 0 else dets[0]

    def likelihood(self, known: Knowledge, q: int, cards: tuple[Card, ...], wild: frozenset[Any]) -> float:
        """How likely a player who keeps the cards it wants (as the greedy bot
        does) played as seat ``q`` did, if it now holds ``cards``: an upcard it
        left lying (:attr:`Knowledge.passed`) would have made a meld with two
        of them: x 0.05; a card it threw (:attr:`Knowledge.thrown`) would have:
        x 0.2; its last throw, which left it these very cards, is out of its
        best arrangement's melds (x 0.2) and among its least useful loose
        cards (x exp(-0.3 per point of use below the least useful))."""
        v = self.variant
        natural = [c for c in cards if c.rank is not None and not v.deck.is_wild(c, wild)]
        # a Knowledge built without the public lists reads as no play seen
        passed = known.passed[q] if q < len(known.passed) else ()
        thrown = known.thrown[q] if q < len(known.thrown) else ()
        w = 1.0
        for x in dict.fromkeys(passed):  # a card left twice (the first upcard) reads once
            if self._melds_two(x, natural, wild):
                w *= 0.05
        for y in thrown:
            if self._melds_two(y, natural, wild):
                w *= 0.2
        if thrown:
            w *= self.throw_odds(_sorted((*cards, thrown[-1])), thrown[-1], wild, in_melds=0.2, slope=0.3)
        return w

    def throw_odds(
        self, cards: tuple[Card, ...], y: Card, wild: frozenset[Any], *, in_melds: float, slope: float
    ) -> float:
        """How likely a player keeping the cards it wants throws ``y`` from the
        sorted ``cards``: ``in_melds`` when ``y`` is in the melds of their best
        arrangement, else exp(-``slope`` per point of use (value less twice the
        closeness to a meld) below the least useful loose card).

        >>> import rummykit as rk
        >>> bot = SearchBot(rk.load_variant("gin"), seed=1)
        >>> cards = _sorted(tuple(rk.parse_cards("7H 8H 9H 2C KS")))
        >>> [round(bot.throw_odds(cards, rk.Card.parse(t), frozenset(), in_melds=0.2, slope=0.3), 3) for t in ("KS", "2C", "8H")]
        [1.0, 0.091, 0.2]
        """
        _, dead = self._arrangement(cards, wild)
        if not dead >> y.code & 1:
            return in_melds
        use = {c: self.value(c) - 2 * _closeness(c, cards, wild) for c in cards if dead >> c.code & 1}
        return math.exp(-slope * (max(use.values()) - use[y]))

    def _melds_two(self, card: Card, natural: list[Card], wild: frozenset[Any]) -> bool:
        """Whether ``card`` makes a meld with two of the ``natural`` cards
        (the greedy bot's upcard rule)."""
        return self.greedy._melds_two(self.variant, card, natural, wild)

    def strengthen(self, view: View, det: Hand) -> Hand:
        """Give each opponent in the determinization ``det`` (of ``view``'s
        hand) the best of more unseen cards (see the module): changed in
        place and returned. The seat's view of it is unchanged.

        >>> import rummykit as rk
        >>> v = rk.load_variant("gin")
        >>> h = rk.new_hand(v, players=2, seed=2)
        >>> for _ in range(6):
        ...     _ = h.apply(rk.GreedyBot(v).choose(h.view(h.current_player)))
        >>> view = h.view(h.current_player)
        >>> det = SearchBot(v, seed=1).strengthen(view, view.resample(seed=3))
        >>> det.view(view.player) == view
        True
        """
        extra = min(self.opponent_turns, max(0, (view.turn - 1) // len(view.hand_counts)))
        if extra <= 0:
            return det
        known = view.knowledge()
        top = len(det.stock)  # the stock's top is its end; the bottom stock_known cards were seen
        v = self.variant
        for q in range(det.players):
            take = min(extra, top - known.stock_known)
            if q == view.player or view.dropped[q] or take <= 0:
                continue
            seen = Counter(known.known[q]) | spoken_for(det, q)
            unknown = list((Counter(det.hands[q]) - seen).elements())
            take = min(take, MODEL_CARDS - len(det.hands[q]))
            if not unknown or take <= 0:
                continue
            spots = range(top - take, top)
            pool = unknown + [det.stock[i] for i in spots]
            kept, back = keep_best(v, list(seen.elements()), pool, len(unknown), det.wild_ranks)
            swap_hidden(det, q, [*seen.elements(), *kept], dict(zip(spots, back, strict=True)))
            top -= take
        return det

    def _rollout(self, h: Hand, seat: int, rng: random.Random, deadline: float | None = None) -> float | None:
        """Play ``h`` out with the rollout policy and score it for ``seat``;
        None when the clock passes ``deadline`` first (a long rollout, as in
        Indian rummy, would otherwise end a decision far past its budget)."""
        stop = h.turns + (self.rollout_turns if self.horizon is None else self.horizon)
        steps = 0
        while not h.is_over and h.turns < stop:
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
        """A cut-short rollout: how the seat's deadwood compares with the best other."""
        dws = [
            self._deadwood_raw(h.hand_of(s), h.wild_ranks) if h.dropped[s] is None else 10**6
            for s in range(h.players)
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
        if isinstance(self.variant.going_out, KnockOut):
            return self._estimate(h, seat)
        wild = h.wild_ranks
        counts = [self.loose(h.hand_of(s), wild) if h.dropped[s] is None else 10**6 for s in range(h.players)]
        mine = counts[seat]
        others = min(x for s, x in enumerate(counts) if s != seat)
        return 0.5 + 0.5 * (others - mine) / (others + mine + 2)

    def _deadwood(self, v: Variant, cards: tuple[Card, ...], view: View) -> int:
        return self._deadwood_raw(cards, view.wild_ranks)

    def _arrangement(self, cards: tuple[Card, ...], wild: frozenset[Any]) -> tuple[int, int]:
        """The deadwood value of one best arrangement of ``cards`` and its
        leftover cards as a mask of card codes (bit ``code``): two ints, which
        the garbage collector does not track (memoised)."""
        memo = table_for(self._arr, wild, 50_000)
        key = codes(cards)
        found = memo.get(key)
        if found is None:
            # the leftover of one best arrangement, without building its melds
            # (the component solver's walk where it applies: Indian hands)
            dead = deadwood_cards(self.variant, cards, wild_ranks=wild) if cards else None
            table = self.greedy._value_table(self.variant, wild)
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
        memo = table_for(self._dw, wild, 50_000)
        key = _key(cards)
        found = memo.get(key)
        if found is None:
            dw = min_deadwood(self.variant, _cards(key), wild_ranks=wild) if cards else None
            found = memo[key] = dw if dw is not None else 0
        return found


def keep_best(
    v: Variant, seen: list[Card], pool: list[Card], need: int, wild: frozenset[Any]
) -> tuple[list[Card], list[Card]]:
    """The ``need`` cards of ``pool`` a player holding ``seen`` would keep,
    and the others: the cards of a best arrangement's melds (of ``seen`` and
    the pool) first, then the lowest values, then card order.

    >>> import rummykit as rk
    >>> kept, back = keep_best(rk.load_variant("gin"), [], rk.parse_cards("AH 7C 8C 9C TC JC QC KC"), 7, frozenset())
    >>> back
    [AH]
    """
    every = sorted([*seen, *pool], key=lambda c: c.code)
    dead = deadwood_cards(v, every, wild_ranks=wild)
    melded = Counter(every) - Counter(every if dead is None else dead)
    order = []
    for c in sorted(pool, key=lambda c: c.code):
        value = card_value(v, c, wild_ranks=wild)
        order.append((melded[c] <= 0, value, c.code, c))
        melded[c] -= 1
    order.sort(key=lambda x: x[:3])
    return [x[3] for x in order[:need]], [x[3] for x in order[need:]]


def _key(cards: tuple[Card, ...] | list[Card]) -> bytes:
    """A memo key for ``cards`` in any order: their sorted codes."""
    return bytes(sorted([c.code for c in cards]))


def _cards(key: bytes) -> tuple[Card, ...]:
    """The sorted cards of a :func:`_key`."""
    return tuple([_CARDS[code] for code in key])


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else -1.0


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of the paired differences a - b (common rollouts), and its
    standard error."""
    k = min(len(a), len(b))
    if k < 2:
        return 0.0, 1.0
    d = [a[-k + i] - b[-k + i] for i in range(k)]
    m = sum(d) / k
    var = sum((x - m) ** 2 for x in d) / (k - 1)
    return m, (var / k) ** 0.5 + 1e-9


def fast_choice(
    bot: SearchBot,
    hand: tuple[Card, ...],
    legal: tuple[Action, ...],
    wild: frozenset[Any],
    stock: int,
    pile: tuple[Card, ...],
    rng: random.Random,
) -> Action:
    """A quick greedy move for rollouts: declare, go out, meld, lay off; take
    a discard close to a meld; discard the deadwood card of highest value and
    least use (one best-arrangement call); knock at ``knock_at`` or less."""
    discards: list[Discard] = []
    knocks: dict[Card | None, Knock] = {}
    plain_take: Action | None = None
    draw: Action | None = None
    passes: Action | None = None
    best_meld: MeldAction | None = None
    other: Action | None = None
    for a in legal:
        if isinstance(a, Discard):
            discards.append(a)
        elif isinstance(a, Declare):
            return a
        elif isinstance(a, Knock):
            knocks[a.card] = a
        elif isinstance(a, Call):
            return a
        elif isinstance(a, Take | Pick):
            if a.then is not None:
                return a
            if isinstance(a, Take) and a.depth == 1 and not a.and_draw:
                plain_take = a
        elif isinstance(a, MeldAction):
            if best_meld is None or len(a.cards()) > len(best_meld.cards()):
                best_meld = a
        elif isinstance(a, Layoff):
            if best_meld is None:
                other = other or a
        elif isinstance(a, Draw):
            draw = a
        elif isinstance(a, Pass):
            passes = a
        elif not isinstance(a, Drop) and other is None:
            other = a
    if best_meld is not None:
        return best_meld
    if isinstance(other, Layoff):
        return other
    if draw is not None or plain_take is not None:
        top = pile[-1] if pile else None
        if plain_take is not None and top is not None and stock > 0 and _closeness(top, hand, wild) >= 3:
            return plain_take
        if draw is not None:
            return draw
        if passes is not None:
            return passes
        assert plain_take is not None
        return plain_take
    if discards or knocks:
        dead_value, dead = bot._arrangement(hand, wild)
        choices = [a.card for a in discards] or [c for c in knocks if c is not None]
        if not choices:
            return next(iter(knocks.values()))
        if rng.random() < bot.epsilon:
            card = rng.choice(choices)
        else:
            pool = [c for c in choices if dead >> c.code & 1] or choices
            card = max(pool, key=lambda c: (bot.value(c) - 2 * _closeness(c, hand, wild), c.code))
        if None in knocks and dead_value == 0:
            return knocks[None]
        k = knocks.get(card)
        if k is not None and (dead_value - (bot.value(card) if dead >> card.code & 1 else 0)) <= bot.greedy.knock_at:
            return k
        if not discards:
            return k or next(iter(knocks.values()))
        return Discard(card)
    if passes is not None:
        return passes
    return other or legal[0]
