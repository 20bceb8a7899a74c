"""Agents on rummykit's RL environments: random, greedy, and a tiny masked policy.

1. Random agents on the PettingZoo AEC environment of a variant (every seat
   picks a random unmasked token).
2. A random agent on the Gymnasium environment against GreedyBot.
3. A short REINFORCE loop with NumPy only: a linear softmax policy over the
   tokens, masked by the action mask, trained against GreedyBot. A handful
   of episodes so that it runs in seconds: it shows the loop, not a strong
   player (raise --episodes for a real run).

Needs the ``rl`` extra: pip install 'rummykit[rl]'.

Run: python examples/rl_random.py [VARIANT] [--hands N] [--episodes N]
"""

from __future__ import annotations

import argparse

import numpy as np

import rummykit as rk
from rummykit.rl import aec_env, gym_env


def random_aec(variant: str, players: int, hands: int, seed: int) -> None:
    env = aec_env(variant, players)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for h in range(hands):
        env.reset(seed=seed + h)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, _ = env.last()
            totals[agent] += reward
            if termination or truncation:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                steps += 1
            env.step(action)
    n = env.action_space("player_0").n
    print(f"{variant}, {players} random agents, {hands} hands, {steps} steps ({n} tokens)")
    print("  total rewards:", {a: round(r, 1) for a, r in totals.items()})


def random_vs_greedy(variant: str, episodes: int, seed: int) -> None:
    env = gym_env(variant, rewards="relative")  # one GreedyBot opponent by default
    rng = np.random.default_rng(seed)
    rewards = []
    for e in range(episodes):
        _, info = env.reset(seed=seed + e)
        total, done = 0.0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            done = terminated or truncated
        rewards.append(total)
    print(f"random agent vs GreedyBot in {variant}: mean reward {np.mean(rewards):.1f} over {episodes} hands")


def reinforce(variant: str, episodes: int, seed: int, lr: float = 0.01) -> list[float]:
    """REINFORCE with a linear softmax policy over tokens, illegal tokens masked out."""
    env = gym_env(variant, rewards="relative", normalize_rewards=True)  # a lost hand scores below 0
    rng = np.random.default_rng(seed)
    n_obs = env.observation_space.shape[0]
    n_act = int(env.action_space.n)
    weights = np.zeros((n_obs, n_act))
    returns: list[float] = []
    for e in range(episodes):
        obs, info = env.reset(seed=seed + e)
        trajectory: list[tuple[np.ndarray, np.ndarray, int]] = []
        reward, done = 0.0, False
        while not done:
            mask = info["action_mask"].astype(bool)
            logits = obs @ weights
            logits[~mask] = -np.inf
            p = np.exp(logits - logits[mask].max())
            p /= p.sum()
            action = int(rng.choice(n_act, p=p))
            trajectory.append((obs, p, action))
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        for x, p, a in trajectory:  # the hand's (normalised) result is every step's return
            grad = -p
            grad[a] += 1.0
            weights += lr * reward * np.outer(x, grad)
        returns.append(float(reward))
    return returns


def main() -> None:
    ap = argparse.ArgumentParser(description="Random, greedy and masked-policy agents on rummykit.rl")
    ap.add_argument("variant", nargs="?", default="gin")
    ap.add_argument("--hands", type=int, default=5)
    ap.add_argument("--episodes", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    try:
        v = rk.load_variant(a.variant)
    except ValueError as exc:  # every rummykit error is one: a bad name or file, no traceback
        raise SystemExit(f"rl_random.py: {exc}") from None
    random_aec(a.variant, v.players.min, a.hands, a.seed)
    random_aec(a.variant, v.players.max, 1, a.seed)
    random_vs_greedy(a.variant, a.hands, a.seed)
    returns = reinforce(a.variant, a.episodes, a.seed)
    half = max(1, len(returns) // 2)
    print(
        f"REINFORCE vs GreedyBot, {len(returns)} hands: mean normalised reward "
        f"{np.mean(returns[:half]):.2f} (first half), {np.mean(returns[half:] or returns):.2f} (second half)"
    )


if __name__ == "__main__":
    main()
