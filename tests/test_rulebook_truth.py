"""Rulebooks that tell the truth: notes name the keys they explain, sources
are cited as a reader can follow them, and what does not apply is left out
(issue "For people", section "House-rule rulebooks that tell the truth")."""

from __future__ import annotations

import re
import tomllib
from typing import Any

import pytest

import rummykit as rk
from rummykit.rulebook import note_keys, note_text, rulebook

VARIANTS = rk.list_variants()
_TAG = re.compile(r"^\[(S[0-9]+)\] ")
ALL_TAGS = {
    m.group(1) for name in VARIANTS for s in rk.load_variant(name).info.sources if (m := _TAG.match(s))
}


def _lookup(doc: dict[str, Any], path: str) -> bool:
    node: Any = doc
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


@pytest.mark.parametrize("name", VARIANTS)
def test_every_note_key_names_a_key_of_the_ruleset(name: str) -> None:
    """A note's ``[key]`` prefix must name a real key, or the note would never be dropped."""
    v = rk.load_variant(name)
    doc = tomllib.loads(v.to_toml())
    for note in v.info.notes:
        for key in note_keys(note):
            assert _lookup(doc, key), (
                f"{name}: note names {key!r}, which the ruleset does not have: {note[:60]}"
            )


@pytest.mark.parametrize("name", VARIANTS)
def test_sources_are_followable_and_every_abbreviation_is_spelled_out(name: str) -> None:
    """Sources are labels of docs/sources.md with a title and site a reader can
    follow, never an address; every label a note cites is among the variant's sources."""
    v = rk.load_variant(name)
    own = set()
    for source in v.info.sources:
        assert "http" not in source and "www." not in source, source
        m = _TAG.match(source)
        assert m, f"{name}: a source should start with its label: {source!r}"
        own.add(m.group(1))
        assert len(source) > len(m.group(0)) + 10, f"{name}: {source!r} says too little to be followed"
    for note in v.info.notes:
        for tag in ALL_TAGS:
            if re.search(rf"(?<![A-Za-z0-9-]){re.escape(tag)}(?![A-Za-z0-9-])", note_text(note)):
                assert tag in own, f"{name}: a note cites {tag}, which its sources do not list"


def test_notes_print_without_their_key_prefix() -> None:
    book = rulebook(rk.load_variant("straight"))
    assert book.notes and all(not n.startswith("[") for n in book.notes)
    assert any(n.startswith("One meld per turn") for n in book.notes)


def test_jokers_are_valued_only_where_the_deck_has_them() -> None:
    """Straight rummy has no jokers ([S4]: "Standard Rummy doesn't use jokers"), so its
    card values must not list a joker value; Kalooki's deck has jokers and lists it."""
    plain = rulebook(rk.load_variant("straight")).to_text()
    assert "Card values:" in plain and "jokers 15" not in plain
    jokers = rulebook(rk.load_variant("kalooki")).to_text()
    assert re.search(r"jokers \d+", jokers)


def _house(tmp_path: Any, body: str) -> rk.Variant:
    path = tmp_path / "house.toml"
    path.write_text(body, encoding="utf-8")
    return rk.load_variant(path)


def test_a_house_rule_never_inherits_a_note_its_rules_contradict(tmp_path: Any) -> None:
    """Issue "For people": the kitchen example allows any number of melds, so its
    rulebook must not keep straight rummy's "one meld per turn" note; a game to 250
    must not keep "target 100". Notes about keys the house rule leaves alone stay."""
    kitchen = rk.load_variant("examples/kitchen.toml")
    text = rulebook(kitchen).to_text()
    assert "One meld per turn" not in text
    assert "Stock exhaustion: the discard pile is turned over" in text  # untouched key: kept
    to_250 = _house(tmp_path, 'extends = "straight"\n[variant]\nname = "ours"\n[game_end]\ntarget = 250\n')
    notes = rulebook(to_250).notes
    assert not any(n.startswith("Target 100") for n in notes)
    assert any(n.startswith("One meld per turn") for n in notes)  # meld timing unchanged: kept


def test_a_house_rule_has_its_own_title_and_description(tmp_path: Any) -> None:
    house = _house(tmp_path, 'extends = "gin"\n[variant]\nname = "ours"\n[game_end]\ntarget = 250\n')
    assert house.info.description != rk.load_variant("gin").info.description
    assert house.title == "ours" and "Gin Rummy" in house.info.description
    kitchen = rk.load_variant("examples/kitchen.toml")
    assert kitchen.title == "Straight rummy, kitchen rules"  # a title it sets is kept
