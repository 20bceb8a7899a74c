"""The simple bots: :class:`RandomBot` and :class:`GreedyBot`."""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any, ClassVar, Literal

from rummykit.cards import JOKER_CODE, Card, Rank
from rummykit.engine import (
    Action,
    Call,
    Declare,
    Discard,
    Draw,
    Drop,
    Knock,
    Layoff,
    MeldAction,
    Pass,
    Pick,
    Swap,
    Take,
    View,
)
from rummykit.errors import ArgumentError
from rummykit.melds import (
    Arrangement,
    Meld,
    best_arrangement,
    card_value,
    classify_meld,
    discard_deadwoods,
    layoff_options,
    min_deadwood,
)
from rummykit.melds.meld import near
from rummykit.melds.solver import deadwood_cards
from rummykit.rules import KnockTie
from rummykit.variant import Variant

__all__ = ["GreedyBot", "RandomBot"]

STALL_TURNS = 120
"""After this many turns of a hand, the greedy bot starts to break deadlocks
(every seat holding cards the others wait for) by now and then throwing a card
it would rather keep, the chance growing with the turn count, and takes an
upcard whenever some discard then leaves less deadwood."""


HORIZON_TURNS = 6
"""Own turns the greedy bot looks ahead when it weighs a card's chance of
joining a meld, in a hand that has no fixed length (fewer when the stock is
nearly out)."""

KNOCK_HORIZON_TURNS = 2
"""The same look-ahead where a knock under a limit ends the hand (Gin), a
race that seldom leaves a partial meld six turns to fill: with 2 turns the
greedy bot won 54.1% and 53.1% of two sets of 1,000 duplicate Gin deals
against itself with 6, and 54.3% and 54.0% against OpenSpiel's simple Gin
player (bench/RESULTS.md, round 22); elsewhere 2 turns lost (45.0% in
Straight, 46.3% in Thai, 46.8% in 500 Rum, 200 deals each)."""


REQUIREMENT_WEIGHT = 20
"""Points the greedy bot adds to a hand's deadwood for each card it lacks of
the runs a declaration requires (Indian rummy: two runs, one pure): a hand
of sets without them would count every card when another player declares."""


_MeldMemo = dict[tuple[int, int, int], bool]
_PairMemo = dict[tuple[int, int, frozenset[Rank]], tuple[int, ...]]
_CARDS = tuple(Card.from_code(c) for c in range(JOKER_CODE + 1))
_CODE = attrgetter("code")
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
    _RunRequirement._made.clear()


def _split_args(variant: Any, seed: int | None) -> tuple[Variant | None, int | None]:
    """Old call forms: ``RandomBot(7)`` means seed 7."""
    if isinstance(variant, int) and not isinstance(variant, bool) and seed is None:
        return None, variant
    return variant, seed


class RandomBot:
    """Picks a legal action uniformly at random (seeded).

    Built as ``RandomBot(variant, seed=...)`` like every bot;
    ``RandomBot(seed)`` still works.

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=1)
    >>> RandomBot(h.variant, seed=3).choose(h.view(h.current_player)) in h.legal_actions()
    True
    """

    def __init__(self, variant: Variant | int | None = None, seed: int | None = None) -> None:
        self.variant, seed = _split_args(variant, seed)
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        """A random legal action."""
        return self.rng.choice(view.legal)

    def __call__(self, view: View) -> Action:
        return self.choose(view)


