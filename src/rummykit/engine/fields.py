"""The fields of a :class:`~rummykit.Hand`, declared once.

:data:`FIELDS` names every field, how :meth:`~rummykit.Hand.clone` copies
it and the key of the position text that holds it. The hand stores each in
a private attribute (``_stock``); engine code changes a hand through those.
Everybody else reads the public read-only properties of :class:`HandFields`
(``hand.stock``), which give values that cannot change the game: tuples
(copies) for the lists, the values themselves for the immutable ones.

>>> import rummykit as rk
>>> hand = rk.new_hand(rk.load_variant("gin"), players=2, seed=1)
>>> type(hand.stock), len(hand.stock), hand.turns
(<class 'tuple'>, 31, 1)
>>> hand.turns = 5  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
AttributeError: can't set attribute
"""

from __future__ import annotations

import enum
import random
from typing import TYPE_CHECKING, Any, cast

import attrs

from rummykit.cards import Card, Rank
from rummykit.engine.phase import Phase, TableMeld

if TYPE_CHECKING:
    from rummykit.engine.meld_memo import Kit
    from rummykit.engine.notation import Action
    from rummykit.engine.state import Hand
    from rummykit.melds import Meld
    from rummykit.settlement import Ending, Settlement, Termination
    from rummykit.variant import Variant

__all__ = ["FIELDS", "Copy", "Field", "HandFields", "blank_hand", "copy_fields", "register_hand_class"]


class Copy(enum.Enum):
    """How :meth:`Hand.clone` copies a field: shared (an immutable value, or
    one replaced whole, never changed in place), a list copied, a list of
    lists copied two deep, or the shuffle state (copied by ``clone`` itself)."""

    SHARED = "shared"
    LIST = "list"
    LISTS = "lists"
    RNG = "rng"


@attrs.frozen
class Field:
    """One field of a :class:`Hand`: its name, how ``clone`` copies it, and
    the key of the position text that holds it (None: not in a position,
    being derived from other fields, a cache, or the record's history)."""

    name: str
    copy: Copy
    position: str | None

    @property
    def slot(self) -> str:
        """The attribute that stores it: the name with a leading underscore
        (the public name, where there is one, is a read-only property)."""
        return self.name if self.name.startswith("_") else f"_{self.name}"


_S, _L, _LL = Copy.SHARED, Copy.LIST, Copy.LISTS
FIELDS: tuple[Field, ...] = tuple(
    Field(name, copy, key)
    for name, copy, key in (
        ("v", _S, "variant"),
        ("kit", _S, None),  # the variant's shared tables
        ("n", _S, "players"),
        ("dealer", _S, "dealer"),
        ("deal_number", _S, "deal"),
        ("seed", _S, "rng"),
        ("hands", _LL, "hands"),
        ("stock", _L, "stock"),
        ("pile", _L, "pile"),
        ("pile_from", _L, "pile"),
        ("buried", _L, "buried"),
        ("table", _L, "table"),
        ("cut", _S, "cut"),
        ("upcard", _S, "upcard"),
        ("wild", _S, None),  # from the variant and the cut card
        ("phase", _S, "phase"),
        ("current", _S, "to"),
        ("starter", _S, None),  # the seat after the dealer
        ("turns", _S, "turn"),
        ("own_turns", _L, "own_turns"),
        ("draws", _L, "draws"),
        ("melded", _L, "melded"),
        ("first_shown", _L, "first_shown"),
        ("shown", _L, "shown"),
        ("dropped", _L, "dropped"),
        ("hit_until", _L, "hit_until"),
        ("bought", _L, "bought"),
        ("asked", _L, "asked"),
        ("eaten", _L, "eaten"),
        ("penalties", _L, "penalties"),
        ("bonus", _L, "bonus"),
        (
            "_second",
            _LL,
            "second",
        ),  # the second hands, face down (engine.second_hand; public reading: second_hands)
        ("second_taken", _L, "second_taken"),
        ("second_unplayed", _L, "second_unplayed"),
        ("second_stocked", _L, "second_stocked"),
        ("standing", _S, "standing"),
        ("taken", _S, "taken"),
        ("took_top", _S, "took_top"),
        ("melds_this_turn", _S, "melds_this_turn"),
        ("played_this_turn", _S, "played"),
        ("must_meld", _S, "must_meld"),
        ("stock_only", _S, "stock_only"),
        ("offer_stage", _S, "offer"),
        ("reuses", _S, "reuses"),
        ("passes", _S, "passes"),
        ("knocker", _S, "knocker"),
        ("layoff_queue", _L, "layoff_queue"),
        ("claim_queue", _L, "claim_queue"),
        ("resume", _S, "resume"),
        ("went_out", _S, "went_out"),
        ("how", _S, "how"),
        ("final_discard", _S, "final_discard"),
        ("fed_by", _S, "fed_by"),
        ("permission", _S, "permission"),
        ("history", _L, None),  # the record's, not the position's
        ("rng", Copy.RNG, "rng"),
        ("_claim", _S, "claim"),
        ("_dealt", Copy.RNG, None),  # what was dealt and reshuffled, for the record (copied with rng)
        ("_legal", _S, None),  # caches
        ("_legal_brief", _S, None),
        ("_ending", _S, None),
        ("_result", _S, None),
    )
)
"""Every field of a :class:`Hand`, declared once: ``__slots__``,
:meth:`Hand.clone` and the check that positions hold every field
(tests/test_engine_state.py) derive from it."""

