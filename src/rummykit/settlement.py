"""Settling one finished hand: :class:`Ending` in, :class:`Settlement` out.

:func:`settle` scores a hand from a description of how it ended: who went
out and how, the melds each seat has on the table, the cards left in each
hand, the knocker, and facts such as going rummy or penalties incurred. The
engine computes :attr:`rummykit.Hand.result` through it, and a scorekeeping
app can call it for a hand played with real cards.

Each scoring kind of ``v.scoring`` has one settling function, registered with
:func:`register_settlement` (custom scoring components register theirs).

A scorekeeper who counted at the table may give the counts instead of the
cards (``counts``: the value left in each hand; ``meld_totals``: the value
of each seat's melds; ``joker_counts``/``wild_counts``: the wilds the
winner used), and after a knock may ask for the defenders' best lay-offs
(``best_layoffs=True``) instead of listing them. A :class:`Settlement` gives
the net ``scores``, the ``payments`` behind them and what the numbers mean
(``units``); :func:`apply_settlement` adds a hand to running totals kept
outside a :class:`~rummykit.Match`.

An ending that cannot happen in the variant (more copies of a card than the
deck holds, an unknown seat, a count no hand can reach) is refused with a
:class:`~rummykit.RummyError` naming why.

>>> import rummykit as rk
>>> v = rk.load_variant("straight")
>>> s = rk.settle(v, rk.Ending(went_out=0, hands=[[], "KS 5D", "AH"]))
>>> s.scores, s.winners, s.units.value
((16, 0, 0), (0,), 'points')
>>> [str(p) for p in s.payments]
["seat 0 scores 15: seat 1's cards left in hand", "seat 0 scores 1: seat 2's cards left in hand"]
>>> rk.settle(v, rk.Ending(went_out=0, counts=[0, 15, 1])).scores
(16, 0, 0)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from rummykit.cards import Card, Rank, Suit, parse_card, parse_cards
from rummykit.errors import ArgumentError, NotationError, RummyError
from rummykit.melds import (
    Meld,
    MeldKind,
    best_arrangement,
    best_declaration,
    classify_meld,
    layoff_options,
    meld_value,
)
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
from rummykit.rules.scoring import ChipsTie
from rummykit.variant import Variant

__all__ = [
    "Ending",
    "LaidOff",
    "Payment",
    "ScoreUnits",
    "Settlement",
    "Standing",
    "Termination",
    "apply_settlement",
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


_DROPS = ("first", "middle", "wrong-declaration")
_PENALTIES = ("playable-discard", "eaten")


def _bad(why: str) -> RummyError:
    return RummyError(f"ending: {why}")


def _card_lists(value: Iterable[Any]) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise _bad(f"hands must be a list of hands, one per seat, got {value!r}")
    return tuple(parse_cards(h) for h in value)


def _termination(value: Termination | str | None) -> Termination | None:
    if value is None:
        return None
    try:
        return Termination(value)
    except ValueError:
        names = ", ".join(t.value for t in Termination)
        raise _bad(f"how = {value!r} is not a way a hand ends (one of {names})") from None


def _meld_lists(value: Iterable[Iterable[Meld | str]]) -> tuple[tuple[Meld | str, ...], ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise _bad(f"melds must be a list of meld lists, one per seat, got {value!r}")
    out = []
    for seat in value:
        if isinstance(seat, str | Meld) or not isinstance(seat, Iterable):
            raise _bad(f"each seat's melds must be a list of melds, got {seat!r}")
        out.append(tuple(seat))
    return tuple(out)


def _tuple(value: Iterable[Any]) -> tuple[Any, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise _bad(f"expected a list, got {value!r}")
    return tuple(value)


def _frozen(value: Iterable[Rank | str]) -> frozenset[Rank]:
    """Wild ranks, as ranks or their text (``"8"``, ``"T"``, ``"10"``)."""
    out = []
    for r in _tuple(value):
        if isinstance(r, str):
            try:
                r = Rank.parse(r)
            except NotationError:
                raise _bad(f"wild rank {r!r} is not a rank (A 2-9 T J Q K)") from None
        out.append(r)
    return frozenset(out)


def _card_or_none(value: Card | str | None) -> Card | None:
    if value is None or isinstance(value, Card):
        return value
    if isinstance(value, str):
        return parse_card(value)
    raise _bad(f"upcard = {value!r} is not a card (a Card, text such as 'QS', or None)")


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _seat_ok(name: str, seat: object, n: int, *, optional: bool = True) -> None:
    if seat is None and optional:
        return
    if not _is_int(seat):
        raise _bad(f"{name} = {seat!r} is not a seat number (an integer from 0)")
    assert isinstance(seat, int)
    if not 0 <= seat < n:
        raise _bad(f"{name} = {seat} is not a seat of {n} players")


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

    Counted at the table instead of cards (each a list with one entry per
    seat, ``None`` where the cards are given): ``counts``, the value of the
    cards left in each hand as the scoring counts them (the deadwood where
    the losers may meld: gin, block, Phỏm's trash, Indian points before the
    cap); ``meld_totals``, the value of each seat's melds (lay-offs credited
    as the variant says); ``joker_counts`` and ``wild_counts``, the printed
    jokers and other wilds in the winner's melds (Continental payments).
    ``upcard`` is the hand's first upcard (Oklahoma Gin: its value sets the
    knock limit, an ace allows gin only, a spade may double the hand).
    ``best_layoffs``: after a knock, lay off each defender's cards onto the
    knocker's melds in the way best for the defender (the rules let the
    defender choose), instead of taking the hands as already laid off.
    ``dealer`` breaks ties where a rule names the dealer (Phỏm).

    >>> e = Ending(went_out=1, hands=["5H 5D", ""], melds=[[], ["7H 8H 9H"]])
    >>> e.players, e.hands[0]
    (2, (5H, 5D))
    >>> Ending(knocker=0, counts=[4, 11]).players
    2
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(default=(), converter=_card_lists)
    how: Termination | None = attrs.field(default=None, converter=_termination)
    went_out: int | None = None
    melds: tuple[tuple[Meld | str, ...], ...] = attrs.field(default=(), converter=_meld_lists)
    laid_off: tuple[LaidOff, ...] = attrs.field(default=(), converter=_tuple)
    knocker: int | None = None
    final_discard: bool = True
    """Whether the player who went out (or knocked) ended with a discard."""
    concealed: tuple[bool, ...] = attrs.field(default=(), converter=_tuple)
    fed_by: int | None = None
    """The seat whose single discard the winner took and went straight out with."""
    penalties: tuple[tuple[int, str, int | None], ...] = attrs.field(default=(), converter=_tuple)
    dropped: tuple[tuple[int, str], ...] = attrs.field(default=(), converter=_tuple)
    wild_ranks: frozenset[Rank] = attrs.field(default=frozenset(), converter=_frozen)
    """The ranks wild in this hand (ranks or their text, ``["8"]``)."""
    upcard: Card | None = attrs.field(default=None, converter=_card_or_none)
    """The hand's first upcard, where the knock limit or the scoring depends
    on it (Oklahoma Gin); None: not known."""
    draws: int = -1
    """Draws made by the player who went out (-1: not known)."""
    order: tuple[int, ...] = attrs.field(default=(), converter=_tuple)
    """Seats in playing order from the starter (tie breaks)."""
    dealer: int | None = None
    """The dealer's seat (tie breaks that name the dealer); None: not known."""
    counts: tuple[int | None, ...] = attrs.field(default=(), converter=_tuple)
    meld_totals: tuple[int | None, ...] = attrs.field(default=(), converter=_tuple)
    joker_counts: tuple[int | None, ...] = attrs.field(default=(), converter=_tuple)
    wild_counts: tuple[int | None, ...] = attrs.field(default=(), converter=_tuple)
    best_layoffs: bool = False

    def __attrs_post_init__(self) -> None:
        n = max(len(self.hands), len(self.counts), len(self.meld_totals))
        if n == 0:
            raise _bad("no seats: give each seat's hand (or count)")
        if not self.hands:
            object.__setattr__(self, "hands", tuple(() for _ in range(n)))
        if not self.melds:
            object.__setattr__(self, "melds", tuple(() for _ in self.hands))
        for name in ("hands", "melds", "concealed", "counts", "meld_totals", "joker_counts", "wild_counts"):
            got = len(getattr(self, name))
            if got and got != n:
                raise _bad(f"{name} has {got} entries for {n} seats")
        for name in ("went_out", "knocker", "fed_by", "dealer"):
            _seat_ok(name, getattr(self, name), n)
        if self.how is None:
            if self.knocker is not None:
                how = Termination.KNOCK
            elif self.went_out is not None:
                how = Termination.WENT_OUT
            else:
                how = Termination.STOCK_EXHAUSTED
            object.__setattr__(self, "how", how)
        for name in ("final_discard", "best_layoffs"):
            if not isinstance(getattr(self, name), bool):
                raise _bad(f"{name} = {getattr(self, name)!r} is not true or false")
        if not _is_int(self.draws) or self.draws < -1:
            raise _bad(f"draws = {self.draws!r} is not a number of draws (-1: not known)")
        for i, x in enumerate(self.concealed):
            if not isinstance(x, bool):
                raise _bad(f"concealed[{i}] = {x!r} is not true or false")
        self._check_lists(n)

    def _check_lists(self, n: int) -> None:
        for name in ("counts", "meld_totals", "joker_counts", "wild_counts"):
            for i, x in enumerate(getattr(self, name)):
                if x is not None and (not _is_int(x) or x < 0):
                    raise _bad(f"{name}[{i}] = {x!r} is not a count (an integer from 0)")
        seen: set[int] = set()
        for entry in self.dropped:
            if not isinstance(entry, tuple | list) or len(entry) != 2:
                raise _bad(f"dropped entry {entry!r} is not (seat, how)")
            seat, how = entry
            _seat_ok("dropped seat", seat, n, optional=False)
            if how not in _DROPS:
                raise _bad(f"seat {seat} dropped {how!r}: expected one of {', '.join(_DROPS)}")
            if seat in seen:
                raise _bad(f"seat {seat} is listed as dropped twice")
            seen.add(seat)
        for penalty in self.penalties:
            if not isinstance(penalty, tuple | list) or len(penalty) != 3:
                raise _bad(f"penalty {penalty!r} is not (seat, what, beneficiary)")
            seat, what, to = penalty
            _seat_ok("penalty seat", seat, n, optional=False)
            _seat_ok("penalty beneficiary", to, n)
            if what not in _PENALTIES:
                raise _bad(f"penalty {what!r} of seat {seat}: expected one of {', '.join(_PENALTIES)}")
        for lo in self.laid_off:
            if not isinstance(lo, LaidOff):
                raise _bad(f"laid_off entry {lo!r} is not a LaidOff")
            _seat_ok("laid_off layer", lo.layer, n, optional=False)
            _seat_ok("laid_off owner", lo.owner, n, optional=False)
            if not _is_int(lo.index) or lo.index < 0:
                raise _bad(f"laid_off meld index {lo.index!r} is not a meld number")
        if len(set(self.order)) != len(self.order):
            raise _bad(f"order {self.order!r} names a seat twice")
        for seat in self.order:
            _seat_ok("order seat", seat, n, optional=False)
        for r in self.wild_ranks:
            if not isinstance(r, Rank):
                raise _bad(f"wild rank {r!r} is not a Rank")

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    def is_concealed(self, seat: int) -> bool:
        """Whether ``seat`` displayed nothing before its final turn."""
        return bool(self.concealed) and self.concealed[seat]


