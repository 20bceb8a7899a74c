"""The optional rules of [S2] as component options.

Each rule is switched on in a house-rule file that extends ``straight`` and
played against plain straight rummy on the same stacked deal: an action
becomes legal or illegal, or a score changes. [S2] is Cats at Cards' "Rummy
variations" (docs/sources.md). Stacked deals: ``stock[0]`` is the top card,
the last card of ``discard`` the top discard; with ``dealer=0`` seat 1 plays
first (with ``dealer=1``, seat 0).
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rules_helpers import legal, words
from rummykit import Ending, Phase, Termination, settle

STRAIGHT = rk.load_variant("straight")


def house(name: str, body: str, base: str = "straight") -> rk.Variant:
    """A house rule: ``base`` plus the TOML tables in ``body``."""
    return rk.loads_variant(f'extends = "{base}"\n[variant]\nname = "{name}"\n{body}')


def stacked(v: rk.Variant, hands: list[str], *, stock: str, discard: str = "5C", dealer: int = 0) -> rk.Hand:
    return rk.new_hand(v, players=len(hands), dealer=dealer, hands=hands, discard=discard, stock=stock)


def play(h: rk.Hand, *actions: str) -> rk.Hand:
    for a in actions:
        h.apply(a)
    return h


# --------------------------------------------------------------------------- Call Rummy

CALL = house("call-rummy", '[claims]\nkind = "call-rummy"')
CALL_HANDS = ["2C 3C 4C 9D 9C KS QS", "7H 8H 9H TD TC TS AS", "2D 3D 4D 5S 6S JC QC", "AD 5D 6D 7D 8S 9S KH"]


def call_deal(v: rk.Variant) -> rk.Hand:
    """Four players: seat 1 melds 7H 8H 9H, seat 2 then discards 6H, which fits it."""
    h = stacked(v, CALL_HANDS, stock="KD 6H JH QH 2H 3H")
    return play(h, "draw", "meld 7H 8H 9H", "discard KD", "draw", "discard 6H")


def test_call_rummy_claims_a_playable_discard_out_of_turn_s002() -> None:
    """[S2] Call Rummy: "if any player discards a card that could be laid off
    to an existing meld already on the table, any other player may say
    'Rummy!' ... take the card and immediately add that card to the
    appropriate meld ... this player must then discard any card form his
    hand. Play would then continue with the next player after the original
    player whose turn it was." Plain straight rummy goes straight on to seat 3."""
    plain = call_deal(STRAIGHT)
    assert plain.phase is Phase.DRAW and plain.current_player == 3
    h = call_deal(CALL)
    assert h.phase is Phase.CLAIM and h.current_player == 3
    assert legal(h) == ["call 6H on 1", "pass"]
    h.apply("pass")
    assert h.current_player == 0
    h.apply("call 6H on 1")
    assert str(h.table[0].meld) == "6H 7H 8H 9H"
    assert h.phase is Phase.PLAY and h.current_player == 0
    assert all(a.startswith("discard") for a in legal(h))
    h.apply("discard 9C")
    assert h.phase is Phase.DRAW and h.current_player == 3  # after seat 2, the discarder


def test_call_rummy_priority_goes_clockwise_from_the_discarders_left_never_to_the_discarder_s002() -> None:
    """[S2]: "If two or more players simultaneously call Rummy on the same
    discard, the player who is closest in a clockwise direction to the
    original discarder's left is allowed to make the play"; "A player who
    just finished their turn may not call Rummy on their own discard." Seat 2
    discarded: seats 3, 0 and 1 are asked in turn, and seat 2 never."""
    h = call_deal(CALL)
    asked = []
    while h.phase is Phase.CLAIM:
        asked.append(h.current_player)
        h.apply("pass")
    assert asked == [3, 0, 1]
    assert h.phase is Phase.DRAW and h.current_player == 3


