"""Rulebook text for the showdown games' components (Tonk's drop and stakes,
Tong-its' called draw and chips).

>>> import rummykit as rk
>>> from rummykit.rulebook import describe_component
>>> v = rk.load_variant("tonk")
>>> describe_component(v.going_out, v)[1]
'At the start of your turn, before drawing, you may drop: the hand ends, everyone shows the cards left in hand, and the lowest count wins.'
"""

from __future__ import annotations

from rummykit.rulebook.end_rules import _FINAL
from rummykit.rulebook.phrases import _describes, _values
from rummykit.rules.showdown import Answers, Caught, DrawChips, HitBlock, ShowdownDrop, Stakes, StockTie
from rummykit.variant import Variant

_HIT = {
    HitBlock.NONE: "",
    HitBlock.NEXT_TURN: "A player whose spread was hit (laid off onto by another player) may not drop on their next turn.",
    HitBlock.STACKING: "Each hit on a player's spreads (a card laid off by another player) stops that player dropping for one more of their turns.",
    HitBlock.HAND: "A player whose meld was laid off onto by another player may not drop (call a draw) for the rest of the hand.",
}


@_describes(ShowdownDrop)
def _out_drop(c: ShowdownDrop, v: Variant) -> list[str]:
    when = (
        "on your turn, before drawing or before discarding,"
        if c.after_draw
        else "at the start of your turn, before drawing,"
    )
    ends = (
        " you may drop (call a draw): the others answer, then the hand ends and the lowest count shown wins."
        if c.answers is Answers.FIGHT_OR_FOLD
        else " you may drop: the hand ends, everyone shows the cards left in hand, and the lowest count wins."
    )
    out = [
        "The first player to get rid of every card goes out, and play stops at once.",
        f"{when[0].upper()}{when[1:]}{ends}",
        _FINAL[c.final_discard],
    ]
    if c.needs_meld:
        out.append("Only a player with a meld of their own on the table may drop (call a draw).")
    if c.answers is Answers.FIGHT_OR_FOLD:
        out.append(
            "After a called draw, each other player with a meld of their own on the table answers in turn,"
            " out of turn: fight (show, and the lowest count wins) or fold (give up);"
            " a player with none is burned and folds without being asked."
        )
        if c.secret:
            out.append(
                "A player who holds four of a kind in hand (a secret) may fight without a meld on the table."
            )
    if _HIT[c.hit_block]:
        out.append(_HIT[c.hit_block])
    return out


_CAUGHT = {
    Caught.FEWER: "pays {pay} to each player with a lower count",
    Caught.EQUAL_OR_FEWER: "pays {pay} to each player with an equal or lower count",
    Caught.LOWEST_FOR_ALL: "pays {pay} for every other player to the lowest count",
}


@_describes(Stakes)
def _score_stakes(c: Stakes, v: Variant) -> list[str]:
    out = [
        "Each hand is paid in stakes; a hand's count is every card left in it.",
        f"Going out earns {c.out_pay} from each other player with a final discard, {c.tonk_pay} without one (a tonk).",
        f"A player who drops with the strictly lowest count earns {c.drop_pay} from each other player;"
        f" otherwise the dropper {_CAUGHT[c.caught].format(pay=c.caught_pay)}.",
        f"When the stock runs out, the lowest count earns {c.out_pay} from each other player (a tie for lowest pays nothing).",
    ]
    if c.dealt_totals:
        totals = " or ".join(str(t) for t in c.dealt_totals)
        out.append(
            f"A player dealt a hand worth {totals} shows it and wins at once, {c.dealt_pay} from each other player;"
            " when two or more players are, nobody pays."
        )
    out.append(_values(c, v))
    return out


@_describes(DrawChips)
def _score_draw_chips(c: DrawChips, v: Variant) -> list[str]:
    return [
        "One player wins each hand; a count is the cards left outside melds (melds kept in hand count nothing).",
        f"Each other player pays the winner {c.ante} (the ante) and {c.win_pay} more; {c.tongits_pay} more"
        " for going out (tongits).",
        f"After a called draw, the lowest count among the caller and those who fight wins, a tie going to a"
        f" challenger, the first after the caller; the caller and each challenger who loses pay {c.fight_pay}"
        f" more instead of {c.win_pay} (a player who folded pays {c.win_pay}).",
        f"A player who may not fight (no meld of their own on the table) is burned: they cannot win and pay"
        f" {c.burned_pay} more.",
        "When the stock runs out, the lowest count not burned wins"
        + (
            "; a tie goes to the tied player who drew from the stock last."
            if c.stock_tie is StockTie.LAST_DRAW
            else "; a tie goes to the tied player first in turn order."
        ),
        _values(c, v),
    ]
