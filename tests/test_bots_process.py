"""Bots in another process (the ``rummykit-bot`` JSON-lines protocol)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import rummykit as rk
from rummykit.bots import BotError, GreedyBot, ProcessBot, make_bot

ROOT = Path(__file__).resolve().parents[1]
PY_BOT = [sys.executable, str(ROOT / "examples" / "bots" / "first_legal.py")]
SH_BOT = ["sh", str(ROOT / "examples" / "bots" / "first_legal.sh")]
GIN = rk.load_variant("gin")


def _gone(pid: int) -> bool:
    """The process is not running (reaped, or a zombie about to be)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    out = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True).stdout
    return out.strip().startswith("Z") or not out.strip()


def _script(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "bot.py"
    path.write_text(body)
    return [sys.executable, str(path)]


@pytest.mark.parametrize("command", [PY_BOT, SH_BOT], ids=["python", "shell"])
def test_a_program_plays_a_whole_hand_against_the_greedy_bot(command: list[str]) -> None:
    with ProcessBot(GIN, command=command, timeout=10) as bot:
        h = rk.new_hand(GIN, players=2, seed=3)
        greedy = GreedyBot(GIN, seed=1)
        bot.start_hand(h.view(0))
        while not h.is_over:
            p = h.current_player
            assert p is not None
            h.apply((bot if p == 0 else greedy).choose(h.view(p)))
        bot.end_hand(h.view(0))
        assert h.result is not None
        assert bot.failures == 0


def test_the_program_sees_only_the_seats_view(tmp_path: Path) -> None:
    log = tmp_path / "seen.jsonl"
    command = _script(
        tmp_path,
        "import json, sys\n"
        f"log = open({str(log)!r}, 'a')\n"
        "for line in sys.stdin:\n"
        "    log.write(line); log.flush()\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'move': print(m['legal'][0], flush=True)\n",
    )
    h = rk.new_hand(GIN, players=2, seed=11)
    with ProcessBot(GIN, command=command, timeout=10) as bot:
        seat = h.current_player
        assert seat is not None
        bot.start_hand(h.view(seat))
        h.apply(bot.choose(h.view(seat)))
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    assert [m["type"] for m in messages] == ["hello", "start", "move", "quit"]
    assert messages[0] == {"type": "hello", "protocol": "rummykit-bot", "version": 1, "variant": "gin"}
    move = messages[2]
    assert move["view"] == rk.new_hand(GIN, players=2, seed=11).view(seat).to_data()
    assert move["legal"] == [str(a) for a in rk.new_hand(GIN, players=2, seed=11).legal_actions()]
    other = set(map(str, h.view(1 - seat).hand))
    text = json.dumps(messages)
    assert not any(
        f'"{card}"' in text
        for card in other - set(map(str, h.view(seat).hand)) - set(map(str, h.view(seat).discard))
    )


def test_a_silent_program_times_out_with_the_bot_and_seat_named_and_is_killed(tmp_path: Path) -> None:
    command = _script(tmp_path, "import time\ntime.sleep(60)\n")
    bot = ProcessBot(GIN, command=command, timeout=0.5, name="sleeper")
    pid = bot._proc.pid  # type: ignore[union-attr]
    h = rk.new_hand(GIN, players=2, seed=3)
    start = time.monotonic()
    with pytest.raises(BotError, match=r"process bot 'sleeper' at seat 1: no answer within 0.5 s"):
        bot.choose(h.view(1))
    assert time.monotonic() - start < 5
    assert _gone(pid)


def test_a_program_that_dies_is_reported(tmp_path: Path) -> None:
    command = _script(tmp_path, "import sys\nsys.stdin.readline()\nsys.exit(3)\n")
    bot = ProcessBot(GIN, command=command, timeout=5)
    h = rk.new_hand(GIN, players=2, seed=3)
    with pytest.raises(BotError, match=r"at seat 1: .*(exited|has exited)"):
        bot.choose(h.view(1))


def test_junk_is_refused_naming_the_legal_moves(tmp_path: Path) -> None:
    command = _script(
        tmp_path, "import sys\nfor line in sys.stdin:\n    print('throw the table', flush=True)\n"
    )
    h = rk.new_hand(GIN, players=2, seed=3)
    with (
        ProcessBot(GIN, command=command, timeout=5) as bot,
        pytest.raises(
            BotError, match=r"answered 'throw the table', not a legal action \(legal: take, pass\)"
        ),
    ):
        bot.choose(h.view(1))


def test_a_program_that_cannot_start_is_a_bot_error() -> None:
    with pytest.raises(BotError, match="cannot start"):
        ProcessBot(GIN, command=["/nonexistent/bot"], timeout=1)
    with pytest.raises(BotError, match="command must be"):
        ProcessBot(GIN, command=[], timeout=1)
    with pytest.raises(BotError, match="timeout must be"):
        ProcessBot(GIN, command=PY_BOT, timeout=0)


def test_the_fallback_policy_finishes_the_match_and_counts_the_failure(tmp_path: Path) -> None:
    command = _script(tmp_path, "import sys\nsys.exit(0)\n")
    bot = ProcessBot(GIN, 5, command=command, timeout=2, on_error="fallback")
    match = rk.new_match(GIN, players=2, seed=2)
    match.play([bot, GreedyBot(GIN, seed=1)])
    assert match.is_over
    assert bot.failures == 1
    assert "exited" in bot.last_error


def test_cmd_specs_run_in_simulate_and_close_their_processes() -> None:
    from rummykit.sim import simulate

    spec = "cmd:" + " ".join(PY_BOT)
    assert isinstance(make_bot(spec, GIN, 1), ProcessBot)
    report = simulate(GIN, games=3, players=2, bots=[spec, "greedy"], seed=1)
    assert report.games == 3


def test_cmd_bots_play_from_the_cli() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "rummykit",
            "simulate",
            "gin",
            "--games",
            "2",
            "--bots",
            f"cmd:sh {SH_BOT[1]},greedy",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr


def test_a_shell_bot_plays_a_whole_match_from_the_cli() -> None:
    """A bot in another language plays a whole game (hand after hand, to the
    game's end) from the command line: ``simulate --match``."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "rummykit",
            "simulate",
            "gin",
            "--match",
            "--games",
            "1",
            "--jobs",
            "1",
            "--format",
            "json",
            "--bots",
            f"cmd:sh {SH_BOT[1]},greedy",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["match"] is True
    assert report["bots"][0] == f"cmd:sh {SH_BOT[1]}"
    assert report["games"] == 1
    assert sum(report["wins"]) + report["ties"] + report["no_winner"] == 1
    assert report["hands_played"] >= 1
