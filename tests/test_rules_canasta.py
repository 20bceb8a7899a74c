"""Canasta's rules, from its sources (labels of docs/sources.md).

Seat 0 starts (the dealer is seat 3); partners are seats 0 and 2, 1 and 3.
"""

from __future__ import annotations

import attrs
import pytest

import rummykit as rk
from engine_helpers import play_greedy
from rummykit.bots import GreedyBot

V = rk.load_variant("canasta")

# seats 1-3 hold cards that play no part in a test
_OTHERS = [
    "4C 4D 5S 6S 8C 9C TC JD QS AH AS",
    "4H 4S 5D 6C 8D 9D TD JH QH AC AD",
    "5H 6H 8H 9S TS JS QC TH AS 4C 5C",
]


def _hand(
    seat0: str, *, discard: str = "7S", stock: str = "8C 9C TC JC QC", standing: list[int] | None = None
) -> rk.Hand:
    return rk.new_hand(
        V, players=4, dealer=3, hands=[seat0, *_OTHERS], discard=discard, stock=stock, standing=standing
    )


def test_partnerships_of_four() -> None:
    """[S80] "The classic game is for four players in two partnerships ... they must sit opposite each other." """
    assert V.players.teams_for(4) == ((0, 2), (1, 3))
    assert V.players.teams_for(2) == () and V.players.teams_for(3) == ()


@pytest.mark.parametrize(
    ("cards", "ok"),
    [("5C 5D 2C", True), ("9C 9D 9H 2C 2D JK", True), ("5C 2C 2D", False), ("9C 9D 2C 2D 2H JK", False)],
)
def test_meld_naturals_and_wilds(cards: str, ok: bool) -> None:
    """[S110] "you must always have a natural pair included in each meld" and "You may not use more
    than three wild cards in the same meld"; the copy of [S80]'s wording: "5-5-2 and 9-9-9-2-2-Joker
    are legal melds. 5-2-2 is not ... 9-9-2-2-2-Joker is not legal"."""
    cs = rk.parse_cards(cards)
    melds = V.melds
    assert isinstance(melds, rk.rules.CanastaMelds)
    assert (
        melds.meld_ok(
            naturals=sum(1 for c in cs if c.rank not in (None, rk.Rank.TWO)),
            wilds=sum(1 for c in cs if c.rank in (None, rk.Rank.TWO)),
        )
    ) is ok


def _opened(seat0: str, **kw: object) -> rk.Hand:
    """Seat 0's side has melded: seat 0 draws and melds its four kings and a joker (90)."""
    h = _hand(seat0, **kw)  # type: ignore[arg-type]
    h.apply("draw")
    h.apply("meld KC KD KH KS JK")
    return h


def test_a_meld_never_holds_more_than_three_wilds() -> None:
    """[S110] "You may not use more than three wild cards in the same meld" (also as it grows)."""
    h = _hand("KC KD KH KS 2C 2D 2H JK 5C 6D 8S", stock="9C")
    h.apply("draw")
    h.apply("meld KC KD KH KS 2C 2D 2H")
    assert h.table[0].meld.wild_count == 3
    assert not h.is_legal("layoff JK on 1")
    with pytest.raises(rk.IllegalAction, match="too many wild cards"):
        h.apply("layoff JK on 1")


def test_red_threes_dealt_are_laid_out_and_replaced() -> None:
    """[S80] "If a player was dealt red threes, they must instantly play them face up in front of
    them and draw the same number of replacement cards." """
    h = _hand("3H 3D KS KH KD 5C 6D 8S 9H JC QD", stock="8C 9C TC")
    assert h.bonus[0] == (rk.Card.parse("3H"), rk.Card.parse("3D")) or set(h.bonus[0]) == set(
        rk.parse_cards("3H 3D")
    )
    assert (
        len(h.hand_of(0)) == 11
        and rk.Card.parse("8C") in h.hand_of(0)
        and rk.Card.parse("9C") in h.hand_of(0)
    )
    assert h.view(1).laid_out[0] == h.bonus[0]  # face up for everybody


