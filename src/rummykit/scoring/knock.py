"""Settling ``knock`` scoring (Gin and Knock Rummy): deadwood compared after
the defenders' lay-offs, gin and undercut bonuses.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rummykit.cards import Card, Suit
from rummykit.melds import Meld, best_arrangement, layoff_options
from rummykit.rules import KnockScoring, KnockTie
from rummykit.scoring.context import _Ctx
from rummykit.scoring.registry import register_settlement
from rummykit.scoring.values import LaidOff, Settlement, _bad


@register_settlement(KnockScoring)
def _knock(c: _Ctx) -> Settlement:
    result = _knock_plain(c)
    s = c.scoring
    assert isinstance(s, KnockScoring)
    up = c.e.upcard
    if not (s.spade_doubles and up is not None and up.suit is Suit.SPADES and any(result.scores)):
        return result
    # Oklahoma Gin, spades double: "when the upcard is a spade, all scores
    # accruing from that deal are doubled" ([S56], "Oklahoma Gin"); the box bonuses,
    # counted at the game's end, are not (rummy-games.com: "gin and undercut
    # bonuses are doubled, but box (line) bonuses are not doubled").
    return attrs.evolve(
        result,
        scores=tuple(2 * x for x in result.scores),
        payments=tuple(attrs.evolve(p, amount=2 * p.amount) for p in result.payments),
        reasons=(*result.reasons, f"the upcard {up} is a spade: the hand counts double"),
    )


def _knock_plain(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, KnockScoring)
    k = c.e.knocker if c.e.knocker is not None else c.e.went_out
    if k is None:
        c.reasons.append("nobody knocked: nobody scores")
        return c.done([0] * c.n)
    dead = []
    for x in range(c.n):
        d = c.deadwood(x)
        dead.append(c.hand(x) if d is None else d)
    others = [x for x in c.seat_order() if x != k] or [x for x in range(c.n) if x != k]
    up = c.e.upcard
    if up is not None:  # the going-out component's limit for this hand
        limit = c.v.going_out.knock_limit(upcard_value=c.card(up), upcard=up)
    else:  # the highest limit any hand may have (Oklahoma: the upcard's value)
        limit = c.v.going_out.highest_knock_limit({c.card(x) for x in c.v.deck.shoe(c.n)})
    if limit is not None and dead[k] > limit:
        raise _bad(f"the knocker (seat {k}) has deadwood {dead[k]}, above the knock limit {limit}")
    if c.e.best_layoffs:
        _lay_off_best(c, k, others, dead)
    low = min(dead[x] for x in others)
    gin = dead[k] == 0
    big = gin and not c.e.final_discard
    scores = [0] * c.n
    c.reasons.append("deadwood " + ", ".join(f"seat {x}: {dead[x]}" for x in range(c.n)))
    knocker_wins = dead[k] < low or (
        dead[k] == low and (s.tie is KnockTie.KNOCKER or (gin and s.gin_tie is KnockTie.KNOCKER))
    )
    if knocker_wins:
        diff = sum(dead[x] - dead[k] for x in others)
        bonus = 0
        if gin:
            bonus = s.gin_bonus * (len(others) if s.bonus_per_opponent else 1)
            c.reasons.append(f"{'big gin' if big else 'gin'}: +{bonus}")
            if big and s.big_gin_bonus:
                bonus += s.big_gin_bonus
                c.reasons.append(f"big gin bonus: +{s.big_gin_bonus}")
        scores[k] = diff + bonus
        for x in others:
            c.pay(None, k, dead[x] - dead[k], f"deadwood difference with seat {x}")
        c.pay(None, k, bonus, "gin bonus")
        return c.done(scores, [k])
    w = next(x for x in others if dead[x] == low)
    diff = sum(dead[x] - dead[w] for x in range(c.n) if x != w)
    undercut = dead[w] < dead[k] or s.tie is KnockTie.UNDERCUT
    scores[w] = diff
    for x in range(c.n):
        if x != w:
            c.pay(None, w, dead[x] - dead[w], f"deadwood difference with seat {x}")
    if undercut:
        scores[w] += s.undercut_bonus
        scores[k] -= s.knocker_penalty
        c.pay(None, w, s.undercut_bonus, "undercut bonus")
        c.pay(k, None, s.knocker_penalty, "knocker undercut")
        c.reasons.append(f"seat {w} undercut the knocker: +{s.undercut_bonus}")
        if s.knocker_penalty:
            c.reasons.append(f"knocker undercut: -{s.knocker_penalty}")
    return c.done(scores, [w])


def _lay_off_best(c: _Ctx, k: int, others: Sequence[int], dead: list[int]) -> None:
    """Lay off each defender's cards onto the knocker's melds, the way that
    leaves the defender the least deadwood (defenders in playing order, each
    onto the melds as the earlier ones left them). Updates ``dead``."""
    v, wild = c.v, c.e.wild_ranks
    melds = list(c.melds[k])
    if not melds and c.e.hands[k] and c.count(k) is None:
        arr = best_arrangement(v, c.e.hands[k], wild_ranks=wild)
        if arr is not None:
            melds = list(arr.melds)
            dead[k] = arr.deadwood_value
    gin = dead[k] == 0
    if not v.layoff.after_knock(gin=gin):
        c.reasons.append(f"no lay-offs after {'gin' if gin else 'this knock'} (layoff {v.layoff.kind})")
        return
    laid: list[LaidOff] = list(c.laid)
    for x in others:
        if c.count(x) is not None:
            raise _bad(f"best_layoffs needs seat {x}'s cards, not a count")
        value, moves, after = _best_for(c, tuple(sorted(c.e.hands[x])), tuple(melds), {})
        if moves:
            laid.extend(LaidOff(card, x, k, i) for card, i in moves)
            c.reasons.append(f"seat {x} lays off " + ", ".join(f"{card} on #{i + 1}" for card, i in moves))
        melds = list(after)
        dead[x] = value
    c.melds[k] = melds
    c.laid = tuple(laid)


def _best_for(
    c: _Ctx,
    hand: tuple[Card, ...],
    melds: tuple[Meld, ...],
    memo: dict[tuple[tuple[int, ...], tuple[str, ...]], tuple[int, list[tuple[Card, int]], tuple[Meld, ...]]],
) -> tuple[int, list[tuple[Card, int]], tuple[Meld, ...]]:
    """(deadwood, lay-offs, melds after) best for the holder of ``hand``."""
    key = (tuple(x.code for x in hand), tuple(str(m) for m in melds))
    if key in memo:
        return memo[key]
    if hand:
        arr = best_arrangement(c.v, hand, wild_ranks=c.e.wild_ranks)
        base = arr.deadwood_value if arr is not None else sum(c.card(x) for x in hand)
    else:
        base = 0
    best: tuple[int, list[tuple[Card, int]], tuple[Meld, ...]] = (base, [], melds)
    tried: set[Card] = set()
    for j, card in enumerate(hand):
        if card in tried:
            continue
        tried.add(card)
        rest = hand[:j] + hand[j + 1 :]
        for i, m in enumerate(melds):
            for after in layoff_options(c.v, m, card, wild_ranks=c.e.wild_ranks):
                new = (*melds[:i], after, *melds[i + 1 :])
                value, moves, end = _best_for(c, rest, new, memo)
                if value < best[0] or (value == best[0] and len(moves) + 1 < len(best[1])):
                    best = (value, [(card, i), *moves], end)
    memo[key] = best
    return best
