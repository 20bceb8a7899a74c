"""Issue 14: "validate: line and column for each problem where the TOML has one (as well as the
key path); a problem that lies in a base file is reported against that file"."""

from __future__ import annotations

from pathlib import Path

import pytest

import rummykit as rk
from rummykit.cli import main
from rummykit.loading import locate

HOUSE = """\
extends = "straight"
[variant]
name = "h"
[ranking]
  ace = "sideways"
[scoring.card_values]
QS = "fifty"
"""


def test_problems_carry_line_and_column() -> None:
    with pytest.raises(rk.VariantError) as info:
        rk.loads_variant(HOUSE)
    where = {p.path: (p.line, p.column) for p in info.value.problems}
    assert where == {"ranking.ace": (5, 3), "scoring.card_values.QS": (7, 1)}


def test_location_is_not_part_of_equality() -> None:
    assert rk.Problem("a", "b", line=3, column=1) == rk.Problem("a", "b")


@pytest.mark.parametrize(
    ("text", "path", "expected"),
    [
        ("[deal]\nhand_size = 3", "deal.hand_size", (2, 1, True)),
        ("deal.hand_size = 3", "deal.hand_size", (1, 1, True)),
        ('[deal]\n"hand_size" = 3', "deal.hand_size", (2, 1, True)),
        ("[deal]\nupcard = true", "deal.hand_size", (1, 1, False)),
        ('[variant]\nnotes = """\n[deal]\nhand_size = 1\n"""', "deal.hand_size", (0, 0, False)),
        ("[going_out]\npatterns = [1]", "going_out.patterns[0]", (2, 1, True)),
        ('[ranking]\n"a b" = 1', 'ranking."a b"', (2, 1, True)),
        ("[[x]]\ny = 1", "x.y", (2, 1, True)),
        ("", "x", (0, 0, False)),
    ],
)
def test_locate(text: str, path: str, expected: tuple[int, int, bool]) -> None:
    assert locate(text, path) == expected


def test_problem_in_a_base_file_is_reported_against_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "base.toml").write_text(
        'extends = "straight"\n[variant]\nname = "base"\n\n[melds]\nrun_minimum = 4\n', encoding="utf-8"
    )
    house = tmp_path / "house.toml"
    house.write_text('extends = "rules/base.toml"\n[variant]\nname = "ours"\n', encoding="utf-8")
    (problem,) = rk.validate_file(house)
    assert (problem.file, problem.line, problem.column) == ("rules/base.toml", 6, 1)
    assert main(["validate", "house.toml"]) == 1
    assert capsys.readouterr().out.startswith(
        'rules/base.toml:6:1: melds.run_minimum: unknown key for melds kind "standard"'
    )


def test_problem_of_the_merge_stays_with_the_file_loaded(tmp_path: Path) -> None:
    """The house rule writes the key: the problem is its own, even if the base writes it too."""
    house = tmp_path / "house.toml"
    house.write_text('extends = "straight"\n[deal]\nhand_size = 40\n', encoding="utf-8")
    (problem,) = rk.validate_file(house)
    assert (problem.path, problem.file, problem.line) == ("deal.hand_size", "", 3)
