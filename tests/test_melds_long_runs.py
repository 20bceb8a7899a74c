"""Declarations with long runs (issue 15): a group that can be cut into
consecutive runs (or into sets) fitting the going-out rule counts as those
melds, in ``check_declaration`` and in the engine's declare action."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.melds.meld import MeldKind

CONTINENTAL = rk.load_variant("continental")
NOWRANG = rk.load_variant("nowrang")
INDIAN = rk.load_variant("indian")


def test_continental_six_card_run_is_two_of_five_three_card_sequences_s002() -> None:
    """[S2] (Continental): "Five three card sequences" is a pattern; a player
    shows AH-6H as one group: it is AH-3H and 4H-6H."""
    groups = ["AH 2H 3H 4H 5H 6H", "6S 7S 8S", "TC JC QC", "JD QD KD"]
    assert rk.check_declaration(CONTINENTAL, groups) == []
    # the same hand, found valid by the search (3+3 or 5+4+3+3 split)
    hand = rk.parse_cards(" ".join(groups))
    assert rk.best_declaration(CONTINENTAL, hand) is not None


def test_continental_long_run_with_a_pinned_joker_cuts_around_it_s002() -> None:
    """[S2]: "Jokers are wild cards"; a pinned joker stays where it stands
    when the long run is cut (JK=3H goes with AH 2H)."""
    long_run = rk.Meld.parse("AH 2H JK=3H 4H 5H 6H")
    assert rk.check_declaration(CONTINENTAL, [long_run, "6S 7S 8S", "TC JC QC", "JD QD KD"]) == []
    # nine cards in one group: 4+5, 3+3+3, 5+4 ... with 6S-8S and the rest
    assert rk.check_declaration(CONTINENTAL, ["AH 2H 3H 4H 5H 6H 7H 8H 9H", "6S 7S 8S", "TC JC QC"]) == []


def test_continental_runs_that_cannot_be_cut_into_a_pattern_are_refused_s002() -> None:
    """[S2]: 5+5+5 is no pattern, and a 5-card run cannot be cut into two
    runs of three or more."""
    assert rk.check_declaration(CONTINENTAL, ["AH 2H 3H 4H 5H", "6H 7H 8H 9H TH", "9S TS JS QS KS"]) == [
        "meld sizes 5+5+5 fit none of the patterns 5+4+3+3, 4+4+4+3, 3+3+3+3+3"
    ]
    # a set stays refused, however it is grouped ([S2]: groups not permissible)
    reasons = rk.check_declaration(CONTINENTAL, ["AH 2H 3H 4H 5H 6H", "4C 4D 4S", "TC JC QC", "JD QD KD"])
    assert reasons == ["group 2 (4C 4D 4S): sets are not melds in this variant"]


def test_nowrang_seven_card_run_is_the_garwanj_and_a_sequence_s002() -> None:
    """[S2] (Nowrang): "one such sequence consisting of four cards (called a
    garwanj) and two additional sequences consisting of three cards each":
    4H-TH shown as one group is the garwanj 4H-7H and 8H-TH."""
    assert rk.check_declaration(NOWRANG, ["4H 5H 6H 7H 8H 9H TH", "JS QS KS"]) == []
    # all ten in one run: 4+3+3
    assert rk.check_declaration(NOWRANG, ["4H 5H 6H 7H 8H 9H TH JH QH KH"]) == []
    # three runs are still needed: 7 + 3 of a kind is not the pattern ([S2]:
    # "melds of equally ranked cards are not recognized")
    assert rk.check_declaration(NOWRANG, ["4H 5H 6H 7H 8H 9H TH", "KC KD KS"]) != []
    # 8 + 3 is eleven cards: no way to make 4+3+3
    assert rk.check_declaration(NOWRANG, ["4H 5H 6H 7H 8H 9H TH JH", "JS QS KS"]) != []


def test_engine_declare_accepts_a_long_run_group_s002() -> None:
    """The engine verifies declarations through ``check_declaration``: the
    7-card run goes down as one group (Nowrang [S2])."""
    h = rk.new_hand(
        NOWRANG,
        players=2,
        dealer=0,
        hands=["2C 3C 4C 9D 8D 7D KD QD JD 5S", "4H 5H 6H 7H 8H 9H TH JS QS KS 2D"],
        stock="AS 3D 4D 5D 6D",
    )
    assert h.is_legal("declare 4H 5H 6H 7H 8H 9H TH + JS QS KS discard 2D")
    h.apply("declare 4H 5H 6H 7H 8H 9H TH + JS QS KS discard 2D")
    assert h.result is not None and h.result.winners == (1,)


def test_indian_long_pure_run_counts_as_two_sequences_when_cut_s003() -> None:
    """[S3] (Indian): "two sequences (of which one must be pure)". The search
    finds 5S-TS valid as 5S-7S and 8S-TS; the same cards shown as one group
    count as those two sequences (the reading is the same everywhere)."""
    groups = ["5S 6S 7S 8S 9S TS", "QC QD QH", "4C 4D 4H 4S"]
    hand = rk.parse_cards(" ".join(groups))
    assert rk.best_declaration(INDIAN, hand) is not None
    assert rk.check_declaration(INDIAN, groups) == []
    # a 5-card run cannot be cut: one sequence
    assert rk.check_declaration(INDIAN, ["5S 6S 7S 8S 9S", "QC QD QH QS", "4C 4D 4H 4S"]) == [
        "needs at least 2 runs (sequences), has 1"
    ]


def test_a_large_set_is_cut_into_sets_where_sets_are_capped() -> None:
    """Sets of at most four (Indian: "a set should not have more than four
    cards", [S3]): eight sevens from two decks shown as one group are two sets."""
    groups = ["7C 7D 7H 7S 7C 7D 7H 7S", "AS 2S 3S", "5H 6H 7H"]
    assert rk.check_declaration(INDIAN, groups) == []
    # but a group of two ranks is still not a meld
    bad = rk.check_declaration(INDIAN, ["7C 7D 7H 8S 8C 8D", "AS 2S 3S", "5H 6H 7H 8H"])
    assert bad and bad[0].startswith("group 1")


def _merge_runs(melds: tuple[rk.Meld, ...]) -> list[rk.Meld]:
    """Join runs that continue one another (same suit, next represented card)
    into one group, as a player would lay them down."""
    runs = sorted((m for m in melds if m.kind is MeldKind.RUN), key=lambda m: m.represents[0].code)
    out = [m for m in melds if m.kind is not MeldKind.RUN]
    merged: list[tuple[list[rk.Card], list[rk.Card]]] = []
    for m in runs:
        if merged and merged[-1][1][-1].code + 1 == m.represents[0].code and m.represents[0].rank != 1:
            merged[-1][0].extend(m.cards)
            merged[-1][1].extend(m.represents)
        else:
            merged.append((list(m.cards), list(m.represents)))
    out += [rk.Meld(MeldKind.RUN, tuple(c), tuple(r)) for c, r in merged]
    return out


PATTERNS: dict[str, list[tuple[int, ...]]] = {
    "continental": [(5, 4, 3, 3), (4, 4, 4, 3), (3, 3, 3, 3, 3)],
    "nowrang": [(4, 3, 3)],
    "indian": [(3, 3, 4, 3)],
}


def _runs_hand(name: str, rng: random.Random) -> tuple[list[list[rk.Card]], rk.Card] | None:
    """Runs of a pattern, the first two continuing one another in one suit,
    and one card more (the final discard); ``None`` if the deck runs out."""
    v = rk.load_variant(name)
    shoe = list(v.deck.shoe(v.players.min))
    sizes = list(rng.choice(PATTERNS[name]))
    rng.shuffle(sizes)
    high_ace = name == "nowrang"
    groups: list[list[rk.Card]] = []
    span = sizes[0] + sizes[1]
    low = rng.randrange(1 if high_ace else 0, 13 - span + 1)
    suit = rng.randrange(4)
    groups.append([rk.Card.from_code(suit * 13 + r) for r in range(low, low + span)])
    for size in sizes[2:]:
        low = rng.randrange(1 if high_ace else 0, 13 - size + 1)
        suit = rng.randrange(4)
        groups.append([rk.Card.from_code(suit * 13 + r) for r in range(low, low + size)])
    pool = list(shoe)
    for g in groups:
        for c in g:
            if c not in pool:
                return None
            pool.remove(c)
    return groups, rng.choice(pool)


@pytest.mark.parametrize("name", ["continental", "nowrang", "indian"])
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_runs_shown_joined_are_valid_like_the_search_finds(name: str, seed: int) -> None:
    """Invariant: a hand of runs fitting the pattern, two of them continuing
    one another, is valid when those two are shown as one group, exactly as
    ``best_declaration`` finds the hand valid."""
    v = rk.load_variant(name)
    made = _runs_hand(name, random.Random(seed))
    if made is None:
        return
    groups, extra = made
    hand = sorted([c for g in groups for c in g] + [extra])
    a = rk.best_declaration(v, hand, leave_one=True)
    assert a is not None
    assert rk.check_declaration(v, groups, deadwood=[extra]) == []
    assert rk.check_declaration(v, _merge_runs(a.melds), deadwood=a.deadwood) == []


@pytest.mark.parametrize("name", ["continental", "nowrang", "indian"])
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_best_declaration_with_joined_runs_still_checks(name: str, seed: int) -> None:
    """Invariant: whatever ``best_declaration`` finds stays valid when runs
    that continue one another are shown as one group."""
    v = rk.load_variant(name)
    rng = random.Random(seed)
    shoe = list(v.deck.shoe(v.players.min))
    size = v.deal.hand_size_for(v.players.min)
    # a long run of one suit plus random cards
    suit = rng.randrange(4)
    low = rng.randrange(1, 7)
    run = [rk.Card.from_code(suit * 13 + r) for r in range(low, low + rng.randrange(6, 9))]
    rest = [c for c in shoe if c not in run]
    hand = sorted(run + rng.sample(rest, size + 1 - len(run)))
    wild: frozenset[rk.Rank] = frozenset()
    if v.deck.cuts_wild():
        wild = v.deck.wild_ranks_for(rng.choice(shoe))
    a = rk.best_declaration(v, hand, wild_ranks=wild, leave_one=True)
    if a is None:
        return
    assert rk.check_declaration(v, a.melds, wild_ranks=wild, deadwood=a.deadwood) == []
    assert rk.check_declaration(v, _merge_runs(a.melds), wild_ranks=wild, deadwood=a.deadwood) == []
