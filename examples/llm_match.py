"""A whole match between a text agent and the greedy bot.

The text agent is any function from prompt text to reply text: here a small
deterministic stand-in for a language model, which reads the legal moves
from the prompt, answers in prose with card words ("I'll throw away the king
of spades"), and now and then gets a move wrong on purpose, to show the
refusal it is sent and its second try. Replace ``stand_in`` with a call to a
model and the rest stays as it is.

Run: python examples/llm_match.py [VARIANT] [SEED] [--show-prompt]
"""

from __future__ import annotations

import sys

import rummykit as rk
from rummykit import llm

RANKS = {"A": "ace", "T": "ten", "J": "jack", "Q": "queen", "K": "king"}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
ORDER = "A23456789TJQK"


def in_words(card: str) -> str:
    """``KS`` -> ``the king of spades``."""
    if card == "JK":
        return "the joker"
    return f"the {RANKS.get(card[0], card[0])} of {SUITS[card[1]]}"


class StandIn:
    """A deterministic text function: go out, meld or lay off when it may,
    else draw, else throw away its highest card; every seventh question it
    first names a card it does not hold."""

    def __init__(self) -> None:
        self.questions = 0

    def __call__(self, prompt: str) -> str:
        self.questions += 1
        moves = [line[2:] for line in prompt.split("Legal moves")[1].splitlines() if line.startswith("- ")]
        if self.questions % 7 == 0 and "It was refused" not in prompt:
            return "I'll discard the seven of clubs, it is no use to me."
        for word in ("knock", "declare", "meld", "layoff"):
            for move in moves:
                if move.startswith(word + " "):
                    return f"Good: {move}.\nMove: {move}"
        if "draw" in moves:
            return "Nothing here for me, I'll draw from the stock."
        discards = [m.split()[1] for m in moves if m.startswith("discard ")]
        if discards:
            card = max(discards, key=lambda c: ORDER.index(c[0]) if c != "JK" else -1)
            return f"I'll throw away {in_words(card)}."
        return f"Move: {moves[0]}"


def main(variant: str = "gin", seed: int = 1, show_prompt: bool = False) -> None:
    v = rk.load_variant(variant)
    m = rk.new_match(v, players=2, seed=seed)
    stand_in = StandIn()
    agent = llm.bot(stand_in, v, match=m, retries=2)
    if show_prompt:
        print(llm.prompt(m.hand, m.hand.current_player))
        print()
    print(f"{v.title}: a text agent (seat 0) against the greedy bot (seat 1), seed {seed}")
    m.play([agent, rk.GreedyBot(v, seed=seed)])
    for number, (seats, result) in enumerate(m.results, 1):
        scores = {seats[i]: s for i, s in enumerate(result.scores)}
        print(f"  hand {number}: {result.how.value}, scores {scores[0]} / {scores[1]}")
    print(f"Final totals {m.totals}, won by seat {', '.join(map(str, m.winners))}")
    print(
        f"The agent was asked {agent.asked} times for {agent.moves} moves: "
        f"{agent.refused} replies refused, {agent.fallbacks} moves played by the fallback"
    )
    for rule, count in sorted(agent.refusals.items()):
        print(f"  refused {count} times by {rule or '(no rule named)'}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(args[0] if args else "gin", int(args[1]) if len(args) > 1 else 1, "--show-prompt" in sys.argv)
