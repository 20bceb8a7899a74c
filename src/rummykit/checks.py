"""Cross-field checks: rulesets that load but cannot be played as written.

:func:`cross_field_problems` collects every such problem without raising;
the loader raises them together in a :class:`~rummykit.VariantError`. (These
checks read the file; :func:`rummykit.testing.check_variant` plays the game.)
A variant is read through its attributes: this module imports nothing of the
variant layer, which calls it (``Variant.check``).

>>> import attrs, rummykit as rk
>>> v = rk.load_variant("straight")
>>> cross_field_problems(v)
()
>>> big = attrs.evolve(v, deal=attrs.evolve(v.deal, hand_size=rk.rules.ByPlayers.of(12)))
>>> print(cross_field_problems(big)[0])
deal.hand_size: 5 players need 61 cards (12 each and an upcard) but the shoe holds 52

Every number has a range (:func:`number_range`), generous but finite, so that
a ruleset that loads can also be dealt and played. :func:`check_warnings`
finds rulesets that load but that nobody can (or almost nobody will) ever win:
they are warnings, not problems, so ``validate_file`` still returns ``[]``.

>>> runs13 = rk.loads_variant('extends = "straight"\\n[melds]\\nsets = false\\nrun_min = 13')
>>> print(check_warnings(runs13)[0])
warning: melds: no meld fits in a hand: hands hold at most 11 cards (after drawing) but the smallest meld needs 13; nobody can ever go out
"""

from __future__ import annotations

import typing
import warnings
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import attrs

from rummykit.cards import build_shoe
from rummykit.contract_checks import contract_problems
from rummykit.errors import Problem
from rummykit.rules import (
    AfterKnockLayoff,
    Deals,
    DealtSecondHand,
    Declare,
    Elimination,
    EndHand,
    InHand,
    InitialMeld,
    Knock,
    KnockScoring,
    MustUse,
    NoClaims,
    NoLayoff,
    PickAnyDraw,
    Reuse,
    SetSuits,
    Showing,
    ShowingLayoff,
    StandardDeal,
    StandardDeck,
    StandardDraw,
    StandardMelds,
    StandardSwap,
    Target,
)
from rummykit.rules.base import ByPlayers, FrozenMap
from rummykit.soundness import ending_warnings, override_warnings, size_warnings, winner_problems

if TYPE_CHECKING:
    from rummykit.variant import Variant

__all__ = ["NUMBER_RANGES", "check_variant", "check_warnings", "cross_field_problems", "number_range"]

_BIG = 1_000_000
NUMBER_RANGES: dict[str, tuple[int, int]] = {
    "players.min": (2, 20),
    "players.max": (2, 20),
    "limits.max_turns": (1, 100_000),
    "limits.max_hands": (1, 10_000),
    "deck.decks": (1, 12),
    "deck.jokers_per_deck": (0, 12),
    "deal.hand_size": (1, 60),
    "deal.first_player_extra": (0, 20),
    "draw.stock_cards": (1, 20),
    "melds.set_min": (2, 60),
    "melds.set_max": (0, 60),
    "melds.run_min": (2, 13),
    "melds.run_max": (0, 60),
    "melds.min_naturals": (0, 60),
    "initial_meld.min_points": (0, 10_000),
    "initial_meld.min_meld_size": (0, 60),
    "going_out.max_deadwood": (0, 1_000),
    "going_out.min_runs": (0, 20),
    "going_out.min_pure_runs": (0, 20),
    "going_out.turns": (1, 100),
    "stock.max_reuses": (0, 1_000),
    "stock.reserve": (0, 100),
    "scoring.card_values": (0, 1_000),
    "scoring.low_ace_value": (0, 1_000),
    "scoring.rummy_multiplier": (1, 100),
    "scoring.never_melded_multiplier": (1, 100),
    "scoring.*": (0, 100_000),
    "game_end.target": (1, _BIG),
    "game_end.limit": (1, _BIG),
    "game_end.instant_loss": (-_BIG, _BIG),
    "game_end.start_score": (-_BIG, _BIG),
    "game_end.deals": (1, 1_000),
    "game_end.shutout_multiplier": (1, 100),
    "game_end.*": (0, _BIG),
    "*": (-1_000_000_000, 1_000_000_000),
}
"""Allowed range of every number in a variant file, by ``table.key``.

``table.*`` covers the table's other keys, ``*`` every other number (custom
components included). Chosen generous but finite: every built-in variant
fits well inside, and a ruleset inside them can be dealt and played.
"""


