"""Continental rummy, rule by rule.

Sources by their labels in docs/sources.md: [S2] (Cats at Cards,
"Continental Rum") throughout, [S53] (Bicycle) for the deal and the draw.
"""

from __future__ import annotations

import attrs
import pytest

import rummykit as rk
from rummykit.engine import Declare, MeldAction

V = rk.load_variant("continental")


def cards(text: str) -> tuple[rk.Card, ...]:
    return rk.parse_cards(text)


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


@pytest.mark.parametrize(("players", "decks"), [(2, 2), (5, 2), (6, 3), (8, 3), (9, 4), (12, 4)])
def test_fifteen_cards_each_from_two_three_or_four_decks_with_jokers_s002(players: int, decks: int) -> None:
    """[S2]: "Players | Decks Used: 2, 3, 4, or 5 | 2; 6, 7, or 8 | 3; 9, 10,
    11, or 12 | 4"; "Each of these decks ... consists of the standard 52 card
    deck plus one Joker"; "each player receives 15 face down cards". [S53]:
    an upcard starts the discard pile."""
    h = rk.new_hand(V, players=players, seed=players, dealer=players - 1)
    shoe = h.cards_in_play()
    assert len(shoe) == 53 * decks
    assert sum(1 for c in shoe if c.is_joker) == decks
    view = h.view(0)
    assert view.hand_counts == (15,) * players
    assert len(view.discard) == 1 and view.stock_count == 53 * decks - 15 * players - 1
    assert h.current_player == 0


def test_runs_only_groups_not_permissible_s002() -> None:
    """[S2]: "Sequences are the only legal meld types, with groups not
    permissible. As part of his melds a player may have multiple sequence
    melds in the same suit. Jokers are wild cards"."""
    assert rk.classify_meld(V, cards("7H 7D 7S")) is None
    assert rk.classify_meld(V, cards("7H 7D JK")) is None
    assert rk.classify_meld(V, cards("7H 8H 9H")) is not None
    joker = rk.classify_meld(V, cards("6S 7S JK 9S"))
    assert joker is not None and joker.represents == cards("6S 7S 8S 9S")
    two_decks = ["AH 2H 3H", "AH 2H 3H", "4H 5H 6H", "7H 8H 9H", "TH JH QH"]
    assert rk.check_declaration(V, two_decks) == []


def test_ace_either_end_never_around_the_corner_s002() -> None:
    """[S2]: "Aces can be used either at the top of a sequence including the
    King or at the bottom of a sequence including the two. Sequences can never
    go around the corner"."""
    assert rk.classify_meld(V, cards("AC 2C 3C")) is not None
    assert rk.classify_meld(V, cards("QC KC AC")) is not None
    assert rk.classify_meld(V, cards("KC AC 2C")) is None


@pytest.mark.parametrize(
    "groups",
    [
        ["AH 2H 3H 4H 5H", "6S 7S 8S 9S", "TC JC QC", "JD QD KD"],  # 5+4+3+3
        ["AH 2H 3H 4H", "6S 7S 8S 9S", "TC JC QC KC", "JD QD KD"],  # 4+4+4+3
        ["AH 2H 3H", "4H 5H 6H", "6S 7S 8S", "TC JC QC", "JD QD KD"],  # 3+3+3+3+3
        ["2S 3S 4S 5S", "6S 7S 8S", "9S TS JS QS KS", "9D TD JD"],  # 2S-8S cut 4+3
        ["AH 2H 3H 4H 5H 6H", "6S 7S 8S", "TC JC QC", "JD QD KD"],  # shown 6+3+3+3: cut 3+3 (issue 15)
    ],
)
def test_the_three_going_out_patterns_s002(groups: list[str]) -> None:
    """[S2]: "the players melds must fit into one of the following patterns:
    One five card sequence, one four card sequence, and two three card
    sequences / Three four card sequences and one three card sequence / Five
    three card sequences" (a longer run may be cut into legal pieces)."""
    assert rk.check_declaration(V, groups, deadwood=cards("KS")) == []


@pytest.mark.parametrize(
    ("groups", "reason"),
    [
        (["AH 2H 3H 4H 5H", "6H 7H 8H 9H TH", "9S TS JS QS KS"], "5+5+5 fit none of the patterns"),
        (["AH 2H 3H 4H 5H", "6S 7S 8S 9S", "TC JC QC", "JD JH JS"], "sets are not melds"),
    ],
)
def test_other_patterns_and_groups_are_refused_s002(groups: list[str], reason: str) -> None:
    """[S2]: only the three patterns go out (5+5+5 is not one), and groups are
    never melds."""
    problems = rk.check_declaration(V, groups)
    assert problems and any(reason in p for p in problems), problems


