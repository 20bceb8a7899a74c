"""The :class:`Variant`: a frozen tree of rule components.

A variant is data. It is usually loaded from a TOML file
(:func:`rummykit.load_variant`), but it can be built and changed in Python too:

>>> import attrs, rummykit as rk
>>> v = rk.load_variant("straight")
>>> v.name, v.players.min, v.players.max
('straight', 2, 6)
>>> either = attrs.evolve(v, ranking=rk.rules.StandardRanking(ace=rk.rules.Ace.EITHER))
>>> either.ranking.ace.value
'either'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import attrs

from rummykit.rules import (
    AnyTime,
    Claims,
    Deal,
    DealerRotation,
    Deck,
    DiscardRule,
    DrawPolicy,
    EmptyHand,
    GameEnd,
    GoingOut,
    InitialMeldRule,
    LayoffPolicy,
    MeldRules,
    MeldTiming,
    NoClaims,
    NoInitialMeld,
    NoSecondHand,
    NoSwap,
    Ranking,
    Reuse,
    Scoring,
    SecondHand,
    StandardDeal,
    StandardDealer,
    StandardDeck,
    StandardDiscard,
    StandardDraw,
    StandardLayoff,
    StandardMelds,
    StandardRanking,
    StockExhaustion,
    SwapPolicy,
    Target,
    WinnerTakes,
)

if TYPE_CHECKING:
    from rummykit.errors import Problem

__all__ = ["Limits", "Players", "Variant", "VariantInfo", "component_fields", "note_keys", "note_text"]


@attrs.frozen(kw_only=True)
class VariantInfo:
    """The ``[variant]`` table: names and sources."""

    name: str
    """Short lowercase name, e.g. ``straight`` or ``our-kitchen``."""
    title: str = ""
    """Human title, e.g. "Straight Rummy"."""
    description: str = ""
    """A sentence or two on the game."""
    sources: tuple[str, ...] = ()
    """Where the rules come from (titles or addresses)."""
    notes: tuple[str, ...] = ()
    """Choices made where sources disagree, and other remarks."""


@attrs.frozen(kw_only=True)
class Players:
    """The ``[players]`` table: the allowed player counts and partnerships.

    ``teams`` is one partition of the seats into sides (``[[0, 2], [1, 3]]``:
    partners sit opposite); it applies when as many players sit as it names
    seats, and every other count plays each for themselves. ``more_teams``
    holds further partitions for other counts (six players in three pairs,
    say).

    >>> p = Players(min=2, max=4, teams=((0, 2), (1, 3)))
    >>> p.teams_for(4), p.teams_for(3)
    (((0, 2), (1, 3)), ())
    >>> p.side_of(4, 3), p.side_of(3, 1)
    ((1, 3), (1,))
    """

    min: int = 2
    """Fewest players."""
    max: int = 6
    """Most players."""
    teams: tuple[tuple[int, ...], ...] = ()
    """The sides (partnerships) as lists of seats, e.g. ``[[0, 2], [1, 3]]``:
    a partition of the seats 0 to N-1 for one count N; none by default."""
    more_teams: tuple[tuple[tuple[int, ...], ...], ...] = ()
    """Partitions for other player counts (each for the count of seats it names)."""

    def counts(self) -> range:
        """Every allowed player count."""
        return range(self.min, self.max + 1)

    def team_forms(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Every partition given (``teams`` first)."""
        return ((self.teams,) if self.teams else ()) + self.more_teams

    def teams_for(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The sides with ``players`` seated (``()``: each plays alone)."""
        for form in self.team_forms():
            if sum(len(t) for t in form) == players:
                return form
        return ()

    def side_of(self, players: int, seat: int) -> tuple[int, ...]:
        """The seats of ``seat``'s side (``(seat,)`` without partnerships)."""
        for team in self.teams_for(players):
            if seat in team:
                return team
        return (seat,)

    def team_index(self, players: int, seat: int) -> int:
        """The number of ``seat``'s side (its seat number without partnerships)."""
        for i, team in enumerate(self.teams_for(players)):
            if seat in team:
                return i
        return seat


@attrs.frozen(kw_only=True)
class Limits:
    """The ``[limits]`` table: bounds that guarantee every game ends."""

    max_turns: int = 1000
    """Turns in one hand after which it ends with nobody out (a turn limit, not
    a rule of any source: it only stops endless play)."""
    max_hands: int = 500
    """Hands in one game after which it ends (same purpose)."""


@attrs.frozen(kw_only=True)
class Variant:
    """A complete ruleset: metadata plus one component per concern.

    Build one with :func:`rummykit.load_variant`, :func:`rummykit.loads_variant`
    or directly; ``to_toml()`` writes it back.
    """

    info: VariantInfo
    players: Players = Players()
    limits: Limits = Limits()
    ranking: Ranking = StandardRanking()
    deck: Deck = StandardDeck()
    deal: Deal = StandardDeal()
    dealer: DealerRotation = StandardDealer()
    second_hand: SecondHand = NoSecondHand()
    melds: MeldRules = StandardMelds()
    draw: DrawPolicy = StandardDraw()
    meld_timing: MeldTiming = AnyTime()
    initial_meld: InitialMeldRule = NoInitialMeld()
    layoff: LayoffPolicy = StandardLayoff()
    swap: SwapPolicy = NoSwap()
    claims: Claims = NoClaims()
    discard: DiscardRule = StandardDiscard()
    going_out: GoingOut = EmptyHand()
    stock: StockExhaustion = Reuse()
    scoring: Scoring = WinnerTakes()
    game_end: GameEnd = Target()

    @property
    def name(self) -> str:
        """The variant's short name."""
        return self.info.name

    @property
    def title(self) -> str:
        """The variant's title (its name if it has none)."""
        return self.info.title or self.info.name

    def to_toml(self) -> str:
        """The variant as TOML text, every component written out in full.

        ``loads_variant(v.to_toml()) == v``.
        """
        from rummykit.dumping import dump_variant

        return dump_variant(self)

    def check(self) -> tuple[Problem, ...]:
        """Cross-field problems (an empty tuple for a sound ruleset)."""
        from rummykit.checks import cross_field_problems

        return cross_field_problems(self)


def component_fields() -> tuple[str, ...]:
    """The concern tables of a variant, in file order.

    >>> component_fields()[:3]
    ('ranking', 'deck', 'deal')
    """
    plain = {"info", "players", "limits"}
    return tuple(f.name for f in attrs.fields(Variant) if f.name not in plain)


_NOTE_KEYS = re.compile(r"^\[([A-Za-z0-9_.]+(?:,\s*[A-Za-z0-9_.]+)*)\]\s*")


def note_keys(note: str) -> tuple[str, ...]:
    """The variant-file keys a note explains, from its ``[key, key]`` prefix.

    A note that explains a choice names the keys it is about, so that a house
    rule that changes one of them no longer inherits the note (the rulebook of
    a ruleset never prints a remark its own rules contradict).

    >>> note_keys("[meld_timing.kind] One meld per turn.")
    ('meld_timing.kind',)
    >>> note_keys("A remark about nothing in particular.")
    ()
    """
    m = _NOTE_KEYS.match(note)
    return tuple(k.strip() for k in m.group(1).split(",")) if m else ()


def note_text(note: str) -> str:
    """A note as a reader sees it, without its key prefix.

    >>> note_text("[game_end.target] Target 100.")
    'Target 100.'
    """
    m = _NOTE_KEYS.match(note)
    return note[m.end() :] if m else note
