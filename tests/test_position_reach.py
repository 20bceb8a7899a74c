"""Positions describe only reachable states (issue 47 item 1): of 177 targeted
impossible states, 157 were accepted by ``from_position``, among them a seat
one card short, a card moved between hands, an empty hand mid-hand, one seat
holding every card with an empty stock, and finished hands whose ending could
not be settled; each now raises a PositionError naming the field."""

from __future__ import annotations

import random

import pytest

import rummykit as rk


def fields(text: str) -> dict[str, str]:
    return {p.strip().partition(" ")[0]: p.strip().partition(" ")[2] for p in text.split(";") if p.strip()}


def text_of(f: dict[str, str]) -> str:
    return "; ".join(f"{k} {v}".strip() for k, v in f.items())


def played(name: str, moves: int = 4, seed: int = 3) -> rk.Hand:
    v = rk.load_variant(name)
    h = rk.new_hand(v, players=v.players.min, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if h.is_over:
            break
        legal = h.legal_actions()
        plain = [a for a in legal if str(a).split()[0] in ("draw", "discard", "pass")]
        h.apply(rng.choice(plain or legal))
    return h


def moved(h: rk.Hand, change: str) -> str:
    """The full position of ``h`` with cards moved between the hands and the stock."""
    f = fields(rk.position(h))
    hands = [part.split() for part in f["hands"].split("/")]
    stock = f["stock"].split()
    if change == "one short":
        stock.append(hands[0].pop())
    elif change == "between hands":
        hands[1].append(hands[0].pop())
    elif change == "empty hand":
        stock.extend(hands[0])
        hands[0] = []
    elif change == "everything":
        for other in hands[1:]:  # each other seat keeps one card
            hands[0].extend(other[1:])
            del other[1:]
        hands[0].extend(stock)
        hands[0].extend(c.partition("@")[0] for c in f.get("pile", "").split())
        stock = []
        f.pop("pile", None)
    f["hands"] = " / ".join(" ".join(x) or "-" for x in hands)
    f["stock"] = " ".join(stock) or "-"
    return text_of(f)


@pytest.mark.parametrize("name", rk.list_variants())
@pytest.mark.parametrize("change", ["empty hand", "everything"])
def test_an_empty_hand_or_one_seat_holding_nearly_every_card_is_refused(name: str, change: str) -> None:
    h = played(name)
    if h.is_over:
        pytest.skip("the hand ended in its first moves")
    v = h.variant
    with pytest.raises(rk.PositionError, match=r"position: (hands: seat 0 holds|stock: )"):
        rk.from_position(v, moved(h, change))


@pytest.mark.parametrize("change", ["one short", "between hands"])
@pytest.mark.parametrize("name", ["gin", "knock", "straight"])
def test_a_seat_with_a_card_too_few_or_too_many_is_refused(name: str, change: str) -> None:
    """In Gin and Knock melds stay in hand, so every hand holds exactly its
    deal between turns; in Straight rummy before anyone melds too."""
    h = played(name, moves=2)
    assert not h.table
    with pytest.raises(rk.PositionError, match=r"position: hands: seat [01] holds"):
        rk.from_position(h.variant, moved(h, change))


def test_the_real_position_is_still_accepted() -> None:
    for name in rk.list_variants():
        h = played(name, moves=6)
        again = rk.from_position(h.variant, rk.position(h))
        assert rk.position(again) == rk.position(h)


def _over(name: str) -> rk.Hand:
    v = rk.load_variant(name)
    for seed in range(20):
        h = rk.new_hand(v, players=v.players.min, seed=seed)
        rng = random.Random(seed)
        while not h.is_over and h.turns < 400:
            h.apply(rng.choice(h.legal_actions()))
        if h.is_over:
            return h
    raise AssertionError("no hand ended")  # pragma: no cover


@pytest.mark.parametrize(
    ("name", "how", "drop"),
    [("gin", "knock", ("knocker",)), ("indian", "dropped", ("dropped",)), ("straight", "knock", ())],
)
def test_a_finished_position_whose_ending_cannot_be_settled_is_refused(
    name: str, how: str, drop: tuple[str, ...]
) -> None:
    """'phase over with how knock and no knocker, how dropped with nobody
    dropped (these fail later, in hand.result)'."""
    h = _over(name)
    f = fields(rk.position(h))
    f["how"] = how
    for key in drop:
        f.pop(key, None)
    f.pop("went_out", None)
    with pytest.raises(rk.PositionError, match="position: how:"):
        rk.from_position(h.variant, text_of(f))


def test_a_finished_position_that_can_be_settled_is_accepted() -> None:
    h = _over("gin")
    assert rk.from_position(h.variant, rk.position(h)).result == h.result


def test_turns_that_do_not_add_up_are_refused() -> None:
    h = played("straight", moves=4)
    f = fields(rk.position(h))
    f["own_turns"] = " ".join(str(int(t) + 5) for t in f["own_turns"].split())
    with pytest.raises(rk.PositionError, match="position: own_turns:"):
        rk.from_position(h.variant, text_of(f))


@pytest.mark.parametrize("bad", [b"rkpos 1", 5, None])
def test_wrong_argument_types_raise_argument_error(bad: object) -> None:
    """``rk.from_position("gin", text)`` raised AttributeError; ``new_hand`` an ArgumentError."""
    gin = rk.load_variant("gin")
    text = rk.position(rk.new_hand(gin, players=2, seed=1))
    with pytest.raises(rk.ArgumentError, match="from_position: v must be a Variant"):
        rk.from_position("gin", text)  # type: ignore[arg-type]
    with pytest.raises(rk.RummyError):
        rk.from_position(gin, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [True, False, 1.0, "1"])
def test_position_seat_must_be_a_seat_number(seat: object) -> None:
    """``position(h, seat=True)`` was taken as seat 1 where ``view(True)`` is refused."""
    h = rk.new_hand(rk.load_variant("gin"), players=2, seed=1)
    with pytest.raises(rk.ArgumentError, match="seat must be an int"):
        rk.position(h, seat=seat)  # type: ignore[arg-type]
    with pytest.raises(rk.ArgumentError, match="player must be an int"):
        h.view(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", rk.list_variants())
def test_phase_play_before_any_draw_is_refused(name: str) -> None:
    """A turn's play comes after its draw: the first draw phase of a deal,
    said to be the play phase, names a seat that has drawn nothing (field
    ``draws``). Before, 7 of the 22 built-ins took it (Boathouse, Nowrang,
    Phỏm, 500 Rum, Thai, Tong-its, Wrotham)."""
    v = rk.load_variant(name)
    h = rk.new_hand(v, players=max(v.players.min, 2), seed=1)
    while not h.is_over and h.phase is not rk.Phase.DRAW:
        h.apply(h.legal_actions()[0])
    if h.is_over:
        pytest.skip("the hand ends before a draw phase")
    text = rk.position(h)
    rk.from_position(v, text)
    with pytest.raises(rk.PositionError, match=r"draws: phase play, but seat|after drawing"):
        rk.from_position(v, text.replace("phase draw", "phase play"))


@pytest.mark.parametrize("name", ["indian", "rum500", "kalooki", "tonk"])
def test_every_position_of_real_play_is_still_accepted(name: str) -> None:
    """Real play, random moves (drops after a draw included: a dropped seat
    keeps the card it drew, which the hand-size bound once refused in Indian
    Rummy), with each position read back; a position-born hand's own record
    replays (the Kalooki case)."""
    v = rk.load_variant(name)
    rng = random.Random(5)
    for seed in range(2):
        h = rk.new_hand(v, players=rng.choice(list(v.players.counts())[:4]), seed=seed)
        for _ in range(80):
            if h.is_over:
                break
            again = rk.from_position(v, rk.position(h))
            assert rk.position(again) == rk.position(h)
            h.apply(rng.choice(h.legal_actions()))
        start = rk.from_position(v, rk.position(h))
        for _ in range(6):
            if start.is_over:
                break
            start.apply(rng.choice(start.legal_actions()))
        assert rk.position(rk.replay(start.record())) == rk.position(start)


def test_a_seat_that_dropped_after_drawing_keeps_its_card() -> None:
    """Indian Rummy's middle drop: a seat that drew and then dropped holds 14
    cards out of turn; its position was refused ("play adds at most 0")."""
    v = rk.load_variant("indian")
    h = rk.new_hand(v, players=3, seed=2)
    h.apply("draw")
    assert rk.Action.parse("drop") in h.legal_actions()
    h.apply("drop")
    assert max(len(h.hand_of(p)) for p in range(3)) == 14 and not h.is_over
    assert rk.position(rk.from_position(v, rk.position(h))) == rk.position(h)
