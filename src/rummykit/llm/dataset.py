"""Datasets of decisions for fine-tuning or evaluating text agents.

:func:`prompt_rows` plays games between bots and gives, for every decision
of the chosen seats, the prompt that seat would be sent
(:func:`~rummykit.llm.prompt`), the legal moves, the move the bot chose and
how the hand ended for that seat; :func:`write_prompts` writes them as JSON
lines, one decision a line.

>>> import json, tempfile, pathlib
>>> import rummykit as rk
>>> from rummykit import llm
>>> path = pathlib.Path(tempfile.mkdtemp()) / "gin.jsonl"
>>> llm.write_prompts(rk.load_variant("gin"), path, games=2, seats=[0], seed=1)
30
>>> row = json.loads(path.read_text().splitlines()[0])
>>> sorted(row)
['bot', 'game', 'hand', 'hand_seat', 'legal', 'move', 'outcome', 'phase', 'prompt', 'seat', 'turn', 'variant']
>>> row["move"] in row["legal"], row["outcome"]["termination"]
(True, 'knock')
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator, Sequence
from typing import Any

from rummykit import ArgumentError, Hand, Match, Variant, load_variant, new_hand, new_match
from rummykit.bots import bot_label, make_bot
from rummykit.llm.prompts import RULES_FORMS, prompt

__all__ = ["prompt_rows", "write_prompts"]


def _outcome(h: Hand, seat: int) -> dict[str, Any]:
    result = h.result
    assert result is not None
    return {
        "score": result.scores[seat],
        "scores": list(result.scores),
        "won": seat in result.winners,
        "winners": list(result.winners),
        "termination": str(result.how.value),
    }


def prompt_rows(
    variant: Variant | str,
    *,
    games: int,
    players: int = 2,
    bots: Sequence[Any] = ("greedy",),
    seats: Sequence[int] | None = None,
    seed: int = 0,
    match: bool = False,
    legal: bool = True,
    rules: str = "short",
) -> Iterator[dict[str, Any]]:
    """The decisions of ``games`` games as rows (dicts), in order of play.

    ``bots`` are bot specs (names such as ``"greedy"`` or ``"search"``,
    classes, factories or bot objects; see :func:`rummykit.bots.make_bot`),
    given to the seats in turn; ``seats`` are the seats whose decisions are
    kept (all by default). A game is one hand, or with ``match=True`` a whole
    match (then the prompts carry the game's scores, and each row of a match
    gets ``game_outcome``: the final totals and winners). ``legal`` and
    ``rules`` shape the prompts as in :func:`~rummykit.llm.prompt`. The same
    ``seed`` gives the same rows.

    Each row: ``variant``, ``game`` (from 0), ``hand`` (from 1 within a game),
    ``seat`` (the match seat) and ``hand_seat`` (the seat in the hand, as the
    prompt numbers them), ``turn``, ``phase``, ``bot``, ``prompt``,
    ``legal`` (the legal moves in notation), ``move`` (the one played), and
    ``outcome``: the seat's ``score`` in the hand, every seat's ``scores``,
    ``won``, the ``winners`` and the ``termination`` (``went_out``, ``knock``...).
    Rows of a hand are given when the hand is over.
    """
    v = load_variant(variant) if isinstance(variant, str) else variant
    if not isinstance(v, Variant):
        raise ArgumentError(f"prompt_rows: variant must be a Variant or a name, got {type(variant).__name__}")
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        raise ArgumentError(f"prompt_rows: games must be a whole number from 0, got {games!r:.40}")
    if isinstance(bots, str) or not bots:
        raise ArgumentError("prompt_rows: bots must be a non-empty sequence of bot specs")
    if rules not in RULES_FORMS:
        raise ArgumentError(
            f"prompt_rows: rules must be one of {', '.join(map(repr, RULES_FORMS))}, got {rules!r}"
        )
    keep = set(range(players)) if seats is None else set(seats)
    if not keep <= set(range(players)):
        raise ArgumentError(f"prompt_rows: seats {sorted(keep)} are not all seats of {players} players")
    rng = random.Random(seed)
    for game in range(games):
        game_seed = rng.randrange(1 << 32)
        specs = [bots[s % len(bots)] for s in range(players)]
        players_ = [make_bot(spec, v, game_seed + s) for s, spec in enumerate(specs)]
        labels = [bot_label(spec) for spec in specs]
        if match:
            m = new_match(v, players, seed=game_seed)
            rows = list(_match_rows(v, m, players_, labels, keep, game, legal, rules))
            for row in rows:
                row["game_outcome"] = {
                    "won": row["seat"] in m.winners,
                    "winners": list(m.winners),
                    "totals": list(m.totals),
                }
            yield from rows
        else:
            h = new_hand(v, players, seed=game_seed)
            yield from _hand_rows(
                v, h, tuple(range(players)), players_, labels, keep, game, 1, legal, rules, None
            )


def _hand_rows(
    v: Variant,
    h: Hand,
    seats: tuple[int, ...],
    players: Sequence[Any],
    labels: Sequence[str],
    keep: set[int],
    game: int,
    number: int,
    legal: bool,
    rules: str,
    m: Match | None,
) -> Iterator[dict[str, Any]]:
    """Play one hand to its end; its rows, then (for a match) nothing else:
    the match applies the moves itself when ``m`` is given."""
    for i, seat in enumerate(seats):
        hook = getattr(players[seat], "start_hand", None)
        if callable(hook):
            hook(h.view(i))
    rows: list[tuple[int, dict[str, Any]]] = []
    while not h.is_over:
        p = h.current_player
        assert p is not None
        seat = seats[p]
        view = h.view(p)
        if seat in keep:
            scores = [m.totals[s] for s in seats] if m is not None else None
            text = prompt(view, variant=v, legal=legal, rules=rules, scores=scores)
        who = players[seat]
        choice = who.choose(view) if hasattr(who, "choose") else who(view)
        if m is not None:
            m.apply(choice)
        else:
            h.apply(choice)
        if seat in keep:
            row = {
                "variant": v.name,
                "game": game,
                "hand": number,
                "seat": seat,
                "hand_seat": p,
                "turn": view.turn,
                "phase": view.phase.value,
                "bot": labels[seat],
                "prompt": text,
                "legal": [str(a) for a in view.legal],
                "move": str(h.history[-1]),
            }
            rows.append((p, row))
    for p, row in rows:
        row["outcome"] = _outcome(h, p)
        yield row


def _match_rows(
    v: Variant,
    m: Match,
    players: Sequence[Any],
    labels: Sequence[str],
    keep: set[int],
    game: int,
    legal: bool,
    rules: str,
) -> Iterator[dict[str, Any]]:
    number = 0
    while not m.is_over:
        number += 1
        h = m.hand
        yield from _hand_rows(v, h, m.seats, players, labels, keep, game, number, legal, rules, m)


def write_prompts(variant: Variant | str, path: str | os.PathLike[str], **options: Any) -> int:
    """Write :func:`prompt_rows` (same options) to ``path`` as JSON lines;
    returns the number of rows written."""
    count = 0
    with open(path, "w", encoding="utf-8") as out:
        for row in prompt_rows(variant, **options):
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            count += 1
    return count
