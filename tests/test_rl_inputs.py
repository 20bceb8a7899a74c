"""Hostile inputs to the RL environments (issue 47 item 3): every bad action,
option, agent name, seed type and call order raises the library's
:class:`~rummykit.errors.EnvError` (a RummyError, so a ValueError), never a
bare KeyError / TypeError / OverflowError from inside."""

from __future__ import annotations

import math
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.errors import EnvError
from rummykit.rl import aec_env, gym_env

GIN = rk.load_variant("gin")

JUNK_ACTIONS: list[Any] = [
    math.nan,
    math.inf,
    -math.inf,
    "abc",
    "3",
    [1],
    np.array([1]),
    object(),
    int,
    2.5,
    3.0,
    True,
    False,
    -1,
    10**9,
    2**70,
    np.float64(1.0),
    b"1",
    {1: 2},
    np.bool_(True),
]


def _finish_aec(env: Any) -> None:
    while env.agents:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))


@pytest.mark.parametrize("make", [lambda: aec_env(GIN), lambda: gym_env(GIN)], ids=["aec", "gym"])
@pytest.mark.parametrize("bad", JUNK_ACTIONS, ids=lambda x: "object()" if type(x) is object else repr(x))
def test_step_with_junk_raises_env_error_and_changes_nothing(make: Any, bad: Any) -> None:
    env = make()
    env.reset(seed=1)
    before = env.driver.the_hand.record()
    with pytest.raises(EnvError, match="action must be an integer token"):
        env.step(bad)
    assert env.driver.the_hand.record() == before


@pytest.mark.parametrize("make", [lambda: aec_env(GIN), lambda: gym_env(GIN)], ids=["aec", "gym"])
def test_numpy_integer_actions_and_seeds_work(make: Any) -> None:
    a, b = make(), make()
    a.reset(seed=np.int64(3))
    b.reset(seed=3)
    assert a.driver.the_hand.record() == b.driver.the_hand.record()
    mask = a.action_masks() if hasattr(a, "action_masks") else a.last()[0]["action_mask"]
    token = np.flatnonzero(mask)[0]  # an np.int64, as a policy's argmax gives
    a.step(token)
    b.step(int(token))
    assert a.driver.the_hand.record() == b.driver.the_hand.record()
    a.step(np.array(int(np.flatnonzero(a.driver.mask(a.driver.current or 0))[0])))  # a 0-d array


@pytest.mark.parametrize("make", [lambda: aec_env(GIN), lambda: gym_env(GIN)], ids=["aec", "gym"])
@pytest.mark.parametrize(
    "options",
    [
        {"dealer": "x"},
        {"dealer": None},
        {"dealer": 1.5},
        {"dealer": 2},
        {"dealer": -1},
        {"dealer": True},
        "x",
        [1],
    ],
    ids=repr,
)
def test_bad_options_raise_env_error(make: Any, options: Any) -> None:
    with pytest.raises(EnvError, match="options"):
        make().reset(seed=1, options=options)


@pytest.mark.parametrize("make", [lambda: aec_env(GIN), lambda: gym_env(GIN)], ids=["aec", "gym"])
@pytest.mark.parametrize("seed", [3.0, "x", -1, True, [1], np.float32(2)], ids=repr)
def test_bad_seeds_raise_env_error(make: Any, seed: Any) -> None:
    with pytest.raises(EnvError, match="seed must be"):
        make().reset(seed=seed)


def test_unknown_option_keys_are_warned_about() -> None:
    env = aec_env(GIN)
    with pytest.warns(UserWarning, match="'delaer' is not one of"):
        env.reset(seed=1, options={"delaer": 1})


def test_aec_call_order_and_agent_names() -> None:
    env = aec_env(GIN)
    with pytest.raises(EnvError, match="before reset"):
        env.step(0)
    with pytest.raises(EnvError, match="before reset"):
        env.last()
    with pytest.raises(EnvError, match="reset"):
        env.observe("player_0")
    env.reset(seed=2)
    for name in ("player_9", "", 0, None):
        with pytest.raises(EnvError, match="unknown agent"):
            env.observe(name)  # type: ignore[arg-type]
        with pytest.raises(EnvError, match="unknown agent"):
            env.action_space(name)  # type: ignore[arg-type]
    _finish_aec(env)
    with pytest.raises(EnvError, match="every agent is done"):
        env.step(0)
    with pytest.raises(EnvError, match="every agent is done"):
        env.step(None)
    with pytest.raises(EnvError, match="every agent is done"):
        env.last()
    env.reset(seed=2)  # and it plays on after a reset
    assert env.agents == env.possible_agents


def test_aec_done_agent_may_only_pass_none() -> None:
    env = aec_env(GIN)
    env.reset(seed=5)
    while True:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(EnvError, match="only action is None"):
        env.step(3)
    env.step(None)


def test_gym_call_order() -> None:
    env = gym_env(GIN)
    with pytest.raises(EnvError, match="reset"):
        env.step(0)
    env.reset(seed=4)
    done = False
    while not done:
        _, _, term, trunc, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        done = term or trunc
    with pytest.raises(EnvError, match="over"):
        env.step(0)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": "2"},
        {"players": 2.0},
        {"players": True},
        {"players": 0},
        {"players": 99},
        {"rewards": 5},
        {"normalize_rewards": "yes"},
        {"render_mode": []},
    ],
    ids=repr,
)
@pytest.mark.parametrize("make", [aec_env, gym_env], ids=["aec", "gym"])
def test_bad_constructor_arguments_raise_env_error(make: Any, kwargs: dict[str, Any]) -> None:
    with pytest.raises(EnvError):
        make(GIN, **kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"seat": "0"},
        {"seat": True},
        {"seat": 0.0},
        {"seat": 2},
        {"illegal_reward": "x"},
        {"illegal_reward": math.nan},
        {"opponents": 5},
        {"opponents": "ab"},
    ],
    ids=repr,
)
def test_bad_gym_arguments_raise_env_error(kwargs: dict[str, Any]) -> None:
    with pytest.raises(EnvError):
        gym_env(GIN, **kwargs)


junk = st.one_of(
    st.integers(min_value=-5, max_value=200),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.none(),
    st.booleans(),
    st.lists(st.integers(0, 3), max_size=2),
    st.binary(max_size=2),
    st.integers(min_value=0, max_value=130).map(np.int64),
    st.sampled_from(["player_0", "player_1", "player_7"]),
)
calls = st.lists(
    st.tuples(st.sampled_from(["reset", "step", "observe", "last", "legal", "options"]), junk),
    min_size=1,
    max_size=25,
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(calls=calls, which=st.sampled_from(["aec", "gym"]))
def test_junk_driven_environments_raise_only_library_errors(calls: list[tuple[str, Any]], which: str) -> None:
    """Any sequence of calls with any arguments: each either works or raises a RummyError,
    and a legal token always works afterwards."""
    env: Any = aec_env(GIN) if which == "aec" else gym_env(GIN)
    for op, arg in calls:
        try:
            if op == "reset":
                env.reset(seed=arg)
            elif op == "options":
                env.reset(options={"dealer": arg})
            elif op == "step":
                env.step(arg)
            elif op == "observe" and which == "aec":
                env.observe(arg)
            elif op == "last" and which == "aec":
                env.last()
        except rk.RummyError:
            pass
        if op == "legal" and env.driver.hand is not None and not env.driver.over:
            token = int(np.flatnonzero(env.driver.mask(env.driver.current))[0])
            env.step(token)  # a legal token is never refused
