"""Loading and validating variants: :func:`load_variant`, :func:`loads_variant`,
:func:`validate_file`, :func:`validate_text`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from rummykit.caches import register_store
from rummykit.errors import Problem, VariantError
from rummykit.loading.convert import _structure
from rummykit.loading.extends import _check_dirs, _default_name, _looks_like_path, _roots, resolve_document
from rummykit.loading.locations import _with_locations
from rummykit.loading.problems import _LoadFailure, _printable, _suggest
from rummykit.loading.reading import _parse_toml, _read_text, builtin_path, list_variants
from rummykit.rules.base import show_value
from rummykit.variant import Variant

_BUILTINS: dict[str, Variant] = {}
"""The built-in variants loaded so far, by name: the files are read once a
process (a Variant is immutable, so every load of a name returns the same
one); :func:`rummykit.clear_caches` forgets them, to read edited files."""
register_store("loading.builtin_variants", _BUILTINS)


def _load_path(path: Path, extends_dirs: Iterable[str | Path] = ()) -> Variant:
    text = _read_text(path, name=str(path))
    sources = [(str(path), text)]
    try:
        doc = _parse_toml(text)
        roots = _roots(path.parent, extends_dirs)
        merged = resolve_document(
            doc, folder=path.parent, chain=(str(path.resolve()),), roots=roots, sources=sources
        )
        return _structure(merged, default_name=_default_name(path))
    except _LoadFailure as failure:
        raise _LoadFailure(_with_locations(failure.problems, sources)) from None


def _path_arg(value: object, name: str) -> Path:
    if not isinstance(value, str | Path):
        raise VariantError(
            [
                Problem(
                    "",
                    f"{name}: expected a variant name or a file path (str or Path), got {type(value).__name__}",
                )
            ]
        )
    if isinstance(value, str) and ("\x00" in value or not value.strip()):
        raise VariantError(
            [Problem("", f"{name}: expected a variant name or a file path, got {show_value(value)}")]
        )
    return Path(value)


def load_variant(
    name_or_path: str | Path, *, allow_paths: bool = True, extends_dirs: Iterable[str | Path] = ()
) -> Variant:
    """Load a built-in variant by name, or a variant file by path.

    A file's ``extends`` may name a built-in variant or a ``.toml`` file in the
    file's own folder or below it; ``extends_dirs`` allows more folders. With
    ``allow_paths=False`` only built-in names are accepted (for names that come
    from untrusted input, such as a game record). Raises
    :class:`~rummykit.VariantError` listing every problem.

    >>> load_variant("straight").deal.hand_size.get(3)
    7
    >>> load_variant("/etc/passwd", allow_paths=False)
    Traceback (most recent call last):
    ...
    rummykit.errors.VariantError: 1 problem in variant:
    "/etc/passwd": only a built-in variant name is accepted here (rummykit list)
    """
    path = _path_arg(name_or_path, "name_or_path")
    text = str(name_or_path)
    roots = _check_dirs(extends_dirs)
    is_path = isinstance(name_or_path, Path) or _looks_like_path(text)
    if is_path and not allow_paths:
        raise VariantError(
            [
                Problem(
                    "", f"{show_value(text)}: only a built-in variant name is accepted here (rummykit list)"
                )
            ]
        )
    if is_path:
        source = text
        if not os.path.lexists(path):
            raise VariantError([Problem("", f"no such file: {text}")], source=source)
        try:
            return _load_path(path, roots)
        except _LoadFailure as failure:
            raise VariantError(_printable(failure.problems), source=source) from None
    cached = _BUILTINS.get(text)
    if cached is not None:
        return cached
    found = builtin_path(text)
    if found is None:
        hint = _suggest(text, list_variants())
        raise VariantError(
            [
                Problem(
                    "",
                    f"no built-in variant named {show_value(text)}{hint}; built-ins: {', '.join(list_variants())}",
                )
            ],
            source=text if allow_paths else "",
        )
    try:
        variant = _load_path(found)
    except _LoadFailure as failure:
        raise VariantError(_printable(failure.problems), source=text) from None
    _BUILTINS[text] = variant
    return variant


def loads_variant(
    text: str,
    *,
    source: str = "<string>",
    folder: Path | str | None = None,
    extends_dirs: Iterable[str | Path] = (),
) -> Variant:
    """Load a variant from TOML text.

    ``extends`` may name a built-in variant; a base file only when ``folder``
    is given (paths are relative to it and must stay inside it or inside one
    of ``extends_dirs``). A variant without ``[variant] name`` is called ``custom``.
    """
    if not isinstance(text, str):
        raise VariantError(
            [Problem("", f"text: expected TOML text (str), got {type(text).__name__}")], source=source
        )
    if folder is not None and not isinstance(folder, str | Path):
        raise VariantError([Problem("", f"folder: expected a folder path, got {type(folder).__name__}")])
    where = Path(folder) if folder is not None else None
    sources = [(source, text)]
    try:
        doc = _parse_toml(text)
        roots = _roots(where, extends_dirs) if where is not None else None
        merged = resolve_document(doc, folder=where, roots=roots, sources=sources)
        return _structure(merged, default_name="custom")
    except _LoadFailure as failure:
        problems = _with_locations(failure.problems, sources)
        raise VariantError(_printable(problems), source=source) from None


def validate_file(
    path: str | Path, *, extends_dirs: Iterable[str | Path] = (), warnings: bool = False
) -> list[Problem]:
    """Every problem of a variant file; an empty list when it is valid.

    With ``warnings=True`` a valid file's warnings come back instead (each a
    :class:`~rummykit.Problem` with ``severity == "warning"``: a ruleset that
    loads but that nobody can ever win, for instance); they never make a file
    invalid. ``extends_dirs`` allows base files in more folders.

    >>> validate_file(builtin_path("straight"))
    []
    """
    checked = _path_arg(path, "path")
    try:
        variant = _load_path(checked, extends_dirs)
    except _LoadFailure as failure:
        return _printable(failure.problems)
    return _warnings(variant) if warnings else []


def _warnings(variant: Variant) -> list[Problem]:
    from rummykit.checks import check_warnings

    return list(check_warnings(variant))


def validate_text(
    text: str,
    *,
    folder: Path | str | None = None,
    extends_dirs: Iterable[str | Path] = (),
    warnings: bool = False,
) -> list[Problem]:
    """Every problem of variant TOML text; an empty list when it is valid (see :func:`validate_file`).

    >>> validate_text('extends = "straight"\\n[deal]\\nhand_size = 1', warnings=True)[0].severity
    'warning'
    """
    if not isinstance(text, str):  # a caller's mistake, raised like loads_variant's
        raise VariantError([Problem("", f"text: expected TOML text (str), got {type(text).__name__}")])
    try:
        variant = loads_variant(text, folder=folder, extends_dirs=extends_dirs)
    except VariantError as exc:
        return list(exc.problems)
    return _warnings(variant) if warnings else []
