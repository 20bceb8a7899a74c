"""Gin: how well can a fair player tell which discards the opponent would take? (round 15)

``bench/denial.py`` showed that the race bot, told which of its discards
the greedy opponent would take, wins 67.8% of Gin hands against it (54.7%
without). This script asks how much of that bit a fair player can recover
from what it sees. It plays the race bot (``racebot.py``) against the greedy
bot, and at each of the race bot's discards records every unseen card (is
it in the opponent's hand?) with the evidence about it, and every discard it
could make (would the opponent take it?). Then, on hands it did not learn
from, it rates three estimates of a discard's danger:

* ``uniform``: the opponent's unknown cards dealt uniformly from the unseen
  ones (exactly, not sampled: each unseen card is there with the same
  chance, the cards independent);
* ``card model``: each unseen card's chance of being in the opponent's hand
  from a logistic model fitted on the learning hands: the opponent threw,
  passed or holds (took) a card of the same rank, or of the same suit one or
  two ranks away, counted per kind; the chances scaled to the opponent's
  number of unknown cards;
* ``discard model``: a logistic model of the danger itself, over both
  estimates and the discard's own evidence (the same counts) and the turn.

The truth is the greedy bot's upcard rule on the opponent's real hand: it
takes a card that makes a meld with two of its cards. Printed: the area
under the ROC curve, and the share of dangerous discards flagged when 5%,
10%, 20% and 30% of the safe ones are.

    python bench/takes.py [--learn 2000] [--test 1000] [--seed 0]

It needs numpy (the ``rl`` extra installs it).
"""

from __future__ import annotations

import argparse
import bisect
import itertools
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from racebot import RaceBot

import rummykit as rk
from rummykit.engine import Discard

DECK = [rk.Card.parse(r + s) for r in "A23456789TJQK" for s in "CDHS"]
KINDS = ("thrown", "passed", "held")
RELATIONS = ("same rank", "suit +-1", "suit +-2")


def relation(x: rk.Card, y: rk.Card) -> int | None:
    """0: the same rank; 1 and 2: the same suit, one or two ranks apart; else None.

    >>> [relation(rk.Card.parse("7H"), rk.Card.parse(t)) for t in ("7S", "8H", "5H", "8S")]
    [0, 1, 2, None]
    """
    if x.rank == y.rank and x != y:
        return 0
    if x.suit == y.suit and x.rank is not None and y.rank is not None:
        d = abs(int(x.rank) - int(y.rank))
        if d in (1, 2):
            return d
    return None


def evidence(x: rk.Card, kinds: tuple[list[rk.Card], ...]) -> list[int]:
    """For each kind of opponent card (thrown, passed, held) and relation, how
    many of them stand in that relation to ``x``."""
    f = [0] * (len(KINDS) * len(RELATIONS))
    for j, ys in enumerate(kinds):
        for y in ys:
            r = relation(x, y)
            if r is not None:
                f[3 * j + r] += 1
    return f


def gather(hands: int, seed: int) -> list[dict[str, Any]]:
    """The race bot's discard positions (after the first two turns, stock
    not empty) over ``hands`` Gin hands against the greedy bot, seats
    alternated, with what the seat knows and the truth."""
    v = rk.load_variant("gin")
    out: list[dict[str, Any]] = []
    for g in range(hands):
        h = rk.new_hand(v, players=2, seed=seed + g)
        me = g % 2
        race = RaceBot(v, seed=seed + g)
        bots: dict[int, Any] = {me: race, 1 - me: rk.GreedyBot(v, seed=seed + g)}
        while not h.is_over:
            p = h.current_player
            assert p is not None
            view = h.view(p)
            a = bots[p].choose(view)
            if p == me and isinstance(a, Discard) and h.turns > 2 and view.stock_count > 0:
                q = 1 - me
                k = view.knowledge()
                real = set(h.hand_of(q))
                held = list(k.known[q])
                kinds = (list(k.thrown[q]), list(dict.fromkeys(k.passed[q])), held)
                seen = set(view.hand) | set(view.discard) | set(held)
                unseen = [c for c in DECK if c not in seen]
                cands = [x.card for x in view.legal if isinstance(x, Discard)]
                out.append(
                    {
                        "unseen": unseen,
                        "n": len(real) - len(held),
                        "held": held,
                        "evidence": [evidence(x, kinds) for x in unseen],
                        "there": [x in real for x in unseen],
                        "cands": cands,
                        "cand_evidence": [evidence(c, kinds) for c in cands],
                        "taken": [race.search._melds_two(c, list(real), frozenset()) for c in cands],
                        "turn": h.turns,
                    }
                )
            h.apply(a)
    return out


def logistic(x: Any, y: Any, offset: Any, l2: float = 1e-3) -> Any:
    """Weights of a logistic regression of ``y`` on ``x`` with a fixed
    ``offset`` (Newton's method)."""
    import numpy as np

    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-(offset + x @ w)))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return w


def _prior(pos: dict[str, Any]) -> float:
    n, u = pos["n"], len(pos["unseen"])
    return math.log(n / (u - n))


