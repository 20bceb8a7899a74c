"""The :class:`Hand`: one hand of any variant, as a mutable state machine.

>>> import rummykit as rk
>>> hand = rk.new_hand(rk.load_variant("straight"), players=2, seed=7)
>>> hand.phase, hand.current_player
(<Phase.DRAW: 'draw'>, 1)
>>> hand.legal_actions()
(Action.parse('draw'), Action.parse('take'))
>>> hand.apply("draw")
>>> hand.phase
<Phase.PLAY: 'play'>
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rummykit.cards import Card, Rank, short_repr
from rummykit.engine.actions import Action, Knock, as_action, check_action, resolve
from rummykit.engine.actions import is_legal as _is_legal
from rummykit.engine.actions import legal_actions as _legal_actions
from rummykit.engine.actions import perform as _perform
from rummykit.engine.fields import FIELDS, Copy, Field, HandFields, copy_fields, register_hand_class
from rummykit.engine.meld_memo import kit_for
from rummykit.engine.phase import Phase
from rummykit.errors import AmbiguousActionError, ArgumentError, IllegalAction, whole_number
from rummykit.settlement import Ending, Settlement
from rummykit.variant import Variant

if TYPE_CHECKING:
    from rummykit.engine.view import View

# enum members as module constants: a lookup through the class is slow in Python 3.11
_OVER = Phase.OVER


__all__ = ["FIELDS", "Copy", "Field", "Hand", "Legality"]


class Legality(enum.StrEnum):
    """The answer of :meth:`Hand.legality`: ``legal``, ``illegal`` or
    ``ambiguous`` (legal as written, but the text fits several legal actions,
    so :meth:`Hand.apply` asks which). Only ``LEGAL`` is true in a condition.
    """

    LEGAL = "legal"
    ILLEGAL = "illegal"
    AMBIGUOUS = "ambiguous"

    def __bool__(self) -> bool:
        return self is Legality.LEGAL


class Hand(HandFields):
    """One hand of a variant: the cards, whose turn it is, and what may happen.

    Build one with :func:`rummykit.new_hand`. ``apply`` changes the hand in
    place; ``clone`` gives an independent copy. Seats are numbered from 0;
    ``current_player`` is the seat that must act (None once the hand is over).

    Card piles: the stock and the discard pile are kept with their top card
    *last* inside; :meth:`view` and records show the stock as a count and the
    discard pile bottom first (its top card last).
    """

    __slots__ = ()

    def __init__(self, v: Variant, players: int) -> None:
        self._v = v
        self._kit = kit_for(v)
        self._n = players
        self._legal = None
        self._legal_brief = False
        self._ending = None
        self._result = None
        self._claim = None

    # ------------------------------------------------------------------ public

    @property
    def variant(self) -> Variant:
        """The variant being played."""
        return self._v

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._n

    @property
    def current_player(self) -> int | None:
        """The seat that must act now (None when the hand is over)."""
        return None if self._phase is _OVER else self._current

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self._phase is _OVER

    @property
    def result(self) -> Settlement | None:
        """The settlement of the finished hand (None while it goes on); in
        partnerships its ``team_scores`` hold each side's score."""
        if self._phase is not _OVER:
            return None
        if self._result is None:
            from rummykit.settlement import settle

            self._result = settle(self._v, self.ending())
        return self._result

    def ending(self) -> Ending:
        """How the finished hand ended, as passed to :func:`rummykit.settle`."""
        if self._phase is not _OVER:
            raise IllegalAction("the hand is not over yet")
        if self._ending is None:
            from rummykit.engine.ending import build_ending

            self._ending = build_ending(self)
        return self._ending

    def legal_actions(self, *, every_arrangement: bool = True) -> tuple[Action, ...]:
        """Every action the current player may take now, in canonical order.

        Order: draws (``draw``, ``take``, ``pick``), melds, lay-offs, swaps,
        borrows, discards, knocks, declarations, calls, ``pass``, ``drop``;
        within a kind, by the cards involved (card order). Empty once over.

        Bounds: a meld with more than ``LISTED_WILDS`` (2) wild cards is
        listed in one designation of its wilds; the others are accepted by
        :meth:`apply` when written out (``JK=9H``). So the list holds at most
        one meld action per group of cards (a few thousand actions in the
        wildest hands). Initial melds of several melds and a knocker's
        arrangements are listed up to 32 each (the fewest melds, the least
        deadwood first); others are accepted when stated. Every text
        :meth:`apply` accepts otherwise names a listed action
        (:meth:`verify` gives it). A hand ends after ``limits.max_turns`` turns.

        ``every_arrangement=False`` lists each knock once, with the melds the
        engine would show (``knock KS``), leaving out the knocker's other
        arrangements within the limit (``knock KS melds ...``),
        which cost a search each time a knock is possible: for playouts and
        search, where the choice of melds is not explored. Every action
        listed is legal either way.

        >>> import rummykit as rk
        >>> h = rk.new_hand(rk.load_variant("gin"), players=2, dealer=0, discard="AS",
        ...     hands=["2S 8S 4D 9H 9D 9C KC QC JC TC", "AH 2H 3H 2C 2D 4S 5S 6S 5C KS"],
        ...     stock="7S 6H 6D 4C 8D")
        >>> for a in ("pass", "pass", "draw"):
        ...     h.apply(a)
        >>> [str(a) for a in h.legal_actions() if str(a).startswith("knock")]
        ['knock KS', 'knock KS melds AH 2H 3H + 4S 5S 6S 7S']
        >>> [str(a) for a in h.legal_actions(every_arrangement=False) if str(a).startswith("knock")]
        ['knock KS']
        """
        legal = self._legal
        if legal is None or (every_arrangement and self._legal_brief):
            legal = self._legal = _legal_actions(self, every_arrangement=every_arrangement)
            self._legal_brief = not every_arrangement
        elif not every_arrangement and not self._legal_brief:
            # the whole list is known: the brief one leaves out the stated melds
            return tuple(a for a in legal if not (isinstance(a, Knock) and a.melds is not None))
        return legal

    def is_legal(self, action: Action | str) -> bool:
        """Whether :meth:`apply` would accept ``action`` (or its text) as it is.

        Text that fits several legal actions (a wild whose designation is
        left out where it matters, ``meld 7H 8H JK``) is *not* accepted by
        :meth:`apply`, which raises :class:`~rummykit.AmbiguousActionError`
        (an :class:`~rummykit.IllegalAction`), so ``is_legal`` is False for
        it although a legal action is meant: use :meth:`legality` to tell
        ambiguous text from an illegal action, or :meth:`verify` for the
        reason. Text that is not action notation at all raises
        :class:`~rummykit.NotationError`.

        >>> import rummykit as rk
        >>> v = rk.loads_variant('extends = "straight"\\n[deck]\\njokers_per_deck = 1')
        >>> h = rk.new_hand(v, players=2, dealer=1, stock=["KD"], discard=["3C"], hands=[
        ...     "7H 8H JK 2C 4D 6S KS QC 9S 3D", "AC 2D 3S 5C 9D TS QD JC 4H 5S"])
        >>> h.apply("draw")
        >>> h.is_legal("meld 7H 8H JK"), h.legality("meld 7H 8H JK"), h.is_legal("meld 7H 8H JK=9H")
        (False, <Legality.AMBIGUOUS: 'ambiguous'>, True)
        """
        return _is_legal(self, action)

    def legality(self, action: Action | str) -> Legality:
        """Whether ``action`` (or its text) is legal, illegal, or legal but
        written ambiguously (see :meth:`is_legal`); ``Legality.LEGAL`` alone
        is true in a condition. Raises :class:`~rummykit.NotationError` for
        text that is not an action."""
        try:
            resolve(self, action)
        except AmbiguousActionError:
            return Legality.AMBIGUOUS
        except IllegalAction:
            return Legality.ILLEGAL
        return Legality.LEGAL

    def verify(self, action: Action | str) -> Action:
        """The canonical action ``action`` stands for; raises
        :class:`~rummykit.IllegalAction` (naming the rule) if it is not legal,
        :class:`~rummykit.NotationError` for bad text and
        :class:`~rummykit.AmbiguousActionError` when the text fits several."""
        return resolve(self, action)

    def apply(self, action: Action | str) -> None:
        """Play ``action`` (an action or its text) for the current player.

        An illegal action raises :class:`~rummykit.IllegalAction` and leaves
        the hand exactly as it was.
        """
        if isinstance(action, Action):
            legal = self._legal
            if legal is None:
                legal = self.legal_actions()
            for a in legal:
                if a is action:
                    break
            else:
                check_action(action)  # built in code: fields of the right types
                a = action if action in legal else resolve(self, action)
        else:
            a = resolve(self, as_action(action))
        self._legal = None
        self._history.append(a)
        _perform(self, a)

    def view(self, player: int) -> View:
        """What seat ``player`` may see; see :class:`rummykit.engine.view.View`."""
        from rummykit.engine.view import make_view

        return make_view(self, self._seat("view", "player", player))

    def record(self, *, seat: int | None = None, key: bytes | str | None = None) -> dict[str, Any]:
        """A JSON-ready record of the hand; :func:`rummykit.replay` rebuilds it.

        The full record (no ``seat``) holds every card: the deal, the stock's
        order and every reshuffle. It is for the server (or a finished game's
        archive) only. ``seat=p`` gives the record seat ``p`` may see:
        see :func:`rummykit.engine.record.make_seat_record`. Both carry the
        ``commitment`` to the deal made when it was dealt (the full record
        with its salt: see :func:`rummykit.check_commitment`). ``key`` signs
        the record (HMAC-SHA256 over its canonical JSON, in ``signature``):
        ``rk.replay(record, key=...)`` then refuses any change.
        """
        from rummykit.engine.record import make_record, make_seat_record
        from rummykit.engine.signing import sign_record

        rec = (
            make_record(self) if seat is None else make_seat_record(self, self._seat("record", "seat", seat))
        )
        return rec if key is None else sign_record(rec, key)

    def _seat(self, method: str, name: str, value: object) -> int:
        """Check a seat argument: an int naming a seat of this hand."""
        if isinstance(value, bool) or not hasattr(value, "__index__"):
            raise ArgumentError(f"Hand.{method}: {name} must be an int (a seat), got {short_repr(value)}")
        value = whole_number(value, f"Hand.{method}: {name}")
        if not 0 <= value < self._n:
            raise ArgumentError(f"Hand.{method}: no seat {value} in a hand of {self._n} players")
        return value

    def clone(self) -> Hand:
        """An independent copy (for search): applying actions to it leaves this
        hand unchanged."""
        other = Hand.__new__(Hand)
        copy_fields(self, other)
        copy_to = getattr(self._rng, "copy_to", None)
        if copy_to is not None:  # an unseeded hand: OS-entropy shuffles, logged for its record
            log = list(self._dealt.get("reshuffles", ()))
            other._dealt = {**self._dealt, "reshuffles": log}
            other._rng = copy_to(log)
        else:
            other._rng = random.Random()
            other._rng.setstate(self._rng.getstate())
        return other

    def resample(self, seat: int, *, seed: int | None = None) -> Hand:
        """A determinization for ``seat``: a hand with the same view for
        ``seat``, the cards it has not seen dealt again at random (see
        :mod:`rummykit.engine.resample`)."""
        from rummykit.engine.resample import resample

        return resample(self, self._seat("resample", "seat", seat), seed=seed)

    def cards_in_play(self) -> list[Card]:
        """Every card of the hand: hands, table, stock, discard pile, face-down
        discards, second hands and the cut card (card conservation: the shoe as a multiset)."""
        out: list[Card] = []
        for h in self._hands:
            out.extend(h)
        for t in self._table:
            out.extend(t.meld.cards)
        for b in self._bonus:
            out.extend(b)
        for x in self._second:
            out.extend(x)
        out.extend(self._stock)
        out.extend(self._pile)
        out.extend(self._buried)
        if self._cut is not None:
            out.append(self._cut)
        return out

    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self._stock)

    @property
    def stock_cards(self) -> tuple[Card, ...]:
        """The stock, bottom first (the next card drawn last): the full state,
        as :meth:`hand_of` (a search bot reads its own determinizations)."""
        return tuple(self._stock)

    @property
    def turn(self) -> int:
        """The turn number, as :attr:`View.turn` shows it."""
        return self._turns

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first (its top card last)."""
        return tuple(self._pile)

    @property
    def wild_ranks(self) -> frozenset[Rank]:
        """The ranks that are wild this hand."""
        return self._wild

    def hand_of(self, player: int) -> tuple[Card, ...]:
        """The cards in seat ``player``'s hand, sorted (the full state: use
        :meth:`view` for what a player may see)."""
        return tuple(self._hands[self._seat("hand_of", "player", player)])

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions applied so far."""
        return tuple(self._history)

    def _repr_svg_(self) -> str:
        """The whole position as an SVG picture, every hand face up (the server's
        picture; a seat's picture is ``hand.view(seat)``'s)."""
        from rummykit import svg

        return svg.position(self)

    def __repr__(self) -> str:
        who = "over" if self._phase is _OVER else f"seat {self._current} to {self._phase.value}"
        return f"<Hand {self._v.name} {self._n}p turn {self._turns}, {who}>"

    def upcard_value(self) -> int | None:
        """The value of the hand's first upcard (None without one)."""
        return None if self._upcard is None else self._kit.values[self._upcard.code]

    def active_seats(self) -> list[int]:
        """Seats still in the hand (not dropped)."""
        return [s for s in range(self._n) if self._dropped[s] is None]

    def next_seat(self, seat: int) -> int:
        """The next seat in the direction of play that is still in the hand.

        >>> import rummykit as rk
        >>> rk.new_hand(rk.load_variant("straight"), players=3, seed=1).next_seat(2)
        0
        """
        return self._next_seat(self._seat("next_seat", "seat", seat))

    def seats_from(self, seat: int) -> Sequence[int]:
        """Every seat in playing order, starting with ``seat``.

        >>> import rummykit as rk
        >>> rk.new_hand(rk.load_variant("straight"), players=3, seed=1).seats_from(1)
        [1, 2, 0]
        """
        return self._seats_from(self._seat("seats_from", "seat", seat))

    def _next_seat(self, seat: int) -> int:
        step = self._kit.step
        nxt = (seat + step) % self._n
        while self._dropped[nxt] is not None and nxt != seat:
            nxt = (nxt + step) % self._n
        return nxt

    def _seats_from(self, seat: int) -> Sequence[int]:
        step = self._v.deal.step()
        return [(seat + i * step) % self._n for i in range(self._n)]


register_hand_class(Hand)
