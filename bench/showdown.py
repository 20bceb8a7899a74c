"""The showdown games (Tonk, Tong-its) against random players, over whole
matches: what the greedy bot wins, and the cap that the rules put on any
player against random ones.

A random Tonk player may drop on its first turn, before its opponent has
played at all: those hands are decided by the deal alone. So no policy wins
every match against a random player, and the greedy bot's share is read
against two figures:

* ``perfect``: a player who sees every hand (a perfect-information policy):
  it drops (calls a draw) exactly when its count is the lowest, fights a
  called draw exactly when it would win, and otherwise plays as the greedy
  bot; what it wins is reached, so the cap is at least that;
* ``bound``: an upper bound of the cap: the hands decided before the
  player's first move (a dealt 49 or 50; a random player who drops at once)
  are scored as the cards say, and every other hand as won by the player
  at the largest stake a hand pays (a tonk, or a tongits), so no policy can
  win more matches than that.

Seats rotate: the measured bot sits at each seat in turn, the others are
random bots. Usage::

    PYTHONPATH=src python bench/showdown.py --matches 200 tonk tongits [--players 2 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import rummykit as rk
from rummykit.bots import GreedyBot, RandomBot
from rummykit.sim import simulate
from rummykit.sim.stats import wilson_interval


def showdown_count(v: rk.Variant, h: rk.Hand, seat: int) -> int:
    """A seat's count at a showdown: the whole hand (Tonk) or its deadwood."""
    cards = h.hand_of(seat)
    if v.scoring.counts_whole_hand():
        return rk.hand_value(v, cards)
    return rk.best_arrangement(v, cards).deadwood_value if cards else 0


class Perfect:
    """The perfect-information player of the module doc (it reads the hand)."""

    def __init__(self, v: rk.Variant, seed: int) -> None:
        self.v = v
        self.greedy = GreedyBot(v, seed=seed)

    def choose(self, h: rk.Hand, seat: int) -> rk.Action:
        v = self.v
        legal = h.legal_actions()
        words = {str(a): a for a in legal}
        mine = showdown_count(v, h, seat)
        others = [s for s in range(h.players) if s != seat]
        exposed = {s: any(t.owner == s for t in h.view(seat).table) for s in range(h.players)}
        rivals = [s for s in others if not v.going_out.answers_draw() or exposed[s]]
        if "fight" in words:
            caller = h.knocker
            assert caller is not None
            beats = all(
                mine <= showdown_count(v, h, s) if s == caller else mine < showdown_count(v, h, s)
                for s in rivals
            )
            return words["fight" if beats else "fold"]
        if "drop" in words and all(mine < showdown_count(v, h, s) for s in rivals):
            return words["drop"]
        action = self.greedy.choose(h.view(seat))
        if str(action) == "drop":  # the greedy bot's guess, where the truth is known
            action = next(a for a in legal if str(a) != "drop")
        return action


def play_match(v: rk.Variant, players: int, me: int, seed: int, who: str) -> float:
    """One match: ``who`` (greedy or perfect) at seat ``me``, random bots at
    the others; 1 for a match won alone, a share for a tie, 0 else."""
    m = rk.new_match(v, players=players, seed=seed)
    randoms = {s: RandomBot(v, seed=seed * 31 + s) for s in range(players) if s != me}
    perfect = Perfect(v, seed) if who == "perfect" else None
    greedy = GreedyBot(v, seed=seed) if who == "greedy" else None
    while not m.is_over:
        h = m.hand
        p = h.current_player
        assert p is not None
        seat = m.seats[p]
        if seat != me:
            m.apply(randoms[seat].choose(h.view(p)))
        elif perfect is not None:
            m.apply(perfect.choose(h, p))
        else:
            assert greedy is not None
            m.apply(greedy.choose(h.view(p)))
    return (1.0 / len(m.winners)) if me in m.winners else 0.0


