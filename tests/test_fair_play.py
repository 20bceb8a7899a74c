"""Records a server can trust and deals a player cannot recover (issue 47 items 5, 6):
signed records, deal commitments, dealing from an operator's source, and
unseeded positions that hold no shuffle state."""

from __future__ import annotations

import copy
import itertools
import random
import secrets
from collections import Counter
from typing import Any

import pytest

import rummykit as rk
from rummykit.engine.sources import source_shuffle

GIN = rk.load_variant("gin")
STRAIGHT = rk.load_variant("straight")
KEY = b"server key"


def _played(v: rk.Variant = GIN, seed: int | None = 4, moves: int = 6) -> rk.Hand:
    h = rk.new_hand(v, players=2, seed=seed)
    for _ in range(moves):
        if h.is_over:
            break
        h.apply(h.legal_actions()[0])
    return h


# ----------------------------------------------------------------- signatures


def test_a_signed_record_replays_with_its_key() -> None:
    h = _played()
    signed = h.record(key=KEY)
    assert signed["signature"]["alg"] == "hmac-sha256"
    assert rk.replay(signed, key=KEY).actions == h.actions
    assert rk.replay(signed).actions == h.actions  # without a key: as any record


def _mutations(rec: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for k in rec:
        if k == "signature":
            continue
        dropped = {n: v for n, v in rec.items() if n != k}
        out.append(dropped)
        changed = copy.deepcopy(rec)
        value = changed[k]
        changed[k] = (value + 1) if isinstance(value, int) else None if value is not None else 0
        out.append(changed)
    fewer = copy.deepcopy(rec)
    fewer["actions"] = fewer["actions"][:-1]
    fewer["result"] = None  # the "dropped actions with result: null"
    out.append(fewer)
    other = copy.deepcopy(rec)
    other["deal"]["stock"] = " ".join(reversed(other["deal"]["stock"].split()))
    out.append(other)
    out.append({**rec, "extra": 1})
    return out


def test_a_record_changed_in_any_way_is_refused() -> None:
    signed = _played(seed=None).record(key=KEY)
    for bad in _mutations(signed):
        with pytest.raises(rk.RecordError, match="signature"):
            rk.replay(bad, key=KEY)


def test_another_key_or_no_signature_is_refused() -> None:
    h = _played()
    with pytest.raises(rk.RecordError, match="signed with another key"):
        rk.replay(h.record(key=KEY), key=b"another key")
    with pytest.raises(rk.RecordError, match="not signed"):
        rk.replay(h.record(), key=KEY)
    for bad in (b"", 7, None.__class__):
        with pytest.raises(rk.ArgumentError, match="key"):
            h.record(key=bad)  # type: ignore[arg-type]


def test_a_seat_record_can_be_signed_too() -> None:
    from rummykit.engine.signing import check_signature

    rec = _played().record(seat=1, key=KEY)
    check_signature(rec, KEY)
    rec["drawn"] = []
    with pytest.raises(rk.RecordError):
        check_signature(rec, KEY)


# ----------------------------------------------------------------- commitments


def test_the_commitment_made_at_the_deal_checks_out_after_the_hand() -> None:
    h = rk.new_hand(GIN, players=2)  # unseeded: dealt from OS entropy
    seen = h.record(seat=0)["commitment"]  # what seat 0 holds from the first move
    assert set(seen) == {"alg", "hash"}  # no salt: the deal stays hidden
    while not h.is_over:
        h.apply(h.legal_actions()[-1])
    full = h.record()
    assert full["commitment"]["hash"] == seen["hash"]
    assert rk.check_commitment(full) is True
    changed = copy.deepcopy(full)
    stock = changed["deal"]["stock"].split()
    stock[0], stock[-1] = stock[-1], stock[0]
    changed["deal"]["stock"] = " ".join(stock)
    assert rk.check_commitment(changed) is False
    with pytest.raises(rk.RecordError, match="does not match its commitment"):
        rk.replay(changed)
    with pytest.raises(rk.RecordError, match="salt is not revealed"):
        rk.check_commitment(h.record(seat=0))


def test_commitments_are_salted_and_replays_keep_them() -> None:
    a, b = rk.new_hand(GIN, players=2), rk.new_hand(GIN, players=2)
    assert a.record()["commitment"]["hash"] != b.record()["commitment"]["hash"]  # secret deals: fresh salts
    seeded = rk.new_hand(GIN, players=2, seed=9).record()
    assert seeded == rk.new_hand(GIN, players=2, seed=9).record()  # a seed still writes the same record
    rec = _played(STRAIGHT).record()
    assert rk.replay(rec).record() == rec
    assert rk.check_commitment(rk.from_position(GIN, rk.position(_played())).record())


# ----------------------------------------------------------------- dealing from a source


class Seeded:
    """A deterministic stand-in for an operator's RNG."""

    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.calls: list[int] = []

    def randbelow(self, n: int) -> int:
        self.calls.append(n)
        return self.r.randrange(n)


def test_new_hand_deals_from_the_callers_source() -> None:
    a, b = Seeded(1), Seeded(1)
    ha, hb = rk.new_hand(GIN, players=2, rng=a), rk.new_hand(GIN, players=2, rng=b)
    assert ha.record()["deal"] == hb.record()["deal"]
    assert a.calls == list(range(52, 1, -1))  # Fisher-Yates: one randbelow(i + 1) per card
    assert rk.check_commitment(rk.new_hand(GIN, players=2, rng=secrets).record())
    assert "mt:" not in rk.position(ha)


@pytest.mark.parametrize("bad", [5, "secrets", object()])
def test_a_source_without_randbelow_is_refused(bad: object) -> None:
    with pytest.raises(rk.ArgumentError, match="randbelow"):
        rk.new_hand(GIN, players=2, rng=bad)


def test_a_broken_source_is_refused_not_dealt_from() -> None:
    class Broken:
        def randbelow(self, n: int) -> int:
            return n

    with pytest.raises(rk.RummyError, match="randbelow"):
        rk.new_hand(GIN, players=2, rng=Broken())
    with pytest.raises(rk.ArgumentError, match="seed or rng"):
        rk.new_hand(GIN, players=2, seed=1, rng=secrets)


def _chi_square(counts: Counter[Any], cells: int, draws: int) -> float:
    expected = draws / cells
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in range(cells))


