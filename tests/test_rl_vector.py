"""The vector form of the environments (``rummykit.rl.vector_env``): N hands
stepped together give exactly what N AEC environments give, token for token."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np

import rummykit as rk
from rummykit.errors import EnvError
from rummykit.rl import aec_env, vector_env


@pytest.mark.parametrize("name", ["gin", "indian"])
def test_one_hand_steps_as_the_aec_environment(name: str) -> None:
    """Same seed, same tokens: the same observations, masks, seats and final rewards."""
    vec = vector_env(name, 1)
    aec = aec_env(name)
    obs, mask, seat = vec.reset(seed=5)
    aec.reset(seed=5)
    rng = random.Random(1)
    for _ in range(400):
        agent = aec.agent_selection
        o = aec.observe(agent)
        assert seat[0] == aec.agent_name_mapping[agent]
        assert np.array_equal(obs[0], o["observation"]) and np.array_equal(mask[0], o["action_mask"])
        token = rng.choice(np.flatnonzero(mask[0]).tolist())
        aec.step(token)
        obs, mask, seat, rewards, done = vec.step([token])
        if done[0]:
            assert all(aec.terminations.values()) or all(aec.truncations.values())
            assert rewards[0].tolist() == [aec.rewards[a] for a in aec.possible_agents]
            assert vec.hands_done == 1
            return
        assert not rewards.any()
    raise AssertionError("the hand did not end in 400 tokens")


def test_many_hands_go_on_and_are_dealt_again() -> None:
    vec = vector_env("gin", 4)
    _, mask, _ = vec.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(250):
        _, mask, _, _, _ = vec.step(np.argmax(rng.random(mask.shape) * mask, axis=1))
        assert mask.sum(axis=1).min() >= 1  # every hand has a token to choose
    assert vec.hands_done >= 1


def test_bad_calls_are_refused() -> None:
    vec = vector_env("gin", 2)
    with pytest.raises(EnvError, match="reset"):
        vec.step([0, 0])
    _, mask, _ = vec.reset(seed=1)
    with pytest.raises(EnvError, match="2 actions"):
        vec.step([0])
    with pytest.raises(EnvError):
        vec.step([-1, 0])
    with pytest.raises(EnvError):
        vector_env("gin", 0)
    illegal = int(np.flatnonzero(mask[0] == 0)[0])
    with pytest.raises(rk.IllegalAction):
        vec.step([illegal, int(np.flatnonzero(mask[1])[0])])
