"""The release metadata: one version, project addresses that agree with the
documentation site's, and the classifiers a package index shows."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import rummykit as rk

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
REPO = "https://github.com/rummykit/rummykit"
DOCS = "https://rummykit.readthedocs.io"


def test_the_version_is_a_release_and_read_from_the_package() -> None:
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", rk.__version__)
    assert rk.__version__ == "0.2.0"
    assert "version" in PROJECT["dynamic"]


def test_project_urls_name_the_repository_and_the_documentation() -> None:
    urls = PROJECT["urls"]
    assert set(urls) == {"Homepage", "Documentation", "Repository", "Changelog", "Issues"}
    assert urls["Repository"] == urls["Homepage"] == REPO
    assert urls["Issues"] == REPO + "/issues"
    assert urls["Documentation"] == DOCS
    assert urls["Changelog"].startswith(DOCS + "/")


def test_the_documentation_site_has_the_same_addresses() -> None:
    mkdocs = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(rf"^site_url: {re.escape(DOCS)}/$", mkdocs, re.M)
    assert re.search(rf"^repo_url: {re.escape(REPO)}$", mkdocs, re.M)


def test_classifiers() -> None:
    c = set(PROJECT["classifiers"])
    assert {
        "Development Status :: 3 - Alpha",
        "Operating System :: OS Independent",
        "License :: OSI Approved :: MIT License",
        "Programming Language :: Python :: 3.11",
        "Programming Language :: Python :: 3.12",
        "Programming Language :: Python :: 3.13",
    } <= c
    assert PROJECT["requires-python"] == ">=3.11"
