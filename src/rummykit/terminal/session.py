"""A play session: the turns of the people at the keyboard and of the bots,
from the deal to the end of the hand or game.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.text import Text

import rummykit as rk
from rummykit.engine import Drop
from rummykit.terminal.base import Turn
from rummykit.terminal.saving import SessionSaving, read_session
from rummykit.terminal.screen import SessionScreen
from rummykit.terminal.text import HELP, HELP_WORDS, QUIT_WORDS, SHOW_WORDS, SORTS, YES_WORDS, _verbs


class PlaySession(SessionSaving, SessionScreen):
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

    Each hand's bots are built for it, seeded from the session's bot seed (the
    game's seed when one is given), the hand's number and the seat, so that a hand rebuilt from its actions (``undo``,
    ``--resume``) gets bots in the same state as the first time.
    """

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
            try:
                self._write_record()
            finally:  # a record that cannot be written does not lose the saved game
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
            f"rummykit play: {self.v.title} ({self.v.name}), {self.players} players{self._seeded()}."
            f" {self._who()} Type help for the commands, quit to stop."
        )

    def _seeded(self) -> str:
        """``, seed 7`` for a seed the person gave (practice); nothing for a
        deal from the OS's entropy, which no printed number rebuilds."""
        return "" if self.seed is None else f", seed {self.seed}"

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
                action = h.verify(self._bot_move(seat, h.view(p)))
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
        if self.v.going_out.answers_draw():
            question = "Call a draw now? The others fight or fold; the lowest count shown wins. [y/N] "
        elif self.v.going_out.drop_ends_hand():
            question = "Drop now? Everyone shows the cards in hand and the lowest count wins. [y/N] "
        else:
            question = "Drop out of this hand? You give it up and pay the drop penalty. [y/N] "
        try:
            answer = self.read(question)
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

    @classmethod
    def resume(
        cls, path: Path, *, bots: Sequence[str] | None = None, save: Path | None = None, **options: Any
    ) -> PlaySession:
        """The session saved in ``path`` (``--save``), rebuilt where it
        stopped: the same variant, deal, seats and bots; the bots of the
        current hand shown their moves again so that they stand as they
        stood. An unseeded game is restored from its records (they hold the
        whole deal); its later deals come from the OS's entropy. ``bots`` must repeat the saved bots when they name a module
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
            bot_key=data.get("bot_seed"),
            save=save if save is not None else path,
            **options,
        )
        if session.m is None:
            if len(records) != 1:
                raise rk.RecordError(f"{path}: a saved hand holds one record, not {len(records)}")
            session.hand = session._restore(path, 1, records[0])
            over = session.hand.is_over
        elif session.seed is None:
            session._restore_unseeded_match(path, records)
            over = session.m.is_over
        else:
            session._restore_match(path, records)
            over = session.m.is_over
        if over:
            raise rk.RecordError(f"the game saved in {path} is over; rummykit replay {path} shows it")
        h = session.hand
        assert h is not None
        hand_no = f"hand {session.m.hands_played + 1}, " if session.m is not None else ""
        session.banner = (
            f"rummykit play: {v.title} ({v.name}), {session.players} players{session._seeded()},"
            f" resumed from {path} at {hand_no}turn {h.view(0).turn}. {session._who()}"
            " Type help for the commands, quit to stop."
        )
        return session


def _builtin_bots() -> tuple[str, ...]:
    from rummykit.sim import BOT_NAMES

    return BOT_NAMES


def stdin_is_tty() -> bool:
    """Whether standard input is a terminal."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):  # pragma: no cover
        return False
