"""Hostile leftovers of the fuzzing passes: a run of games too large to hold,
a ``module:function`` bot spec that names no bot factory, an existing
directory given as an output file, a text agent's huge refused reply.

Each test states the expected behaviour: the input is refused with a
:class:`rummykit.RummyError` naming what is wrong (from the command line: a
message and exit 1 or 2, never the "unexpected error" of exit 3), or is
accepted at a bounded cost.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import rummykit as rk
from rummykit.bots import BotError, RandomBot, make_bot
from rummykit.bots.base import resolve_spec
from rummykit.cli import main
from rummykit.llm import bot as text_bot
from rummykit.llm import refusal_prompt
from rummykit.llm.tokens import MAX_REPLY_CHARS
from rummykit.sim import MAX_GAMES, simulate
from rummykit.tournament import tournament

# --------------------------------------------------------------------------- too many games


def test_simulate_refuses_more_games_than_it_can_hold() -> None:
    v = rk.load_variant("gin")
    for games in (MAX_GAMES + 1, 10**26, 10**5000):
        with pytest.raises(rk.ArgumentError, match=r"simulate: games: at most 10,000,000") as err:
            simulate(v, games=games, players=2, bots="random")
        assert len(str(err.value)) < 300


def test_cli_simulate_refuses_a_huge_count_of_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "gin", "--games", "99999999999999999999999999", "--jobs", "1"]) == 1
    err = capsys.readouterr().err
    assert "games: at most 10,000,000" in err and "unexpected" not in err


def test_tournament_refuses_more_deals_than_it_can_hold(capsys: pytest.CaptureFixture[str]) -> None:
    v = rk.load_variant("gin")
    with pytest.raises(rk.ArgumentError, match=r"tournament: games: at most 10,000,000 deals"):
        tournament(v, "random,greedy", games=MAX_GAMES + 1)
    # three bots make three pairs: the deals of all pairs count
    with pytest.raises(rk.ArgumentError, match=r"3 pairs.*at most 3,333,333"):
        tournament(v, "random,greedy,random", games=MAX_GAMES // 3 + 1)
    with pytest.raises(rk.ArgumentError, match=r"tournament: games: at most"):
        tournament(v, "random,greedy", games=10**5000)
    assert main(["tournament", "gin", "--bots", "random,greedy", "--games", "9" * 26]) == 1
    err = capsys.readouterr().err
    assert "games: at most 10,000,000" in err and "unexpected" not in err


def test_tournament_records_are_not_kept_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every record goes to the file as its deal finishes; what the report is
    computed from holds no record (they would grow with the run)."""
    import rummykit.tournament as t

    seen: list[Any] = []
    report = t._report

    def spy(v: Any, names: Any, games: int, seed: int, outcomes: list[Any]) -> Any:
        seen.extend(outcomes)
        return report(v, names, games, seed, outcomes)

    monkeypatch.setattr(t, "_report", spy)
    path = tmp_path / "t.jsonl"
    tournament(rk.load_variant("gin"), "random,random", games=2, seed=1, records=path)
    assert len(path.read_text(encoding="utf-8").splitlines()) == 4
    assert len(seen) == 2 and all(o.records == () for o in seen)


# --------------------------------------------------------------------------- bot specs


class NoChoose:
    """A class whose instances have no bot method."""

    def __init__(self, variant: Any, seed: Any = None) -> None:
        self.variant = variant


class CallableBot:
    """A bot whose instances are called as ``bot(view)``."""

    def __init__(self, variant: Any, seed: Any = None) -> None:
        self.inner = RandomBot(variant, seed=seed)

    def __call__(self, view: rk.View) -> rk.Action | str:
        return self.inner.choose(view)


def random_factory(variant: Any, seed: Any = None) -> Any:
    return RandomBot(variant, seed=seed)