def test_a_red_three_drawn_is_replaced() -> None:
    """[S85] "If you draw a red three from the stockpile, you must place it face up on the table and
    draw a replacement card" """
    h = _hand("7C 7D KS KH KD 5C 6D 8S 9H JC QD", stock="3H 9C TC")
    h.apply("draw")
    assert h.bonus[0] == (rk.Card.parse("3H"),)
    assert rk.Card.parse("9C") in h.hand_of(0) and len(h.hand_of(0)) == 12


@pytest.mark.parametrize("stock", ["3H", "3D 3H"])
def test_a_red_three_drawn_last_ends_the_hand(stock: str) -> None:
    """[S109] "If the last card drawn is a red 3, it automatically ends the game" (the stock's last
    card, drawn or drawn as a replacement: laid out with no replacement, nobody out)."""
    h = _hand("7C 7D KS KH KD 5C 6D 8S 9H JC QD", stock=stock)
    h.apply("draw")
    assert set(h.bonus[0]) == set(rk.parse_cards(stock)) and len(h.hand_of(0)) == 11
    assert h.is_over and h.how is rk.Termination.STOCK_EXHAUSTED and h.result is not None
    off = attrs.evolve(V, melds=attrs.evolve(V.melds, last_red_three_ends=False))
    g = rk.new_hand(
        off,
        players=4,
        dealer=3,
        hands=["7C 7D KS KH KD 5C 6D 8S 9H JC QD", *_OTHERS],
        discard="7S",
        stock=stock,
    )
    g.apply("draw")
    assert not g.is_over and g.stock_count == 0  # off: play goes on without a stock


def test_a_wild_upcard_is_covered_and_freezes_the_pile() -> None:
    """[S80] "If that card is wild or a red three, another card is turned and placed on top of it.
    That continues until a natural card or a black three is turned up." """
    h = rk.new_hand(
        V,
        players=4,
        dealer=3,
        hands=["7C 7D 7H KS KH KD 5C 6D 8S 9H JC", *_OTHERS],
        discard="2S",
        stock="7S 9C TC",
    )
    assert [str(c) for c in h.discard_pile] == ["2S", "7S"]


def test_taking_the_pile_with_a_natural_pair() -> None:
    """[S80] "A turn begins either by drawing the first card from the stock ... or by picking up the
    entire discard pile"; [S85] "you must first show that you can meld the top card with cards
    currently in your hand" """
    h = _hand("7C 7D AC AD AH 5C 6D 8S 9H JC QD", discard="9S 4H 7S")
    legal = [str(a) for a in h.legal_actions()]
    assert "pickup meld 7C 7D 7S + AC AD AH" in legal  # the sevens count 15 < 50: the aces too
    h.apply("pickup meld 7C 7D 7S + AH AD AC")
    assert h.discard_pile == ()
    assert rk.Card.parse("9S") in h.hand_of(0) and rk.Card.parse("4H") in h.hand_of(0)


def test_the_pile_is_frozen_before_the_side_melds() -> None:
    """[S85] "If your team has not yet melded any cards onto the table ... the discard pile is
    frozen": a natural and a wild do not take it."""
    h = _hand("7C 2D KS KH KD AC AD AH 9H JC QD", discard="9S 7S")
    assert not any(a.word == "pickup" for a in h.legal_actions())
    with pytest.raises(rk.IllegalAction, match="frozen"):
        h.apply("pickup meld 7C 7S 2D + KH KD KS + AC AD AH")


@pytest.mark.parametrize(
    ("seat2", "takes"),
    [("7C 2D 5D 6C 8D 9D TD JH QH AC AD", False), ("7C 7D 5D 6C 8D 9D TD JH QH AC AD", True)],
)
def test_a_wild_in_the_pile_freezes_it_for_a_side_that_melded(seat2: str, takes: bool) -> None:
    """[S85] a wild card in the pile freezes it: only a natural pair of the top card's rank takes it
    (a natural and a wild do not), also for a side that has melded."""
    h = rk.new_hand(
        V,
        players=4,
        dealer=3,
        hands=["KC KD KH KS JK 5C 6D 8S 9H JC QD", _OTHERS[0], seat2, _OTHERS[2]],
        discard="2H 9S",
        stock="QH 7S TC JC",
    )
    h.apply("draw")
    h.apply("meld KC KD KH KS JK")
    h.apply("discard 5C")
    h.apply("draw")  # seat 1 draws 7S
    h.apply("discard 7S")
    assert h.current_player == 2
    assert any(a.word == "pickup" for a in h.legal_actions()) is takes


