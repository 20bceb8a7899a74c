"""The search bot's rollouts: the fast greedy policy that plays them out, and
the paired statistics that compare candidates over them."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from rummykit.bots.hands import closeness
from rummykit.cards import Card
from rummykit.engine import (
    Action,
    Call,
    Declare,
    Discard,
    Draw,
    Drop,
    Knock,
    Layoff,
    MeldAction,
    Pass,
    Pick,
    Take,
)

if TYPE_CHECKING:
    from rummykit.bots.search import SearchBot

__all__ = ["fast_choice", "mean", "paired"]


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else -1.0


def paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of the paired differences a - b (common rollouts), and its
    standard error."""
    k = min(len(a), len(b))
    if k < 2:
        return 0.0, 1.0
    d = [a[-k + i] - b[-k + i] for i in range(k)]
    m = sum(d) / k
    var = sum((x - m) ** 2 for x in d) / (k - 1)
    return m, (var / k) ** 0.5 + 1e-9


def fast_choice(
    bot: SearchBot,
    hand: tuple[Card, ...],
    legal: tuple[Action, ...],
    wild: frozenset[Any],
    stock: int,
    pile: tuple[Card, ...],
    rng: random.Random,
) -> Action:
    """A quick greedy move for rollouts: declare, go out, meld, lay off; take
    a discard close to a meld; discard the deadwood card of highest value and
    least use (one best-arrangement call); knock at ``knock_at`` or less."""
    discards: list[Discard] = []
    knocks: dict[Card | None, Knock] = {}
    plain_take: Action | None = None
    draw: Action | None = None
    passes: Action | None = None
    best_meld: MeldAction | None = None
    other: Action | None = None
    for a in legal:
        if isinstance(a, Discard):
            discards.append(a)
        elif isinstance(a, Declare):
            return a
        elif isinstance(a, Knock):
            knocks[a.card] = a
        elif isinstance(a, Call):
            return a
        elif isinstance(a, Take | Pick):
            if a.then is not None:
                return a
            if isinstance(a, Take) and a.depth == 1 and not a.and_draw:
                plain_take = a
        elif isinstance(a, MeldAction):
            if best_meld is None or len(a.cards()) > len(best_meld.cards()):
                best_meld = a
        elif isinstance(a, Layoff):
            if best_meld is None:
                other = other or a
        elif isinstance(a, Draw):
            draw = a
        elif isinstance(a, Pass):
            passes = a
        elif not isinstance(a, Drop) and other is None:
            other = a
    if best_meld is not None:
        return best_meld
    if isinstance(other, Layoff):
        return other
    if draw is not None or plain_take is not None:
        top = pile[-1] if pile else None
        if plain_take is not None and top is not None and stock > 0 and closeness(top, hand, wild) >= 3:
            return plain_take
        if draw is not None:
            return draw
        if passes is not None:
            return passes
        assert plain_take is not None
        return plain_take
    if discards or knocks:
        dead_value, dead = bot.leftover(hand, wild)
        choices = [a.card for a in discards] or [c for c in knocks if c is not None]
        if not choices:
            return next(iter(knocks.values()))
        if rng.random() < bot.epsilon:
            card = rng.choice(choices)
        else:
            pool = [c for c in choices if dead >> c.code & 1] or choices
            card = max(pool, key=lambda c: (bot.value(c) - 2 * closeness(c, hand, wild), c.code))
        if None in knocks and dead_value == 0:
            return knocks[None]
        k = knocks.get(card)
        if (
            k is not None
            and (dead_value - (bot.value(card) if dead >> card.code & 1 else 0)) <= bot.greedy.knock_at
        ):
            return k
        if not discards:
            return k or next(iter(knocks.values()))
        return Discard(card)
    if passes is not None:
        return passes
    return other or legal[0]
