"""Wrotham rummy [S1], rule by rule, from its source.

[S1] is the basic-rummy text, whose "Wrotham Rummy" paragraph is
Daryl Brown's description; everything else is straight
rummy. Scenarios run on stacked deals: ``stock[0]`` is the top card; with
``dealer=0`` seat 1 starts, with eight cards.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rules_helpers import bot_match, legal, words
from rummykit import Phase, Termination, settle

V = rk.load_variant("wrotham")
STRAIGHT = rk.load_variant("straight")

STARTER = "2C 3C 4C 5C 9D 9H JK KS"
OTHERS = ["AS JK 5D 6H 7S 8C TD", "2S 3D 4S 6C QS KH KD"]


def wrotham_hand(hands: list[str], *, deal: int = 1, stock: str = "7D 8D 6S 3H") -> rk.Hand:
    return rk.new_hand(V, players=len(hands), dealer=0, deal_number=deal, hands=hands, stock=stock)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_55_card_pack_eight_cards_to_the_starter_seven_to_the_others_s001(players: int) -> None:
    """[S1]: "A 55-card pack is used, including three jokers which are used as
    wild cards"; "Eight cards are dealt to the starting player and seven to
    each other player." The starter's first discard starts the pile: no upcard."""
    h = rk.new_hand(V, players=players, seed=players, dealer=0)
    view = h.view(0)
    starter = h.current_player
    assert starter == 1 % players
    assert view.hand_counts == tuple(8 if s == starter else 7 for s in range(players))
    assert view.discard == ()
    assert view.stock_count == 55 - 7 * players - 1


def test_the_starter_does_not_draw_on_the_first_turn_s001() -> None:
    """[S1]: "On the first turn the starting player does not draw, but just
    discards a card (or melds and discards)." Then play goes on as usual."""
    h = wrotham_hand([OTHERS[0], STARTER, OTHERS[1]])
    assert h.phase is Phase.PLAY and h.current_player == 1
    assert "draw" not in legal(h) and "meld 2C 3C 4C 5C" in words(h, "meld")
    h.apply("meld 2C 3C 4C 5C")
    h.apply("discard KS")
    assert h.current_player == 2 and legal(h) == ["draw", "take"]


def test_a_joker_stands_for_any_card_s001() -> None:
    """[S1]: "A joker can be used as a substitute for any card needed to melded
    a set or run." The starter's JK completes 9D 9H as a set or 2C-5C as a run."""
    h = wrotham_hand([OTHERS[0], STARTER, OTHERS[1]])
    for meld in ("meld 9D 9H JK=9C", "meld 9D 9H JK=9S", "meld 2C 3C 4C 5C JK=6C", "meld JK=AC 2C 3C 4C 5C"):
        assert h.is_legal(meld), meld
    # a joker in a three-card set must say which card it is
    with pytest.raises(rk.AmbiguousActionError):
        h.apply("meld 9D 9H JK")


def test_a_melded_joker_is_exchanged_for_the_card_it_represents_s001() -> None:
    """[S1]: "A player who holds the card that a melded joker represents can,
    during her turn, exchange the real card for the joker." Seat 2 holds 9S,
    has melded nothing, and takes the joker from seat 1's 9D 9H JK=9S.
    Straight rummy has no such exchange."""
    hands = [OTHERS[0], STARTER, "2S 3D 4S 9S QS KH KD"]
    h = wrotham_hand(hands)
    h.apply("meld 9D 9H JK=9S")
    h.apply("discard KS")
    assert not words(h, "swap")  # not before drawing
    h.apply("draw")
    assert words(h, "swap") == ["swap 9S on 1"]
    h.apply("swap 9S on 1")
    assert str(h.table[0].meld) == "9D 9H 9S" and rk.Card.joker() in h.hand_of(2)
    assert not isinstance(STRAIGHT.swap, rk.rules.StandardSwap)


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5, 6])
def test_in_deals_four_to_six_all_seven_go_down_at_once_s001(deal: int) -> None:
    """[S1]: "In the first three rounds players meld and lay off as usual, but
    in the last three rounds, players may not meld any cards until they are
    able to lay down all seven at once." The starter can go out at once
    (seven cards melded, the eighth discarded) in every deal."""
    h = wrotham_hand([OTHERS[0], STARTER, OTHERS[1]], deal=deal)
    out = "declare 2C 3C 4C 5C + 9D 9H JK=9S discard KS"
    if deal <= 3:
        assert "meld 2C 3C 4C 5C" in words(h, "meld")
        h.apply("meld 2C 3C 4C 5C")
        h.apply("meld 9D 9H JK=9S")
        h.apply("discard KS")
    else:
        assert words(h, "meld") == []
        with pytest.raises(rk.IllegalAction, match="not laid on the table now"):
            h.apply("meld 2C 3C 4C 5C")
        assert h.is_legal(out)
        h.apply(out)
    assert h.is_over and h.result is not None and h.result.winners == (1,)


def test_going_down_all_at_once_scores_the_others_hands_doubled() -> None:
    """[S1] scoring ("The total value of all the cards in the hands of the
    other players is added to the winner's cumulative score"), with the
    variant's choices (variants/wrotham.toml notes): a joker left in hand
    counts 15 [S4], and going out in one turn with no earlier meld is going
    rummy, doubled as in straight rummy [S3] — every win of deals 4-6."""
    h = wrotham_hand([OTHERS[0], STARTER, OTHERS[1]], deal=4)
    h.apply("declare 2C 3C 4C 5C + 9D 9H JK=9S discard KS")
    assert h.result is not None and h.result.how is Termination.WENT_OUT
    held = (1 + 15 + 5 + 6 + 7 + 8 + 10) + (2 + 3 + 4 + 6 + 10 + 10 + 10)
    assert h.result.scores == (0, 2 * held, 0)
    assert settle(V, h.ending()) == h.result
    # over two turns in deal 1 it is not doubled
    d1 = wrotham_hand([OTHERS[0], STARTER, OTHERS[1]], stock="7D 8D 6S 3H")
    d1.apply("meld 2C 3C 4C 5C")
    d1.apply("discard KS")
    d1.apply("draw")
    d1.apply("discard 7D")
    d1.apply("draw")
    d1.apply("discard 8D")
    d1.apply("draw")  # 6S
    d1.apply("meld 9D 9H JK=9S")
    d1.apply("discard 6S")
    assert d1.result is not None and d1.result.scores == (0, held, 0)


@pytest.mark.parametrize("players", [2, 6])
def test_six_deals_are_played_s001(players: int) -> None:
    """[S1]: "Six deals are played." The deal number drives the all-at-once
    rule: in deals 4-6 nobody melds or lays off before going out."""
    match = bot_match(V, players, seed=1)
    assert match.hands_played == 6
    assert [r["deal_number"] for r in match.records] == [1, 2, 3, 4, 5, 6]
    for record in match.records[3:]:
        assert not any(a.startswith(("meld", "layoff", "swap")) for a in record["actions"])
    best = max(match.totals)
    assert match.winners == tuple(s for s in range(players) if match.totals[s] == best)
