"""The play screen explains itself (issue 14): confirmation before giving up a
hand, the knocker's melds and deadwood for the defender, table melds with their
wilds, the discard pile that matters, lines wrapped between cards, the verbs
allowed now, hint, undo, sort, the person's seat and hot-seat play.

The screen is driven in-process: a console writing into a string, and a
scripted keyboard (``play_helpers``).
"""

from __future__ import annotations

import itertools
import re

import pytest

import rummykit as rk
from play_helpers import Keyboard, console, output, play, random_player, short_gin
from rummykit.engine import Drop
from rummykit.terminal import PlaySession, cards_text, symbolize, wrap
from rummykit.terminal.text import _verbs

# --------------------------------------------------------------------------- 1. no one-keystroke loss


def test_drop_asks_first_and_anything_but_yes_cancels() -> None:
    """Indian Rummy, seed 1: seat 1 acts first and may drop (first drop). "drop",
    then Enter: not dropped; "concede", then "no": not dropped; the action
    number of drop, then "maybe": not dropped; the turn goes on each time."""
    h = rk.new_hand(rk.load_variant("indian"), 2, seed=1)
    number = str(h.legal_actions().index(Drop()) + 1)
    session, out = play(
        "indian", ["drop", "", "concede", "no", number, "maybe", "quit"], humans=[1], players=2, seed=1
    )
    assert out.count("Drop out of this hand? You give it up") == 3
    assert out.count("Not dropped: your turn goes on.") == 3
    assert session.hand is not None and session.hand.actions == ()


@pytest.mark.parametrize("word", ["drop", "concede", "DROP"])
def test_drop_confirmed_gives_up_the_hand(word: str) -> None:
    session, out = play("indian", [word, "y"], humans=[1], seed=1)
    h = session.hand
    assert h is not None and h.is_over and h.actions == (Drop(),)
    assert "Hand over: dropped" in out


def test_end_of_input_at_the_confirmation_does_not_drop() -> None:
    session, out = play("indian", ["drop"], humans=[1], seed=1)
    assert session.hand is not None and session.hand.actions == ()
    assert out.rstrip().endswith("Quit.")


def test_concede_where_dropping_is_not_allowed_is_refused() -> None:
    _, out = play("gin", ["concede", "quit"])
    assert "refused: drop:" in out
    assert "Drop out of this hand?" not in out
    assert "Now you can: take, pass" in out  # the greedy bot passed the upcard: it is offered to you


def test_a_called_draw_is_answered_out_of_turn() -> None:
    """Tong-its, seed 10, the person at seat 1 with a meld on the table: the
    greedy bot at seat 2 calls a draw; the screen says so and offers the two
    answers, out of turn."""
    session, out = play("tongits", Keyboard(answer=random_player(10)), humans=[1], players=3, seed=10)
    screen = out[out.index("called a draw.") :]
    assert "seat 2 (greedy) called a draw." in out and "1) fight    2) fold" in screen
    assert "Your move (answer phase):" in screen and "you: fold" in screen
    h = session.hand
    assert h is not None and h.is_over and (1, "fold") in h.ending().dropped


# --------------------------------------------------------------------------- 2. after a knock


def _layoff_screen(out: str) -> str:
    start = out.index("knocked and shows:")
    return out[out.rindex("\n", 0, start) + 1 : out.index("> ", start)]


