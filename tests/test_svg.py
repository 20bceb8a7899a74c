"""SVG pictures (rummykit.svg): checked by structure, and for what a seat may see."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import rummykit as rk
from rummykit import svg

NS = "{http://www.w3.org/2000/svg}"


def _cards(doc: str) -> list[str]:
    root = ET.fromstring(doc)  # well-formed XML, or this raises
    assert root.tag == f"{NS}svg"
    return [g.get("data-card", "?") for g in root.iter(f"{NS}g") if "card" in (g.get("class") or "").split()]


def test_a_card_is_a_picture_with_its_suit_in_colour() -> None:
    doc = svg.card(rk.Card.parse("7H"))
    assert _cards(doc) == ["7H"]
    assert "♥" in doc and "#c62828" in doc  # hearts are red
    assert "#c62828" not in svg.card(rk.Card.parse("7S"))  # spades are not


def test_a_wild_card_shows_what_it_stands_for() -> None:
    meld = rk.Meld.parse("KC=AC AH AS")
    doc = svg.meld(meld)
    root = ET.fromstring(doc)
    marks = [g.get("data-stands-for") for g in root.iter(f"{NS}g") if g.get("class") == "designation"]
    assert marks == ["AC"]
    assert _cards(doc) == ["KC", "AH", "AS"]


@pytest.mark.parametrize("name", ["gin", "kalooki", "phom", "indian"])
def test_a_seat_picture_shows_no_hidden_card(name: str) -> None:
    """Attack: reading another seat's cards out of the picture a seat is sent.
    Every face-up card in seat 0's picture must be one seat 0 may see."""
    v = rk.load_variant(name)
    h = rk.new_hand(v, players=v.players.min, seed=11)
    r = random.Random(3)
    for _ in range(30):
        if h.is_over:
            break
        h.apply(r.choice(h.legal_actions()))
    view = h.view(0)
    doc = svg.position(view)
    visible = [str(c) for c in view.hand] + [str(c) for c in view.discard]
    visible += [str(c) for tm in view.table for c in tm.meld.cards]
    visible += [str(c) for hand in view.shown_hands for c in hand]
    shown = [c for c in _cards(doc) if c != "?"]
    for c in shown:
        assert c in visible, f"{c} is drawn face up but seat 0 cannot see it"
    backs = _cards(doc).count("?")
    hidden_others = 0 if view.shown_hands else sum(n for p, n in enumerate(view.hand_counts) if p != 0)
    assert backs == hidden_others + (1 if view.stock_count else 0)


def test_the_full_picture_shows_every_hand_face_up_and_the_table_by_owner() -> None:
    v = rk.load_variant("straight")
    A, B = "7H 8H 9H 2C 3C 4D 5D 6S 8S TS", "QS QH QD 5C 6C 8D 9D JS KS 2H"
    h = rk.new_hand(v, players=2, dealer=1, hands=[A, B], discard=["TD"], stock=["AS", "2S", "3S"])
    h.apply("draw")
    h.apply("meld 7H 8H 9H")
    doc = svg.position(h)
    root = ET.fromstring(doc)
    melds = [g for g in root.iter(f"{NS}g") if g.get("class") == "meld"]
    assert [m.get("data-owner") for m in melds] == ["0"]
    faces = sorted(c for c in _cards(doc) if c != "?")
    assert faces == sorted([*A.split(), *B.split(), "TD", "AS"])
    assert _cards(doc).count("?") == 1  # the stock, face down


def test_cli_render_draws_a_record_at_move_n_and_a_position(tmp_path: Path) -> None:
    from rummykit.cli import main

    h = rk.new_hand(rk.load_variant("gin"), players=2, seed=4)
    r = random.Random(2)
    for _ in range(12):
        if h.is_over:
            break
        h.apply(r.choice(h.legal_actions()))
    record = tmp_path / "hand.json"
    record.write_text(json.dumps(h.record()), encoding="utf-8")
    out = tmp_path / "at5.svg"
    assert main(["render", "--record", str(record), "--move", "5", "--seat", "0", "-o", str(out)]) == 0
    at5 = rk.replay({**h.record(), "actions": h.record()["actions"][:5], "result": None})
    assert sorted(c for c in _cards(out.read_text(encoding="utf-8")) if c != "?") == sorted(
        [str(c) for c in at5.view(0).hand] + [str(c) for c in at5.view(0).discard]
    )
    pos = tmp_path / "pos.txt"
    pos.write_text(rk.position(h), encoding="utf-8")
    out2 = tmp_path / "pos.svg"
    assert main(["render", "gin", "--position", f"@{pos}", "-o", str(out2)]) == 0
    assert _cards(out2.read_text(encoding="utf-8"))
    assert main(["render", "--record", str(record), "--move", "999"]) == 1  # bad input: one line, exit 1
    assert main(["render", "gin"]) == 1
