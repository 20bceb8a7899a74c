"""Tong-its, rule by rule.

Sources by their labels in docs/sources.md: [S74] (pagat.com), [S75]
(Wikipedia), [S76] (the Talabis & Anabo handout: draw, fight, fold, burned,
sapaw), [S77] (tongits.net), [S108] (Pinoygame). Values: K Q J 10, A 1,
other cards their pips. A called draw is written ``drop``; the others
answer ``fight`` or ``fold``, out of turn.
"""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit import Termination
from rummykit.testing import check_variant

V = rk.load_variant("tongits")


TO_THE_CALL = (
    "meld 5S 6S 7S",
    "discard AS",
    "draw",
    "meld AH 2H 3H",
    "discard 5D",
    "draw",
    "discard 5H",
    "drop",
)
"""Seats 0 and 1 lay a meld each, then seat 0 calls a draw (``drop``): the others answer."""


def legal(h: rk.Hand) -> list[str]:
    return [str(a) for a in h.legal_actions()]


def test_deal_12_and_13_no_upcard_s075() -> None:
    """[S75]: "Each player is dealt 12 cards while the dealer gets 13 and the
    rest of the cards are left as a central stack." "The game begins when the
    dealer dumps a card." [S74]: "3 players play the game." """
    h = rk.new_hand(V, players=3, seed=5, dealer=0)
    p = h.current_player
    assert p is not None
    view = h.view(p)
    assert sorted(view.hand_counts) == [12, 12, 13] and view.hand_counts[p] == 13
    assert view.stock_count == 15 and view.discard == ()
    assert "draw" not in legal(h) and any(a.startswith("discard") for a in legal(h))
    assert V.players.min == V.players.max == 3


# Seat 2 starts with 13 cards (dealer 0, counter-clockwise); then seat 1, then seat 0.
HANDS = [
    "2C 3C 4C 9D 9H KS QS JD 8H 7C 6D 5H",
    "AH 2H 3H TD TC KD QD JC 8S 7D 6C 5D",
    "5S 6S 7S KH KC 9S 9C 4D 4H 8D 8C TS AS",
]


def start(top: str = "QH JH TH") -> rk.Hand:
    """The deal above; the stock starts with ``top``, the other cards after."""
    used = {str(c) for text in HANDS for c in rk.parse_cards(text)}
    first = [str(c) for c in rk.parse_cards(top)]
    rest = [
        f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK" if f"{r}{s}" not in used and f"{r}{s}" not in first
    ]
    return rk.new_hand(V, players=3, dealer=0, hands=HANDS, stock=" ".join(first + rest))


def test_calling_a_draw_needs_an_exposed_meld_s076() -> None:
    """[S76]: "A player with at least one exposed meld and has low points can
    call a draw before his turn"; [S77]: "When You CANNOT Draw: Until you have
    played at least one meld on the table"."""
    h = start()
    assert h.current_player == 2
    h.apply("meld 5S 6S 7S")
    h.apply("discard AS")
    assert h.current_player == 1 and "drop" not in legal(h)  # seat 1 has no meld on the table
    with pytest.raises(rk.IllegalAction, match="needs_meld"):
        h.apply("drop")
    h.apply("draw")
    h.apply("discard 5D")
    h.apply("draw")
    h.apply("discard 5H")
    assert h.current_player == 2 and "drop" in legal(h)  # before taking a card
    h.apply("draw")
    assert "drop" not in legal(h)


def test_sapaw_blocks_the_call_on_the_next_turn_s076() -> None:
    """[S76]: "Laying a card off on another player's exposed meld prevents that
    player from calling Draw on his or her next turn."; [S108]: "you must wait
    one complete rotation before you can Draw"."""
    h = start("4S 3S QH JH")
    h.apply("meld 5S 6S 7S")
    h.apply("discard AS")
    h.apply("draw")  # seat 1 draws 4S
    h.apply("layoff 4S on 1")  # sapaw onto seat 2's run
    h.apply("discard 5D")
    h.apply("draw")  # seat 0 draws 3S
    h.apply("layoff 3S on 1")
    h.apply("discard 5H")
    assert h.current_player == 2 and "drop" not in legal(h)
    h.apply("draw")
    h.apply("discard TS")
    h.apply("draw")
    h.apply("discard 7D")
    h.apply("draw")
    h.apply("discard 6D")
    assert h.current_player == 2 and "drop" in legal(h)


