"""The bot protocol and :func:`make_bot`."""

from __future__ import annotations

import importlib
import inspect
import types
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from rummykit.engine import Action, View
from rummykit.errors import RummyError
from rummykit.variant import Variant

__all__ = ["BOTS", "Bot", "BotError", "bot_label", "make_bot"]

BOTS: dict[str, Callable[..., Any]] = {}
"""The built-in bots by name (``random``, ``greedy``, ``search``)."""


class BotError(RummyError, ValueError):
    """A bot spec that names no bot (an unknown name, a module or class that
    cannot be imported, an object without ``choose``)."""


@runtime_checkable
class Bot(Protocol):
    """What a bot is: built as ``Bot(variant, seed)`` (the seed may be None:
    seeded bots play the same moves for the same seed), it picks an action
    with :meth:`choose`. ``start_hand(view)`` is an optional hook, called by
    :meth:`rummykit.Match.play` (and ``rummykit play``) with the seat's first
    view of every hand.
    """

    def choose(self, view: View) -> Action | str:
        """One of ``view.legal`` (an action, or its text)."""
        ...


def _load(spec: str) -> Callable[..., Any]:
    module, _, name = spec.partition(":")
    if not module or not name:
        raise BotError(f"bot {spec!r}: expected a built-in name ({', '.join(sorted(BOTS))}) or module:Class")
    try:
        mod = importlib.import_module(module)
    except ImportError as exc:
        raise BotError(f"bot {spec!r}: cannot import module {module!r} ({exc})") from None
    obj: Any = mod
    for part in name.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise BotError(f"bot {spec!r}: module {module!r} has no {name!r}") from None
    why = _not_a_factory(obj, name.rpartition(".")[2])
    if why:
        raise BotError(
            f"bot {spec!r}: {name!r} {why}; a bot is a class or function called as"
            " f(variant, seed) that gives an object with choose(view) (or a function of the view)"
        )
    return obj  # type: ignore[no-any-return]


def _not_a_factory(obj: Any, name: str) -> str:
    """Why ``obj`` cannot be a bot class or factory, found without calling it
    (``os:system`` must never run); ``""`` when it may be one."""
    if isinstance(obj, type):
        if getattr(obj, "_is_protocol", False):
            return "is a protocol, not a bot class"
        if not callable(getattr(obj, "choose", None)) and not any("__call__" in vars(k) for k in obj.__mro__):
            return "is a class without choose(view)"
    elif isinstance(obj, types.BuiltinFunctionType):
        return "is a built-in function, not a bot factory"
    elif not callable(obj):
        return "is not a class or a function"
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):  # no signature to read (a class of C code): it is called as it is
        return ""
    try:
        signature.bind(None, None)
    except TypeError:
        return f"cannot be called as {name}(variant, seed)"
    return ""


def resolve_spec(spec: str) -> Callable[..., Any]:
    """The class or factory a bot name, ``"module:Class"`` or ``"cmd:PROGRAM ARGS"``
    (a :class:`~rummykit.bots.process.ProcessBot`) stands for."""
    if spec in BOTS:
        return BOTS[spec]
    if spec.startswith("cmd:"):
        from rummykit.bots.process import process_bot_factory

        return process_bot_factory(spec[4:])
    if ":" in spec:
        return _load(spec)
    raise BotError(f"unknown bot {spec!r} (expected one of {', '.join(sorted(BOTS))}, or module:Class)")


def make_bot(spec: Any, variant: Variant, seed: int | None = None, **options: Any) -> Any:
    """A bot from ``spec``: a built-in name (``"greedy"``), ``"module:Class"``,
    a class or factory called as ``spec(variant, seed, **options)``, or a bot
    object (returned as it is). The result has ``choose(view)``, or is a
    callable ``f(view)`` (a factory may return a plain function).

    ``level=N`` (1 to 5) with ``"search"`` (or 1 to 3 with ``"greedy"``)
    gives difficulty level N (:mod:`rummykit.bots.levels`).

    Raises :class:`BotError` for a spec that names no bot, or a bad level.

    >>> import rummykit as rk
    >>> v = rk.load_variant("gin")
    >>> type(make_bot("greedy", v, 1)).__name__, type(make_bot("rummykit.bots:RandomBot", v, 1)).__name__
    ('GreedyBot', 'RandomBot')
    >>> make_bot("nobody", v, 1)
    Traceback (most recent call last):
    ...
    rummykit.bots.base.BotError: unknown bot 'nobody' (expected one of greedy, level1, level2, level3, level4, level5, random, search, or module:Class)
    >>> make_bot("search", v, 1, level=1).beginner
    1.0
    """
    if "level" in options:
        from rummykit.bots.levels import level_bot

        level = options.pop("level")
        base = spec if isinstance(spec, str) else bot_label(spec)
        if base not in ("search", "greedy", "SearchBot", "GreedyBot"):
            raise BotError(f"bot {base}: level= applies to the search and greedy bots only")
        if options:
            raise BotError(f"bot {base} at a level takes no other options, got {', '.join(sorted(options))}")
        return level_bot(variant, seed, level, base="greedy" if "reedy" in base else "search")
    if isinstance(spec, str):
        spec = resolve_spec(spec)
    elif hasattr(spec, "choose") and not isinstance(spec, type):
        return spec
    if not callable(spec):
        raise BotError(f"bot {spec!r} is neither a name, a class nor a factory")
    bot = spec(variant, seed, **options)
    if not (hasattr(bot, "choose") or callable(bot)):
        raise BotError(f"bot {bot_label(spec)} built an object without choose(view)")
    return bot


def bot_label(spec: Any) -> str:
    """A short name for a bot spec (for reports).

    >>> bot_label("greedy"), bot_label(make_bot)
    ('greedy', 'make_bot')
    """
    if isinstance(spec, str):
        return spec
    if isinstance(spec, type) or (callable(spec) and hasattr(spec, "__name__")):
        return str(spec.__name__)
    return type(spec).__name__