class GreedyBot:
    """A rule-following player: it plays what the variant allows, greedily.

    It declares or goes out whenever it can; melds the longest meld and lays
    off what it can; takes an upcard that is wild or makes a meld with two
    natural cards of its hand (``take_for="melds"``, the default; with
    ``"deadwood"``, the earlier rule, also one after which some discard
    leaves less deadwood: that bot wins only 36-44% of hands against the
    default in 11 of the 17 games and 48-51% in the others,
    ``bench/RESULTS.md``; past ``STALL_TURNS`` turns the bot takes by that
    rule too, so that low cards waiting in hands move again), never once the
    stock is out and declining ends the hand, and passes an upcard it does
    not want; keeps a meld in hand
    rather than strand itself with one card on a table that can take none
    while the others are down to two cards or fewer; knocks when the knock
    leaves at most ``knock_at`` deadwood, and, where any count may knock
    (Knock Rummy), also when its count is likely the lowest: at least
    ``knock_odds`` of ``samples`` hands dealt to each opponent from the cards
    it has not seen, each the best of the opponent's hand size out of that
    many cards plus one per turn the opponent has played, count more (or tie
    where ties go to the knocker). It discards the card that leaves the
    least *expected* deadwood: a deadwood card that the unseen cards could
    still complete into a meld with another card of the hand counts only by
    its chance of staying unmatched over the turns left (the fixed number of
    turns of a showing, or ``HORIZON_TURNS``: ``KNOCK_HORIZON_TURNS`` where a
    knock under a limit ends the hand), and where a hand without any
    meld pays a penalty (Phỏm's móm), the chance of ending without a meld
    weighs as much as the whole hand. Where a declaration needs runs that
    the least deadwood does not see (Indian rummy: two sequences, one pure,
    or every card counts), each card the hand lacks of them adds
    ``REQUIREMENT_WEIGHT`` (20) to a discard's score, and an upcard that
    brings those runs closer by more than it costs is taken; there the
    discard is scored by its plain deadwood, without the look-ahead
    (``lookahead=None``, the default: on except where such runs are
    counted; in Indian rummy the look-ahead won 48.0% of 2,000 hands against
    the plain score, at a quarter more time per hand). Ties are broken by
    closeness to a meld, then by its seeded generator; in a hand that drags
    on past ``STALL_TURNS`` turns it now and then throws a card it would
    rather keep (past twice that, sometimes any card), so that hands where
    every seat waits for cards another holds still end.

    ``GreedyBot(variant, seed=...)``; without a variant it cannot evaluate
    hands and plays the first sensible action. Without a seed it is seeded
    with 0: the same position gets the same answer, so that simulations,
    tests and docs built with ``GreedyBot(v)`` are reproducible.

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
        take_for: Literal["deadwood", "melds"] | None = None,
    ) -> None:
        self.variant = variant
        self.knock_at = knock_at
        self.knock_odds = knock_odds
        self.samples = samples
        self.seed = 0 if seed is None else seed
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
        self._runs = _RunRequirement.of(variant)
        self.lookahead = self._runs is None if lookahead is None else lookahead
        """Whether discards are weighed by their expected deadwood (see the class)."""
        if take_for not in (None, "deadwood", "melds"):
            raise ArgumentError(f"GreedyBot: take_for must be 'deadwood', 'melds' or None, got {take_for!r}")
        self.take_for: Literal["deadwood", "melds"] = take_for or "melds"
        """When an upcard is taken (see the class): ``"deadwood"`` or ``"melds"``."""
        knock_limit = variant is not None and variant.going_out.fixed_knock_limit() is not None
        self._horizon = KNOCK_HORIZON_TURNS if knock_limit else HORIZON_TURNS
        """Own turns of the discard look-ahead in a hand of no fixed length."""

    def __call__(self, view: View) -> Action:
        return self.choose(view)

    def start_hand(self, view: View) -> None:
        """Forget the solver cache of the last hand (the wild ranks may change)."""
        if len(self._cache) > 20_000:
            self._cache.clear()

    def _deadwood(self, v: Variant, cards: tuple[Card, ...], view: View) -> int:
        key = _sorted(cards)
        # the hand's wild ranks (a cut joker) change from hand to hand of a match
        found = self._cache.get((key, view.wild_ranks))
        if found is None:
            if len(self._cache) > 50_000:
                self._cache.clear()
            dw = min_deadwood(v, key, wild_ranks=view.wild_ranks) if key else None
            found = self._cache[(key, view.wild_ranks)] = dw if dw is not None else 0
        return found

    def choose(self, view: View) -> Action:
        """The bot's action for this view."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        v = self.variant
        for a in legal:
            if isinstance(a, Declare):
                return a
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
        if melds:
            best_meld = max(melds, key=lambda a: (len(a.cards()), str(a)))
            if v is None or not self._strands(v, view, best_meld.cards(), _melds_of(v, best_meld, view)):
                return best_meld
        layoffs = [a for a in legal if isinstance(a, Layoff)]
        if layoffs and (v is None or not self._strands(v, view, layoffs[0].cards(), (), layoffs[0])):
            return layoffs[0]
        swaps = [a for a in legal if isinstance(a, Swap)]
        if swaps:
            return swaps[0]
        if Draw() in legal or any(isinstance(a, Take | Pick) for a in legal):
            return self._draw_choice(view)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._discard_choice(view, discards)
        passes = [a for a in legal if isinstance(a, Pass)]
        if passes:
            return passes[0]
        rest = [a for a in legal if not isinstance(a, Drop)]
        return (rest or list(legal))[0]

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

    def _after(self, v: Variant, view: View, card: Card | None) -> int:
        cards = list(view.hand)
        if card is not None:
            cards.remove(card)
        return self._deadwood(v, tuple(cards), view)

    def _discard_deadwood(self, v: Variant, view: View, discards: list[Discard]) -> dict[Card, int]:
        """The deadwood each discard leaves (see :meth:`_after_each`)."""
        return self._after_each(v, tuple(view.hand), {a.card for a in discards}, view)

    def _arrangement(self, v: Variant, hand: tuple[Card, ...], wild: frozenset[Rank]) -> Arrangement | None:
        """The best arrangement of ``hand`` (sorted), the last one remembered:
        a discard decision asks for it twice."""
        last = self._last_arrangement
        if last is not None and last[0] == (hand, wild):
            return last[1]
        arr = best_arrangement(v, hand, wild_ranks=wild) if hand else None
        self._last_arrangement = ((hand, wild), arr)
        return arr

    def _after_each(
        self, v: Variant, cards: tuple[Card, ...], allowed: set[Card], view: View, below: int | None = None
    ) -> dict[Card, int]:
        """The deadwood left by discarding each card of ``allowed`` from
        ``cards``, exact wherever it could be the least: one search of the whole
        hand instead of one per discard.

        With ``D`` the least deadwood of the whole hand: discarding a card of
        that best arrangement's deadwood leaves exactly ``D - value`` (a better
        arrangement of the rest plus that card would beat ``D``), and any other
        card leaves at least ``D - value``; so only the cards whose bound does
        not exceed the best found so far are searched on their own. The values
        for the others are lower bounds above the least, which is all the
        choice needs.
        """
        hand = _sorted(cards)
        wild = view.wild_ranks
        each = discard_deadwoods(
            v, hand, wild_ranks=wild, among=allowed, exact=False, fast_only=True, below=below
        )
        if each is not None:  # one pass over the hand, as below
            return each
        arr = self._arrangement(v, hand, wild)

        def exact(c: Card) -> int:
            rest = list(hand)
            rest.remove(c)
            return self._deadwood(v, tuple(rest), view)

        if arr is None:
            return {c: exact(c) for c in allowed}
        total = arr.deadwood_value
        out = {c: total - card_value(v, c, wild_ranks=wild) for c in set(arr.deadwood) if c in allowed}
        best = min(out.values(), default=None)
        for c in sorted(allowed - set(out), key=lambda c: (-card_value(v, c, wild_ranks=wild), c)):
            bound = total - card_value(v, c, wild_ranks=wild)
            if best is None or bound <= best:
                out[c] = exact(c)
                best = out[c] if best is None else min(best, out[c])
            else:
                out[c] = bound
        return out

    def _value_table(self, v: Variant, wild: frozenset[Rank]) -> list[int]:
        """Every card's value (by code) under these wild ranks (cached)."""
        found = self._values.get(wild)
        if found is None:
            found = self._values[wild] = [card_value(v, c, wild_ranks=wild) for c in _CARDS]
        return found

    def _exact_after(self, v: Variant, view: View, cards: set[Card]) -> dict[Card, int]:
        """The exact deadwood left by discarding each of ``cards`` (one pass
        over the hand where the component solver takes it)."""
        hand = _sorted(view.hand)
        each = discard_deadwoods(v, hand, wild_ranks=view.wild_ranks, among=cards, fast_only=True)
        if each is not None:
            return each
        return {c: self._after(v, view, c) for c in cards}

    def _stalling(self, view: View) -> bool:
        over = view.turn - STALL_TURNS
        return over > 0 and self.rng.random() < min(0.5, over / 400)

    # ------------------------------------------------------------ what is left to see

    def _unseen(self, v: Variant, view: View, *, pile_live: bool = False) -> Counter[Card]:
        """The cards this seat has not seen: the shoe less its hand, the table,
        the face-up discards (kept when ``pile_live``: cards it may still dig
        out) and the cards others were seen to eat."""
        counts = self._unseen_counts(v, view, pile_live=pile_live)
        return Counter({_CARDS[c]: k for c, k in enumerate(counts) if k})

    def _unseen_counts(self, v: Variant, view: View, *, pile_live: bool = False) -> list[int]:
        """:meth:`_unseen` as a count per card code (0-52)."""
        n = len(view.hand_counts)
        shoe = self._shoes.get(n)
        if shoe is None:
            shoe = self._shoes[n] = [0] * (JOKER_CODE + 1)
            for c in v.deck.shoe(n):
                shoe[c.code] += 1
        counts = list(shoe)
        for c in view.hand:
            counts[c.code] -= 1
        for m in view.table:
            for c in m.meld.cards:
                counts[c.code] -= 1
        if not pile_live:
            for c in view.discard:
                counts[c.code] -= 1
        for c in view.face_down:
            counts[c.code] -= 1
        for seat, cards in enumerate(view.eaten):
            if seat != view.player:
                for c in cards:
                    counts[c.code] -= 1
        return [k if k > 0 else 0 for k in counts]

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
        scoring = v.scoring
        tie = getattr(scoring, "gin_tie" if count == 0 else "tie", None)
        ties_win = tie is KnockTie.KNOCKER
        n = len(view.hand_counts)
        opponents = [s for s in range(n) if s != view.player and not view.dropped[s]]
        if not opponents:
            return 1.0
        pool = list(_sorted(self._unseen(v, view).elements()))
        extra = min(HORIZON_TURNS, max(0, (view.turn - 1) // n))
        rng = self._position_rng(view)
        wins = 0
        for _ in range(self.samples):
            rng.shuffle(pool)
            at = 0
            for s in opponents:
                size = view.hand_counts[s]
                take = min(len(pool) - at, size + extra)
                theirs = self._best_of(v, _sorted(pool[at : at + take]), size, view.wild_ranks)
                at += take
                if theirs < count or (theirs == count and not ties_win):
                    break
            else:
                wins += 1
        return wins / self.samples

    def _best_of(self, v: Variant, cards: tuple[Card, ...], size: int, wild: frozenset[Rank]) -> int:
        """About the least deadwood of ``size`` cards kept out of ``cards``:
        the melds of the best arrangement and its lowest deadwood cards."""
        if not cards or size <= 0:
            return 0
        arr = best_arrangement(v, cards, wild_ranks=wild)
        if arr is None:
            return sum(card_value(v, c, wild_ranks=wild) for c in cards[:size])
        room = size - (len(cards) - len(arr.deadwood))
        if room <= 0:
            return 0
        return sum(sorted(card_value(v, c, wild_ranks=wild) for c in arr.deadwood)[:room])

    # ------------------------------------------------------------------ discarding

    def _turns_left(self, v: Variant, view: View) -> int:
        """Own turns after this one in which a drawn card can still be used."""
        n = len(view.hand_counts)
        showing = v.going_out.showing_turn()
        own = -(-view.turn // n)
        if showing:
            return max(0, showing - own)
        return min(self._horizon, max(1, view.stock_count // n))

    def _is_meld(self, v: Variant, x: Card, z: Card, y: Card, wild: frozenset[Rank]) -> bool:
        """Whether natural ``x`` and ``z`` make a meld with ``y``. Memoised by
        the cards and whether ``y`` is wild (then by whether it is a printed
        joker, not by which card it is: a wild may stand for any card)."""
        if v.deck.is_wild(y, wild):
            key: tuple[int, int, int] = (x.code, z.code, -2 if y.rank is None else -1)
        else:
            key = tuple(sorted((x.code, z.code, y.code)))  # type: ignore[assignment]
        found = self._melds.get(key)
        if found is None:
            if len(self._melds) > 50_000:
                self._melds.clear()
            found = self._melds[key] = classify_meld(v, [x, z, y], wild_ranks=wild) is not None
        return found

    def _partials(
        self, v: Variant, view: View, hand: tuple[Card, ...], dead: tuple[Card, ...]
    ) -> list[tuple[Card, Card, float]]:
        """Pairs (deadwood card, other hand card) that one unseen card would
        turn into a meld, with the chance that such a card comes within the
        turns left (a card drawn and, where discards may be taken, a card
        discarded to this seat each turn)."""
        turns = self._turns_left(v, view)
        if not turns or not dead:
            return []
        wild = view.wild_ranks
        dig = len(v.draw.depths(3)) > 1
        unseen = self._unseen_counts(v, view, pile_live=dig)
        total = sum(unseen)
        if not total:
            return []
        looks = turns * (2 if v.draw.takes_discards else 1)
        deck = v.deck
        players = len(view.hand_counts)
        # the hand's natural cards by rank and by suit: the cards near a card
        by_rank: dict[Rank, list[Card]] = {}
        by_suit: dict[object, list[Card]] = {}
        for c in _sorted(set(hand)):
            if not deck.is_wild(c, wild) and c.rank is not None:
                by_rank.setdefault(c.rank, []).append(c)
                by_suit.setdefault(c.suit, []).append(c)
        out: list[tuple[Card, Card, float]] = []
        done: set[tuple[int, int]] = set()
        for x in _sorted(set(dead)):
            if x.rank is None or deck.is_wild(x, wild):
                continue
            close = [z for z in by_rank.get(x.rank, ()) if z != x]
            close.extend(z for z in by_suit.get(x.suit, ()) if z != x and near(x, z))
            for z in close:
                a, b = (x, z) if x.code < z.code else (z, x)
                key = (a.code, b.code)
                if key in done:
                    continue
                done.add(key)
                outs = 0
                for y in self._thirds(v, (a, b), wild, players):
                    outs += unseen[y]
                if outs:
                    out.append((a, b, 1.0 - (1.0 - min(1.0, outs / total)) ** looks))
        return out

    def _thirds(
        self, v: Variant, pair: tuple[Card, Card], wild: frozenset[Rank], players: int
    ) -> tuple[int, ...]:
        """The codes of the distinct cards of the shoe that make a meld with
        ``pair`` (memoised: the answer depends only on the pair and the wild
        ranks)."""
        x, z = pair
        key = (x.code, z.code, wild)
        found = self._pairs.get(key)
        if found is None:
            if len(self._pairs) > 50_000:
                self._pairs.clear()
            deck = v.deck
            found = self._pairs[key] = tuple(
                y.code
                for y in sorted(set(v.deck.shoe(players)))
                if (deck.is_wild(y, wild) or (near(x, y) and near(z, y)))
                and self._is_meld(v, x, z, y, wild)
            )
        return found

    def _expected(
        self,
        v: Variant,
        view: View,
        card: Card,
        after: int,
        dead: tuple[Card, ...],
        partials: list[tuple[Card, Card, float]],
        has_meld: bool,
        held: Counter[Card],
        values: dict[Card, int],
    ) -> float:
        """The deadwood expected after discarding ``card`` (see the class);
        ``held`` counts the hand's cards, ``values`` gives their values."""

        def left(c: Card) -> int:
            return held[c] - (c == card)

        alive = [(x, z, p) for x, z, p in partials if left(x) > 0 and left(z) > 0]
        unmatched = _unmatched(alive)
        rest = list(dead)
        if card in rest:
            rest.remove(card)
        value = float(after)
        for c in rest:
            value -= values[c] * (1.0 - unmatched.get(c, 1.0))
        if not has_meld and getattr(v.scoring, "no_meld_pay", 0) > 0:
            none = 1.0
            for _, _, p in alive:
                none *= 1.0 - p
            value += none * (sum(values[c] * left(c) for c in held))
        return value

    def _has_meld_after(
        self, v: Variant, view: View, card: Card, dead: tuple[Card, ...], melded: bool
    ) -> bool:
        if melded and card in dead:
            return True
        cards = list(view.hand)
        cards.remove(card)
        arr = best_arrangement(v, _sorted(cards), wild_ranks=view.wild_ranks) if cards else None
        return arr is not None and bool(arr.melds)

    def _discard_choice(self, view: View, discards: list[Discard]) -> Action:
        v = self.variant
        if v is None:
            return max(discards, key=lambda a: (_rank(a.card), a.card.code))
        hand = view.hand
        if len(discards) > 1 and self._stalling(view):
            # break a deadlock: throw any card that is not in a meld, and
            # after twice as long sometimes any card (the cards another seat
            # waits for may sit in this hand's melds)
            if view.turn > 2 * STALL_TURNS and self.rng.random() < 0.5:
                return self.rng.choice(discards)
            now = self._deadwood(v, tuple(hand), view)
            loose = [a for a in discards if self._after(v, view, a.card) < now]
            return self.rng.choice(loose or discards)
        took, self._took = self._took, None
        if took is not None and took[0] == _sorted(hand):
            # a discard was taken because some discard then leaves less
            # deadwood than before: play one of those (else two bots can
            # hand the same cards back and forth for the rest of the hand)
            exact_now = self._exact_after(v, view, {a.card for a in discards})
            better = [a for a in discards if exact_now[a.card] < took[1]]
            discards = better or discards
        after = self._discard_deadwood(v, view, discards)
        runs = self._runs
        wild = view.wild_ranks
        lacking = runs.missing_each(runs.masks(hand, wild), hand, wild) if runs is not None else None
        if not self.lookahead:
            return self._plain_choice(v, view, discards, after, lacking)
        needs_meld = getattr(v.scoring, "no_meld_pay", 0) > 0
        ordered = _sorted(hand)
        melded = False
        if needs_meld:
            arr = self._arrangement(v, ordered, view.wild_ranks)
            dead = arr.deadwood if arr is not None else tuple(hand)
            melded = arr is not None and bool(arr.melds)
        else:  # the leftover of one best arrangement, without building its melds
            left = deadwood_cards(v, ordered, wild_ranks=view.wild_ranks)
            dead = left if left is not None else ordered
        partials = self._partials(v, view, tuple(hand), dead)
        exact: set[Card] = set(dead)
        held = Counter(hand)
        table = self._value_table(v, view.wild_ranks)
        values = {c: table[c.code] for c in held}
        scores: dict[tuple[Card, int], tuple[float, int, int]] = {}

        def score(a: Discard) -> tuple[float, int, int]:
            found = scores.get((a.card, after[a.card]))
            if found is None:
                has = self._has_meld_after(v, view, a.card, dead, melded) if needs_meld else True
                e = self._expected(v, view, a.card, after[a.card], dead, partials, has, held, values)
                if lacking is not None:
                    e += REQUIREMENT_WEIGHT * lacking[a.card]
                found = (round(e, 9), -_closeness(a.card, hand, wild), -_rank(a.card))
                scores[(a.card, after[a.card])] = found
            return found

        # the expected deadwood of a discard is at least its deadwood less
        # `most`, what the partial melds could take off with none broken: a
        # discard whose deadwood exceeds the best expected by more is not scored
        unmatched = _unmatched(partials)
        most = sum(values[c] * (1.0 - unmatched.get(c, 1.0)) for c in dead)
        while True:
            scored: dict[Discard, tuple[float, int, int]] = {}
            best: tuple[float, int, int] | None = None
            for a in sorted(discards, key=lambda a: after[a.card]):
                if best is not None and after[a.card] - most > best[0] + 1e-6:
                    break
                scored[a] = score(a)
                best = scored[a] if best is None else min(best, scored[a])
            top = [a for a in discards if scored.get(a) == best]
            # a card outside the deadwood may carry only a lower bound: make it exact
            vague = [a for a in top if a.card not in exact]
            if not vague:
                break
            after.update(self._exact_after(v, view, {a.card for a in vague}))
            exact.update(a.card for a in vague)
        return self._chosen(view, self.rng.choice(top), after)

    def _chosen(self, view: View, a: Discard, after: dict[Card, int]) -> Discard:
        """Remember the hand ``a`` leaves and its exact deadwood (the next
        draw choice starts from it), and return ``a``."""
        rest = list(view.hand)
        rest.remove(a.card)
        if len(self._cache) > 50_000:
            self._cache.clear()
        self._cache[(_sorted(rest), view.wild_ranks)] = after[a.card]
        return a

    def _plain_choice(
        self,
        v: Variant,
        view: View,
        discards: list[Discard],
        after: dict[Card, int],
        lacking: dict[Card, int] | None,
    ) -> Action:
        """The discard that leaves the least deadwood (plus
        ``REQUIREMENT_WEIGHT`` for each card lacking of the required runs),
        without the look-ahead; ties by closeness to a meld, then rank, then
        the seeded generator. ``after`` may hold lower bounds above its least
        value (exact): the best are made exact until exact ones lead."""
        hand = view.hand
        wild = view.wild_ranks
        least = min(after.values())
        exact = {c for c, x in after.items() if x == least}
        ties: dict[Card, tuple[int, int]] = {}
        while True:
            scored = {
                a: after[a.card] + (REQUIREMENT_WEIGHT * lacking[a.card] if lacking else 0) for a in discards
            }
            low = min(scored.values())
            top = [a for a in discards if scored[a] == low]
            if len(top) > 1:
                for a in top:
                    if a.card not in ties:
                        ties[a.card] = (-_closeness(a.card, hand, wild), -_rank(a.card))
                first = min(ties[a.card] for a in top)
                top = [a for a in top if ties[a.card] == first]
            vague = {a.card for a in top if a.card not in exact}
            if not vague:
                return self._chosen(view, self.rng.choice(top), after)
            after.update(self._exact_after(v, view, vague))
            exact.update(vague)

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
        hand = _sorted(with_top)
        cards = set(view.hand)
        each = discard_deadwoods(v, hand, wild_ranks=wild, among=cards, fast_only=True)
        if each is None:
            each = {c: self._deadwood(v, tuple(_without(hand, c)), view) for c in cards}
        lacking_each = runs.missing_each(runs.masks(hand, wild), each, wild)
        best = min(d + REQUIREMENT_WEIGHT * lacking_each[c] for c, d in each.items())
        return best < before + REQUIREMENT_WEIGHT * lacking

    def _draw_choice(self, view: View) -> Action:
        legal = view.legal
        top = view.top_discard
        plain_take = [a for a in legal if isinstance(a, Take) and a.depth == 1 and a.then is None]
        stock_out = view.stock_count == 0
        if plain_take and top is not None and self.variant is not None and not stock_out:
            v = self.variant
            with_top = (*view.hand, top)
            if self.take_for == "melds" and view.turn <= STALL_TURNS and not plain_take[0].and_draw:
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
            after = min(self._after_each(v, with_top, set(view.hand), view, below=before).values())
            if after < before:
                self._took = (_sorted(with_top), before)
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


class _RunRequirement:
    """How many cards a hand lacks of the runs a declaration requires
    (``going_out.min_runs``, ``min_pure_runs``), where the least deadwood
    alone does not see them: the variant has sets, or a pure run is needed.

    Counted greedily: the pure runs first, each in the suit window of
    ``run_min`` ranks that holds the most natural cards, then the other runs,
    their gaps filled by the hand's wilds (a card of a wild rank counts as a
    wild only). Memoised by the hand's natural-card masks and wild count,
    shared by the bots of one variant object.
    """

    _made: ClassVar[dict[int, tuple[Variant, _RunRequirement | None]]] = {}

    def __init__(self, runs: int, pure: int, windows: tuple[int, ...], size: int) -> None:
        self.runs = runs
        self.pure = pure
        self.windows = windows
        self.size = size
        self.memo: dict[tuple[int, ...], int] = {}
        self.best: dict[int, tuple[int, int]] = {}

    @classmethod
    def of(cls, v: Variant | None) -> _RunRequirement | None:
        """The variant's requirement, or None where there is nothing to count."""
        if v is None:
            return None
        found = cls._made.get(id(v))
        if found is None or found[0] is not v:
            if len(cls._made) > 32:
                cls._made.clear()
            found = cls._made[id(v)] = (v, cls._build(v))
        return found[1]

    @classmethod
    def _build(cls, v: Variant) -> _RunRequirement | None:
        runs, pure = v.going_out.run_requirement()
        runs = max(runs, pure)
        melds = v.melds
        run_sizes = [k for k in range(2, 14) if melds.run_size_ok(k)]
        has_sets = any(melds.set_size_ok(k) for k in range(2, 9))
        if runs <= 0 or not run_sizes or not (pure or has_sets):
            return None
        size = run_sizes[0]
        windows = tuple(sum(1 << (int(r) - 1) for r in seq) for seq in v.ranking.run_sequences(size))
        return cls(runs, pure, windows, size) if windows else None

    @staticmethod
    def masks(hand: Iterable[Card], wild: frozenset[Rank]) -> tuple[list[int], list[int], int]:
        """Per suit, the ranks held once or more and twice or more (bit
        ``rank - 1``), and the number of wilds."""
        one = [0, 0, 0, 0]
        two = [0, 0, 0, 0]
        wilds = 0
        for c in hand:
            if c.rank is None or c.rank in wild:
                wilds += 1
                continue
            s, b = divmod(c.code, 13)
            bit = 1 << b
            if one[s] & bit:
                two[s] |= bit
            else:
                one[s] |= bit
        return one, two, wilds

    def missing(self, hand: Iterable[Card], without: Card | None, wild: frozenset[Rank]) -> int:
        """Cards lacking from ``hand`` less one copy of ``without``."""
        return self.missing_from(self.masks(hand, wild), without, wild)

    def missing_from(
        self, masks: tuple[list[int], list[int], int], without: Card | None, wild: frozenset[Rank]
    ) -> int:
        """:meth:`missing` from the hand's :meth:`masks`."""
        one, two, wilds = masks
        one = list(one)
        two = list(two)
        if without is not None:
            if without.rank is None or without.rank in wild:
                wilds -= 1
            else:
                s, b = divmod(without.code, 13)
                bit = 1 << b
                if two[s] & bit:
                    two[s] ^= bit
                else:
                    one[s] &= ~bit
        key = (*one, *two, wilds)
        found = self.memo.get(key)
        if found is None:
            found = self._count(one, two, wilds)[0]
            if len(self.memo) > 200_000:
                self.memo.clear()
            self.memo[key] = found
        return found

    def missing_each(
        self, masks: tuple[list[int], list[int], int], cards: Iterable[Card], wild: frozenset[Rank]
    ) -> dict[Card, int]:
        """:meth:`missing_from` for each of ``cards`` (one copy of it taken
        out), counting again only where the count can change.

        A natural card that none of the runs chosen for the whole hand uses
        leaves the same choices, so the same count: every other window only
        loses cards when it goes, and the first fullest window still comes
        first. Only the cards those runs use, and a wild, are counted again.
        """
        one, two, wilds = masks
        base, used = self._count(list(one), list(two), wilds)
        out: dict[Card, int] = {}
        for c in cards:
            if c in out:
                continue
            if c.rank is not None and c.rank not in wild:
                s, b = divmod(c.code, 13)
                if not used[s] >> b & 1:
                    out[c] = base
                    continue
            out[c] = self.missing_from(masks, c, wild)
        return out

    def _window(self, m: int) -> tuple[int, int]:
        """The most ranks of mask ``m`` in one window, and that window."""
        found = self.best.get(m)
        if found is None:
            found = (0, 0)
            for w in self.windows:
                k = (m & w).bit_count()
                if k > found[0]:
                    found = (k, w)
            self.best[m] = found
        return found

    def _count(self, one: list[int], two: list[int], wilds: int) -> tuple[int, list[int]]:
        """The cards lacking, and per suit the ranks the chosen runs use."""
        lacking = 0
        uses = [0, 0, 0, 0]
        for i in range(self.runs):
            best, where, suit = 0, 0, 0
            for s in range(4):
                if one[s]:
                    k, w = self._window(one[s])
                    if k > best:
                        best, where, suit = k, w, s
            need = self.size - best
            if i >= self.pure:
                use = min(need, wilds)
                wilds -= use
                need -= use
            lacking += need
            if best:
                used = one[suit] & where
                uses[suit] |= used
                one[suit] = (one[suit] & ~used) | (two[suit] & used)
                two[suit] &= ~used
        return lacking, uses


def _without(cards: tuple[Card, ...], card: Card) -> list[Card]:
    rest = list(cards)
    rest.remove(card)
    return rest


def _melds_of(v: Variant, action: MeldAction, view: View) -> tuple[Meld, ...]:
    """The melds ``action`` would put on the table."""
    out = []
    for group in action.groups:
        meld = classify_meld(v, [c for c, _ in group], wild_ranks=view.wild_ranks)
        if meld is not None:
            out.append(meld)
    return tuple(out)


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``tuple(sorted(cards))``, sorted by the card codes (the same order, a
    faster sort: no comparison method called)."""
    return tuple(sorted(cards, key=_CODE))


def _unmatched(partials: list[tuple[Card, Card, float]]) -> dict[Card, float]:
    """For each card of the pairs ``(x, z, p)``: the chance that none of its
    pairs is completed (each completed with chance ``p``)."""
    out: dict[Card, float] = {}
    for x, z, p in partials:
        for c in (x, z):
            out[c] = out.get(c, 1.0) * (1.0 - p)
    return out


def _rank(card: Card) -> int:
    return 0 if card.rank is None else int(card.rank)


def _closeness(card: Card, hand: tuple[Card, ...], wild: frozenset[Rank]) -> int:
    """How close ``card`` is to a meld with the others: same rank, or same suit
    within two ranks; wilds count high (keep them)."""
    if card.rank is None or card.rank in wild:
        return 10
    r = int(card.rank)
    score = 0
    for c in hand:
        if c is card or c.rank is None:
            continue
        if c.rank == card.rank and c != card:
            score += 2
        elif c.suit == card.suit and 0 < abs(int(c.rank) - r) <= 2:
            score += 3 - abs(int(c.rank) - r)
    return score