def test_call_rummy_is_never_called_on_a_players_last_turn_s002() -> None:
    """[S2]: "Rummy may never be called on a discard on a players last turn."
    Read here as the caller's last turn: seat 1 holds a single card, so a
    call would take it out of the hand, and it is not offered (option
    ``on_last_turn = true`` offers it)."""
    hands = ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 4D AS"]
    actions = ("draw", "meld 7H 8H 9H", "meld TC TD TS", "meld 2D 3D 4D", "discard KD", "draw", "discard 6H")
    base = '[meld_timing]\nkind = "any"\n[claims]\nkind = "call-rummy"'
    h = play(stacked(house("last", base), hands, stock="KD 6H 8D"), *actions)
    assert len(h.hand_of(1)) == 1
    assert h.phase is Phase.DRAW and h.current_player == 1
    allowed = house("last-ok", base + "\non_last_turn = true")
    h = play(stacked(allowed, hands, stock="KD 6H 8D"), *actions)
    assert h.phase is Phase.CLAIM and legal(h) == ["call 6H on 1", "pass"]
    h.apply("call 6H on 1")
    h.apply("discard AS")
    assert h.is_over and h.result is not None and h.result.winners == (1,)


# --------------------------------------------------------------------------- game win criteria


def test_game_win_target_raised_to_200_s002() -> None:
    """[S2] Game Win Criteria: "Some players raise the game win score
    requirement from to 200 or some other increased score for a longer
    game." The same seeded game goes on where straight rummy's 100 ends it."""
    long = house("to-200", '[game_end]\nkind = "target"\ntarget = 200')

    def game(v: rk.Variant) -> rk.Match:
        m = rk.new_match(v, players=3, seed=2)
        m.play([rk.GreedyBot(v) for _ in range(3)])
        return m

    short, longer = game(STRAIGHT), game(long)
    assert 100 <= max(short.totals) < 200
    assert max(longer.totals) >= 200 and longer.hands_played > short.hands_played
    # the same deals and play until straight rummy's game ends
    assert [r for _, r in longer.results[: short.hands_played]] == [r for _, r in short.results]


def test_game_win_every_hand_its_own_game_s002() -> None:
    """[S2]: "each hand is considered its own game with the first player to
    run out of cards winning not only the hand but also the game" (game_end
    kind "single")."""
    single = house("one-hand", '[game_end]\nkind = "single"\n[dealer]\nnext = "winner"')
    m = rk.new_match(single, players=3, seed=2)
    m.play([rk.GreedyBot(single) for _ in range(3)])
    seats, result = m.results[0]
    assert m.hands_played == 1 and result.how is Termination.WENT_OUT
    assert m.winners == (seats[result.winners[0]],)
    s = rk.new_match(STRAIGHT, players=3, seed=2)
    s.play([rk.GreedyBot(STRAIGHT) for _ in range(3)])
    assert s.hands_played > 1


def test_game_win_the_winner_deals_the_next_hand_s002() -> None:
    """[S2]: "When this rule is used, the winner usually deals the next hand"
    (dealer next "winner"); straight rummy passes the deal to the left."""
    winner_deals = house("winner-deals", '[dealer]\nnext = "winner"')
    assert winner_deals.dealer.next_dealer(dealer=0, players=3, winner=2, loser=1) == 2
    assert STRAIGHT.dealer.next_dealer(dealer=0, players=3, winner=2, loser=1) == 1
    for v, rule in ((winner_deals, "winner"), (STRAIGHT, "left")):
        m = rk.new_match(v, players=3, seed=2, dealer=0)
        bot = rk.GreedyBot(v)
        while m.hands_played == 0:
            p = m.hand.current_player
            assert p is not None
            m.apply(bot.choose(m.hand.view(p)))
        (winner,) = m.results[0][1].winners
        assert m.dealer == (winner if rule == "winner" else 1)


# --------------------------------------------------------------------------- around the corner

CORNER = house("corner", '[ranking]\nace = "around"\n[scoring.card_values]\nA = 11')


