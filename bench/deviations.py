"""What the search bot's departures from its default move are worth.

    python bench/deviations.py VARIANT [--hands 40] [--think 1.0] [--k 200] [--seed 0] [--margin 2.0] [--out FILE]

Seat 0 is the search bot (``SearchBot(margin=MARGIN)``), seat 1 the greedy
bot, 2 players. At each decision the search searches, the paired gain of
every candidate over the default move and its standard error are read as
the search computes them. For each candidate some margin in ``MARGINS``
would play, its worth against the default is estimated from the real hand:
``k`` continuations, each with the stock shuffled anew (the same shuffle and
bot seeds for both moves), seat 0 then playing the default move
(:meth:`rummykit.SearchBot.default`) and seat 1 the greedy bot, to the end
of the hand (a win 1, a shared win its share, no winner a half). A
continuation starts from the position's text (:func:`position`), so the
bots in it know what a position shows, not the whole history.

Printed per margin: how many of the searched decisions would leave the
default, and the sum over them of the continuations' gain in hands won
(with the standard error of the continuations alone: which positions come up
varies far more from one set of hands to another).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import rummykit as rk
import rummykit.bots.search as search
from rummykit.bots import GreedyBot, SearchBot
from rummykit.engine.position import from_position, position

MARGINS = (1.0, 2.0, 3.0, 4.0)


def play_out(v: rk.Variant, h: rk.Hand, seed: int) -> float:
    """Seat 0's result of ``h`` played on from its position with the stock
    shuffled: seat 0 the search's default move, seat 1 the greedy bot."""
    rng = random.Random(seed)
    # shuffled in the text, not in a hand: a hand's knowledge replays from
    # where it starts (its deal or position), which must hold its stock
    fields = position(h).split("; ")
    for i, field in enumerate(fields):
        if field.startswith("stock "):
            cards = field[len("stock ") :].split()
            rng.shuffle(cards)
            fields[i] = "stock " + " ".join(cards)
    h = from_position(v, "; ".join(fields))
    default = SearchBot(v, seed=rng.getrandbits(32), iterations=1)
    greedy = GreedyBot(v, seed=rng.getrandbits(32))
    while not h.is_over and h.turns < 200:
        p = h.current_player
        assert p is not None
        view = h.view(p)
        h.apply(
            view.legal[0]
            if len(view.legal) == 1
            else default.default(view)
            if p == 0
            else greedy.choose(view)
        )
    r = h.result
    if r is None or not r.winners:
        return 0.5
    return 1.0 / len(r.winners) if 0 in r.winners else 0.0


def audit(v: rk.Variant, hands: int, think: float, k: int, seed: int, margin: float) -> list[dict[str, Any]]:
    """One row per searched decision: the default, the choice, and each
    compared candidate's paired gain, error and (where some margin would play
    it) its worth from the continuations."""
    compared: list[tuple[float, float]] = []
    paired = search._paired

    def spy(a: list[float], b: list[float]) -> tuple[float, float]:
        found = paired(a, b)
        compared.append(found)
        return found

    search._paired = spy  # the search compares each candidate still in the race with the default
    rows: list[dict[str, Any]] = []
    start = time.time()
    for g in range(hands):
        h = rk.new_hand(v, players=2, seed=seed * 100_000 + g, dealer=g % 2)
        bot = SearchBot(v, seed=g, think=think, margin=margin)
        opp = GreedyBot(v, seed=g + 7)
        bot.start_hand(h.view(0))
        opp.start_hand(h.view(1))
        while not h.is_over and h.turns < 200:
            p = h.current_player
            assert p is not None
            view = h.view(p)
            if p == 1:
                h.apply(opp.choose(view))
                continue
            compared.clear()
            bot.last_stats = []
            choice = bot.choose(view)
            stats = bot.last_stats
            # the candidates still in the race have as many rollouts as the default
            alive = [j for j in range(1, len(stats)) if stats[j][1] == stats[0][1]]
            if stats and len(alive) == len(compared):
                row: dict[str, Any] = {
                    "hand": g,
                    "turn": h.turns,
                    "default": stats[0][0],
                    "choice": str(choice),
                }
                row["cands"] = [
                    {"action": stats[j][0], "gain": m, "err": e}
                    for j, (m, e) in zip(alive, compared, strict=True)
                ]
                worth(v, h, row, k)
                rows.append(row)
            h.apply(choice)
        print(
            f"hand {g + 1} of {hands}, {len(rows)} searched decisions, {time.time() - start:.0f} s",
            file=sys.stderr,
        )
    search._paired = paired
    return rows


def _plays(c: dict[str, Any], m: float) -> bool:
    return bool(c["gain"] > 0 and c["gain"] > m * c["err"])


def worth(v: rk.Variant, h: rk.Hand, row: dict[str, Any], k: int) -> None:
    """Each candidate of ``row`` that some margin would play: its mean gain
    over the default in ``k`` paired continuations, and that mean's error."""
    chosen = [c for c in row["cands"] if any(_plays(c, m) for m in MARGINS)]
    if not chosen:
        return
    p = h.current_player
    assert p is not None
    acts = {str(a): a for a in h.view(p).legal}
    seeds = [random.Random(f"{row['hand']}/{row['turn']}/{i}").getrandbits(48) for i in range(k)]

    def results(action: str) -> list[float]:
        out = []
        for s in seeds:
            c = h.clone()
            c.apply(acts[action])
            out.append(play_out(v, c, s))
        return out

    base = results(row["default"])
    for c in chosen:
        d = [x - y for x, y in zip(results(c["action"]), base, strict=True)]
        mean = sum(d) / k
        c["worth"] = mean
        c["worth_err"] = (sum((x - mean) ** 2 for x in d) / (k - 1) / k) ** 0.5


def summary(rows: list[dict[str, Any]]) -> list[str]:
    lines = []
    for m in MARGINS:
        n, total, var = 0, 0.0, 0.0
        for row in rows:
            best = None
            for c in row["cands"]:
                if _plays(c, m) and (best is None or c["gain"] > best["gain"]):
                    best = c
            if best is not None:
                n, total, var = n + 1, total + best["worth"], var + best["worth_err"] ** 2
        lines.append(
            f"margin {m}: leaves the default in {n} of {len(rows)} searched decisions;"
            f" worth {total:+.2f} hands (continuations' error {var**0.5:.2f})"
        )
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant")
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--k", type=int, default=200, help="continuations per move")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--margin", type=float, default=search.MARGIN, help="the margin the search plays by")
    ap.add_argument("--out", help="write the rows as JSON here")
    a = ap.parse_args()
    v = rk.load_variant(a.variant)
    rows = audit(v, a.hands, a.think, a.k, a.seed, a.margin)
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            json.dump(rows, f)
    print(f"{a.variant}: {a.hands} hands, search {a.think} s a decision, {a.k} continuations a move")
    print("\n".join(summary(rows)))


if __name__ == "__main__":
    main()