def test_the_discard_only_into_a_new_exposed_meld_s076() -> None:
    """[S76]: "You may only take a card from the discard pile if you are able
    to create a meld (a set or run) with it, and you are then obliged to expose
    the meld."""
    h = start()
    h.apply("meld 5S 6S 7S")
    h.apply("discard AS")
    assert not any(a.startswith("take") for a in legal(h))  # seat 1 has no meld to make with AS
    h = start()
    h.apply("meld 5S 6S 7S")
    h.apply("discard TS")
    takes = [a for a in legal(h) if a.startswith("take")]
    assert takes == ["take meld TC TD TS"]
    h.apply(takes[0])
    assert h.view(1).table[-1].owner == 1  # exposed at once


def test_the_lowest_count_wins_the_draw_ties_to_the_challenger_s076() -> None:
    """[S76]: "When a draw has been called, the points are computed and
    tallied. The person with the lowest points wins." "If a tie occurs, the
    challenger wins." [S108]: tied challengers: "the player to the right of the
    player that called DRAW wins" (the next in turn order)."""
    melds = [["2C 3C 4C"], ["AH 2H 3H"], ["5S 6S 7S"]]
    won = rk.settle(V, rk.Ending(how="showdown", knocker=0, counts=[5, 9, 12], melds=melds))
    assert won.winners == (0,) and won.scores == (8, -4, -4)  # ante 2 + a lost fight 2, each
    tie = rk.settle(V, rk.Ending(how="showdown", knocker=0, counts=[5, 5, 12], melds=melds))
    assert tie.winners == (1,)
    both = rk.settle(V, rk.Ending(how="showdown", knocker=0, counts=[9, 5, 5], melds=melds, order=[0, 1, 2]))
    assert both.winners == (1,)


def test_burned_players_cannot_win_and_pay_more_s076() -> None:
    """[S76]: "Players with no card sets exposed are automatically folded.";
    "BURNED (sunog)- A player is considered Burned if the player is unable to
    form a meld or set at the end game." [S75] (2012): "will not be able to
    challenge a draw"."""
    melds = [["2C 3C 4C"], [], ["5S 6S 7S"]]
    r = rk.settle(V, rk.Ending(how="showdown", knocker=0, counts=[9, 1, 12], melds=melds))
    assert r.winners == (0,)  # seat 1's 1 point is burned: not in the showdown
    assert r.scores == (4 + 5, -5, -4)  # burned: ante 2 + 1 + 2


def test_tongits_wins_the_hand_s076() -> None:
    """[S76]: "if the player gets rid of all his cards, then the player wins by
    Tong-its."; each other player pays the ante and 3 (the file's chips)."""
    r = rk.settle(
        V, rk.Ending(went_out=2, counts=[20, 30, 0], melds=[["2C 3C 4C"], ["AH 2H 3H"], ["5S 6S 7S"]])
    )
    assert r.scores == (-5, -5, 10) and r.how is Termination.WENT_OUT


def test_stock_out_lowest_count_not_burned_wins_s075() -> None:
    """[S75]: "the players tally the points of the cards they have at hand and
    the one with the lowest wins"; burned players are out of the comparison."""
    r = rk.settle(
        V, rk.Ending(how="stock-exhausted", counts=[2, 7, 9], melds=[[], ["AH 2H 3H"], ["5S 6S 7S"]])
    )
    assert r.winners == (1,) and r.scores == (-5, 8, -3)


