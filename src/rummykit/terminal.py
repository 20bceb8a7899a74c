"""Playing in the terminal: ``rummykit play`` and ``rummykit replay``.

The people at the keyboard play one seat (seat 0 by default, ``--seat``) or
several (hot-seat: they pass the terminal between turns); the other seats are
bots. Before each of a person's moves the screen shows what happened since
their last move, the table melds with their numbers (as used by ``layoff 9H
on 2``), the discard pile (as much of it as may be taken), the stock, the
opponents' hand sizes, the person's hand (sorted by suit or by rank, with its
best melds and deadwood) and the legal actions, numbered. After a knock, the
defender sees the knocker's melds and deadwood. The person types a number or
an action in rummykit notation (``discard QS``); a refused action prints the
rule's reason and the verbs allowed now, and asks again. Screen commands:
``help``, ``hint`` (the greedy bot's suggestion), ``sort``, ``undo`` (practice
against bots), ``show``, ``quit``. Giving up the hand (``drop``) asks for
confirmation. A session can be saved (``--save``) and resumed (``--resume``).

Output goes through :mod:`rich`: colours in a terminal, plain text otherwise;
lines are wrapped between cards, never inside one. Suits show as symbols
(``7♥``) where the terminal can print them; records stay in ASCII notation.
Built only on the public API.
"""

from __future__ import annotations

import contextlib
import enum
import json
import re
import stat
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

import rummykit as rk
from rummykit.engine import (
    Borrow,
    Call,
    Declare,
    Discard,
    Draw,
    Drop,
    Knock,
    Layoff,
    MeldAction,
    Pass,
    Pick,
    Swap,
    Take,
)
from rummykit.sim import bot_seed

__all__ = [
    "PlaySession",
    "SESSION_FORMAT",
    "cards_text",
    "encodes",
    "meld_text",
    "print_replay",
    "read_records",
    "read_session",
    "symbolize",
    "symbols_by_default",
]

Bot = Callable[[rk.View], rk.Action | str]

QUIT_WORDS = frozenset({"quit", "exit", "q"})
HELP_WORDS = frozenset({"help", "?", "h"})
SHOW_WORDS = frozenset({"show", "look", "table", "r"})
YES_WORDS = frozenset({"y", "yes"})
SORTS = ("suit", "rank")

SESSION_FORMAT = "rummykit-play"
"""The ``format`` of a saved session file (``rummykit play --save``)."""
SESSION_VERSION = 1

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


class Turn(enum.Enum):
    """How one of the person's turns at the prompt ended."""

    PLAYED = "played"
    UNDONE = "undone"
    QUIT = "quit"


