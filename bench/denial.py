"""Gin's feeding question: the discards the opponent would take (round 14).

The greedy bot takes the upcard exactly when it makes a meld with two of
its natural cards. ``ClairRace`` (not a fair player: it reads the
opponent's real hand) is the race bot (``racebot.py``) that never throws
such a card when another discard is safe, then plays the race bot's rule
among the safe ones; ``Deny*`` are fair versions, which estimate each
discard's danger (the chance the opponent would take it) from hands dealt
uniformly from the unseen cards (``view.resample``), and avoid discards
whose danger passes a threshold; ``Noisy`` and its subclasses are told the
truth with errors, at set rates.

    PYTHONPATH=bench python bench/bots.py vs --other denial:ClairRace --games 2000 --duplicate --jobs 2 gin
    PYTHONPATH=bench python bench/bots.py vs --other denial:Deny015 --games 2000 --duplicate --jobs 2 gin
    PYTHONPATH=bench python bench/bots.py vs --other denial:Miss30FA10 --games 2000 --duplicate --jobs 2 gin
    python bench/denial.py [--hands 60] [--samples 200]

The last prints how well each estimate ranks the discards: the area under
the ROC curve over every discard the race bot could make, the truth being
whether the greedy opponent (its real hand) would take the card.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from racebot import RaceBot
from takes import auc

import rummykit as rk
from rummykit.engine import Discard


class ClairRace(RaceBot):
    """The race bot that knows which discards the opponent would take."""

    THRESHOLD = 0.5

    def danger(self, view: rk.View, discards: list[Discard]) -> dict[Discard, float]:
        h, _ = view._bound("look at the opponent's hand")
        return self._fraction(view, discards, [h.hand_of(1 - view.player)])

    def _fraction(
        self, view: rk.View, discards: list[Discard], hands: list[tuple[rk.Card, ...]]
    ) -> dict[Discard, float]:
        s = self.search
        wild = view.wild_ranks
        natural = [[c for c in x if c.rank is not None and not s.variant.deck.is_wild(c, wild)] for x in hands]
        return {a: sum(s._melds_two(a.card, n, wild) for n in natural) / len(natural) for a in discards}

    def choose(self, view: rk.View) -> rk.Action:
        s = self.search
        choice = s.greedy.choose(view)
        discards = [a for a in view.legal if isinstance(a, Discard)]
        if not isinstance(choice, Discard) or len(discards) < 2 or view.stock_count == 0:
            return s.race(view, choice)
        chance = s.knock_chances(view, discards) or dict.fromkeys(discards, 0.0)
        d = self.danger(view, discards)
        safe = [a for a in discards if d[a] <= self.THRESHOLD]
        if not safe:
            low = min(d.values())
            safe = [a for a in discards if d[a] <= low]
        return s.race_among(view, {a: chance[a] for a in safe}, choice)


class Deny(ClairRace):
    """Fair: the danger is the share of ``SAMPLES`` uniformly dealt opponent
    hands that would take the card."""

    SAMPLES = 200

    def danger(self, view: rk.View, discards: list[Discard]) -> dict[Discard, float]:
        rng = random.Random(len(view.discard) * 1_000_003 + sum(c.code for c in view.hand))
        q = 1 - view.player
        hands = [view.resample(seed=rng.getrandbits(64)).hand_of(q) for _ in range(self.SAMPLES)]
        return self._fraction(view, discards, hands)


class Deny030(Deny):
    THRESHOLD = 0.3


class Deny020(Deny):
    THRESHOLD = 0.2


class Deny015(Deny):
    THRESHOLD = 0.15


class Noisy(ClairRace):
    """ClairRace told the truth with errors: a card the opponent would take
    is missed with chance ``MISS``, a safe card flagged with chance ``FA``
    (each error drawn once per position and card). How good a fair
    estimate must be to be worth acting on (round 15)."""

    MISS = 0.3
    FA = 0.1

    def danger(self, view: rk.View, discards: list[Discard]) -> dict[Discard, float]:
        truth = super().danger(view, discards)
        base = len(view.discard) * 1_000_003 + sum(c.code for c in view.hand) * 7919
        out = {}
        for a in discards:
            r = random.Random(base * 131 + a.card.code).random()
            out[a] = float(r >= self.MISS) if truth[a] > 0 else float(r < self.FA)
        return out


class Miss30FA10(Noisy):
    MISS, FA = 0.3, 0.1


class Miss50FA10(Noisy):
    MISS, FA = 0.5, 0.1


class Miss30FA20(Noisy):
    MISS, FA = 0.3, 0.2


class Miss0FA30(Noisy):
    MISS, FA = 0.0, 0.3


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--samples", type=int, default=200)
    args = ap.parse_args(argv)
    v = rk.load_variant("gin")
    Deny.SAMPLES = args.samples
    rows: list[tuple[float, bool]] = []
    for g in range(args.hands):
        h = rk.new_hand(v, players=2, seed=5000 + g)
        bots = [RaceBot(v, seed=g), rk.GreedyBot(v, seed=g)]
        fair, clair = Deny(v, seed=g), ClairRace(v, seed=g)
        while not h.is_over:
            p = h.current_player
            assert p is not None
            view = h.view(p)
            a = bots[p].choose(view)
            if p == 0 and isinstance(a, Discard) and h.turns > 2:
                discards = [x for x in view.legal if isinstance(x, Discard)]
                truth = clair.danger(view, discards)
                est = fair.danger(view, discards)
                rows += [(est[x], truth[x] > 0) for x in discards]
            h.apply(a)
    share = sum(t for _, t in rows) / len(rows)
    print(
        f"gin: {len(rows)} discards of {args.hands} hands, {share:.3f} of them taken by the opponent;"
        f" uniform estimate ({args.samples} hands) AUC {auc(rows):.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
