"""What a play session shows: the table, the person's hand, the legal
actions, the hot-seat screen between turns, the result and the totals.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

import rummykit as rk
from rummykit.engine import Buy
from rummykit.terminal.base import SessionBase
from rummykit.terminal.text import QUIT_WORDS, _card, _plain, _rank_key, _visible_discards, meld_text


class SessionScreen(SessionBase):
    """The screens of a play session."""

    def _second_line(self, view: rk.View, seats: Sequence[int], viewer: int | None) -> str:
        """The second hands: each one's count face down, or who picked one up."""
        side = self.v.second_hand.per_side()
        parts = []
        for s, n in enumerate(view.second_counts):
            who = "yours" if seats[s] == viewer else self.name(seats[s])
            if n:
                parts.append(f"{who} {n} cards face down")
            elif view.second_taken[s]:
                parts.append(f"{who} picked up")
            elif view.second_stocked and view.second_stocked[s]:
                parts.append(f"{who} became the stock")
        return f"{'Mortos' if side else 'Feet'}: " + "; ".join(parts)

    def show_table(self, h: rk.Hand, me: int | None, *, final: bool = False) -> None:
        view = h.view(me if me is not None else 0)
        seats = self._seats()
        viewer = seats[me] if me is not None else None
        if view.table and self.v.melds.side_rank_melds():
            self._side_melds(view, seats, viewer)
        elif view.table:
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
        for s, cards in enumerate(view.laid_out):
            if cards:
                who = "you" if seats[s] == viewer else self.name(seats[s])
                line = Text(f"Laid out by {who}: ")
                line.append_text(self.cards(cards))
                self.say(line)
        pile = view.discard
        if not pile:
            self.say("Discard pile: empty")
        elif view.pile_frozen is not None:  # taken whole: a count, its top card, frozen or not
            line = Text("Discard pile: ")
            line.append_text(self.cards(pile[-1:]))
            line.append(f"  (top card; {len(pile)} card{'s' if len(pile) != 1 else ''}")
            line.append(", frozen for your side)" if view.pile_frozen else ")")
            self.say(line, indent=14)
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
        if view.second_counts:  # a foot or a morto: a count face down, or picked up
            self.say(Text(self._second_line(view, seats, viewer)))
        if not final:
            others = [
                f"{self.name(seats[s])} {n} card{'s' if n != 1 else ''}"
                + (" (dropped)" if view.dropped[s] else "")
                for s, n in enumerate(view.hand_counts)
                if s != me
            ]
            partners = view.side if me is not None else ()
            if partners:  # partnerships: the partners apart from the opponents
                mates = [
                    f"{self.name(seats[s])} {view.hand_counts[s]} card{'s' if view.hand_counts[s] != 1 else ''}"
                    for s in partners
                    if s != me
                ]
                others = [
                    f"{self.name(seats[s])} {n} card{'s' if n != 1 else ''}"
                    for s, n in enumerate(view.hand_counts)
                    if s not in partners
                ]
                self.say(Text("Partner: " + ", ".join(mates)), indent=9)
            self.say(Text("Opponents: " + ", ".join(others)), indent=11)

    def _side_melds(self, view: rk.View, seats: Sequence[int], viewer: int | None) -> None:
        """The melds grouped by side (the Canasta family), canastas marked."""
        n = len(view.hand_counts)
        sides = self.v.players.teams_for(n) or tuple((s,) for s in range(n))
        size = getattr(self.v.melds, "canasta", 0)
        for side in sides:
            mine = viewer is not None and any(seats[s] == viewer for s in side)
            names = " and ".join("you" if seats[s] == viewer else self.name(seats[s]) for s in side)
            melds = [(i, t) for i, t in enumerate(view.table, 1) if t.owner in side]
            if not melds:
                continue
            self.say(f"Your side's melds ({names}):" if mine else f"Melds of {names}:")
            for i, t in melds:
                line = Text(f"  #{i:<3}")
                line.append_text(meld_text(t.meld, symbols=self.symbols))
                if size and len(t.meld.cards) >= size:
                    kind = "natural" if t.meld.wild_count == 0 else "mixed"
                    if t.meld.cards == t.meld.represents and all(
                        self.v.deck.is_wild(c, view.wild_ranks) for c in t.meld.cards
                    ):
                        kind = "wild"
                    elif t.meld.kind is rk.MeldKind.RUN:
                        kind = "sequence" if t.meld.wild_count == 0 else "mixed sequence"
                    line.append(f"   canasta ({kind})")
                self.say(line, indent=6)

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

    def show_answer(self, h: rk.Hand, me: int) -> None:
        """After a called draw (Tong-its), out of turn: who called, and the two
        answers."""
        caller = h.knocker
        if h.phase is not rk.Phase.ANSWER or caller is None or caller == me:
            return
        seats = self._seats()
        self.say(f"{self.name(seats[caller])} called a draw.", style="bold")
        self.say(
            Text(
                "Answer out of turn: fight (show your hand; the lowest count wins) or fold (give up, paying less)."
            ),
            style="dim",
        )

    def show_permission(self, h: rk.Hand, me: int) -> None:
        """The partner's permission to go out (Canasta): the question, out of
        turn, to the partner asked; the binding answer to the player asking."""
        said = h.permission
        if said is None or h.current_player != me:
            return
        seats = self._seats()
        if said == "asked":
            self.say(f"{self.name(seats[h.resume])}, your partner, asks: May I go out?", style="bold")
            self.say(
                Text("Answer out of turn: yes (your partner must then go out this turn) or no (it may not)."),
                style="dim",
            )
        elif said == "yes":
            self.say(
                Text("Your partner said yes: you must go out this turn (or pay the penalty if you cannot)."),
                style="bold",
            )
        else:
            self.say(Text("Your partner said no: you may not go out this turn."), style="bold")

    def show_buy(self, h: rk.Hand, me: int) -> None:
        """Contract rummy, out of turn: the discard the player on turn left is
        for sale (buy it with a penalty card from the stock, or pass)."""
        if h.phase is not rk.Phase.CLAIM or Buy() not in h.legal_actions() or not h.discard_pile:
            return
        seats = self._seats()
        top = h.discard_pile[-1]
        self.say(f"{self.name(seats[h.resume])} drew from the stock and left {top}.", style="bold")
        penalty = self.v.claims.penalty_cards()
        self.say(
            Text(
                f"Out of turn: buy {top} (you also take {penalty} penalty card"
                f"{'s' if penalty != 1 else ''} from the stock) or pass."
            ),
            style="dim",
        )

    def show_hand(self, h: rk.Hand, me: int) -> None:
        view = h.view(me)
        label = f"Your hand ({len(view.hand)}): "
        line = Text(label)
        line.append_text(self.cards(view.hand, sort=True))
        self.say(line, style="bold", indent=len(label))
        if view.hand:
            # with a run requirement (Indian rummy: two sequences, one pure),
            # the hand counts what settling it would count
            runs, pure = self.v.going_out.run_requirement()
            arr = rk.best_arrangement(
                self.v, view.hand, wild_ranks=view.wild_ranks, min_runs=runs, min_pure_runs=pure
            )
            if arr is None and (runs or pure):
                count = rk.hand_value(self.v, view.hand, wild_ranks=view.wild_ranks)
                cap = getattr(self.v.scoring, "cap", None)
                if isinstance(cap, int):
                    count = min(count, cap)
                need = f"{runs} sequence{'s' if runs != 1 else ''}" + (f", {pure} pure" if pure else "")
                self.say(
                    f"  best melds: none count yet (needs {need}); deadwood {count}", style="dim", indent=4
                )
            elif arr is not None:
                line = Text("  best melds: ")
                if arr.melds:
                    for i, m in enumerate(arr.melds):
                        line.append(" [" if i else "[")
                        line.append_text(meld_text(m, symbols=self.symbols))
                        line.append("]")
                else:
                    line.append("none")
                line.append(f"; deadwood {arr.deadwood_value}")
                if self.v.scoring.counts_whole_hand():  # Tonk: a showdown counts every card held
                    line.append(
                        f"; count in hand {rk.hand_value(self.v, view.hand, wild_ranks=view.wild_ranks)}"
                    )
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
        self.show_answer(h, me)
        self.show_permission(h, me)
        self.show_buy(h, me)
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
