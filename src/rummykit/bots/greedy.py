"""The greedy bot: it plays what the variant allows, greedily, one move at a
time, by the deadwood each move leaves."""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Sequence

from rummykit.bots.beginner import plays_for_sets, take_for_a_set
from rummykit.bots.contracts import contract_move
from rummykit.bots.greedy_discard import REQUIREMENT_WEIGHT, STALL_TURNS, GreedyDiscard
from rummykit.bots.hands import (
    near,
    sort_cards,
    without,
)
from rummykit.bots.requirement import RunRequirement, clear_requirements
from rummykit.caches import register_cache
from rummykit.cards import Card, Rank
from rummykit.engine import (
    Action,
    Call,
    Declare,
    Discard,
    Draw,
    Drop,
    Fight,
    Fold,
    Knock,
    Layoff,
    MeldAction,
    Pass,
    Pick,
    Swap,
    Take,
    View,
)
from rummykit.errors import ArgumentError, whole_number
from rummykit.melds import (
    Arrangement,
    Meld,
    card_value,
    classify_meld,
    discard_deadwoods,
    layoff_options,
)
from rummykit.variant import Variant

__all__ = ["REQUIREMENT_WEIGHT", "STALL_TURNS", "GreedyBot", "clear_memos"]

HORIZON_TURNS = 6
"""Own turns over which the bot weighs a card's chance of joining a meld:
shorter look-aheads lost or tied in every game but Gin, longer ones gained
under a point (``bench/bots.py vs``)."""

KNOCK_HORIZON_TURNS = 2
"""The same where a knock under a fixed limit ends the hand (Gin), a race
to the limit that seldom leaves six turns to fill a partial meld: 2 turns
won about 54% of duplicate Gin deals against 6."""

DROP_ODDS = 0.5
"""Where a drop ends the hand with a showdown (Tonk): the least estimated
chance of holding the lowest count the greedy bot drops with."""

_MeldMemo = dict[tuple[int, int, int], bool]
_PairMemo = dict[tuple[int, int, frozenset[Rank]], tuple[int, ...]]
_MEMOS: dict[int, tuple[Variant | None, _MeldMemo, _PairMemo]] = {}


def _shared_memos(variant: Variant | None) -> tuple[_MeldMemo, _PairMemo]:
    """Memos of meld checks that depend only on the variant, shared by every
    greedy bot of that variant object (a simulation makes new bots each hand)."""
    found = _MEMOS.get(id(variant))
    if found is None or found[0] is not variant:
        if len(_MEMOS) > 32:
            _MEMOS.clear()
        found = _MEMOS[id(variant)] = (variant, {}, {})
    return found[1], found[2]


def clear_memos() -> None:
    """Forget the greedy bots' shared meld memos and run requirements."""
    _MEMOS.clear()
    clear_requirements()


register_cache("bots.greedy.memos", clear_memos, lambda: len(_MEMOS) + len(RunRequirement._made))


