"""Matches: hands played until the variant's game-end rule says the game is over."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rummykit.engine.actions import Action
from rummykit.engine.deal import new_hand
from rummykit.engine.state import Hand
from rummykit.engine.view import View
from rummykit.errors import ArgumentError, IllegalAction, RummyError, whole_number
from rummykit.settlement import Settlement
from rummykit.variant import Variant

__all__ = ["Match", "Player", "new_match"]


class Player(Protocol):
    """Anything that picks an action from a view (see :mod:`rummykit.bots`)."""

    def choose(self, view: View) -> Action | str:
        """The action to play."""
        ...


class Match:
    """A whole game: hands until ``v.game_end`` says it is over.

    Seats are numbered 0 to players-1 for the whole match. Eliminated players
    sit out: each hand is dealt to the seats still in the game, in seat order,
    and ``seats`` maps the hand's seat numbers to match seats
    (``match.seats[hand_seat]``). The first dealer is drawn from the seed;
    the next one follows ``v.dealer``. ``v.limits.max_hands`` bounds the game.

    >>> import rummykit as rk
    >>> gin = rk.load_variant("gin")
    >>> m = rk.new_match(gin, players=2, seed=1)
    >>> m.play([rk.GreedyBot(gin, seed=1), rk.GreedyBot(gin, seed=2)])
    >>> m.is_over, len(m.winners) >= 1, m.hands_played >= 1
    (True, True, True)
    """

    def __init__(
        self, v: Variant, players: int, *, seed: int | None = None, dealer: int | None = None
    ) -> None:
        players = whole_number(players, "new_match: players")
        seed = whole_number(seed, "new_match: seed", none=True)
        dealer = whole_number(dealer, "new_match: dealer", none=True)
        if players not in v.players.counts():
            raise RummyError(
                f"{v.name} is played by {v.players.min} to {v.players.max} players, not {players}"
            )
        self._setup(v, players, seed)
        self.dealer = self.rng.randrange(players) if dealer is None else dealer
        self.hand: Hand = self._deal()
        if self.hand.is_over:  # won at the deal (Tonk's 49 or 50): scored at once
            self._finish_hand()

    def _setup(self, v: Variant, players: int, seed: int | None) -> None:
        """The fields of a match before its first deal."""
        self.v = v
        self.players = players
        # Unseeded: every draw (the first dealer, each deal) comes from the OS's
        # entropy and no seed exists to be searched (issue 10, safe deals); seeded:
        # reproducible, hand seeds derived from the match seed.
        self.seed = seed
        self.rng: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
        start = v.game_end.start_total()
        self.totals: list[int] = [start] * players
        self.active: list[int] = list(range(players))
        self.hands_played = 0
        self.hands_won = [0] * players
        self.results: list[tuple[tuple[int, ...], Settlement]] = []
        self.records: list[dict[str, Any]] = []
        self.dealer = 0
        self.winners: tuple[int, ...] = ()
        self.is_over = False
        self.seats: tuple[int, ...] = ()

    @classmethod
    def from_records(cls, v: Variant, players: int, records: Sequence[dict[str, Any]]) -> Match:
        """An unseeded match continued from the records of its hands so far
        (``match.records``, then the current hand's ``record()``), as a saved
        game is resumed: each record is replayed (its deal and every action
        checked, see :func:`rummykit.replay`) and scored as the match scores
        it, and must be the hand the match deals next (its players, dealer
        and deal number). An unfinished last record becomes the current hand;
        the hands after it are dealt from the OS's entropy, as in any unseeded
        match. Raises :class:`~rummykit.RecordError` naming the record.

        >>> import rummykit as rk
        >>> gin = rk.load_variant("gin")
        >>> m = rk.new_match(gin, players=2)
        >>> m.apply(m.hand.legal_actions()[0])
        >>> again = rk.Match.from_records(gin, 2, [*m.records, m.hand.record()])
        >>> again.hand.record() == m.hand.record(), again.seed is None
        (True, True)
        """
        from rummykit.engine.record import RecordError, replay

        if not records:
            raise RecordError("Match.from_records: no records (a match has at least its current hand)")
        if not isinstance(players, int) or isinstance(players, bool) or players not in v.players.counts():
            raise ArgumentError(f"Match.from_records: players: {v.name} is not played by {players!r:.40}")
        m = cls.__new__(cls)
        m._setup(v, players, None)
        for i, record in enumerate(records, 1):
            where = f"record {i}"
            if m.is_over:
                raise RecordError(f"{where}: the game was over before it")
            if not isinstance(record, dict):
                raise RecordError(f"{where}: expected a game record (a JSON object)")
            if record.get("seed") is not None:
                raise RecordError(f"{where}: a seeded hand: replay a seeded match from its seed")
            try:
                h = replay(record)
            except RecordError as exc:
                raise RecordError(f"{where}: {exc}") from None
            if h.variant.to_toml() != v.to_toml():
                raise RecordError(f"{where}: a hand of {h.variant.name}, not of {v.name}")
            seats = tuple(m.active)
            if i == 1 and 0 <= h._dealer < len(seats):
                m.dealer = seats[h._dealer]
            if m.dealer not in seats:
                m.dealer = seats[0]
            want = (len(seats), seats.index(m.dealer), m.hands_played + 1)
            if (h.players, h._dealer, h._deal_number) != want:
                raise RecordError(
                    f"{where}: not the hand this game deals next (players, dealer and deal number"
                    f" {want}, the record has {(h.players, h._dealer, h._deal_number)})"
                )
            m.seats = seats
            m.hand = h
            if h.is_over:
                m._score_hand(redeal=i == len(records))
        return m

    @property
    def winner(self) -> int | None:
        """The single winner of the game, or None (not over, or shared)."""
        return self.winners[0] if self.is_over and len(self.winners) == 1 else None

    @property
    def current_player(self) -> int | None:
        """The match seat that must act now."""
        p = self.hand.current_player
        return None if p is None or self.is_over else self.seats[p]

    def _deal(self) -> Hand:
        seats = tuple(self.active)
        self.seats = seats
        if self.dealer not in seats:
            self.dealer = seats[0]
        return new_hand(
            self.v,
            len(seats),
            seed=None if self.seed is None else self.rng.randrange(1 << 32),
            dealer=seats.index(self.dealer),
            deal_number=self.hands_played + 1,
            standing=[self.totals[s] for s in seats],
        )

    def apply(self, action: Action | str) -> None:
        """Apply an action to the current hand; when the hand ends, score it and
        deal the next one (unless the game is over)."""
        if self.is_over:
            raise IllegalAction("the game is over")
        self.hand.apply(action)
        if self.hand.is_over:
            self._finish_hand()

    def _finish_hand(self) -> None:
        self._score_hand(redeal=True)

    def _score_hand(self, *, redeal: bool) -> None:
        """Score the hand just over; unless the game is over, pass the deal
        on and (with ``redeal``) deal the next hand."""
        h = self.hand
        result = h.result
        assert result is not None
        seats = self.seats
        for i, score in enumerate(result.scores):
            self.totals[seats[i]] += score
        for w in result.winners:
            self.hands_won[seats[w]] += 1
        self.results.append((seats, result))
        self.records.append(h.record())
        self.hands_played += 1
        went_out = h.ending().went_out
        out = seats[went_out] if went_out is not None else None
        ge = self.v.game_end
        verdict = ge.verdict(
            totals=self.totals, active=list(seats), hands_played=self.hands_played, went_out=out
        )
        self.active = [s for s in seats if not ge.drops_out(self.totals[s])]
        if verdict is None and len(self.active) < max(self.v.players.min, 1):
            verdict = tuple(self.active) or tuple(seats)
        if verdict is None and self.hands_played >= self.v.limits.max_hands:
            best = max(self.totals[s] for s in seats)
            verdict = tuple(s for s in seats if self.totals[s] == best)
        if verdict is not None:
            self.is_over = True
            self.winners = tuple(verdict)
            self.totals = ge.final_totals(self.totals, winners=self.winners, hands_won=self.hands_won)
            return
        winner = result.winner
        loser = result.loser
        hand_dealer = seats.index(self.dealer) if self.dealer in seats else 0
        nxt = self.v.dealer.next_dealer(
            dealer=hand_dealer, players=len(seats), winner=winner, loser=loser, step=self.v.deal.step()
        )
        self.dealer = seats[nxt]
        if not redeal:
            return
        self.hand = self._deal()
        if self.hand.is_over:  # won at the deal (Tonk's 49 or 50): scored at once
            self._finish_hand()

    def next_hand(self) -> Hand:
        """The current hand (a new one is dealt automatically when one ends)."""
        return self.hand

    def play(self, players: Sequence[Player | Callable[[View], Action | str]]) -> None:
        """Play the game to its end, asking ``players[seat]`` for each move.

        A player is a bot (an object with ``choose(view)``, see
        :mod:`rummykit.bots`) or a function ``f(view)``. A bot's optional
        ``start_hand(view)`` is called with its first view of each hand, and
        its optional ``end_hand(view)`` with its last, once the hand is over.
        """
        if len(players) != self.players:
            raise RummyError(f"play needs one player per seat ({self.players}), got {len(players)}")
        started: Hand | None = None
        while not self.is_over:
            h = self.hand
            if h is not started:
                started = h
                for i, seat in enumerate(self.seats):
                    hook = getattr(players[seat], "start_hand", None)
                    if callable(hook):
                        hook(h.view(i))
            p = h.current_player
            assert p is not None
            who = players[self.seats[p]]
            view = h.view(p)
            action = who.choose(view) if hasattr(who, "choose") else who(view)
            self.apply(action)
            if h.is_over:
                for i, seat in enumerate(self.seats):
                    hook = getattr(players[seat], "end_hand", None)
                    if callable(hook):
                        hook(h.view(i))

    def __repr__(self) -> str:
        state = f"over, winners {self.winners}" if self.is_over else f"hand {self.hands_played + 1}"
        return f"<Match {self.v.name} {self.players}p totals {self.totals}, {state}>"


def new_match(v: Variant, players: int = 2, *, seed: int | None = None, dealer: int | None = None) -> Match:
    """Start a game of ``v`` for ``players`` seats; see :class:`Match`."""
    return Match(v, players, seed=seed, dealer=dealer)
