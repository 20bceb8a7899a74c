"""TOML syntax errors in the ``file:line:col: key: message`` form of every other
problem (issue 47: a duplicated table came out as ``not valid TOML: Cannot
declare ('going_out',) twice (at line 6, column 11)``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rummykit as rk
from rummykit.cli import main

BASE = 'extends = "gin"\n[variant]\nname = "dup"\n'


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (
            "[going_out]\nmax_deadwood = 5\n[going_out]\noklahoma = true\n",
            "x.toml:6:1: going_out: the table [going_out] is declared twice (first at line 4)",
        ),
        (
            "[going_out]\nmax_deadwood = 5\nmax_deadwood = 6\n",
            "x.toml:6:1: going_out.max_deadwood: the key is given twice (first at line 5)",
        ),
        (
            "[scoring.card_values]\nA = 1\n[scoring.card_values]\nK = 2\n",
            "x.toml:6:1: scoring.card_values: the table [scoring.card_values] is declared twice (first at line 4)",
        ),
        (
            "[going_out]\nmax_deadwood = \n",
            "x.toml:5:16: going_out.max_deadwood: not valid TOML: Invalid value",
        ),
    ],
)
def test_cli_reports_toml_errors_with_file_line_column_and_key(
    body: str, line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("x.toml").write_text(BASE + body, encoding="utf-8")
    assert main(["validate", "x.toml"]) == 1
    assert capsys.readouterr().out.strip() == line


def test_the_problem_carries_its_location() -> None:
    (p,) = rk.validate_text(BASE + "[going_out]\nmax_deadwood = 5\n[going_out]\noklahoma = true\n")
    assert (p.path, p.line, p.column) == ("going_out", 6, 1)
