"""Samba's rules, from its sources (labels of docs/sources.md).

Seat 0 starts (the dealer is seat 3); partners are seats 0 and 2, 1 and 3.
A draw from the stock takes its two top cards (``stock[0]`` first).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs
import pytest

import rummykit as rk
from engine_helpers import play_greedy
from play_helpers import Keyboard, play, random_player
from rummykit import llm, svg
from rummykit.bots import GreedyBot
from rummykit.sim import simulate

V = rk.load_variant("samba")
_NS = "{http://www.w3.org/2000/svg}"

# seats 1-3 hold cards that play no part in a test (no threes, no wild cards)
_OTHERS = [
    "4C 5D 6S 8C 9C TC JD QS AH AS 7D 9D JH KS 5C",
    "4D 5S 6C 8D 9H TD JC QH AC AD 7S 9S JS KD 6D",
    "4S 5H 6H 8S 9C TS JH QC KC KH 7H 8H TH QD 6C",
]


def _hand(
    seat0: str,
    *,
    seat2: str | None = None,
    discard: str = "9S",
    stock: str = "8C 8D 9D TC JC QC",
    standing: list[int] | None = None,
) -> rk.Hand:
    others = list(_OTHERS)
    if seat2 is not None:
        others[1] = seat2
    return rk.new_hand(
        V, players=4, dealer=3, hands=[seat0, *others], discard=discard, stock=stock, standing=standing
    )


def _words(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


def test_partnerships_and_player_counts() -> None:
    """[S91] "When you're playing with two, three or five players, everyone plays his or her own game;
    when you're playing with 4 or 6 players, you play with a partner. ... In the event of 6 players,
    all partners are always separated by two other players." """
    assert V.players.teams_for(4) == ((0, 2), (1, 3))
    assert V.players.teams_for(6) == ((0, 3), (1, 4), (2, 5))
    assert V.players.teams_for(2) == V.players.teams_for(3) == V.players.teams_for(5) == ()


def test_three_packs_and_six_jokers_fifteen_cards_each() -> None:
    """[S87] "Three standard 52-card packs plus six jokers for a total of 162 cards." and "The dealer
    distributes 15 cards to each player."; [S91] "When there are 6 players, everyone receives 13 cards." """
    shoe = V.deck.shoe(4)
    assert len(shoe) == 162 and sum(1 for c in shoe if c.is_joker) == 6
    h4 = rk.new_hand(V, players=4, seed=1)
    assert all(len(h4.hand_of(s)) == 15 for s in range(4))
    h6 = rk.new_hand(V, players=6, seed=1)
    assert all(len(h6.hand_of(s)) == 13 for s in range(6))


def test_a_draw_from_the_stock_is_two_cards() -> None:
    """[S87] "When drawing from the stock, a player takes two cards and discards one." """
    h = _hand("4H 5H 7C KC KD KH KS AC AD JC QC 9H 8S 5C 6D", stock="JH TH 8C 8D")
    h.apply("draw")
    assert len(h.hand_of(0)) == 17
    assert {rk.Card.parse("JH"), rk.Card.parse("TH")} <= set(h.hand_of(0))


def test_a_sequence_of_seven_is_a_samba_that_takes_no_more_cards() -> None:
    """[S87] "Three or more cards of the same suit in sequence (ace high, four low) may be melded. ...
    Cards may be added until there are seven cards, at which point the meld becomes a "samba," or
    sequence canasta" """
    h = _hand("4H 5H 6H 7H 8H 9H TH KC KD KH KS AC AD JC QC", stock="JH 2C 8C 8D 9D TC")
    h.apply("draw")
    legal = _words(h)
    assert "meld 4H 5H 6H 7H 8H 9H TH" in legal  # 5 x 4 + 10 x 3 = 50, the first meld's minimum
    assert "meld 4H 5H 6H" not in legal  # 15: short of the minimum
    h.apply("meld 4H 5H 6H 7H 8H 9H TH")
    assert h.table[0].meld.kind is rk.MeldKind.RUN
    from rummykit.engine.side_melds import canasta_of

    assert canasta_of(h, h.table[0]) == "sequence"
    with pytest.raises(rk.IllegalAction, match="no more cards"):
        h.apply("layoff JH on 1")
    assert "meld JC QC KC AC" in _words(h)  # ace high


