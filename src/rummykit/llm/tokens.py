"""Reading a free-text reply into tokens: move words, cards, numbers.

A reply to a prompt is prose, not notation: ``"I'll throw away the queen of
spades"``, ``"Move: layoff 10♥ onto meld #2"``. :func:`focus` finds the part of
the reply that holds the move (a JSON object's ``"action"``, a fenced code
block, the text after the last ``Move:``), and :func:`tokenize` reads it into
:class:`Token` values: move words (with their common synonyms), cards written
as codes (``QS``, ``10h``), with suit symbols (``Q♠``) or as words (``queen of
spades``, ``the 7 of clubs``), ranks named alone (``the queen``), numbers
(``2``, ``#2``), and the few words that carry structure (``on``, ``from``,
``+``, ``not``, ``then``). Everything else is filler and is dropped.

>>> [str(t) for t in tokenize("I'll throw away the Queen of Spades, not the 10♥.")]
['discard', 'QS', 'not', 'TH', 'then']
>>> focus('Thinking... ```json\\n{"action": "draw"}\\n```')
'draw'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

import attrs

from rummykit import Card, Rank, Suit

__all__ = ["VERBS", "Token", "focus", "tokenize"]

VERBS = (
    "ask",
    "borrow",
    "buy",
    "call",
    "combine",
    "declare",
    "discard",
    "draw",
    "drop",
    "fight",
    "fold",
    "knock",
    "layoff",
    "meld",
    "pass",
    "pick",
    "pickup",
    "swap",
    "take",
    "yes",
    "no",
)
"""The move words of the action notation (see :func:`rummykit.parse_action`)."""

MAX_REPLY_CHARS = 20_000
"""Longer replies are read only up to this many characters (a move is short;
a reply that long is mostly thinking, and the move is looked for in it)."""

MAX_JSON_TRIES = 50
"""How many ``{`` of a reply are tried as the start of a JSON object."""


@attrs.frozen
class Token:
    """One meaningful piece of a reply.

    ``kind`` is one of ``verb`` (``value`` the notation's move word), ``card``
    (``card`` and, for a wild written with what it stands for, ``stands_for``),
    ``rank`` (a rank named without a suit), ``num``, ``plus`` (a separator
    between cards), ``on``, ``from``, ``eq`` (``=`` or ``as`` between two
    cards), ``stock``, ``pile``, ``not`` and ``then`` (a sentence or step
    boundary). ``text`` is the text read; ``plural`` marks a plural move word
    (``melds``).
    """

    kind: str
    value: str = ""
    card: Card | None = None
    stands_for: Card | None = None
    rank: Rank | None = None
    number: int = 0
    text: str = ""
    plural: bool = False

    def __str__(self) -> str:
        if self.kind == "card":
            assert self.card is not None
            return str(self.card) if self.stands_for is None else f"{self.card}={self.stands_for}"
        if self.kind == "rank":
            assert self.rank is not None
            return f"{self.rank}?"
        if self.kind == "num":
            return str(self.number)
        if self.kind == "verb":
            return self.value + ("s" if self.plural else "")
        return {"plus": "+", "eq": "="}.get(self.kind, self.kind)


# --------------------------------------------------------------------------- focus

_FENCE = re.compile(r"```[A-Za-z0-9_+-]*[ \t]*\n?(.*?)```", re.DOTALL)
_MARKER = re.compile(
    r"(?i)\b(?:final\s+answer|answer|my\s+move|move|action|choice|decision|play)\b[ \t]*[*_]*[ \t]*[:=][ \t]*[*_]*"
)
_THINK = re.compile(r"(?is)<think(?:ing)?>.*?</think(?:ing)?>")


def _json_action(text: str) -> str | None:
    """The ``"action"`` (or ``"move"``) of the first JSON object in ``text``
    that has one."""
    decoder = json.JSONDecoder()
    start = text.find("{")
    tries = 0
    while start != -1 and tries < MAX_JSON_TRIES:
        tries += 1
        try:
            obj, _ = decoder.raw_decode(text, start)
        except (ValueError, RecursionError):  # not JSON, or nested too deep to read
            start = text.find("{", start + 1)
            continue
        if isinstance(obj, dict):
            for key in ("action", "move", "Action", "Move"):
                value = obj.get(key)
                if isinstance(value, str):
                    return value
        start = text.find("{", start + 1)
    return None


def focus(reply: str) -> str:
    """The part of ``reply`` that holds the move.

    In order: a ``<think>...</think>`` block is dropped; a JSON object's
    ``"action"`` (or ``"move"``) value wins; else the first fenced code block
    (``` ``` ```); else the text after the last ``Move:`` (also ``Action:``,
    ``Answer:``, ``Final answer:``, ``Choice:``, ``Decision:``, ``Play:``,
    markdown bold allowed); else the whole reply.

    >>> focus("The top card helps me. Move: take")
    'take'
    >>> focus('{"reasoning": "low card", "action": "discard 2C"}')
    'discard 2C'
    """
    text = _THINK.sub(" ", reply[:MAX_REPLY_CHARS])
    found = _json_action(text)
    if found is not None:
        return found.strip()
    fence = _FENCE.search(text)
    if fence is not None and fence.group(1).strip():
        inner = fence.group(1)
        found = _json_action(inner)
        text = found if found is not None else inner
    markers = list(_MARKER.finditer(text))
    if markers:
        after = text[markers[-1].end() :]
        if after.strip():
            text = after
    return text.strip()


# --------------------------------------------------------------------------- words

_RANK_WORDS: dict[str, Rank] = {
    "ace": Rank.ACE,
    "two": Rank.TWO,
    "deuce": Rank.TWO,
    "three": Rank.THREE,
    "trey": Rank.THREE,
    "four": Rank.FOUR,
    "five": Rank.FIVE,
    "six": Rank.SIX,
    "seven": Rank.SEVEN,
    "eight": Rank.EIGHT,
    "nine": Rank.NINE,
    "ten": Rank.TEN,
    "jack": Rank.JACK,
    "knave": Rank.JACK,
    "queen": Rank.QUEEN,
    "king": Rank.KING,
}
_RANK_PLURALS = {"sixes": "six", "deuces": "deuce", "treys": "trey"}
_RANK_CODES: dict[str, Rank] = {r.letter.lower(): r for r in Rank} | {"10": Rank.TEN}
_SUIT_WORDS: dict[str, Suit] = {
    "club": Suit.CLUBS,
    "diamond": Suit.DIAMONDS,
    "heart": Suit.HEARTS,
    "spade": Suit.SPADES,
}
_SUIT_CODES: dict[str, Suit] = {s.letter.lower(): s for s in Suit} | {
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
_NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
_ORDINALS = {
    w: i
    for i, w in enumerate(
        ["second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"], 2
    )
}
_ENGLISH_CODES = frozenset({"as", "ah", "ad"})
"""Card codes that are English words too: read as cards only where a card is
expected (after a move word, a card, ``+`` or ``=``, or before a card), or
written in capitals."""

_RANK_WORD = r"(?:aces?|twos?|deuces?|threes?|treys?|fours?|fives?|sixe?s?|sevens?|eights?|nines?|tens?|jacks?|knaves?|queens?|kings?)"
_RANK_SYM = r"(?:10|[2-9akqjt])"
_SUIT_WORD = r"(?:clubs?|diamonds?|hearts?|spades?)"
_SYMBOLS = "♣♧♦♢♥♡♠♤"
_B = r"(?<![A-Za-z0-9])"  # a word start (card codes sit next to '=' and symbols)
_E = r"(?![A-Za-z0-9])"

_PATTERNS: tuple[tuple[str, str], ...] = (
    (
        "card_words",
        rf"{_B}(?:the\s+|a\s+|an\s+)?({_RANK_WORD}|{_RANK_SYM})\s+of\s+({_SUIT_WORD}|[{_SYMBOLS}])\ufe0f?{_E}",
    ),
    ("card_symbol", rf"{_B}({_RANK_SYM})\s?([{_SYMBOLS}])\ufe0f?"),
    ("symbol_card", rf"([{_SYMBOLS}])\ufe0f?\s?({_RANK_SYM}){_E}"),
    ("joker", rf"{_B}(?:jk|jokers?|jkr){_E}"),
    ("card_code", rf"{_B}({_RANK_SYM})([cdhs]){_E}"),
    ("then", r"(?:\.(?=\s|$)|;|\bthen\b|\bafter\s+that\b|\bafterwards\b|\bnext\b|\n)"),
    ("not", r"\b(?:not|never|instead\s+of|rather\s+than|without)\b|n't\b|\bcannot\b"),
    (
        "pile_phrase",
        r"\b(?:discard\s+pile|the\s+discards?|top\s+discard|a\s+discard|this\s+discard|that\s+discard|discards|pile|upcard|up[\s-]card)\b",
    ),
    ("stock", r"\b(?:stock|deck|pack)\b"),
    ("meld", r"\b(?:(?:lay|lays|laying|put|puts|putting)\s+down|meld(?:s|ing|ed)?)\b"),
    ("layoff", r"\b(?:lay(?:s|ing)?[\s-]*off|laid\s+off|layoffs?|add|put|place)\b"),
    ("discard", r"\b(?:discard(?:s|ing|ed)?|throw(?:s|ing)?(?:\s+(?:away|out|down))?|threw|toss|dump)\b"),
    ("draw", r"\b(?:draw(?:s|ing|n)?|drew)\b"),
    (
        "pickup",
        r"\bpickups?\b|\b(?:pick(?:s|ing|ed)?\s+up|tak(?:e|es|ing)|took|grab(?:s|bing)?)\s+the\s+(?:whole|entire)"
        r"\s+(?:discard\s+)?pile\b",
    ),
    ("take", r"\b(?:tak(?:e|es|en|ing)|took|pick(?:s|ing|ed)?\s+up|grab)\b"),
    ("pick", r"\bpick(?:s|ing)?\b"),
    ("knock", r"\bknock(?:s|ing|ed)?\b"),
    ("declare", r"\bdeclar(?:e|es|ing)\b"),
    ("swap", r"\b(?:swap(?:s|ping)?|exchange)\b"),
    ("borrow", r"\bborrow(?:s|ing)?\b"),
    ("combine", r"\b(?:combin(?:e|es|ing)|merg(?:e|es|ing)|join(?:s|ing)?)\b"),
    ("call", r"\b(?:call(?:s|ing)?|claim(?:s|ing)?)\b"),
    ("buy", r"\b(?:buy(?:s|ing)?|bought)\b"),
    ("pass", r"\b(?:pass(?:es|ing)?|decline|refuse)\b"),
    ("fight", r"\b(?:fight(?:s|ing)?|challeng(?:e|es|ing))\b"),
    ("fold", r"\bfold(?:s|ing)?\b"),
    ("drop", r"\b(?:drop(?:s|ping)?|concede)\b"),
    # the partner's permission to go out (Canasta): words common in prose
    # count only as the whole move or in a set phrase
    ("ask", r"\bask(?:s|ing)?\s+(?:my\s+|the\s+)?partner\b|\bmay\s+i\s+go\s+out\b|^\s*ask\s*[.!]?\s*$"),
    ("yes", r"\b(?:answer|say|reply)\s+yes\b|^\s*yes\s*[.!]?\s*$"),
    ("no", r"\b(?:answer|say|reply)\s+no\b|^\s*no\s*[.!]?\s*$"),
    ("on", r"\b(?:on|onto|to)\b"),
    ("from", r"\bfrom\b"),
    ("eq", r"=|\b(?:as|for|standing\s+for|stands\s+for|representing|represents)\b"),
    ("plus", r"[+,&/]|\band\b"),
    ("ordinal", r"\b([0-9]{1,4})(?:st|nd|rd|th)\b"),
    ("ordinal_word", r"\b(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\b"),
    ("num", r"#?\b([0-9]{1,4})\b"),
    ("top_number", r"\btop\s+(one|two|three|four|five|six|seven|eight|nine|ten)\b"),
    ("number_cards", r"\b(one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:cards|discards)\b"),
    ("rank_word", rf"\b({_RANK_WORD})\b"),
)
_SCAN = re.compile(
    "|".join(f"(?P<{name}>{pattern})" for name, pattern in _PATTERNS), re.IGNORECASE | re.MULTILINE
)
_VERB_GROUPS = frozenset(VERBS)


def _rank(text: str) -> Rank:
    word = text.lower()
    if word in _RANK_CODES:
        return _RANK_CODES[word]
    word = _RANK_PLURALS.get(word, word)
    if word not in _RANK_WORDS and word.endswith("s"):
        word = word[:-1]
    return _RANK_WORDS[word]


def _suit(text: str) -> Suit:
    word = text.lower()
    if word in _SUIT_CODES:
        return _SUIT_CODES[word]
    return _SUIT_WORDS[word.rstrip("s")]


def _raw(text: str) -> Iterable[Token]:
    for m in _SCAN.finditer(text):
        kind = m.lastgroup
        assert kind is not None
        whole = m.group(0)
        inner = [g for g in m.groups()[m.re.groupindex[kind] :] if g is not None]
        if kind in ("card_words", "card_symbol", "card_code"):
            yield Token("card", card=Card(_rank(inner[0]), _suit(inner[1])), text=whole)
        elif kind == "symbol_card":
            yield Token("card", card=Card(_rank(inner[1]), _suit(inner[0])), text=whole)
        elif kind == "joker":
            yield Token("card", card=Card.joker(), text=whole)
        elif kind == "pile_phrase":
            yield Token("pile", text=whole)
        elif kind in _VERB_GROUPS:
            plural = kind == "meld" and whole.lower() == "melds"
            yield Token("verb", value=kind, text=whole, plural=plural)
        elif kind in ("num", "ordinal"):
            yield Token("num", number=int(inner[0]), text=whole)
        elif kind == "ordinal_word":
            yield Token("num", number=_ORDINALS[inner[0].lower()], text=whole)
        elif kind in ("top_number", "number_cards"):
            yield Token("num", number=_NUMBER_WORDS[inner[0].lower()], text=whole)
        elif kind == "rank_word":
            word = inner[0].lower()
            plural = word.endswith("s") and word not in _RANK_WORDS
            yield Token("rank", rank=_rank(inner[0]), text=whole, plural=plural)
        else:
            yield Token(kind, text=whole)


def _is_card(t: Token | None) -> bool:
    return t is not None and t.kind == "card"


def _share_suits(tokens: list[Token]) -> list[Token]:
    """``the seven, eight and nine of hearts``: ranks named in a list before
    ``RANK of SUIT`` take that suit."""
    out = list(tokens)
    for i, t in enumerate(out):
        if t.kind != "card" or t.card is None or t.card.is_joker or " of " not in t.text.lower():
            continue
        j = i - 1
        while j >= 1 and out[j].kind == "plus" and _rank_like(out[j - 1]):
            rank = out[j - 1].rank if out[j - 1].kind == "rank" else Rank(out[j - 1].number)
            assert rank is not None
            out[j - 1] = Token("card", card=Card(rank, t.card.suit), text=out[j - 1].text)
            j -= 2
    return out


def _rank_like(t: Token) -> bool:
    return t.kind == "rank" or (t.kind == "num" and 2 <= t.number <= 10 and not t.text.startswith("#"))


def _is_wild(t: Token | None, wild: frozenset[Rank]) -> bool:
    return t is not None and t.card is not None and (t.card.is_joker or t.card.rank in wild)


def tokenize(text: str, wild_ranks: Iterable[Rank] = ()) -> list[Token]:
    """The tokens of ``text`` (see :class:`Token`), filler dropped.

    A wild card followed by ``=`` (or ``as``, ``for``, ``standing for``) and
    a card becomes one card token that stands for the second card
    (``JK=9H``, ``the joker as the nine of hearts``); ``wild_ranks`` are the
    ranks that are wild in the hand (a printed joker always is). ``+``,
    ``,``, ``and`` are kept only between two cards (they separate melds).

    >>> [str(t) for t in tokenize("meld the joker as the nine of hearts, 10H and JH")]
    ['meld', 'JK=9H', '+', 'TH', '+', 'JH']
    >>> [str(t) for t in tokenize("lay off 9h onto meld #2")]
    ['layoff', '9H', 'on', 'meld', '2']
    """
    wild = frozenset(wild_ranks)
    raw = list(_raw(text))
    # English words that are card codes ("as", "ah"): cards only in a card's place
    out: list[Token] = []
    for i, t in enumerate(raw):
        if t.kind == "card" and t.text.lower() in _ENGLISH_CODES and not t.text.isupper():
            prev = out[-1] if out else None
            nxt = raw[i + 1] if i + 1 < len(raw) else None
            word = t.text.lower()
            if word == "as" and _is_wild(prev, wild) and _is_card(nxt):
                out.append(Token("eq", text=t.text))
                continue
            in_place = prev is not None and prev.kind in ("verb", "card", "plus", "eq", "on")
            if not (in_place or _is_card(nxt)):
                if word == "as":
                    out.append(Token("eq", text=t.text))
                continue
        out.append(t)
    out = _share_suits(out)
    # wild designations: a wild, '=' or 'as', a card
    merged: list[Token] = []
    i = 0
    while i < len(out):
        t = out[i]
        if (
            t.kind == "card"
            and i + 2 < len(out)
            and out[i + 1].kind == "eq"
            and out[i + 2].kind == "card"
            and (_is_wild(t, wild) or out[i + 1].text == "=")
        ):
            merged.append(attrs.evolve(t, stands_for=out[i + 2].card, text=f"{t.text}={out[i + 2].text}"))
            i += 3
            continue
        if t.kind != "eq":
            merged.append(t)
        i += 1
    # separators only between cards
    final: list[Token] = []
    for i, t in enumerate(merged):
        if t.kind == "plus":
            prev = final[-1] if final else None
            nxt = merged[i + 1] if i + 1 < len(merged) else None
            if not (_is_card(prev) and _is_card(nxt)):
                continue
            if final and final[-1].kind == "plus":
                continue
        final.append(t)
    return final
