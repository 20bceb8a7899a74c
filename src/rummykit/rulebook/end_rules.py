"""The rulebook's sentences for how a hand and a game end: going out, an
exhausted stock, scoring and the end of the game.
"""

from __future__ import annotations

from rummykit.rulebook.phrases import _describes, _plural, _values
from rummykit.rules import (
    Best,
    Chips,
    Deals,
    Declare,
    Elimination,
    EmptyHand,
    EndHand,
    EndTrigger,
    FinalDiscard,
    IndianPoints,
    Knock,
    KnockScoring,
    KnockTie,
    MeldsMinusHand,
    NoWinner,
    OwnMelds,
    PassTurns,
    Payments,
    Penalty,
    Reuse,
    Showing,
    SingleHand,
    Target,
    WinnerTakes,
)
from rummykit.variant import Variant

_FINAL = {
    FinalDiscard.OPTIONAL: "You may go out by melding, laying off or discarding your last card.",
    FinalDiscard.REQUIRED: "You go out by discarding your last card; you may not meld your whole hand.",
    FinalDiscard.FORBIDDEN: "You go out by melding your last card; the final discard is not allowed.",
}


@_describes(EmptyHand)
def _out_empty(c: EmptyHand, v: Variant) -> list[str]:
    out = [
        "The first player to get rid of every card goes out, and play stops at once.",
        _FINAL[c.final_discard],
    ]
    outs = [i + 1 for i in range(64) if v.initial_meld.all_out_deal(deal=i + 1)][:8]
    if outs:
        out[-1] = (
            out[-1].removesuffix(".") + f", except in deal {', '.join(map(str, outs))} (see the contracts)."
        )
    if c.face_down:
        out.append("The going-out discard is placed face down.")
    return out


@_describes(Knock)
def _out_knock(c: Knock, v: Variant) -> list[str]:
    if c.any_deadwood:
        out = ["After drawing, you may knock with any count of unmelded cards; then discard."]
    elif c.oklahoma:
        out = ["After drawing, you may knock when your unmelded cards count no more than the first upcard."]
        if c.ace_gin_only:
            out.append("When the first upcard is an ace, nobody may knock: you must go gin.")
    else:
        out = [f"After drawing, you may knock when your unmelded cards count {c.max_deadwood} or less."]
    out.append("Everyone then shows their melds and unmelded cards (deadwood).")
    if c.big_gin:
        out.append(
            "With every card melded, drawn card included, you may go out without discarding (big gin)."
        )
    return out


@_describes(Declare)
def _out_declare(c: Declare, v: Variant) -> list[str]:
    out = ["You go out by showing your whole hand arranged in melds."]
    if c.patterns:
        out.append(
            "The melds must be exactly " + " or ".join(p.replace("+", " + ") for p in c.patterns) + " cards."
        )
    if c.min_runs:
        pure = f", at least {c.min_pure_runs} of them pure (no wild card)" if c.min_pure_runs else ""
        out.append(f"A valid declaration holds at least {_plural(c.min_runs, 'run')}{pure}.")
    if c.final_discard is FinalDiscard.REQUIRED:
        out.append("You discard one card as you declare.")
    elif c.leave_one:
        out.append("You may keep one card back and discard it as you declare.")
    invalid = getattr(c, "invalid", None)
    if invalid is not None and getattr(invalid, "value", "") == "penalty":
        out.append("A wrong declaration loses the hand for the declarer, who pays the penalty.")
    if getattr(c, "drops", False):
        out.append("A player may drop out of a hand instead of playing it on, at a cost.")
    return out


@_describes(Showing)
def _out_showing(c: Showing, v: Variant) -> list[str]:
    out = [f"Each player plays {c.turns} turns; on your last turn you show all your melds before discarding."]
    if c.all_melded_wins:
        out.append("A player whose whole hand is melded wins at once.")
    return out