def number_range(table: str, key: str) -> tuple[int, int]:
    """The lowest and highest value allowed for ``table.key``, ends included.

    >>> number_range("deck", "decks"), number_range("limits", "max_turns")
    ((1, 12), (1, 100000))
    """
    for name in (f"{table}.{key}", f"{table}.*", "*"):
        if name in NUMBER_RANGES:
            return NUMBER_RANGES[name]
    raise AssertionError("the '*' entry covers every number")  # pragma: no cover


def cross_field_problems(variant: Variant) -> tuple[Problem, ...]:
    """Every cross-field problem of ``variant``, in a stable order, numbers out of range last."""
    problems = list(_checks(variant))
    seen = {p.path for p in problems}
    problems += [p for p in _ranges(variant) if p.path not in seen]
    return tuple(problems)


def check_variant(variant: Variant) -> tuple[Problem, ...]:
    """Deprecated name of :func:`cross_field_problems` (not to be confused with
    :func:`rummykit.testing.check_variant`, which plays the variant).

    >>> import warnings, rummykit as rk
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     check_variant(rk.load_variant("gin"))
    ()
    >>> caught[0].category.__name__, "cross_field_problems" in str(caught[0].message)
    ('DeprecationWarning', True)
    """
    warnings.warn(
        "rummykit.checks.check_variant is renamed cross_field_problems"
        " (rummykit.testing.check_variant is the one that plays a variant)",
        DeprecationWarning,
        stacklevel=2,
    )
    return cross_field_problems(variant)


_FIELDS: dict[type, tuple[tuple[str, str], ...]] = {}


def _number_fields(cls: type) -> tuple[tuple[str, str], ...]:
    """(field, how) for every number-valued field of an attrs class."""
    if cls not in _FIELDS:
        _FIELDS[cls] = _find_number_fields(cls)
    return _FIELDS[cls]


def _find_number_fields(cls: type) -> tuple[tuple[str, str], ...]:
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # pragma: no cover - an unresolvable annotation in a custom component
        return ()
    out: list[tuple[str, str]] = []
    for f in attrs.fields(cls):
        tp = hints.get(f.name)
        if tp is int or tp == int | None:
            out.append((f.name, "int"))
        elif tp is ByPlayers:
            out.append((f.name, "by-players"))
        elif tp is FrozenMap:
            out.append((f.name, "map"))
    return tuple(out)


def _ranges(v: Variant) -> Iterator[Problem]:
    tables: list[tuple[str, Any]] = [("players", v.players), ("limits", v.limits)]
    plain = {
        "info",
        "players",
        "limits",
    }  # the component tables, in file order, as variant.component_fields()
    tables += [(f.name, getattr(v, f.name)) for f in attrs.fields(type(v)) if f.name not in plain]
    counts = () if any(_players(v)) else v.players.counts()  # bad player counts are reported alone
    for table, obj in tables:
        if not attrs.has(type(obj)):
            continue
        for name, how in _number_fields(type(obj)):
            value = getattr(obj, name)
            lo, hi = number_range(table, name)
            if how == "int" and isinstance(value, int) and not lo <= value <= hi:
                yield Problem(f"{table}.{name}", f"{value} is out of range: allowed {lo} to {hi}")
            elif how == "by-players" and isinstance(value, ByPlayers):
                missing = [n for n in counts if not value.covers(n)]
                if missing:  # a number by player count leaves none out
                    yield Problem(f"{table}.{name}", f"nothing given for {_counts(missing)} players")
                bad = next((x for x in value.values() if not lo <= x <= hi), None)
                if bad is not None:
                    yield Problem(f"{table}.{name}", f"{bad} is out of range: allowed {lo} to {hi}")
            elif how == "map" and isinstance(value, FrozenMap):
                for key, x in value.items():
                    if not lo <= x <= hi:
                        yield Problem(f"{table}.{name}.{key}", f"{x} is out of range: allowed {lo} to {hi}")


def check_warnings(variant: Variant) -> tuple[Problem, ...]:
    """Rulesets that load but that nobody can ever win, or almost never: warnings.

    Each is a :class:`~rummykit.Problem` with ``severity == "warning"``; a
    variant with problems (:func:`cross_field_problems`) is not looked at.
    """
    if cross_field_problems(variant):
        return ()
    return (
        *_warnings(variant),
        *ending_warnings(variant),
        *override_warnings(variant),
        *size_warnings(variant),
    )


def _warn(path: str, message: str) -> Problem:
    return Problem(path, message, severity="warning")


