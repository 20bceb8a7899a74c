"""``rummykit play`` without ``--seed`` (issue 47, item 5): the deal comes
from the OS's entropy and nothing printed rebuilds it (the issue's reproducer:
the 32-bit seed printed at the start dealt exactly the bots' hands and the
stock); a saved unseeded game is restored from its records, which hold the
whole deal, never from a seed; a given ``--seed`` still reproduces."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import rummykit as rk
from cli_helpers import run
from play_helpers import Keyboard, play, resume, short_gin
from rummykit.terminal import (
    PlaySession,
    read_session,
)


def _deals(h: rk.Hand) -> tuple[Any, ...]:
    return (tuple(tuple(h.hand_of(p)) for p in range(h.players)), tuple(h.stock), tuple(h.discard_pile))


def _numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text) if len(n) <= 40}


def test_an_unseeded_session_prints_nothing_that_rebuilds_the_deal(tmp_path: Path) -> None:
    gin = rk.load_variant("gin")
    save = tmp_path / "game.json"
    session, out = play(gin, ["quit"], seed=None, bots=["random"], save=save)
    assert session.seed is None and session.hand is not None
    assert "seed" not in out.split("Quit.")[0].split("\n")[0]  # the opening line names no seed
    dealt = _deals(rk.replay({**session.hand.record(), "actions": [], "result": None}))
    data = read_session(save)
    assert data["seed"] is None and "seed" not in data["records"][0]
    # neither a number printed nor the bots' seed in the file deals this hand again
    for n in _numbers(out) | {data["bot_seed"]}:
        for dealer in range(2):
            assert _deals(rk.new_hand(gin, players=2, seed=n, dealer=dealer)) != dealt


def test_the_cli_deals_unseeded() -> None:
    proc = run("play", "gin", "--ascii", stdin="quit\n")
    assert proc.returncode == 0, proc.stderr
    first = proc.stdout.splitlines()[0]
    assert first.startswith("rummykit play: Gin Rummy (gin), 2 players. You are seat 0."), first
    assert "seed" not in proc.stdout


def test_a_given_seed_still_deals_the_same_game() -> None:
    first, again = (play("gin", ["quit"], seed=5)[1] for _ in range(2))
    assert "2 players, seed 5." in first and first == again


def _by_state(session: PlaySession, prompt: str) -> str | None:
    """A keyboard that types the greedy bot's move, chosen from the state
    alone (so a resumed game meets the same answers), ``y`` to a drop."""
    if prompt != "> ":
        return "y" if "[y/N]" in prompt else ""
    h = session.hand
    assert h is not None and h.current_player is not None
    return str(h.verify(rk.GreedyBot(h.variant).choose(h.view(h.current_player))))


def test_a_resumed_unseeded_hand_goes_on_as_without_the_stop(tmp_path: Path) -> None:
    save, snapshot = tmp_path / "game.json", tmp_path / "snapshot.json"
    moves = {"n": 0}

    def answer(session: PlaySession, prompt: str) -> str | None:
        if prompt == "> ":
            moves["n"] += 1
            if moves["n"] == 4:
                shutil.copy(save, snapshot)  # the game as saved after three moves
        return _by_state(session, prompt)

    # The deal is unseeded: a hand that ends before the person's fourth move
    # leaves no snapshot, and is dealt again.
    for _ in range(20):
        moves["n"] = 0
        whole, _ = play("gin", Keyboard(answer=answer), seed=None, bots=["random"], save=save)
        assert whole.hand is not None and whole.hand.is_over
        if snapshot.exists():
            break
    saved = json.loads(snapshot.read_text())
    assert saved["seed"] is None and len(saved["records"][0]["actions"]) >= 3
    resumed, out = resume(snapshot, Keyboard(answer=_by_state))
    assert "resumed from" in out and "seed" not in out.splitlines()[0]
    assert resumed.hand is not None and resumed.hand.record() == whole.hand.record()


def test_a_resumed_unseeded_match_continues_the_same_game(tmp_path: Path) -> None:
    """A game to 1 point, stopped in its last hand (after at least one
    move there): resumed, it ends with the same records and totals."""
    gin = short_gin()
    save, snapshot = tmp_path / "match.json", tmp_path / "snapshot.json"
    snaps: list[tuple[int, int, str]] = []

    def answer(session: PlaySession, prompt: str) -> str | None:
        m = session.m
        assert m is not None
        if prompt == "> " and m.hand.actions:
            snaps.append((m.hands_played, len(m.hand.actions), save.read_text()))
        return _by_state(session, prompt)

    whole, _ = play(gin, Keyboard(answer=answer), seed=None, match=True, bots=["greedy"], save=save)
    assert whole.m is not None and whole.m.is_over and whole.m.seed is None
    last = [s for s in snaps if s[0] == whole.m.hands_played - 1]
    assert last, "the person moved in the last hand"
    snapshot.write_text(last[len(last) // 2][2])
    assert read_session(snapshot)["seed"] is None
    resumed, _ = resume(snapshot, Keyboard(answer=_by_state))
    assert resumed.m is not None and resumed.m.is_over
    assert resumed.m.records == whole.m.records
    assert resumed.m.totals == whole.m.totals and resumed.m.winners == whole.m.winners


def test_match_from_records_scores_every_saved_hand() -> None:
    gin = short_gin()
    m = rk.new_match(gin, players=2)
    m.play([rk.RandomBot(1), rk.RandomBot(2)])
    again = rk.Match.from_records(gin, 2, m.records)
    assert again.is_over and again.totals == m.totals and again.winners == m.winners
    assert again.records == m.records and again.seed is None
    if m.hands_played > 1:  # a game cut after its first hand deals the next one afresh
        cut = rk.Match.from_records(gin, 2, m.records[:1])
        assert not cut.is_over and cut.hands_played == 1 and cut.hand.deal_number == 2


def test_match_from_records_refuses_a_hand_out_of_place() -> None:
    gin = rk.load_variant("gin")
    m = rk.new_match(gin, players=2)
    record = m.hand.record()
    for bad, message in [
        ({**record, "deal_number": 2}, "not the hand this game deals next"),
        ({**record, "seed": 3}, "a seeded hand"),
        ({**record, "actions": ["knock QS"]}, "record 1: record: action 1"),
    ]:
        try:
            rk.Match.from_records(gin, 2, [bad])
        except rk.RecordError as exc:
            assert message in str(exc), exc
        else:
            raise AssertionError(f"accepted {bad}")
    try:
        rk.Match.from_records(rk.load_variant("straight"), 2, [record])
    except rk.RecordError as exc:
        assert "a hand of gin, not of straight" in str(exc)
    else:
        raise AssertionError("accepted a hand of another variant")
