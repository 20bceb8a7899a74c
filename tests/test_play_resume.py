"""``rummykit play --save FILE`` and ``--resume FILE`` (issue 14): a game
stopped (quit, end of input, Ctrl-C) and resumed ends exactly as the same
game played without a stop, with the same moves typed; the saved file and the
records stay ASCII; a file that is not a saved game, a changed one or a
finished game is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import rummykit as rk
from cli_helpers import run
from play_helpers import Keyboard, play, random_player, resume, short_gin
from rummykit.cli import main
from rummykit.terminal import PlaySession, read_session


def _stop_after(decisions: int) -> Any:
    """A quit_when that quits once, after ``decisions`` moves typed."""
    count = {"n": 0, "quit": False}

    def quit_when(session: PlaySession) -> bool:
        if count["quit"]:
            return False
        count["n"] += 1
        if count["n"] > decisions:
            count["quit"] = True
            return True
        return False

    return quit_when


@pytest.mark.parametrize(
    ("variant", "players", "bots", "stop"),
    [("gin", 2, ["random"], 7), ("straight", 3, ["random", "greedy"], 5), ("indian", 2, ["greedy"], 3)],
)
def test_a_resumed_hand_ends_as_an_uninterrupted_one(
    variant: str, players: int, bots: list[str], stop: int, tmp_path: Path
) -> None:
    whole, _ = play(
        variant, Keyboard(answer=random_player(11, drop=False)), players=players, seed=5, bots=bots
    )
    answer = random_player(11, quit_when=_stop_after(stop), drop=False)
    save = tmp_path / "game.json"
    first, out = play(variant, Keyboard(answer=answer), players=players, seed=5, bots=bots, save=save)
    assert first.hand is not None and not first.hand.is_over
    assert f"Game saved to {save}" in out
    resumed, out = resume(save, Keyboard(answer=answer))
    assert "resumed from" in out
    assert whole.hand is not None and resumed.hand is not None
    assert resumed.hand.is_over
    assert resumed.hand.record() == whole.hand.record()


def test_a_resumed_match_ends_as_an_uninterrupted_one(tmp_path: Path) -> None:
    """Gin, a whole game against a random bot, stopped in its second hand
    (a game to 1 point: two hands, the second one won)."""
    gin = short_gin()
    whole, _ = play(gin, Keyboard(answer=random_player(6)), seed=2, match=True, bots=["random"])
    assert whole.m is not None and whole.m.is_over and whole.m.hands_played >= 2

    stopped = {"done": False}

    def quit_when(session: PlaySession) -> bool:
        m = session.m
        assert m is not None
        if not stopped["done"] and m.hands_played == 1 and len(m.hand.actions) >= 6:
            stopped["done"] = True
            return True
        return False

    answer = random_player(6, quit_when=quit_when)
    save = tmp_path / "match.json"
    first, _ = play(gin, Keyboard(answer=answer), seed=2, match=True, bots=["random"], save=save)
    assert first.m is not None and first.m.hands_played == 1
    saved = read_session(save)
    assert saved["match"] is True and len(saved["records"]) == 2
    resumed, out = resume(save, Keyboard(answer=answer))
    assert "at hand 2, turn" in " ".join(out.split())
    assert resumed.m is not None and resumed.m.is_over
    assert resumed.m.records == whole.m.records
    assert resumed.m.totals == whole.m.totals and resumed.m.winners == whole.m.winners


def test_resume_after_an_undo_and_a_hot_seat_game(tmp_path: Path) -> None:
    save = tmp_path / "hot.json"
    play("straight", ["", "1", "2", "quit"], humans=[0, 1], players=3, seed=4, save=save)
    data = read_session(save)
    assert data["humans"] == [0, 1] and data["bots"] == ["greedy"]
    session, out = resume(save, Keyboard(["", "quit"]))
    assert "People at this terminal: seats 0, 1" in out
    assert "Pass the terminal to seat" in out
    assert session.hand is not None and len(session.hand.actions) == len(data["records"][0]["actions"])


def test_the_save_file_and_the_record_are_ascii_in_a_symbols_game(tmp_path: Path) -> None:
    save, record = tmp_path / "game.json", tmp_path / "record.json"
    _, out = play("gin", ["1", "discard Q♠", "quit"], seed=1, symbols=True, save=save, record=record)
    assert "Q♠" in out
    for path in (save, record):
        text = path.read_bytes().decode("ascii")  # raises on any other byte
        assert "discard QS" in text
    assert rk.Action.parse("discard QS") in rk.replay(json.loads(record.read_text())).actions


# --------------------------------------------------------------------------- the command line


def test_cli_quit_then_resume_equals_an_uninterrupted_game(tmp_path: Path) -> None:
    moves = ["1", "3", "1", "2", "1", "5"] + ["1"] * 200
    whole = tmp_path / "whole.json"
    proc = run(
        "play", "gin", "--seed", "9", "--bots", "random", "--record", str(whole), stdin="\n".join(moves)
    )
    assert proc.returncode == 0, proc.stderr
    save, record = tmp_path / "save.json", tmp_path / "record.json"
    proc = run("play", "gin", "--seed", "9", "--bots", "random", "--save", str(save), stdin="1\n3\n1\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert f"Game saved to {save}" in proc.stdout
    proc = run("play", "--resume", str(save), "--record", str(record), stdin="\n".join(moves[3:]))
    assert proc.returncode == 0, proc.stderr
    assert "resumed from" in proc.stdout and "Result:" in proc.stdout
    assert json.loads(record.read_text()) == json.loads(whole.read_text())
    # the finished game stays in the file: replay reads it, resume refuses it
    assert run("replay", str(save)).returncode == 0
    proc = run("play", "--resume", str(save))
    assert proc.returncode == 1
    assert f"rummykit: the game saved in {save} is over; rummykit replay {save} shows it" in proc.stderr


def test_ctrl_c_saves_the_game(tmp_path: Path) -> None:
    from test_cli_play import Terminal

    save = tmp_path / "save.json"
    with Terminal("play", "gin", "--seed", "1", "--ascii", "--save", str(save)) as t:
        t.expect(r"\n> ")
        t.type("1")
        t.expect(r"Your move \(play phase\):[\s\S]*?\n> ")
        t.interrupt()
        t.expect("Quit.")
        assert t.wait() == 0
    assert "Traceback" not in t.text
    assert (
        read_session(save)["records"][0]["actions"][-1] == "take"
    )  # the upcard, offered after the bot passed
    proc = run("play", "--resume", str(save), stdin="quit\n")
    assert "you: take" not in proc.stdout and "Your move (play phase)" in proc.stdout


def test_ctrl_c_between_prompts_quits_as_at_a_prompt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C stops the game like ``quit`` (docs/playing.md) wherever it
    lands: here while the bot thinks, outside any prompt (the race that made
    test_ctrl_c_saves_the_game fail now and then under load). The session
    says "Quit.", exits 0 and keeps the game saved to resume."""

    def interrupted(self: rk.GreedyBot, view: rk.View) -> rk.Action:
        raise KeyboardInterrupt

    save = tmp_path / "save.json"
    monkeypatch.setattr(rk.GreedyBot, "choose", interrupted)
    keys = Keyboard(["quit"])
    try:
        _, out = play("gin", keys, seed=1, save=save)  # the bot is offered the upcard first
    except KeyboardInterrupt:
        pytest.fail("a Ctrl-C between prompts escaped the play session")
    assert keys.prompts == []  # stopped while the bot thought, before any prompt
    assert "Quit." in out.splitlines()
    assert read_session(save)["records"][0]["actions"] == []


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["records"][0], "is not a saved game (format 'rummykit-play')"),
        (lambda d: {**d, "version": 9}, "saved-game version 9 is not supported"),
        (lambda d: {**d, "humans": [3]}, "humans: expected a list of seats from 0 to 1"),
        (lambda d: {**d, "bots": []}, "bots: expected a list of bot names"),
        (lambda d: {**d, "records": []}, "records: expected a list of game records"),
        (lambda d: {**d, "bots": ["os:system"]}, "names the bot 'os:system' (module:Class)"),
        (
            lambda d: {**d, "records": [{**d["records"][0], "actions": ["take", "discard 2C"]}]},
            "hand 1: record: action 2 ('discard 2C') does not replay",
        ),
        (lambda d: {**d, "seed": 2, "match": True}, "hand 1 is not the hand this game deals"),
    ],
)
def test_resume_refuses_a_bad_file(edit: Any, message: str, tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    play("gin", ["1", "quit"], seed=1, save=save)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(edit(json.loads(save.read_text()))))
    proc = run("play", "--resume", str(path), stdin="quit\n")
    assert proc.returncode == 1, proc.stdout
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["gin"], "NAME|FILE cannot change it"),
        (["--seed", "3", "--players", "2"], "--players, --seed cannot change it"),
        (["--seat", "1"], "--seat cannot change it"),
        (["--bots", "random"], "the saved game is played against greedy; --bots cannot change that"),
    ],
)
def test_resume_keeps_the_game_as_it_was(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "save.json"
    play("gin", ["quit"], seed=1, save=save)
    assert main(["play", "--resume", str(save), *args]) == 1
    assert message in capsys.readouterr().err


def test_play_needs_a_ruleset_or_a_saved_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play"]) == 1
    assert (
        "play: name the ruleset (a built-in name or a variant file), or --resume FILE"
        in capsys.readouterr().err
    )


def test_a_save_file_that_cannot_be_written_is_said_before_play(tmp_path: Path) -> None:
    for target, reason in [
        (tmp_path / "no" / "game.json", "No such file or directory"),
        (tmp_path, "directory"),
    ]:
        proc = run("play", "gin", "--seed", "1", "--save", str(target), stdin="1\n1\nquit\n")
        assert proc.returncode == 1
        assert f"rummykit: cannot save the game to {target}: " in proc.stderr and reason in proc.stderr
        assert "Traceback" not in proc.stderr and "Your hand" not in proc.stdout
    assert list(tmp_path.iterdir()) == []
    assert not (tmp_path.parent / f"{tmp_path.name}.tmp").exists()  # no temporary file left behind