def test_around_the_corner_k_a_2_is_a_run_s002() -> None:
    """[S2] Around the Corner: "a sequence meld can extend 'around the corner'
    ... King Diamonds, Ace Diamonds, Two Diamonds and Three Diamonds would be a
    legal meld." Straight rummy's ace is low only."""
    hands = ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "KD AD 2D 3D TC TS 2S 3S 4H AS"]
    s = play(stacked(STRAIGHT, hands, stock="8H 7D"), "draw")
    c = play(stacked(CORNER, hands, stock="8H 7D"), "draw")
    assert "meld KD AD 2D 3D" not in words(s, "meld")
    with pytest.raises(rk.IllegalAction, match="not a valid meld"):
        s.apply("meld KD AD 2D 3D")
    assert {"meld KD AD 2D", "meld KD AD 2D 3D"} <= set(words(c, "meld"))
    c.apply("meld KD AD 2D 3D")


def test_around_the_corner_ace_counts_11_in_hand_s002() -> None:
    """[S2]: "When this optional rule is used, the Ace is counted as 11 points
    when found remaining in a players hand." """
    e = Ending(went_out=0, hands=["", "AS AH 5D"])
    assert settle(STRAIGHT, e).scores == (1 + 1 + 5, 0)
    assert settle(CORNER, e).scores == (11 + 11 + 5, 0)


# --------------------------------------------------------------------------- borrowing

BORROW_HANDS = ["2C 3C 4C 7C 7D KS QS JD 5H 6S", "7H 8H 9H TH TC TS 2D 3S 4H KD"]


def borrow_deal(v: rk.Variant) -> rk.Hand:
    """Seat 1 melds 7H-TH; seat 0 (holding 7C 7D) draws."""
    h = stacked(v, BORROW_HANDS, stock="QH 9S AS 8C")
    return play(h, "draw", "meld 7H 8H 9H TH", "discard QH", "draw")


def test_borrowing_a_card_from_ones_own_meld_s002() -> None:
    """[S2] Borrowing a Card: "allows a player to take a card from one of his
    own existing melds on the table during his turn. If doing so, however, the
    player must immediately use the card in a new meld. This may only be done
    if the meld was originally placed by the same player." Seat 1 takes TH
    back for TC TH TS, leaving 7H 8H 9H; seat 0 may not take 7H."""
    own = house("borrow", '[swap]\nkind = "standard"\njokers = false\nborrow = "own"')
    for v, allowed in ((STRAIGHT, False), (own, True)):
        h = borrow_deal(v)
        assert words(h, "borrow") == []  # not from seat 1's meld
        h.apply("discard 9S")
        h.apply("draw")
        assert words(h, "borrow") == (["borrow TH from 1 meld TC TH TS"] if allowed else [])
    h = play(borrow_deal(own), "discard 9S", "draw", "borrow TH from 1 meld TC TH TS")
    assert [str(t.meld) for t in h.table] == ["7H 8H 9H", "TC TH TS"]


def test_additional_borrowing_from_any_meld_s002() -> None:
    """[S2] Additional Borrowing: "a player may borrow a card from any other
    meld on the table, regardless of the player who initially first placed the
    meld." Seat 0 takes seat 1's 7H for 7C 7D 7H (no meld of one's own
    needed: ``requires_own_meld = false``)."""
    anyone = house(
        "borrow-any", '[swap]\nkind = "standard"\njokers = false\nborrow = "any"\nrequires_own_meld = false'
    )
    assert words(borrow_deal(STRAIGHT), "borrow") == []
    h = borrow_deal(anyone)
    assert words(h, "borrow") == ["borrow 7H from 1 meld 7C 7D 7H"]
    h.apply("borrow 7H from 1 meld 7C 7D 7H")
    assert [(t.owner, str(t.meld)) for t in h.table] == [(1, "8H 9H TH"), (0, "7C 7D 7H")]