class PlaySession:
    """One sitting at the terminal: a hand, or with ``match`` a whole game.

    ``humans`` are the (match) seats played at this terminal, seat 0 by
    default; several make a hot-seat game, where the screen is hidden and the
    terminal passed between two people's turns. The other seats are bots,
    ``bots`` assigned to them in turn. ``read`` reads a line (raising
    EOFError at the end of input); ``console`` is where everything is
    printed; ``pause`` waits for Enter between the hands of a match; ``echo``
    prints each line read (input from a pipe); ``symbols`` writes suits as
    symbols; ``sort`` (``"suit"`` or ``"rank"``) orders the person's hand;
    ``save`` is the file the session is saved to (after each of the
    person's moves and when play stops), for :meth:`resume`; ``hand`` starts
    a single hand from a given hand (a position, or a resumed record).

    Each hand's bots are built for it, seeded from the game's seed, the hand's
    number and the seat, so that a hand rebuilt from its actions (``undo``,
    ``--resume``) gets bots in the same state as the first time.
    """

    def __init__(
        self,
        v: rk.Variant,
        *,
        players: int,
        seed: int | None,
        match: bool,
        bots: Sequence[str],
        record: Path | None = None,
        console: Console | None = None,
        read: Callable[[str], str] | None = None,
        pause: bool = False,
        echo: bool = False,
        think: float | None = None,
        humans: Sequence[int] = (0,),
        symbols: bool = False,
        sort: str = "suit",
        save: Path | None = None,
        hand: rk.Hand | None = None,
    ) -> None:
        if players not in v.players.counts():
            raise rk.RummyError(
                f"{v.name} is played by {v.players.min} to {v.players.max} players, not {players}"
            )
        people = tuple(dict.fromkeys(humans))
        if not people:
            raise rk.RummyError("play: at least one seat is played at the terminal")
        for seat in people:
            if not 0 <= seat < players:
                raise rk.RummyError(
                    f"play: there is no seat {seat} in a game of {players} players (seats 0 to {players - 1})"
                )
        if sort not in SORTS:
            raise rk.RummyError(f"play: sort by suit or rank, not {sort!r}")
        self.v = v
        self.players = players
        self.match_mode = match
        self.record_path = record
        self.save_path = save
        self.console = console or Console(highlight=False, soft_wrap=True)
        self.read = read or self._read_console
        self.pause = pause
        self.echo = echo
        self.think = think
        self.humans: tuple[int, ...] = tuple(sorted(people))
        self.symbols = symbols
        # the separator between suits, where the output can print it (else ASCII)
        self.dot = "·" if encodes(self.console.encoding, "·") else "|"
        self.sort = sort
        self.bot_list = [b.strip() for b in bots if b.strip()] or ["greedy"]
        self.labels: list[str] = []
        k = 0
        for s in range(players):
            if s in self.humans:
                self.labels.append("you" if len(self.humans) == 1 else "human")
            else:
                self.labels.append(self.bot_list[k % len(self.bot_list)])
                k += 1
        # Practice play against bots: the seed is printed so that a hand can be dealt
        # again; a game server deals unseeded (see the game-server docs page).
        self.seed = seed if seed is not None else _random_seed()
        self.m: rk.Match | None = rk.new_match(v, players, seed=self.seed) if match else None
        self.hand: rk.Hand | None = hand
        self.hand_seats: tuple[int, ...] = tuple(range(players))
        self.hand_index = 0
        self.bots: dict[int, Any] = {}
        if hand is not None:
            self._new_bots(hand)
        # What each person has not seen yet (by match seat); None: the table, as
        # anybody sees it (shown with the result).
        self.logs: dict[int | None, list[str]] = {s: [] for s in (*self.humans, None)}
        self.last_viewer: int | None = None
        self.banner: str | None = None

    # ------------------------------------------------------------------ helpers

    def _read_console(self, prompt: str) -> str:
        line = self.console.input(prompt)
        if self.echo:  # input from a pipe: show it, so the transcript reads like a session
            self.console.print(escape(line), highlight=False)
        return line

    @property
    def hot_seat(self) -> bool:
        """Several people at one terminal."""
        return len(self.humans) > 1

    def name(self, seat: int) -> str:
        """``seat 0 (you)``, ``seat 1 (greedy)``."""
        return f"seat {seat} ({self.labels[seat]})"

    def say(self, text: str | Text = "", style: str | None = None, *, indent: int = 0) -> None:
        """Print a line: a :class:`~rich.text.Text` (cards) wrapped between
        words to the console's width, never inside a card, continuation lines
        indented by ``indent``; a string (console markup) as it is."""
        if isinstance(text, str):
            self.console.print(text, style=style, highlight=False)
            return
        for part in wrap(text, max(20, self.console.width), indent):
            self.console.print(part, style=style, highlight=False)

    def sym(self, text: str) -> str:
        """``text`` with its cards' suits as symbols when the session shows them."""
        return symbolize(text) if self.symbols else text

    def cards(self, cards: Sequence[rk.Card], *, sort: bool = False) -> Text:
        if not sort:
            return cards_text(cards, symbols=self.symbols)
        if self.sort == "rank":
            return cards_text(sorted(cards, key=_rank_key), by_rank=True, symbols=self.symbols)
        return cards_text(cards, by_suit=True, symbols=self.symbols, dot=self.dot)

    def _seats(self) -> tuple[int, ...]:
        """Match seats of the current hand's seats (fixed when the hand is
        dealt: in a match, eliminated players are not dealt in)."""
        return self.hand_seats

    def _short(self, seat: int, viewer: int | None = None) -> str:
        return "you" if seat == viewer else f"seat {seat}"

    # ------------------------------------------------------------------ bots

    def _new_bots(self, h: rk.Hand) -> None:
        """The bots of hand ``h`` (as dealt, or rebuilt from its deal), seeded
        from the game's seed, the hand's number and the seat."""
        from rummykit.bots import make_bot

        self.bots = {}
        seats = self._seats()
        for p, seat in enumerate(seats):
            if seat in self.humans:
                continue
            name = self.labels[seat]
            options = {"think": self.think if self.think is not None else 1.0} if name == "search" else {}
            bot = make_bot(name, self.v, bot_seed(self.seed, self.hand_index, seat), **options)
            hook = getattr(bot, "start_hand", None)
            if callable(hook):
                hook(h.view(p))
            self.bots[seat] = bot

    def _choose(self, seat: int, view: rk.View) -> rk.Action | str:
        bot = self.bots[seat]
        choose = getattr(bot, "choose", None)
        return choose(view) if callable(choose) else bot(view)  # type: ignore[no-any-return]

    def _rebuild(self, record: dict[str, Any], upto: int) -> rk.Hand:
        """The hand of ``record`` after its first ``upto`` actions, with its
        bots rebuilt and shown every move they chose up to there, so that they
        stand as they stood (the search bot, which thinks against the clock,
        is not replayed)."""
        actions = list(record.get("actions") or [])[:upto]
        h = rk.replay({**record, "actions": [], "result": None})
        self._new_bots(h)
        for i, text in enumerate(actions, 1):
            p = h.current_player
            if p is None:
                raise rk.RecordError(f"record: action {i} ({text!r}) comes after the end of the hand")
            seat = self._seats()[p]
            if seat in self.bots and self.labels[seat] != "search":
                self._choose(seat, h.view(p))
            try:
                h.apply(str(text))
            except rk.RummyError as exc:
                raise rk.RecordError(f"record: action {i} ({text!r}) does not replay: {exc}") from None
        return h

    # ------------------------------------------------------------------ describing

    def describe(self, h: rk.Hand, seat: int, a: rk.Action, hidden: bool) -> str:
        """What ``seat`` did, as seen by the others (``hidden``: keep the
        drawn card and face-down discards secret). Called before ``a`` applies."""
        pile = h.discard_pile
        if isinstance(a, Draw):
            return "draws from the stock"
        if isinstance(a, Take):
            taken = pile[len(pile) - a.depth :]
            text = f"takes {_plain(taken)} from the discard pile"
            if a.and_draw:
                text += " and draws from the stock"
            if a.then is not None:
                text += f", then {a.then}"
            return text
        if isinstance(a, Pick):
            text = f"picks {a.card} from the discard pile"
            return text if a.then is None else f"{text}, then {a.then}"
        if isinstance(a, MeldAction):
            first = len(h.view(seat).table) + 1
            where = f"#{first}" if len(a.groups) == 1 else f"#{first} to #{first + len(a.groups) - 1}"
            return f"melds {str(a).removeprefix('meld ')} (table meld {where})"
        if isinstance(a, Layoff):
            return f"lays off {str(a).split()[1]} on #{a.target}"
        if isinstance(a, Call):
            return f"calls {str(a).split()[1]} onto #{a.target}"
        if isinstance(a, Discard):
            return f"discards {a.card}"
        if isinstance(a, Knock):
            if a.card is None:
                return "knocks with every card melded (big gin)"
            return (
                "knocks, discarding a card face down" if hidden else f"knocks, discarding {a.card} face down"
            )
        if isinstance(a, Declare):
            return "declares " + str(a).removeprefix("declare ")
        if isinstance(a, Pass):
            return "passes"
        if isinstance(a, Drop):
            return "drops out of the hand"
        if isinstance(a, Swap | Borrow):
            return str(a)
        return str(a)  # pragma: no cover - every action kind is listed above

    def _apply(self, h: rk.Hand, p: int, action: rk.Action) -> None:
        """Play ``action`` for hand seat ``p`` and tell everybody: the actor
        (a person) sees the card drawn, the others only what the table shows."""
        seat = self._seats()[p]
        public = f"{self.name(seat)} {self.describe(h, p, action, hidden=True)}"
        for viewer, log in self.logs.items():
            if viewer != seat:
                log.append(public)
        before = h.hand_of(p)
        if self.m is not None:
            self.m.apply(action)
        else:
            h.apply(action)
        if seat in self.logs:
            note = f"you: {action}"
            if isinstance(action, Draw) and not h.is_over:
                note += f" (you drew {_plain(_minus(h.hand_of(p), before))})"
            self.logs[seat].append(note)

    # ------------------------------------------------------------------ screens

    def show_table(self, h: rk.Hand, me: int | None, *, final: bool = False) -> None:
        view = h.view(me if me is not None else 0)
        seats = self._seats()
        viewer = seats[me] if me is not None else None
        if view.table:
            self.say("Table melds:")
            for i, t in enumerate(view.table, 1):
                line = Text(f"  #{i:<3}")
                line.append_text(meld_text(t.meld, symbols=self.symbols))
                owner = "yours" if seats[t.owner] == viewer else self.name(seats[t.owner])
                line.append(f"   {owner}")
                if t.laid:
                    laid = ", ".join(f"{c} by {self._short(seats[s], viewer)}" for c, s in t.laid)
                    line.append(self.sym(f"; laid off: {laid}"))
                self.say(line, indent=6)
        else:
            self.say("Table melds: none yet")
        pile = view.discard
        if not pile:
            self.say("Discard pile: empty")
        else:
            shown = len(pile) if final else _visible_discards(self.v, len(pile))
            line = Text("Discard pile: ")
            if shown >= len(pile) and len(pile) > 1:
                line.append("(bottom to top) ")
                line.append_text(self.cards(pile))
            elif shown > 1:
                line.append_text(self.cards(pile[-shown:]))
                line.append(f"  (top {shown} of {len(pile)} cards)")
            else:
                line.append_text(self.cards(pile[-1:]))
                line.append(f"  (top card of {len(pile)})" if len(pile) > 1 else "  (top card)")
            self.say(line, indent=14)
        wild = ""
        if view.cut is not None:
            wild = f"   cut card {_card(view.cut, self.symbols)}"
        if view.wild_ranks:
            ranks = ", ".join(sorted(r.letter for r in view.wild_ranks))
            wild += f"   wild ranks this hand: {ranks}"
        self.say(Text(f"Stock: {view.stock_count} cards{wild}"))
        if not final:
            others = [
                f"{self.name(seats[s])} {n} card{'s' if n != 1 else ''}"
                + (" (dropped)" if view.dropped[s] else "")
                for s, n in enumerate(view.hand_counts)
                if s != me
            ]
            self.say(Text("Opponents: " + ", ".join(others)), indent=11)

    def show_knock(self, h: rk.Hand, me: int) -> None:
        """After a knock, what the knocker laid down ([S2], Knock Rummy, the
        forerunner of Gin: the knocker "lays down his hand, separating out all
        his legal melds from his unmatched cards (called deadwood)"): the
        melds with their table numbers, and the deadwood with its count."""
        knocker = h.knocker
        if h.phase is not rk.Phase.LAYOFF or knocker is None or knocker == me:
            return
        seats = self._seats()
        view = h.view(me)
        self.say(f"{self.name(seats[knocker])} knocked and shows:", style="bold")
        first = True
        for i, t in enumerate(view.table, 1):
            if t.owner != knocker:
                continue
            line = Text("  melds:    " if first else "            ")
            line.append(f"#{i:<3}")
            line.append_text(meld_text(t.meld, symbols=self.symbols))
            self.say(line, indent=16)
            first = False
        if first:
            self.say("  melds:    none")
        dead = sorted(h.hand_of(knocker), key=_rank_key) if self.sort == "rank" else h.hand_of(knocker)
        count = rk.hand_value(self.v, dead, wild_ranks=h.wild_ranks)
        line = Text("  deadwood: ")
        if dead:
            line.append_text(self.cards(dead))
            line.append(f"  ({len(dead)} card{'s' if len(dead) != 1 else ''}, count {count})")
        else:
            line.append("none (count 0)")
        self.say(line, indent=12)
        self.say(Text("Lay off your cards onto these melds (layoff CARD on N), then pass."), style="dim")

    def show_hand(self, h: rk.Hand, me: int) -> None:
        view = h.view(me)
        label = f"Your hand ({len(view.hand)}): "
        line = Text(label)
        line.append_text(self.cards(view.hand, sort=True))
        self.say(line, style="bold", indent=len(label))
        if view.hand:
            arr = rk.best_arrangement(self.v, view.hand, wild_ranks=view.wild_ranks)
            if arr is not None:
                line = Text("  best melds: ")
                if arr.melds:
                    for i, m in enumerate(arr.melds):
                        line.append(" [" if i else "[")
                        line.append_text(meld_text(m, symbols=self.symbols))
                        line.append("]")
                else:
                    line.append("none")
                line.append(f"; deadwood {arr.deadwood_value}")
                self.say(line, style="dim", indent=4)

    def show_actions(self, legal: Sequence[rk.Action]) -> None:
        items = [f"{i:>3}) {self.sym(str(a))}" for i, a in enumerate(legal, 1)]
        width = max(len(x) for x in items) + 2
        per_line = max(1, min(self.console.width, 80) // width)
        for start in range(0, len(items), per_line):
            row = items[start : start + per_line]
            self.say(Text("".join(x.ljust(width) for x in row).rstrip()), indent=5)

    def header(self, h: rk.Hand, viewer: int | None = None) -> str:
        hand_no = f"hand {self.m.hands_played + 1}" if self.m is not None else "hand"
        view = h.view(0)
        dealer = self._seats()[view.dealer]
        dot = self.dot
        return f"{self.v.title} {dot} {hand_no} {dot} turn {view.turn} {dot} dealer {self._short(dealer, viewer)}"

    def flush_log(self, viewer: int | None) -> None:
        for line in self.logs[viewer]:
            self.say(Text(self.sym(line)), indent=4)
        self.logs[viewer].clear()

    def screen(self, h: rk.Hand, me: int) -> None:
        viewer = self._seats()[me]
        self.console.rule(self.header(h, viewer))
        if self.hot_seat:
            self.say(f"{self.name(viewer)} to play", style="bold")
        self.flush_log(viewer)
        self.logs[None].clear()
        self.show_table(h, me)
        self.show_knock(h, me)
        self.show_hand(h, me)
        self.say(f"Your move ({h.phase.value} phase):", style="bold")
        self.show_actions(h.legal_actions())

    def _hide(self) -> None:
        """Hide the previous person's screen: clear it and, where the terminal
        allows, its scroll-back."""
        if self.console.is_terminal:
            self.console.file.write("\x1b[H\x1b[2J\x1b[3J")
            self.console.file.flush()
        else:
            self.console.rule("screen hidden")

    def _pass_to(self, viewer: int) -> bool:
        """Hot-seat: hide the screen and wait until ``viewer`` has the
        terminal; False if the people quit."""
        if not self.hot_seat or self.last_viewer == viewer:
            return True
        self._hide()
        try:
            answer = self.read(f"Pass the terminal to {self.name(viewer)}, then press Enter (or type quit) ")
        except (EOFError, KeyboardInterrupt):
            self.say("")
            return False
        if answer.strip().lower() in QUIT_WORDS:
            return False
        self.last_viewer = viewer
        return True

    # ------------------------------------------------------------------ playing

    def run(self) -> int:
        """Play until the hand (or game) ends or the people quit; the exit code."""
        finished = False
        if self.m is None and self.hand is None:
            self.hand = rk.new_hand(self.v, self.players, seed=self.seed)
            self._new_bots(self.hand)
        self._save(announce=False)  # a file that cannot be written is said now, not after the game
        try:
            finished = self._run()
        except KeyboardInterrupt:  # Ctrl-C between prompts (a bot thinking, the screen drawing): as quit
            finished = False
        finally:
            self._write_record()
            self._save(announce=not finished)
        if not finished:
            self.say("Quit.")
            if self.m is not None and self.m.hands_played:
                self.show_totals(final=False)
        return 0

    def _opening(self) -> str:
        if self.banner is not None:
            return self.banner
        return (
            f"rummykit play: {self.v.title} ({self.v.name}), {self.players} players, seed {self.seed}."
            f" {self._who()} Type help for the commands, quit to stop."
        )

    def _who(self) -> str:
        if self.hot_seat:
            seats = ", ".join(str(s) for s in self.humans)
            return f"People at this terminal: seats {seats} (hot-seat: pass the terminal when asked)."
        return f"You are seat {self.humans[0]}."

    def _run(self) -> bool:
        self.say(Text(self._opening()))
        if self.m is None:
            assert self.hand is not None  # dealt by run()
            if not self.play_hand():
                return False
            self.show_result(self.hand)
            return True
        m = self.m
        while not m.is_over:
            if self.hand is not m.hand:  # a new hand: its bots, its seats
                self.hand = m.hand
                self.hand_seats = m.seats
                self.hand_index = m.hands_played
                self._new_bots(m.hand)
            else:
                self.hand_seats = m.seats
            if not self.play_hand():
                return False
            h = self.hand  # after play_hand: an undo replaces the hand object
            assert h is not None
            self.show_result(h)
            self.show_totals(final=m.is_over)
            if not m.is_over and self.pause and any(s in m.seats for s in self.humans):
                try:
                    answer = self.read("Press Enter for the next hand (or type quit) ")
                except (EOFError, KeyboardInterrupt):
                    return False
                if answer.strip().lower() in QUIT_WORDS:
                    return False
        return True

    def play_hand(self) -> bool:
        """Play the current hand to its end; False if the people quit."""
        seats = self._seats()
        if not any(s in seats for s in self.humans):
            self.say("You are out of the game; the bots play this hand.")
        while True:
            h = self.hand
            assert h is not None
            if h.is_over:
                return True
            p = h.current_player
            assert p is not None
            seat = seats[p]
            if seat not in self.humans:
                action = h.verify(self._choose(seat, h.view(p)))
                self._apply(h, p, action)
                continue
            if not self._pass_to(seat):
                return False
            turn = self.human_turn(h, p)
            if turn is Turn.QUIT:
                return False
            self._save(announce=False)

    def human_turn(self, h: rk.Hand, me: int) -> Turn:
        """One action of the person at hand seat ``me``, or an undo."""
        self.screen(h, me)
        legal = h.legal_actions()
        while True:
            try:
                raw = self.read("> ")
            except (EOFError, KeyboardInterrupt):
                self.say("")
                return Turn.QUIT
            text = raw.strip()
            word = text.lower()
            if not text:
                continue
            if word in QUIT_WORDS:
                return Turn.QUIT
            if word in HELP_WORDS:
                self.say(escape(HELP))
                self.say(Text(self._choices(legal)), style="dim", indent=2)
                continue
            if word in SHOW_WORDS:
                self.screen(h, me)
                continue
            if word == "hint":
                self.hint(h, me, legal)
                continue
            if word == "sort" or word.startswith("sort "):
                self.sort_command(word, h, me)
                continue
            if word == "undo":
                if self.undo(h, me):
                    return Turn.UNDONE
                continue
            action = self._read_action(h, text, legal)
            if action is None:
                continue
            if isinstance(action, Drop) and not self._confirm_drop():
                self.say("Not dropped: your turn goes on.")
                continue
            self._apply(h, me, action)
            return Turn.PLAYED

    def _read_action(self, h: rk.Hand, text: str, legal: Sequence[rk.Action]) -> rk.Action | None:
        """The action ``text`` stands for, or None after saying why not."""
        if text.isdigit() and not (text.isascii() and len(text) <= 6):
            # "²", "١" or 5,000 digits: never int() (a crash, or a misread)
            self.say(escape(f"refused: {text[:12]!r} is not an action number (digits 0-9)"), style="red")
            return None
        if text.isdigit():
            n = int(text)
            if not 1 <= n <= len(legal):
                self.say(f"refused: there is no action number {n} (choose 1 to {len(legal)})", style="red")
                return None
            return legal[n - 1]
        if text.lower() == "concede":
            text = "drop"
        try:
            return h.verify(text)
        except rk.RummyError as exc:
            # the notation's whole vocabulary is not what may be played here: the line below says that
            reason = re.sub(r" \(expected one of [a-z, ]+\)$", "", str(exc))
            self.say(Text(f"refused: {reason}"), style="red", indent=4)
            verb = text.split()[0].lower()
            if verb not in _verbs(legal):
                self.say(Text(self._choices(legal)), indent=2)
            return None

    def _choices(self, legal: Sequence[rk.Action]) -> str:
        """What may be typed now: this phase's verbs, then the screen commands."""
        verbs = ", ".join(_verbs(legal))
        screen = ["hint", "sort", *([] if self.hot_seat else ["undo"]), "show", "help", "quit"]
        return f"Now you can: {verbs} (or an action number, 1 to {len(legal)}); also {', '.join(screen)}"

    def _confirm_drop(self) -> bool:
        """Dropping gives up the hand: ask first (y/N)."""
        try:
            answer = self.read("Drop out of this hand? You give it up and pay the drop penalty. [y/N] ")
        except (EOFError, KeyboardInterrupt):
            return False
        return answer.strip().lower() in YES_WORDS

    # ------------------------------------------------------------------ screen commands

    def hint(self, h: rk.Hand, me: int, legal: Sequence[rk.Action]) -> None:
        """What the greedy bot would play here (not played)."""
        from rummykit.bots import GreedyBot

        try:
            action = h.verify(GreedyBot(self.v).choose(h.view(me)))
        except rk.RummyError as exc:  # pragma: no cover - the greedy bot plays legal moves
            self.say(escape(f"no hint: {exc}"), style="red")
            return
        number = f"{legal.index(action) + 1}) " if action in legal else ""
        self.say(Text(f"hint: the greedy bot would play {number}{self.sym(str(action))} (not played)"))

    def sort_command(self, word: str, h: rk.Hand, me: int) -> None:
        """``sort`` (toggle), ``sort rank``, ``sort suit``: how the hand is shown."""
        how = word.split()[1:]
        if not how:
            self.sort = SORTS[1 - SORTS.index(self.sort)]
        elif len(how) == 1 and how[0] in SORTS:
            self.sort = how[0]
        else:
            self.say("refused: type sort, sort rank or sort suit", style="red")
            return
        self.say(f"Your hand is shown by {self.sort} from now on.")
        self.show_hand(h, me)

    def undo(self, h: rk.Hand, me: int) -> bool:
        """Take back the person's last move in this hand (and the bots' moves
        after it), rebuilding the hand from its actions; False (with the
        reason said) when there is nothing to undo."""
        if self.hot_seat:
            self.say("refused: undo is for practice against bots; with several people a move stands")
            return False
        record = h.record()
        actions = list(record["actions"])
        step = rk.replay({**record, "actions": [], "result": None})
        mine = []
        for i, text in enumerate(actions):
            if step.current_player == me:
                mine.append(i)
            step.apply(text)
        if not mine:
            began = " (a new hand began: the hands before it are scored)" if self.hand_index else ""
            self.say(f"refused: nothing to undo: you have not moved in this hand{began}")
            return False
        k = mine[-1]
        rebuilt = self._rebuild(record, k)
        self.hand = rebuilt
        if self.m is not None:
            self.m.hand = rebuilt
        later = len(actions) - k - 1
        after = f" and the {later} move{'s' if later != 1 else ''} after it" if later else ""
        self.logs[self._seats()[me]].append(f"undone: your {actions[k]}{after}")
        return True

    # ------------------------------------------------------------------ the end

    def show_result(self, h: rk.Hand) -> None:
        result = h.result
        assert result is not None
        seats = self._seats()
        self.console.rule(f"Hand over: {result.how.value}")
        present = [s for s in self.humans if s in seats]
        self.flush_log(present[0] if len(present) == 1 and not self.hot_seat else None)
        for log in self.logs.values():
            log.clear()
        self.last_viewer = None
        self.show_table(h, None, final=True)
        view = h.view(0)
        self.say("Hands shown:")
        for s, cards in enumerate(view.shown_hands):
            label = f"  {self.name(seats[s])}: "
            line = Text(label)
            line.append_text(self.cards(cards) if cards else Text("(no cards)"))
            self.say(line, indent=len(label))
        if view.face_down:
            self.say(Text(self.sym(f"Face-down discard: {_plain(view.face_down)}")))
        winners = ", ".join(self.name(seats[w]) for w in result.winners) or "nobody"
        label = "winners" if len(result.winners) > 1 else "winner"
        self.say(Text(f"Result: {result.how.value}; {label}: {winners}"), style="bold")
        self.say("Scores this hand:")
        for s, score in enumerate(result.scores):
            self.say(Text(f"  {self.name(seats[s]):<20} {score:>+6}"))
        for reason in result.reasons:
            self.say(Text(self.sym(f"  {reason}")), indent=4)

    def show_totals(self, *, final: bool) -> None:
        m = self.m
        assert m is not None
        if final:
            self.console.rule("Game over")
            winners = ", ".join(self.name(w) for w in m.winners) or "nobody"
            label = "winners" if len(m.winners) > 1 else "winner"
            hands = f"{m.hands_played} hand{'s' if m.hands_played != 1 else ''}"
            self.say(Text(f"Game over after {hands}; {label}: {winners}"), style="bold")
        self.say(f"Totals after {m.hands_played} hand{'s' if m.hands_played != 1 else ''}:")
        for s, total in enumerate(m.totals):
            out = "" if s in m.active or final else " (out)"
            self.say(Text(f"  {self.name(s):<20} {total:>6}{out}"))

    def _write_record(self) -> None:
        if self.record_path is None:
            return
        data: Any
        if self.m is not None:
            data = list(self.m.records)
            if self.hand is not None and not self.hand.is_over and self.hand.history:
                data.append(self.hand.record())
        elif self.hand is not None:
            data = self.hand.record()
        else:  # pragma: no cover - the hand is dealt at once
            return
        self.record_path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        self.say(escape(f"Record written to {self.record_path} (rummykit replay {self.record_path})"))

    # ------------------------------------------------------------------ saving and resuming

    def session_data(self) -> dict[str, Any]:
        """Everything :meth:`resume` needs to continue exactly here: the
        seats, bots and seed, and the records of the hands so far (the last
        one unfinished while the game goes on). The records are full records
        in ASCII notation; ``rummykit replay`` reads the file too."""
        records: list[dict[str, Any]] = []
        if self.m is not None:
            records = list(self.m.records)
            if not self.m.is_over:
                records.append(self.m.hand.record())
        elif self.hand is not None:
            records = [self.hand.record()]
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "players": self.players,
            "seed": self.seed,
            "match": self.m is not None,
            "humans": list(self.humans),
            "bots": list(self.bot_list),
            "think": self.think,
            "sort": self.sort,
            "records": records,
        }

    def _save(self, *, announce: bool) -> None:
        if self.save_path is None or (self.hand is None and self.m is None):
            return
        text = json.dumps(self.session_data(), indent=1, ensure_ascii=True) + "\n"
        tmp = self.save_path.with_name(self.save_path.name + ".tmp")
        try:
            tmp.write_text(text, encoding="ascii")
            tmp.replace(self.save_path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise rk.RummyError(f"cannot save the game to {self.save_path}: {exc.strerror or exc}") from None
        if announce:
            self.say(escape(f"Game saved to {self.save_path} (rummykit play --resume {self.save_path} continues it)"))

    @classmethod
    def resume(
        cls,
        path: Path,
        *,
        bots: Sequence[str] | None = None,
        save: Path | None = None,
        **options: Any,
    ) -> PlaySession:
        """The session saved in ``path`` (``--save``), rebuilt where it
        stopped: the same variant, deal, seats and bots; the bots of the
        current hand shown their moves again so that they stand as they
        stood. ``bots`` must repeat the saved bots when they name a module
        (a saved file never makes rummykit import one on its own); ``save``
        defaults to ``path``. ``options`` as for the constructor (console,
        read, pause, echo, symbols, record). Raises
        :class:`~rummykit.RecordError` naming the problem."""
        data = read_session(path)
        saved_bots = data["bots"]
        if bots is not None and list(bots) != saved_bots:
            raise rk.RecordError(
                f"{path}: the saved game is played against {','.join(saved_bots)}; --bots cannot change that"
            )
        modules = [b for b in saved_bots if b not in _builtin_bots()]
        if modules and bots is None:
            raise rk.RecordError(
                f"{path} names the bot {modules[0]!r} (module:Class): a saved file never makes rummykit"
                f" import a module; to allow it, resume with --bots {','.join(saved_bots)}"
            )
        records: list[dict[str, Any]] = data["records"]
        try:
            v = rk.replay({**records[0], "actions": [], "result": None}).variant
        except rk.RecordError as exc:
            raise rk.RecordError(f"{path}: hand 1: {exc}") from None
        session = cls(
            v,
            players=data["players"],
            seed=data["seed"],
            match=data["match"],
            bots=saved_bots,
            humans=data["humans"],
            think=data["think"],
            sort=data["sort"],
            save=save if save is not None else path,
            **options,
        )
        if session.m is None:
            if len(records) != 1:
                raise rk.RecordError(f"{path}: a saved hand holds one record, not {len(records)}")
            session.hand = session._restore(path, 1, records[0])
            over = session.hand.is_over
        else:
            session._restore_match(path, records)
            over = session.m.is_over
        if over:
            raise rk.RecordError(f"the game saved in {path} is over; rummykit replay {path} shows it")
        h = session.hand
        assert h is not None
        hand_no = f"hand {session.m.hands_played + 1}, " if session.m is not None else ""
        session.banner = (
            f"rummykit play: {v.title} ({v.name}), {session.players} players, seed {session.seed},"
            f" resumed from {path} at {hand_no}turn {h.view(0).turn}. {session._who()}"
            " Type help for the commands, quit to stop."
        )
        return session

    def _restore(self, path: Path, number: int, record: dict[str, Any]) -> rk.Hand:
        actions = record.get("actions") or []
        try:
            return self._rebuild(record, len(actions))
        except rk.RummyError as exc:
            raise rk.RecordError(f"{path}: hand {number}: {exc}") from None

    def _restore_match(self, path: Path, records: list[dict[str, Any]]) -> None:
        """Play the saved hands again through a new match from the same seed:
        each must be the hand the match deals, and end as recorded."""
        m = self.m
        assert m is not None
        deal_keys = ("variant", "players", "dealer", "deal_number", "seed", "dealt", "deal", "position")
        for i, record in enumerate(records, 1):
            if m.is_over:
                raise rk.RecordError(f"{path}: hand {i}: the game was over before it")
            dealt = m.hand.record()
            if any(dealt.get(k) != record.get(k) for k in deal_keys):
                raise rk.RecordError(f"{path}: hand {i} is not the hand this game deals (a changed file?)")
            self.hand_index = m.hands_played
            self.hand_seats = m.seats
            if i < len(records):
                for n, text in enumerate(record.get("actions") or [], 1):
                    try:
                        m.apply(str(text))
                    except rk.RummyError as exc:
                        raise rk.RecordError(f"{path}: hand {i}, action {n} ({text!r}): {exc}") from None
                if m.hands_played != i or m.records[i - 1] != record:
                    raise rk.RecordError(f"{path}: hand {i} does not end as recorded")
                continue
            hand = self._restore(path, i, record)
            if hand.is_over:
                raise rk.RecordError(f"{path}: hand {i} is over, but the game deals no hand after it")
            m.hand = hand
            self.hand = hand


def _builtin_bots() -> tuple[str, ...]:
    from rummykit.sim import BOT_NAMES

    return BOT_NAMES


def _random_seed() -> int:
    import random

    return random.SystemRandom().randrange(1 << 32)


def read_session(path: Path) -> dict[str, Any]:
    """A saved play session (``rummykit play --save``), its fields checked.

    Raises :class:`~rummykit.RecordError` (one line) naming the problem: not
    a session file (a plain record is not one: it does not say who plays
    which seat), a field of the wrong type, no records.
    """
    data = _read_json(path)
    if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
        raise rk.RecordError(
            f"{path} is not a saved game (format {SESSION_FORMAT!r}); play --save FILE writes one"
        )
    if data.get("version") != SESSION_VERSION:
        raise rk.RecordError(f"{path}: saved-game version {data.get('version')!r} is not supported")

    def whole(key: str, low: int, high: int) -> int:
        value = data.get(key)
        if type(value) is not int or not low <= value <= high:
            raise rk.RecordError(f"{path}: {key}: expected a whole number from {low} to {high}")
        return value

    players = whole("players", 1, 64)
    whole("seed", -(10**40), 10**40)
    if type(data.get("match")) is not bool:
        raise rk.RecordError(f"{path}: match: expected true or false")
    humans = data.get("humans")
    if (
        not isinstance(humans, list)
        or not humans
        or any(type(s) is not int or not 0 <= s < players for s in humans)
    ):
        raise rk.RecordError(f"{path}: humans: expected a list of seats from 0 to {players - 1}")
    bots = data.get("bots")
    if not isinstance(bots, list) or not bots or any(not isinstance(b, str) or not b.strip() for b in bots):
        raise rk.RecordError(f"{path}: bots: expected a list of bot names")
    think = data.get("think")
    if think is not None and (
        not isinstance(think, int | float) or isinstance(think, bool) or not 0 < think < 1e6
    ):
        raise rk.RecordError(f"{path}: think: expected a positive number of seconds or null")
    if data.get("sort", "suit") not in SORTS:
        raise rk.RecordError(f"{path}: sort: expected 'suit' or 'rank'")
    data.setdefault("sort", "suit")
    records = data.get("records")
    if not isinstance(records, list) or not records or not all(isinstance(r, dict) for r in records):
        raise rk.RecordError(f"{path}: records: expected a list of game records")
    return data


# --------------------------------------------------------------------------- replay


MAX_RECORD_FILE = 64 * 1024 * 1024
"""The largest record file ``read_records`` reads."""


def _read_json(path: Path) -> Any:
    """A JSON file read strictly, whoever wrote it (see :func:`read_records`)."""

    def no_constant(name: str) -> Any:
        raise rk.RecordError(f"{path} is not valid JSON for a record: {name} is not a number")

    def bounded_int(text: str) -> int:
        if len(text.lstrip("-")) > 40:
            raise rk.RecordError(f"{path}: a number of {len(text)} digits is too long for a record")
        return int(text)

    def bounded_float(text: str) -> float:
        if len(text) > 40:
            raise rk.RecordError(f"{path}: a number of {len(text)} characters is too long for a record")
        return float(text)

    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_RECORD_FILE:
            raise rk.RecordError(f"cannot read {path}: not a regular file of at most {MAX_RECORD_FILE} bytes")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise rk.RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise rk.RecordError(f"cannot read {path}: not UTF-8 text") from None
    try:
        return json.loads(text, parse_constant=no_constant, parse_int=bounded_int, parse_float=bounded_float)
    except RecursionError:
        raise rk.RecordError(f"{path}: JSON nested too deep for a record") from None
    except json.JSONDecodeError as exc:
        raise rk.RecordError(f"{path} is not valid JSON: {exc}") from None
    except ValueError as exc:  # e.g. the interpreter's limit on integer digits
        if isinstance(exc, rk.RummyError):
            raise
        raise rk.RecordError(f"{path} is not valid JSON for a record: {str(exc)[:80]}") from None


def read_records(path: Path) -> list[dict[str, Any]]:
    """The game records in a JSON file: one record (``Hand.record()``), a
    list of them (``Match.records``, ``rummykit play --match --record``), or
    an object holding them under ``records`` (a saved game, ``play --save``).

    The file is read as strict JSON, whoever wrote it: ``Infinity``/``NaN``,
    numbers of more than 40 digits, nesting too deep for the parser and files
    over 64 MB are refused. Raises :class:`~rummykit.RecordError` (one line,
    never a traceback) for a file that cannot be read or holds no records.
    """
    data = _read_json(path)
    if isinstance(data, dict) and isinstance(data.get("records"), list):
        data = data["records"]
    records = data if isinstance(data, list) else [data]
    if not records:
        raise rk.RecordError(f"{path} holds no game record")
    for i, rec in enumerate(records, 1):
        if not isinstance(rec, dict):
            where = f"record {i}" if len(records) > 1 else "the record"
            raise rk.RecordError(f"{path}: {where} is not a JSON object")
    return records


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


def _minus(cards: Sequence[rk.Card], gone: Sequence[rk.Card]) -> list[rk.Card]:
    """``cards`` less ``gone`` (as multisets)."""
    out = list(cards)
    for c in gone:
        if c in out:
            out.remove(c)
    return out


def _replay_desc(h: rk.Hand, a: rk.Action, pile: tuple[rk.Card, ...]) -> str:
    if isinstance(a, Take):
        taken = pile[len(pile) - a.depth :]
        return f"{a}  (takes {_plain(taken)} from the discard pile)"
    if isinstance(a, Knock) and a.card is not None:
        return f"{a}  (discarding {a.card} face down)"
    return str(a)


def stdin_is_tty() -> bool:
    """Whether standard input is a terminal."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):  # pragma: no cover
        return False
