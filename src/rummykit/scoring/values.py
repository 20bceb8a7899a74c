"""The values of settling: how a hand ended (:class:`Ending`, :class:`Termination`,
:class:`LaidOff`) and what it scored (:class:`Settlement`, :class:`Payment`,
:class:`ScoreUnits`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from rummykit.cards import Card, Rank, parse_card, parse_cards
from rummykit.errors import NotationError, RummyError
from rummykit.melds import Meld


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
    SHOWDOWN = "showdown"
    """A player dropped (Tonk) and everyone showed: the lowest count in hand
    wins (the dropper is ``knocker``)."""
    DEALT = "dealt"
    """A dealt hand won at once, before the first turn (Tonk's 49 or 50);
    ``went_out`` is the winner, None when several were dealt a winning hand."""
    TURN_LIMIT = "turn-limit"
    """The ``limits.max_turns`` safety bound stopped the hand (not a rule of any game)."""


@attrs.frozen
class LaidOff:
    """A card laid off by ``layer`` onto meld ``index`` of ``owner`` (both seats)."""

    card: Card
    layer: int
    owner: int
    index: int


_DROPS = ("first", "middle", "wrong-declaration", "fold")
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
    ``(seat, "first" | "middle" | "wrong-declaration" | "fold")`` (``fold``:
    the seat folded against a called draw, Tong-its). ``last_draw`` is the
    seat that took the last card of the stock where the stock ran out.

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
    last_draw: int | None = None
    """The seat that took the last card of the stock, where the stock ran out
    (Tong-its' tie break); None: not known."""
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
        for name in ("went_out", "knocker", "fed_by", "dealer", "last_draw"):
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
    team_scores: tuple[int, ...] = ()
    """Per side (``v.players.teams_for(n)``, in that order), its score for the
    hand; empty without partnerships. Each partner's entry in ``scores`` is
    its side's score, so running totals and the game's end go by side."""

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
            **({"team_scores": list(self.team_scores)} if self.team_scores else {}),
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
                team_scores=tuple(int(x) for x in data.get("team_scores", ())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RummyError):
                raise
            raise RummyError(f"settlement: not a settlement's JSON ({exc})") from None
