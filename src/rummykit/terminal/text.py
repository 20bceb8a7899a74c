"""Text for the terminal: cards and melds as :mod:`rich` text, suit symbols
where the output can print them, lines wrapped between cards.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import Any

from rich.text import Text

import rummykit as rk

QUIT_WORDS = frozenset({"quit", "exit", "q"})
HELP_WORDS = frozenset({"help", "?", "h"})
SHOW_WORDS = frozenset({"show", "look", "table", "r"})
YES_WORDS = frozenset({"y", "yes"})
SORTS = ("suit", "rank")

SESSION_FORMAT = "rummykit-play"
"""The ``format`` of a saved session file (``rummykit play --save``)."""
SESSION_VERSION = 2
"""The ``version`` of a saved session file written now (version 1 files,
always seeded, are read too); version 2 allows ``seed: null`` (an unseeded
game, restored from its records) and adds ``bot_seed``."""

HELP = """\
Type the number of an action, or the action itself in rummykit notation:
  draw                  take the top card of the stock
  take                  take the top discard (take 3 ... digs 3 deep)
  pick 7H               take a named discard (where any visible one may be taken)
  meld 7H 8H 9H         lay a meld; a wild states what it stands for: JK=9H
  layoff 9H on 2        lay a card off onto table meld #2
  discard QS            discard, ending your turn
  knock QS              knock, discarding QS face down
  pass                  decline (an offered upcard, a claim, more lay-offs)
  buy                   out of turn, buy the discard with a penalty card (contract rummy)
  drop (or concede)     give up the hand, where the rules allow it (asks first)
Suits may be typed as letters (7H) or as suit symbols. Other commands:
  hint                  what the greedy bot would play here (not played)
  sort, sort rank, sort suit   how your hand is shown
  undo                  take back your last move (practice against bots)
  show                  the table again
  help, quit            this text; stop (with --save, resume later)"""

_CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA])([CDHS])(?![A-Za-z0-9])")
_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def symbolize(text: str) -> str:
    """``text`` with every card written in notation (``7H``, ``JK=9H``)
    showing its suit as a symbol (``7♥``, ``JK=9♥``); other words unchanged.

    >>> symbolize("layoff JK=9H on 2, then discard TC")
    'layoff JK=9♥ on 2, then discard T♣'
    """
    return _CARD.sub(lambda m: m.group(1) + _SYMBOL[m.group(2)], text)


def encodes(encoding: str | None, text: str) -> bool:
    """Whether ``encoding`` (a stream's, None for unknown: ASCII) can write ``text``.

    >>> encodes("utf-8", "7♥ ·"), encodes("ascii", "7♥"), encodes("no-such-codec", "7H")
    (True, False, False)
    """
    try:
        text.encode(encoding or "ascii")
    except (LookupError, UnicodeError):
        return False
    return True


def symbols_by_default(stream: Any = None) -> bool:
    """Whether to show suits as symbols when neither ``--symbols`` nor
    ``--ascii`` is given: only on a terminal whose encoding
    (``sys.stdout.encoding``) can encode ``♣♦♥♠``; a pipe or a file gets
    letters."""
    out = sys.stdout if stream is None else stream
    try:
        return bool(out.isatty()) and encodes(out.encoding, "♣♦♥♠")
    except (AttributeError, ValueError):
        return False


def _card_style(card: rk.Card) -> str:
    if card.suit is None:
        return "bold magenta"
    return "red" if card.suit in (rk.Suit.HEARTS, rk.Suit.DIAMONDS) else ""


def _card(card: rk.Card, symbols: bool) -> str:
    return format(card, "s") if symbols else str(card)


def _rank_key(card: rk.Card) -> tuple[int, int, int]:
    if card.rank is None or card.suit is None:
        return (1, 0, 0)
    return (0, int(card.rank), int(card.suit))


def cards_text(
    cards: Sequence[rk.Card],
    *,
    by_suit: bool = False,
    by_rank: bool = False,
    symbols: bool = False,
    dot: str = "·",
) -> Text:
    """Cards in notation, hearts and diamonds in red; ``by_suit`` puts
    ``dot`` between suits, ``by_rank`` two spaces between ranks; ``symbols``
    writes suits as symbols.

    >>> import rummykit as rk
    >>> cards_text(rk.parse_cards("4C 4D QD 2H"), by_suit=True).plain
    '4C · 4D QD · 2H'
    >>> cards_text(rk.parse_cards("2H 4C 4D QD"), by_rank=True, symbols=True).plain
    '2♥  4♣ 4♦  Q♦'
    """
    text = Text()
    prev: object = False
    for i, card in enumerate(cards):
        group: object = card.suit if by_suit else card.rank
        if i:
            gap = f" {dot} " if by_suit else "  " if by_rank else " "
            text.append(gap if group != prev else " ")
        text.append(_card(card, symbols), style=_card_style(card))
        prev = group
    return text


def meld_text(meld: rk.Meld, *, symbols: bool = False) -> Text:
    """A table meld in notation, each wild with what it stands for
    (``KC=AD AH AS``), hearts and diamonds in red."""
    text = Text()
    for i, (card, rep) in enumerate(zip(meld.cards, meld.represents, strict=True)):
        if i:
            text.append(" ")
        text.append(_card(card, symbols), style=_card_style(card))
        if rep != card:
            text.append("=")
            text.append(_card(rep, symbols), style=_card_style(rep))
    return text


def wrap(text: Text, width: int, indent: int = 0) -> list[Text]:
    """``text`` cut into lines of at most ``width`` characters, only at
    spaces (so never inside a card), the lines after the first indented by
    ``indent``; a word longer than a line stays whole."""
    plain = text.plain
    cuts: list[int] = []
    line_start, prefix = 0, 0
    for m in re.finditer(r"\S+", plain):
        if m.start() > line_start and prefix + (m.end() - line_start) > width:
            cuts.append(m.start())
            line_start, prefix = m.start(), indent
    if not cuts:
        return [text]
    lines = list(text.divide(cuts))
    out = [lines[0]]
    out[0].rstrip()
    for line in lines[1:]:
        line.rstrip()
        out.append(Text(" " * indent) + line)
    return out


def _plain(cards: Sequence[rk.Card]) -> str:
    return " ".join(str(c) for c in cards) if cards else "(none)"


def _visible_discards(v: rk.Variant, pile: int) -> int:
    """How many discards a player sees: the top card, or the whole spread pile
    where the draw policy lets any of them be taken (throw-down, dig)."""
    if pile == 0:
        return 0
    if v.draw.picks_any():
        return pile
    return max(v.draw.depths(pile), default=1)


def _verbs(legal: Sequence[rk.Action]) -> list[str]:
    """The first words of the legal actions, in their order, once each."""
    out: list[str] = []
    for a in legal:
        word = str(a).split()[0]
        if word not in out:
            out.append(word)
    return out


def _minus(cards: Sequence[rk.Card], gone: Sequence[rk.Card]) -> list[rk.Card]:
    """``cards`` less ``gone`` (as multisets)."""
    out = list(cards)
    for c in gone:
        if c in out:
            out.remove(c)
    return out
