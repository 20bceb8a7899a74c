"""rummykit.llm.prompt: the rules of the variant, what the seat sees, the
move wanted, the legal moves; nothing the seat may not see (issue 52, item 1)."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

import rummykit as rk
from llm_helpers import cached_states, short, states
from rummykit import llm
from rummykit.engine import Action
from rummykit.rulebook import rulebook

NAMES = rk.list_variants()
CARD = re.compile(r"(?<![A-Za-z0-9=])(?:[2-9TJQKA][CDHS]|JK)(?![A-Za-z0-9])")
"""A card in a prompt (not what a wild stands for: ``=9H``)."""


def _section(text: str, title: str) -> str:
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


@pytest.mark.parametrize("name", NAMES)
def test_a_prompt_for_every_variant(name: str) -> None:
    """The variant's rules (every rule of its rulebook), the notation, the
    seat's hand, the move wanted and exactly the legal moves, one a line."""
    v = rk.load_variant(name)
    book = rulebook(v)
    for h in cached_states(name, 1, 4)[:2]:
        p = h.current_player
        assert p is not None
        text = llm.prompt(h, p)
        assert text.startswith(f"You are playing {v.title} as seat {p}")
        rules = _section(text, "Rules")
        for section in book.sections:
            for rule in section.rules:
                assert f"- {rule}" in rules
        assert llm.NOTATION in text
        table = _section(text, "The table")
        assert f"Your hand ({len(h.hand_of(p))} card" in table
        assert " ".join(str(c) for c in h.hand_of(p)) in table
        move = _section(text, "Your move")
        listed = [line[2:] for line in move.splitlines() if line.startswith("- ")]
        assert listed == [str(a) for a in h.legal_actions()]
        assert text.endswith("Move: <move>")
        free = llm.prompt(h, p, legal=False)
        assert "Legal moves" not in free and not any(
            line.startswith("- ") for line in _section(free, "Your move").splitlines()
        )
        assert llm.prompt(h, p, rules="none").count("## Rules") == 0
        full = llm.prompt(h, p, rules="full")
        assert v.info.description in full and all(n in full for n in book.notes)


def test_the_rules_differ_from_variant_to_variant() -> None:
    """The audit's complaint: a prompt that is the same whatever the variant."""
    texts = {name: llm.rules_text(rk.load_variant(name)) for name in NAMES}
    assert len(set(texts.values())) == len(texts)


def test_a_house_rule_changes_the_rules_in_the_prompt() -> None:
    base = rk.load_variant("straight")
    house = rk.loads_variant('extends = "straight"\n[variant]\nname = "kitchen"\n[ranking]\nace = "either"\n')
    deal = dict(players=2, seed=3)
    a, b = llm.prompt(rk.new_hand(base, **deal)), llm.prompt(rk.new_hand(house, **deal))
    assert a != b
    changed = [line for line in b.splitlines() if line not in a.splitlines()]
    gone = [line for line in a.splitlines() if line not in b.splitlines()]
    assert any("Aces are low or high" in line for line in changed)
    assert any("Aces are low" in line for line in gone)
    assert _section(a, "The table") == _section(b, "The table")


def test_what_the_table_shows() -> None:
    """Owners of melds, wild designations, lay-offs, counts, the pile, scores."""
    v = rk.load_variant("wrotham")
    for h in states("wrotham", 3, 6):
        if any(t.meld.wild_count for t in h.view(0).table):
            break
    else:  # pragma: no cover - the seeds give one
        raise AssertionError("no table meld with a wild")
    p = h.current_player
    assert p is not None
    text = llm.prompt(h, p, scores=[10, 20])
    view = h.view(p)
    for i, t in enumerate(view.table, 1):
        owner = "yours" if t.owner == p else f"seat {t.owner}"
        assert f"  {i}. {t.meld} ({owner})" in text
    assert "=" in _section(text, "The table")
    assert f"Discard pile ({len(view.discard)} card" in text or "Discard pile: empty." in text
    assert f"Stock: {view.stock_count} card" in text
    for q in range(h.players):
        if q != p:
            assert f"Seat {q}: {view.hand_counts[q]} card" in text
    others = ", ".join(f"seat {q} {20 if q else 10}" for q in range(2) if q != p)
    assert "Scores in this game so far: " in text and f"you {20 if p else 10}" in text and others in text
    with pytest.raises(rk.ArgumentError):
        llm.prompt(h, p, scores=[1])
    with pytest.raises(rk.ArgumentError):
        llm.prompt(h, p, rules="long")
    with pytest.raises(rk.ArgumentError):
        llm.prompt(view)  # a view needs its variant
    assert llm.prompt(view, variant=v) == llm.prompt(h, p)


def test_a_seat_not_to_move_is_told_so() -> None:
    h = rk.new_hand(rk.load_variant("gin"), players=2, seed=5)
    other = 1 - (h.current_player or 0)
    text = llm.prompt(h, other)
    assert f"It is seat {h.current_player}'s turn: no move is wanted from you now." in text
    assert "Legal moves" not in text


