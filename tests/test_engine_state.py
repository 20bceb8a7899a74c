"""The hand state machine: deals, applying actions and text, refusals, records."""

from __future__ import annotations

import copy
import json
import random

import pytest

import rummykit as rk
from rummykit import Phase

STRAIGHT = rk.load_variant("straight")
HANDS = ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 4D AS"]


def test_shuffled_deal_sizes_and_starter() -> None:
    h = rk.new_hand(STRAIGHT, players=4, seed=1, dealer=2)
    assert h.current_player == 3 and h.phase is Phase.DRAW
    assert [len(h.hand_of(p)) for p in range(4)] == [7, 7, 7, 7]
    assert len(h.discard_pile) == 1 and h.stock_count == 52 - 28 - 1


def test_stacked_deal_is_exact() -> None:
    h = rk.new_hand(STRAIGHT, players=2, hands=HANDS, discard="5C", stock="KD 6D")
    assert h.hand_of(1) == tuple(sorted(rk.parse_cards(HANDS[1])))
    assert h.discard_pile == rk.parse_cards("5C") and h.stock_count == 2
    h.apply("draw")
    assert rk.Card.parse("KD") in h.hand_of(1)  # stock[0] is the top


def test_stacked_deal_without_stock_fills_it_from_the_shoe() -> None:
    h = rk.new_hand(STRAIGHT, players=2, seed=4, hands=HANDS, discard="5C")
    assert h.stock_count == 52 - 21
    assert sorted(h.cards_in_play()) == sorted(STRAIGHT.deck.shoe(2))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": [HANDS[0]]}, "one card list per seat"),
        ({"hands": [HANDS[0], "7H 8H"]}, "seat 1 must be dealt 10 cards"),
        ({"hands": [HANDS[0], HANDS[0]]}, "does not hold: 2C x2"),
        ({"hands": HANDS, "discard": "2C"}, "does not hold: 2C x2"),
        ({"hands": HANDS, "cut": "5C"}, "cuts no wild card"),
        ({"discard": "5C"}, "needs hands="),
    ],
)
def test_stacked_deal_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(rk.RummyError, match=message):
        rk.new_hand(STRAIGHT, players=2, **kwargs)  # type: ignore[arg-type]


def test_bad_player_count_and_dealer() -> None:
    with pytest.raises(rk.RummyError, match="2 to 6 players, not 7"):
        rk.new_hand(STRAIGHT, players=7)
    with pytest.raises(rk.RummyError, match="dealer must be a seat"):
        rk.new_hand(STRAIGHT, players=2, dealer=2)


def test_apply_accepts_text_and_refuses_atomically() -> None:
    h = rk.new_hand(STRAIGHT, players=2, hands=HANDS, discard="5C", stock="KD 6D")
    h.apply("draw")
    before = (h.hand_of(1), h.discard_pile, h.legal_actions(), h.phase)
    for text, reason in [
        ("discard QS", "QS is not in seat 1's hand"),
        ("draw", "already drawn"),
        ("meld 7H 8H TD", "is not a valid meld"),
        ("layoff 5H on 1", "is not in seat 1's hand"),
        ("knock AS", "no knocking in straight"),
        ("pass", "not allowed during a turn"),
    ]:
        with pytest.raises(rk.IllegalAction, match=reason):
            h.apply(text)
        assert (h.hand_of(1), h.discard_pile, h.legal_actions(), h.phase) == before
    with pytest.raises(rk.NotationError):
        h.apply("discrad AS")
    assert not h.is_legal("discard QS") and h.is_legal("discard AS")
    assert h.verify("meld 9H 7H 8H") == rk.parse_action("meld 7H 8H 9H")


def test_ambiguous_text_is_refused() -> None:
    v = rk.loads_variant('extends = "straight"\n[variant]\nname = "jokers"\n[deck]\njokers_per_deck = 2')
    h = rk.new_hand(
        v,
        players=2,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H JK TD TC TS 2D 3D 4D AS"],
        discard="5C",
        stock="KD",
    )
    h.apply("draw")
    with pytest.raises(rk.AmbiguousActionError, match="JK="):
        h.apply("meld 7H 8H JK")
    h.apply("meld 7H 8H JK=9H")
    assert str(h.view(0).table[0]) == "7H 8H JK=9H"


