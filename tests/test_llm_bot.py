"""rummykit.llm.bot and the datasets: text functions play whole matches,
bad replies are asked again, the fallback is counted (issue 52, items 3-4)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import rummykit as rk
from rummykit import llm


def _listed(text: str) -> list[str]:
    return [line[2:] for line in text.split("Legal moves")[1].splitlines()[1:] if line.startswith("- ")]


def last_listed(text: str) -> str:
    """A stand-in for a model: the last legal move, in words and with filler."""
    return f"After some thought, I'll go with this.\nMove: {_listed(text)[-1]}"


def test_a_text_function_plays_a_whole_match_against_the_greedy_bot() -> None:
    v = rk.load_variant("gin")
    m = rk.new_match(v, players=2, seed=2)
    text_bot = llm.bot(last_listed, v, match=m)
    m.play([text_bot, rk.GreedyBot(v, seed=1)])
    assert m.is_over and m.hands_played >= 1
    assert text_bot.moves > 0 and text_bot.asked == text_bot.moves
    assert text_bot.refused == text_bot.fallbacks == 0


def test_a_refused_reply_is_answered_with_the_refusal_and_asked_again() -> None:
    v = rk.load_variant("straight")
    asked: list[str] = []

    def learner(text: str) -> str:
        asked.append(text)
        if "It was refused" not in text:
            return "discard the ace of spades, please"
        return _listed(text.split("\n\nYour reply was:")[0])[0]

    h = rk.new_hand(v, players=2, seed=4)
    h.apply("draw")
    p = h.current_player
    assert p is not None
    b = llm.bot(learner, v)
    move = b.choose(h.view(p))
    assert move == h.legal_actions()[0]
    assert len(asked) == 2 and b.refused == 1 and b.fallbacks == 0
    assert "Your reply was:\ndiscard the ace of spades, please\nIt was refused: " in asked[1]
    assert "Nearest legal moves:" in asked[1]
    assert b.last[0].refusal and not b.last[1].refusal
    try:
        h.verify("discard AS")
    except rk.IllegalAction as exc:
        assert b.refusals[exc.rule] == 1


@pytest.mark.parametrize("fallback", ["greedy", "first", "random"])
def test_after_the_retries_the_fallback_plays_and_is_counted(fallback: str) -> None:
    v = rk.load_variant("gin")
    m = rk.new_match(v, players=2, seed=1)
    silent = llm.bot(lambda text: "", v, retries=0, fallback=fallback, seed=3)
    m.play([silent, rk.GreedyBot(v, seed=1)])
    assert m.is_over
    assert silent.fallbacks == silent.moves == silent.asked == silent.refused > 0
    assert silent.refusals[llm.NO_MOVE] == silent.refused


def test_the_first_fallback_plays_the_first_legal_move() -> None:
    v = rk.load_variant("straight")
    h = rk.new_hand(v, players=2, seed=4)
    p = h.current_player
    assert p is not None
    b = llm.bot(lambda text: 42, v, retries=3, fallback="first")  # not even text
    assert b.choose(h.view(p)) == h.legal_actions()[0]
    assert (b.asked, b.refused, b.fallbacks) == (4, 4, 1)
    assert "the reply must be text" in b.last[0].refusal


def test_bad_arguments() -> None:
    v = rk.load_variant("gin")
    for kwargs in (
        {"retries": -1},
        {"retries": "2"},
        {"fallback": "genius"},
        {"rules": "long"},
        {"fallback": 3},
    ):
        with pytest.raises(rk.ArgumentError):
            llm.bot(str, v, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(rk.ArgumentError):
        llm.bot("not a function", v)  # type: ignore[arg-type]
    with pytest.raises(rk.ArgumentError):
        llm.bot(str, "gin")  # type: ignore[arg-type]


def test_the_bot_prompts_from_what_its_seat_sees_with_the_games_scores() -> None:
    v = rk.load_variant("gin")
    m = rk.new_match(v, players=2, seed=2)
    seen: list[str] = []

    def spy(text: str) -> str:
        seen.append(text)
        return last_listed(text)

    b = llm.bot(spy, v, match=m, legal=True, rules="full")
    m.play([b, rk.GreedyBot(v, seed=1)])
    assert all("Scores in this game so far: you " in t for t in seen)
    assert all(v.info.description in t for t in seen)


def test_rummykit_does_not_import_the_text_agents() -> None:
    """``import rummykit`` leaves rummykit.llm out; it imports as a subpackage."""
    code = "import sys, rummykit; print('rummykit.llm' in sys.modules); import rummykit.llm; print(rummykit.llm.parse.__name__)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "parse"]


# --------------------------------------------------------------------------- datasets


def test_rows_hold_the_prompt_the_legal_moves_the_move_and_the_outcome(tmp_path: Path) -> None:
    v = rk.load_variant("straight")
    path = tmp_path / "rows.jsonl"
    count = llm.write_prompts(v, path, games=2, players=2, seats=[1], bots=("greedy", "random"), seed=5)
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == count > 0
    assert {r["seat"] for r in rows} == {1} and {r["bot"] for r in rows} == {"random"}
    assert {r["game"] for r in rows} == {0, 1}
    for r in rows:
        assert r["move"] in r["legal"]
        assert r["prompt"].startswith("You are playing Straight Rummy as seat 1")
        assert [line[2:] for line in r["prompt"].splitlines() if line.startswith("- ")][
            -len(r["legal"]) :
        ] == r["legal"]
        out = r["outcome"]
        assert out["score"] == out["scores"][1] and out["won"] == (1 in out["winners"])
    again = list(llm.prompt_rows(v, games=2, players=2, seats=[1], bots=("greedy", "random"), seed=5))
    assert again == rows


def test_rows_of_whole_matches_carry_scores_and_the_games_outcome() -> None:
    v = rk.load_variant("gin")
    rows = list(llm.prompt_rows("gin", games=1, match=True, legal=False, rules="none", seed=2))
    assert {r["seat"] for r in rows} == {0, 1}
    assert max(r["hand"] for r in rows) >= 1
    assert all("Legal moves" not in r["prompt"] and "## Rules" not in r["prompt"] for r in rows)
    assert all("Scores in this game so far" in r["prompt"] for r in rows)
    final = rows[-1]["game_outcome"]
    assert final["winners"] and len(final["totals"]) == 2
    assert all(r["game_outcome"]["won"] == (r["seat"] in final["winners"]) for r in rows)
    with pytest.raises(rk.ArgumentError):
        list(llm.prompt_rows(v, games=1, seats=[2]))
    with pytest.raises(rk.ArgumentError):
        list(llm.prompt_rows(v, games=-1))
    with pytest.raises(rk.ArgumentError):
        list(llm.prompt_rows(v, games=1, bots="greedy"))


def test_a_forced_move_is_played_without_asking_when_told_so() -> None:
    v = rk.load_variant("gin")
    m = rk.new_match(v, players=2, seed=2)
    asked: list[str] = []
    b = llm.bot(lambda t: asked.append(t) or last_listed(t), v, ask_forced=False)
    m.play([b, rk.GreedyBot(v, seed=1)])
    assert b.forced > 0 and b.asked == len(asked) == b.moves - b.forced
    assert all(len(_listed(t)) > 1 for t in asked)


def test_a_text_bot_is_a_bot_and_plays_in_simulations() -> None:
    from rummykit.bots import Bot, make_bot
    from rummykit.sim import simulate

    v = rk.load_variant("gin")
    b = llm.bot(last_listed, v)
    assert isinstance(b, Bot) and make_bot(b, v) is b
    report = simulate(
        v, games=2, players=2, bots=[lambda v, seed: llm.bot(last_listed, v, seed=seed), "greedy"], jobs=1
    )
    assert report.games == 2 and sum(report.wins) + report.ties + report.no_winner >= 2


def test_simulate_writes_the_decisions_as_a_dataset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``rummykit simulate ... --prompts FILE.jsonl`` (item 4 from the command line)."""
    from rummykit.cli import main

    path = tmp_path / "gin.jsonl"
    args = ["simulate", "gin", "--games", "2", "--bots", "greedy,random", "--seed", "3"]
    assert main([*args, "--prompts", str(path), "--prompt-seats", "1"]) == 0
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert capsys.readouterr().out.strip() == f"{len(rows)} decisions of 2 hands written to {path}"
    assert rows == list(llm.prompt_rows("gin", games=2, bots=("greedy", "random"), seats=[1], seed=3))
    assert main([*args, "--prompts", str(path), "--prompt-seats", "2"]) == 2
    assert "no such seat" in capsys.readouterr().err
