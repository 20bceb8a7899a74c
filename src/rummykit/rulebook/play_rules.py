"""The rulebook's sentences for how a hand is dealt and played: ranking, deck,
deal, dealer, melds, drawing, meld timing, initial melds, lay-offs, joker
swaps, claims and discards.
"""

from __future__ import annotations

from rummykit.rulebook.phrases import _ACE, _by_players, _describes, _plural, _ranks
from rummykit.rules import (
    AfterKnockLayoff,
    AllAtOnce,
    AnyTime,
    AtShowing,
    Borrow,
    CallRummy,
    Credit,
    DigDraw,
    Direction,
    EatDraw,
    InHand,
    InitialMeld,
    MustUse,
    NextDealer,
    NoClaims,
    NoInitialMeld,
    NoLayoff,
    NoSwap,
    OnePerTurn,
    Onto,
    PickAnyDraw,
    RequiresMeld,
    SetSuits,
    ShowingLayoff,
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
    TopTwoDraw,
    UseAs,
    WildLimit,
)
from rummykit.variant import Variant


@_describes(StandardRanking)
def _ranking(c: StandardRanking, v: Variant) -> list[str]:
    if v.melds.run_size_ok(3) is False and not any(v.melds.run_size_ok(k) for k in range(2, 14)):
        return []  # no runs: where the ace ranks does not matter
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
        natural = "" if v.melds.side_rank_melds() else "; a wild card in its natural place counts as natural"
        out.append(f"Wild cards: {' and '.join(wild)}{natural}.")
    if c.cut_wild:
        out.append(
            "After the deal a card is cut from the stock: every card of its rank is wild for the hand"
            " (a cut joker makes the aces wild)."
        )
    return out


@_describes(StandardDeal)
def _deal(c: StandardDeal, v: Variant) -> list[str]:
    out = [f"Each player gets {_by_players(c.hand_size, 'cards')}."]
    if v.initial_meld.hand_size(deal=1) is not None:
        out = ["Each player gets the number of cards the deal's contract gives (see the contracts)."]
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
    if v.initial_meld.contract_melds(deal=1):
        out = ["After drawing you may lay down melds as the deal's contract allows (see the contracts)."]
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
        if c.runs_only:
            text = text.replace("a table joker", "a joker in a run")
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