def _warnings(v: Variant) -> Iterator[Problem]:
    if v.going_out.asks_permission() and not any(v.players.teams_for(n) for n in v.players.counts()):
        yield _warn(
            "going_out.permission",
            "a player asks the partner's permission to go out, but nobody has a partner"
            " (players.teams): nobody can ever ask",
        )
    m, deal, deck = v.melds, v.deal, v.deck
    if not (
        isinstance(m, StandardMelds) and isinstance(deal, StandardDeal) and isinstance(deck, StandardDeck)
    ):
        return
    counts = list(v.players.counts())
    smallest_hand = min(deal.hand_size.get(n) for n in counts)
    most_cards = max(deal.hand_size.get(n) for n in counts) + deal.first_player_extra + 1
    # The largest set the shoe allows: identical cards of one rank plus every wild.
    decks = max(deck.decks.get(n) for n in counts)
    wilds = 0
    if m.wilds_in_sets:
        wilds = decks * (deck.jokers_per_deck if deck.jokers_wild else 0) + 4 * decks * len(deck.wild_ranks)
    naturals = 4 if m.distinct_suits() else 4 * decks
    set_cap = naturals + max(wilds, 0) if m.sets else 0
    if m.set_max:
        set_cap = min(set_cap, m.set_max)
    sets_possible = m.sets and m.set_min <= set_cap
    runs_possible = m.runs and m.run_min <= 13
    if m.sets and not sets_possible:
        yield _warn(
            "melds.set_min",
            f"no set of {m.set_min} cards can be made: the shoe holds at most {set_cap} cards for one set",
        )
    sizes = ([m.set_min] if sets_possible else []) + ([m.run_min] if runs_possible else [])
    if not sizes:
        if m.sets or m.runs:
            yield _warn("melds", "no meld can ever be made with this shoe; nobody can ever go out")
        return
    smallest = min(sizes)
    if smallest > most_cards:
        yield _warn(
            "melds",
            f"no meld fits in a hand: hands hold at most {most_cards} cards (after drawing) but the"
            f" smallest meld needs {smallest}; nobody can ever go out",
        )
    elif smallest >= smallest_hand + 1 and smallest > 3:
        yield _warn(
            "melds",
            f"the smallest meld ({smallest} cards) needs a whole hand of {smallest_hand} and the card drawn:"
            " hands will nearly always run to the turn limit",
        )
    init = v.initial_meld
    if isinstance(init, InitialMeld) and init.min_meld_size and init.min_meld_size >= smallest_hand:
        verb = "can never be made" if init.min_meld_size > most_cards else "needs nearly the whole hand"
        yield _warn(
            "initial_meld.min_meld_size",
            f"an initial meld of {init.min_meld_size} cards {verb} (hands hold {smallest_hand}):"
            " hands will nearly always run to the turn limit",
        )


def _checks(v: Variant) -> Iterator[Problem]:
    yield from _players(v)
    if any(p.path.startswith("players") for p in _players(v)):
        return
    second = list(_second_hand(v))
    yield from second
    if not second:
        yield from _deal(v)
    yield from _melds(v)
    sound = _deal_is_sound(v)
    yield from _going_out(v, sound)
    yield from _consistency(v, sound)
    yield from winner_problems(v)
    yield from _numbers(v)
    yield from contract_problems(v)


def _deal_is_sound(v: Variant) -> bool:
    """Whether hand sizes and the shoe are given, and positive, for every player count.

    Checks that count cards are skipped otherwise: ``_deal`` has reported why.
    """
    deal, deck = v.deal, v.deck
    if not isinstance(deal, StandardDeal) or not isinstance(deck, StandardDeck):
        return False
    return (
        all(deal.hand_size.covers(n) and deck.decks.covers(n) for n in v.players.counts())
        and all(x >= 1 for x in deal.hand_size.values())
        and all(x >= 1 for x in deck.decks.values())
        and deal.first_player_extra >= 0
        and deck.jokers_per_deck >= 0
    )


def _players(v: Variant) -> Iterator[Problem]:
    if v.players.min < 2:
        yield Problem("players.min", f"at least 2 players are needed, got {v.players.min}")
    if v.players.max < v.players.min:
        yield Problem("players.max", f"{v.players.max} is below players.min ({v.players.min})")
    if v.players.max > 20:
        yield Problem("players.max", f"at most 20 players are supported, got {v.players.max}")
    seen: set[int] = set()
    for i, form in enumerate(v.players.team_forms()):
        key = (
            "players.teams"
            if v.players.teams and i == 0
            else f"players.more_teams[{i - bool(v.players.teams)}]"
        )
        yield from _team_form(v, key, form, seen)


