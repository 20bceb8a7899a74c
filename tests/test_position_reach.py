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
