"""MkDocs hooks: pages generated from the code, so the docs cannot drift.

- ``reference/variant-format.md``: every table, kind, key, type and default;
- ``reference/cli.md``: the ``--help`` of every command;
- ``variants/index.md`` and one page per built-in variant: its short guide where
  ``docs/guides/NAME.md`` has one, its rulebook and its TOML file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

import rummykit as rk
from rummykit.cli import build_parser
from rummykit.loading import builtin_path
from rummykit.rulebook import rulebook
from rummykit.schema import reference_markdown

_ROOT = Path(__file__).resolve().parent.parent


def _cli_page() -> str:
    parser = build_parser()
    out = [
        "# Command line",
        "",
        "Generated from the program's own `--help`. Exit codes: 0 all well, 1 a problem was",
        "found (an invalid variant file...), 2 the command line itself is wrong, 3 an",
        "unexpected error (a bug: `rummykit --debug ...` or `RUMMYKIT_DEBUG=1` shows the",
        "traceback to report).",
        "",
        "Shell completion: `rummykit completion bash|zsh|fish` prints a script that completes",
        "these commands and options; see [Playing, simulating, replaying](../playing.md#shell-completion-rummykit-completion)",
        "for the install line of each shell.",
        "",
        "```text",
        parser.format_help().rstrip(),
        "```",
    ]
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    for name, child in sub.choices.items():  # type: ignore[attr-defined]
        out += ["", f"## `rummykit {name}`", "", "```text", child.format_help().rstrip(), "```"]
    return "\n".join(out) + "\n"


def _variant_page(name: str) -> str:
    v = rk.load_variant(name)
    text = rulebook(v).to_markdown()
    guide = _ROOT / "docs" / "guides" / f"{name}.md"
    if guide.is_file():  # a short guide first (its own title), then the rulebook
        text = guide.read_text(encoding="utf-8").rstrip() + "\n\n" + text.replace("# ", "## The rules: ", 1)
    path = builtin_path(name)
    source = path.read_text(encoding="utf-8") if path else v.to_toml()
    if v.info.sources:
        text += "\nThe labels are those of the [sources page](../sources.md), with the address of each source that has a stable one.\n"
    return (
        text
        + f"\n## The ruleset file\n\n`rummykit show {name}` prints it with every default written out;"
        + f' house rules start with `extends = "{name}"`.\n\n```toml\n{source.rstrip()}\n```\n'
    )


def _variants_index() -> str:
    rows = ["| variant | title | players |", "| --- | --- | --- |"]
    for name in rk.list_variants():
        v = rk.load_variant(name)
        players = f"{v.players.min}-{v.players.max}" if v.players.min != v.players.max else str(v.players.min)
        rows.append(f"| [`{name}`]({name}.md) | {v.title} | {players} |")
    return (
        "\n".join(
            [
                "# Built-in variants",
                "",
                "Each page is generated from the variant's TOML file: the rules in plain language",
                "(what `rummykit rules NAME` prints), the notes on choices where sources disagree,",
                "the sources, and the file itself.",
                "",
                *rows,
            ]
        )
        + "\n"
    )


def on_config(config: Any) -> Any:
    for entry in config["nav"]:
        if isinstance(entry, dict) and "Variants" in entry:
            entry["Variants"] = ["variants/index.md", *[f"variants/{n}.md" for n in rk.list_variants()]]
    return config


def on_files(files: Files, config: Any) -> Files:
    pages = {
        "reference/variant-format.md": reference_markdown(),
        "reference/cli.md": _cli_page(),
        "variants/index.md": _variants_index(),
    }
    for name in rk.list_variants():
        pages[f"variants/{name}.md"] = _variant_page(name)
    for uri, content in pages.items():
        files.append(File.generated(config, uri, content=content))
    return files
