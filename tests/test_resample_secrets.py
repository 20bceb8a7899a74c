"""Determinizations carry nothing of the real hidden cards (issue 11's
determinization, from an attacker's side).

A seat's bot calls ``view.resample(seed=...)`` and gets a whole
:class:`rummykit.Hand`. It chooses the seed, so anything in that hand that
depends on the real hidden cards, however scrambled, can be read back: the
real seed (which deals the real hand again), the record (the real deal), a
face-down card named in the history, or a shuffle of the real stock's
order, which a known seed lets the seat undo.

The test the attacker cannot pass: two real hands that the seat cannot tell
apart (the same deal and play, with the cards it never saw relabelled)
give, for the same seed, determinizations equal in every field, public or
private. Then nothing in a determinization depends on what the seat did
not see.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.engine import Action, Discard, Draw
from strategies import variant_names


def _short(v: rk.Variant) -> rk.Variant:
    return attrs.evolve(v, limits=attrs.evolve(v.limits, max_turns=200))


def _codes(cards: Any) -> set[str]:
    return {str(c) for c in cards}


def _seen(view: rk.View) -> set[str]:
    """Every card in this view, as text."""
    out = _codes(view.hand) | _codes(view.discard) | _codes(view.face_down)
    for t in view.table:
        out |= _codes(t.meld.cards)
    for cards in (*view.eaten, *view.shown_hands):
        out |= _codes(cards)
    if view.cut is not None:
        out.add(str(view.cut))
    return out


def _game(name: str, seed: int, seat: int, players: int = 0) -> tuple[rk.Hand, set[str]] | None:
    """A greedy/random game stopped at a random point where ``seat`` is to
    move, and every card the seat saw on the way (``players``: by default 2,
    or the fewest the variant allows)."""
    v = _short(rk.load_variant(name))
    players = players or max(2, v.players.min)
    rng = random.Random(seed)
    h = rk.new_hand(v, players=players, seed=seed)
    bots = [
        rk.GreedyBot(v, seed=seed + s) if s % 2 == 0 else rk.RandomBot(v, seed=seed + s)
        for s in range(players)
    ]
    seen = _seen(h.view(seat))
    stop = rng.randrange(0, 5)  # the seat's decisions to play first
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


def _point(name: str, seat: int) -> rk.Hand:
    """Some point of some game of ``name`` where ``seat`` is to move."""
    for seed in range(30):
        game = _game(name, seed, seat)
        if game is not None:
            return game[0]
    raise AssertionError(f"{name}: no game reached a decision of seat {seat}")  # pragma: no cover


def _relabel(text: str, sigma: dict[str, str]) -> str:
    """``text`` (cards, or an action) with each card code mapped by ``sigma``
    (a joker's designation ``JK=QH`` too)."""
    return " ".join("=".join(sigma.get(part, part) for part in token.split("=")) for token in text.split())


def _twin(h: rk.Hand, seen: set[str], rng: random.Random) -> rk.Hand | None:
    """A real hand the seat cannot tell from ``h``: the same deal and actions
    with the codes of some cards the seat never saw swapped (codes of the
    same multiplicity in the shoe). None if no such swap replays. Swaps of a
    concealed meld's hidden cards (Phỏm) are tried first: they replay only
    where another unseen card makes the same meld."""
    rec = h.record()
    dealt = rec["dealt"]
    cards = {str(c): c for c in h.cards_in_play()}
    shoe = Counter(str(c) for c in h.cards_in_play())
    wild = h.view(0).wild_ranks
    unseen = sorted(c for c in shoe if c not in seen and c != "JK" and cards[c].rank not in wild)
    concealed = sorted({str(c) for e in h.eaten for _, m in e for c in m.cards} & set(unseen))
    swaps = [(a, b) for a in concealed for b in unseen if b != a]
    rng.shuffle(swaps)
    swaps += [tuple(rng.sample(unseen, 2)) for _ in range(20) if len(unseen) >= 2]
    for a, b in swaps:
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
        if twin.hands != h.hands or twin.stock != h.stock:  # not two cards of the same hand
            return twin
    return None


def _state(x: Any, depth: int = 0) -> Any:
    """Everything a hand holds, its private fields too, as comparable data
    (caches of legal actions left out: they are recomputed from the rest)."""
    if isinstance(x, rk.Hand):
        assert depth < 3, "a determinization nests too deeply"
        out = {}
        for name in type(x).__slots__:
            if name in ("__weakref__", "_legal", "_legal_brief", "kit"):
                continue
            value = getattr(x, name, None)
            out[name] = value.getstate() if isinstance(value, random.Random) else _state(value, depth + 1)
        return out
    if isinstance(x, dict):
        return {k: _state(y, depth) for k, y in x.items()}
    if isinstance(x, list | tuple):
        return [_state(y, depth) for y in x]
    if attrs.has(type(x)) and not isinstance(x, rk.Variant):
        return {f.name: _state(getattr(x, f.name), depth) for f in attrs.fields(type(x))}
    return x


def _uncommitted(rec: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in rec.items() if k != "commitment"}


def _same_for(seat: int, h: rk.Hand, twin: rk.Hand) -> None:
    """Everything ``seat`` is given of the two hands is the same: its view,
    what it knows, its record and its position text."""
    assert twin.view(seat) == h.view(seat)
    assert twin.view(seat).knowledge() == h.view(seat).knowledge()
    # the deal commitment is a salted hash, different for every deal (and hiding)
    assert _uncommitted(twin.record(seat=seat)) == _uncommitted(h.record(seat=seat))
    assert rk.position(twin, seat=seat) == rk.position(h, seat=seat)


def _fewest(name: str) -> int:
    return max(2, rk.load_variant(name).players.min)


def _pair_cases() -> list[Any]:
    """``(name, players, first, last)``: the pairs ``first`` to ``last - 1``
    found of each variant. The first pair at the fewest players by default;
    two more pairs there, and three at 3 players, under ``-m slow``."""
    out = []
    for name in rk.list_variants():
        fewest = _fewest(name)
        out.append(pytest.param(name, fewest, 0, 1, id=f"{name}-{fewest}"))
        out.append(pytest.param(name, fewest, 1, 3, id=f"{name}-{fewest}-more", marks=pytest.mark.slow))
        if fewest < 3 and 3 in rk.load_variant(name).players.counts():
            out.append(pytest.param(name, 3, 0, 3, id=f"{name}-3", marks=pytest.mark.slow))
    return out


@pytest.mark.parametrize(("name", "players", "first", "last"), _pair_cases())
def test_a_determinization_depends_only_on_what_the_seat_saw(
    name: str, players: int, first: int, last: int
) -> None:
    compared = found = 0
    for seed in range(12):
        seat = seed % players
        game = _game(name, seed, seat, players)
        if game is None:
            continue
        h, seen = game
        twin = _twin(h, seen, random.Random(seed))
        if twin is None:
            continue
        found += 1
        if found <= first:  # checked by the case of the pairs before
            continue
        _same_for(seat, h, twin)
        for s in (0, 1):
            r, r_twin = h.resample(seat, seed=s), twin.resample(seat, seed=s)
            assert _state(r) == _state(r_twin), f"{name}: the determinization tells the two hands apart"
        compared += 1
        if found == last:
            break
    assert compared or first, f"{name}: no twin hand found to compare with"


_RANDOM_GAMES = given(
    name=variant_names(),
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3]),
    det=st.integers(0, 99),
)