def test_no_wild_card_and_no_three_in_a_sequence() -> None:
    """[S87] "no sequence meld may contain any wild card"; [S90] "For this purpose, 4 is low and Ace
    is high." """
    h = _hand("3S 4S 5S 6S 7S 2C JK KC KD KH AC AD JC QC 9D")
    h.apply("draw")
    with pytest.raises(rk.IllegalAction, match="no wild card"):
        h.apply("meld 4S 5S 6S 7S 2C + KC KD KH")
    with pytest.raises(rk.IllegalAction, match="never a three"):
        h.apply("meld 3S 4S 5S 6S 7S + KC KD KH")
    groups = [[c for c, _ in g] for a in h.legal_actions() if a.word == "meld" for g in a.groups]  # type: ignore[attr-defined]
    runs = [g for g in groups if rk.Card.parse("4S") in g]
    assert runs and not any(c.rank in (None, rk.Rank.TWO) for g in runs for c in g)


def test_at_most_two_wilds_in_a_group() -> None:
    """[S87] "no regular meld may contain more than two wild cards"; [S90] "A Group may contain no
    more than two wild cards." (also as it grows)."""
    h = _hand("KC KD KH KS 2C 2D JK AC AD JC QC 9D 8S 5C 6D")
    h.apply("draw")
    with pytest.raises(rk.IllegalAction, match="at most 2 wilds"):
        h.apply("meld KC KD KH KS 2C 2D JK")
    h.apply("meld KC KD KH KS 2C 2D")
    assert not h.is_legal("layoff JK on 1")
    with pytest.raises(rk.IllegalAction, match="too many wild cards"):
        h.apply("layoff JK on 1")


def test_two_melds_of_a_rank_combined() -> None:
    """[S87] "A side may have two canastas in the same rank and may combine its melds in the same rank
    at any time." """
    h = _hand("KC KD KH KS KC KD 7C 7D AC AD JC QC 9D 8S 5C")
    h.apply("draw")
    h.apply("meld KC KD KH + KS KC KD")  # two melds of kings (60) as the first meld
    assert len(h.table) == 2
    assert "combine 2 into 1" in _words(h)
    h.apply("combine 2 into 1")
    assert len(h.table) == 1 and len(h.table[0].meld.cards) == 6
    w = _hand("KC KD KH 2C 2D KS KC JK 7C 7D AC AD JC QC 9D")
    w.apply("draw")
    w.apply("meld KC KD KH 2C 2D + KS KC JK")
    with pytest.raises(rk.IllegalAction, match="too many wild cards"):
        w.apply("combine 2 into 1")


def test_the_pile_with_a_natural_pair_before_the_first_meld() -> None:
    """[S87] "The discard pile may be taken only with a natural matching pair or, when it is not frozen,
    the top card can be added to a meld"; before the side's first meld the pile is frozen (as in
    Canasta) and the melds must reach the minimum."""
    h = _hand("7C 7D AC AD AH KC KD KH 9H JC QC 5C 6D 8S 4H", discard="9S 7S")
    takes = [a for a in _words(h) if a.startswith("pickup")]
    assert takes and all(a.startswith("pickup meld 7C 7D 7S + ") for a in takes)
    h.apply(takes[0])
    assert h.discard_pile == () and rk.Card.parse("9S") in h.hand_of(0)


def _opened(seat0: str, meld: str, seat1_discard: str, *, seat2: str) -> rk.Hand:
    """Seat 0 draws, lays ``meld`` and discards 5C; seat 1 draws ``seat1_discard`` (and 4H) and
    discards it: seat 2, seat 0's partner, is to play with it on top of the pile."""
    h = _hand(seat0, seat2=seat2, stock=f"8C 8D {seat1_discard} 4H 9D TC JC QC")
    h.apply("draw")
    h.apply(f"meld {meld}")
    h.apply("discard 5C")
    h.apply("draw")
    h.apply(f"discard {seat1_discard}")
    assert h.current_player == 2
    return h


_SEAT0 = "KC KD KH KS JK 7C 7D AC AD JC QC 9H 8S 5C 6D"


@pytest.mark.parametrize(
    ("seat2", "takes"),
    [
        ("7S 2D 5D 6C 4D 9H TD JC QH AC AD 4S 9S JS KD", False),
        ("7S 7H 5D 6C 4D 9H TD JC QH AC AD 4S 9S JS KD", True),
    ],
)
def test_a_natural_and_a_wild_never_take_the_pile(seat2: str, takes: bool) -> None:
    """[S87] "The discard pile may be taken only with a natural matching pair" (a natural and a wild
    do not take it, frozen or not)."""
    h = _opened(_SEAT0, "KC KD KH KS JK", "7D", seat2=seat2)
    assert any(a.startswith("pickup meld") for a in _words(h)) is takes


