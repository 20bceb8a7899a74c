"""What a text reply means: :func:`parse`, a tolerant reader of moves.

A reply is read in three steps. :func:`~rummykit.llm.tokens.focus` finds
the part that holds the move (a JSON ``"action"``, a code block, the text
after the last ``Move:``); :func:`~rummykit.llm.tokens.tokenize` reads move
words, cards and numbers from it, whatever the case or the spelling (``QS``,
``Q♠``, ``queen of spades``, ``10 of hearts``, ``ten of hearts``); the tokens
are cut into moves at each move word, and the first move that is not
negated (``not draw``) and says enough to be a move is the answer (in prose,
the first after ``I'll``, ``I choose``..., when there is one: ``draw or take?
I'll take``); a reply
may go on with later moves, as a turn of several steps is played one move at
a time. That move is written in the action notation and checked by the
engine; where the notation leaves something out that the legal moves make
plain (the meld number of a lay-off, how deep to dig, how a declaration's
cards fall into melds, the suit of a card named by rank alone), the one
legal move of that kind with exactly those cards is taken.

A reply that names no move, fits several legal moves, or names a move the
rules refuse raises :class:`ReplyError` (an :class:`~rummykit.IllegalAction`)
whose message says why and names the nearest legal moves. Its ``rule`` is
the variant key path of the rule that refused the move, passed on from the
engine's refusal; a reply with no move in it has ``rule`` :data:`NO_MOVE`
and an ambiguous one :data:`AMBIGUOUS` (no variant key starts with
``reply.``).

>>> import rummykit as rk
>>> from rummykit import llm
>>> h = rk.new_hand(rk.load_variant("gin"), players=2, dealer=0, discard="AS",
...     hands=["2S 8S 4D 9H 9D 9C KC QC JC TC", "AH 2H 3H 2C 2D 4S 5S 6S 5C KS"],
...     stock="7S 6H 6D 4C 8D")
>>> llm.parse(h, "I'll pass on that ace.")
Action.parse('pass')
>>> h.apply("pass"); h.apply("pass"); h.apply("draw")
>>> llm.parse(h, "Move: **knock with the King of Spades**")
Action.parse('knock KS')
>>> llm.parse(h, "discard the ace of spades")
Traceback (most recent call last):
...
rummykit.llm.replies.ReplyError: reply 'discard the ace of spades' reads as 'discard AS', which is not allowed: AS is not in seat 1's hand. Nearest legal moves: discard AH, discard 4S, discard 5S, discard 6S, discard 7S
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import attrs

from rummykit import (
    Action,
    AmbiguousActionError,
    ArgumentError,
    Card,
    Hand,
    IllegalAction,
    NotationError,
    Rank,
    View,
    parse_action,
    parse_card,
)
from rummykit.engine import (
    Ask,
    Borrow,
    Buy,
    Call,
    Combine,
    Declare,
    Discard,
    Draw,
    Drop,
    Fight,
    Fold,
    Knock,
    Layoff,
    MeldAction,
    No,
    Pass,
    Pick,
    Pickup,
    Swap,
    Take,
    Yes,
)
from rummykit.llm.tokens import Token, focus, tokenize

__all__ = ["AMBIGUOUS", "NO_MOVE", "AmbiguousReply", "ReplyError", "nearest", "parse"]

NO_MOVE = "reply.no_move"
"""``rule`` of a :class:`ReplyError` for a reply in which no move could be
read (no move word, or a move word without what it needs)."""

AMBIGUOUS = "reply.ambiguous"
"""``rule`` of an :class:`AmbiguousReply`: the reply fits several legal moves."""

NEAREST = 5
"""How many nearest legal moves a refusal names."""

SHORTLIST = 10
"""How many legal moves, the nearest by move word and cards, are compared
by spelling to find the nearest ones."""


class ReplyError(IllegalAction):
    """A reply that does not name one legal move.

    ``reply`` is the reply; ``reading`` the move read from it in notation
    (``""`` when none could be read); ``nearest`` the legal moves nearest to
    it; ``rule`` the variant key path of the rule that refused the move
    (from the engine), or :data:`NO_MOVE` / :data:`AMBIGUOUS`.
    """

    def __init__(
        self, reason: str, *, reply: str, reading: str = "", nearest: Sequence[Action] = (), rule: str = ""
    ) -> None:
        super().__init__(reason, rule=rule)
        self.reply = reply
        self.reading = reading
        self.nearest: tuple[Action, ...] = tuple(nearest)


class AmbiguousReply(ReplyError, AmbiguousActionError):
    """A reply that fits several legal moves (``nearest`` lists them)."""


# --------------------------------------------------------------------------- the engine's side


class _Judge:
    """The legal moves and the engine's verdict on a move, for a hand or a
    seat's view (a view asks a determinization: the same view for the seat,
    so the same rules apply to its move)."""

    def __init__(self, state: Hand | View) -> None:
        self.state = state
        if isinstance(state, Hand):
            self.legal = state.legal_actions()
            self.wild: frozenset[Rank] = state.wild_ranks
            self.player = state.current_player
        elif isinstance(state, View):
            self.legal = state.legal
            self.wild = state.wild_ranks
            self.player = state.current_player if state.legal else None
        else:
            raise ArgumentError(f"parse: expected a Hand or a View, got {type(state).__name__}")
        self.listed = frozenset(self.legal)
        self._hand: Hand | None = state if isinstance(state, Hand) else None

    def verify(self, action: Action) -> Action:
        """The canonical legal action ``action`` stands for, or the engine's refusal."""
        if action in self.listed:
            return action
        if self._hand is None:
            assert isinstance(self.state, View)
            try:
                self._hand = self.state.resample(seed=0)
            except ValueError:  # a view read from data: the engine cannot be asked
                raise IllegalAction("it is not one of the legal moves", action=action, rule=NO_MOVE) from None
        return self._hand.verify(action)


