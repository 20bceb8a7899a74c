"""N hands at once, stepped in one call: for learners that want throughput.

:func:`vector_env` plays ``n`` independent hands of a variant, every seat
an agent as in :func:`~rummykit.rl.aec_env`. Each :meth:`VectorEnv.step`
takes one token per hand for the seat to move there and returns arrays for
all hands at once; a hand that ends is dealt again at once (its last
rewards come with the step that ended it, its new observation with the
same step). The observations, masks and tokens are exactly those of the AEC
environment.

>>> import numpy as np
>>> from rummykit.rl import vector_env
>>> env = vector_env("gin", 4)
>>> obs, mask, seat = env.reset(seed=1)
>>> obs.shape, mask.shape, seat.tolist()
((4, 504), (4, 122), [1, 1, 1, 1])
>>> rng = np.random.default_rng(0)
>>> actions = [int(rng.choice(np.flatnonzero(m))) for m in mask]
>>> obs, mask, seat, rewards, done = env.step(actions)
>>> rewards.shape, done.tolist()
((4, 2), [False, False, False, False])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from rummykit.errors import EnvError, IllegalAction
from rummykit.rl.core import Driver, resolve_variant
from rummykit.rl.inputs import check_int, seed_of, token_of
from rummykit.variant import Variant

__all__ = ["VectorEnv", "vector_env"]

Step = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.int8],
    npt.NDArray[np.int64],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
]


class VectorEnv:
    """``n`` hands of one variant; see :func:`vector_env`."""

    def __init__(
        self,
        variant: Variant | str | Path,
        n: int,
        players: int = 2,
        *,
        normalize_rewards: bool = False,
        rewards: str = "score",
    ) -> None:
        v = resolve_variant(variant)
        self.n = check_int("n", n, 1, 1 << 16)
        self.variant = v
        self.drivers = [
            Driver(v, players, normalize_rewards=normalize_rewards, rewards=rewards) for _ in range(self.n)
        ]
        first = self.drivers[0]
        self.players = first.n
        self.tokens = first.tokens
        self.size = len(first.tokens)
        self.obs = np.zeros((self.n, first.observer.size), dtype=np.float32)
        self.mask = np.zeros((self.n, self.size), dtype=np.int8)
        self.seat = np.zeros(self.n, dtype=np.int64)
        self.hands_done = 0
        """Hands finished since the environment was made."""
        self._rng = random.Random()
        self._ready = False

    @property
    def observation_size(self) -> int:
        return int(self.obs.shape[1])

    def _deal(self, i: int) -> None:
        d = self.drivers[i]
        d.deal(self._rng.getrandbits(63))
        self._write(i)

    def _write(self, i: int) -> None:
        d = self.drivers[i]
        seat = d.current
        assert seat is not None and d.decision is not None
        self.seat[i] = seat
        self.obs[i] = d.observe(seat)
        row = self.mask[i]
        row[:] = 0
        row[list(d.decision.allowed)] = 1

    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """Deal every hand (``seed`` makes the deals reproducible). Returns the
        observations ``(n, size)``, the action masks ``(n, tokens)`` and the
        seat to move in each hand ``(n,)``; the arrays are the environment's
        own, overwritten by the next call (copy what you keep)."""
        seed = seed_of(seed)
        if seed is not None:
            self._rng.seed(seed)
        for i in range(self.n):
            self._deal(i)
        self._ready = True
        return self.obs, self.mask, self.seat

    def step(self, actions: Sequence[int] | npt.NDArray[Any]) -> Step:
        """One token per hand, for the seat to move there. Returns the
        observations, masks and seats to move after it, the rewards
        ``(n, players)`` of the hands this step ended (zero elsewhere) and
        which hands it ended (those are dealt again at once).

        Raises :class:`~rummykit.errors.EnvError` for a call before
        :meth:`reset` or not one action per hand, and
        :class:`~rummykit.IllegalAction` for a token the mask leaves out: every
        token is checked before any hand moves, so a refused step changes nothing."""
        if not self._ready:
            raise EnvError("step() before reset(): call reset() first")
        tokens = self._tokens(actions)
        rewards = np.zeros((self.n, self.players), dtype=np.float32)
        done = np.zeros(self.n, dtype=np.bool_)
        for i, d in enumerate(self.drivers):
            d.choose(tokens[i])
            if d.over:
                rewards[i] = d.scores()
                done[i] = True
                self.hands_done += 1
                self._deal(i)
            else:
                self._write(i)
        return self.obs, self.mask, self.seat, rewards, done

    def _tokens(self, actions: object) -> list[int]:
        """One token per hand, every one checked (in range and masked in) before any hand moves."""
        if isinstance(actions, (str, bytes)) or not isinstance(actions, (Sequence, np.ndarray)):
            raise EnvError(
                f"step: actions must be a sequence or array of {self.n} tokens, got {actions!r:.60}"
            )
        if isinstance(actions, np.ndarray) and actions.ndim != 1:
            raise EnvError(f"step: actions must be a 1-d array of {self.n} tokens, got shape {actions.shape}")
        if len(actions) != self.n:
            raise EnvError(f"step: need {self.n} actions, one per hand, got {len(actions)}")
        size = self.size
        tokens = [token_of(actions[i], size) for i in range(self.n)]
        for i, (t, d) in enumerate(zip(tokens, self.drivers, strict=True)):
            if d.decision is not None and t not in d.decision.allowed:
                try:
                    d.decision.choose(t)
                except IllegalAction as exc:
                    raise IllegalAction(f"hand {i}: {exc.reason} (no hand moved)", action=t) from None
        return tokens


def vector_env(
    variant: Variant | str | Path,
    n: int,
    players: int = 2,
    *,
    normalize_rewards: bool = False,
    rewards: str = "score",
) -> VectorEnv:
    """``n`` hands of ``variant`` stepped together (see :class:`VectorEnv`);
    ``players``, ``normalize_rewards`` and ``rewards`` as for
    :func:`~rummykit.rl.aec_env`."""
    return VectorEnv(variant, n, players, normalize_rewards=normalize_rewards, rewards=rewards)
