"""The built-in variant files: each is valid, round-trips, and encodes its sources.

These tests check the ruleset *data* of ``variants/*.toml``, not game play.
Every per-variant test cites its rule source by its label in docs/sources.md,
with a short quote of the rule it encodes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rummykit as rk
from rummykit import rules
from rummykit.cli import main

VARIANTS_DIR = Path(__file__).resolve().parents[1] / "variants"
FILES = sorted(VARIANTS_DIR.glob("*.toml"))

# The built-in names of DESIGN.md ("Variant files").
BUILTIN = [
    "straight",
    "block",
    "boathouse",
    "rum500",
    "thai",
    "knock",
    "gin",
    "continental",
    "phom",
    "romme",
    "indian",
    "indian-pool101",
    "indian-pool201",
    "indian-deals",
    "kalooki",
    "double-rum",
    "queen-city",
    "nowrang",
    "rami-malta",
    "wrotham",
]


def card(text: str) -> rk.Card:
    return rk.parse_card(text)


def value(v: rk.Variant, text: str) -> int:
    return v.scoring.card_value(card(text))


@pytest.fixture(scope="module")
def load() -> dict[str, rk.Variant]:
    return {name: rk.load_variant(name) for name in rk.list_variants()}


# --------------------------------------------------------------------------- every file


def test_every_builtin_has_a_file() -> None:
    names = {p.stem for p in FILES}
    assert set(BUILTIN) <= names
    assert set(BUILTIN) <= set(rk.list_variants())


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_file_validates(path: Path) -> None:
    assert rk.validate_file(path) == []


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_file_round_trips(path: Path) -> None:
    v = rk.load_variant(path)
    assert rk.loads_variant(v.to_toml()) == v


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_file_metadata(path: Path) -> None:
    v = rk.load_variant(path)
    assert v.name == path.stem
    assert v.info.title and v.info.title != v.name
    assert v.info.description and "\n" not in v.info.description
    assert v.info.sources, "every variant names its sources"
    assert all(isinstance(s, str) and s for s in v.info.sources)
    # each source is cited by its label in docs/sources.md: "[S1] Title, site"
    assert all(re.match(r"\[S[0-9]+\] \S", s) for s in v.info.sources), v.info.sources


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_file_cites_sources_in_comments(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("#"), "a header comment names the sources"
    assert text.count("#") >= 10, "rules carry comments quoting their source"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_file_deals_at_every_player_count(path: Path) -> None:
    """The shoe holds the deal (hands, extra card, upcard, cut card) for every allowed count."""
    v = rk.load_variant(path)
    assert v.check() == ()
    deal, deck = v.deal, v.deck
    assert isinstance(deal, rules.StandardDeal) and isinstance(deck, rules.StandardDeck)
    for n in v.players.counts():
        needed = deal.cards_needed(n) + int(deck.cut_wild)
        assert needed < len(deck.shoe(n)), f"{n} players leave no stock"


@pytest.mark.parametrize("name", BUILTIN)
def test_show_round_trips(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", name]) == 0
    out = capsys.readouterr().out
    assert rk.loads_variant(out) == rk.load_variant(name)


def test_list_shows_every_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line for line in lines[1:]}
    for name in BUILTIN:
        v = rk.load_variant(name)
        players = str(v.players.min) if v.players.min == v.players.max else f"{v.players.min}-{v.players.max}"
        assert name in rows
        assert v.title in rows[name]
        assert rows[name].rstrip().endswith(players)


def test_notes_name_options_as_keys(load: dict[str, rk.Variant]) -> None:
    """Choices where sources disagree are recorded as "option: key = value"."""
    for name in ("block", "thai", "rum500", "gin", "phom", "romme", "indian", "kalooki", "double-rum"):
        notes = " ".join(load[name].info.notes)
        assert "option" in notes.lower() and " = " in notes, name


# --------------------------------------------------------------------------- block


def test_block_extends_straight(load: dict[str, rk.Variant]) -> None:
    """[S2]: "Block Rummy differs from Standard Rummy in rules regarding when the discard pile runs out"."""
    block, straight = load["block"], load["straight"]
    assert block.deal == straight.deal and block.melds == straight.melds
    assert block.meld_timing == straight.meld_timing and block.ranking == straight.ranking


def test_block_never_reuses_the_discards(load: dict[str, rk.Variant]) -> None:
    """[S1]: "the discard pile is not reused at all. If the stock has run out and the
    next player does not want to take the discard, the game ends at that point"."""
    stock = load["block"].stock
    assert isinstance(stock, rules.EndHand)
    assert stock.trigger is rules.EndTrigger.DECLINE