# --------------------------------------------------------------------------- segments


@attrs.define
class _Move:
    """The tokens of one move: its move word and what follows it."""

    verb: str
    tokens: list[Token] = attrs.Factory(list)
    negated: bool = False
    closed: bool = False
    then: str = ""
    """The move word continuing it (``take ... meld``), if any."""


_NEEDS_CARDS = frozenset({"borrow", "call", "declare", "discard", "layoff", "meld", "pick", "pickup", "swap"})


def _continues(move: _Move, verb: str) -> bool:
    if move.then:
        return move.verb == "borrow" and verb == "meld" and move.then == "from"
    if move.verb in ("take", "pick", "pickup") and verb in ("meld", "layoff"):
        return True
    if move.verb == "take" and verb == "draw":
        return not any(t.kind in ("card", "num") for t in move.tokens)
    if move.verb == "knock" and verb == "discard":  # "knock, discarding the KS"
        return not any(t.kind == "card" for t in move.tokens)
    return (move.verb, verb) in (("knock", "meld"), ("declare", "discard"), ("borrow", "meld"))


def _moves(tokens: Sequence[Token]) -> list[_Move]:
    """Cut the tokens into moves, each starting at a move word."""
    out: list[_Move] = []
    cur: _Move | None = None
    negate = False
    for i, t in enumerate(tokens):
        prev = tokens[i - 1] if i else None
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if t.kind == "then":
            negate = False
            if cur is not None:
                cur.closed = True
            continue
        if t.kind == "not":
            negate = True
            if cur is not None:
                cur.closed = True
            continue
        if t.kind == "verb":
            before = tokens[i - 2] if i > 1 else None
            noun = t.value == "meld" and (  # "on meld 2", "onto the second meld", "from meld 2"
                (prev is not None and prev.kind in ("on", "from"))
                or (prev is not None and prev.kind == "num" and before is not None and before.kind in ("on", "from"))
                or (cur is not None and not cur.closed and cur.verb in ("layoff", "call", "swap", "borrow")
                    and nxt is not None and nxt.kind == "num")
            )  # fmt: skip
            if noun:
                continue
            if cur is not None and not cur.closed and _continues(cur, t.value):
                cur.then = t.value
                cur.tokens.append(t)
                continue
            cur = _Move(t.value, negated=negate)
            negate = False
            out.append(cur)
            continue
        if cur is not None and not cur.closed:
            cur.tokens.append(t)
    return out


# --------------------------------------------------------------------------- reading a move


