"""How much a position's counts tell of the hand's outcome: the horizon leaf's ceiling.

    python bench/leaf.py [--hands N] [VARIANT ...]

``SearchBot(horizon=T)`` scores a rollout stopped after T turns by
:meth:`rummykit.bots.search.SearchBot.leaf`: where a knock under a limit
wins (Gin), a ratio of the two hands' deadwood; where going out wins, of
their counts of cards outside melds. Over greedy-vs-greedy hands (2
players, seeds 0..N-1) this records every turn start (the player to move,
each hand's counts, the winner) and rates, by the Brier score on the half
of the positions it was not fitted on (two folds; 0.25 is a constant one
half):

- ``leaf``: the leaf's own formula, from the mover's side;
- ``table``: the mover's win rate read from a table of the two counts
  (each hand's deadwood by steps of 3 points, or its loose cards), fitted
  on the other half;
- ``table + melds``: (going-out games) the same with each hand's size and
  the number of melds still in it, which the one-meld-a-turn rule of
  Straight, Block and Double Rum makes cost a turn each.

A learned leaf can be no better than its table: where the table's score is
close to the formula's, a learned leaf would not help the search.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Callable

import rummykit as rk
from rummykit.bots import GreedyBot, SearchBot
from rummykit.rules.going_out import Knock as KnockOut

Row = tuple[tuple[int, ...], tuple[int, ...], float, float]  # mover's counts, other's, its leaf, its result


def positions(name: str, hands: int) -> tuple[list[Row], bool]:
    """Every turn start of ``hands`` greedy hands: (the mover's counts, the
    other's, :meth:`SearchBot.leaf` for the mover, the mover's share of the
    win); and whether a knock decides."""
    v = rk.load_variant(name)
    bot = SearchBot(v, seed=0, iterations=1)
    knock = isinstance(v.going_out, KnockOut)
    memo: dict[tuple[bytes, frozenset[rk.Rank]], tuple[int, ...]] = {}

    def counts(cards: tuple[rk.Card, ...], wild: frozenset[rk.Rank]) -> tuple[int, ...]:
        key = (bytes(sorted(c.code for c in cards)), wild)
        found = memo.get(key)
        if found is None:
            if knock:
                found = (bot._deadwood_raw(cards, wild),)
            else:
                a = rk.best_arrangement(bot._counting, cards, wild_ranks=wild) if cards else None
                found = (bot.loose(cards, wild), len(cards), len(a.melds) if a else 0)
            memo[key] = found
        return found

    rows: list[Row] = []
    for g in range(hands):
        h = rk.new_hand(v, players=2, seed=g)
        bots = [GreedyBot(v, seed=2 * g + i) for i in range(2)]
        starts: list[tuple[int, tuple[int, ...], tuple[int, ...], float]] = []
        last = -1
        while not h.is_over and h.turns < 200:
            p = h.current_player
            assert p is not None
            if h.turns != last:
                last = h.turns
                mine, theirs = counts(h.hand_of(p), h.wild_ranks), counts(h.hand_of(1 - p), h.wild_ranks)
                starts.append((p, mine, theirs, bot.leaf(h, p)))
            h.apply(bots[p].choose(h.view(p)))
        result = h.result
        if result is None:
            continue
        for p, mine, theirs, leaf in starts:
            rows.append((mine, theirs, leaf, 1.0 / len(result.winners) if p in result.winners else 0.0))
    return rows, knock


def brier(rows: list[Row], key: Callable[[Row], tuple[int, ...]]) -> float:
    """The Brier score of a table of win rates by ``key``, two folds (a cell
    unseen in the other fold, or its rate, shrunk toward one half by 5
    positions)."""
    total = 0.0
    for fold in (0, 1):
        cells: dict[tuple[int, ...], list[float]] = defaultdict(lambda: [0.0, 0.0])
        for i, r in enumerate(rows):
            if i % 2 == fold:
                c = cells[key(r)]
                c[0] += 1
                c[1] += r[3]
        for i, r in enumerate(rows):
            if i % 2 != fold:
                n, won = cells.get(key(r), (0.0, 0.0))
                total += ((won + 2.5) / (n + 5) - r[3]) ** 2
    return total / len(rows)


def _deadwood_key(r: Row) -> tuple[int, ...]:
    """Each hand's deadwood by steps of 3 points, to 60."""
    return (min(r[0][0], 60) // 3, min(r[1][0], 60) // 3)


def _counts_key(r: Row) -> tuple[int, ...]:
    """Each hand's loose cards, to 10."""
    return (min(r[0][0], 10), min(r[1][0], 10))


def _melds_key(r: Row) -> tuple[int, ...]:
    """Each hand's loose cards, size and melds still in it."""
    return (*(min(x, 11) for x in r[0]), *(min(x, 11) for x in r[1]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variants", nargs="*", default=["gin", "straight"])
    ap.add_argument("--hands", type=int, default=4000)
    args = ap.parse_args(argv)
    print(f"{'variant':10} {'positions':>9} {'constant':>9} {'leaf':>7} {'table':>7} {'table + melds':>14}")
    for name in args.variants:
        rows, knock = positions(name, args.hands)
        const = sum((0.5 - r[3]) ** 2 for r in rows) / len(rows)
        leaf = sum((r[2] - r[3]) ** 2 for r in rows) / len(rows)
        table = brier(rows, _counts_key if not knock else _deadwood_key)
        melds = "" if knock else f"{brier(rows, _melds_key):14.4f}"
        print(f"{name:10} {len(rows):9} {const:9.4f} {leaf:7.4f} {table:7.4f} {melds:>14}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