def test_block_lowest_scores_the_differences(load: dict[str, rk.Variant]) -> None:
    """[S1]: "The winner is the player with least points, and scores the sum of the
    differences"; [S2]: "Any indivisible points are not awarded to any player"."""
    scoring = load["block"].scoring
    assert isinstance(scoring, rules.WinnerTakes)
    assert scoring.no_winner is rules.NoWinner.DIFFERENCES


# --------------------------------------------------------------------------- thai


def test_thai_deal_three_fewer_per_extra_player(load: dict[str, rk.Variant]) -> None:
    """[S5]: "The dealer deals 13 cards to each player" ... "deal three fewer cards per extra player"."""
    v = load["thai"]
    assert [v.deal.hand_size.get(n) for n in v.players.counts()] == [13, 10, 7]
    assert v.deal.upcard


def test_thai_aces_high_only(load: dict[str, rk.Variant]) -> None:
    """[S5]: "Aces are always high, and 2s are always low, so in particular A-2-3 is an invalid run"."""
    r = load["thai"].ranking
    assert r.ace is rules.Ace.HIGH
    assert r.is_run((rk.Rank.QUEEN, rk.Rank.KING, rk.Rank.ACE))
    assert not r.is_run((rk.Rank.ACE, rk.Rank.TWO, rk.Rank.THREE))


def test_thai_card_values(load: dict[str, rk.Variant]) -> None:
    """[S5]: "cards of rank 2 to 9 are worth 5 points each, 10, J, Q, K are worth 10 points each,
    and Aces are 15 points each ... Both the Queen of Spades and Two of Clubs are worth 50 points"."""
    v = load["thai"]
    assert value(v, "QS") == 50 and value(v, "2C") == 50
    assert value(v, "QH") == 10 and value(v, "2D") == 5 and value(v, "9S") == 5
    assert value(v, "TC") == 10 and value(v, "KD") == 10 and value(v, "AH") == 15


def test_thai_scoring(load: dict[str, rk.Variant]) -> None:
    """[S5]: "A player receives 50 points for placing a card face-down"; "-50 pts for giving
    opponent single discard used to go out"; "-50 pts for discard card that could augment a
    displayed meld"; "Score doubled for never displaying melds"."""
    v = load["thai"]
    s = v.scoring
    assert isinstance(s, rules.MeldsMinusHand)
    assert (s.out_bonus, s.last_discard_penalty, s.playable_discard_penalty) == (50, 50, 50)
    assert s.never_melded_multiplier == 2
    assert isinstance(v.discard, rules.StandardDiscard) and v.discard.playable_penalized


def test_thai_dig_into_the_discards(load: dict[str, rk.Variant]) -> None:
    """[S5]: "Must make a new run or set with this card; cannot just extend existing meld" /
    "Must meld with at least one card in hand with this card"."""
    draw = load["thai"].draw
    assert isinstance(draw, rules.DigDraw)
    assert draw.use_as is rules.UseAs.NEW_MELD_WITH_HAND_CARD
    assert draw.must_use_top


