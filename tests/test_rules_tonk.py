"""Tonk, rule by rule.

Sources by their labels in docs/sources.md: [S72] (pagat.com "Tonk", the
typical game, read in copies and a French translation of its endings) and
[S73] (Wikipedia "Tonk (card game)", several revisions). Values: picture
cards 10, aces 1, other cards their pips.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit import Termination

V = rk.load_variant("tonk")


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


def variant(body: str) -> rk.Variant:
    return rk.loads_variant(f'extends = "tonk"\n[variant]\nname = "tonk-house"\n{body}')


def two(
    seat0: str, seat1: str, *, stock: str = "KH 6D 4D 8H TD", discard: str = "QC", v: rk.Variant = V
) -> rk.Hand:
    """Dealer 0: seat 1 plays first."""
    return rk.new_hand(v, players=2, dealer=0, hands=[seat0, seat1], discard=discard, stock=stock)


def test_five_cards_and_an_upcard_s072() -> None:
    """[S72]: "Five cards are dealt to each player, clockwise, one at a time. The
    next card is placed face up on the table to start the discard pile"; "A
    standard 52 card deck is used, without jokers"."""
    h = rk.new_hand(V, players=4, seed=3, dealer=3)
    view = h.view(0)
    if h.is_over:  # a dealt 49 or 50: nothing to look at
        pytest.skip("dealt win")
    assert view.hand_counts == (5, 5, 5, 5)
    assert len(view.discard) == 1 and view.stock_count == 52 - 20 - 1
    assert V.players.min == 2 and V.players.max == 4
    assert V.deck.shoe(2).count(rk.parse_cards("JK")[0]) == 0


def test_dealt_49_or_50_wins_double_at_once_s072() -> None:
    """[S72]: "Any player whose initial hand contains 49 or 50 points must
    declare this immediately and show their cards ... the hand is not played
    and the player with 49 or 50 is paid twice the basic stake by each of the
    other players."""
    h = rk.new_hand(V, players=3, dealer=0, hands=["KS QS JS TS 9S", "2C 3C 4C 5D 6D", "AH 2H 7D 8D 9D"],
                    discard="5C", stock="6C 7C")  # fmt: skip
    assert h.is_over and h.legal_actions() == ()
    r = h.result
    assert r is not None and r.how is Termination.DEALT
    assert r.scores == (4, -2, -2) and r.winners == (0,)


def test_two_dealt_winners_pay_nothing_s072() -> None:
    """[S72]: "If more than one player has 49 or 50, the hand is a draw - there
    are no payments, the cards are thrown in and the next player deals."""
    h = rk.new_hand(
        V, players=2, dealer=0, hands=["KS QS JS TS 9S", "KH QH JH TH TD"], discard="5C", stock="6C"
    )
    r = h.result
    assert r is not None and r.how is Termination.DEALT and r.scores == (0, 0) and r.winners == ()


def test_a_match_scores_a_dealt_win_and_deals_again_s072() -> None:
    """A hand won at the deal is scored and the next hand dealt at once ("the
    hand is not played" [S72]): a match never waits on a finished hand."""
    m = rk.new_match(V, players=4, seed=7)
    while not m.is_over:
        assert not m.hand.is_over
        m.apply(m.hand.legal_actions()[0])
    hows = [r.how for _, r in m.results]
    assert Termination.DEALT in hows and m.hands_played == len(hows) == 10


def test_drop_before_drawing_lowest_wins_s072_s073() -> None:
    """[S72] (French translation): "Quelqu'un tombe ou frappe au début de son
    tour. Dans ce cas, chacun expose les cartes qui lui restent en main et
    additionne les valeurs des cartes qu'il détenait." [S73]: "The player with
    the fewest points in their hand is the winner."""
    h = two("KS QS 9D 8C 7H", "AC 2D 3H 4S 5S")
    assert "drop" in legal(h)
    h.apply("drop")
    r = h.result
    assert r is not None and r.how is Termination.SHOWDOWN
    assert r.scores == (-1, 1) and r.winners == (1,)


