"""Difficulty levels: every level is a valid bot in every built-in variant
(legal moves only, the same moves for a seed), level 1 plays a beginner's
habits, bad levels are refused, ``rummykit play --level``; and the
deprecated ``rummykit.bots.simple``. No strength is asserted here (the bench
measures it: bench/levels.py)."""

from __future__ import annotations

import importlib
import sys

import attrs
import pytest

import rummykit as rk
from cli_helpers import run
from rummykit.bots import BOTS, BotError, GreedyBot, SearchBot, make_bot
from rummykit.bots.levels import LEVELS, SAFETY_SECONDS
from rummykit.cli import main


def _short(v: rk.Variant, turns: int) -> rk.Variant:
    return attrs.evolve(v, limits=attrs.evolve(v.limits, max_turns=turns, max_hands=2))


def _play(v: rk.Variant, bots: list[object], seed: int) -> rk.Hand:
    h = rk.new_hand(v, players=len(bots), seed=seed)
    while not h.is_over:
        p = h.current_player
        assert p is not None
        view = h.view(p)
        action = bots[p].choose(view)  # type: ignore[attr-defined]
        assert action in view.legal, f"level bot played {action}, not legal"
        h.apply(action)
    return h


@pytest.mark.parametrize("name", rk.list_variants())
def test_greedy_levels_play_only_legal_moves_and_repeat_for_a_seed(name: str) -> None:
    """Levels 1 and 2 at the table together, the hand played twice (each
    against greedy bots under ``-m slow``, in the test below)."""
    v = _short(rk.load_variant(name), turns=40)
    players = max(2, v.players.min)
    levels = [make_bot("search", v, 7, level=1), make_bot("search", v, 8, level=2)]
    others = [GreedyBot(v, seed=s) for s in range(2, players)]
    first = _play(v, [*levels, *others], 3)
    levels = [make_bot("search", v, 7, level=1), make_bot("search", v, 8, level=2)]
    others = [GreedyBot(v, seed=s) for s in range(2, players)]
    assert _play(v, [*levels, *others], 3).actions == first.actions


@pytest.mark.slow
@pytest.mark.parametrize("name", rk.list_variants())
def test_each_greedy_level_plays_only_legal_moves_and_repeats_for_a_seed(name: str) -> None:
    v = _short(rk.load_variant(name), turns=40)
    players = max(2, v.players.min)
    for level in (1, 2):
        runs = [
            _play(
                v,
                [make_bot("search", v, 7, level=level), *(GreedyBot(v, seed=s) for s in range(1, players))],
                3,
            )
            for _ in range(2)
        ]
        assert runs[0].actions == runs[1].actions


@pytest.mark.parametrize(("name", "turns"), [("gin", 12), ("straight", 3)])
def test_search_levels_play_only_legal_moves_and_repeat_for_a_seed(name: str, turns: int) -> None:
    # in Gin the search levels play their default move without rollouts; a
    # few turns elsewhere (the search bot's own tests cover every variant)
    v = _short(rk.load_variant(name), turns=turns)
    runs = [
        _play(v, [make_bot("level4", v, 5), make_bot("search", v, 6, level=5)], 2).actions for _ in range(2)
    ]
    assert runs[0] == runs[1]


def test_levels_are_the_bots_they_say() -> None:
    v = rk.load_variant("straight")
    bots = {n: make_bot("search", v, 1, level=n) for n in LEVELS}
    assert [type(bots[n]) for n in LEVELS] == [GreedyBot, GreedyBot, GreedyBot, SearchBot, SearchBot]
    assert [bots[n].beginner for n in (1, 2, 3)] == [1.0, 0.5, 0.0]
    assert bots[4].iterations < bots[5].iterations and bots[5].think == SAFETY_SECONDS
    # the greedy levels are the same bots asked for under "greedy", and by name
    assert make_bot("greedy", v, 1, level=2).beginner == 0.5
    assert make_bot("level1", v, 1).beginner == 1.0 and "level5" in BOTS


