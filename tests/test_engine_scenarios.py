"""Scenarios from the rule texts, played on stacked deals.

Sources by their labels in docs/sources.md ([S5] Thai rummy,
[S1, S3] basic rummy, [S2] Cats at Cards' variations, ...).
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit import Phase

STRAIGHT = rk.load_variant("straight")


def straight_hand(**kw: object) -> rk.Hand:
    deal = {
        "hands": ["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3S 4H AS"],
        "discard": "5C",
        "stock": "9S KD 6D 7D 2H",
    }
    deal.update(kw)
    return rk.new_hand(STRAIGHT, players=2, dealer=0, **deal)  # type: ignore[arg-type]


def test_straight_turn_structure_s003() -> None:
    """[S3]: draw, meld at most one combination a turn, discard; the
    non-dealer starts [S1]."""
    h = straight_hand()
    assert h.current_player == 1 and h.phase is Phase.DRAW
    with pytest.raises(rk.IllegalAction, match="must draw first"):
        h.apply("discard AS")
    h.apply("draw")
    assert h.hand_of(1)[-1] == rk.Card.parse("9S") or rk.Card.parse("9S") in h.hand_of(1)
    h.apply("meld 7H 8H 9H")
    before = h.legal_actions()
    with pytest.raises(rk.IllegalAction, match="only 1 meld per turn"):
        h.apply("meld TC TD TS")
    assert h.legal_actions() == before
    h.apply("discard AS")
    assert h.current_player == 0 and h.view(0).discard[-1] == rk.Card.parse("AS")


def test_may_not_discard_the_card_just_taken_s003() -> None:
    h = straight_hand()
    h.apply("take")
    with pytest.raises(rk.IllegalAction, match="just taken from the discard pile"):
        h.apply("discard 5C")
    assert rk.parse_action("discard 5C") not in h.legal_actions()


def test_lay_off_onto_any_meld_and_go_out_s001() -> None:
    """[S1]: going out by laying off; play stops at once; the winner scores
    the cards left in the other hands (K/Q/J 10, A 1)."""
    h = rk.new_hand(
        STRAIGHT,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 4D AS"],
        discard="5C",
        stock="TH KD 6D 7D 5D",
    )
    h.apply("draw")  # TH
    h.apply("meld 7H 8H 9H")
    h.apply("layoff TH on 1")
    h.apply("discard AS")
    h.apply("draw")  # KD
    h.apply("discard KD")
    h.apply("draw")  # 6D
    h.apply("meld TC TD TS")
    h.apply("discard 6D")
    h.apply("draw")  # 7D
    h.apply("discard 7D")
    h.apply("draw")  # 5D
    h.apply("meld 2D 3D 4D")
    h.apply("layoff 5D on 3")
    assert h.is_over
    result = h.result
    assert result is not None
    assert result.how is rk.Termination.WENT_OUT and result.winners == (1,)
    left = sum(STRAIGHT.scoring.card_value(c) for c in h.hand_of(0))
    assert result.scores == (0, left)


def test_going_rummy_doubles_s003() -> None:
    """[S3] house rule: going out in one turn with no earlier meld doubles the score."""
    v = rk.loads_variant('extends = "straight"\n[variant]\nname = "multi"\n[meld_timing]\nkind = "any"')
    h = rk.new_hand(
        v,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 4D 5D"],
        discard="5C",
        stock="KD 6D",
    )
    h.apply("draw")
    for meld in ("meld 7H 8H 9H", "meld TC TD TS", "meld 2D 3D 4D 5D"):
        h.apply(meld)
    h.apply("discard KD")
    assert h.result is not None
    assert h.result.scores == (0, 2 * 68)  # seat 0 holds 68, doubled
    assert h.ending().is_concealed(1)


def test_stock_turned_over_without_shuffling_s001() -> None:
    """[S1]: when the stock runs out the discard pile is turned over, not shuffled."""
    h = rk.new_hand(
        STRAIGHT,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 4D AS"],
        discard="5C",
        stock="KD",
    )
    h.apply("draw")  # KD, the stock is empty
    h.apply("discard AS")  # pile: 5C AS
    h.apply("draw")  # the pile turned over: 5C is now the top of the stock
    assert rk.Card.parse("5C") in h.hand_of(0)
    assert h.view(0).discard == (rk.Card.parse("AS"),) or h.view(0).discard == ()
    assert h.stock_count == 1


def test_thai_digging_and_its_penalties_s000() -> None:
    """[S5]: take cards from the spread pile down to any depth; the bottom card
    taken must go at once into a new meld with a card from hand; discarding a
    card that could extend a meld costs 50; going out takes a face-down discard
    and +50; the opponent whose single discard was taken to go out loses 50."""
    thai = rk.load_variant("thai")
    h = rk.new_hand(
        thai,
        players=2,
        dealer=0,
        hands=[
            "2C 3C 4C 9D 9C KS QS JD 5H 6S 7C 8C TC",
            "7H 8H 2D 3D 4D 5D KH KD TS JS 3S 4S 6C",
        ],
        discard="9H 2S AC",
        stock="AD AH 5C 5S 6D 7D",
    )
    legal = [str(a) for a in h.legal_actions()]
    # 9H lies under 2S and AC: dig 3 deep, 9H joins 7H 8H from the hand.
    assert "take 3 meld 7H 8H 9H" in legal
    # AC alone cannot be melded with a hand card.
    assert not any(a.startswith("take meld") for a in legal)
    with pytest.raises(rk.IllegalAction, match="must be used at once"):
        h.apply("take 3")
    h.apply("take 3 meld 7H 8H 9H")
    assert h.hand_of(1).count(rk.Card.parse("AC")) == 1
    h.apply("discard 6C")  # 6C extends nothing
    h.apply("draw")  # seat 0 draws AD
    h.apply("discard TC")  # TC extends nothing on the table
    h.apply("draw")  # seat 1 draws AH
    h.apply("meld 2D 3D 4D 5D")
    h.apply("discard AH")  # AH extends nothing
    h.apply("draw")  # seat 0: 5C
    h.apply("meld 2C 3C 4C 5C")
    # Discarding 6S is fine; discarding 6D would not be (it extends 2D-5D)...
    h.apply("discard 6S")
    h.apply("draw")  # seat 1: 5S
    h.apply("discard 5S")
    assert h.penalties == ()
    h.apply("draw")  # seat 0: 6D, which extends seat 1's 2D-5D
    h.apply("discard 6D")
    assert h.penalties == ((0, "playable-discard", None),)


def test_thai_final_discard_face_down_and_doubling_s000() -> None:
    """[S5]: the last card goes face down and earns 50; a player who displayed
    no meld before the final turn has the hand's score doubled (the winner
    here, and the loser who never melded)."""
    thai = rk.load_variant("thai")
    h = rk.new_hand(
        thai,
        players=2,
        dealer=0,
        hands=[
            "2C 3C 4C 9D 9C KS QC JD 5H 6S 7C 8C TC",
            "7H 8H 9H 2D 3D 4D KH KD 9S TS JS QS 6C",
        ],
        discard="AD",
        stock="KC 5S",
    )
    h.apply("draw")  # KC
    for meld in ("meld 7H 8H 9H", "meld 2D 3D 4D", "meld KH KD KC"):
        h.apply(meld)
    h.apply("meld 9S TS JS QS")
    assert [str(a) for a in h.legal_actions()] == ["discard 6C"]
    h.apply("discard 6C")
    assert h.is_over and h.result is not None
    assert h.view(0).discard == (rk.Card.parse("AD"),)  # the final discard is face down
    assert h.view(0).face_down == (rk.Card.parse("6C"),)
    melds = 15 + 15 + 30 + (5 + 10 + 10 + 50)
    held = 50 + 5 * 9 + 10 * 4 - 5 * 0  # 2C is worth 50
    held = sum(thai.scoring.card_value(c) for c in h.hand_of(0))
    assert held == 130
    scoring = thai.scoring
    assert scoring.multiplier_includes_bonus in (True, False)
    bonus_inside = scoring.multiplier_includes_bonus
    expected = (melds + 50) * 2 if bonus_inside else melds * 2 + 50
    assert h.result.scores == (-2 * held, expected)


def test_block_ends_when_the_stock_runs_out_s001() -> None:
    """[S1] (Block): the pile is never reused; if the stock has run out and the
    next player does not take the discard, the hand ends; the lowest count
    scores the differences."""
    block = rk.load_variant("block")
    h = rk.new_hand(
        block,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 4D AS"],
        discard="5C",
        stock="KD",
    )
    h.apply("draw")
    h.apply("discard KD")
    assert h.phase is Phase.DRAW and h.stock_count == 0
    assert [str(a) for a in h.legal_actions()] == ["take", "pass"]
    h.apply("pass")
    assert h.is_over and h.result is not None
    assert h.result.how is rk.Termination.STOCK_EXHAUSTED
    counts = [sum(block.scoring.card_value(c) for c in h.hand_of(p)) for p in (0, 1)]
    low = min(counts)
    winner = counts.index(low)
    assert h.result.winners == (winner,)
    assert h.result.scores[winner] == max(counts) - low


def test_boathouse_takes_the_top_two_s002() -> None:
    """[S2] (Boathouse): draw from the stock, or take the top discard together
    with the next discard or the top of the stock; draw two, discard one."""
    boat = rk.load_variant("boathouse")
    h = rk.new_hand(
        boat,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 4D AS"],
        discard="KH 5C",
        stock="KD 6D",
    )
    legal = [str(a) for a in h.legal_actions()]
    assert legal[:3] == ["draw", "take 2", "take draw"]
    h.apply("take 2")
    assert {rk.Card.parse("KH"), rk.Card.parse("5C")} <= set(h.hand_of(1))
    assert len(h.hand_of(1)) == 12
    assert not any(isinstance(a, rk.engine.MeldAction) for a in h.legal_actions())
    h.apply("discard 2D")
    assert len(h.hand_of(1)) == 11


def test_boathouse_goes_out_all_at_once_s002() -> None:
    """[S2] (Boathouse): nothing is melded until the whole hand (or all but a
    discard) goes down at once; the others lay out their melds and the winner
    scores their unmelded cards, aces 11."""
    boat = rk.load_variant("boathouse")
    h = rk.new_hand(
        boat,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H AS", "7H 8H 9H TD TC TS 2D 3D 4D 5D"],
        discard="5C",
        stock="KD AH",
    )
    h.apply("draw")  # KD
    declares = [a for a in h.legal_actions() if isinstance(a, rk.engine.Declare)]
    assert [str(a) for a in declares] == ["declare TC TD TS + 2D 3D 4D 5D + 7H 8H 9H discard KD"]
    # another grouping of the same cards is accepted too
    assert h.is_legal("declare 7H 8H 9H + 2D 3D 4D 5D + TC TD TS discard KD")
    h.apply(declares[0])
    assert h.is_over and h.result is not None
    assert h.result.how is rk.Termination.WENT_OUT
    # seat 0 lays out 2C 3C 4C and QS KS AS (aces go high or low and around
    # the corner); 9D 9C JD 5H remain unmelded: 9 + 9 + 10 + 5
    assert h.result.scores == (0, 33)


GIN = rk.load_variant("gin")


def gin_hand(hands: list[str], discard: str, stock: str) -> rk.Hand:
    h = rk.new_hand(GIN, players=2, dealer=0, hands=hands, discard=discard, stock=stock)
    return h


def test_gin_upcard_offer_wk() -> None:
    """[S20, S17]: the non-dealer may take the upcard or pass, then the dealer;
    if both pass the non-dealer draws from the stock."""
    h = gin_hand(["2C 3C 4C 9D 9C KS QS JD 5H 6S", "7H 8H 9H TD TC TS 2D 3D 4D AS"], "5C", "KD 6D 7D 8D")
    assert h.phase is Phase.OFFER and h.current_player == 1
    h.apply("pass")
    assert h.current_player == 0 and h.phase is Phase.OFFER
    h.apply("pass")
    assert h.current_player == 1 and [str(a) for a in h.legal_actions()] == ["draw"]
    h.apply("draw")
    assert h.phase is Phase.PLAY


def test_gin_knock_limit_and_layoff_grc() -> None:
    """[S17]: knock with at most 10 deadwood; [S20, S18]: the defender lays off
    onto the knocker's melds; the lower count wins the difference."""
    h = gin_hand(
        ["2C 3C 4C 9D 9C 9S KS QH JD 5H", "7H 8H 9H TD TC TS 2D 3D KC AC"],
        "AS",
        "6H 6D 4D 8D 2S",
    )
    h.apply("pass")
    h.apply("pass")
    h.apply("draw")  # seat 1: 6H
    with pytest.raises(rk.IllegalAction, match="deadwood 14 is above the knock limit 10"):
        h.apply("knock 2D")
    h.apply("knock KC")  # deadwood 2D 3D AC = 6
    assert h.phase is Phase.LAYOFF and h.current_player == 0
    run = next(i for i, t in enumerate(h.view(0).table, 1) if rk.Card.parse("6H") in t.meld.cards)
    assert [str(a) for a in h.legal_actions()] == [f"layoff 5H on {run}", "pass"]
    h.apply(f"layoff 5H on {run}")
    h.apply("pass")
    assert h.is_over and h.result is not None
    assert h.result.how is rk.Termination.KNOCK
    assert h.result.winners == (1,) and h.result.scores == (0, 30 - 6)


