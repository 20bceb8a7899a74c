"""Running the ``rummykit`` command for the CLI tests.

:func:`run` calls the command's ``main`` in this process, with piped text
input and output as a shell pipe gives them (UTF-8, not a terminal): a new
interpreter costs about a second of import on the reference machine, and most
CLI tests are about what the command prints and returns, not about the
process. :func:`run_process` runs ``python -m rummykit`` in a real process,
for the few tests about the process boundary itself.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
from collections.abc import Iterator

from rummykit.cli import main


def _pipe(text: str = "") -> io.TextIOWrapper:
    """A text stream like a pipe's: UTF-8, not a terminal."""
    return io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8", newline=None)


def _read(stream: io.TextIOWrapper) -> str:
    stream.flush()
    raw = stream.buffer
    assert isinstance(raw, io.BytesIO)
    return raw.getvalue().decode("utf-8").replace("\r\n", "\n")


@contextlib.contextmanager
def _sigint_kept() -> Iterator[None]:
    """The command ignores further Ctrl-C after an interrupt; the test process must not."""
    handler = signal.getsignal(signal.SIGINT)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler)


def run(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``rummykit ARGS`` with ``stdin`` piped in, run in this process.

    Returns what a process would: the exit code (argparse's ``SystemExit``
    included) and stdout and stderr as UTF-8 text. ``timeout`` is accepted for
    the callers written for :func:`run_process` and not enforced."""
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = _pipe(stdin), _pipe(), _pipe()
    out, err = sys.stdout, sys.stderr
    try:
        with _sigint_kept():
            try:
                code = main(list(args))
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
                if isinstance(exc.code, str):
                    print(exc.code, file=sys.stderr)
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
    return subprocess.CompletedProcess(["rummykit", *args], code, _read(out), _read(err))


def run_process(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m rummykit ARGS`` in a real process, with ``stdin``; output captured as UTF-8 text."""
    return subprocess.run(
        [sys.executable, "-m", "rummykit", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
    )