class ScoreUnits(enum.StrEnum):
    """What the numbers of a :class:`Settlement` are (by scoring kind)."""

    POINTS = "points"
    """Points won, added to a running total; higher is better (straight rummy,
    gin, knock, 500 Rum, Thai, Queen City; 500 Rum and Thai can go negative)."""
    PENALTY = "penalty"
    """Penalty points, added to a running total; lower is better (Rommé,
    Indian pool rummy): the winner of the hand usually scores 0."""
    CHIPS = "chips"
    """Chips (or stakes) moved between the seats: the scores sum to zero
    (Continental, Phỏm, Indian points rummy)."""


@attrs.frozen
class Payment:
    """One entry behind a settlement: ``amount`` comes off ``payer``'s total
    and goes onto ``payee``'s total, in the settlement's units. ``None``
    stands for the score sheet itself: points scored that nobody loses
    (payer None: the cards an opponent holds in straight rummy, a bonus, a
    seat's melds) or points taken off (payee None: a penalty). Chips always
    go from seat to seat. For penalty scoring the payee *receives penalty
    points*. For every seat, what it receives minus what it pays is its
    score.

    >>> str(Payment(1, 0, 15, "cards left in hand"))
    'seat 1 pays seat 0 15: cards left in hand'
    >>> str(Payment(None, 2, 25, "gin bonus"))
    'seat 2 scores 25: gin bonus'
    """

    payer: int | None
    payee: int | None
    amount: int
    reason: str

    def __str__(self) -> str:
        if self.payer is None and self.payee is not None:
            return f"seat {self.payee} scores {self.amount}: {self.reason}"
        if self.payee is None and self.payer is not None:
            return f"seat {self.payer} loses {self.amount}: {self.reason}"
        return f"seat {self.payer} pays seat {self.payee} {self.amount}: {self.reason}"