def _team_form(v: Variant, key: str, form: tuple[tuple[int, ...], ...], seen: set[int]) -> Iterator[Problem]:
    """One partition of the seats into sides: every seat 0..N-1 once, at least
    two sides, N an allowed player count, one partition per count."""
    seats = [s for team in form for s in team]
    n = len(seats)
    if len(form) < 2:
        yield Problem(key, f"a partnership needs at least two sides, got {len(form)}")
        return
    if any(not team for team in form):
        yield Problem(key, "a side with no seat")
        return
    if sorted(seats) != list(range(n)):
        twice = sorted({s for s in seats if seats.count(s) > 1})
        what = f"seat {twice[0]} is on two sides" if twice else f"the seats must be 0 to {n - 1}, each once"
        yield Problem(key, f"not a partition of the seats: {what} (got {[list(t) for t in form]})")
        return
    if n not in v.players.counts():
        yield Problem(key, f"{n} seats, but {v.name} is played by {v.players.min} to {v.players.max} players")
    if n in seen:
        yield Problem(key, f"a second partition for {n} players")
    seen.add(n)


def _deal(v: Variant) -> Iterator[Problem]:
    deal, deck = v.deal, v.deck
    if not isinstance(deal, StandardDeal) or not isinstance(deck, StandardDeck):
        return
    # Independent problems are all reported; the shoe is only counted without them.
    bad = False
    missing = [n for n in v.players.counts() if not deal.hand_size.covers(n)]
    if missing:
        yield Problem("deal.hand_size", f"no hand size given for {_counts(missing)} players")
        bad = True
    missing = [n for n in v.players.counts() if not deck.decks.covers(n)]
    if missing:
        yield Problem("deck.decks", f"no number of decks given for {_counts(missing)} players")
        bad = True
    if any(x < 1 for x in deal.hand_size.values()):
        yield Problem("deal.hand_size", "every hand needs at least one card")
        bad = True
    if any(x < 1 for x in deck.decks.values()):
        yield Problem("deck.decks", "at least one deck is needed")
        bad = True
    if deal.first_player_extra < 0:
        yield Problem("deal.first_player_extra", "cannot be negative")
        bad = True
    if deck.jokers_per_deck < 0:
        yield Problem("deck.jokers_per_deck", "cannot be negative")
        bad = True
    if bad:
        return
    for n in v.players.counts():
        # Counted, not built: a file may ask for absurdly many decks or jokers.
        size = deck.decks.get(n) * (52 + deck.jokers_per_deck)
        rule = v.second_hand
        seconds = rule.count(players=n, sides=len(v.players.teams_for(n)) or n) if rule.dealt() else 0
        need = deal.cards_needed(n) + int(deck.cut_wild) + seconds * (rule.size_for(n) if seconds else 0)
        if need > size:
            parts = [f"{deal.hand_size.get(n)} each"]
            if seconds:
                parts.append(f"{seconds} second hands of {rule.size_for(n)}")
            if deal.first_player_extra:
                parts.append(f"{deal.first_player_extra} extra to the first player")
            if deal.upcard:
                parts.append("an upcard")
            if deck.cut_wild:
                parts.append("a cut wild card")
            yield Problem(
                "deal.hand_size",
                f"{n} players need {need} cards ({_counts(parts, 'and')}) but the shoe holds {size}",
            )
            return


def _second_hand(v: Variant) -> Iterator[Problem]:
    """A second hand: a size for every player count, at least one card, and
    a way to pick it up."""
    rule = v.second_hand
    if not isinstance(rule, DealtSecondHand):
        return
    missing = [n for n in v.players.counts() if not rule.size.covers(n)]
    if missing:
        yield Problem("second_hand.size", f"no second hand size given for {_counts(missing)} players")
    if any(x < 1 for x in rule.size.values()):
        yield Problem("second_hand.size", "a second hand holds at least one card")
    if not (rule.direct or rule.indirect):
        yield Problem(
            "second_hand.direct",
            "direct and indirect are both off: a second hand could never be picked up",
        )
    if rule.penalty < 0:
        yield Problem("second_hand.penalty", f"a penalty is 0 or more points, got {rule.penalty}")
    if rule.untaken_until_played and not rule.indirect:
        yield Problem(
            "second_hand.untaken_until_played",
            "needs second_hand.indirect: only a second hand picked up by the discard waits for its taker's next turn",
        )


