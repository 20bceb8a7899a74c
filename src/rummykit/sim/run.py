""":func:`simulate`: the bots seated, the workers counted, the games run and
summed up in a report.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path

from rummykit.bots import BotError
from rummykit.bots.base import resolve_spec
from rummykit.errors import ArgumentError, RummyError
from rummykit.sim.backends import _run_here, _run_pool, _run_ray, _Sink
from rummykit.sim.play import BOT_NAMES, BotSpec, _chunks, _Job
from rummykit.sim.records import _RecordFiles, _run_header
from rummykit.sim.report import SimulationReport, _summarize
from rummykit.variant import Variant


def seat_bots(bots: Sequence[BotSpec] | str, players: int) -> tuple[BotSpec, ...]:
    """One bot per seat, assigned cyclically; a string is split on commas.

    >>> seat_bots("random,greedy", 3)
    ('random', 'greedy', 'random')
    """
    specs: list[BotSpec] = (
        [b.strip() for b in bots.split(",") if b.strip()] if isinstance(bots, str) else list(bots)
    )
    if not specs:
        raise ArgumentError("simulate: bots: no bots given")
    for b in specs:
        if isinstance(b, str) and b not in BOT_NAMES:
            if ":" not in b:
                raise ArgumentError(
                    f"simulate: bots: unknown bot {b!r} (expected one of {', '.join(BOT_NAMES)}, or module:Class)"
                )
            try:
                resolve_spec(b)
            except BotError as exc:
                raise ArgumentError(f"simulate: bots: {exc}") from None
    return tuple(specs[seat % len(specs)] for seat in range(players))


MAX_GAMES = 10_000_000
"""The most games one :func:`simulate` run plays (and :func:`rummykit.tournament.tournament`
deals). Every game's result is held in memory until the report is made (a
few hundred bytes a hand, kilobytes a whole match: gigabytes at this
bound), so a larger count is refused at once rather than ending in a
``MemoryError``; a larger study is several runs with different seeds."""


AUTO_MIN_GAMES = 50
"""``jobs="auto"`` runs in this process below this many games left to play
(starting the workers would cost more than it saves)."""


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity, else the CPU count)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def max_jobs() -> int:
    """The most worker processes one run on this machine starts: four a CPU,
    at least 64 (more only share the CPUs, and each holds a copy of the
    variant and the bots; ``jobs=100000`` would start that many processes)."""
    return max(64, 4 * available_cpus())


def check_jobs(caller: str, jobs: object, *, bounded: bool = True) -> None:
    """Refuse a ``jobs`` that is no whole number of worker processes, or
    (``bounded``: processes of this machine) more than :func:`max_jobs`;
    "auto" and 0 (one a CPU) are accepted."""
    if jobs == "auto":
        return
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0:
        raise ArgumentError(f"{caller}: jobs must be 'auto', 0 (one per CPU) or more, got {jobs!r:.40}")
    if bounded and jobs > max_jobs():
        raise ArgumentError(
            f"{caller}: jobs: at most {max_jobs()} worker processes on this machine"
            f" (four a CPU), got {jobs if jobs < 10**9 else 'more than a billion'}"
        )


def _workers(jobs: int | str, left: int) -> int:
    if jobs == "auto":
        return available_cpus() if left >= AUTO_MIN_GAMES else 1
    check_jobs("simulate", jobs)
    assert isinstance(jobs, int)
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
    :class:`~rummykit.ArgumentError` for a bad count of games (at most
    :data:`MAX_GAMES`: every result is held in memory) or jobs, an unknown
    bot or backend.

    >>> import rummykit as rk
    >>> r = simulate(rk.load_variant("knock"), games=10, players=3, bots="random,greedy", seed=5)
    >>> r.bots, r.hands_played, sum(r.wins) + r.ties + r.no_winner
    (('random', 'greedy', 'random'), 10, 10)
    >>> fp = r.first_player
    >>> fp.decided == 0 or fp.low <= fp.advantage <= fp.high
    True
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ArgumentError(f"simulate: games must be at least 1, got {games!r}")
    if games > MAX_GAMES:  # not printed: it may have thousands of digits
        raise ArgumentError(
            f"simulate: games: at most {MAX_GAMES:,} in one run (every result is held in memory);"
            " split a larger study into runs with different seeds"
        )
    if backend not in BACKENDS:
        raise ArgumentError(
            f"simulate: backend: unknown backend {backend!r} (expected one of {', '.join(BACKENDS)})"
        )
    check_jobs("simulate", jobs, bounded=backend == "process")  # a Ray cluster may have more CPUs
    if players not in variant.players.counts():
        raise RummyError(
            f"{variant.name} is played by {variant.players.min} to {variant.players.max} players, not {players}"
        )
    if resume and records is None:
        raise ArgumentError("simulate: resume needs the records file of the study to resume")
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
