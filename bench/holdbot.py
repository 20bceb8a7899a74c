"""Melds held in hand: the search bot's default, keeping its melds concealed.

    PYTHONPATH=bench python bench/bots.py vs --other holdbot:HoldTempo --games 2000 --duplicate kalooki
    PYTHONPATH=bench python bench/bots.py vs --other holdbot:HoldSearch --games 100 --duplicate --jobs 1 kalooki

(bench/ is on the path of its scripts; the figure printed is the greedy bot's
share.) Where any number of melds may go down in a turn and the others may
lay off onto them or take a wild joker from them (Kalooki, Rommé, Wrotham's
first deals), a meld on the table helps the other players go out. These bots
play :meth:`rummykit.SearchBot.default`, except that once the bot has made
its first meld (where the first meld has a threshold) it keeps further melds
in hand until it can go out that turn (its cards outside melds, less those
it can lay off, at most one), laying off only cards outside its melds.
``HoldTempo`` plays that default alone; ``HoldSearch`` is the search bot at
1 s a decision with that default.
"""

from __future__ import annotations

from knobs import Knob

import rummykit as rk
from rummykit.bots import SearchBot
from rummykit.engine import Action, Discard, Layoff, MeldAction, Swap
from rummykit.melds.solver import deadwood_cards


def hold(search: SearchBot, view: rk.View, choice: Action) -> Action:
    """``choice``, unless it is a meld that the bot would rather keep in hand."""
    if not isinstance(choice, MeldAction):
        return choice
    v = search.variant
    if v.initial_meld.required and not view.melded[view.player]:
        return choice  # the first meld, as the greedy bot makes it
    wild = view.wild_ranks
    loose = deadwood_cards(search._counting, view.hand, wild_ranks=wild)
    if loose is None:
        return choice
    outside = set(loose)
    layoffs = [a for a in view.legal if isinstance(a, Layoff) and set(a.cards()) <= outside]
    natural_loose = [c for c in loose if not v.deck.is_wild(c, wild)]
    if len(natural_loose) - len({c for a in layoffs for c in a.cards()}) <= 1:
        return choice  # it can go out this turn: meld
    if layoffs:
        return layoffs[0]
    swaps = [a for a in view.legal if isinstance(a, Swap)]
    if swaps:
        return swaps[0]
    discards = [a for a in view.legal if isinstance(a, Discard)]
    if not discards:
        return choice
    return search.tempo(view, search.greedy._discard_choice(view, discards))


class HoldSearch(Knob):
    """The search bot (1 s a decision, as ``knobs.Knob``) whose default keeps
    melds in hand."""

    def default(self, view: rk.View) -> Action:
        return hold(self, view, super().default(view))


class HoldTempo:
    """:class:`HoldSearch`'s default move alone, with no rollouts."""

    def __init__(self, variant: rk.Variant, seed: int | None = None) -> None:
        self.search = HoldSearch(variant, seed=seed, iterations=1, think=None)

    def start_hand(self, view: rk.View) -> None:
        self.search.start_hand(view)

    def choose(self, view: rk.View) -> Action:
        return self.search.default(view)
