"""``simulate(..., backend="ray")`` on a local Ray (issue 13, part 2).

Skipped when Ray is not installed (``pip install -e '.[ray]'``; CI installs
it). The contract: the same report (and the same records file) as the
process pool for the same seed; progress as results arrive; a chunk whose
worker dies, or raises, is retried rather than lost; an interrupted run
cancels its pending tasks. Ray is started once in this module (10-20 s on
the 2-core reference machine), by ``simulate`` itself in the first test: the
module is marked ``slow`` (``pytest -m slow`` runs it; CI does, as a step of
its own).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rummykit as rk
from rummykit.bots import GreedyBot
from rummykit.cli import main
from rummykit.sim import simulate

pytestmark = pytest.mark.slow

GIN = rk.load_variant("gin")
KNOCK = rk.load_variant("knock")


class FailOnce:
    """A greedy bot factory whose first call, in any process, fails: it
    kills its worker process (``how="die"``) or raises (``how="raise"``).
    A marker file makes "first" hold across processes."""

    __name__ = "greedy-once"

    def __init__(self, marker: Path, how: str) -> None:
        self.marker = marker
        self.how = how

    def __call__(self, v: rk.Variant, seed: int) -> Any:
        try:
            fd = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return GreedyBot(v)
        os.close(fd)
        if self.how == "die":
            os._exit(1)
        raise RuntimeError("a chunk that fails once")


@pytest.fixture(scope="module")
def ray() -> Any:
    """Ray, imported when a test of this module runs (its import alone costs a
    second, which a run that leaves these tests out need not pay)."""
    return pytest.importorskip("ray")


def test_a_local_ray_is_started_for_the_run_and_shut_down(
    ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no Ray running and no address, ``simulate`` starts a local Ray
    with ``jobs`` CPUs and shuts it down after the run. (The shutdown is
    recorded rather than done, so that the tests below reuse this Ray
    instead of paying for a second start.)"""
    assert not ray.is_initialized()
    calls: list[tuple[str, dict[str, Any]]] = []
    real_init = ray.init

    def init(**kw: Any) -> Any:
        calls.append(("init", kw))
        return real_init(**kw)

    monkeypatch.setattr(ray, "init", init)
    monkeypatch.setattr(ray, "shutdown", lambda: calls.append(("shutdown", {})))
    kw: dict[str, Any] = {"games": 40, "players": 3, "bots": "random,greedy", "seed": 5, "jobs": 2}
    pool = simulate(KNOCK, **kw, records=tmp_path / "p.jsonl")
    got = simulate(KNOCK, **kw, backend="ray", records=tmp_path / "r.jsonl")
    assert got == pool
    assert (tmp_path / "r.jsonl").read_bytes() == (tmp_path / "p.jsonl").read_bytes()
    assert [c[0] for c in calls] == ["init", "shutdown"]
    assert calls[0][1]["num_cpus"] == 2 and "address" not in calls[0][1]


@pytest.fixture(scope="module")
def local_ray(ray: Any) -> Iterator[None]:
    from ray import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers cannot import this test file
    if not ray.is_initialized():  # the first test leaves its local Ray running
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.usefixtures("local_ray")
def test_same_report_as_the_process_pool_with_progress(ray: Any) -> None:
    seen: list[int] = []
    got = simulate(
        GIN,
        games=120,
        players=2,
        bots="random,greedy",
        seed=7,
        backend="ray",
        progress=lambda d, t: seen.append(d),
    )
    assert got == simulate(GIN, games=120, players=2, bots="random,greedy", seed=7, jobs=2)
    assert len(seen) > 2 and seen == sorted(seen) and seen[-1] == 120  # as chunks arrive
    assert ray.is_initialized()  # a Ray that was running is left running


@pytest.mark.usefixtures("local_ray")
@pytest.mark.parametrize("how", ["die", "raise"])
def test_a_failed_chunk_is_retried_not_lost(tmp_path: Path, how: str) -> None:
    marker = tmp_path / "failed"
    bots = [FailOnce(marker, how), "random"]
    got = simulate(GIN, games=30, players=2, bots=bots, seed=2, backend="ray")
    assert marker.exists()  # it did fail once
    assert got == simulate(GIN, games=30, players=2, bots=bots, seed=2)  # marker there: never fails
    assert got.games == 30 and sum(got.wins) + got.ties + got.no_winner == 30


@pytest.mark.usefixtures("local_ray")
def test_interrupting_a_ray_run_cancels_it_and_can_be_resumed(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"

    def stop(done: int, total: int) -> None:
        if done >= 10:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(GIN, games=60, players=2, seed=3, backend="ray", records=path, progress=stop)
    resumed = simulate(GIN, games=60, players=2, seed=3, backend="ray", records=path, resume=True)
    assert resumed == simulate(GIN, games=60, players=2, seed=3, jobs=1)


@pytest.mark.usefixtures("local_ray")
def test_cli_backend_ray(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "knock", "--games", "20", "--seed", "4", "--format", "json"]
    assert main([*args, "--backend", "ray"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert main([*args, "--jobs", "1"]) == 0
    assert got == json.loads(capsys.readouterr().out)