def test_the_defender_sees_the_knockers_melds_and_deadwood() -> None:
    """Gin, seed 1, the person at seat 1: the greedy bot at seat 0 knocks. The
    knocker lays down his hand, "separating out all his legal melds from his
    unmatched cards (called deadwood) and then announcing his total" ([S2],
    Knock Rummy, the forerunner of Gin)."""
    seen: list[rk.Hand] = []

    def answer(session: PlaySession, prompt: str) -> str | None:
        h = session.hand
        assert h is not None
        if h.phase is rk.Phase.LAYOFF and not seen:
            seen.append(h.clone())
        return "1"

    session, out = play("gin", Keyboard(answer=answer), humans=[1], seed=1)
    (h,) = seen
    knocker = h.knocker
    assert knocker == 0
    screen = _layoff_screen(out)
    lines = screen.splitlines()
    assert lines[0] == "seat 0 (greedy) knocked and shows:"
    melds = [(i, t) for i, t in enumerate(h.table, 1) if t.owner == knocker]
    assert len(melds) >= 2
    # one meld a line, with the number layoff uses
    assert lines[1] == f"  melds:    #{melds[0][0]:<3}{melds[0][1]}"
    for k, (i, t) in enumerate(melds[1:], 2):
        assert lines[k] == f"            #{i:<3}{t}"
    dead = h.hand_of(knocker)
    count = rk.hand_value(h.variant, dead)
    cards = f"{len(dead)} card" + ("" if len(dead) == 1 else "s")
    assert lines[len(melds) + 1] == f"  deadwood: {' '.join(map(str, dead))}  ({cards}, count {count})"
    assert "Your move (layoff phase):" in screen
    assert session.hand is not None and session.hand.is_over


def test_the_knock_panel_is_shown_only_in_the_layoff_phase() -> None:
    _, out = play("gin", ["2"] * 200, seed=1)  # pass, then take every discard: the bot knocks
    screens = out.split("Your move (")
    assert any("knocked and shows" in screen for screen in screens)
    for before, after in itertools.pairwise(screens):
        assert ("knocked and shows" in before.rsplit("> ", 1)[-1]) == after.startswith("layoff phase")


# --------------------------------------------------------------------------- 3. the table


def test_table_melds_show_wilds_one_meld_a_line() -> None:
    """A wild king laid as the ace of diamonds shows what it stands for."""
    v = rk.loads_variant('extends = "straight"\n[variant]\nname = "kings"\n[deck]\nwild_ranks = ["K"]')
    h = rk.new_hand(
        v,
        players=2,
        dealer=1,
        stock=["5D", "2S"],
        discard=["3C"],
        hands=["KC AH AS 7H 8H 2C 4D 6S QC 9S", "9C 9D 9H 2D 3S 5C TS QD JC 4H"],
    )
    for action in ["draw", "meld KC=AD AH AS", "discard QC", "draw", "meld 9C 9D 9H", "discard QD"]:
        h.apply(action)
    c = console()
    session = PlaySession(v, players=2, seed=0, match=False, bots=["greedy"], console=c, hand=h)
    session.show_table(h, 0)
    text = output(c)
    assert "  #1  KC=AD AH AS   yours\n  #2  9C 9D 9H   seat 1 (greedy)\n" in text


def test_only_the_discards_that_may_be_taken_are_shown() -> None:
    """Gin: only the top discard may be taken [S20], so only it is
    shown; 500 Rum spreads the whole pile."""
    _, gin = play("gin", ["1", "1", "1", "1", "1", "1", "quit"], seed=3)
    piles = re.findall(r"Discard pile: (.*)", gin)
    assert piles and all(re.fullmatch(r"\S+  \(top card( of \d+)?\)|empty", p) for p in piles)
    assert any("of" in p for p in piles)
    _, rum = play("rum500", ["1", "1", "1", "1", "quit"], seed=3, players=3)
    assert "Discard pile: (bottom to top)" in rum


def test_wrap_never_cuts_a_card() -> None:
    cards = rk.parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D JK JK")
    text = cards_text(cards, by_suit=True, symbols=True)
    for width in range(8, 90):
        lines = wrap(text, width, indent=4)
        assert " ".join(" ".join(line.plain.split()) for line in lines) == text.plain
        for line in lines:
            assert len(line.plain) <= width
            assert all(len(tok) <= 3 or tok == "·" for tok in line.plain.split())


