"""The search bot's default move where going out ends the hand (``SearchBot.tempo``).

Straight Rummy's rule (variants/straight.toml, [S1]): the hand is won by the
first player to get rid of every card by melding (and laying off), the last one
possibly discarded. Winning is a race to meld every card, so what counts is how
many cards lie outside melds, not their points: the search bot's default
discard leaves the fewest unmelded cards, then has the most "outs" (unseen
cards after which some discard leaves fewer still). These tests recount both
by brute force (every subset of the hand that is a meld, the best disjoint
cover; every unseen card and every discard after it) and check the bot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache

import rummykit as rk
from rummykit.bots.search import SearchBot
from rummykit.engine import Discard
from rummykit.melds import classify_meld

STRAIGHT = rk.load_variant("straight")


@cache
def _brute_loose(cards: tuple[rk.Card, ...]) -> int:
    """The fewest cards of ``cards`` outside melds: every subset that is a meld,
    then the largest disjoint cover (one deck, no wilds: subsets by position)."""
    n = len(cards)
    melds = [
        m
        for m in range(1 << n)
        if bin(m).count("1") >= 3 and classify_meld(STRAIGHT, [cards[i] for i in range(n) if m >> i & 1])
    ]
    covered = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        best = covered[mask & ~low]  # the lowest card left out
        for m in melds:
            if m & low and m & mask == m:
                best = max(best, bin(m).count("1") + covered[mask & ~m])
        covered[mask] = best
    return n - covered[(1 << n) - 1]


def _loose(cards: list[rk.Card]) -> int:
    return _brute_loose(tuple(sorted(cards)))


def _unseen(view: rk.View) -> Counter[rk.Card]:
    seen = Counter(view.hand) + Counter(view.discard)
    for m in view.table:
        seen.update(m.meld.cards)
    for q, cards in enumerate(view.knowledge().known):
        if q != view.player:
            seen.update(cards)
    return Counter(STRAIGHT.deck.shoe(2)) - seen


def _outs(bot: SearchBot, rest: list[rk.Card], unseen: Counter[rk.Card], least: int) -> int:
    """The unseen cards (with their copies) after which some discard of
    ``rest`` and that card leaves fewer than ``least`` cards outside melds
    (every unseen card tried, not only those near the hand's)."""
    return sum(
        k
        for y, k in unseen.items()
        if min(bot.loose([*rest, y][:i] + [*rest, y][i + 1 :]) for i in range(len(rest) + 1)) < least
    )


def _positions(deals: range, turns: int) -> Iterator[tuple[rk.View, SearchBot]]:
    """Every decision of the first ``turns`` turns of greedy Straight hands."""
    for deal in deals:
        h = rk.new_hand(STRAIGHT, players=2, seed=deal)
        bots = [rk.GreedyBot(STRAIGHT, seed=1), rk.GreedyBot(STRAIGHT, seed=2)]
        while not h.is_over:
            p = h.current_player
            assert p is not None
            view = h.view(p)
            if view.turn >= turns:
                break
            yield view, SearchBot(STRAIGHT, seed=3, iterations=1)
            h.apply(bots[p].choose(view))


def test_loose_counts_the_cards_outside_melds() -> None:
    bot = SearchBot(STRAIGHT)
    hand = rk.parse_cards("2H 3H 4H 5H 9S 9C 9D KD QS 7C")
    assert bot.loose(hand) == 3  # KD QS 7C: a point count would say 27
    assert bot.loose(rk.parse_cards("2H 3H 4H 9S 9C 9D")) == 0
    checked = 0
    for view, bot in _positions(range(2), 12):
        assert bot.loose(view.hand, view.wild_ranks) == _loose(list(view.hand))
        checked += 1
    assert checked >= 10


def test_the_default_discard_leaves_fewest_loose_cards_then_most_outs() -> None:
    changed = 0
    checked = 0
    for view, bot in _positions(range(3), 12):
        discards = [a for a in view.legal if isinstance(a, Discard)]
        greedy = bot.greedy.choose(view)
        picked = bot.tempo(view, greedy)
        if len(discards) < 2 or not isinstance(greedy, Discard):
            assert picked is greedy  # melds, lay-offs, draws: the greedy bot's
            continue
        assert isinstance(picked, Discard) and picked in view.legal
        rests = {a.card: [c for c in view.hand if c != a.card] for a in discards}  # one deck: no copies
        loose = {card: _loose(rest) for card, rest in rests.items()}
        least = min(loose.values())
        assert loose[picked.card] == least
        unseen = _unseen(view)
        tied = [card for card, x in loose.items() if x == least]
        if least and len(tied) > 1:
            counted = {card: _outs(bot, rests[card], unseen, least) for card in tied}
            most = max(counted.values())
            assert counted[picked.card] == most
            best = {card for card in tied if counted[card] == most}
        else:
            best = set(tied)
        if greedy.card in best:
            assert picked == greedy  # the greedy choice stands unless beaten
        else:
            changed += 1
        checked += 1
    assert checked >= 10
    assert changed >= 1  # positions where tempo overrules the greedy bot exist


def test_tempo_leaves_knocking_games_and_other_moves_alone() -> None:
    """Gin and Knock Rummy end a hand by a knock (Gin has its race), Phỏm at
    the fourth turn with the lowest count winning [S2]: no tempo there;
    draws, melds and lay-offs are the greedy bot's anywhere."""
    for name in ("gin", "knock", "phom", "straight"):
        v = rk.load_variant(name)
        h = rk.new_hand(v, players=2, seed=4)
        bots = [rk.GreedyBot(v, seed=1), rk.GreedyBot(v, seed=2)]
        search = SearchBot(v, seed=3, iterations=1)
        while not h.is_over:
            p = h.current_player
            assert p is not None
            view = h.view(p)
            if view.turn >= 12:
                break
            choice = bots[p].choose(view)
            if name != "straight" or not isinstance(choice, Discard):
                assert search.tempo(view, choice) is choice
            h.apply(choice)