class GreedyBot(GreedyDiscard):
    """A rule-following player: it plays what the variant allows, greedily.

    - It declares or goes out whenever it can, calls, melds the longest meld
      and lays off what it can; it keeps a meld in hand rather than strand
      itself with one card on a table that can take none.
    - It takes an upcard that is wild or makes a meld with two natural cards
      of its hand, or that brings the runs a declaration requires closer
      (Indian rummy); otherwise it draws from the stock or passes.
    - Where a drop ends the hand with a showdown (Tonk, Tong-its' called
      draw), it drops when at least ``drop_odds`` of those deals leave it the
      lowest count; asked to answer a called draw, it fights when that chance
      reaches the scoring's ``fight_odds`` (the break-even of a lost fight
      against a fold), and folds otherwise.
    - It knocks when the knock leaves at most ``knock_at`` deadwood and,
      where any count may knock (Knock Rummy), when at least ``knock_odds``
      of ``samples`` hands dealt to the opponents from the cards it has not
      seen count more (:meth:`knock_chance`).
    - It discards the card that leaves the least *expected* deadwood: a loose
      card that an unseen card could still complete into a meld counts only
      by its chance of staying unmatched over the turns left; where a hand
      without a meld pays (Phỏm), that chance weighs the whole hand. Where a
      declaration needs runs (Indian rummy), each card the hand lacks of
      them adds ``REQUIREMENT_WEIGHT`` and the discard is scored by its plain
      deadwood.
    - Ties go to the card farther from a meld, then to its seeded generator.
      Past ``STALL_TURNS`` turns it now and then throws a card it would
      rather keep, so that hands where every seat waits still end.

    For the low difficulty levels (:mod:`rummykit.bots.levels`): ``beginner``
    (a share of decisions, 0 to 1) plays a beginner's habits on that share
    (keeps high cards, lays off only to go out, melds late; plays for sets
    where a hand is won by declaring it whole: see
    :attr:`beginner`); ``lookahead=False`` scores a discard by the deadwood
    it leaves alone.

    ``GreedyBot(variant, seed=...)``; without a variant it plays the first
    sensible action. Without a seed it is seeded with 0, so that
    ``GreedyBot(v)`` is reproducible.

    >>> import rummykit as rk
    >>> v = rk.load_variant("gin")
    >>> h = rk.new_hand(v, players=2, seed=1)
    >>> GreedyBot(v, seed=1).choose(h.view(h.current_player)) in h.legal_actions()
    True
    """

    def __init__(
        self,
        variant: Variant | None = None,
        seed: int | None = 0,
        *,
        knock_at: int = 10,
        knock_odds: float = 0.35,
        samples: int = 48,
        lookahead: bool | None = None,
        beginner: float = 0.0,
    ) -> None:
        if isinstance(beginner, bool) or not isinstance(beginner, int | float) or not 0.0 <= beginner <= 1.0:
            raise ArgumentError(
                f"GreedyBot: beginner must be a share of decisions from 0 to 1, got {beginner!r}"
            )
        self.variant = variant
        self.knock_at = knock_at
        """The most deadwood the bot knocks with at once."""
        self.knock_odds = knock_odds
        """Where any count may knock: the least chance of the lowest count it
        knocks with (0.35 held its own against sensible knockers; higher
        waits too long)."""
        self.drop_odds = DROP_ODDS
        """Where a drop ends the hand with a showdown (Tonk): the least chance
        of the lowest count the bot drops with."""
        self.samples = samples
        """Hands dealt to the opponents to estimate that chance: enough for
        its error (about 7 points) to matter only near the threshold."""
        self.seed = 0 if seed is None else whole_number(seed, "GreedyBot: seed")
        self.rng = random.Random(self.seed)
        self._cache: dict[tuple[tuple[Card, ...], frozenset[Rank]], int] = {}
        self._melds, self._pairs = _shared_memos(variant)
        self._last_arrangement: tuple[tuple[tuple[Card, ...], frozenset[Rank]], Arrangement | None] | None = (
            None
        )
        self._shoes: dict[int, list[int]] = {}
        self._values: dict[frozenset[Rank], list[int]] = {}
        self._took: tuple[tuple[Card, ...], int] | None = None
        """After taking a discard: the hand then held and its deadwood before."""
        self._runs = RunRequirement.of(variant)
        self._lookahead = self._runs is None if lookahead is None else lookahead
        """Whether discards are weighed by their expected deadwood (None: as
        the rules suggest, not where required runs are counted, where it
        played no stronger and slower)."""
        self.beginner = float(beginner)
        """The share of its decisions in which it plays a beginner's habits
        (0: never, 1: always): it keeps its high cards (throws the lowest
        card outside its melds), lays off only to go out (at most one card
        left), and keeps its melds in hand until all but one card meld;
        where a hand is won by declaring it whole, it plays for sets
        (:mod:`rummykit.bots.beginner`)."""
        self._habits = random.Random(self.seed * 7919 + 1)
        """The generator of those habits, apart from the tie-breaks'."""
        knock_limit = variant is not None and variant.going_out.fixed_knock_limit() is not None
        self._horizon = KNOCK_HORIZON_TURNS if knock_limit else HORIZON_TURNS
        """Own turns of the discard look-ahead in a hand of no fixed length."""

    def __call__(self, view: View) -> Action:
        return self.choose(view)

    def start_hand(self, view: View) -> None:
        """Forget the solver cache of the last hand (the wild ranks may change)."""
        if len(self._cache) > 20_000:
            self._cache.clear()

    def choose(self, view: View) -> Action:
        """The bot's action for this view."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        v = self.variant
        if v is not None and v.melds.side_rank_melds():  # melds of one rank owned by a side
            from rummykit.bots.side_play import side_choice

            return side_choice(v, view)
        if v is not None and (move := contract_move(self, view)) is not None:
            return move  # buying, and the hand weighed by the deal's contract
        for a in legal:
            if isinstance(a, Declare):
                return a
        if v is not None and Fight() in legal and Fold() in legal:
            # a called draw: fight when the chance of the lowest count is
            # worth the dearer loss of a fight (the scoring says how dear)
            odds = v.scoring.fight_odds(players=len(view.hand_counts))
            return Fight() if self.knock_chance(view, self._showdown_count(v, view)) >= odds else Fold()
        if (
            v is not None
            and v.going_out.drop_ends_hand()
            and Drop() in legal
            and self.knock_chance(view, self._showdown_count(v, view)) >= self.drop_odds
        ):
            # a drop ends the hand at once, the lowest count in hand winning:
            # drop when the count is likely the lowest
            return Drop()
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks and v is not None:
            best = min(knocks, key=lambda a: self._after(v, view, a.card))
            count = self._after(v, view, best.card)
            if (
                count <= self.knock_at
                or not any(isinstance(a, Discard) for a in legal)
                or self.knock_chance(view, count) >= self.knock_odds
            ):
                return best
        elif knocks:
            return knocks[0]
        calls = [a for a in legal if isinstance(a, Call)]
        if calls:
            return calls[0]
        takes = [a for a in legal if isinstance(a, Take | Pick) and (a.then is not None)]
        if takes:
            return max(takes, key=lambda a: len(a.then.cards()) if a.then is not None else 0)
        melds = [a for a in legal if isinstance(a, MeldAction)]
        if melds and v is not None and self._habit() and self._loose_count(v, view) > 1:
            melds = []
        if melds:
            best_meld = max(melds, key=lambda a: (len(a.cards()), str(a)))
            if v is None or not self._strands(v, view, best_meld.cards(), melds_of(v, best_meld, view)):
                return best_meld
        layoffs = [a for a in legal if isinstance(a, Layoff)]
        if layoffs and self._habit():
            layoffs = [a for a in layoffs if len(view.hand) - len(a.cards()) <= 1]
        if layoffs and (v is None or not self._strands(v, view, layoffs[0].cards(), (), layoffs[0])):
            return layoffs[0]
        swaps = [a for a in legal if isinstance(a, Swap)]
        if swaps:
            return swaps[0]
        if Draw() in legal or any(isinstance(a, Take | Pick) for a in legal):
            return self._draw_choice(view)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self.discard_choice(view, discards)
        passes = [a for a in legal if isinstance(a, Pass)]
        if passes:
            return passes[0]
        rest = [a for a in legal if not isinstance(a, Drop)]
        return (rest or list(legal))[0]

    def _showdown_count(self, v: Variant, view: View) -> int:
        """The bot's count at a showdown: every card in hand where the scoring
        counts the whole hand (Tonk), else its deadwood."""
        if v.scoring.counts_whole_hand():
            return sum(v.scoring.card_value(c) for c in view.hand)
        return self._deadwood(v, view.hand, view)

    def _strands(
        self,
        v: Variant,
        view: View,
        cards: tuple[Card, ...],
        new: tuple[Meld, ...],
        layoff: Layoff | None = None,
    ) -> bool:
        """Whether putting ``cards`` down would strand the bot: one card left
        after its discard, and no card that has not been played could ever be
        laid off on the table (every set complete, no run to extend), while no
        other seat holds enough cards to meld and open the table again. A
        single card can then never go out, and when every seat is there the
        hand runs to the turn limit: the bot keeps the meld in hand instead.
        """
        if len(view.hand) - len(cards) != 2:
            return False
        if any(n > 2 for s, n in enumerate(view.hand_counts) if s != view.player and not view.dropped[s]):
            return False  # another seat can still meld, and open the table
        table = [m.meld for m in view.table] + list(new)
        if layoff is not None and 0 < layoff.target <= len(table):
            grown = layoff_options(v, table[layoff.target - 1], layoff.card, wild_ranks=view.wild_ranks)
            if grown:
                table[layoff.target - 1] = grown[0]
        if not table:
            return False
        wild = view.wild_ranks
        played: Counter[Card] = Counter()
        for m in table:
            played.update(m.cards)
        live = Counter(v.deck.shoe(len(view.hand_counts))) - played
        return not any(layoff_options(v, m, c, wild_ranks=wild) for c in live for m in table)

    def _position_rng(self, view: View) -> random.Random:
        """A generator seeded by the bot's seed and the position alone, so that
        the same position gets the same sampled answer."""
        text = f"{self.seed} {view.turn} {' '.join(str(c.code) for c in sorted(view.hand))}"
        return random.Random(zlib.crc32(text.encode()))

    # ------------------------------------------------------------------ knocking

    def knock_chance(self, view: View, count: int) -> float:
        """The estimated chance that a knock with ``count`` deadwood wins now:
        the share of ``samples`` deals of the unseen cards in which every
        opponent's count is higher (or equal, where a tie goes to the knocker).

        Each opponent is modelled as a player who kept the best hand of its
        size out of its dealt cards and one more card for each turn it has
        played (at most ``HORIZON_TURNS``).

        >>> import rummykit as rk
        >>> v = rk.load_variant("knock")
        >>> h = rk.new_hand(v, players=2, seed=2)
        >>> bot = GreedyBot(v)
        >>> 0.0 <= bot.knock_chance(h.view(h.current_player), 30) <= 1.0
        True
        >>> bot.knock_chance(h.view(h.current_player), 0)
        1.0
        """
        v = self.variant
        if v is None:
            return 0.0
        ties_win = v.scoring.knocker_wins_ties(gin=count == 0)
        n = len(view.hand_counts)
        opponents = [s for s in range(n) if s != view.player and not view.dropped[s]]
        if v.going_out.answers_draw():  # a burned player (who may not fight) cannot have the lowest count
            going = v.going_out
            opponents = [
                s
                for s in opponents
                if going.may_fight(exposed=any(t.owner == s for t in view.table), hand=())
            ]
        if not opponents:
            return 1.0
        pool = list(sort_cards(self._unseen(v, view).elements()))
        extra = min(HORIZON_TURNS, max(0, (view.turn - 1) // n))
        rng = self._position_rng(view)
        wins = 0
        for _ in range(self.samples):
            rng.shuffle(pool)
            at = 0
            for s in opponents:
                size = view.hand_counts[s]
                take = min(len(pool) - at, size + extra)
                theirs = self._best_of(v, sort_cards(pool[at : at + take]), size, view.wild_ranks)
                at += take
                if theirs < count or (theirs == count and not ties_win):
                    break
            else:
                wins += 1
        return wins / self.samples

    def _helps_runs(self, v: Variant, view: View, with_top: tuple[Card, ...], before: int) -> bool:
        """Whether taking the top discard brings the hand closer to the runs a
        declaration requires by more than the deadwood it costs (each lacking
        card weighs ``REQUIREMENT_WEIGHT``)."""
        runs = self._runs
        if runs is None:
            return False
        wild = view.wild_ranks
        lacking = runs.missing(view.hand, None, wild)
        if not lacking or runs.missing(with_top, None, wild) >= lacking:
            return False
        hand = sort_cards(with_top)
        cards = set(view.hand)
        each = discard_deadwoods(v, hand, wild_ranks=wild, among=cards, fast_only=True)
        if each is None:
            each = {c: self._deadwood(v, tuple(without(hand, c)), view) for c in cards}
        lacking_each = runs.missing_each(runs.masks(hand, wild), each, wild)
        best = min(d + REQUIREMENT_WEIGHT * lacking_each[c] for c, d in each.items())
        return best < before + REQUIREMENT_WEIGHT * lacking

    def _draw_choice(self, view: View) -> Action:
        legal = view.legal
        v = self.variant
        if self.beginner and v is not None and plays_for_sets(v):
            take = take_for_a_set(v, view, legal)
            if take is not None and self._habit():
                return take  # a beginner's habit: a discard of a rank it holds
        top = view.top_discard
        plain_take = [a for a in legal if isinstance(a, Take) and a.depth == 1 and a.then is None]
        stock_out = view.stock_count == 0
        if plain_take and top is not None and self.variant is not None and not stock_out:
            v = self.variant
            with_top = (*view.hand, top)
            if view.turn <= STALL_TURNS and not plain_take[0].and_draw:
                # the hand's deadwood only where the required runs are weighed
                if self._melds_with(v, view, top) or (
                    self._runs is not None
                    and self._helps_runs(v, view, with_top, self._deadwood(v, tuple(view.hand), view))
                ):
                    return plain_take[0]
                return Draw() if Draw() in legal else self._decline(legal)
            before = self._deadwood(v, tuple(view.hand), view)
            if plain_take[0].and_draw:  # the top discard and a stock card: keep both
                if self._deadwood(v, with_top, view) < before + card_value(
                    v, top, wild_ranks=view.wild_ranks
                ):
                    return plain_take[0]
                return Draw() if Draw() in legal else plain_take[0]
            # the best discard afterwards, never the card just taken (a copy of it
            # from the hand leaves the same cards)
            after = min(self.after_each(v, with_top, set(view.hand), view, below=before).values())
            if after < before:
                self._took = (sort_cards(with_top), before)
                return plain_take[0]
            if self._helps_runs(v, view, with_top, before):
                return plain_take[0]
        if Draw() in legal:
            return Draw()
        return self._decline(legal)

    @staticmethod
    def _decline(legal: tuple[Action, ...] | list[Action]) -> Action:
        """Pass an upcard not worth taking (or when the stock is out); else the
        first action that is not a drop."""
        passes = [a for a in legal if isinstance(a, Pass)]
        if passes:
            return passes[0]
        non_drop = [a for a in legal if not isinstance(a, Drop)]
        return non_drop[0] if non_drop else legal[0]

    def _melds_with(self, v: Variant, view: View, card: Card) -> bool:
        """Whether ``card`` is wild or makes a meld with two natural cards of
        the hand."""
        wild = view.wild_ranks
        deck = v.deck
        if deck.is_wild(card, wild):
            return True
        natural = [c for c in view.hand if c.rank is not None and not deck.is_wild(c, wild)]
        return self._melds_two(v, card, natural, wild)

    def _melds_two(self, v: Variant, card: Card, natural: Sequence[Card], wild: frozenset[Rank]) -> bool:
        """Whether ``card`` (not a joker) makes a meld with two of the
        ``natural`` cards (an opponent model asks it of a hand it deals)."""
        if card.rank is None:
            return False
        close = [c for c in natural if near(c, card)]
        return any(self._is_meld(v, x, z, card, wild) for i, x in enumerate(close) for z in close[i + 1 :])


def melds_of(v: Variant, action: MeldAction, view: View) -> tuple[Meld, ...]:
    """The melds ``action`` would put on the table."""
    out = []
    for group in action.groups:
        meld = classify_meld(v, [c for c, _ in group], wild_ranks=view.wild_ranks)
        if meld is not None:
            out.append(meld)
    return tuple(out)
