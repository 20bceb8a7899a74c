"""The plain-language rulebook and ruleset diff, generated from the components."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import rummykit as rk
from rummykit.rulebook import Change, describe_component, diff_variants, rulebook

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.parametrize("name", rk.list_variants())
def test_every_variant_has_a_complete_rulebook(name: str) -> None:
    v = rk.load_variant(name)
    book = rulebook(v)
    assert book.title == v.title
    for section in book.sections:
        assert section.rules, f"{name}: section {section.title!r} is empty"
        for rule in section.rules:
            assert rule.endswith("."), rule
            assert "Kind" not in rule and "<" not in rule, rule  # no enum or object reprs leak
    text, md = book.to_text(), book.to_markdown()
    assert text.startswith(v.title) and md.startswith(f"# {v.title}")
    for source in v.info.sources:
        assert source in md


def test_thai_ace_high_sentence() -> None:
    """[S5]: "Aces are always high ... A-2-3 is an invalid run"."""
    rules = rulebook(rk.load_variant("thai")).sections[2].rules
    assert "Aces are high: Q-K-A is a run, A-2-3 is not." in rules


def test_deal_sentence_follows_player_counts() -> None:
    """[S1]: ten cards with two players, seven with three or four, six with five or six."""
    rules = rulebook(rk.load_variant("straight")).sections[1].rules
    assert rules[0] == "Each player gets 10 cards with 2 players, 7 with 3-4 players, 6 with 5-6 players."


def test_card_values_list_specials() -> None:
    text = rulebook(rk.load_variant("thai")).to_text()
    assert "QS 50, 2C 50" in text


def test_identical_rulesets_have_no_diff() -> None:
    v = rk.load_variant("straight")
    assert diff_variants(v, v) == []


def test_house_rule_diff_names_what_changed() -> None:
    base = rk.load_variant("straight")
    house = rk.load_variant(EXAMPLES / "kitchen.toml")
    changes = [str(c) for c in diff_variants(base, house)]
    assert any(c.startswith("Aces and runs: aces are low") and "low or high" in c for c in changes)
    assert any(c.startswith("Melding: ") and "any number of melds" in c for c in changes)
    assert "Scoring: card values A = 1 → card values A = 15" in changes  # the entry alone
    assert len(changes) == 3


def test_diff_is_directional() -> None:
    a, b = rk.load_variant("straight"), rk.load_variant("block")
    forward = diff_variants(a, b)
    backward = diff_variants(b, a)
    assert [c.concern for c in forward] == [c.concern for c in backward]
    for f, r in zip(forward, backward, strict=True):
        assert (f.before, f.after) == (r.after, r.before)


def test_custom_component_falls_back_to_its_summary() -> None:
    @attrs.frozen(kw_only=True)
    class Wash(rk.rules.StockExhaustion):
        kind = "test-wash"
        summary = "The hand is washed out."
        penalty: int = 3

    rk.register_component(Wash)
    try:
        v = attrs.evolve(rk.load_variant("straight"), stock=Wash())
        assert describe_component(v.stock, v) == ["The hand is washed out. (penalty = 3)"]
        assert isinstance(diff_variants(rk.load_variant("straight"), v)[0], Change)
    finally:
        rk.rules.unregister_component(Wash)