@attrs.frozen
class _Reading:
    """A move as read: the notation to try first, and what it says for the
    looser match against the legal moves."""

    text: str
    kinds: tuple[type[Action], ...]
    cards: tuple[tuple[Card, Card | None], ...]
    ranks: tuple[Rank, ...]
    numbers: tuple[int, ...]


def _slot(t: Token) -> str:
    return str(t)


def _groups(tokens: Iterable[Token]) -> str:
    """Cards and separators as notation groups (``7H 8H 9H + QS QH QD``)."""
    out: list[str] = []
    for t in tokens:
        if t.kind == "card":
            out.append(_slot(t))
        elif t.kind == "plus" and out and out[-1] != "+":
            out.append("+")
    while out and out[-1] == "+":
        out.pop()
    return " ".join(out)


def _split_at_then(move: _Move) -> tuple[list[Token], list[Token]]:
    for i, t in enumerate(move.tokens):
        if t.kind == "verb":
            return move.tokens[:i], move.tokens[i + 1 :]
    return list(move.tokens), []


def _number_after(tokens: Sequence[Token], *words: str) -> int | None:
    """The first number after one of ``words`` (``on 2``), else the first number."""
    for i, t in enumerate(tokens):
        if t.kind in words and i + 1 < len(tokens) and tokens[i + 1].kind == "num":
            return tokens[i + 1].number
    for t in tokens:
        if t.kind == "num":
            return t.number
    return None


def _first_card(tokens: Iterable[Token]) -> Token | None:
    return next((t for t in tokens if t.kind == "card"), None)


_RANK_NUMBERS = {n: Rank(n) for n in range(2, 11)}


_ALONE: dict[str, tuple[type[Action], ...]] = {
    "draw": (Draw,), "pass": (Pass,), "fight": (Fight,), "fold": (Fold,), "buy": (Buy,),
    "ask": (Ask,), "yes": (Yes,), "no": (No,),
}  # fmt: skip
"""The moves of one word."""