def test_thai_going_out_and_stock(load: dict[str, rk.Variant]) -> None:
    """[S5]: "Boathouse rule: must discard when going out"; the last card "is placed face-down";
    "unless the stock is exhausted in which case the player must pass"."""
    v = load["thai"]
    assert isinstance(v.going_out, rules.EmptyHand)
    assert v.going_out.final_discard is rules.FinalDiscard.REQUIRED and v.going_out.face_down
    assert isinstance(v.stock, rules.PassTurns)
    assert isinstance(v.layoff, rules.StandardLayoff) and v.layoff.credit is rules.Credit.LAYER


def test_thai_game_end_and_dealer(load: dict[str, rk.Variant]) -> None:
    """[S5]: "If a player has -500 or fewer points, their opponent wins the game instantly.
    Otherwise the first player to have 500 points or more after going out wins";
    "the loser of the previous hand is dealer"."""
    v = load["thai"]
    end = v.game_end
    assert isinstance(end, rules.Target)
    assert (end.target, end.instant_loss, end.must_go_out) == (500, -500, True)
    assert isinstance(v.dealer, rules.StandardDealer) and v.dealer.next is rules.NextDealer.LOSER


# --------------------------------------------------------------------------- rum500


def test_rum500_decks_and_deal(load: dict[str, rk.Variant]) -> None:
    """[S7, S8, S10]: 2-8 players, "with 5 or more players, two decks";
    "13 each with 2 players, 7 each with 3 or more"."""
    v = load["rum500"]
    assert (v.players.min, v.players.max) == (2, 8)
    assert v.deck.decks.get(4) == 1 and v.deck.decks.get(5) == 2
    assert v.deal.hand_size.get(2) == 13 and v.deal.hand_size.get(8) == 7


def test_rum500_dig_and_score_melds(load: dict[str, rk.Variant]) -> None:
    """[S8, S10]: any discard with every card above it, "the card you
    selected must be used at once, in a meld or a lay-off"; "each player scores the cards
    shown on the table minus the cards left in hand"; A 15, "An ace melded as A-2-3 counts 1"."""
    v = load["rum500"]
    assert isinstance(v.draw, rules.DigDraw) and v.draw.use_as is rules.UseAs.MELD_OR_LAYOFF
    assert isinstance(v.scoring, rules.MeldsMinusHand)
    assert value(v, "AS") == 15 and v.scoring.card_value(card("AS"), low_ace=True) == 1
    assert isinstance(v.game_end, rules.Target) and v.game_end.target == 500
    assert v.ranking.ace is rules.Ace.EITHER


# --------------------------------------------------------------------------- gin


def test_gin_knock_at_ten(load: dict[str, rk.Variant]) -> None:
    """[S17]: "after drawing you may knock if your deadwood is at most 10"."""
    v = load["gin"]
    g = v.going_out
    assert isinstance(g, rules.Knock)
    assert g.may_knock(10) and not g.may_knock(11)
    assert (v.players.min, v.players.max) == (2, 2) and v.deal.hand_size.get(2) == 10


def test_gin_scoring_and_game(load: dict[str, rk.Variant]) -> None:
    """[S18, S20]: undercut bonus 25, a tie counts as an undercut, gin 25, gin
    cannot be undercut; game 100 with a 100 game bonus, 25 per hand won, shutout doubled."""
    v = load["gin"]
    s = v.scoring
    assert isinstance(s, rules.KnockScoring)
    assert (s.undercut_bonus, s.gin_bonus, s.tie, s.gin_tie) == (
        25,
        25,
        rules.KnockTie.UNDERCUT,
        rules.KnockTie.KNOCKER,
    )
    end = v.game_end
    assert isinstance(end, rules.Target)
    assert (end.target, end.game_bonus, end.hand_bonus, end.shutout_multiplier) == (100, 100, 25, 2)