def test_no_drop_after_drawing_s072() -> None:
    """[S72]: the drop is made "au début de son tour" (at the start of one's
    turn), so not once the card is drawn."""
    h = two("KS QS 9D 8C 7H", "AC 2D 3H 4S 5S")
    h.apply("draw")
    assert "drop" not in legal(h)
    with pytest.raises(rk.IllegalAction, match=r"going_out\.after_draw"):
        h.apply("drop")


def test_caught_dropper_pays_each_lower_count_s073() -> None:
    """[S73]: "If the player who dropped does not have the fewest points, they
    must pay the stake to each player with fewer p[oints]"."""
    h = rk.new_hand(V, players=3, dealer=2, hands=["AC 2D 3H 4S 5S", "KS QS 9D 8C 7H", "AD 2C 3D 4H 6S"],
                    discard="QC", stock="KH 6D 4C 8H")  # fmt: skip
    assert h.current_player == 0
    h.apply("drop")  # seat 0 counts 15, seat 2 counts 16, seat 1 44: seat 0 wins
    r = h.result
    assert r is not None and r.scores == (2, -1, -1)
    caught = rk.settle(V, rk.Ending(how="showdown", knocker=1, counts=[15, 44, 16]))
    assert caught.scores == (1, -2, 1) and caught.winners == (0,)


def test_a_tie_with_the_dropper_is_not_the_fewest_s073() -> None:
    """[S73]: the dropper wins with "the fewest points"; tied, the dropper does
    not have the fewest, and pays only players with fewer (none)."""
    r = rk.settle(V, rk.Ending(how="showdown", knocker=0, counts=[10, 10, 30]))
    assert r.scores == (0, 0, 0) and r.winners == (1,)


def test_caught_options_s072() -> None:
    """[S72] variations: "If you "get caught", that is, try to "go down (for
    low)" and one of your opponents has an equal or lower count, you pay that
    player a double stake."; "If the player who drops is not the low scorer,
    the dropper pays everyone's stake to the low scorer."""
    double = variant('[scoring]\ncaught = "equal-or-fewer"\ncaught_pay = 2')
    assert rk.settle(double, rk.Ending(how="showdown", knocker=0, counts=[10, 10, 30])).scores == (-2, 2, 0)
    everyone = variant('[scoring]\ncaught = "lowest-for-all"')
    assert rk.settle(everyone, rk.Ending(how="showdown", knocker=0, counts=[12, 3, 20, 5])).scores == (
        -3,
        3,
        0,
        0,
    )


def test_hit_blocks_the_drop_on_the_next_turn_s073() -> None:
    """[S73]: "when a player "hits" another player, the player receiving the
    hit cannot lay down for one turn"; [S72] variations: "they cannot drop in
    their next turn; they must wait until the start of their second turn after
    you hit them before they are allowed to drop."""
    # seat 1 spreads 4H 5H 6H and discards; seat 0 hits 7H on it
    h = two("7H KS QS JD 9C", "4H 5H 6H AC 2D", stock="3S 8C 9D 2C TD 3C")
    h.apply("draw")  # seat 1 draws 3S
    h.apply("meld 4H 5H 6H")
    h.apply("discard 3S")
    h.apply("draw")  # seat 0 draws 8C
    h.apply("layoff 7H on 1")
    h.apply("discard KS")
    assert h.current_player == 1 and "drop" not in legal(h)
    with pytest.raises(rk.IllegalAction, match="hit"):
        h.apply("drop")
    h.apply("draw")
    h.apply("discard AC")
    h.apply("draw")
    h.apply("discard QS")
    assert h.current_player == 1 and "drop" in legal(h)  # the second turn after the hit