def test_gin_undercut_grc() -> None:
    h = gin_hand(
        ["2C 3C 4C 9D 9C 9S AD 2H 3S 5H", "7H 8H 9H TD TC TS 2D 3D KC AC"],
        "AS",
        "6H 6D 4D 8D 2S",
    )
    h.apply("pass")
    h.apply("pass")
    h.apply("draw")
    h.apply("knock KC")  # 6 deadwood
    h.apply("pass")  # seat 0: AD 2H 3S 5H = 11... lays off nothing
    assert h.result is not None
    dead0 = rk.min_deadwood(GIN, h.hand_of(0))
    assert dead0 == 11
    assert h.result.winners == (1,) and h.result.scores == (0, 5)


def test_gin_no_layoff_against_gin_wk() -> None:
    h = gin_hand(
        ["2C 3C 4C 9D 9C 9S KS QH JD 5H", "7H 8H 9H TD TC TS 2D 3D 4D KC"],
        "AS",
        "5D 6D 7D 8D 2S",
    )
    h.apply("pass")
    h.apply("pass")
    h.apply("draw")  # seat 1: 5D, melds 2D-5D
    h.apply("knock KC")
    assert h.is_over and h.result is not None
    assert h.result.how is rk.Termination.GIN
    dead0 = rk.min_deadwood(GIN, h.hand_of(0))
    assert h.result.scores == (0, dead0 + 25)


