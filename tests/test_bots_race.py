"""The search bot's default move where a knock ends the hand (``SearchBot.race``).

Gin's rule (variants/gin.toml, [S17]): "knock after drawing if your deadwood
is at most 10". A Gin hand is a race to that count, so the search bot's
default discard is the one whose chance that the next stock card lets it knock
is the highest, and it takes an upcard that lets it knock at once. These
tests recount those chances by brute force (every unseen card, every discard
after it, ``min_deadwood``) and check the bot against them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

import rummykit as rk
from rummykit.bots.search import SearchBot
from rummykit.engine import Discard, Draw, Take
from rummykit.melds import min_deadwood

GIN = rk.load_variant("gin")
LIMIT = 10


def _least(cards: list[rk.Card], keep: rk.Card | None = None) -> int:
    """The least deadwood of ``cards`` after their best discard (never ``keep``,
    a card just taken from the discard pile: Gin forbids throwing it back)."""
    best = None
    for i in range(len(cards)):
        if cards[i] == keep:
            continue
        rest = sorted(cards[:i] + cards[i + 1 :])
        dw = min_deadwood(GIN, rest)
        dw = 0 if dw is None else dw
        best = dw if best is None else min(best, dw)
    assert best is not None
    return best


def _unseen(view: rk.View) -> Counter[rk.Card]:
    seen = Counter(view.hand) + Counter(view.discard)
    for m in view.table:
        seen.update(m.meld.cards)
    for q, cards in enumerate(view.knowledge().known):
        if q != view.player:
            seen.update(cards)
    return Counter(GIN.deck.shoe(2)) - seen


def _chance(view: rk.View, card: rk.Card) -> float:
    """The chance that, after discarding ``card``, the next stock card lets the seat knock."""
    rest = list(view.hand)
    rest.remove(card)
    unseen = _unseen(view)
    ok = sum(k for x, k in unseen.items() if _least([*rest, x]) <= LIMIT)
    return ok / sum(unseen.values())


def _positions(deals: Iterable[int], turns: int) -> Iterator[tuple[rk.Hand, rk.View, SearchBot]]:
    """Every decision of the first ``turns`` turns of greedy Gin hands."""
    for deal in deals:
        h = rk.new_hand(GIN, players=2, seed=deal)
        bots = [rk.GreedyBot(GIN, seed=1), rk.GreedyBot(GIN, seed=2)]
        while not h.is_over:
            p = h.current_player
            assert p is not None
            view = h.view(p)
            if view.turn >= turns:
                break
            yield h, view, SearchBot(GIN, seed=3, iterations=1)
            h.apply(bots[p].choose(view))


def test_the_default_discard_has_the_best_chance_to_knock_next_turn() -> None:
    changed = 0
    checked = 0
    for _, view, bot in _positions([6, 7], 5):
        discards = [a for a in view.legal if isinstance(a, Discard)]
        if len(discards) < 2 or any(a.__class__.__name__ == "Knock" for a in view.legal):
            continue
        greedy = bot.greedy.choose(view)
        picked = bot.race(view, greedy)
        assert isinstance(picked, Discard) and picked in view.legal
        chances = {a.card: _chance(view, a.card) for a in discards}
        best = max(chances.values())
        assert chances[picked.card] == best
        if chances[greedy.card] == best:  # type: ignore[union-attr]
            assert picked == greedy  # the greedy choice stands unless beaten
        else:
            changed += 1
        checked += 1
    assert checked >= 3
    assert changed >= 1  # positions where the race overrules the greedy bot exist


def test_an_upcard_that_lets_the_bot_knock_at_once_is_taken() -> None:
    found = 0
    for _, view, bot in _positions([*range(4), 149], 20):
        if Draw() not in view.legal or not any(isinstance(a, Take) and a.depth == 1 for a in view.legal):
            continue  # no choice between the stock and the upcard (Gin's first turn after both passed)
        greedy = bot.greedy.choose(view)
        picked = bot.race(view, greedy)
        if _least([*view.hand, view.top_discard], keep=view.top_discard) <= LIMIT:
            assert isinstance(picked, Take) and picked.depth == 1
            found += isinstance(greedy, Draw)
        else:
            assert picked == greedy
    assert found >= 1  # the greedy bot would have drawn from the stock there (deal 149)


def test_the_race_leaves_other_going_out_rules_alone() -> None:
    """Knock Rummy knocks at any count, Straight Rummy goes out by melding,
    Oklahoma Gin's limit is the upcard's value: no fixed count to race to,
    and the greedy choice stands."""
    for name in ("knock", "straight", "gin-oklahoma"):
        if name == "gin-oklahoma":
            v = rk.loads_variant('extends = "gin"\n[variant]\nname = "okla"\n[going_out]\noklahoma = true')
        else:
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
            assert search.race(view, choice) is choice
            h.apply(choice)


def test_cut_short_rollouts_never_overrule_the_default() -> None:
    """A rollout stopped after one turn is scored by comparing deadwood, not
    by a result: with every rollout cut short, the search plays its default
    even when told to follow any gain (``margin=0``). (Without a horizon:
    Straight's default looks 8 turns ahead and follows its leaf's scores,
    test_bots_horizon.py.)"""
    v = rk.load_variant("straight")
    h = rk.new_hand(v, players=2, seed=5)
    bots = [rk.GreedyBot(v, seed=1), rk.GreedyBot(v, seed=2)]
    short = SearchBot(v, seed=7, iterations=24, rollout_turns=1, margin=0.0, horizon=None)
    twin = SearchBot(v, seed=7, iterations=24, rollout_turns=1, margin=0.0, horizon=None)
    searched = 0
    while not h.is_over:
        p = h.current_player
        assert p is not None
        view = h.view(p)
        if view.turn >= 10:
            break
        picked = short.choose(view)
        default = twin.default(view)
        assert picked == default
        searched += len(short.last_stats) > 1
        short.last_stats = []
        h.apply(bots[p].choose(view))
    assert searched >= 5  # decisions with several candidates were searched
