"""Indian 13-card rummy in its four formats, rule by rule, from its sources.

Sources by their labels in docs/sources.md: [S3] is the "Beginners
Guide To Play 13 Cards Indian Rummy"; [S33, S31, S32, S27, S36, S29, S30]
are the rules pages of online rummy sites. Scenarios run on stacked
deals: ``stock[0]`` is the top card, the last card of ``discard`` the open
card, ``cut`` the card cut for the wild joker. With ``dealer=0`` seat 1 plays
first.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rules_helpers import bot_match, dropper, middle_dropper, plain, scripted_match, words
from rummykit import Ending, Phase, Termination, settle

POINTS = rk.load_variant("indian")
POOL101 = rk.load_variant("indian-pool101")
POOL201 = rk.load_variant("indian-pool201")
DEALS = rk.load_variant("indian-deals")
FORMATS = [POINTS, POOL101, POOL201, DEALS]

TENS = frozenset({rk.Rank.TEN})

# Four hands for one show ([S3] "Examples of valid declarations", example 1, in
# seat 1) and three losers: seat 0 holds two sequences, one pure (2C-4C, and
# 6H 7H with the printed joker and the wild TS); seat 2 one pure sequence only;
# seat 3 no sequence at all.
SHOW = "AD 2D 3D 4D 5S 6S 7S 9D 9S 9C QS QD QC"
TWO_SEQUENCES = "2C 3C 4C 6H 7H JK KS KH KC 5D 8C TS JD"
ONE_SEQUENCE = "2C 3C 4C 5H 5S 5D 6H 6S 6D 7C 8D 9H AH"
NO_SEQUENCE = "KS KH KC QD QH 9C 9S 8D 8H 7S 7C AS AH"


def points(text: str, wild: frozenset[rk.Rank] = TENS) -> int:
    """Indian points of cards: A K Q J 10, jokers of both kinds 0 [S3]."""
    return sum(0 if c.rank in wild else POINTS.scoring.card_value(c) for c in rk.parse_cards(text))


def indian_hand(v: rk.Variant, hands: list[str], *, stock: str, cut: str, discard: str = "7D") -> rk.Hand:
    return rk.new_hand(v, players=len(hands), dealer=0, hands=hands, discard=discard, stock=stock, cut=cut)


# --------------------------------------------------------------------------- deal and wild joker


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_thirteen_cards_each_one_open_card_and_a_cut_wild_joker_s003(players: int) -> None:
    """[S3]: "Indian rummy is played with 2 deck of cards with 13 cards
    distributed to each player"; "The game of rummy begins with one card placed
    in the open deck and a card selected at random as the designated or
    selected wild joker". Two decks with their printed jokers: 106 cards."""
    h = rk.new_hand(POINTS, players=players, seed=players)
    view = h.view(0)
    assert view.hand_counts == (13,) * players
    assert len(view.discard) == 1
    assert view.cut is not None
    assert view.stock_count == 106 - 13 * players - 2
    # the cut card names this hand's wild rank (aces when a printed joker is cut)
    assert view.wild_ranks == {view.cut.rank or rk.Rank.ACE}


def test_every_card_of_the_cut_rank_is_wild_htp_sld() -> None:
    """[S33, S31]: the wild joker is the cut card's *rank*, "any
    5 of any suit". With 5D cut, 5C and 5H each stand in as a joker, in a
    sequence and in a set. ([S3]: "Wild Joker: This is simply a random card
    chosen by the players from the closed deck".)"""
    h = indian_hand(
        POINTS,
        ["2C 3C 4C 6H 7H JK KS KH KC 5D 8C TS JD", "AD 2D 3D 4D 6S 7S 5C 9D 9S 5H QS QD QC"],
        stock="KD 3H",
        cut="5D",
    )
    assert h.wild_ranks == {rk.Rank.FIVE}
    h.apply("draw")
    show = "declare AD 2D 3D 4D + 6S 7S 5C=8S + 9D 9S 5H=9H + QS QD QC discard KD"
    assert h.is_legal(show)
    h.apply(show)
    assert h.result is not None and h.result.how is Termination.DECLARED
    assert h.result.winners == (1,)


