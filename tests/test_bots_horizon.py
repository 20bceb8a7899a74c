"""The search bot's short look-ahead (``SearchBot(horizon=T)``): rollouts
stopped after T turns, scored by :meth:`SearchBot.leaf`, which may overrule
the default."""

from __future__ import annotations

import attrs
import pytest

import rummykit as rk
from rummykit.bots.search import DECLARE_HORIZON, HORIZON, SearchBot, default_horizon
from rummykit.rules.going_out import Knock as KnockOut
from rummykit.rules.timing import InitialMeldRule
from test_bots_protocol import _play, _short, search_cases


@pytest.mark.parametrize(("name", "turns"), search_cases())
def test_a_short_look_ahead_plays_only_legal_actions(name: str, turns: int) -> None:
    v = _short(rk.load_variant(name), turns=turns)
    bots: list[object] = [SearchBot(v, seed=1, iterations=4, horizon=2), rk.GreedyBot(v, seed=2)]
    bots += [rk.RandomBot(v, seed=3 + k) for k in range(v.players.min - 2)]
    _play(v, bots, seed=13)


@pytest.mark.parametrize("whole", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_a_short_look_ahead_may_overrule_the_default_and_is_deterministic(whole: bool) -> None:
    """Unlike rollouts cut short by ``rollout_turns`` (which never overrule
    the default: test_bots_race.py), the horizon's scores are the search's
    results: told to follow any gain, it leaves its default somewhere.
    Checked up to the first such move (``whole`` under ``-m slow``: to turn 12)."""
    v = rk.load_variant("straight")
    h = rk.new_hand(v, players=2, seed=5)
    bots = [rk.GreedyBot(v, seed=1), rk.GreedyBot(v, seed=2)]
    ahead = SearchBot(v, seed=7, iterations=24, horizon=2, margin=0.0)
    twin = SearchBot(v, seed=7, iterations=24, horizon=2, margin=0.0)
    differs = 0
    while not h.is_over:
        p = h.current_player
        assert p is not None
        view = h.view(p)
        if view.turn >= 12:
            break
        picked = ahead.choose(view)
        assert picked == twin.choose(view)  # same seed, same budget: same choice
        assert picked in view.legal
        differs += picked != ahead.default(view)
        if differs and not whole:
            break
        h.apply(bots[p].choose(view))
    assert differs >= 1


def test_the_leaf_counts_loose_cards_where_going_out_wins_and_deadwood_where_a_knock_does() -> None:
    """Straight is won by going out: fewer cards outside melds scores above
    one half whatever their points. Gin ends with a knock under 10 points:
    the leaf compares deadwood there."""
    straight = rk.load_variant("straight")
    h = rk.new_hand(straight, players=2, seed=1)
    bot = SearchBot(straight, horizon=4)
    mine, theirs = (bot.loose(h.hand_of(s), h.wild_ranks) for s in (0, 1))
    assert mine != theirs
    assert (bot.leaf(h, 0) > 0.5) == (mine < theirs)
    assert bot.leaf(h, 0) + bot.leaf(h, 1) == pytest.approx(1.0)
    assert bot.leaf(h, 0) != bot._estimate(h, 0)  # not the points of the deadwood
    for name in ("gin", "knock"):  # a knock under a limit; a knock with any count
        knock = rk.load_variant(name)
        g = rk.new_hand(knock, players=2, seed=1)
        gbot = SearchBot(knock, horizon=4)
        assert gbot.leaf(g, 0) == gbot._estimate(g, 0)


@pytest.mark.parametrize("bad", [0, -3, "8", 2.5, True, "none"])
def test_a_bad_horizon_is_refused_by_name(bad: object) -> None:
    with pytest.raises(ValueError, match=r'horizon must be "auto", None .* got'):
        SearchBot(rk.load_variant("gin"), horizon=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", rk.list_variants())
def test_the_default_horizon_follows_what_wins_the_hand(name: str) -> None:
    """``horizon="auto"`` (the default) looks ahead where the leaf scores
    what wins the hand: where going out first does (the winner takes the
    others' cards, the others pay their own, the winner scores its own melds
    or its melds less its hand; 8 turns for an Indian declaration) or a knock under a
    limit does; a first meld worth a points threshold does not stop it. It
    plays rollouts out where the first meld needs a longer meld than the
    shortest or a contract (the leaf's count cannot tell whether a hand can open), where payments or chips settle
    the hand or showing turns end it, and where a knock with any count ends
    it. Chosen by the variant's components, never its name."""
    v = rk.load_variant(name)
    scoring = type(v.scoring).__name__
    going_out = v.going_out
    if isinstance(going_out, KnockOut):
        expected = None if going_out.any_deadwood or going_out.oklahoma else HORIZON
    elif going_out.showing_turn() or (
        v.initial_meld.required
        and (getattr(v.initial_meld, "min_meld_size", 0) > 3 or v.initial_meld.contract_melds(deal=1))
    ):
        expected = None
    elif scoring in ("WinnerTakes", "Penalty", "OwnMelds", "IndianPoints", "MeldsMinusHand"):
        expected = DECLARE_HORIZON if going_out.declares() else HORIZON
    else:
        assert scoring in ("Payments", "Chips", "Stakes", "DrawChips", "CanastaScoring"), scoring
        expected = None
    assert default_horizon(v) == expected
    assert SearchBot(v).horizon == expected
    assert SearchBot(v, horizon=None).horizon is None
    assert SearchBot(v, horizon=3).horizon == 3


def test_the_default_horizon_is_read_from_the_rules_not_the_name() -> None:
    """Named cases from the parameter sheet (Gin knocks at 10 or less, Indian
    declares (8 turns), Straight goes out, 500 Rum scores melds less hand: horizon;
    Rommé opens with 40 points and Kalooki with 51, which they reach by
    the second turn: horizon; Rami ta' L-att opens with a meld of four, Nowrang
    pays, Knock Rummy knocks with any count, Phỏm shows: to the end), and
    house rules: Straight with a 30-point first meld looks ahead, with a
    first meld of four cards plays out; Rommé without its threshold looks
    ahead."""
    expected = {
        "gin": 4, "indian": 8, "straight": 4, "rum500": 4, "romme": 4, "kalooki": 4,
        "rami-malta": None, "nowrang": None, "knock": None, "phom": None,
    }  # fmt: skip
    assert {n: default_horizon(rk.load_variant(n)) for n in expected} == expected
    opening = rk.loads_variant(
        'extends = "straight"\n[variant]\nname = "s30"\n[initial_meld]\nkind = "threshold"\nmin_points = 30'
    )
    assert default_horizon(opening) == HORIZON
    longer = rk.loads_variant(
        'extends = "straight"\n[variant]\nname = "s4"\n[initial_meld]\nkind = "threshold"\nmin_meld_size = 4'
    )
    assert default_horizon(longer) is None
    free = rk.loads_variant('extends = "romme"\n[variant]\nname = "r0"\n[initial_meld]\nkind = "none"')
    assert default_horizon(free) == HORIZON

    @attrs.frozen
    class OwnOpening(InitialMeldRule):
        """A caller's own first-meld rule: the leaf cannot know what it asks."""

        kind = "own-opening"
        required = True

    straight = rk.load_variant("straight")
    assert default_horizon(attrs.evolve(straight, initial_meld=OwnOpening())) is None


def test_a_timed_decision_pauses_the_collector_and_restores_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full collection inside a timed decision would push it past its
    budget: a timed search pauses automatic collection while it decides, and
    leaves the collector as it found it."""
    import gc

    v = rk.load_variant("straight")
    h = rk.new_hand(v, players=2, seed=5)
    _ = h.apply("draw")
    view = h.view(h.current_player)
    seen: list[bool] = []
    real = SearchBot.deal

    def spy(self: SearchBot, view: rk.View, seed: int) -> rk.Hand:
        seen.append(gc.isenabled())
        return real(self, view, seed)

    monkeypatch.setattr(SearchBot, "deal", spy)
    assert gc.isenabled()
    assert SearchBot(v, seed=1, think=0.05).choose(view) in view.legal
    assert seen and not any(seen)  # paused while deciding
    assert gc.isenabled()  # and restored
    seen.clear()
    SearchBot(v, seed=1, iterations=8).choose(view)  # no clock, no pause
    assert seen and all(seen)
    gc.disable()
    try:
        SearchBot(v, seed=1, think=0.05).choose(view)
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()
