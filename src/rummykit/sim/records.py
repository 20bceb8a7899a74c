"""A simulation's records and checkpoints: every hand's record, a line each,
and the progress file that lets an interrupted study resume.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rummykit.errors import RummyError
from rummykit.settlement import Termination
from rummykit.sim.play import _bot_name, _Chunk, _GameResult, _HandStat, _Job

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


_ENDINGS = frozenset(t.value for t in Termination)


def _decode(data: Any, players: int) -> _GameResult:
    """A game's result from its checkpoint form (:func:`_encode`); ValueError
    (or TypeError) for anything else, so that a changed checkpoint is never
    summarized into a wrong or failing report."""

    def seats(value: Any) -> tuple[int, ...]:
        if not isinstance(value, list) or len(set(value)) != len(value):
            raise ValueError("not a list of seats")
        if not all(type(w) is int and 0 <= w < players for w in value):
            raise ValueError("not a list of seats")
        return tuple(value)

    winners, scores, hands, hand_limit = data
    if not isinstance(scores, list) or len(scores) != players or not all(type(x) is int for x in scores):
        raise ValueError("not one score a seat")
    if not isinstance(hands, list) or not hands or type(hand_limit) is not bool:
        raise ValueError("not a game's hands")
    stats = []
    for how, turns, first, ws in hands:
        if how not in _ENDINGS or type(turns) is not int or turns < 0 or type(first) is not int:
            raise ValueError("not a hand's result")
        if not 0 <= first < players:
            raise ValueError("not a seat")
        stats.append(_HandStat(how, turns, first, seats(ws)))
    return _GameResult(seats(winners), tuple(scores), tuple(stats), hand_limit)


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
        except (ValueError, RecursionError):
            head = None
        if (
            not isinstance(head, dict)
            or head.get("format") != PROGRESS_FORMAT
            or not isinstance(head.get("run"), dict)
        ):
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
                results = [_decode(g, header["players"]) for g in entry["results"]]
                bytes_ = entry["bytes"]
                if type(bytes_) is not int or bytes_ < size:
                    break
            except (ValueError, KeyError, TypeError, RecursionError):
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