def test_the_top_card_onto_a_meld_short_of_a_canasta_never_onto_a_canasta() -> None:
    """[S87] "when it is not frozen, the top card can be added to a meld that is less than a canasta";
    [S89] "You may not pick up the upcard to add to a canasta, but you can use cards from your hand." """
    seat2 = "4S 5D 6C 4D 9H TD JC QH AC AD 8D 9S JS 6S 7S"
    h = _opened(_SEAT0, "KC KD KH KS JK", "KD", seat2=seat2)
    assert "pickup layoff KD on 1" in _words(h)  # five kings: short of a canasta
    full = "KC KD KH KS KC KD KH 7C 7D AC AD JC QC 5C 6D"
    g = _opened(full, "KC KC KD KD KH KH KS", "KS", seat2=seat2)  # a natural canasta of kings
    assert not any(a.startswith("pickup") for a in _words(g))
    with pytest.raises(rk.IllegalAction, match="onto a canasta"):
        g.apply("pickup layoff KS on 1")


def test_the_top_card_onto_a_sequence_never_to_start_one() -> None:
    """[S87] "(including a "sequence meld" ...). The top card may not be taken to start a sequence meld
    or combine with a card from the hand in adding to a sequence meld." """
    seat0 = "8H 9H TH JH QH KH 7C 7D AC AD JC QC 5C 6D 8S"
    seat2 = "QS KS 5D 6C 4D 9H TD JC 4S 7H 8C 8D 9S JS 6S"
    h = _opened(seat0, "8H 9H TH JH QH KH", "AH", seat2=seat2)
    assert "pickup layoff AH on 1" in _words(h)  # the run of six becomes a samba
    s = _opened(seat0, "8H 9H TH JH QH KH", "AS", seat2=seat2)
    assert not any(a.startswith("pickup") for a in _words(s))
    with pytest.raises(rk.IllegalAction):
        s.apply("pickup meld QS KS AS")


@pytest.mark.parametrize(
    ("score", "need"),
    [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (6995, 120), (7000, 160)],
)
def test_the_initial_meld_table(score: int, need: int) -> None:
    """[S87] "Initial meld requirements are as follows: 15 with a minus score; 50 with a score of 0 to
    1,495; 90 with 1,500 to 2,995; 120 with 3,000 to 6,995; 160 over 7,000." """
    assert V.initial_meld.minimum(score=score) == need  # type: ignore[attr-defined]


def test_going_out_needs_two_canastas() -> None:
    """[S87] "A side needs two canastas (mixed, natural, or samba) to go out." """
    one = _hand("KC KD KH KS KC KD KH 4H 5H 6H 7H 8H 9H QC JD", stock="QH QD 8C 8D")
    one.apply("draw")
    one.apply("meld KC KC KD KD KH KH KS")
    one.apply("meld 4H 5H 6H 7H 8H 9H")  # a run of six: one canasta only
    assert not one.is_legal("meld QC QD QH")  # it would leave JD, to discard: going out
    two = _hand("KC KD KH KS KC KD KH 4H 5H 6H 7H 8H 9H TH QC", stock="QH QD 8C 8D")
    two.apply("draw")
    two.apply("meld KC KC KD KD KH KH KS")
    two.apply("meld 4H 5H 6H 7H 8H 9H TH")
    two.apply("meld QC QD QH")
    assert two.is_over and two.went_out == 0
    partner = sum(V.scoring.card_value(c) for c in two.hand_of(2))
    assert two.result is not None
    assert two.result.team_scores[0] == 70 + 50 + 30 + 500 + 1500 + 200 - partner


def _settle(**kw: object) -> rk.Settlement:
    return rk.settle(V, rk.Ending(**kw))  # type: ignore[arg-type]


def test_scoring_samba_bonus_and_all_six_red_threes() -> None:
    """[S87] "ranking as a canasta but receiving a bonus of 1,500", "there is a 200-point bonus for
    going out"; [S89] "If your team has all the red 3s, the bonus is 1,000 points." """
    s = _settle(
        went_out=0,
        hands=["", "KS", "", "JK"],
        melds=[["4H 5H 6H 7H 8H 9H TH", "KC KD KH KS KC KD KH"], ["QC QD QH"], [], []],
        laid_out=[["3H", "3D", "3H", "3D"], [], ["3H", "3D"], []],
    )
    assert s.team_scores == (50 + 70 + 1500 + 500 + 200 + 1000, 30 - 10 - 50)


