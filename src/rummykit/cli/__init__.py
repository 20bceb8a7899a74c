"""The ``rummykit`` command.

Exit codes: 0 all well, 1 a problem was found (an invalid variant file...),
2 the command line itself is wrong, 3 an unexpected error (a bug: run again
with ``--debug``, or ``RUMMYKIT_DEBUG=1``, to see the traceback and report it).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

import rummykit as rk
from rummykit.cli.games import _cmd_play, _cmd_render, _cmd_replay, _cmd_simulate, _cmd_tournament
from rummykit.cli.options import (
    _bots,
    _count,
    _extends_dir_option,
    _jobs,
    _level,
    _seats,
    _seconds,
    _symbols_options,
)
from rummykit.cli.variants import (
    _cmd_diff,
    _cmd_list,
    _cmd_new,
    _cmd_rules,
    _cmd_schema,
    _cmd_show,
    _cmd_validate,
    _problem_line,
)

__all__ = ["build_parser", "main"]


def _cmd_completion(args: argparse.Namespace) -> int:
    from rummykit.completion import completion_script

    sys.stdout.write(completion_script(build_parser(), args.shell))
    return 0


class _NotBuilt:
    """Stands in for the parser of a command that is not run (see :class:`_OneCommand`)."""

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: self


class _OneCommand:
    """Subparsers that build the parser of one command only: ``main`` knows
    which command runs, and building the other thirteen costs more than the
    whole of ``rummykit validate`` does besides."""

    def __init__(self, sub: Any, only: str) -> None:
        self.sub, self.only, self.found = sub, only, False

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        if name != self.only:
            return _NotBuilt()
        self.found = True
        return self.sub.add_parser(name, **kwargs)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of the ``rummykit`` command (with ``only``, a
    command's name, the parser of that command alone; every command when the
    name is none of them)."""
    parser = argparse.ArgumentParser(
        prog="rummykit",
        description="The rules of the rummy family: list, show, explain, compare and validate rulesets; "
        "play them in the terminal, simulate bot games, replay game records.",
    )
    parser.add_argument("--version", action="version", version=f"rummykit {rk.__version__}")
    parser.add_argument(
        "--debug",
        action="store_true",
        help="show the traceback of an unexpected error (also: environment RUMMYKIT_DEBUG=1)",
    )
    sub: Any = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    if only is not None:
        sub = _OneCommand(sub, only)

    p = sub.add_parser("validate", help="check variant files; print every problem with its key path")
    p.add_argument(
        "files", nargs="+", metavar="NAME|FILE", help="variant TOML files or built-in names (validate gin)"
    )
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format")
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing for valid files")
    p.add_argument("--strict", action="store_true", help="warnings count as problems (exit 1)")
    _extends_dir_option(p)
    p.set_defaults(func=_cmd_validate)

    p = sub.add_parser("list", help="the built-in variants with their titles and player counts")
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format")
    p.set_defaults(func=_cmd_list)

    p = sub.add_parser("show", help="print a ruleset as TOML, after extends, every default written out")
    p.add_argument("variant", metavar="NAME|FILE", help="a built-in name or a variant file")
    _extends_dir_option(p)
    p.set_defaults(func=_cmd_show)

    p = sub.add_parser("rules", help="print a ruleset as a readable rulebook")
    p.add_argument("variant", metavar="NAME|FILE", help="a built-in name or a variant file")
    p.add_argument("--format", choices=["text", "markdown"], default="text", help="output format")
    p.set_defaults(func=_cmd_rules)

    p = sub.add_parser(
        "diff",
        help="the rules that differ between two rulesets, in plain language",
        description="The rules that differ between two rulesets, in plain language; a changed entry of a"
        " table (a card value...) is shown alone. Exit status, as diff's: 0 the same rules, 1 they differ.",
    )
    p.add_argument("a", metavar="A", help="a built-in name or a variant file")
    p.add_argument("b", metavar="B", help="a built-in name or a variant file")
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format")
    p.set_defaults(func=_cmd_diff)

    p = sub.add_parser("new", help="write a commented house-rule file extending a ruleset")
    p.add_argument(
        "name",
        metavar="NAME",
        help="name of the new ruleset: letters, digits, hyphens (lowercased; spaces and _ become -)",
    )
    p.add_argument("--from", dest="base", default="straight", metavar="BASE", help="ruleset to extend")
    p.add_argument("-o", "--output", metavar="FILE", help="file to write (default NAME.toml)")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")
    p.set_defaults(func=_cmd_new)

    p = sub.add_parser(
        "render",
        help="draw a position, or a record at move N, as an SVG picture",
        description="Draw a whole position as an SVG picture (rummykit.svg): every hand, the table by"
        " owner, the discard pile and the stock; with --seat, only what that seat sees.",
    )
    p.add_argument("variant", nargs="?", metavar="NAME|FILE", help="the ruleset (with --position)")
    p.add_argument("--position", metavar="TEXT|@FILE", help="a position text (rummykit.position)")
    p.add_argument("--record", metavar="FILE", help="a game record (JSON) to draw, at its end or at --move")
    p.add_argument("--move", type=int, metavar="N", help="with --record: the position after N actions")
    p.add_argument("--seat", type=int, metavar="P", help="draw what seat P sees (the other hands face down)")
    p.add_argument("-o", "--output", metavar="FILE.svg", help="write the picture here (default: print it)")
    p.set_defaults(func=_cmd_render)

    p = sub.add_parser("schema", help="print the JSON Schema of variant files")
    p.add_argument("-o", "--output", metavar="FILE", help="write the schema to FILE instead of printing it")
    p.set_defaults(func=_cmd_schema)

    p = sub.add_parser(
        "play",
        help="play a hand (or a whole game) in the terminal against bots, or with friends",
        description="Play in the terminal against bots. You are seat 0 (--seat P); the other seats are"
        " bots. Several people at one terminal (--humans N or --seat 0,2) play hot-seat: the screen is"
        " hidden between their turns. Type the number of a legal action or the action in notation"
        " (discard QS); hint, sort, undo, show, help, quit. --save FILE keeps the game to --resume later.",
    )
    p.add_argument("variant", nargs="?", metavar="NAME|FILE", help="a built-in name or a variant file")
    p.add_argument(
        "--players",
        type=_count(1),
        metavar="N",
        help="number of players (default 2, or the fewest the variant allows)",
    )
    p.add_argument(
        "--seed",
        type=int,
        metavar="S",
        help="seed of the deal, for practice: the same seed deals the same game (default: the OS's entropy, no seed)",
    )
    p.add_argument("--match", action="store_true", help="play a whole game, hand after hand")
    p.add_argument(
        "--seat",
        type=_seats,
        metavar="P[,Q...]",
        help="the seat you play (default 0); several seats: people taking turns at this terminal",
    )
    p.add_argument(
        "--humans",
        type=_count(1),
        metavar="N",
        help="N people at this terminal, seats 0 to N-1, passing it between turns (hot-seat)",
    )
    p.add_argument(
        "--bots",
        type=_bots,
        metavar="random|greedy|search|module:Class",
        help="the opponents (default greedy; the levels level1 to level5, or --level N); a comma list is assigned to the bot seats in turn",
    )
    p.add_argument(
        "--bot",
        dest="bots",
        type=_bots,
        metavar="NAME",
        help="the opponent: random, greedy, search (stronger than greedy in most games, not all: "
        "docs/bots.md, 'How strong are they') or module:Class (same as --bots)",
    )
    p.add_argument(
        "--level",
        type=_level,
        metavar="N",
        help="the opponents' difficulty level, 1 (beginner) to 5 (expert): the bots level1 to level5 "
        "(docs/bots.md); not with --bots",
    )
    p.add_argument(
        "--think",
        type=_seconds,
        metavar="SECONDS",
        help="thinking time per move of the search bot (default 1; in Gin it plays its default move at once);"
        " the other bots (and levels) pause about that long before each move, as a person would",
    )
    p.add_argument("--sort", choices=["suit", "rank"], help="show your hand by suit (default) or by rank")
    _symbols_options(p)
    p.add_argument("--record", metavar="FILE", help="write the game record (JSON) here when play ends")
    p.add_argument(
        "--save",
        metavar="FILE",
        help="keep the game in FILE (after each of your moves and when play stops), to --resume it; FILE holds the whole deal",
    )
    p.add_argument(
        "--resume",
        metavar="FILE",
        help="continue the game saved in FILE (by --save) where it stopped, saving to it again",
    )
    p.add_argument(
        "--from-position",
        metavar="TEXT|@FILE",
        help="play on from a position (rummykit.position text, e.g. from a bug report; @FILE reads it)",
    )
    p.set_defaults(func=_cmd_play)

    p = sub.add_parser(
        "simulate",
        help="many bot games in parallel, with a summary for rule designers",
        description="Play many bot games (hands, or whole matches with --match) and summarize: wins by seat, "
        "hand length, scores, how hands end, the turn-limit count and the first-player advantage with "
        "a 95% Wilson interval. The numbers depend on the seed, never on --jobs or --backend. "
        "--records keeps every hand's record; --resume continues an interrupted study.",
    )
    p.add_argument("variant", metavar="NAME|FILE", help="a built-in name or a variant file")
    p.add_argument("--games", type=_count(1), default=100, metavar="N", help="games to play (default 100)")
    p.add_argument(
        "--players",
        type=_count(1),
        metavar="N",
        help="number of players (default 2, or the fewest the variant allows)",
    )
    p.add_argument(
        "--bots",
        type=_bots,
        default=("greedy",),
        metavar="random,greedy",
        help="bots assigned to seats 0, 1, ... cyclically (default greedy): random, greedy, search "
        "or module:Class",
    )
    p.add_argument(
        "--jobs",
        type=_jobs,
        default="auto",
        metavar="J",
        help="worker processes (default auto: one per CPU for 50 games or more; 1: no worker; "
        "0: one per CPU); with --backend ray, the CPUs of a local Ray",
    )
    p.add_argument(
        "--backend",
        choices=["process", "ray"],
        default="process",
        help="where games run: worker processes here (default), or Ray (needs rummykit[ray])",
    )
    p.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray: the Ray cluster to join (default: start a local Ray for the run)",
    )
    p.add_argument(
        "--records",
        metavar="FILE.jsonl",
        help="write every hand's record here, one JSON record a line (replay with: rummykit replay FILE)",
    )
    p.add_argument(
        "--resume",
        action="store_true",
        help="with --records: continue an interrupted study from its checkpoint (FILE.jsonl.progress)",
    )
    p.add_argument(
        "--prompts",
        metavar="FILE.jsonl",
        help="instead of the summary, write every decision of --prompt-seats as a JSON line: the text "
        "agent's prompt, the legal moves, the move played and the hand's outcome (rummykit.llm.write_prompts)",
    )
    p.add_argument(
        "--prompt-seats",
        type=_seats,
        metavar="0,1",
        help="with --prompts: the seats whose decisions are written (default every seat)",
    )
    p.add_argument("--seed", type=int, default=0, metavar="S", help="master seed (default 0)")
    p.add_argument(
        "--format",
        choices=["text", "json", "table"],
        default="text",
        help="output format: text (default; 'table' is an older name for it) or json",
    )
    p.add_argument("--match", action="store_true", help="play whole matches rather than single hands")
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: when stderr is a terminal)",
    )
    p.set_defaults(func=_cmd_simulate)

    p = sub.add_parser(
        "tournament",
        help="every pair of bots on duplicate deals, with a table of wins and ratings",
        description="Play every pair of bots on the same deals twice, once from each seat (duplicate"
        " deals), and print each bot's hands won, share, points per hand and an Elo-style rating, then"
        " each pair's result with a 95%% Wilson interval. Bots: random, greedy, search, module:Class or"
        " cmd:PROGRAM (a program speaking the rummykit-bot protocol).",
    )
    p.add_argument("variant", metavar="NAME|FILE", help="a built-in name or a variant file")
    p.add_argument(
        "--bots", type=_bots, required=True, metavar="a,b,c", help="two or more bots, comma-separated"
    )
    p.add_argument("--games", type=_count(1), default=100, metavar="N", help="deals per pair (default 100)")
    p.add_argument("--jobs", type=_count(1), default=1, metavar="J", help="worker processes (default 1)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="master seed (default 0)")
    p.add_argument("--records", metavar="FILE.jsonl", help="write every hand's record here, one a line")
    p.set_defaults(func=_cmd_tournament)

    p = sub.add_parser(
        "replay",
        help="check a game record and print it turn by turn",
        description="Re-run a game record (Hand.record(), or a list of records as written by "
        "play --match --record) and print it turn by turn, every card shown, then the result. "
        "A record that does not replay to what it says is refused (exit 1).",
    )
    p.add_argument("record", metavar="RECORD.json", help="a record file (or FILE.jsonl: one record a line)")
    p.add_argument(
        "--line",
        type=_count(1),
        metavar="N",
        help="replay line N of a JSON Lines file of records (simulate --records); "
        "without it every line of a .jsonl file is replayed",
    )
    _symbols_options(p)
    p.set_defaults(func=_cmd_replay)

    p = sub.add_parser(
        "completion",
        help="print a shell completion script (bash, zsh or fish)",
        description="Print a completion script for the rummykit command: its commands, options, choices"
        " and the built-in variant names. bash: add 'eval \"$(rummykit completion bash)\"' to ~/.bashrc;"
        " zsh: rummykit completion zsh > a folder of your $fpath, named _rummykit; fish: rummykit"
        " completion fish > ~/.config/fish/completions/rummykit.fish.",
    )
    p.add_argument("shell", choices=["bash", "zsh", "fish"], help="the shell to complete for")
    p.set_defaults(func=_cmd_completion)
    if isinstance(sub, _OneCommand) and not sub.found:
        return build_parser()
    return parser


def _debug_wanted(args: argparse.Namespace | None) -> bool:
    if args is not None and getattr(args, "debug", False):
        return True
    return os.environ.get("RUMMYKIT_DEBUG", "").strip().lower() in {"1", "true", "yes", "on"}


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or "(no message)"
    return text if len(text) <= 300 else text[:297] + "..."


def _ignore_further_interrupts() -> None:
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    Bad input ends with a message and status 1; anything unexpected ends with
    one line naming the command and the error, status 3 (``--debug`` or
    ``RUMMYKIT_DEBUG=1`` prints the traceback as well).
    """
    args: argparse.Namespace | None = None
    command = "rummykit"
    try:
        words = list(sys.argv[1:] if argv is None else argv)
        parser = build_parser(only=next((w for w in words if not w.startswith("-")), None))
        args = parser.parse_args(words)
        command = f"rummykit {args.command}"
        code: int = args.func(args)
    except rk.VariantError as exc:
        for problem in exc.problems:
            line = _problem_line(exc.source, problem) if exc.source else str(problem)
            print(line, file=sys.stderr)
        return 1
    except rk.RummyError as exc:
        print(f"rummykit: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    except OSError as exc:  # a record file that cannot be written...
        print(f"rummykit: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        _ignore_further_interrupts()  # a second Ctrl-C must not turn the clean exit into a traceback
        print("rummykit: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # the last guard: never a bare traceback (argparse's SystemExit passes)
        if _debug_wanted(args):
            import traceback

            traceback.print_exc()
        hint = "" if _debug_wanted(args) else " (run with --debug to see the traceback)"
        print(
            f"{command}: unexpected error: {type(exc).__name__}: {_one_line(exc)}{hint}; please report it",
            file=sys.stderr,
        )
        return 3
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
