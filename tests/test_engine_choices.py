"""Every choice the rules give a player (issue 10 part 1): the knocker's
melds, digging by card, wilds named on the table. Gin and 500 Rum
sources by their labels in docs/sources.md."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from engine_helpers import deep_cases
from rummykit.engine import Knock, Take, parse_action

GIN = rk.load_variant("gin")
RUM500 = rk.load_variant("rum500")


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


def knock_hand() -> rk.Hand:
    """Seat 1 draws 7S: knocking KS, AH 2H 3H 2C 2D 4S-7S 5C may be shown as
    2C 2D 2H + 4S 5S 6S 7S (AH 3H 5C left) or AH 2H 3H + 4S 5S 6S 7S (2C 2D
    5C left): 9 deadwood either way. Seat 0 holds 2S and 8S."""
    h = rk.new_hand(
        GIN,
        players=2,
        dealer=0,
        hands=["2S 8S 4D 9H 9D 9C KC QC JC TC", "AH 2H 3H 2C 2D 4S 5S 6S 5C KS"],
        discard="AS",
        stock="7S 6H 6D 4C 8D",
    )
    h.apply("pass")
    h.apply("pass")
    h.apply("draw")
    return h


def test_the_knocker_chooses_the_melds_wk() -> None:
    """[S20, S18]: the knocker "lays down" his melds and the defender lays off
    onto them; which melds the knocker shows is the knocker's choice, and it
    decides what may be laid off (issue 10: 2C 2D 2H let the defender lay
    off 2S; AH 2H 3H does not)."""
    h = knock_hand()
    knocks = [a for a in legal(h) if a.startswith("knock")]
    assert knocks == ["knock KS", "knock KS melds AH 2H 3H + 4S 5S 6S 7S"]
    default = h.clone()
    default.apply("knock KS")  # no melds stated: the default arrangement
    assert [str(t) for t in default.table] == ["2C 2D 2H", "4S 5S 6S 7S"]
    assert legal(default) == ["layoff 2S on 1", "layoff 8S on 2", "pass"]
    chosen = h.clone()
    chosen.apply("knock KS melds AH 2H 3H, 4S 5S 6S 7S")  # a comma reads as '+'
    assert [str(t) for t in chosen.table] == ["AH 2H 3H", "4S 5S 6S 7S"]
    assert legal(chosen) == ["layoff 8S on 2", "pass"]
    chosen.apply("layoff 8S on 2")
    chosen.apply("pass")
    default.apply("layoff 2S on 1")
    default.apply("layoff 8S on 2")
    default.apply("pass")
    assert chosen.result is not None and default.result is not None
    # seat 0 undercuts the knocker's 9 either way: with 4D left (4) after
    # laying off 2S and 8S, or with 2S 4D (6) when 2S found no meld
    assert default.result.winners == chosen.result.winners == (0,)
    assert default.result.scores[0] - chosen.result.scores[0] == 2


def test_knock_melds_are_recorded_and_replay() -> None:
    h = knock_hand()
    h.apply("knock KS melds AH 2H 3H + 4S 5S 6S 7S")
    h.apply("pass")
    rec = h.record()
    assert "knock KS melds AH 2H 3H + 4S 5S 6S 7S" in [str(a) for a in rec["actions"]]
    again = rk.replay(rec)
    assert again.result == h.result and [str(t) for t in again.table] == [str(t) for t in h.table]


def test_knock_melds_stated_as_the_default_are_accepted() -> None:
    h = knock_hand()
    h.apply("knock KS melds 2C 2D 2H + 4S 5S 6S 7S")
    assert [str(t) for t in h.table] == ["2C 2D 2H", "4S 5S 6S 7S"]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("knock KS melds AH 2H 3H + 5S 6S 7S", "leave deadwood 13, above the knock limit 10"),
        ("knock KS melds AH 2H 3H", "leave deadwood 31"),
        ("knock KS melds 2C 2D 2H + 4S 5S 6S 7S + 5C 5S 5D", "made of the cards kept"),
        ("knock KS melds KS QS JS", "made of the cards kept"),
        ("knock KS melds 2C 2D 4S", "not a valid meld"),
    ],
)
def test_attack_knock_melds_that_cannot_be_shown(text: str, why: str) -> None:
    h = knock_hand()
    before = h.record()
    with pytest.raises(rk.IllegalAction, match=why):
        h.apply(text)
    assert h.record() == before  # refused: the hand is unchanged


def test_no_choice_listed_where_nothing_may_be_laid_off_grc() -> None:
    """[S18]: no lay-offs on gin: the arrangement then changes nothing, and
    only the plain knock is listed."""
    h = rk.new_hand(
        GIN,
        players=2,
        dealer=0,
        hands=["2S 8S 4D 9H 9D 9C KC QC JC TC", "AH 2H 3H 2C 2D 4S 5S 6S 7S KS"],
        discard="AS",
        stock="2D 6H 6D 4C 8D".replace("2D", "5D"),
    )
    h.apply("pass")
    h.apply("pass")
    h.apply("draw")  # 5D: AH 2H 3H 2C 2D ... no gin here; check listing is bounded
    assert all(a.count("melds") <= 1 for a in legal(h))


def test_knock_notation_round_trips() -> None:
    for text in ["knock QS melds 2C 2D 2H + 4S 5S 6S", "knock melds AH 2H 3H + JK=4H 5H 6H", "knock QS"]:
        a = parse_action(text)
        assert isinstance(a, Knock) and str(a) == text and parse_action(str(a)) == a
    with pytest.raises(rk.NotationError):
        parse_action("knock QS KS melds 2C 2D 2H")
    with pytest.raises(rk.NotationError):
        parse_action("knock QS melds 2C 2D 2H +")


# --------------------------------------------------------------------------- digging by card


def dig_hand() -> rk.Hand:
    return rk.new_hand(
        RUM500,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S 7D 8D AH", "7H 8H 9H TD TH TS 2D 3D 4D AS KD QD 6C"],
        discard="JH 5C 2S",
        stock="KH 6H JC 3S",
    )


def test_dig_by_naming_the_deepest_card_fi500() -> None:
    """[S8]: "you may take any discard ... you also take every card above
    it": ``take JH meld ...`` names the card instead of its depth (3)."""
    h = dig_hand()
    by_card = h.clone()
    by_card.apply("take JH meld 9H TH JH")
    h.apply("take 3 meld 9H TH JH")
    assert by_card.record()["actions"] == h.record()["actions"]  # recorded in the canonical depth form
    assert [str(t) for t in by_card.table] == ["9H TH JH"]


