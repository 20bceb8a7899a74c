"""Playing the games of a simulation: the bots of each seat, one hand or
match, and chunks of consecutive games (the unit a worker plays).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

import attrs

from rummykit.bots import BOTS, bot_label, make_bot
from rummykit.caches import register_store
from rummykit.engine import Action, Hand, View, new_hand, new_match
from rummykit.sim.seeds import bot_seed, game_seed
from rummykit.variant import Variant

BOT_NAMES = tuple(sorted(BOTS))
"""The bots :func:`simulate` knows by name (``"module:Class"`` names any other)."""

PlayerFn: TypeAlias = Callable[[View], Action | str]
BotFactory: TypeAlias = Callable[[Variant, int], Any]
"""A custom bot: ``factory(variant, seed)`` returns a player (an object with
``choose(view)`` or a callable ``f(view)``). It must be picklable (a
module-level function or class) when ``jobs > 1``."""
BotSpec: TypeAlias = str | BotFactory


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
    if first is None:  # won at the deal: nobody played
        first = h.starter
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


register_store("sim.worker_jobs", _WORKER_JOBS)


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