def test_hits_stack_as_an_option_s073() -> None:
    """[S73]: "Multiple hits result in additional loss of lay downs for turns
    thereafter."""
    v = variant('[going_out]\nhit_block = "stacking"')
    assert v.going_out.blocked_until(own_turns=2, until=3) == 4
    assert V.going_out.blocked_until(own_turns=2, until=3) == 3
    none = variant('[going_out]\nhit_block = "none"')
    assert none.going_out.blocked_until(own_turns=2, until=0) == 0


def test_tonk_out_without_discard_pays_double_s072() -> None:
    """[S72]: "Quelqu'un se débarrasse de toutes ses cartes sans défausse
    finale ... C'est ce qu'on appelle généralement un tonk" and "In certain
    cases the winner can win a double stake - this is generally known as a
    tonk."""
    h = two("KS QS 9D 8C 7H", "4H 5H 6H 9S 9C", stock="9H 2C 3C")
    h.apply("draw")  # 9H
    h.apply("meld 4H 5H 6H")
    h.apply("meld 9S 9C 9H")
    r = h.result
    assert r is not None and r.how is Termination.WENT_OUT and r.scores == (-2, 2)


def test_out_by_the_last_discard_pays_single_s072() -> None:
    """[S72]: "Quelqu'un manque de cartes en défaussant sa dernière carte. Le
    joueur sans cartes gagne et chacun des autres joueurs paie la mise de base
    convenue au gagnant."""
    h = two("KS QS 9D 8C 7C", "4H 5H 6H 7H 8H", stock="2C 3C")
    h.apply("draw")  # 2C
    h.apply("meld 4H 5H 6H 7H 8H")
    h.apply("discard 2C")
    r = h.result
    assert r is not None and r.how is Termination.WENT_OUT and r.scores == (-1, 1)


def test_counts_are_every_card_in_hand_s072() -> None:
    """[S72]: "the lowest value of unmatched cards when someone stops the play":
    a spread counts for nothing once laid on the table, but cards still held
    count in full at the drop, a spread kept in hand included (9 against 10)."""
    r = rk.settle(V, rk.Ending(how="showdown", knocker=0, hands=["2C 3C 4C", "TD"]))
    assert r.scores == (1, -1) and r.winners == (0,)
    tie = rk.settle(V, rk.Ending(how="showdown", knocker=0, hands=["2C 3C 4C", "9D"]))
    assert tie.scores == (0, 0) and tie.winners == (1,)


def test_stock_out_lowest_count_collects() -> None:
    """Stock exhaustion is in neither source (the variant's notes call it our
    choice): the lowest count collects the basic stake; a tie pays nothing."""
    assert rk.settle(V, rk.Ending(how="stock-exhausted", counts=[4, 9, 20])).scores == (2, -1, -1)
    assert rk.settle(V, rk.Ending(how="stock-exhausted", counts=[4, 4, 20])).scores == (0, 0, 0)


def test_a_drop_also_after_drawing_option_s073() -> None:
    """[S73]: "A player may drop at any point in the game" (``going_out.after_draw
    = true``): here also after drawing, before the discard."""
    h = two("KS QS 9D 8C 7H", "AC 2D 3H 4S 5S", v=variant("[going_out]\nafter_draw = true"))
    h.apply("draw")  # KH
    assert "drop" in legal(h)
    h.apply("drop")  # 25 with the king drawn, against 44
    r = h.result
    assert r is not None and r.how is Termination.SHOWDOWN and r.scores == (-1, 1)


def test_nobody_answers_a_drop_s072() -> None:
    """[S72]: after a drop "chacun expose les cartes qui lui restent en main"
    (everyone shows at once): nobody is asked to fight or fold."""
    h = two("KS QS 9D 8C 7H", "AC 2D 3H 4S 5S")
    assert not V.going_out.answers_draw()
    h.apply("drop")
    assert h.is_over
    with pytest.raises(rk.IllegalAction, match="over"):
        h.apply("fight")
    h = two("KS QS 9D 8C 7H", "AC 2D 3H 4S 5S")
    with pytest.raises(rk.IllegalAction):
        h.apply("fold")


