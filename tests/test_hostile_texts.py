"""Hostile texts from outside: positions, bot processes, text agents' replies,
saved games and checkpoints, command-line arguments.

Each test states the expected behaviour: a text that is accepted gives a
sound game; one that is refused raises a :class:`rummykit.RummyError` naming
what is wrong (or, from the command line, exits with a message); nothing
hangs, crashes deep inside or grows without bound.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.bots import BotError, ProcessBot
from rummykit.cli import main
from rummykit.engine.position import _FIELDS
from rummykit.sim import simulate

# --------------------------------------------------------------------------- positions

_ORDER = {k: i for i, k in enumerate(_FIELDS)}


def _with_field(text: str, key: str, value: str) -> str:
    """``text`` with field ``key`` set to ``value`` (in the fields' order)."""
    parts = [p for p in text.split("; ") if p.partition(" ")[0] != key] + [f"{key} {value}"]
    return "; ".join(sorted(parts, key=lambda p: _ORDER[p.partition(" ")[0]]))


def _fresh(name: str, players: int, seed: int = 3) -> tuple[rk.Variant, str]:
    v = rk.load_variant(name)
    return v, rk.position(rk.new_hand(v, players=players, seed=seed))


@pytest.mark.parametrize(
    ("name", "players", "key", "value"),
    [
        ("straight", 2, "penalties", "0 bogus -"),  # no such penalty
        ("gin", 2, "penalties", "0 permission -"),  # gin asks no partner
        ("indian", 2, "penalties", "0 playable-discard -"),  # indian penalizes no discard
        ("straight", 2, "penalties", "0 eaten 0"),  # a seat eats its own discard
        ("canasta", 4, "dropped", "bogus - - -"),  # no such way out
        ("canasta", 4, "dropped", "fold - - -"),  # canasta's others answer no drop
        ("straight", 3, "dropped", "first - -"),  # straight has no drops
        ("indian", 3, "dropped", "middle - -"),  # a middle drop, but seat 0 never drew
    ],
)
def test_a_penalty_or_drop_the_variant_never_gives_is_refused_naming_the_field(
    name: str, players: int, key: str, value: str
) -> None:
    """Before: accepted, and the hand crashed with 'ending: ...' when it ended
    (or settled points no rule gives)."""
    v, text = _fresh(name, players)
    with pytest.raises(rk.PositionError, match=f"position: {key}: "):
        rk.from_position(v, _with_field(text, key, value))


def test_a_card_to_meld_at_once_where_no_exchange_gives_one_is_refused() -> None:
    """Before: accepted in Straight (no joker exchange there), and the hand had
    no legal action at all: every move was refused for the card to meld."""
    v = rk.load_variant("straight")
    h = rk.new_hand(v, players=2, seed=3)
    h.apply("draw")
    card = str(h.view(h.current_player).hand[0])
    with pytest.raises(rk.PositionError, match="position: must_meld: "):
        rk.from_position(v, _with_field(rk.position(h), "must_meld", card))


def test_a_real_card_to_meld_at_once_is_still_accepted() -> None:
    v = rk.load_variant("romme")  # swap.must_use_wild: the joker taken must be melded
    for seed in range(60):
        h = rk.new_hand(v, players=2, seed=seed)
        rng = random.Random(seed)
        while not h.is_over:
            legal = h.legal_actions()
            swaps = [a for a in legal if str(a).startswith("swap")]
            h.apply(swaps[0] if swaps else rng.choice(legal))
            if "must_meld" in rk.position(h):
                again = rk.from_position(v, rk.position(h))
                assert again.legal_actions() == h.legal_actions()
                return
    pytest.fail("no romme hand exchanged a joker")  # pragma: no cover


# a fuzz of field values that keep the text well formed, so that many are
# accepted: each accepted position must be a sound hand that plays to its end

_FUZZ_VARIANTS = ("straight", "gin", "canasta", "liverpool", "indian", "tongits")
_PHASES = [p.value for p in rk.Phase]


@attrs.frozen
class _Start:
    v: rk.Variant
    players: int
    texts: tuple[str, ...]


def _starts(name: str) -> _Start:
    base = rk.load_variant(name)
    v = attrs.evolve(base, limits=attrs.evolve(base.limits, max_turns=30))
    h = rk.new_hand(v, players=v.players.min, seed=2)
    rng = random.Random(2)
    texts = [rk.position(h)]
    while not h.is_over:
        h.apply(rng.choice(h.legal_actions()))
        texts.append(rk.position(h))
    return _Start(v, v.players.min, (*texts[:: max(1, len(texts) // 6)], texts[-1]))


_STARTS = {name: _starts(name) for name in _FUZZ_VARIANTS}


def _value(key: str, n: int, data: st.DataObject, cards: list[str]) -> str:
    seat = st.integers(0, n - 1).map(str)
    small = st.integers(0, 40).map(str)
    per = lambda item: st.lists(item, min_size=n, max_size=n).map(" ".join)  # noqa: E731
    choices: dict[str, st.SearchStrategy[str]] = {
        "phase": st.sampled_from(_PHASES),
        "to": seat,
        "dealer": seat,
        "turn": small,
        "own_turns": per(small),
        "draws": per(small),
        "melded": per(st.sampled_from("01")),
        "shown": per(st.sampled_from("01")),
        "first_shown": per(st.sampled_from(["-", "0", "1", "3"])),
        "dropped": per(st.sampled_from(["-", "-", "first", "middle", "fold", "wrong-declaration", "x"])),
        "hit_until": per(st.integers(0, 3).map(str)),
        "bought": per(st.integers(0, 3).map(str)),
        "asked": per(st.integers(0, 2).map(str)),
        "taken": st.sampled_from(cards),
        "must_meld": st.sampled_from(cards),
        "claim": st.sampled_from(cards),
        "upcard": st.sampled_from(cards),
        "took_top": seat,
        "knocker": seat,
        "resume": seat,
        "fed_by": seat,
        "went_out": seat,
        "melds_this_turn": st.integers(0, 3).map(str),
        "offer": st.integers(0, 2).map(str),
        "passes": st.integers(0, n).map(str),
        "reuses": st.integers(0, 3).map(str),
        "played": st.just("1"),
        "stock_only": st.just("1"),
        "final_discard": st.just("1"),
        "layoff_queue": st.lists(seat, min_size=1, max_size=n).map(" ".join),
        "claim_queue": st.lists(seat, min_size=1, max_size=n).map(" ".join),
        "how": st.sampled_from(
            ["went-out", "knock", "gin", "showdown", "drop", "stock-exhausted", "turn-limit"]
        ),
        "permission": st.sampled_from(["asked", "yes", "no"]),
        "penalties": st.lists(
            st.tuples(
                seat, st.sampled_from(["eaten", "playable-discard", "permission", "eat"]), seat | st.just("-")
            ),
            min_size=1,
            max_size=3,
        ).map(lambda items: ", ".join(" ".join(x) for x in items)),
    }
    return data.draw(choices[key], label=key)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_positions_with_hostile_field_values_are_refused_or_play_soundly_to_the_end(
    data: st.DataObject,
) -> None:
    start = _STARTS[data.draw(st.sampled_from(_FUZZ_VARIANTS), label="variant")]
    v, n = start.v, start.players
    text = data.draw(st.sampled_from(start.texts), label="position")
    cards = [t.partition("@")[0] for t in re.split(r"[ /]", text.partition("hands ")[2].partition(";")[0])]
    cards = [c for c in cards if c not in ("", "-")] or ["AS"]
    keys = data.draw(st.lists(st.sampled_from(_MUTABLE), min_size=1, max_size=2, unique=True), label="keys")
    for key in keys:
        text = _with_field(text, key, _value(key, n, data, cards))
    try:
        h = rk.from_position(v, text)
    except rk.PositionError:
        return
    assert Counter(h.cards_in_play()) == Counter(rk.new_hand(v, players=n, seed=0).cards_in_play())
    assert rk.position(rk.from_position(v, rk.position(h))) == rk.position(h)
    rng = random.Random(0)
    while not h.is_over:
        legal = h.legal_actions()
        assert legal, f"an accepted position has no legal action: {text}"
        h.apply(rng.choice(legal))
    assert len(h.result.scores) == n


_MUTABLE = (
    "phase", "to", "turn", "own_turns", "draws", "melded", "shown", "first_shown", "dropped", "hit_until",
    "bought", "asked", "taken", "must_meld", "claim", "upcard", "took_top", "knocker", "resume", "fed_by",
    "went_out", "melds_this_turn", "offer", "passes", "reuses", "played", "stock_only", "final_discard",
    "layoff_queue", "claim_queue", "how", "permission", "penalties",
)  # fmt: skip


# --------------------------------------------------------------------------- bot processes

_GIN = rk.load_variant("gin")


def _bot_program(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "hostile_bot.py"
    path.write_text("import sys, time\n" + body)
    return [sys.executable, str(path)]


def _choose_within(bot: ProcessBot, view: rk.View, seconds: float) -> BaseException | object:
    """What ``bot.choose(view)`` returns or raises, from a thread given
    ``seconds``; a choice still running then is stopped (the bot closed) and
    the test fails."""
    out: list[BaseException | object] = []

    def run() -> None:
        try:
            out.append(bot.choose(view))
        except BaseException as exc:  # handed back to the test
            out.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        bot.close()
        thread.join(5)
        pytest.fail(f"the bot's choice still waits after {seconds} s")
    return out[0]


def test_a_program_that_only_ever_writes_comments_times_out(tmp_path: Path) -> None:
    """Before: each comment line restarted the timeout, so the game waited forever."""
    command = _bot_program(
        tmp_path, "while True:\n    print('# thinking', flush=True)\n    time.sleep(0.05)\n"
    )
    h = rk.new_hand(_GIN, players=2, seed=3)
    with ProcessBot(_GIN, command=command, timeout=0.3, name="ponderer") as bot:
        got = _choose_within(bot, h.view(1), 4)
    assert isinstance(got, BotError)
    assert "process bot 'ponderer' at seat 1: no answer within 0.3 s" in str(got)


def test_a_program_that_floods_its_output_is_held_to_a_bounded_buffer(tmp_path: Path) -> None:
    """Before: every line the program wrote was queued, read or not (hundreds
    of MB a second). Now a program that writes faster than it is read blocks."""
    written = tmp_path / "written"
    body = (
        "line = b'#' * 60000 + b'\\n'\n"
        f"out, total = open({str(written)!r}, 'w'), 0\n"
        "while True:\n"
        "    sys.stdout.buffer.write(line)\n"
        "    total += len(line)\n"
        "    out.seek(0); out.write(str(total).ljust(20)); out.flush()\n"
    )
    with ProcessBot(_GIN, command=_bot_program(tmp_path, body), timeout=0.2):
        time.sleep(0.6)
        total = int(written.read_text() or 0)
    assert total < 24 << 20, f"{total} bytes were taken from the program unread"


@pytest.mark.parametrize(
    "timeout",
    [float("inf"), 1e300, 10**400, float("nan"), 0, -1, "5"],
    ids=["inf", "1e300", "10**400", "nan", "0", "-1", "str"],
)
def test_a_timeout_that_is_not_a_usable_number_of_seconds_is_a_bot_error(timeout: object) -> None:
    """Before: an infinite or huge timeout raised OverflowError at the first move."""
    with pytest.raises(BotError, match="process bot: timeout must be a positive"):
        ProcessBot(_GIN, command=[sys.executable, "-c", "pass"], timeout=timeout)  # type: ignore[arg-type]


@pytest.mark.slow  # six programs started, two of them waited for
@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            "sys.stdin.readline(); sys.stdout.buffer.write(b'\\xff\\xfe\\xfd\\n'); sys.stdout.flush()\n",
            "answered",
        ),
        (
            "sys.stdin.readline(); sys.stdout.write('draw'); sys.stdout.flush(); time.sleep(30)\n",
            "no answer within",
        ),
        (
            "sys.stdin.readline(); sys.stdout.write('p' * 3_000_000 + '\\n'); sys.stdout.flush()\n",
            "over 65536 bytes",
        ),
        ("sys.stdin.readline(); print('[' * 1000, flush=True)\n", "answered '\\[\\[\\["),
        ("sys.stdin.readline(); print('{\"action\": NaN}', flush=True)\n", "answered"),
        ("sys.stderr.write('x' * 2_000_000); sys.stderr.flush(); sys.exit(0)\n", "exit"),
    ],
    ids=["bad-utf8", "no-newline", "huge-line", "nested", "nan", "stderr-then-exit"],
)
def test_a_broken_program_is_a_bot_error_naming_it(tmp_path: Path, body: str, error: str) -> None:
    h = rk.new_hand(_GIN, players=2, seed=3)
    with ProcessBot(_GIN, command=_bot_program(tmp_path, body), timeout=0.5, name="broken") as bot:
        got = _choose_within(bot, h.view(1), 5)
    assert isinstance(got, BotError), got
    assert re.search(rf"process bot 'broken' at seat 1: .*{error}", str(got)), str(got)


# --------------------------------------------------------------------------- simulation checkpoints

_KNOCK = rk.load_variant("knock")


@pytest.fixture(scope="module")
def _study(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], rk.sim.SimulationReport]:
    """A finished study of 4 games (its records file and checkpoint lines),
    and the report of the same study carried on to 6 games untouched."""
    d = tmp_path_factory.mktemp("study")
    simulate(_KNOCK, games=4, players=2, seed=1, records=d / "s.jsonl")
    lines = (d / "s.jsonl.progress").read_text().splitlines()
    return d / "s.jsonl", lines, simulate(_KNOCK, games=6, players=2, seed=1)


def _entry(lines: list[str], **change: object) -> str:
    entry = json.loads(lines[1])
    entry.update(change)
    return json.dumps(entry)


def _results(lines: list[str], game: list[object]) -> str:
    entry = json.loads(lines[1])
    return _entry(lines, results=[game] * (entry["stop"] - entry["start"]))


_TAMPERED = {
    "run-is-a-list": lambda ls: [json.dumps({"format": "rummykit-simulation-progress", "run": [1]}), *ls[1:]],
    "infinite-score": lambda ls: [ls[0], _results(ls, [[0], [1e999, 0], [["knock", 1, 0, [0]]], False])],
    "winner-seat-99": lambda ls: [ls[0], _results(ls, [[99], [5, 0], [["knock", 1, 0, [99]]], False])],
    "one-score": lambda ls: [ls[0], _results(ls, [[0], [5], [["knock", 1, 0, [0]]], False])],
    "no-hands": lambda ls: [ls[0], _results(ls, [[0], [5, 0], [], False])],
    "unknown-ending": lambda ls: [ls[0], _results(ls, [[0], [5, 0], [["boom", -3, 7, [0]]], False])],
    "negative-bytes": lambda ls: [ls[0], _entry(ls, bytes=-5)],
    "nested-deep": lambda ls: [ls[0], "[" * 100_000],
    "head-nested-deep": lambda ls: ["[" * 100_000, *ls[1:]],
}


@pytest.mark.parametrize("change", sorted(_TAMPERED))
def test_a_tampered_checkpoint_is_refused_or_its_bad_chunks_are_played_again(
    _study: tuple[Path, list[str], rk.sim.SimulationReport], tmp_path: Path, change: str
) -> None:
    """Before: AttributeError, OverflowError, IndexError or RecursionError from
    inside, or a report summarizing results no game had (6 wins for seat 0)."""
    records, lines, untouched = _study
    path = tmp_path / "s.jsonl"
    shutil.copy(records, path)
    (tmp_path / "s.jsonl.progress").write_text("\n".join(_TAMPERED[change](lines)) + "\n")
    try:
        report = simulate(_KNOCK, games=6, players=2, seed=1, records=path, resume=True)
    except rk.RummyError as exc:
        assert str(exc).startswith("cannot resume: ")
        return
    assert (report.wins, report.ties, report.hands_played) == (
        untouched.wins,
        untouched.ties,
        untouched.hands_played,
    )
    assert report.scores == untouched.scores


# --------------------------------------------------------------------------- command-line arguments


@pytest.mark.slow  # a child process
@pytest.mark.skipif(
    not Path("/dev/zero").exists() or sys.platform != "linux", reason="needs /dev/zero, RLIMIT_AS"
)
def test_a_position_file_that_never_ends_is_refused_unread() -> None:
    """Before: ``@/dev/zero`` (a device of size 0) was read whole: MemoryError,
    exit 3. Run in a child held to 1 GB, so that a regression cannot exhaust
    the machine's memory."""
    import resource
    import subprocess

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    done = subprocess.run(
        [sys.executable, "-m", "rummykit", "render", "gin", "--position", "@/dev/zero"],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=limit,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "rummykit: position: /dev/zero is too large to be a position" in done.stderr


@pytest.mark.parametrize("command", ["render", "play"])
@pytest.mark.parametrize("file", ["BINARY", "DIRECTORY"])
def test_a_position_file_that_is_not_a_position_text_exits_1_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, file: str
) -> None:
    """Before: bytes that are not UTF-8 gave 'unexpected error:
    UnicodeDecodeError' (exit 3), a folder a bare '[Errno 21]'."""
    if file == "BINARY":
        path = tmp_path / "bug.txt"
        path.write_bytes(b"\xff\xfe rkpos 1")
        message = f"rummykit: position: cannot read {path}: not UTF-8 text"
    else:
        path = tmp_path
        message = f"rummykit: position: cannot read {path}: Is a directory"
    option = "--position" if command == "render" else "--from-position"
    assert main([command, "gin", option, f"@{path}"]) == 1
    assert message in capsys.readouterr().err
