"""Rommé (German rummy), rule by rule.

Sources by their labels in docs/sources.md: [S2] (Cats at Cards,
"German Rummy") throughout; [S42] for lay-offs only after the initial meld,
[S44] for the card just taken. Two decks and six jokers: a card may appear
twice in a stacked deal.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit.engine import Layoff, Swap

V = rk.load_variant("romme")


def cards(text: str) -> tuple[rk.Card, ...]:
    return rk.parse_cards(text)


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_two_decks_six_jokers_thirteen_cards_each_s002(players: int) -> None:
    """[S2]: "German Rummy uses two standard 52 card decks shuffled together
    with the addition of six total Jokers"; "each player is dealt a total of 13
    cards"; "the top card of the stoß is turned face-up ... to start a discard
    pile"."""
    h = rk.new_hand(V, players=players, seed=players, dealer=players - 1)
    shoe = h.cards_in_play()
    assert len(shoe) == 110 and sum(1 for c in shoe if c.is_joker) == 6
    view = h.view(0)
    assert view.hand_counts == (13,) * players
    assert len(view.discard) == 1 and view.stock_count == 110 - 13 * players - 1
    assert h.current_player == 0


def test_sets_of_different_suits_and_runs_ace_high_or_low_s002() -> None:
    """[S2]: "A set is 3 or 4 cards all of the same rank but each of a
    different suit. A run is 3 or more cards in direct sequential order, all
    of the same suit"; "An Ace can be considered high (after the King) or low
    (before two) however an Ace cannot be used between a King and a two"."""
    assert rk.classify_meld(V, cards("7H 7D 7S 7C")) is not None
    assert rk.classify_meld(V, cards("7H 7H 7S")) is None  # two decks, but one suit twice
    assert rk.classify_meld(V, cards("7H 7D 7S 7C 7H")) is None
    assert rk.classify_meld(V, cards("AH 2H 3H")) is not None
    assert rk.classify_meld(V, cards("QH KH AH")) is not None
    assert rk.classify_meld(V, cards("KH AH 2H")) is None


def test_never_more_jokers_than_natural_cards_s002() -> None:
    """[S2]: "A valid meld may never contain more Jokers than natural cards";
    [S42]: 3H-JK-JK-6H is allowed, 3H-JK-JK is not."""
    assert rk.classify_meld(V, cards("3H JK JK 6H")) is not None
    assert rk.classify_meld(V, cards("3H JK JK")) is None
    assert rk.classify_meld(V, cards("JK JK 7H")) is None
    assert rk.classify_meld(V, cards("7H 7D JK")) is not None
    assert rk.classify_meld(V, cards("7H JK JK")) is None


def opening_hand() -> rk.Hand:
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KC QC JD 5H 6H 7D 8D TD", "JC JK JH 2S 3S 4S 5S QS KS AS 3C 3D 3H"],
        discard="TC",
        stock="6D 8C 9H",
    )
    h.apply("draw")  # seat 1: 6D
    return h


@pytest.mark.parametrize(
    ("melds", "points"),
    [
        ("JC JK=JD JH + 2S 3S 4S", 39),  # the joker counts as the jack it replaces
        ("AS 2S 3S + JC JK=JD JH", 36),  # an ace before a two counts 1
        ("3C 3D 3H + 2S 3S 4S", 18),
    ],
)
def test_initial_meld_below_40_is_refused_s002(melds: str, points: int) -> None:
    """[S2]: "The first meld a player must make on each hand must total at least
    40 points"; a joker in a meld counts the "point value of card it replaces";
    an ace "Used in a Run before a two - 1 Point"."""
    h = opening_hand()
    with pytest.raises(rk.IllegalAction, match=f"initial meld is worth {points}, the variant requires 40"):
        h.apply(f"meld {melds}")
    assert not h.melded[1] and h.table == ()


@pytest.mark.parametrize(
    "melds",
    [
        "JC JK=JD JH + 2S 3S 4S 5S",  # 30 + 14 = 44
        "QS KS AS + 3C 3D 3H",  # an ace "Used in a Run after a King - 11": 31 + 9 = 40
    ],
)
def test_initial_meld_of_40_or_more_from_new_melds_s002(melds: str) -> None:
    """[S2]: at least 40 points, "which must consist of one or more new melds
    to the table by this player. After a player makes his initial meld to the
    table he may make any additional melds ... with no point value
    requirements"."""
    h = opening_hand()
    h.apply(f"meld {melds}")
    assert h.melded[1] and len(h.table) == 2
    left = [m for m in ("3C 3D 3H", "2S 3S 4S") if h.is_legal(f"meld {m}")]
    assert left  # a small meld is now fine
    h.apply(f"meld {left[0]}")
    assert len(h.table) == 3


def swap_hand() -> rk.Hand:
    """Seat 0 opens with 9D TD JK=JD and three kings; seat 1 holds JD."""
    h = rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=[
            "9D TD JK KC KD KH 2C 4C 6C 8S TS AH 5D",
            "JD 2H 3H QS QH QC 5C 6C 7C 8C 4S 9S KS",
        ],
        discard="TC",
        stock="3D 7S QD 6H",
    )
    for action in ("draw", "discard 3D"):  # seat 1
        h.apply(action)
    for action in ("draw", "meld 9D TD JK=JD + KC KD KH", "discard 7S"):  # seat 0: 59
        h.apply(action)
    h.apply("draw")  # seat 1: QD
    return h


