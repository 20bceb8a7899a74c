"""The ``rummykit`` command.

Exit codes: 0 all well, 1 a problem was found (an invalid variant file...),
2 the command line itself is wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``rummykit`` command."""
    parser = argparse.ArgumentParser(
        prog="rummykit",
        description="The rules of the rummy family: list, show, explain, compare and validate rulesets.",
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
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
