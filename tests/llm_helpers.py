"""Shared helpers of the text-agent tests: states of every variant, and
replies written in many styles."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable

import attrs

import rummykit as rk
from rummykit.cards import Card

RANK_WORDS = [
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
]
SUIT_WORDS = ["clubs", "diamonds", "hearts", "spades"]
SYMBOLS = "♣♦♥♠"


HOUSE = {
    "call-rummy": 'extends = "straight"\n[variant]\nname = "call-rummy"\n[claims]\nkind = "call-rummy"\n',
    "borrowing": (
        'extends = "straight"\n[variant]\nname = "borrowing"\n[swap]\nkind = "standard"\njokers = false\n'
        'borrow = "any"\nrequires_own_meld = false\n'
    ),
    "throw-down": 'extends = "straight"\n[variant]\nname = "throw-down"\n[draw]\nkind = "pick-any"\n',
}
"""House rules (from the optional-rules page) whose moves no built-in variant has:
claims, borrowing, picking any visible discard."""


def variant(name: str) -> rk.Variant:
    """A built-in variant, or one of :data:`HOUSE`."""
    return rk.loads_variant(HOUSE[name]) if name in HOUSE else rk.load_variant(name)


def short(v: rk.Variant, turns: int = 200) -> rk.Variant:
    return attrs.evolve(v, limits=attrs.evolve(v.limits, max_turns=turns))


GAMES = 3
MOVES = 120
"""The games :func:`states` plays, and the most moves of each it plays."""


@functools.cache
def cached_states(name: str, seed: int, count: int) -> tuple[rk.Hand, ...]:
    """:func:`states`, kept for the other tests of the same process (the
    hands must not be changed: clone them first)."""
    return tuple(states(name, seed, count))


def states(name: str, seed: int, count: int, players: int | None = None) -> list[rk.Hand]:
    """``count`` hands of ``name`` at points of greedy/random games where a
    player is to move (clones): first, for the rarest kinds of move, a point
    where that kind is legal (so that rare moves are read too), then random
    points."""
    v = short(variant(name))
    n = players or max(3 if name == "call-rummy" else 2, v.players.min)
    rng = random.Random(seed)
    first: dict[str, rk.Hand] = {}
    seen: dict[str, int] = {}
    rest: list[rk.Hand] = []
    for game in range(GAMES):
        h = rk.new_hand(v, players=n, seed=seed * 100 + game)
        bots = [rk.GreedyBot(v, seed=s) if (s + game) % 2 else rk.RandomBot(v, seed=s) for s in range(n)]
        while not h.is_over and len(h.actions) < MOVES:
            kinds = {_kind(a) for a in h.legal_actions()}
            for k in kinds:
                seen[k] = seen.get(k, 0) + 1
            new = kinds - set(first)
            if new:
                clone = h.clone()
                for k in new:
                    first[k] = clone
            elif rng.random() < 0.1:
                rest.append(h.clone())
            p = h.current_player
            assert p is not None
            h.apply(bots[p].choose(h.view(p)))
    chosen: list[rk.Hand] = []
    for k in sorted(first, key=lambda k: (seen[k], k)):
        if first[k] not in chosen:
            chosen.append(first[k])
    rng.shuffle(rest)
    return (chosen[:count] + rest)[:count]


def _kind(a: rk.Action) -> str:
    words = str(a).split()
    return " ".join(w for w in words if w.isalpha() and w.islower())


def card_word(card: Card, rng: random.Random) -> str:
    """A card written for people, in one of several ways."""
    if card.is_joker:
        return rng.choice(["the joker", "joker", "JK", "a Joker"])
    rank = RANK_WORDS[card.rank - 1]
    digit = str(card.rank.value) if 2 <= card.rank <= 10 else str(card.rank)
    suit = SUIT_WORDS[card.suit]
    symbol = SYMBOLS[card.suit]
    return rng.choice(
        [
            f"the {rank} of {suit}",
            f"{rank.capitalize()} of {suit.capitalize()}",
            f"{digit} of {suit}",
            f"the {digit} of {suit}",
            f"{digit}{symbol}",
            f"{str(card)[0]}{symbol}",
            str(card).lower(),
            f"{digit}{str(card)[1].lower()}",
        ]
    )


def in_words(text: str, rng: random.Random) -> str:
    """An action's notation with every card written for people."""
    out = []
    for token in text.split():
        parts = token.split("=")
        try:
            cards = [rk.parse_card(p) for p in parts]
        except rk.RummyError:
            out.append(token)
            continue
        out.append("=".join(card_word(c, rng) for c in cards))
    return " ".join(out)


PHRASES: dict[str, list[str]] = {
    "draw": ["draw", "I'll draw from the stock", "Draw a card from the deck", "draw"],
    "take": ["take", "I take the discard", "pick up the top discard", "take"],
    "pass": ["pass", "I pass", "Pass."],
    "drop": ["drop", "I drop out"],
}


def styles(action: rk.Action, rng: random.Random, others: list[rk.Action]) -> list[str]:
    """``action`` written in several styles, each of which must be read as it."""
    text = str(action)
    word = text.split()[0]
    said = in_words(text, rng)
    out = [
        text,
        text.lower(),
        text.upper(),
        f"I'll {said}.",
        f"Move: {text}",
        f"I have thought about it.\n\n**Move:** {said}",
        json.dumps({"action": text}),
        json.dumps({"reasoning": "it is best", "action": said}),
        f"```\n{text}\n```",
        f"Sure! Here is my move:\n```json\n{json.dumps({'action': text})}\n```",
        said,
        f"the move: {said}",
    ]
    if text in ("draw", "take", "pass", "drop"):
        out += PHRASES[text]
    if others:
        other = rng.choice(others)
        out.append(f"{text}, then {other}")
        out.append(f"{said}. After that: {in_words(str(other), rng)}")
    if word == "discard":
        out.append(f"I'll throw away {in_words(text.split()[1], rng)}")
    if word == "layoff":
        card, _, target = text.split()[1:]
        out.append(f"lay off {in_words(card, rng)} onto meld #{target}")
    return out


def said_ok(result: rk.Action, junk: str) -> bool:
    """Whether ``junk`` said ``result``: its move word and every card of it."""
    words = str(result).split()
    lowered = junk.lower()
    synonyms = {
        "discard": ("discard", "throw", "toss", "dump", "drop"),
        "meld": ("meld", "lay down", "put down"),
        "layoff": ("layoff", "lay off", "laid off"),
        "take": ("take", "pick up", "took", "grab", "pick", "draw"),
        "pick": ("pick", "take"),
        "draw": ("draw", "drew", "take", "took"),
        "pass": ("pass", "decline", "refuse"),
        "drop": ("drop", "fold", "concede"),
        "call": ("call", "claim"),
        "swap": ("swap", "exchange"),
    }
    if not any(s in lowered for s in synonyms.get(words[0], (words[0],))):
        return False
    codes = {c.split("=")[0] for c in words[1:]}
    return all(
        c.lower() in lowered
        for c in codes
        if not c.isdigit() and c not in ("on", "from", "meld", "melds", "+", "discard", "layoff", "draw")
    )


Judge = Callable[[rk.Hand, str], rk.Action]