def test_knock_rummy_undercut_costs_the_knocker_s002() -> None:
    """[S2] (Knock Rummy): a player lower than the knocker wins the differences
    plus 10, and the knocker subtracts 10."""
    knock = rk.load_variant("knock")
    h = rk.new_hand(
        knock,
        players=3,
        dealer=0,
        hands=["2C 3C 4C 9D 9C 9S KS", "7H 8H 9H TD TC TS 2D", "AC AD AH 5S 6S 7S QD"],
        discard="JS",
        stock="KH 6D",
    )
    h.apply("draw")  # seat 1: KH
    h.apply("knock KH")  # knocks with 2 (2D)
    assert h.is_over and h.result is not None
    # seat 2 holds QD (10), seat 0 holds KS (10): the knocker has the lowest count.
    assert h.result.winners == (1,)
    assert h.result.scores == (0, 8 + 8, 0)


def test_phom_four_turn_structure_s002() -> None:
    """[S2, S37] (Phỏm): 9 cards each, the starter 10 and only discards on the
    first turn; after each player's fourth turn everyone has shown and the
    hand ends; the lowest unmelded count wins."""
    phom = rk.load_variant("phom")
    h = rk.new_hand(phom, players=2, seed=4)
    starter = h.current_player
    assert starter is not None
    assert len(h.hand_of(starter)) == 10 and h.phase is Phase.PLAY
    assert all(isinstance(a, rk.engine.Discard | rk.engine.Declare) for a in h.legal_actions())
    bots = [rk.GreedyBot(phom), rk.GreedyBot(phom)]
    while not h.is_over:
        p = h.current_player
        assert p is not None
        h.apply(bots[p].choose(h.view(p)))
    assert h.result is not None
    assert h.result.how in (rk.Termination.SHOWING, rk.Termination.DECLARED)
    if h.result.how is rk.Termination.SHOWING:
        assert h.own_turns == (4, 4)