def _counts(items: list[int] | list[str], word: str = "or") -> str:
    """``[5]`` -> ``"5"``, ``[4, 5, 6]`` -> ``"4, 5 or 6"``."""
    text = [str(n) for n in items]
    return text[0] if len(text) == 1 else ", ".join(text[:-1]) + f" {word} " + text[-1]


def _melds(v: Variant) -> Iterator[Problem]:
    m = v.melds
    if not isinstance(m, StandardMelds):
        return
    if not m.sets and not m.runs:
        yield Problem("melds", "no meld is possible: sets and runs are both off")
    if m.sets:
        if m.set_min < 2:
            yield Problem("melds.set_min", f"a set needs at least 2 cards, got {m.set_min}")
        if m.set_max < 0 or (m.set_max and m.set_max < m.set_min):
            yield Problem("melds.set_max", f"{m.set_max} is below set_min ({m.set_min})")
        if m.set_suits is SetSuits.DISTINCT and m.set_min > 4:
            yield Problem(
                "melds.set_min",
                f'a set of {m.set_min} cards cannot have distinct suits; use set_suits = "any"',
            )
    if m.runs:
        if m.run_min < 2:
            yield Problem("melds.run_min", f"a run needs at least 2 cards, got {m.run_min}")
        if m.run_min > 13:
            yield Problem("melds.run_min", f"a run has at most 13 cards, got {m.run_min}")
        if m.run_max < 0 or (m.run_max and m.run_max < m.run_min):
            yield Problem("melds.run_max", f"{m.run_max} is below run_min ({m.run_min})")
    if m.min_naturals < 0:
        yield Problem("melds.min_naturals", "cannot be negative")
    if isinstance(v.deck, StandardDeck) and v.deck.has_wilds() and not (m.wilds_in_sets or m.wilds_in_runs):
        yield Problem(
            "deck", "the deck has wild cards but melds.wilds_in_sets and wilds_in_runs are both off"
        )


def _meld_size_ok(v: Variant, size: int) -> bool:
    m = v.melds
    return isinstance(m, StandardMelds) and (m.set_size_ok(size) or m.run_size_ok(size))


def _going_out(v: Variant, sound: bool) -> Iterator[Problem]:
    g = v.going_out
    if isinstance(g, Declare):
        m = v.melds
        runs_allowed = isinstance(m, StandardMelds) and m.runs
        if g.min_runs < 0:
            yield Problem("going_out.min_runs", f"cannot be negative, got {g.min_runs}")
        if g.min_pure_runs < 0:
            yield Problem("going_out.min_pure_runs", f"cannot be negative, got {g.min_pure_runs}")
        if g.min_pure_runs > g.min_runs >= 0:
            yield Problem(
                "going_out.min_pure_runs",
                f"{g.min_pure_runs} is more than min_runs ({g.min_runs}): every pure run is also a run",
            )
        if g.min_runs and not runs_allowed:
            yield Problem("going_out.min_runs", "runs are required but melds.runs is off")
        sizes = g.pattern_sizes()
        for i, pattern in enumerate(sizes):
            bad = [s for s in pattern if not _meld_size_ok(v, s)]
            if bad:
                yield Problem(
                    f"going_out.patterns[{i}]",
                    f"pattern {g.patterns[i]} needs melds of {bad[0]} cards, which the meld rules do not allow",
                )
            if sound and isinstance(v.deal, StandardDeal):
                total = sum(pattern)
                for n in v.players.counts():
                    hand = v.deal.hand_size.get(n)
                    if total not in (hand, hand + 1):
                        yield Problem(
                            f"going_out.patterns[{i}]",
                            f"pattern {g.patterns[i]} holds {total} cards but a hand has {hand} ({n} players)",
                        )
                        break
            if g.min_runs > len(pattern):
                yield Problem(
                    f"going_out.patterns[{i}]",
                    f"pattern {g.patterns[i]} has {len(pattern)} melds, fewer than min_runs ({g.min_runs})",
                )
    if isinstance(g, Knock) and g.max_deadwood < 0:
        yield Problem("going_out.max_deadwood", f"cannot be negative, got {g.max_deadwood}")
    if isinstance(g, Showing) and g.turns < 1:
        yield Problem("going_out.turns", f"at least one turn is needed, got {g.turns}")