def test_dig_by_card_is_legal_and_canonicalised() -> None:
    h = dig_hand()
    assert h.is_legal("take JH meld 9H TH JH")
    assert str(h.verify("take JH meld 9H TH JH")) == "take 3 meld 9H TH JH"
    with pytest.raises(rk.IllegalAction, match="KH is not in the discard pile"):
        h.apply("take KH meld KH KD QD")
    with pytest.raises(rk.IllegalAction, match="the card taken, JH, must be used at once"):
        h.apply("take JH")


def test_dig_by_card_notation_round_trips() -> None:
    a = parse_action("take 5c meld 4C 5C 6C")
    assert isinstance(a, Take) and a.down_to == rk.Card.parse("5C")
    assert str(a) == "take 5C meld 4C 5C 6C" and parse_action(str(a)) == a
    assert parse_action("take 3 meld 4C 5C 6C") == Take(3, False, parse_action("meld 4C 5C 6C"))  # type: ignore[arg-type]


@settings(max_examples=40)
@given(st.data())
def test_every_listed_take_can_be_written_by_card(data: st.DataObject) -> None:
    """Any listed dig ``take N ...`` written as ``take CARD ...`` (CARD the
    N-th from the top) resolves to the same action (when no copy of CARD
    lies nearer the top)."""
    seed = data.draw(st.integers(0, 50))
    h = rk.new_hand(RUM500, players=2, seed=seed)
    for _ in range(data.draw(st.integers(0, 12))):
        if h.is_over:
            return
        h.apply(data.draw(st.sampled_from(h.legal_actions())))
    for a in h.legal_actions():
        if isinstance(a, Take) and not a.and_draw and h.discard_pile:
            card = h.discard_pile[-a.depth]
            if h.discard_pile[len(h.discard_pile) - a.depth + 1 :].count(card):
                continue
            text = str(a).replace(f"take {a.depth}" if a.depth != 1 else "take", f"take {card}", 1)
            assert h.verify(text) == a


# --------------------------------------------------------------------------- wilds named


def test_wilds_stay_named_on_the_table() -> None:
    """A meld laid as ``KC=AC AH AS`` (a wild king) shows the wild's
    designation in the table meld, the view and the record."""
    v = rk.loads_variant('extends = "straight"\n[variant]\nname = "kings"\n[deck]\nwild_ranks = ["K"]')
    h = rk.new_hand(
        v,
        players=2,
        dealer=1,
        stock=["5D"],
        discard=["3C"],
        hands=["KC AH AS 2C 4D 6S 8S QC 9S 3D", "AC 2D 3S 5C 9D TS QD JC 4H 5S"],
    )
    h.apply("draw")
    h.apply("meld KC=AD AH AS")
    assert str(h.table[0]) == "KC=AD AH AS"
    assert [str(t) for t in h.view(1).table] == ["KC=AD AH AS"]
    assert "meld KC=AD AH AS" in [str(a) for a in h.record()["actions"]]


