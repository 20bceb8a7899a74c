"""Hostile and broken variant files: every one ends in a ``VariantError`` (or a problem list), never a crash.

Issue 15 ("Hostile and broken input"): deeply nested TOML made the parser raise
``RecursionError``; a decimal integer over 4,300 digits raised a plain
``ValueError``; a 4,000-digit hex integer validated and then crashed ``show``
and ``to_toml``; an ``extends`` chain of ~1,000 files and two files nested
1,000 deep raised ``RecursionError`` in the loader; a 100 MB file was read
whole; a 20,000-part dotted key cost 2.4 GB; ``extends`` could read any local
file and echo its keys and values. Special files (FIFO, ``/dev/zero``, symlink
loops) were refused without blocking, and must stay so.

Each test names the attack. Sizes are the smallest that show the defect.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit import loading


def one_line_problems(problems: list[rk.Problem]) -> list[str]:
    lines = [str(p) for p in problems]
    assert lines, "a hostile file must be refused"
    for line in lines:
        assert "\n" not in line and len(line) < 400, line
    return lines


def refused_text(text: str) -> list[str]:
    with pytest.raises(rk.VariantError) as info:
        rk.loads_variant(text)
    return one_line_problems(list(info.value.problems))


# --------------------------------------------------------------------------- parser-level attacks


def test_attack_array_nested_500_deep() -> None:
    assert refused_text("x = " + "[" * 500 + "]" * 500) == [
        f"not accepted as a variant: line 1: nested more than {loading.MAX_NESTING} levels deep"
    ]


def test_attack_inline_tables_nested_400_deep() -> None:
    text = "x = " + "{a = " * 400 + "1" + "}" * 400
    assert "nested more than" in refused_text(text)[0]


def test_attack_nesting_in_a_file_via_validate_file(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 500 + "]" * 500, encoding="utf-8")
    assert "nested more than" in one_line_problems(rk.validate_file(path))[0]


def test_brackets_inside_strings_and_comments_are_not_nesting() -> None:
    """The pre-parse scan skips strings and comments: a title full of brackets is fine."""
    deep = "[" * 200
    text = (
        f'extends = "straight"\n# {deep}\n[variant]\nname = "b"\ntitle = "{deep}"\n'
        f"description = '{deep}'\nnotes = ['''{deep}\n''', \"\"\"{deep}\"\"\"]\n"
    )
    assert rk.loads_variant(text).title == deep


def test_attack_decimal_integer_over_4300_digits() -> None:
    (line,) = refused_text("[limits]\nmax_turns = " + "9" * 5000)
    assert line.startswith("not valid TOML:")


def test_attack_hex_integer_of_4000_digits_validates_then_crashes_show() -> None:
    """Refused at load: TOML integers are 64-bit, so ``show``/``to_toml`` never meet it."""
    assert refused_text("[limits]\nmax_turns = 0x" + "f" * 4000) == [
        "limits.max_turns: integer out of range: TOML integers are 64-bit (at most 19 digits)"
    ]


def test_integer_just_inside_64_bits_gets_the_range_check() -> None:
    assert refused_text(f"[limits]\nmax_turns = {2**63 - 1}") == [
        f"limits.max_turns: {2**63 - 1} is out of range: allowed 1 to 100000"
    ]


def test_attack_dotted_key_of_20000_parts() -> None:
    (line,) = refused_text("a" + ".a" * 20000 + " = 1")
    assert f"a dotted key of more than {loading.MAX_KEY_PARTS} parts" in line


def test_attack_table_header_of_20000_parts() -> None:
    (line,) = refused_text("[a" + ".a" * 20000 + "]\nb = 1")
    assert "dotted key" in line


def test_dots_in_floats_and_dates_are_not_key_parts() -> None:
    """A long array of floats on one line is not a dotted key."""
    floats = ", ".join("1.5" for _ in range(100))
    assert "expected an integer" in refused_text(f"[limits]\nmax_turns = [{floats}]")[0]


def test_attack_nesting_by_headers_deeper_than_the_cap() -> None:
    """Headers nest without brackets: the parsed document's depth is checked too (no recursion)."""
    parts = ".".join(["a"] * 20)
    text = f"[{parts}]\n{parts} = 1\n"
    (line,) = refused_text(text)
    assert "nested more than" in line


