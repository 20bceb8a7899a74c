"""What every rule component shares: the concern registry and small value types.

A *concern* is one table of a variant file (``[draw]``, ``[scoring]`` ...). Each
concern has a base class; each *kind* of that concern is a frozen attrs
subclass registered under its ``kind`` name, which is what ``kind = "..."``
selects in TOML. The keys of a table are the attributes of the chosen class.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ClassVar, TypeVar

import attrs

__all__ = [
    "ByPlayers",
    "FrozenMap",
    "Component",
    "ConfigError",
    "Kind",
    "component",
    "concern_bases",
    "concern_kinds",
    "register_component",
    "unregister_component",
]


class ConfigError(ValueError):
    """A single bad value in a variant table; the loader adds its key path."""


class Kind(enum.StrEnum):
    """Base of the string enums used as option values in variant files."""

    @classmethod
    def choices(cls) -> str:
        """The allowed values, comma separated, for error messages."""
        return ", ".join(m.value for m in cls)


class Component:
    """Base of every rule component.

    Subclasses are frozen attrs classes. ``concern`` names the variant table
    they fill; ``kind`` is the value of its ``kind`` key.
    """

    concern: ClassVar[str] = ""
    kind: ClassVar[str] = ""
    default_kind: ClassVar[str] = ""
    summary: ClassVar[str] = ""


_BASES: dict[str, type[Component]] = {}
_KINDS: dict[str, dict[str, type[Component]]] = {}
_BUILTIN: set[type[Component]] = set()

C = TypeVar("C", bound=type[Component])


def concern(name: str, *, default: str) -> Callable[[C], C]:
    """Class decorator: declare a concern base class and its default kind."""

    def wrap(cls: C) -> C:
        cls.concern = name
        cls.default_kind = default
        _BASES[name] = cls
        _KINDS.setdefault(name, {})
        return cls

    return wrap


def _find_concern(cls: type[Component]) -> str:
    for base in cls.__mro__[1:]:
        name = getattr(base, "concern", "")
        if name and _BASES.get(name) is base:
            return str(name)
    raise TypeError(
        f"{cls.__name__} does not derive from a concern base class"
        f" (one of {', '.join(b.__name__ for b in _BASES.values())})"
    )


def _is_attrs(cls: type) -> bool:
    return attrs.has(cls)


def register_component(cls: C, *, replace: bool = False) -> C:
    """Register a rule component class so that TOML files can name its kind.

    The class must be a frozen attrs class deriving from one concern base
    (``rummykit.rules.DrawPolicy``, ``rummykit.rules.Scoring`` ...), with a
    ``kind`` class variable. Registering only makes the kind nameable: a
    variant file never imports or runs code itself.

    >>> import attrs, rummykit as rk
    >>> @attrs.frozen(kw_only=True)
    ... class NoReuse(rk.rules.StockExhaustion):
    ...     kind = "doc-no-reuse"
    >>> _ = rk.register_component(NoReuse)
    >>> "doc-no-reuse" in rk.rules.concern_kinds("stock")
    True
    >>> rk.rules.unregister_component(NoReuse)
    """
    if not (isinstance(cls, type) and issubclass(cls, Component)) or not _is_attrs(cls):
        raise TypeError(
            f"{getattr(cls, '__name__', cls)!r} must be an attrs class deriving from a concern base"
        )
    name = _find_concern(cls)
    kind = cls.__dict__.get("kind", "")
    if not isinstance(kind, str) or not kind:
        raise TypeError(f"{cls.__name__} needs a class variable kind = '...'")
    kinds = _KINDS[name]
    if kind in kinds and kinds[kind] is not cls and not replace:
        raise ValueError(f"{name} kind {kind!r} is already registered to {kinds[kind].__name__}")
    kinds[kind] = cls
    return cls


def unregister_component(cls: type[Component]) -> None:
    """Forget a kind registered with :func:`register_component` (for tests and reloads).

    Built-in kinds cannot be unregistered.
    """
    name = _find_concern(cls)
    if cls in _BUILTIN:
        raise ValueError(f"{cls.__name__} is a built-in component")
    kinds = _KINDS[name]
    if kinds.get(cls.kind) is cls:
        del kinds[cls.kind]


def component(cls: C) -> C:
    """Class decorator for the built-in components (registers them for good)."""
    _BUILTIN.add(cls)
    return register_component(cls)


def concern_bases() -> Mapping[str, type[Component]]:
    """Concern name -> base class, in variant-file order."""
    return dict(_BASES)


def concern_kinds(name: str) -> Mapping[str, type[Component]]:
    """Kind name -> component class for one concern."""
    return dict(_KINDS[name])


class FrozenMap(Mapping[str, int]):
    """An immutable, hashable ``str -> int`` mapping (card values).

    >>> m = FrozenMap({"A": 15})
    >>> m["A"], dict(m), hash(m) == hash(FrozenMap({"A": 15}))
    (15, {'A': 15}, True)
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[str, int] | Iterable[tuple[str, int]] = ()) -> None:
        self._data: dict[str, int] = dict(data)
        self._hash = hash(frozenset(self._data.items()))

    def __getitem__(self, key: str) -> int:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"