def test_gin_upcard_offer_layoffs_and_stock(load: dict[str, rk.Variant]) -> None:
    """[S20, S17]: the non-dealer takes the upcard or passes; only the
    defender lays off, never against gin; "when only two cards are left in the stock ...
    the hand is a draw"."""
    v = load["gin"]
    assert isinstance(v.draw, rules.StandardDraw) and v.draw.upcard_offer
    assert isinstance(v.layoff, rules.AfterKnockLayoff) and not v.layoff.on_gin
    assert isinstance(v.stock, rules.EndHand) and v.stock.reserve == 2
    assert v.stock.trigger is rules.EndTrigger.EMPTY


# --------------------------------------------------------------------------- knock


def test_knock_any_count(load: dict[str, rk.Variant]) -> None:
    """[S2]: "after drawing but before discarding a player may Knock"; no threshold;
    "a player never lays down his intermediate melds on the table"."""
    v = load["knock"]
    assert isinstance(v.going_out, rules.Knock) and v.going_out.may_knock(90)
    assert isinstance(v.meld_timing, rules.InHand) and isinstance(v.layoff, rules.NoLayoff)
    assert [v.deal.hand_size.get(n) for n in range(2, 6)] == [10, 7, 7, 6]


def test_knock_ties_and_rum(load: dict[str, rk.Variant]) -> None:
    """[S2]: "if another player ties the knocker, that opponent wins the hand instead"; a lower
    player "earns a 10 point bonus from the knocker (who must subtract 10 points from his own
    score)"; Rum earns "an additional 25 point bonus for each opponent"; "If the knocker goes
    Rummy and another player also has Rummy, the knocker is still considered the winner"."""
    s = load["knock"].scoring
    assert isinstance(s, rules.KnockScoring)
    assert s.tie is rules.KnockTie.DEFENDER
    assert (s.undercut_bonus, s.knocker_penalty) == (10, 10)
    assert s.gin_bonus == 25 and s.bonus_per_opponent
    assert s.gin_tie is rules.KnockTie.KNOCKER


# --------------------------------------------------------------------------- boathouse


def test_boathouse_rules(load: dict[str, rk.Variant]) -> None:
    """[S2]: "he then must also draw the next card in the discard pile or the top of the stock";
    aces high, low and "Around the Corner"; "A player may not lay melds down during the hand
    until able to lay his entire hand down"; aces "score 11 points for the winner"."""
    v = load["boathouse"]
    assert isinstance(v.draw, rules.TopTwoDraw)
    assert v.ranking.is_run((rk.Rank.KING, rk.Rank.ACE, rk.Rank.TWO))
    assert isinstance(v.meld_timing, rules.AllAtOnce)
    assert value(v, "AD") == 11 and value(v, "KD") == 10


def test_boathouse_winner_scores_unmelded(load: dict[str, rk.Variant]) -> None:
    """[S2]: "the other players then lay down their hands, separating out their own melds from
    non meldable cards. The winner of the hand scores for all unmelded cards"."""
    s = load["boathouse"].scoring
    assert isinstance(s, rules.WinnerTakes) and s.losers_meld and s.rummy_multiplier == 1


# --------------------------------------------------------------------------- continental


def test_continental_decks_by_player_count(load: dict[str, rk.Variant]) -> None:
    """[S2]: "2, 3, 4, or 5 | 2 / 6, 7, or 8 | 3 / 9, 10, 11, or 12 | 4"; "Each of these decks
    ... consists of the standard 52 card deck plus one Joker"; "each player receives 15"."""
    v = load["continental"]
    assert (v.players.min, v.players.max) == (2, 12)
    assert [v.deck.decks.get(n) for n in (2, 5, 6, 8, 9, 12)] == [2, 2, 3, 3, 4, 4]
    assert v.deck.jokers_per_deck == 1
    assert len(v.deck.shoe(12)) == 4 * 53
    assert v.deal.hand_size.get(12) == 15


