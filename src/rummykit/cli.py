"""The ``rummykit`` command.

Exit codes: 0 all well, 1 a problem was found (an invalid variant file...),
2 the command line itself is wrong, 3 an unexpected error (a bug: run again
with ``--debug``, or ``RUMMYKIT_DEBUG=1``, to see the traceback and report it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import rummykit as rk
from rummykit.loading import builtin_path

__all__ = ["main"]


def _validate_one(name: str, args: argparse.Namespace) -> list[rk.Problem]:
    """The problems (then, if none, the warnings) of one file or built-in name."""
    path = Path(name)
    dirs = args.extends_dir or ()
    if not os.path.lexists(path):
        found = builtin_path(name) if "/" not in name and not name.endswith(".toml") else None
        if found is None:
            return [rk.Problem("", f"no such file: {name}")]
        path = found
    return rk.validate_file(path, extends_dirs=dirs, warnings=True)


def _cmd_validate(args: argparse.Namespace) -> int:
    results: list[tuple[str, list[rk.Problem]]] = [(name, _validate_one(name, args)) for name in args.files]

    def counts(problem: rk.Problem) -> bool:
        return problem.severity != "warning" or args.strict

    failed = any(counts(p) for _, problems in results for p in problems)
    if args.format == "json":
        out = [
            {
                "file": name,
                "valid": not any(p.severity != "warning" for p in problems),
                "problems": [_problem_json(p) for p in problems if p.severity != "warning"],
                "warnings": [_problem_json(p) for p in problems if p.severity == "warning"],
            }
            for name, problems in results
        ]
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 1 if failed else 0
    for name, problems in results:
        if not problems:
            if not args.quiet:
                print(f"{name}: ok")
            continue
        for problem in problems:
            print(_problem_line(name, problem))
    return 1 if failed else 0


def _problem_json(p: rk.Problem) -> dict[str, object]:
    out: dict[str, object] = {"path": p.path, "message": p.message}
    if p.line:
        out.update(line=p.line, column=p.column)
    if p.file:
        out["file"] = p.file
    return out


def _problem_line(name: str, p: rk.Problem) -> str:
    """``FILE:LINE:COLUMN: key.path: message``; a problem in a base file is reported against it."""
    where = p.file or name
    loc = f":{p.line}:{p.column}" if p.line else ""
    tail = f" (a base of {name})" if p.file else ""
    return f"{where}{loc}: {p}{tail}"


def _cmd_list(args: argparse.Namespace) -> int:
    rows = []
    for name in rk.list_variants():
        try:
            v = rk.load_variant(name)
        except rk.VariantError as exc:  # a broken built-in is reported, not hidden
            rows.append((name, f"(invalid: {len(exc.problems)} problems)", "?"))
            continue
        players = f"{v.players.min}-{v.players.max}" if v.players.min != v.players.max else str(v.players.min)
        rows.append((name, v.title, players))
    if args.format == "json":
        print(json.dumps([{"name": n, "title": t, "players": p} for n, t, p in rows], indent=2))
        return 0
    width = max(len(r[0]) for r in rows) if rows else 4
    twidth = max(len(r[1]) for r in rows) if rows else 5
    print(f"{'name':<{width}}  {'title':<{twidth}}  players")
    for name, title, players in rows:
        print(f"{name:<{width}}  {title:<{twidth}}  {players}")
    return 0


def _load(ref: str) -> rk.Variant:
    return rk.load_variant(ref)


def _cmd_show(args: argparse.Namespace) -> int:
    dirs = args.extends_dir or ()
    variant = rk.load_variant(args.variant, extends_dirs=dirs) if dirs else _load(args.variant)
    sys.stdout.write(variant.to_toml())
    return 0


def _cmd_rules(args: argparse.Namespace) -> int:
    from rummykit.rulebook import rulebook

    book = rulebook(_load(args.variant))
    sys.stdout.write(book.to_markdown() if args.format == "markdown" else book.to_text())
    return 0


def _cmd_diff(args: argparse.Namespace) -> int:
    from rummykit.rulebook import diff_variants

    a, b = _load(args.a), _load(args.b)
    changes = diff_variants(a, b)
    if args.format == "json":
        out = [{"concern": c.concern, "before": c.before, "after": c.after} for c in changes]
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 1 if changes else 0
    if not changes:
        print(f"{a.name} and {b.name} have the same rules.")
        return 0
    print(f"From {a.title} ({a.name}) to {b.title} ({b.name}):")
    for change in changes:
        print(f"- {change}")
    return 1


def _cmd_new(args: argparse.Namespace) -> int:
    from rummykit.scaffold import new_house_rule

    # Every check happens before anything is written (issue 15).
    base = _load(args.base)
    plan = new_house_rule(args.name, args.base, output=args.output, base_variant=base)
    if plan.path.exists() and not args.force:
        print(f"rummykit new: {plan.path} exists; use --force to overwrite it", file=sys.stderr)
        return 1
    plan.path.write_text(plan.text, encoding="utf-8")
    note = f" (name normalised from {args.name!r})" if plan.name != args.name else ""
    print(
        f"wrote {plan.path}: house rules '{plan.name}'{note} extending {base.name};"
        f" edit it, then: rummykit validate {plan.path}"
    )
    return 0


def _cmd_schema(args: argparse.Namespace) -> int:
    text = json.dumps(rk.variant_schema(), indent=2, ensure_ascii=False) + "\n"
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            print(f"rummykit schema: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(text)
    return 0


def _default_players(v: rk.Variant) -> int:
    return 2 if 2 in v.players.counts() else v.players.min


def _symbols(args: argparse.Namespace) -> bool:
    """``--symbols`` / ``--ascii``, else symbols only on a terminal that can
    print them. On an output that cannot print them (``PYTHONIOENCODING=ascii``)
    ``--symbols`` is refused, and any other character it cannot print (a
    variant's title: Phỏm) is written as ``?`` rather than stopping play."""
    from rummykit.terminal import encodes, symbols_by_default

    encoding = getattr(sys.stdout, "encoding", None)
    printable = encodes(encoding, "♣♦♥♠")
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if not printable and callable(reconfigure):
        reconfigure(errors="replace")
    choice: bool | None = getattr(args, "symbols", None)
    if choice and not printable:
        raise rk.RummyError(
            f"--symbols: the output's encoding ({encoding}) cannot print suit symbols;"
            " use --ascii, or set PYTHONIOENCODING=utf-8"
        )
    return symbols_by_default() if choice is None else choice


def _human_seats(args: argparse.Namespace) -> tuple[int, ...]:
    """The seats played at this terminal: ``--seat P[,Q...]`` or ``--humans N``."""
    if args.humans is not None and args.seat is not None:
        raise rk.RummyError("play: give --seat or --humans, not both (--humans N is --seat 0,1,...,N-1)")
    if args.humans is not None:
        return tuple(range(args.humans))
    return tuple(args.seat) if args.seat is not None else (0,)


def _cmd_play(args: argparse.Namespace) -> int:
    from rummykit.terminal import PlaySession, stdin_is_tty

    display: dict[str, Any] = {
        "pause": stdin_is_tty(),
        "echo": not stdin_is_tty(),
        "symbols": _symbols(args),
        "record": Path(args.record) if args.record else None,
    }
    if args.resume is not None:
        fixed = [
            opt
            for opt, given in [
                ("NAME|FILE", args.variant is not None),
                ("--players", args.players is not None),
                ("--seed", args.seed is not None),
                ("--match", args.match),
                ("--seat", args.seat is not None),
                ("--humans", args.humans is not None),
                ("--think", args.think is not None),
                ("--from-position", args.from_position is not None),
                ("--sort", args.sort is not None),
            ]
            if given
        ]
        if fixed:
            raise rk.RummyError(
                f"play --resume continues the saved game as it was: {', '.join(fixed)} cannot change it"
            )
        session = PlaySession.resume(
            Path(args.resume),
            bots=args.bots,
            save=Path(args.save) if args.save else None,
            **display,
        )
        return session.run()
    if args.variant is None:
        raise rk.RummyError("play: name the ruleset (a built-in name or a variant file), or --resume FILE")
    if args.from_position is not None:
        return _play_from_position(args, display)
    variant = _load(args.variant)
    session = PlaySession(
        variant,
        players=args.players or _default_players(variant),
        seed=args.seed,
        match=args.match,
        bots=args.bots or ("greedy",),
        think=args.think,
        humans=_human_seats(args),
        sort=args.sort or "suit",
        save=Path(args.save) if args.save else None,
        **display,
    )
    return session.run()


def _play_from_position(args: argparse.Namespace, display: dict[str, Any]) -> int:
    """``play --from-position TEXT`` (or ``@FILE``): play on from a position,
    as given in a bug report; you are seat 0 (or --seat), bots the others."""
    from rummykit.terminal import PlaySession

    text = _position_text(args.from_position)
    if args.match or args.record or args.players or args.seed is not None:
        raise rk.RummyError(
            "--from-position plays on one hand: --match, --record, --players, --seed do not apply"
        )
    variant = _load(args.variant)
    hand = rk.from_position(variant, text)
    session = PlaySession(
        variant,
        players=hand.players,
        seed=0,
        match=False,
        bots=args.bots or ("greedy",),
        think=args.think,
        humans=_human_seats(args),
        sort=args.sort or "suit",
        save=Path(args.save) if args.save else None,
        hand=hand,
        **{**display, "record": None},
    )
    session.banner = (
        f"rummykit play: {variant.title} ({variant.name}), {hand.players} players, from a position"
        f" (turn {hand.turns}). {session._who()} Type help for the commands, quit to stop."
    )
    return session.run()


def _position_text(arg: str) -> str:
    """A position given on the command line: the text, or ``@FILE`` to read it."""
    from rummykit.engine.position import MAX_POSITION_CHARS

    text = str(arg)
    if text.startswith("@"):
        path = Path(text[1:])
        if path.stat().st_size > 4 * MAX_POSITION_CHARS:
            raise rk.PositionError(f"position: {path} is too large to be a position")
        text = path.read_text(encoding="utf-8")
    return text.strip()


def _render_hand(args: argparse.Namespace) -> rk.Hand:
    if (args.position is None) == (args.record is None):
        raise rk.RummyError("render: give one of --position TEXT|@FILE or --record FILE")
    if args.position is not None:
        if args.variant is None:
            raise rk.RummyError("render: --position needs the ruleset (NAME|FILE) it is a position of")
        return rk.from_position(_load(args.variant), _position_text(args.position))
    from rummykit.terminal import read_records

    record = read_records(Path(args.record))[0]
    actions = list(record.get("actions") or [])
    if args.move is not None:
        if not 0 <= args.move <= len(actions):
            raise rk.RecordError(f"render: --move {args.move}: the record has {len(actions)} actions")
        record = {**record, "actions": actions[: args.move], "result": None}
    return rk.replay(record)


def _cmd_render(args: argparse.Namespace) -> int:
    from rummykit import svg

    hand = _render_hand(args)
    if args.seat is not None and not 0 <= args.seat < hand.players:
        raise rk.RummyError(f"render: no seat {args.seat} in a hand of {hand.players} players")
    picture = svg.position(hand.view(args.seat)) if args.seat is not None else svg.position(hand)
    if args.output:
        Path(args.output).write_text(picture + "\n", encoding="utf-8")
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(picture + "\n")
    return 0


def _cmd_tournament(args: argparse.Namespace) -> int:
    from rummykit.tournament import tournament

    variant = _load(args.variant)
    report = tournament(
        variant, args.bots, games=args.games, seed=args.seed, jobs=args.jobs, records=args.records
    )
    print(report)
    if args.records:
        print(f"\nrecords: {args.records}")
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    from rummykit.sim import SimulationReport, simulate

    if args.resume and not args.records:
        print("rummykit simulate: --resume needs --records FILE.jsonl (the study to resume)", file=sys.stderr)
        return 2
    variant = _load(args.variant)
    players = args.players or _default_players(variant)
    show = args.progress if args.progress is not None else sys.stderr.isatty()

    def run(progress: Callable[[int, int], None] | None = None) -> SimulationReport:
        return simulate(
            variant,
            games=args.games,
            players=players,
            bots=args.bots,
            jobs=args.jobs,
            seed=args.seed,
            match=args.match,
            progress=progress,
            backend=args.backend,
            address=args.address,
            records=args.records,
            resume=args.resume,
        )

    if show:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        with Progress(
            TextColumn(f"simulating {variant.name}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=True,
            auto_refresh=False,  # no refresh thread: worker processes are forked safely
        ) as bar:
            task = bar.add_task("games", total=args.games)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done)
                bar.refresh()

            report = run(progress)
    else:
        report = run()
    if args.format == "json":
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        print(report.table())
    return 0


def _replay_jsonl(path: Path, line: int | None, symbols: bool) -> int:
    """Replay the records of a JSON Lines file (``simulate --records``), one
    line at a time so that a large study is never held in memory."""
    from rich.console import Console

    from rummykit.sim import read_records as read_lines
    from rummykit.terminal import print_replay

    console = Console(highlight=False, soft_wrap=True)
    count = 0
    for n, rec in read_lines(path, line):
        try:
            rk.replay(rec)
        except rk.RecordError as exc:
            raise rk.RecordError(f"{path}, line {n}: {exc}") from None
        print_replay([rec], console, source=f"{path}, line {n}", symbols=symbols)
        count += 1
    if line is None:
        console.rule()
        console.print(f"{count} hands replayed from {path}; every record checks out.", highlight=False)
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from rich.console import Console

    from rummykit.terminal import print_replay, read_records

    path = Path(args.record)
    if args.line is not None or path.suffix.lower() in (".jsonl", ".ndjson"):
        return _replay_jsonl(path, args.line, _symbols(args))
    records = read_records(path)
    print_replay(records, Console(highlight=False, soft_wrap=True), source=str(path), symbols=_symbols(args))
    return 0


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


def _cmd_completion(args: argparse.Namespace) -> int:
    from rummykit.completion import completion_script

    sys.stdout.write(completion_script(build_parser(), args.shell))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``rummykit`` command."""
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
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

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
    p.add_argument("--seed", type=int, metavar="S", help="seed of the deal (default: random, printed)")
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
        help="the opponents (default greedy); a comma list is assigned to the bot seats in turn",
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
        "--think",
        type=_seconds,
        metavar="SECONDS",
        help="thinking time per move of the search bot (default 1; in Gin it plays its default move at once)",
    )
    p.add_argument("--sort", choices=["suit", "rank"], help="show your hand by suit (default) or by rank")
    _symbols_options(p)
    p.add_argument("--record", metavar="FILE", help="write the game record (JSON) here when play ends")
    p.add_argument(
        "--save",
        metavar="FILE",
        help="keep the game in FILE (after each of your moves and when play stops), to --resume it",
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
        parser = build_parser()
        args = parser.parse_args(argv)
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
