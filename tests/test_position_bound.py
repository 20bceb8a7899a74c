"""The bound on what an accepted position can cost (issue 47 item 1): where a
turn takes several cards (500 Rum's and Thai's dig, Boathouse's top two,
Canasta's whole pile) one seat may hold most of the shoe, and
``legal_actions()`` must still list at most ``MAX_LEGAL_ACTIONS`` actions,
without exponential work (before: a Boathouse seat holding 48 cards took
108 s and 833 MB). Each test builds a worst case of its kind of draw: the
seat to play holds as much of the shoe as it may, the others one card each,
the discard pile the rest.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit.checks import check_warnings
from rummykit.engine.actions.declare import Declare
from rummykit.soundness import MAX_LEGAL_ACTIONS

RANKS = "A23456789TJQK"


def _deck(suits: str = "CDHS") -> list[str]:
    return [r + s for s in suits for r in RANKS]


def _fields(text: str) -> dict[str, str]:
    out = {}
    for part in text.split("; "):
        key, _, value = part.partition(" ")
        out[key] = value
    return out


def _position(
    name: str | rk.Variant, players: int, hand: list[str], pile: list[str], phase: str, *, others: int = 1
) -> rk.Hand:
    """A position of ``name`` whose seat to play holds ``hand``, each other seat
    ``others`` cards, the discard pile ``pile`` (top last), the stock the rest."""
    v = name if isinstance(name, rk.Variant) else rk.load_variant(name)
    f = _fields(rk.position(rk.new_hand(v, players=players, seed=0)))
    rest = _available(v, players, f)
    for c in hand + pile:
        rest.remove(c)
    to = int(f["to"])
    hands = [hand if s == to else [rest.pop() for _ in range(others)] for s in range(players)]
    f["hands"] = " / ".join(" ".join(h) for h in hands)
    f["pile"] = " ".join(pile)
    f["stock"] = " ".join(rest) or "-"
    f["phase"] = phase
    f["turn"] = str(80 * players)
    f["own_turns"] = " ".join("80" for _ in range(players))
    f["draws"] = " ".join("1" if s == to and phase == "play" else "0" for s in range(players))
    f.pop("upcard", None)
    f.pop("bonus", None)
    return rk.from_position(v, "; ".join(f"{k} {x}" if x else k for k, x in f.items()))


def _available(v: rk.Variant, players: int, f: dict[str, str] | None = None) -> list[str]:
    """The shoe but the second hands' cards (a foot, a morto: kept as dealt),
    red threes last (Canasta lays them out at once: they stay in the stock)."""
    if f is None:
        f = _fields(rk.position(rk.new_hand(v, players=players, seed=0)))
    rest = [str(c) for c in v.deck.shoe(players)]
    for c in f.get("second", "").replace("/", " ").split():
        if c != "-":
            rest.remove(c)
    rest.sort(key=lambda c: c[0] == "3" and c[1] in "DH")
    return rest


def _listed(h: rk.Hand) -> tuple[rk.Action, ...]:
    legal = h.legal_actions()
    assert 0 < len(legal) <= MAX_LEGAL_ACTIONS
    return legal


def test_a_boathouse_seat_holding_all_but_one_card_declares() -> None:
    """Top two (Boathouse): 51 cards in hand, the whole hand down at once."""
    deck = _deck()
    h = _position("boathouse", 2, deck[:51], [], "play")
    legal = _listed(h)
    declares = [a for a in legal if isinstance(a, Declare)]
    assert [a.discard is None for a in declares] == [True, False]
    for a in declares:
        assert h.is_legal(a)
        again = h.clone()
        again.apply(a)
        assert again.is_over


@pytest.mark.parametrize("order", ["suits", "ranks"])
def test_a_500_rum_seat_holding_one_deck_with_the_other_in_the_pile(order: str) -> None:
    """Dig (500 Rum, five players, two decks): every depth of a 48-card pile,
    each with the melds its card makes with a whole deck in hand."""
    deck = _deck()
    pile = deck[:48] if order == "suits" else sorted(deck[:48], key=lambda c: RANKS.index(c[0]))
    h = _position("rum500", 5, deck, pile, "draw")
    legal = _listed(h)
    assert len(legal) > 1_000  # a real worst case: far more than a dealt hand lists
    assert all(h.is_legal(a) for a in legal[:: len(legal) // 8])
    h.apply(legal[-1])
    if not h.is_over:
        _listed(h)  # the play phase after the deepest take


def test_a_thai_seat_holding_most_of_the_deck() -> None:
    deck = _deck()
    h = _position("thai", 2, deck[:30], deck[30:51], "draw")
    _listed(h)
    h = _position("thai", 2, deck[:50], [deck[50]], "play")
    _listed(h)


@pytest.mark.parametrize("name", ["canasta", "samba", "buraco", "hand-and-foot"])
def test_a_seat_taking_whole_piles_holding_most_of_the_shoe(name: str) -> None:
    """Whole pile (the Canasta family, two or three decks and jokers): all
    but a few cards of the shoe in one hand."""
    v = rk.load_variant(name)
    cards = [c for c in _available(v, 2) if not (c[0] == "3" and c[1] in "DH")]
    for pile in (6, 40):
        h = _position(name, 2, cards[:-pile], cards[-pile:], "play")
        _listed(h)


def test_a_dig_from_four_decks_passes_the_bound_and_is_warned() -> None:
    """What ``validate`` warns of (tests/data/warn_variants/10_*) is real."""
    v = rk.loads_variant('extends = "rum500"\n[variant]\nname = "rum500-4"\n[deck]\ndecks = 4')
    assert [p.path for p in check_warnings(v)] == ["draw.kind"]
    shoe = [str(c) for c in v.deck.shoe(5)]
    for c in _deck():
        shoe.remove(c)
    h = _position(v, 5, _deck(), shoe[:-4], "draw")
    assert len(h.legal_actions()) > MAX_LEGAL_ACTIONS