def test_continental_patterns(load: dict[str, rk.Variant]) -> None:
    """[S2]: "One five card sequence, one four card sequence, and two three card sequences /
    Three four card sequences and one three card sequence / Five three card sequences";
    "Sequences are the only legal meld types"."""
    v = load["continental"]
    g = v.going_out
    assert isinstance(g, rules.Declare)
    assert set(g.pattern_sizes()) == {(5, 4, 3, 3), (4, 4, 4, 3), (3, 3, 3, 3, 3)}
    assert g.final_discard is rules.FinalDiscard.REQUIRED
    assert isinstance(v.melds, rules.StandardMelds) and not v.melds.sets and v.melds.runs
    assert v.ranking.ace is rules.Ace.EITHER


def test_continental_payments(load: dict[str, rk.Variant]) -> None:
    """[S2]: "he collects one point from each opponent ... an additional two points from each
    other player for every Joker"; "each player begins the game with ... 100"; "The winner of
    each hand deals the next"."""
    v = load["continental"]
    s = v.scoring
    assert isinstance(s, rules.Payments) and (s.base, s.per_joker) == (1, 2)
    assert isinstance(v.game_end, rules.Deals) and v.game_end.start_score == 100
    assert isinstance(v.dealer, rules.StandardDealer) and v.dealer.next is rules.NextDealer.WINNER


# --------------------------------------------------------------------------- phom


def test_phom_deal(load: dict[str, rk.Variant]) -> None:
    """[S2]: "distributes 9 face down cards to each player ... instead receives 10"; the
    starter "begins the hand by discarding a card ... This starts the discard pile"."""
    d = load["phom"].deal
    assert isinstance(d, rules.StandardDeal)
    assert d.hand_size.get(4) == 9 and d.first_player_extra == 1
    assert not d.upcard and not d.first_player_draws
    assert d.cards_needed(4) == 37


def test_phom_showing_and_eating(load: dict[str, rk.Variant]) -> None:
    """[S2]: "the hand continues until each player takes exactly four turns"; "no meld may ever
    contain more than one card actually taken from the discard pile"; aces low."""
    v = load["phom"]
    assert isinstance(v.going_out, rules.Showing) and v.going_out.turns == 4
    assert isinstance(v.meld_timing, rules.AtShowing)
    assert isinstance(v.draw, rules.EatDraw) and v.draw.one_per_meld
    assert isinstance(v.layoff, rules.ShowingLayoff)
    assert v.ranking.ace is rules.Ace.LOW


def test_phom_chips(load: dict[str, rk.Variant]) -> None:
    """[S2]: "Jack | 11 / Queen | 12 / King | 13"; ù "collects 6 points from each other player
    ... If he can meld all 10 cards ... doubled"; places pay 1, 2, 3; a móm pays 4."""
    v = load["phom"]
    assert [value(v, c) for c in ("AS", "TS", "JS", "QS", "KS")] == [1, 10, 11, 12, 13]
    s = v.scoring
    assert isinstance(s, rules.Chips)
    assert (s.out_pay, s.out_no_discard_pay, s.place_pays, s.no_meld_pay) == (6, 12, (1, 2, 3), 4)


# --------------------------------------------------------------------------- romme


def test_romme_deck_and_melds(load: dict[str, rk.Variant]) -> None:
    """[S2]: "two standard 52 card decks ... with the addition of six total Jokers"; a set is
    "3 or 4 cards all of the same rank but each of a different suit"; "A valid meld may never
    contain more Jokers than natural cards"."""
    v = load["romme"]
    assert len(v.deck.shoe(4)) == 110
    m = v.melds
    assert isinstance(m, rules.StandardMelds)
    assert m.set_suits is rules.SetSuits.DISTINCT and m.set_max == 4
    assert m.wilds_ok(wilds=2, naturals=2) and not m.wilds_ok(wilds=2, naturals=1)


