"""Bots in another process: any program that speaks JSON lines.

A process bot is a program that reads one JSON object a line on its standard
input and, for each ``"move"`` message, writes one line: an action in the
action notation (``discard QS``). Only the seat's view crosses the boundary,
so an untrusted program never sees a hidden card. The protocol
(``rummykit-bot``, version 1):

- ``{"type": "hello", "protocol": "rummykit-bot", "version": 1, "variant": NAME}``
  once, when the program starts; no answer.
- ``{"type": "start", "seat": S, "view": VIEW}`` at the start of every hand;
  no answer.
- ``{"type": "move", "seat": S, "view": VIEW, "legal": [TEXT, ...]}`` when the
  seat is to act; answer one line, one of ``legal`` (any text the engine
  accepts for it).
- ``{"type": "end", "seat": S, "view": VIEW}`` when a hand is over; no answer.
- ``{"type": "quit"}`` before the program's input is closed.

``VIEW`` is :meth:`rummykit.View.to_data` (format ``rummykit-view``). A line
that is empty or starts with ``#`` is ignored, so a program may log to its
output that way (its standard error is passed through).

A bot that answers late, answers junk or dies raises :class:`BotError` naming
the bot and the seat; with ``on_error="fallback"`` it is stopped instead and a
fallback bot plays the seat's moves from then on (``failures`` counts them),
the forfeit policy for tournaments. The program is killed, never orphaned, on
:meth:`ProcessBot.close`, on garbage collection and at interpreter exit.

>>> import sys, rummykit as rk
>>> from rummykit.bots import ProcessBot
>>> v = rk.load_variant("gin")
>>> program = "import json, sys\\nfor line in sys.stdin:\\n    m = json.loads(line)\\n    if m['type'] == 'move': print(m['legal'][-1], flush=True)"
>>> with ProcessBot(v, command=[sys.executable, "-c", program], timeout=10) as bot:
...     h = rk.new_hand(v, players=2, seed=7)
...     print(bot.choose(h.view(h.current_player)))
pass
"""

from __future__ import annotations

import atexit
import contextlib
import json
import math
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from typing import IO, Any

from rummykit.bots.base import BotError
from rummykit.engine import Action, View
from rummykit.variant import Variant

__all__ = ["PROTOCOL", "PROTOCOL_VERSION", "ProcessBot", "process_bot_factory"]

PROTOCOL = "rummykit-bot"
PROTOCOL_VERSION = 1
_MAX_LINE = 1 << 16
"""The longest answer line read (64 KiB): an action text is a few dozen characters."""
_MAX_QUEUED = 64
"""How many lines (of at most :data:`_MAX_LINE` bytes) wait unread: a program that
writes more blocks until they are read, so its output costs at most 4 MiB."""

_LIVE: weakref.WeakSet[ProcessBot] = weakref.WeakSet()


def _close_all() -> None:
    for bot in list(_LIVE):
        bot.close()


atexit.register(_close_all)


def _kill(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is not None:
        return
    try:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGKILL)
        else:  # pragma: no cover - not run on POSIX CI
            proc.kill()
    except (ProcessLookupError, PermissionError):  # pragma: no cover - raced with its own exit
        pass
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)


def _reader(stream: IO[bytes], lines: queue.Queue[bytes | None], stop: threading.Event) -> None:
    def put(item: bytes | None) -> bool:
        while not stop.is_set():
            with contextlib.suppress(queue.Full):
                lines.put(item, timeout=0.1)
                return True
        return False

    try:
        for raw in iter(lambda: stream.readline(_MAX_LINE + 1), b""):
            if not put(raw):
                return
    except (OSError, ValueError):  # pragma: no cover - the pipe closed under us
        pass
    put(None)