@attrs.frozen(kw_only=True)
class Settlement:
    """The score changes of one hand and why.

    ``scores`` holds each seat's change to its running total, in ``units``:
    points won (higher is better), penalty points (lower is better), or
    chips moved between the seats (they sum to zero); see
    :class:`ScoreUnits`. ``payments`` are the entries behind them: for every
    seat, what it receives minus what it pays equals its score.

    By scoring kind (``v.scoring.kind``):

    * ``winner-takes`` (straight, block, boathouse, double rum, Kalooki,
      Wrotham), ``knock`` (gin, knock rummy), ``own-melds`` (Queen City):
      points won; only the winner of the hand (or the undercutter) scores,
      the others 0 (a knocker undercut may lose a penalty).
    * ``melds-minus-hand`` (500 Rum, Thai): points, every seat scores its
      melds minus its hand, and may go negative.
    * ``penalty`` (Rommé, Rami Malta), ``indian`` without
      ``winner_collects`` (pool rummy): penalty points, the winner 0.
    * ``payments`` (Continental, Nowrang), ``chips`` (Phỏm), ``indian`` with
      ``winner_collects`` (points and deals rummy): chips moved, summing to 0.

    ``winners`` are the seats the rules name as winning the hand: the one
    who went out or declared, the winner of a knock, the lowest count when
    nobody went out, the last seat left after drops (empty when nobody won).
    It is not "who scored most": in 500 Rum the seat that went out may score
    less than an opponent with big melds, and under penalty scoring the
    winner scores 0 (``hand_winners`` is the same tuple under a name that
    says so). ``laid_off`` lists the lay-offs :func:`settle` chose when asked
    for the defenders' best lay-offs.
    """

    how: Termination
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()
    reasons: tuple[str, ...] = ()
    units: ScoreUnits = ScoreUnits.POINTS
    payments: tuple[Payment, ...] = ()
    laid_off: tuple[LaidOff, ...] = ()

    @property
    def hand_winners(self) -> tuple[int, ...]:
        """The seats that won the hand by the rules (same as ``winners``)."""
        return self.winners

    @property
    def winner(self) -> int | None:
        """The single winner, or None."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def loser(self) -> int | None:
        """The seat with the worst score change (ties: the first), None if all equal."""
        if len(set(self.scores)) <= 1:
            return None
        worst = max(self.scores) if self.units is ScoreUnits.PENALTY else min(self.scores)
        losers = [s for s, x in enumerate(self.scores) if x == worst and s not in self.winners]
        return losers[0] if losers else None

    def totals_after(self, totals: Sequence[int]) -> tuple[int, ...]:
        """Running ``totals`` (one per seat of this hand) with this hand added.

        >>> import rummykit as rk
        >>> s = rk.settle(rk.load_variant("straight"), rk.Ending(went_out=0, counts=[0, 7, 3]))
        >>> s.totals_after([10, 20, 30])
        (20, 20, 30)
        """
        if len(totals) != len(self.scores):
            raise RummyError(f"{len(totals)} totals for a hand of {len(self.scores)} seats")
        return tuple(t + s for t, s in zip(totals, self.scores, strict=True))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "how": self.how.value,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reasons": list(self.reasons),
            "units": self.units.value,
            "payments": [[p.payer, p.payee, p.amount, p.reason] for p in self.payments],
            "laid_off": [[str(x.card), x.layer, x.owner, x.index] for x in self.laid_off],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settlement:
        """Read :meth:`to_json` output."""
        try:
            return cls(
                how=Termination(data["how"]),
                scores=tuple(int(x) for x in data["scores"]),
                winners=tuple(int(x) for x in data.get("winners", ())),
                reasons=tuple(str(x) for x in data.get("reasons", ())),
                units=ScoreUnits(data.get("units", "points")),
                payments=tuple(
                    Payment(None if a is None else int(a), None if b is None else int(b), int(m), str(r))
                    for a, b, m, r in data.get("payments", ())
                ),
                laid_off=tuple(
                    LaidOff(Card.parse(c), int(a), int(b), int(i)) for c, a, b, i in data.get("laid_off", ())
                ),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RummyError):
                raise
            raise RummyError(f"settlement: not a settlement's JSON ({exc})") from None


@attrs.frozen(kw_only=True)
class Standing:
    """Running totals after a hand, kept by a scorekeeper outside a Match.

    ``totals`` per seat; ``out``: seats the game end rule removes (over the
    pool limit); ``over``: whether the game has ended; ``game_winners``: the
    seats that won the game when it is over; ``final_totals``: once it is
    over, the totals after the game end rule's bonuses (game bonus, a bonus
    per hand won, shutouts), the same as a Match's final totals.
    """

    totals: tuple[int, ...]
    out: tuple[int, ...] = ()
    over: bool = False
    game_winners: tuple[int, ...] = ()
    final_totals: tuple[int, ...] = ()


def apply_settlement(
    v: Variant,
    totals: Sequence[int] | None,
    settlement: Settlement,
    *,
    hands_played: int = 1,
    hands_won: Sequence[int] | None = None,
) -> Standing:
    """Add a settled hand to a scorekeeper's running ``totals`` and ask the
    variant's game end rule whether the game is over.

    ``totals`` (one per seat; None: the variant's starting totals) and
    ``hands_played`` (including this hand) are the scorekeeper's own; the
    seats are the settlement's. ``hands_won`` (per seat, this hand included;
    None: counted from this hand alone) feeds end-of-game bonuses per hand
    won. Returns a :class:`Standing`.

    >>> import rummykit as rk
    >>> v = rk.load_variant("gin")
    >>> s = rk.settle(v, rk.Ending(knocker=0, counts=[0, 95]))
    >>> st = rk.apply_settlement(v, [40, 10], s)
    >>> st.totals, st.over, st.game_winners
    ((160, 10), True, (0,))
    """
    n = len(settlement.scores)
    start = v.game_end.start_total()
    before = [start] * n if totals is None else list(totals)
    if len(before) != n or not all(_is_int(t) for t in before):
        raise RummyError(f"totals must be {n} integers, one per seat, got {totals!r}")
    if not _is_int(hands_played) or hands_played < 1:
        raise RummyError(f"hands_played = {hands_played!r} is not a number of hands from 1")
    after = list(settlement.totals_after(before))
    ge = v.game_end
    out_ways = (Termination.WENT_OUT, Termination.DECLARED, Termination.DROPPED)
    went_out = settlement.winner if settlement.how in out_ways else None
    verdict = ge.verdict(totals=after, active=list(range(n)), hands_played=hands_played, went_out=went_out)
    out = tuple(s for s in range(n) if ge.drops_out(after[s]))
    active = [s for s in range(n) if s not in out]
    if verdict is None and len(active) < max(v.players.min, 1) and out:
        verdict = tuple(active) or tuple(range(n))
    if verdict is None:
        return Standing(totals=tuple(after), out=out)
    won = [1 if s in settlement.winners else 0 for s in range(n)] if hands_won is None else list(hands_won)
    if len(won) != n or not all(_is_int(x) and x >= 0 for x in won):
        raise RummyError(f"hands_won must be {n} counts, one per seat, got {hands_won!r}")
    final = ge.final_totals(after, winners=tuple(verdict), hands_won=won)
    return Standing(
        totals=tuple(after), out=out, over=True, game_winners=tuple(verdict), final_totals=tuple(final)
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
    or cannot happen in ``v``: an unknown seat, a meld that is not a meld,
    a player count the variant does not allow, more copies of a card (or
    more jokers) than its deck holds, a count no hand can reach, wild ranks
    the deck never makes wild, a hand ended by going out with cards left.

    >>> import rummykit as rk
    >>> gin = rk.load_variant("gin")
    >>> rk.settle(gin, rk.Ending(hands=["JK", "KS"], knocker=0))
    Traceback (most recent call last):
    ...
    rummykit.errors.RummyError: ending: 1 x JK, but the deck of gin for 2 players holds 0
    """
    if not isinstance(v, Variant):
        raise ArgumentError(f"settle: v must be a Variant, got {type(v).__name__}")
    if not isinstance(ending, Ending):
        raise RummyError(f"settle needs an Ending, got {type(ending).__name__}")
    for cls in type(v.scoring).__mro__:
        fn = _SETTLERS.get(cls)
        if fn is not None:
            break
    else:
        raise RummyError(f"no settlement registered for scoring kind {v.scoring.kind!r}")
    _check_possible(v, ending)
    ctx = _Ctx(v, ending)
    if ctx.how is Termination.TURN_LIMIT:
        return Settlement(how=ctx.how, scores=(0,) * ctx.n, reasons=("turn limit: nobody scores",))
    return fn(ctx)


