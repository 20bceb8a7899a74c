"""Buraco's rules, from its sources (labels of docs/sources.md; unlabelled
sites named as in variants/buraco.toml's notes).

Seat 0 starts (the dealer is seat 3); partners are seats 0 and 2, 1 and 3.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter

import attrs
import pytest

import rummykit as rk
from engine_helpers import play_greedy
from play_helpers import Keyboard, play, random_player
from rummykit import llm, svg
from rummykit.bots import GreedyBot
from rummykit.melds import MeldKind
from rummykit.melds.wild_runs import read_run, run_groups
from rummykit.sim import simulate

V = rk.load_variant("buraco")
_NS = "{http://www.w3.org/2000/svg}"

# seats 1-3 hold cards that play no part in a test
_OTHERS = [
    "4C 4D 5S 6S 8C 9C TC JD QS AH AS",
    "4H 4S 5D 6C 8D 9D TD JH QH AC AD",
    "5H 6H 8H 9S TS JS QC TH AS 4C 5C",
]


def _hand(seat0: str, *, discard: str = "", stock: str = "8C 9C TC JC QC KC") -> rk.Hand:
    return rk.new_hand(V, players=4, dealer=3, hands=[seat0, *_OTHERS], discard=discard, stock=stock)


def test_players_cards_and_values() -> None:
    """[S93] "There are normally 4 players in two fixed partnerships" and "A 108-card pack is used,
    consisting of two standard 52-card packs with four wild jokers"; [S96] "Number of players: 2 or
    4"; [S93] "Each joker: 20 points; Each two: 10 points; Each ace: 15 points; Each K, Q, J, 10, 9
    or 8: 10 points; Each 7, 6, 5, 4 or 3: 5 points." """
    assert V.players.teams_for(4) == ((0, 2), (1, 3)) and V.players.teams_for(2) == ()
    assert len(V.deck.shoe(4)) == 108
    values = {c: rk.card_value(V, rk.Card.parse(c)) for c in ("JK", "2C", "AS", "KH", "8D", "7C", "3H")}
    assert values == {"JK": 20, "2C": 10, "AS": 15, "KH": 10, "8D": 10, "7C": 5, "3H": 5}


def test_no_upcard_the_first_player_draws() -> None:
    """[S93] "The remaining 42 cards are stacked face down to form the draw pile" (no upcard); [S96]
    "The player that starts the game, buys a card from the deck on the table." """
    h = rk.new_hand(V, players=4, seed=3)
    assert h.discard_pile == ()
    assert [str(a) for a in h.legal_actions()] == ["draw"]


def test_the_whole_pile_is_taken_with_no_condition() -> None:
    """gamevelvet: "there is the option to draw a card from the pack or all cards at the discard
    pile"; no source read requires melding its top card (variants/buraco.toml's notes)."""
    h = _hand("5C 6D 8S 9H JC QD KS AH 4D 7S 3C", discard="KD 2H QH")
    assert [str(a) for a in h.legal_actions()] == ["draw", "pickup"]
    h.apply("pickup")
    assert len(h.hand_of(0)) == 14 and h.discard_pile == ()
    assert h.table == ()  # nothing had to be melded
    with pytest.raises(rk.IllegalAction):
        _hand("5C 6D 8S 9H JC QD KS AH 4D 7S 3C", discard="KD 2H QH").apply("pickup layoff QH on 1")


def test_a_single_card_taken_may_not_be_discarded() -> None:
    """playjoy: "If you draw a single card from the discard pile, you cannot discard it in the same
    turn." """
    h = _hand("5C 6D 8S 9H JC QD KS AH 4D 7S 3C", discard="KD")
    h.apply("pickup")
    assert not h.is_legal("discard KD")
    assert h.is_legal("discard KS")
    h2 = _hand("5C 6D 8S 9H JC QD KS AH 4D 7S 3C", discard="QH KD")
    h2.apply("pickup")
    assert h2.is_legal("discard KD")  # a pile of two cards: either may go back


