"""Reinforcement-learning environments for every variant (the ``rl`` extra).

Install with ``pip install 'rummykit[rl]'`` (PettingZoo, Gymnasium, NumPy).

* :func:`aec_env`: a PettingZoo AEC environment, one agent per seat;
* :func:`gym_env`: a Gymnasium environment, one agent against bots;
* :func:`vector_env`: ``n`` hands stepped together, arrays in and out;
* :class:`ActionTokens` / :class:`Decision`: the fixed integer action space
  (actions as token sequences) and its masks;
* :class:`Observer`: the observation vector of a seat's view;
* :class:`EnvError`: what the environments raise for a bad action, option,
  agent name, seed or call order (a :class:`~rummykit.RummyError`).

See the documentation page "Reinforcement learning" for the spaces, masks,
observations and rewards. The names load on first use, so that this package
can be imported (and its absence of the extra reported clearly) without the
extra installed.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from rummykit.errors import EnvError

if TYPE_CHECKING:
    from rummykit.rl.aec import RummyAEC, aec_env
    from rummykit.rl.observe import KnownCards, Observer
    from rummykit.rl.single import Bot, RummyGym, gym_env
    from rummykit.rl.tokens import END, ActionTokens, Decision
    from rummykit.rl.vector import VectorEnv, vector_env

__all__ = [
    "END",
    "ActionTokens",
    "Bot",
    "Decision",
    "EnvError",
    "KnownCards",
    "Observer",
    "RummyAEC",
    "RummyGym",
    "VectorEnv",
    "aec_env",
    "gym_env",
    "vector_env",
]

_WHERE = {
    "END": "tokens",
    "ActionTokens": "tokens",
    "Decision": "tokens",
    "KnownCards": "observe",
    "Observer": "observe",
    "RummyAEC": "aec",
    "aec_env": "aec",
    "Bot": "single",
    "RummyGym": "single",
    "gym_env": "single",
    "VectorEnv": "vector",
    "vector_env": "vector",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'rummykit.rl' has no attribute {name!r}")
    try:
        found = getattr(importlib.import_module(f"rummykit.rl.{module}"), name)
    except ImportError as exc:
        raise ImportError(f"rummykit.rl needs the 'rl' extra: pip install 'rummykit[rl]' ({exc})") from exc
    globals()[name] = found
    return found


def __dir__() -> list[str]:
    return sorted(__all__)
