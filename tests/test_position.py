"""Positions as text (issue 10, part 2): ``rk.position`` / ``rk.from_position``.

The round trip is checked by playing random hands of every built-in variant
and rebuilding the hand from its text at random points: the text comes back
the same, the legal actions and every seat's view are the same, and both
hands play on to the same result with the same actions (reshuffles of the
stock included: the text carries the shuffle state). A seat's version holds
nothing hidden from that seat: redealing every card the seat cannot see (and
changing the shuffle state) leaves it unchanged, as views are tested.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit as rk
from engine_helpers import SLOW, variant

NAMES = rk.list_variants()


def _variant(name: str) -> rk.Variant:
    return variant(name, max_turns=40 if name in SLOW else 300)


def _random_points(name: str, seed: int, players: int | None = None) -> list[rk.Hand]:
    """Copies of one random hand at a few random points (the start and the end included)."""
    v = _variant(name)
    hand = rk.new_hand(v, players=players or v.players.min, seed=seed)
    rng = random.Random(seed)
    points = [hand.clone()]
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
        if rng.random() < 0.08:
            points.append(hand.clone())
    points.append(hand.clone())
    return points


def _play_on(a: rk.Hand, b: rk.Hand, seed: int) -> None:
    rng = random.Random(seed)
    while not a.is_over:
        assert a.legal_actions() == b.legal_actions()
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(str(action))
    assert b.is_over
    assert a.result == b.result
    assert rk.position(a) == rk.position(b)


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", NAMES)
def test_round_trip_plays_on_exactly(name: str, seed: int) -> None:
    for i, h in enumerate(_random_points(name, seed)):
        text = rk.position(h)
        again = rk.from_position(h.variant, text)
        assert rk.position(again) == text
        assert again.legal_actions() == h.legal_actions()
        assert [again.view(p) for p in range(h.players)] == [h.view(p) for p in range(h.players)]
        assert Counter(again.cards_in_play()) == Counter(h.cards_in_play())
        if h.is_over:
            assert again.result == h.result
        elif i % 4 == 0:  # (tests/test_position_invariants.py plays rebuilt hands on too)
            _play_on(h.clone(), again, seed * 31 + i)


def test_round_trip_through_a_reshuffle() -> None:
    """The shuffle state travels with the text: straight rummy with the
    "shuffle first" option ([S1] §1.1 item 14) reshuffles the discards the same
    way in the rebuilt hand as in the original."""
    v = rk.loads_variant('extends = "straight"\n[stock]\nkind = "reuse"\nshuffle = true\n')
    for seed in range(40):
        hand = rk.new_hand(v, players=2, seed=seed)
        rng = random.Random(seed)
        while not hand.is_over and not (hand.stock_count == 0 and hand.phase is rk.Phase.DRAW):
            legal = [a for a in hand.legal_actions() if not isinstance(a, rk.engine.MeldAction)]
            hand.apply(rng.choice(legal or hand.legal_actions()))
        if hand.is_over or hand.phase is not rk.Phase.DRAW or len(hand.discard_pile) < 4:
            continue
        again = rk.from_position(v, rk.position(hand))
        hand.apply("draw")
        again.apply("draw")
        assert again.hand_of(again.current) == hand.hand_of(hand.current)
        assert rk.position(again) == rk.position(hand)
        assert again.hand_of(0) == hand.hand_of(0) and again.hand_of(1) == hand.hand_of(1)
        return
    pytest.fail("no random hand reached an empty stock")  # pragma: no cover


def _redeal_hidden(h: rk.Hand, seat: int, rng: random.Random) -> rk.Hand:
    """A clone in which every card ``seat`` cannot see is redealt at random, and
    the shuffle state changed: what ``seat`` may know is the same."""
    other = h.clone()
    over = h.is_over
    # the test changes hidden state no public name may change: the private fields
    slots: list[list[rk.Card]] = [other._stock]
    if not over:
        slots += [other._hands[s] for s in range(h.players) if s != seat]
        slots.append(other._buried)
    pool = [c for slot in slots for c in slot]
    rng.shuffle(pool)
    for slot in slots:
        k = len(slot)
        slot[:] = pool[:k]
        del pool[:k]
    other._rng = random.Random(rng.random())
    other._seed = 12345
    return other


@pytest.mark.parametrize("name", NAMES)
def test_seat_version_holds_nothing_hidden(name: str) -> None:
    rng = random.Random(7)
    for h in _random_points(name, 3, players=_variant(name).players.max):
        for p in range(h.players):
            text = rk.position(h, seat=p)
            assert "rng" not in text and f"seat {p}" in text
            other = _redeal_hidden(h, p, rng)
            assert rk.position(other, seat=p) == text
            # the seat's own cards are all there
            assert " ".join(map(str, h.hand_of(p))) in text or not h.hand_of(p)


def test_seat_version_is_refused_by_from_position() -> None:
    v = rk.load_variant("gin")
    h = rk.new_hand(v, players=2, seed=1)
    with pytest.raises(rk.PositionError, match="seat's version"):
        rk.from_position(v, rk.position(h, seat=0))


def test_seat_out_of_range() -> None:
    h = rk.new_hand(rk.load_variant("gin"), players=2, seed=1)
    with pytest.raises(rk.PositionError, match="no seat 2"):
        rk.position(h, seat=2)


# --------------------------------------------------------------------------- errors

STRAIGHT = rk.load_variant("straight")
BASE = rk.position(rk.new_hand(STRAIGHT, players=2, seed=1))


def _field(text: str, key: str) -> str:
    for part in text.split("; "):
        if part.startswith(key + " "):
            return part
    raise KeyError(key)


def _with(key: str, value: str | None, text: str = BASE) -> str:
    parts = text.split("; ")
    out = [p for p in parts if not p.startswith(key + " ")]
    if value is not None:
        at = next((i for i, p in enumerate(parts) if p.startswith(key + " ")), len(parts) - 1)
        out.insert(at, f"{key} {value}")
    return "; ".join(out)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # attack: a card more often than the decks hold it
        (BASE.replace("hands 4C", "hands AS AS 4C", 1), "cards: AS appears 3 times, the straight shoe holds 1"),
        # impossible card counts: a card is nowhere
        (BASE.replace(" 2S; upcard", "; upcard"), "cards: 1 cards of the shoe are nowhere: 2S"),
        # a meld that is not a meld
        (_with("table", "0: 2C 5D 9H", BASE.replace("2C ", "").replace("5D ", "").replace("9H ", "")),
         "table: '2C 5D 9H' is not a meld"),
        # a run in a straight rummy that does not wrap
        (_with("table", "1: KH AH 2H", BASE.replace("KH ", "").replace("2H ", "").replace("AH ", "")),
         "table: 'KH AH 2H' is not a meld in straight"),
        # phases the rules cannot reach
        (BASE.replace("phase draw", "phase offer"), "phase: straight offers no upcard"),
        (BASE.replace("phase draw", "phase claim"), "phase: straight has no calls"),
        (BASE.replace("phase draw", "phase layoff"), "phase: phase layoff needs a knocker"),
        (BASE.replace("phase draw", "phase over"), "how: a finished hand"),
        (_with("taken", "JD"), "taken: set in phase draw, before the player has drawn"),
        (_with("knocker", "0"), "knocker: set while the hand goes on"),
        (_with("dropped", "- first"), "to: seat 1 has dropped out"),
        (BASE.replace("phase draw", "phase bidding"), "phase: 'bidding' is not a phase"),
        (BASE.replace("to 1", "to 2"), "to: 2 is out of range"),
        # not this variant, not this format
        (BASE.replace("variant straight", "variant gin"), "variant: the position is of 'gin'"),
        (BASE.replace("rkpos 1", "rkpos 2"), "rkpos: format version '2' is not supported"),
        (BASE.replace("players 2", "players 9"), "players: straight is played by 2 to 6 players, not 9"),
        (BASE.replace("; stock", "; stock JK"), "cards: JK appears 1 times, the straight shoe holds 0"),
        (BASE.replace("dealer 0; ", ""), "dealer: the field is missing"),
        (BASE + "; deal 3", "deal: the field is given twice"),
        (BASE + "; colour red", "unknown field 'colour'"),
        (BASE.replace("hands 4C 4D", "hands 4C 4Z"), "hands: "),
        (BASE.replace("upcard JD", "upcard"), "upcard: "),
        # hostile numbers: huge, negative, non-ASCII digits
        (BASE.replace("turn 1", "turn 99999999999999999999999999"), "turn: expected a whole number"),
        (BASE.replace("turn 1", "turn -1"), "turn: -1 is out of range"),
        (BASE.replace("players 2", "players \u0662"), "players: expected a whole number"),
        (BASE.replace("turn 1", "turn \uff11"), "turn: expected a whole number"),
        (BASE.replace("rng 1+104", "rng 1+99999999999"), "rng: expected a whole number"),
        (BASE.replace("rng 1+104", "rng 1+999999999"), "rng: 999999999 is out of range"),
        (BASE.replace("rng 1+104", "rng mt:AAAA"), "rng: a bad explicit shuffle state"),
        (BASE.replace("rng 1+104", "rng \u0661+3"), "rng: the seed must be a whole number"),
    ],
)  # fmt: skip
def test_bad_positions_name_the_field(text: str, message: str) -> None:
    with pytest.raises(rk.PositionError, match=_escape(message)):
        rk.from_position(STRAIGHT, text)


def _escape(message: str) -> str:
    import re

    return re.escape("position: " + message) if not message.startswith("unknown") else re.escape(message)


def test_enormous_text_is_refused_before_parsing() -> None:
    """Attack: a multi-megabyte text (or a huge card list) fails at once, cleanly."""
    with pytest.raises(rk.PositionError, match="too long"):
        rk.from_position(STRAIGHT, BASE + "; " + "x" * 5_000_000)
    with pytest.raises(rk.PositionError, match="too long"):
        rk.from_position(STRAIGHT, BASE.replace("stock ", "stock " + "AS " * 20_000))


def test_not_text_is_refused() -> None:
    with pytest.raises(rk.PositionError, match="expected text"):
        rk.from_position(STRAIGHT, b"rkpos 1")  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_positions_fail_cleanly_or_build_a_sound_hand(data: st.DataObject) -> None:
    """Fuzz: random edits of a valid text either raise PositionError or build a
    hand whose cards are the shoe and whose text round-trips."""
    text = base = data.draw(st.sampled_from([BASE, _MIDHAND]))
    ops = data.draw(
        st.lists(st.tuples(st.integers(0, 2), st.integers(0, len(text)), st.text(max_size=4)), max_size=3)
    )
    for op, at, chunk in ops:
        if op == 0:
            text = text[:at] + chunk + text[at:]
        elif op == 1:
            text = text[:at] + text[at + len(chunk) + 1 :]
        else:
            tokens = text.split(" ")
            i = at % len(tokens)
            j = (at * 7 + 3) % len(tokens)
            tokens[i], tokens[j] = tokens[j], tokens[i]
            text = " ".join(tokens)
    v = STRAIGHT if base is BASE else rk.load_variant("gin")
    try:
        h = rk.from_position(v, text)
    except rk.PositionError:
        return
    assert Counter(h.cards_in_play()) == Counter(v.deck.shoe(h.players))
    assert rk.position(rk.from_position(v, rk.position(h))) == rk.position(h)


def _midhand() -> str:
    for h in _random_points("gin", 4):
        if h.phase is rk.Phase.PLAY:
            return rk.position(h)
    return rk.position(_random_points("gin", 4)[-1])  # pragma: no cover


_MIDHAND = _midhand()


# --------------------------------------------------------------------------- scenarios


def scenario(v: rk.Variant, text: str) -> rk.Hand:
    """A hand from a position written without its stock: the cards of the
    shoe not named anywhere form the stock, in shoe order (top first)."""
    probe = rk.from_position.__globals__["_split_fields"](text + "; stock -")
    named: Counter[rk.Card] = Counter()
    for key in ("hands", "table", "pile", "buried", "cut"):
        for token in probe.get(key, "").replace("/", " ").replace(":", " ").replace("+", " ").split():
            card = token.partition("=")[0].partition("@")[0]
            if card != "-" and not card.isdigit():
                named[rk.parse_card(card)] += 1
    players = int(probe["players"])
    rest = Counter(v.deck.shoe(players)) - named
    stock = [c for c in v.deck.shoe(players) if rest[c] > 0 and not rest.subtract([c])]
    return rk.from_position(v, text + "; stock " + (" ".join(map(str, stock)) or "-"))


def test_scenario_straight_turns_the_pile_over_without_shuffling() -> None:
    """[S1] §End of the Stock: "the discard pile is turned over, without
    shuffling, to form a new stock": the bottom discard is drawn first."""
    v = rk.load_variant("straight")
    hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD"]  # nothing melded: 10 each
    pile = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS QC KC AC QD KD AD"
    h = scenario(
        v,
        f"rkpos 1; variant straight; players 2; dealer 1; deal 1; phase draw; to 0; turn 30; "
        f"hands {' / '.join(hands)}; pile {pile}; own_turns 15 15; draws 14 15",
    )
    assert h.stock_count == 0
    h.apply("draw")
    assert "AH" in map(str, h.hand_of(0))
    assert h.stock_count == len(pile.split()) - 1
    assert h.discard_pile == ()