def test_a_cut_printed_joker_makes_the_aces_wild_s003() -> None:
    """[S3]: "If by chance a printed Joker is picked during the process then the
    Ace cards of all the suits serve as the Card Joker for that particular
    game." AC then stands for 8S; with any other cut it is just an ace."""
    hands = ["2C 3C 4C 6H 7H JK KS KH KC 5D 8C TS JD", "2D 3D 4D 5D 6S 7S AC 9D 9S 9C QS QD QC"]
    show = "declare 2D 3D 4D 5D + 6S 7S AC=8S + 9D 9S 9C + QS QD QC discard KD"
    h = indian_hand(POINTS, hands, stock="KD 3H", cut="JK")
    assert h.wild_ranks == {rk.Rank.ACE}
    h.apply("draw")
    h.apply(show)
    assert h.result is not None and h.result.how is Termination.DECLARED
    other = indian_hand(POINTS, hands, stock="KD 3H", cut="2H")
    other.apply("draw")
    assert not words(other, "declare")
    other.apply(show)  # allowed, but wrong: the declarer is out (see below)
    assert other.dropped[1] == "wrong-declaration"


# --------------------------------------------------------------------------- sequences and the show


def test_a_wild_card_in_its_own_place_keeps_a_sequence_pure_rpw() -> None:
    """[S32]: a wild-rank card standing for itself keeps the
    sequence pure; [S3]: "A valid sequence ... without a joker - referred to a
    Pure Sequence". With 5s wild, 3S 4S 5S 6S is the pure sequence this show
    needs (the other one holds the printed joker); 3S 4S 5C=5S 6S is impure and
    the same show is wrong."""
    pure = indian_hand(
        POINTS,
        ["2C 3C 4C 6H 7H JK KS KH KC 5D 8C TS JD", "3S 4S 5S 6S 6H 7H JK 9D 9S 9C QS QD QC"],
        stock="KD 3H",
        cut="5D",
    )
    pure.apply("draw")
    assert words(pure, "declare") == ["declare 9C 9D 9S + QC QD QS + 6H 7H JK=8H + 3S 4S 5S 6S discard KD"]
    impure = indian_hand(
        POINTS,
        ["2C 3C 4C 6H 7H JK KS KH KC 5D 8C TS JD", "3S 4S 5C 6S 6H 7H JK 9D 9S 9C QS QD QC"],
        stock="KD 3H",
        cut="5D",
    )
    impure.apply("draw")
    assert words(impure, "declare") == []
    impure.apply("declare 3S 4S 5C=5S 6S + 6H 7H JK=8H + 9D 9S 9C + QS QD QC discard KD")
    assert impure.dropped[1] == "wrong-declaration"


def test_sequences_of_more_than_four_cards_are_valid_s003() -> None:
    """[S3]: "A valid sequence of not less than three cards from the same suit"
    (its other phrase, "three or four consecutive cards", is not the rule).
    A six-card pure sequence shows."""
    h = indian_hand(
        POINTS,
        ["2C 3C 4C 6H 7H JK KS KH KC 5D 8C TS JD", "AD 2D 3D 4D 5D 6D 6S 7S 8S QS QD QC QH"],
        stock="KD 3H",
        cut="9H",
    )
    h.apply("draw")
    h.apply("declare AD 2D 3D 4D 5D 6D + 6S 7S 8S + QS QD QC QH discard KD")
    assert h.result is not None and h.result.how is Termination.DECLARED


def test_valid_show_scores_zero_and_every_loser_pays_by_the_rules_s003() -> None:
    """[S3]: "A valid declaration or show should consist of two sequences (of
    which one must be pure) and remaining cards can be arranged as sets" (its
    example 1); "a valid declaration or show garners zero points". The losers:
    a hand with two sequences, one pure, counts only the cards outside valid
    groups [S27]; "If a losing player does not have two sequences including a
    Pure sequence, then all of his or her cards are added up ... capped at 80".
    Aces and face cards 10, "Jokers of both kinds (Wild and Printed) are worth
    zero points"."""
    h = indian_hand(POINTS, [TWO_SEQUENCES, SHOW, ONE_SEQUENCE, NO_SEQUENCE], stock="KD 3H 4H", cut="TH")
    h.apply("draw")
    h.apply("declare AD 2D 3D 4D + 5S 6S 7S + 9D 9S 9C + QS QD QC discard KD")
    assert h.is_over and h.result is not None
    # seat 0: 5D 8C JD left over (TS is wild, worth 0) = 23; seat 2: one
    # sequence, every card = 76; seat 3: 118, capped at 80.
    assert points("5D 8C JD") == 23 and points(ONE_SEQUENCE) == 76 and points(NO_SEQUENCE) == 118
    # Points rummy: "The winner receives (sum of opponents' points)" [S31].
    assert h.result.scores == (-23, 23 + 76 + 80, -76, -80)
    assert h.result.winners == (1,) and h.result.how is Termination.DECLARED
    assert settle(POINTS, h.ending()) == h.result
    # Pool: each player adds their own points; the winner 0.
    assert settle(POOL101, h.ending()).scores == (23, 0, 76, 80)


