"""The feeding bit among the default's ties: what it is worth, and what a fair player recovers (round 27).

Round 14 found Gin's clairvoyant edge in one bit per discard: would the
greedy opponent take it? (It takes an upcard exactly when the card is wild
or makes a meld with two natural cards of its hand.) Fair estimates of that
bit failed there because they steer the bot away from its own good cards:
a card whose meld partners the bot holds is one the opponent is unlikely to
hold partners for. This script asks the question only where the bot's own
rule has no preference: among the discards its default move rates equal.

Where going out wins (``TempoBot``'s rule, :meth:`rummykit.SearchBot.tempo`):
the discards that leave the fewest cards outside melds, and of those the
ones with the most outs. In Gin (:meth:`rummykit.SearchBot.race`): the
discards of the best knock chance that leave the least deadwood, or within
``DELTA`` points of it. Among those ties the bots below play a card the
opponent would not take when the default's card would be taken:

* ``ClairTie``, ``ClairRaceTie*``: told the truth (not fair players: they
  read the opponent's real hand);
* ``DenyTie``: the share of 200 uniformly dealt opponent hands
  (``view.resample``) that would take each card, the least chosen;
* ``DenyTieW``: the same hands weighed by what the opponent did
  (:meth:`rummykit.SearchBot.likelihood`: upcards it left, cards it threw);
* ``DenyRaceTie*``: Gin's ties with ``DenyTieW``'s estimate.

Against the greedy bot (the printed figure is the greedy bot's share)::

    PYTHONPATH=bench python bench/bots.py vs --other tiebreak:ClairTie --games 2000 --duplicate straight
    PYTHONPATH=bench python bench/bots.py vs --other tiebreak:DenyTieW --games 2000 --duplicate straight
    PYTHONPATH=bench python bench/bots.py vs --other tiebreak:ClairRaceTie2 --games 2000 --duplicate gin

``python bench/tiebreak.py [--hands N] [VARIANT]`` plays ``TempoBot`` against
the greedy bot and, at each of its discards with tied candidates of which
some would be taken and some not, prints how often each estimate's choice
is a card the opponent would not take (the default's own choice, a random
tied card, and the clairvoyant's, which is always safe, for scale).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tempobot import TempoBot

import rummykit as rk
from rummykit.engine import Discard


class ClairTie(TempoBot):
    """The default move, but among its ties a card the opponent would not
    take (clairvoyant)."""

    def takes(self, card: rk.Card, hand: tuple[rk.Card, ...], wild: frozenset[rk.Rank]) -> bool:
        """Whether the greedy bot holding ``hand`` would take ``card``."""
        deck = self.search.variant.deck
        if deck.is_wild(card, wild):
            return True
        natural = [c for c in hand if c.rank is not None and not deck.is_wild(c, wild)]
        return self.search._melds_two(card, natural, wild)

    def danger(self, view: rk.View, cards: set[rk.Card]) -> dict[rk.Card, float]:
        """Each card's danger: here the truth, 1 or 0."""
        h, _ = view._bound("read the opponent's hand")
        hand = h.hand_of(1 - view.player)
        return {c: float(self.takes(c, hand, view.wild_ranks)) for c in cards}

    def tied(self, view: rk.View, discards: list[Discard]) -> list[Discard]:
        """The discards the default's rule rates equal: the fewest cards left
        outside melds, then the most outs (:meth:`SearchBot.tempo`'s ties)."""
        return self.search._tempo_ties(view, discards)

    def pool(self, view: rk.View, choice: Discard, discards: list[Discard]) -> list[Discard]:
        return self.tied(view, discards)

    def choose(self, view: rk.View) -> rk.Action:
        s = self.search
        choice = s.default(view)
        if not isinstance(choice, Discard) or view.stock_count == 0 or view.turn > 120:
            return choice
        discards = [a for a in view.legal if isinstance(a, Discard)]
        pool = self.pool(view, choice, discards) if len(discards) > 1 else []
        if choice not in pool:  # the race may keep a card of more deadwood
            pool.append(choice)
        if len(pool) < 2:
            return choice
        d = self.danger(view, {a.card for a in pool})
        low = min(d.values())
        if d[choice.card] <= low:
            return choice
        safe = [a for a in pool if d[a.card] <= low]
        return s.greedy._discard_choice(view, safe) if len(safe) > 1 else safe[0]


