"""Yardstick: rummykit's bots against OpenSpiel's IS-MCTS in Gin, each bot
deciding in its own engine (needs ``pip install open_spiel``; never a
dependency of rummykit).

    PYTHONPATH=src:bench python bench/ismcts.py --games 100 --bots greedy,search --simulations 500 --jobs 2

Every deal is played twice, the seats swapped. A rummykit hand of built-in
Gin and an OpenSpiel ``gin_rummy`` state are dealt the same cards and moved
in lockstep: the rummykit bot chooses from its seat's view, IS-MCTS from its
OpenSpiel state (``pyspiel.ISMCTSBot`` with random-rollout evaluation, a
fixed number of simulations a decision, so its strength does not depend on
the machine's load). Each move is translated into the other engine, a stock
draw becoming the OpenSpiel chance outcome of the card the rummykit stock
gave. After a knock both engines declare the melds of rummykit's
arrangement, so the choices asked of the bots are the draws, discards,
knocks and lay-offs. At each hand's end the two engines' scores must agree
(OpenSpiel's returns are zero-sum: the winner's rummykit score and its
negative). Where the two rule sets differ: OpenSpiel lets a player discard
the upcard just taken, which built-in Gin does not (IS-MCTS then plays its
most visited move that rummykit allows, counted as overruled); OpenSpiel
declares runs of at most 5 cards (a longer run is declared in parts) and
cannot lay off onto a run of 5. A hand where a move of one engine has no
counterpart in the other, or the scores differ, is left out and counted,
with its reason printed, never scored.

Prints a row a bot: hands, its share of them (draws half) with the 95%
Wilson interval of its share of the decisive hands, points a hand, and the
seconds IS-MCTS took a decision.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import rummykit as rk
from rummykit.bots import make_bot
from rummykit.sim import bot_seed, game_seed, wilson_interval

try:
    import pyspiel
except ImportError:  # pragma: no cover - the yardstick is optional
    pyspiel = None

RANKS = "A23456789TJQK"
SUITS = "SCDH"  # OpenSpiel's card id is suit * 13 + rank, spades first
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK = 52, 53, 54, 55


def card_id(card: rk.Card | str) -> int:
    """OpenSpiel's id of a card: ``card_id("AS") == 0``, ``card_id("KH") == 51``."""
    text = str(card)
    return SUITS.index(text[1]) * 13 + RANKS.index(text[0])


