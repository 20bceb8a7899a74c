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

import attrs

from rummykit.rules.melds import StandardMelds
from rummykit.variant import Variant

__all__ = ["deal_variant"]

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
