"""Many bot games at once, and a summary a rule designer can act on.

:func:`simulate` plays ``games`` hands (or, with ``match=True``, whole
matches) of a variant between bots, in parallel processes if asked, and
returns a :class:`SimulationReport`: wins by seat, how long hands last, the
score distribution, how hands end, how often the turn limit stopped a hand,
and the advantage of playing first with a 95% confidence interval.

Built only on the public API (layer 6): ``new_hand``, ``new_match``, views
and the bots of :mod:`rummykit.bots`.

Determinism: game ``i`` is dealt with the seed :func:`game_seed` derives from
the master ``seed`` and ``i`` alone, and its random bots are seeded the same
way per seat, with fresh bots for every game. Games run in chunks of
consecutive indices, in one process or many, and the report is computed from
the results put back in game-index order. So the same seed gives the same
numbers, whatever ``jobs`` is, whichever backend runs the chunks (worker
processes here, or Ray tasks on a cluster), and after a resume.

Records and checkpoints: with ``records=FILE.jsonl`` every hand's record is
written, a line each, in game order, and a checkpoint next to it lets an
interrupted study go on where it stopped (``resume=True``). See the docs page
"Large studies" for running on many cores and on a Ray cluster.

Seats and positions: bots are assigned to seats cyclically (``bots=("random",
"greedy")`` puts a random bot on seats 0, 2, ... and a greedy one on seats 1,
3, ...). In hands mode the dealer rotates with the game index (game ``i`` is
dealt by seat ``i % players``), so every seat plays first equally often and a
seat's win rate measures its bot, not its position; the position effect is
measured separately, as the first-player advantage. In match mode the first
dealer is drawn from the match's seed and then rotates as the variant says.

>>> import rummykit as rk
>>> from rummykit.sim import simulate
>>> r = simulate(rk.load_variant("gin"), games=6, players=2, seed=1)
>>> r.games, sum(r.wins) + r.ties + r.no_winner, sum(r.endings.values())
(6, 6, 6)
>>> r == simulate(rk.load_variant("gin"), games=6, players=2, seed=1)
True
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import signal
import statistics
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, TypeAlias

import attrs

from rummykit.bots import BOTS, BotError, bot_label, make_bot
from rummykit.bots.base import resolve_spec
from rummykit.engine import Action, Hand, View, new_hand, new_match
from rummykit.errors import RummyError
from rummykit.settlement import Termination
from rummykit.variant import Variant

__all__ = [
    "AUTO_MIN_GAMES",
    "BACKENDS",
    "BOT_NAMES",
    "CHUNK_MAX",
    "RAY_RETRIES",
    "Distribution",
    "FirstPlayerAdvantage",
    "SimulationReport",
    "bot_seed",
    "compare_table",
    "available_cpus",
    "game_seed",
    "progress_path",
    "read_records",
    "seat_bots",
    "simulate",
    "wilson_interval",
]

BOT_NAMES = tuple(sorted(BOTS))
"""The bots :func:`simulate` knows by name (``"module:Class"`` names any other)."""

PlayerFn: TypeAlias = Callable[[View], Action | str]
BotFactory: TypeAlias = Callable[[Variant, int], Any]
"""A custom bot: ``factory(variant, seed)`` returns a player (an object with
``choose(view)`` or a callable ``f(view)``). It must be picklable (a
module-level function or class) when ``jobs > 1``."""
BotSpec: TypeAlias = str | BotFactory

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""

FORMAT = "rummykit-simulation"


# --------------------------------------------------------------------------- seeds


def _derive(*parts: object) -> int:
    text = ":".join(str(p) for p in ("rummykit-sim", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` (from 0) of a simulation with master ``seed``.

    A pure function of its arguments (SHA-256, not Python's ``hash``), so it
    is the same in every process and on every run.

    >>> game_seed(0, 0) == game_seed(0, 0), game_seed(0, 0) != game_seed(0, 1)
    (True, True)
    >>> 0 <= game_seed(7, 3) < 2**32
    True
    """
    return _derive(seed, index)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot on ``seat`` in game ``index`` (random bots).

    >>> bot_seed(0, 0, 0) != bot_seed(0, 0, 1)
    True
    """
    return _derive(seed, index, "seat", seat)


# --------------------------------------------------------------------------- statistics


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Better than the normal approximation for small samples and proportions
    near 0 or 1, and it always contains the point estimate.

    >>> lo, hi = wilson_interval(60, 100)
    >>> f"{lo:.4f} {hi:.4f}"
    '0.5020 0.6906'
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..1) of sorted values."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(q * len(sorted_values)))
    return float(sorted_values[rank - 1])


@attrs.frozen(kw_only=True)
class Distribution:
    """Summary of a list of numbers: count, mean, sample standard deviation,
    min, median, 90th percentile (nearest rank) and max.

    >>> d = Distribution.of([3, 1, 2, 10])
    >>> d.count, d.mean, d.median, d.p90, d.min, d.max
    (4, 4.0, 2.5, 10.0, 1.0, 10.0)
    """

    count: int
    mean: float
    stdev: float
    min: float
    median: float
    p90: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Distribution:
        """The distribution of ``values`` (all zeros for an empty list)."""
        if not values:
            return cls(count=0, mean=0.0, stdev=0.0, min=0.0, median=0.0, p90=0.0, max=0.0)
        ordered = sorted(values)
        return cls(
            count=len(values),
            mean=statistics.fmean(values),
            stdev=statistics.stdev(values) if len(values) > 1 else 0.0,
            min=float(ordered[0]),
            median=float(statistics.median(ordered)),
            p90=_percentile(ordered, 0.9),
            max=float(ordered[-1]),
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Distribution:
        """Read :meth:`to_json` output."""
        return cls(
            count=int(data["count"]),
            **{k: float(data[k]) for k in ("mean", "stdev", "min", "median", "p90", "max")},
        )


@attrs.frozen(kw_only=True)
class FirstPlayerAdvantage:
    """How much the seat that acts first in a hand gains.

    Counted over the hands that have a single winner (``decided``): ``wins``
    of them were won by the seat that acted first. ``rate`` is
    ``wins / decided``; ``advantage`` is ``rate - fair_share`` where
    ``fair_share = 1 / players``; ``low`` and ``high`` bound the advantage
    with 95% confidence (the Wilson score interval of the rate, minus the
    fair share). With no decided hand, ``rate`` and ``advantage`` are None.
    In match mode every hand of every match counts.
    """

    decided: int
    wins: int
    fair_share: float
    rate: float | None
    advantage: float | None
    low: float
    high: float
    method: str = "wilson"

    @classmethod
    def of(cls, wins: int, decided: int, players: int) -> FirstPlayerAdvantage:
        """The advantage from ``wins`` out of ``decided`` hands among ``players``.

        >>> a = FirstPlayerAdvantage.of(60, 100, 2)
        >>> round(a.advantage, 2), a.low <= a.advantage <= a.high
        (0.1, True)
        """
        fair = 1 / players
        lo, hi = wilson_interval(wins, decided)
        rate = wins / decided if decided else None
        return cls(
            decided=decided,
            wins=wins,
            fair_share=fair,
            rate=rate,
            advantage=None if rate is None else rate - fair,
            low=lo - fair,
            high=hi - fair,
        )

    @property
    def significant(self) -> bool:
        """Whether the 95% interval excludes zero advantage."""
        return self.decided > 0 and (self.low > 0 or self.high < 0)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FirstPlayerAdvantage:
        """Read :meth:`to_json` output."""
        return cls(**dict(data))


# --------------------------------------------------------------------------- playing


@attrs.frozen
class _HandStat:
    how: str
    turns: int
    first: int
    winners: tuple[int, ...]


@attrs.frozen
class _GameResult:
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    hands: tuple[_HandStat, ...]
    hand_limit: bool = False


def _bot_name(spec: BotSpec) -> str:
    return bot_label(spec)


def _make_bot(spec: BotSpec, v: Variant, seed: int) -> PlayerFn:
    bot = make_bot(spec, v, seed)  # names, "module:Class", classes and factories: rummykit.bots
    choose = getattr(bot, "choose", None)
    return choose if callable(choose) else bot  # type: ignore[no-any-return]


def _bots_for(specs: Sequence[BotSpec], v: Variant, seed: int, index: int) -> list[PlayerFn]:
    return [_make_bot(spec, v, bot_seed(seed, index, seat)) for seat, spec in enumerate(specs)]


def _turns(h: Hand) -> int:
    return min(h.view(0).turn, h.variant.limits.max_turns)


def _play_hand(
    v: Variant, specs: Sequence[BotSpec], seed: int, index: int, records: list[dict[str, Any]] | None = None
) -> _GameResult:
    players = len(specs)
    bots = _bots_for(specs, v, seed, index)
    h = new_hand(v, players, seed=game_seed(seed, index), dealer=index % players)
    first = h.current_player
    assert first is not None
    while not h.is_over:
        p = h.current_player
        assert p is not None
        h.apply(bots[p](h.view(p)))
    result = h.result
    assert result is not None
    if records is not None:
        records.append(h.record())
    stat = _HandStat(result.how.value, _turns(h), first, tuple(result.winners))
    return _GameResult(tuple(result.winners), tuple(result.scores), (stat,))


def _play_match(
    v: Variant, specs: Sequence[BotSpec], seed: int, index: int, records: list[dict[str, Any]] | None = None
) -> _GameResult:
    players = len(specs)
    bots = _bots_for(specs, v, seed, index)
    m = new_match(v, players, seed=game_seed(seed, index))
    stats: list[_HandStat] = []
    while not m.is_over:
        h = m.hand
        seats = m.seats
        p = h.current_player
        assert p is not None
        first = seats[p]
        while not h.is_over:
            p = h.current_player
            assert p is not None
            m.apply(bots[seats[p]](h.view(p)))
        result = h.result
        assert result is not None
        stats.append(_HandStat(result.how.value, _turns(h), first, tuple(seats[w] for w in result.winners)))
    if records is not None:
        records.extend(m.records)
    hand_limit = m.hands_played >= v.limits.max_hands
    return _GameResult(tuple(m.winners), tuple(m.totals), tuple(stats), hand_limit)


# --------------------------------------------------------------------------- chunks of games


@attrs.frozen
class _Job:
    """Everything a worker needs to play any chunk of one simulation.

    ``key`` names the simulation run: a worker keeps the first job it sees
    under a key (:func:`_worker_job`), so it holds ONE variant object for the
    whole run. That matters: the meld solver caches its compiled per-variant
    tables by the variant's identity, and a variant unpickled afresh for every
    chunk would rebuild them for every chunk (this made ``jobs=2`` slower
    than ``jobs=1``: see ``bench/RESULTS.md``).
    """

    variant: Variant
    specs: tuple[BotSpec, ...]
    seed: int
    match: bool
    records: bool
    key: str


@attrs.frozen
class _Chunk:
    """The games ``start`` to ``stop - 1``: their results and, when asked, the
    record of every hand played, one compact JSON text per hand."""

    start: int
    stop: int
    results: tuple[_GameResult, ...]
    records: tuple[str, ...] = ()


_WORKER_JOBS: dict[str, _Job] = {}


def _worker_job(job: _Job) -> _Job:
    """The job this process first received under ``job.key`` (see :class:`_Job`)."""
    hit = _WORKER_JOBS.get(job.key)
    if hit is None:
        _WORKER_JOBS.clear()
        _WORKER_JOBS[job.key] = hit = job
    return hit


def _play_chunk(job: _Job, start: int, stop: int) -> _Chunk:
    """Play games ``start`` to ``stop - 1`` of ``job`` (in this process)."""
    job = _worker_job(job)
    play = _play_match if job.match else _play_hand
    recs: list[dict[str, Any]] | None = [] if job.records else None
    results = tuple(play(job.variant, job.specs, job.seed, i, recs) for i in range(start, stop))
    lines = tuple(json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in recs or ())
    return _Chunk(start, stop, results, lines)


def _run_chunk(
    v: Variant, specs: tuple[BotSpec, ...], seed: int, start: int, stop: int, match: bool
) -> list[_GameResult]:
    play = _play_match if match else _play_hand
    return [play(v, specs, seed, i) for i in range(start, stop)]


CHUNK_MAX = 25
"""The most games in one chunk (the unit of work sent to a worker)."""


def _chunks(start: int, games: int, workers: int) -> list[tuple[int, int]]:
    """Games ``start`` to ``games - 1`` in chunks of consecutive indices.

    About eight chunks per worker, at most :data:`CHUNK_MAX` games each: small
    enough that the workers finish together (the last chunk is a small part
    of the run) and that progress and checkpoints come often, large enough
    that sending a chunk and its results back costs nothing measurable.
    """
    left = games - start
    size = max(1, min(CHUNK_MAX, left // (workers * 8) if workers > 1 else CHUNK_MAX))
    return [(s, min(games, s + size)) for s in range(start, games, size)]


# --------------------------------------------------------------------------- the report


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
    row(
        "  95% CI",
        lambda r: f"[{r.first_player.low * 100:+.1f}, {r.first_player.high * 100:+.1f}]",
    )
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


# --------------------------------------------------------------------------- records and checkpoints

PROGRESS_FORMAT = "rummykit-simulation-progress"


def progress_path(records: str | os.PathLike[str]) -> Path:
    """The checkpoint file kept next to a records file: ``FILE.jsonl.progress``.

    >>> progress_path("study.jsonl").name
    'study.jsonl.progress'
    """
    p = Path(records)
    return p.with_name(p.name + ".progress")


def _encode(g: _GameResult) -> list[Any]:
    hands = [[s.how, s.turns, s.first, list(s.winners)] for s in g.hands]
    return [list(g.winners), list(g.scores), hands, g.hand_limit]


def _decode(data: Any) -> _GameResult:
    winners, scores, hands, hand_limit = data
    stats = tuple(_HandStat(str(h), int(t), int(f), tuple(int(w) for w in ws)) for h, t, f, ws in hands)
    return _GameResult(tuple(int(w) for w in winners), tuple(int(s) for s in scores), stats, bool(hand_limit))


def _run_header(job: _Job) -> dict[str, Any]:
    """What must match for a study to be resumed (``games`` may grow)."""
    digest = hashlib.sha256(job.variant.to_toml().encode()).hexdigest()
    return {
        "variant": job.variant.name,
        "variant_sha256": digest,
        "players": len(job.specs),
        "bots": [_bot_name(s) for s in job.specs],
        "seed": job.seed,
        "match": job.match,
    }


class _RecordFiles:
    """The records file (one JSON record a line, in game order) and its
    checkpoint (one JSON line per finished chunk: its games' results and the
    size of the records file once its records were written).

    A chunk is written to the records file, flushed, and only then
    checkpointed, so every checkpointed chunk's records are on disk. Resuming
    keeps the checkpointed chunks, cuts the records file back to the size the
    last of them recorded (dropping a half-written tail) and goes on from the
    next game.
    """

    def __init__(self, path: Path, header: dict[str, Any], *, resume: bool) -> None:
        self.path = path
        self.progress = progress_path(path)
        self.done: list[_GameResult] = []
        size = 0
        lines: list[str] = []
        if resume and self.progress.exists():
            size, lines = self._read(header)
        elif resume and path.exists() and path.stat().st_size:
            raise RummyError(f"cannot resume: {path} exists but its checkpoint {self.progress} does not")
        if not lines:
            lines = [json.dumps({"format": PROGRESS_FORMAT, "version": 1, "run": header})]
        try:
            with open(path, "ab") as f:
                f.truncate(size)
            self.records = open(path, "a", encoding="utf-8")  # noqa: SIM115 - closed by close()
            self.progress.write_text("\n".join(lines) + "\n", encoding="utf-8")
            self.checkpoint = open(self.progress, "a", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise RummyError(f"cannot write the records to {path}: {exc.strerror or exc}") from None

    def _read(self, header: dict[str, Any]) -> tuple[int, list[str]]:
        try:
            text = self.progress.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RummyError(f"cannot resume: cannot read {self.progress}: {exc}") from None
        raw = text.split("\n")
        try:
            head = json.loads(raw[0])
        except ValueError:
            head = None
        if not isinstance(head, dict) or head.get("format") != PROGRESS_FORMAT:
            raise RummyError(f"cannot resume: {self.progress} is not a rummykit simulation checkpoint")
        if head.get("run") != header:
            diff = sorted(k for k in header if head.get("run", {}).get(k) != header[k])
            raise RummyError(
                f"cannot resume: {self.progress} is the checkpoint of another study"
                f" (it differs in: {', '.join(diff) or 'its fields'})"
            )
        kept = [raw[0]]
        size = 0
        for line in raw[1:]:
            try:  # stop at the first line that is not a whole, consecutive chunk (an interrupted write)
                entry = json.loads(line)
                start, stop = entry["start"], entry["stop"]
                if start != len(self.done) or stop - start != len(entry["results"]):
                    break
                results = [_decode(g) for g in entry["results"]]
                bytes_ = int(entry["bytes"])
            except (ValueError, KeyError, TypeError):
                break
            self.done.extend(results)
            size = bytes_
            kept.append(line)
        if (self.path.stat().st_size if self.path.exists() else 0) < size:
            raise RummyError(f"cannot resume: {self.path} is shorter than its checkpoint says")
        return size, kept

    def write(self, chunk: _Chunk) -> None:
        if chunk.records:
            self.records.write("\n".join(chunk.records) + "\n")
        self.records.flush()
        entry = {
            "start": chunk.start,
            "stop": chunk.stop,
            "bytes": self.records.tell(),
            "results": [_encode(g) for g in chunk.results],
        }
        self.checkpoint.write(json.dumps(entry, separators=(",", ":")) + "\n")
        self.checkpoint.flush()

    def close(self) -> None:
        self.records.close()
        self.checkpoint.close()


def read_records(
    path: str | os.PathLike[str], line: int | None = None
) -> Iterator[tuple[int, dict[str, Any]]]:
    """The records of a JSON Lines file written by ``simulate(records=...)``,
    read one line at a time, as ``(line number, record)``; only line ``line``
    (from 1) if given. Blank lines are skipped.

    Raises :class:`~rummykit.RecordError` for a file that cannot be read, a
    line that is not a JSON object, or a ``line`` past the end.
    """
    from rummykit.engine import RecordError

    p = Path(path)
    found = False
    try:
        with open(p, encoding="utf-8") as f:
            for n, text in enumerate(f, 1):
                if line is not None and n != line:
                    continue
                if not text.strip():
                    if line is not None:
                        raise RecordError(f"{p}: line {n} is blank")
                    continue
                try:
                    rec = json.loads(text)
                except ValueError as exc:
                    raise RecordError(f"{p}: line {n} is not valid JSON: {exc}") from None
                if not isinstance(rec, dict):
                    raise RecordError(f"{p}: line {n} is not a JSON object")
                found = True
                yield n, rec
                if line is not None:
                    return
    except OSError as exc:
        raise RecordError(f"cannot read {p}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"cannot read {p}: not UTF-8 text") from None
    except RecursionError:
        raise RecordError(f"{p}: a record is nested too deeply") from None
    if not found:
        raise RecordError(f"{p} has no line {line}" if line is not None else f"{p} holds no game record")


# --------------------------------------------------------------------------- running


class _Sink:
    """Takes chunks in any order; puts them back in game order for the report
    and the records file. ``progress`` is told as results arrive."""

    def __init__(
        self,
        games: int,
        done: list[_GameResult],
        files: _RecordFiles | None,
        progress: Callable[[int, int], None] | None,
    ) -> None:
        self.games = games
        self.results = done
        self.files = files
        self.report = progress
        self.arrived = len(done)
        self.next = len(done)
        self.waiting: dict[int, _Chunk] = {}

    def add(self, chunk: _Chunk) -> None:
        self.waiting[chunk.start] = chunk
        while self.next in self.waiting:
            c = self.waiting.pop(self.next)
            self.results.extend(c.results)
            if self.files is not None:
                self.files.write(c)
            self.next = c.stop
        self.arrived += chunk.stop - chunk.start
        if self.report is not None:
            self.report(self.arrived, self.games)


_POOL_JOB: list[_Job] = []


def _pool_init(job: _Job) -> None:
    """Worker start: ignore Ctrl-C (the parent handles it and ends the
    workers) and keep the job, variant and bots built once per process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _POOL_JOB[:] = [job]


