"""``rummykit play``, ``simulate`` and ``replay``, driven as a person would.

The play session runs the real program (``python -m rummykit play gin``) in a
pseudo-terminal: it reads the screen, types a number, an illegal action and
``quit``, as at a keyboard. A whole hand is also played with the moves piped
into standard input, to the settlement. Replays check records, tampered ones
included; simulate prints a table or clean JSON. Exit codes follow the CLI's
contract: 0 all well, 1 a problem (bad record, unknown variant, a player
count the variant does not allow), 2 a wrong command line; never a traceback.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

import rummykit as rk
from cli_helpers import run
from rummykit.cli import main
from rummykit.terminal.text import _visible_discards

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update(TERM="xterm-256color", COLUMNS="100", LINES="40", PYTHONIOENCODING="utf-8")
    return env


def default_sigint() -> None:
    """For ``preexec_fn``: the program starts with Ctrl-C as a shell gives
    it (default action, not blocked), whatever the test process inherited
    or was left with: a child started while SIGINT is ignored or blocked in
    the pytest worker ignores Ctrl-C for good, and a Ctrl-C test then waits
    in vain (seen in full CI runs: 'Quit.' not seen)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class Terminal:
    """The real program in a pseudo-terminal: type keys, read the screen."""

    def __init__(self, *args: str) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "rummykit", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=_env(),
            close_fds=True,
            start_new_session=True,
            preexec_fn=default_sigint,
        )
        # The harness keeps its copy of the slave open until the program is
        # reaped, so that the program's end (every slave fd closed: Linux
        # then answers reads of the master with EIO) cannot cut the reading
        # short; wait() drains what is left, then closes both ends.
        self.slave = slave
        self.fd = master
        self.raw = b""
        self.seen = 0

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc.poll() is None:  # a failed test leaves no program behind
            self.proc.kill()
            self.proc.wait(timeout=5)
        self._close()

    def _close(self) -> None:
        if self.fd >= 0:  # once: a closed fd's number may be reused
            os.close(self.slave)
            os.close(self.fd)
            self.slave = self.fd = -1

    @property
    def text(self) -> str:
        return ANSI.sub("", self.raw.decode("utf-8", "replace")).replace("\r\n", "\n")

    def _pump(self, timeout: float) -> bool:
        """Read what the program wrote within ``timeout``; False if nothing."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # the terminal is gone
            return False
        self.raw += chunk
        return bool(chunk)

    def expect(self, pattern: str, timeout: float = 30) -> str:
        """Wait until ``pattern`` (a regex) appears after what was already
        read; return the new screen text up to the match."""
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern)
        while True:
            text = self.text
            m = rx.search(text, self.seen)
            if m:
                new = text[self.seen : m.end()]
                self.seen = m.end()
                return new
            ended = self.proc.poll() is not None  # read before the last drain
            if self._pump(0.2):
                continue
            if ended or time.monotonic() > deadline:
                status = f"exit code {self.proc.returncode}" if ended else "still running"
                raise AssertionError(f"{pattern!r} not seen ({status}); screen:\n{text[self.seen :]}")

    def type(self, line: str) -> None:
        os.write(self.fd, line.encode() + b"\r")

    def key(self, data: bytes) -> None:
        os.write(self.fd, data)

    def interrupt(self, timeout: float = 10) -> None:
        """Ctrl-C once the program waits in its read of the terminal.

        A SIGINT that lands after the program printed its prompt but before
        Python's ``input()`` blocks in ``read()`` is handled without
        interrupting that read, which then waits for a line: the test would
        wait in vain for "Quit." (seen under load, with two runs side by
        side; a person's Ctrl-C comes long after the prompt). So wait until
        the kernel shows the process asleep in the terminal's read (Linux's
        /proc; elsewhere a short pause), then send it."""
        deadline = time.monotonic() + timeout
        wchan = Path(f"/proc/{self.proc.pid}/wchan")
        while wchan.exists() and time.monotonic() < deadline:
            if wchan.read_text() in ("wait_woken", "n_tty_read"):
                break
            time.sleep(0.01)
        else:
            time.sleep(0.5)
        self.proc.send_signal(signal.SIGINT)

    def wait(self, timeout: float = 30) -> int:
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < deadline:
            self._pump(0.1)
        code = self.proc.wait(timeout=5)
        while self._pump(0.05):  # what it wrote before it ended
            pass
        self._close()
        return code


# --------------------------------------------------------------------------- play in a terminal


def test_play_in_a_terminal() -> None:
    """Seed 1: the greedy bot passes the upcard JD (Gin's first-turn offer); it
    is then offered to us, with 10 cards and two choices: take or pass."""
    with Terminal("play", "gin", "--seed", "1", "--ascii") as t:  # letters: the symbols have their own test
        screen = t.expect(r"\n> ")
        assert "\x1b[" in t.raw.decode(), "rich should colour a terminal"
        assert "Gin Rummy (gin), 2 players, seed 1. You are seat 0." in screen
        assert "seat 1 (greedy) passes" in screen
        assert "Table melds: none yet" in screen
        assert "Discard pile: JD  (top card)" in screen
        assert "Stock: 31 cards" in screen
        assert "Opponents: seat 1 (greedy) 10 cards" in screen
        assert "Your hand (10): 4C · 4D QD · 2H 5H 6H 7H 9H · 5S QS" in screen
        assert "best melds: [5H 6H 7H]; deadwood 44" in screen
        assert "Your move (offer phase):" in screen
        assert re.search(r"1\) take\s+2\) pass", screen)

        t.type("1")  # take, by its number
        screen = t.expect(r"Your move \(play phase\):[\s\S]*?\n> ")
        assert "you: take" in screen
        assert "Your hand (11):" in screen and "JD" in screen
        assert "10) discard QS" in screen  # not JD, the card just taken

        t.type("knock 2C")  # well-formed, but not ours to play
        assert "refused: knock 2C: 2C is not in seat 0's hand" in t.expect(r"\n> ")
        t.type("discard ZZ")  # not notation at all
        assert "refused: bad card 'ZZ'" in t.expect(r"\n> ")
        t.type("draw")  # a rule: one draw per turn
        assert "refused: draw: seat 0 has already drawn this turn" in t.expect(r"\n> ")
        t.type("42")
        assert "refused: there is no action number 42 (choose 1 to 10)" in t.expect(r"\n> ")
        t.type("help")
        assert "layoff 9H on 2" in t.expect(r"\n> ")

        t.type("discard qs")  # notation, any case
        screen = t.expect(r"Your move \(draw phase\):[\s\S]*?\n> ")
        assert "you: discard QS" in screen
        assert "seat 1 (greedy)" in screen

        t.type("quit")
        t.expect("Quit.")
        assert t.wait() == 0
    assert "Traceback" not in t.text


def test_end_of_input_in_a_terminal_ends_cleanly() -> None:
    with Terminal("play", "knock", "--players", "3", "--seed", "5", "--bots", "random") as t:
        screen = t.expect(r"\n> ")
        assert "Opponents: seat 1 (random) 7 cards, seat 2 (random) 7 cards" in screen
        t.key(b"\x04")  # Ctrl-D
        t.expect("Quit.")
        assert t.wait() == 0
    assert "Traceback" not in t.text


# --------------------------------------------------------------------------- play with piped input


def test_piped_full_hand_to_the_settlement(tmp_path: Path) -> None:
    record = tmp_path / "hand.json"
    proc = run("play", "gin", "--seed", "1", "--record", str(record), stdin="1\n" * 200)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Traceback" not in out + proc.stderr
    assert "> 1" in out  # piped input is echoed so the transcript reads like a session
    assert "Hand over: knock" in out
    assert "Hands shown:" in out and "Face-down discard: 8H" in out
    assert "Result: knock; winner: seat 1 (greedy)" in out
    assert re.search(r"seat 0 \(you\)\s+\+0\n\s+seat 1 \(greedy\)\s+\+39", out)
    assert "deadwood seat 0: 49, seat 1: 10" in out
    assert f"Record written to {record}" in out
    data = json.loads(record.read_text())
    h = rk.replay(data)
    assert h.is_over and h.result is not None and h.result.scores == (0, 39)
    assert data["seed"] == 1 and data["variant"] == "gin"


def test_piped_match_to_the_end(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    proc = run("play", "gin", "--seed", "2", "--match", "--record", str(record), stdin="1\n" * 600)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Game over after 3 hands; winner: seat 1 (greedy)" in out
    assert "Totals after 1 hand:" in out and "Totals after 3 hands:" in out
    assert "Gin Rummy · hand 2 · turn" in out and "dealer seat 1" in out
    records = json.loads(record.read_text())
    assert isinstance(records, list) and len(records) == 3
    assert all(rk.replay(r).is_over for r in records)


def test_piped_input_ending_early_quits_cleanly(tmp_path: Path) -> None:
    record = tmp_path / "partial.json"
    proc = run("play", "straight", "--seed", "4", "--record", str(record), stdin="1\nbogus words\n")
    assert proc.returncode == 0
    assert "refused: bad action 'bogus words': unknown word 'bogus'" in proc.stdout
    assert proc.stdout.rstrip().endswith("Quit.")
    assert "Traceback" not in proc.stdout + proc.stderr
    partial = json.loads(record.read_text())
    assert partial["result"] is None and partial["actions"]
    rk.replay(partial)  # an unfinished hand replays too


def test_play_in_process(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("show\n1\nquit\n"))
    assert main(["play", "rum500", "--seed", "3", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "500 Rum (rum500), 3 players, seed 3" in out
    assert out.count("Your move (draw phase):") == 2  # the screen, then "show"
    assert "Opponents: seat 1 (greedy)" in out and "seat 2 (greedy)" in out


def test_spread_pile_is_shown_where_any_card_may_be_taken() -> None:
    assert _visible_discards(rk.load_variant("gin"), 5) == 1
    assert _visible_discards(rk.load_variant("boathouse"), 5) == 2
    assert _visible_discards(rk.load_variant("rum500"), 5) == 5
    assert _visible_discards(rk.load_variant("gin"), 0) == 0


# --------------------------------------------------------------------------- replay


@pytest.fixture(scope="module")
def gin_record() -> dict[str, object]:
    v = rk.load_variant("gin")
    h = rk.new_hand(v, players=2, seed=1)
    bot = rk.GreedyBot(v)
    while not h.is_over:
        p = h.current_player
        assert p is not None
        h.apply(bot(h.view(p)))
    return h.record()


def test_replay_prints_the_hand_turn_by_turn(
    gin_record: dict[str, object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(gin_record))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Replay of Gin Rummy (gin)" in out
    assert "Every card is shown: this is a replay." in out
    assert "seat 0: 4C 4D QD 2H 5H 6H 7H 9H 5S QS" in out
    assert "turn   1  seat 1: pass" in out
    assert "          seat 1: draw  (draws 9S from the stock)" in out
    assert "turn   4  seat 0: take  (takes QC from the discard pile)" in out
    assert "turn  10  seat 0: take  (takes 8H from the discard pile)" in out
    assert "seat 0: knock 4C  (discarding 4C face down)" in out
    assert "          seat 1: layoff 9H on 2" in out
    assert "Result: knock; winner: seat 0" in out
    assert "deadwood seat 0: 9, seat 1: 31" in out


def test_replay_a_list_of_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v = rk.load_variant("knock")
    m = rk.new_match(v, players=2, seed=3)
    m.play([rk.GreedyBot(v), rk.RandomBot(1)])
    path = tmp_path / "match.json"
    path.write_text(json.dumps(m.records))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{m.hands_played} hands replayed; every record checks out." in out
    assert "hand 1" in out


def test_replay_refuses_a_tampered_record(gin_record: dict[str, object], tmp_path: Path) -> None:
    bad_action = json.loads(json.dumps(gin_record))
    bad_action["actions"][3] = "discard 4C"
    bad_score = json.loads(json.dumps(gin_record))
    bad_score["result"]["scores"] = [99, 0]
    for data, message in [
        (
            bad_action,
            "rummykit: record: action 4 ('discard 4C') does not replay: discard 4C: 4C is not in seat 1's",
        ),
        (bad_score, "rummykit: record: the result differs: recorded {'how': 'knock', 'scores': [99, 0]"),
        ({"format": "other"}, "rummykit: not a rummykit record"),
        ([gin_record, bad_score], "rummykit: hand 2: record: the result differs"),
    ]:
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(data))
        proc = run("replay", str(path))
        assert proc.returncode == 1, proc.stdout
        assert message in proc.stderr
        assert proc.stdout == ""  # nothing printed before the check
        assert "Traceback" not in proc.stderr


def test_replay_unreadable_files(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    proc = run("replay", str(broken))
    assert proc.returncode == 1
    assert f"rummykit: {broken} is not valid JSON" in proc.stderr
    proc = run("replay", str(tmp_path / "missing.json"))
    assert proc.returncode == 1
    assert "cannot read" in proc.stderr and "No such file" in proc.stderr
    empty = tmp_path / "empty.json"
    empty.write_text("[]")
    proc = run("replay", str(empty))
    assert proc.returncode == 1 and "holds no game record" in proc.stderr
    assert "Traceback" not in proc.stderr


# --------------------------------------------------------------------------- simulate


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "gin", "--games", "8", "--bots", "random,greedy", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Simulation of gin (Gin Rummy): 8 hands, 2 players, seed 2")
    assert "Bots: seat 0 random, seat 1 greedy" in out
    assert "First-player advantage" in out and "95% CI" in out


def test_simulate_json_keeps_stdout_clean() -> None:
    proc = run(
        "simulate",
        "knock",
        "--games",
        "12",
        "--players",
        "3",
        "--format",
        "json",
        "--progress",
        "--jobs",
        "2",
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)  # nothing but the JSON on stdout, even with --progress
    assert data["format"] == "rummykit-simulation"
    assert data["games"] == 12 and data["players"] == 3
    assert sum(data["wins"]) + data["ties"] + data["no_winner"] == 12
    one = run("simulate", "knock", "--games", "12", "--players", "3", "--format", "json", "--jobs", "1")
    assert json.loads(one.stdout) == data  # the same numbers, whatever --jobs


def test_simulate_matches(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "gin", "--games", "2", "--match", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["match"] is True and data["hands"]["count"] == 2


# --------------------------------------------------------------------------- exit codes and help


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["play", "nosuch"], 1, 'no built-in variant named "nosuch"'),
        (["play", "gin", "--players", "3"], 1, "gin is played by 2 to 2 players, not 3"),
        (["simulate", "nosuch"], 1, 'no built-in variant named "nosuch"'),
        (["simulate", "gin", "--players", "4"], 1, "gin is played by 2 to 2 players, not 4"),
        (["play", "gin", "--bots", "smart"], 2, "unknown bot 'smart'"),
        (["simulate", "gin", "--games", "0"], 2, "--games: expected a number of at least 1"),
        (["simulate", "gin", "--jobs", "-1"], 2, "--jobs"),
        (["simulate", "gin", "--format", "xml"], 2, "invalid choice"),
        (["simulate", "gin", "--bots", "greedy,smart"], 2, "unknown bot 'smart'"),
        (["replay"], 2, "required: RECORD.json"),
        (["play", "gin", "--seed", "x"], 2, "invalid int value"),
    ],
)
def test_exit_codes(args: list[str], code: int, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) if code == 2 else contextlib.nullcontext():
        got = main(args)
        assert got == code
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


@pytest.mark.parametrize("command", ["play", "simulate", "replay"])
def test_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: rummykit {command}")


def test_bad_record_destination_is_a_problem_not_a_traceback(tmp_path: Path) -> None:
    proc = run(
        "play", "knock", "--seed", "1", "--record", str(tmp_path / "no" / "such" / "dir.json"), stdin="quit\n"
    )
    assert proc.returncode == 1
    assert "rummykit:" in proc.stderr and "No such file or directory" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_simulate_shows_progress_in_a_terminal() -> None:
    with Terminal("simulate", "knock", "--games", "30", "--jobs", "2") as t:
        assert t.wait(60) == 0
    text = t.text
    assert re.search(r"simulating knock .*\d+/30", text)  # the bar, on stderr
    assert "Simulation of knock (Knock Rummy): 30 hands" in text
    assert "Traceback" not in text


# --------------------------------------------------------------------------- symbols, seats (issue 14)


class _Stream:
    def __init__(self, tty: bool, encoding: str | None) -> None:
        self.tty, self.encoding = tty, encoding

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(
    ("stream", "expected"),
    [
        (_Stream(True, "utf-8"), True),
        (_Stream(True, "ascii"), False),
        (_Stream(True, "latin-1"), False),
        (_Stream(True, None), False),
        (_Stream(True, "no-such-codec"), False),
        (_Stream(False, "utf-8"), False),
        (object(), False),
    ],
)
def test_symbols_by_default_only_on_a_terminal_that_prints_them(stream: object, expected: bool) -> None:
    from rummykit.terminal import symbols_by_default

    assert symbols_by_default(stream) is expected


def test_symbols_in_a_utf8_terminal_by_default() -> None:
    with Terminal("play", "gin", "--seed", "1") as t:
        screen = t.expect(r"\n> ")
        assert "Your hand (10): 4♣ · 4♦ Q♦ · 2♥ 5♥ 6♥ 7♥ 9♥ · 5♠ Q♠" in screen
        t.type("quit")
        assert t.wait() == 0


def test_symbols_and_ascii_options(tmp_path: Path) -> None:
    piped = run("play", "gin", "--seed", "1", stdin="quit\n")
    assert "Your hand (10): 4C · 4D QD · 2H 5H 6H 7H 9H · 5S QS" in piped.stdout  # a pipe: letters
    record = tmp_path / "r.json"
    sym = run(
        "play", "gin", "--seed", "1", "--symbols", "--record", str(record), stdin="1\ndiscard Q♠\nquit\n"
    )
    assert "Your hand (10): 4♣ · 4♦ Q♦ · 2♥ 5♥ 6♥ 7♥ 9♥ · 5♠ Q♠" in sym.stdout
    assert "discard QS" in record.read_bytes().decode("ascii")  # records stay ASCII
    assert "discard Q♠" in run("replay", str(record), "--symbols").stdout
    assert "discard QS" in run("replay", str(record), "--ascii").stdout
    both = run("play", "gin", "--symbols", "--ascii")
    assert both.returncode == 2 and "not allowed with argument" in both.stderr


def test_seat_and_humans_options() -> None:
    one = run("play", "gin", "--seed", "1", "--seat", "1", stdin="quit\n")
    assert one.returncode == 0, one.stderr
    assert "You are seat 1." in one.stdout and "Opponents: seat 0 (greedy)" in one.stdout
    hot = run("play", "straight", "--seed", "4", "--players", "3", "--humans", "2", stdin="\nquit\n")
    assert hot.returncode == 0, hot.stderr
    assert "People at this terminal: seats 0, 1" in " ".join(hot.stdout.split())
    assert "Pass the terminal to seat 1 (human)" in hot.stdout
    for args, code, message in [
        (["--seat", "2"], 1, "there is no seat 2 in a game of 2 players"),
        (["--seat", "1", "--humans", "2"], 1, "give --seat or --humans, not both"),
        (["--seat", "one"], 2, "expected seat numbers such as 1 or 0,2"),
        (["--seat", "1,1"], 2, "seat 1 is named twice"),
    ]:
        proc = run("play", "gin", *args, stdin="quit\n")
        assert proc.returncode == code, (args, proc.stdout)
        assert message in proc.stderr and "Traceback" not in proc.stderr


def _ascii_run(*args: str) -> subprocess.CompletedProcess[bytes]:
    """The real program with PYTHONIOENCODING=ascii, typing ``help`` and ``quit``."""
    return subprocess.run(
        [sys.executable, "-m", "rummykit", *args],
        input=b"help\nquit\n",
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        check=False,
    )


def test_an_ascii_output_gets_ascii_never_a_traceback() -> None:
    """PYTHONIOENCODING=ascii: letters, '|' between suits (the next two tests:
    '?' for what cannot be printed, --symbols refused in one line)."""
    proc = _ascii_run("play", "gin", "--seed", "1")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode("ascii")  # raises on any other byte
    assert "Your hand (10): 4C | 4D QD | 2H 5H 6H 7H 9H | 5S QS" in out
    assert "Gin Rummy | hand | turn 1 | dealer you" in out and "Quit." in out


def test_an_ascii_output_gets_a_question_mark_for_what_it_cannot_print() -> None:
    """Phỏm's title on an ASCII output."""
    proc = _ascii_run("play", "phom", "--seed", "1")
    assert proc.returncode == 0, proc.stderr
    assert "Ph?m" in proc.stdout.decode("ascii")


def test_symbols_on_an_ascii_output_are_refused_in_one_line() -> None:
    proc = _ascii_run("play", "gin", "--symbols")
    assert proc.returncode == 1
    assert proc.stderr.decode("ascii").startswith(
        "rummykit: --symbols: the output's encoding (ascii) cannot print suit symbols; use --ascii"
    )


def test_every_help_prints_on_an_ascii_output() -> None:
    """--help has no symbol in it: an ASCII-only terminal prints it."""
    import argparse

    from rummykit.cli import build_parser

    parser = build_parser()
    parser.format_help().encode("ascii")
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for name, child in sub.choices.items():
        text = child.format_help()
        assert text.encode("ascii", "replace").decode("ascii") == text, name
