"""Contract rummy for the bots: the melds a deal's contract asks for, so that
a bot weighs its hand by those melds alone until it has gone down, and
whether buying a discard helps.

>>> import rummykit as rk
>>> v = rk.load_variant("liverpool")
>>> deal_variant(v, deal=7, gone_down=False).melds.sets, deal_variant(v, deal=1, gone_down=False).melds.runs
(False, False)
>>> deal_variant(v, deal=2, gone_down=False) is v
True
"""

from __future__ import annotations

import weakref
from typing import Any

import attrs

from rummykit.cards import Card, Rank
from rummykit.engine import Action, Buy, Pass, View
from rummykit.rules.melds import StandardMelds
from rummykit.variant import Variant

__all__ = ["buy_helps", "contract_move", "deal_variant"]

_MADE: weakref.WeakKeyDictionary[Variant, dict[int, Variant]] = weakref.WeakKeyDictionary()


def deal_variant(v: Variant, *, deal: int, gone_down: bool) -> Variant:
    """``v`` with only the meld kinds (and least run size) the contract of
    deal ``deal`` asks for, while the player has not gone down; ``v`` itself
    where there is no contract, it asks for both kinds at their least sizes,
    or the melds rules are not the standard ones."""
    if gone_down:
        return v
    slots = v.initial_meld.contract_melds(deal=deal)
    melds = v.melds
    if not slots or not isinstance(melds, StandardMelds):
        return v
    per = _MADE.setdefault(v, {})
    key = deal
    found = per.get(key)
    if found is None:
        kinds = {k for k, _ in slots}
        runs = [n for k, n in slots if k == "run"]
        run_min = max([melds.run_min, *(n for n in runs if n)]) if runs else melds.run_min
        new = attrs.evolve(
            melds,
            sets=melds.sets and "set" in kinds,
            runs=melds.runs and "run" in kinds,
            run_min=run_min,
        )
        found = per[key] = v if new == melds else attrs.evolve(v, melds=new)
    return found


def buy_helps(v: Variant, hand: tuple[Card, ...], card: Card, *, deal: int, wild: frozenset[Rank]) -> bool:
    """Whether buying ``card`` brings ``hand`` closer to the contract of deal
    ``deal``: it is wild, it makes a set with two cards of its rank where the
    contract has a set, or it lies with two cards of its suit in a run's
    least span where the contract has a run.

    >>> import rummykit as rk
    >>> v = rk.load_variant("liverpool")
    >>> hand = rk.parse_cards("7H 7S 9C TC KD")
    >>> [buy_helps(v, hand, rk.parse_card(c), deal=2, wild=frozenset()) for c in ("7D", "JC", "3S", "JK")]
    [True, True, False, True]
    """
    if card.rank is None or v.deck.is_wild(card, wild):
        return True
    slots = v.initial_meld.contract_melds(deal=deal)
    kinds = {k for k, _ in slots} or {"set", "run"}
    natural = [c for c in hand if c.rank is not None and not v.deck.is_wild(c, wild)]
    if "set" in kinds and sum(1 for c in natural if c.rank == card.rank) >= 2:
        return True
    if "run" not in kinds:
        return False
    melds = v.melds
    span = melds.run_min if isinstance(melds, StandardMelds) else 3
    places = {int(card.rank)} | ({14} if card.rank is Rank.ACE else set())
    near: set[int] = set()
    for c in natural:
        if c.suit == card.suit and c.rank is not None and c.rank != card.rank:
            near.add(int(c.rank))
            if c.rank is Rank.ACE:
                near.add(14)
    return any(
        sum(1 for x in near if lo <= x < lo + span) >= 2 for p in places for lo in range(p - span + 1, p + 1)
    )


def contract_move(bot: Any, view: View) -> Action | None:
    """A greedy bot's move where contract rummy decides it (None elsewhere):
    buy a discard that helps (:func:`buy_helps`) or pass; until the bot has
    gone down, the move of a bot of the same settings that weighs the hand by
    the deal's contract alone (:func:`deal_variant`)."""
    v: Variant = bot.variant
    legal = view.legal
    if Buy() in legal:
        top = view.top_discard
        helps = top is not None and buy_helps(v, view.hand, top, deal=view.deal, wild=view.wild_ranks)
        return Buy() if helps else Pass()
    eff = deal_variant(v, deal=view.deal, gone_down=view.melded[view.player])
    if eff is v:
        return None
    bots: dict[int, Any] = bot.__dict__.setdefault("_by_deal", {})
    sub = bots.get(id(eff))
    if sub is None or sub.variant is not eff:
        sub = bots[id(eff)] = type(bot)(eff, bot.seed, knock_at=bot.knock_at, beginner=bot.beginner)
    move: Action = sub.choose(view)
    return move