def _no_determinization_tells_apart(name: str, seed: int, players: int, det: int) -> None:
    assume(players in rk.load_variant(name).players.counts())
    seat = seed % players
    game = _game(name, seed, seat, players)
    assume(game is not None)
    assert game is not None
    h, seen = game
    twin = _twin(h, seen, random.Random(seed))
    assume(twin is not None)
    assert twin is not None
    _same_for(seat, h, twin)
    assert _state(h.resample(seat, seed=det)) == _state(twin.resample(seat, seed=det))


@settings(max_examples=5, deadline=None)
@_RANDOM_GAMES
def test_no_determinization_tells_two_hands_apart(name: str, seed: int, players: int, det: int) -> None:
    """The same property over random games, points and seeds."""
    _no_determinization_tells_apart(name, seed, players, det)


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@_RANDOM_GAMES
def test_no_determinization_tells_two_hands_apart_deep(name: str, seed: int, players: int, det: int) -> None:
    """The same, on more examples."""
    _no_determinization_tells_apart(name, seed, players, det)


def test_the_real_seed_is_not_handed_back() -> None:
    """``new_hand(v, n, seed=r.seed)`` would deal the real hand again."""
    v = rk.load_variant("gin")
    h = rk.new_hand(v, players=2, seed=12345)
    r = h.resample(0, seed=0)
    assert r.seed is None
    assert "12345" not in str(r.record())