def test_loser_with_two_sequences_one_pure_counts_only_ungrouped_cards_cls() -> None:
    """[S27]: "deadwood (not used in valid runs or
    sets)": the KS KH KC set does not count. [S3]'s literal "only the cards
    out of the sequences" is the option ``loser_counts = "outside-sequences"``
    (23 against 53 here)."""
    e = Ending(how="declared", went_out=1, hands=[TWO_SEQUENCES, ""], wild_ranks=TENS)
    assert settle(POOL101, e).scores == (23, 0)
    literal = rk.loads_variant(
        'extends = "indian-pool101"\n[variant]\nname = "seed-literal"\n'
        '[scoring]\nkind = "indian"\nloser_counts = "outside-sequences"'
    )
    assert settle(literal, e).scores == (23 + 30, 0)


def test_loser_without_a_pure_sequence_counts_every_card_s003() -> None:
    """[S3]: "If a losing player does not have two sequences including a Pure
    sequence, then all of his or her cards are added up": two impure
    sequences are not enough, and the grouped cards count too."""
    impure_only = "6H 7H JK 2C 3C TS KS KH KC 5D 8C 9D JD"  # 2C 3C TS=4C is impure
    assert points(impure_only) == 6 + 7 + 2 + 3 + 30 + 5 + 8 + 9 + 10
    e = Ending(how="declared", went_out=1, hands=[impure_only, ""], wild_ranks=TENS)
    assert settle(POOL101, e).scores == (80, 0)  # 80 of 80: capped exactly
    lighter = "6H 7H JK 2C 3C TS 4S 4H 4D 5D 8C 9D AD"
    e = Ending(how="declared", went_out=1, hands=[lighter, ""], wild_ranks=TENS)
    assert settle(POOL101, e).scores == (points(lighter), 0)
    assert points(lighter) == 6 + 7 + 2 + 3 + 12 + 5 + 8 + 9 + 10


def test_second_valid_declarer_option_scores_two_s003() -> None:
    """[S3]: "The second player to declare with a valid declaration will earn
    the player two points" (option ``valid_loser_points = 2``; off by default,
    when such a loser counts nothing outside their groups)."""
    e = Ending(how="declared", went_out=1, hands=[SHOW, ""], wild_ranks=TENS)
    assert settle(POOL101, e).scores == (0, 0)
    seed = rk.loads_variant(
        'extends = "indian-pool101"\n[variant]\nname = "second-show"\n'
        '[scoring]\nkind = "indian"\nvalid_loser_points = 2'
    )
    assert settle(seed, e).scores == (2, 0)


# --------------------------------------------------------------------------- wrong declarations


S003_INVALID = {
    # "Example 1 - Where 9♥ is the wild joker ... there is only one sequence"
    "only-one-sequence": (
        "AH 2H 3H 4H 5C 5S 9H 6D 6S 9H 7D 7C 7H",
        "declare AH 2H 3H 4H + 5C 5S 9H=5H + 6D 6S 9H=6H + 7D 7C 7H discard KD",
        "9C",
    ),
    # "A valid declaration should use all 13 cards": QS QD KC is no group
    "a-card-left-ungrouped": (
        "AD 2D 3D 4D 5S 6S 7S 9D 9S 9C QS QD KC",
        "declare AD 2D 3D 4D + 5S 6S 7S + 9D 9S 9C + QS QD KC discard KD",
        "2S",
    ),
    # "Example 2 - Where an invalid set is used ... 7♥ has been used twice"
    "duplicate-card-in-set": (
        "AC 2C 3C 4C 5C 6C 7C 7H 7D 7H 9D 9S 9C",
        "declare AC 2C 3C 4C + 5C 6C 7C + 7H 7D 7H + 9D 9S 9C discard KD",
        "2S",
    ),
}


@pytest.mark.parametrize("example", sorted(S003_INVALID))
def test_s003_invalid_examples_are_wrong_declarations_costing_80(example: str) -> None:
    """[S3] "Invalid or wrong declarations" examples 1 and 2, and a show that
    leaves a card out of every group ("A valid declaration should use all 13
    cards"); "A wrong declaration or invalid show will earn player 80 points".
    With two players the other one is left and wins the deal."""
    cards, show, cut = S003_INVALID[example]
    h = indian_hand(POINTS, ["2C 3C 4C 6S 7S JK KS KH KC 5D 8C TS JD", cards], stock="KD 3H", cut=cut)
    h.apply("draw")
    assert words(h, "declare") == []
    h.apply(show)
    assert h.is_over and h.result is not None
    assert h.dropped[1] == "wrong-declaration"
    assert h.result.how is Termination.DROPPED and h.result.winners == (0,)
    assert h.result.scores == (80, -80)
    assert settle(POOL201, h.ending()).scores == (0, 80)  # 80 in pool 201 too [S28]


