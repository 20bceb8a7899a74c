"""Bots play whole hands and whole games of every built-in variant through the
public API (views and legal actions)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from engine_helpers import play_bots
from rummykit.engine import Draw, Take
from rummykit.melds import discard_deadwoods
from rummykit.rules import ByPlayers


def _short(v: rk.Variant, hands: int = 6, turns: int = 300) -> rk.Variant:
    return attrs.evolve(v, limits=attrs.evolve(v.limits, max_hands=hands, max_turns=turns))


def _greedy_cases() -> list[object]:
    """Each variant at its fewest players, and (under ``-m slow``) at four or its most."""
    out = []
    for name in rk.list_variants():
        v = rk.load_variant(name)
        fewest, more = v.players.min, min(v.players.max, 4)
        out.append(pytest.param(name, fewest, id=f"{name}-{fewest}"))
        if more != fewest:
            out.append(pytest.param(name, more, id=f"{name}-{more}", marks=pytest.mark.slow))
    return out


@pytest.mark.parametrize(("name", "players"), _greedy_cases())
def test_greedy_bots_play_a_hand(name: str, players: int) -> None:
    """And, played once, the finished hand's other properties: its settlement
    explains its scores (test_settle_hostile.py) and it resamples to itself
    for what was shown (test_resample_secrets.py)."""
    from test_resample_secrets import check_finished_resamples
    from test_settle_hostile import check_played_settlement

    v = rk.load_variant(name)
    hand = rk.new_hand(_short(v), players=players, seed=3)
    bots = [rk.GreedyBot(v) for _ in range(players)]
    play_bots(hand, bots)
    assert hand.result is not None
    assert len(hand.result.scores) == players
    check_played_settlement(hand.result)
    check_finished_resamples(hand)


def _random_match_cases() -> list[object]:
    """Each variant's match of two short hands (60 turns), and (under ``-m slow``)
    of up to six hands of 300 turns."""
    out = []
    for name in rk.list_variants():
        out.append(pytest.param(name, 2, 60, id=name))
        out.append(pytest.param(name, 6, 300, id=f"{name}-long", marks=pytest.mark.slow))
    return out


@pytest.mark.parametrize(("name", "hands", "turns"), _random_match_cases())
def test_random_bots_play_a_match(name: str, hands: int, turns: int) -> None:
    v = _short(rk.load_variant(name), hands=hands, turns=turns)
    players = min(v.players.max, 3)
    match = rk.new_match(v, players=players, seed=5)
    match.play([rk.RandomBot(s) for s in range(players)])
    assert match.is_over and match.winners
    assert 1 <= match.hands_played <= v.limits.max_hands
    assert all(0 <= w < players for w in match.winners)


def test_bots_accept_callables() -> None:
    v = _short(rk.load_variant("gin"))
    match = rk.new_match(v, players=2, seed=1)
    first = lambda view: view.legal[0]  # noqa: E731
    match.play([first, rk.RandomBot(1)])
    assert match.is_over


def _knock_position(hands: list[str], stock: str) -> rk.Hand:
    """Knock Rummy, 2 players, seat 0 to play first; KS the upcard."""
    return rk.new_hand(
        rk.load_variant("knock"), players=2, dealer=1, hands=hands, discard=["KS"], stock=stock
    )


def test_greedy_does_not_knock_a_high_count_where_any_count_may_knock() -> None:
    """Knock Rummy [S2] lets a player knock with any count; the greedy bot waits for a low one."""
    hand = _knock_position(
        ["KC QD JH 9S 8C 7D 5H 4S 3C 2D", "AC 2C 3D 4C 5C 6C 7C 8D 9C TC"],
        "KH QH JC TD 9D 8H 7S 6D 5D 4D",
    )
    v = hand.variant
    bot = rk.GreedyBot(v)
    hand.apply(bot.choose(hand.view(0)))  # draw or take
    action = bot.choose(hand.view(0))
    assert not str(action).startswith("knock"), action
    eager = rk.GreedyBot(v, knock_at=1000)
    assert str(eager.choose(hand.view(0))).startswith("knock")


def _gin_position(discard: list[str], *, drawn: bool = True) -> rk.Hand:
    """Gin, seat 0 to discard from 6C 6D 6H 6S / 9H TH JH QH with 8D 8S 5C
    loose (or, ``drawn=False``, offered the upcard with the first ten)."""
    v = rk.load_variant("gin")
    hand = rk.new_hand(
        v,
        players=2,
        dealer=1,
        hands=["6C 6D 6H 6S 9H TH JH QH 8D 8S", "AC KC 3C 4H 8C 5S 2D 3D 9D TD"],
        discard=discard,
        stock=["5C", "KH", "QC", "JC", "TC", "9C", "7C", "KD"],
    )
    while drawn and len(hand.view(0).hand) < 11:  # both decline the upcard, seat 0 draws 5C
        hand.apply(next(a for a in hand.legal_actions() if str(a) in ("pass", "draw")))
    return hand


def test_greedy_declines_an_upcard_that_does_not_help() -> None:
    """Gin [S17]: the first upcard may be taken or passed; KS lowers nothing here."""
    hand = _gin_position(["4D", "7D", "KS"], drawn=False)
    assert str(rk.GreedyBot(hand.variant).choose(hand.view(0))) == "pass"


def test_greedy_keeps_the_card_whose_meld_is_still_possible() -> None:
    """8D and 8S leave the same deadwood, but 7D (8D's only run partner) is in
    the discard pile while 7S is unseen: the bot keeps 8S, whatever its seed.
    The opposite pile makes it keep 8D."""
    v = rk.load_variant("gin")
    for seed in range(8):
        assert (
            str(rk.GreedyBot(v, seed=seed).choose(_gin_position(["4D", "7D", "KS"]).view(0))) == "discard 8D"
        )
        assert (
            str(rk.GreedyBot(v, seed=seed).choose(_gin_position(["4S", "7S", "KS"]).view(0))) == "discard 8S"
        )


def test_greedy_knocks_a_count_no_opponent_is_likely_to_beat() -> None:
    """Knock Rummy [S2]: any count may knock; the lowest count wins. On the
    first turn, 30 against an opponent who has not drawn yet is very likely
    the lowest: the bot knocks; asked for certainty (knock_odds=1) it waits."""
    hand = _knock_position(
        ["AC 2C 3C 4D 5D 6D 9S 8H TC 3H", "KC QD JH 9C 8C 7D 5H 4S KD 2D"],
        "KH QH JC TD 9D 8D 7S 6H 5S 2H",
    )
    v = hand.variant
    bot = rk.GreedyBot(v)
    hand.apply(bot.choose(hand.view(0)))  # draws KH
    view = hand.view(0)
    chances = [bot.knock_chance(view, c) for c in (0, 10, 20, 30, 45, 60, 80)]
    assert chances == sorted(chances, reverse=True) and chances[0] == 1.0 and chances[-1] < 0.5
    assert chances == [
        bot.knock_chance(view, c) for c in (0, 10, 20, 30, 45, 60, 80)
    ]  # same position, same answer
    assert str(bot.choose(view)) == "knock TC"
    assert str(rk.GreedyBot(v, knock_odds=1.0).choose(view)) == "discard KH"


def test_greedy_does_not_strand_itself_on_a_closed_table() -> None:
    """Straight rummy ([S1], basic rummy): a player goes out by
    melding or laying off every card. On a table of complete sets, with the
    other seat down to one card, laying down 5C 5D 5H 5S would leave one
    card that nothing can ever take: the bot keeps the set in hand."""
    v = rk.load_variant("straight")
    v = attrs.evolve(v, deal=attrs.evolve(v.deal, hand_size=ByPlayers(entries=((2, 2, 5),))))
    hand = rk.new_hand(
        v, players=2, dealer=0, hands=["5C 5D 5H 5S QH", "9C 9D 9H 9S KD"], discard="2C", stock="KS JH 7C 3D"
    )
    for text in ("take", "meld 9C 9D 9H 9S", "discard KD", "draw"):
        hand.apply(rk.Action.parse(text))
    assert hand.view(0).table and hand.view(1).hand_counts[1] == 1
    action = rk.GreedyBot(v).choose(hand.view(0))
    assert not str(action).startswith("meld"), action
    assert action in hand.legal_actions()


@pytest.mark.parametrize("name", ["gin", "straight", "indian", "kalooki"])
def test_greedy_takes_an_upcard_only_for_a_meld(name: str) -> None:
    """By default the bot takes the top discard only when it is wild or makes
    a meld with two natural cards of its hand, or (Indian) brings the
    required runs closer; it draws from the stock otherwise. Checked at every
    draw of greedy hands: the upcards it takes, and some it declines that a
    discard-to-lower-deadwood rule would have taken."""
    from rummykit.bots.requirement import RunRequirement

    v = rk.load_variant(name)
    req = RunRequirement.of(v)
    takes = declined_lower = 0
    for seed in range(10):
        hand = rk.new_hand(v, players=2, seed=seed)
        bots = [rk.GreedyBot(v, seed=s) for s in range(2)]
        while not hand.is_over:
            p = hand.current_player
            assert p is not None
            view = hand.view(p)
            action = bots[p].choose(view)
            top = view.top_discard
            plain = any(isinstance(a, Take) and a.depth == 1 and a.then is None for a in view.legal)
            if plain and top is not None and view.stock_count and Draw() in view.legal:
                wild = view.wild_ranks
                naturals = [c for c in view.hand if c.rank is not None and not v.deck.is_wild(c, wild)]
                melds = v.deck.is_wild(top, wild) or any(
                    rk.classify_meld(v, [x, z, top], wild_ranks=wild) is not None
                    for i, x in enumerate(naturals)
                    for z in naturals[i + 1 :]
                )
                closer = req is not None and req.missing([*view.hand, top], None, wild) < req.missing(
                    view.hand, None, wild
                )
                if str(action) == "take":
                    takes += 1
                    assert melds or closer, (name, seed, str(top), view.hand)
                elif not melds and not closer:
                    assert action == Draw(), (name, seed, str(action))
                    each = discard_deadwoods(v, [*view.hand, top], among=view.hand, wild_ranks=wild)
                    declined_lower += min(each.values()) < rk.min_deadwood(v, view.hand, wild_ranks=wild)
            hand.apply(action)
    assert takes >= 5 and declined_lower >= 5, (takes, declined_lower)


# Indian rummy ([S3], variants/indian.toml): "A valid declaration or show should
# consist of two sequences (of which one must be pure) and remaining cards can be
# arranged as sets"; "If a losing player does not have two sequences including a
# Pure sequence, then all of his or her cards are added up". Four sets and no
# sequence leave no deadwood by the plain count, yet can never declare.
_FOUR_SETS = "2C 2D 2H 6C 6D 6H TC TD TH KC KD KH 4S"
_OTHER = "3S 7S 8D 9C JS QS AC AD 3D 4D 8S 9S JD"


def test_greedy_takes_a_card_towards_a_pure_sequence_in_indian() -> None:
    """5S next to 4S starts a pure sequence: taken, though every discard
    afterwards leaves more plain deadwood than the 4 held now."""
    v = rk.load_variant("indian")
    hand = rk.new_hand(
        v, players=2, dealer=0, hands=[_OTHER, _FOUR_SETS], discard="5S", stock="6S 5D", cut="QC"
    )
    for seed in range(4):
        assert str(rk.GreedyBot(v, seed=seed).choose(hand.view(1))) == "take"


def test_greedy_breaks_a_set_to_keep_a_pure_sequence_draw_in_indian() -> None:
    """Holding four sets, 4S and a drawn 5S: throwing 5S leaves the least plain
    deadwood (4), but no sequence; the bot throws a low set card instead."""
    v = rk.load_variant("indian")
    hand = rk.new_hand(
        v, players=2, dealer=0, hands=[_OTHER, _FOUR_SETS], discard="AS", stock="5S 5D", cut="QC"
    )
    hand.apply(rk.Action.parse("draw"))
    for seed in range(4):
        assert str(rk.GreedyBot(v, seed=seed).choose(hand.view(1))) in (
            "discard 2C",
            "discard 2D",
            "discard 2H",
        )


def test_run_requirement_counts_the_cards_a_declaration_lacks() -> None:
    """Two sequences, one pure (Indian): what is missing, card by card."""
    from rummykit.bots.requirement import RunRequirement

    req = RunRequirement.of(rk.load_variant("indian"))
    assert req is not None and (req.runs, req.pure) == (2, 1)
    wild = frozenset({rk.Rank.QUEEN})

    def missing(text: str) -> int:
        return req.missing(rk.parse_cards(text), None, wild)

    assert missing("5H 6H 7H 9C TC JC") == 0  # a pure sequence and another
    assert missing("5H 6H 7H 9C JC QS") == 0  # the second completed by a wild queen
    assert missing("5H 6H 7H 9C JC") == 1
    assert missing("5H 6H 9C TC JC") == 1  # 9C TC JC is the pure one; 5H 6H lacks one
    assert missing("5H 6H 9C TC JK") == 1  # the joker completes one; the pure one lacks a card
    assert missing("5H 6H 9C JK") == 2  # and 9C with the joker still lacks one
    assert missing(_FOUR_SETS) == 4  # no two cards of one suit within three ranks
    assert missing("QH QS JK") == 3  # wilds never make the pure sequence: 3, the other 0
    assert missing("AH 2H 3H QH KH AS") == 1  # ace low or high (ace = "either"), one copy each
    for name in ("gin", "nowrang", "straight", "kalooki"):  # nothing to count
        assert RunRequirement.of(rk.load_variant(name)) is None


def _missing_each_counts_as_missing_from(data: st.DataObject) -> None:
    from rummykit.bots.requirement import RunRequirement

    v = rk.load_variant("indian")
    req = RunRequirement.of(v)
    assert req is not None
    shoe = list(v.deck.shoe(2))
    if data.draw(st.booleans(), label="dense"):  # two suits, seven ranks, the jokers
        shoe = [
            c for c in shoe if c.rank is None or (c.suit in (rk.Suit.HEARTS, rk.Suit.SPADES) and c.rank <= 7)
        ]
    picks = data.draw(
        st.lists(st.integers(0, len(shoe) - 1), min_size=1, max_size=14, unique=True), label="cards"
    )
    wild = frozenset(data.draw(st.sets(st.sampled_from(list(rk.Rank)), max_size=1), label="wild"))
    cards = [shoe[i] for i in picks]
    masks = req.masks(cards, wild)
    each = req.missing_each(masks, cards, wild)
    assert set(each) == set(cards)
    for c in cards:
        assert each[c] == req.missing_from(masks, c, wild), (cards, c, wild)


@settings(max_examples=10, deadline=None)
@given(st.data())
def test_missing_each_counts_as_missing_from_does(data: st.DataObject) -> None:
    """``missing_each`` counts again only the cards the hand's chosen runs
    use: every card gets what ``missing_from`` says for it, on hands dense in
    runs, duplicates (two decks) and wilds as well as on random ones."""
    _missing_each_counts_as_missing_from(data)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.data())
def test_missing_each_counts_as_missing_from_does_deep(data: st.DataObject) -> None:
    """The same, on more examples."""
    _missing_each_counts_as_missing_from(data)


def test_past_the_stall_turns_an_upcard_is_taken_to_lower_the_deadwood() -> None:
    """A low upcard that makes no meld: drawn past by default, taken once the
    hand has dragged on past ``STALL_TURNS`` (low cards that wait in hands
    then move again: 4-player Straight hit the turn limit in 3 of 600 greedy
    hands without this, 0 with it)."""
    from rummykit.bots.greedy import STALL_TURNS

    v = rk.load_variant("straight")
    hand = rk.new_hand(
        v,
        players=2,
        dealer=0,
        hands=["KS QH JD 9C 7H 5S 3D TS 8D 6H", "KD QS JC 9H 7D 5C 4S TH 8C 6D"],
        discard="AC",
        stock="2S 3S 4H 2D",
    )
    seat = hand.current_player
    assert seat is not None
    view = hand.view(seat)
    assert any(isinstance(a, Take) for a in view.legal) and Draw() in view.legal
    assert rk.min_deadwood(v, view.hand) == rk.hand_value(v, view.hand) == 79  # no meld
    assert rk.min_deadwood(v, [*view.hand, rk.Card.parse("AC")]) == 80  # and none with the upcard
    assert rk.GreedyBot(v).choose(view) == Draw()
    late = attrs.evolve(view, turn=STALL_TURNS + 1)
    assert str(rk.GreedyBot(v).choose(late)) == "take"


def test_greedy_looks_fewer_turns_ahead_where_a_knock_under_a_limit_ends_the_hand() -> None:
    """The discard look-ahead is shorter in Gin, whose hand is a race to knock
    under 10 ("knock after drawing if your deadwood is at most 10",
    variants/gin.toml), than where any count may knock (Knock Rummy), where
    the upcard sets the limit (Oklahoma), or where going out wins: read from
    the going-out rule, not the name."""
    gin = rk.load_variant("gin")
    oklahoma = attrs.evolve(gin, going_out=attrs.evolve(gin.going_out, oklahoma=True))
    seen: dict[str, int] = {}
    others = {"knock": rk.load_variant("knock"), "straight": rk.load_variant("straight")}
    for name, v in {"gin": gin, "oklahoma": oklahoma, **others}.items():
        h = rk.new_hand(v, players=2, seed=1)
        seen[name] = rk.GreedyBot(v)._turns_left(v, h.view(h.current_player))
    assert seen["gin"] < seen["oklahoma"] == seen["knock"] == seen["straight"]