def test_red_threes_count_against_a_side_without_two_canastas() -> None:
    """[S89] "Deduct penalty points according to the same value as bonus points for red 3s if two
    canastas have not been made by the end of play." """
    s = _settle(
        went_out=0,
        hands=["", "", "", ""],
        melds=[["4H 5H 6H 7H 8H 9H TH", "KC KD KH KS KC KD KH"], ["QC QD QH QS QC QD QH"], [], []],
        laid_out=[["3H"], ["3D"], [], []],
    )
    assert s.team_scores == (50 + 70 + 1500 + 500 + 200 + 100, 70 + 500 - 100)


def test_settle_from_counts_side_by_side() -> None:
    """A scorekeeper gives the counts: melded cards, (natural, mixed, sequence) canastas and red
    threes per seat."""
    by_cards = _settle(
        went_out=0,
        hands=["", "KS", "5D", "JK"],
        melds=[["4H 5H 6H 7H 8H 9H TH", "KC KD KH 2C KS KD"], ["QC QD QH"], [], []],
        laid_out=[["3H"], [], [], []],
    )
    by_counts = _settle(
        went_out=0,
        counts=[0, 10, 5, 50],
        meld_totals=[50 + 70, 30, 0, 0],
        canastas=[(0, 0, 1), (0, 0), (0, 0), (0, 0)],
        red_threes=[1, 0, 0, 0],
    )
    assert by_counts.team_scores == by_cards.team_scores == (50 + 70 + 1500 + 200 - 100 - 5, 30 - 10 - 50)


def test_game_to_10000_by_side() -> None:
    """[S87] "Game is 10,000"; [S89] "To reach game by scoring 10,000 points or more." """
    end = V.game_end
    assert isinstance(end, rk.rules.Target) and end.target == 10000
    v = attrs.evolve(V, game_end=attrs.evolve(end, target=300))
    m = rk.new_match(v, players=4, seed=2)
    m.play([GreedyBot(v, seed=s) for s in range(4)])
    assert m.is_over and m.totals[0] == m.totals[2] and m.totals[1] == m.totals[3]


def test_the_greedy_bot_takes_the_pile_builds_canastas_and_goes_out() -> None:
    """The greedy bot takes the pile when it can use it, builds canastas and sambas and goes out with
    two."""
    h = _hand("7C 7D AC AD AH KC KD KH 9H JC QC 5C 6D 8S 4H", discard="9S 7S")
    assert GreedyBot(V, seed=1).choose(h.view(0)).word == "pickup"
    outs = 0
    for seed in range(2):
        hand = play_greedy(V, 4, seed)
        if hand.how is rk.Termination.WENT_OUT:
            outs += 1
            w = hand.went_out
            assert w is not None
            side = V.players.side_of(4, w)
            assert sum(1 for t in hand.table if t.owner in side and len(t.meld.cards) >= 7) >= 2
    assert outs >= 1


def _short(turns: int = 30) -> rk.Variant:
    return attrs.evolve(V, limits=attrs.evolve(V.limits, max_turns=turns))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_simulate_has_no_stalls_at_any_player_count(players: int) -> None:
    """Greedy self-play ends every hand before the turn limit, at every player count the sources give
    ([S91] "2, 3, 4, 5 or even 6 players")."""
    report = simulate(V, games=2, players=players, bots=("greedy",), seed=players)
    assert report.games == 2 and report.turn_limit == 0


def test_the_play_screen_groups_the_sides_melds_and_shows_the_pile() -> None:
    """The play screen: the pile as its top card and count (frozen or not), the melds by side with
    their canastas, every line within 80 columns."""
    keys = Keyboard(answer=random_player(3, quit_when=lambda s: s.hand is not None and s.hand.turns > 24))
    _, out = play(_short(60), keys, players=4, seed=5, bots=["greedy"])
    assert "Discard pile:" in out and "(top card;" in out
    assert "side's melds" in out or "Melds of" in out
    assert not [line for line in out.splitlines() if len(line) > 80]


def test_the_svg_picture_of_a_seat_shows_no_hidden_card() -> None:
    h = _hand("4H 5H 6H 7H 8H 9H TH KC KD KH KS AC AD JC QC", stock="JH 2C 8C 8D 9D TC")
    h.apply("draw")
    h.apply("meld 4H 5H 6H 7H 8H 9H TH")
    view = h.view(1)
    doc = svg.position(view)
    root = ET.fromstring(doc)
    faces = [
        g.get("data-card", "?") for g in root.iter(f"{_NS}g") if "card" in (g.get("class") or "").split()
    ]
    visible = {str(c) for c in (*view.hand, *view.discard, *(c for t in view.table for c in t.meld.cards))}
    assert all(c in visible for c in faces if c != "?")
    assert "4H" in faces  # the samba on the table