_SHARED = tuple(f.slot for f in FIELDS if f.copy is Copy.SHARED or f.copy is Copy.RNG)
_LIST = tuple(f.slot for f in FIELDS if f.copy is Copy.LIST)
_LISTS = tuple(f.slot for f in FIELDS if f.copy is Copy.LISTS)


class HandFields:
    """The storage of a :class:`~rummykit.Hand` (one private slot per field of
    :data:`FIELDS`) and the public read-only properties of its fields."""

    __slots__ = ("__weakref__", *(f.slot for f in FIELDS))

    _v: Variant
    _kit: Kit
    _n: int
    _dealer: int
    _deal_number: int
    _seed: int | None
    _hands: list[list[Card]]
    _stock: list[Card]
    _pile: list[Card]
    _pile_from: list[int]
    _buried: list[Card]
    _table: list[TableMeld]
    _cut: Card | None
    _upcard: Card | None
    _wild: frozenset[Rank]
    _phase: Phase
    _current: int
    _starter: int
    _turns: int
    _own_turns: list[int]
    _draws: list[int]
    _melded: list[bool]
    _first_shown: list[int | None]
    _shown: list[bool]
    _dropped: list[str | None]
    _hit_until: list[int]
    _bought: list[int]
    """Per seat, the last of its own turns on which it may not drop (Tonk's
    hit penalty; 0: none)."""
    _asked: list[int]
    """Per seat, the times it asked its partner's permission to go out this hand."""
    _eaten: list[tuple[tuple[Card, Meld], ...]]
    """Per seat, the melds made with a card taken from the pile that stay
    concealed in hand until the showing (each with the card taken)."""
    _penalties: list[tuple[int, str, int | None]]
    _bonus: list[tuple[Card, ...]]
    """Per seat, the cards laid out in front of it that are no meld (Canasta's
    red threes), face up."""
    _second: list[list[Card]]
    """Per seat, the second hand it holds face down, not yet picked up (one
    per seat; one per side at the side's first seat; empty: none, or picked
    up): hidden from every seat, its owner too."""
    _second_taken: list[bool]
    """Per seat, whether it has picked up a second hand (public)."""
    _second_unplayed: list[bool]
    """Per seat, whether the second hand it picked up by the discard waits
    for its next turn to count as picked up (``second_hand.untaken_until_played``; public)."""
    _second_stocked: list[bool]
    """Per seat, whether the second hand it held became the stock, never
    picked up (``second_hand.untaken_becomes_stock``; public)."""
    _standing: tuple[int, ...]
    """Per seat, its total in the game when the hand was dealt (the initial
    meld's minimum may depend on it)."""
    _taken: Card | None
    _took_top: int | None
    _melds_this_turn: int
    _played_this_turn: bool
    _must_meld: Card | None
    _stock_only: bool
    _offer_stage: int
    _reuses: int
    _passes: int
    _knocker: int | None
    _layoff_queue: list[int]
    _claim_queue: list[int]
    _resume: int
    _went_out: int | None
    _how: Termination | None
    _final_discard: bool
    _fed_by: int | None
    _permission: str | None
    """The partner's permission to go out this turn: ``asked`` (the partner
    answers), ``yes`` or ``no`` (binding on the player to act); None: not asked."""
    _history: list[Action]
    _rng: random.Random
    _claim: Card | None
    _dealt: dict[str, Any]
    _legal: tuple[Action, ...] | None
    _legal_brief: bool
    """Whether ``_legal`` was listed without every knock arrangement."""
    _ending: Ending | None
    _result: Settlement | None

    @property
    def v(self) -> Variant:
        """The variant being played (as :attr:`variant`)."""
        return self._v

    @property
    def kit(self) -> Kit:
        """The variant's shared tables (memoized meld questions)."""
        return self._kit

    @property
    def n(self) -> int:
        """The number of seats (as :attr:`players`)."""
        return self._n

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def deal_number(self) -> int:
        """The number of this deal in its match (0 for the first)."""
        return self._deal_number

    @property
    def seed(self) -> int | None:
        """The seed of the shuffle (None: an unseeded or stacked deal)."""
        return self._seed

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards, sorted (the full state: see :meth:`view`)."""
        return tuple(map(tuple, self._hands))

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, bottom first (the next card drawn last)."""
        return tuple(self._stock)

    @property
    def pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first (its top card last)."""
        return tuple(self._pile)

    @property
    def pile_from(self) -> tuple[int, ...]:
        """Per card of the discard pile, the seat that put it there."""
        return tuple(self._pile_from)

    @property
    def buried(self) -> tuple[Card, ...]:
        """Cards discarded face down, out of play."""
        return tuple(self._buried)

    @property
    def table(self) -> tuple[TableMeld, ...]:
        """The melds on the table, in the order laid."""
        return tuple(self._table)

    @property
    def cut(self) -> Card | None:
        """The cut card, where the variant cuts one for the wild rank."""
        return self._cut

    @property
    def upcard(self) -> Card | None:
        """The first upcard of the pile (None without one)."""
        return self._upcard

    @property
    def wild(self) -> frozenset[Rank]:
        """The ranks that are wild this hand (as :attr:`wild_ranks`)."""
        return self._wild

    @property
    def phase(self) -> Phase:
        """The phase of play."""
        return self._phase

    @property
    def current(self) -> int:
        """The seat to act (also once the hand is over: see :attr:`current_player`)."""
        return self._current

    @property
    def starter(self) -> int:
        """The seat that played first."""
        return self._starter

    @property
    def turns(self) -> int:
        """The turns played (as :attr:`turn`)."""
        return self._turns

    @property
    def own_turns(self) -> tuple[int, ...]:
        """Per seat, the turns it has played."""
        return tuple(self._own_turns)

    @property
    def draws(self) -> tuple[int, ...]:
        """Per seat, the draws it has made."""
        return tuple(self._draws)

    @property
    def melded(self) -> tuple[bool, ...]:
        """Per seat, whether it has melded (made its initial meld)."""
        return tuple(self._melded)

    @property
    def first_shown(self) -> tuple[int | None, ...]:
        """Per seat, its own turn on which it first showed a meld (None: not yet)."""
        return tuple(self._first_shown)

    @property
    def shown(self) -> tuple[bool, ...]:
        """Per seat, whether its concealed melds have been shown."""
        return tuple(self._shown)

    @property
    def dropped(self) -> tuple[str | None, ...]:
        """Per seat, how it left the hand (None: still in)."""
        return tuple(self._dropped)

    @property
    def hit_until(self) -> tuple[int, ...]:
        """Per seat, the last of its own turns on which it may not drop (0: none)."""
        return tuple(self._hit_until)

    @property
    def bought(self) -> tuple[int, ...]:
        """Per seat, the discards it bought this deal (contract rummy's buying)."""
        return tuple(self._bought)

    @property
    def asked(self) -> tuple[int, ...]:
        """Per seat, the times it asked its partner's permission to go out this hand."""
        return tuple(self._asked)

    @property
    def eaten(self) -> tuple[tuple[tuple[Card, Meld], ...], ...]:
        """Per seat, the melds made with a card taken from the pile that stay concealed
        until the showing (each with the card taken)."""
        return tuple(self._eaten)

    @property
    def penalties(self) -> tuple[tuple[int, str, int | None], ...]:
        """The penalties charged: (seat, reason, points)."""
        return tuple(self._penalties)

    @property
    def bonus(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat, the cards laid out face up that are no meld (Canasta's red threes)."""
        return tuple(self._bonus)

    @property
    def second_hands(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat, the face-down second hand it holds, not yet picked up
        (the full state: views show only :attr:`second_counts`)."""
        return tuple(map(tuple, self._second))

    @property
    def second_counts(self) -> tuple[int, ...]:
        """Per seat, the cards of the second hand it holds face down (public)."""
        return tuple(len(x) for x in self._second)

    @property
    def second_taken(self) -> tuple[bool, ...]:
        """Per seat, whether it has picked up a second hand (public)."""
        return tuple(self._second_taken)

    @property
    def second_unplayed(self) -> tuple[bool, ...]:
        """Per seat, whether the second hand it picked up by the discard counts
        as picked up only from its next turn (``second_hand.untaken_until_played``;
        public)."""
        return tuple(self._second_unplayed)

    @property
    def second_stocked(self) -> tuple[bool, ...]:
        """Per seat, whether the second hand it held became the stock, never
        picked up (``second_hand.untaken_becomes_stock``; public)."""
        return tuple(self._second_stocked)

    @property
    def standing(self) -> tuple[int, ...]:
        """Per seat, its total in the game when the hand was dealt."""
        return self._standing

    @property
    def taken(self) -> Card | None:
        """The card taken from the pile this turn (None: none)."""
        return self._taken

    @property
    def took_top(self) -> int | None:
        """The seat that took the top of the pile this turn (None: nobody)."""
        return self._took_top

    @property
    def melds_this_turn(self) -> int:
        """The melds laid this turn."""
        return self._melds_this_turn

    @property
    def played_this_turn(self) -> bool:
        """Whether the seat to act has played to the table this turn."""
        return self._played_this_turn

    @property
    def must_meld(self) -> Card | None:
        """A card taken from the pile that must be melded this turn (None: none)."""
        return self._must_meld

    @property
    def stock_only(self) -> bool:
        """Whether the current seat may draw from the stock only."""
        return self._stock_only

    @property
    def offer_stage(self) -> int:
        """How far the offer of the first upcard has gone round."""
        return self._offer_stage

    @property
    def reuses(self) -> int:
        """The times the discard pile has been turned into a new stock."""
        return self._reuses

    @property
    def passes(self) -> int:
        """The passes in a row (a stock that is out, or a refused upcard)."""
        return self._passes

    @property
    def knocker(self) -> int | None:
        """The seat that knocked (None: nobody)."""
        return self._knocker

    @property
    def layoff_queue(self) -> tuple[int, ...]:
        """The seats still to lay off on a knocker's melds, in order."""
        return tuple(self._layoff_queue)

    @property
    def claim_queue(self) -> tuple[int, ...]:
        """The seats still to be asked whether they claim the discard, in order."""
        return tuple(self._claim_queue)

    @property
    def resume(self) -> int:
        """The seat play resumes with once the claims are settled."""
        return self._resume

    @property
    def went_out(self) -> int | None:
        """The seat that went out (None: nobody)."""
        return self._went_out

    @property
    def how(self) -> Termination | None:
        """How the hand ended (None while it goes on)."""
        return self._how

    @property
    def final_discard(self) -> bool:
        """Whether the seat that went out discarded its last card."""
        return self._final_discard

    @property
    def fed_by(self) -> int | None:
        """The seat whose discard the winner went out with (None: none)."""
        return self._fed_by

    @property
    def permission(self) -> str | None:
        """The partner's permission to go out this turn: ``"asked"`` while the
        partner answers, then ``"yes"`` or ``"no"``, binding on the player
        to act; None where nobody asked this turn."""
        return self._permission

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions applied so far (as :attr:`actions`)."""
        return tuple(self._history)

    @property
    def rng(self) -> random.Random:
        """A copy of the hand's random source, in the same state: drawing from it
        leaves the hand's own (its next reshuffle) unchanged."""
        copy_to = getattr(self._rng, "copy_to", None)
        if copy_to is not None:  # an unseeded hand's OS-entropy source
            return cast(random.Random, copy_to([]))
        if isinstance(self._rng, random.SystemRandom):  # no state to copy
            return random.SystemRandom()
        other = random.Random()
        other.setstate(self._rng.getstate())
        return other


_HAND_CLASS: list[type[Hand]] = []


def register_hand_class(cls: type[Hand]) -> None:
    """Name the class :func:`blank_hand` makes: :class:`rummykit.Hand`, which
    its module (above this one) registers when it is loaded."""
    _HAND_CLASS[:] = [cls]


def blank_hand(v: Variant, players: int) -> Hand:
    """A new hand of ``v`` for ``players`` seats with nothing dealt, for the
    engine's dealers and readers to fill (:func:`rummykit.new_hand`,
    :func:`rummykit.from_position`). The modules that build hands sit below
    the one that defines :class:`~rummykit.Hand`, so they make it through
    this function, never by importing it.

    >>> import rummykit as rk
    >>> type(blank_hand(rk.load_variant("gin"), 2)) is rk.Hand
    True
    """
    return _HAND_CLASS[0](v, players)


def copy_fields(source: HandFields, other: HandFields) -> None:
    """Copy every field of ``source`` into ``other`` as :data:`FIELDS` says,
    the shuffle state left to the caller (:meth:`rummykit.Hand.clone`)."""
    for name in _SHARED:
        object.__setattr__(other, name, getattr(source, name))
    for name in _LIST:
        object.__setattr__(other, name, list(getattr(source, name)))
    for name in _LISTS:
        object.__setattr__(other, name, [list(x) for x in getattr(source, name)])
