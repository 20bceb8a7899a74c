"""rummykit.rl: the PettingZoo and Gymnasium environments pass their libraries' checks
for every built-in variant (at its fewest and most players; the most players under
``-m slow``) and for a house-rule file.

Skipped without the ``rl`` extra (``pip install -e '.[rl]'``); CI installs it.
"""

from __future__ import annotations

import contextlib
import io
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

import rummykit as rk
from rummykit.rl import aec_env, gym_env

KITCHEN = Path(__file__).resolve().parents[1] / "examples" / "kitchen.toml"
CYCLES = 30  # moves of each seat per API check: many whole turns, every phase of one


def _counts(name: str) -> list[Any]:
    """The variant at its fewest players, and at its most (marked slow)."""
    v = rk.load_variant(name)
    return [
        pytest.param(name, n, id=f"{name}-{n}p", marks=[pytest.mark.slow] if n > v.players.min else [])
        for n in sorted({v.players.min, v.players.max})
    ]


CASES = [c for name in rk.list_variants() for c in _counts(name)]


def _quiet() -> contextlib.AbstractContextManager[object]:
    stack = contextlib.ExitStack()
    stack.enter_context(contextlib.redirect_stdout(io.StringIO()))
    stack.enter_context(warnings.catch_warnings())
    warnings.simplefilter("ignore")  # PettingZoo warns that dict observations are not arrays
    return stack


@pytest.mark.parametrize(("name", "players"), CASES)
def test_pettingzoo_api_seed_and_render(name: str, players: int) -> None:
    with _quiet():
        api_test(aec_env(name, players), num_cycles=CYCLES)
        seed_test(lambda: aec_env(name, players), num_cycles=CYCLES)
        render_test(lambda render_mode=None: aec_env(name, players, render_mode=render_mode))


@pytest.mark.parametrize("name", rk.list_variants())
def test_gymnasium_check_env(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env's warnings are failures too
        check_env(gym_env(name), skip_render_check=True)


def test_house_rule_file_works_in_both() -> None:
    with _quiet():
        api_test(aec_env(KITCHEN, 3), num_cycles=CYCLES)
    check_env(gym_env(str(KITCHEN)), skip_render_check=True)
    assert aec_env(KITCHEN).variant.name == "kitchen"


def test_spaces_are_the_same_objects() -> None:
    env = aec_env("rum500", 3)
    env.reset(seed=0)
    assert env.action_space("player_0") is env.action_space("player_2")
    assert env.observation_space("player_0") is env.observation_space("player_1")
    space = env.observation_space("player_0")
    env.reset(seed=1)
    assert env.observation_space("player_0") is space


def _play_out(env: rk.rl.RummyAEC, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(20_000):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


@pytest.mark.parametrize("name", ["gin", "straight", "indian-pool101"])
def test_rewards_are_the_settlement(name: str) -> None:
    """Gin and straight score points (more is better); Indian pool rummy scores penalty points (negated)."""
    env = aec_env(name)
    totals = _play_out(env, 4)
    result = env.driver.the_hand.result
    assert result is not None
    sign = -1 if name == "indian-pool101" else 1
    assert totals == {f"player_{i}": float(sign * s) for i, s in enumerate(result.scores)}


def test_normalised_rewards_lie_in_minus_one_to_one() -> None:
    env = aec_env("gin", normalize_rewards=True)
    for seed in range(3):
        totals = _play_out(env, seed)
        assert all(-1.0 <= x <= 1.0 for x in totals.values())
        result = env.driver.the_hand.result
        assert result is not None
        if any(result.scores):
            assert max(abs(x) for x in totals.values()) == 1.0


def test_unmasked_token_is_refused_by_aec_and_penalised_by_gym() -> None:
    env = aec_env("gin")
    env.reset(seed=2)
    obs, *_ = env.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(rk.IllegalAction, match="does not extend"):
        env.step(bad)
    g = gym_env("gin")
    before, info = g.reset(seed=2)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, term, trunc, info2 = g.step(bad)
    assert reward == -1.0 and not term and not trunc and "illegal" in info2
    assert np.array_equal(before, after)


def test_bad_arguments_get_the_library_errors() -> None:
    with pytest.raises(rk.RummyError, match="played by 2 to 2 players, got 3"):
        aec_env("gin", 3)
    with pytest.raises(rk.RummyError, match="render_mode"):
        aec_env("gin", render_mode="rgb_array")
    with pytest.raises(rk.VariantError):
        aec_env("no-such-variant")
    with pytest.raises(rk.RummyError, match="choose"):
        gym_env("gin", opponents=[object()])  # type: ignore[list-item]
    with pytest.raises(rk.RummyError, match="opponents"):
        gym_env("gin", opponents=[rk.GreedyBot()], players=3)


def test_gym_against_random_bots_is_reproducible() -> None:
    def episode() -> list[float]:
        env = gym_env("straight", [rk.RandomBot(), rk.RandomBot()])
        obs, info = env.reset(seed=11)
        rng = np.random.default_rng(0)
        sums = [float(obs.sum())]
        for _ in range(300):
            obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            sums.append(float(obs.sum()))
            if term or trunc:
                break
        return sums

    assert episode() == episode()


def test_ansi_render_shows_the_hand() -> None:
    env = aec_env("gin", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert text.startswith("<Hand gin 2p") and "player_0:" in text and "stock 31" in text


def test_relative_rewards_are_zero_sum_and_negative_for_the_loser() -> None:
    """Gin's knock scoring pays only the winner (scores like (25, 0)); relative rewards give the loser -25."""
    env = aec_env("gin", rewards="relative")
    for seed in range(4):
        totals = _play_out(env, seed)
        result = env.driver.the_hand.result
        assert result is not None
        assert sum(totals.values()) == 0.0
        s0, s1 = result.scores
        assert totals["player_0"] == float(s0 - s1)
    with pytest.raises(rk.RummyError, match="rewards must be one of 'score', 'relative'"):
        gym_env("gin", rewards="win")