def test_a_called_draw_is_answered_fight_or_fold_out_of_turn_s076() -> None:
    """[S76]: "Once a player calls for a draw the opponents can either fold or
    challenge the draw. Only players who have exposed melds are given this
    opportunity."; [S77]: "If another player initiates a DRAW, a FOLD or FIGHT
    will appear" and "If you Fold, you basically give up, but you pay less
    than a losing Fight."; "will end the game whether you win or lose the
    draw"."""
    h = start()
    h.apply("meld 5S 6S 7S")
    h.apply("discard AS")
    h.apply("draw")
    h.apply("meld AH 2H 3H")
    h.apply("discard 5D")
    h.apply("draw")
    h.apply("meld 2C 3C 4C")
    h.apply("discard 5H")
    h.apply("drop")  # seat 2 calls a draw instead of drawing
    assert h.phase is rk.Phase.ANSWER and h.current_player == 1  # the next in turn order answers first
    assert legal(h) == ["fight", "fold"] and h.view(1).legal == h.legal_actions()
    assert h.view(2).legal == () and h.view(1).shown_hands == ()  # nothing is shown before the answers
    with pytest.raises(rk.IllegalAction, match="fight or fold") as err:
        h.apply("draw")
    assert err.value.rule == "going_out.answers"
    h.apply("fold")
    assert h.phase is rk.Phase.ANSWER and h.current_player == 0
    h.apply("fight")
    assert h.is_over and h.result is not None
    r = h.result
    # counts: seat 2 KH KC 9S 9C 4D 4H 8D 8C TS = 72; seat 0 9D 9H KS QS JD 8H 7C 6D JH = 79
    assert r.how is Termination.SHOWDOWN and r.winners == (2,)
    assert r.scores == (-4, -3, 7)  # a lost fight: ante 2 + 2; a fold: ante 2 + 1
    assert h.ending().dropped == ((1, "fold"),)


def test_burned_players_are_not_asked_s076() -> None:
    """[S76]: "Players with no card sets exposed are automatically folded."
    Seat 0 has no meld on the table: only seat 1 is asked, and seat 0 pays
    the burned rate."""
    h = start()
    h.apply("meld 5S 6S 7S")
    h.apply("discard AS")
    h.apply("draw")
    h.apply("meld AH 2H 3H")
    h.apply("discard 5D")
    h.apply("draw")
    h.apply("discard 5H")
    h.apply("drop")
    assert h.current_player == 1
    h.apply("fight")
    assert h.is_over and h.result is not None
    assert h.result.winners == (2,) and h.result.scores[0] == -(2 + 1 + 2)  # ante, win, burned
    alone = start()
    alone.apply("meld 5S 6S 7S")
    alone.apply("discard AS")
    for a in ("draw", "discard 5D", "draw", "discard 5H", "drop"):
        alone.apply(a)
    assert alone.is_over and alone.result is not None  # nobody may fight: the caller wins at once
    assert alone.result.winners == (2,)


def test_a_folded_seat_in_an_ending_s077() -> None:
    """A scorekeeper's ending names the folds: a fold pays less than a lost
    fight [S77]; a fold is refused where nobody answers a draw."""
    melds = [["2C 3C 4C"], ["AH 2H 3H"], ["5S 6S 7S"]]
    r = rk.settle(
        V, rk.Ending(how="showdown", knocker=0, counts=[5, 9, 12], melds=melds, dropped=[(2, "fold")])
    )
    assert r.winners == (0,) and r.scores == (7, -4, -3)
    low = rk.settle(
        V, rk.Ending(how="showdown", knocker=0, counts=[5, 9, 1], melds=melds, dropped=[(2, "fold")])
    )
    assert low.winners == (0,)  # seat 2's count does not count: it folded
    with pytest.raises(rk.RummyError, match="folded"):
        rk.settle(
            rk.load_variant("tonk"),
            rk.Ending(how="showdown", knocker=0, counts=[5, 9], dropped=[(1, "fold")]),
        )


