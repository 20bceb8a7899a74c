"""The ``rummykit`` command.

Exit codes: 0 all well, 1 a problem was found (an invalid variant file...),
2 the command line itself is wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import rummykit as rk

__all__ = ["main"]


def _cmd_validate(args: argparse.Namespace) -> int:
    results: list[tuple[str, list[rk.Problem]]] = []
    for name in args.files:
        path = Path(name)
        if not path.is_file():
            results.append((name, [rk.Problem("", f"no such file: {name}")]))
        else:
            results.append((name, rk.validate_file(path)))
    failed = any(problems for _, problems in results)
    if args.format == "json":
        out = [
            {
                "file": name,
                "valid": not problems,
                "problems": [{"path": p.path, "message": p.message} for p in problems],
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
            print(f"{name}: {problem}")
    return 1 if failed else 0


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
    variant = _load(args.variant)
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
        return 0
    if not changes:
        print(f"{a.name} and {b.name} have the same rules.")
        return 0
    print(f"From {a.title} ({a.name}) to {b.title} ({b.name}):")
    for change in changes:
        print(f"- {change}")
    return 0


def _cmd_new(args: argparse.Namespace) -> int:
    from rummykit.scaffold import scaffold

    base = _load(args.base)
    path = Path(args.output or f"{args.name}.toml")
    if path.exists() and not args.force:
        print(f"rummykit: {path} exists; use --force to overwrite it", file=sys.stderr)
        return 1
    ref = args.base if args.base in rk.list_variants() else str(Path(args.base).resolve())
    text = scaffold(args.name, base, extends=ref)
    path.write_text(text, encoding="utf-8")
    problems = rk.validate_file(path)
    for problem in problems:  # pragma: no cover - the scaffold is tested to be valid
        print(f"{path}: {problem}", file=sys.stderr)
    print(
        f"wrote {path}: house rules '{args.name}' extending {base.name}; edit it, then: rummykit validate {path}"
    )
    return 1 if problems else 0


def _cmd_schema(args: argparse.Namespace) -> int:
    print(json.dumps(rk.variant_schema(), indent=2, ensure_ascii=False))
    return 0


def _default_players(v: rk.Variant) -> int:
    return 2 if 2 in v.players.counts() else v.players.min


def _cmd_play(args: argparse.Namespace) -> int:
    from rummykit.terminal import PlaySession, stdin_is_tty

    variant = _load(args.variant)
    session = PlaySession(
        variant,
        players=args.players or _default_players(variant),
        seed=args.seed,
        match=args.match,
        bots=args.bots,
        record=Path(args.record) if args.record else None,
        pause=stdin_is_tty(),
        echo=not stdin_is_tty(),
        think=args.think,
    )
    return session.run()


def _cmd_simulate(args: argparse.Namespace) -> int:
    from rummykit.sim import SimulationReport, simulate

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


def _cmd_replay(args: argparse.Namespace) -> int:
    from rich.console import Console

    from rummykit.terminal import print_replay, read_records

    path = Path(args.record)
    records = read_records(path)
    print_replay(records, Console(highlight=False, soft_wrap=True), source=str(path))
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


def _bots(text: str) -> tuple[str, ...]:
    from rummykit.sim import BOT_NAMES

    names = tuple(b.strip() for b in text.split(",") if b.strip())
    if not names:
        raise argparse.ArgumentTypeError("expected bot names such as greedy or random,greedy")
    for name in names:
        if name not in BOT_NAMES:
            if ":" not in name:
                raise argparse.ArgumentTypeError(
                    f"unknown bot {name!r} (expected {', '.join(BOT_NAMES)} or module:Class)"
                )
            from rummykit.bots import BotError
            from rummykit.bots.base import resolve_spec

            try:
                resolve_spec(name)
            except BotError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None
    return names


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``rummykit`` command."""
    parser = argparse.ArgumentParser(
        prog="rummykit",
        description="The rules of the rummy family: list, show, explain, compare and validate rulesets; "
        "play them in the terminal, simulate bot games, replay game records.",
    )
    parser.add_argument("--version", action="version", version=f"rummykit {rk.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("validate", help="check variant files; print every problem with its key path")
    p.add_argument("files", nargs="+", metavar="FILE", help="variant TOML files")
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format")
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing for valid files")
    p.set_defaults(func=_cmd_validate)

    p = sub.add_parser("list", help="the built-in variants with their titles and player counts")
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format")
    p.set_defaults(func=_cmd_list)

    p = sub.add_parser("show", help="print a ruleset as TOML, after extends, every default written out")
    p.add_argument("variant", metavar="NAME|FILE", help="a built-in name or a variant file")
    p.set_defaults(func=_cmd_show)

    p = sub.add_parser("rules", help="print a ruleset as a readable rulebook")
    p.add_argument("variant", metavar="NAME|FILE", help="a built-in name or a variant file")
    p.add_argument("--format", choices=["text", "markdown"], default="text", help="output format")
    p.set_defaults(func=_cmd_rules)

    p = sub.add_parser("diff", help="the rules that differ between two rulesets, in plain language")
    p.add_argument("a", metavar="A", help="a built-in name or a variant file")
    p.add_argument("b", metavar="B", help="a built-in name or a variant file")
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format")
    p.set_defaults(func=_cmd_diff)

    p = sub.add_parser("new", help="write a commented house-rule file extending a ruleset")
    p.add_argument("name", metavar="NAME", help="name of the new ruleset (lowercase, digits, hyphens)")
    p.add_argument("--from", dest="base", default="straight", metavar="BASE", help="ruleset to extend")
    p.add_argument("-o", "--output", metavar="FILE", help="file to write (default NAME.toml)")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")
    p.set_defaults(func=_cmd_new)

    p = sub.add_parser("schema", help="print the JSON Schema of variant files")
    p.set_defaults(func=_cmd_schema)

    p = sub.add_parser(
        "play",
        help="play a hand (or a whole game) in the terminal against bots",
        description="Play in the terminal against bots. You are seat 0; the other seats are bots. "
        "Type the number of a legal action or the action in notation (discard QS); help, quit.",
    )
    p.add_argument("variant", metavar="NAME|FILE", help="a built-in name or a variant file")
    p.add_argument(
        "--players",
        type=_count(1),
        metavar="N",
        help="number of players (default 2, or the fewest the variant allows)",
    )
    p.add_argument("--seed", type=int, metavar="S", help="seed of the deal (default: random, printed)")
    p.add_argument("--match", action="store_true", help="play a whole game, hand after hand")
    p.add_argument(
        "--bots",
        type=_bots,
        default=("greedy",),
        metavar="random|greedy|search|module:Class",
        help="the opponents (default greedy); a comma list is assigned to seats 1, 2, ... in turn",
    )
    p.add_argument(
        "--bot",
        dest="bots",
        type=_bots,
        metavar="NAME",
        help="the opponent: random, greedy, search (the strongest) or module:Class (same as --bots)",
    )
    p.add_argument(
        "--think",
        type=_seconds,
        metavar="SECONDS",
        help="thinking time per move of the search bot (default 1)",
    )
    p.add_argument("--record", metavar="FILE", help="write the game record (JSON) here when play ends")
    p.set_defaults(func=_cmd_play)

    p = sub.add_parser(
        "simulate",
        help="many bot games in parallel, with a summary for rule designers",
        description="Play many bot games (hands, or whole matches with --match) and summarize: wins by seat, "
        "hand length, scores, how hands end, the turn-limit count and the first-player advantage with "
        "a 95% Wilson interval. The numbers depend on the seed, never on --jobs.",
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
        "--jobs", type=_count(0), default=1, metavar="J", help="worker processes (default 1; 0: one per CPU)"
    )
    p.add_argument("--seed", type=int, default=0, metavar="S", help="master seed (default 0)")
    p.add_argument("--format", choices=["table", "json"], default="table", help="output format")
    p.add_argument("--match", action="store_true", help="play whole matches rather than single hands")
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: when stderr is a terminal)",
    )
    p.set_defaults(func=_cmd_simulate)

    p = sub.add_parser(
        "replay",
        help="check a game record and print it turn by turn",
        description="Re-run a game record (Hand.record(), or a list of records as written by "
        "play --match --record) and print it turn by turn, every card shown, then the result. "
        "A record that does not replay to what it says is refused (exit 1).",
    )
    p.add_argument("record", metavar="RECORD.json", help="a record file")
    p.set_defaults(func=_cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except rk.VariantError as exc:
        for problem in exc.problems:
            prefix = f"{exc.source}: " if exc.source else ""
            print(f"{prefix}{problem}", file=sys.stderr)
        return 1
    except rk.RummyError as exc:
        print(f"rummykit: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    except OSError as exc:  # a record file that cannot be written...
        print(f"rummykit: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # pragma: no cover - interactive
        print("rummykit: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
