"""Per-player views: only what one seat may see."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, cast

import attrs

from rummykit.cards import Card, Rank
from rummykit.engine.actions import Action
from rummykit.engine.convert import CONVERTER, DATA_VERSION, check_header, structure
from rummykit.engine.phase import Phase, TableMeld
from rummykit.errors import ArgumentError, RummyError

if TYPE_CHECKING:
    from rummykit.engine.resample import Knowledge
    from rummykit.engine.state import Hand

__all__ = ["View", "make_view"]


@attrs.frozen(kw_only=True)
class View:
    """What seat ``player`` may see of a hand.

    Never the stock's order or another player's cards: ``hand`` is the seat's
    own hand; ``table`` the melds on the table (numbered from 1 in actions);
    ``discard`` the visible discard pile, bottom first (top card last);
    ``hand_counts`` how many cards each seat holds; ``stock_count`` the cards
    left in the stock; ``cut`` the cut wild card where the deck cuts one.
    ``legal`` holds the legal actions when it is this seat's move.
    Face-down discards (a knock, Thai's going out) show only once the hand is
    over (``face_down``). At the end of the hand, every hand is shown
    (``shown_hands``), as the players lay their cards down to be scored; and
    from a knock on, at the showdown where the knocker lays out its melds and
    deadwood and each defender its hand before laying off (Gin).
    ``eaten``: per seat, the cards taken from the discard pile into melds that
    stay concealed in hand until the showing (Phỏm): everybody saw them taken
    (and they lie face up in real play); the hand cards melded with them are
    part of ``hand`` for their owner only.
    ``laid_out``: per seat, the cards laid out face up that are no meld
    (Canasta's red threes). ``side``: where the variant plays in partnerships, the seats of this
    seat's side (itself and its partners, whose melds it may extend; their
    hands stay hidden); empty otherwise. :meth:`side_melds` are its side's
    table melds.

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("straight"), players=3, seed=1)
    >>> v = h.view(0)
    >>> len(v.hand), v.hand_counts, v.stock_count
    (7, (7, 7, 7), 30)
    """

    player: int
    phase: Phase
    current_player: int | None
    dealer: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    table: tuple[TableMeld, ...]
    discard: tuple[Card, ...]
    stock_count: int
    cut: Card | None
    wild_ranks: frozenset[Rank]
    melded: tuple[bool, ...]
    dropped: tuple[bool, ...]
    turn: int
    legal: tuple[Action, ...]
    face_down: tuple[Card, ...] = ()
    shown_hands: tuple[tuple[Card, ...], ...] = ()
    eaten: tuple[tuple[Card, ...], ...] = ()
    side: tuple[int, ...] = ()
    deal: int = 1
    pile_frozen: bool | None = None
    """Where the discard pile is taken whole (Canasta): whether it is frozen
    against this seat's side (a wild card in it, or the side has not melded);
    None elsewhere."""
    laid_out: tuple[tuple[Card, ...], ...] = ()
    """Per seat, the cards laid out face up that are no meld (Canasta's red
    threes); empty where no seat has any."""
    second_counts: tuple[int, ...] = ()
    """Where the variant deals a second hand (a foot, a morto): per seat, how
    many cards the second hand it holds face down has (0: none, or picked up).
    Its cards are never shown, not even to its owner before the pickup; empty
    where the variant deals none."""
    second_taken: tuple[bool, ...] = ()
    """Per seat, whether it has picked up a second hand (empty where the
    variant deals none)."""
    second_stocked: tuple[bool, ...] = ()
    """Per seat, whether the second hand it held became the stock, never
    picked up (``second_hand.untaken_becomes_stock``; empty where the variant
    deals none)."""
    permission: str | None = None
    """The partner's permission to go out this turn, public as the question
    and the answer are said aloud: ``"asked"`` while the partner answers,
    then ``"yes"`` (the player to act must go out) or ``"no"`` (it may
    not); None where nobody asked this turn."""
    """The deal's number within the game (1-based; rules may change by deal)."""

    def side_melds(self) -> tuple[tuple[int, TableMeld], ...]:
        """This seat's side's melds on the table, each with its number (from 1,
        as actions name it): the seat's own alone without partnerships."""
        side = self.side or (self.player,)
        return tuple((i, t) for i, t in enumerate(self.table, 1) if t.owner in side)

    def _repr_svg_(self) -> str:
        """What this seat sees, as an SVG picture (other hands face down)."""
        from rummykit import svg

        return svg.position(self)

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile."""
        return self.discard[-1] if self.discard else None

    def to_data(self) -> dict[str, Any]:
        """This view as a JSON-ready dict (format ``rummykit-view``); see
        :mod:`rummykit.engine.serialization`.

        >>> import rummykit as rk
        >>> data = rk.new_hand(rk.load_variant("gin"), players=2, seed=5).view(0).to_data()
        >>> data["hand"], data["phase"], data["hand_counts"]
        (['AD', '5D', '6D', '3H', '4H', '7H', 'JH', '3S', '5S', '8S'], 'offer', [10, 10])
        >>> rk.View.from_data(data).to_data() == data
        True
        """
        return {"format": "rummykit-view", "version": DATA_VERSION, **CONVERTER.unstructure(self)}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> View:
        """Read :meth:`to_data` output (raises :class:`~rummykit.DataError`)."""
        body = check_header(data, "rummykit-view", DATA_VERSION, "view")
        return cast(View, structure(body, cls, "view"))

    def resample(self, seed: int | None = None) -> Hand:
        """A determinization for this seat (for search bots): a hand with this
        very view, the cards the seat has not seen dealt again at random; see
        :meth:`rummykit.Hand.resample`. Only while the hand is still at the
        moment the view was taken.

        >>> import rummykit as rk
        >>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=3)
        >>> v = h.view(1)
        >>> v.resample(seed=5).view(1) == v
        True
        """
        h, known = self._bound("resample it")
        return known.sample(h, seed)

    def knowledge(self) -> Knowledge:
        """What this seat knows of the hidden cards (for search bots): the
        cards it saw go into each other hand and how many stock cards it has
        seen; see :class:`rummykit.engine.resample.Knowledge`. Only while the
        hand is still at the moment the view was taken.

        >>> import rummykit as rk
        >>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=3)
        >>> h.view(1).knowledge().known[0]
        ()
        """
        return self._bound("ask what it knows")[1]

    def _bound(self, what: str) -> tuple[Hand, Knowledge]:
        """The hand this view was taken of, and the seat's knowledge (cached)."""
        bound = _SOURCES.get(id(self))
        h = bound[0]() if bound is not None and bound[3]() is self else None
        if h is None or bound is None or len(h._history) != bound[1]:
            raise ArgumentError(
                f"View: this view is no longer current: take a new view of the hand to {what}"
            )
        known = bound[2]
        if not known:
            from rummykit.engine.resample import knowledge

            known.append(knowledge(h, self.player))
        return h, known[0]