def card_text(cid: int) -> str:
    """The rummykit text of an OpenSpiel card id: ``card_text(13) == "AC"``."""
    return RANKS[cid % 13] + SUITS[cid // 13]


class Mismatch(RuntimeError):
    """The two engines disagree: a move of one has no counterpart in the other."""


def _meld_action(state: Any, cards: list[str]) -> int:
    want = {c.upper() for c in cards}
    for a in state.legal_actions():
        if a > KNOCK:
            text = state.action_to_string(state.current_player(), a).split("Action: ")[1]
            if {text[i : i + 2].upper() for i in range(0, len(text), 2)} == want:
                return a
    raise Mismatch(f"no OpenSpiel meld declaration for {sorted(want)}")


def _declarable(cards: list[str]) -> list[list[str]]:
    """OpenSpiel declares runs of at most 5 cards: a longer run goes in runs of 3 from its low end."""
    if len(cards) <= 5 or len({c[1] for c in cards}) > 1:
        return [cards]
    run = sorted(cards, key=lambda c: RANKS.index(c[0]))
    return [run[:3], *_declarable(run[3:])]


def _declare(state: Any, melds: list[list[str]]) -> None:
    """Declares the melds in OpenSpiel, then passes."""
    for cards in (part for meld in melds for part in _declarable(meld)):
        state.apply_action(_meld_action(state, cards))
    state.apply_action(PASS)


def _hand_melds(hand: rk.Hand, seat: int) -> list[list[str]]:
    return [[str(c) for c in tm.meld.cards] for tm in hand.table if tm.owner == seat]


def _best_melds(v: rk.Variant, cards: Any) -> list[list[str]]:
    best = rk.best_arrangement(v, tuple(cards))
    return [[str(c) for c in m.cards] for m in best.melds]


def _os_to_rk(state: Any, hand: rk.Hand, action: int) -> str:
    """The rummykit text of an OpenSpiel action (a knock needs its discard: KNOCK is read with the next)."""
    legal = [str(a) for a in hand.legal_actions()]
    if action == DRAW_UPCARD:
        text = "take"
    elif action == DRAW_STOCK:
        text = "draw"
    elif action == PASS:
        text = "pass"
    elif action < 52:
        card = card_text(action)
        options = [t for t in legal if t == f"discard {card}" or t.startswith(f"layoff {card} ")]
        if not options:
            raise Mismatch(f"OpenSpiel's {card} has no rummykit move among {legal}")
        text = options[0]
    else:
        raise Mismatch(f"OpenSpiel action {action} is not a draw, discard, pass or lay-off")
    if text not in legal:
        raise Mismatch(f"{text!r} is not legal in rummykit: {legal}")
    return text


def _ismcts_move(bot: Any, state: Any, hand: rk.Hand, *, knock: bool = False) -> tuple[int, str, int]:
    """IS-MCTS's move, as (OpenSpiel action, rummykit text, 1 if overruled else 0).

    OpenSpiel lets a player discard the upcard just taken, which built-in Gin
    does not; IS-MCTS then plays its most visited move that rummykit allows."""
    policy, best = bot.step_with_policy(state)
    ranked = [best] + [a for a, _ in sorted(policy, key=lambda ap: -ap[1]) if a != best]
    for rank, action in enumerate(ranked):
        if action == KNOCK and not knock:
            if any(str(a).startswith("knock ") for a in hand.legal_actions()):
                return action, "", int(rank > 0)
            continue
        try:
            text = _os_to_rk(state, hand, action)
        except Mismatch:
            continue
        if knock:
            text = f"knock {card_text(action)}"
            if not hand.is_legal(text):
                continue
        return action, text, int(rank > 0)
    raise Mismatch(f"none of IS-MCTS's moves {ranked} is legal in rummykit")


def _drawn(before: tuple[rk.Card, ...], after: tuple[rk.Card, ...]) -> str:
    rest = list(after)
    for c in before:
        rest.remove(c)
    return str(rest[0])


def play_deal(
    v: rk.Variant, game: Any, deal_seed: int, rk_os_player: int, spec: str, bot_s: int, sims: int
) -> dict[str, Any]:
    """One hand: the rummykit bot ``spec`` at OpenSpiel player ``rk_os_player``, IS-MCTS at the other."""
    hand = rk.new_hand(v, players=2, seed=deal_seed)
    first = hand.current_player
    assert first is not None
    seat_of = {0: first, 1: 1 - first}  # OpenSpiel's player 0 moves first
    state = game.new_initial_state()
    for p in (0, 1):
        for c in hand.hand_of(seat_of[p]):
            state.apply_action(card_id(c))
    state.apply_action(card_id(hand.discard_pile[-1]))
    bot = make_bot(spec, v, bot_s)
    small = bot_s % 2**31
    ismcts = pyspiel.ISMCTSBot(small, pyspiel.RandomRolloutEvaluator(1, small), 2.0, sims, -1)
    think, decisions, overrules = 0.0, 0, 0
    while not hand.is_over:
        seat = hand.current_player
        assert seat is not None
        p = 0 if seat_of[0] == seat else 1
        if state.is_terminal() or state.current_player() != p:
            raise Mismatch(f"rummykit asks seat {seat}, OpenSpiel is at {state.current_player()}: {state}")
        before = hand.hand_of(seat)
        if p == rk_os_player:
            text = str(bot.choose(hand.view(seat)))
            word = text.split()[0]
            if word == "take":
                state.apply_action(DRAW_UPCARD)
            elif word == "draw":
                state.apply_action(DRAW_STOCK)
            elif word == "pass":
                state.apply_action(PASS)
            elif word in ("discard", "layoff"):
                state.apply_action(card_id(text.split()[1]))
            elif word == "knock":
                state.apply_action(KNOCK)
                state.apply_action(card_id(text.split()[1]))
            else:
                raise Mismatch(f"rummykit move {text!r} has no OpenSpiel counterpart")
        else:
            start = time.perf_counter()
            action, text, overruled = _ismcts_move(ismcts, state, hand)
            if action == KNOCK:
                state.apply_action(KNOCK)
                action, text, again = _ismcts_move(ismcts, state, hand, knock=True)
                overruled += again
            think += time.perf_counter() - start
            decisions += 1
            overrules += overruled
            state.apply_action(action)
        hand.apply(text)
        word = text.split()[0]
        if word == "draw":  # the stock card rummykit dealt is OpenSpiel's chance outcome
            state.apply_action(card_id(_drawn(before, hand.hand_of(seat))))
        elif word == "knock":  # the table's melds, or (the hand ended at once) the best arrangement
            discarded = text.split()[1]
            kept = [c for c in before if str(c) != discarded]
            melds = _hand_melds(hand, seat) or _best_melds(v, kept)
            _declare(state, melds)
    # The defender's declarations (after its lay-offs, or after a gin, where it lays off nothing).
    while not state.is_terminal() and not state.is_chance_node():
        defender = seat_of[state.current_player()]
        if all(a <= PASS for a in state.legal_actions()):
            state.apply_action(PASS)
        else:
            _declare(state, _best_melds(v, hand.hand_of(defender)))
    if not state.is_terminal():
        raise Mismatch(f"rummykit's hand is over ({hand.result}), OpenSpiel's is not: {state}")
    result = hand.result
    assert result is not None
    returns = state.returns()
    rk_points = result.scores[seat_of[rk_os_player]] - result.scores[seat_of[1 - rk_os_player]]
    if rk_points != returns[rk_os_player]:
        raise Mismatch(f"scores differ: rummykit {result.scores} ({result.reasons}), OpenSpiel {returns}")
    return {"points": rk_points, "think": think, "decisions": decisions, "overrules": overrules}


def _work(job: tuple[str, int, int, int]) -> dict[str, Any]:
    spec, i, side, sims = job
    v = rk.load_variant("gin")
    game = pyspiel.load_game("gin_rummy")
    try:
        out = play_deal(v, game, game_seed(0, i), side, spec, bot_seed(0, i, side), sims)
    except (Mismatch, pyspiel.SpielError) as error:  # the rule sets differ: left out, counted
        return {"spec": spec, "skipped": f"deal {i}, side {side}: {str(error)[:200]}"}
    return {"spec": spec, **out}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="deals (each played twice)")
    parser.add_argument("--bots", default="greedy,search", help="rummykit bots, comma-separated specs")
    parser.add_argument("--simulations", type=int, default=500, help="IS-MCTS simulations a decision")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if pyspiel is None:
        print("open_spiel is not installed (pip install open_spiel): nothing to measure")
        return 0
    specs = args.bots.split(",")
    jobs = [(s, i, side, args.simulations) for s in specs for i in range(args.games) for side in (0, 1)]
    print(f"Gin, {args.games} deals each played twice, IS-MCTS at {args.simulations} simulations a decision")
    print("| bot | hands | share vs IS-MCTS | 95% interval | points/hand | IS-MCTS s/decision | overruled |")
    print("|---|---:|---:|---|---:|---:|---:|")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        outs = list(pool.map(_work, jobs, chunksize=1))
    for s in specs:
        mine = [o for o in outs if o["spec"] == s and "skipped" not in o]
        wins = sum(o["points"] > 0 for o in mine)
        losses = sum(o["points"] < 0 for o in mine)
        draws = len(mine) - wins - losses
        lo, hi = wilson_interval(wins, wins + losses)
        think = sum(o["think"] for o in mine) / max(1, sum(o["decisions"] for o in mine))
        share = 100 * (wins + draws / 2) / len(mine)
        points = sum(o["points"] for o in mine) / len(mine)
        over = sum(o["overrules"] for o in mine)
        print(
            f"| {s} | {len(mine)} | {share:.1f}% | {100 * lo:.1f}-{100 * hi:.1f}% | {points:+.1f} | {think:.3f} | {over} |"
        )
    skipped = [o["skipped"] for o in outs if "skipped" in o]
    print(f"{len(skipped)} hands left out where the engines' rules differ")
    for reason in skipped[:10]:
        print(f"  {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
