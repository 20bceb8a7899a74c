"""The ``rummykit`` command: validate, list, show, schema.

STYLE.md §5: "The CLI (``rummykit validate variants/*.toml``) prints every
problem of every file as ``path: key.path: message`` and exits 1 if there are
any. ``rummykit show NAME`` dumps the fully resolved variant, defaults
included". ``rummykit.cli``: "Exit codes: 0 all well, 1 a problem was found
(an invalid variant file...), 2 the command line itself is wrong."

Most tests call ``rummykit.cli.main`` in process; a few run a real
subprocess (``python -m rummykit``) to check exit codes and that bad input
never prints a traceback there either.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rummykit as rk
from cli_helpers import run as run_here
from rummykit.cli import main
from rummykit.loading import builtin_path

BAD_DIR = Path(__file__).parent / "data" / "bad_variants"
STRAIGHT = builtin_path("straight")
assert STRAIGHT is not None


def at(p: rk.Problem) -> str:
    """``:LINE:COLUMN`` where the CLI shows it (issue 14: validate gives line and column)."""
    return f":{p.line}:{p.column}" if p.line else ""


HOUSE_RULE = """\
extends = "straight"
[variant]
name = "our-kitchen"
title = "Straight rummy, our kitchen rules"
[ranking]
ace = "either"
"""


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m rummykit ARGS`` in a real subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "rummykit", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        timeout=120,
        check=False,
    )


# --------------------------------------------------------------------------- validate


def test_validate_valid_files(capsys: pytest.CaptureFixture[str]) -> None:
    kitchen = Path(__file__).parents[1] / "examples" / "kitchen.toml"
    assert main(["validate", str(STRAIGHT), str(kitchen)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"{STRAIGHT}: ok", f"{kitchen}: ok"]
    assert err == ""


def test_validate_quiet_prints_nothing_for_valid_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "-q", str(STRAIGHT)]) == 0
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize(
    "name", ["02_unknown_ace", "10_card_values", "25_invalid_toml", "41_negative_numbers", "52_many_problems"]
)
def test_validate_prints_every_problem_with_file_and_key_path(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = BAD_DIR / f"{name}.toml"
    assert main(["validate", str(path)]) == 1
    out, _ = capsys.readouterr()
    expected = [f"{path}{at(p)}: {p}" for p in rk.validate_file(path)]
    assert len(expected) >= 1
    assert out.splitlines() == expected


def test_validate_several_files_reports_each(capsys: pytest.CaptureFixture[str]) -> None:
    bad = BAD_DIR / "02_unknown_ace.toml"
    worse = BAD_DIR / "10_card_values.toml"
    assert main(["validate", str(STRAIGHT), str(bad), str(worse)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{STRAIGHT}: ok"
    assert (
        out[1]
        == f'{bad}:9:1: ranking.ace: unknown value "sideways"; expected one of low, high, either, around'
    )
    assert out[2:] == [f"{worse}{at(p)}: {p}" for p in rk.validate_file(worse)]
    # -q drops only the "ok" lines
    assert main(["validate", "-q", str(STRAIGHT), str(bad)]) == 1
    assert capsys.readouterr().out.splitlines() == out[1:2]


def test_validate_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    assert main(["validate", str(missing)]) == 1
    assert capsys.readouterr().out == f"{missing}: no such file: {missing}\n"


def test_validate_json(capsys: pytest.CaptureFixture[str]) -> None:
    bad = BAD_DIR / "13_by_players_missing_count.toml"
    assert main(["validate", "--format", "json", str(STRAIGHT), str(bad)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report == [
        {"file": str(STRAIGHT), "valid": True, "problems": [], "warnings": []},
        {
            "file": str(bad),
            "valid": False,
            "problems": [
                {
                    "path": "deal.hand_size",
                    "message": "no hand size given for 5 or 6 players",
                    "line": 11,
                    "column": 1,
                },
                {
                    "path": "deck.decks",
                    "message": "no number of decks given for 6 players",
                    "line": 14,
                    "column": 1,
                },
            ],
            "warnings": [],
        },
    ]
    assert main(["validate", "--format", "json", str(STRAIGHT)]) == 0
    assert json.loads(capsys.readouterr().out)[0]["valid"] is True


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["validate"],
        ["frobnicate"],
        ["validate", "--format", "xml", "x.toml"],
        ["show"],
        ["list", "extra"],
    ],
    ids=str,
)
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "usage: rummykit" in capsys.readouterr().err


# --------------------------------------------------------------------------- list, show, schema


def test_list_shows_straight(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["name", "title", "players"]
    (row,) = [line for line in lines if line.startswith("straight ")]
    assert row.split()[0] == "straight"
    assert "Straight Rummy" in row
    assert row.split()[-1] == "2-6"
    names = [line.split()[0] for line in lines[1:]]
    assert names == rk.list_variants()


def test_list_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"name": "straight", "title": "Straight Rummy", "players": "2-6"} in rows
    assert [r["name"] for r in rows] == rk.list_variants()


@pytest.mark.parametrize("name", rk.list_variants())
def test_show_builtin_loads_back_equal(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", name]) == 0
    out = capsys.readouterr().out
    assert rk.loads_variant(out) == rk.load_variant(name)


def test_show_file_resolves_extends(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(HOUSE_RULE, encoding="utf-8")
    assert main(["show", str(house)]) == 0
    out = capsys.readouterr().out
    assert "extends" not in out
    assert 'ace = "either"' in out
    assert rk.loads_variant(out) == rk.load_variant(house)


def test_show_bad_file_reports_problems(capsys: pytest.CaptureFixture[str]) -> None:
    bad = BAD_DIR / "02_unknown_ace.toml"
    assert main(["show", str(bad)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        f'{bad}:9:1: ranking.ace: unknown value "sideways"; expected one of low, high, either, around'
    ]


def test_show_unknown_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "stright"]) == 1
    err = capsys.readouterr().err
    assert err.startswith('stright: no built-in variant named "stright" (did you mean "straight"?)')


def test_schema_prints_the_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out) == rk.variant_schema()


# --------------------------------------------------------------------------- real subprocesses


def test_python_dash_m_rummykit() -> None:
    version = run("--version")
    assert version.returncode == 0
    assert version.stdout.strip() == f"rummykit {rk.__version__}"
    listing = run("list")
    assert listing.returncode == 0
    assert any(line.split()[0] == "straight" for line in listing.stdout.splitlines()[1:])


def test_exit_codes_in_a_real_process(tmp_path: Path) -> None:
    assert run("validate", str(STRAIGHT)).returncode == 0
    assert run("validate", str(BAD_DIR / "02_unknown_ace.toml")).returncode == 1
    usage = run("validate")
    assert usage.returncode == 2
    assert "Traceback" not in usage.stderr


def test_no_traceback_on_bad_input(tmp_path: Path) -> None:
    """Bad files of every sort: problems on stdout, exit 1, never a traceback."""
    not_utf8 = tmp_path / "latin1.toml"
    not_utf8.write_bytes(b'[variant]\nname = "caf\xe9"\n')
    binary = tmp_path / "binary.toml"
    binary.write_bytes(bytes(range(256)))
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    files = [
        *(str(BAD_DIR / f"{n}.toml") for n in ("25_invalid_toml", "21_extends_cycle_a", "52_many_problems")),
        str(not_utf8),
        str(binary),
        str(folder),
        str(tmp_path / "missing.toml"),
    ]
    result = run_here("validate", *files)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    assert result.stderr == ""
    printed = {re.sub(r":\d+:\d+$", "", line.split(": ", 1)[0]) for line in result.stdout.splitlines()}
    assert printed == set(files)  # every file is reported
    for command in (["show", str(binary)], ["show", str(folder)], ["show", "no-such-variant"]):
        shown = run_here(*command)
        assert shown.returncode == 1
        assert "Traceback" not in shown.stderr
        assert shown.stderr.strip()


def test_done_when_house_rule_scenario(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Write a six-line house rule over straight, validate it, make a typo, see it reported."""
    house = tmp_path / "kitchen.toml"
    house.write_text(HOUSE_RULE, encoding="utf-8")
    assert len(HOUSE_RULE.splitlines()) == 6
    monkeypatch.chdir(tmp_path)
    ok = run_here("validate", "kitchen.toml")
    assert (ok.returncode, ok.stdout, ok.stderr) == (0, "kitchen.toml: ok\n", "")

    house.write_text(HOUSE_RULE.replace("ace = ", "aces = "), encoding="utf-8")
    typo = run_here("validate", "kitchen.toml")
    assert typo.returncode == 1
    assert typo.stdout == (
        'kitchen.toml:6:1: ranking.aces: unknown key for ranking kind "standard" (did you mean "ace"?);'
        " expected one of kind, ace\n"
    )
    assert "Traceback" not in typo.stderr


