"""Partnerships: ``[players] teams``, side-owned melds, scores and game end by side."""

from __future__ import annotations

import pytest

import rummykit as rk

_HOUSE = """
extends = "rum500"
[variant]
name = "rum500-pairs"
[players]
min = 2
max = 4
teams = [[0, 2], [1, 3]]
[layoff]
onto = "own"
"""


@pytest.fixture(scope="module")
def pairs() -> rk.Variant:
    return rk.loads_variant(_HOUSE)


def test_teams_load_and_round_trip(pairs: rk.Variant) -> None:
    assert pairs.players.teams == ((0, 2), (1, 3))
    assert pairs.players.teams_for(4) == ((0, 2), (1, 3))
    assert pairs.players.teams_for(2) == ()  # two players play each for themselves
    assert rk.loads_variant(pairs.to_toml()) == pairs


@pytest.mark.parametrize(
    ("teams", "message"),
    [
        ("[[0, 2], [1, 2]]", "seat 2 is on two sides"),
        ("[[0, 1, 2, 3]]", "at least two sides"),
        ("[[0, 2], [1, 4]]", "not a partition of the seats"),
        ("[[0, 2], [1, 3], [4, 5]]", "6 seats, but"),
        ("[[0], []]", "a side with no seat"),
    ],
)
def test_teams_must_partition_the_seats(teams: str, message: str) -> None:
    text = _HOUSE.replace("teams = [[0, 2], [1, 3]]", f"teams = {teams}")
    with pytest.raises(rk.VariantError) as err:
        rk.loads_variant(text)
    assert "players.teams" in str(err.value) and message in str(err.value)


def test_a_second_form_for_another_count() -> None:
    v = rk.loads_variant(
        _HOUSE.replace("max = 4\nteams", "max = 6\nmore_teams = [[[0, 2, 4], [1, 3, 5]]]\nteams")
    )
    assert v.players.teams_for(6) == ((0, 2, 4), (1, 3, 5))
    assert v.players.side_of(6, 3) == (1, 3, 5)


def _stacked(v: rk.Variant) -> rk.Hand:
    # seat 1 starts (the dealer is 0); seat 3 is seat 1's partner
    return rk.new_hand(
        v,
        players=4,
        dealer=0,
        hands=[
            "2C 2D 4H 5S 6D 7S 8D",
            "9H 9S 9D 3C 4C JD QC",
            "5C 6C 7C 8C KD KH KS",
            "9C TH TD TS AH AD AS",
        ],
        discard="JH",
        stock="2H 3H 4D 5D 6H 7D 8H JC QH QD",
    )


def test_partner_extends_its_sides_meld_never_an_opponents(pairs: rk.Variant) -> None:
    h = _stacked(pairs)
    h.apply("draw")  # seat 1 draws 2H
    h.apply("meld 9D 9H 9S")
    h.apply("discard JD")
    h.apply("draw")  # seat 2 (the other side) draws 3H
    # layoff.onto = "own": seat 2 may not lay off onto seat 1's nines
    assert not h.is_legal("layoff 9C on 1")
    h.apply("discard 3H")
    h.apply("draw")  # seat 3, seat 1's partner, draws 4D
    assert h.is_legal("layoff 9C on 1")  # onto the side's meld
    h.apply("layoff 9C on 1")
    v3 = h.view(3)
    assert v3.side == (1, 3)
    assert [n for n, _ in v3.side_melds()] == [1]


def test_views_never_show_a_partners_hand(pairs: rk.Variant) -> None:
    h = _stacked(pairs)
    for seat in range(4):
        view = h.view(seat)
        assert view.hand == h.hand_of(seat)
        partner = view.side[1] if view.side[0] == seat else view.side[0]
        assert h.hand_of(partner) != view.hand
        assert view.shown_hands == ()  # nobody's cards but one's own
        data = str(view.to_data())
        # every card of the partner's hand that the seat does not hold itself is absent
        for card in set(h.hand_of(partner)) - set(view.hand) - set(view.discard):
            assert f"'{card}'" not in data


def test_scores_and_winners_by_side(pairs: rk.Variant) -> None:
    s = rk.settle(
        pairs, rk.Ending(went_out=1, hands=["5D", "", "KS", "2C 3C"], melds=[[], ["9D 9H 9S"], [], []])
    )
    # side 0 = seats 0 and 2: -5 - 10; side 1 = seats 1 and 3: 27 - 5
    assert s.team_scores == (-15, 22)
    assert s.scores == (-15, 22, -15, 22)
    assert s.winners == (1, 3)
    for seat in range(4):  # every seat's entries add up to its score
        got = sum(p.amount for p in s.payments if p.payee == seat) - sum(
            p.amount for p in s.payments if p.payer == seat
        )
        assert got == s.scores[seat]
    assert rk.Settlement.from_json(s.to_json()) == s


def test_without_teams_nothing_changes() -> None:
    s = rk.settle(
        rk.load_variant("rum500"), rk.Ending(went_out=0, counts=[0, 5, 10, 0], meld_totals=[20, 0, 0, 5])
    )
    assert s.team_scores == ()


def test_a_match_ends_by_side(pairs: rk.Variant) -> None:
    m = rk.new_match(pairs, players=4, seed=3)
    bots = [rk.bots.GreedyBot(pairs, seed=s) for s in range(4)]
    m.play(bots)
    assert m.is_over
    assert m.totals[0] == m.totals[2] and m.totals[1] == m.totals[3]
    assert set(m.winners) in ({0, 2}, {1, 3}, {0, 1, 2, 3})


def test_a_partners_hand_never_enters_a_seats_view() -> None:
    """Canasta, four players: two deals that differ only in seat 0's partner's cards (swapped with
    the bottom of the stock) give seat 0 the same view, while seat 0 plays the same moves."""
    v = rk.load_variant("canasta")
    # a deal where nobody was dealt a red three (laid out at once, so not part of a stacked deal)
    h1 = next(h for h in (rk.new_hand(v, players=4, seed=s, dealer=3) for s in range(50)) if not any(h.bonus))
    stock = list(reversed(h1.stock))  # top first
    partner = h1.hand_of(2)
    red = [
        i
        for i, c in enumerate(stock)
        if c.rank is rk.Rank.THREE and c.suit in (rk.Suit.DIAMONDS, rk.Suit.HEARTS)
    ]
    bottom = [i for i in range(len(stock) - 1, -1, -1) if i not in red][:5]
    hands = [h1.hand_of(s) for s in range(4)]
    hands[2] = tuple(stock[i] for i in bottom) + partner[5:]
    for j, i in enumerate(bottom):
        stock[i] = partner[j]
    h2 = rk.new_hand(v, players=4, dealer=h1.dealer, hands=hands, discard=h1.discard_pile, stock=stock)
    assert h1.hand_of(2) != h2.hand_of(2)
    assert h1.view(0).to_data() == h2.view(0).to_data()
    assert h1.current_player == 0
    for _ in range(3):  # seat 0 (to play first after the dealer, seat 3) draws and discards in both
        h1.apply("draw")
        h2.apply("draw")
        card = h1.hand_of(0)[0]
        h1.apply(f"discard {card}")
        h2.apply(f"discard {card}")
        assert h1.view(0).to_data() == h2.view(0).to_data()
        for h in (h1, h2):  # the others draw and discard their first card alike
            while h.current_player != 0:
                h.apply("draw")
                h.apply(f"discard {h.hand_of(h.current_player)[0]}")  # type: ignore[arg-type]
        if h1.view(0).to_data() != h2.view(0).to_data():
            break  # the partner's own discards differ: what it throws is public