def test_no_lay_off_or_joker_swap_before_the_initial_meld_orl() -> None:
    """[S42]: lay-offs onto any meld, "but only after
    your own initial meld"; [S2]: a joker exchange "may only [be done] after
    he has made his initial meld during that same hand"."""
    h = swap_hand()
    assert not h.melded[1]
    assert not any(isinstance(a, Layoff | Swap) for a in h.legal_actions())
    with pytest.raises(rk.IllegalAction, match="may not lay off onto seat 0's meld"):
        h.apply("layoff QD on 2")
    with pytest.raises(rk.IllegalAction, match="may not be exchanged now"):
        h.apply("swap JD on 1")


def test_a_swapped_joker_must_be_melded_the_same_turn_s002() -> None:
    """[S2]: "If a player has the card in his hand for which a Joker is
    representing in a meld currently on the table, that player may, on his
    turn, place his card to replace the Joker. In doing this, however, he must
    immediately, on that same turn use the Joker in a meld on the table.\""""
    h = swap_hand()
    h.apply("meld QS QH QC QD + 5C 6C 7C 8C")  # 40 + 26
    assert "swap JD on 1" in legal(h) and "layoff 4S on 2" not in legal(h)
    h.apply("swap JD on 1")
    assert h.table[0].meld.cards == cards("9D TD JD")
    assert rk.Card.joker() in h.hand_of(1)
    with pytest.raises(rk.IllegalAction, match="must be melded this turn"):
        h.apply("discard KS")
    assert all(a.startswith("meld") and "JK" in a for a in legal(h))
    h.apply("meld 2H 3H JK=4H")
    h.apply("discard KS")
    assert h.current_player == 0


def out_hand() -> rk.Hand:
    """Seat 1 opens with 56, then goes out on its second turn; seat 0 holds a
    joker and two aces."""
    return rk.new_hand(
        V,
        players=2,
        dealer=0,
        hands=[
            "JK AH AD 7S KS 2C 6D TC JS QD 8H 4S 9H",
            "QS QH QC 5C 6C 7C 8C 2H 3H 4H 9S 9D 9C",
        ],
        discard="TD",
        stock="KD 3S 5H",
    )


def test_going_out_requires_a_final_discard_s002() -> None:
    """[S2]: "Once one player manages to play his second to last card and
    discard his last card, that player has won the hand": the last card may
    not be melded or laid off."""
    h = out_hand()
    for action in ("draw", "meld QS QH QC + 5C 6C 7C 8C", "discard KD", "draw", "discard 3S"):
        h.apply(action)
    h.apply("draw")  # seat 1: 5H, holding 2H 3H 4H 5H 9S 9D 9C
    h.apply("meld 9S 9D 9C")
    assert "meld 2H 3H 4H 5H" not in legal(h)
    with pytest.raises(rk.IllegalAction, match="must keep a card to discard"):
        h.apply("meld 2H 3H 4H 5H")
    h.apply("meld 2H 3H 4H")
    assert legal(h) == ["discard 5H"]
    with pytest.raises(rk.IllegalAction, match="must keep a card to discard"):
        h.apply("layoff 5H on 4")
    h.apply("discard 5H")
    assert h.is_over and h.result is not None and h.ending().final_discard


def test_others_score_their_hands_joker_30_ace_11_s002() -> None:
    """[S2]: "Each other player adds to his current accumulated score a value
    equal to the point value of all cards left in his hand": "Joker ...
    Remaining in hand at end of game - 30 Points", "Ace ... Left in Hand - 11
    Points", J/Q/K 10, others their face value."""
    h = out_hand()
    script = [
        "draw", "meld QS QH QC + 5C 6C 7C 8C", "discard KD",
        "draw", "discard 3S",
        "draw", "meld 9S 9D 9C", "meld 2H 3H 4H", "discard 5H",
    ]  # fmt: skip
    for action in script:
        h.apply(action)
    assert h.result is not None and h.result.winners == (1,)
    held = 30 + 11 + 11 + 7 + 10 + 2 + 6 + 10 + 10 + 10 + 8 + 4 + 9
    assert h.result.scores == (held, 0) == (128, 0)


@pytest.mark.parametrize("players", [2, 6])
def test_after_a_set_number_of_hands_the_lowest_total_wins_s002(players: int) -> None:
    """[S2]: "After some set number of hands, the player with the lowest total
    in these penalty points is declared the overall game winner" (10 hands)."""
    m = rk.new_match(V, players=players, seed=2)
    m.play([rk.GreedyBot(V) for _ in range(players)])
    assert m.is_over and m.hands_played == 10 < V.limits.max_hands
    totals = [0] * players
    for seats, result in m.results:
        assert all(x >= 0 for x in result.scores)
        for j, score in enumerate(result.scores):
            totals[seats[j]] += score
    assert totals == m.totals
    assert m.winners == tuple(s for s in range(players) if totals[s] == min(totals))
