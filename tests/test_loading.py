"""Loading and dumping variants: round trips, built-ins, the public loading API.

DESIGN.md: "``v.to_toml()`` ... round-trip text"; "``variants/NAME.toml``, one
per variant ... Every component table carries ``kind``; keys left out take the
component's defaults." STYLE.md §5: "``rummykit show NAME`` dumps the fully
resolved variant, defaults included".
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.loading import builtin_path
from rummykit.rules import concern_bases
from strategies import CONCERNS, per_variant_settings, valid_tweaks

BUILTINS = rk.list_variants()


# --------------------------------------------------------------------------- built-ins


def test_builtin_catalogue_lists_the_variant_files() -> None:
    folder = Path(__file__).parents[1] / "variants"
    assert sorted(p.stem for p in folder.glob("*.toml")) == BUILTINS
    assert "straight" in BUILTINS


@pytest.mark.parametrize("name", BUILTINS)
def test_builtin_loads_by_name_and_by_path(name: str) -> None:
    path = builtin_path(name)
    assert path is not None and path.name == f"{name}.toml"
    v = rk.load_variant(name)
    assert v.name == name
    assert rk.load_variant(path) == v
    assert rk.load_variant(str(path)) == v
    assert rk.validate_file(path) == []
    assert v.check() == ()


@pytest.mark.parametrize("name", BUILTINS)
def test_builtin_round_trip(name: str) -> None:
    v = rk.load_variant(name)
    text = v.to_toml()
    assert rk.loads_variant(text) == v
    assert rk.dump_variant(v) == text
    # a second round gives the same text: dumping is canonical
    assert rk.loads_variant(text).to_toml() == text


@pytest.mark.parametrize("name", BUILTINS)
def test_dump_writes_every_component_with_its_kind(name: str) -> None:
    doc = tomllib.loads(rk.load_variant(name).to_toml())
    assert doc["schema_version"] == 1
    assert list(doc)[:2] == ["schema_version", "variant"]
    assert doc["variant"]["name"] == name
    for concern in concern_bases():
        assert concern in doc, concern
        assert isinstance(doc[concern]["kind"], str)
    assert "extends" not in doc


@pytest.mark.parametrize("name", BUILTINS)
def test_dump_writes_defaults_out(name: str) -> None:
    """Every init field of every component is written, defaults included (None excepted)."""
    v = rk.load_variant(name)
    doc = tomllib.loads(v.to_toml())
    for concern in concern_bases():
        component = getattr(v, concern)
        written = set(doc[concern]) - {"kind"}
        fields = {f.name for f in attrs.fields(type(component)) if f.init}
        unset = {n for n in fields if getattr(component, n) is None}
        assert written == fields - unset, concern


def test_straight_follows_its_source() -> None:
    """[S1] §The Deal: "In a two player game, each
    player is dealt a hand of ten cards. Seven cards each are dealt if there are three or
    four players, and when five or six play each player gets six cards." and "In the
    standard game, aces are low."
    """
    v = rk.load_variant("straight")
    assert [v.deal.hand_size.get(n) for n in range(2, 7)] == [10, 7, 7, 6, 6]
    assert (v.players.min, v.players.max) == (2, 6)
    assert v.ranking.ace is rk.rules.Ace.LOW
    assert len(v.deck.shoe(4)) == 52
    assert v.title == "Straight Rummy"


def test_defaults_fill_an_empty_document() -> None:
    """A file with nothing in it is the default ruleset, named "custom"."""
    v = rk.loads_variant("")
    assert v == rk.Variant(info=rk.VariantInfo(name="custom"))
    assert rk.loads_variant(v.to_toml()) == v


# --------------------------------------------------------------------------- generated variants


def _tweaked_round_trip(name: str, data: st.DataObject) -> None:
    doc = data.draw(valid_tweaks(name), label="house rule")
    v = rk.loads_variant(tomli_w.dumps(doc))
    assert rk.loads_variant(v.to_toml()) == v
    _assert_overlay_applied(v, doc)


@pytest.mark.parametrize("name", BUILTINS)
@settings(max_examples=2)
@given(data=st.data())
def test_tweaked_variant_round_trip(name: str, data: st.DataObject) -> None:
    """House rules with random valid option changes (ace rule, meld timing, stock and
    scoring kinds, card values, game end...) load, dump and load back equal (a few
    house rules of each variant; many more in the ``slow`` twin below)."""
    _tweaked_round_trip(name, data)


@pytest.mark.slow
@pytest.mark.parametrize("name", BUILTINS)
@per_variant_settings()
@given(data=st.data())
def test_tweaked_variant_round_trip_deep(name: str, data: st.DataObject) -> None:
    _tweaked_round_trip(name, data)


def _assert_overlay_applied(v: rk.Variant, doc: dict[str, Any]) -> None:
    """What the house rule set is what the variant has."""
    dumped = tomllib.loads(v.to_toml())
    for concern, table in doc.items():
        if concern == "extends":
            continue
        for key, value in table.items():
            got = dumped[concern].get(key)
            if key == "card_values":
                want = {_canon(k): n for k, n in value.items()}
                assert {k: got[k] for k in want} == want
            elif concern != "variant" or key != "name":
                assert got == value, f"{concern}.{key}"


def _canon(key: str) -> str:
    from rummykit.rules.scoring import normalize_value_key

    return normalize_value_key(key)


def test_tweaks_strategy_covers_every_tweakable_concern() -> None:
    """The overlay strategy is not vacuous: it touches the concerns it claims to."""
    from strategies import tweak_overlays

    seen: set[str] = set()

    @settings(max_examples=40, derandomize=True, database=None)  # 20 cover them already
    @given(tweak_overlays())
    def collect(doc: dict[str, Any]) -> None:
        seen.update(doc)

    collect()
    assert {"ranking", "meld_timing", "stock", "scoring", "game_end", "variant"} <= seen
    assert seen <= {*CONCERNS, "variant", "limits"}


# --------------------------------------------------------------------------- API details


def test_loads_variant_source_names_the_text() -> None:
    with pytest.raises(rk.VariantError) as info:
        rk.loads_variant("[ranking]\nace = 1", source="mine.toml")
    assert info.value.source == "mine.toml"
    assert str(info.value).splitlines()[1].startswith("mine.toml: ranking.ace: ")
    with pytest.raises(rk.VariantError) as info:
        rk.loads_variant("[ranking]\nace = 1")
    assert info.value.source == "<string>"


def test_validate_text_never_raises_on_bad_input() -> None:
    assert rk.validate_text("[[[") != []
    assert rk.validate_text("= 1") != []
    assert rk.validate_text('[players]\nmin = "two"') == [
        rk.Problem("players.min", 'expected an integer, got "two"')
    ]


def test_problem_formatting() -> None:
    assert str(rk.Problem("a.b", "bad")) == "a.b: bad"
    assert str(rk.Problem("", "not valid TOML")) == "not valid TOML"


def test_variant_error_message_counts_problems() -> None:
    err = rk.VariantError([rk.Problem("a", "x"), rk.Problem("b", "y")], source="f.toml")
    assert str(err) == "2 problems in variant:\nf.toml: a: x\nf.toml: b: y"
    assert str(rk.VariantError([rk.Problem("a", "x")])) == "1 problem in variant:\na: x"


def test_variants_are_frozen_and_hashable() -> None:
    v = rk.load_variant("straight")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        v.players = rk.Players(min=3)  # type: ignore[misc]
    assert hash(v) == hash(rk.load_variant("straight"))
    assert v != attrs.evolve(v, players=rk.Players(min=3))


def test_path_like_names_are_files_not_builtins(tmp_path: Path) -> None:
    with pytest.raises(rk.VariantError, match="no such file"):
        rk.load_variant("straight.toml")
    with pytest.raises(rk.VariantError, match="no such file"):
        rk.load_variant(tmp_path / "straight")
