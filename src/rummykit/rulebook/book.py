"""A variant as a rulebook: its sections, each a list of rules in plain words."""

from __future__ import annotations

import textwrap
from typing import Any

import attrs

from rummykit.rulebook.phrases import _DESCRIBERS
from rummykit.rules import Component
from rummykit.variant import Variant, note_text


@attrs.frozen
class Section:
    """One part of a rulebook: a title and its rules, one sentence each."""

    title: str
    rules: tuple[str, ...]


@attrs.frozen
class Rulebook:
    """A variant in plain language."""

    title: str
    description: str
    sections: tuple[Section, ...]
    sources: tuple[str, ...]
    notes: tuple[str, ...]

    def to_text(self) -> str:
        """Plain text, one rule a line, for the terminal or a printer."""
        lines = [self.title, "=" * len(self.title)]
        if self.description:
            lines += ["", textwrap.fill(self.description, 78)]
        for section in self.sections:
            lines += ["", section.title, "-" * len(section.title)]
            for rule in section.rules:
                lines.append(textwrap.fill(rule, 78, initial_indent="- ", subsequent_indent="  "))
        if self.notes:
            lines += ["", "Notes", "-----"]
            lines += [textwrap.fill(n, 78, initial_indent="- ", subsequent_indent="  ") for n in self.notes]
        if self.sources:
            lines += ["", "Sources", "-------"]
            lines += [textwrap.fill(s, 78, initial_indent="- ", subsequent_indent="  ") for s in self.sources]
        return "\n".join(lines) + "\n"

    def to_markdown(self) -> str:
        """Markdown, for a documentation page or a printable handout."""
        lines = [f"# {self.title}"]
        if self.description:
            lines += ["", self.description]
        for section in self.sections:
            lines += ["", f"## {section.title}", ""]
            lines += [f"- {rule}" for rule in section.rules]
        if self.notes:
            lines += ["", "## Notes", ""] + [f"- {n}" for n in self.notes]
        if self.sources:
            lines += ["", "## Sources", ""] + [f"- {s}" for s in self.sources]
        return "\n".join(lines) + "\n"


def _attrs_type(c: Any) -> Any:
    return type(c)


def _generic(c: Component, v: Variant) -> list[str]:
    describe = getattr(c, "describe", None)
    if callable(describe):
        return list(describe(v))
    text = c.summary or (type(c).__doc__ or type(c).__name__).strip().splitlines()[0]
    fields = ", ".join(f"{f.name} = {getattr(c, f.name)!r}" for f in attrs.fields(_attrs_type(c)) if f.init)
    return [f"{text}" + (f" ({fields})" if fields else "")]


def describe_component(component: Component, variant: Variant) -> list[str]:
    """The rules one component sets, one sentence each (custom kinds may define ``describe(variant)``)."""
    fn = _DESCRIBERS.get(type(component))
    return fn(component, variant) if fn is not None else _generic(component, variant)


_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Players and cards", ("deck",)),
    ("Deal", ("deal", "second_hand", "dealer")),
    ("Melds", ("melds", "ranking")),
    ("A turn", ("draw", "meld_timing", "initial_meld", "layoff", "swap", "claims", "discard")),
    ("Going out", ("going_out", "stock")),
    ("Scoring", ("scoring",)),
    ("End of the game", ("game_end",)),
)


def rulebook(variant: Variant) -> Rulebook:
    """The variant as sections of plain-language rules."""
    sections = []
    for title, concerns in _SECTIONS:
        rules: list[str] = []
        if title == "Players and cards":
            p = variant.players
            rules.append(f"{p.min} to {p.max} players." if p.min != p.max else f"{p.min} players.")
            for form in p.team_forms():
                sides = " against ".join(" and ".join(f"seat {s}" for s in team) for team in form)
                n = sum(len(team) for team in form)
                rules.append(
                    f"With {n} players, partnerships: {sides} (partners share their melds and score)."
                )
        for name in concerns:
            rules += describe_component(getattr(variant, name), variant)
        sections.append(Section(title, tuple(rules)))
    return Rulebook(
        title=variant.title,
        description=variant.info.description,
        sections=tuple(sections),
        sources=variant.info.sources,
        notes=tuple(note_text(n) for n in variant.info.notes),
    )