def test_the_knockers_face_down_card_is_not_named() -> None:
    """Gin: "The knock discard goes face down" [S17, S20]; the defender lays off before it is shown. Its
    determinizations' history must not name it."""
    v = rk.load_variant("gin")
    for seed in range(60):
        h = rk.new_hand(v, players=2, seed=seed)
        bots = [rk.GreedyBot(v, seed=1), rk.GreedyBot(v, seed=2)]
        while not h.is_over and not (h.buried and h.current_player != h.knocker):
            p = h.current_player
            assert p is not None
            h.apply(bots[p].choose(h.view(p)))
        if h.is_over:
            continue
        defender = h.current_player
        assert defender is not None
        real = h.buried[0]
        named = Counter()
        for s in range(40):
            r = h.resample(defender, seed=s)
            knock = r.actions[-1]
            assert str(knock).startswith("knock ") and knock.card == r.buried[0]
            named[knock.card] += 1
        assert named[real] < 10, f"deal {seed}: the knock card named {named[real]} times in 40"
        return
    pytest.fail("no knock with a face-down card in 60 Gin deals")


def test_a_shuffled_pile_turned_into_the_stock_is_dealt_again() -> None:
    """Kalooki: "the discard pile except its top card is reshuffled" ([S49],
    variants/kalooki.toml): the seat saw the cards but not their new order,
    nor which of them the other player draws."""
    v = _short(rk.load_variant("kalooki"))
    for seed in range(80):
        h = rk.new_hand(v, players=2, seed=seed)
        bots = [rk.RandomBot(v, seed=1), rk.RandomBot(v, seed=2)]
        while not h.is_over and not (h.reuses and h.current_player == 0 and h.stock_count > 5):
            p = h.current_player
            assert p is not None
            h.apply(bots[p].choose(h.view(p)))
        if h.is_over:
            continue
        orders = {tuple(h.resample(0, seed=s).stock) for s in range(8)}
        assert len(orders) > 1, "the reshuffled stock keeps its real order"
        assert tuple(h.stock) not in orders
        return
    pytest.fail("no reshuffle in 80 Kalooki deals")


@pytest.mark.parametrize("name", rk.list_variants())
def test_a_hand_built_from_a_position_can_be_searched(name: str) -> None:
    """A position (``rk.position`` / ``from_position``) has no deal to replay
    from: what the seat knows starts there (who threw each card of the
    discard pile), and the search bot plays from it. It raised a KeyError
    before (``rummykit play --from-position ... --bot search`` too)."""
    h = rk.from_position(rk.load_variant(name), rk.position(_point(name, 0)))
    view = h.view(0)
    k = view.knowledge()
    assert k.known[0] == tuple(h.hand_of(0))
    thrown = [c for c, q in zip(h.pile, h.pile_from, strict=False) if q == 1]
    assert list(k.thrown[1]) == thrown
    r = view.resample(seed=1)
    assert r.view(0) == view
    # margin 2: searched everywhere (Gin's default plays its default move without rollouts)
    bot = rk.SearchBot(h.variant, seed=1, iterations=6, rollout_turns=4, margin=2.0)
    assert bot.choose(view) in view.legal


def test_play_from_a_position_against_the_search_bot() -> None:
    """The bot (seat 1) moves first from the position, searching (Straight:
    the search bot's default margin searches there), then the person quits."""
    from cli_helpers import run

    v = rk.load_variant("straight")
    h = rk.new_hand(v, players=2, seed=3, dealer=0)
    assert h.current_player == 1
    text = rk.position(h)
    args = ("play", "straight", "--from-position", text, "--bot", "search", "--think", "0.05")
    done = run(*args, stdin="quit\n", timeout=120)
    assert done.returncode == 0, done.stderr
    assert "unexpected error" not in done.stdout + done.stderr
    assert "Quit." in done.stdout


def _stall(view: rk.View) -> Action:
    """Draw from the stock and throw a card, never meld: the stock runs out."""
    for kind in (Draw, Discard):
        for a in view.legal:
            if isinstance(a, kind):
                return a
    return view.legal[0]


