"""Safe deals (issue 10 part 3): an unseeded deal is shuffled from OS entropy
over the whole shoe and its record keeps the dealt order, never a seed (the
1999 online-poker shuffle attack: a 32-bit seed gives 2^32 deals, searchable by
a player who sees their own cards). Seeded deals stay reproducible."""

from __future__ import annotations

import json
import random

import pytest

import rummykit as rk
from rummykit.engine.deal import OsShuffle

VARIANTS = rk.list_variants()


def _play(h: rk.Hand, seed: int, steps: int = 400) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if h.is_over:
            return
        h.apply(rng.choice(h.legal_actions()))


def test_seeded_deals_are_reproducible() -> None:
    v = rk.load_variant("straight")
    a, b = rk.new_hand(v, 3, seed=11), rk.new_hand(v, 3, seed=11)
    assert [a.hand_of(s) for s in range(3)] == [b.hand_of(s) for s in range(3)]
    assert rk.replay(a.record()).hand_of(0) == a.hand_of(0)


def test_unseeded_deal_draws_no_seed_and_uses_os_entropy() -> None:
    h = rk.new_hand(rk.load_variant("straight"), 2)
    assert h.seed is None
    assert isinstance(h.rng, OsShuffle)
    rec = h.record()
    assert "seed" not in rec and "seed" not in rec["deal"]
    # the dealt order is the record of the deal
    assert rk.replay(rec).hand_of(1) == h.hand_of(1)


@pytest.mark.parametrize("name", VARIANTS)
def test_attack_seed_search_nothing_in_views_or_seat_records_reveals_hidden_cards(name: str) -> None:
    v = rk.load_variant(name)
    players = 2 if 2 in v.players.counts() else v.players.min
    h = rk.new_hand(v, players)
    _play(h, 1, steps=30)
    if h.is_over:
        return
    for seat in range(players):
        view = h.view(seat)
        text = repr(view) + json.dumps(h.record(seat=seat))
        for bad in ("seed", "rng", "reshuffle", 'stock"'):
            assert bad not in text, (seat, bad)
        rec = h.record(seat=seat)
        assert "stock" not in rec and rec["hand"] == h.record()["deal"]["hands"][seat]
        for other in range(players):
            if other != seat:
                assert h.record()["deal"]["hands"][other] not in json.dumps(rec)
        assert not hasattr(view, "seed") and not hasattr(view, "rng")


def _tiny_stock_hand(seed: int | None = None) -> rk.Hand:
    """An unseeded (or ``seed``-ed) Kalooki hand (the stock is rebuilt from
    the shuffled discard pile, [S49]) stacked with a two-card stock: it
    reshuffles soon."""
    v = rk.load_variant("kalooki")
    return rk.new_hand(
        v,
        2,
        seed=seed,
        hands=[
            "AC 3C 5C 7C 9C JC KC AD 3D 5D 7D 9D JD KD AH",
            "2S 4S 6S 8S TS QS 2H 4H 6H 8H TH QH 2D 4D 6D",
        ],
        discard="9S",
        stock="3H 5H",
    )


def _until_reshuffled(h: rk.Hand, rng: random.Random) -> None:
    for _ in range(200):
        if h.is_over or h.record()["deal"]["reshuffles"]:
            return
        legal = h.legal_actions()
        plain = [a for a in legal if str(a).startswith(("draw", "discard"))]
        h.apply(rng.choice(plain or legal))


def test_unseeded_hand_with_reshuffles_replays() -> None:
    h = _tiny_stock_hand()
    rng = random.Random(3)
    _until_reshuffled(h, rng)
    rec = h.record()
    assert rec["deal"]["reshuffles"], "the stock was rebuilt"
    for _ in range(6):  # and play on after the reshuffle
        if not h.is_over:
            h.apply(rng.choice(h.legal_actions()))
    rec = h.record()
    assert "seed" not in rec
    again = rk.replay(json.loads(json.dumps(rec)))
    assert again.actions == h.actions and again.result == h.result
    assert again.record() == rec


@pytest.mark.parametrize("seed", [None, 9])
def test_seat_records_follow_a_shuffled_reshuffle(seed: int | None) -> None:
    """Kalooki reshuffles the discard pile into a new stock [S49]. A seat's
    record walks the hand again; it raised IllegalAction (a card the seat
    did not hold) unless the walk plays the reshuffles back as they fell."""
    h = _tiny_stock_hand(seed)
    rng = random.Random(5)
    for _ in range(40):
        if h.is_over or (h.reuses and len(h.actions) > 12):
            break
        legal = h.legal_actions()
        plain = [a for a in legal if str(a).startswith(("draw", "discard"))]
        h.apply(rng.choice(plain or legal))
    assert h.reuses, "the stock was rebuilt"
    for seat in (0, 1):
        rec = h.record(seat=seat)
        assert rec["kind"] == "seat" and len(rec["actions"]) == len(h.actions)
        held = {str(c) for c in h.hand_of(seat)} | {str(c) for c in h.view(seat).knowledge().thrown[seat]}
        assert set(" ".join(rec["drawn"]).split()) <= held | {str(c) for t in h.table for c in t.meld.cards}