def test_the_terminal_shows_a_wilds_designation_on_the_table() -> None:
    from rummykit.terminal import meld_text

    assert meld_text(rk.Meld.parse("KC=AD AH AS")).plain == "KC=AD AH AS"
    assert meld_text(rk.Meld.parse("7H 8H JK=9H")).plain == "7H 8H JK=9H"


def test_attack_knock_listing_stays_bounded_with_wilds() -> None:
    """A house rule with jokers and deuces wild: the knock arrangements listed
    stay within the documented bound per knock."""
    from rummykit.engine.actions.knock import KNOCK_ARRANGEMENTS

    v = rk.loads_variant(
        'extends = "gin"\n[variant]\nname = "wild-gin"\n[deck]\njokers_per_deck = 2\nwild_ranks = ["2"]'
    )
    for seed in range(3):
        h = rk.new_hand(v, players=2, seed=seed)
        bots = [rk.GreedyBot(v) for _ in range(2)]
        while not h.is_over:
            knocks: dict[str, int] = {}
            for a in h.legal_actions():
                if isinstance(a, Knock):
                    key = str(a.card)
                    knocks[key] = knocks.get(key, 0) + 1
            assert all(n <= KNOCK_ARRANGEMENTS + 1 for n in knocks.values())
            p = h.current_player
            assert p is not None
            h.apply(bots[p].choose(h.view(p)))


@pytest.mark.parametrize("melds", ["2C 2D 2H", ((),), (("2C", None),), ((rk.Card.parse("2C"),),)])
def test_attack_malformed_knock_objects(melds: object) -> None:
    with pytest.raises(rk.NotationError, match="knock: melds"):
        Knock(rk.Card.parse("QS"), melds)  # type: ignore[arg-type]


def test_attack_malformed_dig_card() -> None:
    with pytest.raises(rk.NotationError, match="take: the card"):
        Take(1, False, None, "5C")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- brief lists (playouts)


def _less_stated_knocks(full: tuple[rk.Action, ...]) -> tuple[rk.Action, ...]:
    """What a brief list must be: the whole list less the knocks with stated melds."""
    return tuple(a for a in full if not (isinstance(a, Knock) and a.melds is not None))


def test_brief_list_leaves_out_the_stated_arrangements_only() -> None:
    """``every_arrangement=False`` lists the knock once, in its default
    arrangement; the knocker may still state the other one, whichever list
    was asked for first."""
    h = knock_hand()
    full = h.legal_actions()
    brief_after = h.legal_actions(every_arrangement=False)
    assert [str(a) for a in brief_after if isinstance(a, Knock)] == ["knock KS"]
    assert brief_after == _less_stated_knocks(full)
    fresh = knock_hand()
    brief_first = fresh.legal_actions(every_arrangement=False)
    assert brief_first == brief_after
    assert fresh.legal_actions() == full  # the whole list again, not the brief one kept
    other = knock_hand()
    other.legal_actions(every_arrangement=False)
    other.apply("knock KS melds AH 2H 3H + 4S 5S 6S 7S")  # still legal when stated
    assert [str(t) for t in other.table] == ["AH 2H 3H", "4S 5S 6S 7S"]


@pytest.mark.parametrize(("name", "players", "seed"), deep_cases(seeds=3, every_count=False))
def test_brief_list_is_the_whole_list_less_stated_knocks(name: str, players: int, seed: int) -> None:
    """At every step of hands of every variant (mostly greedy play, one move
    in five random): the brief list is the whole list less the knocks with
    stated melds, and a hand played from brief lists (cloned at every step)
    stays consistent with a hand played from whole lists."""
    v = rk.load_variant(name)
    h = rk.new_hand(v, players=players, seed=seed)
    twin = h.clone()
    rng = random.Random(seed)
    bot = rk.GreedyBot(v, seed=seed)  # greedy play reaches the knocks random play rarely makes
    steps = 0
    while not h.is_over and steps < 150:
        brief = twin.legal_actions(every_arrangement=False)
        full = h.legal_actions()
        assert brief == _less_stated_knocks(full)
        a = bot.choose(h.view(h.current_player)) if rng.random() < 0.8 else rng.choice(brief)
        if isinstance(a, Knock) and a.melds is not None:
            a = Knock(a.card)
        h.apply(a)
        twin = twin.clone()
        twin.apply(a)
        steps += 1
    assert twin.is_over == h.is_over and twin.history == h.history
    assert (twin.result == h.result) or not h.is_over


# --------------------------------------------------------------------------- the knocker's choice within the limit


