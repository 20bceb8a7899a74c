"""``rummykit completion bash|zsh|fish`` (issue 14): each script is valid for
its shell (``bash -n``, ``zsh -n``, ``fish -n``), completes the real commands,
options and choices, and is written from the argument parser, so that a
command added to the parser is completed without touching the generator."""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

import pytest

import rummykit as rk
from cli_helpers import run
from rummykit.cli import build_parser
from rummykit.completion import SHELLS, completion_script


def _shell(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed, so its completion script cannot be checked")
    return path


def _shell_run(args: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run a shell command line, its output as text (the caller checks the code)."""
    return subprocess.run(args, capture_output=True, text=True, timeout=60, check=False, cwd=cwd)


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def _with_frobnicate() -> argparse.ArgumentParser:
    """The real parser with a command it does not have: ``frobnicate
    --wibble {low,high}``."""
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    p = sub.add_parser("frobnicate", help="a command added for the test")
    p.add_argument("--wibble", choices=["low", "high"], help="how much")
    return parser


@pytest.mark.parametrize("shell", SHELLS)
def test_the_script_passes_the_shells_syntax_check(shell: str, tmp_path: Path) -> None:
    exe = _shell(shell)
    proc = run("completion", shell)
    assert proc.returncode == 0, proc.stderr
    script = tmp_path / f"rummykit.{shell}"
    script.write_text(proc.stdout, encoding="utf-8")
    check = _shell_run([exe, "-n", str(script)])
    assert check.returncode == 0, check.stderr
    assert check.stderr == ""


def test_a_broken_script_fails_the_syntax_check(tmp_path: Path) -> None:
    """The check above can fail: a script cut in the middle of a function is refused."""
    exe = _shell("bash")
    script = tmp_path / "cut.bash"
    text = completion_script(build_parser(), "bash")
    script.write_text(text[: text.index("    esac\n}")], encoding="utf-8")
    check = _shell_run([exe, "-n", str(script)])
    assert check.returncode != 0


@pytest.mark.parametrize("shell", SHELLS)
def test_every_command_and_option_of_the_parser_is_in_the_script(shell: str) -> None:
    parser = build_parser()
    script = completion_script(parser, shell)
    for name, sub in _commands(parser).items():
        assert name in script
        for action in sub._actions:
            for option in action.option_strings:
                if shell == "fish" and option.startswith("--"):
                    assert f"-l {option[2:]}" in script, (name, option)
                elif shell == "fish":
                    assert f"-s {option[1:]}" in script, (name, option)
                else:
                    assert option in script, (name, option)
    for variant in rk.list_variants():
        assert variant in script


@pytest.mark.parametrize("shell", SHELLS)
def test_a_command_added_to_the_parser_appears(shell: str, tmp_path: Path) -> None:
    before = completion_script(build_parser(), shell)
    assert "frobnicate" not in before and "wibble" not in before
    after = completion_script(_with_frobnicate(), shell)
    assert "frobnicate" in after and "wibble" in after
    script = tmp_path / f"frob.{shell}"
    script.write_text(after, encoding="utf-8")
    exe = _shell(shell)
    check = _shell_run([exe, "-n", str(script)])
    assert check.returncode == 0, check.stderr


def _bash_complete(script: str, words: list[str], tmp_path: Path) -> list[str]:
    """What bash offers for the last of ``words`` (the word being typed)."""
    exe = _shell("bash")
    path = tmp_path / "complete.bash"
    path.write_text(script, encoding="utf-8")
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
    program = (
        f"source {path}; COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}; "
        '_rummykit_complete; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    proc = _shell_run([exe, "--norc", "--noprofile", "-c", program], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    return [line for line in proc.stdout.splitlines() if line]


def test_bash_completes_commands_options_choices_and_variants(tmp_path: Path) -> None:
    parser = build_parser()
    script = completion_script(parser, "bash")
    assert sorted(_bash_complete(script, ["rummykit", ""], tmp_path)) == sorted(
        [*_commands(parser), *(o for a in parser._actions for o in a.option_strings)]
    )
    assert _bash_complete(script, ["rummykit", "pl"], tmp_path) == ["play"]
    assert _bash_complete(script, ["rummykit", "play", "--so"], tmp_path) == ["--sort"]
    assert _bash_complete(script, ["rummykit", "play", "--sort", ""], tmp_path) == ["suit", "rank"]
    assert "--symbols" in _bash_complete(script, ["rummykit", "replay", "--sy"], tmp_path)
    assert _bash_complete(script, ["rummykit", "completion", "z"], tmp_path) == ["zsh"]
    offered = _bash_complete(script, ["rummykit", "validate", ""], tmp_path)
    assert set(rk.list_variants()) <= set(offered)
    frob = completion_script(_with_frobnicate(), "bash")
    assert _bash_complete(frob, ["rummykit", "frob"], tmp_path) == ["frobnicate"]
    assert _bash_complete(frob, ["rummykit", "frobnicate", "--wibble", "h"], tmp_path) == ["high"]


def test_fish_completes_commands_and_choices(tmp_path: Path) -> None:
    exe = _shell("fish")
    path = tmp_path / "rummykit.fish"
    path.write_text(completion_script(_with_frobnicate(), "fish"), encoding="utf-8")

    def offered(line: str) -> list[str]:
        proc = _shell_run([exe, "--no-config", "-c", f"source {path}; complete -C '{line}'"], cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        return [row.split("\t")[0] for row in proc.stdout.splitlines()]

    assert offered("rummykit pl") == ["play"]
    assert offered("rummykit frob") == ["frobnicate"]
    assert sorted(offered("rummykit play --sort ")) == ["rank", "suit"]
    assert sorted(offered("rummykit frobnicate --wibble ")) == ["high", "low"]


def test_an_unknown_shell_is_refused() -> None:
    with pytest.raises(ValueError, match="no script for the shell 'tcsh'"):
        completion_script(build_parser(), "tcsh")
    proc = run("completion", "tcsh")
    assert proc.returncode == 2
    assert "invalid choice: 'tcsh'" in proc.stderr and "Traceback" not in proc.stderr


def test_zsh_registers_the_completion_function(tmp_path: Path) -> None:
    """Sourced after compinit, the script binds _rummykit to the command."""
    exe = _shell("zsh")
    path = tmp_path / "_rummykit"
    path.write_text(completion_script(build_parser(), "zsh"), encoding="utf-8")
    program = f"autoload -U compinit; compinit -u -D; source {path}; print -r -- $_comps[rummykit]"
    proc = _shell_run([exe, "-f", "-c", program])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "_rummykit"