# --------------------------------------------------------------------------- the last guard (issue 15)


def _boom(args: object) -> int:
    raise ZeroDivisionError("a bug deep inside")


def test_last_guard_turns_a_bug_into_one_line_exit_3(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 15: "a last guard in main turns any unexpected exception into one line naming the
    command and the problem, exit status 3, with --debug (or an environment variable) to see the traceback"."""
    monkeypatch.delenv("RUMMYKIT_DEBUG", raising=False)
    monkeypatch.setattr("rummykit.cli._cmd_show", _boom)
    assert main(["show", "straight"]) == 3
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [
        "rummykit show: unexpected error: ZeroDivisionError: a bug deep inside"
        " (run with --debug to see the traceback); please report it"
    ]


@pytest.mark.parametrize("how", ["flag", "env"])
def test_last_guard_debug_shows_the_traceback(
    how: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("rummykit.cli._cmd_show", _boom)
    if how == "env":
        monkeypatch.setenv("RUMMYKIT_DEBUG", "1")
        argv = ["show", "straight"]
    else:
        monkeypatch.delenv("RUMMYKIT_DEBUG", raising=False)
        argv = ["--debug", "show", "straight"]
    assert main(argv) == 3
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and "ZeroDivisionError: a bug deep inside" in err
    assert err.strip().splitlines()[-1].startswith("rummykit show: unexpected error: ZeroDivisionError")


def test_last_guard_recursion_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def deep(args: object) -> int:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.delenv("RUMMYKIT_DEBUG", raising=False)
    monkeypatch.setattr("rummykit.cli._cmd_validate", deep)
    assert main(["validate", "x.toml"]) == 3
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_attack_deeply_nested_file_in_a_real_process(tmp_path: Path) -> None:
    """Issue 15: `rummykit validate` on 500 nested arrays printed about 2,500 lines of traceback."""
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 500 + "]" * 500, encoding="utf-8")
    hexed = tmp_path / "hex.toml"
    hexed.write_text("[limits]\nmax_turns = 0x" + "f" * 4000, encoding="utf-8")
    for cmd in ("validate", "show"):
        proc = subprocess.run(
            [sys.executable, "-m", "rummykit", cmd, str(deep) if cmd == "validate" else str(hexed)],
            capture_output=True,
            text=True,
            check=False,
        )
        out = proc.stdout + proc.stderr
        assert proc.returncode == 1, out
        assert "Traceback" not in out and len(out.strip().splitlines()) == 1, out


# --------------------------------------------------------------------------- validate: names, folders, warnings


def test_validate_accepts_a_built_in_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "straight", "gin"]) == 0
    assert capsys.readouterr().out.splitlines() == ["straight: ok", "gin: ok"]