# --------------------------------------------------------------------------- one meld per turn

MELDS_HANDS = ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3S 4H AS"]


def test_one_meld_per_turn_against_any_number_s002() -> None:
    """[S2] One Meld per Turn: "a player may only meld one group per turn"
    (straight rummy's default, [S3]); the alternative (meld_timing kind
    "any") lets the second meld down in the same turn."""
    s = play(stacked(STRAIGHT, MELDS_HANDS, stock="KD 6D"), "draw", "meld 7H 8H 9H")
    assert words(s, "meld") == []
    with pytest.raises(rk.IllegalAction, match="only 1 meld per turn"):
        s.apply("meld TC TD TS")
    many = house("many", '[meld_timing]\nkind = "any"')
    m = play(stacked(many, MELDS_HANDS, stock="KD 6D"), "draw", "meld 7H 8H 9H")
    assert words(m, "meld") == ["meld TC TD TS"]
    m.apply("meld TC TD TS")


def test_one_meld_per_turn_a_player_who_does_not_meld_may_lay_off_s002() -> None:
    """[S2]: "If a player does not meld on the turn he may elect instead to lay
    off cards on his own or another players melds, if able." Lay-offs are not
    counted against the one meld (the engine also allows them after it)."""
    h = stacked(STRAIGHT, MELDS_HANDS, stock="KD 6H TH")
    play(h, "draw", "meld 7H 8H 9H", "discard KD", "draw", "discard 6H", "draw")
    assert {"layoff TH on 1", "meld TC TD TS"} <= set(legal(h))
    h.apply("layoff TH on 1")
    assert "meld TC TD TS" in words(h, "meld")


# --------------------------------------------------------------------------- lay-off restriction


def test_no_lay_off_on_others_melds_before_ones_own_first_meld_s002() -> None:
    """[S2] Restriction on Laying Off Cards: "a player may not lay off cards on
    other players melds until they have made their first meld to the table"
    (``requires_own_meld = "for-others"``; [S1] has the same house rule). Seat
    0's 6H fits seat 1's 7H 8H 9H; it can go on once seat 0 has melded."""
    restricted = house("restricted", '[layoff]\nkind = "standard"\nrequires_own_meld = "for-others"')
    hands = ["2C 3C 4C 9D 9C KS QS JD 6H 6S", "7H 8H 9H TD TC TS 2D 3S 4H AS"]

    def turn(v: rk.Variant) -> rk.Hand:
        return play(stacked(v, hands, stock="KD 5D 3H"), "draw", "meld 7H 8H 9H", "discard KD", "draw")

    assert "layoff 6H on 1" in legal(turn(STRAIGHT))
    h = turn(restricted)
    assert "layoff 6H on 1" not in legal(h)
    with pytest.raises(rk.IllegalAction, match="may not lay off onto seat 1's meld"):
        h.apply("layoff 6H on 1")
    play(h, "discard 5D", "draw", "discard 3H", "draw", "meld 2C 3C 4C")
    assert "layoff 6H on 1" in legal(h)


# --------------------------------------------------------------------------- rummy concealed

MANY = house("many", '[meld_timing]\nkind = "any"')
CONCEALED_HANDS = ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 5C KH"]
SEAT0_LEFT = 9 + 9 + 10 + 10 + 10 + 5 + 6  # what seat 0 still holds at the end


def concealed_deal(v: rk.Variant, *, lay_off_early: bool) -> rk.Hand:
    """Seat 0 starts (dealer=1) and melds 2C 3C 4C. Seat 1 goes out on its
    second turn with three melds; its 5C goes onto 2C-4C either on that
    turn or, with ``lay_off_early``, on its first."""
    h = stacked(v, CONCEALED_HANDS, stock="AS KD QH 4D", discard="8C", dealer=1)
    play(h, "draw", "meld 2C 3C 4C", "discard AS", "draw")
    if lay_off_early:
        play(h, "layoff 5C on 1", "discard KD", "draw", "discard QH", "draw")
        play(h, "meld 7H 8H 9H", "meld TC TD TS", "meld 2D 3D 4D", "discard KH")
    else:
        play(h, "discard KD", "draw", "discard QH", "draw")
        play(h, "meld 7H 8H 9H", "meld TC TD TS", "meld 2D 3D 4D", "layoff 5C on 1", "discard KH")
    assert h.is_over
    return h