def one_argument(variant: Any) -> Any:  # pragma: no cover - must never be called
    raise AssertionError("called")


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("os:system", "built-in function"),
        ("builtins:print", "built-in function"),
        ("math:sqrt", "built-in function"),
        ("math:pi", "not a class or a function"),
        ("builtins:dict", "without choose"),
        ("collections:OrderedDict", "without choose"),
        ("rummykit.bots:Bot", "protocol"),
        (f"{__name__}:NoChoose", "without choose"),
        (f"{__name__}:one_argument", r"cannot be called as one_argument\(variant, seed\)"),
        ("json:dumps", r"cannot be called as dumps\(variant, seed\)"),
    ],
)
def test_a_spec_that_names_no_bot_factory_is_refused_before_any_call(
    spec: str, why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(BotError, match=why) as err:
        resolve_spec(spec)
    assert repr(spec) in str(err.value) and "choose(view)" in str(err.value)
    with pytest.raises(BotError, match=why):
        make_bot(spec, rk.load_variant("gin"), 1)
    with pytest.raises(rk.ArgumentError, match=why):
        simulate(rk.load_variant("gin"), games=1, players=2, bots=spec)
    assert capsys.readouterr().out == ""  # builtins:print was not called
    with pytest.raises(SystemExit) as bad:
        main(["simulate", "gin", "--games", "1", "--bots", spec])
    captured = capsys.readouterr()
    assert bad.value.code == 2 and why.split("\\")[0] in captured.err, captured.err
    assert captured.out == ""


@pytest.mark.parametrize(
    "spec",
    [
        "greedy",
        "level2",
        "rummykit.bots:RandomBot",
        "rummykit.bots:GreedyBot",
        "rummykit.bots.search:SearchBot",
        f"{__name__}:CallableBot",
        f"{__name__}:random_factory",
    ],
)
def test_real_bot_specs_still_work(spec: str) -> None:
    v = rk.load_variant("gin")
    resolve_spec(spec)
    if "Search" not in spec:  # slow to play; resolving it is the point
        r = simulate(v, games=1, players=2, bots=(spec, "random"), seed=2)
        assert r.hands_played == 1


# --------------------------------------------------------------------------- a directory as an output file


def test_cli_new_to_a_directory_names_the_option_and_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "house"
    out.mkdir()
    assert main(["new", "kitchen", "-o", str(out), "--force"]) == 1
    err = capsys.readouterr().err
    assert f"--output {out}" in err and "is a directory" in err and "Errno" not in err


def test_cli_play_record_to_a_directory_is_refused_before_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    out = tmp_path / "rec"
    out.mkdir()
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 5 + "quit\n"))
    assert main(["play", "gin", "--seed", "1", "--record", str(out)]) == 1
    captured = capsys.readouterr()
    assert f"--record {out}" in captured.err and "is a directory" in captured.err
    assert "Errno" not in captured.err and "> " not in captured.out  # refused before the first prompt


def test_play_record_that_cannot_be_written_at_the_end_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record file that became unwritable during play (its folder removed)
    is named in a message; the --save file is still written."""
    import io
    import shutil

    folder = tmp_path / "gone"
    folder.mkdir()
    save = tmp_path / "game.json"

    class Vanishing(io.StringIO):
        def readline(self, *args: Any) -> str:
            shutil.rmtree(folder, ignore_errors=True)
            return super().readline(*args)

    monkeypatch.setattr("sys.stdin", Vanishing("quit\n"))
    code = main(["play", "gin", "--seed", "1", "--record", str(folder / "r.json"), "--save", str(save)])
    err = capsys.readouterr().err
    assert code == 1 and f"--record {folder / 'r.json'}" in err and "Errno" not in err, err
    assert save.exists()


def test_cli_tournament_records_to_a_directory_names_the_option_and_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "recs"
    out.mkdir()
    argv = ["tournament", "gin", "--bots", "random,random", "--games", "1", "--records", str(out)]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert f"--records {out}" in err and "is a directory" in err and "Errno" not in err


# --------------------------------------------------------------------------- a huge refused reply


def test_refusal_prompt_echoes_at_most_what_the_parser_reads() -> None:
    huge = "no move here " * 100_000
    text = refusal_prompt("(the prompt)", huge, "names no move")
    assert len(text) < MAX_REPLY_CHARS + 500
    left_out = len(huge.strip()) - MAX_REPLY_CHARS
    assert f"({left_out:,} more characters left out)" in text
    assert text.endswith("Move: <move>") and "It was refused: names no move" in text
    short = refusal_prompt("(the prompt)", "discard 7H", "7H is not in your hand")
    assert "left out" not in short and "\ndiscard 7H\n" in short
    exact = "x" * MAX_REPLY_CHARS
    assert "left out" not in refusal_prompt("p", exact, "no")
    assert len(refusal_prompt("p", ["x" * 100_000], "not text")) < MAX_REPLY_CHARS + 500


def test_text_bot_retry_prompt_stays_bounded() -> None:
    v = rk.load_variant("gin")
    h = rk.new_hand(v, players=2, seed=4)
    prompts: list[str] = []

    def verbose(text: str) -> str:
        prompts.append(text)
        return "I am thinking. " * 200_000

    agent = text_bot(verbose, v, retries=2)
    assert agent.choose(h.view(h.current_player)) in h.legal_actions()
    assert len(prompts) == 3 and agent.fallbacks == 1
    assert all(len(p) < len(prompts[0]) + MAX_REPLY_CHARS + 1_000 for p in prompts[1:])


@pytest.mark.parametrize("jobs", [100_000, 10**30])
def test_a_huge_jobs_is_refused_before_any_process_starts(jobs: int) -> None:
    """``jobs=100000`` would have started that many worker processes at once
    (the pool takes min(jobs, chunks), and a big study has that many chunks)."""
    from rummykit.sim import simulate
    from rummykit.sim.run import max_jobs
    from rummykit.tournament import tournament

    gin = rk.load_variant("gin")
    assert max_jobs() >= 64
    with pytest.raises(rk.ArgumentError, match=r"jobs: at most \d+ worker processes"):
        simulate(gin, games=10, players=2, jobs=jobs)
    with pytest.raises(rk.ArgumentError, match=r"jobs: at most \d+ worker processes"):
        tournament(gin, "random,greedy", games=10, jobs=jobs)
    assert (
        simulate(gin, games=2, players=2, jobs=max_jobs(), seed=1).games == 2
    )  # the bound itself is allowed