def test_the_shuffle_is_unbiased_chi_square_on_small_decks() -> None:
    """Every order of 4 cards equally likely: chi-square on 24 cells (23 degrees of
    freedom; 49.7 is the 0.1% critical value), and the test does catch the
    classic biased shuffle (swap with any position)."""
    perms = {p: i for i, p in enumerate(itertools.permutations(range(4)))}
    draws = 4800
    source = Seeded(2024)
    fair: Counter[int] = Counter()
    for _ in range(draws):
        x = [0, 1, 2, 3]
        source_shuffle(source, x)
        fair[perms[tuple(x)]] += 1
    assert _chi_square(fair, 24, draws) < 49.7
    naive: Counter[int] = Counter()
    r = random.Random(2024)
    for _ in range(draws):
        x = [0, 1, 2, 3]
        for i in range(4):
            j = r.randrange(4)
            x[i], x[j] = x[j], x[i]
        naive[perms[tuple(x)]] += 1
    assert _chi_square(naive, 24, draws) > 49.7


def test_each_card_lands_anywhere_equally_often() -> None:
    """Positions of the cards of a 6-card deck: chi-square on 36 cells (25
    degrees of freedom for the 6 x 6 table; 52.6 at 0.1%)."""
    draws = 3000
    source = Seeded(7)
    where: Counter[int] = Counter()
    for _ in range(draws):
        x = list(range(6))
        source_shuffle(source, x)
        for pos, card in enumerate(x):
            where[card * 6 + pos] += 1
    assert _chi_square(where, 36, draws * 6) < 52.6


# ----------------------------------------------------------------- unseeded positions


def test_an_unseeded_position_holds_no_shuffle_state_and_rebuilds_from_the_os() -> None:
    """Issue 47: an unseeded hand's full position stored a Mersenne Twister
    state (``mt:``), so a hand rebuilt from it reshuffled from that state."""
    h = _played(seed=None)
    text = rk.position(h)
    assert "mt:" not in text and "rng os" in text
    rebuilt = rk.from_position(GIN, text)
    assert isinstance(rebuilt.rng, random.SystemRandom)
    seeded = rk.position(_played(seed=4))
    assert "rng 4+" in seeded  # a seeded hand still reproduces


def test_signed_and_committed_records_fit_the_record_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    check = jsonschema.Draft202012Validator(rk.data_schema("record"))
    h = _played(seed=None)
    for rec in (h.record(), h.record(key=KEY)):
        check.validate(rec)
        assert rk.record_to_data(rk.record_from_data(rec)) == rec
