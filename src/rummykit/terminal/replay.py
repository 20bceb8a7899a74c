"""Printing game records: ``rummykit replay``, one hand after another."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

import rummykit as rk
from rummykit.engine import Draw, Knock, Take
from rummykit.terminal.text import _minus, _plain, cards_text, symbolize


def print_replay(
    records: Sequence[dict[str, Any]], console: Console, *, source: str = "", symbols: bool = False
) -> None:
    """Check every record (``rk.replay``), then print each hand turn by turn
    (``symbols``: suits as symbols, ``7♥``).

    Raises :class:`~rummykit.RecordError` naming the first mismatch, before
    printing anything.
    """
    hands = []
    for i, rec in enumerate(records, 1):
        try:
            hands.append(rk.replay(rec))
        except rk.RecordError as exc:
            if len(records) > 1:
                raise rk.RecordError(f"hand {i}: {exc}") from None
            raise
    for i, (rec, final) in enumerate(zip(records, hands, strict=True), 1):
        _print_one(
            rec, final, console, number=i if len(records) > 1 else None, source=source, symbols=symbols
        )
    if len(records) > 1:
        console.rule()
        console.print(f"{len(records)} hands replayed; every record checks out.", highlight=False)


def _print_one(
    rec: dict[str, Any], final: rk.Hand, console: Console, *, number: int | None, source: str, symbols: bool
) -> None:
    sym = symbolize if symbols else str
    v = final.variant
    start = rk.replay({**rec, "actions": [], "result": None})
    n = start.players
    title = f"Replay of {v.title} ({v.name})" + (f", hand {number}" if number else "")
    console.rule(title)
    console.print(
        f"{n} players, dealer seat {start.view(0).dealer}, seed {rec.get('seed')}"
        + (f", from {source}" if source else "")
        + ". Every card is shown: this is a replay.",
        highlight=False,
    )
    for s in range(n):
        line = Text(f"  seat {s}: ")
        line.append_text(cards_text(start.hand_of(s), symbols=symbols))
        console.print(line, highlight=False)
    pile = start.discard_pile
    console.print(
        sym(
            f"  discard pile: {_plain(pile)}; stock {start.stock_count} cards"
            + (f"; cut card {start.view(0).cut}" if start.view(0).cut is not None else "")
        ),
        highlight=False,
    )
    h = start
    last_turn = -1
    for text in rec.get("actions", []):
        seat = h.current_player
        assert seat is not None
        turn = h.view(0).turn
        action = h.verify(str(text))
        before = h.hand_of(seat)
        pile = h.discard_pile
        desc = _replay_desc(h, action, pile)
        h.apply(action)
        if isinstance(action, Draw) or (isinstance(action, Take) and action.and_draw):
            new = _minus(h.hand_of(seat), before)
            if isinstance(action, Take):
                new = _minus(new, pile[len(pile) - action.depth :])
            desc = f"{action}  (draws {_plain(new)} from the stock)"
        marker = f"turn {turn:>3}" if turn != last_turn else " " * 8
        last_turn = turn
        console.print(escape(sym(f"{marker}  seat {seat}: {desc}")), highlight=False)
    result = h.result
    if result is None:
        console.print("The record ends before the hand is over.", highlight=False)
        return
    winners = ", ".join(f"seat {w}" for w in result.winners) or "nobody"
    label = "winners" if len(result.winners) > 1 else "winner"
    console.print(f"Result: {result.how.value}; {label}: {winners}", style="bold", highlight=False)
    for s, score in enumerate(result.scores):
        left = _plain(h.hand_of(s)) if h.hand_of(s) else "(no cards)"
        console.print(sym(f"  seat {s}: {score:>+6}   left in hand: {left}"), highlight=False)
    for reason in result.reasons:
        console.print(escape(sym(f"  {reason}")), highlight=False)


def _replay_desc(h: rk.Hand, a: rk.Action, pile: tuple[rk.Card, ...]) -> str:
    if isinstance(a, Take):
        taken = pile[len(pile) - a.depth :]
        return f"{a}  (takes {_plain(taken)} from the discard pile)"
    if isinstance(a, Knock) and a.card is not None:
        return f"{a}  (discarding {a.card} face down)"
    return str(a)
