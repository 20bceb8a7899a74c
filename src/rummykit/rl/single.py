"""Gymnasium environment: one learning seat against bots."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from rummykit.bots import GreedyBot
from rummykit.engine import Action, View, parse_action
from rummykit.errors import EnvError, IllegalAction
from rummykit.rl.core import Driver, check_players, resolve_variant
from rummykit.rl.inputs import check_int, dealer_of, seed_of, token_of
from rummykit.variant import Variant

__all__ = ["Bot", "RummyGym", "gym_env"]

ObsVec: TypeAlias = npt.NDArray[np.float32]


class Bot(Protocol):
    """Any player of the bot protocol: ``choose(view)`` returns a legal action or its text."""

    def choose(self, view: View) -> Action | str: ...


class RummyGym(gymnasium.Env[ObsVec, np.int64]):  # type: ignore[misc, unused-ignore]
    """One hand of a variant for a single agent against bots; see :func:`gym_env`."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (Gymnasium declares it so)

    def __init__(
        self,
        variant: Variant | str | Path,
        opponents: Sequence[Bot] | None = None,
        *,
        players: int | None = None,
        seat: int = 0,
        render_mode: str | None = None,
        normalize_rewards: bool = False,
        rewards: str = "score",
        illegal_reward: float = -1.0,
    ) -> None:
        v = resolve_variant(variant)
        if opponents is None:
            n = max(2, v.players.min) if players is None else check_players(v, players)
            opponents = [GreedyBot(v) for _ in range(n - 1)]
        if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
            raise EnvError(f"opponents must be a list of bots, got {type(opponents).__name__}")
        n = len(opponents) + 1
        if players is not None and players != n:
            raise EnvError(f"players={players} but {len(opponents)} opponents were given (need players - 1)")
        seat = check_int("seat", seat, 0, n - 1)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode must be one of 'ansi', 'human' or None, got {render_mode!r}")
        for bot in opponents:
            if not callable(getattr(bot, "choose", None)):
                raise EnvError(f"an opponent must have a choose(view) method, got {bot!r}")
        if (
            isinstance(illegal_reward, bool)
            or not isinstance(illegal_reward, (int, float, np.number))
            or not np.isfinite(illegal_reward)
        ):
            raise EnvError(f"illegal_reward must be a finite number, got {illegal_reward!r}")
        self.variant = v
        self.driver = Driver(v, n, normalize_rewards=normalize_rewards, rewards=rewards)
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        others = [s for s in range(n) if s != seat]
        self.bots: dict[int, Bot] = dict(zip(others, opponents, strict=True))
        high = float(4 * self.driver.observer.shoe + 8)
        self.observation_space = spaces.Box(
            low=-1.0, high=high, shape=self.driver.observer.shape, dtype=np.float32
        )
        self._size = len(self.driver.tokens)
        self.action_space = spaces.Discrete(self._size)

    @property
    def tokens(self) -> Any:
        """The :class:`~rummykit.rl.tokens.ActionTokens` of the variant."""
        return self.driver.tokens

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal tokens now (for maskable policies)."""
        return self.driver.mask(self.seat).astype(bool)

    def _bots_play(self) -> None:
        d = self.driver
        while not d.over and d.current != self.seat:
            seat = d.current
            assert seat is not None and d.view is not None
            choice = self.bots[seat].choose(d.view)
            action = parse_action(choice) if isinstance(choice, str) else choice
            d.play(d.the_hand.verify(action))

    def _obs(self) -> ObsVec:
        return self.driver.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        d = self.driver
        info: dict[str, Any] = {"action_mask": d.mask(self.seat)}
        if d.last_action is not None:
            info["last_action"] = d.last_text(self.seat)
        result = d.the_hand.result
        if result is not None:
            info["result"] = result.to_json()
        return info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsVec, dict[str, Any]]:
        """Deal a new hand and let the bots play up to the agent's first decision.

        ``options={"dealer": seat}`` chooses the dealer. Bots with an ``rng``
        attribute (like :class:`~rummykit.RandomBot`) are reseeded from ``seed``.
        """
        seed = seed_of(seed)
        dealer = dealer_of(options, self.driver.n)
        super().reset(seed=seed)
        if seed is not None:
            for i, bot in sorted(self.bots.items()):
                rng = getattr(bot, "rng", None)
                if rng is not None and hasattr(rng, "seed"):
                    rng.seed(seed * 1009 + i)
        for _ in range(1000):
            self.driver.deal(int(self.np_random.integers(2**63 - 1)), dealer)
            self._bots_play()
            if not self.driver.over:
                break
        else:  # pragma: no cover - bots always leave the agent a decision in practice
            raise EnvError("the bots ended 1000 hands in a row before the agent could act")
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._info()

    def step(self, action: int | np.integer[Any]) -> tuple[ObsVec, float, bool, bool, dict[str, Any]]:
        """Choose one token; an unmasked (illegal) token costs ``illegal_reward`` and changes nothing.

        Raises :class:`~rummykit.errors.EnvError` for an action outside the
        action space (not an integer from 0 to ``action_space.n - 1``) and for
        a call before ``reset`` or after the hand is over."""
        d = self.driver
        token = token_of(action, self._size)
        if d.over:
            raise EnvError("step: the hand is over: call reset()")
        try:
            chosen = d.choose(token)
        except IllegalAction as exc:
            info = self._info()
            info["illegal"] = str(exc)
            return self._obs(), self.illegal_reward, False, False, info
        if chosen is not None:
            self._bots_play()
        reward = 0.0
        terminated = truncated = False
        if d.over:
            reward = d.scores()[self.seat]
            truncated = d.truncated
            terminated = not truncated
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:  # type: ignore[override, unused-ignore]  # (Gymnasium 1.0 types it as RenderFrame)
        """``ansi``: the hand as text; ``human``: print it."""
        if self.render_mode is None or self.driver.hand is None:
            return None
        names = [f"player_{s}" + (" (agent)" if s == self.seat else "") for s in range(self.driver.n)]
        text = self.driver.render(names)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def gym_env(
    variant: Variant | str | Path,
    opponents: Sequence[Bot] | None = None,
    *,
    players: int | None = None,
    seat: int = 0,
    render_mode: str | None = None,
    normalize_rewards: bool = False,
    rewards: str = "score",
    illegal_reward: float = -1.0,
) -> RummyGym:
    """A Gymnasium environment: the agent plays ``seat`` against ``opponents``
    (bots with ``choose(view)``; by default one :class:`~rummykit.GreedyBot`
    per other seat, ``players`` seats in all).

    Same tokens, observation vector and rewards as :func:`~rummykit.rl.aec_env`;
    the action mask is in ``info["action_mask"]`` and ``env.action_masks()``.

    >>> from rummykit.rl import gym_env
    >>> env = gym_env("gin")
    >>> obs, info = env.reset(seed=3)
    >>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
    (True, True)
    """
    return RummyGym(
        variant,
        opponents,
        players=players,
        seat=seat,
        render_mode=render_mode,
        normalize_rewards=normalize_rewards,
        rewards=rewards,
        illegal_reward=illegal_reward,
    )