def test_attack_tampered_reshuffle_is_refused() -> None:
    h = _tiny_stock_hand()
    _until_reshuffled(h, random.Random(4))
    rec = h.record()
    assert rec["deal"]["reshuffles"]
    rec["deal"]["reshuffles"][0] = "AS " + rec["deal"]["reshuffles"][0]
    with pytest.raises(rk.RecordError, match="reshuffle"):
        rk.replay(rec)


def test_clone_of_unseeded_hand_keeps_its_own_reshuffle_log() -> None:
    h = _tiny_stock_hand()
    c = h.clone()
    assert isinstance(c.rng, OsShuffle)
    _until_reshuffled(c, random.Random(4))
    assert c.record()["deal"]["reshuffles"] and not h.record()["deal"]["reshuffles"]


def test_seat_record_holds_what_the_seat_drew() -> None:
    h = rk.new_hand(rk.load_variant("straight"), 2, seed=5)
    me = h.current_player
    before = h.hand_of(me)
    h.apply("draw")
    drawn = [c for c in h.hand_of(me)]
    for c in before:
        drawn.remove(c)
    rec = h.record(seat=me)
    assert rec["drawn"] == [str(drawn[0])]
    other = h.record(seat=1 - me)
    assert other["drawn"] == []


@pytest.mark.parametrize("bad", ["0", 1.5, None, 5, -1, True])
def test_attack_bad_seat_arguments(bad: object) -> None:
    h = rk.new_hand(rk.load_variant("straight"), 2, seed=1)
    calls = [lambda: h.view(bad), lambda: h.hand_of(bad)]  # type: ignore[arg-type]
    if bad is not None:  # record(seat=None) is the full record
        calls.append(lambda: h.record(seat=bad))  # type: ignore[arg-type]
    for call in calls:
        with pytest.raises(rk.ArgumentError):
            call()


def test_seat_record_hides_a_face_down_knock_until_the_hand_is_over() -> None:
    # Gin: "the knocker discards one card face down" [S2]; the defender's
    # seat record shows the knock, not the card, while the lay-offs go on.
    v = rk.load_variant("gin")
    h = rk.new_hand(
        v,
        2,
        hands=["KC KD KH QC QD JS TS 9D 8D 7D", "AC 2C 3C 4H 5H 6H 7S 8S 9S 2D"],
        discard="5C",
        stock="QS 3D 4D 5D 6D",
    )
    while h.phase.value != "draw":
        h.apply("pass")
    h.apply("draw")
    h.apply("knock QS")
    assert not h.is_over
    defender = h.record(seat=0)
    assert defender["actions"][-1] == "knock ??" and "QS" not in json.dumps(defender)
    assert h.record(seat=1)["actions"][-1] == "knock QS"  # the knocker knows its own card
    assert set(defender) == {
        "format", "version", "kind", "seat", "variant", "players", "dealer", "deal_number",
        "hand", "hand_sizes", "discard", "cut", "stock_count", "drawn", "actions", "result", "commitment",
    }  # fmt: skip
    while not h.is_over:
        h.apply(h.legal_actions()[-1])
    assert "knock QS" in h.record(seat=0)["actions"]  # shown once the hand is over


def test_seat_record_holds_the_stock_card_of_a_take_draw() -> None:
    # Boathouse: "take draw" takes the top discard and the top of the stock;
    # the seat knows both, the seat record keeps the hidden one in "drawn".
    h = rk.new_hand(rk.load_variant("boathouse"), 2, seed=2)
    me = h.current_player
    assert me is not None
    top, stock_top = h.discard_pile[-1], h.stock[-1]
    assert rk.parse_action("take draw") in h.legal_actions()
    h.apply("take draw")
    rec = h.record(seat=me)
    assert rec["drawn"] == [str(stock_top)]
    assert str(top) in rec["discard"].split()  # the discard taken was face up already
    assert h.record(seat=1 - me)["drawn"] == []


def test_attack_seed_search_on_an_unseeded_match() -> None:
    """The 1999 shuffle attack on a whole game: an unseeded match must not deal its
    hands from a 32-bit seed either. Every hand is dealt from the OS's entropy, and
    neither the match nor any hand record carries a seed."""
    m = rk.new_match(rk.load_variant("gin"), players=2)
    assert m.seed is None and isinstance(m.rng, random.SystemRandom)
    bots = [rk.GreedyBot(rk.load_variant("gin")) for _ in range(2)]
    for _ in range(3):
        assert m.hand.seed is None
        played = m.hands_played
        while m.hands_played == played and not m.is_over:
            seat = m.hand.current_player
            assert seat is not None
            m.apply(bots[seat].choose(m.hand.view(seat)))
        if m.is_over:
            break
    for rec in m.records:
        assert rec.get("seed") is None, "a hand record of an unseeded match names a seed"
    seeded = rk.new_match(rk.load_variant("gin"), players=2, seed=5)
    again = rk.new_match(rk.load_variant("gin"), players=2, seed=5)
    assert seeded.hand.record()["dealt"] == again.hand.record()["dealt"]  # seeded stays reproducible