def break_run_hand() -> rk.Hand:
    """Seat 1 draws AD: knocking QD keeps 2H-5H KC KD KS AC AD 3C (least
    deadwood 5: AC AD 3C); showing 2H 3H 4H + KC KD KS keeps 5H back
    (deadwood 10, the limit)."""
    h = rk.new_hand(
        GIN,
        players=2,
        dealer=0,
        discard="AS",
        hands=["2S 8S 4D 9H 9D 9C KH QC JC 6H", "2H 3H 4H 5H KC KD KS AC 3C QD"],
        stock="AD 7S 6D 4C 8D",
    )
    for a in ("pass", "pass", "draw"):
        h.apply(a)
    return h


def test_the_knocker_may_show_any_arrangement_within_the_limit_s20() -> None:
    """[S20]: the knocker lays down his melds and his deadwood; which melds
    is his choice, so long as the deadwood is within the limit: breaking the
    run 2H-5H keeps 6H (in the defender's hand) from being laid off."""
    h = break_run_hand()
    text = "knock QD melds KC KD KS + 2H 3H 4H"
    assert text in legal(h)
    broken = h.clone()
    broken.apply("knock QD melds 2H 3H 4H + KC KD KS")
    assert broken.actions[-1] == parse_action(text)
    assert [str(t) for t in broken.table] == ["KC KD KS", "2H 3H 4H"]
    assert "layoff 6H on 2" not in legal(broken)
    whole = h.clone()
    whole.apply("knock QD")
    assert [str(t) for t in whole.table] == ["KC KD KS", "2H 3H 4H 5H"]
    assert "layoff 6H on 2" in legal(whole)
    broken.apply("pass")
    assert broken.result is not None
    assert "seat 1: 10" in " ".join(broken.result.reasons)


def test_stated_melds_that_change_nothing_name_the_plain_knock() -> None:
    """The engine's own arrangement written out, and any melds where nothing
    may be laid off (Knock Rummy), canonicalize to the plain knock: one move,
    one name."""
    h = break_run_hand()
    assert h.verify("knock QD melds 2H 3H 4H 5H + KC KD KS") == parse_action("knock QD")
    assert h.verify("knock QD melds KC KD KS, 2H 3H 4H 5H") == parse_action("knock QD")
    knock = rk.load_variant("knock")
    k = rk.new_hand(
        knock,
        players=2,
        dealer=0,
        hands=["2S 8S 4S 9H 9D 5H 6H 7H AC 2C", "7C 9S TS JS 2D 3D 4D KH KC QH"],
        discard="AS",
        stock="KD 6S 6D 4C 8D 3C 3H 3S",
    )
    k.apply("draw")
    assert k.verify("knock 7C melds 9S TS JS") == parse_action("knock 7C")
    assert "knock 7C melds 9S TS JS" not in legal(k)


def test_attack_knock_melds_over_the_limit() -> None:
    h = break_run_hand()
    with pytest.raises(rk.IllegalAction, match="leave deadwood 40, above the knock limit 10") as info:
        h.verify("knock QD melds 2H 3H 4H")
    assert info.value.rule == "going_out.max_deadwood"
    # 3H 4H 5H + KC KD KS leaves 2H AC AD 3C (7): within the limit, a move of its own
    assert str(h.verify("knock QD melds 3H 4H 5H + KC KD KS")) == "knock QD melds KC KD KS + 3H 4H 5H"


def test_attack_a_meld_left_out_of_the_knock() -> None:
    """The cards left out are the knocker's deadwood: they may hold no meld."""
    h = rk.new_hand(
        GIN,
        players=2,
        dealer=0,
        discard="AS",
        hands=["2S 8S 4D 9H 9D 9C KH QC JC 6H", "2H 3H 4H 5H KC KD KS AC 2C 3C"],
        stock="AD 7S 6D 4C 8D",
    )
    for a in ("pass", "pass", "draw"):
        h.apply(a)
    with pytest.raises(rk.IllegalAction, match="hold a meld") as info:
        h.verify("knock AD melds 2H 3H 4H 5H + KC KD KS")
    assert info.value.rule == "going_out"


def test_the_knock_limit_is_the_going_out_components() -> None:
    """One limit: the going-out component's (settlement reads its highest)."""
    assert GIN.going_out.highest_knock_limit(range(1, 11)) == 10
    okla = rk.loads_variant('extends = "gin"\n[variant]\nname = "okla"\n[going_out]\noklahoma = true')
    assert okla.going_out.highest_knock_limit([1, 10]) == 10
    assert okla.going_out.knock_limit_rule() == "going_out.oklahoma"
    assert rk.load_variant("knock").going_out.knock_limit_rule() == "going_out.any_deadwood"