def test_scenario_gin_knock_then_the_defender_lays_off() -> None:
    """[S17, S18, S20]: after a knock with at most 10 deadwood
    the defender lays off onto the knocker's melds only, then the hand is scored
    (the knocker scores the difference)."""
    v = rk.load_variant("gin")
    h = scenario(
        v,
        "rkpos 1; variant gin; players 2; dealer 1; deal 1; phase play; to 0; turn 5; "
        "hands 2C 3C 4C 7D 7H 7S 9S TS JS AD 5H / 5C KD KH 8S 2D 3D 4H 6H 8H QC; "
        "pile KC; own_turns 3 2; draws 3 2",
    )
    h.apply("knock 5H")  # deadwood: AD = 1
    assert h.phase is rk.Phase.LAYOFF and h.current_player == 1
    targets = {str(t.meld): i for i, t in enumerate(h.view(1).table, 1)}
    assert set(targets) == {"2C 3C 4C", "7D 7H 7S", "9S TS JS"}
    layoffs = {str(a) for a in h.legal_actions() if isinstance(a, rk.engine.Layoff)}
    assert layoffs == {f"layoff 5C on {targets['2C 3C 4C']}", f"layoff 8S on {targets['9S TS JS']}"}
    for text in sorted(layoffs):
        h.apply(text)
    h.apply("pass")
    assert h.is_over and h.result is not None
    # defender deadwood after the lay-offs: KD KH 2D 3D 4H 6H 8H QC = 53; the knocker's AD = 1
    assert h.result.scores == (52, 0)