def test_record_is_json_and_replays() -> None:
    h = rk.new_hand(STRAIGHT, players=2, seed=9)
    while not h.is_over:
        h.apply(h.legal_actions()[0])
    rec = json.loads(json.dumps(h.record()))
    assert rec["format"] == "rummykit-record" and rec["variant"] == "straight" and rec["seed"] == 9
    assert rk.replay(rec).result == h.result


def test_stacked_record_replays() -> None:
    h = rk.new_hand(STRAIGHT, players=2, hands=HANDS, discard="5C", stock="KD 6D")
    h.apply("draw")
    rec = h.record()
    assert rec["deal"]["hands"][0] == "2C 3C 4C 9D 9C KS QS JD 5H 6S"
    again = rk.replay(rec)
    assert again.hand_of(1) == h.hand_of(1) and again.result is None


def test_inline_variant_record_replays() -> None:
    v = rk.loads_variant('extends = "straight"\n[variant]\nname = "house"\n[ranking]\nace = "either"')
    h = rk.new_hand(v, players=3, seed=2)
    for _ in range(5):
        h.apply(h.legal_actions()[-1])
    rec = h.record()
    assert "[ranking]" in rec["variant"]
    assert rk.replay(rec).actions == h.actions


def test_tampered_records_are_refused() -> None:
    h = rk.new_hand(STRAIGHT, players=2, seed=9)
    while not h.is_over:
        h.apply(h.legal_actions()[0])
    rec = h.record()
    bad = copy.deepcopy(rec)
    bad["actions"][3] = "discard QS" if bad["actions"][3] != "discard QS" else "discard QH"
    with pytest.raises(rk.RecordError, match="action 4"):
        rk.replay(bad)
    bad = copy.deepcopy(rec)
    bad["result"]["scores"][0] += 1
    with pytest.raises(rk.RecordError, match="result differs"):
        rk.replay(bad)
    bad = copy.deepcopy(rec)
    bad["seed"] = 10
    with pytest.raises(rk.RecordError):
        rk.replay(bad)
    with pytest.raises(rk.RecordError, match="not a rummykit record"):
        rk.replay({"format": "chess"})


def test_views_show_only_what_a_seat_may_see() -> None:
    h = rk.new_hand(STRAIGHT, players=2, hands=HANDS, discard="5C", stock="KD 6D")
    v0, v1 = h.view(0), h.view(1)
    assert v0.hand == h.hand_of(0) and v0.legal == () and v1.legal == h.legal_actions()
    assert v0.hand_counts == (10, 10) and v0.stock_count == 2 and v0.top_discard == rk.Card.parse("5C")
    assert not hasattr(v0, "stock")
    with pytest.raises(ValueError):
        h.view(2)


def test_phases_of_a_knock_hand() -> None:
    gin = rk.load_variant("gin")
    h = rk.new_hand(gin, players=2, seed=1)
    assert h.phase is Phase.OFFER
    h.apply("pass")
    h.apply("pass")
    assert h.phase is Phase.DRAW
    h.apply("draw")
    assert h.phase is Phase.PLAY


def test_turn_limit_ends_the_hand() -> None:
    import attrs

    v = attrs.evolve(STRAIGHT, limits=attrs.evolve(STRAIGHT.limits, max_turns=3))
    h = rk.new_hand(v, players=2, seed=1)
    while not h.is_over:
        h.apply(h.legal_actions()[0] if h.phase is Phase.DRAW else h.legal_actions()[-1])
    assert h.result is not None and h.result.how is rk.Termination.TURN_LIMIT
    assert h.result.scores == (0, 0) and h.turns <= 4


# --------------------------------------------------------------------------- fields, declared once


def test_every_field_is_declared_once_and_positions_hold_them() -> None:
    """``Hand``'s slots and ``clone`` derive from ``FIELDS``; every field a
    position must hold names a key of the position text, and every key of
    the text is some field's."""
    from rummykit.engine import position as position_module
    from rummykit.engine.fields import FIELDS, HandFields

    names = [f.name for f in FIELDS]
    assert len(names) == len(set(names))
    assert rk.Hand.__slots__ == ()
    assert set(HandFields.__slots__) == {"__weakref__", *(f.slot for f in FIELDS)}
    assert all(f.slot.startswith("_") for f in FIELDS)
    keys = {f.position for f in FIELDS if f.position is not None}
    assert keys <= set(position_module._FIELDS)
    assert set(position_module._FIELDS) - {"rkpos", "seat"} <= keys


