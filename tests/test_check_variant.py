"""`rummykit.testing.check_variant` over every built-in variant at EVERY allowed player count.

tests/test_invariants.py probes illegal actions at two player counts per
variant; this runs the public harness at all of them (without probes, to
keep CI fast), so a deal or turn-order bug at, say, 11 players of
Continental cannot hide: 12 turns a hand by default, 24 under ``-m slow``.
"""

from __future__ import annotations

import attrs
import pytest

import rummykit as rk
from engine_helpers import LONG_HANDS
from rummykit.testing import check_variant


def _short(name: str, turns: int = 24) -> rk.Variant:
    """``turns`` turns (half as many where the hands are long and big: five player
    counts of Samba's 162 cards)."""
    v = rk.load_variant(name)
    return attrs.evolve(
        v, limits=attrs.evolve(v.limits, max_turns=turns // 2 if name in LONG_HANDS else turns)
    )


@pytest.mark.parametrize("turns", [12, pytest.param(24, marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", rk.list_variants())
def test_every_player_count_keeps_the_invariants(name: str, turns: int) -> None:
    report = check_variant(_short(name, turns), hands=1, seed=3, probe=False)
    assert report.ok, str(report)
    v = rk.load_variant(name)
    assert report.hands == v.players.max - v.players.min + 1


def test_probing_refuses_atomically() -> None:
    report = check_variant(_short("straight"), hands=1, seed=5, players=[3])
    assert report.ok, str(report)


def test_the_harness_catches_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand that loses a card must be reported, not pass silently."""
    original = rk.Hand.cards_in_play

    def leaky(self: rk.Hand) -> list[rk.Card]:
        cards = original(self)
        return cards[1:] if self.actions else cards

    monkeypatch.setattr(rk.Hand, "cards_in_play", leaky)
    report = check_variant(_short("gin"), hands=1, seed=1, probe=False)
    assert not report.ok
    assert "cards not conserved" in report.problems[0]


def test_the_harness_catches_a_refusal_that_changes_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused action must leave the hand as it was: one that moves a card
    from the stock before refusing is reported (each probe runs on a clone,
    tried again while it refuses)."""
    original = rk.Hand.apply

    def sloppy(self: rk.Hand, action: object) -> object:
        try:
            return original(self, action)  # type: ignore[arg-type]
        except rk.IllegalAction:
            seat = self.current_player
            if self._stock and seat is not None:
                self._hands[seat].append(self._stock.pop())  # the private fields: what no caller may do
            raise

    monkeypatch.setattr(rk.Hand, "apply", sloppy)
    report = check_variant(_short("gin", 12), hands=1, seed=1, players=[2])
    assert any("changed the state" in p for p in report.problems), str(report)


def test_the_harness_catches_a_bad_determinization(monkeypatch: pytest.MonkeyPatch) -> None:
    """A determinization must keep the seat's view (issue 11): one that deals
    the seat's own hand again is reported, as is one that raises."""
    from rummykit.engine import resample as module

    original = module.Knowledge.sample

    def careless(self: module.Knowledge, h: rk.Hand, seed: int | None = None) -> rk.Hand:
        r = original(self, h, seed)
        mine, top = list(r.hand_of(self.seat)), len(r.stock) - 1
        if mine and r.stock:
            module.swap_hidden(r, self.seat, [*mine[1:], r.stock[top]], {top: mine[0]})
        return r

    monkeypatch.setattr(module.Knowledge, "sample", careless)
    report = check_variant(_short("gin"), hands=1, seed=1, probe=False)
    assert any("view of its determinization differs" in p for p in report.problems), str(report)

    def broken(self: module.Knowledge, h: rk.Hand, seed: int | None = None) -> rk.Hand:
        raise KeyError("hands")

    monkeypatch.setattr(module.Knowledge, "sample", broken)
    report = check_variant(_short("gin"), hands=1, seed=1, probe=False)
    assert any("determinization raised KeyError" in p for p in report.problems), str(report)
