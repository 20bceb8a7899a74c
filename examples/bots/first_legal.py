"""A rummykit bot in its own process (protocol ``rummykit-bot`` 1).

It reads one JSON message a line and answers each ``move`` with one line: it
goes out or knocks when it may, and otherwise plays the first legal move,
discarding its highest card. Run it against the greedy bot::

    rummykit simulate gin --games 10 --bots "cmd:python examples/bots/first_legal.py,greedy"
"""

import json
import sys

RANKS = "A23456789TJQK"


def choose(legal: list[str]) -> str:
    for text in legal:
        if text.startswith(("knock", "declare", "go ")):
            return text
    discards = [text for text in legal if text.startswith("discard ")]
    if discards:
        return max(discards, key=lambda t: RANKS.find(t.split()[1][0]))
    return legal[0]


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "move":
        print(choose(message["legal"]), flush=True)
    elif message["type"] == "quit":
        break