def _read(move: _Move) -> _Reading | None:
    """The notation a move's tokens stand for (None: the move word alone,
    without what it needs: filler)."""
    verb, tokens = move.verb, move.tokens
    cards = tuple((t.card, t.stands_for) for t in tokens if t.kind == "card" and t.card is not None)
    ranks = [t.rank for t in tokens if t.kind == "rank" and t.rank is not None and not t.plural]
    numbers: list[int] = []
    has = {t.kind for t in tokens}
    kinds: tuple[type[Action], ...]
    text = verb
    if verb == "draw" and "pile" in has and "stock" not in has:
        verb = "take"
    if verb == "take" and "stock" in has and "pile" not in has and not cards and not move.then:
        verb = "draw"
    if verb in _ALONE:
        kinds = _ALONE[verb]
        return _Reading(verb, kinds, (), (), ())
    if verb == "drop":
        if not cards:
            return _Reading("drop", (Drop,), (), (), ())
        verb = "discard"
    if verb == "pickup":  # the whole pile, its top card used at once (Canasta)
        _, tail = _split_at_then(move)
        parts = ["pickup"]
        if move.then == "meld":
            parts.append("meld " + _groups(tail))
        elif move.then == "layoff":
            card = _first_card(tail)
            target = _number_after(tail, "on")
            if card is not None:
                parts.append(f"layoff {_slot(card)}" + (f" on {target}" if target is not None else ""))
                if target is not None:
                    numbers.append(target)
        return _Reading(" ".join(parts), (Pickup,), cards, tuple(ranks), tuple(numbers))
    if verb in ("take", "pick"):
        head, tail = _split_at_then(move)
        parts = ["take" if verb == "take" else "pick"]
        if move.then == "draw":
            parts.append("draw")
            tail = []
        depth = next((t.number for t in head if t.kind == "num"), None)
        first = _first_card(head)
        if verb == "pick" or (first is not None and depth is None):
            if first is not None:
                parts.append(_slot(first))
        elif depth is not None:
            parts.append(str(depth))
            numbers.append(depth)
        if move.then == "meld":
            parts.append("meld " + _groups(tail))
        elif move.then == "layoff":
            card = _first_card(tail)
            target = _number_after(tail, "on")
            if card is not None:
                parts.append(f"layoff {_slot(card)}" + (f" on {target}" if target is not None else ""))
                if target is not None:
                    numbers.append(target)
        return _Reading(" ".join(parts), (Take, Pick), cards, tuple(ranks), tuple(numbers))
    for t in tokens:
        if t.kind == "num" and t.number in _RANK_NUMBERS and verb in ("discard", "knock", "meld", "declare"):
            ranks.append(_RANK_NUMBERS[t.number])
    if verb in _NEEDS_CARDS and not cards and not ranks:
        return None
    if verb == "meld":
        return _Reading("meld " + _groups(tokens), (MeldAction,), cards, tuple(ranks), ())
    if verb == "discard":
        first = _first_card(tokens)
        text = f"discard {_slot(first)}" if first is not None else f"discard a {ranks[0].name.lower()}"
        kept = cards[:1] if first is not None else ()
        return _Reading(text, (Discard,), kept, tuple(ranks[: 1 - len(kept)]), ())
    if verb == "knock":
        head, tail = _split_at_then(move)
        first = _first_card(tail if move.then == "discard" else head)
        text = "knock" if first is None else f"knock {_slot(first)}"
        if move.then == "meld":
            text += " melds " + _groups(tail)
        return _Reading(text, (Knock,), cards, tuple(ranks), ())
    if verb == "declare":
        head, tail = _split_at_then(move)
        text = "declare " + _groups(head)
        last = _first_card(tail)
        if last is not None:
            text += f" discard {_slot(last)}"
        return _Reading(text, (Declare,), cards, tuple(ranks), ())
    if verb in ("layoff", "call"):
        first = _first_card(tokens)
        target = _number_after(tokens, "on")
        kind: type[Action] = Layoff if verb == "layoff" else Call
        if first is None:
            return _Reading(verb, (kind,), (), tuple(ranks), ())
        text = f"{verb} {_slot(first)}" + (f" on {target}" if target is not None else "")
        return _Reading(text, (kind,), cards[:1], (), (target,) if target is not None else ())
    if verb == "swap":
        given = [t for t in tokens if t.kind == "card" and t.card is not None and not t.card.is_joker]
        target = _number_after(tokens, "on")
        text = "swap " + " ".join(_slot(t) for t in given) + (f" on {target}" if target is not None else "")
        said = tuple((t.card, t.stands_for) for t in given if t.card is not None)
        return _Reading(text, (Swap,), said, (), (target,) if target is not None else ())
    if verb == "combine":
        nums = tuple(t.number for t in tokens if t.kind == "num")
        text = "combine" + (f" {nums[0]} into {nums[1]}" if len(nums) >= 2 else "")
        return _Reading(text, (Combine,), (), (), nums[:2])
    if verb == "borrow":
        head, tail = _split_at_then(move)
        first = _first_card(head)
        source = _number_after(head, "from")
        text = f"borrow {_slot(first) if first else ''} from {source} meld {_groups(tail)}"
        return _Reading(text, (Borrow,), cards, tuple(ranks), (source,) if source is not None else ())
    return None  # pragma: no cover - every move word is read above


# --------------------------------------------------------------------------- matching


def _physical(a: Action) -> tuple[Card, ...]:
    """The cards a move names, as a reply would list them."""
    if isinstance(a, Take):
        return a.then.cards() if a.then is not None else ()
    if isinstance(a, Pick) and a.then is not None:
        return a.then.cards()
    return a.cards()