@pytest.mark.parametrize(
    ("cards", "ok"),
    [("9C 9D 9H", True), ("9C 9D JK", True), ("9C 9D 2S", True), ("9C JK 2S", False), ("9C 9D 2S JK", False)],
)
def test_at_most_one_wild_in_a_set(cards: str, ok: bool) -> None:
    """[S99] "una combinazione può anche contenere una (e una sola) "matta"; non sono ammesse le
    combinazioni di pinelle"; canastra.online "Só é permitido um coringa por abertura"."""
    filler = ["5C", "6D", "8S", "4D", "7S", "TH", "QS", "AC"]
    h = _hand(" ".join([*cards.split(), *filler][:11]), stock="KC")
    h.apply("draw")
    assert h.is_legal(f"meld {cards}") is ok


def test_threes_are_ordinary_cards() -> None:
    """[S93] "Each 7, 6, 5, 4 or 3: 5 points": threes are valued like the low cards and melded like
    any rank (no red threes laid out, no black threes barred)."""
    h = _hand("3H 3D 3C 5C 6D 8S 9H JC QD KS AH", stock="KC")
    assert h.bonus[0] == ()
    h.apply("draw")
    assert h.is_legal("meld 3C 3D 3H")


def test_one_set_of_a_rank_per_side() -> None:
    """eBurraco: "Non si possono calare due combinazioni uguali (esempio: due combinazioni formate da
    tre Jack)": more cards of the rank go onto the side's set."""
    h = _hand("7C 7D 7H 7S 7C 7D 5C 6D 8S 4D 3S", stock="KC")
    h.apply("draw")
    h.apply("meld 7C 7D 7H")
    assert not h.is_legal("meld 7C 7D 7S")
    assert h.is_legal("layoff 7S on 1")


def _others_draw_and_discard(h: rk.Hand, drawn: str) -> None:
    """Seats 1 to 3 each draw and discard the card drawn (``drawn``, in turn)."""
    for card in drawn.split():
        h.apply("draw")
        h.apply(f"discard {card}")


_MORTO = "JC JC JH JS 6D 6D 6H 3S 3S 3H 3D"


def _to_the_morto(first: str) -> rk.Hand:
    """Seat 0 melds ``first`` (seven sevens) and four kings, discards its last card and so takes its side's
    morto for its next turn; seats 1 to 3 draw and discard."""
    h = rk.new_hand(
        V, players=4, dealer=3, hands=[first + " KC KD KH KS", *_OTHERS], discard="",
        stock="3C 9H 8S TH 5C", second_hands=[_MORTO, "AC 6C 8C 9C TC QC KC QD QD KD 4D", "", ""],
    )  # fmt: skip
    h.apply("draw")
    h.apply(f"meld {first}")
    h.apply("meld KC KD KH KS")
    h.apply("discard 3C")  # the hand played out by the discard: the morto is taken, played next turn
    assert h.second_taken[0] and len(h.hand_of(0)) == 11
    _others_draw_and_discard(h, "9H 8S TH")
    h.apply("draw")  # 5C
    for meld in ("JC JC JH JS", "6D 6D 6H"):
        h.apply(f"meld {meld}")
    return h


def test_the_morto_is_taken_by_the_first_of_a_side_to_run_out() -> None:
    """[S93] "two 11-card piles (mortos) ... put aside to be taken by the first player of each team who
    runs out of cards"; [S98] "dovrà scartare e poi prendere il pozzetto per continuare il suo gioco"
    (by the discard: played from the next turn)."""
    h = _to_the_morto("7C 7C 7D 7D 7H 7H 7S")
    assert h.second_counts[0] == 0 and h.second_counts[1] == 11
    assert len(h.hand_of(0)) == 5


