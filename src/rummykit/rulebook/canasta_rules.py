"""Rulebook text for the Canasta family's components (side-owned melds of one
rank, the whole pile, red and black threes, canastas).

>>> import rummykit as rk
>>> from rummykit.rulebook import describe_component
>>> v = rk.load_variant("canasta")
>>> describe_component(v.initial_meld, v)[0]
"A side's first meld (all the melds laid in one turn) must count at least 15 with a negative score, 50 from 0, 90 from 1500, 120 from 3000."
"""

from __future__ import annotations

from rummykit.rulebook.phrases import _describes
from rummykit.rules.canasta import ByDeal, ByScore, CanastaMelds, CanastaOut, CanastaScoring, PileDraw
from rummykit.rules.going_out import FinalDiscard
from rummykit.rules.melds import WildLimit
from rummykit.variant import Variant


def _by_count(value: object, v: Variant, noun: str) -> str:
    entries = getattr(value, "entries", ())
    if len({x for _, _, x in entries}) <= 1:
        n = entries[0][2] if entries else 1
        return f"{n} {noun}{'s' if n != 1 else ''}"
    parts = [f"{x} with {lo}{'' if lo == hi else f'-{hi}'} players" for lo, hi, x in entries]
    return f"{noun}s: " + ", ".join(parts)


@_describes(CanastaMelds)
def _melds(c: CanastaMelds, v: Variant) -> list[str]:
    size = f"{c.set_min} to {c.set_max}" if c.set_max else f"{c.set_min} or more"
    fewer = (
        "fewer wild cards than natural ones"
        if c.wild_limit is WildLimit.FEWER
        else "never more wild cards than natural ones"
    )
    wilds = (
        f"at most {c.max_wilds} wild card{'s' if c.max_wilds != 1 else ''}"
        if c.max_wilds <= 1 or c.wild_limit is WildLimit.ONE
        else f"{fewer} and at most {c.max_wilds} wilds"
    )
    out = [
        f"A {'set' if c.runs else 'meld'} is {size} cards of one rank (suits do not matter), with at least"
        f" {c.min_naturals} natural cards, {wilds}.",
        "Melds belong to a side: either partner adds cards to them, never to the other side's."
        + (
            f" A side has one {'set' if c.runs else 'meld'} of each rank."
            if c.one_per_rank
            else f" A side may have several {'sets' if c.runs else 'melds'} of a rank."
        ),
        f"A meld of {c.canasta} or more cards with at least {c.canasta_naturals} natural cards is a canasta:"
        " natural without wild cards, mixed with them.",
    ]
    if c.runs:
        most = f" to {c.run_max}" if c.run_max else " or more"
        if c.wilds_in_runs:
            out.append(
                f"A run is {c.run_min}{most} cards of one suit in sequence, with at most {c.max_wilds} wild"
                f" card{'s' if c.max_wilds != 1 else ''} (a two in its own place in its suit's run is natural);"
                " a side may have several runs of a suit, and a run of seven is a canasta like a set."
                + (" A run may hold an ace at each end (A-2-...-K-A)." if c.ace_to_ace else "")
            )
        else:
            closed = " and takes no more cards" if c.run_max and c.run_max <= c.canasta else ""
            out.append(
                f"A run (sequence) is {c.run_min}{most} cards of one suit in sequence, four low and ace high"
                f" (never a three, never a wild card); a run of {c.canasta} cards is a sequence canasta{closed}."
            )
    if c.wild_melds:
        out.append(
            f"Wild cards may be melded alone, {c.set_min} to {c.canasta} of them (deuces and jokers alike);"
            f" {c.canasta} make a wild canasta."
        )
    if c.combine and not c.one_per_rank:
        out.append("A side may combine two of its melds of one rank into one (`combine 3 into 1`).")
    if not c.special_threes:
        out.append("Threes are cards like any other.")
        return out
    if c.red_threes:
        out.append(
            "Red threes are never melded: each is laid out face up at once and replaced from the stock"
            " (one taken in the discard pile is not replaced)."
        )
    if c.red_threes and c.last_red_three_ends:
        out.append(
            "A red three drawn as the stock's last card is laid out and ends the hand at once, nobody out."
        )
    out.append(
        "Black threes are melded only in going out, three or four of them without wild cards."
        if c.black_threes_out
        else "Black threes are never melded."
    )
    return out