@_describes(Reuse)
def _stock_reuse(c: Reuse, v: Variant) -> list[str]:
    how = "shuffled" if c.shuffle else "turned over as it lies"
    keep = " (its top card stays face up)" if c.keep_top else ""
    out = [f"When the stock runs out, the discard pile is {how} to form a new stock{keep}."]
    if c.max_reuses:
        when = (
            "when the next player does not want the top discard"
            if c.end_trigger is EndTrigger.DECLINE
            else "at once"
        )
        out.append(
            f"The pile is reused at most {_plural(c.max_reuses, 'time')}; when the stock runs out again,"
            f" the hand ends {when}, with nobody out."
        )
    return out


@_describes(EndHand)
def _stock_end(c: EndHand, v: Variant) -> list[str]:
    left = f" down to {c.reserve} cards" if c.reserve else ""
    if c.trigger is EndTrigger.EMPTY:
        return [f"When the stock runs out{left}, the hand ends with nobody out."]
    return [
        f"When the stock runs out{left} and the next player does not want the top discard, the hand ends"
        " with nobody out."
    ]


@_describes(PassTurns)
def _stock_pass(c: PassTurns, v: Variant) -> list[str]:
    return [
        "When the stock is empty a player who takes no discard passes; when everyone passes in a row the hand ends."
    ]


@_describes(WinnerTakes)
def _score_winner(c: WinnerTakes, v: Variant) -> list[str]:
    if c.losers_meld:
        first = "The others lay out their melds; the player who goes out scores their unmelded cards."
    else:
        first = "The player who goes out scores the value of the cards left in the other players' hands."
    out = [first, _values(c, v)]
    if c.rummy_multiplier != 1:
        out.append(
            f"Going out in one turn with no earlier meld or lay-off (going rummy) multiplies the score by {c.rummy_multiplier}."
        )
    if c.rummy_bonus:
        out.append(f"Going rummy earns {c.rummy_bonus} extra points.")
    if c.no_winner is NoWinner.DIFFERENCES:
        out.append(
            "If nobody goes out, the lowest hand scores the differences to every other hand; tied lowest"
            " players split them, indivisible points are not awarded."
        )
    return out


@_describes(Penalty)
def _score_penalty(c: Penalty, v: Variant) -> list[str]:
    out = [
        "Every player who did not go out scores the value of their hand as penalty points.",
        _values(c, v),
    ]
    if c.blind_bonus or c.blind_no_wild_bonus:
        text = f"Going out blind (in one turn, having shown nothing before) takes {c.blind_bonus or c.blind_no_wild_bonus} off your score"
        if c.blind_no_wild_bonus and c.blind_bonus:
            text += f", {c.blind_no_wild_bonus} if your melds hold no wild card"
        out.append(text + ".")
    return out


@_describes(MeldsMinusHand)
def _score_mmh(c: MeldsMinusHand, v: Variant) -> list[str]:
    out = [
        "Each player scores the cards they melded or laid off minus the cards left in hand.",
        _values(c, v),
    ]
    if c.out_bonus:
        out.append(f"Going out earns {c.out_bonus} points.")
    if c.never_melded_multiplier != 1:
        out.append(
            f"A player who showed no meld before their final turn has the hand score multiplied by {c.never_melded_multiplier}."
        )
    if c.last_discard_penalty:
        out.append(
            f"A player whose last discard let the winner go out at once loses {c.last_discard_penalty} points."
        )
    if c.playable_discard_penalty:
        out.append(
            f"Each discard that could have extended a meld on the table costs {c.playable_discard_penalty} points."
        )
    return out


@_describes(KnockScoring)
def _score_knock(c: KnockScoring, v: Variant) -> list[str]:
    out = [
        "If the knocker has the lowest count, the knocker scores the difference from each other player.",
        _values(c, v),
    ]
    tie = {
        KnockTie.UNDERCUT: "a tie counts as an undercut",
        KnockTie.DEFENDER: "a defender who ties wins the differences without bonus",
        KnockTie.KNOCKER: "the knocker wins a tie",
    }[c.tie]
    out.append(
        f"A defender with a lower count undercuts: they score the difference plus {c.undercut_bonus}; {tie}."
    )
    if c.knocker_penalty:
        out.append(f"An undercut knocker loses {c.knocker_penalty} points.")
    per = " from each opponent" if c.bonus_per_opponent else ""
    out.append(f"Knocking with no deadwood (gin) earns {c.gin_bonus} extra{per}.")
    if c.big_gin_bonus:
        out.append(f"Big gin earns {c.big_gin_bonus} more.")
    if c.spade_doubles:
        out.append("When the first upcard is a spade, the hand's score counts double (box bonuses do not).")
    return out


