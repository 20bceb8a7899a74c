"""Reusable hypothesis strategies for rummykit tests.

Import them from any test module (``conftest.py`` puts ``tests/`` on the path)::

    from strategies import card_multisets, hands, variant_names, valid_tweaks

Cards:
    :func:`cards`, :func:`natural_cards`, :func:`shoes`, :func:`card_multisets`
    (sub-multisets of a shoe, with duplicates and jokers), :func:`hands`.
Variants:
    :func:`variant_names` (every built-in), :func:`tweak_overlays` and
    :func:`valid_tweaks` (house-rule overlays that change options of a variant),
    :func:`tweaked_documents`.
TOML documents:
    :func:`toml_values`, :func:`toml_documents` (arbitrary documents biased
    towards real keys), :func:`mutated_documents` (a document with keys dropped,
    values replaced by values of other types, unknown keys inserted, kinds
    changed...).
"""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Iterator
from typing import Any

import attrs
import tomli_w
from hypothesis import settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.rules import (
    Ace,
    Best,
    Borrow,
    Direction,
    EndTrigger,
    MeldedWild,
    MustUse,
    NextDealer,
    SetSuits,
    UseAs,
    WildLimit,
    concern_bases,
    concern_kinds,
)

__all__ = [
    "ALL_CARDS",
    "CONCERNS",
    "card_multisets",
    "cards",
    "hands",
    "mutated_documents",
    "natural_cards",
    "per_variant_settings",
    "shoes",
    "toml_documents",
    "toml_keys",
    "toml_scalars",
    "toml_values",
    "tweak_overlays",
    "tweaked_documents",
    "valid_tweaks",
    "variant_names",
]

ALL_CARDS: tuple[rk.Card, ...] = tuple(rk.Card.from_code(c) for c in range(53))
"""The 52 natural cards and the joker, in code order."""

CONCERNS: tuple[str, ...] = tuple(concern_bases())
"""The component tables of a variant file, in file order."""

# --------------------------------------------------------------------------- cards


def cards(*, jokers: bool = True) -> st.SearchStrategy[rk.Card]:
    """Any single card (the joker included unless ``jokers=False``)."""
    return st.sampled_from(ALL_CARDS if jokers else ALL_CARDS[:52])


def natural_cards() -> st.SearchStrategy[rk.Card]:
    """Any of the 52 natural cards."""
    return cards(jokers=False)


def shoes(*, max_decks: int = 3, max_jokers: int = 3) -> st.SearchStrategy[tuple[rk.Card, ...]]:
    """A whole shoe: 1..max_decks decks with 0..max_jokers jokers per deck."""
    return st.builds(
        lambda d, j: rk.build_shoe(decks=d, jokers_per_deck=j),
        st.integers(1, max_decks),
        st.integers(0, max_jokers),
    )


@st.composite
def card_multisets(
    draw: st.DrawFn,
    *,
    min_size: int = 0,
    max_size: int | None = None,
    max_decks: int = 2,
    max_jokers: int = 2,
) -> tuple[rk.Card, ...]:
    """A sorted sub-multiset of a shoe: duplicates (two-deck) and jokers included.

    Every card appears at most as often as in the shoe it comes from.
    """
    decks = draw(st.integers(1, max_decks))
    jokers = draw(st.integers(0, max_jokers))
    shoe = rk.build_shoe(decks=decks, jokers_per_deck=jokers)
    if min_size > len(shoe):  # a hand too big for this shoe: use the biggest allowed
        shoe = rk.build_shoe(decks=max_decks, jokers_per_deck=max_jokers)
    top = len(shoe) if max_size is None else min(max_size, len(shoe))
    picks = draw(st.lists(st.integers(0, len(shoe) - 1), min_size=min_size, max_size=top, unique=True))
    return tuple(sorted(shoe[i] for i in picks))


def hands(size: int, *, max_decks: int = 2, max_jokers: int = 2) -> st.SearchStrategy[tuple[rk.Card, ...]]:
    """A hand of exactly ``size`` cards from a shoe (sorted, duplicates possible)."""
    return card_multisets(min_size=size, max_size=size, max_decks=max_decks, max_jokers=max_jokers)


# --------------------------------------------------------------------------- variants


