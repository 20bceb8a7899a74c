"""Every example runs, and prints what its docstring promises.

Each example runs once in the default run; its further runs (other variants,
seeds or arguments) are marked slow.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=300, cwd=EXAMPLES.parent, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


def test_tour() -> None:
    out = run("examples/tour.py")
    assert "straight" in out and "thai" in out
    assert 'ranking.ace: unknown value "sideways"' in out
    assert "A hand of gin between two greedy bots" in out
    assert "replayed from its record: True" in out


def test_bot_game_plays_a_whole_hand() -> None:
    out = run("examples/bot_game.py", "gin", "7").splitlines()
    assert out[0] == "Gin Rummy, seed 7"
    assert any(line.startswith("Hand over (") for line in out)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["straight", "thai", "indian"])
def test_bot_game_other_variants(variant: str) -> None:
    assert "Hand over (" in run("examples/bot_game.py", variant, "3")


def test_house_rules_validates_diffs_and_plays() -> None:
    out = run("examples/house_rules.py")
    assert out.startswith("kitchen.toml: ok")
    assert "Aces and runs:" in out and "A hand of kitchen between 2 bots" in out


def test_house_rules_reports_typos() -> None:
    done = subprocess.run(
        [sys.executable, "examples/house_rules.py", "examples/kitchen_typo.toml"],
        capture_output=True,
        text=True,
        cwd=EXAMPLES.parent,
        check=False,
    )
    assert done.returncode == 1
    assert 'ranking.ace: unknown value "sideways"' in done.stdout


def test_scorekeeper_scores_by_the_rules() -> None:
    """Thai [S5]: melds 105 + 50 for going out; Bob 60 in hand, doubled for never displaying."""
    out = run("examples/scorekeeper.py")
    assert "Thai rummy: {'Ann': 155, 'Bob': -120}" in out
    assert "Straight rummy: {'Ann': 0, 'Bob': 0, 'Cleo': 18}" in out
    assert "Gin: {'Ann': 0, 'Bob': 5} knock" in out
    # issue 10 part 5: lay-offs found by settle, totals kept by the scorekeeper
    assert "Gin, lay-offs found: 2S, 7S, 8S; scores (0, 16) (points won)" in out
    assert "Gin hand 3: totals {'Ann': 125, 'Bob': 34}" in out and "Game over, won by Ann" in out
    assert "Rommé: (46, 0) (penalty points), hand won by seat 1" in out


def test_compare_rules_reports_both_comparisons() -> None:
    out = run("examples/compare_rules.py", "4", "1")
    assert "any-melds" in out
    assert "one-reuse" in out
    assert "with one shuffled reuse, 0." in out


@pytest.mark.parametrize(
    ("variant", "seed"),
    [
        ("gin", "3"),
        pytest.param("knock", "3", marks=pytest.mark.slow),
        pytest.param("phom", "2", marks=pytest.mark.slow),
    ],
)
def test_json_server_drives_a_hand_through_json_messages(variant: str, seed: str) -> None:
    out = run("examples/json_server.py", variant, seed)
    assert "views sent" in out and "actions applied" in out
    assert 'settlement: {"format": "rummykit-settlement", "version": 1' in out
    assert "seat 0 position: rkpos 1;" in out and "; seat 0;" in out
    assert "record replays: True" in out


def test_rl_random_runs_random_greedy_and_training() -> None:
    """examples/rl_random.py needs the `rl` extra (skipped without it)."""
    pytest.importorskip("pettingzoo")
    out = run("examples/rl_random.py", "gin", "--hands", "2", "--episodes", "4")
    assert "gin, 2 random agents, 2 hands" in out
    assert "random agent vs GreedyBot in gin" in out
    assert "REINFORCE vs GreedyBot, 4 hands" in out


@pytest.mark.slow
def test_rl_random_runs_a_variant_file() -> None:
    pytest.importorskip("pettingzoo")
    assert "examples/kitchen.toml" in run(
        "examples/rl_random.py", "examples/kitchen.toml", "--hands", "1", "--episodes", "1"
    )


def test_custom_bot_plays_in_simulate_and_the_search_bot_explains() -> None:
    out = run("examples/custom_bot.py", "4")
    assert "seat 0 CautiousBot" in out and "seat 1 greedy" in out
    assert "Search bot, seat" in out and "rollouts, mean result" in out


@pytest.mark.parametrize(
    ("variant", "extra"),
    [
        ("gin", ("--show-prompt",)),
        pytest.param("gin", (), marks=pytest.mark.slow),
        pytest.param("kalooki", ("--show-prompt",), marks=pytest.mark.slow),
    ],
)
def test_llm_match_plays_a_whole_match_between_a_text_function_and_the_greedy_bot(
    variant: str, extra: tuple[str, ...]
) -> None:
    out = run("examples/llm_match.py", variant, "1", *extra)
    assert "a text agent (seat 0) against the greedy bot (seat 1)" in out
    assert "Final totals [" in out and "won by seat " in out
    assert "replies refused, 0 moves played by the fallback" in out
    assert ("## Your move" in out) == bool(extra)
