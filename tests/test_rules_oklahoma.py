"""Oklahoma Gin (Gin's ``going_out.oklahoma`` option), rule by rule (issue 47 item 7).

Sources by their labels in docs/sources.md:

* [S56] "Oklahoma Gin", Bicycle Cards:
  "The rank of the upcard fixes the maximum number of points with which a
  player may knock in that deal. [...] When an ace is the knock card, neither
  player may knock with a count of 1 point; instead, each must play for a gin
  hand. An additional rule, often played, is that when the upcard is a spade,
  all scores accruing from that deal are doubled."
* [S58] "Oklahoma Gin Rummy Rules", Rummy-Games.com:
  "Other rulebooks say that gin and undercut bonuses are doubled, but box
  (line) bonuses are not doubled."
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit.loading import builtin_path

GIN = rk.load_variant("gin")
OK = rk.loads_variant('extends = "gin"\n[variant]\nname = "oklahoma"\n[going_out]\noklahoma = true')
SPADES = rk.loads_variant(
    'extends = "gin"\n[variant]\nname = "oklahoma-spades"\n[going_out]\noklahoma = true\n'
    "[scoring]\nspade_doubles = true"
)
ACE_KNOCKS = rk.loads_variant(
    'extends = "gin"\n[variant]\nname = "oklahoma-ace"\n[going_out]\noklahoma = true\nace_gin_only = false'
)


def test_the_options_are_named_in_the_variant_file_and_off_where_the_source_says() -> None:
    """Spades double is "an additional rule", so off; the ace rule is part of
    Bicycle's Oklahoma Gin, so on (and used only with oklahoma)."""
    text = builtin_path("gin").read_text(encoding="utf-8")
    assert "ace_gin_only = true" in text and "spade_doubles = false" in text
    assert "[S56]" in text and any(s.startswith("[S56] ") for s in GIN.info.sources)
    assert GIN.going_out.ace_gin_only and not GIN.scoring.spade_doubles
    assert rk.validate_file(builtin_path("gin"), warnings=True) == []


@pytest.mark.parametrize(("upcard", "limit"), [("7H", 7), ("KD", 10), ("TS", 10), ("2C", 2), ("AS", 0)])
def test_the_upcard_fixes_the_knock_limit_and_an_ace_allows_gin_only(upcard: str, limit: int) -> None:
    """Bicycle: "if the upcard is a five, the knocker must have 5 points or less.
    Face cards count 10. When an ace is the knock card, [...] each must play for a gin hand.\""""
    card = rk.parse_card(upcard)
    assert OK.going_out.knock_limit(upcard_value=rk.card_value(OK, card), upcard=card) == limit


def test_without_the_ace_rule_an_ace_allows_one_point() -> None:
    card = rk.parse_card("AH")
    assert ACE_KNOCKS.going_out.knock_limit(upcard_value=1, upcard=card) == 1


def test_a_knock_with_one_point_under_an_ace_upcard_is_refused_by_the_scorekeeper() -> None:
    with pytest.raises(rk.RummyError, match="above the knock limit 0"):
        rk.settle(OK, rk.Ending(knocker=0, counts=[1, 20], upcard="AH"))
    assert rk.settle(OK, rk.Ending(knocker=0, counts=[0, 20], upcard="AH")).scores == (45, 0)
    assert rk.settle(ACE_KNOCKS, rk.Ending(knocker=0, counts=[1, 20], upcard="AH")).scores == (19, 0)


def test_a_spade_upcard_doubles_the_hand_with_its_bonuses() -> None:
    """Bicycle: "when the upcard is a spade, all scores accruing from that deal are doubled"."""
    knock = rk.Ending(knocker=0, counts=[3, 20], upcard="7S")
    assert rk.settle(OK, knock).scores == (17, 0)  # the option is off
    doubled = rk.settle(SPADES, knock)
    assert doubled.scores == (34, 0) and "spade" in doubled.reasons[-1]
    assert sum(p.amount for p in doubled.payments if p.payee == 0) == 34
    gin = rk.settle(SPADES, rk.Ending(knocker=0, counts=[0, 20], upcard="2S"))
    assert gin.scores == (90, 0)  # (20 + gin bonus 25) x 2
    undercut = rk.settle(SPADES, rk.Ending(knocker=0, counts=[5, 2], upcard="9S"))
    assert undercut.scores == (0, 56)  # (3 + undercut bonus 25) x 2
    assert rk.settle(SPADES, rk.Ending(knocker=0, counts=[3, 20], upcard="7H")).scores == (17, 0)


def test_the_spade_option_needs_an_upcard_to_double_on() -> None:
    assert rk.settle(SPADES, rk.Ending(knocker=0, counts=[3, 20])).scores == (17, 0)


def test_ending_takes_wild_ranks_and_upcard_as_text() -> None:
    """Issue 47: ``rk.Ending(wild_ranks=["8"])`` failed with "wild rank '8' is not a Rank"."""
    e = rk.Ending(went_out=0, hands=["", "AH"], wild_ranks=["8", "T"], upcard="qs")
    assert e.wild_ranks == frozenset({rk.Rank.EIGHT, rk.Rank.TEN}) and str(e.upcard) == "QS"
    with pytest.raises(rk.RummyError, match="wild rank 'X' is not a rank"):
        rk.Ending(went_out=0, hands=["", "AH"], wild_ranks=["X"])
    with pytest.raises(rk.RummyError, match="upcard = 7 is not a card"):
        rk.Ending(went_out=0, hands=["", "AH"], upcard=7)  # type: ignore[arg-type]


def _knock_deal(v: rk.Variant, upcard: str) -> rk.Hand:
    """Seat 1 (to play first) holds 2C 3C 4C 7D 7H 7S 9S TS JS and a lone ace:
    after drawing the 5H and discarding it, one point of deadwood is left."""
    h = rk.new_hand(
        v,
        players=2,
        dealer=0,
        hands=["2D 3D 4D 8C 8H 9C TC JC QH KH", "2C 3C 4C 7D 7H 7S 9S TS JS AD"],
        discard=upcard,
        stock="5H 6D 6S 8D 5S",
    )
    h.apply("pass")
    h.apply("pass")
    h.apply("draw")
    return h


def test_in_play_an_ace_upcard_refuses_a_one_point_knock() -> None:
    """Bicycle: "When an ace is the knock card, neither player may knock with a count of 1 point"."""
    two = _knock_deal(OK, "2H")
    assert "knock 5H" in [str(a) for a in two.legal_actions()]  # the upcard 2 allows 2 points
    ace = _knock_deal(OK, "AH")
    assert not any(str(a).startswith("knock") for a in ace.legal_actions())
    with pytest.raises(rk.IllegalAction):
        ace.apply("knock 5H")
    assert "knock 5H" in [str(a) for a in _knock_deal(ACE_KNOCKS, "AH").legal_actions()]


def test_in_play_a_spade_upcard_doubles_the_hands_score() -> None:
    plain, doubled = _knock_deal(OK, "2S"), _knock_deal(SPADES, "2S")
    for h in (plain, doubled):
        h.apply("knock 5H")
        while not h.is_over:
            h.apply("pass")
    assert plain.result is not None and doubled.result is not None
    assert doubled.result.scores[1] == 2 * plain.result.scores[1] > 0