def test_attack_text_larger_than_the_cap() -> None:
    text = "# " + "x" * loading.MAX_FILE_BYTES
    assert refused_text(text) == ["too large: a variant is at most 256 KB of text"]


def test_attack_file_larger_than_the_cap_is_not_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    with path.open("wb") as f:  # sparse: 100 MB that costs nothing on disk
        f.truncate(100 * 1024 * 1024)
    assert one_line_problems(rk.validate_file(path)) == [
        f"{path} is too large: a variant file is at most 256 KB"
    ]


def test_file_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('title = "caf\xe9"'.encode("latin-1"))
    assert one_line_problems(rk.validate_file(path)) == [f"{path} is not UTF-8 text"]


# --------------------------------------------------------------------------- special files


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_attack_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    assert one_line_problems(rk.validate_file(fifo)) == [f"{fifo} is not a regular file"]
    with pytest.raises(rk.VariantError, match="not a regular file"):
        rk.load_variant(fifo)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_attack_extends_a_fifo(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.toml")
    house = tmp_path / "house.toml"
    house.write_text('extends = "pipe.toml"\n', encoding="utf-8")
    assert one_line_problems(rk.validate_file(house)) == [
        'extends: no such file "pipe.toml" (looked for ' + str((tmp_path / "pipe.toml").resolve()) + ")"
    ]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_attack_dev_zero_is_refused() -> None:
    assert one_line_problems(rk.validate_file("/dev/zero")) == ["/dev/zero is not a regular file"]


def test_attack_symlink_loop(tmp_path: Path) -> None:
    loop = tmp_path / "loop.toml"
    os.symlink(loop, loop)
    (line,) = one_line_problems(rk.validate_file(loop))
    assert line.startswith(f"cannot read {loop}:")
    house = tmp_path / "house.toml"
    house.write_text('extends = "loop.toml"\n', encoding="utf-8")
    one_line_problems(rk.validate_file(house))


def test_a_folder_is_not_a_variant_file(tmp_path: Path) -> None:
    assert one_line_problems(rk.validate_file(tmp_path)) == [f"{tmp_path} is a folder, not a variant file"]


# --------------------------------------------------------------------------- loader-level attacks


def test_attack_extends_chain_of_1000_files(tmp_path: Path) -> None:
    (tmp_path / "f0.toml").write_text('extends = "straight"\n', encoding="utf-8")
    for i in range(1, 1000):
        (tmp_path / f"f{i}.toml").write_text(f'extends = "f{i - 1}.toml"\n', encoding="utf-8")
    (line,) = one_line_problems(rk.validate_file(tmp_path / "f999.toml"))
    assert line.endswith(f": an extends chain may hold at most {loading.MAX_EXTENDS_CHAIN} files")


def test_chain_just_under_the_cap_loads(tmp_path: Path) -> None:
    (tmp_path / "f0.toml").write_text('extends = "straight"\n[game_end]\ntarget = 77\n', encoding="utf-8")
    for i in range(1, loading.MAX_EXTENDS_CHAIN - 1):
        (tmp_path / f"f{i}.toml").write_text(f'extends = "f{i - 1}.toml"\n', encoding="utf-8")
    top = tmp_path / f"f{loading.MAX_EXTENDS_CHAIN - 2}.toml"
    assert rk.load_variant(top).game_end.target == 77


def test_attack_two_files_nested_1000_deep_under_one_table(tmp_path: Path) -> None:
    deep = ".".join(["t"] * 1000)
    base = tmp_path / "base.toml"
    base.write_text(f"[{deep}]\nx = 1\n", encoding="utf-8")
    house = tmp_path / "house.toml"
    house.write_text(f'extends = "base.toml"\n[{deep}]\ny = 2\n', encoding="utf-8")
    one_line_problems(rk.validate_file(house))
    one_line_problems(rk.validate_file(base))


# --------------------------------------------------------------------------- extends reads local files


SECRET = 'api_token = "hunter2"\n[variant]\nname = "secret"\n'


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A folder holding a secret file, and beside it the attacker's folder."""
    secret = tmp_path / "home" / "secret.toml"
    secret.parent.mkdir()
    secret.write_text(SECRET, encoding="utf-8")
    (tmp_path / "attack").mkdir()
    return secret


def attack(folder: Path, ref: str) -> list[str]:
    house = folder / "house.toml"
    house.write_text(f'extends = "{ref}"\n', encoding="utf-8")
    return one_line_problems(rk.validate_file(house))


@pytest.mark.parametrize("how", ["absolute", "dotdot"])
def test_attack_extends_reads_a_file_outside_the_folder(victim: Path, how: str) -> None:
    folder = victim.parent.parent / "attack"
    ref = str(victim) if how == "absolute" else "../home/secret.toml"
    lines = attack(folder, ref)
    assert lines == [
        f'extends: "{ref}": a base file must be in the folder of the file that names it, or below it'
    ]
    assert not any("hunter2" in line or "api_token" in line for line in lines)


def test_attack_existence_oracle(victim: Path) -> None:
    """Whether a file outside the folder exists cannot be told from the message."""
    folder = victim.parent.parent / "attack"
    there = attack(folder, "../home/secret.toml")[0].replace("secret", "X")
    not_there = attack(folder, "../home/no_such_file.toml")[0].replace("no_such_file", "X")
    assert there == not_there


def test_attack_symlink_inside_the_folder_pointing_out(victim: Path) -> None:
    folder = victim.parent.parent / "attack"
    os.symlink(victim, folder / "innocent.toml")
    lines = attack(folder, "innocent.toml")
    assert "must be in the folder" in lines[0]
    assert not any("hunter2" in line or "api_token" in line for line in lines)


def test_attack_extends_a_non_toml_file(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("TOKEN=hunter2\n", encoding="utf-8")
    assert attack(tmp_path, "./.env") == ['extends: "./.env": a base file name must end in .toml']


def test_attack_text_extends_a_path() -> None:
    """Text (from a record, a web form...) may extend built-in names only, unless the caller gives a folder."""
    for ref in ("/etc/passwd.toml", "../secret.toml", "secret.toml", "./x.toml"):
        assert refused_text(f'extends = "{ref}"\n') == [
            f'extends: "{ref}": a base file cannot be named here; use a built-in name (rummykit list)'
            " or load the variant from a file"
        ]


def test_caller_may_allow_a_folder(victim: Path) -> None:
    """Allowed explicitly, the base is read; its values are still never echoed."""
    folder = victim.parent.parent / "attack"
    house = folder / "house.toml"
    house.write_text('extends = "../home/secret.toml"\n', encoding="utf-8")
    lines = one_line_problems(rk.validate_file(house, extends_dirs=[victim.parent]))
    assert lines[0].startswith("api_token: unknown key")
    assert not any("hunter2" in line for line in lines)


def test_load_variant_without_paths_takes_built_in_names_only(victim: Path) -> None:
    """For names that come from untrusted input (a game record's ``variant``)."""
    assert rk.load_variant("straight", allow_paths=False).name == "straight"
    for ref in (str(victim), victim, "../x.toml", "./straight"):
        with pytest.raises(rk.VariantError) as info:
            rk.load_variant(ref, allow_paths=False)
        assert "only a built-in variant name" in str(info.value)
        assert "hunter2" not in str(info.value)


def test_built_in_variants_still_extend_each_other() -> None:
    for name in rk.list_variants():
        assert rk.load_variant(name).name == name


# --------------------------------------------------------------------------- wrong argument types


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: rk.loads_variant(None), "text"),  # type: ignore[arg-type]
        (lambda: rk.loads_variant(b"x = 1"), "text"),  # type: ignore[arg-type]
        (lambda: rk.loads_variant("", folder=3), "folder"),  # type: ignore[arg-type]
        (lambda: rk.load_variant(3), "name_or_path"),  # type: ignore[arg-type]
        (lambda: rk.load_variant(None), "name_or_path"),  # type: ignore[arg-type]
        (lambda: rk.load_variant(""), "name_or_path"),
        (lambda: rk.load_variant("a\x00b"), "name_or_path"),
        (lambda: rk.load_variant("straight", extends_dirs="x"), "extends_dirs"),
        (lambda: rk.load_variant("straight", extends_dirs=[3]), "extends_dirs"),  # type: ignore[list-item]
        (lambda: rk.validate_file(None), "path"),  # type: ignore[arg-type]
        (lambda: rk.validate_file(["x"]), "path"),  # type: ignore[arg-type]
        (lambda: rk.validate_text(None), "text"),  # type: ignore[arg-type]
    ],
    ids=lambda x: x if isinstance(x, str) else "",
)
def test_wrong_argument_types_name_the_argument(call: object, argument: str) -> None:
    with pytest.raises(rk.VariantError) as info:
        call()  # type: ignore[operator]
    assert f"{argument}:" in str(info.value)