def test_a_black_three_on_top_blocks_the_pile() -> None:
    """[S85] "If you discard a black three, it freezes the pile until the next discard." """
    h = _hand("3C 3S KS KH KD AC AD AH 9H JC QD", discard="9S 3C")
    assert not any(a.word == "pickup" for a in h.legal_actions())
    with pytest.raises(rk.IllegalAction, match="black three"):
        h.apply("pickup meld 3C 3S 3C")


@pytest.mark.parametrize(
    ("score", "need"), [(-10, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)]
)
def test_the_initial_meld_grows_with_the_side_score(score: int, need: int) -> None:
    """[S80]'s table: a negative score 15, 0-1495 50, 1500-2995 90, 3000 or more 120."""
    assert V.initial_meld.minimum(score=score) == need  # type: ignore[attr-defined]


def test_an_initial_meld_below_the_minimum_is_refused() -> None:
    """[S80] "an initial meld of 6-6-6, K-K-K-2 cannot be made as it scores only 65 points and the
    requirement is 90" """
    h = _hand("6C 6D 6H KS KH KD 2C 8S 9H JC QD", standing=[1600, 0, 1600, 0])
    h.apply("draw")
    with pytest.raises(rk.IllegalAction, match="must count 90"):
        h.apply("meld 6C 6D 6H + KS KH KD 2C")
    h0 = _hand("6C 6D 6H KS KH KD 2C 8S 9H JC QD")  # at 0 the same melds (65) reach 50
    h0.apply("draw")
    h0.apply("meld 6C 6D 6H + KS KH KD 2C")
    assert len(h0.table) == 2


def test_partners_extend_the_sides_melds() -> None:
    """A meld belongs to the side: the partner adds to it, an opponent never ("A player may never
    play to an opponent's meld", the copy of [S80]'s wording)."""
    h = _opened("KC KD KH KS JK 7D 5C 6D 8S 9H JC", stock="QH KS KD TC")
    h.apply("discard 5C")
    h.apply("draw")  # seat 1: KS
    assert not h.is_legal("layoff KS on 1")
    with pytest.raises(rk.IllegalAction, match="other side"):
        h.apply("layoff KS on 1")
    h.apply("discard KS")
    h.apply("draw")  # seat 2, seat 0's partner: KD
    assert h.is_legal("layoff KD on 1")
    h.apply("layoff KD on 1")
    assert len(h.table[0].meld.cards) == 6
    assert [n for n, _ in h.view(2).side_melds()] == [1]


def test_going_out_needs_a_canasta() -> None:
    """[S109] "A player may go out by melding, laying off, or discarding the last card from in hand,
    provided that the partnership has made at least one canasta." """
    h = _opened("KC KD KH KS JK QC QD QH 5C 8S 2C", stock="QS 9C")
    # no canasta: no meld or lay-off may leave fewer than two cards (one to discard, one to keep)
    plays = [a for a in h.legal_actions() if a.word in ("meld", "layoff")]
    assert plays and all(len(h.hand_of(0)) - len(a.cards()) >= 2 for a in plays)
    g = _hand("KC KD KH KS KC KD KH QC QD QH 5C", stock="QS 9C")
    g.apply("draw")
    g.apply("meld KC KC KD KD KH KH KS")  # a natural canasta
    g.apply("meld QC QD QH QS")
    g.apply("discard 5C")
    assert g.is_over and g.how is rk.Termination.WENT_OUT and g.went_out == 0
    # concealed: seat 0 melded nothing before (200 for going out); its partner holds 110
    assert g.result is not None and g.result.team_scores[0] == 70 + 40 + 500 + 200 - 110


def test_two_players_need_two_canastas_and_draw_two() -> None:
    """[S82] "Each player receives 15 cards. A draw from the stock comprises two cards instead of one
    ... A player must have two canastas to go out." """
    h = rk.new_hand(V, players=2, seed=3)
    assert len(h.hand_of(0)) == len(h.hand_of(1)) == 15
    before = len(h.hand_of(h.current_player))  # type: ignore[arg-type]
    h.apply("draw")
    assert len(h.hand_of(h.current_player)) == before + 2  # type: ignore[arg-type]
    assert h.kit.out_canastas(2) == 2 and h.kit.out_canastas(4) == 1