@pytest.mark.parametrize(("variant", "players"), [("continental", 5), ("rum500", 4), ("romme", 4)])
def test_every_line_fits_80_columns(variant: str, players: int) -> None:
    keys = Keyboard(answer=random_player(5, quit_when=lambda s: s.hand is not None and s.hand.turns > 40))
    _, out = play(variant, keys, players=players, seed=7, symbols=True, bots=["random"])
    long = [line for line in out.splitlines() if len(line) > 80]
    assert not long


# --------------------------------------------------------------------------- 4. the verbs allowed now


def test_unknown_input_lists_the_verbs_of_this_phase() -> None:
    """Gin's first turn offers the upcard: take or pass; after drawing: discard
    (and knock when the deadwood allows it). Never the notation's whole vocabulary."""
    _, out = play("gin", ["bogus", "1", "meld 2H 3H 4H", "quit"], seed=1)
    first, second = (" ".join(x.split()) for x in re.findall(r"Now you can: (.*(?:\n  .*)?)", out))
    assert first == "take, pass (or an action number, 1 to 2); also hint, sort, undo, show, help, quit"
    assert second.startswith("discard (or an action number, 1 to 10)")  # not the upcard just taken
    assert "expected one of" not in out
    assert "refused: bad action 'bogus': unknown word 'bogus'" in out


def test_a_verb_of_this_phase_gets_the_rules_reason_only() -> None:
    _, out = play("gin", ["discard ZZ", "quit"], seed=1)
    assert "refused: bad card 'ZZ'" in out and "Now you can" in out  # draw phase: no discard
    _, out = play("gin", ["1", "discard 2C", "quit"], seed=1)
    assert "refused: discard 2C" in out and "Now you can" not in out


def test_verbs_come_from_the_legal_actions() -> None:
    h = rk.new_hand(rk.load_variant("gin"), 2, seed=1)
    assert _verbs(h.legal_actions()) == ["take", "pass"]


# --------------------------------------------------------------------------- 5. hint


def test_hint_shows_the_greedy_bots_move_without_playing_it() -> None:
    v = rk.load_variant("gin")
    session, out = play("gin", ["1", "hint", "hint", "quit"], seed=1)
    h = session.hand
    assert h is not None
    suggestion = h.verify(rk.GreedyBot(v).choose(h.view(0)))
    number = h.legal_actions().index(suggestion) + 1
    assert out.count(f"hint: the greedy bot would play {number}) {suggestion} (not played)") == 2
    assert h.actions[-1] == rk.Action.parse("take")  # the hint was not played


# --------------------------------------------------------------------------- 6. undo


def test_undo_takes_back_the_last_move_and_the_bots_after_it() -> None:
    session, out = play("gin", ["1", "1", "undo", "quit"], seed=1)
    h = session.hand
    assert h is not None
    assert [str(a) for a in h.actions] == ["pass", "take"]
    assert "undone: your discard 4C and the 2 moves after it" in out
    assert "Your move (play phase)" in out.rsplit("undone:", 1)[1]


def test_undo_then_the_same_moves_plays_the_same_game() -> None:
    """The bots are rebuilt and replayed to where they stood: after an undo,
    the same moves meet the same answers (random bots, whose every move draws
    from their generator)."""
    straight = ["1", "2", "1", "3", "1", "2", "1", "4", "1", "1"]
    a, _ = play("straight", [*straight, "quit"], seed=8, bots=["random"])
    detour = [*straight[:4], "undo", "undo", *straight[2:], "quit"]
    b, out = play("straight", detour, seed=8, bots=["random"])
    assert out.count("undone:") == 2
    assert a.hand is not None and b.hand is not None
    assert a.hand.record() == b.hand.record()


def test_nothing_to_undo() -> None:
    _, out = play("gin", ["undo", "quit"], seed=1)
    assert "refused: nothing to undo: you have not moved in this hand" in out


