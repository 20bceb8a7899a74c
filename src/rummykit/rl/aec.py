"""PettingZoo AEC environment: every seat is an agent."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar, TypeAlias

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.logger import warn
from pettingzoo import AECEnv

from rummykit.errors import EnvError
from rummykit.rl.core import Driver, resolve_variant
from rummykit.rl.inputs import dealer_of, seed_of, token_of
from rummykit.variant import Variant

__all__ = ["RummyAEC", "aec_env"]

Obs: TypeAlias = dict[str, npt.NDArray[Any]]


def observation_space(d: Driver) -> spaces.Dict:
    """The observation space of a driver: the vector and the action mask."""
    high = float(4 * d.observer.shoe + 8)
    return spaces.Dict(
        {
            "observation": spaces.Box(low=-1.0, high=high, shape=d.observer.shape, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(len(d.tokens),), dtype=np.int8),
        }
    )


class RummyAEC(AECEnv[str, Obs, int | None]):  # type: ignore[misc, unused-ignore]
    """One hand of a rummykit variant as a PettingZoo AEC game; see :func:`aec_env`."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "rummykit_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: Variant | str | Path,
        players: int = 2,
        *,
        render_mode: str | None = None,
        normalize_rewards: bool = False,
        rewards: str = "score",
    ) -> None:
        super().__init__()
        v = resolve_variant(variant)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode must be one of 'ansi', 'human' or None, got {render_mode!r}")
        self.variant = v
        self.render_mode = render_mode
        self.driver = Driver(v, players, normalize_rewards=normalize_rewards, rewards=rewards)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self._obs_space = observation_space(self.driver)
        self._size = len(self.driver.tokens)
        self._act_space = spaces.Discrete(self._size)
        self._rng = random.Random()
        self._cache: dict[int, tuple[int, Obs]] = {}
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    def _seat(self, agent: object) -> int:
        seat = self.agent_name_mapping.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise EnvError(f"unknown agent {agent!r} (agents: {', '.join(self.possible_agents)})")
        return seat

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space (the same object for every agent and call)."""
        self._seat(agent)
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space: one integer per token of the variant's vocabulary."""
        self._seat(agent)
        return self._act_space

    @property
    def tokens(self) -> Any:
        """The :class:`~rummykit.rl.tokens.ActionTokens` of the variant."""
        return self.driver.tokens

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand. ``seed`` makes the deal (and later unseeded resets)
        reproducible; ``options={"dealer": seat}`` chooses the dealer.

        Raises :class:`~rummykit.errors.EnvError` for a seed that is not a
        non-negative integer (NumPy integers are fine) or an unknown option."""
        seed = seed_of(seed)
        dealer = dealer_of(options, self.driver.n)
        if seed is not None:
            self._rng.seed(seed)
        self.driver.deal(self._rng.getrandbits(63), dealer)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._cache.clear()
        self._after_action()

    def _after_action(self) -> None:
        d = self.driver
        if d.over:
            scores = d.scores()
            trunc = d.truncated
            result = d.the_hand.result
            for i, a in enumerate(self.possible_agents):
                if a in self.rewards:
                    self.rewards[a] = scores[i]
                    self.terminations[a] = not trunc
                    self.truncations[a] = trunc
                    self.infos[a] = {"result": result.to_json() if result is not None else None}
        else:
            current = d.current
            assert current is not None
            self.agent_selection = self.possible_agents[current]

    def observe(self, agent: str) -> Obs:
        """The observation of ``agent``: its vector and its action mask (all zero when not to move)."""
        seat = self._seat(agent)
        found = self._cache.get(seat)
        d = self.driver
        if found is not None and found[0] == d.version:
            return found[1]
        obs: Obs = {"observation": d.observe(seat), "action_mask": d.mask(seat)}
        self._cache[seat] = (d.version, obs)
        return obs

    def last(self, observe: bool = True) -> tuple[Obs | None, float, bool, bool, dict[str, Any]]:
        """The observation, cumulative reward, termination, truncation and info of
        the agent to act (PettingZoo's ``last``)."""
        agent = self.agent_selection
        if agent not in self._cumulative_rewards:
            if self.driver.hand is None:
                raise EnvError("last() before reset(): call reset() first")
            raise EnvError("last(): every agent is done; call reset() for a new hand")
        obs = self.observe(agent) if observe else None
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        """Choose one token for the agent to move (``None`` for an agent that is done).

        Raises :class:`~rummykit.errors.EnvError` for an action outside the
        action space, a call before ``reset`` or after every agent is done, and
        :class:`~rummykit.IllegalAction` for a token the mask leaves out."""
        agent = self.agent_selection
        done = self.terminations.get(agent)
        if done is None:
            if self.driver.hand is None:
                raise EnvError("step() before reset(): call reset() first")
            raise EnvError("step(): every agent is done; call reset() for a new hand")
        if done or self.truncations[agent]:
            if action is not None:
                raise EnvError(f"step: {agent} is done, so its only action is None, got {action!r}")
            self._was_dead_step(action)
            return
        if action is None:
            raise EnvError(f"step: {agent} must choose a token (an integer), got None")
        token = token_of(action, self._size)
        self._cumulative_rewards[agent] = 0.0
        chosen = self.driver.choose(token)
        if chosen is not None:
            self._after_action()
            if self.terminations[agent] or self.truncations[agent]:
                self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``ansi``: the hand as text; ``human``: print it."""
        if self.render_mode is None:
            warn("render() called without a render_mode (use 'ansi' or 'human')")
            return None
        if self.driver.hand is None:
            return None
        text = self.driver.render(self.possible_agents)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def aec_env(
    variant: Variant | str | Path,
    players: int = 2,
    *,
    render_mode: str | None = None,
    normalize_rewards: bool = False,
    rewards: str = "score",
) -> RummyAEC:
    """A PettingZoo AEC environment for one hand of ``variant`` (a Variant,
    a built-in name or the path of a variant file).

    Agents ``player_0`` ... each choose one token of the action vocabulary per
    step (see :mod:`rummykit.rl.tokens`); the observation is a dict with the
    ``observation`` vector (see :mod:`rummykit.rl.observe`) and the
    ``action_mask``. At the end of the hand every agent gets its settlement
    score as reward (negated for penalty-point variants); with
    ``rewards="relative"``, its score minus the mean of the other seats'
    (zero-sum, so that a hand lost scores below zero where only the winner
    scores); ``normalize_rewards`` divides by the largest absolute value.

    >>> from rummykit.rl import aec_env
    >>> env = aec_env("gin")
    >>> env.reset(seed=1)
    >>> obs, reward, term, trunc, info = env.last()
    >>> env.agent_selection, int(obs["action_mask"].sum()) > 0
    ('player_1', True)
    """
    return RummyAEC(
        variant, players, render_mode=render_mode, normalize_rewards=normalize_rewards, rewards=rewards
    )