def test_romme_opening_and_values(load: dict[str, rk.Variant]) -> None:
    """[S2]: "The first meld ... must total at least 40 points"; Joker "Remaining in hand at end of
    game - 30 Points"; Ace "Left in Hand - 11 Points", "Used in a Run before a two - 1 Point"."""
    v = load["romme"]
    init = v.initial_meld
    assert isinstance(init, rules.InitialMeld) and init.min_points == 40 and init.new_melds_only
    assert value(v, "JK") == 30 and value(v, "AH") == 11
    assert v.scoring.card_value(card("AH"), low_ace=True) == 1
    assert isinstance(v.scoring, rules.Penalty)


def test_romme_joker_swap_and_going_out(load: dict[str, rk.Variant]) -> None:
    """[S2]: "he must immediately, on that same turn use the Joker in a meld ... only after he has
    made his initial meld"; "play his second to last card and discard his last card"."""
    v = load["romme"]
    assert isinstance(v.swap, rules.StandardSwap)
    assert v.swap.jokers and v.swap.must_use_wild and v.swap.requires_own_meld
    assert isinstance(v.going_out, rules.EmptyHand)
    assert v.going_out.final_discard is rules.FinalDiscard.REQUIRED


# --------------------------------------------------------------------------- indian


def test_indian_deck_and_cut_joker(load: dict[str, rk.Variant]) -> None:
    """[S3]: "Indian rummy is played with 2 deck of cards"; "Wild Joker: This is simply a random
    card chosen by the players from the closed deck"; "If by chance a printed Joker is picked ...
    the Ace cards of all the suits serve as the Card Joker"."""
    v = load["indian"]
    deck = v.deck
    assert isinstance(deck, rules.StandardDeck)
    assert deck.decks.get(6) == 2 and len(deck.shoe(6)) == 106
    assert deck.cut_wild
    assert deck.wild_ranks_for(card("5D")) == {rk.Rank.FIVE}
    assert deck.wild_ranks_for(card("JK")) == {rk.Rank.ACE}
    assert v.deal.hand_size.get(6) == 13


def test_indian_declaration(load: dict[str, rk.Variant]) -> None:
    """[S3]: "A valid declaration or show should consist of two sequences (of which one must be
    pure)"; a set "should not contain two or more cards of the same suit"."""
    v = load["indian"]
    g = v.going_out
    assert isinstance(g, rules.Declare)
    assert (g.min_runs, g.min_pure_runs) == (2, 1)
    assert g.drops and g.invalid is rules.InvalidDeclaration.PENALTY
    assert isinstance(v.melds, rules.StandardMelds) and v.melds.set_suits is rules.SetSuits.DISTINCT
    assert isinstance(v.meld_timing, rules.InHand)


def test_indian_points(load: dict[str, rk.Variant]) -> None:
    """[S3]: "all the face cards and Aces will earn a player 10 points. Jokers of both kinds ...
    are worth zero points"; "capped at 80"; "A wrong declaration ... 80 points"; "First Drop ...
    20 points"; "Middle Drop ... 40 points"."""
    v = load["indian"]
    s = v.scoring
    assert isinstance(s, rules.IndianPoints)
    assert value(v, "AS") == 10 and value(v, "KS") == 10 and value(v, "7S") == 7
    assert value(v, "JK") == 0 and s.wild_value == 0
    assert (s.cap, s.wrong_declaration, s.first_drop, s.middle_drop) == (80, 80, 20, 40)
    assert s.winner_collects and isinstance(v.game_end, rules.SingleHand)


def test_indian_pool101(load: dict[str, rk.Variant]) -> None:
    """[S3]: "101 Pool Rummy: 20 points prior to drawing ... 40 Points after";
    [S27]: a player is out on reaching 101."""
    v = load["indian-pool101"]
    s = v.scoring
    assert isinstance(s, rules.IndianPoints) and (s.first_drop, s.middle_drop) == (20, 40)
    assert not s.winner_collects
    end = v.game_end
    assert isinstance(end, rules.Elimination)
    assert end.eliminated(101) and not end.eliminated(100)


