"""Hostile input to the RL environments: secrets in the Gym info, and
``vector_env.step`` refusing a bad batch without moving any hand."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

import rummykit as rk  # noqa: E402
from rummykit.rl import EnvError, gym_env, vector_env  # noqa: E402


def test_gym_info_hides_a_bots_face_down_knock_discard() -> None:
    # gin, seed 0, agent in seat 1 playing the first legal token: the bot knocks
    # (discarding face down) and the agent must lay off without seeing that card
    env = gym_env("gin", seat=1)
    _, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(500):
        hand = env.driver.the_hand
        if hand.phase is rk.Phase.LAYOFF and not hand.is_over:
            break
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert not (term or trunc)
    else:
        pytest.fail("no knock reached")
    knock = env.driver.last_action
    assert knock is not None and str(knock).startswith("knock ")
    assert info["last_action"] == "knock ??"
    assert not hand.view(1).face_down  # the view agrees: still hidden


@pytest.fixture
def venv() -> object:
    env = vector_env("gin", 3)
    env.reset(seed=2)
    return env


def _versions(env: object) -> list[int]:
    return [d.version for d in env.drivers]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "bad", [None, 5, 3.0, object(), np.array(3), np.zeros((3, 1), dtype=np.int64), "abc"]
)
def test_vector_step_refuses_what_is_no_batch_of_tokens(venv: object, bad: object) -> None:
    before = _versions(venv)
    with pytest.raises(EnvError, match="step: "):
        venv.step(bad)  # type: ignore[attr-defined]
    assert _versions(venv) == before


def test_vector_step_checks_every_token_before_any_hand_moves(venv: object) -> None:
    mask = venv.mask  # type: ignore[attr-defined]
    good = [int(np.flatnonzero(m)[0]) for m in mask]
    before = _versions(venv)
    with pytest.raises(EnvError, match="got 'x'"):
        venv.step([*good[:2], "x"])  # type: ignore[attr-defined]
    assert _versions(venv) == before
    illegal = int(np.flatnonzero(mask[2] == 0)[0])
    with pytest.raises(rk.IllegalAction, match=r"hand 2: .*no hand moved"):
        venv.step([*good[:2], illegal])  # type: ignore[attr-defined]
    assert _versions(venv) == before
    venv.step(good)  # type: ignore[attr-defined]  # and the batch still plays
    assert _versions(venv) != before