def test_after_a_wrong_declaration_the_others_play_on() -> None:
    """[S3] gives the cost; the variant's choice (going_out.invalid =
    "penalty"): the wrong declarer is out of the deal like a dropped player and
    the others play on; here the next player then drops (first drop 20) and
    the last one left wins."""
    cards, show, cut = S003_INVALID["only-one-sequence"]
    h = indian_hand(
        POINTS,
        ["2C 3C 4C 6H 7H JK KS KH KC 5D 8C TS JD", cards, "2D 3D 4D 6S 7S 8S QS QH KD KC 5H 5C JS"],
        stock="KD 3H",
        cut=cut,
    )
    h.apply("draw")
    h.apply(show)
    assert not h.is_over and h.current_player == 2 and h.phase is Phase.DRAW
    h.apply("drop")
    assert h.is_over and h.result is not None
    assert h.result.winners == (0,) and h.result.scores == (100, -80, -20)


# --------------------------------------------------------------------------- drops


@pytest.mark.parametrize(
    ("v", "first", "middle"),
    [(POINTS, 20, 40), (POOL101, 20, 40), (POOL201, 25, 50)],
    ids=["points", "pool101", "pool201"],
)
def test_first_drop_and_middle_drop_s003(v: rk.Variant, first: int, middle: int) -> None:
    """[S3]: "concede the game at their first turn before drawing a card. This
    action is called a First Drop and will earn a player 20 points"; "Any drop
    after the First Drop is called a Middle Drop and will earn a player 40
    points"; "201 Pool Rummy • 25 points prior to drawing a card ... • 50
    Points after drawing a card". A dropped player is out of the deal; the last
    one left wins it."""
    h = indian_hand(
        v,
        [TWO_SEQUENCES, SHOW, "2D 3D 4D 6S 7S 8S QS QH KD KC 5H 5C JS"],
        stock="KD 3H 4H 5H 6D",
        cut="TH",
    )
    assert "drop" in words(h, "drop")
    h.apply("drop")  # seat 1, before ever drawing
    assert h.dropped[1] == "first" and h.current_player == 2
    h.apply("draw")
    h.apply("discard KD")
    h.apply("draw")
    h.apply("discard 3H")
    h.apply("drop")  # seat 2 has drawn before
    assert h.dropped[2] == "middle"
    assert h.is_over and h.result is not None
    assert h.result.how is Termination.DROPPED and h.result.winners == (0,)
    if v.scoring.winner_collects:  # type: ignore[attr-defined]
        assert h.result.scores == (first + middle, -first, -middle)
    else:
        assert h.result.scores == (0, first, middle)


@pytest.mark.parametrize(("v", "middle"), [(POINTS, 40), (POOL201, 50)], ids=["points", "pool201"])
def test_dropping_right_after_drawing_is_a_middle_drop_s003(v: rk.Variant, middle: int) -> None:
    """[S3] item 10: "A player will get 40 points if they leave the table after
    drawing a card from the closed deck, and this action will considered as a
    Middle Drop" -- even on their first turn, and the drawn card leaves with them."""
    h = indian_hand(v, [TWO_SEQUENCES, SHOW], stock="KD 3H 4H", cut="TH")
    assert h.current_player == 1
    h.apply("draw")
    assert "drop" in words(h, "drop")
    h.apply("drop")
    assert h.dropped[1] == "middle"
    assert h.is_over and h.result is not None and h.result.winners == (0,)
    if v.scoring.winner_collects:  # type: ignore[attr-defined]
        assert h.result.scores == (middle, -middle)
    else:
        assert h.result.scores == (0, middle)


def test_a_card_just_taken_from_the_open_deck_is_not_discarded_apz() -> None:
    """[S35]: online sites forbid discarding the card just
    taken from the open deck."""
    h = indian_hand(POINTS, [TWO_SEQUENCES, SHOW], stock="KD 3H", cut="TH")
    h.apply("take")
    assert "discard 7D" not in words(h, "discard")
    with pytest.raises(rk.IllegalAction, match="just taken"):
        h.apply("discard 7D")