def test_going_out_needs_the_morto_and_a_clean_canasta() -> None:
    """[S94] "Só pode-se bater com uma canastra limpa": with the morto taken, a side holding only a
    dirty canasta may not discard its last card; [S96] "Beat = 100 points"."""
    dirty = _to_the_morto("7C 7C 7D 7D 7H 7S JK")
    assert not dirty.is_legal("meld 3D 3H 3S 3S")  # it would leave the last card, to be discarded
    with pytest.raises(rk.IllegalAction, match="natural"):
        dirty.apply("meld 3D 3H 3S 3S")
    clean = _to_the_morto("7C 7C 7D 7D 7H 7H 7S")
    clean.apply("meld 3D 3H 3S 3S")
    clean.apply("discard 5C")
    assert clean.is_over and clean.how is rk.Termination.WENT_OUT and clean.went_out == 0
    assert clean.result is not None
    # side 1 never took its morto: 100 against it
    assert any("second hand never picked up" in r for r in clean.result.reasons)


def test_a_side_that_never_took_its_morto_loses_100() -> None:
    """[S96] "If the player or the adversary double don't get the "dead" deck, 100 points must be
    subtracted from the final score"."""
    s = rk.settle(V, rk.Ending(went_out=None, hands=["", "", "", ""], melds=[[], [], [], []],
                               second_hands=["", "AC 6C 8C 9C TC QC KC QD QD KD 4D", "", ""]))  # fmt: skip
    assert s.team_scores == (0, -100)


def test_scoring_clean_dirty_and_going_out() -> None:
    """[S94] "a canastra "limpa" (sem curingas) vale 200 pontos, a "suja" vale 100 pontos e os jogos
    que não chegaram a formar canastra valem apenas a soma dos pontos de suas cartas"; [S96] "Beat =
    100 points"."""
    s = rk.settle(
        V,
        rk.Ending(
            went_out=0,
            hands=["", "KS 4D", "", "JK"],
            melds=[["7C 7D 7H 7S 7C 7D 7H", "KC KD 2C"], ["QC QD QH"], [], []],
        ),
    )
    # side 0: 35 + 30 melded, 200 clean, 100 out; side 1: 30 melded (no clean canasta: against) - 15 - 20
    assert s.team_scores == (365, -65)


def test_without_a_clean_canasta_everything_counts_against() -> None:
    """[S94] "caso a dupla não tenha uma limpa, é descontado todos jogos e cartas" (a dirty canasta
    earns nothing then: our reading)."""
    s = rk.settle(
        V,
        rk.Ending(went_out=None, hands=["5C", "", "", ""], melds=[["8C 8D 8H 8S 8C 8D JK"], [], [], []]),
    )
    assert s.team_scores == (-(6 * 10 + 20) - 5, 0)


def test_game_to_3000() -> None:
    """[S94] "Jogam-se várias rodadas ... até que se atinjam 3 000 ou 5 000 pontos." """
    assert isinstance(V.game_end, rk.rules.Target) and V.game_end.target == 3000


def test_two_players_each_alone() -> None:
    """[S96] "With two people, the game occurs in a 1 vs. 1 mode"."""
    h = rk.new_hand(V, players=2, seed=1)
    assert V.players.teams_for(2) == ()
    assert len(h.hand_of(0)) == len(h.hand_of(1)) == 11


@pytest.mark.parametrize(
    ("cards", "ok"),
    [
        ("4H 5H 6H", True),
        ("4H 2C 6H", True),  # the two stands for the 5H
        ("AH 2H 3H JK", True),  # the 2H natural in its place, the joker the one wild
        ("QH KH AH", True),
        ("AH 2H 3H", True),
        ("KH AH 3H", False),  # no K-A-2 (and a gap)
        ("4H 2C JK 7H", False),  # two wild cards
        ("4H 5S 6H", False),  # one suit
        ("AH 2H 3H 2C JK", False),  # a natural two, and two wilds
    ],
)
def test_runs_with_at_most_one_wild(cards: str, ok: bool) -> None:
    """[S93] "sequences in a suit" and "The twos ... can be used either as wild cards or as natural twos
    in sequences"; [S99] "Una scala, con l'asso prima del due o dopo i re" and "una (e una sola)
    matta"; playjoy "A combination can include two twos, as long as one acts as a wild card and the
    other keeps its natural rank"."""
    filler = ["5C", "6D", "8S", "4D", "7S", "TH", "QS", "AC", "9D", "JD", "KD"]
    h = _hand(" ".join([*cards.split(), *filler][:11]), stock="KC")
    h.apply("draw")
    assert h.is_legal(f"meld {cards}") is ok


