"""The values of settling: how a hand ended (:class:`Ending`, :class:`Termination`,
:class:`LaidOff`) and what it scored (:class:`Settlement`, :class:`Payment`,
:class:`ScoreUnits`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from rummykit.cards import Card, Rank, parse_card, parse_cards, short_repr
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
_PENALTIES = ("playable-discard", "eaten", "permission")


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
    ``"eaten"`` (the next player took the seat's discard), ``"permission"``
    (the seat asked its partner's permission to go out, was told yes and did
    not go out; Canasta). ``dropped`` are
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
    ``second_hands`` are the second hands never picked up (Hand and Foot's
    foot, Buraco's morto: per seat, the cards it held face down), or counted
    at the table as ``second_left`` (their value, None where picked up).

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
    laid_out: tuple[tuple[Card, ...], ...] = attrs.field(default=(), converter=_card_lists)
    """Per seat, the cards laid out face up that are no meld (Canasta's red threes)."""
    red_threes: tuple[int | None, ...] = attrs.field(default=(), converter=_tuple)
    """Counted at the table: per seat, its red threes laid out (None: from ``laid_out``)."""
    canastas: tuple[tuple[int, ...] | None, ...] = attrs.field(default=(), converter=_tuple)
    """Counted at the table: per seat, its (natural, mixed) canastas, or
    (natural, mixed, sequence) where runs make canastas (Samba) (None: from
    its melds); with ``meld_totals`` for the value of the melded cards."""
    second_hands: tuple[tuple[Card, ...], ...] = attrs.field(default=(), converter=_card_lists)
    """Per seat, the cards of the second hand it held face down and never
    picked up (a foot, a morto; empty: none, or picked up)."""
    second_left: tuple[int | None, ...] = attrs.field(default=(), converter=_tuple)
    """Counted at the table: per seat, the value of the second hand it never
    picked up (None: picked up, or given by ``second_hands``)."""

    def __attrs_post_init__(self) -> None:
        n = max(len(self.hands), len(self.counts), len(self.meld_totals))
        if n == 0:
            raise _bad("no seats: give each seat's hand (or count)")
        if not self.hands:
            object.__setattr__(self, "hands", tuple(() for _ in range(n)))
        if not self.melds:
            object.__setattr__(self, "melds", tuple(() for _ in self.hands))
        for name in (
            "hands",
            "melds",
            "concealed",
            "counts",
            "meld_totals",
            "joker_counts",
            "wild_counts",
            "laid_out",
            "red_threes",
            "canastas",
            "second_hands",
            "second_left",
        ):
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
        for name in ("counts", "meld_totals", "joker_counts", "wild_counts", "red_threes", "second_left"):
            for i, x in enumerate(getattr(self, name)):
                if x is not None and (not _is_int(x) or x < 0):
                    raise _bad(f"{name}[{i}] = {x!r} is not a count (an integer from 0)")
        for i, x in enumerate(self.canastas):
            if x is not None and (
                not isinstance(x, tuple | list)
                or len(x) not in (2, 3)
                or not all(_is_int(k) and 0 <= k <= 64 for k in x)
            ):
                raise _bad(
                    f"canastas[{i}] = {x!r} is not (natural canastas, mixed canastas[, sequence canastas])"
                )
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

    def second_unplayed(self, seat: int) -> bool:
        """Whether ``seat`` held a second hand it never picked up."""
        return bool(self.second_hands and self.second_hands[seat]) or bool(
            self.second_left and self.second_left[seat] is not None
        )

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
        """Read :meth:`to_json` output, strictly: the keys it writes and no
        other, integers as JSON integers (``3.0`` reads as 3; ``"3"``,
        ``2.7`` and ``true`` are refused), cards in canonical notation, each
        payment ``[payer, payee, amount, reason]`` and each lay-off ``[card,
        layer, owner, index]``. Raises :class:`~rummykit.RummyError` naming
        the key.

        >>> Settlement.from_json({"how": "gin", "scores": [0, "31"]})
        Traceback (most recent call last):
        ...
        rummykit.errors.RummyError: settlement: scores[1]: expected an integer, got '31'
        """
        return _settlement_from_json(cls, data)


_SETTLEMENT_KEYS = ("how", "scores", "winners", "reasons", "units", "payments", "laid_off", "team_scores")


def _json_int(x: Any, where: str) -> int:
    if isinstance(x, float) and x.is_integer():
        return int(x)
    if not isinstance(x, int) or isinstance(x, bool):
        raise RummyError(f"settlement: {where}: expected an integer, got {short_repr(x)}")
    return x


def _json_list(x: Any, where: str, size: int | None = None) -> list[Any]:
    if not isinstance(x, list | tuple):
        raise RummyError(f"settlement: {where}: expected a list, got {short_repr(x)}")
    if size is not None and len(x) != size:
        raise RummyError(f"settlement: {where}: expected a list of {size} items, got {len(x)}")
    return list(x)


def _json_str(x: Any, where: str) -> str:
    if not isinstance(x, str):
        raise RummyError(f"settlement: {where}: expected a string, got {short_repr(x)}")
    return x


def _settlement_from_json(cls: type[Settlement], data: Any) -> Settlement:
    from rummykit.cards import canonical_card

    if not isinstance(data, dict):
        raise RummyError(f"settlement: expected an object, got {short_repr(data)}")
    extra = sorted(str(k) for k in data if k not in _SETTLEMENT_KEYS)
    if extra:
        raise RummyError(f"settlement: unknown key {extra[0]!r}")
    for key in ("how", "scores"):
        if key not in data:
            raise RummyError(f"settlement: {key}: missing")

    def ints(key: str) -> tuple[int, ...]:
        return tuple(_json_int(x, f"{key}[{i}]") for i, x in enumerate(_json_list(data.get(key, ()), key)))

    def seat(x: Any, where: str) -> int | None:
        return None if x is None else _json_int(x, where)

    how = _json_str(data["how"], "how")
    units = _json_str(data.get("units", "points"), "units")
    if how not in {t.value for t in Termination}:
        raise RummyError(f"settlement: how: {how!r} is not one of {', '.join(t.value for t in Termination)}")
    if units not in {u.value for u in ScoreUnits}:
        raise RummyError(
            f"settlement: units: {units!r} is not one of {', '.join(u.value for u in ScoreUnits)}"
        )
    payments = []
    for i, p in enumerate(_json_list(data.get("payments", ()), "payments")):
        where = f"payments[{i}]"
        a, b, m, r = _json_list(p, where, 4)
        payments.append(
            Payment(
                seat(a, f"{where}[0]"),
                seat(b, f"{where}[1]"),
                _json_int(m, f"{where}[2]"),
                _json_str(r, f"{where}[3]"),
            )
        )
    laid_off = []
    for i, x in enumerate(_json_list(data.get("laid_off", ()), "laid_off")):
        where = f"laid_off[{i}]"
        c, a, b, k = _json_list(x, where, 4)
        card = canonical_card(c)
        if card is None:
            raise RummyError(
                f"settlement: {where}[0]: expected a card in notation (7H, TS, JK), got {short_repr(c)}"
            )
        laid_off.append(
            LaidOff(
                card, _json_int(a, f"{where}[1]"), _json_int(b, f"{where}[2]"), _json_int(k, f"{where}[3]")
            )
        )
    return cls(
        how=Termination(how),
        scores=ints("scores"),
        winners=ints("winners"),
        reasons=tuple(
            _json_str(x, f"reasons[{i}]")
            for i, x in enumerate(_json_list(data.get("reasons", ()), "reasons"))
        ),
        units=ScoreUnits(units),
        payments=tuple(payments),
        laid_off=tuple(laid_off),
        team_scores=ints("team_scores"),
    )
