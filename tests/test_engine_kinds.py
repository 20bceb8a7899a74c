"""Action kinds: each refusal names its rule, and a kind is added by one
module and its registration (rummykit.engine.actions, rummykit.engine.kind)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import ClassVar

import attrs
import pytest
from tests.engine_helpers import candidates

import rummykit as rk
from rummykit.engine import actions as registry
from rummykit.engine.kind import ActionKind, Refusal
from rummykit.engine.notation import Action, bad_text
from rummykit.engine.phase import Phase
from rummykit.engine.state import Hand
from rummykit.engine.turn import begin_turn

STRAIGHT = rk.load_variant("straight")
GIN = rk.load_variant("gin")
HANDS = ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 4D AS"]


def rule_exists(v: rk.Variant, rule: str) -> bool:
    """Whether ``rule`` is a key path of ``v``: a component, then its fields."""
    obj: object = v
    for part in rule.split("."):
        if not part or not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return True


def _straight_drawn() -> rk.Hand:
    h = rk.new_hand(STRAIGHT, players=2, hands=HANDS, discard="5C", stock="KD 6D")
    h.apply("draw")
    return h


def _straight_took() -> rk.Hand:
    h = rk.new_hand(STRAIGHT, players=2, hands=HANDS, discard="5C", stock="KD 6D")
    h.apply("take")
    return h


def _gin_drawn() -> rk.Hand:
    h = rk.new_hand(
        GIN,
        players=2,
        dealer=0,
        discard="AS",
        hands=["2S 8S 4D 9H 9D 9C KC QC JC TC", "AH 2H 3H 2C 2D 4S 5S 6S 5C KS"],
        stock="7S 6H 6D 4C 8D",
    )
    for a in ("pass", "pass", "draw"):
        h.apply(a)
    return h


def _over() -> rk.Hand:
    h = _gin_drawn()
    h.apply("knock KS")
    while not h.is_over:
        h.apply("pass")
    return h


@pytest.mark.parametrize(
    ("make", "text", "rule"),
    [
        (
            lambda: rk.new_hand(STRAIGHT, players=2, hands=HANDS, discard="5C", stock="KD"),
            "discard AS",
            "draw",
        ),
        (_straight_drawn, "draw", "draw"),
        (_straight_drawn, "take", "draw"),
        (_straight_drawn, "discard QH", "discard"),
        (_straight_took, "discard 5C", "discard.not_taken_card"),
        (_straight_drawn, "meld 7H 8H TD", "melds"),
        (_straight_drawn, "knock AS", "going_out"),
        (_straight_drawn, "drop", "going_out"),
        (_straight_drawn, "layoff 5H on 1", "layoff"),
        (_gin_drawn, "knock 7S", "going_out.max_deadwood"),
        (_gin_drawn, "knock", "going_out.big_gin"),
        (_gin_drawn, "knock KS melds 2H 3H 4H", "going_out"),
        (_over, "draw", "going_out"),
    ],
)
def test_each_refusal_names_the_rule_that_refused_it(make: object, text: str, rule: str) -> None:
    h = make()  # type: ignore[operator]
    with pytest.raises(rk.IllegalAction) as info:
        h.verify(text)
    assert info.value.rule == rule
    assert rule_exists(h.variant, rule)
    assert h.legality(text) is rk.Legality.ILLEGAL


@pytest.mark.parametrize("name", ["straight", "gin", "indian", "rum500", "phom", "kalooki", "boathouse"])
def test_every_refusal_at_random_states_names_a_key_of_the_variant(name: str) -> None:
    v = rk.load_variant(name)
    rng = random.Random(3)
    h = rk.new_hand(v, players=2, seed=4)
    steps = 0
    while not h.is_over and steps < 40:
        legal = h.legal_actions()
        for a in candidates(h):
            try:
                h.verify(a)
            except rk.IllegalAction as exc:
                assert exc.rule and rule_exists(v, exc.rule), (str(a), exc.rule, exc.reason)
        h.apply(legal[rng.randrange(len(legal))])
        steps += 1


# ----------------------------------------------------------------- a new kind


@attrs.frozen(repr=False)
class Shout(Action):
    """A toy action: the current player shouts and passes the turn on."""

    word = "shout"
    order = 35

    def __str__(self) -> str:
        return "shout"


class ShoutKind(ActionKind):
    """Before drawing, a player may shout instead, once per hand."""

    action = Shout
    words = ("shout",)
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.DRAW})
    rule = "draw"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        if rest:
            raise bad_text(text, "'shout' takes nothing after it")
        return Shout()

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        return (Shout(),) if self.refusal(h, Shout()) is None else ()

    def refusal(self, h: Hand, a: Action) -> Refusal | None:
        if any(isinstance(x, Shout) for x in h.actions):
            return Refusal("one shout per hand", "draw")
        return None

    def perform(self, h: Hand, a: Action) -> None:
        begin_turn(h, h.next_seat(h.current))


def test_a_new_kind_is_one_module_and_its_registration() -> None:
    registry.register_kind(ShoutKind())
    try:
        h = rk.new_hand(STRAIGHT, players=2, seed=7)
        assert [str(a) for a in h.legal_actions()] == ["draw", "take", "shout"]
        assert rk.parse_action("SHOUT") == Shout()
        h.apply("shout")
        assert h.current_player == 0 and h.phase is Phase.DRAW
        assert "shout" not in [str(a) for a in h.legal_actions()]
        with pytest.raises(rk.IllegalAction, match="one shout per hand") as info:
            h.apply("shout")
        assert info.value.rule == "draw"
        h.apply("draw")
        with pytest.raises(rk.IllegalAction, match="not allowed during a turn"):
            h.apply(Shout())
    finally:
        registry.unregister_kind(Shout)
    with pytest.raises(rk.NotationError, match="unknown word 'shout'"):
        rk.parse_action("shout")


def test_a_kind_cannot_take_another_kinds_word() -> None:
    class Other(ShoutKind):
        words = ("discard",)

    with pytest.raises(rk.RummyError, match="belongs to another kind"):
        registry.register_kind(Other())


@pytest.mark.parametrize("name", ["gin", "kalooki", "rum500", "straight", "boathouse", "liverpool"])
def test_is_legal_agrees_with_the_kinds_full_rule(name: str) -> None:
    """``is_legal`` asks a kind's fast check (a plain take without its list,
    action fields checked by type): it answers as the full rule does
    (``legality``), for every listed action and for takes of each form."""
    v = rk.load_variant(name)
    h = rk.new_hand(v, players=v.players.min, seed=11)
    rng = random.Random(11)
    takes = [
        registry.Take(),
        registry.Take(2),
        registry.Take(1, True),
        registry.Take(3),
    ]
    for _ in range(40):
        if h.is_over:
            break
        legal = h.legal_actions()
        for a in [*legal, *takes]:
            assert h.is_legal(a) == (h.legality(a) is rk.Legality.LEGAL), (name, str(a), rk.position(h))
        h.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(
    "action",
    [
        registry.Take(depth=True),  # type: ignore[arg-type]
        registry.Take(depth=0),
        registry.Take(and_draw=1),  # type: ignore[arg-type]
        registry.Take(then="meld 7H 8H 9H"),  # type: ignore[arg-type]
        registry.Discard("5C"),  # type: ignore[arg-type]
    ],
)
def test_a_malformed_action_is_refused_by_its_types(action: Action) -> None:
    """The check of an action's field types by type alone lets no value of a
    wrong type (a bool for a number, a number out of bounds, text for a card)
    through."""
    with pytest.raises(rk.NotationError, match="malformed action"):
        _straight_drawn().is_legal(action)