def test_initial_meld_threshold_romme_s002() -> None:
    """[S2] (Rommé): the first melds must be worth 40 or more."""
    romme = rk.load_variant("romme")
    h = rk.new_hand(
        romme,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S 7C 8C TC", "2H 3H 4H TD TC TS 2D 5D 6D 7D 8D AS 9S"],
        discard="5C",
        stock="KD 6H",
    )
    h.apply("draw")  # KD
    with pytest.raises(rk.IllegalAction, match="initial meld is worth 9, the variant requires 40"):
        h.apply("meld 2H 3H 4H")
    h.apply("meld TD TC TS + 5D 6D 7D 8D")  # 30 + 26
    assert h.melded[1]
    h.apply("meld 2H 3H 4H")
    h.apply("discard AS")


def test_indian_drop_and_declaration_s003() -> None:
    indian = rk.load_variant("indian")
    h = rk.new_hand(indian, players=3, seed=2)
    first = h.current_player
    assert rk.parse_action("drop") in h.legal_actions()
    h.apply("drop")
    assert h.dropped[first] == "first"
    assert not h.is_over
    h.apply(h.legal_actions()[0])
    assert h.result is None


def test_call_rummy_s002() -> None:
    """[S2] (Call Rummy): a discard that could be laid off may be claimed by
    another player, who lays it off and then discards."""
    v = rk.loads_variant('extends = "straight"\n[variant]\nname = "call"\n[claims]\nkind = "call-rummy"')
    h = rk.new_hand(
        v,
        players=3,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS", "7H 8H 9H TD TC TS AS", "2D 3D 4D 5S 6S JC QC"],
        discard="5C",
        stock="KD 6H TH",
    )
    h.apply("draw")  # seat 1: KD
    h.apply("meld 7H 8H 9H")
    h.apply("discard KD")
    h.apply("draw")  # seat 2: 6H
    h.apply("discard 6H")  # 6H fits 7H 8H 9H
    assert h.phase is Phase.CLAIM
    caller = h.current_player
    assert [str(a) for a in h.legal_actions()] == ["call 6H on 1", "pass"]
    h.apply("call 6H on 1")
    assert h.phase is Phase.PLAY and h.current_player == caller
    h.apply(h.legal_actions()[0])
    assert h.phase in (Phase.DRAW, Phase.CLAIM)


