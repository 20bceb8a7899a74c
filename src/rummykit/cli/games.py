"""The commands that play: ``play``, ``render``, ``simulate`` and ``replay``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rummykit as rk
from rummykit.cli.options import _output_file
from rummykit.cli.variants import _load


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


def _level_bots(args: argparse.Namespace) -> None:
    """``--level N``: the bots are ``levelN`` (refused with ``--bots``)."""
    level = getattr(args, "level", None)
    if level is None:
        return
    if args.bots is not None:
        raise rk.RummyError("play: give --bots or --level, not both (--level N plays the bot levelN)")
    args.bots = (f"level{level}",)


def _cmd_play(args: argparse.Namespace) -> int:
    from rummykit.terminal import PlaySession, stdin_is_tty

    _level_bots(args)
    _output_file("--record", args.record)

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
            Path(args.resume), bots=args.bots, save=Path(args.save) if args.save else None, **display
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
        limit = 4 * MAX_POSITION_CHARS
        try:  # read at most the limit: the file may be a device or a pipe of any length
            with path.open(encoding="utf-8") as f:
                text = f.read(limit + 1)
        except OSError as exc:
            raise rk.PositionError(f"position: cannot read {path}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise rk.PositionError(f"position: cannot read {path}: not UTF-8 text") from None
        if len(text) > limit:
            raise rk.PositionError(f"position: {path} is too large to be a position")
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

    _output_file("--output", args.output)
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

    _output_file("--records", args.records)
    variant = _load(args.variant)
    report = tournament(
        variant, args.bots, games=args.games, seed=args.seed, jobs=args.jobs, records=args.records
    )
    print(report)
    if args.records:
        print(f"\nrecords: {args.records}")
    return 0


def _write_prompts(args: argparse.Namespace, variant: rk.Variant, players: int) -> int:
    """``simulate --prompts``: the decisions as a dataset (in this process)."""
    from rummykit.llm import write_prompts

    seats = args.prompt_seats
    if seats is not None and max(seats) >= players:
        print(
            f"rummykit simulate: --prompt-seats {max(seats)}: no such seat with {players} players",
            file=sys.stderr,
        )
        return 2
    count = write_prompts(
        variant, args.prompts, games=args.games, players=players, bots=args.bots, seats=seats,
        seed=args.seed, match=args.match,
    )  # fmt: skip
    print(f"{count} decisions of {args.games} {'games' if args.match else 'hands'} written to {args.prompts}")
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    from rummykit.sim import SimulationReport, simulate

    if args.resume and not args.records:
        print("rummykit simulate: --resume needs --records FILE.jsonl (the study to resume)", file=sys.stderr)
        return 2
    _output_file("--records", args.records)
    _output_file("--prompts", args.prompts)
    variant = _load(args.variant)
    players = args.players or _default_players(variant)
    if args.prompts:
        return _write_prompts(args, variant, players)
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