def test_an_unseeded_hand_past_a_reshuffle_is_known_as_it_fell() -> None:
    """A safe (unseeded) hand logs its reshuffles; the replay that finds what
    a seat knows plays them back, so a search bot can play on after the
    discard pile was shuffled into a new stock (Kalooki, [S49])."""
    v = _short(rk.load_variant("kalooki"))
    # dealt as seed 2 deals, with a stock of 8 cards (the rest out of play):
    # the stock runs out after a few turns, not 80, and its reshuffle is unseeded
    dealt = rk.new_hand(v, players=2, seed=2).record()["dealt"]
    h = rk.new_hand(
        v, players=2, hands=dealt["hands"], discard=dealt["discard"], stock=dealt["stock"].split()[:8]
    )
    assert h.seed is None
    while not h.reuses:
        h.apply(_stall(h.view(h.current_player or 0)))
    for _ in range(8):  # and a few moves later
        p = h.current_player
        assert p is not None
        view = h.view(p)
        assert view.resample(seed=2).view(p) == view
        assert rk.SearchBot(v, seed=1, iterations=4, rollout_turns=2).choose(view) in view.legal
        h.apply(_stall(view))


def test_a_determinization_is_recorded_from_where_it_was_dealt_again() -> None:
    v = rk.load_variant("gin")
    h = rk.new_hand(v, players=2, seed=8)
    bots = [rk.GreedyBot(v, seed=1), rk.GreedyBot(v, seed=2)]
    for _ in range(5):
        h.apply(bots[h.current_player or 0].choose(h.view(h.current_player or 0)))
    r = h.resample(0, seed=4)
    r.apply(r.legal_actions()[0])
    rec = r.record()
    assert "seed" not in rec and "dealt" not in rec and "deal" not in rec
    assert len(rec["actions"]) == 1
    assert rk.position(rk.replay(rec)) == rk.position(r)
    mine = r.record(seat=1)
    assert mine["kind"] == "seat" and "#" in mine["position"]


def _others(per_seat: tuple[Any, ...], q: int) -> list[Any]:
    return [x for i, x in enumerate(per_seat) if i != q]


@pytest.mark.parametrize("name", ["gin", "kalooki", "phom", "straight", "indian"])
def test_each_seat_knows_as_much_of_a_determinization_as_of_the_real_hand(name: str) -> None:
    """A determinization replays from where it was dealt again: every seat's
    knowledge of it is its knowledge of the real hand, its own hand aside; a
    second determinization (for another seat, as an information-set search
    does) keeps that seat's view, and so on while it plays on."""
    h = _point(name, 1)
    r = h.resample(1, seed=5)
    for q in range(2):
        real, det = h.view(q).knowledge(), r.view(q).knowledge()
        assert det.known[q] == tuple(r.hand_of(q))
        assert _others(det.known, q) == _others(real.known, q)
        assert (det.thrown, det.passed, det.stock_known, det.buried_known) == (
            real.thrown,
            real.passed,
            real.stock_known,
            real.buried_known,
        )
        assert _others(det.moves, q) == _others(real.moves, q)
    bots = [rk.RandomBot(h.variant, seed=1), rk.RandomBot(h.variant, seed=2)]
    for _ in range(8):
        if r.is_over:
            break
        p = r.current_player
        assert p is not None
        view = r.view(p)
        again = view.resample(seed=6)
        assert again.view(p) == view
        r.apply(bots[p].choose(view))


def _phom_after_an_eat() -> rk.Hand:
    """A Phỏm hand where seat 1 holds a concealed eaten meld and seat 0 is
    to move."""
    v = rk.load_variant("phom")
    for seed in range(60):
        h = rk.new_hand(v, players=2, seed=seed)
        bots = [rk.GreedyBot(v, seed=1), rk.GreedyBot(v, seed=2)]
        while not h.is_over and not (h.eaten[1] and h.current_player == 0):
            p = h.current_player
            assert p is not None
            h.apply(bots[p].choose(h.view(p)))
        if not h.is_over:
            return h
    raise AssertionError("no eat in 60 Phỏm deals")  # pragma: no cover