def test_scenario_from_position_reports_the_hand_in_the_cli_text() -> None:
    """A position is a bug report: repr-free, one line, ASCII."""
    h = rk.new_hand(rk.load_variant("indian"), players=3, seed=9)
    text = rk.position(h)
    assert "\n" not in text and text.isascii()
    assert rk.position(rk.from_position(h.variant, text)) == text


def test_an_arbitrary_shuffle_state_travels_in_full() -> None:
    """A generator not reached from the hand's seed is written out whole (mt:...)."""
    v = rk.load_variant("straight")
    h = rk.new_hand(v, players=2, seed=1)
    h._rng = random.Random(99)  # a state no public name sets
    h._rng.random()
    text = rk.position(h)
    assert "; rng mt:" in text
    again = rk.from_position(v, text)
    assert again.rng.getstate() == h.rng.getstate()
    assert rk.position(again) == text


def test_an_entropy_generator_is_written_os() -> None:
    """Reshuffles from the operating system's entropy cannot be reproduced: the
    text says so (rng os), and the rebuilt hand draws fresh entropy too."""
    v = rk.load_variant("straight")
    h = rk.new_hand(v, players=2, seed=1)
    h._rng = random.SystemRandom()  # a state no public name sets
    text = rk.position(h)
    assert text.endswith("; rng os")
    again = rk.from_position(v, text)
    assert isinstance(again.rng, random.SystemRandom)
    assert rk.position(again) == text
