"""Range limits on every number, and warnings for rulesets nobody can win.

Issue 15: "Validation admits variants the engine cannot run: ``decks =
1000000000`` validates and ``new_hand`` then exhausts memory; ...
``limits.max_turns = 10**12`` with a ruleset nobody can win never ends;
variants nobody can ever win (hand size 1, runs of 13 only, sets of 8 from one
deck, an initial meld of 13 cards) are accepted ... Validation needs range
limits on every number ...; an unwinnable ruleset gets at least a warning."
"""

from __future__ import annotations

import attrs
import pytest

import rummykit as rk
from rummykit.checks import NUMBER_RANGES, _number_fields, check_warnings, number_range
from rummykit.schema import reference_markdown, variant_schema
from rummykit.variant import Variant


def house(body: str) -> str:
    return 'extends = "straight"\n[variant]\nname = "h"\n' + body


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("[deck]\ndecks = 1000000000", "deck.decks: 1000000000 is out of range: allowed 1 to 12"),
        (
            "[limits]\nmax_turns = 1000000000000",
            "limits.max_turns: 1000000000000 is out of range: allowed 1 to 100000",
        ),
        ("[limits]\nmax_hands = 100000", "limits.max_hands: 100000 is out of range: allowed 1 to 10000"),
        ("[deck]\njokers_per_deck = 1000", "deck.jokers_per_deck: 1000 is out of range: allowed 0 to 12"),
        ("[game_end]\ntarget = 10000000", "game_end.target: 10000000 is out of range: allowed 1 to 1000000"),
        (
            "[scoring.card_values]\nQS = 5000",
            "scoring.card_values.QS: 5000 is out of range: allowed 0 to 1000",
        ),
        (
            "[scoring]\nrummy_multiplier = 1000",
            "scoring.rummy_multiplier: 1000 is out of range: allowed 1 to 100",
        ),
        ("[stock]\nmax_reuses = 100000", "stock.max_reuses: 100000 is out of range: allowed 0 to 1000"),
        (
            "[players]\nmax = 2\n[deck]\ndecks = 2\n[deal]\nfirst_player_extra = 30",
            "deal.first_player_extra: 30 is out of range: allowed 0 to 20",
        ),
    ],
)
def test_attack_numbers_out_of_range(body: str, expected: str) -> None:
    assert [str(p) for p in rk.validate_text(house(body))] == [expected]


def test_attack_hand_size_by_players_out_of_range() -> None:
    """Reported once: the shoe check comes first, the range check adds nothing at the same path."""
    problems = [str(p) for p in rk.validate_text(house('[deal]\nhand_size = { 2 = 10, "3-6" = 1000 }'))]
    assert problems == [
        "deal.hand_size: 3 players need 3001 cards (1000 each and an upcard) but the shoe holds 52"
    ]
    problems = [str(p) for p in rk.validate_text(house("[deck]\ndecks = 12\n[deal]\nhand_size = 61"))]
    assert problems == ["deal.hand_size: 61 is out of range: allowed 1 to 60"]


def test_every_built_in_variant_is_inside_the_ranges() -> None:
    for name in rk.list_variants():
        assert rk.load_variant(name).check() == ()


def test_every_number_field_has_a_range_documented() -> None:
    """Every integer of every table is covered (the '*' entry at worst) and shown in the reference."""
    text = reference_markdown()
    assert "| key | type | default | range | meaning |" in text
    v = rk.load_variant("straight")
    for f in attrs.fields(Variant):
        obj = getattr(v, f.name)
        if not attrs.has(type(obj)):
            continue
        for name, _ in _number_fields(type(obj)):
            lo, hi = number_range(f.name if f.name != "info" else "variant", name)
            assert lo <= hi
    assert number_range("deck", "decks") == NUMBER_RANGES["deck.decks"]


def test_schema_carries_the_ranges() -> None:
    props = variant_schema()["properties"]
    assert props["limits"]["properties"]["max_turns"]["maximum"] == 100_000
    assert props["deck"]["properties"]["jokers_per_deck"]["minimum"] == 0


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "[deal]\nhand_size = 1",
            "warning: melds: no meld fits in a hand: hands hold at most 2 cards (after drawing) but the smallest"
            " meld needs 3; nobody can ever go out",
        ),
        (
            "[melds]\nsets = false\nrun_min = 13",
            "warning: melds: no meld fits in a hand: hands hold at most 11 cards (after drawing) but the smallest"
            " meld needs 13; nobody can ever go out",
        ),
        (
            '[melds]\nruns = false\nset_min = 8\nset_max = 0\nset_suits = "any"',
            "warning: melds.set_min: no set of 8 cards can be made: the shoe holds at most 4 cards for one set",
        ),
        (
            '[players]\nmax = 3\n[deal]\nhand_size = 13\n[initial_meld]\nkind = "threshold"\nmin_meld_size = 13',
            "warning: initial_meld.min_meld_size: an initial meld of 13 cards needs nearly the whole hand"
            " (hands hold 13): hands will nearly always run to the turn limit",
        ),
    ],
    ids=["hand-size-1", "runs-of-13-only", "sets-of-8-one-deck", "initial-meld-13-of-13"],
)
def test_unwinnable_rulesets_get_a_warning(body: str, expected: str) -> None:
    text = house(body)
    assert rk.validate_text(text) == []  # still valid: "[] when valid" holds
    warnings = rk.validate_text(text, warnings=True)
    assert expected in [str(w) for w in warnings]
    assert all(w.severity == "warning" for w in warnings)


def test_sets_of_8_from_two_decks_are_possible() -> None:
    text = house(
        '[players]\nmax = 2\n[deck]\ndecks = 2\n[melds]\nruns = false\nset_min = 8\nset_max = 0\nset_suits = "any"'
    )
    assert rk.validate_text(text, warnings=True) == []


@pytest.mark.parametrize("name", rk.list_variants())
def test_built_in_variants_have_no_warnings(name: str) -> None:
    assert check_warnings(rk.load_variant(name)) == ()


def test_validate_file_warnings(tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "one.toml"  # type: ignore[operator]
    path.write_text(house("[deal]\nhand_size = 1"), encoding="utf-8")
    assert rk.validate_file(path) == []
    (w,) = rk.validate_file(path, warnings=True)
    assert w.path == "melds" and w.severity == "warning"
