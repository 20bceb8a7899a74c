"""The bot protocol: every bot returns only legal actions in every variant,
seeded bots are deterministic, custom bots plug in by name, class or
module:Class (Match.play, simulate, the CLI)."""

from __future__ import annotations

import attrs
import pytest

import rummykit as rk
from rummykit.bots import BOTS, BotError, GreedyBot, RandomBot, SearchBot, make_bot
from rummykit.sim import simulate


def _short(v: rk.Variant, turns: int = 60) -> rk.Variant:
    return attrs.evolve(v, limits=attrs.evolve(v.limits, max_turns=turns, max_hands=2))


def _play(v: rk.Variant, bots: list[object], seed: int) -> rk.Hand:
    h = rk.new_hand(v, players=len(bots), seed=seed)
    while not h.is_over:
        p = h.current_player
        assert p is not None
        view = h.view(p)
        action = bots[p].choose(view)  # type: ignore[attr-defined]
        assert action in view.legal, f"{type(bots[p]).__name__} played {action}, not legal"
        h.apply(action)
    return h


def search_cases() -> list[object]:
    """``(name, turns)``: each variant's hands with a search bot, 8 turns long,
    and (under ``-m slow``) the same hands played on to 16 turns."""
    out = []
    for name in rk.list_variants():
        out.append(pytest.param(name, 8, id=name))
        out.append(pytest.param(name, 16, id=f"{name}-16", marks=pytest.mark.slow))
    return out


@pytest.mark.parametrize(("name", "turns"), search_cases())
def test_every_bot_plays_only_legal_actions(name: str, turns: int) -> None:
    v = _short(rk.load_variant(name), turns=turns)
    # margin 2: the search searches in every variant (by default Gin plays its default move)
    bots = [SearchBot(v, seed=1, iterations=3, rollout_turns=3, margin=2.0), GreedyBot(v, seed=2)]
    extra = [RandomBot(v, seed=6 + k) for k in range(v.players.min - 2)]  # Tong-its is for 3
    _play(v, [*bots, *extra], seed=11)


@pytest.mark.parametrize("name", rk.list_variants())
def test_greedy_and_random_bots_play_only_legal_actions(name: str) -> None:
    v = _short(rk.load_variant(name), turns=16)
    extra = [RandomBot(v, seed=6 + k) for k in range(v.players.min - 2)]
    _play(v, [GreedyBot(v, seed=4), RandomBot(v, seed=5), *extra], seed=12)


def test_seeded_bots_are_deterministic() -> None:
    v = _short(rk.load_variant("gin"), turns=40)
    runs = [
        _play(
            v,
            [SearchBot(v, seed=3, iterations=12, rollout_turns=6, margin=2.0), GreedyBot(v, seed=4)],
            seed=5,
        ).actions
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    greedy = [_play(v, [GreedyBot(v, seed=1), RandomBot(v, seed=2)], seed=6).actions for _ in range(2)]
    assert greedy[0] == greedy[1]


def test_old_call_forms_still_work() -> None:
    v = rk.load_variant("gin")
    h = rk.new_hand(v, players=2, seed=1)
    view = h.view(h.current_player or 0)
    assert RandomBot(7).choose(view) == RandomBot(v, seed=7).choose(view)
    assert GreedyBot(v, knock_at=5).knock_at == 5


class FirstLegal:
    """A custom bot, as a user writes one."""

    def __init__(self, variant: rk.Variant, seed: int | None = None) -> None:
        self.hands = 0

    def start_hand(self, view: rk.View) -> None:
        self.hands += 1

    def choose(self, view: rk.View) -> rk.Action:
        return view.legal[0]


def test_make_bot_resolves_names_classes_and_module_paths() -> None:
    v = rk.load_variant("gin")
    assert set(BOTS) == {"random", "greedy", "search", *(f"level{n}" for n in range(1, 6))}
    assert isinstance(make_bot("search", v, 1, iterations=5), SearchBot)
    assert isinstance(make_bot(f"{__name__}:FirstLegal", v, 1), FirstLegal)
    assert isinstance(make_bot(FirstLegal, v, 1), FirstLegal)
    bot = FirstLegal(v)
    assert make_bot(bot, v, 1) is bot
    for bad, why in [
        ("smart", "unknown bot 'smart'"),
        ("no_such_module_xyz:Bot", "cannot import"),
        (f"{__name__}:Missing", "has no 'Missing'"),
    ]:
        with pytest.raises(BotError, match=why):
            make_bot(bad, v, 1)
    with pytest.raises(rk.RummyError):
        make_bot("smart", v, 1)


def test_match_play_calls_the_start_hand_hook() -> None:
    v = _short(rk.load_variant("gin"), turns=200)
    m = rk.new_match(v, players=2, seed=3)
    a, b = FirstLegal(v), FirstLegal(v)
    m.play([a, GreedyBot(v, seed=1)])
    assert a.hands == m.hands_played >= 1 and b.hands == 0
    with pytest.raises(rk.RummyError, match="one player per seat"):
        rk.new_match(v, players=2, seed=3).play([a])


def test_simulate_takes_search_and_custom_bots_and_names_them() -> None:
    v = _short(rk.load_variant("gin"), turns=30)
    r = simulate(v, games=2, players=2, bots=(f"{__name__}:FirstLegal", "greedy"), seed=1)
    assert r.bots == (f"{__name__}:FirstLegal", "greedy")
    assert "FirstLegal" in r.table()
    r = simulate(_short(v, turns=4), games=2, players=2, bots="search,greedy", seed=1)
    assert r.bots == ("search", "greedy") and "seat 0 search" in r.table()
    with pytest.raises(ValueError, match="cannot import"):
        simulate(v, games=1, players=2, bots="nowhere_xyz:Bot")


def test_cli_play_against_the_search_bot_and_custom_bots(capsys: pytest.CaptureFixture[str]) -> None:
    """``rummykit play --bot search`` in a real process; the bot options and
    specs checked in this one (argparse's status 2 for a bad option)."""
    from cli_helpers import run as run_cli
    from rummykit.cli import main

    done = run_cli(
        "play", "phom", "--seed", "3", "--bot", "search", "--think", "0.05", stdin="1\n" * 60, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "seat 1 (search)" in done.stdout
    with pytest.raises(SystemExit) as bad:
        main(["play", "gin", "--bot", "search", "--think", "0"])
    assert bad.value.code == 2 and "positive number of seconds" in capsys.readouterr().err
    with pytest.raises(SystemExit) as bad:
        main(["simulate", "gin", "--bots", "nowhere_xyz:Bot"])
    assert bad.value.code == 2 and "cannot import module 'nowhere_xyz'" in capsys.readouterr().err
    assert main(["simulate", "gin", "--games", "2", "--bots", "rummykit.bots:RandomBot,greedy"]) == 0
    assert "seat 0 rummykit.bots:RandomBot" in capsys.readouterr().out
