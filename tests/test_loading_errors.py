"""Golden tests: malformed or contradictory variant files and their exact problems.

Each ``tests/data/bad_variants/NN_short_name.toml`` starts with one comment line
per expected problem, in the order ``rk.validate_file`` returns them::

    # expect: ranking.ace: unknown value "sideways"; expected one of low, high, either, around
    # expect: not valid TOML: ...        (a problem with an empty key path)

``{dir}`` in an expectation stands for the absolute path of the
``bad_variants`` folder (messages about missing files say where they looked),
``{builtins}`` for the comma-separated built-in names (a list that grows).
Files in ``bad_variants/bases/`` are helpers that some golden files extend.

DESIGN.md: "Bad variant files raise ``rk.VariantError`` listing every problem
with its TOML key path (``scoring.card_values.QS: expected an integer, got
"fifty"``)."
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rummykit as rk
from rummykit.loading.problems import MAX_MESSAGE

BAD_DIR = (Path(__file__).parent / "data" / "bad_variants").resolve()
GOLDEN = sorted(BAD_DIR.glob("*.toml"))
_EXPECT = "# expect: "


def expectations(path: Path) -> list[str]:
    """The ``# expect:`` lines at the top of a golden file, placeholders filled in."""
    out: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith(_EXPECT):
            break
        text = line[len(_EXPECT) :]
        text = text.replace("{dir}", str(BAD_DIR)).replace("{builtins}", ", ".join(rk.list_variants()))
        key, sep, message = text.partition(": ")
        if len(message) > MAX_MESSAGE:  # a long message is cut, as the problems show it
            text = key + sep + message[: MAX_MESSAGE - 3] + "..."
        out.append(text)
    return out


def test_there_are_enough_golden_files() -> None:
    assert len(GOLDEN) >= 25


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_file_is_well_formed(path: Path) -> None:
    assert re.fullmatch(r"\d\d_[a-z0-9_]+", path.stem), "name files NN_short_name.toml"
    assert expectations(path), "a golden file starts with at least one '# expect: ' line"


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_validate_file_reports_exactly_the_expected_problems(path: Path) -> None:
    assert [str(p) for p in rk.validate_file(path)] == expectations(path)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_load_variant_raises_the_same_problems(path: Path) -> None:
    """The exception carries the same problems as validate_file, and names its source."""
    with pytest.raises(rk.VariantError) as info:
        rk.load_variant(path)
    exc = info.value
    assert isinstance(exc, rk.RummyError) and isinstance(exc, ValueError)
    assert [str(p) for p in exc.problems] == expectations(path)
    assert exc.source == str(path)
    count = len(exc.problems)
    lines = str(exc).splitlines()
    assert lines[0] == f"{count} problem{'s' if count != 1 else ''} in variant:"
    assert lines[1:] == [f"{path}: {p}" for p in exc.problems]


def test_golden_files_cover_distinct_problems() -> None:
    """No two golden files expect the same problems: each one adds something."""
    seen: dict[tuple[str, ...], str] = {}
    for path in GOLDEN:
        key = tuple(expectations(path))
        assert key not in seen, f"{path.name} repeats {seen[key]}"
        seen[key] = path.name


# Structure problems first, then cross-field checks: the same text checked by
# validate_text, with extends resolved from the folder.
@pytest.mark.parametrize(
    "name",
    ["02_unknown_ace", "10_card_values", "32_shoe_too_small", "52_many_problems"],
)
def test_validate_text_agrees_with_validate_file(name: str) -> None:
    path = BAD_DIR / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    assert [str(p) for p in rk.validate_text(text, folder=BAD_DIR)] == expectations(path)


def test_design_example_message() -> None:
    """The message DESIGN.md quotes, word for word."""
    problems = rk.validate_text('extends = "straight"\n[scoring.card_values]\nQS = "fifty"\n')
    assert [str(p) for p in problems] == ['scoring.card_values.QS: expected an integer, got "fifty"']


def test_kitchen_typo_example_reports_both_typos() -> None:
    """examples/kitchen_typo.toml, the README's demonstration of error reporting."""
    path = Path(__file__).parents[1] / "examples" / "kitchen_typo.toml"
    assert [str(p) for p in rk.validate_file(path)] == [
        'ranking.ace: unknown value "sideways"; expected one of low, high, either, around',
        'scoring.card_values.QS: expected an integer, got "fifty"',
    ]


def test_missing_file() -> None:
    assert [str(p) for p in rk.validate_file(BAD_DIR / "no_such_file.toml")] == [
        f"cannot read {BAD_DIR / 'no_such_file.toml'}: No such file or directory"
    ]
    with pytest.raises(rk.VariantError, match="no such file"):
        rk.load_variant(BAD_DIR / "no_such_file.toml")


def test_unknown_builtin_name_suggests_the_closest() -> None:
    with pytest.raises(rk.VariantError) as info:
        rk.load_variant("stright")
    (problem,) = info.value.problems
    assert problem.path == ""
    assert problem.message.startswith('no built-in variant named "stright" (did you mean "straight"?);')


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('[variant]\nname = "caf\xe9"\n'.encode("latin-1"))
    assert [str(p) for p in rk.validate_file(path)] == [f"{path} is not UTF-8 text"]