def chances(pos: dict[str, Any], w: Any | None) -> dict[tuple[int, int], float]:
    """Each card's chance of being in the opponent's hand, keyed (rank,
    suit): uniform (``w`` None) or the card model's, scaled so that the
    chances add up to the opponent's unknown cards."""
    import numpy as np

    n = pos["n"]
    if w is None:
        q = np.full(len(pos["unseen"]), n / len(pos["unseen"]))
    else:
        q = 1 / (1 + np.exp(-(_prior(pos) + np.array(pos["evidence"], float) @ w)))
        for _ in range(30):
            s = float(q.sum())
            if abs(s - n) < 1e-9:
                break
            odds = q / (1 - q) * (n / s)
            q = odds / (1 + odds)
    out = {(int(x.rank), int(x.suit)): float(p) for x, p in zip(pos["unseen"], q, strict=True)}
    out.update({(int(x.rank), int(x.suit)): 1.0 for x in pos["held"]})
    return out


def danger(c: rk.Card, there: dict[tuple[int, int], float]) -> float:
    """The chance that two cards of the opponent make a Gin meld with ``c``
    (a set, or a run with the ace low only), the cards independent.

    >>> round(danger(rk.Card.parse("7H"), {(7, 0): 1.0, (7, 1): 1.0}), 3)
    1.0
    >>> round(danger(rk.Card.parse("7H"), {(6, 2): 0.5, (8, 2): 0.5}), 3)
    0.25
    """
    r, s = int(c.rank), int(c.suit)  # type: ignore[arg-type]
    part = [there.get((r, t), 0.0) for t in range(4) if t != s]
    none = math.prod(1 - p for p in part)
    one = sum(p * math.prod(1 - o for j, o in enumerate(part) if j != i) for i, p in enumerate(part))
    near = {d: there.get((r + d, s), 0.0) for d in (-2, -1, 1, 2)}
    run = 0.0
    for bits in itertools.product((0, 1), repeat=4):
        st = dict(zip((-2, -1, 1, 2), bits, strict=True))
        if (st[-2] and st[-1]) or (st[-1] and st[1]) or (st[1] and st[2]):
            run += math.prod(near[d] if st[d] else 1 - near[d] for d in st)
    return 1 - (none + one) * (1 - run)  # neither a set nor a run


def auc(pairs: list[tuple[float, bool]]) -> float:
    """The chance that a dangerous card's estimate beats a safe one's (ties half).

    >>> auc([(0.9, True), (0.1, False), (0.5, False)])
    1.0
    """
    pos = [d for d, t in pairs if t]
    neg = sorted(d for d, t in pairs if not t)
    if not pos or not neg:
        return float("nan")
    total = 0.0
    for a in pos:
        lo, hi = bisect.bisect_left(neg, a), bisect.bisect_right(neg, a)
        total += lo + 0.5 * (hi - lo)
    return total / (len(pos) * len(neg))


def flagged(pairs: list[tuple[float, bool]], false_alarms: float) -> float:
    """The share of dangerous discards rated above the level that flags
    ``false_alarms`` of the safe ones."""
    neg = sorted((d for d, t in pairs if not t), reverse=True)
    level = neg[min(len(neg) - 1, int(false_alarms * len(neg)))]
    pos = [d for d, t in pairs if t]
    return sum(d > level for d in pos) / len(pos)


def _logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def rows(positions: list[dict[str, Any]], w: Any) -> tuple[list[list[float]], list[bool]]:
    """The discard model's inputs and truths: one row per discard."""
    x: list[list[float]] = []
    y: list[bool] = []
    for pos in positions:
        uniform, model = chances(pos, None), chances(pos, w)
        for c, ev, t in zip(pos["cands"], pos["cand_evidence"], pos["taken"], strict=True):
            x.append(
                [1.0, _logit(danger(c, uniform)), _logit(danger(c, model)), *ev, min(pos["turn"], 30) / 10]
            )
            y.append(t)
    return x, y


def main(argv: list[str] | None = None) -> int:
    import numpy as np

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--learn", type=int, default=2000, help="hands to fit the models on")
    ap.add_argument("--test", type=int, default=1000, help="other hands to rate them on")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    learn = gather(args.learn, 100_000 + args.seed * 1_000_000)
    test = gather(args.test, 200_000 + args.seed * 1_000_000)
    ev = np.array([e for p in learn for e in p["evidence"]], float)
    there = np.array([t for p in learn for t in p["there"]], float)
    prior = np.array([_prior(p) for p in learn for _ in p["unseen"]])
    w = logistic(ev, there, prior)
    x, y = rows(learn, w)
    b = logistic(np.array(x), np.array(y, float), np.zeros(len(y)))
    xt, yt = rows(test, w)
    ratings = {
        "uniform": [(r[1], t) for r, t in zip(xt, yt, strict=True)],
        "card model": [(r[2], t) for r, t in zip(xt, yt, strict=True)],
        "discard model": [(float(np.dot(r, b)), t) for r, t in zip(xt, yt, strict=True)],
    }
    print(
        f"gin: learned on {len(learn)} positions ({args.learn} hands), rated on {len(test)} ({args.test} hands):"
        f" {len(yt)} discards, {sum(yt) / len(yt):.3f} of them the opponent would take"
    )
    names = [f"{k} {r}" for k in KINDS for r in RELATIONS]
    print(
        "card model weights (log-odds per card): "
        + ", ".join(f"{n} {x:+.2f}" for n, x in zip(names, w, strict=True))
    )
    print(f"{'estimate':<15} {'AUC':>6}   dangerous discards flagged at 5% / 10% / 20% / 30% false alarms")
    for name, pairs in ratings.items():
        shares = " / ".join(f"{flagged(pairs, f):.2f}" for f in (0.05, 0.1, 0.2, 0.3))
        print(f"{name:<15} {auc(pairs):6.3f}   {shares}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