def test_a_run_grows_at_its_ends_with_one_wild_at_most() -> None:
    """[S98] "Le sequenze ... può essere continuata in entrambe le direzioni" (eBurraco) and at most one
    wild card in a meld [S99]; a side may hold two runs of a suit (two packs)."""
    h = _hand("4H 5H 6H 7H 8H 9H JK 2C 5C 6D 8S", stock="3H")
    h.apply("draw")
    h.apply("meld 5H 6H 7H")
    assert (
        h.is_legal("layoff 4H on 1")
        and h.is_legal("layoff 8H on 1")
        and h.is_legal("layoff 3H on 1") is False
    )
    h.apply("layoff 4H on 1")
    h.apply("layoff 3H on 1")
    h.apply("layoff JK on 1")
    assert str(h.table[0].meld) == "3H 4H 5H 6H 7H JK=8H"
    assert not h.is_legal("layoff 2C on 1")  # a second wild
    assert not h.is_legal("layoff 8H on 1")  # its place is the joker's


def test_a_run_of_seven_is_a_canasta_clean_with_a_natural_two() -> None:
    """[S94] "canastras (sequência de sete ou mais cartas de mesmo naipe)", clean "sem curingas" (200),
    dirty 100; a two in its own place is natural [S93]."""
    s = rk.settle(
        V,
        rk.Ending(
            went_out=None, hands=["", "", "", ""],
            melds=[["AH 2H 3H 4H 5H 6H 7H"], ["8C 9C TC JC QC KC JK"], [], []],
        ),
    )  # fmt: skip
    # side 0: 15 + 10 + 25 + 200 clean; side 1: a dirty canasta only: its melds count against it
    assert s.team_scores == (250, -(60 + 20))


def test_the_greedy_bot_takes_a_useful_pile_builds_canastas_and_goes_out() -> None:
    """The greedy bot takes the pile when its cards go with the hand, draws otherwise, and goes out
    with a clean canasta once its side has taken its morto."""
    useful = _hand("7C 7D 5C 6D 8S 9H JC QD KS AH 4D", discard="3S 7H")
    assert GreedyBot(V, seed=1).choose(useful.view(0)).word == "pickup"
    useless = _hand("7C 7D 5C 6D 8S 9H JC QD KS AH 4D", discard="3S")
    assert GreedyBot(V, seed=1).choose(useless.view(0)).word == "draw"
    outs = 0
    for seed in range(3):
        hand = play_greedy(V, 4, seed)
        if hand.how is rk.Termination.WENT_OUT:
            outs += 1
            w = hand.went_out
            assert w is not None
            side = V.players.side_of(4, w)
            assert any(hand.second_taken[s] for s in side)
            assert any(t.owner in side and len(t.meld.cards) >= 7 and t.meld.is_pure for t in hand.table)
    assert outs >= 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_has_no_stalls_at_any_player_count(players: int) -> None:
    """Greedy self-play ends every hand before the turn limit with two, three and four players."""
    report = simulate(V, games=2, players=players, bots=("greedy",), seed=players)
    assert report.games == 2 and report.turn_limit == 0


def _short(turns: int = 30) -> rk.Variant:
    return attrs.evolve(V, limits=attrs.evolve(V.limits, max_turns=turns))


def test_the_play_screen_shows_the_pile_the_sides_melds_and_the_mortos() -> None:
    """The play screen: the pile as its top card and count, the melds by side, the mortos as counts,
    every line within 80 columns."""
    keys = Keyboard(answer=random_player(3, quit_when=lambda s: s.hand is not None and s.hand.turns > 24))
    _, out = play(_short(60), keys, players=4, seed=5, bots=["greedy"])
    assert "Discard pile:" in out
    assert "side's melds" in out or "Melds of" in out
    assert "second #" in out or "morto" in out.lower()
    assert not [line for line in out.splitlines() if len(line) > 80]