def best_stake(v: rk.Variant, players: int) -> int:
    """The most a hand pays its winner from each other player."""
    s = v.scoring
    values = [getattr(s, name, 0) for name in ("tonk_pay", "out_pay", "drop_pay", "dealt_pay")]
    chips = getattr(s, "ante", 0) + max(getattr(s, "tongits_pay", 0), getattr(s, "win_pay", 0))
    return max([*values, chips]) * (players - 1)


def bound_match(v: rk.Variant, players: int, me: int, seed: int) -> float:
    """The upper bound of the module doc for one match (the same deals as
    :func:`play_match`, hand by hand: the match's seed draws them)."""
    m = rk.new_match(v, players=players, seed=seed)
    randoms = {s: RandomBot(v, seed=seed * 31 + s) for s in range(players) if s != me}
    top = best_stake(v, players)
    while not m.is_over:
        h = m.hand
        p = h.current_player
        assert p is not None
        seat = m.seats[p]
        if seat != me:  # the random players' moves before the player's first one decide alone
            m.apply(randoms[seat].choose(h.view(p)))
            continue
        _award(m, me, top)
    return (1.0 / len(m.winners)) if me in m.winners else 0.0


def _award(m: rk.Match, me: int, top: int) -> None:
    """End the current hand as won by match seat ``me`` at ``top`` chips
    (the scores moved by hand; the next hand dealt as the match deals it)."""
    h = m.hand
    if h.is_over:
        return
    others = [s for s in m.seats if s != me]
    share = top // max(1, len(others))
    for s in others:
        m.totals[s] -= share
    m.totals[me] += share * len(others)
    m.hands_played += 1
    verdict = m.v.game_end.verdict(
        totals=m.totals, active=list(m.seats), hands_played=m.hands_played, went_out=None
    )
    if verdict is not None:
        m.is_over = True
        m.winners = tuple(verdict)
        return
    seats = m.seats
    nxt = m.v.dealer.next_dealer(
        dealer=seats.index(m.dealer),
        players=len(seats),
        winner=seats.index(me),
        loser=None,
        step=m.v.deal.step(),
    )
    m.dealer = seats[nxt]
    m.hand = m._deal()
    if m.hand.is_over:
        m._finish_hand()


def share(v: rk.Variant, players: int, matches: int, seed: int, fn: str) -> tuple[float, float, float]:
    won = 0.0
    for i in range(matches):
        me = i % players
        if fn == "bound":
            won += bound_match(v, players, me, seed + i)
        else:
            won += play_match(v, players, me, seed + i, fn)
    lo, hi = wilson_interval(round(won), matches)
    return won / matches, lo, hi


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", nargs="*", default=["tonk", "tongits"])
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--players", type=int, nargs="*", default=None, help="player counts (default: every one allowed)"
    )
    args = ap.parse_args(argv)
    print(f"rummykit {rk.__version__}, Python {sys.version.split()[0]}: {args.matches} matches each")
    for name in args.variants:
        v = rk.load_variant(name)
        for players in v.players.counts():
            if args.players and players not in args.players:
                continue
            t = time.perf_counter()
            line = f"{name:<8} {players} players"
            found = {}
            for fn in ("greedy", "perfect", "bound"):
                found[fn] = share(v, players, args.matches, args.seed, fn)
                x, lo, hi = found[fn]
                line += f"  {fn} {100 * x:5.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
            g, p, b = found["greedy"][0], found["perfect"][0], found["bound"][0]
            line += f"  greedy/perfect {100 * g / p:5.1f}%  greedy/bound {100 * g / b:5.1f}%"
            line += f"  {time.perf_counter() - t:5.0f} s"
            print(line, flush=True)
            t = time.perf_counter()
            r = simulate(v, games=args.matches, players=players, bots=("greedy",), seed=args.seed)
            lo, hi = wilson_interval(r.turn_limit, r.games)
            print(
                f"{name:<8} {players} players  greedy self-play: {r.games} hands, turn limit {r.turn_limit}"
                f" ({100 * r.turn_limit / r.games:.1f}%, 95% CI [{100 * lo:.1f}, {100 * hi:.1f}]),"
                f" {r.games / (time.perf_counter() - t):.0f} hands/s",
                flush=True,
            )


if __name__ == "__main__":
    main()
