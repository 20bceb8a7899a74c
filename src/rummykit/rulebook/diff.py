"""The differences between two variants, each in plain language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from rummykit.rulebook.book import describe_component
from rummykit.rules.scoring import STANDARD_VALUES
from rummykit.variant import Variant, component_fields

_LABELS = {
    "ranking": "Aces and runs",
    "deck": "Cards",
    "deal": "Deal",
    "dealer": "Dealer",
    "second_hand": "Second hand",
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
