"""Round-robin tournaments between bots on duplicate deals.

Every pair of bots plays the same ``games`` deals twice, once from each seat
(duplicate deals: the luck of the cards cancels out between the two bots of a
pair). The report gives, per pair, the hands won with their 95% interval and
the margin in points per hand, and for every bot an Elo-style rating fitted to
all its results.

>>> import rummykit as rk
>>> from rummykit.tournament import tournament
>>> report = tournament(rk.load_variant("gin"), ["greedy", "random"], games=4, seed=1)
>>> [(r.bot, r.hands) for r in report.standings]
[('greedy', 8), ('random', 8)]
>>> report.pairs[0].hands
8
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from rummykit.bots import bot_label, make_bot
from rummykit.engine import new_hand
from rummykit.errors import ArgumentError, RummyError
from rummykit.settlement import ScoreUnits
from rummykit.sim import MAX_GAMES, bot_seed, game_seed, wilson_interval
from rummykit.sim.run import check_jobs
from rummykit.variant import Variant

__all__ = ["PairResult", "Standing", "TournamentReport", "tournament"]


@attrs.frozen
class PairResult:
    """The results of bots ``a`` and ``b`` over their duplicate deals.

    ``a_wins`` and ``b_wins`` count hands won (a hand with no single winner
    counts as a draw); ``a_margin`` is ``a``'s score minus ``b``'s per hand,
    in points where more is better (penalty points are counted negative).
    """

    a: str
    b: str
    hands: int
    a_wins: int
    b_wins: int
    draws: int
    a_margin: float

    @property
    def a_share(self) -> float:
        """``a``'s share of the hands, a draw counting half."""
        return (self.a_wins + self.draws / 2) / self.hands if self.hands else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of ``a``'s share of the decisive hands."""
        return wilson_interval(self.a_wins, self.a_wins + self.b_wins)


@attrs.frozen
class Standing:
    """One bot's line in the table: hands played and won, its share (draws
    half), its margin per hand against all opponents, and its rating."""

    bot: str
    hands: int
    wins: int
    share: float
    margin: float
    rating: float


@attrs.frozen
class TournamentReport:
    """What :func:`tournament` returns; ``str(report)`` is the printed table."""

    variant: str
    games: int
    seed: int
    pairs: tuple[PairResult, ...]
    standings: tuple[Standing, ...]

    def __str__(self) -> str:
        lines = [
            f"Tournament: {self.variant}, {self.games} duplicate deals per pair (each played from both seats),"
            f" seed {self.seed}",
            "",
            f"{'bot':<24} {'hands':>6} {'won':>6} {'share':>7} {'pts/hand':>9} {'rating':>7}",
        ]
        for s in self.standings:
            lines.append(
                f"{s.bot[:24]:<24} {s.hands:>6} {s.wins:>6} {s.share:>6.1%} {s.margin:>+9.2f} {s.rating:>7.0f}"
            )
        lines += ["", "Pairs (hands won by the first bot, 95% interval of its share of the decisive hands):"]
        for p in self.pairs:
            lo, hi = p.interval
            lines.append(
                f"  {p.a} vs {p.b}: {p.a_wins}-{p.b_wins} ({p.draws} drawn) of {p.hands},"
                f" {p.a_share:.1%} [{lo:.1%}, {hi:.1%}], {p.a_margin:+.2f} pts/hand"
            )
        return "\n".join(lines)


@attrs.frozen
class _Deal:
    a: int
    b: int
    index: int


@attrs.frozen
class _Outcome:
    a: int
    b: int
    a_wins: int
    b_wins: int
    draws: int
    a_points: float
    records: tuple[dict[str, Any], ...] = ()