def _settle(**kw: object) -> rk.Settlement:
    return rk.settle(V, rk.Ending(**kw))  # type: ignore[arg-type]


def test_scoring_bonuses() -> None:
    """[S109] "Each side scores the total value of all its melded cards, plus bonus points for each
    natural canasta (500), each mixed canasta (300), going out (100, but 200 if concealed), and each
    red 3 declared"; "Each partnership subtracts the point values of any cards still held" """
    s = _settle(
        went_out=0,
        hands=["", "KS", "5D", "JK"],
        melds=[["7C 7D 7H 7S 7C 7D 7H", "KC KD KH 2C KS KD JK"], ["QC QD QH"], [], []],
        laid_out=[["3H"], [], [], []],
    )
    # side 0: melds 35 + 100 (kings 60, 2 20, JK 50 -> 130) ... counted exactly below
    melds0 = 7 * 5 + (5 * 10 + 20 + 50)
    assert s.team_scores[0] == melds0 + 500 + 300 + 100 + 100 - 5
    assert s.team_scores[1] == 30 - 10 - 50


def test_concealed_going_out_scores_200() -> None:
    """[S109] "going out (100, but 200 if concealed)" """
    s = _settle(
        went_out=0,
        hands=["", "", "", ""],
        melds=[["7C 7D 7H 7S 7C 7D 7H"], [], [], []],
        concealed=[True, False, False, False],
    )
    assert s.team_scores[0] == 35 + 500 + 200


def test_red_threes_all_four_and_against() -> None:
    """[S109] "(100, but 200 points for each if all four are declared by one side)"; "If a side has
    failed to make any meld other than red 3s, then every red 3 counts for 100 against" """
    s = _settle(
        went_out=0,
        hands=["", "", "", ""],
        melds=[["7C 7D 7H 7S 7C 7D 7H"], [], [], []],
        laid_out=[["3H", "3D"], ["3H"], ["3D"], []],
    )
    assert s.team_scores == (35 + 500 + 100 + 2 * 100 + 100, -100)
    s4 = _settle(
        went_out=0,
        hands=["", "", "", ""],
        melds=[["7C 7D 7H 7S 7C 7D 7H"], [], [], []],
        laid_out=[["3H", "3D", "3H"], [], ["3D"], []],
    )
    assert s4.team_scores[0] == 35 + 500 + 100 + 800


def test_two_hand_red_threes_without_the_penalty() -> None:
    """[S82] (two players) "The penalties for red cards and insufficient melds do not apply": with
    ``scoring.red_threes_against = false`` a player who melded nothing counts its red threes for it."""
    two = attrs.evolve(V, scoring=attrs.evolve(V.scoring, red_threes_against=False))
    ending = rk.Ending(
        went_out=0,
        hands=["", "5D KS"],
        laid_out=[[], ["3H", "3D"]],
        melds=[["7C 7D 7H 7S 7C 7D 7H", "8C 8D 8H 8S 8C 8D 8H"], []],
    )
    assert rk.settle(V, ending).scores[1] == -200 - 15
    assert rk.settle(two, ending).scores[1] == 200 - 15


def test_settle_from_counts_side_by_side() -> None:
    """A scorekeeper gives the counts: melded cards, canastas and red threes per seat (or per side,
    on one partner's entry)."""
    by_cards = _settle(
        went_out=0,
        hands=["", "KS", "5D", "JK"],
        melds=[["7C 7D 7H 7S 7C 7D 7H", "KC KD KH 2C KS KD JK"], ["QC QD QH"], [], []],
        laid_out=[["3H"], [], [], []],
    )
    by_counts = _settle(
        went_out=0,
        counts=[0, 10, 5, 50],
        meld_totals=[155, 30, 0, 0],
        canastas=[(1, 1), (0, 0), (0, 0), (0, 0)],
        red_threes=[1, 0, 0, 0],
    )
    assert by_counts.team_scores == by_cards.team_scores