def test_the_svg_picture_of_a_seat_shows_no_hidden_card() -> None:
    h = _hand("4H 5H 6H 7H 8H 9H JK KC KD KH KS", stock="3C 2C 8C")
    h.apply("draw")
    h.apply("meld 4H 5H 6H 7H 8H 9H JK")
    view = h.view(1)
    root = ET.fromstring(svg.position(view))
    faces = [
        g.get("data-card", "?") for g in root.iter(f"{_NS}g") if "card" in (g.get("class") or "").split()
    ]
    visible = {str(c) for c in (*view.hand, *view.discard, *(c for t in view.table for c in t.meld.cards))}
    assert all(c in visible for c in faces if c != "?")
    assert "JK" in faces and "4H" in faces  # the dirty canasta on the table


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
        assert obs is not None
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert totals["player_0"] == totals["player_2"] and totals["player_1"] == totals["player_3"]


def test_settle_from_counts_side_by_side() -> None:
    """A scorekeeper's counts: melded cards, (clean, dirty) canastas, cards left in hand and a morto
    never taken ([S96] "100 points must be subtracted ... as well as all the points from the remaining
    cards in their hands")."""
    s = rk.settle(
        V,
        rk.Ending(
            went_out=0, counts=[0, 35, 0, 0], meld_totals=[180, 60, 0, 0],
            canastas=[(1, 1), (0, 0), (0, 0), (0, 0)], second_left=[None, 0, None, None],
        ),
    )  # fmt: skip
    # side 0: 180 + 200 + 100 + 100 out; side 1: no clean canasta, 60 against, 35 in hand, 100 for the morto
    assert s.team_scores == (580, -195)


def test_the_text_agent_takes_the_whole_pile() -> None:
    h = _hand("5C 6D 8S 9H JC QD KS AH 4D 7S 3C", discard="KD 2H QH")
    assert str(llm.parse(h, "I take the whole pile")) == "pickup"
    assert str(llm.parse(h, "I'll pick up the entire discard pile")) == "pickup"


def test_sequences_only_where_sets_are_off() -> None:
    """jogatina's table of the Brazilian modalities: "Vale Trinca? Buraco Aberto NÃO" (no sets in
    Buraco Aberto): ``melds.sets = false`` leaves runs only."""
    aberto = rk.loads_variant('extends = "buraco"\n[variant]\nname = "aberto"\n[melds]\nsets = false\n')
    h = rk.new_hand(aberto, players=4, dealer=3, hands=["7C 7D 7H 4H 5H 6H 9C 5C 6D 8S 3S", *_OTHERS],
                    discard="", stock="KC")  # fmt: skip
    h.apply("draw")
    assert not h.is_legal("meld 7C 7D 7H") and h.is_legal("meld 4H 5H 6H 7H")
    assert all(len({c.suit for c in a.cards()}) == 1 for a in h.legal_actions() if a.word == "meld")


def test_a_run_from_ace_to_ace_where_the_house_allows_it() -> None:
    """eBurraco: "L'asso nelle sequenze è unico" (one ace in a run: the default); playjoy "Runs from ace
    to ace are allowed" and [S94] "muitos jogos permitem as canastras de ás a Rei e de ás a ás"
    (``melds.ace_to_ace``)."""
    run = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    assert rk.settle(V, rk.Ending(went_out=None, hands=["", "", "", ""], melds=[[run[:-3]], [], [], []]))
    with pytest.raises(rk.RummyError):
        rk.settle(V, rk.Ending(went_out=None, hands=["", "", "", ""], melds=[[run], [], [], []]))
    house = rk.loads_variant('extends = "buraco"\n[variant]\nname = "a-to-a"\n[melds]\nace_to_ace = true\n')
    s = rk.settle(house, rk.Ending(went_out=None, hands=["", "", "", ""], melds=[[run], [], [], []]))
    assert s.team_scores == (2 * 15 + 10 + 5 * 5 + 6 * 10 + 200, 0)


