"""The types and shared options of the command line's arguments."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path

from rummykit.errors import RummyError


def _count(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"expected a number of at least {minimum}, got {value}")
        return value

    return parse


def _output_file(option: str, path: str | os.PathLike[str] | None) -> None:
    """Refuse an existing directory given to ``option`` as a file to write,
    before any work (the raw ``[Errno 21] Is a directory`` named neither)."""
    if path is not None and Path(path).is_dir():
        raise RummyError(f"{option} {path}: is a directory; give the name of a file to write")


def _jobs(text: str) -> int | str:
    if text.strip().lower() == "auto":
        return "auto"
    return _count(0)(text)


def _bots(text: str) -> tuple[str, ...]:
    from rummykit.sim import BOT_NAMES

    names = tuple(b.strip() for b in text.split(",") if b.strip())
    if not names:
        raise argparse.ArgumentTypeError("expected bot names such as greedy or random,greedy")
    for name in names:
        if name not in BOT_NAMES:
            if ":" not in name:
                raise argparse.ArgumentTypeError(
                    f"unknown bot {name!r} (expected {', '.join(BOT_NAMES)}, module:Class or cmd:PROGRAM)"
                )
            from rummykit.bots import BotError
            from rummykit.bots.base import resolve_spec

            try:
                resolve_spec(name)
            except BotError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None
    return names


def _extends_dir_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--extends-dir",
        action="append",
        metavar="DIR",
        help="also allow extends to name base files in DIR (by default only the file's own folder"
        " and below); repeatable",
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def _level(text: str) -> int:
    from rummykit.bots.levels import LEVELS

    top = max(LEVELS)
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value not in LEVELS:
        raise argparse.ArgumentTypeError(
            f"expected a level from 1 ({LEVELS[1].name}) to {top} ({LEVELS[top].name}), got {text!r}"
        )
    return value


def _seats(text: str) -> tuple[int, ...]:
    seats: list[int] = []
    for part in text.split(","):
        try:
            seat = int(part.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected seat numbers such as 1 or 0,2, got {text!r}"
            ) from None
        if seat < 0:
            raise argparse.ArgumentTypeError(f"expected seat numbers from 0, got {seat}")
        if seat in seats:
            raise argparse.ArgumentTypeError(f"seat {seat} is named twice")
        seats.append(seat)
    return tuple(seats)


def _symbols_options(p: argparse.ArgumentParser) -> None:
    group = p.add_mutually_exclusive_group()
    group.add_argument(
        "--symbols",
        dest="symbols",
        action="store_const",
        const=True,
        default=None,
        help="suits as symbols rather than letters (default: when the terminal can print them)",
    )
    group.add_argument(
        "--ascii", dest="symbols", action="store_const", const=False, help="suits as letters: 7H"
    )
