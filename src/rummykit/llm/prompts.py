"""Prompts for text agents: the rules, what the seat sees, the move wanted.

:func:`prompt` writes one decision as text: the variant's rules as a player
needs them (generated from the variant by :func:`rummykit.rulebook.rulebook`,
so a house rule's prompt states its own rules), the card and move notation,
what the seat can see (its hand, the other hands as counts, the melds on the
table with their owners and what each wild stands for, the discard pile as
far as it lies face up, the stock as a count, scores of the game when
given), whose turn it is and what kind of move is wanted, and, with
``legal=True``, the legal moves in the action notation.

A prompt is built from the seat's :class:`~rummykit.View` alone (a
:class:`~rummykit.Hand` is first turned into ``hand.view(seat)``), and from
what that seat knows of the play so far (``view.knowledge()``: the cards it
saw go into each other hand, and each seat's discards): two hands the seat
cannot tell apart give the same prompt.

>>> import rummykit as rk
>>> from rummykit import llm
>>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=5)
>>> text = llm.prompt(h, 1)
>>> print(text[text.index("## The table"):])
## The table
Seat 0 deals; turn 1.
Your hand (10 cards): 7C QC 4D 9D JD KD AH 6S 7S TS
Seat 0: 10 cards in hand.
Melds on the table: none.
Discard pile (1 card, bottom to top): KS
Stock: 31 cards.
<BLANKLINE>
## Your move
The upcard KS is offered to you: take it, or pass.
Legal moves (2):
- take
- pass
<BLANKLINE>
Reply with one legal move written exactly as listed, on a last line of its own: Move: <move>
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from rummykit import ArgumentError, Card, Hand, Phase, Variant, View, format_cards
from rummykit.rulebook import rulebook

__all__ = ["NOTATION", "RULES_FORMS", "prompt", "rules_text"]

RULES_FORMS = ("short", "full", "none")
"""The forms of the rules in a prompt: ``short`` (every rule of the
rulebook, one line each), ``full`` (the variant's description, the rules and
the rulebook's notes on them) or ``none`` (no rules: for a model that knows
them, or trained on them)."""

NOTATION = """\
Cards are written rank then suit: ranks A 2 3 4 5 6 7 8 9 T J Q K (T is the ten), suits C D H S
(clubs, diamonds, hearts, spades); 7H is the seven of hearts, TS the ten of spades, JK a joker.
A wild card in a meld is written with the card it stands for: JK=9H. Table melds are numbered from 1.
Moves (only those the rules allow now are legal):
- draw: take the top card of the stock
- take: take the top discard; take 2: the top two; take draw: the top discard and the top of the stock
- take 3 meld 7H 8H 9H: dig 3 cards deep into the discard pile, the deepest one going at once into
  that meld (take meld ...: the top card); take 3 layoff 9H on 2: the deepest one laid off at once
- pick 7H: take that card from the discard pile
- meld 7H 8H 9H: lay a meld on the table; several at once: meld 7H 8H 9H + QS QH QD
- layoff 9H on 2: add a card to table meld 2
- swap 8H on 2: give the natural card for the wild card in table meld 2, and take the wild card
- borrow 7H from 2 meld 7H 7S 7D: take a card from table meld 2 into a new meld
- combine 3 into 1: join your side's table meld 3 to its meld 1 of the same rank
- discard QS: discard a card, ending your turn
- knock QS: knock, discarding QS face down (knock alone: go out with every card melded);
  knock QS melds 2C 2D 2H + 4S 5S 6S: knock showing these melds