def test_side_runs_read_as_the_general_classifier_reads_runs() -> None:
    """A side's run holding a wild (melds/wild_runs.py) is a run exactly where the general meld
    classifier, given the same rules (ace low or high, at most one wild, a two natural in its own
    place), reads one, with as many wild cards; and every run the meld candidates list reads as one."""
    general = rk.loads_variant(
        'extends = "straight"\n[ranking]\nace = "either"\n[deck]\ndecks = 2\njokers_per_deck = 2\n'
        'wild_ranks = ["2"]\n[melds]\nkind = "standard"\nwild_limit = "at-most-one"\nmin_naturals = 2\n'
        'set_suits = "any"\nset_max = 0\nsets = false\n'
    )
    two = lambda c: c.is_joker or c.rank is rk.Rank.TWO  # noqa: E731
    shoe = list(general.deck.shoe(2))
    rng = random.Random(5)
    for _ in range(400):
        suit = rng.choice("CDHS")
        pool = [c for c in shoe if c.suit is None or str(c).endswith(suit) or c.rank is rk.Rank.TWO]
        cards = rng.sample(pool, rng.randint(3, 6))
        ours = read_run(cards, is_wild=two)
        theirs = rk.classify_meld(general, cards)
        theirs = theirs if theirs is not None and theirs.kind is MeldKind.RUN else None
        assert (ours is None) == (theirs is None), cards
        assert ours is None or theirs is None or ours.wild_count == theirs.wild_count
    for _ in range(20):
        hand = rng.sample(shoe, 15)
        assert all(read_run(g, is_wild=two) is not None for g in run_groups(hand, is_wild=two))


_MORTO_1 = "AC 6C 8C 9C TC QC KC QD QD KD 4D"
_ENDS = attrs.evolve(V, second_hand=attrs.evolve(V.second_hand, untaken_becomes_stock=False))
"""Buraco where the hand ends when the stock runs out, a morto still waiting."""


def _morto_by_discard(stock: str, v: rk.Variant = V) -> rk.Hand:
    """Seat 0 melds its hand but for one card, discards it and so takes its side's morto by the
    discard ("indirect"); seats 1 to 3 then draw and discard ``stock``'s next three cards."""
    h = rk.new_hand(
        v, players=4, dealer=3, hands=["7C 7C 7D 7D 7H 7H 7S KC KD KH KS", *_OTHERS], discard="",
        stock=stock, second_hands=[_MORTO, _MORTO_1, "", ""],
    )  # fmt: skip
    h.apply("draw")
    h.apply("meld 7C 7C 7D 7D 7H 7H 7S")
    h.apply("meld KC KD KH KS")
    h.apply("discard 3C")
    assert h.second_taken[0] and h.second_unplayed == (v.second_hand.taken_once_played(), False, False, False)
    return h


def _whole_stock(first: str) -> str:
    """``first`` and then every card of the shoe that _morto_by_discard deals nowhere else (a
    position holds the whole shoe)."""
    dealt = Counter(
        rk.parse_cards(" ".join(["7C 7C 7D 7D 7H 7H 7S KC KD KH KS", *_OTHERS, first, _MORTO, _MORTO_1]))
    )
    rest = Counter(V.deck.shoe(4)) - dealt
    return " ".join([first, *map(str, sorted(rest.elements()))])


def test_a_morto_taken_by_the_discard_and_not_played_counts_as_not_taken() -> None:
    """[S96] "If one player buy the "dead" deck by indirect beat and the other player finish the game
    before reaching his turn again, the "dead" deck score is not counted and it's punished as it was
    not bought." The stock runs out before seat 0's next turn: its side loses the 100 and the morto's
    cards are not counted against seat 0."""
    h = _morto_by_discard("3C 9H 8S TH", _ENDS)
    _others_draw_and_discard(h, "9H 8S TH")
    assert h.is_over and h.how is rk.Termination.STOCK_EXHAUSTED
    assert h.result is not None
    assert any("seat 0: second hand never picked up: -100" in r for r in h.result.reasons)
    at_once = attrs.evolve(V, second_hand=attrs.evolve(_ENDS.second_hand, untaken_until_played=False))
    h_off = _morto_by_discard("3C 9H 8S TH", at_once)
    _others_draw_and_discard(h_off, "9H 8S TH")
    off = h_off.result
    assert off is not None and h_off.how is rk.Termination.STOCK_EXHAUSTED
    assert not any("seat 0: second hand never picked up" in r for r in off.reasons)
    morto = sum(rk.card_value(V, c) for c in rk.parse_cards(_MORTO))
    assert off.team_scores[0] - h.result.team_scores[0] == 100 - morto  # the morto's cards in hand instead


