"""Playing in the terminal against bots: ``rummykit play`` and ``rummykit replay``.

Seat 0 is the person at the keyboard; the other seats are bots. Before each of
the person's moves the screen shows what the bots just did, the table melds
with their numbers (as used by ``layoff 9H on 2``), the discard pile, the
stock, the opponents' hand sizes, the person's hand (sorted, with its best
melds and deadwood) and the legal actions, numbered. The person types a
number or an action in rummykit notation (``discard QS``); a refused action
prints the rule's reason and asks again. ``quit`` or end of input stops.

Output goes through :mod:`rich`: colours in a terminal, plain text otherwise.
Built only on the public API.
"""

from __future__ import annotations

import json
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

__all__ = ["PlaySession", "print_replay", "read_records"]

Bot = Callable[[rk.View], rk.Action | str]

QUIT_WORDS = frozenset({"quit", "exit", "q"})
HELP_WORDS = frozenset({"help", "?", "h"})
SHOW_WORDS = frozenset({"show", "look", "table", "r"})

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
Other words: show (the table again), help, quit."""


def _card_style(card: rk.Card) -> str:
    if card.suit is None:
        return "bold magenta"
    return "red" if card.suit in (rk.Suit.HEARTS, rk.Suit.DIAMONDS) else ""


def cards_text(cards: Sequence[rk.Card], *, by_suit: bool = False) -> Text:
    """Cards in notation, hearts and diamonds in red; ``by_suit`` puts a dot
    between suits."""
    text = Text()
    prev: rk.Suit | bool | None = False
    for i, card in enumerate(cards):
        if i:
            text.append(" · " if by_suit and card.suit != prev else " ")
        text.append(str(card), style=_card_style(card))
        prev = card.suit
    return text


def meld_text(meld: rk.Meld) -> Text:
    """A table meld in notation, each wild with what it stands for
    (``KC=AD AH AS``), hearts and diamonds in red."""
    text = Text()
    for i, (card, rep) in enumerate(zip(meld.cards, meld.represents, strict=True)):
        if i:
            text.append(" ")
        text.append(str(card), style=_card_style(card))
        if rep != card:
            text.append("=")
            text.append(str(rep), style=_card_style(rep))
    return text


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


class PlaySession:
    """One sitting at the terminal: a hand, or with ``match`` a whole game.

    ``read`` reads a line (raising EOFError at the end of input); ``console``
    is where everything is printed; ``pause`` waits for Enter between the
    hands of a match; ``echo`` prints each line read (input from a pipe).
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
    ) -> None:
        if players not in v.players.counts():
            raise rk.RummyError(
                f"{v.name} is played by {v.players.min} to {v.players.max} players, not {players}"
            )
        self.v = v
        self.players = players
        self.match_mode = match
        self.record_path = record
        self.console = console or Console(highlight=False, soft_wrap=True)
        self.read = read or self._read_console
        self.pause = pause
        self.echo = echo
        names = [b.strip() for b in bots if b.strip()] or ["greedy"]
        self.bot_names = ["you"] + [names[(s - 1) % len(names)] for s in range(1, players)]
        # Practice play against bots: the seed is printed so that a hand can be dealt
        # again; a game server deals unseeded (see the game-server docs page).
        self.seed = seed if seed is not None else _random_seed()
        self.m: rk.Match | None = rk.new_match(v, players, seed=self.seed) if match else None
        self.bots: list[Bot | None] = [None]
        for seat in range(1, players):
            self.bots.append(_make_bot(self.bot_names[seat], v, bot_seed(self.seed, 0, seat), think))
        self.log: list[str] = []
        self.hand: rk.Hand | None = None
        self.hand_seats: tuple[int, ...] = tuple(range(players))

    # ------------------------------------------------------------------ helpers

    def _read_console(self, prompt: str) -> str:
        line = self.console.input(prompt)
        if self.echo:  # input from a pipe: show it, so the transcript reads like a session
            self.console.print(escape(line), highlight=False)
        return line

    def name(self, seat: int) -> str:
        """``seat 0 (you)``, ``seat 1 (greedy)``."""
        return f"seat {seat} ({self.bot_names[seat]})"

    def say(self, text: str | Text = "", style: str | None = None) -> None:
        self.console.print(text, style=style, highlight=False)

    # ------------------------------------------------------------------ describing

    def describe(self, h: rk.Hand, seat: int, a: rk.Action, hidden: bool) -> str:
        """What ``seat`` did, as seen by the person (``hidden``: keep the
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

    # ------------------------------------------------------------------ screens

    def show_table(self, h: rk.Hand, me: int | None, *, final: bool = False) -> None:
        view = h.view(me if me is not None else 0)
        seats = self._seats()
        if view.table:
            self.say("Table melds:")
            for i, t in enumerate(view.table, 1):
                line = Text(f"  #{i:<3}")
                line.append_text(meld_text(t.meld))
                owner = "yours" if seats[t.owner] == 0 else self.name(seats[t.owner])
                line.append(f"   {owner}")
                if t.laid:
                    laid = ", ".join(f"{c} by {self._short(seats[s])}" for c, s in t.laid)
                    line.append(f"; laid off: {laid}")
                self.say(line)
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
                line.append_text(cards_text(pile))
            elif shown > 1:
                line.append_text(cards_text(pile[-shown:]))
                line.append(f"  (top {shown} of {len(pile)} cards)")
            else:
                line.append_text(cards_text(pile[-1:]))
                line.append(f"  (top card of {len(pile)})" if len(pile) > 1 else "  (top card)")
            self.say(line)
        wild = ""
        if view.cut is not None:
            wild = f"   cut card {view.cut}"
        if view.wild_ranks:
            ranks = ", ".join(sorted(r.letter for r in view.wild_ranks))
            wild += f"   wild ranks this hand: {ranks}"
        self.say(f"Stock: {view.stock_count} cards{wild}")
        if not final:
            others = [
                f"{self.name(seats[s])} {n} card{'s' if n != 1 else ''}"
                + (" (dropped)" if view.dropped[s] else "")
                for s, n in enumerate(view.hand_counts)
                if s != me
            ]
            self.say("Opponents: " + ", ".join(others))

    def _seats(self) -> tuple[int, ...]:
        """Match seats of the current hand's seats (fixed when the hand is
        dealt: in a match, eliminated players are not dealt in)."""
        return self.hand_seats

    def _short(self, seat: int) -> str:
        return "you" if seat == 0 else f"seat {seat}"

    def show_hand(self, h: rk.Hand, me: int) -> None:
        view = h.view(me)
        line = Text(f"Your hand ({len(view.hand)}): ")
        line.append_text(cards_text(view.hand, by_suit=True))
        self.say(line, style="bold")
        if view.hand:
            arr = rk.best_arrangement(self.v, view.hand, wild_ranks=view.wild_ranks)
            if arr is not None:
                melds = "  ".join(str(m) for m in arr.melds) or "none"
                self.say(f"  best melds: {melds}; deadwood {arr.deadwood_value}", style="dim")

    def show_actions(self, legal: Sequence[rk.Action]) -> None:
        items = [f"{i:>3}) {a}" for i, a in enumerate(legal, 1)]
        width = max(len(x) for x in items) + 2
        per_line = max(1, 78 // width)
        for start in range(0, len(items), per_line):
            row = items[start : start + per_line]
            self.say(escape("".join(x.ljust(width) for x in row).rstrip()))

    def header(self, h: rk.Hand) -> str:
        hand_no = f"hand {self.m.hands_played + 1}" if self.m is not None else "hand"
        view = h.view(0)
        dealer = self._seats()[view.dealer]
        return f"{self.v.title} · {hand_no} · turn {view.turn} · dealer {self._short(dealer)}"

    def flush_log(self) -> None:
        for line in self.log:
            self.say(line)
        self.log.clear()

    def screen(self, h: rk.Hand, me: int) -> None:
        self.console.rule(self.header(h))
        self.flush_log()
        self.show_table(h, me)
        self.show_hand(h, me)
        phase = h.phase.value
        self.say(f"Your move ({phase} phase):", style="bold")
        self.show_actions(h.legal_actions())

    # ------------------------------------------------------------------ playing

    def run(self) -> int:
        """Play until the hand (or game) ends or the person quits; the exit code."""
        try:
            finished = self._run()
        finally:
            self._write_record()
        if not finished:
            self.say("Quit.")
            if self.m is not None and self.m.hands_played:
                self.show_totals(final=False)
        return 0

    def _run(self) -> bool:
        self.say(
            f"rummykit play: {self.v.title} ({self.v.name}), {self.players} players, seed {self.seed}."
            " You are seat 0. Type help for the notation, quit to stop."
        )
        if self.m is None:
            self.hand = rk.new_hand(self.v, self.players, seed=self.seed)
            if not self.play_hand(self.hand, self.hand.apply):
                return False
            self.show_result(self.hand)
            return True
        m = self.m
        while not m.is_over:
            h = m.hand
            self.hand = h
            if not self.play_hand(h, m.apply):
                return False
            self.show_result(h)
            self.show_totals(final=m.is_over)
            if not m.is_over and self.pause and 0 in m.seats:
                try:
                    answer = self.read("Press Enter for the next hand (or type quit) ")
                except EOFError:
                    return False
                if answer.strip().lower() in QUIT_WORDS:
                    return False
        return True

    def play_hand(self, h: rk.Hand, apply: Callable[[rk.Action | str], None]) -> bool:
        """Play ``h`` to its end; False if the person quit."""
        if self.m is not None:
            self.hand_seats = self.m.seats
        seats = self._seats()
        me = seats.index(0) if 0 in seats else None
        if me is None:
            self.say("You are out of the game; the bots play this hand.")
        while not h.is_over:
            p = h.current_player
            assert p is not None
            if p != me:
                bot = self.bots[seats[p]]
                assert bot is not None
                action = h.verify(bot(h.view(p)))
                self.log.append(f"{self.name(seats[p])} {self.describe(h, p, action, hidden=True)}")
                apply(action)
                continue
            if not self.human_turn(h, me, apply):
                return False
        return True

    def human_turn(self, h: rk.Hand, me: int, apply: Callable[[rk.Action | str], None]) -> bool:
        """One action of the person; False if they quit."""
        self.screen(h, me)
        legal = h.legal_actions()
        while True:
            try:
                raw = self.read("> ")
            except (EOFError, KeyboardInterrupt):
                self.say("")
                return False
            text = raw.strip()
            word = text.lower()
            if not text:
                continue
            if word in QUIT_WORDS:
                return False
            if word in HELP_WORDS:
                self.say(escape(HELP))
                continue
            if word in SHOW_WORDS:
                self.screen(h, me)
                continue
            if text.isdigit() and not (text.isascii() and len(text) <= 6):
                # "²", "١" or 5,000 digits: never int() (a crash, or a misread)
                self.say(escape(f"refused: {text[:12]!r} is not an action number (digits 0-9)"), style="red")
                continue
            if text.isdigit():
                n = int(text)
                if not 1 <= n <= len(legal):
                    self.say(
                        f"refused: there is no action number {n} (choose 1 to {len(legal)})", style="red"
                    )
                    continue
                action: rk.Action = legal[n - 1]
            else:
                try:
                    action = h.verify(text)
                except rk.RummyError as exc:
                    self.say(escape(f"refused: {exc}"), style="red")
                    continue
            before = h.view(me).hand
            apply(action)
            note = f"you: {action}"
            if isinstance(action, Draw) and not h.is_over:
                note += f" (you drew {_plain(_minus(h.view(me).hand, before))})"
            self.log.append(note)
            return True

    # ------------------------------------------------------------------ the end

    def show_result(self, h: rk.Hand) -> None:
        result = h.result
        assert result is not None
        seats = self._seats()
        self.console.rule(f"Hand over: {result.how.value}")
        self.flush_log()
        self.show_table(h, None, final=True)
        view = h.view(0)
        self.say("Hands shown:")
        for s, cards in enumerate(view.shown_hands):
            line = Text(f"  {self.name(seats[s])}: ")
            line.append_text(cards_text(cards) if cards else Text("(no cards)"))
            self.say(line)
        if view.face_down:
            self.say(f"Face-down discard: {_plain(view.face_down)}")
        winners = ", ".join(self.name(seats[w]) for w in result.winners) or "nobody"
        label = "winners" if len(result.winners) > 1 else "winner"
        self.say(f"Result: {result.how.value}; {label}: {winners}", style="bold")
        self.say("Scores this hand:")
        for s, score in enumerate(result.scores):
            self.say(f"  {self.name(seats[s]):<20} {score:>+6}")
        for reason in result.reasons:
            self.say(escape(f"  {reason}"))

    def show_totals(self, *, final: bool) -> None:
        m = self.m
        assert m is not None
        if final:
            self.console.rule("Game over")
            winners = ", ".join(self.name(w) for w in m.winners) or "nobody"
            label = "winners" if len(m.winners) > 1 else "winner"
            hands = f"{m.hands_played} hand{'s' if m.hands_played != 1 else ''}"
            self.say(f"Game over after {hands}; {label}: {winners}", style="bold")
        self.say(f"Totals after {m.hands_played} hand{'s' if m.hands_played != 1 else ''}:")
        for s, total in enumerate(m.totals):
            out = "" if s in m.active or final else " (out)"
            self.say(f"  {self.name(s):<20} {total:>6}{out}")

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
        self.say(f"Record written to {self.record_path} (rummykit replay {self.record_path})")


def _make_bot(name: str, v: rk.Variant, seed: int, think: float | None) -> Bot:
    """A bot by name or module:Class (rummykit.bots.make_bot); ``think``
    seconds per move for the search bot."""
    from rummykit.bots import make_bot

    options = {"think": think if think is not None else 1.0} if name == "search" else {}
    bot = make_bot(name, v, seed, **options)
    choose = getattr(bot, "choose", None)
    return choose if callable(choose) else bot  # type: ignore[no-any-return]


def _random_seed() -> int:
    import random

    return random.SystemRandom().randrange(1 << 32)


# --------------------------------------------------------------------------- replay


MAX_RECORD_FILE = 64 * 1024 * 1024
"""The largest record file ``read_records`` reads."""


def read_records(path: Path) -> list[dict[str, Any]]:
    """The game records in a JSON file: one record (``Hand.record()``) or a
    list of them (``Match.records``, ``rummykit play --match --record``).

    The file is read as strict JSON, whoever wrote it: ``Infinity``/``NaN``,
    numbers of more than 40 digits, nesting too deep for the parser and files
    over 64 MB are refused. Raises :class:`~rummykit.RecordError` (one line,
    never a traceback) for a file that cannot be read or holds no records.
    """

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
        data = json.loads(text, parse_constant=no_constant, parse_int=bounded_int, parse_float=bounded_float)
    except RecursionError:
        raise rk.RecordError(f"{path}: JSON nested too deep for a record") from None
    except json.JSONDecodeError as exc:
        raise rk.RecordError(f"{path} is not valid JSON: {exc}") from None
    except ValueError as exc:  # e.g. the interpreter's limit on integer digits
        if isinstance(exc, rk.RummyError):
            raise
        raise rk.RecordError(f"{path} is not valid JSON for a record: {str(exc)[:80]}") from None
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


def print_replay(records: Sequence[dict[str, Any]], console: Console, *, source: str = "") -> None:
    """Check every record (``rk.replay``), then print each hand turn by turn.

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
        _print_one(rec, final, console, number=i if len(records) > 1 else None, source=source)
    if len(records) > 1:
        console.rule()
        console.print(f"{len(records)} hands replayed; every record checks out.", highlight=False)


def _print_one(
    rec: dict[str, Any], final: rk.Hand, console: Console, *, number: int | None, source: str
) -> None:
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
        line.append_text(cards_text(start.hand_of(s)))
        console.print(line, highlight=False)
    pile = start.discard_pile
    console.print(
        f"  discard pile: {_plain(pile)}; stock {start.stock_count} cards"
        + (f"; cut card {start.view(0).cut}" if start.view(0).cut is not None else ""),
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
        console.print(escape(f"{marker}  seat {seat}: {desc}"), highlight=False)
    result = h.result
    if result is None:
        console.print("The record ends before the hand is over.", highlight=False)
        return
    winners = ", ".join(f"seat {w}" for w in result.winners) or "nobody"
    label = "winners" if len(result.winners) > 1 else "winner"
    console.print(f"Result: {result.how.value}; {label}: {winners}", style="bold", highlight=False)
    for s, score in enumerate(result.scores):
        left = _plain(h.hand_of(s)) if h.hand_of(s) else "(no cards)"
        console.print(f"  seat {s}: {score:>+6}   left in hand: {left}", highlight=False)
    for reason in result.reasons:
        console.print(escape(f"  {reason}"), highlight=False)


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