@_describes(IndianPoints)
def _score_indian(c: IndianPoints, v: Variant) -> list[str]:
    return [
        "A valid declaration scores 0; each other player counts the cards outside valid groups if they hold"
        " the required sequences, otherwise every card.",
        _values(c, v),
        f"No hand costs more than {c.cap} points; a wrong declaration costs {c.wrong_declaration}.",
        f"Dropping costs {c.first_drop} before your first draw and {c.middle_drop} later.",
    ]


@_describes(Payments)
def _score_payments(c: Payments, v: Variant) -> list[str]:
    out = [
        f"Each opponent pays the winner {c.base}, plus {c.per_joker} for each joker and {c.per_wild} for each other wild card in the winner's melds."
    ]
    for amount, what in (
        (c.no_wild_bonus, "for going out without wild cards"),
        (c.no_draw_bonus, "for going out before drawing"),
        (c.one_draw_bonus, "for going out after one draw"),
        (c.one_suit_bonus, "for a hand all of one suit"),
    ):
        if amount:
            out.append(f"Each opponent pays {amount} more {what}.")
    return out


@_describes(OwnMelds)
def _score_own(c: OwnMelds, v: Variant) -> list[str]:
    return ["The winner scores the value of their own melds times the number of opponents.", _values(c, v)]


@_describes(Chips)
def _score_chips(c: Chips, v: Variant) -> list[str]:
    places = ", ".join(str(p) for p in c.place_pays)
    return [
        f"Going out with every card melded earns {c.out_pay} from each opponent ({c.out_no_discard_pay} without a discard).",
        f"Otherwise the lowest unmelded count wins; the others pay {places} in order of their counts.",
        f"A player with no meld at all pays {c.no_meld_pay}.",
        _values(c, v),
    ]


@_describes(Target)
def _end_target(c: Target, v: Variant) -> list[str]:
    if c.best is Best.LOWEST:
        out = [f"The game ends when a player reaches {c.target} points; the lowest total wins."]
    else:
        out = [f"The first player to reach {c.target} points wins."]
    if c.must_go_out:
        out.append("Reaching the target wins only in a hand you went out of.")
    if c.instant_loss is not None:
        out.append(f"A player whose total falls to {c.instant_loss} or below loses at once.")
    if c.game_bonus:
        out.append(f"The winner of the game earns {c.game_bonus} bonus points.")
    if c.hand_bonus:
        out.append(f"Each hand won is worth {c.hand_bonus} more at the end.")
    if c.shutout_multiplier != 1:
        out.append(
            f"A winner whose opponent scored nothing has their points multiplied by {c.shutout_multiplier}."
        )
    return out


@_describes(Elimination)
def _end_elim(c: Elimination, v: Variant) -> list[str]:
    how = "reaches" if c.on_reach else "passes"
    return [f"A player whose total {how} {c.limit} drops out; the last player left wins."]


@_describes(Deals)
def _end_deals(c: Deals, v: Variant) -> list[str]:
    out = [
        f"The game lasts {_plural(c.deals, 'deal')}; the {'highest' if c.best is Best.HIGHEST else 'lowest'} total wins."
    ]
    if c.start_score:
        out.append(f"Every player starts with {c.start_score}.")
    if getattr(c, "tiebreak", False):
        out.append("Tied players play further deals until one is ahead.")
    return out


@_describes(SingleHand)
def _end_single(c: SingleHand, v: Variant) -> list[str]:
    return ["Each hand is a game of its own."]