@_describes(PileDraw)
def _draw(c: PileDraw, v: Variant) -> list[str]:
    counts = {x for _, _, x in c.stock_cards.entries}
    if counts == {1}:
        draw = "Draw the top card of the stock"
    elif len(counts) == 1:
        draw = f"Draw the top {counts.pop()} cards of the stock"
    else:
        each = ", ".join(
            f"{x} with {lo}{'' if lo == hi else f'-{hi}'} players" for lo, hi, x in c.stock_cards.entries
        )
        draw = f"Draw from the stock ({each})"
    pile = f"the top {c.pile_cards} cards of the discard pile" if c.pile_cards else "the whole discard pile"
    if not c.meld_top_card:
        out = [f"{draw}, or take {pile} into your hand, with no condition."]
    else:
        short = " that is not yet a canasta" if not c.onto_canasta else ""
        meld = (
            "a meld of your side it fits"
            if getattr(v.melds, "runs", False)
            else "your side's meld of its rank"
        )
        onto = f", or onto {meld}{short}," if c.onto_meld else ""
        out = [
            f"{draw}, or take {pile}: its top card goes at once into a meld with two cards of its"
            f" rank from your hand{onto} and the rest of the cards taken into your hand.",
        ]
    if not c.pair_with_wild and c.meld_top_card:
        out.append(
            "A new meld with the top card takes a natural pair of its rank from your hand, never a wild."
        )
    frozen = []
    if c.frozen_by_wild:
        frozen.append("while a wild card (or a red three turned up) lies in it")
    if c.frozen_before_meld:
        frozen.append("against a side that has not melded yet")
    if frozen:
        out.append(
            f"The pile is frozen {' and '.join(frozen)}: then only a natural pair of the top card's rank takes it."
        )
    if c.black_three_blocks:
        out.append("A black three on top of the pile may not be taken.")
    if not c.one_card_pile and c.meld_top_card:
        out.append("A player holding one card may not take a pile of one card.")
    if c.turn_upcard:
        out.append(
            "A wild card or red three turned as the upcard is covered by the next card until a natural card or a black three shows."
        )
    return out


@_describes(ByScore)
def _initial(c: ByScore, v: Variant) -> list[str]:
    steps = ", ".join(f"{need} from {at}" for at, need in c.steps)
    out = [
        f"A side's first meld (all the melds laid in one turn) must count at least {c.below_zero} with a"
        f" negative score, {steps}."
    ]
    if c.concealed_free:
        out.append("Going out concealed, all at once, needs no minimum.")
    return out


@_describes(ByDeal)
def _by_deal(c: ByDeal, v: Variant) -> list[str]:
    each = ", ".join(str(x) for x in c.minimums)
    return [
        f"A side's first meld of a deal (all the melds laid in one turn) must count at least, deal by deal: {each}"
        + (" (the last for every later deal)." if len(c.minimums) > 1 else ".")
    ]


@_describes(CanastaOut)
def _out(c: CanastaOut, v: Variant) -> list[str]:
    how = {
        FinalDiscard.REQUIRED: "by discarding the last card",
        FinalDiscard.FORBIDDEN: "by melding or laying off the last card",
    }.get(c.final_discard, "by melding, laying off or discarding the last card")
    out = [
        f"A player goes out {how}, only once the side has "
        + _by_count(c.canastas, v, "canasta")
        + " on the table; until then a player keeps at least one card after discarding."
    ]
    if c.natural_canastas or c.mixed_canastas:
        out.append(
            f"Of them, at least {c.natural_canastas} natural and {c.mixed_canastas} mixed (a natural one does not"
            " stand for a mixed one)."
        )
    if c.sequence_canastas:
        out.append(f"Of them, at least {c.sequence_canastas} a sequence canasta (a run of seven).")
    if c.asks_permission():
        times = (
            "once a turn" if c.asks == 0 else "once in a hand" if c.asks == 1 else f"{c.asks} times in a hand"
        )
        penalty = getattr(v.scoring, "permission_penalty", 0)
        out.append(
            'After drawing, a player with a partner may ask "May I go out?" (ask), '
            + times
            + "; the partner answers yes or no out of turn, and the answer binds for the turn: after a yes"
            " the player must go out"
            + (f" (a player who cannot pays {penalty})" if penalty else "")
            + ", after a no the player may not."
        )
    return out


@_describes(CanastaScoring)
def _score(c: CanastaScoring, v: Variant) -> list[str]:
    concealed = f" ({c.going_out + c.concealed_bonus} concealed)" if c.concealed_bonus else ""
    four = f", {c.all_red_threes} all of them to one side" if c.all_red_threes else ""
    out = [
        f"Each side scores the values of its melded cards, {c.natural_canasta} for each natural canasta and"
        f" {c.mixed_canasta} for each mixed one, {c.going_out} for going out{concealed},"
        " and less the values of the cards left in its players' hands.",
    ]
    if c.red_three or c.all_red_threes:
        against = (
            f", against a side without {c.red_threes_canastas} canastas."
            if c.red_threes_canastas
            else ", against a side that has melded nothing."
        )
        out.append(
            f"Red threes laid out count {c.red_three} each{four}" + (against if c.red_threes_against else ".")
        )
    if c.sequence_canasta:
        out.append(f"A sequence canasta (a run) counts {c.sequence_canasta} instead of a canasta's bonus.")
    if c.wild_canasta:
        out.append(f"A canasta of wild cards alone counts {c.wild_canasta}.")
    if c.black_three_in_hand:
        out.append(f"A black three left in hand counts {c.black_three_in_hand} against its holder.")
    if c.meldless_melds_minus:
        out.append("A side without a canasta counts its melded cards against it.")
    if c.minus_without_natural:
        out.append(
            "A side without a natural canasta counts its melded cards against it, and its mixed canastas earn nothing."
        )
    return out
