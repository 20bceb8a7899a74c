"""MkDocs hook: pictures drawn by :mod:`rummykit.svg` on the variant pages.

Each built-in variant's page gets an example deal (as seat 0 sees it) and a
hand played out by greedy bots until a player went out, drawn whole. The
pictures are made at build time from the engine, so they cannot drift from
the rules.
"""

from __future__ import annotations

from typing import Any

import rummykit as rk
from rummykit import svg
from rummykit.bots import GreedyBot


def _finished(v: rk.Variant) -> rk.Hand | None:
    players = v.players.min
    for seed in range(1, 40):
        h = rk.new_hand(v, players=players, seed=seed)
        bots = [GreedyBot(v) for _ in range(players)]
        for _ in range(600):
            if h.is_over:
                break
            seat = h.current_player
            assert seat is not None
            h.apply(bots[seat].choose(h.view(seat)))
        if h.is_over and h.result is not None and h.result.winners:
            return h
    return None


def _figure(picture: str, caption: str) -> str:
    return f'<figure class="rk-picture" markdown="0">\n{picture}\n<figcaption>{caption}</figcaption>\n</figure>\n'


def pictures(name: str) -> str:
    """The Markdown of a variant page's pictures section."""
    v = rk.load_variant(name)
    deal = rk.new_hand(v, players=v.players.min, seed=1)
    out = [
        "## Pictures",
        "",
        _figure(
            svg.position(deal.view(0)),
            f"A deal for {v.players.min} players, as seat 0 sees it (the other hands face down).",
        ),
    ]
    done = _finished(v)
    if done is not None:
        out.append(
            _figure(
                svg.position(done),
                f"A hand played by greedy bots to its end ({done.result.how.value}), won by seat {done.result.winners[0]}; every hand is shown as it was scored.",
            )
        )
    return "\n".join(out) + "\n"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    uri = page.file.src_uri
    if uri.startswith("variants/") and uri != "variants/index.md":
        name = uri.removeprefix("variants/").removesuffix(".md")
        if name in rk.list_variants():
            marker = "\n## The ruleset file"
            extra = pictures(name)
            return (
                markdown.replace(marker, "\n" + extra + marker, 1) if marker in markdown else markdown + extra
            )
    return markdown
