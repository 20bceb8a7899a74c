"""The report of a simulation (:class:`SimulationReport`), its summary of the
games, and a table comparing reports.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from rummykit.errors import RummyError
from rummykit.settlement import Termination
from rummykit.sim.play import BotSpec, _bot_name, _GameResult
from rummykit.sim.stats import Distribution, FirstPlayerAdvantage
from rummykit.variant import Variant

FORMAT = "rummykit-simulation"


@attrs.frozen(kw_only=True)
class SimulationReport:
    """The summary of a simulation; see :func:`simulate`.

    Fields:

    * ``variant``, ``title``: the variant's name and title.
    * ``players``, ``bots`` (one name per seat), ``games``, ``match`` (whole
      matches rather than single hands), ``seed`` (the master seed).
    * ``wins``: per seat, the games that seat won alone; ``shared_wins``: per
      seat, the games it won together with others; ``ties``: games with
      several winners; ``no_winner``: games nobody won (a turn limit, a stock
      exhausted without a winner). ``sum(wins) + ties + no_winner == games``.
    * ``hands_played``: hands in all (``games`` in hands mode).
    * ``turns``: hand length in turns (every hand, matches included).
    * ``hands``: hands per match (match mode; None otherwise).
    * ``scores``: per seat, the distribution of the score change of a hand
      (hands mode) or of the final total (match mode); penalty-scoring
      variants count penalty points, where lower is better.
    * ``endings``: hands by how they ended (:class:`~rummykit.Termination`
      values, every one listed, zeros included), summing to ``hands_played``.
    * ``turn_limit``: hands stopped by ``limits.max_turns`` (bots that never
      finish); ``hand_limit``: matches stopped by ``limits.max_hands``.
    * ``first_player``: a :class:`FirstPlayerAdvantage`.
    """

    variant: str
    title: str
    players: int
    bots: tuple[str, ...]
    games: int
    match: bool
    seed: int
    wins: tuple[int, ...]
    shared_wins: tuple[int, ...]
    ties: int
    no_winner: int
    hands_played: int
    turns: Distribution
    hands: Distribution | None
    scores: tuple[Distribution, ...]
    endings: Mapping[str, int]
    turn_limit: int
    hand_limit: int
    first_player: FirstPlayerAdvantage
    max_turns: int = 0

    @property
    def win_rates(self) -> tuple[float, ...]:
        """Per seat, the share of games that seat won alone."""
        return tuple(w / self.games if self.games else 0.0 for w in self.wins)

    @property
    def unit(self) -> str:
        """``"matches"`` or ``"hands"``: what one game is."""
        return "matches" if self.match else "hands"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (``from_json`` reads it back to an equal report).

        >>> import json, rummykit as rk
        >>> from rummykit.sim import simulate
        >>> r = simulate(rk.load_variant("knock"), games=4, players=3, seed=2)
        >>> SimulationReport.from_json(json.loads(json.dumps(r.to_json()))) == r
        True
        """
        return {
            "format": FORMAT,
            "variant": self.variant,
            "title": self.title,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "match": self.match,
            "seed": self.seed,
            "wins": list(self.wins),
            "win_rates": list(self.win_rates),
            "shared_wins": list(self.shared_wins),
            "ties": self.ties,
            "no_winner": self.no_winner,
            "hands_played": self.hands_played,
            "turns": self.turns.to_json(),
            "hands": None if self.hands is None else self.hands.to_json(),
            "scores": [d.to_json() for d in self.scores],
            "endings": dict(self.endings),
            "turn_limit": self.turn_limit,
            "max_turns": self.max_turns,
            "hand_limit": self.hand_limit,
            "first_player": self.first_player.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SimulationReport:
        """Read :meth:`to_json` output."""
        if data.get("format") != FORMAT:
            raise RummyError(f"not a rummykit simulation report (expected format = {FORMAT!r})")
        hands = data.get("hands")
        return cls(
            variant=str(data["variant"]),
            title=str(data["title"]),
            players=int(data["players"]),
            bots=tuple(str(b) for b in data["bots"]),
            games=int(data["games"]),
            match=bool(data["match"]),
            seed=int(data["seed"]),
            wins=tuple(int(x) for x in data["wins"]),
            shared_wins=tuple(int(x) for x in data["shared_wins"]),
            ties=int(data["ties"]),
            no_winner=int(data["no_winner"]),
            hands_played=int(data["hands_played"]),
            turns=Distribution.from_json(data["turns"]),
            hands=None if hands is None else Distribution.from_json(hands),
            scores=tuple(Distribution.from_json(d) for d in data["scores"]),
            endings={str(k): int(n) for k, n in data["endings"].items()},
            turn_limit=int(data["turn_limit"]),
            max_turns=int(data.get("max_turns", 0)),
            hand_limit=int(data["hand_limit"]),
            first_player=FirstPlayerAdvantage.from_json(data["first_player"]),
        )

    def table(self) -> str:
        """The report as plain text, for a terminal or a file.

        >>> import rummykit as rk
        >>> from rummykit.sim import simulate
        >>> r = simulate(rk.load_variant("gin"), games=4, players=2, seed=3)
        >>> print(r.table())  # doctest: +ELLIPSIS
        Simulation of gin (Gin Rummy): 4 hands, 2 players, seed 3
        ...
        How hands end
        ...
        """
        return "\n".join(self._lines())

    def _lines(self) -> Iterator[str]:
        unit = self.unit
        yield f"Simulation of {self.variant} ({self.title}): {self.games} {unit}, {self.players} players, seed {self.seed}"
        yield "Bots: " + ", ".join(f"seat {s} {b}" for s, b in enumerate(self.bots))
        yield ""
        yield f"Wins by seat ({unit} won alone)"
        yield f"  {'seat':<5} {'bot':<10} {'wins':>6} {'rate':>7}  {'shared':>6}"
        for seat, (bot, w, sh) in enumerate(zip(self.bots, self.wins, self.shared_wins, strict=True)):
            yield f"  {seat:<5} {bot:<10} {w:>6} {_pct(w, self.games):>7}  {sh:>6}"
        yield f"  ties (several winners): {self.ties}   no winner: {self.no_winner} ({_pct(self.no_winner, self.games)})"
        yield ""
        t = self.turns
        yield (
            f"Hand length in turns: mean {t.mean:.1f}, median {_num(t.median)}, p90 {_num(t.p90)}"
            f" (min {_num(t.min)}, max {_num(t.max)})"
        )
        if self.hands is not None:
            hd = self.hands
            yield (
                f"Hands per match: mean {hd.mean:.1f}, median {_num(hd.median)}, p90 {_num(hd.p90)}"
                f" (min {_num(hd.min)}, max {_num(hd.max)}); {self.hands_played} hands in all"
            )
        yield ""
        yield "Final totals by seat" if self.match else "Score per hand by seat"
        yield f"  {'seat':<5} {'mean':>9} {'stdev':>9} {'min':>7} {'max':>7}"
        for seat, d in enumerate(self.scores):
            yield f"  {seat:<5} {d.mean:>9.1f} {d.stdev:>9.1f} {_num(d.min):>7} {_num(d.max):>7}"
        yield ""
        yield "How hands end"
        shown = [(k, n) for k, n in self.endings.items() if n or k == Termination.TURN_LIMIT.value]
        width = max(len(k) for k, _ in shown)
        for how, n in shown:
            yield f"  {how:<{width}} {n:>7} {_pct(n, self.hands_played):>7}"
        yield ""
        fp = self.first_player
        scope = "hands of all matches" if self.match else "hands"
        if fp.rate is None or fp.advantage is None:
            yield f"First-player advantage: no {scope} with a single winner to measure it"
        else:
            yield (
                f"First-player advantage: the seat that acted first won {fp.wins} of {fp.decided}"
                f" {scope} with a single winner ({fp.rate:.1%}; fair share {fp.fair_share:.1%})"
            )
            verdict = "significant" if fp.significant else "not significant"
            yield (
                f"  advantage {_pts(fp.advantage)}, 95% CI [{_pts(fp.low)}, {_pts(fp.high)}]"
                f" (Wilson score interval; {verdict} at 95%)"
            )
        yield ""
        limit = f" (limits.max_turns = {self.max_turns})" if self.max_turns else ""
        if self.turn_limit:
            yield (
                f"Warning: {self.turn_limit} of {self.hands_played} hands ({_pct(self.turn_limit, self.hands_played)})"
                f" stopped at the turn limit{limit}: the bots never finished them."
            )
        else:
            yield f"Turn limit: no hand stopped at the turn limit{limit}."
        if self.hand_limit:
            yield f"Warning: {self.hand_limit} matches stopped at the hand limit (limits.max_hands)."


def _pct(n: int, total: int) -> str:
    return f"{n / total:.1%}" if total else "-"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def _pts(x: float) -> str:
    """A difference of proportions in percentage points."""
    return f"{x * 100:+.1f} pts"


def compare_table(*reports: SimulationReport) -> str:
    """Key numbers of several reports side by side (to compare rulesets).

    >>> import rummykit as rk
    >>> from rummykit.sim import simulate
    >>> gin = rk.load_variant("gin")
    >>> a = simulate(gin, games=4, players=2, seed=1)
    >>> print(compare_table(a, a))  # doctest: +ELLIPSIS
    metric                          gin        gin
    games (hands)                     4          4
    ...
    """
    rows: list[tuple[str, list[str]]] = []

    def row(name: str, f: Callable[[SimulationReport], str]) -> None:
        rows.append((name, [f(r) for r in reports]))

    row("games (" + "/".join(sorted({r.unit for r in reports})) + ")", lambda r: str(r.games))
    row("turns per hand, mean", lambda r: f"{r.turns.mean:.1f}")
    row("turns per hand, median", lambda r: _num(r.turns.median))
    row("turns per hand, p90", lambda r: _num(r.turns.p90))
    if any(r.hands is not None for r in reports):
        row("hands per match, mean", lambda r: "-" if r.hands is None else f"{r.hands.mean:.1f}")
    players = max(r.players for r in reports)
    for seat in range(players):
        row(
            f"seat {seat} win rate",
            lambda r, s=seat: _pct(r.wins[s], r.games) if s < r.players else "-",  # type: ignore[misc]
        )
    row("no winner", lambda r: _pct(r.no_winner, r.games))
    hows: list[str] = []
    for r in reports:
        hows.extend(k for k, n in r.endings.items() if n and k not in hows)
    for how in hows:
        row(f"ends: {how}", lambda r, h=how: _pct(r.endings.get(h, 0), r.hands_played))  # type: ignore[misc]
    row("turn limit hit", lambda r: str(r.turn_limit))
    row(
        "first-player advantage",
        lambda r: "-" if r.first_player.advantage is None else _pts(r.first_player.advantage),
    )
    row("  95% CI", lambda r: f"[{r.first_player.low * 100:+.1f}, {r.first_player.high * 100:+.1f}]")
    head = [r.variant for r in reports]
    width = max(len(name) for name, _ in rows)
    cols = [max(len(head[i]), *(len(vals[i]) for _, vals in rows)) for i in range(len(reports))]
    lines = [f"{'metric':<{width}}  " + "  ".join(f"{h:>{c}}" for h, c in zip(head, cols, strict=True))]
    for name, vals in rows:
        lines.append(f"{name:<{width}}  " + "  ".join(f"{x:>{c}}" for x, c in zip(vals, cols, strict=True)))
    return "\n".join(line.rstrip() for line in lines)


def _summarize(
    v: Variant,
    specs: Sequence[BotSpec],
    *,
    games: int,
    seed: int,
    match: bool,
    results: Sequence[_GameResult],
) -> SimulationReport:
    players = len(specs)
    wins = [0] * players
    shared = [0] * players
    ties = no_winner = 0
    for g in results:
        if len(g.winners) == 1:
            wins[g.winners[0]] += 1
        elif g.winners:
            ties += 1
            for w in g.winners:
                shared[w] += 1
        else:
            no_winner += 1
    stats = [s for g in results for s in g.hands]
    endings = {t.value: 0 for t in Termination}
    for s in stats:
        endings[s.how] = endings.get(s.how, 0) + 1
    decided = [s for s in stats if len(s.winners) == 1]
    first_wins = sum(1 for s in decided if s.winners[0] == s.first)
    return SimulationReport(
        variant=v.name,
        title=v.title,
        players=players,
        bots=tuple(_bot_name(s) for s in specs),
        games=games,
        match=match,
        seed=seed,
        wins=tuple(wins),
        shared_wins=tuple(shared),
        ties=ties,
        no_winner=no_winner,
        hands_played=len(stats),
        turns=Distribution.of([s.turns for s in stats]),
        hands=Distribution.of([len(g.hands) for g in results]) if match else None,
        scores=tuple(Distribution.of([g.scores[seat] for g in results]) for seat in range(players)),
        endings=endings,
        turn_limit=endings[Termination.TURN_LIMIT.value],
        max_turns=v.limits.max_turns,
        hand_limit=sum(1 for g in results if g.hand_limit),
        first_player=FirstPlayerAdvantage.of(first_wins, len(decided), players),
    )