class DenyTie(ClairTie):
    """Fair: the share of uniformly dealt opponent hands that would take each card."""

    SAMPLES = 200
    WEIGHED = False

    def danger(self, view: rk.View, cards: set[rk.Card]) -> dict[rk.Card, float]:
        s = self.search
        rng = random.Random(len(view.discard) * 1_000_003 + sum(c.code for c in view.hand))
        q = 1 - view.player
        wild = view.wild_ranks
        known = view.knowledge()
        out = dict.fromkeys(cards, 0.0)
        total = 0.0
        for _ in range(self.SAMPLES):
            hand = view.resample(seed=rng.getrandbits(64)).hand_of(q)
            w = s.likelihood(known, q, hand, wild) if self.WEIGHED else 1.0
            total += w
            for c in cards:
                if self.takes(c, hand, wild):
                    out[c] += w
        return {c: x / total for c, x in out.items()} if total > 0 else out


class DenyTieW(DenyTie):
    """Fair: the dealt hands weighed by the opponent's passes and throws."""

    WEIGHED = True


class ClairRaceTie(ClairTie):
    """Gin: the race bot's ties (best knock chance, deadwood within
    ``DELTA`` of the least) with the truth."""

    DELTA = 0

    def pool(self, view: rk.View, choice: Discard, discards: list[Discard]) -> list[Discard]:
        s = self.search
        chance = s.knock_chances(view, discards) or dict.fromkeys(discards, 0.0)
        best = max(chance.values())
        tied = [a for a in discards if chance[a] >= best]
        after = s.greedy._discard_deadwood(s.variant, view, tied)
        least = min(after[a.card] for a in tied)
        return [a for a in tied if after[a.card] <= least + self.DELTA]


class ClairRaceTie2(ClairRaceTie):
    DELTA = 2


class ClairRaceTie4(ClairRaceTie):
    DELTA = 4


class DenyRaceTie(ClairRaceTie, DenyTieW):
    """Gin's ties with the weighed fair estimate."""


class DenyRaceTie2(DenyRaceTie):
    DELTA = 2


class DenyRaceTie4(DenyRaceTie):
    DELTA = 4


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant", nargs="?", default="straight")
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--seed", type=int, default=100_000)
    args = ap.parse_args(argv)
    v = rk.load_variant(args.variant)
    safe = {"default's choice": 0.0, "a random tied card": 0.0, "DenyTie": 0.0, "DenyTieW": 0.0}
    positions = mixed = 0
    for g in range(args.hands):
        h = rk.new_hand(v, players=2, seed=args.seed + g, dealer=g % 2)
        bot, uniform, weighed = ClairTie(v, seed=g), DenyTie(v, seed=g), DenyTieW(v, seed=g)
        greedy = rk.GreedyBot(v, seed=g + 7)
        while not h.is_over:
            p = h.current_player
            assert p is not None
            view = h.view(p)
            if p == 1:
                h.apply(greedy.choose(view))
                continue
            choice = bot.search.default(view)
            discards = [a for a in view.legal if isinstance(a, Discard)]
            if isinstance(choice, Discard) and view.stock_count > 0 and len(discards) > 1:
                tied = bot.tied(view, discards)
                if len(tied) > 1:
                    positions += 1
                    cards = {a.card for a in tied}
                    truth = bot.danger(view, cards)
                    if 0 < sum(truth.values()) < len(cards):
                        mixed += 1
                        safe["default's choice"] += 1 - truth[choice.card]
                        safe["a random tied card"] += sum(1 - x for x in truth.values()) / len(cards)
                        for name, model in (("DenyTie", uniform), ("DenyTieW", weighed)):
                            d = model.danger(view, cards)
                            low = min(d.values())
                            picks = [c for c in cards if d[c] <= low]
                            safe[name] += sum(1 - truth[c] for c in picks) / len(picks)
            h.apply(choice)
    print(
        f"{args.variant}: {args.hands} hands, {positions} discards with tied candidates, {mixed} of them mixed"
    )
    for name, x in safe.items():
        print(f"  {name:<20} a card the opponent would not take {x / max(1, mixed):.3f}")
    print(f"  {'the truth':<20} a card the opponent would not take 1.000")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