def _frozen(h: Hand, player: int) -> bool | None:
    if not h._kit.whole_pile or not h._kit.side_rank:
        return None
    from rummykit.engine.side_melds import frozen

    return frozen(h, player)


def make_view(h: Hand, player: int) -> View:
    """The view of seat ``player``."""
    if not isinstance(player, int) or isinstance(player, bool):
        raise RummyError(f"view: player must be a seat number (an integer from 0), got {player!r}")
    if not 0 <= player < h._n:
        raise RummyError(f"view: no seat {player} in a hand of {h._n} players")
    over = h._phase is Phase.OVER
    current = None if over else h._current
    view = View(
        player=player,
        phase=h._phase,
        current_player=current,
        dealer=h._dealer,
        hand=tuple(h._hands[player]),
        hand_counts=tuple(map(len, h._hands)),
        table=tuple(h._table),
        discard=tuple(h._pile),
        stock_count=len(h._stock),
        cut=h._cut,
        wild_ranks=h._wild,
        melded=tuple(h._melded),
        dropped=tuple([d is not None for d in h._dropped]),
        turn=h._turns,
        legal=h.legal_actions() if current == player else (),
        face_down=tuple(h._buried) if over else (),
        shown_hands=tuple(tuple(x) for x in h._hands) if h._phase.hands_shown else (),
        eaten=tuple(tuple(c for c, _ in e) for e in h._eaten) if any(h._eaten) else (),
        side=h._kit.sides(h._n)[player] if h._v.players.teams_for(h._n) else (),
        deal=h._deal_number,
        laid_out=tuple(h._bonus) if any(h._bonus) else (),
        pile_frozen=_frozen(h, player),
        second_counts=tuple(len(x) for x in h._second) if h._kit.second_hand else (),
        second_taken=tuple(h._second_taken) if h._kit.second_hand else (),
        second_stocked=tuple(h._second_stocked) if h._kit.second_hand else (),
        permission=h._permission,
    )
    _bind(view, h)
    return view


# Which hand (and at which action) each live view was taken from, for
# View.resample only. Kept beside the view, not in it: a view carries no
# reference to the hand (nothing hidden is an attribute of what a seat is
# given, and views convert to data as they are). In-process bots are trusted
# code all the same (Python hides nothing from code in the same process): a
# server gives an untrusted client its view as data (View.to_data).
# Each entry holds a weak reference to the view whose callback drops the
# entry when the view goes (cheaper than a weakref.finalize per view).
_SOURCES: dict[int, tuple[weakref.ref[Hand], int, list[Any], _ViewRef]] = {}


class _ViewRef(weakref.ref[View]):
    __slots__ = ("key",)
    key: int


def _forget(ref: weakref.ref[View]) -> None:
    assert isinstance(ref, _ViewRef)
    found = _SOURCES.get(ref.key)
    if found is not None and found[3] is ref:
        del _SOURCES[ref.key]


def _bind(view: View, h: Hand) -> None:
    key = id(view)
    ref = _ViewRef(view, _forget)
    ref.key = key
    _SOURCES[key] = (weakref.ref(h), len(h._history), [], ref)