def _play(v: Variant, specs: Sequence[Any], seed: int, deal: _Deal, keep: bool) -> _Outcome:
    """Deal ``deal.index`` played twice: ``a`` at seat 0, then at seat 1."""
    a_wins = b_wins = draws = 0
    a_points = 0.0
    records: list[dict[str, Any]] = []
    for a_seat in (0, 1):
        seats = (deal.a, deal.b) if a_seat == 0 else (deal.b, deal.a)
        bots = [make_bot(specs[who], v, bot_seed(seed, deal.index, seat)) for seat, who in enumerate(seats)]
        h = new_hand(v, 2, seed=game_seed(seed, deal.index), dealer=deal.index % 2)
        for seat, bot in enumerate(bots):
            hook = getattr(bot, "start_hand", None)
            if callable(hook):
                hook(h.view(seat))
        while not h.is_over:
            p = h.current_player
            assert p is not None
            bot = bots[p]
            view = h.view(p)
            h.apply(bot.choose(view) if hasattr(bot, "choose") else bot(view))
        for bot in bots:
            close = getattr(bot, "close", None)
            if callable(close):
                close()
        result = h.result
        assert result is not None
        winners = set(result.winners)
        if winners == {a_seat}:
            a_wins += 1
        elif winners == {1 - a_seat}:
            b_wins += 1
        else:
            draws += 1
        sign = -1 if result.units is ScoreUnits.PENALTY else 1
        a_points += sign * (result.scores[a_seat] - result.scores[1 - a_seat])
        if keep:
            records.append(h.record())
    return _Outcome(deal.a, deal.b, a_wins, b_wins, draws, a_points, tuple(records))


_WORKER: tuple[Variant, tuple[Any, ...], int, bool] | None = None


def _init(v: Variant, specs: tuple[Any, ...], seed: int, keep: bool) -> None:
    global _WORKER
    _WORKER = (v, specs, seed, keep)


def _work(deal: _Deal) -> _Outcome:
    assert _WORKER is not None
    v, specs, seed, keep = _WORKER
    return _play(v, specs, seed, deal, keep)


def _ratings(names: Sequence[str], outcomes: Sequence[_Outcome]) -> list[float]:
    """Elo-style ratings (mean 1500) fitted by Bradley-Terry to every hand's
    result, a draw counting half to each side; a prior of one drawn hand
    against an average player keeps a bot that never lost finite."""
    n = len(names)
    won = [[0.0] * n for _ in range(n)]
    for o in outcomes:
        won[o.a][o.b] += o.a_wins + o.draws / 2
        won[o.b][o.a] += o.b_wins + o.draws / 2
    strength = [1.0] * n
    for _ in range(200):
        new = []
        for i in range(n):
            wins = sum(won[i]) + 0.5
            games = sum((won[i][j] + won[j][i]) / (strength[i] + strength[j]) for j in range(n) if j != i)
            new.append(wins / (games + 1.0 / (strength[i] + 1.0)))
        mean = math.exp(sum(math.log(s) for s in new) / n)
        strength = [s / mean for s in new]
    return [1500 + 400 * math.log10(s) for s in strength]


