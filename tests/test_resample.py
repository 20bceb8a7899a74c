"""Determinization (Hand.resample): the seat's view is unchanged, the hidden
cards are dealt again, and what the seat saw taken stays where it went.

Attack named: OpenSpiel's gin resampling returned the defender's real cards
(and leaked them during the lay-off): a resample must not hand back the real
hidden cards, in any phase, including the lay-off after a knock.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import rummykit as rk
from engine_helpers import variant_seeds
from rummykit.engine import Discard
from rummykit.engine.resample import knowledge


def _short(v: rk.Variant) -> rk.Variant:
    return attrs.evolve(v, limits=attrs.evolve(v.limits, max_turns=200))


def _points(name: str, players: int, seed: int, stops: int = 3) -> list[rk.Hand]:
    """Clones of a random greedy/random game at a few random points."""
    v = _short(rk.load_variant(name))
    rng = random.Random(seed)
    h = rk.new_hand(v, players=players, seed=seed)
    bots = [
        rk.GreedyBot(v, seed=seed + s) if s % 2 else rk.RandomBot(v, seed=seed + s) for s in range(players)
    ]
    out: list[rk.Hand] = []
    while not h.is_over:
        if rng.random() < 0.15 and len(out) < stops:
            out.append(h.clone())
            if len(out) == stops:  # the rest of the hand would give no other point
                break
        p = h.current_player
        assert p is not None
        h.apply(bots[p].choose(h.view(p)))
    return out or [h.clone()]


@pytest.mark.parametrize(("name", "seed"), variant_seeds((1, 2)))
def test_the_seat_cannot_tell_the_resample_from_the_real_hand(name: str, seed: int) -> None:
    v = rk.load_variant(name)
    players = max(v.players.min, min(3, v.players.max))
    for h in _points(name, players, seed):
        for seat in range(players):
            r = h.resample(seat, seed=seed)
            assert r.view(seat) == h.view(seat)
            assert Counter(r.cards_in_play()) == Counter(h.cards_in_play())
            assert [len(x) for x in r.hands] == [len(x) for x in h.hands]
            assert r.stock_count == h.stock_count and len(r.buried) == len(h.buried)
            assert r.legal_actions() == h.legal_actions() or r.current_player != seat
            if not r.is_over:  # the resample plays on
                r.apply(r.legal_actions()[0])


@pytest.mark.parametrize("name", rk.list_variants())
def test_the_resample_does_not_return_the_real_hidden_cards(name: str) -> None:
    v = rk.load_variant(name)
    for seed in range(7, 40):  # a point with hidden cards (a finished hand shows them all)
        h = _points(name, max(2, v.players.min), seed, stops=1)[0]
        unknown = [c for c in h.hand_of(1) if c not in knowledge(h, 0).known[1]]
        if len(unknown) >= 3 and h.stock_count >= 3:
            break
    else:  # pragma: no cover - every variant reaches one
        pytest.fail("no point with enough hidden cards")
    hidden = (sorted(h.hand_of(1)), list(h.stock))
    different = sum(
        (sorted(r.hand_of(1)), list(r.stock)) != hidden for r in (h.resample(0, seed=s) for s in range(5))
    )
    assert different == 5, "a resample handed back the real hidden cards"
    # and the resamples differ from each other (seeded: the same seed, the same deal)
    assert h.resample(0, seed=1).hand_of(1) == h.resample(0, seed=1).hand_of(1)
    assert len({h.resample(0, seed=s).hand_of(1) for s in range(6)}) > 1
    assert v.name == name


def scripted_gin() -> rk.Hand:
    """A Gin hand dealt by hand: seat 1 to move, 9H the upcard."""
    return rk.new_hand(
        rk.load_variant("gin"),
        players=2,
        dealer=0,
        hands=["AC 2C 3C 4D 5D 6D 7S 8S 9S KD", "TH JH 2S 3S 4S 5C 6C 7C QD KC"],
        discard=["9H"],
        stock=["AD", "2D", "3D", "4H", "5H", "6H", "7H", "8H", "QC", "JC", "TC", "9C", "8C"],
    )


def _gin_at_layoff() -> rk.Hand:
    """The first greedy Gin hand (seeds from 0) that reaches the lay-off
    after a knock, stopped there."""
    v = rk.load_variant("gin")
    for seed in range(40):
        h = rk.new_hand(v, players=2, seed=seed)
        bots = [rk.GreedyBot(v, seed=1), rk.GreedyBot(v, seed=2)]
        while not h.is_over and h.phase is not rk.Phase.LAYOFF:
            p = h.current_player
            assert p is not None
            h.apply(bots[p].choose(h.view(p)))
        if h.phase is rk.Phase.LAYOFF:
            return h
    pytest.fail("no knock reached")  # pragma: no cover - the seeds above reach a knock


def test_a_card_seen_taken_from_the_pile_stays_in_the_takers_hand() -> None:
    """Known-card tracking: seat 0 saw seat 1 take 9H from the discard pile."""
    h = scripted_gin()
    assert h.current_player == 1
    h.apply("take")
    h.apply("discard QD")
    for s in range(10):
        r = h.resample(0, seed=s)
        assert rk.parse_cards("9H")[0] in r.hand_of(1)
        assert rk.parse_cards("QD")[0] not in r.hand_of(1)
        assert r.view(0) == h.view(0)
    # once played, it is no longer pinned to the hand
    assert rk.parse_cards("9H")[0] in knowledge(h, 0).known[1]


def test_the_lay_off_after_a_knock_keeps_the_knockers_cards_hidden() -> None:
    """The OpenSpiel bug: during the lay-off the defender's resample returned
    the real hidden cards. At the showdown every hand lies face up (the
    knocker's melds and deadwood: [S20], tests/test_rules_gin.py), so what is
    hidden is the stock and the face-down knock card: both are dealt again,
    never handed back."""
    h = _gin_at_layoff()
    defender = h.current_player
    assert defender is not None
    knocker = 1 - defender
    r = h.resample(defender, seed=3)
    assert r.view(defender) == h.view(defender)
    assert r.hand_of(knocker) == h.hand_of(knocker)  # laid out face up
    assert any(h.resample(defender, seed=s).stock != h.stock for s in range(8))
    assert h.buried, "Gin's knock discards face down"
    assert any(h.resample(defender, seed=s).buried != h.buried for s in range(8))


def test_a_view_resamples_only_while_current() -> None:
    v = rk.load_variant("straight")
    h = rk.new_hand(v, players=2, seed=1)
    view = h.view(h.current_player or 0)
    assert view.resample(seed=1).view(view.player) == view
    h.apply(h.legal_actions()[0])
    with pytest.raises(ValueError, match="no longer current"):
        view.resample(seed=1)


def test_attack_a_view_carries_no_reference_to_the_hand() -> None:
    """A bot is given a view; the view must not hold the hand (with every hidden card)
    as an attribute, nor anything that holds it. resample() finds the hand beside the
    view (a weak reference), so this check does not stop search bots from working."""
    import gc

    h = rk.new_hand(rk.load_variant("gin"), players=2, seed=3)
    view = h.view(1)
    seen: set[int] = set()
    todo: list[object] = [view]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        assert not isinstance(obj, rk.Hand), "a view reaches the Hand it was taken from"
        if obj is view or isinstance(obj, tuple | list | dict | frozenset):
            todo.extend(gc.get_referents(obj))
    assert view.resample(seed=1).view(1) == view


def test_swap_hidden_only_moves_cards_between_a_hand_and_the_stock() -> None:
    """The opponent model's edit of a determinization conserves the cards:
    a card from nowhere, or a hand of another size, is refused."""
    from rummykit.engine.resample import swap_hidden

    h = rk.new_hand(rk.load_variant("gin"), players=2, seed=1).resample(0, seed=2)
    mine, top = list(h.hand_of(1)), len(h.stock) - 1
    with pytest.raises(ValueError, match="only move between"):
        swap_hidden(h, 1, [*mine[1:], h.hand_of(0)[0]], {top: mine[0]})  # seat 0's card
    with pytest.raises(ValueError, match="only move between"):
        swap_hidden(h, 1, mine[1:], {top: mine[0]})  # a card short
    swap_hidden(h, 1, [*mine[1:], h.stock[top]], {top: mine[0]})
    assert Counter(h.cards_in_play()) == Counter(rk.load_variant("gin").deck.shoe(2))


def test_knowledge_lists_what_each_seat_threw_and_the_upcards_it_left() -> None:
    """The public record of a Gin hand: seat 1 takes 9H and throws QD; seat 0
    leaves QD lying (draws from the stock) and throws KD; seat 1 leaves KD
    and throws KC, which seat 0 takes. Every seat reads the same lists."""
    h = scripted_gin()
    for a in ["take", "discard QD", "draw", "discard KD", "draw", "discard KC", "take"]:
        h.apply(a)
    for seat in (0, 1):
        k = h.view(seat).knowledge()
        assert k.thrown == (tuple(rk.parse_cards("KD")), tuple(rk.parse_cards("QD KC")))
        assert k.passed == (tuple(rk.parse_cards("QD")), tuple(rk.parse_cards("KD")))


def test_knowledge_never_lists_a_face_down_discard() -> None:
    """Gin's knock discard goes face down (variants/gin.toml, [S17]): it is
    not among the cards the knocker threw, for the other seat."""
    h = _gin_at_layoff()
    knocker = h.knocker
    assert knocker is not None and h.buried
    k = h.view(1 - knocker).knowledge()
    assert h.buried[-1] not in k.thrown[knocker]
    thrown = [a.card for a in h.history if isinstance(a, Discard)]
    assert sorted(c.code for x in k.thrown for c in x) == sorted(c.code for c in thrown)
