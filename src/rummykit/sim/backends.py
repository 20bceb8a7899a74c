"""Where the chunks of a simulation run: in this process, in worker processes,
or as Ray tasks on a cluster.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from rummykit.errors import RummyError
from rummykit.sim.play import _Chunk, _chunks, _GameResult, _Job, _play_chunk
from rummykit.sim.records import _RecordFiles


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
