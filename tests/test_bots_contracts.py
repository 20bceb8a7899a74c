"""The greedy bot plays a contract: until it has gone down it keeps, takes
and buys the cards that build the deal's required melds (a run of 7 in
Shanghai's deal 5, "one set of 3, one run of 7" [S70]) and discards one that
serves none of them."""

from __future__ import annotations

import rummykit as rk
from rummykit.bots import GreedyBot
from rummykit.bots.contracts import contract_shortfall
from rummykit.engine import Buy, Discard, Draw, Pass, Take

V = rk.load_variant("shanghai")
NONE: frozenset[rk.Rank] = frozenset()


def deal_five(stock: str, discard: str = "2C") -> rk.Hand:
    """Deal 5 with seat 0 to play: five hearts within a span of 7 (7H-QH less
    TH), a set of fives and three cards that serve no required meld."""
    return rk.new_hand(V, players=3, dealer=2, deal_number=5, discard=discard, stock=stock,
                       hands=["7H 8H 9H JH QH 5S 5D 5C 2C 3D 4S", "AC 3D 5C 7S 9D JD KH 2S 4C 6D 8C",
                              "AH 3S 5D 7D 9H JS KC 2D 4D 6S 8H"])  # fmt: skip


def test_keeps_the_run_card_and_discards_a_useless_one() -> None:
    h = deal_five(stock="KH 3C 8D 5S")
    h.apply("draw")  # seat 0 draws KH: the run 7H-KH lacks only TH
    while h.phase.value == "claim":
        h.apply("pass")
    view = h.view(0)
    move = GreedyBot(V, seed=1).choose(view)
    assert isinstance(move, Discard) and move.card in rk.parse_cards("2C 3D 4S"), move
    assert contract_shortfall(V, view.hand, deal=5, wild=NONE) == 1


def test_takes_the_discard_that_builds_the_run() -> None:
    h = deal_five(stock="3C 8D 5S", discard="TH")
    view = h.view(0)
    assert GreedyBot(V, seed=1).choose(view) == Take()  # TH fills the run's gap
    h = deal_five(stock="3C 8D 5S", discard="6C")
    assert GreedyBot(V, seed=1).choose(h.view(0)) == Draw()


def claim_for_seat_two(discard: str) -> rk.Hand:
    """Seat 0 discards ``discard``, seat 1 draws: seat 2 may buy it."""
    h = rk.new_hand(V, players=3, dealer=2, deal_number=5, discard="2C", stock="KH 3C 8D 5S 6H",
                    hands=["7H 8H 9H JH QH 5S 5D 5C TC 2S 4S", "AC 3D 5H 7S 9D JD KH 2S 4D 6D 8D",
                           "4C 5C 6C 8C 9S KS KD 2H 3D JS QD"])  # fmt: skip
    h.apply("draw")
    while h.phase.value == "claim":
        h.apply("pass")
    h.apply(f"discard {discard}")
    h.apply("draw")
    assert h.phase.value == "claim" and h.current_player == 2
    return h


def test_buys_the_card_that_extends_the_planned_run() -> None:
    """Seat 2 holds 4C 5C 6C 8C: TC makes five of a run of 7 (4C-TC), though
    it lies in no span of 4 with two clubs; 2S serves neither the run nor the
    pair of kings."""
    assert GreedyBot(V, seed=1).choose(claim_for_seat_two("TC").view(2)) == Buy()
    assert GreedyBot(V, seed=1).choose(claim_for_seat_two("2S").view(2)) == Pass()


def test_no_buying_in_a_deal_gone_out_of_all_at_once() -> None:
    """Liverpool's seventh deal (three runs) is gone out of in one turn, every
    card melded [S64]: a bought card and its penalty card would have to fit
    the runs too, so the bot passes what it buys in the sixth deal."""
    lv = rk.load_variant("liverpool")
    moves = []
    for deal in (6, 7):
        h = rk.new_hand(lv, players=3, dealer=2, deal_number=deal, discard="2C", stock="KH 3C 8D 5S 6H",
                        hands=["7H 8H 9H JH QH 5S 5D 5C 7C 2S 4S 3H", "AC 3D 5H 7S 9D JD KH 2S 4D 6D 8D 9H",
                               "4C 5C 6C 9S KS KD 2H 3D JS QD AH 8S"])  # fmt: skip
        h.apply("draw")
        while h.phase.value == "claim":
            h.apply("pass")
        h.apply("discard 7C")
        h.apply("draw")
        assert h.phase.value == "claim" and h.current_player == 2
        moves.append(GreedyBot(lv, seed=1).choose(h.view(2)))
    assert moves == [Buy(), Pass()]