@pytest.mark.parametrize(
    ("spec", "level", "message"),
    [
        ("search", 0, "the levels are 1"),
        ("search", 6, "the levels are 1"),
        ("search", "3", "the levels are 1"),
        ("search", True, "the levels are 1"),
        ("greedy", 4, 'make_bot("search", ..., level=4)'),
        ("random", 1, "search and greedy bots only"),
    ],
)
def test_bad_levels_are_refused(spec: str, level: object, message: str) -> None:
    with pytest.raises(BotError, match=message.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        make_bot(spec, rk.load_variant("gin"), 1, level=level)


def test_beginner_share_is_checked() -> None:
    with pytest.raises(ValueError, match="beginner must be a share"):
        GreedyBot(rk.load_variant("gin"), beginner=1.5)


def _gin_discard() -> rk.Hand:
    """Gin: seat 0 to discard from 6C 6D 6H 6S / 9H TH JH QH with KS 2D and
    the drawn 9C loose (too much deadwood to knock)."""
    h = rk.new_hand(
        rk.load_variant("gin"),
        players=2,
        dealer=1,
        hands=["6C 6D 6H 6S 9H TH JH QH KS 2D", "AC KC 3C 4H 8C 5S 8D 3D 9D TD"],
        discard=["4D"],
        stock=["9C", "KH", "QC", "JC", "TC", "5C", "7C", "KD"],
    )
    for a in ("pass", "pass", "draw"):
        h.apply(a)
    return h


def test_beginner_keeps_the_high_card_a_greedy_bot_throws() -> None:
    """Deadwood counts its cards' values (Gin: face cards 10): the greedy bot
    throws the king; the beginner (level 1) throws its lowest loose card and
    keeps the king."""
    h = _gin_discard()
    v = h.variant
    for seed in range(4):
        assert str(GreedyBot(v, seed=seed).choose(h.view(0))) == "discard KS"
        assert str(make_bot("search", v, seed, level=1).choose(h.view(0))) == "discard 2D"


def test_beginner_misses_a_layoff_the_greedy_bot_makes() -> None:
    """Gin: after a knock the other player may lay off on the knocker's melds
    (4C on AC 2C 3C). The greedy bot does; the beginner passes."""
    v = rk.load_variant("gin")
    h = rk.new_hand(
        v,
        players=2,
        dealer=1,
        hands=["AC 2C 3C 4D 5D 6D 7S 8S 9S KH", "4C TD JC QD 2H 5H 7H 9D KD 3S"],
        discard=["QS"],
        stock=["KC", "AH", "AD", "AS", "2S", "4S", "5S", "6S"],
    )
    for a in ("pass", "pass", "draw", "knock KC"):
        h.apply(a)
    assert "layoff 4C on 1" in [str(a) for a in h.legal_actions()]
    assert str(GreedyBot(v, seed=1).choose(h.view(1))) == "layoff 4C on 1"
    assert str(make_bot("search", v, 1, level=1).choose(h.view(1))) == "pass"


def test_beginner_melds_late() -> None:
    """Straight rummy: 2H 3H 4H may be melded at once; the greedy bot melds it,
    the beginner keeps it in hand (most of its cards are loose) and
    discards its lowest loose card."""
    v = rk.load_variant("straight")
    h = rk.new_hand(
        v,
        players=2,
        dealer=1,
        hands=["2H 3H 4H 9S JC KD 6C 8C TD QH", "5C 7D 8H TS QC AD 3S 4C 9D JS"],
        discard=["QS"],
        stock=["KC", "AH", "AS", "2S", "4S", "5S", "6S"],
    )
    h.apply("draw")
    assert str(GreedyBot(v, seed=1).choose(h.view(0))) == "meld 2H 3H 4H"
    assert str(make_bot("search", v, 1, level=1).choose(h.view(0))) == "discard 6C"


KITCHEN = 'extends = "indian"\n[variant]\nname = "our-kitchen"\n[going_out]\nmin_runs = 3\n'
"""A house rule of Indian rummy: three sequences to declare, one pure."""


def _indian(hand: str, top: str, stock: str, v: rk.Variant | None = None) -> rk.Hand:
    """Indian rummy (13 cards; a hand is won by declaring it whole, nothing
    is laid on the table), seat 0 to play first with ``top`` face up."""
    return rk.new_hand(
        v or rk.load_variant("indian"),
        players=2,
        dealer=1,
        hands=[hand, "2D 4D 3S 6D 7D 8D 9D TS JD QD KS AD 4S"],
        discard=[top],
        stock=stock.split(),
    )


@pytest.mark.parametrize("variant", ["indian", KITCHEN])
def test_beginner_takes_a_discard_of_a_rank_it_holds_in_a_declaration_game(variant: str) -> None:
    """Indian rummy and a house rule of it: the upcard KC makes no meld with
    the hand's cards (KD alone, no club near it) nor brings the
    declaration's sequences closer: the greedy bot draws from the stock, the
    beginner picks it up to pair its KD, chasing a set."""
    v = rk.loads_variant(variant) if "\n" in variant else rk.load_variant(variant)
    assert v.going_out.declares()
    hand = "7H 2C 5D 9S QS KD 3H 4C 8D TC JH AS 6S"
    h = _indian(hand, "KC", "AC AH 2H", v)
    for seed in range(4):
        assert str(GreedyBot(v, seed=seed).choose(h.view(0))) == "draw"
        assert str(make_bot("search", v, seed, level=1).choose(h.view(0))) == "take"
    # the other deck's KD begins no set (a set's suits differ): the beginner draws too
    same_suit = _indian(hand, "KD", "AC AH 2H", v)
    assert str(make_bot("search", v, 1, level=1).choose(same_suit.view(0))) == "draw"


def test_beginner_keeps_its_pairs_and_high_cards_in_a_declaration_game() -> None:
    """Indian rummy, after drawing TD: 2H 3H 4H and 5C 6C 7C meld (the
    declaration's two sequences, one pure), 5D 5S 8S 9H KD QS AC TD are
    loose. Face cards and aces count 10 against a player caught by a
    declaration: the greedy bot throws the king; the beginner keeps its high
    cards and its pair of fives and throws the lowest card that pairs with
    no other, 8S."""
    h = _indian("2H 3H 4H 5C 6C 7C 5D 5S 8S 9H KD QS AC", "2S", "TD AH 2C")
    h.apply("draw")
    v = h.variant
    for seed in range(4):
        assert str(GreedyBot(v, seed=seed).choose(h.view(0))) == "discard KD"
        assert str(make_bot("search", v, seed, level=1).choose(h.view(0))) == "discard 8S"


def test_play_level_option(tmp_path: object) -> None:
    done = run("play", "gin", "--level", "1", "--seed", "3", stdin="quit\n", timeout=60)
    assert done.returncode == 0, done.stderr
    assert "seat 1 (level1)" in done.stdout


@pytest.mark.parametrize("text", ["0", "6", "two"])
def test_play_refuses_a_bad_level(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "gin", "--level", text])
    assert "expected a level from 1 (beginner) to 5 (expert)" in capsys.readouterr().err


