"""Bot strength and stall figures, with 95% confidence intervals.

    python bench/bots.py stall [--games N] [VARIANT ...]     greedy vs greedy: hands stopped by the turn limit
    python bench/bots.py random [--games N] [--matches] [VARIANT ...]
                                                               greedy vs random, 2 players (or the fewest allowed)
    python bench/bots.py search [--games N] [--think S | --iterations K] [--horizon T|none|auto]
                                [--margin M|auto] [--against MODULE:CLASS] [VARIANT ...]
                                                               search vs greedy (or another bot), 2 players
    python bench/bots.py vs --other MODULE:CLASS [--games N] [VARIANT ...]
                                                               greedy vs another bot, 2 players
                                                               (e.g. simplegin:SimpleGin, or a copy of an
                                                               older GreedyBot)

Every figure comes from :func:`rummykit.sim.simulate`. In ``random`` and
``search`` the two bots swap seats for the second half of the games, and the
dealer rotates with the game index, so each bot plays first equally often.
A hand counts as won by a bot when it is the single winner; a shared win,
and a hand nobody wins (Gin's dead hand when the stock runs out), count one
half. With ``--duplicate`` (``random``, ``search`` and ``vs``, single hands)
the second half replays the first half's deals (the same seed: the same
cards to the same seats, the same dealer) with the bots swapped, so the luck
of the deal cancels: each deal counts as a pair of hands, the bot's share of
the pair (0, 1/2 or 1), and the interval is the normal one over the pairs
(about 0.6 times as wide as the independent hands' interval in Straight and
Gin, where 77-81% of the pairs split one hand each: the deal decided them).
With ``--matches`` (``random`` and ``vs``) each game is a whole match, hands
until the variant's game end (``simulate(..., match=True)``), and a match
counts as won by its winner. Intervals are Wilson score intervals
(ties counted as half a win, so the interval is approximate when ties
occur). Prints one line per figure, as it is measured.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import rummykit as rk
from rummykit.bots import GreedyBot, SearchBot
from rummykit.sim import simulate, wilson_interval


def _search_factory(
    variant: rk.Variant,
    seed: int,
    *,
    think: float | None,
    iterations: int | None,
    horizon: Any = "auto",
    margin: Any = "auto",
) -> Any:
    return SearchBot(variant, seed, think=think, iterations=iterations, horizon=horizon, margin=margin)


def decision_times(
    v: rk.Variant,
    *,
    think: float | None,
    iterations: int | None,
    count: int = 20,
    horizon: Any = "auto",
    margin: Any = "auto",
) -> list[float]:
    """Seconds the search bot takes over ``count`` decisions of greedy hands
    (positions with more than one legal action), measured in this process."""
    bot = SearchBot(v, seed=0, think=think, iterations=iterations, horizon=horizon, margin=margin)
    greedy = GreedyBot(v, seed=0)
    times: list[float] = []
    deal = 0
    while len(times) < count and deal < 100:
        h = rk.new_hand(v, players=2, seed=deal)
        deal += 1
        while not h.is_over and len(times) < count and h.turns < 60:
            p = h.current_player
            assert p is not None
            view = h.view(p)
            if len(view.legal) > 1:
                t = time.perf_counter()
                bot.choose(view)
                times.append(time.perf_counter() - t)
            h.apply(greedy.choose(view))
    return times


def _horizon(text: str) -> int | str | None:
    """``--horizon``: a number of turns, ``none`` or ``auto``."""
    if text in ("auto", "none"):
        return None if text == "none" else text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of turns, none or auto, not {text!r}") from None


def _margin(text: str) -> float | str:
    """``--margin``: a number of standard errors or ``auto``."""
    if text == "auto":
        return text
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of standard errors or auto, not {text!r}") from None


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def head_to_head(
    v: rk.Variant, a: Any, b: Any, games: int, seed: int, jobs: int, match: bool = False
) -> tuple[float, int]:
    """Hands (whole matches with ``match``) won by ``a`` against ``b`` (2
    players, seats swapped half way)."""
    first = games // 2
    won = 0.0
    for bots, mine, n, s in (((a, b), 0, first, seed), ((b, a), 1, games - first, seed + 1)):
        if n == 0:
            continue
        r = simulate(v, games=n, players=2, bots=bots, seed=s, jobs=jobs, match=match)
        # a hand nobody wins (a dead hand: the stock ran out) is a draw: half each
        won += r.wins[mine] + r.shared_wins[mine] / 2 + r.no_winner / 2
    return won, games


def duplicate(
    v: rk.Variant, a: Any, b: Any, games: int, seed: int, jobs: int
) -> tuple[float, float, float, int]:
    """``a``'s share of ``games // 2`` deals played twice, the bots swapped
    (see the module docstring): ``(share, low, high, pairs split one hand
    each)``, the 95% interval over the pairs."""
    pairs = games // 2
    if pairs < 2:
        raise SystemExit("--duplicate needs at least 4 games")
    winners: list[list[list[int]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for k, bots in enumerate(((a, b), (b, a))):
            path = Path(tmp) / f"half{k}.jsonl"
            simulate(v, games=pairs, players=2, bots=bots, seed=seed, jobs=jobs, records=path)
            with path.open(encoding="utf-8") as f:
                winners.append([json.loads(line)["result"]["winners"] for line in f])

    def share(w: list[int], seat: int) -> float:
        # a hand nobody wins (a dead hand) is a draw: half each
        return 1.0 if w == [seat] else 0.5 if seat in w or not w else 0.0

    scores = [(share(x, 0) + share(y, 1)) / 2 for x, y in zip(winners[0], winners[1], strict=True)]
    mean = sum(scores) / pairs
    sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / (pairs - 1))
    half = 1.959964 * sd / math.sqrt(pairs)
    return mean, max(0.0, mean - half), min(1.0, mean + half), sum(x == 0.5 for x in scores)


def _dup_line(name: str, label: str, found: tuple[float, float, float, int], games: int, secs: float) -> str:
    mean, lo, hi, split = found
    pairs = games // 2
    return (
        f"{name:<15} {label:<22} {_pct(mean)}  95% CI [{_pct(lo)}, {_pct(hi)}]  n={pairs} deals x 2"
        f" (split {100 * split / pairs:.0f}%)  {secs:6.0f} s"
    )


def _line(name: str, label: str, won: float, games: int, target: str, secs: float) -> str:
    lo, hi = wilson_interval(round(won), games)
    return f"{name:<15} {label:<22} {_pct(won / games)}  95% CI [{_pct(lo)}, {_pct(hi)}]  n={games:<4} {target:<8} {secs:6.0f} s"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["stall", "random", "search", "vs"])
    ap.add_argument("variants", nargs="*", help="variants (default: every built-in one)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--think", type=float, default=None, help="search: seconds per decision")
    ap.add_argument("--iterations", type=int, default=None, help="search: rollouts per decision")
    ap.add_argument("--max-players", type=int, default=12, help="stall: largest player count measured")
    ap.add_argument(
        "--horizon",
        type=_horizon,
        default="auto",
        help="search: turns looked ahead, none (to the hand's end) or auto (the default: SearchBot's choice)",
    )
    ap.add_argument(
        "--margin",
        type=_margin,
        default="auto",
        help="search: standard errors a candidate must beat the default by (auto, the default: SearchBot's"
        " choice, which plays the default move without rollouts in Gin)",
    )
    ap.add_argument("--other", default=None, help="vs: the other bot, as module:Class (importable)")
    ap.add_argument(
        "--against",
        default=None,
        help="search: the opponent, as module:Class (importable; default: the greedy bot)",
    )
    ap.add_argument(
        "--matches", action="store_true", help="random, vs: whole matches instead of single hands"
    )
    ap.add_argument(
        "--players",
        type=int,
        default=2,
        help="random: seats (greedy at the even seats, random at the odd: partnerships where the variant has them)",
    )
    ap.add_argument(
        "--duplicate",
        action="store_true",
        help="random, search, vs: each deal played twice, the bots swapped",
    )
    args = ap.parse_intermixed_args(argv)
    if args.what == "vs" and not args.other:
        ap.error("vs needs --other MODULE:CLASS")
    if args.duplicate and (args.matches or args.what == "stall"):
        ap.error("--duplicate compares single hands: not with --matches or stall")
    names = args.variants or rk.list_variants()
    print(f"rummykit {rk.__version__}, Python {sys.version.split()[0]}: {args.what}, {args.games} games each")
    for name in names:
        v = rk.load_variant(name)
        if args.what == "stall":
            for p in v.players.counts():
                if p > args.max_players:
                    continue
                t = time.perf_counter()
                r = simulate(v, games=args.games, players=p, bots=("greedy",), seed=args.seed, jobs=args.jobs)
                lo, hi = wilson_interval(r.turn_limit, r.games)
                print(
                    f"{name:<15} {p:>2} players  turn limit {r.turn_limit:>4}/{r.games:<4} {_pct(r.turn_limit / r.games)}"
                    f"  95% CI [{_pct(lo)}, {_pct(hi)}]  mean turns {r.turns.mean:6.1f}"
                    f"  {'OK' if r.turn_limit / r.games < 0.01 else 'over 1%'}  {time.perf_counter() - t:5.0f} s",
                    flush=True,
                )
            continue
        if args.what == "random" and args.players != 2:
            if args.players not in v.players.counts():
                print(f"{name:<15} no {args.players}-player form", flush=True)
                continue
            t = time.perf_counter()
            teams = v.players.teams_for(args.players)
            # with partnerships, greedy plays seat 0's side and random every other side (six of
            # Samba: three pairs); without, greedy and random take turns round the table
            seats = (
                tuple(
                    "greedy" if s in v.players.side_of(args.players, 0) else "random"
                    for s in range(args.players)
                )
                if teams
                else ("greedy", "random")
            )
            r = simulate(
                v, games=args.games, players=args.players, bots=seats, seed=args.seed,
                jobs=args.jobs, match=args.matches,
            )  # fmt: skip
            # greedy's seats (seat 0's side, or 0, 2, ...) win together where they are partners
            side = r.wins[0] + r.shared_wins[0] if v.players.teams_for(args.players) else sum(r.wins[0::2])
            label = f"greedy vs random, {args.players} players" + (" (matches)" if args.matches else "")
            ok = "OK" if side / r.games > 0.85 else "below"
            print(_line(name, label, side, r.games, ok, time.perf_counter() - t))
            continue
        p = 2 if 2 in v.players.counts() else v.players.min
        if p != 2:
            print(f"{name:<15} no 2-player form", flush=True)
            continue
        t = time.perf_counter()
        if args.what == "random" and args.duplicate:
            found = duplicate(v, "greedy", "random", args.games, args.seed, args.jobs)
            print(_dup_line(name, "greedy vs random", found, args.games, time.perf_counter() - t), flush=True)
        elif args.what == "random":
            won, n = head_to_head(v, "greedy", "random", args.games, args.seed, args.jobs, args.matches)
            ok = "OK" if won / n > 0.9 else "below"
            label = "greedy vs random" + (" (matches)" if args.matches else "")
            print(_line(name, label, won, n, ok, time.perf_counter() - t), flush=True)
        elif args.what == "vs" and args.duplicate:
            found = duplicate(v, "greedy", args.other, args.games, args.seed, args.jobs)
            label = f"greedy vs {args.other.rsplit(':', 1)[-1]}"
            print(_dup_line(name, label, found, args.games, time.perf_counter() - t), flush=True)
        elif args.what == "vs":
            won, n = head_to_head(v, "greedy", args.other, args.games, args.seed, args.jobs, args.matches)
            print(
                _line(
                    name, f"greedy vs {args.other.rsplit(':', 1)[-1]}", won, n, "", time.perf_counter() - t
                ),
                flush=True,
            )
        else:
            its = args.iterations
            think = args.think if args.think is not None or its is not None else 1.0
            factory = functools.partial(
                _search_factory,
                think=think,
                iterations=its,
                horizon=args.horizon,
                margin=args.margin,
            )
            functools.update_wrapper(factory, _search_factory)
            factory.__name__ = "search"  # type: ignore[attr-defined]
            budget = f"{think:g} s" if think is not None else f"{its} it"
            probe = SearchBot(v, seed=0, iterations=1, horizon=args.horizon, margin=args.margin)
            extra = f", horizon {probe.horizon}" if probe.horizon is not None else ", to the end"
            extra += ", its default move" if math.isinf(probe.margin) else f", margin {probe.margin:g}"
            opponent: Any = args.against or GreedyBot
            label = (
                f"search({budget}{extra}) vs {args.against.rsplit(':', 1)[-1] if args.against else 'greedy'}"
            )
            if args.duplicate:
                found = duplicate(v, factory, opponent, args.games, args.seed, args.jobs)
                print(_dup_line(name, label, found, args.games, time.perf_counter() - t), flush=True)
            else:
                won, n = head_to_head(v, factory, opponent, args.games, args.seed, args.jobs)
                print(_line(name, label, won, n, "", time.perf_counter() - t), flush=True)
            times = decision_times(v, think=think, iterations=its, horizon=args.horizon, margin=args.margin)
            print(
                f"{name:<15} decision time over {len(times)} greedy positions, this process alone:"
                f" mean {sum(times) / len(times):.3f} s, max {max(times):.3f} s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
