"""Phrases the rulebook is written with, and the table of describers: one
function per component kind, registered with :func:`_describes`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rummykit.cards import Rank
from rummykit.rules import Ace, ByPlayers
from rummykit.rules.scoring import STANDARD_VALUES, Scoring
from rummykit.variant import Variant


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


_DESCRIBERS: dict[type, Callable[[Any, Variant], list[str]]] = {}


def _describes(
    *classes: type,
) -> Callable[[Callable[[Any, Variant], list[str]]], Callable[[Any, Variant], list[str]]]:
    def wrap(fn: Callable[[Any, Variant], list[str]]) -> Callable[[Any, Variant], list[str]]:
        for cls in classes:
            _DESCRIBERS[cls] = fn
        return fn

    return wrap
