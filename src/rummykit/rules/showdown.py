"""Showdown games (Tonk, Tong-its): a drop (Tong-its: a called draw) that
ends the hand with everyone showing, or that the others answer by fighting
or folding; the hit (sapaw) that blocks a drop; a dealt hand that wins at
once; and stakes paid by the outcome.

>>> d = ShowdownDrop()
>>> d.drops_allowed(), d.drop_ends_hand(), d.drops_after_drawing(), d.answers_draw()
(True, True, False, False)
>>> d.blocked_until(own_turns=3, until=0)
4
>>> from rummykit.cards import parse_cards
>>> t = ShowdownDrop(answers=Answers.FIGHT_OR_FOLD, secret=True)
>>> t.answers_draw(), t.may_fight(exposed=False, hand=parse_cards("7C 7D 7H 7S 2C"))
(True, True)
>>> s = Stakes()
>>> s.dealt_winners([49, 12, 50]), s.dealt_winners([49, 12, 30])
((0, 2), (0,))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from rummykit.cards import Card
from rummykit.rules.base import Kind, component
from rummykit.rules.going_out import FinalDiscard, GoingOut
from rummykit.rules.scoring import Scoring

__all__ = ["Answers", "Caught", "DrawChips", "HitBlock", "ShowdownDrop", "Stakes", "StockTie"]

HAND_LONG = 1_000_000
"""The turn number a block for the rest of the hand lasts to (past any turn limit)."""


class HitBlock(Kind):
    """What a hit (a lay-off onto another player's spread) does to that player's drop."""

    NONE = "none"
    """Nothing: a player may drop whatever was laid off onto their spreads."""
    NEXT_TURN = "next-turn"
    """The player hit may not drop on their next turn (several hits between
    two of their turns still block one turn)."""
    STACKING = "stacking"
    """Each hit blocks one more of the player's turns ("Multiple hits result
    in additional loss of lay downs for turns thereafter")."""
    HAND = "hand"
    """The player hit may not drop (call a draw) for the rest of the hand
    (Tong-its: "cannot call for a draw if his exposed hand(s) has been melded
    (sapaw) by any opponent within the round")."""


class Answers(Kind):
    """What the other players do after a drop (a called draw)."""

    NONE = "none"
    """Nothing: everyone shows at once and the counts decide (Tonk)."""
    FIGHT_OR_FOLD = "fight-or-fold"
    """Each other player who may fight answers in turn, out of turn: ``fight``
    (show and take up the draw) or ``fold`` (give up, paying less than a
    lost fight); a player who may not fight (no meld of their own on the
    table: burned) folds without being asked (Tong-its)."""


@component
@attrs.frozen(kw_only=True)
class ShowdownDrop(GoingOut):
    """Tonk: go out by getting rid of every card, or drop at the start of
    one's turn, before drawing: the hand ends, everyone shows the cards left in
    hand, and the lowest count wins (the scoring settles a drop that is not
    the lowest)."""

    kind = "drop"
    summary = "Go out by getting rid of every card, or drop before drawing: the lowest count in hand wins."

    final_discard: FinalDiscard = FinalDiscard.OPTIONAL
    """Whether the last card must be discarded (``optional``: going out by
    spreading or hitting with the last card, "tonking out", or by
    discarding it)."""
    after_draw: bool = False
    """A player may also drop after drawing, before discarding (the drop "at
    any point" of one's own turn); off: only at the start of the turn."""
    hit_block: HitBlock = HitBlock.NEXT_TURN
    """What a hit does to the drop of the player hit."""
    needs_meld: bool = False
    """Only a player with a meld of their own on the table may drop (Tongits'
    call of a draw: "A player with at least one exposed meld ... can call a
    draw before his turn")."""
    answers: Answers = Answers.NONE
    """What the other players do after a drop: show at once (``none``), or
    each fight or fold (``fight-or-fold``)."""
    secret: bool = False
    """Where the others answer: a player with no meld on the table who holds
    four of a kind in hand (a "secret") may still fight, and is not burned."""

    def drop_needs_meld(self) -> bool:
        return self.needs_meld

    def answers_draw(self) -> bool:
        return self.answers is Answers.FIGHT_OR_FOLD

    def may_fight(self, *, exposed: bool, hand: Sequence[Card]) -> bool:
        if exposed:
            return True
        if not self.secret:
            return False
        ranks = Counter(c.rank for c in hand if c.rank is not None)
        return any(k >= 4 for k in ranks.values())

    def final_discard_rule(self) -> FinalDiscard:
        return self.final_discard

    def drops_allowed(self) -> bool:
        return True

    def drop_ends_hand(self) -> bool:
        return True

    def drops_after_drawing(self) -> bool:
        return self.after_draw

    def blocked_until(self, *, own_turns: int, until: int) -> int:
        """After a hit on a player who has played ``own_turns`` turns and may
        not drop up to their turn number ``until``: the new turn number up to
        which they may not drop."""
        if self.hit_block is HitBlock.NONE:
            return until
        if self.hit_block is HitBlock.STACKING:
            return max(until, own_turns) + 1
        if self.hit_block is HitBlock.HAND:
            return HAND_LONG
        return max(until, own_turns + 1)

    def winning_endings(self) -> tuple[str, ...]:
        return ("went-out", "showdown")


class Caught(Kind):
    """Whom a dropper who does not have the lowest count pays."""

    FEWER = "fewer"
    """Each player with fewer points than the dropper (a tie with the
    dropper wins nothing and pays nothing)."""
    EQUAL_OR_FEWER = "equal-or-fewer"
    """Each player with an equal or lower count ("an equal or lower count")."""
    LOWEST_FOR_ALL = "lowest-for-all"
    """The lowest scorer, one payment for every other player ("the dropper
    pays everyone's stake to the low scorer")."""


@component
@attrs.frozen(kw_only=True)
class Stakes(Scoring):
    """Tonk stakes: each hand is paid in basic stakes by the way it ended."""

    kind = "stakes"
    summary = "Each hand pays stakes: going out, a won or caught drop, a dealt hand of 49 or 50."

    out_pay: int = 1
    """Paid by each other player to one who goes out with a final discard,
    and to the lowest count when the stock runs out."""
    tonk_pay: int = 2
    """Paid by each other player to one who goes out with no final discard (a tonk)."""
    drop_pay: int = 1
    """Paid by each other player to a dropper with the lowest count."""
    caught_pay: int = 1
    """Paid by a dropper without the lowest count (per payee)."""
    caught: Caught = Caught.FEWER
    """Whom a caught dropper pays."""
    dealt_totals: tuple[int, ...] = (49, 50)
    """Dealt hand totals that win at once; empty: none."""
    dealt_pay: int = 2
    """Paid by each other player to a dealt winner (no payment when several
    players are dealt a winning total)."""

    def names_winner(self, ending: str) -> bool:
        return ending in ("went-out", "showdown", "dealt", "stock-exhausted")

    def won_by_going_out(self) -> bool:
        return False

    def dealt_winners(self, totals: Sequence[int]) -> tuple[int, ...]:
        """The seats whose dealt hand totals (one per seat) win at once."""
        wins = self.dealt_totals
        return tuple(s for s, t in enumerate(totals) if t in wins)

    def counts_whole_hand(self) -> bool:
        """Whether a hand's count is every card left in it, melds kept in hand
        included (Tonk: spreads count only once on the table)."""
        return True


class StockTie(Kind):
    """Who wins a tie for the lowest count when the stock runs out."""

    LAST_DRAW = "last-draw"
    """The tied player who drew from the stock last: the one who took its last
    card, then the players before them in turn order ("In case of a draw the
    last person to take a card from the central deck wins")."""
    TURN_ORDER = "turn-order"
    """The tied player first in turn order from the hand's first player."""


@component
@attrs.frozen(kw_only=True)
class DrawChips(Scoring):
    """Tongits chips: one winner a hand, by going out (tongits), by a called
    draw, or by the lowest count when the stock runs out. A count is the
    cards left outside melds (melds kept in hand count nothing); a player
    who may not fight (no meld of their own on the table: ``going_out``
    says) is burned: out of the showdown, they cannot win and pay more.
    After a called draw, the caller and every player who fought show; the
    lowest count wins; a player who folded pays ``win_pay``, a caller or
    fighter who lost ``fight_pay``."""

    kind = "draw-chips"
    summary = "One winner a hand (tongits, a called draw, the stock out); burned players pay more."

    ante: int = 2
    """Put in the pot by each player; the winner takes the pot (a payment
    from each other player)."""
    tongits_pay: int = 3
    """Paid by each other player, beyond the ante, for going out (tongits)."""
    win_pay: int = 1
    """Paid by each other player, beyond the ante, for a won draw (by a player
    who folded) or the stock out."""
    fight_pay: int = 2
    """Paid instead of ``win_pay`` by a caller or challenger who lost the draw."""
    burned_pay: int = 2
    """Paid on top by a burned player."""
    stock_tie: StockTie = StockTie.LAST_DRAW
    """Who wins a tie for the lowest count when the stock runs out."""

    def fight_odds(self, *, players: int) -> float:
        """The least chance of winning a called draw at which fighting costs
        less on average than folding, the other players folding: a lost fight
        costs ``fight_pay - win_pay`` more than a fold, a won one gains the
        fold's cost plus what each other player pays.

        >>> round(DrawChips().fight_odds(players=3), 3)
        0.091
        """
        fold = self.ante + self.win_pay
        lose = self.ante + self.fight_pay
        win = (self.ante + self.fight_pay) + (players - 2) * fold  # the caller lost its fight
        extra = lose - fold
        return extra / (win + fold + extra) if win + fold + extra > 0 else 0.5

    def names_winner(self, ending: str) -> bool:
        return ending in ("went-out", "showdown", "stock-exhausted")

    def won_by_going_out(self) -> bool:
        return False
