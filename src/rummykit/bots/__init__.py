"""Players: the bot protocol, the built-in bots and a resolver for bot specs.

A bot is any object with ``choose(view) -> Action | str`` that picks one of
``view.legal`` (the legal actions of the seat whose turn it is), built as
``Bot(variant, seed)``. It may also define ``start_hand(view)``, called with
the seat's first view of every new hand. See :class:`Bot` and the "Writing a
bot" docs page.

Built-in bots, by name (:data:`BOTS`): ``random`` (:class:`RandomBot`),
``greedy`` (:class:`GreedyBot`), ``search`` (:class:`SearchBot`), and the
difficulty levels ``level1`` (beginner) to ``level5`` (:mod:`~rummykit.bots.levels`).
:func:`make_bot` turns a name, a ``"module:Class"`` string, a class or a
factory into a bot; ``"cmd:PROGRAM ARGS"`` runs any program that speaks the
JSON-lines protocol of :mod:`rummykit.bots.process` (:class:`ProcessBot`).

Modules: ``base`` (the protocol, :func:`make_bot`), ``random_bot``,
``greedy`` (with ``requirement``, the runs a declaration needs), ``search``
(with ``races``, its default move; ``opponents``, its opponent model;
``rollout``, its rollout policy; ``search_defaults``, its settings read from
the rules), ``levels`` (difficulty levels), ``hands`` (card helpers), ``process``.

>>> import rummykit as rk
>>> h = rk.new_hand(rk.load_variant("straight"), players=2, seed=5)
>>> bots = [rk.GreedyBot(h.variant, seed=1), rk.GreedyBot(h.variant, seed=2)]
>>> while not h.is_over:
...     h.apply(bots[h.current_player].choose(h.view(h.current_player)))
>>> h.result is not None
True
"""

from __future__ import annotations

from rummykit.bots.base import BOTS, Bot, BotError, bot_label, make_bot
from rummykit.bots.greedy import GreedyBot
from rummykit.bots.levels import LEVELS, level_factory
from rummykit.bots.process import ProcessBot
from rummykit.bots.random_bot import RandomBot
from rummykit.bots.search import SearchBot

BOTS.update({"random": RandomBot, "greedy": GreedyBot, "search": SearchBot})
BOTS.update({f"level{n}": level_factory(n) for n in LEVELS})

__all__ = [
    "BOTS",
    "Bot",
    "BotError",
    "GreedyBot",
    "ProcessBot",
    "RandomBot",
    "SearchBot",
    "bot_label",
    "make_bot",
]