def _consistency(v: Variant, sound: bool) -> Iterator[Problem]:
    if isinstance(v.scoring, KnockScoring) and not isinstance(v.going_out, Knock):
        yield Problem(
            "scoring.kind", f'knock scoring needs going_out.kind = "knock" (it is "{v.going_out.kind}")'
        )
    if isinstance(v.layoff, AfterKnockLayoff) and not isinstance(v.going_out, Knock):
        yield Problem(
            "layoff.kind",
            f'lay-offs after a knock need going_out.kind = "knock" (it is "{v.going_out.kind}")',
        )
    if isinstance(v.layoff, ShowingLayoff) and not isinstance(v.going_out, Showing):
        yield Problem(
            "layoff.kind",
            f'lay-offs at the showing need going_out.kind = "showing" (it is "{v.going_out.kind}")',
        )
    in_hand = isinstance(v.meld_timing, InHand)
    if in_hand and not isinstance(v.layoff, NoLayoff | AfterKnockLayoff):
        yield Problem(
            "layoff.kind",
            f'"{v.layoff.kind}" lay-offs need melds on the table, but meld_timing "in-hand" keeps them in hand',
        )
    if isinstance(v.going_out, Knock) and not in_hand:
        yield Problem(
            "meld_timing.kind",
            f'knocking shows melds from the hand; meld_timing must be "in-hand" (it is "{v.meld_timing.kind}")',
        )
    draw = v.draw
    if (
        isinstance(draw, StandardDraw | PickAnyDraw)
        and draw.must_use is MustUse.BEFORE_INITIAL_MELD
        and not isinstance(v.initial_meld, InitialMeld)
    ):
        yield Problem(
            "draw.must_use",
            '"before-initial-meld" needs an initial meld rule (initial_meld.kind = "threshold")',
        )
    if (
        isinstance(v.swap, StandardSwap)
        and v.swap.jokers
        and not (isinstance(v.deck, StandardDeck) and v.deck.has_wilds())
    ):
        yield Problem("swap.jokers", "joker exchange is on but the deck has no wild cards")
    if not isinstance(v.claims, NoClaims) and isinstance(v.layoff, NoLayoff):
        yield Problem("claims.kind", "Call Rummy claims a discard to lay off, but lay-offs are off")
    init = v.initial_meld
    if isinstance(init, InitialMeld):
        if sound and isinstance(v.deal, StandardDeal):
            most_cards = max(v.deal.hand_size.values()) + v.deal.first_player_extra + 1
            assert isinstance(v.deck, StandardDeck)  # sound implies it
            kinds = build_shoe(jokers_per_deck=min(v.deck.jokers_per_deck, 1))  # each card once
            top = max(v.scoring.card_value(c) for c in kinds)
            reach = most_cards * top
            if init.min_points > reach:
                yield Problem(
                    "initial_meld.min_points",
                    f"{init.min_points} cannot be reached: {most_cards} cards are worth at most {reach}",
                )
        m = v.melds
        if isinstance(m, StandardMelds) and init.min_meld_size:
            longest = max((m.set_max or 4 * 8) if m.sets else 0, min(m.run_max or 13, 13) if m.runs else 0)
            if init.min_meld_size > longest:
                yield Problem(
                    "initial_meld.min_meld_size",
                    f"no meld can hold {init.min_meld_size} cards (the longest allowed holds {longest})",
                )


def _numbers(v: Variant) -> Iterator[Problem]:
    if v.limits.max_turns < 1:
        yield Problem("limits.max_turns", f"must be at least 1, got {v.limits.max_turns}")
    if v.limits.max_hands < 1:
        yield Problem("limits.max_hands", f"must be at least 1, got {v.limits.max_hands}")
    stock = v.stock
    if isinstance(stock, Reuse) and stock.max_reuses < 0:
        yield Problem("stock.max_reuses", "cannot be negative (0 means no limit)")
    if isinstance(stock, EndHand) and stock.reserve < 0:
        yield Problem("stock.reserve", "cannot be negative")
    end = v.game_end
    if isinstance(end, Target) and end.target <= 0:
        yield Problem("game_end.target", f"must be positive, got {end.target}")
    if isinstance(end, Elimination) and end.limit <= 0:
        yield Problem("game_end.limit", f"must be positive, got {end.limit}")
    if isinstance(end, Deals) and end.deals < 1:
        yield Problem("game_end.deals", f"at least one deal is needed, got {end.deals}")
    for key, value in v.scoring.card_values.items():
        if value < 0:
            yield Problem(f"scoring.card_values.{key}", f"a card value cannot be negative, got {value}")
