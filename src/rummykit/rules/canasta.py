"""The Canasta family's components: melds of one rank owned by a side, with
canastas; the whole discard pile taken, frozen by a wild card or before a
side's first meld; red threes laid out at once, black threes that block the
pile; an initial meld that grows with the side's score; going out only with
a canasta; the side's score of melds, canastas, red threes and going out.

>>> m = CanastaMelds()
>>> m.meld_ok(naturals=2, wilds=1), m.meld_ok(naturals=1, wilds=2), m.meld_ok(naturals=4, wilds=4)
(True, False, False)
>>> m.canasta_kind(naturals=7, wilds=0), m.canasta_kind(naturals=5, wilds=2), m.canasta_kind(naturals=6, wilds=0)
('natural', 'mixed', None)
>>> CanastaMelds(runs=True, run_max=7).run_ok(7), CanastaMelds(runs=True, run_max=7).run_ok(8)
(True, False)
>>> ByScore().minimum(score=-20), ByScore().minimum(score=1495), ByScore().minimum(score=3000)
(15, 50, 120)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from rummykit.cards import Card, Rank, Suit
from rummykit.rules.base import ByPlayers, ConfigError, component
from rummykit.rules.draw import DrawPolicy
from rummykit.rules.going_out import EmptyHand, Permission
from rummykit.rules.melds import SetSuits, StandardMelds, WildLimit
from rummykit.rules.scoring import Scoring
from rummykit.rules.timing import InitialMeldRule

__all__ = [
    "RUN_RANKS",
    "ByDeal",
    "ByScore",
    "CanastaMelds",
    "CanastaOut",
    "CanastaScoring",
    "PileDraw",
    "is_black_three",
    "is_red_three",
]


RUN_RANKS: tuple[Rank, ...] = (
    Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN,
    Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE,
)  # fmt: skip
"""The ranks a run of the Canasta family may hold, from its low end (four)
to its high end (ace): threes and wild twos are never in a run."""


def is_red_three(card: Card) -> bool:
    """Whether ``card`` is a red three (3D or 3H)."""
    return card.rank is Rank.THREE and card.suit in (Suit.DIAMONDS, Suit.HEARTS)


def is_black_three(card: Card) -> bool:
    """Whether ``card`` is a black three (3C or 3S)."""
    return card.rank is Rank.THREE and card.suit in (Suit.CLUBS, Suit.SPADES)


@component
@attrs.frozen(kw_only=True)
class CanastaMelds(StandardMelds):
    """Melds of one rank (suits do not matter), owned by a side: at least two
    natural cards, never more wilds than naturals and at most ``max_wilds``;
    a meld of ``canasta`` cards or more is a canasta (natural without wilds,
    mixed with them). Red threes are never melded: they are laid out at once
    and replaced from the stock. Black threes are melded only in going out,
    three or four of them without wilds. Where ``runs`` is on, runs of one
    suit are melds too (Samba's sequences)."""

    kind = "canasta"
    summary = "Melds of one rank owned by a side, canastas of seven, red threes laid out, black threes only to go out."

    set_max: int = 0
    set_suits: SetSuits = SetSuits.ANY
    wild_limit: WildLimit = WildLimit.NOT_MORE
    min_naturals: int = 2
    max_wilds: int = 3
    """Most wild cards in one meld, checked as it grows (also once it is a canasta)."""
    canasta: int = 7
    """Cards in a canasta."""
    canasta_naturals: int = 4
    """Fewest natural cards in a canasta (its base)."""
    one_per_rank: bool = True
    """A side has one meld of a rank: more cards of it are laid off onto it
    (off: a side may hold several melds of a rank)."""
    combine: bool = False
    """A side may join two of its melds of one rank into one (``combine 3
    into 1``), in its turn."""
    wild_melds: bool = False
    """Melds of wild cards alone (deuces and jokers alike), ``set_min`` to
    ``canasta`` of them: seven make a wild canasta (Bolivia's *bolivia*)."""
    red_threes: bool = True
    """Red threes are laid out at once and replaced from the stock (one taken
    in the discard pile is laid out without a replacement)."""
    last_red_three_ends: bool = False
    """A red three drawn as the stock's last card (or as the last
    replacement) is laid out, with no replacement, and ends the hand at once,
    nobody out (off: play goes on without a stock)."""
    black_threes_out: bool = True
    """Black threes are melded only in going out (three or four, no wilds);
    off: never melded."""
    special_threes: bool = True
    """Threes are the Canasta family's special cards (``red_threes``,
    ``black_threes_out``); off: threes are cards like any other (Buraco)."""

    runs: bool = False
    """Runs (sequences) of one suit are melds too: natural cards in sequence,
    ace high and four low (threes and wild cards are never in a run), of
    ``run_min`` to ``run_max`` cards; a run of ``canasta`` cards is a canasta
    (a sequence canasta) and takes no more cards when ``run_max`` is reached."""
    ace_to_ace: bool = False
    """With ``wilds_in_runs``: a run may hold an ace at each end
    (A-2-...-K-A, fourteen cards; off: one ace, low or high)."""
    wilds_in_runs: bool = False
    """Wild cards may stand in runs, at most ``max_wilds`` (Buraco): runs then
    hold every rank, the ace low or high as ``ranking.ace`` says, a two
    natural in its own place, and their canastas are natural or mixed like
    the sets' (off: a run holds natural cards four to ace only, its canasta
    a sequence canasta)."""

    def wilds_ok(self, *, wilds: int, naturals: int) -> bool:
        if self.wild_melds and not naturals:  # wild cards alone
            return self.set_min <= wilds <= self.canasta
        return super().wilds_ok(wilds=wilds, naturals=naturals) and wilds <= self.max_wilds

    def run_ok(self, size: int) -> bool:
        """Whether a run of ``size`` natural cards is allowed."""
        return self.runs and self.run_size_ok(size)

    def red_three(self, card: Card) -> bool:
        """Whether ``card`` is a red three laid out, never melded (only with ``special_threes``)."""
        return self.special_threes and is_red_three(card)

    def black_three(self, card: Card) -> bool:
        """Whether ``card`` is a black three of the Canasta family (only with ``special_threes``)."""
        return self.special_threes and is_black_three(card)

    def meld_ok(self, *, naturals: int, wilds: int) -> bool:
        """Whether a meld of ``naturals`` natural cards and ``wilds`` wild cards
        is allowed (``set_max``: the most cards a meld holds, 0: no limit)."""
        size = naturals + wilds
        return (
            size >= self.set_min
            and (not self.set_max or size <= self.set_max)
            and self.wilds_ok(wilds=wilds, naturals=naturals)
        )

    def canasta_kind(self, *, naturals: int, wilds: int, run: bool = False) -> str | None:
        """``natural``, ``mixed``, ``sequence`` (a run without wild cards) or
        None (no canasta) for a meld of these counts; ``wild`` for a canasta of
        wild cards alone (``wild_melds``)."""
        if self.wild_melds and not naturals and wilds >= self.canasta:
            return "wild"
        if naturals + wilds < self.canasta or naturals < self.canasta_naturals:
            return None
        if wilds:
            return "mixed"
        return "sequence" if run and not self.wilds_in_runs else "natural"

    def side_rank_melds(self) -> bool:
        return True

    def never_melded(self, card: Card) -> bool:
        """Red threes; black threes too where ``black_threes_out`` is off.

        >>> from rummykit.cards import parse_card
        >>> m = CanastaMelds()
        >>> m.never_melded(parse_card("3H")), m.never_melded(parse_card("3S")), m.alone_sizes(parse_card("3S"))
        (True, False, (3, 4))
        """
        return self.red_three(card) or (self.black_three(card) and not self.black_threes_out)

    def alone_sizes(self, card: Card) -> tuple[int, int] | None:
        """Black threes meld three or four together, without wild cards (only in going out)."""
        return (3, 4) if self.black_three(card) and self.black_threes_out else None

    def wild_rank_sets(self) -> bool:
        """Twos are always wild in a meld of one rank (melds of wild cards alone: ``wild_melds``)."""
        return False

    def run_ranks(self) -> frozenset[Rank] | None:
        """Without ``wilds_in_runs``, runs hold natural cards four to ace."""
        return frozenset(RUN_RANKS) if self.runs and not self.wilds_in_runs else None

    def one_set_per_rank(self) -> bool:
        return self.one_per_rank

    def may_play_out(
        self,
        hand: Sequence[Card],
        side_melds: Sequence[Sequence[Card]],
        *,
        is_wild: Callable[[Card], bool],
        canastas: int,
        spare: int = 1,
    ) -> bool:
        """A quick bound: False where ``hand`` cannot be played out in one
        turn onto the side's melds ``side_melds`` and new melds, leaving at
        most ``spare`` cards (a final discard), with ``canastas`` canastas on
        the side's table once done; True where it may. Counts by rank: True
        wherever runs or several melds of a rank are allowed.

        >>> from rummykit.cards import parse_cards
        >>> wild = lambda c: c.rank is None or c.rank is Rank.TWO
        >>> seven = parse_cards("7C 7D 7H 7S 7C 7D 7H")
        >>> CanastaMelds().may_play_out(parse_cards("KC KD 9S"), [seven], is_wild=wild, canastas=1)
        False
        >>> CanastaMelds().may_play_out(parse_cards("KC KD 2C 9S"), [seven], is_wild=wild, canastas=1)
        True
        >>> plain = CanastaMelds(special_threes=False, black_threes_out=False)  # threes like any rank
        >>> plain.may_play_out(parse_cards("3C 3S 3H"), [seven], is_wild=wild, canastas=1)
        True
        """
        if self.runs or not self.one_per_rank:
            return True
        naturals: dict[Rank | None, int] = {}
        sample: dict[Rank | None, Card] = {}  # a card of each rank held, for the rules asked of it
        wilds = 0
        for c in hand:
            if is_wild(c):
                wilds += 1
            elif not self.red_three(c):
                naturals[c.rank] = naturals.get(c.rank, 0) + 1
                sample.setdefault(c.rank, c)
        melds: dict[Rank | None, tuple[int, int]] = {}
        for m in side_melds:
            nat = [c for c in m if not is_wild(c)]
            ranks = {c.rank for c in nat}
            melds[next(iter(ranks)) if len(ranks) == 1 else None] = (len(nat), len(m) - len(nat))
        reach = sum(1 for n, w in melds.values() if self.canasta_kind(naturals=n, wilds=w) is not None)
        stuck = pairs = 0
        for rank, n in naturals.items():
            got = melds.get(rank)
            like = sample[rank] if rank is not None else None
            alone = self.alone_sizes(like) if like is not None else None
            if like is not None and (alone is not None or self.never_melded(like)):  # black threes
                if got is not None or alone is None or not alone[0] <= n <= alone[1]:
                    stuck += n
            elif got is not None:
                tn, tw = got
                if self.canasta_kind(naturals=tn, wilds=tw) is None:
                    more = min(wilds, max(0, self.max_wilds - tw))
                    reach += self.canasta_kind(naturals=tn + n, wilds=tw + more) is not None
            elif n < self.min_naturals:
                stuck += n
            else:
                pairs += not self.meld_ok(naturals=n, wilds=0)
                reach += self.canasta_kind(naturals=n, wilds=min(wilds, self.max_wilds)) is not None
        if pairs > wilds:
            stuck += 2 * (pairs - wilds)
        if wilds and not melds and not naturals:
            stuck += wilds
        return stuck <= spare and reach >= canastas


@component
@attrs.frozen(kw_only=True)
class PileDraw(DrawPolicy):
    """Draw from the stock, or take the whole discard pile: its top card goes at
    once into a meld with two cards of its rank from the hand (a natural
    pair, or a natural and a wild where the pile is not frozen) or onto the
    side's meld of its rank; the rest of the pile goes into the hand."""

    kind = "whole-pile"
    summary = "Draw from the stock or take the whole discard pile, its top card melded at once."

    stock_cards: ByPlayers = ByPlayers.of(1)
    """Cards drawn from the stock in one draw (two-handed Canasta: 2)."""
    frozen_by_wild: bool = True
    """A wild card (or a red three turned up) in the pile freezes it: only a
    natural pair from the hand takes it."""
    frozen_before_meld: bool = True
    """The pile is frozen against a side until it has made its initial meld."""
    black_three_blocks: bool = True
    """A black three on top of the pile may not be taken."""
    one_card_pile: bool = False
    """A player holding one card may take a pile of one card (off: the player
    could go out by taking it, which is not allowed)."""
    must_take_when_out: bool = True
    """With the stock out, a player must take the pile when its top card goes
    onto the side's meld and the pile is not frozen (off: may pass, ending
    the hand)."""
    turn_upcard: bool = True
    """A wild card or red three turned as the upcard is covered by the next
    card of the stock until a natural card or a black three shows."""
    pile_cards: int = 0
    """Cards taken from the top of the pile (0: the whole pile; Hand and Foot:
    the top 7, the rest stays)."""
    onto_meld: bool = True
    """The top card may be taken onto the side's meld of its rank (off: only
    into a new meld with cards from the hand)."""
    pair_with_wild: bool = True
    """Where the pile is not frozen, its top card may be melded with a
    natural card and a wild from the hand (off: only with a natural pair of
    its rank)."""
    onto_canasta: bool = True
    """The top card may go onto a side's meld that is a canasta already (off:
    only onto a meld short of a canasta)."""
    meld_top_card: bool = True
    """The pile's top card goes at once into a meld or onto the side's meld
    (``pickup meld ...``); off: the whole pile goes into the hand with no
    condition (``pickup``: Buraco)."""

    def depths(self, pile: int) -> tuple[int, ...]:
        return ()  # never part of the pile: the whole of it, by ``pickup``

    def takes_whole_pile(self) -> bool:
        return True

    def stock_draw_count(self, players: int) -> int:
        return self.stock_cards.get(players)


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ConfigError(f"expected a count of 0 or more, got {value!r}")
    return value


_SCORE_TABLE = ((0, 50), (1500, 90), (3000, 120))


def _steps(value: object) -> tuple[tuple[int, int], ...]:
    try:
        steps = tuple((int(a), int(b)) for a, b in value)  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise ConfigError("expected pairs [score, minimum], like [[0, 50], [1500, 90]]") from None
    if [a for a, _ in steps] != sorted({a for a, _ in steps}):
        raise ConfigError("the scores of the steps must rise")
    return steps


@component
@attrs.frozen(kw_only=True)
class ByScore(InitialMeldRule):
    """A side's first meld (the cards played in one turn, several melds
    together) must reach a minimum that depends on the side's total score."""

    kind = "by-score"
    summary = "The first meld of a side must reach a count that grows with its score."

    required = True
    below_zero: int = 15
    """The minimum of a side whose total is negative."""
    steps: tuple[tuple[int, int], ...] = attrs.field(default=_SCORE_TABLE, converter=_steps)
    """``[score, minimum]`` pairs: from that total on, that minimum."""
    concealed_free: bool = True
    """Going out concealed (all at once) needs no minimum."""

    def minimum(self, *, score: int) -> int:
        """The minimum count for a side whose total is ``score``."""
        if score < 0:
            return self.below_zero
        need = self.below_zero
        for at, value in self.steps:
            if score >= at:
                need = value
        return need

    def shortfall(
        self,
        *,
        points: int,
        sizes: tuple[int, ...],
        shapes: tuple[tuple[str, int], ...] = (),
        deal: int = 1,
        least: tuple[int, int] = (3, 3),
    ) -> str | None:
        need = self.minimum(score=0)
        return None if points >= need else f"an initial meld must count at least {need}, got {points}"

    def threshold(self, *, score: int, deal: int = 1) -> int | None:
        return self.minimum(score=score)

    def layoffs_before(self) -> bool:
        return False

    def shapes_first_meld(self, shortest_meld: int) -> bool:
        return False


def _minimums(value: object) -> tuple[int, ...]:
    try:
        out = tuple(int(x) for x in value)  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise ConfigError("expected a list of minimums, one per deal, like [50, 90, 120, 150]") from None
    if not out or any(x < 0 for x in out):
        raise ConfigError("expected at least one minimum, each 0 or more")
    return out


@component
@attrs.frozen(kw_only=True)
class ByDeal(InitialMeldRule):
    """A side's first meld of a deal (the cards played in one turn, several
    melds together) must reach a minimum set by the deal's number: the
    first of ``minimums`` in deal 1, the second in deal 2 ..., the last
    from there on (Hand and Foot's rounds)."""

    kind = "by-deal"
    summary = "The first meld of a side must reach a count set by the deal's number."

    required = True
    minimums: tuple[int, ...] = attrs.field(default=(50, 90, 120, 150), converter=_minimums)
    """The minimum of each deal in turn (the last for every later deal)."""

    def minimum(self, *, deal: int) -> int:
        """The minimum in deal number ``deal`` (1-based).

        >>> ByDeal().minimum(deal=1), ByDeal().minimum(deal=4), ByDeal().minimum(deal=9)
        (50, 150, 150)
        """
        return self.minimums[min(max(deal, 1), len(self.minimums)) - 1]

    def shortfall(
        self,
        *,
        points: int,
        sizes: tuple[int, ...],
        shapes: tuple[tuple[str, int], ...] = (),
        deal: int = 1,
        least: tuple[int, int] = (3, 3),
    ) -> str | None:
        need = self.minimum(deal=deal)
        return (
            None
            if points >= need
            else f"an initial meld must count at least {need} in deal {deal}, got {points}"
        )

    def threshold(self, *, score: int, deal: int = 1) -> int | None:
        return self.minimum(deal=deal)

    def layoffs_before(self) -> bool:
        return False

    def shapes_first_meld(self, shortest_meld: int) -> bool:
        return False


@component
@attrs.frozen(kw_only=True)
class CanastaOut(EmptyHand):
    """Go out by melding, laying off or discarding the last card, once the side
    has its canastas."""

    kind = "canasta"
    summary = "Go out by getting rid of every card, only once your side has a canasta."

    canastas: ByPlayers = ByPlayers.of(1)
    """Canastas a side needs before one of it may go out (two-handed: 2)."""
    natural_canastas: int = 0
    """Of them, the fewest natural ones (Hand and Foot: 1 clean book)."""
    mixed_canastas: int = 0
    """Of them, the fewest mixed ones (Hand and Foot: 2 dirty books)."""
    sequence_canastas: int = 0
    """Of them, the fewest that are runs (Bolivia: one escalera)."""
    permission: Permission = Permission.NONE
    """Whether a player may ask the partner "May I go out?" after drawing
    (``may-ask``; only where the player has a partner), the answer binding
    for the turn."""
    asks: int = attrs.field(default=1, converter=_count)
    """How many times a player may ask in one hand (at most once a turn; 0:
    on every turn)."""

    def canastas_to_go_out(self, players: int) -> int:
        return self.canastas.get(players)

    def asks_permission(self) -> bool:
        return self.permission is Permission.MAY_ASK

    def asks_per_hand(self) -> int:
        return self.asks


@component
@attrs.frozen(kw_only=True)
class CanastaScoring(Scoring):
    """Each side scores its melded cards, its canastas, its red threes and
    going out, less the cards left in its players' hands."""

    kind = "canasta"
    summary = "Sides score melded cards, canastas, red threes and going out, less the cards in hand."

    natural_canasta: int = 500
    """Bonus for each natural canasta (no wild card)."""
    mixed_canasta: int = 300
    """Bonus for each mixed canasta (with wild cards)."""
    going_out: int = 100
    """Bonus to the side of the player who goes out."""
    concealed_bonus: int = 100
    """Added to ``going_out`` for going out concealed."""
    red_three: int = 100
    """Each red three laid out."""
    all_red_threes: int = 800
    """All the red threes of the deck (four with two packs) to one side
    (instead of ``red_three`` each)."""
    red_threes_against: bool = True
    """A side that has melded nothing counts its red threes against it."""
    red_threes_canastas: int = 0
    """With ``red_threes_against``: the canastas a side needs for its red
    threes to count for it (0: any meld will do)."""
    sequence_canasta: int = 0
    """Bonus for each canasta that is a run (0: scored as a natural or mixed
    canasta)."""
    meldless_melds_minus: bool = False
    """A side without a canasta counts its melded cards against it (off: for it)."""
    wild_canasta: int = 0
    """Bonus for each canasta of wild cards alone (``melds.wild_melds``;
    Bolivia: 2,500)."""
    black_three_in_hand: int = 0
    """What a black three left in hand counts against its holder (0: its card
    value, as when melded; Bolivia: 100)."""
    minus_without_natural: bool = False
    """A side without a natural canasta counts its melded cards against it,
    and its mixed canastas earn no bonus (Buraco: "caso a dupla não tenha uma
    limpa, é descontado todos jogos e cartas")."""
    permission_penalty: int = 100
    """Taken off the side of a player who asked permission to go out, was told
    yes and did not go out that turn (``going_out.permission``)."""

    def won_by_going_out(self) -> bool:
        return False  # melds, canastas and red threes outweigh going out first