- declare 7H 8H 9H + QS QH QD discard 5C: show your whole hand in melds (and discard)
- call 9H on 2: out of turn, claim the discard 9H to lay it off onto meld 2
- pass: decline (the offered upcard, a claim, more lay-offs), or pass a turn
- drop: give up the hand; or, where the rules say so, end it with a showdown (call a draw)
- fight / fold: out of turn, take up a called draw (show; the lowest count wins) or give it up
- ask: ask your partner "May I go out?"; yes / no: out of turn, answer your partner (the answer binds)"""
"""The card and move notation, as a prompt explains it (see
:mod:`rummykit.engine.actions`)."""

_WANTED = {
    Phase.OFFER: "The upcard {top} is offered to you: take it, or pass.",
    Phase.DRAW: "Your turn begins: draw from the stock, or take from the discard pile as the rules allow.",
    Phase.PLAY: (
        "You have drawn. Meld, lay off or go out as the rules allow, or end your turn with a discard."
    ),
    Phase.CLAIM: "Out of turn: you may claim the discard {top} to lay it off onto a meld (call), or pass.",
    Phase.LAYOFF: (
        "A player has knocked: lay off your cards onto the knocker's melds, one move at a time, then pass."
    ),
    Phase.ANSWER: "A player has called a draw: fight (show your hand; the lowest count wins) or fold.",
}

REPLY = "Reply with one legal move written exactly as listed, on a last line of its own: Move: <move>"
"""The last line of a prompt with its legal moves."""

REPLY_FREE = "Reply with one move in the notation above, on a last line of its own: Move: <move>"
"""The last line of a prompt without its legal moves."""


@functools.lru_cache(maxsize=64)
def rules_text(variant: Variant, form: str = "short") -> str:
    """The rules of ``variant`` as a prompt gives them (see
    :data:`RULES_FORMS`), generated from its components.

    >>> import rummykit as rk
    >>> print(rules_text(rk.load_variant("gin")).splitlines()[:3])
    ['### Players and cards', '- 2 players.', '- Cards: one deck of 52 cards.']
    """
    if form not in RULES_FORMS:
        raise ArgumentError(f"rules must be one of {', '.join(map(repr, RULES_FORMS))}, got {form!r}")
    if form == "none":
        return ""
    book = rulebook(variant)
    lines: list[str] = []
    if form == "full" and book.description:
        lines += [book.description, ""]
    for section in book.sections:
        if not section.rules:
            continue
        lines.append(f"### {section.title}")
        lines += [f"- {rule}" for rule in section.rules]
        lines.append("")
    if form == "full" and book.notes:
        lines.append("### Notes")
        lines += [f"- {note}" for note in book.notes]
        lines.append("")
    return "\n".join(lines).rstrip("\n")


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards) if cards else "none"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _table(view: View, scores: Sequence[int] | None) -> list[str]:
    me = view.player
    n = len(view.hand_counts)
    dealer = "You deal" if view.dealer == me else f"Seat {view.dealer} deals"
    lines = [f"{dealer}; turn {view.turn}."]
    lines.append(f"Your hand ({_count(len(view.hand), 'card')}): {_cards(view.hand)}")
    if view.melded[me]:
        lines.append("You have melded.")
    second, stocked = view.second_counts, view.second_stocked
    if second and second[me]:
        lines.append(
            f"Your second hand: {_count(second[me], 'card')} face down, yours once your hand is played out."
        )
    elif second and view.second_taken[me]:
        lines.append("You have picked up your second hand.")
    elif stocked and stocked[me]:
        lines.append("Your second hand became the stock: your side may not play out its hand.")
    try:
        known = view.knowledge()
    except ValueError:  # a view read from data: only what it holds
        known = None
    for q in range(n):
        if q == me:
            continue
        facts = [f"{_count(view.hand_counts[q], 'card')} in hand"]
        if view.melded[q]:
            facts.append("has melded")
        if view.dropped[q]:
            facts.append("has dropped out of the hand")
        if second and second[q]:
            facts.append(f"a second hand of {_count(second[q], 'card')} face down")
        elif second and view.second_taken[q]:
            facts.append("has picked up a second hand")
        elif stocked and stocked[q]:
            facts.append("whose second hand became the stock")
        lines.append(f"Seat {q}: {', '.join(facts)}.")
        if known is not None and known.known[q]:
            lines.append(f"  Cards you saw go into seat {q}'s hand: {format_cards(known.known[q])}")
        if known is not None and known.thrown and known.thrown[q]:
            lines.append(f"  Discarded by seat {q}, oldest first: {format_cards(known.thrown[q])}")
    if view.table:
        lines.append("Melds on the table (numbered for lay-offs):")
        for i, t in enumerate(view.table, 1):
            owner = "yours" if t.owner == me else f"seat {t.owner}"
            text = f"  {i}. {t.meld} ({owner})"
            if t.laid:
                text += "; laid off: " + ", ".join(
                    f"{c} by {'you' if s == me else f'seat {s}'}" for c, s in t.laid
                )
            lines.append(text)
    else:
        lines.append("Melds on the table: none.")
    for q, cards in enumerate(view.eaten):
        if cards:
            who = "You" if q == me else f"Seat {q}"
            lines.append(f"{who} took into concealed melds from the discard pile: {format_cards(cards)}")
    if view.discard:
        lines.append(
            f"Discard pile ({_count(len(view.discard), 'card')}, bottom to top): {format_cards(view.discard)}"
        )
    else:
        lines.append("Discard pile: empty.")
    lines.append(f"Stock: {_count(view.stock_count, 'card')}.")
    if view.wild_ranks or view.cut is not None:
        wild = " ".join(str(r) for r in sorted(view.wild_ranks))
        text = f"Wild cards this hand: jokers and rank {wild}" if wild else "Wild cards this hand: jokers"
        if view.cut is not None:
            text += f" (the cut card is {view.cut})"
        lines.append(text + ".")
    if view.face_down:
        lines.append(f"Face-down discards, now shown: {format_cards(view.face_down)}")
    if view.shown_hands:
        lines.append("Hands shown:")
        for q, cards in enumerate(view.shown_hands):
            lines.append(f"  {'you' if q == me else f'seat {q}'}: {_cards(cards)}")
    if scores is not None:
        shown = ", ".join(f"{'you' if q == me else f'seat {q}'} {s}" for q, s in enumerate(scores))
        lines.append(f"Scores in this game so far: {shown}.")
    return lines


_PERMISSION = {
    "asked": 'Your partner asks "May I go out?": answer yes (your partner must then go out this turn) or no'
    " (your partner may not go out this turn).",
    "yes": "Your partner said yes: you must go out this turn if you can.",
    "no": "Your partner said no: you may not go out this turn.",
}


def _wanted(view: View) -> str:
    if view.phase is Phase.OVER or view.current_player is None:
        return "The hand is over: no move is wanted."
    if view.current_player != view.player:
        return f"It is seat {view.current_player}'s turn: no move is wanted from you now."
    if view.permission == "asked":
        return _PERMISSION["asked"]
    if view.permission is not None:
        return f"{_WANTED[view.phase]} {_PERMISSION[view.permission]}"
    top = str(view.top_discard) if view.top_discard is not None else "card"
    return _WANTED[view.phase].format(top=top)


def prompt(
    state: Hand | View,
    seat: int | None = None,
    *,
    variant: Variant | None = None,
    legal: bool = True,
    rules: str = "short",
    scores: Sequence[int] | None = None,
) -> str:
    """One decision of ``seat`` as text, for a language model (or a person).

    ``state`` is a :class:`~rummykit.Hand` (``seat`` defaults to the player to
    move) or a seat's :class:`~rummykit.View` (then ``variant`` is needed: a
    view does not hold its rules). ``rules`` chooses the form of the rules
    (:data:`RULES_FORMS`); ``legal=False`` leaves out the list of legal moves,
    so that the moves must be found from the rules; ``scores`` (one per seat
    of the hand) adds the game's scores so far.

    Only what the seat may see is shown: the prompt is made from its view
    and from what it saw during the hand (see the module's text).

    >>> import rummykit as rk
    >>> from rummykit import llm
    >>> h = rk.new_hand(rk.load_variant("straight"), players=3, seed=2)
    >>> text = llm.prompt(h, rules="none", legal=False)
    >>> print(text.splitlines()[0])
    You are playing Straight Rummy as seat 1, with 3 players (seats 0 to 2).
    >>> text.endswith("Move: <move>"), "Legal moves" in text
    (True, False)
    """
    if isinstance(state, Hand):
        if variant is not None and variant != state.variant:
            raise ArgumentError("prompt: variant differs from the hand's variant")
        variant = state.variant
        if seat is None:
            if state.current_player is None:
                raise ArgumentError("prompt: the hand is over, name the seat")
            seat = state.current_player
        view = state.view(seat)
    elif isinstance(state, View):
        if variant is None or not isinstance(variant, Variant):
            raise ArgumentError("prompt: a View needs variant= (a view does not hold its rules)")
        if seat is not None and seat != state.player:
            raise ArgumentError(f"prompt: the view is seat {state.player}'s, not seat {seat}'s")
        view = state
    else:
        raise ArgumentError(f"prompt: expected a Hand or a View, got {type(state).__name__}")
    if scores is not None and len(scores) != len(view.hand_counts):
        raise ArgumentError(
            f"prompt: scores needs one score per seat ({len(view.hand_counts)}), got {len(scores)}"
        )
    n = len(view.hand_counts)
    parts = [f"You are playing {variant.title} as seat {view.player}, with {n} players (seats 0 to {n - 1})."]
    text = rules_text(variant, rules)
    if text:
        parts += ["", "## Rules", text]
    parts += ["", "## Notation", NOTATION, "", "## The table", *_table(view, scores), "", "## Your move"]
    parts.append(_wanted(view))
    if view.legal:
        if legal:
            parts.append(f"Legal moves ({len(view.legal)}):")
            parts += [f"- {a}" for a in view.legal]
            parts += ["", REPLY]
        else:
            parts += ["", REPLY_FREE]
    return "\n".join(parts)