class ProcessBot:
    """A bot that is a separate program speaking the ``rummykit-bot`` protocol.

    ``command`` is the program and its arguments (a list, or a string split as
    a shell splits words); ``timeout`` the seconds it has for each answer
    (and to start). ``name`` labels it in errors (default: the command).
    ``on_error``: ``"raise"`` (default) raises :class:`BotError` when the
    program answers late, answers something that is not a legal action, or
    dies; ``"fallback"`` stops it and lets ``fallback`` (a bot, default a
    :class:`~rummykit.bots.RandomBot`) play on, counting ``failures``.
    """

    def __init__(
        self,
        variant: Variant,
        seed: int | None = None,
        *,
        command: Sequence[str] | str,
        timeout: float = 5.0,
        name: str | None = None,
        on_error: str = "raise",
        fallback: Any = None,
        cwd: str | None = None,
    ) -> None:
        if isinstance(command, str):
            command = shlex.split(command)
        if not command or not all(isinstance(part, str) for part in command):
            raise BotError(f"process bot: command must be a non-empty list of strings, got {command!r}")
        if (
            isinstance(timeout, bool)
            or not isinstance(timeout, int | float)
            or not 0 < timeout <= threading.TIMEOUT_MAX
            or not math.isfinite(timeout)
        ):
            raise BotError(
                f"process bot: timeout must be a positive, finite number of seconds, got {timeout!r:.40}"
            )
        if on_error not in ("raise", "fallback"):
            raise BotError(f"process bot: on_error must be 'raise' or 'fallback', got {on_error!r}")
        self.variant = variant
        self.command = tuple(command)
        self.timeout = float(timeout)
        self.name = name or shlex.join(self.command)
        self.on_error = on_error
        self.failures = 0
        """How many times the program failed and the fallback played (``on_error="fallback"``)."""
        self.last_error: str = ""
        """What went wrong the last time (empty while nothing has)."""
        self._seed = seed
        self._fallback = fallback
        self._cwd = cwd
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue(_MAX_QUEUED)
        self._stop = threading.Event()
        self._dead = False
        self._start()

    # -- the process ---------------------------------------------------------

    def _start(self) -> None:
        try:
            self._proc = subprocess.Popen(
                list(self.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                cwd=self._cwd,
                start_new_session=os.name == "posix",
            )
        except OSError as exc:
            raise BotError(f"process bot {self.name!r}: cannot start ({exc.strerror or exc})") from None
        assert self._proc.stdout is not None
        threading.Thread(
            target=_reader, args=(self._proc.stdout, self._lines, self._stop), daemon=True
        ).start()
        _LIVE.add(self)
        weakref.finalize(self, _kill, self._proc)
        self._send(
            {"type": "hello", "protocol": PROTOCOL, "version": PROTOCOL_VERSION, "variant": self.variant.name}
        )

    def _send(self, message: dict[str, Any]) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None or proc.poll() is not None:
            raise BotError(f"process bot {self.name!r}: the program has exited")
        try:
            proc.stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise BotError(f"process bot {self.name!r}: the program has exited") from None

    def _answer(self, seat: int) -> str:
        deadline = time.monotonic() + self.timeout  # for the answer, whatever comment lines come first
        while True:
            try:
                raw = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise BotError(
                    f"process bot {self.name!r} at seat {seat}: no answer within {self.timeout:g} s"
                ) from None
            if raw is None:
                code = self._proc.poll() if self._proc else None
                raise BotError(f"process bot {self.name!r} at seat {seat}: the program exited (code {code})")
            if len(raw) > _MAX_LINE:
                raise BotError(
                    f"process bot {self.name!r} at seat {seat}: an answer line over {_MAX_LINE} bytes"
                )
            text = raw.decode("utf-8", "replace").strip()
            if text and not text.startswith("#"):
                return text

    def close(self) -> None:
        """Tell the program to quit, then make sure it is gone."""
        proc, self._proc = self._proc, None
        _LIVE.discard(self)
        self._stop.set()
        if proc is None:
            return
        if proc.poll() is None and proc.stdin is not None:
            try:
                proc.stdin.write(b'{"type":"quit"}\n')
                proc.stdin.close()
                proc.wait(timeout=min(self.timeout, 1.0))
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        _kill(proc)

    def __enter__(self) -> ProcessBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the bot protocol ------------------------------------------------------

    def _fail(self, error: BotError) -> None:
        if self.on_error == "raise":
            self.close()
            raise error
        self.failures += 1
        self.last_error = str(error)
        self._dead = True
        self.close()

    def _fallback_bot(self) -> Any:
        if self._fallback is None:
            from rummykit.bots.random_bot import RandomBot

            self._fallback = RandomBot(self.variant, seed=self._seed)
        return self._fallback

    def start_hand(self, view: View) -> None:
        """Tell the program a hand starts (no answer is read)."""
        if self._dead:
            return
        try:
            self._send({"type": "start", "seat": view.player, "view": view.to_data()})
        except BotError as exc:
            self._fail(exc)

    def end_hand(self, view: View) -> None:
        """Tell the program a hand is over, with the seat's last view."""
        if self._dead:
            return
        try:
            self._send({"type": "end", "seat": view.player, "view": view.to_data()})
        except BotError as exc:
            self._fail(exc)

    def choose(self, view: View) -> Action | str:
        """Send the seat's view and legal moves, and read the program's move."""
        if not self._dead:
            legal = [str(a) for a in view.legal]
            try:
                self._send({"type": "move", "seat": view.player, "view": view.to_data(), "legal": legal})
                text = self._answer(view.player)
                action = _legal_action(text, view)
                if action is not None:
                    return action
                raise BotError(
                    f"process bot {self.name!r} at seat {view.player}: answered {text[:80]!r}, "
                    f"not a legal action (legal: {', '.join(legal[:8])}{', ...' if len(legal) > 8 else ''})"
                )
            except BotError as exc:
                self._fail(exc)
        bot = self._fallback_bot()
        return bot.choose(view) if hasattr(bot, "choose") else bot(view)  # type: ignore[no-any-return]


def _legal_action(text: str, view: View) -> Action | None:
    """The legal action ``text`` names, or None (the engine's reading of text)."""
    from rummykit.engine import parse_action
    from rummykit.errors import RummyError

    try:
        action = parse_action(text)
    except RummyError:
        return None
    if action in view.legal:
        return action
    same = str(action)
    for legal in view.legal:
        if str(legal) == same:
            return legal
    return None


def process_bot_factory(command: str) -> Callable[..., ProcessBot]:
    """A bot factory for ``"cmd:COMMAND"`` specs (``make_bot``, ``--bots``)."""
    if not command.strip():
        raise BotError("bot 'cmd:': no command given (write cmd:python mybot.py)")
    words = shlex.split(command)

    def factory(variant: Variant, seed: int | None = None, **options: Any) -> ProcessBot:
        return ProcessBot(variant, seed, command=words, **options)

    factory.__name__ = f"cmd:{command}"
    return factory