def tournament(
    variant: Variant,
    bots: Sequence[Any] | str,
    *,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    records: str | os.PathLike[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentReport:
    """Play every pair of ``bots`` (names, ``module:Class``, ``cmd:PROGRAM``
    specs, or factories) on ``games`` duplicate deals, two players a hand.

    ``jobs`` worker processes play the deals in parallel (the results do not
    depend on it); ``records`` writes every hand's record to a JSON-lines
    file (``rummykit replay`` reads it) in the order played: pair by pair
    (the first bot of each pair is the one listed first), deal by deal, the
    hand with the first bot at seat 0, then the same deal with the seats
    swapped.

    At most :data:`~rummykit.sim.MAX_GAMES` deals in all (``games`` times
    the pairs): every deal's outcome is held in memory for the report.
    """
    if not isinstance(variant, Variant):
        raise ArgumentError(f"tournament: variant must be a Variant, got {type(variant).__name__}")
    specs = tuple(b.strip() for b in bots.split(",") if b.strip()) if isinstance(bots, str) else tuple(bots)
    if len(specs) < 2:
        raise ArgumentError("tournament: needs at least two bots")
    for name, value in (("games", games), ("jobs", jobs), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ArgumentError(f"tournament: {name} must be an integer, got {value!r}")
    if games < 1 or jobs < 1:
        raise ArgumentError("tournament: games and jobs must be at least 1")
    check_jobs("tournament", jobs)
    pairs = len(specs) * (len(specs) - 1) // 2
    if games * pairs > MAX_GAMES:  # not printed: it may have thousands of digits
        raise ArgumentError(
            f"tournament: games: at most {MAX_GAMES:,} deals in one tournament (every outcome is held in"
            " memory)" + (f"; with {pairs} pairs, games at most {MAX_GAMES // pairs:,}" if pairs > 1 else "")
        )
    if not variant.players.min <= 2 <= variant.players.max:
        raise RummyError(
            f"tournament: bots play in pairs, and {variant.name} is for {variant.players.min}"
            f"-{variant.players.max} players"
        )
    for spec in specs:
        make_bot(spec, variant, 0)  # refuse a bad spec before any game is played
    names = _unique([bot_label(s) for s in specs])
    deals = [
        _Deal(a, b, k) for a in range(len(specs)) for b in range(a + 1, len(specs)) for k in range(games)
    ]
    keep = records is not None
    outcomes: list[_Outcome] = []
    try:
        sink = open(records, "w", encoding="utf-8") if records is not None else None  # noqa: SIM115
    except OSError as exc:
        raise RummyError(
            f"tournament: cannot write the records to {records}: {exc.strerror or exc}"
        ) from None
    try:
        for outcome in _run(variant, specs, seed, deals, keep, jobs):
            if sink is not None:
                for record in outcome.records:
                    sink.write(json.dumps(record, separators=(",", ":")) + "\n")
            outcomes.append(attrs.evolve(outcome, records=()))  # written: not kept for the whole run
            if progress is not None:
                progress(len(outcomes), len(deals))
    finally:
        if sink is not None:
            sink.close()
    return _report(variant, names, games, seed, outcomes)


def _run(
    v: Variant, specs: tuple[Any, ...], seed: int, deals: list[_Deal], keep: bool, jobs: int
) -> Iterator[_Outcome]:
    if jobs == 1 or len(deals) == 1:
        for deal in deals:
            yield _play(v, specs, seed, deal, keep)
        return
    with ProcessPoolExecutor(max_workers=jobs, initializer=_init, initargs=(v, specs, seed, keep)) as pool:
        yield from pool.map(_work, deals, chunksize=max(1, len(deals) // (jobs * 8)))


def _unique(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 and names.count(name) == 1 else f"{name}#{seen[name]}")
    return out


def _report(
    v: Variant, names: list[str], games: int, seed: int, outcomes: list[_Outcome]
) -> TournamentReport:
    n = len(names)
    pairs = []
    for a in range(n):
        for b in range(a + 1, n):
            mine = [o for o in outcomes if (o.a, o.b) == (a, b)]
            hands = sum(o.a_wins + o.b_wins + o.draws for o in mine)
            pairs.append(
                PairResult(
                    names[a],
                    names[b],
                    hands,
                    sum(o.a_wins for o in mine),
                    sum(o.b_wins for o in mine),
                    sum(o.draws for o in mine),
                    sum(o.a_points for o in mine) / hands if hands else 0.0,
                )
            )
    ratings = _ratings(names, outcomes)
    standings = []
    for i, name in enumerate(names):
        hands = wins = 0
        half = 0.0
        points = 0.0
        for o in outcomes:
            if i not in (o.a, o.b):
                continue
            played = o.a_wins + o.b_wins + o.draws
            won, sign = (o.a_wins, 1) if i == o.a else (o.b_wins, -1)
            hands += played
            wins += won
            half += won + o.draws / 2
            points += sign * o.a_points
        standings.append(
            Standing(
                name,
                hands,
                wins,
                half / hands if hands else 0.0,
                points / hands if hands else 0.0,
                ratings[i],
            )
        )
    standings.sort(key=lambda s: -s.rating)
    return TournamentReport(v.name, games, seed, tuple(pairs), tuple(standings))