def test_indian_pool201(load: dict[str, rk.Variant]) -> None:
    """[S3]: "201 Pool Rummy: 25 points prior to drawing ... 50 Points after";
    [S27]: a player is out on reaching 201."""
    v = load["indian-pool201"]
    s = v.scoring
    assert isinstance(s, rules.IndianPoints) and (s.first_drop, s.middle_drop) == (25, 50)
    assert s.wrong_declaration == 80 and s.cap == 80
    end = v.game_end
    assert isinstance(end, rules.Elimination)
    assert end.eliminated(201) and not end.eliminated(200)


def test_indian_deals(load: dict[str, rk.Variant]) -> None:
    """[S29, S30]: "Each player starts with 80 x deals chips. After each deal the
    losers' points move to the winner. Most chips wins; a tie goes to a tiebreaker deal"."""
    v = load["indian-deals"]
    end = v.game_end
    assert isinstance(end, rules.Deals)
    assert end.start_score == 80 * end.deals and end.best is rules.Best.HIGHEST and end.tiebreak
    assert isinstance(v.scoring, rules.IndianPoints) and v.scoring.winner_collects


def test_indian_formats_share_the_deal_rules(load: dict[str, rk.Variant]) -> None:
    """The three formats extend ``indian``: only scoring and game end differ."""
    base = load["indian"]
    for name in ("indian-pool101", "indian-pool201", "indian-deals"):
        v = load[name]
        for concern in ("deck", "deal", "melds", "ranking", "draw", "going_out", "stock"):
            assert getattr(v, concern) == getattr(base, concern), (name, concern)


# --------------------------------------------------------------------------- kalooki


def test_kalooki_rules(load: dict[str, rk.Variant]) -> None:
    """[S2]: "two standard 52 card decks with four Jokers"; "Each player is dealt 15 cards";
    "A player's first meld on a hand must total 51 or more points"; "Aces which are 15 and
    Jokers which are 25"."""
    v = load["kalooki"]
    assert len(v.deck.shoe(4)) == 108 and v.deal.hand_size.get(4) == 15
    assert isinstance(v.initial_meld, rules.InitialMeld) and v.initial_meld.min_points == 51
    assert value(v, "AC") == 15 and value(v, "JK") == 25
    assert not v.ranking.is_run((rk.Rank.KING, rk.Rank.ACE, rk.Rank.TWO))
    assert v.ranking.is_run((rk.Rank.ACE, rk.Rank.TWO, rk.Rank.THREE))


def test_kalooki_discards_and_jokers(load: dict[str, rk.Variant]) -> None:
    """[S2]: "Until a player has made his initial meld, he may also not take cards from the
    discard pile ... However, he may take the top card of the discard pile to use it immediately
    in his initial meld"; "after drawing but before melding or discarding, the player may replace
    a Joker in any other meld"."""
    v = load["kalooki"]
    assert isinstance(v.draw, rules.StandardDraw)
    assert v.draw.must_use is rules.MustUse.BEFORE_INITIAL_MELD
    assert isinstance(v.swap, rules.StandardSwap) and v.swap.jokers and v.swap.before_melding


# --------------------------------------------------------------------------- double rum


def test_double_rum(load: dict[str, rk.Variant]) -> None:
    """[S2]: "Two regular 52 card decks, plus four Jokers"; "Group melds are allowed that contain
    identical cards"; "a player adding to the meld is allowed to move the Joker to the other end";
    "picture cards count 10, Aces 11, Jokers 15"."""
    v = load["double-rum"]
    assert len(v.deck.shoe(2)) == 108
    assert isinstance(v.melds, rules.StandardMelds)
    assert v.melds.set_suits is rules.SetSuits.ANY and v.melds.set_size_ok(6)
    assert isinstance(v.layoff, rules.StandardLayoff) and v.layoff.move_end_wild
    assert [value(v, c) for c in ("KH", "AH", "JK", "7H")] == [10, 11, 15, 7]
    assert v.ranking.ace is rules.Ace.EITHER