ALL_PLAYERS = (1, 99)


def _parse_range(text: str) -> tuple[int, int]:
    parts = text.split("-")
    if len(parts) > 2 or not all(p.strip().isdigit() for p in parts):
        raise ConfigError(f'bad player count {_show(text)}: expected a number like "3" or a range like "3-4"')
    lo, hi = int(parts[0]), int(parts[-1])
    if lo > hi or lo < 1:
        raise ConfigError(f"bad player range {_show(text)}")
    return lo, hi


@attrs.frozen
class ByPlayers:
    """A number that may depend on the player count.

    Written in TOML as a plain integer, or as a table keyed by player counts
    or ranges: ``hand_size = { 2 = 10, "3-4" = 7, "5-6" = 6 }``.

    >>> ByPlayers.from_toml({"2": 10, "3-4": 7}).get(4)
    7
    >>> ByPlayers.from_toml(13).get(5)
    13
    """

    entries: tuple[tuple[int, int, int], ...]

    @classmethod
    def of(cls, value: int) -> ByPlayers:
        """The same number for every player count."""
        return cls(((ALL_PLAYERS[0], ALL_PLAYERS[1], value),))

    @classmethod
    def from_toml(cls, value: object) -> ByPlayers:
        """Read the TOML form (raises :class:`ConfigError`)."""
        if isinstance(value, bool) or not isinstance(value, int | dict):
            raise ConfigError(f"expected an integer or a table of player counts, got {_show(value)}")
        if isinstance(value, int):
            return cls.of(value)
        entries: list[tuple[int, int, int]] = []
        for key, number in value.items():
            lo, hi = _parse_range(str(key))
            if isinstance(number, bool) or not isinstance(number, int):
                raise ConfigError(f"{key}: expected an integer, got {_show(number)}")
            for other in entries:
                if lo <= other[1] and other[0] <= hi:
                    raise ConfigError(f"player count {_show(key)} overlaps another entry")
            entries.append((lo, hi, number))
        if not entries:
            raise ConfigError("expected at least one player count")
        return cls(tuple(sorted(entries)))

    def to_toml(self) -> int | dict[str, int]:
        """The TOML form: an integer when it does not depend on players."""
        if len(self.entries) == 1 and self.entries[0][:2] == ALL_PLAYERS:
            return self.entries[0][2]
        return {(f"{lo}" if lo == hi else f"{lo}-{hi}"): v for lo, hi, v in self.entries}

    def get(self, players: int) -> int:
        """The number for ``players`` players (KeyError if not given)."""
        for lo, hi, value in self.entries:
            if lo <= players <= hi:
                return value
        raise KeyError(players)

    def covers(self, players: int) -> bool:
        """Whether a number is given for ``players`` players."""
        return any(lo <= players <= hi for lo, hi, _ in self.entries)

    def values(self) -> Iterator[int]:
        """Every number given."""
        return (v for _, _, v in self.entries)


def _show(value: object) -> str:
    """A value as the TOML author wrote it, for error messages."""
    if isinstance(value, dt.date | dt.time):  # a datetime is a date too
        return value.isoformat()
    if isinstance(value, str):
        return '"' + value.replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    return repr(value)


def show_value(value: Any) -> str:
    """Public alias of the value formatter used in messages."""
    return _show(value)
