"""Driving the play screen in-process: a console that writes into a string and
a scripted keyboard, for the tests of ``rummykit play``."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterable
from typing import Any

from rich.console import Console

import rummykit as rk
from rummykit.terminal import PlaySession

Answer = Callable[[PlaySession, str], "str | None"]
"""A dynamic keyboard: given the session and the prompt, the line typed (None: end of input)."""


class Keyboard:
    """Lines typed at the prompts, in order (or chosen by ``answer``); the end
    of the script is the end of input (EOFError). Each prompt and line is
    written to the console, as a terminal shows them."""

    def __init__(self, lines: Iterable[str] = (), answer: Answer | None = None) -> None:
        self.lines = list(lines)
        self.answer = answer
        self.prompts: list[str] = []
        self.console: Console | None = None
        self.session: PlaySession | None = None

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.lines:
            line: str | None = self.lines.pop(0)
        elif self.answer is not None and self.session is not None:
            line = self.answer(self.session, prompt)
        else:
            line = None
        if line is None:
            raise EOFError
        assert self.console is not None
        self.console.file.write(f"{prompt}{line}\n")
        return line


def short_gin() -> rk.Variant:
    """Gin played to 1 point: the first hand won ends the game (two random
    players rarely knock, so a game to 100 lasts a hundred hands)."""
    return rk.loads_variant('extends = "gin"\n[variant]\nname = "short-gin"\n[game_end]\ntarget = 1')


def console(width: int = 80, *, terminal: bool = False) -> Console:
    return Console(
        file=io.StringIO(),
        width=width,
        highlight=False,
        soft_wrap=True,
        color_system=None,
        force_terminal=terminal,
    )


def output(c: Console) -> str:
    f = c.file
    assert isinstance(f, io.StringIO)
    return f.getvalue()


def play(
    variant: str | rk.Variant,
    keys: Keyboard | Iterable[str],
    *,
    width: int = 80,
    terminal: bool = False,
    **options: Any,
) -> tuple[PlaySession, str]:
    """Run a whole session (until the end, quit or the end of the script);
    the session and everything printed."""
    v = rk.load_variant(variant) if isinstance(variant, str) else variant
    keyboard = keys if isinstance(keys, Keyboard) else Keyboard(keys)
    c = console(width, terminal=terminal)
    options.setdefault("players", 2)
    options.setdefault("seed", 1)
    options.setdefault("match", False)
    options.setdefault("bots", ["greedy"])
    session = PlaySession(v, console=c, read=keyboard, **options)
    keyboard.console, keyboard.session = c, session
    assert session.run() == 0
    return session, output(c)


def resume(path: Any, keys: Keyboard, **options: Any) -> tuple[PlaySession, str]:
    """Resume the session saved in ``path``, typing ``keys``."""
    c = console(options.pop("width", 80))
    session = PlaySession.resume(path, console=c, read=keys, **options)
    keys.console, keys.session = c, session
    assert session.run() == 0
    return session, output(c)


def random_player(
    seed: int, *, quit_when: Callable[[PlaySession], bool] | None = None, drop: bool = True
) -> Answer:
    """A keyboard that types a random legal action's number (never undo or
    quit, which are not actions), or ``quit`` once ``quit_when`` holds; the
    same seed types the same numbers. Confirms a drop (or not: ``drop``),
    presses Enter when asked to."""
    rng = random.Random(seed)

    def answer(session: PlaySession, prompt: str) -> str | None:
        if prompt != "> ":
            return ("y" if drop else "n") if "[y/N]" in prompt else ""
        if quit_when is not None and quit_when(session):
            return "quit"
        h = session.hand
        assert h is not None
        return str(rng.randrange(len(h.legal_actions())) + 1)

    return answer