def test_validate_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["validate", str(tmp_path)]) == 1
    assert capsys.readouterr().out.strip() == f"{tmp_path}: {tmp_path} is a folder, not a variant file"


def test_validate_prints_warnings_and_strict_fails_on_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text('extends = "straight"\n[deal]\nhand_size = 1\n', encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: warning: melds: no meld fits in a hand")
    assert main(["validate", "--strict", str(path)]) == 1
    capsys.readouterr()
    assert main(["validate", "--format", "json", str(path)]) == 0
    (report,) = json.loads(capsys.readouterr().out)
    assert report["valid"] is True and report["problems"] == [] and report["warnings"][0]["path"] == "melds"


def test_validate_and_show_extends_dir(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "base.toml").write_text('extends = "straight"\n[game_end]\ntarget = 321\n', "utf-8")
    (tmp_path / "house").mkdir()
    house = tmp_path / "house" / "ours.toml"
    house.write_text('extends = "../rules/base.toml"\n', encoding="utf-8")
    assert main(["validate", str(house)]) == 1
    assert "must be in the folder" in capsys.readouterr().out
    assert main(["validate", "--extends-dir", str(tmp_path / "rules"), str(house)]) == 0
    assert main(["show", "--extends-dir", str(tmp_path / "rules"), str(house)]) == 0
    assert "target = 321" in capsys.readouterr().out


# --------------------------------------------------------------------------- new: names and paths (issues 14, 15)


def test_attack_new_escapes_the_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: `rummykit new ../../escaped` wrote outside the current folder."""
    work = tmp_path / "a" / "b"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    assert main(["new", "../../escaped"]) == 1
    assert "is not a variant name" in capsys.readouterr().err
    assert list(tmp_path.rglob("*.toml")) == []


@pytest.mark.parametrize("name", ["BAD NAME", "Ours", "our_kitchen", "  Mixed Case  "])
def test_new_normalises_names_before_writing(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: `new "BAD NAME"` wrote a file and then refused the name; issue 14: accept `Ours`."""
    monkeypatch.chdir(tmp_path)
    assert main(["new", name]) == 0
    clean = "-".join(name.strip().lower().replace("_", " ").split())
    path = tmp_path / f"{clean}.toml"
    assert rk.validate_file(path) == []
    assert rk.load_variant(path).name == clean
    assert "normalised" in capsys.readouterr().out or clean == name


@pytest.mark.parametrize("name", ["a/b", "_x", "x.y", "ü", "", "x" * 100, "..", "a\\b"])
def test_new_refuses_names_and_writes_nothing(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", name]) == 1
    assert list(tmp_path.rglob("*")) == []


def test_new_relative_extends_from_a_file_base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14: `--from PATH` writes a relative extends."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bases").mkdir()
    (tmp_path / "bases" / "family.toml").write_text('extends = "gin"\n[variant]\nname = "family"\n', "utf-8")
    assert main(["new", "ours", "--from", str((tmp_path / "bases" / "family.toml").resolve())]) == 0
    text = (tmp_path / "ours.toml").read_text(encoding="utf-8")
    assert 'extends = "bases/family.toml"' in text
    assert rk.load_variant(tmp_path / "ours.toml").scoring.kind == rk.load_variant("gin").scoring.kind
