"""The static checks are ``cross_field_problems``; the old name still works, with a warning."""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit import checks


def test_the_old_name_warns_and_answers_the_same() -> None:
    v = rk.load_variant("gin")
    with pytest.warns(DeprecationWarning, match=r"cross_field_problems .*testing\.check_variant"):
        old = checks.check_variant(v)
    assert old == checks.cross_field_problems(v) == v.check() == ()


def test_the_new_name_finds_a_problem() -> None:
    import attrs

    v = rk.load_variant("straight")
    big = attrs.evolve(v, deal=attrs.evolve(v.deal, hand_size=rk.rules.ByPlayers.of(12)))
    assert [p.path for p in checks.cross_field_problems(big)] == ["deal.hand_size"]