def test_undo_stops_at_a_new_hand() -> None:
    """Gin, a game from seed 2: at the first prompt of hand 2, nothing to undo."""
    typed: list[str] = []

    def answer(session: PlaySession, prompt: str) -> str | None:
        m = session.m
        assert m is not None
        if prompt != "> ":
            return ""
        line = "1" if m.hands_played == 0 else "undo" if "undo" not in typed else "quit"
        typed.append(line)
        return line

    session, out = play("gin", Keyboard(answer=answer), seed=2, match=True)
    assert session.m is not None and session.m.hands_played == 1
    assert "refused: nothing to undo: you have not moved in this hand (a new hand began" in out


def test_undo_is_refused_in_hot_seat() -> None:
    _, out = play("straight", ["", "1", "undo", "quit"], humans=[0, 1], seed=4, players=3)
    assert "refused: undo is for practice against bots" in out


# --------------------------------------------------------------------------- 7. sort


def test_sort_by_rank_and_suit_persists() -> None:
    session, out = play("gin", ["sort rank", "1", "sort", "sort colour", "sort rank", "quit"], seed=1)
    assert "Your hand (10): 2H  4C 4D  5H 5S  6H  7H  9H  QD QS" in out
    after_take = out.split("you: take")[1]
    assert "Your hand (11): 2H  4C 4D  5H 5S  6H  7H  9H  JD  QD QS" in after_take  # persists
    assert "Your hand (11): 4C · 4D JD QD · 2H 5H 6H 7H 9H · 5S QS" in after_take  # toggled
    assert "refused: type sort, sort rank or sort suit" in out
    assert session.sort == "rank"


# --------------------------------------------------------------------------- 8, 9. seats


def test_the_person_plays_the_seat_chosen() -> None:
    _, out = play("gin", ["quit"], humans=[1], seed=1)
    assert "You are seat 1." in out
    assert "Opponents: seat 0 (greedy) 10 cards" in out
    assert "dealer seat 0" in out


@pytest.mark.parametrize("humans", [[2], [0, 5], []])
def test_a_seat_outside_the_game_is_refused(humans: list[int]) -> None:
    with pytest.raises(rk.RummyError, match="seat"):
        PlaySession(rk.load_variant("gin"), players=2, seed=1, match=False, bots=["greedy"], humans=humans)


def _segments(out: str) -> list[tuple[int, str]]:
    """Each hot-seat turn: (seat, the screen after the terminal was passed to it)."""
    parts = re.split(r"Pass the terminal to seat (\d+) \(human\), then press Enter \(or type quit\) \n", out)
    return [(int(parts[i]), parts[i + 1]) for i in range(1, len(parts) - 1, 2)]


def test_hot_seat_hides_each_hand_from_the_other_people() -> None:
    """Straight Rummy, 3 players, seats 0 and 1 at the terminal, seed 4."""
    h = rk.new_hand(rk.load_variant("straight"), 3, seed=4)
    keys = Keyboard(answer=random_player(2, quit_when=lambda s: s.hand is not None and s.hand.turns > 12))
    session, out = play("straight", keys, humans=[0, 1], players=3, seed=4)
    segments = _segments(out)
    assert {seat for seat, _ in segments} == {0, 1}
    assert out.count("screen hidden") == len(segments)
    for (seat, _), (nxt, _) in itertools.pairwise(segments):
        assert seat != nxt  # the terminal is passed only between two people
    first_seat, first = segments[0]
    assert first_seat == h.current_player == 1
    assert f"Your hand (7): {cards_text(h.hand_of(1), by_suit=True).plain}" in first
    other = " ".join(map(str, h.hand_of(0)))
    assert other not in first and "Your hand (7): " + other not in out.split("Pass the terminal")[1]
    for seat, screen in segments:
        # what the other person drew stays secret: only "you drew" for one's own draw
        for line in screen.splitlines():
            if "(you drew" in line:
                assert line.startswith("you: draw")
        assert f"seat {seat} (human) to play" in screen
        for line in screen.splitlines():
            if line.startswith(f"seat {1 - seat} (human) "):
                assert "drew" not in line
    assert session.hand is not None


def test_hot_seat_clears_a_terminal_with_its_scrollback() -> None:
    _, out = play("straight", ["", "quit"], humans=[0, 1], players=3, seed=4, terminal=True)
    assert "\x1b[H\x1b[2J\x1b[3J" in out