# --------------------------------------------------------------------------- queen city


def test_queen_city(load: dict[str, rk.Variant]) -> None:
    """[S2]: "Each player receives seven cards regardless of the number of players"; "No partial
    melds are allowed"; "collects the point value of his own, melded hand, times the number of
    other players"."""
    v = load["queen-city"]
    assert {v.deal.hand_size.get(n) for n in v.players.counts()} == {7}
    assert (v.players.min, v.players.max) == (2, 6)
    assert isinstance(v.meld_timing, rules.AllAtOnce)
    assert isinstance(v.scoring, rules.OwnMelds)


# --------------------------------------------------------------------------- nowrang


def test_nowrang(load: dict[str, rk.Variant]) -> None:
    """[S2]: "the dealer distributes 11 cards to his opponent and 10 cards to himself"; "the
    dealer's opponent must then simply discard"; "melds of equally ranked cards are not
    recognized"; one sequence of four "and two additional sequences consisting of three cards";
    "the Ace considered the highest card, after King"."""
    v = load["nowrang"]
    d = v.deal
    assert isinstance(d, rules.StandardDeal)
    assert (d.hand_size.get(2), d.first_player_extra, d.first_player_draws, d.upcard) == (10, 1, False, False)
    assert isinstance(v.melds, rules.StandardMelds) and not v.melds.sets
    g = v.going_out
    assert isinstance(g, rules.Declare) and g.pattern_sizes() == ((4, 3, 3),)
    assert v.ranking.ace is rules.Ace.HIGH
    assert isinstance(v.game_end, rules.SingleHand)
    assert (v.players.min, v.players.max) == (2, 2)


# --------------------------------------------------------------------------- rami ta' l-att


def test_rami_malta(load: dict[str, rk.Variant]) -> None:
    """[S2]: "distributes 10 cards to each player"; ranks "Ace, King, Queen ... 2"; "a player's
    first meld must consist of at least one group or sequence consisting of four or more cards";
    "Ace | 11 Each"; "reached or exceeded 100 ... must then drop from the game"."""
    v = load["rami-malta"]
    assert v.deal.hand_size.get(6) == 10
    assert v.ranking.ace is rules.Ace.HIGH
    init = v.initial_meld
    assert isinstance(init, rules.InitialMeld) and init.min_meld_size == 4
    assert isinstance(v.scoring, rules.Penalty) and value(v, "AS") == 11
    end = v.game_end
    assert isinstance(end, rules.Elimination) and end.eliminated(100) and not end.eliminated(99)
    assert isinstance(v.layoff, rules.StandardLayoff)
    assert v.layoff.requires_own_meld is rules.RequiresMeld.YES


# --------------------------------------------------------------------------- wrotham


def test_wrotham(load: dict[str, rk.Variant]) -> None:
    """[S1]: "A 55-card pack is used, including three jokers"; "Eight cards are dealt to the
    starting player and seven to each other player. On the first turn the starting player does
    not draw"; "in the last three rounds, players may not meld any cards until they are able to
    lay down all seven at once"; "Six deals are played"."""
    v = load["wrotham"]
    assert len(v.deck.shoe(4)) == 55 and v.deck.has_wilds()
    d = v.deal
    assert isinstance(d, rules.StandardDeal)
    assert (d.hand_size.get(4), d.first_player_extra, d.first_player_draws) == (7, 1, False)
    assert [v.meld_timing.all_at_once(deal=n) for n in range(1, 7)] == [False] * 3 + [True] * 3
    assert isinstance(v.swap, rules.StandardSwap) and v.swap.jokers
    assert isinstance(v.game_end, rules.Deals) and v.game_end.deals == 6