# --------------------------------------------------------------------------- the four formats


def test_points_rummy_is_a_single_deal_paid_to_the_winner_sld() -> None:
    """[S31]: points rummy is "a single deal. The winner
    receives (sum of opponents' points)". The game is over after one deal."""
    match = scripted_match(POINTS, [dropper(), middle_dropper(), plain], seed=3)
    assert match.hands_played == 1 and match.is_over
    assert match.totals == [-20, -40, 20 + 40] and match.winners == (2,)


def test_pool101_a_player_reaching_101_is_out_the_last_left_wins_cls() -> None:
    """[S27]: in pool 101 "a player is out on reaching
    101 ... or more. The last player left wins"; the others go on. Seat 0
    first-drops every deal (20), seat 1 middle-drops (40), seat 2 wins each
    deal. Seat 1 reaches 120 after three deals and is out; seat 0 still plays
    at exactly 100 and is out at 120 after the sixth; seat 2 wins the game."""
    match = scripted_match(POOL101, [dropper(), middle_dropper(), plain], seed=5)
    seats = [s for s, _ in match.results]
    assert seats[:3] == [(0, 1, 2)] * 3
    assert seats[3:] == [(0, 2)] * 3  # seat 1 no longer dealt in
    assert match.hands_played == 6
    assert match.totals == [120, 120, 0] and match.winners == (2,)


def test_pool201_a_player_at_200_plays_on_and_is_out_at_201_or_more_cls() -> None:
    """[S27]: pool 201 eliminates on reaching 201; [S3]: pool 201 drops cost 25
    and 50. Seat 1 (50 a deal) is still dealt in at 200 and is out at 250;
    seat 0 (25 a deal) reaches 200 after eight deals, plays a ninth and is out
    at 225; the last player left wins."""
    match = scripted_match(POOL201, [dropper(), middle_dropper(), plain], seed=5)
    seats = [s for s, _ in match.results]
    assert seats[:5] == [(0, 1, 2)] * 5
    assert seats[5:] == [(0, 2)] * 4
    assert match.totals == [225, 250, 0] and match.winners == (2,)


def test_deals_rummy_chips_move_to_each_deals_winner_most_chips_wins_rcd() -> None:
    """[S29, S30]: "a fixed number of deals. Each
    player starts with 80 × deals chips. After each deal the losers' points
    move to the winner. Most chips wins" (two deals in variants/indian-deals.toml)."""
    match = scripted_match(DEALS, [dropper(), plain], seed=2)
    assert match.hands_played == 2
    assert match.totals == [160 - 20 - 20, 160 + 20 + 20] and match.winners == (1,)


def test_deals_rummy_a_tie_goes_to_a_tiebreaker_deal_rcd() -> None:
    """[S29, S30]: "a tie goes to a tiebreaker deal". Seat 0 drops in deals 1
    and 3, seat 1 in deal 2: 160-160 after the two deals, so a third is
    played."""
    odd = dropper(lambda m: m.hands_played % 2 == 0)
    even = dropper(lambda m: m.hands_played % 2 == 1)
    match = scripted_match(DEALS, [odd, even], seed=2)
    assert [r.scores for _, r in match.results] == [(-20, 20), (20, -20), (-20, 20)]
    assert match.hands_played == 3 and match.winners == (1,)
    assert match.totals == [140, 180]


@pytest.mark.parametrize("v", FORMATS, ids=lambda v: v.name)
@pytest.mark.parametrize("players", [2, 6])
def test_bots_finish_a_game_by_the_formats_own_end(v: rk.Variant, players: int) -> None:
    """Every format ends by its own rule ([S31, S27, S29, S30]): points rummy
    after one deal; pools when one player is left under the limit; deals
    rummy after its deals (more on a tie)."""
    match = bot_match(v, players, seed=1)
    end = v.game_end
    if isinstance(end, rk.rules.SingleHand):
        assert match.hands_played == 1
    elif isinstance(end, rk.rules.Elimination):
        left = [s for s in range(players) if match.totals[s] < end.limit]
        assert left == list(match.winners) or (not left and len(match.winners) >= 1)
        out = [s for s in range(players) if s not in match.winners]
        assert all(match.totals[s] >= end.limit for s in out)
    else:
        assert isinstance(end, rk.rules.Deals)
        assert match.hands_played >= end.deals
        assert sum(match.totals) == end.start_score * players  # chips only change hands
        best = max(match.totals)
        assert match.winners == tuple(s for s in range(players) if match.totals[s] == best)
