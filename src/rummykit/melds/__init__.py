"""The meld engine: classification, lay-offs, declarations and the best arrangement.

Every rule comes from the variant's components (ranking, deck, melds,
scoring, lay-off, going out), never from its name.

Modules:

* :mod:`~rummykit.melds.meld`: the value types :class:`Meld` (cards and what
  each stands for, with a notation), :class:`MeldKind`, :class:`Arrangement`;
* :mod:`~rummykit.melds.classify`: :func:`classify_meld`, :func:`meld_options`
  and :func:`meld_problems` (is a group a meld, in which readings, and why not);
* :mod:`~rummykit.melds.layoff`: :func:`layoff_options`;
* :mod:`~rummykit.melds.values`: :func:`card_value`, :func:`hand_value`,
  :func:`meld_value`;
* :mod:`~rummykit.melds.solver`: :func:`best_arrangement`,
  :func:`min_deadwood`, :func:`deadwood_cards`, :func:`best_discard`,
  :func:`discard_deadwoods`, and
  the tie-breaking rules;
* :mod:`~rummykit.melds.declare`: :func:`check_declaration`,
  :func:`best_declaration`;
* internals: :mod:`~rummykit.melds.tables` (a variant compiled into tables),
  :mod:`~rummykit.melds.no_wilds` (one deck, no wilds), :mod:`~rummykit.melds.wild_cores`
  (one deck, a few jokers), :mod:`~rummykit.melds.components` (any number of
  decks, wilds worth nothing), :mod:`~rummykit.melds.general_search` (anything),
  :mod:`~rummykit.melds.meld_bounds` (quick proofs that a hand cannot be melded whole) and
  :mod:`~rummykit.melds.arg_checks` (the public functions' argument checks).
  The tests hold every solver to slow plain and memoised enumerations.

>>> import rummykit as rk
>>> gin = rk.load_variant("gin")
>>> a = rk.best_arrangement(gin, rk.parse_cards("2S 4S 5S 6S 3D 5D 6D 3H 4H 5H"))
>>> a.deadwood_value, [str(m) for m in a.melds]
(16, ['3H 4H 5H', '4S 5S 6S'])
"""

from rummykit.melds.classify import classify_meld, meld_options, meld_problems
from rummykit.melds.declare import best_declaration, check_declaration
from rummykit.melds.layoff import layoff_options
from rummykit.melds.meld import Arrangement, Meld, MeldKind
from rummykit.melds.solver import (
    best_arrangement,
    best_discard,
    deadwood_cards,
    discard_deadwoods,
    min_deadwood,
)
from rummykit.melds.values import card_value, hand_value, meld_value

__all__ = [
    "Arrangement",
    "Meld",
    "MeldKind",
    "best_arrangement",
    "best_declaration",
    "best_discard",
    "card_value",
    "check_declaration",
    "classify_meld",
    "deadwood_cards",
    "discard_deadwoods",
    "hand_value",
    "layoff_options",
    "meld_options",
    "meld_problems",
    "meld_value",
    "min_deadwood",
]
