"""`rummykit rules`, `diff` and `new`: rulebooks, comparisons and house-rule scaffolds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rummykit as rk
from rummykit.cli import main
from rummykit.rulebook import diff_variants


def test_rules_prints_a_rulebook(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "thai"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Thai Rummy\n==========")
    assert "Aces are high: Q-K-A is a run, A-2-3 is not." in out


def test_rules_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "gin", "--format", "markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Gin Rummy\n") and "\n## Scoring\n" in out


def test_rules_of_a_missing_variant_is_a_problem(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "nope"]) == 1
    assert 'no built-in variant named "nope"' in capsys.readouterr().err


def test_diff_in_plain_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "straight", "block"]) == 1  # they differ: exit 1, as diff does
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "From Straight Rummy (straight) to Block Rummy (block):"
    assert any(line.startswith("- Stock: ") for line in out)


def test_diff_json_and_same(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "straight", "straight"]) == 0
    assert "have the same rules" in capsys.readouterr().out
    assert main(["diff", "straight", "queen-city", "--format", "json"]) == 1
    changes = json.loads(capsys.readouterr().out)
    assert {c["concern"] for c in changes} >= {"deal", "meld_timing", "scoring"}


@pytest.mark.parametrize("base", ["straight", "thai", "indian", "gin"])
def test_new_writes_a_valid_commented_house_rule(
    base: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "ours", "--from", base]) == 0
    path = tmp_path / "ours.toml"
    text = path.read_text(encoding="utf-8")
    assert f'extends = "{base}"' in text and "# [scoring]" in text
    assert rk.validate_file(path) == []
    ours = rk.load_variant(path)
    original = rk.load_variant(base)
    assert ours.name == "ours"
    # Only the names differ: the commented rules change nothing until uncommented.
    assert diff_variants(original, ours) == []
    # Uncommenting a line and editing it changes the rules.
    edited = text.replace("# [ranking]\n# kind", "[ranking]\nkind").replace(
        '# ace = "', 'ace = "either" # was "'
    )
    path.write_text(edited, encoding="utf-8")
    assert rk.load_variant(path).ranking.ace.value == "either"  # type: ignore[attr-defined]


def test_new_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.toml"
    target.write_text("keep", encoding="utf-8")
    assert main(["new", "x", "-o", str(target)]) == 1
    assert target.read_text(encoding="utf-8") == "keep"
    assert main(["new", "x", "-o", str(target), "--force"]) == 0
    assert rk.validate_file(target) == []


def test_new_from_a_file_base(tmp_path: Path) -> None:
    """Issue 14: --from PATH writes a relative extends (the base lies in the new file's folder or below)."""
    examples = Path(__file__).resolve().parents[1] / "examples"
    base = tmp_path / "rules" / "kitchen.toml"
    base.parent.mkdir()
    base.write_text((examples / "kitchen.toml").read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "ours.toml"
    assert main(["new", "ours", "--from", str(base), "-o", str(out)]) == 0
    assert 'extends = "rules/kitchen.toml"' in out.read_text(encoding="utf-8")
    assert rk.load_variant(out).scoring.card_value(rk.parse_card("AS")) == 15


def test_new_from_a_base_outside_the_folder_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A base above the new file's folder could not be extended (extends is confined): refused first."""
    examples = Path(__file__).resolve().parents[1] / "examples"
    out = tmp_path / "sub" / "ours.toml"
    out.parent.mkdir()
    assert main(["new", "ours", "--from", str(examples / "kitchen.toml"), "-o", str(out)]) == 1
    assert not out.exists()
    assert "outside the folder" in capsys.readouterr().err


def test_diff_shows_a_changed_table_entry_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue "For people": a changed entry of a table shows only that entry (the kitchen
    house rule values aces at 15: the other twelve card values are not repeated)."""
    assert main(["diff", "straight", "examples/kitchen.toml"]) == 1
    out = capsys.readouterr().out
    assert "- Scoring: card values A = 1 → card values A = 15" in out
    assert "2 2" not in out and "10/J/Q/K" not in out


def test_schema_writes_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "rummykit.schema.json"
    assert main(["schema", "-o", str(target)]) == 0
    assert json.loads(target.read_text(encoding="utf-8")) == rk.variant_schema()
    assert main(["schema", "-o", str(tmp_path / "missing" / "x.json")]) == 1
    assert "cannot write" in capsys.readouterr().err


def test_one_format_vocabulary_across_commands() -> None:
    """Issue "For people": one --format vocabulary (text, json, markdown where it applies)."""
    from rummykit.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    for name, child in sub.choices.items():  # type: ignore[attr-defined]
        for action in child._actions:
            if "--format" in action.option_strings:
                assert action.default == "text", name
                assert set(action.choices) - {"table"} <= {"text", "json", "markdown"}, name