def test_rummy_concealed_scores_double_s002() -> None:
    """[S2] Rummy Concealed: "if a player does not play any melds to the table
    (including laying off cards on other players melds) until he can play all
    his cards at once, he is said to have Gone Rummy. When doing this, the
    player scores double" (``scoring.rummy_multiplier = 2``, already straight
    rummy's default from [S3]; ``rummy_multiplier = 1`` switches it off).
    Everything played in the going-out turn counts as "at once"."""
    h = concealed_deal(MANY, lay_off_early=False)
    assert h.ending().is_concealed(1)
    assert h.result is not None and h.result.scores == (0, 2 * SEAT0_LEFT)
    off = house(
        "no-rummy", '[meld_timing]\nkind = "any"\n[scoring]\nkind = "winner-takes"\nrummy_multiplier = 1'
    )
    h = concealed_deal(off, lay_off_early=False)
    assert h.result is not None and h.result.scores == (0, SEAT0_LEFT)


def test_rummy_concealed_a_lay_off_on_an_earlier_turn_breaks_it_s002() -> None:
    """[S2]: "(including laying off cards on other players melds)": seat 1
    laid 5C off on its first turn, so its going out is not concealed."""
    h = concealed_deal(MANY, lay_off_early=True)
    assert not h.ending().is_concealed(1)
    assert h.result is not None and h.result.scores == (0, SEAT0_LEFT)


# --------------------------------------------------------------------------- mandatory discard

DISCARD_HANDS = ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TC TD TS 2D 3D 4D 5D"]
DISCARD_PLAY = ("draw", "meld 7H 8H 9H", "discard KD", "draw", "discard QC", "draw", "meld TC TD TS")
DISCARD_PLAY += ("discard 6H", "draw", "discard 7C", "draw")  # seat 1 holds 2D-5D and draws 6D


def test_mandatory_discard_to_go_out_s002() -> None:
    """[S2] Mandatory Discard Rule: "A player may never go out by melding his
    last card, but must end the turn (and the hand) by discarding his last
    card" (``going_out.final_discard = "required"``; [S1] "Last Discard").
    Straight rummy lets seat 1 meld 2D-6D and go out; here one card stays."""
    s = play(stacked(STRAIGHT, DISCARD_HANDS, stock="KD QC 6H 7C 6D"), *DISCARD_PLAY)
    assert "meld 2D 3D 4D 5D 6D" in words(s, "meld")
    required = house("last-discard", '[going_out]\nkind = "empty-hand"\nfinal_discard = "required"')
    h = play(stacked(required, DISCARD_HANDS, stock="KD QC 6H 7C 6D"), *DISCARD_PLAY)
    assert "meld 2D 3D 4D 5D 6D" not in words(h, "meld")
    with pytest.raises(rk.IllegalAction, match="must keep a card to discard"):
        h.apply("meld 2D 3D 4D 5D 6D")
    play(h, "meld 2D 3D 4D 5D", "discard 6D")
    assert h.is_over and h.result is not None and h.ending().final_discard


# --------------------------------------------------------------------------- rummy complete

COMPLETE = house(
    "rummy-complete",
    '[meld_timing]\nkind = "all-at-once"\n[scoring]\nkind = "winner-takes"\nrummy_multiplier = 1\n'
    '[game_end]\nkind = "target"\ntarget = 200',
)