def _numbers(a: Action) -> set[int]:
    out: set[int] = set()
    for name in ("target", "source", "depth"):
        value = getattr(a, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            out.add(value)
    return out


def _fits(a: Action, r: _Reading) -> int:
    """How well legal move ``a`` fits what the reading says: 2 exactly (the
    same cards), 1 as a set of cards (a card named twice), 0 not at all."""
    if not isinstance(a, r.kinds):
        return 0
    if not set(r.numbers) <= _numbers(a):
        return 0
    words = set(str(a).split())
    if any(rep is not None and f"{c}={rep}" not in words for c, rep in r.cards):
        return 0
    phys = Counter(_physical(a))
    said = Counter(c for c, _ in r.cards)
    if r.ranks:
        if not said <= phys:
            return 0
        rest = phys - said
        return 2 if Counter(c.rank for c in rest.elements()) == Counter(r.ranks) else 0
    if phys == said:
        return 2
    return 1 if set(phys) == set(said) else 0


def nearest(legal: Sequence[Action], text: str, *, count: int = NEAREST) -> tuple[Action, ...]:
    """The ``count`` legal moves nearest to ``text`` (a move in notation, or
    any text): the same move word first, then the most cards in common, then
    the closest spelling.

    >>> import rummykit as rk
    >>> legal = [rk.parse_action(t) for t in ("draw", "take", "discard 7H", "discard KS")]
    >>> [str(a) for a in nearest(legal, "discard KH", count=2)]
    ['discard KS', 'discard 7H']
    """
    words = text.split()
    head = words[0] if words else ""
    named = set(words)
    said = [c for w in words for c in _card_of(w)]

    def score(a: Action, s: str) -> tuple[int, int, float]:
        parts = s.split()
        if parts[0] != head:
            return (0, len(named & set(parts[1:])), 0.0)
        cards = _physical(a) or a.cards()
        close = sum(max((1.0 if c.rank == x.rank else 0.5 if c.suit == x.suit else 0.0) for x in cards)
                    for c in said) if cards else 0.0  # fmt: skip
        return (1, len(named & set(parts[1:])), close)

    scored = []
    for i, a in enumerate(legal):
        s = str(a)
        scored.append((score(a, s), -i, s, a))
    # the spelling (a slow comparison) decides only among the best by the rest
    scored.sort(key=lambda x: x[:2], reverse=True)
    short = scored[: max(SHORTLIST, count)]
    short.sort(
        key=lambda x: (x[0], difflib.SequenceMatcher(None, x[2], text).quick_ratio(), x[1]), reverse=True
    )
    return tuple(x[3] for x in short[:count])


def _card_of(word: str) -> tuple[Card, ...]:
    try:
        card = parse_card(word.partition("=")[0])
    except NotationError:
        return ()
    return () if card.is_joker else (card,)


def _short(reply: str) -> str:
    flat = " ".join(reply.split())
    return flat if len(flat) <= 80 else flat[:77] + "..."


def _names(actions: Iterable[Action]) -> str:
    return ", ".join(str(a) for a in actions)


# --------------------------------------------------------------------------- parse


def parse(state: Hand | View, reply: str) -> Action:
    """The legal action ``reply`` means, for the player to move in ``state``
    (a :class:`~rummykit.Hand`, or the :class:`~rummykit.View` of the seat to
    move, as a bot gets it: the engine's refusals are then asked of a
    determinization of the view, :meth:`rummykit.View.resample`, whose rules
    are the same for the seat's own move; a view read from data has none, so
    a move outside its legal moves is refused with :data:`NO_MOVE`).

    Tolerant of case, card words and symbols (``queen of spades``, ``Q♠``,
    ``10 of hearts``, ``ten of hearts``, ``the 7 of clubs``), filler (``I'll
    discard the ...``, ``Move: ...``), a JSON object with an ``"action"``
    key, markdown code fences, and a reply that goes on with later moves
    (the first one counts). See the module's text for how a reply is read.

    Raises :class:`ReplyError` (an :class:`~rummykit.IllegalAction`) for a
    reply that names no move, names a move the rules refuse (its ``rule``
    passed on from the engine) or fits several (:class:`AmbiguousReply`),
    with the nearest legal moves in its message and ``nearest``;
    :class:`~rummykit.ArgumentError` when ``reply`` is not text.

    >>> import rummykit as rk
    >>> from rummykit import llm
    >>> h = rk.new_hand(rk.load_variant("straight"), players=2, dealer=1, discard="KD",
    ...     hands=["7H 8H 9H 2C 2D 2S 5C 6D QS KS", "AC 3D 4H 5S 6S 7S TC JD QH KH"], stock="4C 9D")
    >>> llm.parse(h, '```json\\n{"action": "take"}\\n```')
    Action.parse('take')
    >>> h.apply("draw")
    >>> llm.parse(h, "I'll lay down the seven, eight and nine of hearts, then discard the queen.")
    Action.parse('meld 7H 8H 9H')
    >>> llm.parse(h, "throw away the ten")
    Traceback (most recent call last):
    ...
    rummykit.llm.replies.ReplyError: reply 'throw away the ten' reads as 'discard a ten', which fits no legal move. Nearest legal moves: discard 2C, discard 4C, discard 5C, discard 2D, discard 6D
    """
    if not isinstance(reply, str):
        raise ArgumentError(f"parse: reply must be a str, got {type(reply).__name__}")
    judge = _Judge(state)
    if judge.player is None or not judge.legal:
        who = "the hand is over" if isinstance(state, Hand) and state.is_over else "no move is wanted now"
        raise ReplyError(f"reply {_short(reply)!r} cannot be played: {who}", reply=reply, rule=NO_MOVE)
    text = focus(reply)
    for part in _parts(text, reply):
        for move in _moves(tokenize(part, judge.wild)):
            if move.negated:
                continue
            reading = _read(move)
            if reading is None:
                continue
            return _resolve(judge, reply, reading)
    found = nearest(judge.legal, text)
    raise ReplyError(
        f"reply {_short(reply)!r} names no move (write one move in the action notation, such as "
        f"{str(judge.legal[0])!r}). Nearest legal moves: {_names(found)}",
        reply=reply,
        nearest=found,
        rule=NO_MOVE,
    )


_INTENT = re.compile(
    r"(?i)\b(?:i'?ll|i\s+will|i\s+choose|i\s+chose|i'?m\s+going\s+to|i\s+am\s+going\s+to|i\s+decide\s+to|"
    r"my\s+(?:move|choice)\s+is|let'?s)\b"
)
"""Where a reply in prose says what it does (``I'll``, ``I choose``...)."""


def _parts(text: str, reply: str) -> list[str]:
    """Where to look for the move: in prose (nothing taken out of the reply by
    :func:`~rummykit.llm.tokens.focus`), first from the first ``I'll ...``
    (moves named before it are options weighed: ``draw or take? I'll take``),
    then the whole text."""
    if text != reply.strip():
        return [text]
    m = _INTENT.search(text)
    return [text[m.end() :], text] if m is not None and m.start() > 0 else [text]


def _resolve(judge: _Judge, reply: str, reading: _Reading) -> Action:
    refusal: IllegalAction | None = None
    try:
        action: Action | None = parse_action(reading.text)
    except NotationError:
        action = None
    if action is not None:
        try:
            return judge.verify(action)
        except IllegalAction as exc:
            refusal = exc
    fits = [(f, a) for a in judge.legal if (f := _fits(a, reading))]
    best = max((f for f, _ in fits), default=0)
    chosen = [a for f, a in fits if f == best]
    if len(chosen) == 1 and not isinstance(refusal, AmbiguousActionError):
        return chosen[0]
    if len(chosen) > 1:
        shown = chosen[:NEAREST]
        more = f" (and {len(chosen) - NEAREST} more)" if len(chosen) > NEAREST else ""
        raise AmbiguousReply(
            f"reply {_short(reply)!r} reads as {reading.text!r}, which fits {len(chosen)} legal moves: "
            f"{_names(shown)}{more}; write one of them in full",
            reply=reply,
            reading=reading.text,
            nearest=shown,
            rule=AMBIGUOUS,
        )
    found = nearest(judge.legal, reading.text)
    if refusal is not None:
        why = refusal.reason
        ambiguous = isinstance(refusal, AmbiguousActionError)
        cls: Callable[..., ReplyError] = AmbiguousReply if ambiguous else ReplyError
        raise cls(
            f"reply {_short(reply)!r} reads as {reading.text!r}, which is "
            f"{'ambiguous' if ambiguous else 'not allowed'}: {why}. Nearest legal moves: {_names(found)}",
            reply=reply,
            reading=reading.text,
            nearest=found,
            rule=refusal.rule or (AMBIGUOUS if ambiguous else ""),
        )
    raise ReplyError(
        f"reply {_short(reply)!r} reads as {reading.text!r}, which fits no legal move. "
        f"Nearest legal moves: {_names(found)}",
        reply=reply,
        reading=reading.text,
        nearest=found,
        rule=NO_MOVE,
    )
