"""The search bot given every hand's real cards, for ``bench/bots.py vs``.

    PYTHONPATH=bench python bench/bots.py vs --other clairvoyant:Clairvoyant --games 100 --duplicate gin

An upper bound for the search bot's opponent model, not a fair player: its
determinizations keep every hand as it really is (the opponents' cards too)
and shuffle only the stock the seat has not seen, so the search's rollouts
start from the true position. Against the greedy bot it shows how much of
the search bot's gap to its targets the hidden cards explain: if the
clairvoyant search does not win much more than the search bot, a better
opponent model cannot close the gap, and the rollouts' estimates are what
limit it.

``Clairvoyant`` thinks 1 s per decision (as the issue's targets),
``Clairvoyant03`` 0.3 s. ``HalfClairvoyant`` sees each of the opponents'
hidden cards with chance one half (drawn again for each determinization;
the rest dealt uniformly): how the search's strength grows with what an
opponent model finds.
"""

from __future__ import annotations

import random

from rummykit.bots import SearchBot
from rummykit.bots.search import MARGIN
from rummykit.engine import Hand, View
from rummykit.engine.resample import Knowledge
from rummykit.variant import Variant


def true_deal(view: View, seed: int, share: float = 1.0) -> Hand:
    """A determinization of ``view``'s hand that keeps every hand's real
    cards: only the stock the seat has not seen (and face-down cards it did
    not put down) is shuffled. With ``share`` < 1 each hidden card of
    another hand is kept with that chance, the others dealt again."""
    h, known = view._bound("look at it")
    rng = random.Random(seed)
    kept = []
    for q, cards in enumerate(h.hands):
        hidden = list(cards)
        for c in known.known[q]:
            hidden.remove(c)
        kept.append((*known.known[q], *(c for c in hidden if q == view.player or rng.random() < share)))
    full = Knowledge(
        seat=known.seat,
        history=known.history,
        known=tuple(kept),
        stock_known=known.stock_known,
        buried_known=known.buried_known,
    )
    return full.sample(h, rng.getrandbits(64))


class Clairvoyant(SearchBot):
    """:class:`rummykit.bots.SearchBot` at 1 s a decision, searching from the true hands."""

    THINK = 1.0

    def __init__(self, variant: Variant, seed: int | None = None) -> None:
        super().__init__(variant, seed, think=self.THINK, margin=MARGIN)  # searches in Gin too

    def strengthen(self, view: View, det: Hand) -> Hand:
        return true_deal(view, det.rng.getrandbits(64))


class Clairvoyant03(Clairvoyant):
    """The same at 0.3 s a decision."""

    THINK = 0.3


class HalfClairvoyant(SearchBot):
    """The search bot at 1 s, each of the opponents' hidden cards seen with chance 1/2."""

    def __init__(self, variant: Variant, seed: int | None = None) -> None:
        super().__init__(variant, seed, think=1.0, margin=MARGIN)

    def strengthen(self, view: View, det: Hand) -> Hand:
        return true_deal(view, det.rng.getrandbits(64), share=0.5)