_SHOES: dict[tuple[int, int], tuple[Variant, tuple[Counter[Card], int, int, int]]] = {}


def _shoe_facts(v: Variant, n: int) -> tuple[Counter[Card], int, int, int]:
    """The shoe of ``v`` for ``n`` players (card counts), its value, its
    number of cards and of jokers: the same for every hand of the variant, so
    kept (a simulation settles thousands of hands; the caller must not change
    the counter)."""
    found = _SHOES.get((id(v), n))
    if found is None or found[0] is not v:
        if len(_SHOES) > 64:
            _SHOES.clear()
        shoe = Counter(v.deck.shoe(n))
        top = sum(v.scoring.card_value(c) * k for c, k in shoe.items())
        jokers = sum(k for c, k in shoe.items() if c.is_joker)
        found = _SHOES[(id(v), n)] = (v, (shoe, top, sum(shoe.values()), jokers))
    return found[1]


def _check_possible(v: Variant, e: Ending) -> None:
    """Raise when ``e`` cannot be an ending of ``v`` (see :func:`settle`)."""
    n = e.players
    if n not in v.players.counts():
        raise _bad(f"{n} seats, but {v.name} is played by {v.players.min} to {v.players.max} players")
    shoe, top, cards, jokers = _shoe_facts(v, n)
    seen: Counter[Card] = Counter()
    for hand in e.hands:
        seen.update(hand)
    for shown in e.melds:
        for m in shown:
            if isinstance(m, Meld):
                seen.update(m.cards)
            else:
                try:
                    seen.update(Meld.parse(m).cards)
                except NotationError:
                    seen.update(parse_cards(m))
    for card, k in sorted(seen.items(), key=lambda x: x[0].code):
        if k > shoe[card]:
            raise _bad(f"{k} x {card}, but the deck of {v.name} for {n} players holds {shoe[card]}")
    fixed = v.deck.wild_ranks_for(None)
    extra = e.wild_ranks - fixed
    if extra and (not v.deck.cuts_wild() or len(extra) > 1):
        ranks = " ".join(sorted(str(r) for r in extra))
        raise _bad(f"wild ranks {ranks}: the deck of {v.name} makes no such rank wild")
    for name in ("counts", "meld_totals"):
        for seat, x in enumerate(getattr(e, name)):
            if x is not None and x > top:
                raise _bad(f"{name}[{seat}] = {x} is more than the whole deck is worth ({top})")
    for name in ("joker_counts", "wild_counts"):
        for seat, x in enumerate(getattr(e, name)):
            if x is not None and x > cards:
                raise _bad(f"{name}[{seat}] = {x} is more than the deck's {cards} cards")
    if jokers == 0:
        for seat, x in enumerate(e.joker_counts):
            if x:
                raise _bad(f"joker_counts[{seat}] = {x}, but the deck of {v.name} has no jokers")
    how = e.how
    gone = {s for s, _ in e.dropped}
    for name in ("went_out", "knocker"):
        seat = getattr(e, name)
        if seat is not None and seat in gone:
            raise _bad(f"{name} = {seat}, but seat {seat} dropped out of the hand")
    if len(gone) >= n:
        raise _bad("every seat dropped: somebody must be left in the hand")
    if how in (Termination.KNOCK, Termination.GIN):
        if e.knocker is None and e.went_out is None:
            raise _bad(f"how = {how.value!r} needs the knocker")
        if v.going_out.knock_limit(upcard_value=None) is None:
            raise _bad(f"a hand of {v.name} does not end by a knock (going_out {v.going_out.kind})")
    elif e.knocker is not None:
        raise _bad(f"knocker = {e.knocker}, but the hand ended by {how.value if how else 'nothing'}")
    if how in (Termination.WENT_OUT, Termination.DECLARED):
        w = e.went_out
        if w is None:
            raise _bad(f"how = {how.value!r} needs the seat that went out (went_out)")
        if e.hands[w] and not (e.counts and e.counts[w] is not None):
            left = " ".join(map(str, e.hands[w]))
            raise _bad(f"seat {w} went out but still holds {left}")
        if e.counts and e.counts[w]:
            raise _bad(f"seat {w} went out but counts {e.counts[w]} in hand")
    ended = (Termination.STOCK_EXHAUSTED, Termination.SHOWING, Termination.TURN_LIMIT)
    if how in ended and e.went_out is not None:
        raise _bad(f"went_out = {e.went_out}, but the hand ended by {how.value}")
    if how is Termination.DROPPED and len(gone) != n - 1:
        raise _bad(f"how = 'dropped' needs every seat but one dropped ({len(gone)} of {n} dropped)")


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
        self.payments: list[Payment] = []
        self.units = ScoreUnits.POINTS
        self.laid: tuple[LaidOff, ...] = ()

    def _meld(self, m: Meld | str) -> Meld:
        if not isinstance(m, str):
            if not isinstance(m, Meld):
                raise _bad(f"{m!r} is not a meld (text or Meld)")
            wr = self.e.wild_ranks
            if classify_meld(self.v, m, wild_ranks=wr) is None and (
                classify_meld(self.v, m.cards, wild_ranks=wr) is None
            ):
                raise _bad(f"{str(m)!r} is not a meld in {self.v.name}")
            return m
        found = None
        try:
            found = classify_meld(self.v, Meld.parse(m), wild_ranks=self.e.wild_ranks)
        except NotationError:
            found = classify_meld(self.v, parse_cards(m), wild_ranks=self.e.wild_ranks)
        if found is None:
            raise RummyError(f"ending: {m!r} is not a meld in {self.v.name}")
        return found

    def count(self, seat: int) -> int | None:
        """The count the table gave for ``seat``'s hand, or None."""
        return self.e.counts[seat] if self.e.counts else None

    def pay(self, payer: int | None, payee: int | None, amount: int, reason: str) -> None:
        """Record a payment (negative amounts go the other way)."""
        if amount < 0:
            payer, payee, amount = payee, payer, -amount
        if amount:
            self.payments.append(Payment(payer, payee, amount, reason))

    # values ---------------------------------------------------------------

    def card(self, card: Card) -> int:
        return self.scoring.card_value(card)

    def hand(self, seat: int) -> int:
        given = self.count(seat)
        if given is not None:
            return given
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
        if self.e.meld_totals and self.e.meld_totals[seat] is not None:
            return self.e.meld_totals[seat]  # type: ignore[return-value]
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
        given = self.count(seat)
        if given is not None:
            return given
        cards = self.e.hands[seat]
        if not cards:
            return 0
        arr = best_arrangement(
            self.v, cards, wild_ranks=self.e.wild_ranks, min_runs=min_runs, min_pure_runs=min_pure
        )
        return None if arr is None else arr.deadwood_value

    def done(self, scores: Sequence[int], winners: Sequence[int] = ()) -> Settlement:
        """The settlement; payments not recorded by the settling function are
        filled in from the scores (an entry on the score sheet per seat)."""
        net = [0] * self.n
        for p in self.payments:
            if p.payee is not None:
                net[p.payee] += p.amount
            if p.payer is not None:
                net[p.payer] -= p.amount
        for seat in range(self.n):
            self.pay(None, seat, scores[seat] - net[seat], "score for the hand")
        return Settlement(
            how=self.how,
            scores=tuple(scores),
            winners=tuple(winners),
            reasons=tuple(self.reasons),
            units=self.units,
            payments=tuple(self.payments),
            laid_off=self.laid,
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
        if len(winners) == 1:
            for x in range(c.n):
                c.pay(None, winners[0], counts[x] - low, f"seat {x}'s count above the lowest")
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
            c.pay(None, w, value, f"seat {x}'s cards left in hand")
    if c.e.is_concealed(w) and (s.rummy_multiplier != 1 or s.rummy_bonus):
        before = total
        total = total * s.rummy_multiplier + s.rummy_bonus
        c.reasons.append(f"went rummy: x{s.rummy_multiplier} +{s.rummy_bonus}")
        c.pay(None, w, total - before, "went rummy")
    scores = [0] * c.n
    scores[w] = total
    return c.done(scores, [w])


@register_settlement(Penalty)
def _penalty(c: _Ctx) -> Settlement:
    w = c.e.went_out
    if w is None:
        c.reasons.append("nobody went out: nobody scores")
        return c.done([0] * c.n)
    c.units = ScoreUnits.PENALTY
    scores = [0 if x == w else c.hand(x) for x in range(c.n)]
    for x in range(c.n):
        if x != w:
            c.reasons.append(f"seat {x} takes {scores[x]} penalty points")
            c.pay(None, x, scores[x], "penalty points for the cards left in hand")
    return c.done(scores, [w])


@register_settlement(OwnMelds)
def _own_melds(c: _Ctx) -> Settlement:
    w = c.e.went_out
    if w is None:
        c.reasons.append("nobody went out: nobody scores")
        return c.done([0] * c.n)
    value = c.table(w)
    scores = [0] * c.n
    scores[w] = value * (c.n - 1)
    for x in range(c.n):
        if x != w:
            c.pay(None, w, value, f"own melds, for opponent seat {x}")
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
        c.pay(None, x, shown, "melds on the table")
        c.pay(x, None, held, "cards left in hand")
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
            c.pay(None, x, bonus, "going out")
        if c.e.is_concealed(x) and s.never_melded_multiplier != 1:
            c.pay(None, x, score - (shown - held) - bonus, "displayed no meld before the final turn")
        c.reasons.append(f"seat {x}: melds {shown} - hand {held}")
        scores.append(score)
    if w is not None and c.e.fed_by is not None and s.last_discard_penalty:
        scores[c.e.fed_by] -= s.last_discard_penalty
        c.pay(c.e.fed_by, None, s.last_discard_penalty, "fed the winning discard")
        c.reasons.append(f"seat {c.e.fed_by} fed the winning discard: -{s.last_discard_penalty}")
    for seat, what, _ in c.e.penalties:
        if what == "playable-discard" and s.playable_discard_penalty:
            scores[seat] -= s.playable_discard_penalty
            c.pay(seat, None, s.playable_discard_penalty, "discarded a playable card")
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
    result = _knock_plain(c)
    s = c.scoring
    assert isinstance(s, KnockScoring)
    up = c.e.upcard
    if not (s.spade_doubles and up is not None and up.suit is Suit.SPADES and any(result.scores)):
        return result
    # Oklahoma Gin, spades double: "when the upcard is a spade, all scores
    # accruing from that deal are doubled" ([S56], "Oklahoma Gin"); the box bonuses,
    # counted at the game's end, are not (rummy-games.com: "gin and undercut
    # bonuses are doubled, but box (line) bonuses are not doubled").
    return attrs.evolve(
        result,
        scores=tuple(2 * x for x in result.scores),
        payments=tuple(attrs.evolve(p, amount=2 * p.amount) for p in result.payments),
        reasons=(*result.reasons, f"the upcard {up} is a spade: the hand counts double"),
    )


def _knock_plain(c: _Ctx) -> Settlement:
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
    up = c.e.upcard
    if up is not None:
        limit = c.v.going_out.knock_limit(upcard_value=c.card(up), upcard=up)
    else:
        # the highest limit any upcard allows (Oklahoma: the upcard's value)
        limits = [c.v.going_out.knock_limit(upcard_value=u) for u in (None, *range(51))]
        limit = max((x for x in limits if x is not None), default=None)
    if limit is not None and dead[k] > limit:
        raise _bad(f"the knocker (seat {k}) has deadwood {dead[k]}, above the knock limit {limit}")
    if c.e.best_layoffs:
        _lay_off_best(c, k, others, dead)
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
        for x in others:
            c.pay(None, k, dead[x] - dead[k], f"deadwood difference with seat {x}")
        c.pay(None, k, bonus, "gin bonus")
        return c.done(scores, [k])
    w = next(x for x in others if dead[x] == low)
    diff = sum(dead[x] - dead[w] for x in range(c.n) if x != w)
    undercut = dead[w] < dead[k] or s.tie is KnockTie.UNDERCUT
    scores[w] = diff
    for x in range(c.n):
        if x != w:
            c.pay(None, w, dead[x] - dead[w], f"deadwood difference with seat {x}")
    if undercut:
        scores[w] += s.undercut_bonus
        scores[k] -= s.knocker_penalty
        c.pay(None, w, s.undercut_bonus, "undercut bonus")
        c.pay(k, None, s.knocker_penalty, "knocker undercut")
        c.reasons.append(f"seat {w} undercut the knocker: +{s.undercut_bonus}")
        if s.knocker_penalty:
            c.reasons.append(f"knocker undercut: -{s.knocker_penalty}")
    return c.done(scores, [w])


def _lay_off_best(c: _Ctx, k: int, others: Sequence[int], dead: list[int]) -> None:
    """Lay off each defender's cards onto the knocker's melds, the way that
    leaves the defender the least deadwood (defenders in playing order, each
    onto the melds as the earlier ones left them). Updates ``dead``."""
    v, wild = c.v, c.e.wild_ranks
    melds = list(c.melds[k])
    if not melds and c.e.hands[k] and c.count(k) is None:
        arr = best_arrangement(v, c.e.hands[k], wild_ranks=wild)
        if arr is not None:
            melds = list(arr.melds)
            dead[k] = arr.deadwood_value
    gin = dead[k] == 0
    if not v.layoff.after_knock(gin=gin):
        c.reasons.append(f"no lay-offs after {'gin' if gin else 'this knock'} (layoff {v.layoff.kind})")
        return
    laid: list[LaidOff] = list(c.laid)
    for x in others:
        if c.count(x) is not None:
            raise _bad(f"best_layoffs needs seat {x}'s cards, not a count")
        value, moves, after = _best_for(c, tuple(sorted(c.e.hands[x])), tuple(melds), {})
        if moves:
            laid.extend(LaidOff(card, x, k, i) for card, i in moves)
            c.reasons.append(f"seat {x} lays off " + ", ".join(f"{card} on #{i + 1}" for card, i in moves))
        melds = list(after)
        dead[x] = value
    c.melds[k] = melds
    c.laid = tuple(laid)


def _best_for(
    c: _Ctx,
    hand: tuple[Card, ...],
    melds: tuple[Meld, ...],
    memo: dict[tuple[tuple[int, ...], tuple[str, ...]], tuple[int, list[tuple[Card, int]], tuple[Meld, ...]]],
) -> tuple[int, list[tuple[Card, int]], tuple[Meld, ...]]:
    """(deadwood, lay-offs, melds after) best for the holder of ``hand``."""
    key = (tuple(x.code for x in hand), tuple(str(m) for m in melds))
    if key in memo:
        return memo[key]
    if hand:
        arr = best_arrangement(c.v, hand, wild_ranks=c.e.wild_ranks)
        base = arr.deadwood_value if arr is not None else sum(c.card(x) for x in hand)
    else:
        base = 0
    best: tuple[int, list[tuple[Card, int]], tuple[Meld, ...]] = (base, [], melds)
    tried: set[Card] = set()
    for j, card in enumerate(hand):
        if card in tried:
            continue
        tried.add(card)
        rest = hand[:j] + hand[j + 1 :]
        for i, m in enumerate(melds):
            for after in layoff_options(c.v, m, card, wild_ranks=c.e.wild_ranks):
                new = (*melds[:i], after, *melds[i + 1 :])
                value, moves, end = _best_for(c, rest, new, memo)
                if value < best[0] or (value == best[0] and len(moves) + 1 < len(best[1])):
                    best = (value, [(card, i), *moves], end)
    memo[key] = best
    return best


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
        given = c.count(x)
        if given is not None:
            points[x] = min(given, s.cap)
            c.reasons.append(f"seat {x} counts {points[x]}" + (" (capped)" if given > s.cap else ""))
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
        c.units = ScoreUnits.CHIPS
        pot = sum(points)
        scores = [-p for p in points]
        scores[winners[0]] += pot
        for x in range(c.n):
            if x != winners[0]:
                c.pay(x, winners[0], points[x], "points lost to the winner")
        return c.done(scores, winners)
    c.units = ScoreUnits.CHIPS if s.winner_collects else ScoreUnits.PENALTY
    for x in range(c.n):
        c.pay(None, x, points[x], "penalty points")
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
    c.units = ScoreUnits.CHIPS
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
    if c.e.joker_counts and c.e.joker_counts[w] is not None:
        jokers = c.e.joker_counts[w] or 0
    if c.e.wild_counts and c.e.wild_counts[w] is not None:
        wilds = c.e.wild_counts[w] or 0
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
    for x in range(c.n):
        if x != w:
            c.pay(x, w, pay, "paid to the seat that went out")
    return c.done(scores, [w])


# --------------------------------------------------------------------------- chips (Phỏm)


@register_settlement(Chips)
def _chips(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, Chips)
    c.units = ScoreUnits.CHIPS
    scores = [0] * c.n
    w = c.e.went_out
    order = c.seat_order()
    if s.tie_break is ChipsTie.DEALER_LEFT and c.e.dealer is not None:
        # [S2]: "the player who is closest to the dealer in a clockwise
        # rotation": the dealer's left first (clockwise is seat + 1), the
        # dealer last, whatever the direction of play.
        order = [(c.e.dealer + i) % c.n for i in range(1, c.n + 1)]
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
            c.pay(payer, w, pay, "ù" if payer == x else f"ù, for seat {x}")
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
            given = c.count(x)
            if given is not None:
                trash[x] = given
            else:
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
            c.pay(x, win, pay, f"place {place + 2}")
        for x in mom:
            if x == win:
                continue
            scores[x] -= s.no_meld_pay
            scores[win] += s.no_meld_pay
            c.pay(x, win, s.no_meld_pay, "no meld (móm)")
            c.reasons.append(f"seat {x} has no meld (móm): pays {s.no_meld_pay}")
        c.reasons.append("trash " + ", ".join(f"seat {x}: {trash[x]}" for x in range(c.n)))
    if s.eaten_pay:
        for seat, what, to in c.e.penalties:
            if what == "eaten" and to is not None:
                scores[seat] -= s.eaten_pay
                scores[to] += s.eaten_pay
                c.pay(seat, to, s.eaten_pay, "discard eaten")
                c.reasons.append(f"seat {seat}'s discard was eaten by seat {to}: pays {s.eaten_pay}")
    return c.done(scores, winners)
