"""``take``: take from the discard pile.

``take`` takes the top discard; ``take 2`` the top two (``draw``'s depths);
``take draw`` the top discard and the top of the stock (Boathouse); ``take
3 meld 7H 8H 9H`` digs 3 deep, the deepest card taken going at once into
that meld (or ``take 3 layoff 9H on 2`` onto a table meld) where the draw
rule says the card must be used at once. ``take 5C meld ...`` names the
deepest card instead of the depth: it is the same action as the depth
form, which is canonical (the copy nearest the top, with two decks).
During the offer of the first upcard (Gin), ``take`` accepts it.

Shared by ``take`` and ``pick``: :func:`uses` (how a card taken may be
used at once), :func:`use_reason` and :func:`initial_take`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card, parse_card
from rummykit.engine.actions.layoff import Layoff, LayoffKind, lay_off, layoffs_of
from rummykit.engine.actions.meld import MeldAction, MeldKind, meld_groups, strip
from rummykit.engine.conditions import (
    exit_ok,
    free_hand,
    initial_combos,
    initial_ok,
    insort,
    may_meld_now,
    melds_of,
    minus,
    needs_initial,
    showing_now,
    stock_drawable,
)
from rummykit.engine.kind import ListedKind, Refusal
from rummykit.engine.notation import Action, bad_text, is_number, parse_groups, parse_number, parse_on
from rummykit.engine.phase import Phase
from rummykit.engine.turn import check_out
from rummykit.errors import IllegalAction, NotationError
from rummykit.melds import Meld
from rummykit.rules.draw import UseAs

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

# enum members as module constants: a lookup through the class is slow in Python 3.11
_DRAW = Phase.DRAW
_OFFER = Phase.OFFER
_PLAY = Phase.PLAY


__all__ = ["TAKE", "Take", "TakeKind", "parse_then", "take_use", "use_fits", "use_reason", "uses"]


@attrs.frozen(repr=False, cache_hash=True)
class Take(Action):
    """Take from the discard pile: the top ``depth`` cards, optionally the top
    of the stock too, and optionally use the deepest card at once."""

    depth: int = 1
    and_draw: bool = False
    then: MeldAction | Layoff | None = None
    down_to: Card | None = None
    """The deepest card taken, named instead of the depth (``take 5C meld
    ...``); :meth:`rummykit.Hand.apply` reads it as the depth where that card
    lies. Listed legal actions use the depth (the canonical form); with a
    card named, ``depth`` is 1."""
    word = "take"
    order = 1

    def __attrs_post_init__(self) -> None:
        if self.down_to is not None and not isinstance(self.down_to, Card):
            raise NotationError(f"take: the card dug to must be a Card, got {self.down_to!r}")
        if self.down_to is not None and self.depth != 1:
            object.__setattr__(self, "depth", 1)

    def __str__(self) -> str:
        parts = ["take"]
        if self.and_draw:
            parts.append("draw")
        if self.down_to is not None:
            parts.append(str(self.down_to))
        elif self.depth != 1:
            parts.append(str(self.depth))
        if self.then is not None:
            parts.append(str(self.then))
        return " ".join(parts)

    def cards(self) -> tuple[Card, ...]:
        return self.then.cards() if self.then is not None else ()


TAKE = Take()


def parse_then(tokens: Sequence[str], text: str) -> MeldAction | Layoff | None:
    """The use stated after the cards taken: ``meld ...`` or ``layoff ...``."""
    if not tokens:
        return None
    if tokens[0] == "meld":
        return MeldAction(parse_groups(list(tokens[1:]), text))
    if tokens[0] == "layoff":
        (card, rep), target = parse_on(list(tokens[1:]), text, "layoff")
        return Layoff(card, target, rep)
    raise bad_text(text, f"expected 'meld ...' or 'layoff ...' after the cards taken, got {tokens[0]!r}")


def keeps_discard(h: Hand, p: int, card: Card) -> bool:
    """Whether, after taking ``card``, the player still holds a card they may discard."""
    refused = h._v.discard.refused(h._hands[p], taken=card)
    return any(c not in refused for c in h._hands[p])


def _may_keep(h: Hand, p: int, depth: int) -> bool:
    """Whether seat ``p`` may take the top ``depth`` cards and keep them (where
    no rule says how to use them at once): taking one card, it must still
    hold a card it may discard."""
    return depth > 1 or keeps_discard(h, p, h._pile[-1])


def _uses_hand(m: Meld, card: Card, others: Sequence[Card], hand: Sequence[Card]) -> bool:
    need = Counter(m.cards)
    need[card] -= 1
    pile = Counter(others)
    return any(max(0, n - pile[c]) > 0 for c, n in need.items())


def uses(h: Hand, p: int, card: Card, others: Sequence[Card], rule: UseAs) -> list[MeldAction | Layoff]:
    """How a card taken from the pile may be used at once (with ``others``, the
    other cards taken with it)."""
    whole = [*h._hands[p], *others, card]
    hand = free_hand(h, p)
    avail = tuple(sorted([*hand, *others, card]))
    out: list[MeldAction | Layoff] = []
    # A necessary condition for any meld with the card: another card sharing
    # its rank or suit, or a wild.
    deck, wild = h._v.deck, h._wild
    melds_possible = deck.is_wild(card, wild) or any(
        c.rank == card.rank or c.suit == card.suit or deck.is_wild(c, wild) for c in (*hand, *others)
    )
    if melds_possible:
        if needs_initial(h, p):
            for combo in initial_combos(h, avail, must=card):
                if rule is UseAs.NEW_MELD_WITH_HAND_CARD and not _uses_hand(combo[0], card, others, hand):
                    continue
                out.append(MeldAction(tuple(h._kit.group(m) for m in combo)))
        else:
            for m in h._kit.options(avail, wild, card):
                if card not in m.cards:
                    continue
                if rule is UseAs.NEW_MELD_WITH_HAND_CARD and not _uses_hand(m, card, others, hand):
                    continue
                rest = minus(whole, m.cards)
                if rest is None or not exit_ok(h, rest):
                    continue
                out.append(MeldAction((h._kit.group(m),)))
    if rule is UseAs.MELD_OR_LAYOFF and h._table and h._v.layoff.on_turn(showing=showing_now(h, p)):
        rest = minus(whole, (card,))
        out.extend(layoffs_of(h, p, card, rest))
    return out


_MELD = MeldKind()
_LAYOFF = LayoffKind()


def use_fits(a: MeldAction | Layoff | None, b: MeldAction | Layoff | None) -> bool:
    """Whether the stated use ``a`` of a card taken may stand for the listed ``b``."""
    if a is None or b is None:
        return a is None and b is None
    if type(a) is not type(b):
        return False
    return _MELD.fits(a, b) if isinstance(a, MeldAction) else _LAYOFF.fits(a, b)


def use_reason(
    h: Hand, bottom: Card, others: Sequence[Card], depth: int, then: MeldAction | Layoff | None
) -> Refusal | None:
    """Why the stated use of a card taken from the pile (``take 3 meld ...``)
    is not one the draw rule allows (None: no more specific reason)."""
    rule = h._v.draw.use_rule(depth, melded=h._melded[h._current])
    if then is None or rule is None:
        return None
    where = f"({rule.value}; draw {h._v.draw.kind})"
    hand = free_hand(h, h._current)
    if isinstance(then, Layoff):
        if rule is not UseAs.MELD_OR_LAYOFF:
            return Refusal(
                f"the card taken, {bottom}, must go into a new meld, not onto a table meld {where}", "draw"
            )
        if then.card != bottom:
            return Refusal(f"the card laid off must be the card taken, {bottom} {where}", "draw")
        return None
    if minus([*hand, *others, bottom], then.cards()) is None:
        spoken = (
            " (the cards of a concealed meld made with an eaten card are spoken for)"
            if minus([*h._hands[h._current], *others, bottom], then.cards()) is not None
            else ""
        )
        return Refusal(
            f"the meld uses cards that are neither in seat {h._current}'s hand nor taken from the pile{spoken}",
            "draw",
        )
    melds = melds_of(h, then.groups)
    if isinstance(melds, str):
        return Refusal(melds, "melds")
    if not any(bottom in m.cards for m in melds):
        return Refusal(f"the meld must hold the card taken, {bottom} {where}", "draw")
    if rule is UseAs.NEW_MELD_WITH_HAND_CARD:
        need = Counter(melds[0].cards)
        need[bottom] -= 1
        taken = Counter(others)
        if not any(n > taken[c] for c, n in need.items()):
            return Refusal(
                f"the meld with {bottom} must hold a card from seat {h._current}'s hand {where}", "draw"
            )
    return None


def take_unlisted(
    h: Hand,
    card: Card,
    others: Sequence[Card],
    depth: int,
    then: MeldAction,
    listed_uses: Sequence[MeldAction | Layoff],
) -> MeldAction | None:
    """The canonical use of a card taken straight into a meld that the list
    leaves out: another designation of a listed meld's wilds, or (Kalooki:
    "he may take the top card of the discard pile to use it immediately in
    his initial meld") any melds of the hand and the cards taken that hold
    the card, reach the initial threshold and leave a way to finish the turn
    (the meld with the card first, as listed)."""
    p = h._current
    if needs_initial(h, p) and h._v.draw.use_rule(depth, melded=False) in (
        UseAs.NEW_MELD,
        UseAs.MELD_OR_LAYOFF,
    ):
        melds = melds_of(h, then.groups)
        if not isinstance(melds, str):
            with_card = [m for m in melds if card in m.cards]
            rest = minus([*h._hands[p], *others, card], then.cards())
            if with_card and rest is not None and exit_ok(h, rest) and initial_ok(h, melds) is None:
                ordered = [with_card[0], *(m for m in melds if m is not with_card[0])]
                return MeldAction(tuple(h._kit.group(m) for m in ordered))
    bare = MeldAction(tuple(strip(g) for g in then.groups))
    if any(isinstance(b, MeldAction) and _MELD.fits(bare, b) for b in listed_uses):
        melds = melds_of(h, then.groups)
        if not isinstance(melds, str) and not (needs_initial(h, p) and initial_ok(h, melds) is not None):
            return MeldAction(tuple(h._kit.group(m) for m in melds))
    return None


def take_use(h: Hand, then: MeldAction | Layoff | None, card: Card) -> None:
    """After taking ``card`` from the pile: use it at once as stated (or keep
    the meld made with it concealed in hand, Phỏm)."""
    if then is None:
        return
    if (
        isinstance(then, MeldAction)
        and len(then.groups) == 1
        and h._kit.conceals_eaten
        and not may_meld_now(h, h._current)
    ):
        # Phỏm: "the player does not yet show the meld made with this card but
        # retains all melds in his hand" [S2]. The meld is recorded: its
        # cards stay in hand, spoken for, and go down at the showing.
        meld = h._kit.meld_of(then.groups[0], h._wild)
        assert meld is not None
        h._eaten[h._current] = (*h._eaten[h._current], (card, meld))
        return
    if isinstance(then, MeldAction):
        meld_groups(h, then.groups)
    else:
        lay_off(h, h._current, then.card, then.target, then.stands_for, from_hand=True)
    h._taken = None
    check_out(h)


def pile_reason(h: Hand) -> Refusal | None:
    """Why nothing may be taken from the pile now, or None."""
    if not h._pile:
        return Refusal("the discard pile is empty", "draw")
    if h._stock_only:
        return Refusal("both players passed the upcard: the first player draws from the stock", "draw")
    return None


class TakeKind(ListedKind):
    """The ``take`` kind (see the module documentation)."""

    action = Take
    words = ("take",)
    phases = frozenset({_DRAW, _OFFER})
    rule = "draw"
    draws = True

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        tokens = list(rest)
        and_draw = bool(tokens) and tokens[0] == "draw"
        if and_draw:
            tokens = tokens[1:]
        depth = 1
        if tokens and is_number(tokens[0]):
            depth = parse_number(tokens[0], text, "a depth")
            tokens = tokens[1:]
        elif tokens and tokens[0] not in ("meld", "layoff"):
            card = parse_card(tokens[0])
            return Take(1, and_draw, parse_then(tokens[1:], text), card)
        return Take(depth, and_draw, parse_then(tokens, text))

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        if h._phase is _OFFER:
            return (TAKE,)
        if h._stock_only:
            return ()
        p = h._current
        draw = h._v.draw
        pile = h._pile
        out: list[Action] = []
        for depth in draw.depths(len(pile)):
            rule = draw.use_rule(depth, melded=h._melded[p])
            if rule is None:
                if _may_keep(h, p, depth):
                    out.append(TAKE if depth == 1 else Take(depth))
                continue
            bottom = pile[-depth]
            others = pile[len(pile) - depth + 1 :]
            for use in uses(h, p, bottom, others, rule):
                out.append(Take(depth, False, use))
        if pile and stock_drawable(h) and h._kit.with_stock:
            out.append(Take(1, True))
        return out

    def allows(self, h: Hand, a: Action) -> bool:
        """A plain take (``take``, ``take 2``) that :meth:`candidates` lists is
        legal without building the list: the same rules asked for its depth
        alone. Any other take, and a plain one not listed (which may still fit
        a listed use), goes through :meth:`resolve`."""
        if type(a) is Take and a.then is None and a.down_to is None and not a.and_draw:
            if h._phase is _OFFER:
                if a == TAKE:
                    return True
            elif not h._stock_only:
                p, draw, depth = h._current, h._v.draw, a.depth
                if (
                    depth in draw.depths(len(h._pile))
                    and draw.use_rule(depth, melded=h._melded[p]) is None
                    and _may_keep(h, p, depth)
                ):
                    return True
        return super().allows(h, a)

    def resolve(self, h: Hand, a: Action) -> Action:
        assert isinstance(a, Take)
        if a.down_to is not None:
            a = _depth_form(h, a)
        return super().resolve(h, a)

    def fits(self, a: Action, b: Action) -> bool:
        assert isinstance(a, Take) and isinstance(b, Take)
        return (a.depth, a.and_draw) == (b.depth, b.and_draw) and use_fits(a.then, b.then)

    def unlisted(self, h: Hand, a: Action, listed: Sequence[Action]) -> Action | None:
        assert isinstance(a, Take)
        if (
            h._phase is not _DRAW
            or a.and_draw
            or not isinstance(a.then, MeldAction)
            or self._why(h, a) is not None
        ):
            return None
        depth = a.depth
        card, others = h._pile[-depth], h._pile[len(h._pile) - depth + 1 :]
        same = [
            b.then
            for b in listed
            if isinstance(b, Take) and b.depth == depth and not b.and_draw and b.then is not None
        ]
        then = take_unlisted(h, card, others, depth, a.then, same)
        return None if then is None else Take(depth, False, then)

    def _why(self, h: Hand, a: Take) -> Refusal | None:
        v = h._v
        why = pile_reason(h)
        if why is not None:
            return why
        depth = a.depth
        if a.and_draw and not v.draw.with_stock():
            return Refusal(
                f"the top discard may not be taken with the top of the stock (draw {v.draw.kind})", "draw"
            )
        if depth not in v.draw.depths(len(h._pile)):
            return Refusal(
                f"may not take {depth} card{'s' if depth > 1 else ''} from the discard pile (draw {v.draw.kind})",
                "draw",
            )
        rule = v.draw.use_rule(depth, melded=h._melded[h._current])
        if rule is not None and a.then is None:
            return Refusal(
                f"the card taken, {h._pile[-depth]}, must be used at once ({rule.value}; draw {v.draw.kind})",
                "draw",
            )
        if rule is None and a.then is not None:
            return Refusal(
                f"the card taken is kept in hand here (draw {v.draw.kind}): take it, then meld", "draw"
            )
        return None

    def reason(self, h: Hand, a: Action) -> Refusal | None:
        assert isinstance(a, Take)
        if h._phase is _OFFER:
            return Refusal("the upcard is being offered: take it (plain 'take') or pass", "draw")
        why = self._why(h, a)
        if why is not None:
            return why
        depth = a.depth
        return use_reason(h, h._pile[-depth], h._pile[len(h._pile) - depth + 1 :], depth, a.then)

    def perform(self, h: Hand, a: Action) -> None:
        assert isinstance(a, Take)
        if h._phase is _OFFER:
            _accept_offer(h)
        p = h._current
        cards = _take_cards(h, a.depth)
        hand = h._hands[p]
        for c in cards:
            insort(hand, c)
        if a.and_draw:
            insort(hand, h._stock.pop())
            h._took_top = None
        h._taken = cards[0] if a.depth == 1 and not a.and_draw else None
        h._draws[p] += 1
        h._passes = 0
        h._phase = _PLAY
        take_use(h, a.then, cards[0])


def _depth_form(h: Hand, a: Take) -> Take:
    """``take 5C ...`` as ``take N ...``: N is the depth where 5C lies (the
    copy nearest the top)."""
    card = a.down_to
    assert card is not None
    pile = h._pile
    for depth in range(1, len(pile) + 1):
        if pile[-depth] == card:
            return Take(depth, a.and_draw, a.then)
    raise IllegalAction(f"{card} is not in the discard pile", action=a, rule="draw")


def _take_cards(h: Hand, depth: int) -> list[Card]:
    p = h._current
    cut = len(h._pile) - depth
    cards = h._pile[cut:]
    sources = h._pile_from[cut:]
    del h._pile[cut:]
    del h._pile_from[cut:]
    for src in set(sources):
        if src >= 0 and src != p:
            for _ in range(sources.count(src)):
                h._penalties.append((src, "eaten", p))
    if depth == 1 and sources and sources[0] >= 0:
        h._took_top = sources[0]
    return cards


def _accept_offer(h: Hand) -> None:
    """The upcard is taken during the offer: the taker plays this turn."""
    if h._offer_stage == 1:
        h._own_turns[h._starter] -= 1
        h._current = h._dealer
        h._own_turns[h._dealer] += 1
    h._offer_stage = 2
