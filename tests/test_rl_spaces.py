"""rummykit.rl: the token action space reaches every legal action and nothing else;
observations hide what the seat may not see. Skipped without the ``rl`` extra."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np

import rummykit as rk
from rummykit.engine import Action, Hand
from rummykit.rl import END, ActionTokens, Decision, Observer
from rummykit.rl.core import Driver


def walk(d: Decision, reached: list[Action]) -> None:
    """Every path through the trie: each allowed token leads to an action or to more allowed tokens."""
    assert d.allowed, f"a dead end after {d.tokens.decode(d.prefix)!r}"
    for token in sorted(d.allowed):
        branch = d.fork()
        action = branch.choose(token)
        if action is None:
            walk(branch, reached)
        else:
            reached.append(action)


def check_decision(tokens: ActionTokens, legal: tuple[Action, ...]) -> None:
    reached: list[Action] = []
    walk(Decision(tokens, legal), reached)
    assert sorted(map(str, reached)) == sorted(map(str, legal))  # each legal action once, nothing else


def _reach_cases() -> list[Any]:
    """Each variant at its fewest players, and at up to 4 (marked slow)."""
    out = []
    for name in rk.list_variants():
        seats = rk.load_variant(name).players
        for n in sorted({seats.min, min(seats.max, 4)}):
            marks = [pytest.mark.slow] if n > seats.min else []
            out.append(pytest.param(name, n, id=f"{name}-{n}p", marks=marks))
    return out


@pytest.mark.parametrize(("name", "players"), _reach_cases())
def test_every_legal_action_is_reachable_and_every_unmasked_token_legal(name: str, players: int) -> None:
    """Random games: at every decision the trie walk reaches exactly the legal actions."""
    v = rk.load_variant(name)
    tokens = ActionTokens(v)
    rng = random.Random(name if players == v.players.min else f"{name} {players}")
    h = rk.new_hand(v, players=players, seed=rng.randrange(10**6))
    for _ in range(120):
        if h.is_over:
            break
        legal = h.legal_actions()
        check_decision(tokens, legal)
        h.apply(rng.choice(legal))


def test_end_token_separates_an_action_from_its_longer_neighbours() -> None:
    v = rk.load_variant("double-rum")
    tokens = ActionTokens(v)
    legal = tuple(rk.parse_action(a) for a in ("meld 7H 8H 9H", "meld 7H 8H 9H TH", "discard 2C"))
    d = Decision(tokens, legal)
    assert d.choose(tokens.index["meld"]) is None
    assert d.prefix == [tokens.index[t] for t in ("meld", "7H", "8H", "9H")]  # shared tokens are forced
    assert d.allowed == {END, tokens.index["TH"]}
    assert str(d.fork().choose(END)) == "meld 7H 8H 9H"
    assert str(d.choose(tokens.index["TH"])) == "meld 7H 8H 9H TH"
    check_decision(tokens, legal)


def test_wild_designations_are_tokens() -> None:
    tokens = ActionTokens(rk.load_variant("kalooki"))
    a = rk.parse_action("meld 7H 8H JK=9H + QS QD 2C=QH")
    seq = tokens.encode(a)
    assert [tokens.names[t] for t in seq][-3:] == ["QD", "2C", "=QH"]
    assert tokens.decode(seq) == str(a)


# The vocabulary sizes per built-in variant, as documented in docs/rl.md (a change is deliberate).
SIZES = {
    "block": 122, "boathouse": 122, "buraco": 232, "canasta": 235, "continental": 335, "double-rum": 231, "gin": 122,
    "indian": 229, "indian-deals": 229, "indian-pool101": 229, "indian-pool201": 229,
    "kalooki": 231, "knock": 122, "nowrang": 122, "phom": 122, "queen-city": 122,
    "rami-malta": 174, "romme": 233, "rum500": 174, "straight": 122, "thai": 122, "tongits": 124, "tonk": 122,
    "wrotham": 178, "liverpool": 286, "shanghai": 340, "hand-and-foot": 502, "samba": 288,
}  # fmt: skip


@pytest.mark.parametrize("name", rk.list_variants())
def test_action_space_size_is_pinned(name: str) -> None:
    tokens = ActionTokens(rk.load_variant(name))
    assert len(tokens) == SIZES[name]
    assert tokens.names[:2] == ("<end>", "+") and tokens.names[-1] == str(tokens.max_number)


def test_gin_integers_are_stable() -> None:
    tokens = ActionTokens(rk.load_variant("gin"))
    assert [tokens.index[t] for t in ("<end>", "draw", "take", "discard", "knock", "pass", "AC", "KS", "1")] == [
        0, 6, 17, 5, 9, 14, 18, 69, 70,
    ]  # fmt: skip


def _twin(h: Hand) -> Hand:
    """The same deal with seat 1's hidden cards (up to half the stock's size) swapped for the bottom of the stock
    (never a card the variant lays out at once when it is dealt: Canasta's red threes stay where they are),
    and the second hands (Hand and Foot's feet, seat 0's own too) passed on from seat to seat."""
    stock = list(reversed(h.stock))  # top first, as new_hand takes it (the engine keeps the top last)
    theirs = h.hand_of(1)
    m = min(len(theirs), len(stock) // 2)
    reds = getattr(h.variant.melds, "red_threes", False)
    movable = [
        i
        for i in range(len(stock) - 1, -1, -1)
        if not (
            reds and stock[i].rank is rk.Rank.THREE and stock[i].suit in (rk.Suit.DIAMONDS, rk.Suit.HEARTS)
        )
    ][:m]
    hands = [h.hand_of(s) for s in range(h.players)]
    hands[1] = tuple(stock[i] for i in movable) + theirs[m:]
    for j, i in enumerate(movable):
        stock[i] = theirs[j]
    # the second hands (a foot, a morto), face down to all, seat 0 too: passed on to the next holder
    holders = [s for s in range(h.players) if h.second_counts[s]]
    second = [list(x) for x in h.second_hands]
    for a, b in zip(holders, holders[1:] + holders[:1], strict=True):
        second[a] = list(h.second_hands[b])
    return rk.new_hand(
        h.variant, players=h.players, dealer=h.dealer, hands=hands,
        discard=h.discard_pile, stock=stock, cut=h.cut, second_hands=second if holders else None,
    )  # fmt: skip


HIDDEN_STEPS = [pytest.param(30, id="30"), pytest.param(80, id="80", marks=pytest.mark.slow)]
"""The moves the paired hands are compared over: the first 30 by default, 80 under ``-m slow``."""


@pytest.mark.parametrize("steps", HIDDEN_STEPS)
@pytest.mark.parametrize("name", rk.list_variants())
def test_hidden_cards_never_enter_the_observation(name: str, steps: int) -> None:
    """Two hands differing only in seat 1's cards and the stock's bottom look the same to seat 0."""
    v = rk.load_variant(name)
    rng = random.Random(name)
    n = max(2, v.players.min)
    h1 = rk.new_hand(v, players=n, seed=rng.randrange(10**6))
    assert len(h1.stock) >= 2
    h2 = _twin(h1)
    assert h1.hand_of(1) != h2.hand_of(1)
    assert not any(h1.second_counts) or h1.second_hands != h2.second_hands
    d1, d2 = Driver(v, n), Driver(v, n)
    d1.start(h1)
    d2.start(h2)
    compared = 0
    for _ in range(steps):
        if h1.is_over or h2.is_over or h1.hand_of(0) != h2.hand_of(0):
            break  # the showing reveals every hand; a reshuffled stock deals seat 0 other cards
        assert np.array_equal(d1.observe(0), d2.observe(0))
        assert np.array_equal(d1.mask(0), d2.mask(0))
        compared += 1
        both = [a for a in h1.legal_actions() if h2.is_legal(a)]
        if not both:
            break
        a = rng.choice(both)
        d1.play(a)
        d2.play(h2.verify(a))
    assert compared >= 1


def test_observation_layout_and_known_cards() -> None:
    """Seat 1 takes the 9C discard: seat 0 sees it in seat 1's known-cards plane until played."""
    v = rk.load_variant("straight")
    obs = Observer(v, 2, ActionTokens(v))
    assert obs.layout["planes"] == (0, 7 * 52)
    h = rk.new_hand(
        v, players=2, dealer=0,
        hands=["2C 3C 4C 5D 6D 7D 8S 8D 8C AS", "9D 9H 2S 5S JS QS KS 4S 6S 3D"],
        discard=["9C"], stock="AH 2H 3H 4H 5H 6H 7H 8H TH JH QH KH",
    )  # fmt: skip
    d = Driver(v, 2)
    d.start(h)
    nine = rk.parse_card("9C").code
    assert d.observe(0)[52 + nine] == 0
    assert d.current == 1
    d.play(rk.parse_action("take"))
    assert d.observe(0)[52 + nine] == 1  # known to be in seat 1's hand
    assert d.observe(1)[nine] == 1  # seat 1 holds it
    d.play(rk.parse_action("meld 9C 9D 9H"))
    x = d.observe(0)
    assert x[52 + nine] == 0  # played: on the table now, under seat 1 (plane n+2+1 = 5 for seat 0)
    assert x[5 * 52 + nine] == 1
