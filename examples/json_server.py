"""One hand driven entirely through JSON messages, as a game server would.

The "server" holds the Hand (and the full record, which only it may see). To
each seat it sends that seat's view as JSON (``rk.view_to_data``), its legal
actions included when the seat is to act; the "client" answers with an action
message (``{"format": "rummykit-action", "version": 1, "action": "..."}``),
which the server reads with ``rk.action_from_data`` and applies. Messages are
checked against their JSON Schemas (``rk.data_schema``) when the jsonschema
package is installed. At the end the server sends the settlement and a
seat's position text (``rk.position(hand, seat=p)``).

Run: python examples/json_server.py [VARIANT] [SEED]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

import rummykit as rk


def validator(kind: str) -> Callable[[dict[str, Any]], None]:
    """A schema check for messages of ``kind`` (a no-op without jsonschema)."""
    try:
        import jsonschema  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - jsonschema is in the test extra
        return lambda message: None
    check = jsonschema.Draft202012Validator(rk.data_schema(kind))
    return check.validate


def client(bot: rk.GreedyBot, message: str) -> str:
    """A client that knows nothing but the JSON it receives: it reads the view
    back (``rk.view_from_data``), lets a bot choose, and answers in text."""
    view = rk.view_from_data(json.loads(message))
    choice = bot(view)
    return json.dumps({"format": "rummykit-action", "version": 1, "action": str(choice)})


def main(variant: str = "gin", seed: int = 3) -> None:
    v = rk.load_variant(variant)
    hand = rk.new_hand(v, players=v.players.min, seed=seed)
    check_view, check_action, check_result = validator("view"), validator("action"), validator("settlement")
    bots = [rk.GreedyBot(v) for _ in range(hand.players)]
    sent = received = 0
    while not hand.is_over:
        seat = hand.current_player
        assert seat is not None
        view = rk.view_to_data(hand.view(seat))
        check_view(view)
        reply = client(bots[seat], json.dumps(view))
        sent += 1
        message = json.loads(reply)
        check_action(message)
        try:
            action = rk.action_from_data(message)
            hand.apply(action)  # an illegal action raises IllegalAction; the hand is unchanged
        except rk.RummyError as exc:  # pragma: no cover - the client picks legal actions
            print(f"refused from seat {seat}: {exc}")
            continue
        received += 1
    assert hand.result is not None
    result = rk.settlement_to_data(hand.result)
    check_result(result)
    print(f"{v.title}: {sent} views sent, {received} actions applied")
    print("settlement:", json.dumps(result))
    print("seat 0 position:", rk.position(hand, seat=0))
    record = hand.record()  # the full record is for the server only
    validator("record")(record)
    print("record replays:", rk.replay(record).result == hand.result)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="One hand driven entirely through JSON messages.")
    ap.add_argument("variant", nargs="?", default="gin", help="a built-in name or a variant file")
    ap.add_argument("seed", nargs="?", type=int, default=3)
    a = ap.parse_args()
    try:
        main(a.variant, a.seed)
    except ValueError as exc:  # every rummykit error is one: a bad name or file, no traceback
        sys.exit(f"json_server.py: {exc}")