# --------------------------------------------------------------------------- hostile TOML, generated


def hostile_fragments() -> st.SearchStrategy[str]:
    depth = st.integers(min_value=30, max_value=300)
    return st.one_of(
        depth.map(lambda n: "x = " + "[" * n + "]" * n),
        depth.map(lambda n: "x = " + "{a = " * n + "1" + "}" * n),
        depth.map(lambda n: "x = " + "[{a = " * n + "1" + "}]" * n),
        depth.map(lambda n: "a" + ".a" * n + " = 1"),
        depth.map(lambda n: "[" + ".".join(["t"] * n) + "]\nk = 1"),
        depth.map(lambda n: "[[" + ".".join(["t"] * n) + "]]"),
        st.integers(min_value=20, max_value=6000).map(lambda n: "[limits]\nmax_turns = " + "7" * n),
        st.integers(min_value=17, max_value=4000).map(lambda n: "[limits]\nmax_turns = 0x" + "f" * n),
        st.integers(min_value=22, max_value=4000).map(lambda n: "[deck]\ndecks = 0o" + "7" * n),
        st.integers(min_value=64, max_value=4000).map(lambda n: "[scoring.card_values]\nA = 0b" + "1" * n),
        st.integers(min_value=1, max_value=12).map(lambda n: "[deck]\ndecks = " + str(10**n)),
        st.integers(min_value=5, max_value=18).map(lambda n: "[limits]\nmax_turns = -" + "9" * n),
        st.sampled_from(
            ['extends = "/etc/passwd"', 'extends = "../../x.toml"', 'extends = "~/.ssh/id.toml"']
        ),
        st.text(st.sampled_from("[]{}\"'.=,\n#abc 1\\"), max_size=200),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(hostile_fragments(), min_size=1, max_size=3))
