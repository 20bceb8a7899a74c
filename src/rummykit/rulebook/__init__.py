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

# The describers of the built-in kinds register themselves on import.
from rummykit.rulebook import (  # noqa: F401
    canasta_rules,
    contract_rules,
    end_rules,
    play_rules,
    second_hand_rules,
    showdown_rules,
)
from rummykit.rulebook.book import Rulebook, Section, describe_component, rulebook
from rummykit.rulebook.diff import Change, diff_variants
from rummykit.variant import note_keys, note_text

__all__ = [
    "Change",
    "Rulebook",
    "Section",
    "describe_component",
    "diff_variants",
    "note_keys",
    "note_text",
    "rulebook",
]
