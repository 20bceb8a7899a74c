"""The greedy bot plays a contract: until it has gone down it keeps, takes
and buys the cards that build the deal's required melds (a run of 7 in
Shanghai's deal 5, "one set of 3, one run of 7" [S70]) and discards one that
serves none of them."""

from __future__ import annotations

import rummykit as rk
from rummykit.bots import GreedyBot
from rummykit.bots.contracts import contract_shortfall
from rummykit.engine import Discard, Draw, Take

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
