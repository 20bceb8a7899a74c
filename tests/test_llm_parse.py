"""rummykit.llm.parse: replies in many styles read as the move they name;
junk never reads as a legal move it did not name (issue 52, item 2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from llm_helpers import HOUSE, cached_states, said_ok, styles
from rummykit import llm
from rummykit.cards import build_shoe

NAMES = [*rk.list_variants(), *HOUSE]


def _states(name: str) -> tuple[rk.Hand, ...]:
    return cached_states(name, 1, 4)


@pytest.mark.parametrize("name", NAMES)
def test_every_legal_move_written_in_any_style_reads_as_itself(name: str) -> None:
    """At points of real games of every variant, every legal move (a sample
    of six where there are more), written as notation, in lower and upper
    case, with card words and symbols, with filler, as JSON, in a code fence
    and followed by a later move, is read as that move."""
    rng = random.Random(name)
    checked = 0
    for h in _states(name):
        legal = list(h.legal_actions())
        for a in legal if len(legal) <= 6 else rng.sample(legal, 6):
            others = [b for b in legal if b != a][:3]
            for text in styles(a, rng, others):
                assert llm.parse(h, text) == a, f"{name}: {text!r}"
                checked += 1
    assert checked >= 50


def test_the_styles_reach_every_kind_of_move() -> None:
    """The states above hold every kind of move of the notation (so the
    style test reads all of them)."""
    words = {str(a).split()[0] for name in NAMES for h in _states(name) for a in h.legal_actions()}
    assert words >= {
        "draw",
        "take",
        "pick",
        "meld",
        "layoff",
        "swap",
        "borrow",
        "discard",
        "knock",
        "declare",
        "call",
        "pass",
        "drop",
    }


FILLER = [
    "I",
    "think",
    "the",
    "best",
    "option",
    "here",
    "is",
    "clearly",
    "to",
    "keep",
    "my",
    "cards",
    "and",
    "wait",
    "for",
    "a",
    "better",
    "one",
    "maybe",
    "hmm",
    "this",
    "hand",
    "looks",
    "weak",
    "but",
    "we",
    "will",
    "see",
    "what",
    "happens",
    "well",
    "okay",
    "sure",
    "thanks",
]
VERBS = [
    "draw",
    "take",
    "pick",
    "meld",
    "layoff",
    "swap",
    "borrow",
    "discard",
    "knock",
    "declare",
    "call",
    "pass",
    "drop",
]
NEEDS_CARDS = {"meld", "layoff", "swap", "borrow", "discard", "knock", "declare", "call", "pick"}
KINDS = {"take": {"take", "pick"}, "pick": {"take", "pick"}, "drop": {"drop", "discard"}}


def _visible(h: rk.Hand) -> set[str]:
    p = h.current_player
    assert p is not None
    view = h.view(p)
    out = {str(c) for c in (*view.hand, *view.discard)}
    for t in view.table:
        out |= {str(c) for c in t.meld.cards}
    return out


JUNK_ROUNDS = [pytest.param(4, id="4"), pytest.param(12, id="12", marks=pytest.mark.slow)]
"""The rounds of junk replies tried at each state: 4 by default, 12 under ``-m slow``."""


@pytest.mark.parametrize("rounds", JUNK_ROUNDS)
@pytest.mark.parametrize("name", NAMES)
def test_junk_never_reads_as_a_legal_move_it_did_not_name(name: str, rounds: int) -> None:
    rng = random.Random(name)
    shoe = sorted({str(c) for c in build_shoe(decks=1, jokers_per_deck=1)})
    for h in _states(name):
        legal = h.legal_actions()
        legal_words = {str(a).split()[0] for a in legal}
        p = h.current_player
        assert p is not None
        hand = [str(c) for c in h.hand_of(p)]
        outside = [c for c in shoe if c not in _visible(h)]
        for _ in range(rounds):
            # filler only
            junk = " ".join(rng.sample(FILLER, 6))
            with pytest.raises(rk.IllegalAction) as err:
                llm.parse(h, junk)
            assert err.value.rule == llm.NO_MOVE and err.value.nearest
            # a move word with cards the player cannot use (not in hand, pile or on the table)
            verb = rng.choice(sorted(NEEDS_CARDS))
            junk = f"{verb} {' '.join(rng.sample(outside, rng.randint(1, 3)))}"
            with pytest.raises(rk.IllegalAction):
                llm.parse(h, junk)
            # a kind of move that is not legal now, with cards from the hand
            others = [w for w in VERBS if not KINDS.get(w, {w}) & legal_words]
            if others:
                junk = f"{rng.choice(others)} {' '.join(rng.sample(hand, min(3, len(hand))))}"
                with pytest.raises(rk.IllegalAction):
                    llm.parse(h, junk)
            # anything: words, move words, cards, meld numbers
            parts = rng.sample(FILLER, 4) + rng.sample(VERBS, 2) + rng.sample(shoe, 3) + ["on", "1"]
            rng.shuffle(parts)
            junk = " ".join(parts)
            try:
                got = llm.parse(h, junk)
            except rk.IllegalAction:
                continue
            assert got in legal and said_ok(got, junk), f"{name}: {junk!r} read as {got}"


# --------------------------------------------------------------------------- examples


def _straight() -> rk.Hand:
    h = rk.new_hand(
        rk.load_variant("straight"),
        players=2,
        dealer=1,
        discard="KD",
        hands=["7H 8H 9H 2C 2D 2S 5C 6D QS KS", "AC 3D 4H 5S 6S 7S TC JD QH KH"],
        stock="4C 9D QC",
    )
    h.apply("draw")
    return h


@pytest.mark.parametrize(
    ("reply", "move"),
    [
        ("discard the queen of spades", "discard QS"),
        ("Discard Q♠", "discard QS"),
        ("I'll throw away the Queen of Spades.", "discard QS"),
        ("toss the king", "discard KS"),
        ("Move: discard 6♦", "discard 6D"),
        ("MOVE: DISCARD QS", "discard QS"),
        ("I will not discard the 5 of clubs; I discard the six of diamonds", "discard 6D"),
        ("meld the seven, eight and nine of hearts", "meld 7H 8H 9H"),
        ("lay down 7♥ 8♥ 9♥", "meld 7H 8H 9H"),
        ("meld 2C, 2D, 2S", "meld 2C 2D 2S"),
        ("meld the deuces: two of clubs, two of diamonds and two of spades", "meld 2C 2D 2S"),
        ('{"thought": "run first", "action": "meld 7H 8H 9H"}', "meld 7H 8H 9H"),
        ("```\nmeld 7h 8h 9h\n```\nthen discard QS", "meld 7H 8H 9H"),
        ("<think>discard QS? no.</think> discard KS", "discard KS"),
        ("First meld 7H 8H 9H, then meld 2C 2D 2S, and then discard QS.", "meld 7H 8H 9H"),
    ],
)
def test_replies_in_prose(reply: str, move: str) -> None:
    h = _straight()
    assert llm.parse(h, reply) == rk.parse_action(move)


def test_an_illegal_move_is_refused_with_the_engines_rule_and_the_nearest_moves() -> None:
    """The refusal's rule is the engine's (IllegalAction.rule, passed on)."""
    h = _straight()
    with pytest.raises(rk.IllegalAction) as err:
        llm.parse(h, "discard the ace of spades")
    try:
        h.verify("discard AS")
    except rk.IllegalAction as exc:
        engine = exc
    assert err.value.rule == engine.rule
    assert engine.reason in str(err.value)
    assert "Nearest legal moves: discard " in str(err.value)
    assert isinstance(err.value, llm.ReplyError) and err.value.reading == "discard AS"
    assert all(a in h.legal_actions() for a in err.value.nearest)


def test_a_refusal_passes_on_the_rule_that_refused_it() -> None:
    """Whatever rule the engine names, parse names it too."""
    v = rk.load_variant("gin")
    h = rk.new_hand(
        v,
        players=2,
        dealer=0,
        discard="AS",
        hands=["2S 8S 4D 9H 9D 9C KC QC JC TC", "AH 2H 3H 2C 2D 4S 5S 6S 5C KS"],
        stock="7S 6H 6D 4C 8D",
    )
    h.apply("take")  # seat 1 takes the ace: it may not discard it at once
    for text in ("discard AS", "knock 5C", "knock AS"):
        try:
            h.verify(text)
        except rk.IllegalAction as exc:
            with pytest.raises(rk.IllegalAction) as err:
                llm.parse(h, f"I'll {text}.")
            assert err.value.rule == exc.rule, text
        else:  # pragma: no cover - the texts are chosen illegal
            raise AssertionError(text)


def test_an_ambiguous_reply_names_the_moves_it_fits() -> None:
    h = _straight()
    h.apply("meld 7H 8H 9H")
    h.apply("discard KS")
    h.apply("draw")  # seat 1
    h.apply("discard TC")
    h.apply("draw")  # seat 0 draws QC
    with pytest.raises(llm.AmbiguousReply) as err:
        llm.parse(h, "discard the queen")
    assert err.value.rule == llm.AMBIGUOUS
    assert {str(a) for a in err.value.nearest} == {"discard QC", "discard QS"}
    assert isinstance(err.value, rk.AmbiguousActionError)


def test_what_the_notation_leaves_out_is_filled_only_when_one_move_fits() -> None:
    """A lay-off without its meld number, a meld whose cards come in another
    order or with melds run together."""
    h = _straight()
    assert llm.parse(h, "meld 2S 2C 2D") == rk.parse_action("meld 2C 2D 2S")
    h.apply("meld 7H 8H 9H")
    h.apply("discard KS")
    h.apply("draw")
    h.apply("discard TC")
    h.apply("draw")
    assert rk.parse_action("layoff TC on 1") not in h.legal_actions()
    h2 = rk.new_hand(
        rk.load_variant("straight"), players=2, dealer=1, discard="KD",
        hands=["7H 8H 9H TH 2C 2D 5C 6D QS KS", "AC 3D 4H 5S 6S 7S TC JD QH KH"], stock="4C 9D 6H",
    )  # fmt: skip
    h2.apply("draw")
    h2.apply("meld 7H 8H 9H")
    h2.apply("discard KS")
    h2.apply("draw")
    h2.apply("discard TC")
    h2.apply("draw")
    assert llm.parse(h2, "lay off the ten of hearts") == rk.parse_action("layoff TH on 1")


def test_a_reply_without_a_move_and_no_move_wanted() -> None:
    h = _straight()
    with pytest.raises(llm.ReplyError) as err:
        llm.parse(h, "I am not sure what to do.")
    assert err.value.rule == llm.NO_MOVE and "names no move" in str(err.value)
    with pytest.raises(rk.ArgumentError):
        llm.parse(h, None)  # type: ignore[arg-type]
    with pytest.raises(rk.ArgumentError):
        llm.parse("a hand", "draw")  # type: ignore[arg-type]


def test_a_view_reads_replies_as_its_hand_does() -> None:
    """A bot has the seat's view, not the hand: the same replies read the
    same, refusals and their rules included."""
    for name in ("gin", "thai", "kalooki", "wrotham"):
        for h in _states(name):
            p = h.current_player
            assert p is not None
            view = h.view(p)
            for text in [str(a) for a in h.legal_actions()[:5]] + ["discard JK", "layoff 2C on 9", "meld 2C"]:
                try:
                    want: object = llm.parse(h, text)
                except rk.IllegalAction as exc:
                    want = (type(exc), exc.rule, str(exc))
                try:
                    got: object = llm.parse(view, text)
                except rk.IllegalAction as exc:
                    got = (type(exc), exc.rule, str(exc))
                assert got == want, (name, text)


def test_a_view_that_is_not_the_movers_has_no_move() -> None:
    h = _straight()
    with pytest.raises(llm.ReplyError, match="no move is wanted"):
        llm.parse(h.view(1), "draw")


def test_knocks_and_lay_offs_in_prose() -> None:
    gin = rk.new_hand(
        rk.load_variant("gin"),
        players=2,
        dealer=0,
        discard="AS",
        hands=["2S 8S 4D 9H 9D 9C KC QC JC TC", "AH 2H 3H 2C 2D 4S 5S 6S 5C KS"],
        stock="7S 6H 6D 4C 8D",
    )
    for a in ("pass", "pass", "draw"):
        gin.apply(a)
    for reply, move in [
        ("I knock, discarding the king of spades", "knock KS"),
        ("knock and discard K♠", "knock KS"),
        (
            "I will knock with the K♠ showing melds A♥ 2♥ 3♥ and 4♠ 5♠ 6♠ 7♠",
            "knock KS melds AH 2H 3H + 4S 5S 6S 7S",
        ),
    ]:
        assert llm.parse(gin, reply) == rk.parse_action(move), reply
    h = rk.new_hand(
        rk.load_variant("straight"),
        players=2,
        dealer=1,
        discard="KD",
        hands=["7H 8H 9H TH 2C 2D 5C 6D QS KS", "AC 3D 4H 5S 6S 7S TC JD QH KH"],
        stock="4C 9D 6H 8C JH",
    )
    for a in ("draw", "meld 7H 8H 9H", "discard KS", "draw", "meld 5S 6S 7S", "discard TC", "draw"):
        h.apply(a)
    for reply in (
        "lay off the ten of hearts onto the first meld",
        "layoff TH on meld 1",
        "put the T♥ on meld #1",
        "add 10H to the 1st meld",
        "lay off the ten of hearts",
    ):
        assert llm.parse(h, reply) == rk.parse_action("layoff TH on 1"), reply
    with pytest.raises(llm.ReplyError) as err:
        llm.parse(h, "lay off the ten of hearts onto the second meld")
    assert err.value.reading == "layoff TH on 2" and "Nearest legal moves: layoff TH on 1" in str(err.value)


def test_a_view_read_from_data_reads_the_legal_moves_only() -> None:
    """Without its hand (a view sent as data), parse checks replies against
    the view's legal moves; a move outside them is refused as no legal move."""
    h = _straight()
    p = h.current_player
    assert p is not None
    view = rk.View.from_data(h.view(p).to_data())
    assert llm.parse(view, "throw away the queen of spades") == rk.parse_action("discard QS")
    with pytest.raises(llm.ReplyError) as err:
        llm.parse(view, "discard AS")
    assert err.value.rule == llm.NO_MOVE and "not one of the legal moves" in str(err.value)