def test_sapaw_block_for_the_rest_of_the_hand_option_s076() -> None:
    """[S76] also says: "A player cannot call for a draw if his exposed hand(s)
    has been melded (sapaw) by any opponent within the round."
    (``going_out.hit_block = "hand"``)."""
    v = rk.loads_variant(
        'extends = "tongits"\n[variant]\nname = "tongits-block"\n[going_out]\nhit_block = "hand"'
    )
    used = {str(c) for text in HANDS for c in rk.parse_cards(text)}
    first = ["4S", "3S", "QH", "JH"]
    rest = [
        f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK" if f"{r}{s}" not in used and f"{r}{s}" not in first
    ]
    h = rk.new_hand(v, players=3, dealer=0, hands=HANDS, stock=" ".join(first + rest))
    for a in ("meld 5S 6S 7S", "discard AS", "draw", "layoff 4S on 1", "discard 5D", "draw", "discard 5H"):
        h.apply(a)
    for _ in range(3):  # three more rounds: seat 2 may never call
        assert h.current_player == 2 and "drop" not in legal(h)
        with pytest.raises(rk.IllegalAction) as err:
            h.apply("drop")
        assert err.value.rule == "going_out.hit_block"
        h.apply("draw")
        for _ in range(3):
            drawn = next(a for a in legal(h) if a.startswith("discard"))
            h.apply(drawn)
            if h.current_player == 2:
                break
            h.apply("draw")


SECRET_HANDS = [
    "QC QD QH QS 2D 3S 9D 9H 8H 7C 6D 5H",
    "AH 2H 3H TD TC KD JD JC 8S 7D 6C 5D",
    "5S 6S 7S KH KC 9S 9C 4D 4H 8D 8C TS AS",
]


@pytest.mark.parametrize("secret", [False, True])
def test_a_secret_lets_its_holder_fight_option_s075(secret: bool) -> None:
    """A Tagalog rendering of [S75]: a player must expose a meld to call or
    challenge a draw, "maliban na lang kung ang player ay mayroong palabang
    kumbinasyon na tinatawag ding "Secret"" (unless they hold the combination
    called "Secret"). ``going_out.secret``, off by default."""
    v = rk.loads_variant(
        f'extends = "tongits"\n[variant]\nname = "tongits-secret"\n[going_out]\nsecret = {str(secret).lower()}'
    )
    used = {str(c) for text in SECRET_HANDS for c in rk.parse_cards(text)}
    first = ["JH", "TH", "2S"]
    rest = [
        f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK" if f"{r}{s}" not in used and f"{r}{s}" not in first
    ]
    h = rk.new_hand(v, players=3, dealer=0, hands=SECRET_HANDS, stock=" ".join(first + rest))
    for a in TO_THE_CALL:
        h.apply(a)
    h.apply("fold")  # seat 1
    if secret:
        assert h.current_player == 0  # the secret's holder is asked
        h.apply("fight")
    r = h.result
    assert r is not None
    # seat 0 keeps QC QD QH QS (a meld in hand) and 2D 3S 9D 9H 8H 7C 6D TH: 54; seat 2: 72
    assert r.winners == ((0,) if secret else (2,))
    assert (r.scores[0] < -3) is (not secret)  # burned without the option


def test_stock_out_tie_goes_to_the_last_to_draw_from_the_stock_s075() -> None:
    """[S75]: "In case of a draw the last person to take a card from the
    central deck wins." (``scoring.stock_tie = "last-draw"``; option
    ``"turn-order"``)."""
    melds = [["2C 3C 4C"], ["AH 2H 3H"], ["5S 6S 7S"]]
    tie = rk.Ending(how="stock-exhausted", counts=[5, 5, 9], melds=melds, order=[2, 1, 0], last_draw=0)
    assert rk.settle(V, tie).winners == (0,)
    tie = rk.Ending(how="stock-exhausted", counts=[5, 9, 5], melds=melds, order=[2, 1, 0], last_draw=1)
    assert rk.settle(V, tie).winners == (2,)  # of the two tied, seat 2 drew from the stock after seat 0
    v = rk.loads_variant(
        'extends = "tongits"\n[variant]\nname = "tongits-order"\n[scoring]\nstock_tie = "turn-order"'
    )
    tie = rk.Ending(how="stock-exhausted", counts=[5, 5, 9], melds=melds, order=[2, 1, 0], last_draw=0)
    assert rk.settle(v, tie).winners == (1,)


