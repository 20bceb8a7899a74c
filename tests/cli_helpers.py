"""Running the ``rummykit`` command in a real process, for the CLI tests."""

from __future__ import annotations

import os
import subprocess
import sys


def run(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m rummykit ARGS`` with ``stdin``; output captured as UTF-8 text."""
    return subprocess.run(
        [sys.executable, "-m", "rummykit", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
    )