def test_moves_weighed_before_the_one_chosen_do_not_count() -> None:
    h = rk.new_hand(rk.load_variant("straight"), players=2, dealer=1, discard="KD", hands=["7H 8H 9H 2C 2D 2S 5C 6D QS KS", "AC 3D 4H 5S 6S 7S TC JD QH KH"], stock="4C 9D")  # fmt: skip
    assert llm.parse(h, "I could draw or take the king. I'll take it.") == rk.parse_action("take")
    assert llm.parse(h, "Draw or take? Let's draw.") == rk.parse_action("draw")
    assert llm.parse(h, "Taking the king gives nothing, so I choose to draw.") == rk.parse_action("draw")
    assert llm.parse(h, "I'll draw, then I'll discard.") == rk.parse_action("draw")
    assert llm.parse(h, "Options: draw, take. I will think about it: take") == rk.parse_action("take")


@settings(max_examples=60, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list("acdehiklnoprstw ACDHSJKQT0123456789=+,.{}[]\":#♠♥\n`'")), max_size=60
    )
)
def test_any_text_is_read_or_refused(text: str) -> None:
    h = _straight()
    try:
        assert llm.parse(h, text) in h.legal_actions()
    except rk.IllegalAction as exc:
        assert isinstance(exc, llm.ReplyError) and exc.nearest


def test_hostile_replies_are_refused_quickly() -> None:
    h = _straight()
    for text in (
        "{" * 5000,
        '{"action": ' + "[" * 50_000 + "]" * 50_000 + "}",
        "discard " * 5000,
        "x" * 100_000,
    ):
        with pytest.raises(llm.ReplyError):
            llm.parse(h, text)
