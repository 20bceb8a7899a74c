"""How the cost grows: best_arrangement, legal_actions and a random playout
against hand size, wild cards, decks and players.

Four series, each changing one thing from a base variant made on the fly
(``extends`` of a built-in file):

* hand size 7 to 30: Straight Rummy from two decks, no wilds (the solver's
  component path takes hands of up to 17 cards, the general search the
  bigger ones);
* wilds 0 to 4: 13-card hands from two decks with that many jokers in them,
  jokers wild and worth nothing (the component path), and the same hands
  where a joker is worth 25 (the general search); the playouts deal from a
  shoe with that many jokers per deck;
* decks 1 to 3: 13-card Straight Rummy hands from that many decks (one deck
  without wilds is the plain bit-mask path);
* players 2 to 8: Rummy 500 as its file deals it.

For each point: the median CPU time of ``best_arrangement`` on random hands
of the shoe, of ``legal_actions`` over every position of random playouts
(random legal moves until the hand ends or ``--actions`` moves), and of a
whole playout; and the growth from the previous point. With matplotlib
installed (the ``bench`` extra) it also draws the four series to a PNG.

Run: ``python bench/scaling.py [--quick] [--plot docs/scaling.png]``
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

import rummykit as rk  # noqa: E402
from rummykit.melds.components import MAX_CARDS  # noqa: E402

CLOCK = time.thread_time_ns

Point = tuple[float, float, float, float, float]
"""x, best_arrangement µs, legal_actions µs, playout ms, min_deadwood µs."""


def variant(base: str, name: str, **sections: dict[str, object]) -> rk.Variant:
    """A variant that extends ``base`` with these TOML sections (two players
    for the Straight Rummy bases, whose hands here outgrow six)."""
    import tomli_w

    if base == "straight":
        sections = {"players": {"min": 2, "max": 2}, **sections}
    doc = {"extends": base, "variant": {"name": name}, **sections}
    return rk.loads_variant(tomli_w.dumps(doc))


def median_us(fn: Callable[[], object], calls: int) -> float:
    times = []
    gc.collect()
    gc.disable()
    try:
        for _ in range(calls):
            t0 = CLOCK()
            fn()
            times.append((CLOCK() - t0) / 1000)
    finally:
        gc.enable()
    return statistics.median(times)


def solver_us(v: rk.Variant, hands: Sequence[Sequence[rk.Card]]) -> tuple[float, float]:
    """Median µs of best_arrangement and of min_deadwood over ``hands``
    (after one warm pass each)."""
    out = []
    for fn in (rk.best_arrangement, rk.min_deadwood):
        for h in hands:
            fn(v, h)
        it = iter(hands)
        out.append(median_us(lambda fn=fn, it=it: fn(v, next(it)), len(hands)))  # type: ignore[misc]
    return out[0], out[1]


def playouts(v: rk.Variant, players: int, count: int, limit: int, seed: int) -> tuple[float, float]:
    """``(median µs of legal_actions, median ms of a playout)`` over ``count``
    random playouts of at most ``limit`` actions."""
    rng = random.Random(seed)
    legal: list[float] = []
    whole: list[float] = []
    for _ in range(count):
        gc.collect()
        gc.disable()
        try:
            t_hand = CLOCK()
            h = rk.new_hand(v, players=players, seed=rng.randrange(2**31))
            n = 0
            while not h.is_over and n < limit:
                t0 = CLOCK()
                acts = h.legal_actions()
                legal.append((CLOCK() - t0) / 1000)
                h.apply(acts[rng.randrange(len(acts))])
                n += 1
            whole.append((CLOCK() - t_hand) / 1e6)
        finally:
            gc.enable()
    return statistics.median(legal), statistics.median(whole)


def random_hands(shoe: Sequence[rk.Card], size: int, count: int, seed: int) -> list[tuple[rk.Card, ...]]:
    rng = random.Random(seed)
    return [tuple(sorted(rng.sample(list(shoe), size))) for _ in range(count)]


def growth(points: Sequence[Point], i: int, j: int) -> str:
    if not i or not points[i - 1][j]:
        return ""
    return f"x{points[i][j] / points[i - 1][j]:.2f}"


def show(title: str, label: str, points: Sequence[Point], notes: dict[float, str]) -> None:
    print(title)
    print(f"  {label:>8} {'best_arrangement':>18} {'min_deadwood':>19} {'legal_actions':>20} {'playout':>20}")
    for i, (x, a, b, c, d) in enumerate(points):
        print(
            f"  {x:>8g} {a:>10.1f} µs {growth(points, i, 1):>5} {d:>10.1f} µs {growth(points, i, 4):>5}"
            f" {b:>11.1f} µs {growth(points, i, 2):>6} {c:>11.1f} ms {growth(points, i, 3):>6}  {notes.get(x, '')}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer hands and playouts")
    ap.add_argument("--hands", type=int, default=60, help="hands per point for best_arrangement")
    ap.add_argument("--playouts", type=int, default=6, help="random playouts per point")
    ap.add_argument("--actions", type=int, default=300, help="most actions per playout")
    ap.add_argument("--plot", type=Path, default=None, help="write the four series to this PNG")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    hands_n, plays = (20, 2) if a.quick else (a.hands, a.playouts)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"rummykit {rk.__version__}, Python {sys.version.split()[0]}, {time.strftime('%Y-%m-%d')}: "
        f"load average {load:.1f} on {os.cpu_count()} cores; medians of CPU time"
    )
    series: dict[str, tuple[str, list[Point]]] = {}

    # ---------------------------------------------------------------- hand size
    sizes = (7, 10, 13, 16, MAX_CARDS, MAX_CARDS + 1, 20, 25, 30)
    points: list[Point] = []
    for n in sizes:
        v = variant("straight", f"scale-size-{n}", deck={"decks": 2}, deal={"hand_size": n})
        shoe = list(v.deck.shoe(2))
        ba, md = solver_us(v, random_hands(shoe, n, hands_n, a.seed + n))
        legal, whole = playouts(v, 2, plays, a.actions, a.seed + n)
        points.append((n, ba, legal, whole, md))
    notes = {
        float(MAX_CARDS): f"<- min_deadwood: the component solver's largest hand ({MAX_CARDS} cards)",
        float(MAX_CARDS + 1): "<- min_deadwood: the general search from here (best_arrangement: always)",
    }
    show("hand size: Straight Rummy, two decks, no wilds, 2 players", "cards", points, notes)
    series["hand size (cards)"] = ("cards", points)

    # ---------------------------------------------------------------- wilds
    points = []
    costly: list[tuple[float, float]] = []
    base = variant("straight", "scale-wilds", deck={"decks": 2}, deal={"hand_size": 13})
    shoe = [c for c in base.deck.shoe(2)]
    for w in range(5):
        free = variant(
            "straight",
            f"scale-wilds-{w}",
            deck={"decks": 2, "jokers_per_deck": max(w, 1), "jokers_wild": True},
            deal={"hand_size": 13},
            scoring={"card_values": {"JK": 0}},
        )
        worth = variant(
            "straight",
            f"scale-wilds-worth-{w}",
            deck={"decks": 2, "jokers_per_deck": max(w, 1), "jokers_wild": True},
            deal={"hand_size": 13},
            scoring={"card_values": {"JK": 25}},
        )
        hands = [
            tuple(sorted([*h[: 13 - w], *[rk.Card.joker()] * w]))
            for h in random_hands(shoe, 13, hands_n, a.seed + 100 + w)
        ]
        ba, md = solver_us(free, hands)
        costly.append((w, solver_us(worth, hands)[0]))
        if w:
            legal, whole = playouts(free, 2, plays, a.actions, a.seed + 100 + w)
        else:
            legal, whole = playouts(base, 2, plays, a.actions, a.seed + 100)
        points.append((w, ba, legal, whole, md))
    show(
        "wilds: 13-card hands from two decks with that many jokers (wild, worth 0; playouts: jokers per deck)",
        "wilds",
        points,
        {float(w): f"jokers worth 25 (the general search): {x:.1f} µs" for w, x in costly},
    )
    series["wild cards"] = ("wilds", points)

    # ---------------------------------------------------------------- decks
    points = []
    for d in (1, 2, 3):
        v = variant("straight", f"scale-decks-{d}", deck={"decks": d}, deal={"hand_size": 13})
        shoe = list(v.deck.shoe(2))
        ba, md = solver_us(v, random_hands(shoe, 13, hands_n, a.seed + 200 + d))
        legal, whole = playouts(v, 2, plays, a.actions, a.seed + 200 + d)
        points.append((d, ba, legal, whole, md))
    show(
        "decks: 13-card Straight Rummy hands, 2 players",
        "decks",
        points,
        {
            1.0: "<- one deck, no wilds: the plain bit-mask path",
            2.0: "<- repeated cards: min_deadwood by components, best_arrangement by the general search",
        },
    )
    series["decks"] = ("decks", points)

    # ---------------------------------------------------------------- players
    points = []
    v = rk.load_variant("rum500")
    for p in range(2, 9):
        size = v.deal.hand_size_for(p)
        shoe = list(v.deck.shoe(p))
        ba, md = solver_us(v, random_hands(shoe, size + 1, hands_n, a.seed + 300 + p))
        legal, whole = playouts(v, p, plays, a.actions, a.seed + 300 + p)
        points.append((p, ba, legal, whole, md))
    show(
        "players: Rummy 500 as dealt (13 cards with 2 players, 7 with more; hand + 1 drawn card)",
        "players",
        points,
        {},
    )
    series["players"] = ("players", points)
    print(f"playouts: random legal moves, at most {a.actions} actions each ({plays} per point)")

    if a.plot is not None:
        plot(series, a.plot)
    return 0


def plot(series: dict[str, tuple[str, list[Point]]], path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("no plot: matplotlib is not installed (pip install 'rummykit[bench]')")
        return
    fig, axes = plt.subplots(1, 4, figsize=(15, 3.8), sharey=True)
    for ax, (title, (_, points)) in zip(axes, series.items(), strict=True):
        xs = [p[0] for p in points]
        ax.plot(xs, [p[1] for p in points], "o-", label="best_arrangement (µs)")
        ax.plot(xs, [p[2] for p in points], "s-", label="legal_actions (µs)")
        ax.plot(xs, [p[4] for p in points], "d-", label="min_deadwood (µs)")
        ax.plot(xs, [p[3] * 1000 for p in points], "^-", label="playout (µs)")
        ax.set_yscale("log")
        ax.set_xticks(xs)
        ax.set_xlabel(title)
        ax.grid(True, which="both", alpha=0.3)
    axes[0].set_ylabel("median CPU time per call")
    axes[0].legend(fontsize=8)
    fig.suptitle("rummykit: how the cost grows")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    print(f"plot written to {path}")


if __name__ == "__main__":
    sys.exit(main())
