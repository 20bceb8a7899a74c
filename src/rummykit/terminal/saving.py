"""Saving a play session and reading it back: the game record, the session
file of ``--save`` and ``--resume``, and record files checked as they are read.
"""

from __future__ import annotations

import contextlib
import json
import stat
from pathlib import Path
from typing import Any

from rich.markup import escape

import rummykit as rk
from rummykit.terminal.base import SessionBase
from rummykit.terminal.text import SESSION_FORMAT, SESSION_VERSION, SORTS


class SessionSaving(SessionBase):
    """Saving a play session and restoring its hands."""

    def _write_record(self) -> None:
        if self.record_path is None:
            return
        data: Any
        if self.m is not None:
            data = list(self.m.records)
            if self.hand is not None and not self.hand.is_over and self.hand.history:
                data.append(self.hand.record())
        elif self.hand is not None:
            data = self.hand.record()
        else:  # pragma: no cover - the hand is dealt at once
            return
        try:
            self.record_path.write_text(
                json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
            )
        except OSError as exc:
            raise rk.RummyError(
                f"--record {self.record_path}: cannot write the record: {exc.strerror or exc}"
            ) from None
        self.say(escape(f"Record written to {self.record_path} (rummykit replay {self.record_path})"))

    # ------------------------------------------------------------------ saving and resuming

    def session_data(self) -> dict[str, Any]:
        """Everything :meth:`resume` needs to continue exactly here: the
        seats, bots, the seed given (or null: dealt from the OS's entropy),
        the bots' seed, and the records of the hands so far (the last one
        unfinished while the game goes on). The records are full records in
        ASCII notation, holding the whole deal; ``rummykit replay`` reads the
        file too."""
        records: list[dict[str, Any]] = []
        if self.m is not None:
            records = list(self.m.records)
            if not self.m.is_over:
                records.append(self.m.hand.record())
        elif self.hand is not None:
            records = [self.hand.record()]
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "players": self.players,
            "seed": self.seed,
            "bot_seed": self.bot_key,
            "match": self.m is not None,
            "humans": list(self.humans),
            "bots": list(self.bot_list),
            "think": self.think,
            "sort": self.sort,
            "records": records,
        }

    def _save(self, *, announce: bool) -> None:
        if self.save_path is None or (self.hand is None and self.m is None):
            return
        text = json.dumps(self.session_data(), indent=1, ensure_ascii=True) + "\n"
        tmp = self.save_path.with_name(self.save_path.name + ".tmp")
        try:
            tmp.write_text(text, encoding="ascii")
            tmp.replace(self.save_path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise rk.RummyError(f"cannot save the game to {self.save_path}: {exc.strerror or exc}") from None
        if announce:
            self.say(
                escape(
                    f"Game saved to {self.save_path} (rummykit play --resume {self.save_path} continues it)"
                )
            )

    def _restore(self, path: Path, number: int, record: dict[str, Any]) -> rk.Hand:
        actions = record.get("actions") or []
        try:
            return self._rebuild(record, len(actions))
        except rk.RummyError as exc:
            raise rk.RecordError(f"{path}: hand {number}: {exc}") from None

    def _restore_unseeded_match(self, path: Path, records: list[dict[str, Any]]) -> None:
        """Rebuild an unseeded match from its saved records (each replayed
        and scored, see :meth:`rummykit.Match.from_records`), then the
        current hand with its bots as they stood."""
        try:
            m = rk.Match.from_records(self.v, self.players, records)
        except rk.RecordError as exc:
            raise rk.RecordError(f"{path}: {exc}") from None
        self.m = m
        if m.is_over or m.hand.record() != records[-1]:
            return  # the last saved hand is scored: the next one is dealt afresh
        self.hand_index = m.hands_played
        self.hand_seats = m.seats
        hand = self._restore(path, len(records), records[-1])
        m.hand = hand
        self.hand = hand

    def _restore_match(self, path: Path, records: list[dict[str, Any]]) -> None:
        """Play the saved hands again through a new match from the same seed:
        each must be the hand the match deals, and end as recorded."""
        m = self.m
        assert m is not None
        deal_keys = ("variant", "players", "dealer", "deal_number", "seed", "dealt", "deal", "position")
        for i, record in enumerate(records, 1):
            if m.is_over:
                raise rk.RecordError(f"{path}: hand {i}: the game was over before it")
            dealt = m.hand.record()
            if any(dealt.get(k) != record.get(k) for k in deal_keys):
                raise rk.RecordError(f"{path}: hand {i} is not the hand this game deals (a changed file?)")
            self.hand_index = m.hands_played
            self.hand_seats = m.seats
            if i < len(records):
                for n, text in enumerate(record.get("actions") or [], 1):
                    try:
                        m.apply(str(text))
                    except rk.RummyError as exc:
                        raise rk.RecordError(f"{path}: hand {i}, action {n} ({text!r}): {exc}") from None
                if m.hands_played != i or m.records[i - 1] != record:
                    raise rk.RecordError(f"{path}: hand {i} does not end as recorded")
                continue
            hand = self._restore(path, i, record)
            if hand.is_over:
                raise rk.RecordError(f"{path}: hand {i} is over, but the game deals no hand after it")
            m.hand = hand
            self.hand = hand


def read_session(path: Path) -> dict[str, Any]:
    """A saved play session (``rummykit play --save``), its fields checked.

    Raises :class:`~rummykit.RecordError` (one line) naming the problem: not
    a session file (a plain record is not one: it does not say who plays
    which seat), a field of the wrong type, no records.
    """
    data = _read_json(path)
    if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
        raise rk.RecordError(
            f"{path} is not a saved game (format {SESSION_FORMAT!r}); play --save FILE writes one"
        )
    if data.get("version") not in (1, SESSION_VERSION):
        raise rk.RecordError(f"{path}: saved-game version {data.get('version')!r} is not supported")

    def whole(key: str, low: int, high: int) -> int:
        value = data.get(key)
        if type(value) is not int or not low <= value <= high:
            raise rk.RecordError(f"{path}: {key}: expected a whole number from {low} to {high}")
        return value

    players = whole("players", 1, 64)
    if data.get("seed") is not None:
        whole("seed", -(10**40), 10**40)
    if data.get("bot_seed") is not None:
        whole("bot_seed", 0, 10**40)
    elif data.get("seed") is None:
        raise rk.RecordError(f"{path}: bot_seed: an unseeded game needs the bots' seed")
    if type(data.get("match")) is not bool:
        raise rk.RecordError(f"{path}: match: expected true or false")
    humans = data.get("humans")
    if (
        not isinstance(humans, list)
        or not humans
        or any(type(s) is not int or not 0 <= s < players for s in humans)
    ):
        raise rk.RecordError(f"{path}: humans: expected a list of seats from 0 to {players - 1}")
    bots = data.get("bots")
    if not isinstance(bots, list) or not bots or any(not isinstance(b, str) or not b.strip() for b in bots):
        raise rk.RecordError(f"{path}: bots: expected a list of bot names")
    think = data.get("think")
    if think is not None and (
        not isinstance(think, int | float) or isinstance(think, bool) or not 0 < think < 1e6
    ):
        raise rk.RecordError(f"{path}: think: expected a positive number of seconds or null")
    if data.get("sort", "suit") not in SORTS:
        raise rk.RecordError(f"{path}: sort: expected 'suit' or 'rank'")
    data.setdefault("sort", "suit")
    records = data.get("records")
    if not isinstance(records, list) or not records or not all(isinstance(r, dict) for r in records):
        raise rk.RecordError(f"{path}: records: expected a list of game records")
    return data


# --------------------------------------------------------------------------- replay


MAX_RECORD_FILE = 64 * 1024 * 1024
"""The largest record file ``read_records`` reads."""


def _read_json(path: Path) -> Any:
    """A JSON file read strictly, whoever wrote it (see :func:`read_records`)."""

    def no_constant(name: str) -> Any:
        raise rk.RecordError(f"{path} is not valid JSON for a record: {name} is not a number")

    def bounded_int(text: str) -> int:
        if len(text.lstrip("-")) > 40:
            raise rk.RecordError(f"{path}: a number of {len(text)} digits is too long for a record")
        return int(text)

    def bounded_float(text: str) -> float:
        if len(text) > 40:
            raise rk.RecordError(f"{path}: a number of {len(text)} characters is too long for a record")
        return float(text)

    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_RECORD_FILE:
            raise rk.RecordError(f"cannot read {path}: not a regular file of at most {MAX_RECORD_FILE} bytes")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise rk.RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise rk.RecordError(f"cannot read {path}: not UTF-8 text") from None
    try:
        return json.loads(text, parse_constant=no_constant, parse_int=bounded_int, parse_float=bounded_float)
    except RecursionError:
        raise rk.RecordError(f"{path}: JSON nested too deep for a record") from None
    except json.JSONDecodeError as exc:
        raise rk.RecordError(f"{path} is not valid JSON: {exc}") from None
    except ValueError as exc:  # e.g. the interpreter's limit on integer digits
        if isinstance(exc, rk.RummyError):
            raise
        raise rk.RecordError(f"{path} is not valid JSON for a record: {str(exc)[:80]}") from None


def read_records(path: Path) -> list[dict[str, Any]]:
    """The game records in a JSON file: one record (``Hand.record()``), a
    list of them (``Match.records``, ``rummykit play --match --record``), or
    an object holding them under ``records`` (a saved game, ``play --save``).

    The file is read as strict JSON, whoever wrote it: ``Infinity``/``NaN``,
    numbers of more than 40 digits, nesting too deep for the parser and files
    over 64 MB are refused. Raises :class:`~rummykit.RecordError` (one line,
    never a traceback) for a file that cannot be read or holds no records.
    """
    data = _read_json(path)
    if isinstance(data, dict) and isinstance(data.get("records"), list):
        data = data["records"]
    records = data if isinstance(data, list) else [data]
    if not records:
        raise rk.RecordError(f"{path} holds no game record")
    for i, rec in enumerate(records, 1):
        if not isinstance(rec, dict):
            where = f"record {i}" if len(records) > 1 else "the record"
            raise rk.RecordError(f"{path}: {where} is not a JSON object")
    return records
