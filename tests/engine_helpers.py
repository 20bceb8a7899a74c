"""Helpers shared by the engine tests (not a test module)."""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any

import attrs
import pytest

import rummykit as rk
from rummykit.engine.actions import Call, Discard, Draw, Knock, Layoff, Pass, Take

SLOW = {"boathouse", "continental", "queen-city", "nowrang", "liverpool", "shanghai", "hand-and-foot"}
"""Variants whose random hands rarely end before the turn limit."""


LONG_HANDS = {"canasta": 10, "hand-and-foot": 10, "samba": 8}
"""Variants whose hands are long and big (two or three packs, the whole discard pile
taken into the hand): the per-step checks of random playouts stop after
this many turns, to keep each test short."""


@functools.cache
def variant(name: str, *, max_turns: int | None = None) -> rk.Variant:
    """The built-in variant ``name``, its hands cut at ``max_turns`` (one object a
    name and limit, so that the engine's compiled rules for it are reused)."""
    v = rk.load_variant(name)
    if name in LONG_HANDS:
        max_turns = min(max_turns or v.limits.max_turns, LONG_HANDS[name])
    if max_turns is not None:
        v = attrs.evolve(v, limits=attrs.evolve(v.limits, max_turns=max_turns))
    return v


@functools.cache
def player_counts(name: str) -> tuple[int, ...]:
    v = rk.load_variant(name)
    counts = tuple(sorted({v.players.min, min(v.players.max, v.players.min + 2)}))
    return counts


def random_seed(i: int) -> int:
    """The ``i``-th seed of the random hands the properties are checked on (fixed, arbitrary)."""
    return random.Random(f"seed {i}").getrandbits(32)


def deep_cases(
    *, seeds: int, quick: int = 1, every_count: bool = True, names: list[str] | None = None
) -> list[Any]:
    """Parameters ``(name, players, seed)`` of a property checked on random hands
    of every built-in variant (or of ``names``): ``seeds`` hands of each variant at
    each of its :func:`player_counts` (only its fewest players without
    ``every_count``).

    The test tiers: the README's test command checks every property on every
    variant, on the first ``quick`` hands at the variant's fewest players; the
    other hands and player counts are marked ``slow`` and run in their own step
    of CI (``pytest -m slow``)."""
    out = []
    for name in names if names is not None else rk.list_variants():
        counts = player_counts(name)
        for players in counts if every_count else counts[:1]:
            for i in range(seeds):
                deep = players > counts[0] or i >= quick
                out.append(
                    pytest.param(
                        name,
                        players,
                        random_seed(i),
                        id=f"{name}-{players}-s{i}",
                        marks=[pytest.mark.slow] if deep else [],
                    )
                )
    return out


def variant_seeds(seeds: tuple[int, ...] = (1, 2)) -> list[Any]:
    """Parameters ``(name, seed)``: every built-in variant with each of
    ``seeds``, the first by default, the others marked ``slow``."""
    return [
        pytest.param(name, seed, id=f"{name}-{seed}", marks=[pytest.mark.slow] if i else [])
        for name in rk.list_variants()
        for i, seed in enumerate(seeds)
    ]


def play_bots(h: rk.Hand, bots: list[Any]) -> rk.Hand:
    """Play ``h`` to its end, seat ``p`` choosing with ``bots[p]`` from its
    view; every choice must be one of the view's legal actions."""
    while not h.is_over:
        p = h.current_player
        assert p is not None
        view = h.view(p)
        action = bots[p].choose(view)
        assert action in view.legal
        h.apply(action)
    return h


def snapshot(h: rk.Hand) -> Any:
    return (
        h.phase,
        h.current,
        [tuple(x) for x in h.hands],
        tuple(h.stock),
        tuple(h.pile),
        tuple(h.table),
        tuple(h.buried),
        h.turns,
        tuple(h.history),
        h.taken,
        h.melds_this_turn,
        tuple(h.melded),
        tuple(h.dropped),
        tuple(h.penalties),
    )


_FIXED: tuple[rk.Action, ...] = (Draw(), Pass(), rk.parse_action("drop"), Take(), Take(2), Take(1, True))
_OTHERS = [rk.Card.from_code(i) for i in (0, 12, 25, 38, 51, 52)]


def candidates(h: rk.Hand) -> list[rk.Action]:
    """Brute-force actions around the state: most are illegal."""
    p = h.current
    out: list[rk.Action] = list(_FIXED)
    cards = sorted(set(h.hand_of(p))) if p is not None else []
    for c in cards + _OTHERS:
        out.append(Discard(c))
        out.append(Knock(c))
        for t in range(1, len(h.table) + 2):
            out.append(Layoff(c, t))
            out.append(Call(c, t))
    out.append(Knock(None))
    return out


PROBES_PER_STEP = 12
"""Brute-force candidates tried at each step of :func:`play_random` with ``check_illegal``:
a random sample of :func:`candidates` (about 90 a step), so that a long hand probes
thousands of illegal actions in every phase without trying all of them at every step."""


def play_greedy(v: rk.Variant, players: int, seed: int) -> rk.Hand:
    """A hand of ``v`` dealt from ``seed``, played to its end by greedy bots
    (seat ``s`` seeded ``s``). Returns the finished hand."""
    from rummykit.bots import GreedyBot

    return play_bots(
        rk.new_hand(v, players=players, seed=seed), [GreedyBot(v, seed=s) for s in range(players)]
    )


def play_random(h: rk.Hand, rng: random.Random, *, check_illegal: bool = False) -> rk.Hand:
    """Play ``h`` to its end with random legal actions, checking the invariants.

    With ``check_illegal``, :data:`PROBES_PER_STEP` brute-force candidate actions,
    drawn at random from :func:`candidates`, are tried at every step: one that is
    refused must leave the state exactly as it was; one that is accepted must have
    resolved to a listed legal action (text such as ``layoff JK on 1`` resolves to
    the one listed ``layoff JK=9D on 1``). The probes draw from their own random
    stream, so the hand played is the same with and without them.
    Returns the finished hand."""
    v = h.variant
    shoe = Counter(v.deck.shoe(h.players))
    probe_rng = random.Random(rng.getrandbits(64))
    while not h.is_over:
        legal = h.legal_actions()
        assert legal, f"no legal action in {h!r}"
        assert h.current_player is not None
        if check_illegal:
            before = snapshot(h)
            saved = h.clone()
            every = candidates(h)
            picked = probe_rng.sample(every, min(2 * PROBES_PER_STEP, len(every)))
            for a in [a for a in picked if a not in legal][:PROBES_PER_STEP]:
                try:
                    h.apply(a)
                except (rk.IllegalAction, rk.AmbiguousActionError) as exc:
                    assert str(exc)
                    assert snapshot(h) == before, f"refused {a} changed the state"
                else:
                    assert h.actions[-1] in legal, f"{a} applied but is not in legal_actions {legal}"
                    h = saved.clone()
        a = legal[rng.randrange(len(legal))]
        h.apply(a)
        assert Counter(h.cards_in_play()) == shoe, f"cards not conserved after {a}"
        assert h.turns <= v.limits.max_turns + 1
    assert h.legal_actions() == ()
    assert h.current_player is None
    assert h.result is not None
    return h