def per_variant_settings(share: int = 3) -> settings:
    """Settings for a property parametrized over every built-in variant.

    The examples are shared out so that all variants together run about
    ``share`` times the profile's ``max_examples`` (at least 10 each): the
    suite's time stays bounded as the catalogue grows.
    """
    count = max(len(rk.list_variants()), 1)
    return settings(max_examples=max(10, share * settings().max_examples // count))


def variant_names() -> st.SearchStrategy[str]:
    """Any built-in variant name (``rk.list_variants()``, read when called)."""
    return st.sampled_from(rk.list_variants())


_RANK_KEYS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]


@st.composite
def _card_values(draw: st.DrawFn) -> dict[str, int]:
    """A ``card_values`` table: distinct ranks, cards and JK, spelled in any accepted way."""
    canon = draw(
        st.lists(
            st.sampled_from([*_RANK_KEYS, "JK", *(str(c) for c in ALL_CARDS[:52])]),
            unique=True,
            max_size=6,
        )
    )
    out: dict[str, int] = {}
    for key in canon:
        spelled = key
        if key == "T" and draw(st.booleans()):
            spelled = "10"
        elif len(key) == 2 and draw(st.booleans()):
            spelled = key.lower()
        out[spelled] = draw(st.integers(0, 100))
    return out


def _enum(kind: type[rk.rules.Kind], *exclude: str) -> st.SearchStrategy[str]:
    return st.sampled_from([m.value for m in kind if m.value not in exclude])


def _table(**fields: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A table with a random subset of the given optional keys."""
    return st.fixed_dictionaries({}, optional=fields)


def _with_kind(kind: str, **fields: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    return _table(**fields).map(lambda t: {"kind": kind, **t})


def tweak_overlays() -> st.SearchStrategy[dict[str, Any]]:
    """House-rule overlays (without ``extends``) that set rule options to valid values.

    Each value is valid on its own; whether the combination is valid for a
    given base depends on the cross-field checks (see :func:`valid_tweaks`).
    """
    small = st.integers(0, 5)
    text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=20)
    concerns: dict[str, st.SearchStrategy[dict[str, Any]]] = {
        "variant": _table(
            name=st.from_regex(r"[a-z0-9][a-z0-9-]{0,15}", fullmatch=True),
            title=text,
            description=text,
            notes=st.lists(text, max_size=3),
        ),
        "limits": _table(max_turns=st.integers(1, 5000), max_hands=st.integers(1, 1000)),
        "ranking": _with_kind("standard", ace=_enum(Ace)),
        "dealer": _with_kind("standard", next=_enum(NextDealer)),
        "deal": _table(direction=_enum(Direction), first_player_draws=st.booleans()),
        "melds": _table(
            set_suits=_enum(SetSuits),
            wild_limit=_enum(WildLimit),
            adjacent_wilds=st.booleans(),
            wilds_in_sets=st.booleans(),
            wilds_in_runs=st.booleans(),
        ),
        "draw": st.one_of(
            _with_kind(
                "standard",
                must_use=_enum(MustUse, "before-initial-meld"),
                use_as=_enum(UseAs),
                upcard_offer=st.booleans(),
            ),
            _with_kind("dig", must_use_top=st.booleans(), use_as=_enum(UseAs)),
            _with_kind("pick-any", must_use=_enum(MustUse, "before-initial-meld")),
            _with_kind("top-two"),
            _with_kind("stock-only"),
        ),
        "meld_timing": st.one_of(
            _with_kind("any", all_at_once_deals=st.lists(st.integers(1, 9), max_size=3)),
            _with_kind("one-per-turn"),
            _with_kind("all-at-once"),
        ),
        "swap": st.one_of(
            _with_kind("none"),
            _with_kind("standard", jokers=st.just(False), borrow=_enum(Borrow)),
        ),
        "discard": _with_kind("standard", not_taken_card=st.booleans(), playable_penalized=st.booleans()),
        "stock": st.one_of(
            _with_kind("reuse", shuffle=st.booleans(), keep_top=st.booleans(), max_reuses=small),
            _with_kind("end", trigger=_enum(EndTrigger), reserve=st.integers(0, 2)),
            _with_kind("pass"),
        ),
        "scoring": st.one_of(
            _table(card_values=_card_values(), low_ace_value=st.integers(0, 20)),
            _table(melded_wild=_enum(MeldedWild), card_values=_card_values()),
            _with_kind("penalty", card_values=_card_values()),
            _with_kind(
                "winner-takes",
                rummy_multiplier=st.integers(1, 4),
                rummy_bonus=st.integers(0, 50),
                card_values=_card_values(),
            ),
            _with_kind("melds-minus-hand", out_bonus=st.integers(0, 100)),
        ),
        "game_end": st.one_of(
            _with_kind(
                "target",
                target=st.integers(1, 1000),
                best=_enum(Best),
                game_bonus=st.integers(0, 100),
                instant_loss=st.integers(-1000, 0),
            ),
            _with_kind("elimination", limit=st.integers(1, 500), on_reach=st.booleans()),
            _with_kind("deals", deals=st.integers(1, 20), best=_enum(Best), start_score=st.integers(0, 100)),
            _with_kind("single"),
        ),
    }
    return st.fixed_dictionaries({}, optional=concerns).filter(bool)


def tweaked_documents(name: str) -> st.SearchStrategy[dict[str, Any]]:
    """A house-rule document ``{"extends": name, ...overlay}`` (maybe invalid)."""
    return tweak_overlays().map(lambda overlay: {"extends": name, **overlay})


def valid_tweaks(name: str) -> st.SearchStrategy[dict[str, Any]]:
    """House-rule documents extending ``name`` that load without problems."""
    return tweaked_documents(name).filter(lambda doc: not rk.validate_text(tomli_w.dumps(doc)))


# --------------------------------------------------------------------------- arbitrary TOML


def _all_field_names() -> list[str]:
    names: set[str] = {"kind", "extends", "schema_version", "name", "min", "max"}
    for concern in CONCERNS:
        for cls in concern_kinds(concern).values():
            names.update(f.name for f in attrs.fields(cls) if f.init)
    for cls in (rk.VariantInfo, rk.Players, rk.Limits):
        names.update(f.name for f in attrs.fields(cls))
    return sorted(names)


ALL_KINDS: tuple[str, ...] = tuple(sorted({k for c in CONCERNS for k in concern_kinds(c)}))
"""Every registered kind name, of any concern."""

_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)


def toml_keys() -> st.SearchStrategy[str]:
    """Keys: mostly real concern and field names, sometimes anything."""
    return st.one_of(
        st.sampled_from([*CONCERNS, "variant", "players", "limits"]),
        st.sampled_from(_all_field_names()),
        st.sampled_from(["2", "3-4", "5-6", "0", "9-2", "A", "QS", "JK", "10", "zz"]),
        _TEXT,
    )


def toml_scalars() -> st.SearchStrategy[Any]:
    """Scalars of every TOML type: integers, floats (nan, inf), strings, booleans, dates, times."""
    return st.one_of(
        st.integers(-3, 15),
        st.integers(-(2**63), 2**63 - 1),
        st.floats(allow_nan=True, allow_infinity=True),
        st.booleans(),
        _TEXT,
        st.sampled_from(["straight", "standard", "low", "sideways", "4+3+3", "x+1", "A", "10", "JK"]),
        st.sampled_from(ALL_KINDS),
        st.dates(),
        st.times(),
        st.datetimes(timezones=st.none() | st.just(dt.UTC)),
    )


def toml_values() -> st.SearchStrategy[Any]:
    """Any TOML value: scalars, arrays and tables, nested."""
    return st.recursive(
        toml_scalars(),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(toml_keys(), inner, max_size=4),
        ),
        max_leaves=12,
    )


def toml_documents() -> st.SearchStrategy[dict[str, Any]]:
    """Arbitrary TOML documents, biased towards real tables, keys and kinds."""
    component = st.dictionaries(toml_keys(), toml_values(), max_size=5)
    top_key = st.one_of(
        st.sampled_from([*CONCERNS, "variant", "players", "limits", "extends", "schema_version"]),
        _TEXT,
    )
    return st.dictionaries(top_key, st.one_of(component, toml_values()), max_size=8)


# --------------------------------------------------------------------------- mutations

Path_ = tuple[str | int, ...]


def _paths(node: Any, here: Path_ = ()) -> Iterator[Path_]:
    """Every key path below ``node`` (tables and array elements), depth first."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*here, key)
            yield from _paths(value, (*here, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield (*here, index)
            yield from _paths(value, (*here, index))


def _get(doc: Any, path: Path_) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def _tables(doc: dict[str, Any]) -> list[Path_]:
    return [(), *(p for p in _paths(doc) if isinstance(_get(doc, p), dict))]


def _other_type(value: Any) -> st.SearchStrategy[Any]:
    """A value of another TOML type than ``value``."""
    return toml_values().filter(lambda new: type(new) is not type(value))


@st.composite
def mutated_documents(draw: st.DrawFn, doc: dict[str, Any], *, max_mutations: int = 4) -> dict[str, Any]:
    """``doc`` (a TOML document as a dict) with 1..max_mutations random mutations.

    Mutations: drop a key or array element; replace a value by a value of
    another type; insert an unknown (or misplaced real) key; change a ``kind``
    to another registered kind (of any concern) or to nonsense; turn a table
    into an array or an array into a table; set ``extends``.
    """
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, max_mutations))):
        paths = list(_paths(doc))
        op = draw(st.sampled_from(["drop", "replace", "insert", "kind", "swap", "extends"]))
        if op in ("drop", "replace") and paths:
            path = draw(st.sampled_from(paths))
            parent = _get(doc, path[:-1])
            if op == "drop":
                del parent[path[-1]]
            else:
                parent[path[-1]] = draw(_other_type(parent[path[-1]]))
        elif op == "insert":
            where = _get(doc, draw(st.sampled_from(_tables(doc))))
            where[draw(toml_keys())] = draw(toml_values())
        elif op == "kind":
            concern = draw(st.sampled_from(CONCERNS))
            table = doc.get(concern)
            if not isinstance(table, dict):
                table = doc[concern] = {}
            table["kind"] = draw(
                st.one_of(
                    st.sampled_from(list(concern_kinds(concern))),
                    st.sampled_from(ALL_KINDS),
                    _TEXT,
                    toml_scalars(),
                )
            )
        elif op == "swap" and paths:
            path = draw(st.sampled_from(paths))
            parent = _get(doc, path[:-1])
            value = parent[path[-1]]
            if isinstance(value, dict):
                parent[path[-1]] = list(value.values())
            elif isinstance(value, list):
                parent[path[-1]] = {str(i): v for i, v in enumerate(value)}
            else:
                parent[path[-1]] = [value]
        elif op == "extends":
            doc["extends"] = draw(
                st.one_of(variant_names(), st.sampled_from(["nope", "x/../y.toml", "", "."]), toml_scalars())
            )
    return doc
