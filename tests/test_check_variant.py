"""`rummykit.testing.check_variant` over every built-in variant at EVERY allowed player count.

tests/test_invariants.py probes illegal actions at two player counts per
variant; this runs the public harness at all of them (without probes, to
keep CI fast), so a deal or turn-order bug at, say, 11 players of
Continental cannot hide.
"""

from __future__ import annotations

import attrs
import pytest

import rummykit as rk
from rummykit.testing import check_variant


def _short(name: str) -> rk.Variant:
    v = rk.load_variant(name)
    return attrs.evolve(v, limits=attrs.evolve(v.limits, max_turns=40))


@pytest.mark.parametrize("name", rk.list_variants())
def test_every_player_count_keeps_the_invariants(name: str) -> None:
    report = check_variant(_short(name), hands=1, seed=3, probe=False)
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
