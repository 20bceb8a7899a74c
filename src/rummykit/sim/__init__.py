"""Many bot games at once, and a summary a rule designer can act on.

:func:`simulate` plays ``games`` hands (or, with ``match=True``, whole
matches) of a variant between bots, in parallel processes if asked, and
returns a :class:`SimulationReport`: wins by seat, how long hands last, the
score distribution, how hands end, how often the turn limit stopped a hand,
and the advantage of playing first with a 95% confidence interval.

Built only on the public API (layer 6): ``new_hand``, ``new_match``, views
and the bots of :mod:`rummykit.bots`.

Determinism: game ``i`` is dealt with the seed :func:`game_seed` derives from
the master ``seed`` and ``i`` alone, and its random bots are seeded the same
way per seat, with fresh bots for every game. Games run in chunks of
consecutive indices, in one process or many, and the report is computed from
the results put back in game-index order. So the same seed gives the same
numbers, whatever ``jobs`` is, whichever backend runs the chunks (worker
processes here, or Ray tasks on a cluster), and after a resume.

Records and checkpoints: with ``records=FILE.jsonl`` every hand's record is
written, a line each, in game order, and a checkpoint next to it lets an
interrupted study go on where it stopped (``resume=True``). See the docs page
"Large studies" for running on many cores and on a Ray cluster.

Seats and positions: bots are assigned to seats cyclically (``bots=("random",
"greedy")`` puts a random bot on seats 0, 2, ... and a greedy one on seats 1,
3, ...). In hands mode the dealer rotates with the game index (game ``i`` is
dealt by seat ``i % players``), so every seat plays first equally often and a
seat's win rate measures its bot, not its position; the position effect is
measured separately, as the first-player advantage. In match mode the first
dealer is drawn from the match's seed and then rotates as the variant says.

>>> import rummykit as rk
>>> from rummykit.sim import simulate
>>> r = simulate(rk.load_variant("gin"), games=6, players=2, seed=1)
>>> r.games, sum(r.wins) + r.ties + r.no_winner, sum(r.endings.values())
(6, 6, 6)
>>> r == simulate(rk.load_variant("gin"), games=6, players=2, seed=1)
True
"""

from __future__ import annotations

from rummykit.sim.backends import RAY_RETRIES
from rummykit.sim.play import BOT_NAMES, CHUNK_MAX, BotFactory, BotSpec, PlayerFn
from rummykit.sim.records import PROGRESS_FORMAT, progress_path, read_records
from rummykit.sim.report import FORMAT, SimulationReport, compare_table
from rummykit.sim.run import AUTO_MIN_GAMES, BACKENDS, MAX_GAMES, available_cpus, seat_bots, simulate
from rummykit.sim.seeds import bot_seed, game_seed
from rummykit.sim.stats import Z95, Distribution, FirstPlayerAdvantage, wilson_interval

__all__ = [
    "AUTO_MIN_GAMES",
    "BACKENDS",
    "BOT_NAMES",
    "CHUNK_MAX",
    "FORMAT",
    "MAX_GAMES",
    "PROGRESS_FORMAT",
    "RAY_RETRIES",
    "Z95",
    "BotFactory",
    "BotSpec",
    "Distribution",
    "FirstPlayerAdvantage",
    "PlayerFn",
    "SimulationReport",
    "bot_seed",
    "compare_table",
    "available_cpus",
    "game_seed",
    "progress_path",
    "read_records",
    "seat_bots",
    "simulate",
    "wilson_interval",
]
