"""The greedy bot's play where melds are of one rank and owned by a side
(the Canasta family: ``v.melds.side_rank_melds()``): take the pile whenever
it may be taken, go out when the side may, lay down every meld and add to
the side's melds (wild cards where they make or near a canasta), and
discard what the other side cannot use. Where a player may ask the
partner's permission to go out, it asks only when it can go out this turn
(:func:`rummykit.engine.out_line` on a determinization of its view: the
plays depend only on its own hand and the table), then follows the answer;
asked, it says yes unless the cards in its own hand count more than going
out scores (it never sees its partner's hand).
"""

from __future__ import annotations

from collections import Counter

from rummykit.cards import Card, Rank
from rummykit.engine import (
    Action,
    Ask,
    Combine,
    Discard,
    Draw,
    Layoff,
    MeldAction,
    No,
    Pickup,
    View,
    Yes,
    out_line,
)
from rummykit.errors import ArgumentError
from rummykit.melds import MeldKind
from rummykit.rules.canasta import CanastaMelds
from rummykit.rules.going_out import FinalDiscard
from rummykit.variant import Variant

__all__ = ["side_choice"]


def _wild(v: Variant, view: View, c: Card) -> bool:
    return v.deck.is_wild(c, view.wild_ranks)


def _rank(v: Variant, view: View, cards: tuple[Card, ...]) -> Rank | None:
    ranks = {c.rank for c in cards if not _wild(v, view, c)}
    return next(iter(ranks)) if len(ranks) == 1 else None


def side_choice(v: Variant, view: View) -> Action:
    """The greedy choice for ``view`` (its legal actions must not be empty)."""
    legal = view.legal
    hand = view.hand
    pickups = [a for a in legal if isinstance(a, Pickup)]
    if pickups and (pickups[0].then is not None or _pile_helps(v, view)):
        # the whole pile: more cards to meld, at the price of a few in hand
        return max(pickups, key=lambda a: (len(a.cards()), str(a)))
    if Draw() in legal:
        return Draw()
    if Yes() in legal:  # the partner asks "May I go out?"
        return Yes() if _held(v, view) <= getattr(v.scoring, "going_out", 0) else No()
    asking = any(isinstance(a, Ask) for a in legal)
    if (asking or view.permission == "yes") and _may_play_out(v, view):
        line = _line(view)
        if line and asking:
            return next(a for a in legal if isinstance(a, Ask))
        if line and line[0] in legal:
            rest = Counter(hand) - Counter(line[0].cards())
            _LINES[(view.player, view.deal, view.turn, tuple(sorted(rest.elements())))] = line[1:]
            return line[0]
    outs = [a for a in legal if not isinstance(a, Discard) and len(hand) - len(_hand_cards(a)) == 0]
    if outs:
        return outs[0]
    size = getattr(v.melds, "canasta", 7)
    for a in legal:  # two melds of a rank joined, unless both are canastas already (each scores its bonus)
        if isinstance(a, Combine):
            lengths = (len(view.table[a.source - 1].meld.cards), len(view.table[a.target - 1].meld.cards))
            if min(lengths) < size:
                return a
    melds = [a for a in legal if isinstance(a, MeldAction)]
    open_ranks = _open_ranks(v, view)
    if open_ranks:  # cards of a rank the side builds already go onto its meld, not into a second one
        fresh = [a for a in melds if _rank(v, view, a.cards()) not in open_ranks or len(a.groups) > 1]
        if len(fresh) < len(melds) and any(
            isinstance(a, Layoff) and not _wild(v, view, a.card) for a in legal
        ):
            melds = fresh
    if melds:  # the most natural cards first, then the fewest wilds
        return max(
            melds,
            key=lambda a: (
                sum(1 for c in a.cards() if not _wild(v, view, c)),
                -sum(1 for c in a.cards() if _wild(v, view, c)),
                str(a),
            ),
        )
    layoffs = [a for a in legal if isinstance(a, Layoff)]
    naturals = [a for a in layoffs if not _wild(v, view, a.card)]
    if naturals:
        return naturals[0]
    for a in layoffs:  # a wild where the meld is a card or two from a canasta
        meld = view.table[a.target - 1].meld
        if size - 2 <= len(meld.cards) < size:
            return a
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return min(discards, key=lambda a: _discard_cost(v, view, a.card))
    return legal[0]


def _open_ranks(v: Variant, view: View) -> set[Rank]:
    """The ranks of the side's melds short of a canasta (where a side may hold
    several melds of a rank: ``melds.one_per_rank`` off)."""
    if getattr(v.melds, "one_per_rank", True):
        return set()
    size = getattr(v.melds, "canasta", 7)
    side = view.side or (view.player,)
    out: set[Rank] = set()
    for t in view.table:
        rank = _rank(v, view, t.meld.cards)
        if t.owner in side and rank is not None and len(t.meld.cards) < size:
            out.add(rank)
    return out


def _pile_helps(v: Variant, view: View) -> bool:
    """Whether the whole pile, taken with no condition (``pickup``), is worth
    more than a card of the stock: several cards, or a top card that goes
    with two of the hand or onto the side's melds."""
    pile = view.discard
    if len(pile) >= 3:
        return True
    side = view.side or (view.player,)
    for top in pile:
        if _wild(v, view, top):
            return True
        mates = sum(1 for c in view.hand if c.rank is top.rank and not _wild(v, view, c))
        if mates >= 2:
            return True
        if any(_fits(v, view, t.meld.cards, top) for t in view.table if t.owner in side):
            return True
        if getattr(v.melds, "runs", False) and (
            _extends_run(view, top, side, theirs=False) or _suited_pair(v, view, top)
        ):
            return True
    return False