def three_players() -> rk.Hand:
    """Dealer 0: seat 1 starts and holds 15 cards that fit 5+4+3+3 with both
    jokers; it draws KC."""
    return rk.new_hand(
        V,
        players=3,
        dealer=0,
        hands=[
            "2C 3C 4C 9D 9C KS QS JD 5H 6S 7C 8C TC AD 2D",
            "AH 2H 3H 4H 5H 6S 7S JK 9S TC JC QC JD QD JK",
            "2S 3S 4S 5S 8S 9S TS JS QS AS 3H 4H 8H 9H KH",
        ],
        discard="8D",
        stock="KC 5D 6D",
    )


def test_no_melds_until_the_whole_hand_goes_down_with_a_discard_s002() -> None:
    """[S2]: "a player may never make intermediary melds and must meld his
    entire hand at once when he can"; "When a player goes out by melding all
    15 cards at once (and discarding one card)"."""
    h = three_players()
    h.apply("draw")  # KC
    assert not any(isinstance(a, MeldAction) for a in h.legal_actions())
    with pytest.raises(rk.IllegalAction, match="meld_timing all-at-once"):
        h.apply("meld AH 2H 3H 4H 5H")
    assert any(isinstance(a, Declare) and a.discard is not None for a in h.legal_actions())
    with pytest.raises(rk.IllegalAction, match="needs a final discard"):
        h.apply("declare AH 2H 3H 4H 5H + 6S 7S JK=8S 9S + TC JC QC KC + JD QD JK=KD")
    with pytest.raises(rk.IllegalAction, match="shows every card in hand"):  # two cards left over
        h.apply("declare AH 2H 3H 4H 5H + 6S 7S JK=8S 9S + TC JC QC discard KC")


def test_winner_collects_one_plus_two_per_joker_from_each_opponent_s002() -> None:
    """[S2]: "he collects one point from each opponent for winning the hand. In
    addition, he collects an additional two points from each other player for
    every Joker he used in his melds. Each other player would then subtract
    the appropriate number"."""
    h = three_players()
    h.apply("draw")
    h.apply("declare AH 2H 3H 4H 5H + 6S 7S JK=8S 9S + TC JC QC + JD QD JK=KD discard KC")
    assert h.is_over and h.result is not None
    assert h.result.how is rk.Termination.DECLARED and h.result.winners == (1,)
    assert h.result.scores == (-5, 10, -5)


def test_winner_without_jokers_collects_one_from_each_s002() -> None:
    """[S2]: the payment is "one point from each opponent", plus 2 per joker:
    a natural hand collects just 1 (the no-wild bonus is only a variant)."""
    e = rk.Ending(
        went_out=2,
        hands=["KS", "QS", "", "2D"],
        melds=[[], [], ["AH 2H 3H 4H 5H", "6S 7S 8S 9S", "TC JC QC", "JD QD KD"], []],
    )
    s = rk.settle(V, e)
    assert s.scores == (-1, -1, 3, -1) and s.winners == (2,)


def play(v: rk.Variant, players: int, seed: int) -> rk.Match:
    m = rk.new_match(v, players=players, seed=seed)
    m.play([rk.GreedyBot(v) for _ in range(players)])
    return m


@pytest.mark.parametrize("players", [2, 12])
def test_game_of_a_set_number_of_hands_from_100_each_highest_wins_s002(players: int) -> None:
    """[S2]: "Traditionally, each player begins the game with a set number of
    positive points such as 100. At the end of a set number of hands, the
    player with the highest current total is the winner"; "The winner of each
    hand deals the next". The variant sets 10 hands (the 12-player game here
    plays 3, to keep the test fast)."""
    v = V
    if players == 12:
        v = attrs.evolve(V, game_end=attrs.evolve(V.game_end, deals=3))
    m = play(v, players, seed=2)
    deals = v.game_end.deals  # type: ignore[attr-defined]
    assert m.is_over and m.hands_played == deals < v.limits.max_hands
    assert sum(m.totals) == 100 * players  # payments move points between players
    totals = [100] * players
    for seats, result in m.results:
        for j, score in enumerate(result.scores):
            totals[seats[j]] += score
    assert totals == m.totals
    assert m.winners == tuple(s for s in range(players) if totals[s] == max(totals))
    dealers = [r["dealer"] for r in m.records]
    for (_, result), nxt in zip(m.results, dealers[1:], strict=False):
        if result.winner is not None:
            assert nxt == result.winner