def test_game_to_5000_by_side() -> None:
    """[S80] "The object of the game is to get 5,000 points before your opponents." """
    end = V.game_end
    assert isinstance(end, rk.rules.Target) and end.target == 5000
    v = attrs.evolve(V, game_end=attrs.evolve(end, target=300))
    m = rk.new_match(v, players=4, seed=2)
    m.play([GreedyBot(v, seed=s) for s in range(4)])
    assert m.is_over and m.totals[0] == m.totals[2] and m.totals[1] == m.totals[3]
    assert set(m.winners) in ({0, 2}, {1, 3})


def test_the_greedy_bot_takes_the_pile_and_goes_out_with_a_canasta() -> None:
    """The greedy bot takes the pile when it can use it, builds canastas and goes out with one."""
    bot = GreedyBot(V, seed=1)
    h = _hand("7C 7D AC AD AH 5C 6D 8S 9H JC QD", discard="9S 4H 7S")
    assert bot.choose(h.view(0)).word == "pickup"
    outs = 0
    for seed in range(3):
        hand = play_greedy(V, 4, seed)
        if hand.how is rk.Termination.WENT_OUT:
            outs += 1
            w = hand.went_out
            assert w is not None
            side = V.players.side_of(4, w)
            assert any(len(t.meld.cards) >= 7 for t in hand.table if t.owner in side)
    assert outs >= 1


def test_with_the_stock_out_a_fitting_discard_must_be_taken() -> None:
    """[S109] with no stock "Each player in turn then takes the upcard if it can be melded or layed
    off ... until someone ... cannot use the previous player's discard, when all play ceases"; a copy
    of the Hoyle-style text: "a player must take the discard if the pile is not frozen and if the
    discard matches any previous meld of that player's side"."""
    h = _hand("KC KD KH KS JK 7D 5C 6D 8S 9H JC", stock="QH KD")
    h.apply("draw")  # QH
    h.apply("meld KC KD KH KS JK")
    h.apply("discard 5C")
    h.apply("draw")  # seat 1: KD, the last card of the stock
    h.apply("discard KD")
    assert h.stock_count == 0 and h.current_player == 2  # seat 0's partner: KD goes onto the kings
    assert not h.is_legal("pass")
    with pytest.raises(rk.IllegalAction, match="take the pile"):
        h.apply("pass")
    assert "pickup layoff KD on 1" in [str(a) for a in h.legal_actions()]
    h.apply("pickup layoff KD on 1")
    h.apply(f"discard {h.hand_of(2)[0]}")
    assert h.current_player == 3 and h.is_legal("pass")  # nothing fits seat 3's side: it may pass
    h.apply("pass")
    assert h.is_over and h.how is rk.Termination.STOCK_EXHAUSTED


_SIX = """
extends = "canasta"
[variant]
name = "canasta-for-six"
[players]
min = 6
max = 6
teams = TEAMS
[deck]
decks = 3
[deal]
hand_size = 13
[draw]
stock_cards = 1
[going_out]
canastas = 2
[scoring]
all_red_threes = 1200
[game_end]
target = 7500
"""


@pytest.mark.parametrize("teams", ["[[0, 3], [1, 4], [2, 5]]", "[[0, 2, 4], [1, 3, 5]]"])
def test_six_players_in_partnerships_as_a_house_rule(teams: str) -> None:
    """[S83] "The game may be play with two three-player partnerships, or three two-player
    partnerships ... Three complete decks are used (three 52-card decks, plus 6 jokers, for a total of
    162 cards). Each player is dealt thirteen cards. ... Two canastas are required to go out." """
    from rummykit.sim import simulate

    six = rk.loads_variant(_SIX.replace("TEAMS", teams))
    h = rk.new_hand(six, players=6, seed=2)
    assert len(six.deck.shoe(6)) == 162 and all(len(h.hand_of(s)) == 13 for s in range(6))
    assert h.kit.out_canastas(6) == 2
    report = simulate(six, games=1, players=6, bots="greedy", seed=1)
    assert report.turn_limit == 0 and report.hands_played == 1
    side = six.players.teams_for(6)[0]
    assert len({report.scores[s].mean for s in side}) == 1  # partners share the side's score
