"""Actions: frozen values with a text notation that round-trips.

Every move of a hand is an action. ``str(action)`` is its canonical text and
:func:`parse_action` reads it back: ``parse_action(str(a)) == a``.

=================================  ==============================================
text                               meaning
=================================  ==============================================
``draw``                           take the top card of the stock
``take``                           take the top discard
``take 2``                         take the top two discards (Boathouse)
``take draw``                      take the top discard and the top of the stock
                                   (Boathouse)
``take 3 meld 7H 8H 9H``           dig 3 deep into the pile; the deepest card
                                   taken goes at once into that meld (500 Rum,
                                   Thai); ``take meld ...`` for the top card
``take 3 layoff 9H on 2``          the same, the deepest card laid off at once
``pick 7H``                        take one named visible discard (throw-down)
``pickup meld 7H 7D 7S``           take the whole discard pile, its top card
                                   melded at once (Canasta; ``pickup layoff
                                   7S on 2`` onto the side's meld)
``meld 7H 8H JK=9H``               lay a meld on the table; a wild states what it
                                   stands for
``meld 7H 8H 9H + QS QH QD``       several melds at once (an initial meld that
                                   must reach a threshold)
``layoff 9H on 2``                 lay a card off onto table meld number 2
``swap 8H on 2``                   give the natural card for the wild in meld 2
``borrow 7H from 2 meld 7H 7S 7D`` take a card from meld 2 into a new meld
``combine 3 into 1``               join the side's meld 3 to its meld 1 of the
                                   same rank (Samba)
``discard QS``                     discard, ending the turn
``knock QS``                       knock, discarding QS face down; ``knock`` alone
                                   goes out with every card melded (big gin);
                                   the knocker's melds are the default
                                   arrangement (the engine's best)
``knock QS melds 2C 2D 2H +        knock showing these melds (the knocker's
4S 5S 6S``                         choice decides what may be laid off)
``declare 7H 8H 9H + ... discard   show the whole hand at once (and discard)
5C``
``call 9H on 2``                   out of turn: claim the discard 9H to lay it off
                                   onto meld 2 (Call Rummy)
``buy``                            out of turn: buy the discard, with a penalty card
                                   from the stock (contract rummy)
``pass``                           decline: an offered upcard, a claim, further
                                   lay-offs; or pass a turn when the stock is out
``drop``                           concede the hand (Indian first/middle drop);
                                   end it with a showdown (Tonk), call a draw
                                   (Tong-its)
``fight``                          out of turn: take up a called draw (Tong-its)
``fold``                           out of turn: give up against a called draw
``ask``                            ask the partner "May I go out?" (Canasta)
``yes``, ``no``                    out of turn: answer the partner's question
=================================  ==============================================

Table melds are numbered from 1 in the order they were laid down. Cards are
written in card notation (``7H``, ``TS``, ``JK``); a wild card standing for a
different card is written ``JK=9H``. Melds are separated by ``+`` (a comma
is read as ``+``).

Digging by card: ``take 5C meld 4C 5C 6C`` names the deepest card taken
instead of the depth; it reads as the same action as ``take 3 meld ...``
when 5C lies third from the top. The canonical text (``str``) is the depth
form, which needs no pile to be read; :meth:`rummykit.Hand.apply` accepts
both (a card that lies in the pile twice, with two decks, means the copy
nearest the top).

>>> a = parse_action("take 3 meld 7h 8h jk=9h")
>>> a
Action.parse('take 3 meld 7H 8H JK=9H')
>>> parse_action(str(a)) == a
True
>>> str(parse_action("layoff 10H on 2"))
'layoff TH on 2'
>>> str(parse_action("knock QS melds 2c 2d 2h, 4S 5S 6S"))
'knock QS melds 2C 2D 2H + 4S 5S 6S'
>>> str(parse_action("take 5C meld 4C 5C 6C"))
'take 5C meld 4C 5C 6C'

Each kind of action lives in a module of this package (``draw``, ``take``,
``pick``, ``pickup``, ``meld``, ``layoff``, ``swap``, ``borrow``, ``combine``,
``discard``, ``knock``, ``declare``, ``call``, ``buy``, ``pass_``, ``drop``, ``fight``,
``fold``, ``ask``, ``reply``: ``yes`` and ``no``) holding its action
class and notation, its candidates, its refusal (the one rule, naming its
variant key) and its effect: an :class:`~rummykit.engine.kind.ActionKind`.
This module registers them; :meth:`rummykit.Hand.legal_actions`,
``verify``, ``is_legal``, ``legality`` and ``apply`` ask the registered
kinds and nothing else. A new kind is one module and a call to
:func:`register_kind`.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from rummykit.cards import short_repr
from rummykit.engine.actions.ask import ASK, Ask, AskKind
from rummykit.engine.actions.borrow import Borrow, BorrowKind
from rummykit.engine.actions.buy import BUY, Buy, BuyKind
from rummykit.engine.actions.call import Call, CallKind
from rummykit.engine.actions.combine import Combine, CombineKind
from rummykit.engine.actions.declare import Declare, DeclareKind
from rummykit.engine.actions.discard import Discard, DiscardKind
from rummykit.engine.actions.draw import DRAW, Draw, DrawKind
from rummykit.engine.actions.drop import DROP, Drop, DropKind
from rummykit.engine.actions.fight import FIGHT, Fight, FightKind
from rummykit.engine.actions.fold import FOLD, Fold, FoldKind
from rummykit.engine.actions.knock import Knock, KnockKind
from rummykit.engine.actions.layoff import Layoff, LayoffKind
from rummykit.engine.actions.meld import MeldAction, MeldKind
from rummykit.engine.actions.pass_ import PASS, Pass, PassKind
from rummykit.engine.actions.pick import Pick, PickKind
from rummykit.engine.actions.pickup import Pickup, PickupKind
from rummykit.engine.actions.reply import NO, YES, No, NoKind, Yes, YesKind
from rummykit.engine.actions.swap import Swap, SwapKind
from rummykit.engine.actions.take import TAKE, Take, TakeKind
from rummykit.engine.kind import ActionKind, Refusal
from rummykit.engine.meld_memo import Kit, kit_for
from rummykit.engine.notation import (
    MAX_ACTION_TEXT,
    MAX_NUMBER,
    MAX_NUMBER_DIGITS,
    Action,
    Group,
    Slot,
    bad_text,
    check_action,
    format_group,
    format_slot,
    group_of,
    parse_group,
    set_parser,
)
from rummykit.engine.phase import Phase
from rummykit.errors import ArgumentError, IllegalAction, NotationError
from rummykit.settlement import Termination

if TYPE_CHECKING:
    from rummykit.engine.state import Hand
    from rummykit.variant import Variant

# enum members as module constants: a lookup through the class is slow in Python 3.11
_ANSWER = Phase.ANSWER
_CLAIM = Phase.CLAIM
_DRAW = Phase.DRAW
_OFFER = Phase.OFFER
_OVER = Phase.OVER
_TERMINATION_DEALT = Termination.DEALT
_TERMINATION_DROPPED = Termination.DROPPED
_TERMINATION_STOCK_EXHAUSTED = Termination.STOCK_EXHAUSTED
_TERMINATION_TURN_LIMIT = Termination.TURN_LIMIT


__all__ = [
    "ASK",
    "BUY",
    "DRAW",
    "DROP",
    "FIGHT",
    "FOLD",
    "MAX_ACTION_TEXT",
    "MAX_NUMBER",
    "MAX_NUMBER_DIGITS",
    "NO",
    "PASS",
    "TAKE",
    "YES",
    "Action",
    "ActionKind",
    "Ask",
    "Borrow",
    "Buy",
    "Call",
    "Combine",
    "Declare",
    "Discard",
    "Draw",
    "Drop",
    "Fight",
    "Fold",
    "Group",
    "Knock",
    "Layoff",
    "MeldAction",
    "No",
    "Pass",
    "Pick",
    "Pickup",
    "Refusal",
    "Slot",
    "Swap",
    "Take",
    "Yes",
    "as_action",
    "check_action",
    "format_group",
    "format_slot",
    "group_of",
    "is_legal",
    "kind_of",
    "kinds",
    "kinds_in",
    "legal_actions",
    "parse_action",
    "parse_group",
    "perform",
    "refusal",
    "register_kind",
    "resolve",
    "unregister_kind",
]

_KINDS: dict[type[Action], ActionKind] = {}
_BY_WORD: dict[str, ActionKind] = {}
_BY_PHASE: dict[Phase, tuple[ActionKind, ...]] = {}
_KEYWORDS: set[str] = set()
_IN_VARIANT: weakref.WeakKeyDictionary[Kit, dict[Phase, tuple[ActionKind, ...]]] = weakref.WeakKeyDictionary()
"""Per variant (its kit), the kinds each phase asks for candidates."""


def register_kind(kind: ActionKind) -> None:
    """Add an action kind (an :class:`~rummykit.engine.kind.ActionKind`
    instance): its actions parse, list, check and apply from then on. Its
    words must be new; its action class must not be registered yet."""
    if not isinstance(kind, ActionKind):
        raise ArgumentError(f"register_kind: expected an ActionKind, got {short_repr(kind)}")
    if kind.action in _KINDS:
        raise ArgumentError(f"register_kind: {kind.action.__name__} is registered already")
    taken = [w for w in kind.words if w in _BY_WORD]
    if taken:
        raise ArgumentError(f"register_kind: the word {taken[0]!r} belongs to another kind")
    _KINDS[kind.action] = kind
    for w in kind.words:
        _BY_WORD[w] = kind
    _index()


def unregister_kind(action: type[Action]) -> None:
    """Remove the kind of the action class ``action`` (a kind registered for a
    test, say); its actions no longer parse, list or apply."""
    kind = _KINDS.pop(action, None)
    if kind is None:
        raise ArgumentError(f"unregister_kind: no kind is registered for {short_repr(action)}")
    for w in kind.words:
        del _BY_WORD[w]
    _index()


def _index() -> None:
    _KEYWORDS.clear()
    _IN_VARIANT.clear()
    for k in _KINDS.values():
        _KEYWORDS.update(k.words, k.keywords)
    for phase in Phase:
        _BY_PHASE[phase] = tuple(
            sorted((k for k in _KINDS.values() if phase in k.phases), key=lambda k: k.action.order)
        )


def kinds() -> tuple[ActionKind, ...]:
    """Every registered kind, in the canonical order of legal actions."""
    return tuple(sorted(_KINDS.values(), key=lambda k: k.action.order))


def kinds_in(variant: Variant) -> tuple[ActionKind, ...]:
    """The registered kinds that ``variant`` ever allows, in canonical order.

    >>> import rummykit as rk
    >>> [k.words[0] for k in kinds_in(rk.load_variant("tongits"))][-4:]
    ['fight', 'fold', 'pass', 'drop']
    """
    kit = kit_for(variant)
    return tuple(k for k in kinds() if k.in_variant(kit))


def kind_of(action: Action) -> ActionKind:
    """The kind of ``action``; raises :class:`~rummykit.NotationError` for an
    action class no kind registered."""
    kind = _KINDS.get(type(action))
    if kind is None:
        raise NotationError(f"malformed action: {short_repr(action)} is not a rummykit action")
    return kind


for _kind in (
    DrawKind(),
    TakeKind(),
    PickKind(),
    PickupKind(),
    MeldKind(),
    LayoffKind(),
    SwapKind(),
    BorrowKind(),
    CombineKind(),
    DiscardKind(),
    KnockKind(),
    DeclareKind(),
    CallKind(),
    BuyKind(),
    PassKind(),
    DropKind(),
    FightKind(),
    FoldKind(),
    AskKind(),
    YesKind(),
    NoKind(),
):
    register_kind(_kind)
_DISCARD = _KINDS[Discard]


# --------------------------------------------------------------------------- notation


def parse_action(text: str) -> Action:
    """Read an action in rummykit notation (see the module's table).

    Words and cards are case-insensitive; ``10`` may stand for ``T``. Raises
    :class:`~rummykit.NotationError` naming the problem.

    >>> parse_action("Discard 10s")
    Action.parse('discard TS')
    >>> parse_action("flod")
    Traceback (most recent call last):
    ...
    rummykit.errors.NotationError: bad action 'flod': unknown word 'flod' (expected one of ask, borrow, buy, call, combine, declare, discard, draw, drop, fight, fold, knock, layoff, meld, no, pass, pick, pickup, swap, take, yes)
    """
    if not isinstance(text, str):
        raise ArgumentError(f"parse_action: text must be a str, got {short_repr(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise bad_text(text, f"too long ({len(text)} characters; at most {MAX_ACTION_TEXT})")
    raw = text.replace("+", " + ").replace(",", " + ")
    tokens = [t.lower() if t.lower() in _KEYWORDS else t for t in raw.split()]
    if not tokens:
        raise bad_text(text, "empty")
    word = tokens[0].lower()
    kind = _BY_WORD.get(word)
    if kind is None:
        words = ", ".join(sorted(_BY_WORD))
        raise bad_text(text, f"unknown word {word!r} (expected one of {words})")
    return kind.parse(word, tokens[1:], text)


set_parser(parse_action)


def as_action(action: Action | str) -> Action:
    """An action, parsing text; an :class:`Action` object is checked first
    (see :func:`check_action`)."""
    if isinstance(action, Action):
        check_action(action)
        return action
    if not isinstance(action, str):
        raise ArgumentError(f"action must be an Action or its text, got {short_repr(action)}")
    return parse_action(action)


# --------------------------------------------------------------------------- dispatch


def legal_actions(h: Hand, *, every_arrangement: bool = True) -> tuple[Action, ...]:
    """The legal actions of ``h`` in canonical order: each kind's candidates,
    the kinds in their order (without ``every_arrangement``: each knock once,
    with the engine's arrangement)."""
    phase = h._phase
    if phase is _PLAY and h._claim is not None:  # a caller discards after a call
        return tuple(_DISCARD.candidates(h))
    kit = h._kit
    by_phase = _IN_VARIANT.get(kit)
    if by_phase is None:
        by_phase = _IN_VARIANT[kit] = {
            ph: tuple(k for k in ks if k.in_variant(kit)) for ph, ks in _BY_PHASE.items()
        }
    out: list[Action] = []
    for kind in by_phase[phase]:
        out.extend(kind.candidates(h, every_arrangement=every_arrangement))
    return tuple(out)


_ENDED_BY = {
    _TERMINATION_STOCK_EXHAUSTED: "stock",
    _TERMINATION_TURN_LIMIT: "limits.max_turns",
    _TERMINATION_DROPPED: "going_out.drops",
    _TERMINATION_DEALT: "scoring",
}


def _turn_refusal(h: Hand, a: Action, kind: ActionKind) -> Refusal | None:
    """Why no action of ``kind`` may be played in this phase of the turn."""
    phase = h._phase
    p = h._current
    if phase is _OVER:
        return Refusal("the hand is over", _ENDED_BY.get(h._how, "going_out") if h._how else "going_out")
    if phase not in kind.phases:
        if phase is _DRAW:
            return Refusal(f"seat {p} must draw first ({a.word} is not allowed before drawing)", "draw")
        if phase is _PLAY:
            if kind.draws:
                return Refusal(f"seat {p} has already drawn this turn", "draw")
            return Refusal(f"{a.word} is not allowed during a turn", kind.rule)
        if phase is _OFFER:
            return Refusal("the upcard is being offered: take it or pass", "draw")
        if phase is _CLAIM:
            what = "buy" if h._kit.buys else "call"
            return Refusal(f"seat {p} may {what} the discard or pass", "claims")
        if phase is _ANSWER and h._permission is not None:
            return Refusal(f"seat {p} must answer its partner's question: yes or no", "going_out.permission")
        if phase is _ANSWER:
            return Refusal(f"seat {p} must answer the called draw: fight or fold", "going_out.answers")
        return Refusal(
            f"after the knock, seat {p} may only lay off onto the knocker's melds or pass", "layoff"
        )
    if phase is _PLAY and h._claim is not None and kind is not _DISCARD:
        return Refusal(f"seat {p} called the discard and must now discard", "claims")
    return None


_PLAY = Phase.PLAY


def is_legal(h: Hand, action: Action | str) -> bool:
    """Whether ``action`` (or its text) may be played as written (see
    :meth:`rummykit.Hand.is_legal`); asks only the action's kind."""
    if not isinstance(action, Action):
        try:
            resolve(h, action)
        except IllegalAction:
            return False
        return True
    kind = _KINDS.get(type(action))
    if kind is None:
        raise NotationError(f"malformed action: {short_repr(action)} is not a rummykit action")
    check_action(action)
    phase = h._phase
    if phase not in kind.phases or (phase is _PLAY and h._claim is not None and kind is not _DISCARD):
        return False
    return kind.allows(h, action)


def resolve(h: Hand, action: Action | str) -> Action:
    """The legal action ``action`` stands for, in canonical (listed) form, or
    raise :class:`~rummykit.IllegalAction` with the reason and the rule. Asks
    only the action's own kind."""
    a = as_action(action)
    kind = kind_of(a)
    why = _turn_refusal(h, a, kind)
    if why is not None:
        raise why.error(a)
    return kind.resolve(h, a)


def perform(h: Hand, a: Action) -> None:
    """Apply the legal, canonical action ``a``."""
    _KINDS[type(a)].perform(h, a)


def refusal(h: Hand, action: Action | str) -> Refusal | None:
    """Why ``action`` may not be played now (None: it may)."""
    try:
        resolve(h, action)
    except IllegalAction as exc:
        return Refusal(exc.reason, exc.rule)
    return None