def _states(name: str, every: int = 5, steps: int = 60) -> list[rk.Hand]:
    """Clones of a random hand of ``name`` every ``every`` actions."""
    v = rk.load_variant(name)
    h = rk.new_hand(v, players=2, seed=3)
    rng = random.Random(3)
    out = []
    for step in range(steps):
        if h.is_over:
            break
        if step % every == 0:
            out.append(h.clone())
        legal = h.legal_actions()
        h.apply(legal[rng.randrange(len(legal))])
    return [*out, h]


def _stored(h: rk.Hand, slot: str) -> object:
    value = getattr(h, slot)
    return value.getstate() if isinstance(value, random.Random) else value


@pytest.mark.parametrize("name", ["gin", "phom", "indian", "thai", "tonk"])
def test_a_position_holds_every_field_it_names(name: str) -> None:
    """A hand read back from its position holds every field whose
    ``FIELDS`` entry names a position key, as it was: a field added to
    ``FIELDS`` with a key that ``position`` does not write (or
    ``from_position`` does not read) fails here, as does one that ``clone``
    does not copy."""
    from rummykit.engine.fields import FIELDS

    v = rk.load_variant(name)
    for h in _states(name):
        again = rk.from_position(v, rk.position(h))
        copy = h.clone()
        for f in FIELDS:
            if f.position is not None and f.name not in ("seed", "rng"):  # the shuffle state: below
                assert _stored(again, f.slot) == _stored(h, f.slot), f"position loses {f.name}"
            if f.slot not in ("_rng", "_dealt"):
                assert _stored(copy, f.slot) == _stored(h, f.slot), f"clone loses {f.name}"
        assert _stored(copy, "_rng") == _stored(h, "_rng")
        assert again.rng.getstate() == h.rng.getstate() and again.seed == h.seed


def test_the_public_fields_are_read_only() -> None:
    """Every field is stored privately; its public name, where it has one,
    is a property without a setter giving a value that cannot change the
    hand (a tuple for a list, tuples for the hands, a copy of the shuffle
    state)."""
    from rummykit.engine.fields import FIELDS, HandFields

    h = rk.new_hand(rk.load_variant("gin"), players=2, seed=5)
    h.apply("pass")
    public = [f for f in FIELDS if not f.name.startswith("_")]
    assert len(public) > 40
    for f in public:
        prop = getattr(HandFields, f.name)
        assert isinstance(prop, property) and prop.fset is None, f.name
        with pytest.raises(AttributeError):
            setattr(h, f.name, getattr(h, f.name))
        value, stored = getattr(h, f.name), getattr(h, f.slot)
        if isinstance(stored, list):
            assert isinstance(value, tuple) and list(value) == [
                tuple(x) if isinstance(x, list) else x for x in stored
            ], f.name
            assert all(not isinstance(x, list) for x in value), f.name
    before = rk.position(h)
    h.rng.random()
    with pytest.raises(AttributeError):
        h.stock.append(h.stock[0])  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        h.hands[0][0] = h.stock[0]  # type: ignore[index]
    assert rk.position(h) == before


@pytest.mark.parametrize("name", ["straight", "gin", "phom", "indian", "rum500", "thai"])
def test_a_clone_shares_no_mutable_field(name: str) -> None:
    """A field holding a list (or any mutable container) is copied by
    ``clone``: a field added to ``FIELDS`` as shared while it holds one
    fails here."""
    from rummykit.engine.state import FIELDS, Copy

    v = rk.load_variant(name)
    h = rk.new_hand(v, players=2, seed=3)
    bot = rk.GreedyBot(v, seed=3)
    for step in range(40):
        if h.is_over:
            break
        if step % 7 == 3:
            other = h.clone()
            for f in FIELDS:
                mine, theirs = getattr(h, f.slot), getattr(other, f.slot)
                if f.copy is Copy.RNG:
                    continue
                if isinstance(mine, list | dict | set | bytearray):
                    assert theirs is not mine, f"clone shares {f.name}"
                    assert theirs == mine, f.name
                    for a, b in zip(mine, theirs, strict=True) if isinstance(mine, list) else ():
                        if isinstance(a, list | dict | set):
                            assert a is not b, f"clone shares the lists inside {f.name}"
                else:
                    assert theirs is mine or theirs == mine, f.name
        seat = h.current_player
        assert seat is not None
        h.apply(bot.choose(h.view(seat)))