def test_a_morto_taken_by_the_discard_counts_once_its_taker_plays() -> None:
    """[S96] (as above): once seat 0's turn comes again, the morto it took by the discard counts as
    taken; before, its partner may not go out [ours: the side has not taken its morto]."""
    h = _morto_by_discard(_whole_stock("3C 9H 8S TH 5C"))
    text = rk.position(h)
    assert "second_unplayed" in text and rk.from_position(V, text).second_unplayed == h.second_unplayed
    _others_draw_and_discard(h, "9H 8S TH")
    assert not h.is_over and h.second_unplayed == (False, False, False, False)
    assert rk.replay(h.record()).second_unplayed == h.second_unplayed


def test_a_partner_may_not_go_out_while_the_morto_waits_for_its_taker() -> None:
    """[S96] (as above) [ours: the side has not taken its morto yet]: seat 2, holding one card with a
    clean canasta on its side, may not discard it to go out while seat 0's morto, taken by the
    discard, waits for seat 0's next turn; once seat 0 has played, it may."""
    h = _morto_by_discard(_whole_stock("3C 9H 8S TH 5C"))
    h.apply("draw")
    h.apply("discard 9H")
    fields = dict(f.split(" ", 1) for f in rk.position(h).split("; "))
    hands = fields["hands"].split(" / ")
    rest = hands[2].split()
    hands[2] = rest.pop()
    fields.update(phase="play", hands=" / ".join(hands), stock=" ".join([*rest, fields["stock"]]))
    fields.update(own_turns="1 1 1 0", draws="1 1 1 0")
    waiting = rk.from_position(V, "; ".join(f"{k} {x}" for k, x in fields.items()))
    assert waiting.current == 2 and waiting.second_unplayed[0]
    assert not waiting.is_legal(f"discard {hands[2]}")
    with pytest.raises(rk.IllegalAction, match="untaken_until_played"):
        waiting.apply(f"discard {hands[2]}")
    del fields["second_unplayed"]
    played = rk.from_position(V, "; ".join(f"{k} {x}" for k, x in fields.items()))
    assert played.is_legal(f"discard {hands[2]}")


def test_second_unplayed_in_a_position_is_checked() -> None:
    """A position may not hold a morto waiting for a seat that has not taken it."""
    h = _morto_by_discard(_whole_stock("3C 9H 8S TH 5C"))
    text = rk.position(h)
    assert "second_unplayed 1 0 0 0" in text
    with pytest.raises(rk.RummyError, match="second_unplayed"):
        rk.from_position(V, text.replace("second_unplayed 1 0 0 0", "second_unplayed 0 0 1 0"))


def test_untaken_until_played_needs_the_indirect_pickup() -> None:
    """The option speaks of a morto taken by the discard: without second_hand.indirect it is refused
    at its key."""
    text = 'extends = "buraco"\n\n[second_hand]\nindirect = false\n'
    with pytest.raises(rk.RummyError, match=r"second_hand\.untaken_until_played"):
        rk.loads_variant(text)


def _draw_and_discard_until_over(h: rk.Hand, turns: int) -> None:
    """Each player in turn draws and discards the card drawn, ``turns`` times or until the hand ends."""
    for _ in range(turns):
        if h.is_over:
            return
        before = h.hand_of(h.current)
        h.apply("draw")
        drawn = (Counter(h.hand_of(h.current)) - Counter(before)).most_common(1)[0][0]
        h.apply(f"discard {drawn}")