def test_rummy_complete_only_the_whole_hand_is_melded_s002() -> None:
    """[S2] Rummy Complete: "no melds are laid down during the course of the
    hand ... may only play his melds when he is able to meld his entire hand
    (or his entire hand minus one discard) to the table"."""
    hands = ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 4D 5D"]
    s = play(stacked(STRAIGHT, hands, stock="KD"), "draw")
    assert words(s, "meld") and not words(s, "declare")
    h = play(stacked(COMPLETE, hands, stock="KD"), "draw")
    assert words(h, "meld") == []
    with pytest.raises(rk.IllegalAction, match="all-at-once"):
        h.apply("meld 7H 8H 9H")
    assert h.is_legal("declare 7H 8H 9H + TC TD TS + 2D 3D 4D 5D discard KD")


def test_rummy_complete_collects_the_full_value_of_every_other_hand_s002() -> None:
    """[S2]: "lay his entire hand down in the appropriate melds and collect
    from each other player the full value of all cards held in there hands";
    "the game total is usually raised to 200 or more". Seat 0's 2C 3C 4C
    counts although it is a meld (Boathouse, by contrast, lets the losers lay
    their melds out first); with straight rummy's doubling switched off
    (``rummy_multiplier = 1``) the winner collects exactly the full value."""
    hands = ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 4D 5D"]
    h = play(
        stacked(COMPLETE, hands, stock="KD"), "draw", "declare 7H 8H 9H + TC TD TS + 2D 3D 4D 5D discard KD"
    )
    full = 2 + 3 + 4 + 9 + 9 + 10 + 10 + 10 + 5 + 6
    assert h.result is not None and h.result.scores == (0, full)
    boathouse_like = house(
        "losers-meld",
        '[meld_timing]\nkind = "all-at-once"\n[scoring]\nkind = "winner-takes"\nrummy_multiplier = 1\nlosers_meld = true',
    )
    assert settle(boathouse_like, h.ending()).scores == (0, full - 9)
    assert isinstance(COMPLETE.game_end, rk.rules.Target) and COMPLETE.game_end.target == 200


# --------------------------------------------------------------------------- card values

