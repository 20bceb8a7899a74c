"""Arguments across the library (issue 47, found beyond its items): NumPy
integers are whole numbers wherever a seed, a player count or a seat is
taken (they were refused or raised TypeError from ``random.Random``); a bool
or a float is refused with an ``ArgumentError`` naming the argument; the
argument checks of the simulator, the bots, the determinization, the solver
and the completion script raise ``ArgumentError`` (a ``RummyError``), not a
plain ``ValueError``; and the soundness checks flag a ruleset whose usual
ending names no winner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import rummykit as rk
from rummykit.bots import make_bot
from rummykit.checks import check_warnings

GIN = rk.load_variant("gin")
HAND = rk.new_hand(GIN, players=2, seed=3)


def test_numpy_integers_are_whole_numbers() -> None:
    np = pytest.importorskip("numpy")  # the `rl` extra
    assert (
        rk.new_hand(GIN, players=np.int64(2), seed=np.int64(3), dealer=np.int32(0)).record() == HAND.record()
    )
    m = rk.new_match(GIN, players=np.int64(2), seed=np.uint8(5))
    assert m.hand.record() == rk.new_match(GIN, players=2, seed=5).hand.record()
    view = HAND.view(HAND.current_player)
    for make in (
        lambda s: rk.RandomBot(GIN, seed=s),
        lambda s: rk.RandomBot(s),
        lambda s: rk.GreedyBot(GIN, seed=s),
        lambda s: make_bot("search", GIN, seed=s, iterations=4),
    ):
        assert make(np.int64(7)).choose(view) == make(7).choose(view)
    assert rk.position(HAND.resample(0, seed=np.int64(4))) == rk.position(HAND.resample(0, seed=4))
    assert HAND.view(np.int64(0)) == HAND.view(0)


def _numpy_float() -> list[object]:
    """NumPy's float where the `rl` extra brings NumPy."""
    try:
        import numpy as np
    except ImportError:
        return []
    return [np.float64(3.0)]


BAD_NUMBERS = [True, 3.0, *_numpy_float(), "3"]

CALLS: dict[str, Callable[[Any], object]] = {
    "new_hand: seed": lambda x: rk.new_hand(GIN, players=2, seed=x),
    "new_hand: players": lambda x: rk.new_hand(GIN, players=x),
    "new_match: seed": lambda x: rk.new_match(GIN, 2, seed=x),
    "new_match: players": lambda x: rk.new_match(GIN, x),
    "RandomBot: seed": lambda x: rk.RandomBot(GIN, seed=x),
    "GreedyBot: seed": lambda x: rk.GreedyBot(GIN, seed=x),
    "SearchBot: seed": lambda x: make_bot("search", GIN, seed=x),
    "resample: seed": lambda x: HAND.resample(0, seed=x),
}


@pytest.mark.parametrize("where", sorted(CALLS))
@pytest.mark.parametrize("bad", BAD_NUMBERS, ids=repr)
def test_a_bool_a_float_or_text_is_no_whole_number(where: str, bad: object) -> None:
    with pytest.raises(rk.ArgumentError, match=where):
        CALLS[where](bad)


def _simulate(**options: Any) -> object:
    from rummykit.sim import simulate

    return simulate(GIN, **{"games": 1, "players": 2, "bots": ("random", "random"), **options})


def _swap_hidden() -> object:
    from rummykit.engine.resample import swap_hidden

    r = HAND.resample(0, seed=1)
    return swap_hidden(r, 1, list(r.hand_of(0)), {})


def _completion() -> object:
    from rummykit.cli import build_parser
    from rummykit.completion import completion_script

    return completion_script(build_parser(), "tcsh")


def _stale_view() -> object:
    h = HAND.clone()
    view = h.view(h.current_player)
    h.apply(h.legal_actions()[0])
    return view.knowledge()


ARGUMENT_CHECKS: list[tuple[str, Callable[[], object], str]] = [
    ("simulate games", lambda: _simulate(games=0), "simulate: games"),
    ("simulate jobs", lambda: _simulate(jobs=-1), "simulate: jobs"),
    ("simulate backend", lambda: _simulate(backend="carrier pigeon"), "simulate: backend"),
    ("simulate no bots", lambda: _simulate(bots=()), "simulate: bots"),
    ("simulate unknown bot", lambda: _simulate(bots=("nobody", "random")), "simulate: bots: unknown bot"),
    ("search iterations", lambda: rk.bots.SearchBot(GIN, iterations=0), "SearchBot: iterations"),
    ("search think", lambda: rk.bots.SearchBot(GIN, think=-1.0), "SearchBot: think"),
    ("search margin", lambda: rk.bots.SearchBot(GIN, margin=-1.0), "SearchBot: margin"),
    ("search horizon", lambda: rk.bots.SearchBot(GIN, horizon=0), "SearchBot: horizon"),
    ("greedy beginner", lambda: rk.GreedyBot(GIN, beginner=2.0), "GreedyBot: beginner"),
    ("knowledge seat", lambda: HAND.view(0).knowledge() and rk.engine.resample.knowledge(HAND, 5), "knowledge: seat"),
    ("stale view", _stale_view, "View: this view is no longer current"),
    ("swap_hidden", _swap_hidden, "swap_hidden: hand"),
    ("best_discard", lambda: rk.best_discard(GIN, []), "best_discard: cards"),
    ("discard_deadwoods", lambda: rk.melds.discard_deadwoods(GIN, HAND.hand_of(0), below="x"), "discard_deadwoods: below"),
    ("completion", _completion, "completion: shell"),
    ("card format", lambda: format(rk.parse_card("7H"), "x"), "Card.__format__"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "call", "message"), ARGUMENT_CHECKS, ids=[c[0] for c in ARGUMENT_CHECKS])
def test_argument_checks_raise_argument_errors_naming_the_argument(
    name: str, call: Callable[[], object], message: str
) -> None:
    with pytest.raises(rk.ArgumentError) as exc:
        call()
    assert message in str(exc.value)
    assert isinstance(exc.value, rk.RummyError) and isinstance(exc.value, ValueError)


def test_a_ruleset_whose_usual_ending_names_no_winner_is_flagged() -> None:
    """Phỏm's hands end by the showing ("when all four rounds are complete,
    the players show their hands and the lowest total wins": the rulebook's
    showdown); under winner-takes scoring the showing names nobody."""
    v = rk.loads_variant('extends = "phom"\n[variant]\nname = "x"\n[scoring]\nkind = "winner-takes"')
    warnings = [p for p in check_warnings(v) if p.path == "scoring.kind"]
    assert warnings and "names no winner when a hand ends by the showing" in str(warnings[0])
    assert not [p for p in check_warnings(rk.load_variant("phom")) if p.path == "scoring.kind"]


def test_straight_with_a_knock_is_refused() -> None:
    with pytest.raises(rk.VariantError, match=r"scoring.kind: \"winner-takes\" scoring never names a winner"):
        rk.loads_variant('extends = "straight"\n[going_out]\nkind = "knock"\n[meld_timing]\nkind = "in-hand"')


def test_no_built_in_variant_is_flagged() -> None:
    for name in rk.list_variants():
        assert not [p for p in check_warnings(rk.load_variant(name)) if p.path == "scoring.kind"], name