def test_play_refuses_level_with_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "gin", "--level", "2", "--bots", "greedy"]) != 0
    assert "give --bots or --level, not both" in capsys.readouterr().err


def test_simple_module_is_a_deprecated_alias() -> None:
    sys.modules.pop("rummykit.bots.simple", None)
    with pytest.warns(DeprecationWarning, match=r"rummykit\.bots\.greedy.*rummykit\.bots\.random_bot"):
        simple = importlib.import_module("rummykit.bots.simple")
    assert simple.GreedyBot is GreedyBot and simple.RandomBot is rk.RandomBot


def test_think_pauses_a_level_bot_in_play() -> None:
    """``play --think S``: a bot other than the search bot shows its move
    after at least half of S seconds."""
    import io
    import time

    from rich.console import Console

    from rummykit.terminal import PlaySession

    v = rk.load_variant("gin")
    h = rk.new_hand(v, players=2, seed=1)
    session = PlaySession(
        v,
        players=2,
        seed=1,
        match=False,
        bots=["level1"],
        think=0.2,
        hand=h,
        console=Console(file=io.StringIO()),
    )
    start = time.monotonic()
    move = session._bot_move(1, h.view(1))
    assert time.monotonic() - start >= 0.1
    assert move in h.view(1).legal or str(move) in [str(a) for a in h.view(1).legal]