def test_hot_seat_quit_at_the_handover() -> None:
    _, out = play("straight", ["quit"], humans=[0, 1], players=3, seed=4)
    assert out.rstrip().endswith("Quit.")
    assert "Your hand" not in out


def test_all_seats_at_the_terminal() -> None:
    keys = Keyboard(answer=random_player(3))
    session, out = play("gin", keys, humans=[0, 1], seed=3)
    assert session.hand is not None and session.hand.is_over
    assert "greedy" not in out


# --------------------------------------------------------------------------- symbols


def test_symbols_on_the_screen_and_in_typed_cards() -> None:
    session, out = play("gin", ["1", "discard Q♠", "quit"], seed=1, symbols=True)
    assert "Your hand (10): 4♣ · 4♦ Q♦ · 2♥ 5♥ 6♥ 7♥ 9♥ · 5♠ Q♠" in out
    assert "10) discard Q♠" in out
    assert "you: discard Q♠" in out
    assert session.hand is not None and "discard QS" in session.hand.record()["actions"]


def test_symbolize_only_touches_cards() -> None:
    assert symbolize("seat 1 (greedy) takes JD, then meld JK=9H TS AS") == (
        "seat 1 (greedy) takes J♦, then meld JK=9♥ T♠ A♠"
    )
    assert symbolize("KNOCKS AS ASH 10H") == "KNOCKS A♠ ASH 10H"


def test_the_best_melds_are_bracketed_one_by_one() -> None:
    _, out = play("gin", ["1", "quit"], seed=1)
    assert "  best melds: [5H 6H 7H]; deadwood 54" in out


def test_undo_in_a_match_then_the_same_move_ends_the_game_the_same() -> None:
    """Gin, a whole game against a random bot: an undo in the second hand,
    then the same move again, leaves every record and total as without it
    (a game to 1 point: two hands, the second one won)."""
    gin = short_gin()
    typed: list[tuple[int, str]] = []
    whole_answer = random_player(6)

    def recording(session: PlaySession, prompt: str) -> str | None:
        line = whole_answer(session, prompt)
        assert line is not None and session.m is not None
        typed.append((session.m.hands_played, line))
        return line

    whole, _ = play(gin, Keyboard(answer=recording), seed=2, match=True, bots=["random"])
    assert whole.m is not None and whole.m.is_over and whole.m.hands_played >= 2
    # the third move typed in hand 2, taken back and typed again
    k = next(i for i, (hand, _) in enumerate(typed) if hand == 1) + 2
    lines = [line for _, line in typed]
    detour = [*lines[: k + 1], "undo", lines[k], *lines[k + 1 :]]
    again, out = play(gin, detour, seed=2, match=True, bots=["random"])
    assert out.count("undone: your ") == 1
    assert again.m is not None and again.m.is_over
    assert again.m.records == whole.m.records and again.m.totals == whole.m.totals


def test_the_indian_deadwood_hint_counts_what_settling_would() -> None:
    """Indian rummy: a loser's ungrouped cards count only with "two sequences
    including a pure one"; without them every card counts, up to 80
    (``variants/indian.toml``). The hand of seat 1 at seed 1 has no pure
    sequence: the hint says so and counts the whole hand."""
    v = rk.load_variant("indian")
    h = rk.new_hand(v, 2, seed=1)
    hand = h.hand_of(1)
    assert rk.best_arrangement(v, hand, wild_ranks=h.wild_ranks, min_runs=2, min_pure_runs=1) is None
    whole = min(rk.hand_value(v, hand, wild_ranks=h.wild_ranks), 80)
    assert rk.min_deadwood(v, hand, wild_ranks=h.wild_ranks) != whole  # the count that ignored the rule
    _, out = play("indian", ["quit"], humans=[1], players=2, seed=1)
    assert f"best melds: none count yet (needs 2 sequences, 1 pure); deadwood {whole}" in out