def _pool_chunk(start: int, stop: int) -> _Chunk:
    return _play_chunk(_POOL_JOB[0], start, stop)


def _end_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel pending chunks and end the workers now (Ctrl-C, an error).

    A worker ended while it sends a chunk's results leaves half a message in
    the result pipe; the pool's manager thread then waits for the rest
    forever, and so does the interpreter's exit, which joins that thread (a
    ``simulate --jobs 2`` interrupted under load printed "interrupted" and
    never exited). Closing this process's end of the pipe once the workers
    are gone ends that wait: the thread reads the end of the pipe, finds
    the pool broken and exits.
    """
    procs = list((getattr(pool, "_processes", None) or {}).values())
    results = getattr(pool, "_result_queue", None)  # shutdown() forgets both
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(timeout=5)
        if p.is_alive():  # pragma: no cover - a worker that ignores SIGTERM
            p.kill()
            p.join(timeout=5)
    writer = getattr(results, "_writer", None)
    if writer is not None:
        writer.close()
    if manager is not None:
        manager.join(timeout=5)


class _NoInterrupt:
    """Defers Ctrl-C in the main thread for a short critical section (forking
    the workers, ending them): a signal that comes meanwhile is delivered
    when the section ends, and forked workers never see it."""

    def __enter__(self) -> None:
        self.blocked = hasattr(signal, "pthread_sigmask")
        if self.blocked:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})

    def __exit__(self, *exc: object) -> None:
        if self.blocked:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _run_pool(job: _Job, chunks: list[tuple[int, int]], workers: int, sink: _Sink) -> None:
    # chunks in flight or done but waiting for an earlier one: bounds memory
    window = 2 * workers * (chunks[0][1] - chunks[0][0])
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_pool_init, initargs=(job,))
    pending: dict[Future[_Chunk], int] = {}
    nxt = 0
    try:
        with _NoInterrupt():  # the workers are forked at the first submit
            while nxt < len(chunks) and chunks[nxt][0] - sink.next < window:
                pending[pool.submit(_pool_chunk, *chunks[nxt])] = nxt
                nxt += 1
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                del pending[fut]
                sink.add(fut.result())
            while nxt < len(chunks) and chunks[nxt][0] - sink.next < window:
                pending[pool.submit(_pool_chunk, *chunks[nxt])] = nxt
                nxt += 1
    except BaseException:
        with _NoInterrupt():
            _end_pool(pool)
        raise
    pool.shutdown(wait=True)


def _run_here(job: _Job, chunks: list[tuple[int, int]], sink: _Sink) -> None:
    for start, stop in chunks:
        sink.add(_play_chunk(job, start, stop))


RAY_RETRIES = 3
"""How often the Ray backend retries a chunk whose worker died or raised."""


def _ray_chunk(job: _Job, start: int, stop: int) -> _Chunk:
    return _play_chunk(job, start, stop)


def _run_ray(job: _Job, start: int, games: int, jobs: int | None, address: str | None, sink: _Sink) -> None:
    import importlib

    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise RummyError("the ray backend needs Ray: pip install 'rummykit[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
    pending: dict[Any, int] = {}
    try:
        remote = ray.remote(max_retries=RAY_RETRIES, retry_exceptions=True)(_ray_chunk)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        chunks = _chunks(start, games, cpus)
        window = 2 * cpus * (chunks[0][1] - chunks[0][0]) if chunks else 0
        job_ref = ray.put(job)
        nxt = 0
        while nxt < len(chunks) or pending:
            while nxt < len(chunks) and chunks[nxt][0] - sink.next < window:
                pending[remote.remote(job_ref, *chunks[nxt])] = nxt
                nxt += 1
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                del pending[ref]
                sink.add(ray.get(ref))
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started:
            ray.shutdown()


# --------------------------------------------------------------------------- simulate


def seat_bots(bots: Sequence[BotSpec] | str, players: int) -> tuple[BotSpec, ...]:
    """One bot per seat, assigned cyclically; a string is split on commas.

    >>> seat_bots("random,greedy", 3)
    ('random', 'greedy', 'random')
    """
    specs: list[BotSpec] = (
        [b.strip() for b in bots.split(",") if b.strip()] if isinstance(bots, str) else list(bots)
    )
    if not specs:
        raise ValueError("no bots given")
    for b in specs:
        if isinstance(b, str) and b not in BOT_NAMES:
            if ":" not in b:
                raise ValueError(f"unknown bot {b!r} (expected one of {', '.join(BOT_NAMES)}, or module:Class)")
            try:
                resolve_spec(b)
            except BotError as exc:
                raise ValueError(str(exc)) from None
    return tuple(specs[seat % len(specs)] for seat in range(players))


AUTO_MIN_GAMES = 50
"""``jobs="auto"`` runs in this process below this many games left to play
(starting the workers would cost more than it saves)."""


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity, else the CPU count)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _workers(jobs: int | str, left: int) -> int:
    if jobs == "auto":
        return available_cpus() if left >= AUTO_MIN_GAMES else 1
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0:
        raise ValueError(f"jobs must be 'auto', 0 (one per CPU) or more, got {jobs!r}")
    return jobs or available_cpus()


BACKENDS = ("process", "ray")
"""The ways :func:`simulate` can run: worker processes on this machine, or Ray."""


def simulate(
    variant: Variant,
    *,
    games: int,
    players: int,
    bots: Sequence[BotSpec] | str = ("greedy",),
    jobs: int | str = 1,
    seed: int = 0,
    match: bool = False,
    progress: Callable[[int, int], None] | None = None,
    backend: str = "process",
    address: str | None = None,
    records: str | os.PathLike[str] | None = None,
    resume: bool = False,
) -> SimulationReport:
    """Play ``games`` hands (whole matches with ``match=True``) between bots.

    ``bots`` are names from :data:`BOT_NAMES` (or factories
    ``f(variant, seed)``), assigned to seats cyclically. ``progress``, if
    given, is called as ``progress(done, games)`` as the results of each
    chunk of games arrive.

    Where the games run:

    * ``backend="process"`` (default): ``jobs`` worker processes on this
      machine (``1``: in this process; ``0``: one per CPU; ``"auto"``: one
      per CPU when there are at least :data:`AUTO_MIN_GAMES` games, else in
      this process). Ctrl-C ends the workers at once and raises
      :class:`KeyboardInterrupt`.
    * ``backend="ray"``: Ray tasks on the cluster at ``address`` (``"auto"``:
      the cluster this machine belongs to), or on a local Ray started for
      the run (with ``jobs`` CPUs if ``jobs`` is a number above 0) and shut
      down after it; an already initialized Ray is used as it is. A chunk
      whose worker dies or raises is retried (:data:`RAY_RETRIES` times).
      Needs the ``ray`` extra.

    ``records``: a file that receives the record of every hand played
    (``Hand.record()``), one JSON object a line, in game order, written as
    the chunks finish; each replays with :func:`rummykit.replay` or
    ``rummykit replay FILE --line N``. A checkpoint is kept next to it
    (:func:`progress_path`); ``resume=True`` continues an interrupted study
    from it without replaying finished chunks (and ``games`` may be raised
    to extend a finished one). Without ``resume`` both files are started
    afresh.

    The result depends only on the variant, ``games``, ``players``, ``bots``,
    ``seed`` and ``match``, never on ``jobs``, the backend or a resume: see
    the module docstring.

    Raises :class:`~rummykit.RummyError` for a player count the variant does
    not allow, a missing Ray, or a checkpoint of another study;
    :class:`ValueError` for a bad count of games or jobs, an unknown bot or
    backend.

    >>> import rummykit as rk
    >>> r = simulate(rk.load_variant("knock"), games=10, players=3, bots="random,greedy", seed=5)
    >>> r.bots, r.hands_played, sum(r.wins) + r.ties + r.no_winner
    (('random', 'greedy', 'random'), 10, 10)
    >>> fp = r.first_player
    >>> fp.decided == 0 or fp.low <= fp.advantage <= fp.high
    True
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be at least 1, got {games!r}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (expected one of {', '.join(BACKENDS)})")
    if jobs != "auto" and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0):
        raise ValueError(f"jobs must be 'auto', 0 (one per CPU) or more, got {jobs!r}")
    if players not in variant.players.counts():
        raise RummyError(
            f"{variant.name} is played by {variant.players.min} to {variant.players.max} players, not {players}"
        )
    if resume and records is None:
        raise ValueError("resume needs the records file of the study to resume")
    specs = seat_bots(bots, players)
    job = _Job(variant, specs, seed, match, records is not None, uuid.uuid4().hex)
    files = None if records is None else _RecordFiles(Path(records), _run_header(job), resume=resume)
    try:
        done = files.done if files is not None else []
        if len(done) > games:
            raise RummyError(
                f"cannot resume: {len(done)} games of this study are done already, more than games={games}"
            )
        sink = _Sink(games, done, files, progress)
        if backend == "ray":
            ray_jobs = jobs if isinstance(jobs, int) and jobs > 0 else None
            _run_ray(job, len(done), games, ray_jobs, address, sink)
        else:
            workers = _workers(jobs, games - len(done))
            chunks = _chunks(len(done), games, workers)
            if workers == 1 or len(chunks) <= 1:
                _run_here(job, chunks, sink)
            else:
                _run_pool(job, chunks, min(workers, len(chunks)), sink)
    finally:
        if files is not None:
            files.close()
    if progress is not None and sink.arrived == len(done) == games:
        progress(games, games)
    return _summarize(variant, specs, games=games, seed=seed, match=match, results=sink.results)