def test_a_concealed_eaten_meld_keeps_its_hand_cards_secret() -> None:
    """Phỏm: "take the top discard only if it completes a meld in your hand
    at once ('eat') ... Melds stay concealed" [S2, S37]; "the player does not yet show the meld made with
    this card but retains all melds in his hand" [S2]. The other seat saw
    the card taken, not the cards it melds with: not in what it knows, not in
    its record, not kept in its determinizations."""
    h = _phom_after_an_eat()
    taken, meld = h.eaten[1][0]
    partners = [c for c in meld.cards if c != taken]
    k = h.view(0).knowledge()
    assert taken in k.known[1]
    assert not set(partners) & set(k.known[1])
    mine = h.record(seat=0)["actions"]
    assert f"take meld {taken} ??" in mine
    assert not any(str(c) in a for a in mine if a.startswith("take") for c in partners)
    made = Counter()
    for s in range(30):
        r = h.resample(0, seed=s)
        assert r.view(0) == h.view(0)
        (card, again), *_ = r.eaten[1]
        assert card == taken and taken in again.cards and len(again.cards) == 3
        assert r.kit.meld_of(tuple((c, None) for c in again.cards), r.wild) == again
        assert not Counter(again.cards) - Counter(r.hand_of(1))
        eat = next(a for a in r.actions if str(a).startswith("take meld") and taken in a.then.cards())
        assert Counter(eat.then.cards()) == Counter(again.cards)
        made[tuple(sorted(c for c in again.cards if c != taken))] += 1
    assert len(made) > 1, "the concealed meld is always made with the same cards"
    assert made[tuple(sorted(partners))] < 30
    # from its position, the taken card is known to be in the taker's hand
    p = rk.from_position(h.variant, rk.position(h))
    assert taken in p.view(0).knowledge().known[1]
    for s in range(5):
        r = p.resample(0, seed=s)
        assert r.view(0) == p.view(0) and taken in r.hand_of(1) and r.eaten[1][0][0] == taken


@pytest.mark.parametrize("players", [2, pytest.param(3, marks=pytest.mark.slow)])
def test_two_hands_whose_concealed_melds_differ_look_the_same(players: int) -> None:
    """Phỏm: two real hands alike but for the hidden cards of another seat's
    concealed meld (7S 7D or 7C 7D with the 7H taken) give the seat the same
    view, knowledge, record, position and determinizations."""
    compared = 0
    for seed in range(60):
        seat = seed % players
        game = _game("phom", seed, seat, players)
        if game is None or not any(e for q, e in enumerate(game[0].eaten) if q != seat):
            continue
        h, seen = game
        twin = _twin(h, seen, random.Random(seed))
        if twin is None or twin.eaten == h.eaten:
            continue
        _same_for(seat, h, twin)
        assert _state(h.resample(seat, seed=seed)) == _state(twin.resample(seat, seed=seed))
        compared += 1
        if compared == 4:
            break
    assert compared >= 3, f"only {compared} pairs of hands with different concealed melds"


def test_a_determinization_with_a_concealed_meld_plays_to_the_end() -> None:
    h = _phom_after_an_eat()
    for s in range(6):
        r = h.resample(0, seed=s)
        bots = [rk.GreedyBot(r.variant, seed=s), rk.RandomBot(r.variant, seed=s)]
        while not r.is_over:
            p = r.current_player
            assert p is not None
            r.apply(bots[p].choose(r.view(p)))
    bot = rk.SearchBot(h.variant, seed=2, iterations=12, rollout_turns=30)
    view = h.view(0)
    assert bot.choose(view) in view.legal


def check_finished_resamples(h: rk.Hand) -> None:
    """At the end every hand is shown (``view.shown_hands``), so a
    determinization of a finished hand keeps them all: only the stock and
    face-down cards never turned up are dealt again."""
    assert h.is_over
    for seat in (0, 1):
        r = h.resample(seat, seed=3)
        assert r.view(seat) == h.view(seat)
        assert r.hands == h.hands


@pytest.mark.slow
@pytest.mark.parametrize("name", rk.list_variants())
def test_a_finished_hand_resamples_to_itself_for_what_was_shown(name: str) -> None:
    """:func:`check_finished_resamples`. By default checked on the hands of
    test_bots.py's test_greedy_bots_play_a_hand; this hand under ``-m slow``."""
    v = _short(rk.load_variant(name))
    n = max(2, v.players.min)
    h = rk.new_hand(v, players=n, seed=4)
    bots = [rk.GreedyBot(v, seed=1 + s) for s in range(n)]
    while not h.is_over:
        p = h.current_player
        assert p is not None
        h.apply(bots[p].choose(h.view(p)))
    check_finished_resamples(h)
