"""Rulesets that validated but could not work (issue 47 item 4): a scoring kind
that never names a winner under the going-out rule (an error), keys another
key silently overrides and deals over the engine's hand bound (warnings, so
``validate --strict`` fails on them).

Each ``tests/data/warn_variants/NN_name.toml`` starts with its expected
warnings, one ``# expect: `` line each, as the golden files of
``bad_variants`` do for errors.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import rummykit as rk
from rummykit.cli import main
from rummykit.loading import builtin_path
from rummykit.rules import scoring as S
from rummykit.settlement import Termination
from rummykit.soundness import MAX_HAND_CARDS

WARN_DIR = Path(__file__).parent / "data" / "warn_variants"
WARNED = sorted(WARN_DIR.glob("*.toml"))


def expectations(path: Path) -> list[str]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("# expect: "):
            break
        out.append(line[len("# expect: ") :])
    return out


@pytest.mark.parametrize("path", WARNED, ids=lambda p: p.stem)
def test_warned_file_loads_and_reports_exactly_its_warnings(path: Path) -> None:
    assert rk.validate_file(path) == []  # it loads
    rk.load_variant(path)
    assert [str(p) for p in rk.validate_file(path, warnings=True)] == expectations(path)


@pytest.mark.parametrize("path", WARNED[:2], ids=lambda p: p.stem)
def test_strict_validate_fails_on_the_warnings(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(path)]) == 0
    assert main(["validate", "--strict", str(path)]) == 1
    assert "warning:" in capsys.readouterr().out


def test_issue_reproducers_fail_strict_validation(tmp_path: Path) -> None:
    """The three files of the issue passed ``validate --strict``."""
    files = {
        "pen": '[scoring]\nkind = "penalty"\n',
        "ok": "[going_out]\noklahoma = true\nmax_deadwood = 7\n",
        "big": "[deck]\ndecks = 8\n[deal]\nhand_size = 60\n",
    }
    for name, body in files.items():
        path = tmp_path / f"{name}.toml"
        path.write_text(f'extends = "gin"\n[variant]\nname = "x-{name}"\n{body}', encoding="utf-8")
        assert main(["validate", "--strict", "--quiet", str(path)]) == 1, name


def test_every_built_in_variant_has_no_warning() -> None:
    for name in rk.list_variants():
        assert rk.validate_file(builtin_path(name), warnings=True) == [], name


SCORINGS = [
    S.WinnerTakes(),
    S.WinnerTakes(no_winner=S.NoWinner.DIFFERENCES),
    S.Penalty(),
    S.MeldsMinusHand(),
    S.KnockScoring(),
    S.IndianPoints(),
    S.IndianPoints(winner_collects=True),
    S.Payments(),
    S.OwnMelds(),
    S.Chips(),
]


def _ending(how: Termination) -> rk.Ending:
    if how in (Termination.WENT_OUT, Termination.DECLARED):
        return rk.Ending(how=how, went_out=0, counts=[0, 20])
    if how is Termination.KNOCK:
        return rk.Ending(how=how, knocker=0, counts=[2, 20])
    if how is Termination.GIN:
        return rk.Ending(how=how, knocker=0, counts=[0, 20])
    if how is Termination.DROPPED:
        return rk.Ending(how=how, went_out=0, dropped=[(1, "middle")], counts=[2, 20])
    return rk.Ending(how=how, counts=[2, 20])


@pytest.mark.parametrize("scoring", SCORINGS, ids=lambda s: f"{s.kind}-{getattr(s, 'no_winner', '')}")
def test_names_winner_says_what_settle_does(scoring: S.Scoring) -> None:
    """The validator trusts ``Scoring.names_winner``; it must agree with :func:`rk.settle`."""
    checked = 0
    for base in ("straight", "gin"):
        v = attrs.evolve(rk.load_variant(base), scoring=scoring)
        for how in Termination:
            if how is Termination.TURN_LIMIT:
                continue
            try:
                named = bool(rk.settle(v, _ending(how)).winners)
            except rk.RummyError:  # an ending this variant cannot have
                continue
            assert named == scoring.names_winner(how.value), (base, how)
            checked += 1
    assert checked >= 6


def test_every_going_out_ending_is_one_settle_knows() -> None:
    known = {t.value for t in Termination}
    for name in rk.list_variants():
        v = rk.load_variant(name)
        assert set(v.going_out.winning_endings()) <= known
        assert any(v.scoring.names_winner(e) for e in v.going_out.winning_endings()), name


def test_the_hand_bound_holds_for_every_built_in_deal() -> None:
    for name in rk.list_variants():
        deal = rk.load_variant(name).deal
        assert max(deal.hand_size.values()) + deal.first_player_extra + 1 <= MAX_HAND_CARDS, name