def test_hostile_toml_always_ends_in_variant_error(fragments: list[str]) -> None:
    """Any mix of hostile fragments: a VariantError with one-line problems, or a valid variant that dumps."""
    text = 'extends = "straight"\n' + "\n".join(fragments)
    limit = sys.getrecursionlimit()
    try:
        v = rk.loads_variant(text)
    except rk.VariantError as exc:
        one_line_problems(list(exc.problems))
    else:
        assert rk.loads_variant(v.to_toml()) == v
    assert sys.getrecursionlimit() == limit


# --------------------------------------------------------------------------- what messages echo


def test_attack_terminal_escape_in_a_value_is_not_echoed_raw() -> None:
    """A value or key holding ESC, newlines or bidi controls would drive the reader's terminal."""
    lines = refused_text('[ranking]\nace = "\\u001b[2J\\u202e"\n"a\\nb" = 1')
    assert lines == [
        'ranking.ace: unknown value "\\x1b[2J\\u202e"; expected one of low, high, either, around',
        'ranking."a\\x0ab": unknown key for ranking kind "standard"; expected one of kind, ace',
    ]
    assert not any("\x1b" in line or "\n" in line for line in lines)


def test_attack_huge_value_is_cut_in_messages() -> None:
    (line,) = refused_text('[ranking]\nace = "' + "x" * 100_000 + '"')
    assert line.endswith("...") and len(line) <= loading.MAX_MESSAGE + 20