def _mortos_waiting(v: rk.Variant = V, stock: str = "3C 9H 8S TH") -> rk.Hand:
    return rk.new_hand(v, players=4, dealer=3, hands=["7C 7C 7D 7D 7H 7H 7S KC KD KH KS", *_OTHERS],
                       discard="", stock=stock, second_hands=[_MORTO, _MORTO_1, "", ""])  # fmt: skip


def test_an_untaken_morto_becomes_the_stock_when_the_stock_runs_out() -> None:
    """gamevelvet: "In case the pack of cards end before the match ends, and there is still an extra
    hand, this extra pile must be moved to the pack and the game continues."; "For the ones that didn't
    draw the extra pile, a hundred points are discounted." Both mortos wait: the side of seat 0, the
    first to draw, gives the new stock [ours]; then the other side's; then the hand ends."""
    h = _mortos_waiting()
    _draw_and_discard_until_over(h, 4)
    assert not h.is_over and h.current == 0 and h.phase is rk.Phase.DRAW
    assert h.second_stocked == (True, False, False, False) and h.second_counts == (0, 11, 0, 0)
    assert sorted(h.stock) == sorted(rk.parse_cards(_MORTO)) and not any(h.second_taken)
    _draw_and_discard_until_over(h, 11)
    assert h.second_stocked == (True, True, False, False) and len(h.stock) == 11
    _draw_and_discard_until_over(h, 12)
    assert h.is_over and h.how is rk.Termination.STOCK_EXHAUSTED and h.result is not None
    assert sum("second hand never picked up: -100" in r for r in h.result.reasons) == 2
    assert rk.replay(h.record()).second_stocked == (True, True, False, False)
    ends = _mortos_waiting(_ENDS)
    _draw_and_discard_until_over(ends, 4)
    assert ends.is_over and ends.how is rk.Termination.STOCK_EXHAUSTED


def test_a_side_whose_morto_became_the_stock_may_not_play_out_its_hand() -> None:
    """gamevelvet: "If a duo that already draw the extra pile goes out again, the match is over" (going
    out needs the morto taken); its morto gone into the stock, the side may not play out its hand
    [ours]: seat 0 may not meld its kings and leave one card to discard."""
    h = _mortos_waiting()
    _draw_and_discard_until_over(h, 4)
    h.apply("draw")
    h.apply("meld 7C 7C 7D 7D 7H 7H 7S")
    assert len(h.hand_of(0)) == 5
    assert not h.is_legal("meld KC KD KH KS")
    with pytest.raises(rk.IllegalAction, match="untaken_becomes_stock"):
        h.apply("meld KC KD KH KS")


def test_the_text_prompt_tells_a_morto_that_became_the_stock() -> None:
    """Which morto became the stock is public (gamevelvet: the extra pile "must be moved to the pack"):
    the prompt tells its holder and the others, and the side may not play out its hand [ours]."""
    h = _mortos_waiting()
    _draw_and_discard_until_over(h, 4)
    assert h.second_stocked[0]
    assert "Your second hand became the stock" in llm.prompt(h, 0)
    assert "Seat 0: 11 cards in hand, whose second hand became the stock." in llm.prompt(h, 1)
    assert "became the stock" not in llm.prompt(_mortos_waiting(), 1)


def test_a_morto_become_the_stock_in_a_position() -> None:
    """Positions hold which morto became the stock (second_stocked), and refuse one that did not."""
    h = _mortos_waiting(stock=_whole_stock("3C 9H 8S TH"))
    _draw_and_discard_until_over(h, 42)
    assert h.second_stocked == (True, False, False, False) and len(h.stock) == 11
    text = rk.position(h)
    assert "second_stocked 1 0 0 0" in text
    assert rk.from_position(V, text).second_stocked == h.second_stocked
    with pytest.raises(rk.RummyError, match="second_stocked"):
        rk.from_position(V, text.replace("second_stocked 1 0 0 0", "second_stocked 0 0 1 0"))
    with pytest.raises(rk.RummyError, match="second_stocked"):
        rk.from_position(_ENDS, text)