def _suited_pair(v: Variant, view: View, card: Card) -> bool:
    """Whether two cards of the hand make a run with ``card`` (same suit, within two ranks)."""
    if card.rank is None:
        return False
    near = {
        c.rank
        for c in view.hand
        if c.suit is card.suit
        and c.rank is not None
        and not _wild(v, view, c)
        and _gap(c.rank, card.rank) <= 2
    }
    return len(near) >= 2


def _extends_run(view: View, card: Card, side: tuple[int, ...], *, theirs: bool) -> bool:
    """Whether ``card`` extends a run (a sequence) of the other side (``theirs``) or of this side."""
    for t in view.table:
        if t.meld.kind is not MeldKind.RUN or (t.owner not in side) is not theirs:
            continue
        ends = (t.meld.represents[0], t.meld.represents[-1])  # what a wild at an end stands for
        if card.suit is ends[0].suit and card.rank is not None and _next_to(card.rank, ends):
            return True
    return False


def _fits(v: Variant, view: View, cards: tuple[Card, ...], card: Card) -> bool:
    """Whether ``card`` goes with a side meld of ``cards`` (its rank)."""
    return _rank(v, view, cards) is card.rank


def _next_to(rank: Rank, ends: tuple[Card, Card]) -> bool:
    """Whether ``rank`` lies just below the low end or just above the high end (ace high)."""

    def up(r: Rank | None) -> int:
        return 14 if r is Rank.ACE else int(r or 0)

    return up(rank) in (up(ends[0].rank) - 1, up(ends[1].rank) + 1)


def _gap(a: Rank, b: Rank) -> int:
    """How far apart two ranks lie in a run (ace high; 0: the same rank, which is no neighbour)."""
    up = [14 if r is Rank.ACE else int(r) for r in (a, b)]
    return abs(up[0] - up[1]) or 99


_SEARCHED = 5
"""Where the melds component gives no quick bound (runs), the bot looks for a
way out only with this many cards or fewer."""


def _may_play_out(v: Variant, view: View) -> bool:
    """The melds component's quick bound on playing the hand out this turn
    (spares the search of hopeless hands)."""
    melds = v.melds
    if not isinstance(melds, CanastaMelds):
        return len(view.hand) <= _SEARCHED
    if view.second_counts and any(view.second_counts[s] for s in view.side or (view.player,)):
        return False  # a second hand still to come: going out this turn would need it played out too
    if melds.runs or not melds.one_per_rank:
        return len(view.hand) <= _SEARCHED
    spare = 0 if v.going_out.final_discard_rule() is FinalDiscard.FORBIDDEN else 1
    return melds.may_play_out(
        view.hand,
        [t.meld.cards for _, t in view.side_melds()],
        is_wild=lambda c: _wild(v, view, c),
        canastas=v.going_out.canastas_to_go_out(len(view.hand_counts)),
        spare=spare,
    )


def _held(v: Variant, view: View) -> int:
    """What the cards in the seat's own hand count against its side."""
    return sum(v.scoring.card_value(c) for c in view.hand)


_LINES: dict[tuple[object, ...], tuple[Action, ...] | None] = {}
"""The plays found this turn, by seat, deal, turn and hand: asked, then told
yes, then playing on, a seat looks them up instead of searching again (each
step checked against the legal actions)."""


def _line(view: View) -> tuple[Action, ...] | None:
    """Plays that take the seat out this turn (None: none, or the view is not
    bound to a live hand, as a view read from data)."""
    key = (view.player, view.deal, view.turn, tuple(sorted(view.hand)))
    if key in _LINES:
        return _LINES[key]
    if len(_LINES) > 256:
        _LINES.clear()
    _LINES[key] = line = _search(view)
    return line


def _search(view: View) -> tuple[Action, ...] | None:
    try:
        hand = view.resample(seed=0)
    except ArgumentError:
        return None
    return out_line(hand)


def _hand_cards(a: Action) -> tuple[Card, ...]:
    return a.cards()


def _discard_cost(v: Variant, view: View, card: Card) -> tuple[int, int]:
    """How much discarding ``card`` costs: a wild most, then a card the other
    side has melded (it takes the pile with it), then pairs, then by value."""
    if (
        getattr(v.draw, "black_three_blocks", False)
        and card.rank is Rank.THREE
        and card.suit is not None
        and card.suit.letter in "CS"
    ):
        return (0, 0)  # a black three blocks the pile for the next player
    if _wild(v, view, card):
        return (900, 0)
    side = view.side or (view.player,)
    theirs = {_rank(v, view, t.meld.cards) for t in view.table if t.owner not in side}
    ours = {_rank(v, view, t.meld.cards) for t in view.table if t.owner in side}
    held = Counter(c.rank for c in view.hand)
    cost = 0
    if card.rank in theirs or _extends_run(view, card, side, theirs=True):
        cost += 400  # the next side may take the pile with it
    if card.rank in ours or _extends_run(view, card, side, theirs=False):
        cost += 200
    cost += 100 * (held[card.rank] - 1)
    if getattr(v.melds, "runs", False) and not _wild(v, view, card):  # suited neighbours: a run to come
        near = {c.rank for c in view.hand if c.suit is card.suit and c != card and not _wild(v, view, c)}
        cost += 60 * sum(
            1 for r in near if r is not None and card.rank is not None and _gap(r, card.rank) <= 2
        )
    return (cost, v.scoring.card_value(card))
