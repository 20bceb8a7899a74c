"""Helpers shared by the ``test_rules_*`` modules of the part-2 variants and
``test_optional_rules`` (not a test module)."""

from __future__ import annotations

from collections.abc import Callable

import attrs

import rummykit as rk
from rummykit import Phase


def legal(h: rk.Hand) -> list[str]:
    """The legal actions of ``h`` as text."""
    return [str(a) for a in h.legal_actions()]


def words(h: rk.Hand, word: str) -> list[str]:
    """The legal actions of ``h`` starting with ``word`` (``"meld"``, ``"declare"``...)."""
    return [str(a) for a in h.legal_actions() if a.word == word]


def bot_match(v: rk.Variant, players: int, *, seed: int, max_turns: int | None = None) -> rk.Match:
    """A whole game of ``v`` played by greedy bots. ``max_turns`` lowers the
    per-hand safety bound (not a rule) to keep a slow variant's test fast."""
    if max_turns is not None:
        v = attrs.evolve(v, limits=attrs.evolve(v.limits, max_turns=max_turns))
    match = rk.new_match(v, players=players, seed=seed)
    match.play([rk.GreedyBot(v) for _ in range(players)])
    assert match.is_over
    # The game ended by its own rule, not by the safety bound on hands.
    assert match.hands_played < v.limits.max_hands
    return match


Policy = Callable[[rk.Match, rk.View], str]


def scripted_match(v: rk.Variant, policies: list[Policy], *, seed: int = 1, dealer: int = 0) -> rk.Match:
    """Play a match where ``policies[seat](match, view)`` names each action."""
    match = rk.new_match(v, players=len(policies), seed=seed, dealer=dealer)
    while not match.is_over:
        h = match.hand
        p = h.current_player
        assert p is not None
        match.apply(policies[match.seats[p]](match, h.view(p)))
    return match


def first_discard(view: rk.View) -> str:
    """The first discard listed (a player who never melds nor declares)."""
    return next(str(a) for a in view.legal if a.word == "discard")


def plain(match: rk.Match, view: rk.View) -> str:
    """Draw from the stock and discard; never meld, declare or drop."""
    return "draw" if view.phase is Phase.DRAW else first_discard(view)


def dropper(when: Callable[[rk.Match], bool] = lambda m: True) -> Policy:
    """Drop at the first chance in the hands where ``when(match)`` holds
    (a first drop); otherwise play :func:`plain`."""

    def policy(match: rk.Match, view: rk.View) -> str:
        if view.phase is Phase.DRAW and when(match):
            return "drop"
        return plain(match, view)

    return policy


def middle_dropper() -> Policy:
    """Draw and discard on the first turn of each hand, drop on the second (a middle drop)."""
    drew: set[int] = set()

    def policy(match: rk.Match, view: rk.View) -> str:
        if view.phase is Phase.DRAW:
            if match.hands_played in drew:
                return "drop"
            drew.add(match.hands_played)
            return "draw"
        return first_discard(view)

    return policy
