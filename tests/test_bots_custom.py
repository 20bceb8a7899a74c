"""The bots play a ruleset that uses a component of the caller's own,
registered with ``rk.register_component``: what they need of the rules (does
a knock end the hand, is the hand won by going out, does a meldless hand pay,
does a tie go to the knocker, does the first meld need a shape) is asked of
the components, and a component that answers nothing gets the concern base
class's defaults."""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

import rummykit as rk
from engine_helpers import play_bots
from rummykit.bots import GreedyBot, RandomBot, SearchBot
from rummykit.bots.search_defaults import HORIZON, default_horizon, default_margin
from rummykit.settlement import register_settlement


@attrs.frozen(kw_only=True)
class CardCount(rk.rules.Scoring):
    """Each player left with cards when another goes out takes one penalty
    point per card (a house rule: the count of cards, not their value)."""

    kind = "test-bots-card-count"

    def penalty_points(self) -> bool:
        return True


@attrs.frozen(kw_only=True)
class MeldlessCount(CardCount):
    """The same, where a hand without any meld pays for that alone."""

    kind = "test-bots-meldless-count"

    def meldless_hand_pays(self) -> bool:
        return True


@register_settlement(CardCount)
def _card_count(c):  # type: ignore[no-untyped-def]
    w = c.e.went_out
    if w is None:
        c.reasons.append("nobody went out: nobody scores")
        return c.done([0] * c.n)
    c.units = rk.ScoreUnits.PENALTY
    scores = [0 if x == w else len(c.e.hands[x]) for x in range(c.n)]
    return c.done(scores, [w])


@pytest.fixture
def custom() -> Iterator[dict[str, rk.Variant]]:
    rk.register_component(CardCount)
    rk.register_component(MeldlessCount)
    try:
        yield {
            kind: rk.loads_variant(
                f'extends = "straight"\n[variant]\nname = "bots-{kind}"\n[scoring]\nkind = "{kind}"\n[game_end]\nbest = "lowest"\n'
            )
            for kind in (CardCount.kind, MeldlessCount.kind)
        }
    finally:
        rk.rules.unregister_component(MeldlessCount)
        rk.rules.unregister_component(CardCount)


def test_a_custom_component_gets_the_base_class_answers(custom: dict[str, rk.Variant]) -> None:
    """A scoring component that says nothing of how a hand is won is taken
    as won by going out (the base class's answer), so the search looks
    ahead as in Straight; it answers for itself where it overrides one."""
    plain, meldless = custom[CardCount.kind], custom[MeldlessCount.kind]
    assert type(plain.scoring) is CardCount
    assert plain.scoring.won_by_going_out() and not plain.scoring.meldless_hand_pays()
    assert meldless.scoring.meldless_hand_pays()
    assert not plain.scoring.knocker_wins_ties(gin=True)
    assert default_horizon(plain) == default_horizon(rk.load_variant("straight")) == HORIZON
    assert default_margin(plain) == default_margin(rk.load_variant("straight"))
    assert SearchBot(plain).horizon == HORIZON


@pytest.mark.parametrize("kind", [CardCount.kind, MeldlessCount.kind])
def test_the_bots_play_whole_hands_with_a_custom_component(custom: dict[str, rk.Variant], kind: str) -> None:
    """Greedy, search and random bots play whole hands of the custom ruleset
    with legal moves only, and the hands settle by the custom scoring."""
    v = custom[kind]
    v = attrs.evolve(v, limits=attrs.evolve(v.limits, max_turns=80))
    settled = 0
    for seed in range(2):
        h = rk.new_hand(v, players=2, seed=seed)
        bots = [SearchBot(v, seed=seed, iterations=6), GreedyBot(v, seed=seed)]
        if seed:
            bots = [GreedyBot(v, seed=seed), RandomBot(v, seed=seed)]
        play_bots(h, bots)
        result = h.result
        assert result is not None
        if result.winners and h.ending().went_out is not None:
            loser = 1 - result.winners[0]
            assert result.scores[loser] == len(h.hand_of(loser))
            settled += 1
    assert settled
