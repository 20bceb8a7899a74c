"""The replay opponent model's rates, read off the greedy bot's Gin play.

    python bench/replayfit.py [--hands 300] [--positions 96] [--slopes 0.3,0.7,1.5,4]

:mod:`rummykit.bots.replay` weighs a trail of the opponent's hidden cards by
how likely a greedy player's moves are from it: ``TAKE_ERROR`` (an upcard
choice against the rule "take it when it makes a meld with two natural
cards"), ``OUT_OF_DEADWOOD`` (a discard from the best arrangement's melds)
and ``USE_SLOPE`` (how fast a discard's chance falls per point of use below
the least useful loose card). This prints, over greedy-vs-greedy Gin hands
(seeds 5000..), how often the greedy bot's choices follow each rule, then,
for each slope, how much of the opponent's real hidden hand the chain's
hands hold (``hidden_share``, 240 chain steps) at the first decision from
turn 8 of seat 0 in other hands (seeds 3000..), beside 32 uniform deals.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable, Iterator

import rummykit as rk
import rummykit.bots.replay as replay
from rummykit.bots import SearchBot
from rummykit.bots.search import _closeness
from rummykit.bots.simple import _sorted
from rummykit.engine import Discard, Draw, Take
from rummykit.engine.resample import hidden_share

GIN = rk.load_variant("gin")


def decisions(base: int, deals: Iterable[int]) -> Iterator[tuple[rk.Hand, int, rk.View, rk.GreedyBot]]:
    """Each decision of greedy-vs-greedy Gin hands (seeds ``base + deal``):
    the hand, the seat to play, its view and its bot; the caller applies a
    move (the hand ends at its result or at turn 60)."""
    for deal in deals:
        h = rk.new_hand(GIN, players=2, seed=base + deal, dealer=deal % 2)
        players = [rk.GreedyBot(GIN, seed=deal), rk.GreedyBot(GIN, seed=deal + 7)]
        while not h.is_over and h.turns < 60:
            p = h.current_player
            assert p is not None
            yield h, p, h.view(p), players[p]


def rates(hands: int) -> None:
    """How often the greedy bot's Gin choices follow the model's rules."""
    sb = SearchBot(GIN, seed=1, iterations=1)
    draws = agree = discards = in_melds = 0
    gaps: Counter[int] = Counter()
    for h, _, view, player in decisions(5000, range(hands)):
        a = player.choose(view)
        top = view.top_discard
        if top is not None and Draw() in view.legal and any(isinstance(x, Take) for x in view.legal):
            natural = [c for c in view.hand if c.rank is not None]
            draws += 1
            agree += sb._melds_two(top, natural, frozenset()) == isinstance(a, Take)
        if isinstance(a, Discard):
            cards = _sorted(tuple(view.hand))
            _, dead = sb._arrangement(cards, frozenset())
            discards += 1
            if not dead >> a.card.code & 1:
                in_melds += 1
            else:
                use = {
                    c: sb.value(c) - 2 * _closeness(c, cards, frozenset())
                    for c in cards
                    if dead >> c.code & 1
                }
                gaps[max(use.values()) - use[a.card]] += 1
        h.apply(a)
    print(f"upcard rule followed in {agree} of {draws} draws")
    print(f"discards from the melds: {in_melds} of {discards} ({in_melds / discards:.1%})")
    loose = sum(gaps.values())
    print(
        "loose discards, points of use below the least useful: "
        + ", ".join(f"{g}: {gaps[g] / loose:.1%}" for g in sorted(gaps)[:5])
    )


def positions(count: int) -> list[rk.Hand]:
    """Seat 0's first decision from turn 8 in greedy Gin hands where the chain has something to sample."""
    out: list[rk.Hand] = []
    deal = 0
    probe = replay.Replay(SearchBot(GIN, seed=1, iterations=1))
    while len(out) < count:
        for h, p, view, player in decisions(3000, [deal]):
            if p == 0 and view.turn >= 8 and len(view.legal) > 1:
                if probe.sample(view, 1, steps=3, seed=1):
                    out.append(h.clone())
                break
            h.apply(player.choose(view))
        deal += 1
    return out


def slopes(count: int, tried: list[float]) -> None:
    """The chain's share of the opponent's real hidden cards for each slope."""
    pos = positions(count)
    uniform = sum(
        hidden_share(h, 0, 1, [h.view(0).resample(seed=s).hand_of(1) for s in range(32)]) for h in pos
    )
    print(f"{len(pos)} positions; uniform deals hold {uniform / len(pos):.3f}")
    kept = replay.USE_SLOPE
    try:
        for slope in tried:
            replay.USE_SLOPE = slope
            model = replay.Replay(SearchBot(GIN, seed=1, iterations=1))
            share = sum(hidden_share(h, 0, 1, model.sample(h.view(0), 1, steps=240, seed=1)) for h in pos)
            print(f"USE_SLOPE {slope:4}: the chain's hands hold {share / len(pos):.3f}", flush=True)
    finally:
        replay.USE_SLOPE = kept


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--positions", type=int, default=96)
    ap.add_argument("--slopes", default="0.3,0.5,0.7,1.0,1.5,2.5,4.0")
    args = ap.parse_args()
    rates(args.hands)
    slopes(args.positions, [float(x) for x in args.slopes.split(",")])


if __name__ == "__main__":
    main()
