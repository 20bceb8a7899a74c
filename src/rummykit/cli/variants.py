"""The commands on variant files: ``validate``, ``list``, ``show``, ``rules``,
``diff``, ``new``, ``schema`` and ``completion``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import rummykit as rk
from rummykit.loading import builtin_path


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
    if plan.path.is_dir():
        where = f"--output {plan.path}" if args.output else f"{plan.path} (the default file name)"
        print(f"rummykit new: {where} is a directory; give the name of a file with --output", file=sys.stderr)
        return 1
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