def test_the_stock_running_out_ends_the_hand_s075() -> None:
    """[S75]: when the stock is gone, "the players tally the points of the
    cards they have at hand"; the hand ends once the player who took the last
    card has discarded, and the ending names that player."""
    h = start()
    h.apply("discard AS")
    draws = 0
    while not h.is_over:
        h.apply("draw")
        draws += 1
        drawn = h.hand_of(h.current_player or 0)
        h.apply(
            next(a for a in legal(h) if a.startswith("discard") and rk.parse_cards(a.split()[1])[0] in drawn)
        )
    assert draws == 15 and h.ending().how is Termination.STOCK_EXHAUSTED
    assert h.ending().last_draw == 2  # draws by seats 1, 0, 2, ...: the fifteenth is seat 2's


def test_text_answers_parse() -> None:
    """A text player's "I'll fight" and "fold" are the two answers."""
    h = start()
    for a in TO_THE_CALL:
        h.apply(a)
    from rummykit import llm

    assert str(llm.parse(h, "I'll fight this one")) == "fight"
    assert str(llm.parse(h, "Move: fold")) == "fold"
    assert "fight" in llm.prompt(h, 1)


def test_greedy_bot_answers_by_its_chances() -> None:
    """The greedy bot fights a called draw when its chance of the lowest count
    reaches the stakes' break-even (``fight_odds``: a lost fight costs one
    chip more than a fold here), and folds a hopeless hand."""
    moves = ("meld 5S 6S 7S", "discard AS", "draw", "meld AH 2H 3H", "discard 5D", "draw", "meld 2C 3C 4C")
    h = start()
    for a in (*moves, "discard 5H", "drop"):
        h.apply(a)
    assert 0 < V.scoring.fight_odds(players=3) < 0.5
    assert str(rk.GreedyBot(V, seed=1).choose(h.view(1))) == "fold"  # 76 in hand: hopeless
    same = rk.loads_variant('extends = "tongits"\n[variant]\nname = "tongits-even"\n[scoring]\nfight_pay = 1')
    assert same.scoring.fight_odds(players=3) == 0  # fighting costs nothing more: always fight
    h = rk.new_hand(
        same, players=3, dealer=0, hands=HANDS, stock=" ".join(str(c) for c in start().stock_cards[::-1])
    )
    for a in (*moves, "discard 5H", "drop"):
        h.apply(a)
    assert str(rk.GreedyBot(same, seed=1).choose(h.view(1))) == "fight"


def test_whole_games_end() -> None:
    """Greedy bots play a whole (short) game; chips move between the players."""
    v = rk.loads_variant('extends = "tongits"\n[variant]\nname = "tongits-short"\n[game_end]\ndeals = 2')
    m = rk.new_match(v, players=3, seed=2)
    m.play([rk.GreedyBot(v, seed=s) for s in range(3)])
    assert m.is_over and m.hands_played == 2 and sum(m.totals) == 0


def test_the_options_pass_every_invariant() -> None:
    """A house rule with every option of the call turned on (a secret may
    fight, a sapaw blocks for the hand, stock-out ties by turn order, the
    call also after drawing) keeps every invariant of random play, answers
    included."""
    v = rk.loads_variant(
        'extends = "tongits"\n[variant]\nname = "tongits-options"\n'
        '[going_out]\nsecret = true\nhit_block = "hand"\nafter_draw = true\n[scoring]\nstock_tie = "turn-order"'
    )
    report = check_variant(v, hands=3, positions=True)
    assert report.ok, report.problems