def test_rl_rewards_are_shared_by_partners() -> None:
    """The AEC environment: each partner's reward is the side's score."""
    np = pytest.importorskip("numpy")  # the `rl` extra
    pytest.importorskip("pettingzoo")
    from rummykit.rl import aec_env

    env = aec_env(_short(16), 4)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(5_000):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert totals["player_0"] == totals["player_2"] and totals["player_1"] == totals["player_3"]


def test_the_text_agent_reads_combine() -> None:
    h = _hand("KC KD KH KS KC KD 7C 7D AC AD JC QC 9D 8S 5C")
    h.apply("draw")
    h.apply("meld KC KD KH + KS KC KD")
    assert str(llm.parse(h, "I'll combine meld 2 into meld 1")) == "combine 2 into 1"


BOLIVIA = rk.loads_variant(
    'extends = "samba"\n[variant]\nname = "bolivia"\n[melds]\nwild_melds = true\n[initial_meld]\n'
    "steps = [[0, 50], [1500, 90], [3000, 120], [7000, 150]]\n[going_out]\nsequence_canastas = 1\n"
    "[scoring]\nwild_canasta = 2500\nblack_three_in_hand = 100\n[game_end]\ntarget = 15000\n"
)


def test_bolivia_going_out_needs_a_sequence_canasta() -> None:
    """[S88] "At least one of the two canastas must be a sequence canasta, which in this game is called
    an "escalera" rather than a samba." """
    seat1 = "4C 5D 6S 8C 9C TC JD QS AH AS 7D 9D JH KS 5C"
    for seat0, out in (
        ("QC QD QH QS QC QD QH KC KD KH KS KC KD KH 9C", False),
        ("4H 5H 6H 7H 8H 9H TH KC KD KH KS KC KD KH 9C", True),
    ):
        h = rk.new_hand(BOLIVIA, players=2, dealer=1, hands=[seat0, seat1], discard="7S", stock="9H 9D 8C 8D")
        h.apply("draw")
        for meld in ("meld " + " ".join(seat0.split()[:7]), "meld KC KC KD KD KH KH KS"):
            h.apply(meld)
        assert h.is_legal("meld 9C 9D 9H") is out


def test_bolivia_black_threes_left_in_hand_count_100() -> None:
    """[S88] "A black three left in the hand when any other player (including a partner) goes out counts
    minus 100 points. Black threes melded in going out count 5 points each."; the initial meld "stays at
    150 from 7,000 points up" and "Game is 15,000." """
    s = rk.settle(BOLIVIA, rk.Ending(went_out=0, hands=["", "3C 3S 4D", "3C", ""]))
    assert s.scores[1] == -(100 + 100 + 5) and s.team_scores[0] == 200 - 100
    assert rk.settle(V, rk.Ending(went_out=0, hands=["", "3C 3S 4D", "", ""])).scores[1] == -15
    assert BOLIVIA.initial_meld.minimum(score=8000) == 150  # type: ignore[attr-defined]
    assert BOLIVIA.game_end.target == 15000  # type: ignore[attr-defined]


def test_bolivia_melds_wild_cards_alone() -> None:
    """[S88] "Three or more wild cards may be melded. There is no distinction between deuces and jokers. A
    canasta of seven wild cards, called a "bolivia," counts 2,500." (Samba: "Wild cards may not be melded
    separately" [S87].)"""
    seat1 = "4C 5D 6S 8C 9C TC JD QS AH AS 7D 9D JH KS 5C"
    seat0 = "JK JK 2C 2D 2H 2S KC KD KH KS AC AD JC QC 9H"
    h = rk.new_hand(BOLIVIA, players=2, dealer=1, hands=[seat0, seat1], discard="7S", stock="JK 8D 8C 9D")
    h.apply("draw")  # JK and 8D
    assert "meld 2C 2D JK" in _words(h) and "meld 2C 2D 2H 2S JK JK JK" in _words(h)
    h.apply("meld JK JK 2C 2D 2H 2S JK")  # 150 + 80: a first meld
    from rummykit.engine.side_melds import canasta_of

    assert canasta_of(h, h.table[0]) == "wild"
    assert not h.is_legal("layoff KC on 1")
    s = _hand("JK JK 2C 2D 2H 2S KC KD KH KS AC AD JC QC 9H", stock="JK 8D 8C 9D")
    s.apply("draw")
    with pytest.raises(rk.IllegalAction, match="one rank"):
        s.apply("meld JK JK 2C")
    won = rk.settle(BOLIVIA, rk.Ending(went_out=None, hands=["", ""], melds=[["JK JK 2C 2D 2H 2S JK"], []]))
    assert won.scores[0] == 3 * 50 + 4 * 20 + 2500