ONE_POINT = house(
    "one-point",
    '[deck]\nkind = "standard"\njokers_per_deck = 2\n[scoring.card_values]\n'
    + "".join(f'"{r}" = 1\n' for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"])
    + 'JK = 2\n[game_end]\nkind = "target"\ntarget = 25',
)


def test_card_values_one_point_per_card_jokers_two_s002() -> None:
    """[S2] Card Values: "the player scores 1 point for every card remaining in
    his opponents hands ... the game is usually played to a lower game win
    total, such as 25 ... the Jokers are usually scored at two points each"
    (every rank listed at 1 in ``scoring.card_values``, ``JK = 2``)."""
    e = Ending(went_out=1, hands=["KS QD 5H AC", ""])
    assert settle(STRAIGHT, e).scores == (0, 10 + 10 + 5 + 1)
    assert settle(ONE_POINT, e).scores == (0, 4)
    assert settle(ONE_POINT, Ending(went_out=0, hands=["", "JK JK 7C"])).scores == (5, 0)
    jokers = house("jokers", '[deck]\nkind = "standard"\njokers_per_deck = 2')
    assert settle(jokers, Ending(went_out=0, hands=["", "JK JK 7C"])).scores == (15 + 15 + 7, 0)
    # a whole hand: seat 1 goes out on its third turn, seat 0 keeps ten cards
    hands = ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 4D AS"]
    actions = ("draw", "meld 7H 8H 9H", "discard KD", "draw", "discard 6D", "draw", "meld TC TD TS")
    actions += ("discard 7S", "draw", "discard QH", "draw", "meld 2D 3D 4D 5D", "discard AS")
    for v, expected in ((STRAIGHT, 2 + 3 + 4 + 9 + 9 + 10 + 10 + 10 + 5 + 6), (ONE_POINT, 10)):
        h = play(stacked(v, hands, stock="KD 6D 7S QH 5D"), *actions)
        assert h.result is not None and h.result.scores == (0, expected)
    assert ONE_POINT.game_end.verdict(totals=[25, 3], active=[0, 1], hands_played=4, went_out=0) == (0,)
    assert STRAIGHT.game_end.verdict(totals=[25, 3], active=[0, 1], hands_played=4, went_out=0) is None


# --------------------------------------------------------------------------- throw down


def test_throw_down_take_any_visible_discard_s002() -> None:
    """[S2] Throw Down Rummy: "when drawing a discard, a player can take any
    discarded card in the discard area. As in other versions of Rummy, the
    player can also take the top of the stock pile. A player may only take
    one card" (draw kind "pick-any"). 9H lies under 2S and 5C."""
    hands = ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H TD TC TS 2D 3D 4D AS KD"]
    s = stacked(STRAIGHT, hands, stock="6D 7D", discard="9H 2S QC")
    assert legal(s)[:2] == ["draw", "take"] and not any(a.startswith("pick") for a in legal(s))
    with pytest.raises(rk.IllegalAction, match="only the top"):
        s.apply("pick 9H")
    throw = house("throw-down", '[draw]\nkind = "pick-any"')
    h = stacked(throw, hands, stock="6D 7D", discard="9H 2S QC")
    assert {"draw", "pick 9H", "pick 2S", "pick QC"} <= set(legal(h)) and "take" not in legal(h)
    h.apply("pick 9H")
    assert h.discard_pile == rk.parse_cards("2S QC") and len(h.hand_of(1)) == 11
    h.apply("meld 7H 8H 9H")


# --------------------------------------------------------------------------- discard-pile reuse

REUSE_PLAY = ("draw", "discard 7S", "draw", "discard KH", "draw", "discard 2D", "draw", "discard 5H")
REUSE_PLAY += ("draw", "discard 3S")  # the stock runs out a second time


def test_limit_the_reuses_of_the_discard_pile_s001() -> None:
    """[S1] End of the Stock: "it may be a good idea to limit the number of
    times that the discard pile can be reused as a new stock ... you could
    agree that the discard pile gets reused only once and the play ends when
    the stock is used up for the second time" (``stock.max_reuses = 1`` with
    ``end_trigger = "empty"``; straight rummy turns the pile over without limit)."""
    hands = ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TH TC TS 2D 3S 4H KD"]
    s = play(stacked(STRAIGHT, hands, stock="7S KH"), *REUSE_PLAY)
    assert not s.is_over and s.phase is Phase.DRAW
    once = house("reuse-once", '[stock]\nkind = "reuse"\nmax_reuses = 1\nend_trigger = "empty"')
    h = play(stacked(once, hands, stock="7S KH"), *REUSE_PLAY)
    assert h.is_over and h.result is not None
    assert h.result.how is Termination.STOCK_EXHAUSTED and h.result.scores == (0, 0)


def test_after_the_last_reuse_the_next_player_may_still_take_the_discard_s001() -> None:
    """[S1]: "after the stock becomes exhausted for the third time, the play
    should end if the next player does not want to take the discard"
    (``end_trigger = "decline"``, the default): the player may take the top
    discard and play on, or pass, which ends the hand with nobody scoring."""
    hands = ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TH TC TS 2D 3S 4H KD"]
    once = house("reuse-once-decline", '[stock]\nkind = "reuse"\nmax_reuses = 1')
    h = play(stacked(once, hands, stock="7S KH"), *REUSE_PLAY)
    assert not h.is_over and h.phase is Phase.DRAW
    assert "draw" not in legal(h) and {"take", "pass"} <= set(legal(h))
    taken = h.clone()
    taken.apply("take")
    assert not taken.is_over
    h.apply("pass")
    assert h.is_over and h.result is not None
    assert h.result.how is Termination.STOCK_EXHAUSTED and h.result.scores == (0, 0)
