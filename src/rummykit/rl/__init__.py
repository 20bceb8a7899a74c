"""Reinforcement-learning environments for every variant (the ``rl`` extra).

Install with ``pip install 'rummykit[rl]'`` (PettingZoo, Gymnasium, NumPy).

* :func:`aec_env`: a PettingZoo AEC environment, one agent per seat;
* :func:`gym_env`: a Gymnasium environment, one agent against bots;
* :class:`ActionTokens` / :class:`Decision`: the fixed integer action space
  (actions as token sequences) and its masks;
* :class:`Observer`: the observation vector of a seat's view.

See the documentation page "Reinforcement learning" for the spaces, masks,
observations and rewards.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(f"rummykit.rl needs the 'rl' extra: pip install 'rummykit[rl]' ({exc})") from exc

from rummykit.rl.aec import RummyAEC, aec_env
from rummykit.rl.observe import KnownCards, Observer
from rummykit.rl.single import Bot, RummyGym, gym_env
from rummykit.rl.tokens import END, ActionTokens, Decision

__all__ = [
    "END",
    "ActionTokens",
    "Bot",
    "Decision",
    "KnownCards",
    "Observer",
    "RummyAEC",
    "RummyGym",
    "aec_env",
    "gym_env",
]
