"""The public record of each seat's moves (``Knowledge.moves``).

The moves must be public facts that replay exactly: the opponent's real
dealt cards and real stock draws, replayed through its recorded moves, give
its real hand before each move (so a trail built from them is a game the
seat cannot tell from the real one).
"""

from __future__ import annotations

from collections import Counter

import pytest

import rummykit as rk
from rummykit.cards import Card
from rummykit.engine.resample import Move, knowledge, replay_start
from test_resample import _points, scripted_gin


def hands_before(moves: tuple[Move, ...], slots: list[Card], dealt: int) -> list[Counter[Card]] | None:
    """The hand before each of ``moves``, replayed from a trail (``slots``:
    the ``dealt`` cards, then each hidden draw's cards in order), or None
    when a move plays a card the hand does not hold."""
    hand = Counter(slots[:dealt])
    pos = dealt
    before = []
    for m in moves:
        before.append(hand.copy())
        hand.update(m.came)
        if m.drew:
            hand.update(slots[pos : pos + m.drew])
            pos += m.drew
        out = Counter(m.out)
        if out - hand:
            return None
        hand -= out
    return before


def _real_trails(h: rk.Hand, seat: int) -> dict[int, tuple[list[Card], int, list[Counter[Card]]]]:
    """Per other seat: its real trail (dealt cards, then the hidden cards it
    drew, in order) and its real hand before each of its moves, found by
    replaying the hand with every card in sight (the test may look)."""
    g = replay_start(h)[0]
    dealt = {q: list(g.hands[q]) for q in range(h.n)}
    drawn: dict[int, list[Card]] = {q: [] for q in range(h.n)}
    before: dict[int, list[Counter[Card]]] = {q: [] for q in range(h.n)}
    for a in h.history:
        actor = g.current
        hands = [Counter(x) for x in g.hands]
        pile = Counter(g.pile) + Counter(c for t in g.table for c in t.meld.cards)
        g.apply(a)
        if actor is None or actor == seat:
            continue
        before[actor].append(hands[actor])
        gained = Counter(g.hands[actor]) - hands[actor]
        public = pile - (Counter(g.pile) + Counter(c for t in g.table for c in t.meld.cards))
        hidden = gained - public
        # the order within one action does not matter: a move's hidden cards arrive together
        drawn[actor].extend(hidden.elements())
    return {q: (dealt[q] + drawn[q], len(dealt[q]), before[q]) for q in range(h.n) if q != seat}


def _trail_cases() -> list[object]:
    """``(name, players, seed)``: seed 1 at the variant's fewest players by
    default; seed 2, and both at 3 players, under ``-m slow`` (a replayed
    move is required of the variant's default case: the others may have none)."""
    out = []
    for name in rk.list_variants():
        v = rk.load_variant(name)
        counts = sorted({max(2, v.players.min), max(v.players.min, min(3, v.players.max))})
        for players in counts:
            for seed in (1, 2):
                slow = players > counts[0] or seed > 1
                marks = [pytest.mark.slow] if slow else []
                out.append(pytest.param(name, players, seed, id=f"{name}-{players}-s{seed}", marks=marks))
    return out


@pytest.mark.parametrize(("name", "players", "seed"), _trail_cases())
def test_the_real_trail_replays_to_the_real_hands(name: str, players: int, seed: int) -> None:
    """Each recorded move says exactly what came into and left the hand: the
    opponent's real deal and draws, replayed through its moves, rebuild its
    real hand before each one (every variant, 2 and 3 players)."""
    checked = 0
    for h in _points(name, players, seed):
        seat = h.current_player if h.current_player is not None else 0
        known = knowledge(h, seat)
        assert known.moves[seat] == ()
        for q, (slots, dealt, real) in _real_trails(h, seat).items():
            moves = known.moves[q]
            if moves is None:  # a card went out of sight: not replayed
                continue
            assert len(moves) == len(real)
            assert hands_before(moves, slots, dealt) == real
            checked += 1
    assert checked or seed > 1 or players > max(2, rk.load_variant(name).players.min)


def test_a_move_records_public_facts() -> None:
    """The scripted Gin hand: seat 1 passes the upcard 9H, draws from the
    stock and throws QD, then takes seat 0's KD; seen from seat 0: a pass of
    9H, a hidden draw, a discard, a take of KD, and nothing of which card it
    drew."""
    h = scripted_gin()
    for a in ["pass", "pass", "draw", "discard QD", "draw", "discard KD", "take"]:
        h.apply(a)
    moves = knowledge(h, 0).moves[1]
    assert moves is not None
    nine, queen = rk.Card.parse("9H"), rk.Card.parse("QD")
    assert moves[0] == Move("draw", top=nine)
    assert moves[1] == Move("draw", top=nine, drew=1)
    assert moves[2] == Move("discard", out=(queen,), card=queen)
    take = moves[3]
    assert take.kind == "draw" and take.took and take.drew == 0
    assert take.came == (rk.Card.parse("KD"),) and take.known == (rk.Card.parse("KD"),)
