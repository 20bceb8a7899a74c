"""The sources page (docs/sources.md) is the one bibliography: every label that
a variant file, a test or a page cites is listed there, each variant's sources
repeat its entries word for word, and rulebooks print titles, not addresses."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rummykit as rk
from rummykit.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[1]
_ROW = re.compile(r"^\| (S[0-9]+) \| (.+?) \| (<https?://[^ >]+>)? ?\|$")
_CITE = re.compile(r"\[((?:S[0-9]+)(?:, S[0-9]+)*)\]")


def _entries() -> dict[str, tuple[str, str]]:
    rows: dict[str, tuple[str, str]] = {}
    for line in (ROOT / "docs" / "sources.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("| S"):
            m = _ROW.match(line)
            assert m, f"docs/sources.md: a row that does not read | label | source | address |: {line}"
            assert m.group(1) not in rows, f"docs/sources.md: {m.group(1)} is listed twice"
            rows[m.group(1)] = (m.group(2), (m.group(3) or "").strip("<>"))
    return rows


ENTRIES = _entries()


def test_the_labels_are_numbered_in_order() -> None:
    """A numbered bibliography: S1, S2, ... with no gap, each with a title and site."""
    assert list(ENTRIES) == [f"S{i}" for i in range(1, len(ENTRIES) + 1)]
    for label, (text, _) in ENTRIES.items():
        assert len(text) > 15 and "http" not in text, (label, text)


@pytest.mark.parametrize("name", rk.list_variants())
def test_a_variants_sources_are_entries_of_the_sources_page(name: str) -> None:
    for source in rk.load_variant(name).info.sources:
        m = re.match(r"^\[(S[0-9]+)\] (.+)$", source)
        assert m, f"{name}: {source!r} does not start with a label"
        assert m.group(1) in ENTRIES, f"{name}: {m.group(1)} is not on the sources page"
        assert m.group(2) == ENTRIES[m.group(1)][0], f"{name}: {source!r} differs from the sources page"


def _cited(text: str) -> set[str]:
    return {label for group in _CITE.findall(text) for label in group.split(", ")}


def test_every_label_cited_in_the_repository_is_listed() -> None:
    files = [*ROOT.glob("variants/*.toml"), *ROOT.glob("tests/**/*.py"), *ROOT.glob("tests/data/**/*.toml")]
    files += [*ROOT.glob("docs/*.md"), *ROOT.glob("src/rummykit/**/*.py"), *ROOT.glob("examples/*.py")]
    unknown = {
        (str(f.relative_to(ROOT)), label)
        for f in files
        for label in _cited(f.read_text(encoding="utf-8"))
        if label not in ENTRIES
    }
    assert not unknown


# The sources of variants still being written: listed ahead of their files.
_AHEAD = "## Sources for contract, showdown and partnership games"


def test_every_entry_is_cited_somewhere() -> None:
    """No entry is listed for nothing: each is cited by a variant file, a test or a
    page (the part of the sources of variants still being written excepted)."""
    page = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
    ahead = {m.group(1) for line in page.split(_AHEAD, 1)[-1].splitlines() if (m := _ROW.match(line))}
    assert _AHEAD in page and ahead
    text = "".join(
        f.read_text(encoding="utf-8")
        for f in [*ROOT.glob("variants/*.toml"), *ROOT.glob("tests/**/*.py"), *ROOT.glob("docs/*.md")]
        if f.name != "sources.md"
    )
    assert set(ENTRIES) - ahead - _cited(text) == set()


@pytest.mark.parametrize("name", ["gin", "indian", "phom", "rum500"])
def test_rulebooks_print_titles_not_addresses(name: str) -> None:
    """``rummykit rules`` is for the table: sources by label and title, no shop,
    app-store or casino address."""
    text = rulebook(rk.load_variant(name)).to_text()
    sources = text.split("\nSources\n-------\n", 1)[1]
    assert "http" not in sources and "www." not in sources and ".apk" not in sources
    first = rk.load_variant(name).info.sources[0]
    assert sources.startswith("- " + first[:40])


def test_variant_files_cite_labels_not_addresses() -> None:
    """A variant file cites its sources by label; the address belongs on the sources page."""
    for path in sorted(ROOT.glob("variants/*.toml")):
        text = path.read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text, f"{path.name}: cite the sources page's label"


# The tags of the rules notes the labels replaced (S001 ... and the mnemonic ones); the
# shortest ones (WK, PS, GD, EQ) are left out, being common letters elsewhere.
_OLD_TAGS = re.compile(
    r"(?<![A-Za-z0-9_-])(?:S00[0-4]|P-500|P-IND|FI-500|BIC-(?:500|RUM|K|CO)|HSW-500|PW-500|WP-(?:500b?|GIN|KAL)"
    r"|BUF-500|MT-K|CGH-K|RC-D|RM-D|VN-APP|GRC|GPO|FVS|RPAL|LUDO|VINA|KUK|HUB|RPW|APZ|RPB|HTP|RCS)"
    r"(?![A-Za-z0-9_-])"
)


def test_no_tag_of_the_old_rules_notes_is_left() -> None:
    """Sources are cited by the labels of this page; the tags of notes outside the
    repository mean nothing to a reader."""
    files = [*ROOT.glob("src/rummykit/**/*.py"), *ROOT.glob("tests/**/*.py"), *ROOT.glob("variants/*.toml")]
    files += [*ROOT.glob("docs/*.md"), *ROOT.glob("examples/*.py"), ROOT / "README.md"]
    left = {
        (str(f.relative_to(ROOT)), m.group(0))
        for f in files
        if f.name != "test_sources.py"
        for m in _OLD_TAGS.finditer(f.read_text(encoding="utf-8"))
    }
    assert not left