def test_wrotham_starter_discards_first_and_swaps_jokers_s001() -> None:
    wrotham = rk.load_variant("wrotham")
    h = rk.new_hand(wrotham, players=3, seed=9)
    starter = h.current_player
    assert starter is not None
    assert len(h.hand_of(starter)) == 8 and h.phase is Phase.PLAY


def test_rum500_dig_with_layoff_scores_for_the_layer_hsw() -> None:
    """[S8, S10]: take any discard with all above it, use it at once in a
    meld or a lay-off; a laid-off card scores for the player who laid it."""
    rum = rk.load_variant("rum500")
    h = rk.new_hand(
        rum,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 9C KS QS JD 5H 6S 7C 8C TC", "7H 8H 9H TD TH TS 2D 3D 4D AS KD QD 6C"],
        discard="5C 2S",
        stock="KH 6H JH",
    )
    legal = [str(a) for a in h.legal_actions()]
    assert "take 2 meld 5C 6C 7C" not in legal  # 7C is seat 0's
    h.apply("draw")
    h.apply("meld 7H 8H 9H")
    h.apply("discard KH")
    legal = [str(a) for a in h.legal_actions()]
    assert "take 2 meld 2C 3C 4C 5C" in legal or "take 3 meld 2C 3C 4C 5C" in legal


def test_phom_showing_lays_down_the_melds_left_in_hand_s002() -> None:
    """[S2]: on the fourth turn each player lays down all melds before
    discarding; later players may lay off onto them."""
    phom = rk.load_variant("phom")
    h = rk.new_hand(phom, players=2, seed=11)
    while not h.is_over:
        p = h.current_player
        assert p is not None
        legal = h.legal_actions()
        plain = [a for a in legal if not isinstance(a, rk.engine.Declare)]
        h.apply(plain[-1] if h.phase is Phase.PLAY else plain[0])
    ending = h.ending()
    for seat in range(2):
        left = ending.hands[seat]
        arr = rk.best_arrangement(phom, left) if left else None
        assert arr is None or not arr.melds  # every meld was laid down


def test_indian_wrong_declaration_costs_80_s003() -> None:
    """[S3]: "A wrong declaration or invalid show will earn player 80 points";
    the declarer is out of the hand and the other player wins it."""
    indian = rk.load_variant("indian")
    h = rk.new_hand(indian, players=2, seed=3)
    h.apply("draw")
    p = 1 - h.dealer
    cards = h.hand_of(p)
    text = "declare " + " ".join(map(str, cards[:3])) + " + " + " ".join(map(str, cards[3:13]))
    text += f" discard {cards[13]}"
    if h.is_legal(text):
        h.apply(text)
        assert h.is_over and h.result is not None
        assert h.dropped[p] == "wrong-declaration"
        assert h.result.scores[p] == -80 and h.result.winners == (1 - p,)
