"""The examples refuse bad arguments with a message and a non-zero exit, never
a traceback (issue 47: ``examples/json_server.py`` with bad arguments exited
with a traceback; bot_game, compare_rules and custom_bot did the same)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

CASES = [
    ("json_server.py", ["no-such-variant"], "no built-in variant named"),
    ("json_server.py", ["gin", "x"], "invalid int value: 'x'"),
    ("json_server.py", ["--bogus"], "unrecognized arguments"),
    ("bot_game.py", ["no-such-variant"], "no built-in variant named"),
    ("bot_game.py", ["gin", "1.5"], "invalid int value"),
    ("compare_rules.py", ["0"], "games must be at least 1"),
    ("custom_bot.py", ["many"], "invalid int value"),
]


@pytest.mark.parametrize(("script", "args", "message"), CASES, ids=lambda x: str(x))
def test_bad_arguments_exit_cleanly(
    script: str,
    args: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(sys, "argv", [script, *args])
    with pytest.raises(SystemExit) as info:
        runpy.run_path(str(EXAMPLES / script), run_name="__main__")
    code = info.value.code
    err = capsys.readouterr().err
    text = err + (code if isinstance(code, str) else "")
    assert code not in (0, None) and message in text and "Traceback" not in text
