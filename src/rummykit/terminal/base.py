"""The state of a play session and its helpers: the seats, their bots, what
each person has yet to see, and how an action is told to the others.
"""

from __future__ import annotations

import enum
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

import rummykit as rk
from rummykit.engine import (
    Ask,
    Borrow,
    Buy,
    Call,
    Declare,
    Discard,
    Draw,
    Drop,
    Fight,
    Fold,
    Knock,
    Layoff,
    MeldAction,
    No,
    Pass,
    Pick,
    Swap,
    Take,
    Yes,
)
from rummykit.sim import bot_seed
from rummykit.terminal.text import SORTS, _minus, _plain, _rank_key, cards_text, encodes, symbolize, wrap

Bot = Callable[[rk.View], rk.Action | str]


class Turn(enum.Enum):
    """How one of the person's turns at the prompt ended."""

    PLAYED = "played"
    UNDONE = "undone"
    QUIT = "quit"


class SessionBase:
    """The state of one sitting at the terminal (see :class:`~rummykit.terminal.PlaySession`)."""

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
        bot_key: int | None = None,
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
        self._pauses = random.Random()  # the length of bots' pauses (--think), no part of the game
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
        # A seed given (practice) deals the same game again and is printed; without one
        # every deal comes from the OS's entropy and nothing printed rebuilds it.
        # The bots' own seed is no part of the deal: it only makes a hand rebuilt
        # from its actions (undo, --resume) meet the bots in the same state.
        self.seed = seed
        self.bot_key = bot_key if bot_key is not None else seed if seed is not None else _random_seed()
        self.m: rk.Match | None = rk.new_match(v, players, seed=seed) if match else None
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
        from the session's bot seed, the hand's number and the seat."""
        from rummykit.bots import make_bot

        self.bots = {}
        seats = self._seats()
        for p, seat in enumerate(seats):
            if seat in self.humans:
                continue
            name = self.labels[seat]
            options = {"think": self.think if self.think is not None else 1.0} if name == "search" else {}
            bot = make_bot(name, self.v, bot_seed(self.bot_key, self.hand_index, seat), **options)
            hook = getattr(bot, "start_hand", None)
            if callable(hook):
                hook(h.view(p))
            self.bots[seat] = bot

    def _bot_move(self, seat: int, view: rk.View) -> rk.Action | str:
        """The move of the bot at ``seat`` in play. With ``think`` (``--think
        S``) a bot other than the search bot, which thinks that long, shows
        its move only after a pause of about S seconds since its turn began
        (half to one and a half times S, as a person's varies)."""
        start = time.monotonic()
        move = self._choose(seat, view)
        if self.think is not None and self.labels[seat] != "search":
            wait = self.think * self._pauses.uniform(0.5, 1.5) - (time.monotonic() - start)
            if wait > 0:
                time.sleep(wait)
        return move

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
        if isinstance(a, Buy):
            return "buys the discard, with a penalty card from the stock"
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
            going = self.v.going_out
            if going.answers_draw():
                return "calls a draw: the others fight or fold"
            if going.drop_ends_hand():
                return "drops: everyone shows, the lowest count wins"
            return "drops out of the hand"
        if isinstance(a, Fight):
            return "fights the draw"
        if isinstance(a, Fold):
            return "folds"
        if isinstance(a, Ask):
            return 'asks the partner: "May I go out?"'
        if isinstance(a, Yes):
            return "answers yes: the partner must go out this turn"
        if isinstance(a, No):
            return "answers no: the partner may not go out this turn"
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


def _random_seed() -> int:
    """A seed for the bots of an unseeded session (never for a deal)."""
    return random.SystemRandom().randrange(1 << 64)
