"""A variant as a readable rulebook, and the differences between two variants.

Everything here is generated from the components, so a house-rule file can be
printed and put on the table, and two rulesets compared in plain language.

>>> import rummykit as rk
>>> book = rulebook(rk.load_variant("straight"))
>>> [s.title for s in book.sections]
['Players and cards', 'Deal', 'Melds', 'A turn', 'Going out', 'Scoring', 'End of the game']
>>> print(book.sections[1].rules[0])
Each player gets 10 cards with 2 players, 7 with 3-4 players, 6 with 5-6 players.
>>> a, b = rk.load_variant("straight"), rk.load_variant("block")
>>> print(diff_variants(a, b)[0])
Stock: when the stock runs out, the discard pile is turned over as it lies to form a new stock → when the stock runs out and the next player does not want the top discard, the hand ends with nobody out
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from rummykit.cards import Rank
from rummykit.rules import (
    Ace,
    AfterKnockLayoff,
    AllAtOnce,
    AnyTime,
    AtShowing,
    Best,
    Borrow,
    ByPlayers,
    CallRummy,
    Chips,
    Component,
    Credit,
    Deals,
    Declare,
    DigDraw,
    Direction,
    EatDraw,
    Elimination,
    EmptyHand,
    EndHand,
    EndTrigger,
    FinalDiscard,
    IndianPoints,
    InHand,
    InitialMeld,
    Knock,
    KnockScoring,
    KnockTie,
    MeldsMinusHand,
    MustUse,
    NextDealer,
    NoClaims,
    NoInitialMeld,
    NoLayoff,
    NoSwap,
    NoWinner,
    OnePerTurn,
    Onto,
    OwnMelds,
    PassTurns,
    Payments,
    Penalty,
    PickAnyDraw,
    RequiresMeld,
    Reuse,
    SetSuits,
    Showing,
    ShowingLayoff,
    SingleHand,
    StandardDeal,
    StandardDealer,
    StandardDeck,
    StandardDiscard,
    StandardDraw,
    StandardLayoff,
    StandardMelds,
    StandardRanking,
    StandardSwap,
    StockOnlyDraw,
    Target,
    TopTwoDraw,
    UseAs,
    WildLimit,
    WinnerTakes,
)
from rummykit.rules.scoring import STANDARD_VALUES, Scoring
from rummykit.variant import Variant, component_fields, note_keys, note_text

__all__ = ["Change", "Rulebook", "Section", "diff_variants", "note_keys", "note_text", "rulebook"]  # note_* re-exported from variant




@attrs.frozen
class Section:
    """One part of a rulebook: a title and its rules, one sentence each."""

    title: str
    rules: tuple[str, ...]


@attrs.frozen
class Rulebook:
    """A variant in plain language."""

    title: str
    description: str
    sections: tuple[Section, ...]
    sources: tuple[str, ...]
    notes: tuple[str, ...]

    def to_text(self) -> str:
        """Plain text, one rule a line, for the terminal or a printer."""
        lines = [self.title, "=" * len(self.title)]
        if self.description:
            lines += ["", textwrap.fill(self.description, 78)]
        for section in self.sections:
            lines += ["", section.title, "-" * len(section.title)]
            for rule in section.rules:
                lines.append(textwrap.fill(rule, 78, initial_indent="- ", subsequent_indent="  "))
        if self.notes:
            lines += ["", "Notes", "-----"]
            lines += [textwrap.fill(n, 78, initial_indent="- ", subsequent_indent="  ") for n in self.notes]
        if self.sources:
            lines += ["", "Sources", "-------"]
            lines += [textwrap.fill(s, 78, initial_indent="- ", subsequent_indent="  ") for s in self.sources]
        return "\n".join(lines) + "\n"

    def to_markdown(self) -> str:
        """Markdown, for a documentation page or a printable handout."""
        lines = [f"# {self.title}"]
        if self.description:
            lines += ["", self.description]
        for section in self.sections:
            lines += ["", f"## {section.title}", ""]
            lines += [f"- {rule}" for rule in section.rules]
        if self.notes:
            lines += ["", "## Notes", ""] + [f"- {n}" for n in self.notes]
        if self.sources:
            lines += ["", "## Sources", ""] + [f"- {s}" for s in self.sources]
        return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- phrases


def _by_players(value: ByPlayers, unit: str) -> str:
    entries = value.entries
    if len(entries) == 1 and entries[0][0] <= 2 and entries[0][1] >= 20:
        return f"{entries[0][2]} {unit}"
    parts: list[str] = []
    for lo, hi, n in entries:
        who = f"{lo} players" if lo == hi else f"{lo}-{hi} players"
        parts.append(f"{n} with {who}" if parts else f"{n} {unit} with {who}")
    return ", ".join(parts)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"  # one word, regular plural


def _ranks(ranks: Iterable[Rank]) -> str:
    names = {Rank.ACE: "aces", Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings"}
    return ", ".join(names.get(r, f"{r.letter.replace('T', '10')}s") for r in ranks)


_ACE = {
    Ace.LOW: "Aces are low: A-2-3 is a run, Q-K-A is not.",
    Ace.HIGH: "Aces are high: Q-K-A is a run, A-2-3 is not.",
    Ace.EITHER: "Aces are low or high (A-2-3 or Q-K-A) but a run cannot turn the corner (no K-A-2).",
    Ace.AROUND: "Runs may turn the corner: K-A-2 is a run.",
}


def _values(scoring: Scoring, v: Variant) -> str:
    groups: dict[int, list[str]] = {}
    for rank in Rank:
        value = scoring.card_values.get(rank.letter, STANDARD_VALUES[rank.letter])
        groups.setdefault(value, []).append(rank.letter.replace("T", "10"))
    text = "Card values: " + ", ".join(f"{'/'.join(ranks)} {value}" for value, ranks in groups.items())
    specials = [f"{k} {v}" for k, v in scoring.card_values.items() if len(k) == 2 and k != "JK"]
    if specials:
        text += "; " + ", ".join(specials)
    if getattr(v.deck, "jokers_per_deck", 0):
        text += f"; jokers {scoring.card_values.get('JK', STANDARD_VALUES['JK'])}"
    if scoring.low_ace_value is not None:
        text += f"; an ace played low (A-2-3) {scoring.low_ace_value}"
    return text + "."


# --------------------------------------------------------------------------- describers

_DESCRIBERS: dict[type, Callable[[Any, Variant], list[str]]] = {}


def _describes(
    *classes: type,
) -> Callable[[Callable[[Any, Variant], list[str]]], Callable[[Any, Variant], list[str]]]:
    def wrap(fn: Callable[[Any, Variant], list[str]]) -> Callable[[Any, Variant], list[str]]:
        for cls in classes:
            _DESCRIBERS[cls] = fn
        return fn

    return wrap


@_describes(StandardRanking)
def _ranking(c: StandardRanking, v: Variant) -> list[str]:
    return [_ACE[c.ace]]


@_describes(StandardDeck)
def _deck(c: StandardDeck, v: Variant) -> list[str]:
    if len(c.decks.entries) == 1:
        n = c.decks.entries[0][2]
        decks = "one deck of 52 cards" if n == 1 else f"{n} decks of 52 cards"
    else:
        decks = "decks of 52 cards: " + _by_players(c.decks, "decks")
    jokers = f", plus {_plural(c.jokers_per_deck, 'joker')} per deck" if c.jokers_per_deck else ""
    out = [f"Cards: {decks}{jokers}."]
    wild = []
    if c.jokers_per_deck and c.jokers_wild:
        wild.append("jokers")
    if c.wild_ranks:
        wild.append(_ranks(c.wild_ranks))
    if wild:
        out.append(f"Wild cards: {' and '.join(wild)}; a wild card in its natural place counts as natural.")
    if c.cut_wild:
        out.append(
            "After the deal a card is cut from the stock: every card of its rank is wild for the hand"
            " (a cut joker makes the aces wild)."
        )
    return out


@_describes(StandardDeal)
def _deal(c: StandardDeal, v: Variant) -> list[str]:
    out = [f"Each player gets {_by_players(c.hand_size, 'cards')}."]
    if c.first_player_extra:
        extra = f"The player who starts gets {_plural(c.first_player_extra, 'extra card')}"
        out.append(extra + ("." if c.first_player_draws else " and begins by discarding, without drawing."))
    elif not c.first_player_draws:
        out.append("The player who starts begins by discarding, without drawing.")
    out.append("One card is turned up to start the discard pile." if c.upcard else "No card is turned up.")
    if c.direction is Direction.COUNTERCLOCKWISE:
        out.append("Play goes counter-clockwise, starting with the player on the dealer's right.")
    else:
        out.append("Play goes clockwise, starting with the player on the dealer's left.")
    return out


@_describes(StandardDealer)
def _dealer(c: StandardDealer, v: Variant) -> list[str]:
    return [
        {
            NextDealer.LEFT: "The first dealer is chosen at random; the deal then passes to the left.",
            NextDealer.WINNER: "The first dealer is chosen at random; the winner of a hand deals the next.",
            NextDealer.LOSER: "The first dealer is chosen at random; the loser of a hand deals the next.",
            NextDealer.WINNER_STARTS: "The first dealer is chosen at random; the winner of a hand starts the next.",
        }[c.next]
    ]


@_describes(StandardMelds)
def _melds(c: StandardMelds, v: Variant) -> list[str]:
    out = []
    if c.sets:
        size = (
            f"{c.set_min} or more"
            if c.set_max == 0
            else (f"{c.set_min}" if c.set_min == c.set_max else f"{c.set_min} to {c.set_max}")
        )
        suits = "each of a different suit" if c.set_suits is SetSuits.DISTINCT else "identical cards allowed"
        out.append(f"A set is {size} cards of the same rank ({suits}).")
    else:
        out.append("Sets (cards of one rank) are not melds.")
    if c.runs:
        size = f"{c.run_min} or more" if c.run_max == 0 else f"{c.run_min} to {c.run_max}"
        out.append(f"A run is {size} cards of one suit in sequence.")
    else:
        out.append("Runs are not melds.")
    if v.deck.has_wilds():
        where = [w for w, ok in (("sets", c.wilds_in_sets), ("runs", c.wilds_in_runs)) if ok]
        limits = {
            WildLimit.NONE: "",
            WildLimit.NOT_MORE: "; never more wild cards than natural cards in a meld",
            WildLimit.FEWER: "; always fewer wild cards than natural cards in a meld",
            WildLimit.ONE: "; at most one wild card per meld",
        }[c.wild_limit]
        out.append(f"Wild cards may stand in {' and '.join(where) or 'no meld'}{limits}.")
        if c.min_naturals > 1:
            out.append(f"A meld holds at least {c.min_naturals} natural cards.")
        if not c.adjacent_wilds:
            out.append("Two wild cards may not stand next to each other in a run.")
    out.append("A card belongs to one meld only.")
    return out


@_describes(StandardDraw)
def _draw_standard(c: StandardDraw, v: Variant) -> list[str]:
    out = ["Start your turn by drawing the top card of the stock or taking the top discard."]
    if c.must_use is MustUse.YES:
        out.append(f"A discard taken must be used at once ({_USE[c.use_as]}).")
    elif c.must_use is MustUse.BEFORE_INITIAL_MELD:
        out.append("Before your initial meld you may take the discard only to use it at once in that meld.")
    if c.upcard_offer:
        out.append(
            "On the first turn the upcard is offered to the non-dealer, then to the dealer; if both refuse,"
            " the non-dealer draws from the stock."
        )
    return out


_USE = {
    UseAs.MELD_OR_LAYOFF: "in a meld or a lay-off",
    UseAs.NEW_MELD: "in a new meld",
    UseAs.NEW_MELD_WITH_HAND_CARD: "in a new meld with at least one card from your hand",
}


@_describes(TopTwoDraw)
def _draw_top_two(c: TopTwoDraw, v: Variant) -> list[str]:
    return [
        "Start your turn by drawing the top card of the stock, or by taking the top discard together with"
        " the next discard or the top card of the stock."
    ]


@_describes(DigDraw)
def _draw_dig(c: DigDraw, v: Variant) -> list[str]:
    out = [
        "Start your turn by drawing the top card of the stock, or by taking any card of the spread"
        " discard pile with every card above it."
    ]
    top = " (a single top card too)" if c.must_use_top else " (a single top card may be kept)"
    out.append(f"The deepest card taken must be used at once, {_USE[c.use_as]}{top}.")
    return out


@_describes(PickAnyDraw)
def _draw_any(c: PickAnyDraw, v: Variant) -> list[str]:
    return ["Start your turn by drawing the top card of the stock or taking any one visible discard."]


@_describes(EatDraw)
def _draw_eat(c: EatDraw, v: Variant) -> list[str]:
    out = [
        "Start your turn by drawing from the stock, or take the top discard only if it completes a meld"
        " with cards from your hand at once."
    ]
    if c.one_per_meld:
        out.append("A meld may hold at most one card taken from the discard pile.")
    if c.conceals_eaten_melds():
        out.append(
            "The meld made with a taken card stays concealed in your hand until you show your melds;"
            " its cards may not be discarded or used in another meld meanwhile."
        )
    return out


@_describes(StockOnlyDraw)
def _draw_stock(c: StockOnlyDraw, v: Variant) -> list[str]:
    return ["Start your turn by drawing the top card of the stock; discards are never taken."]


@_describes(AnyTime)
def _timing_any(c: AnyTime, v: Variant) -> list[str]:
    out = ["After drawing you may lay down any number of melds."]
    if c.all_at_once_deals:
        deals = ", ".join(str(d) for d in c.all_at_once_deals)
        out.append(f"In deals {deals} nobody melds before laying down the whole hand at once.")
    return out


@_describes(OnePerTurn)
def _timing_one(c: OnePerTurn, v: Variant) -> list[str]:
    return ["After drawing you may lay down at most one meld per turn."]


@_describes(AllAtOnce)
def _timing_all(c: AllAtOnce, v: Variant) -> list[str]:
    return ["Nothing is melded until you can lay down your whole hand at once, going out."]


@_describes(InHand)
def _timing_hand(c: InHand, v: Variant) -> list[str]:
    return ["Melds are kept in hand; they are shown only when the hand ends."]


@_describes(AtShowing)
def _timing_showing(c: AtShowing, v: Variant) -> list[str]:
    return ["Melds are kept concealed until your last turn, when you show them all."]


@_describes(NoInitialMeld)
def _initial_none(c: NoInitialMeld, v: Variant) -> list[str]:
    return []


@_describes(InitialMeld)
def _initial(c: InitialMeld, v: Variant) -> list[str]:
    out = []
    if c.min_points:
        out.append(f"Your first melds must be worth at least {c.min_points} points together.")
    if c.min_meld_size:
        out.append(f"Your first melds must include a meld of at least {c.min_meld_size} cards.")
    if c.new_melds_only:
        out.append("Only new melds count toward the initial meld, not lay-offs.")
    return out


@_describes(NoLayoff)
def _layoff_none(c: NoLayoff, v: Variant) -> list[str]:
    return ["Cards are never laid off onto melds on the table."]


@_describes(StandardLayoff)
def _layoff(c: StandardLayoff, v: Variant) -> list[str]:
    whose = "any player's melds" if c.onto is Onto.ANY else "your own melds"
    out = [f"You may lay off cards onto {whose}; melds are never rearranged."]
    if c.requires_own_meld is RequiresMeld.YES:
        out.append("You may not lay off before you have melded.")
    elif c.requires_own_meld is RequiresMeld.FOR_OTHERS:
        out.append("You may not lay off onto another player's meld before you have melded.")
    if c.credit is Credit.LAYER:
        out.append("A card you lay off stays in front of you and scores for you.")
    if c.move_end_wild:
        out.append("A wild card at either end of a run may be moved to the other end by a player laying off.")
    return out


@_describes(AfterKnockLayoff)
def _layoff_knock(c: AfterKnockLayoff, v: Variant) -> list[str]:
    out = ["After a knock the other players may lay off cards onto the knocker's melds."]
    if not c.on_gin:
        out.append("There is no laying off against a hand with no deadwood (gin).")
    return out


@_describes(ShowingLayoff)
def _layoff_showing(c: ShowingLayoff, v: Variant) -> list[str]:
    if c.onto_others:
        return ["On your showing turn you may lay off cards onto melds already shown."]
    return ["On your showing turn you may lay off only onto your own melds."]


@_describes(NoSwap)
def _swap_none(c: NoSwap, v: Variant) -> list[str]:
    return []


@_describes(StandardSwap)
def _swap(c: StandardSwap, v: Variant) -> list[str]:
    out = []
    if c.jokers:
        text = "On your turn you may give the natural card a table joker stands for and take the joker"
        if c.requires_own_meld:
            text += ", once you have melded"
        out.append(text + ".")
        if c.must_use_wild:
            out.append("A joker taken back must be melded in the same turn.")
        if c.set_wild_needs_both:
            out.append("A joker in a three-card set is released only when both missing suits are added.")
    if c.borrow is Borrow.OWN:
        out.append("You may take a card from one of your own melds to use at once in a new meld.")
    elif c.borrow is Borrow.ANY:
        out.append("You may take a card from any meld on the table to use at once in a new meld.")
    return out


@_describes(NoClaims)
def _claims_none(c: NoClaims, v: Variant) -> list[str]:
    return []


@_describes(CallRummy)
def _claims_call(c: CallRummy, v: Variant) -> list[str]:
    out = [
        'Call Rummy: when a discard could be laid off, any other player may call "Rummy!" before the next'
        " player draws, lay it off and then discard; the caller nearest the discarder's left wins a tie."
    ]
    if not c.on_last_turn:
        out.append("No call is allowed on a player's last turn.")
    return out


@_describes(StandardDiscard)
def _discard(c: StandardDiscard, v: Variant) -> list[str]:
    out = ["End your turn by discarding one card."]
    if c.not_taken_card:
        out.append("You may not discard the card you just took from the discard pile.")
    if c.playable_penalized:
        out.append("A discard that could have extended a meld on the table is penalized.")
    return out


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
    return ["Every player who did not go out scores the value of their hand as penalty points.", _values(c, v)]


@_describes(MeldsMinusHand)
def _score_mmh(c: MeldsMinusHand, v: Variant) -> list[str]:
    out = ["Each player scores the cards they melded or laid off minus the cards left in hand.", _values(c, v)]
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


def _attrs_type(c: Any) -> Any:
    return type(c)


def _generic(c: Component, v: Variant) -> list[str]:
    describe = getattr(c, "describe", None)
    if callable(describe):
        return list(describe(v))
    text = c.summary or (type(c).__doc__ or type(c).__name__).strip().splitlines()[0]
    fields = ", ".join(f"{f.name} = {getattr(c, f.name)!r}" for f in attrs.fields(_attrs_type(c)) if f.init)
    return [f"{text}" + (f" ({fields})" if fields else "")]


def describe_component(component: Component, variant: Variant) -> list[str]:
    """The rules one component sets, one sentence each (custom kinds may define ``describe(variant)``)."""
    fn = _DESCRIBERS.get(type(component))
    return fn(component, variant) if fn is not None else _generic(component, variant)


_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Players and cards", ("deck",)),
    ("Deal", ("deal", "dealer")),
    ("Melds", ("melds", "ranking")),
    ("A turn", ("draw", "meld_timing", "initial_meld", "layoff", "swap", "claims", "discard")),
    ("Going out", ("going_out", "stock")),
    ("Scoring", ("scoring",)),
    ("End of the game", ("game_end",)),
)


def rulebook(variant: Variant) -> Rulebook:
    """The variant as sections of plain-language rules."""
    sections = []
    for title, concerns in _SECTIONS:
        rules: list[str] = []
        if title == "Players and cards":
            p = variant.players
            rules.append(f"{p.min} to {p.max} players." if p.min != p.max else f"{p.min} players.")
        for name in concerns:
            rules += describe_component(getattr(variant, name), variant)
        sections.append(Section(title, tuple(rules)))
    return Rulebook(
        title=variant.title,
        description=variant.info.description,
        sections=tuple(sections),
        sources=variant.info.sources,
        notes=tuple(note_text(n) for n in variant.info.notes),
    )


# --------------------------------------------------------------------------- diff

_LABELS = {
    "ranking": "Aces and runs",
    "deck": "Cards",
    "deal": "Deal",
    "dealer": "Dealer",
    "melds": "Melds",
    "draw": "Drawing",
    "meld_timing": "Melding",
    "initial_meld": "Initial meld",
    "layoff": "Laying off",
    "swap": "Jokers and borrowing",
    "claims": "Claims",
    "discard": "Discarding",
    "going_out": "Going out",
    "stock": "Stock",
    "scoring": "Scoring",
    "game_end": "End of the game",
}


@attrs.frozen
class Change:
    """One difference between two rulesets, in plain language."""

    concern: str
    before: str
    after: str

    def __str__(self) -> str:
        return f"{_LABELS.get(self.concern, self.concern)}: {self.before} → {self.after}"


def _lower_first(text: str) -> str:
    word = text.split(" ", 1)[0]
    return text if len(word) > 1 and word.isupper() else text[:1].lower() + text[1:]


def _players(p: Any) -> str:
    return f"{p.min} players" if p.min == p.max else f"{p.min}-{p.max} players"


def _entry_changes(concern: str, ca: Any, cb: Any) -> tuple[list[Change], Any]:
    """Changes of table-valued fields (``card_values``...) entry by entry; and
    ``cb`` with those fields put back to ``ca``'s, for the sentence diff of the rest."""
    out: list[Change] = []
    same: dict[str, Any] = {}
    for f in attrs.fields(type(ca)):
        x, y = getattr(ca, f.name), getattr(cb, f.name)
        if x == y or not (isinstance(x, Mapping) and isinstance(y, Mapping)) or not f.init:
            continue
        label = f.name.replace("_", " ")
        defaults: Mapping[str, Any] = STANDARD_VALUES if f.name == "card_values" else {}
        for key in sorted({*x, *y}, key=str):
            if x.get(key) != y.get(key):
                before = x.get(key, defaults.get(key, "(not set)"))
                after = y.get(key, defaults.get(key, "(not set)"))
                out.append(Change(concern, f"{label} {key} = {before}", f"{label} {key} = {after}"))
        same[f.name] = x
    return out, (attrs.evolve(cb, **same) if same else cb)


def diff_variants(a: Variant, b: Variant) -> list[Change]:
    """The rules that differ between ``a`` and ``b``, concern by concern."""
    changes: list[Change] = []
    if a.players != b.players:
        changes.append(
            Change(
                "players",
                f"{a.players.min}-{a.players.max} players",
                f"{b.players.min}-{b.players.max} players",
            )
        )
    for name in component_fields():
        ca, cb = getattr(a, name), getattr(b, name)
        if ca == cb:
            continue
        if type(ca) is type(cb) and attrs.has(type(ca)):
            entries, cb = _entry_changes(name, ca, cb)
            changes += entries
            if ca == cb:
                continue
        ra, rb = describe_component(ca, a), describe_component(cb, b)
        gone = [r for r in ra if r not in rb]
        new = [r for r in rb if r not in ra]
        if not gone and not new:
            continue
        before = "; ".join(_lower_first(r.rstrip(".")) for r in gone) or "(nothing)"
        after = "; ".join(_lower_first(r.rstrip(".")) for r in new) or "(nothing)"
        changes.append(Change(name, before, after))
    if a.limits != b.limits:
        changes.append(Change("limits", repr(a.limits), repr(b.limits)))
    return changes