def test_a_seat_is_told_the_cards_it_saw_go_into_other_hands() -> None:
    """Seat 1 took the upcard: seat 0 knows it is in seat 1's hand."""
    h = rk.new_hand(rk.load_variant("gin"), players=2, seed=5)
    top = h.discard_pile[-1]
    h.apply("take")
    h.apply(h.legal_actions()[0])
    assert f"Cards you saw go into seat 1's hand: {top}" in llm.prompt(h, 0)


# --------------------------------------------------------------------------- the leak test


def _codes(cards: Any) -> set[str]:
    return {str(c) for c in cards}


def _seen(view: rk.View) -> set[str]:
    out = _codes(view.hand) | _codes(view.discard) | _codes(view.face_down)
    for t in view.table:
        out |= _codes(t.meld.cards)
    for cards in (*view.eaten, *view.shown_hands):
        out |= _codes(cards)
    if view.cut is not None:
        out.add(str(view.cut))
    return out


def _game(name: str, seed: int, seat: int, players: int) -> tuple[rk.Hand, set[str]] | None:
    """A greedy/random game stopped where ``seat`` is to move, with every
    card the seat saw on the way."""
    v = short(rk.load_variant(name))
    rng = random.Random(seed)
    h = rk.new_hand(v, players=players, seed=seed)
    bots = [
        rk.GreedyBot(v, seed=seed + s) if s % 2 == 0 else rk.RandomBot(v, seed=seed + s)
        for s in range(players)
    ]
    seen = _seen(h.view(seat))
    stop = rng.randrange(0, 6)
    while not h.is_over:
        p = h.current_player
        assert p is not None
        if p == seat:
            if not stop:
                return h, seen
            stop -= 1
        h.apply(bots[p].choose(h.view(p)))
        seen |= _seen(h.view(seat))
    return None


def _relabel(text: str, sigma: dict[str, str]) -> str:
    return " ".join("=".join(sigma.get(part, part) for part in token.split("=")) for token in text.split())


def _twin(h: rk.Hand, cards: list[str], rng: random.Random) -> rk.Hand | None:
    """The same deal and play with two of ``cards`` swapped (None when no
    such swap replays)."""
    rec = h.record()
    dealt = rec["dealt"]
    shoe = Counter(str(c) for c in h.cards_in_play())
    for _ in range(25):
        if len(cards) < 2:
            return None
        a, b = rng.sample(cards, 2)
        if shoe[a] != shoe[b]:
            continue
        sigma = {a: b, b: a}
        try:
            twin = rk.new_hand(
                h.variant,
                h.players,
                seed=rec["seed"],
                dealer=h.dealer,
                deal_number=h.deal_number,
                hands=[_relabel(x, sigma) for x in dealt["hands"]],
                discard=_relabel(dealt["discard"], sigma),
                stock=_relabel(dealt["stock"], sigma),
                cut=_relabel(dealt["cut"], sigma) or None,
            )
            for action in h.actions:
                twin.apply(Action.parse(_relabel(str(action), sigma)))
        except rk.RummyError:
            continue
        if twin.hands != h.hands or twin.stock != h.stock:
            return twin
    return None


def _wilds(h: rk.Hand) -> set[str]:
    wild = h.view(0).wild_ranks
    return {str(c) for c in h.cards_in_play() if c.is_joker or c.rank in wild}


@pytest.mark.parametrize("name", NAMES)
def test_two_hands_the_seat_cannot_tell_apart_give_the_same_prompt(name: str) -> None:
    """The paired-hands leak test: the same deal and play with two cards the
    seat never saw swapped (equal views) give equal prompts, in every form.
    And the test can fail: a swap of a card the seat holds changes the prompt."""
    v = rk.load_variant(name)
    players = 3 if 3 in v.players.counts() else 2
    compared = sensitive = 0
    for seed in range(14):
        seat = seed % players
        game = _game(name, seed, seat, players)
        if game is None:
            continue
        h, seen = game
        rng = random.Random(seed)
        unseen = sorted({str(c) for c in h.cards_in_play()} - seen - _wilds(h))
        twin = _twin(h, unseen, rng)
        if twin is not None:
            assert twin.view(seat) == h.view(seat)
            for legal in (True, False):
                for rules in ("short", "full"):
                    assert llm.prompt(twin, seat, legal=legal, rules=rules) == llm.prompt(
                        h, seat, legal=legal, rules=rules
                    ), f"{name}: the prompt tells two hands apart"
            compared += 1
        mine = sorted(_codes(h.view(seat).hand) - _wilds(h))
        other = _twin(h, mine + unseen[:1], rng) if mine and unseen and not sensitive else None
        if other is not None and other.view(seat) != h.view(seat):
            assert llm.prompt(other, seat) != llm.prompt(h, seat)
            sensitive += 1
        if compared >= 2 and sensitive:
            break
    assert compared, f"{name}: no pair of hands found to compare"
    assert sensitive, f"{name}: no pair of hands the seat can tell apart found"


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", NAMES)
def test_the_table_names_only_cards_the_seat_has_seen(name: str, seed: int) -> None:
    """The game of seed 0 by default, seed 1's under ``-m slow``."""
    v = rk.load_variant(name)
    game = _game(name, seed, seed % 2, 2 if 2 in v.players.counts() else v.players.min)
    if game is not None:
        h, seen = game
        table = _section(llm.prompt(h, seed % 2), "The table")
        assert set(CARD.findall(table)) <= seen, name
