"""Settling one finished hand: :class:`Ending` in, :class:`Settlement` out.

:func:`settle` scores a hand from a description of how it ended: who went
out and how, the melds each seat has on the table, the cards left in each
hand, the knocker, and facts such as going rummy or penalties incurred. The
engine computes :attr:`rummykit.Hand.result` through it, and a scorekeeping
app can call it for a hand played with real cards.

Each scoring kind of ``v.scoring`` has one settling function, registered with
:func:`register_settlement` (custom scoring components register theirs).

>>> import rummykit as rk
>>> v = rk.load_variant("straight")
>>> s = rk.settle(v, rk.Ending(went_out=0, hands=[[], "KS 5D", "AH"]))
>>> s.scores, s.winners
((16, 0, 0), (0,))
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from rummykit.cards import Card, Rank, parse_cards
from rummykit.errors import NotationError, RummyError
from rummykit.melds import Meld, MeldKind, best_arrangement, best_declaration, classify_meld, meld_value
from rummykit.rules import (
    Chips,
    IndianPoints,
    KnockScoring,
    KnockTie,
    LoserCount,
    MeldedWild,
    MeldsMinusHand,
    NoWinner,
    OwnMelds,
    Payments,
    Penalty,
    Scoring,
    WinnerTakes,
)
from rummykit.variant import Variant

__all__ = [
    "Ending",
    "LaidOff",
    "Settlement",
    "Termination",
    "register_settlement",
    "settle",
]


class Termination(enum.StrEnum):
    """How a hand ended."""

    WENT_OUT = "went-out"
    """A player got rid of every card (or melded out)."""
    KNOCK = "knock"
    """A player knocked with deadwood."""
    GIN = "gin"
    """A player knocked with no deadwood."""
    DECLARED = "declared"
    """A player showed a valid declaration (Indian, Continental, Nowrang, ù)."""
    SHOWING = "showing"
    """Every player played the fixed number of turns and showed (Phỏm)."""
    DROPPED = "dropped"
    """Every other player dropped or declared wrongly; the last one left wins."""
    STOCK_EXHAUSTED = "stock-exhausted"
    """The stock ran out (or every player passed) with nobody out."""
    TURN_LIMIT = "turn-limit"
    """The ``limits.max_turns`` safety bound stopped the hand (not a rule of any game)."""


@attrs.frozen
class LaidOff:
    """A card laid off by ``layer`` onto meld ``index`` of ``owner`` (both seats)."""

    card: Card
    layer: int
    owner: int
    index: int


def _card_lists(value: Iterable[Any]) -> tuple[tuple[Card, ...], ...]:
    return tuple(parse_cards(h) for h in value)


def _termination(value: Termination | str | None) -> Termination | None:
    return None if value is None else Termination(value)


def _meld_lists(value: Iterable[Iterable[Meld | str]]) -> tuple[tuple[Meld | str, ...], ...]:
    return tuple(tuple(m) for m in value)


@attrs.frozen(kw_only=True)
class Ending:
    """How one hand ended: everything :func:`settle` needs, and nothing hidden.

    ``hands`` are the cards left in each seat's hand (text or cards), after any
    final discard. ``melds`` are each seat's melds on the table (Meld objects or
    text such as ``"7H 8H JK=9H"``), lay-offs included. ``laid_off`` names
    cards laid off onto another seat's meld (they score for the layer where
    the variant says so). ``concealed`` marks seats that displayed no meld or
    lay-off before their final turn (going rummy, Thai's doubling).
    ``penalties`` are ``(seat, what, beneficiary)``: ``"playable-discard"``,
    ``"eaten"`` (the next player took the seat's discard). ``dropped`` are
    ``(seat, "first" | "middle" | "wrong-declaration")``.

    >>> e = Ending(went_out=1, hands=["5H 5D", ""], melds=[[], ["7H 8H 9H"]])
    >>> e.players, e.hands[0]
    (2, (5H, 5D))
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_card_lists)
    how: Termination | None = attrs.field(default=None, converter=_termination)
    went_out: int | None = None
    melds: tuple[tuple[Meld | str, ...], ...] = attrs.field(default=(), converter=_meld_lists)
    laid_off: tuple[LaidOff, ...] = ()
    knocker: int | None = None
    final_discard: bool = True
    """Whether the player who went out (or knocked) ended with a discard."""
    concealed: tuple[bool, ...] = ()
    fed_by: int | None = None
    """The seat whose single discard the winner took and went straight out with."""
    penalties: tuple[tuple[int, str, int | None], ...] = ()
    dropped: tuple[tuple[int, str], ...] = ()
    wild_ranks: frozenset[Rank] = frozenset()
    draws: int = -1
    """Draws made by the player who went out (-1: not known)."""
    order: tuple[int, ...] = ()
    """Seats in playing order from the starter (tie breaks)."""

    def __attrs_post_init__(self) -> None:
        if self.how is None:
            if self.knocker is not None:
                how = Termination.KNOCK
            elif self.went_out is not None:
                how = Termination.WENT_OUT
            else:
                how = Termination.STOCK_EXHAUSTED
            object.__setattr__(self, "how", how)
        if not self.melds:
            object.__setattr__(self, "melds", tuple(() for _ in self.hands))
        if len(self.melds) != len(self.hands):
            raise RummyError(f"ending: {len(self.hands)} hands but melds for {len(self.melds)} seats")
        n = len(self.hands)
        for name in ("went_out", "knocker", "fed_by"):
            seat = getattr(self, name)
            if seat is not None and not 0 <= seat < n:
                raise RummyError(f"ending: {name} = {seat} is not a seat of {n} players")

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    def is_concealed(self, seat: int) -> bool:
        """Whether ``seat`` displayed nothing before its final turn."""
        return bool(self.concealed) and self.concealed[seat]


@attrs.frozen(kw_only=True)
class Settlement:
    """The score changes of one hand and why.

    ``scores`` holds each seat's change to its running total (penalty
    points for penalty scoring). ``winners`` are the seats that won the hand
    (empty when nobody did).
    """

    how: Termination
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()
    reasons: tuple[str, ...] = ()

    @property
    def winner(self) -> int | None:
        """The single winner, or None."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def loser(self) -> int | None:
        """The seat with the worst score change (ties: the first), None if all equal."""
        if len(set(self.scores)) <= 1:
            return None
        worst = min(self.scores)
        losers = [s for s, x in enumerate(self.scores) if x == worst and s not in self.winners]
        return losers[0] if losers else None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "how": self.how.value,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reasons": list(self.reasons),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settlement:
        """Read :meth:`to_json` output."""
        return cls(
            how=Termination(data["how"]),
            scores=tuple(int(x) for x in data["scores"]),
            winners=tuple(int(x) for x in data.get("winners", ())),
            reasons=tuple(str(x) for x in data.get("reasons", ())),
        )


Settler = Callable[["_Ctx"], Settlement]
_SETTLERS: dict[type[Scoring], Settler] = {}


def register_settlement(cls: type[Scoring]) -> Callable[[Settler], Settler]:
    """Decorator: register the settling function of a scoring component class.

    ``@register_settlement(MyScoring)`` over a function that receives a
    context (``c.v``, ``c.e`` the :class:`Ending`, ``c.scoring``, ``c.n``,
    helpers ``c.hand(seat)``, ``c.table(seat)``, ``c.deadwood(seat)``,
    ``c.done(scores, winners)``) and returns a :class:`Settlement`.
    """

    def wrap(f: Settler) -> Settler:
        _SETTLERS[cls] = f
        return f

    return wrap


def settle(v: Variant, ending: Ending) -> Settlement:
    """Score one finished hand of variant ``v``.

    Raises :class:`~rummykit.RummyError` for an ending that cannot be scored
    (unknown seat, a meld that is not a meld).
    """
    for cls in type(v.scoring).__mro__:
        fn = _SETTLERS.get(cls)
        if fn is not None:
            break
    else:
        raise RummyError(f"no settlement registered for scoring kind {v.scoring.kind!r}")
    ctx = _Ctx(v, ending)
    if ctx.how is Termination.TURN_LIMIT:
        return Settlement(how=ctx.how, scores=(0,) * ctx.n, reasons=("turn limit: nobody scores",))
    return fn(ctx)


class _Ctx:
    """What every settling function needs, computed once."""

    def __init__(self, v: Variant, ending: Ending) -> None:
        self.v = v
        self.e = ending
        self.how: Termination = ending.how or Termination.STOCK_EXHAUSTED
        self.n = ending.players
        self.scoring = v.scoring
        self.melds: list[list[Meld]] = [[self._meld(m) for m in seat] for seat in ending.melds]
        self.reasons: list[str] = []

    def _meld(self, m: Meld | str) -> Meld:
        if not isinstance(m, str):
            return m
        found = None
        try:
            found = classify_meld(self.v, Meld.parse(m), wild_ranks=self.e.wild_ranks)
        except NotationError:
            found = classify_meld(self.v, parse_cards(m), wild_ranks=self.e.wild_ranks)
        if found is None:
            raise RummyError(f"ending: {m!r} is not a meld in {self.v.name}")
        return found

    # values ---------------------------------------------------------------

    def card(self, card: Card) -> int:
        return self.scoring.card_value(card)

    def hand(self, seat: int) -> int:
        return sum(self.card(c) for c in self.e.hands[seat])

    def slot(self, meld: Meld, i: int) -> int:
        card, rep = meld.cards[i], meld.represents[i]
        if card != rep and self.scoring.melded_wild is MeldedWild.OWN:
            return self.card(card)
        low = meld.kind is MeldKind.RUN and rep.rank is Rank.ACE and i == 0 and len(meld.cards) > 1
        low = low and meld.represents[1].rank is Rank.TWO
        return self.scoring.card_value(rep, low_ace=low)

    def meld(self, meld: Meld) -> int:
        return meld_value(self.v, meld)

    def table(self, seat: int) -> int:
        """Value of the melds credited to ``seat`` (lay-offs moved to the layer
        where the lay-off policy says so)."""
        total = sum(self.meld(m) for m in self.melds[seat])
        for lo in self.e.laid_off:
            credit = self.v.layoff.credit_to(owner=lo.owner, layer=lo.layer)
            if credit == lo.owner:
                continue
            value = self._laid_value(lo)
            if seat == lo.owner:
                total -= value
            if seat == credit:
                total += value
        return total

    def _laid_value(self, lo: LaidOff) -> int:
        melds = self.melds[lo.owner]
        if not 0 <= lo.index < len(melds):
            raise RummyError(f"ending: seat {lo.owner} has no meld #{lo.index + 1}")
        meld = melds[lo.index]
        for i, c in enumerate(meld.cards):
            if c == lo.card:
                return self.slot(meld, i)
        raise RummyError(f"ending: {lo.card} is not in meld {meld}")

    def deadwood(self, seat: int, *, min_runs: int = 0, min_pure: int = 0) -> int | None:
        cards = self.e.hands[seat]
        if not cards:
            return 0
        arr = best_arrangement(
            self.v, cards, wild_ranks=self.e.wild_ranks, min_runs=min_runs, min_pure_runs=min_pure
        )
        return None if arr is None else arr.deadwood_value

    def done(self, scores: Sequence[int], winners: Sequence[int] = ()) -> Settlement:
        return Settlement(
            how=self.how, scores=tuple(scores), winners=tuple(winners), reasons=tuple(self.reasons)
        )

    def seat_order(self) -> list[int]:
        return list(self.e.order) if self.e.order else list(range(self.n))

    def active(self) -> list[int]:
        gone = {s for s, _ in self.e.dropped}
        return [s for s in range(self.n) if s not in gone]


# --------------------------------------------------------------------------- winner takes


@register_settlement(WinnerTakes)
def _winner_takes(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, WinnerTakes)
    w = c.e.went_out

    def count(seat: int) -> int:
        if s.losers_meld:
            d = c.deadwood(seat)
            return c.hand(seat) if d is None else d
        return c.hand(seat)

    if w is None:
        if s.no_winner is NoWinner.NOTHING:
            c.reasons.append("nobody went out: nobody scores")
            return c.done([0] * c.n)
        counts = [count(x) for x in range(c.n)]
        low = min(counts)
        winners = [x for x in range(c.n) if counts[x] == low]
        pot = sum(x - low for x in counts)
        share = pot // len(winners)
        c.reasons.append(
            f"nobody went out: lowest count {low} takes the differences ({pot}"
            + (
                f", shared by {len(winners)}, {pot - share * len(winners)} not awarded)"
                if len(winners) > 1
                else ")"
            )
        )
        return c.done([share if x in winners else 0 for x in range(c.n)], winners)
    total = 0
    for x in range(c.n):
        if x != w:
            value = count(x)
            total += value
            c.reasons.append(f"seat {x} holds {value}")
    if c.e.is_concealed(w) and (s.rummy_multiplier != 1 or s.rummy_bonus):
        total = total * s.rummy_multiplier + s.rummy_bonus
        c.reasons.append(f"went rummy: x{s.rummy_multiplier} +{s.rummy_bonus}")
    scores = [0] * c.n
    scores[w] = total
    return c.done(scores, [w])


@register_settlement(Penalty)
def _penalty(c: _Ctx) -> Settlement:
    w = c.e.went_out
    if w is None:
        c.reasons.append("nobody went out: nobody scores")
        return c.done([0] * c.n)
    scores = [0 if x == w else c.hand(x) for x in range(c.n)]
    for x in range(c.n):
        if x != w:
            c.reasons.append(f"seat {x} takes {scores[x]} penalty points")
    return c.done(scores, [w])


@register_settlement(OwnMelds)
def _own_melds(c: _Ctx) -> Settlement:
    w = c.e.went_out
    if w is None:
        c.reasons.append("nobody went out: nobody scores")
        return c.done([0] * c.n)
    value = sum(c.meld(m) for m in c.melds[w])
    scores = [0] * c.n
    scores[w] = value * (c.n - 1)
    c.reasons.append(f"own melds worth {value} x {c.n - 1} opponents")
    return c.done(scores, [w])


# --------------------------------------------------------------------------- melds minus hand


@register_settlement(MeldsMinusHand)
def _melds_minus_hand(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, MeldsMinusHand)
    w = c.e.went_out
    scores: list[int] = []
    for x in range(c.n):
        shown, held = c.table(x), c.hand(x)
        score = shown - held
        bonus = s.out_bonus if x == w else 0
        if s.multiplier_includes_bonus:
            score += bonus
        if c.e.is_concealed(x) and s.never_melded_multiplier != 1:
            score *= s.never_melded_multiplier
            c.reasons.append(
                f"seat {x} displayed no meld before the final turn: x{s.never_melded_multiplier}"
            )
        if not s.multiplier_includes_bonus:
            score += bonus
        if bonus:
            c.reasons.append(f"seat {x} went out: +{bonus}")
        c.reasons.append(f"seat {x}: melds {shown} - hand {held}")
        scores.append(score)
    if w is not None and c.e.fed_by is not None and s.last_discard_penalty:
        scores[c.e.fed_by] -= s.last_discard_penalty
        c.reasons.append(f"seat {c.e.fed_by} fed the winning discard: -{s.last_discard_penalty}")
    for seat, what, _ in c.e.penalties:
        if what == "playable-discard" and s.playable_discard_penalty:
            scores[seat] -= s.playable_discard_penalty
            c.reasons.append(f"seat {seat} discarded a playable card: -{s.playable_discard_penalty}")
    if w is not None:
        winners = [w]
    else:
        best = max(scores)
        winners = [x for x in range(c.n) if scores[x] == best]
    return c.done(scores, winners)


# --------------------------------------------------------------------------- knock


@register_settlement(KnockScoring)
def _knock(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, KnockScoring)
    k = c.e.knocker if c.e.knocker is not None else c.e.went_out
    if k is None:
        c.reasons.append("nobody knocked: nobody scores")
        return c.done([0] * c.n)
    dead = []
    for x in range(c.n):
        d = c.deadwood(x)
        dead.append(c.hand(x) if d is None else d)
    others = [x for x in c.seat_order() if x != k] or [x for x in range(c.n) if x != k]
    low = min(dead[x] for x in others)
    gin = dead[k] == 0
    big = gin and not c.e.final_discard
    scores = [0] * c.n
    c.reasons.append("deadwood " + ", ".join(f"seat {x}: {dead[x]}" for x in range(c.n)))
    knocker_wins = dead[k] < low or (
        dead[k] == low and (s.tie is KnockTie.KNOCKER or (gin and s.gin_tie is KnockTie.KNOCKER))
    )
    if knocker_wins:
        diff = sum(dead[x] - dead[k] for x in others)
        bonus = 0
        if gin:
            bonus = s.gin_bonus * (len(others) if s.bonus_per_opponent else 1)
            c.reasons.append(f"{'big gin' if big else 'gin'}: +{bonus}")
            if big and s.big_gin_bonus:
                bonus += s.big_gin_bonus
                c.reasons.append(f"big gin bonus: +{s.big_gin_bonus}")
        scores[k] = diff + bonus
        return c.done(scores, [k])
    w = next(x for x in others if dead[x] == low)
    diff = sum(dead[x] - dead[w] for x in range(c.n) if x != w)
    undercut = dead[w] < dead[k] or s.tie is KnockTie.UNDERCUT
    scores[w] = diff
    if undercut:
        scores[w] += s.undercut_bonus
        scores[k] -= s.knocker_penalty
        c.reasons.append(f"seat {w} undercut the knocker: +{s.undercut_bonus}")
        if s.knocker_penalty:
            c.reasons.append(f"knocker undercut: -{s.knocker_penalty}")
    return c.done(scores, [w])


# --------------------------------------------------------------------------- Indian


@register_settlement(IndianPoints)
def _indian(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, IndianPoints)
    points = [0] * c.n
    gone = dict(c.e.dropped)
    for seat, how in c.e.dropped:
        cost = {"first": s.first_drop, "middle": s.middle_drop}.get(how, s.wrong_declaration)
        points[seat] = cost
        c.reasons.append(
            f"seat {seat}: {how} drop {cost}"
            if how != "wrong-declaration"
            else f"seat {seat}: wrong declaration {cost}"
        )
    w = c.e.went_out
    if w is None and c.how is not Termination.DROPPED:
        c.reasons.append("nobody declared: nobody scores")
        return c.done([0] * c.n)
    min_runs, min_pure = c.v.going_out.run_requirement()
    for x in range(c.n):
        if x == w or x in gone:
            continue
        cards = c.e.hands[x]
        if s.valid_loser_points and _whole_hand_declares(c, x):
            points[x] = s.valid_loser_points
            c.reasons.append(f"seat {x} also holds a valid declaration: {points[x]}")
            continue
        arr = best_arrangement(
            c.v, cards, wild_ranks=c.e.wild_ranks, min_runs=min_runs, min_pure_runs=min_pure
        )
        if arr is None:
            counted = cards
        elif s.loser_counts is LoserCount.UNGROUPED:
            counted = tuple(arr.deadwood)
        else:
            in_runs = [card for m in arr.melds if m.kind is MeldKind.RUN for card in m.cards]
            rest = list(cards)
            for card in in_runs:
                rest.remove(card)
            counted = tuple(rest)
        value = sum(_indian_value(c, card, s) for card in counted)
        points[x] = min(value, s.cap)
        c.reasons.append(f"seat {x} counts {points[x]}" + (" (capped)" if value > s.cap else ""))
    if w is None:
        left = c.active()
        winners = left if len(left) == 1 else []
    else:
        winners = [w]
    if s.winner_collects and winners:
        pot = sum(points)
        scores = [-p for p in points]
        scores[winners[0]] += pot
        return c.done(scores, winners)
    return c.done(points, winners)


def _whole_hand_declares(c: _Ctx, seat: int) -> bool:
    cards = c.e.hands[seat]
    return bool(cards) and best_declaration(c.v, cards, wild_ranks=c.e.wild_ranks) is not None


def _indian_value(c: _Ctx, card: Card, s: IndianPoints) -> int:
    if card.rank is not None and card.rank in c.e.wild_ranks:
        return s.wild_value
    return c.card(card)


# --------------------------------------------------------------------------- payments


@register_settlement(Payments)
def _payments(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, Payments)
    w = c.e.went_out
    if w is None:
        c.reasons.append("nobody went out: nobody pays")
        return c.done([0] * c.n)
    jokers = wilds = 0
    suits = set()
    for m in c.melds[w]:
        for card, rep in zip(m.cards, m.represents, strict=True):
            if card.is_joker:
                jokers += 1
            elif card != rep:
                wilds += 1
            suits.add(rep.suit)
    for card in c.e.hands[w]:
        suits.add(card.suit)
    pay = s.base + s.per_joker * jokers + s.per_wild * wilds
    c.reasons.append(
        f"each opponent pays {s.base} + {s.per_joker} x {jokers} jokers + {s.per_wild} x {wilds} wilds"
    )
    if not jokers and not wilds and s.no_wild_bonus:
        pay += s.no_wild_bonus
        c.reasons.append(f"no wild used: +{s.no_wild_bonus}")
    if c.e.draws == 0 and s.no_draw_bonus:
        pay += s.no_draw_bonus
        c.reasons.append(f"out before drawing: +{s.no_draw_bonus}")
    if c.e.draws == 1 and s.one_draw_bonus:
        pay += s.one_draw_bonus
        c.reasons.append(f"out after one draw: +{s.one_draw_bonus}")
    if len(suits) == 1 and s.one_suit_bonus:
        pay += s.one_suit_bonus
        c.reasons.append(f"all one suit: +{s.one_suit_bonus}")
    scores = [-pay] * c.n
    scores[w] = pay * (c.n - 1)
    return c.done(scores, [w])


# --------------------------------------------------------------------------- chips (Phỏm)


@register_settlement(Chips)
def _chips(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, Chips)
    scores = [0] * c.n
    w = c.e.went_out
    order = c.seat_order()
    if w is not None:
        pay = s.out_pay if c.e.final_discard else s.out_no_discard_pay
        fed = [seat for seat, what, to in c.e.penalties if what == "eaten" and to == w]
        feeder = next((x for x in set(fed) if fed.count(x) >= 3), None) if s.feeder_pays_all else None
        for x in range(c.n):
            if x == w:
                continue
            payer = feeder if feeder is not None else x
            scores[payer] -= pay
            scores[w] += pay
        c.reasons.append(
            f"ù: {pay} from each opponent" + (f", all paid by seat {feeder}" if feeder is not None else "")
        )
        winners = [w]
    else:
        trash = {}
        mom = set()
        for x in range(c.n):
            cards = c.e.hands[x]
            arr = best_arrangement(c.v, cards, wild_ranks=c.e.wild_ranks) if cards else None
            trash[x] = sum(c.card(card) for card in (arr.deadwood if arr is not None else cards))
            if not c.melds[x] and (arr is None or not arr.melds):
                mom.add(x)
        ranked = [x for x in sorted(order, key=lambda x: (trash[x], order.index(x))) if x not in mom]
        winners = ranked[:1] or [order[0]]
        win = winners[0]
        for place, x in enumerate(ranked[1:]):
            pay = s.place_pays[min(place, len(s.place_pays) - 1)] if s.place_pays else 0
            scores[x] -= pay
            scores[win] += pay
        for x in mom:
            if x == win:
                continue
            scores[x] -= s.no_meld_pay
            scores[win] += s.no_meld_pay
            c.reasons.append(f"seat {x} has no meld (móm): pays {s.no_meld_pay}")
        c.reasons.append("trash " + ", ".join(f"seat {x}: {trash[x]}" for x in range(c.n)))
    if s.eaten_pay:
        for seat, what, to in c.e.penalties:
            if what == "eaten" and to is not None:
                scores[seat] -= s.eaten_pay
                scores[to] += s.eaten_pay
                c.reasons.append(f"seat {seat}'s discard was eaten by seat {to}: pays {s.eaten_pay}")
    return c.done(scores, winners)