def test_a_hit_blocks_the_drop_for_the_rest_of_the_hand_option() -> None:
    """``going_out.hit_block = "hand"`` (Tong-its' "within the round" [S76],
    here as a Tonk house rule): after a hit, no drop on any later turn."""
    v = variant('[going_out]\nhit_block = "hand"')
    h = two("7H KS QS JD 9C", "4H 5H 6H AC 2D", stock="3S 8C 9D 2C TD 3C 4C 5C", v=v)
    for a in ("draw", "meld 4H 5H 6H", "discard 3S", "draw", "layoff 7H on 1", "discard KS"):
        h.apply(a)
    for card in ("AC", "2D"):
        assert h.current_player == 1 and "drop" not in legal(h)
        h.apply("draw")
        h.apply(f"discard {card}")
        h.apply("draw")
        h.apply(next(a for a in legal(h) if a.startswith("discard")))
    assert h.current_player == 1 and "drop" not in legal(h)


def test_a_dealt_50_only_option_s073() -> None:
    """[S73] older revisions: "If a player has 50 points (or 49 in some
    variations) he says, "tonk""; ``scoring.dealt_totals = [50]``."""
    v = variant("[scoring]\ndealt_totals = [50]")
    hands = ["KS QS JS TS 9S", "2C 3C 4C 5D 6D"]
    assert rk.new_hand(V, players=2, dealer=0, hands=hands, discard="5C", stock="6C 7C").is_over
    h = rk.new_hand(v, players=2, dealer=0, hands=hands, discard="5C", stock="6C 7C")
    assert not h.is_over  # 49 plays on


def test_the_stock_running_out_ends_the_hand() -> None:
    """Stock exhaustion is in neither source (our choice, the variant's notes):
    once the stock is out, everyone shows and the lowest count collects."""
    h = two("KS QS 9D 8C 7H", "AC 2D 3H 4S 5S", stock="KH 6D")
    h.apply("draw")
    h.apply("discard KH")
    h.apply("draw")
    h.apply("discard 6D")
    assert h.is_over and h.ending().how is Termination.STOCK_EXHAUSTED
    assert h.result is not None and h.result.scores == (-1, 1)


def test_the_greedy_bot_drops_a_low_count() -> None:
    """The greedy bot drops when its count is likely the lowest: 15 in five
    cards at the start of its turn, but not 44."""
    h = two("KS QS 9D 8C 7H", "AC 2D 3H 4S 5S")
    assert str(rk.GreedyBot(V, seed=1).choose(h.view(1))) == "drop"
    h = two("AC 2D 3H 4S 5S", "KS QS 9D 8C 7H")
    assert str(rk.GreedyBot(V, seed=1).choose(h.view(1))) != "drop"


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ('[scoring]\ndealt_totals = ["fifty"]', "scoring.dealt_totals"),
        ("[scoring]\ncaught_pay = -1", "scoring.caught_pay"),
        ("[scoring]\ndealt_totals = 49", "scoring.dealt_totals"),
        ('[scoring]\ncaught = "sometimes"', "scoring.caught"),
        ('[going_out]\nhit_block = "never"', "going_out.hit_block"),
        ('[going_out]\nanswers = "sometimes"', "going_out.answers"),
    ],
)
def test_bad_values_are_refused_with_their_key(body: str, where: str) -> None:
    with pytest.raises(rk.VariantError, match=where.replace(".", r"\.")):
        variant(body)


def test_a_showdown_needs_the_dropper() -> None:
    with pytest.raises(rk.RummyError, match="knocker"):
        rk.settle(V, rk.Ending(how="showdown", counts=[4, 9]))
    gin = rk.load_variant("gin")
    with pytest.raises(rk.RummyError, match="drop"):
        rk.settle(gin, rk.Ending(how="showdown", knocker=0, counts=[4, 9]))
