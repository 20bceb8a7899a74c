"""Contract rummy for the bots: the melds a deal's contract asks for, so that
a bot weighs its hand by those melds alone until it has gone down, and
whether buying a discard helps.

Until it has gone down, a greedy bot plans the contract: it counts the cards
its hand lacks of the contract's melds (:func:`contract_shortfall`), keeps
and takes the cards that lower that count and discards one that serves no
required meld.

>>> import rummykit as rk
>>> v = rk.load_variant("liverpool")
>>> deal_variant(v, deal=7, gone_down=False).melds.sets, deal_variant(v, deal=1, gone_down=False).melds.runs
(False, False)
>>> deal_variant(v, deal=2, gone_down=False) is v
True
"""

from __future__ import annotations

import weakref
from collections import Counter
from typing import Any

import attrs

from rummykit.bots.hands import closeness
from rummykit.cards import Card, Rank, Suit
from rummykit.engine import Action, Buy, Discard, Draw, MeldAction, Pass, Take, View
from rummykit.rules.melds import StandardMelds
from rummykit.variant import Variant

__all__ = ["buy_helps", "contract_discard", "contract_move", "contract_shortfall", "deal_variant"]

_MADE: weakref.WeakKeyDictionary[Variant, dict[int, Variant]] = weakref.WeakKeyDictionary()


def deal_variant(v: Variant, *, deal: int, gone_down: bool) -> Variant:
    """``v`` with only the meld kinds (and least run size) the contract of
    deal ``deal`` asks for, while the player has not gone down; ``v`` itself
    where there is no contract, it asks for both kinds at their least sizes,
    or the melds rules are not the standard ones."""
    if gone_down:
        return v
    slots = v.initial_meld.contract_melds(deal=deal)
    melds = v.melds
    if not slots or not isinstance(melds, StandardMelds):
        return v
    per = _MADE.setdefault(v, {})
    key = deal
    found = per.get(key)
    if found is None:
        kinds = {k for k, _ in slots}
        runs = [n for k, n in slots if k == "run"]
        run_min = max([melds.run_min, *(n for n in runs if n)]) if runs else melds.run_min
        new = attrs.evolve(
            melds,
            sets=melds.sets and "set" in kinds,
            runs=melds.runs and "run" in kinds,
            run_min=run_min,
        )
        found = per[key] = v if new == melds else attrs.evolve(v, melds=new)
    return found


def buy_helps(v: Variant, hand: tuple[Card, ...], card: Card, *, deal: int, wild: frozenset[Rank]) -> bool:
    """Whether buying ``card`` brings ``hand`` closer to the contract of deal
    ``deal``: it is wild, it makes a set with two cards of its rank where the
    contract has a set, or it lies with two cards of its suit in a run's
    least span where the contract has a run.

    >>> import rummykit as rk
    >>> v = rk.load_variant("liverpool")
    >>> hand = rk.parse_cards("7H 7S 9C TC KD")
    >>> [buy_helps(v, hand, rk.parse_card(c), deal=2, wild=frozenset()) for c in ("7D", "JC", "3S", "JK")]
    [True, True, False, True]
    """
    if card.rank is None or v.deck.is_wild(card, wild):
        return True
    slots = v.initial_meld.contract_melds(deal=deal)
    kinds = {k for k, _ in slots} or {"set", "run"}
    natural = [c for c in hand if c.rank is not None and not v.deck.is_wild(c, wild)]
    if "set" in kinds and sum(1 for c in natural if c.rank == card.rank) >= 2:
        return True
    if "run" not in kinds:
        return False
    melds = v.melds
    span = melds.run_min if isinstance(melds, StandardMelds) else 3
    places = {int(card.rank)} | ({14} if card.rank is Rank.ACE else set())
    near: set[int] = set()
    for c in natural:
        if c.suit == card.suit and c.rank is not None and c.rank != card.rank:
            near.add(int(c.rank))
            if c.rank is Rank.ACE:
                near.add(14)
    return any(
        sum(1 for x in near if lo <= x < lo + span) >= 2 for p in places for lo in range(p - span + 1, p + 1)
    )


def _slot_sizes(v: Variant, deal: int) -> list[tuple[str, int]]:
    """The contract's melds of deal ``deal`` at their sizes (the melds rules'
    least size where the contract names none), the longest first."""
    melds = v.melds
    least = {"set": 3, "run": 3}
    if isinstance(melds, StandardMelds):
        least = {"set": melds.set_min, "run": melds.run_min}
    slots = [(k, n or least[k]) for k, n in v.initial_meld.contract_melds(deal=deal)]
    return sorted(slots, key=lambda s: (-s[1], s[0]))


def contract_shortfall(v: Variant, hand: tuple[Card, ...], *, deal: int, wild: frozenset[Rank]) -> int:
    """How many cards ``hand`` lacks of the contract of deal ``deal`` (0 where
    it has none): each required meld, the longest first, takes the natural
    cards of the rank (a set) or of the suit within one span of the run's
    length (a run) that fill most of it, and the wild cards fill gaps as far
    as the melds rules let a meld hold them.

    >>> import rummykit as rk
    >>> v = rk.load_variant("shanghai")  # deal 5: a set of 3 and a run of 7
    >>> contract_shortfall(v, rk.parse_cards("4H 5H 7H 9H KS KD 2C"), deal=5, wild=frozenset())
    4
    >>> contract_shortfall(v, rk.parse_cards("4H 5H 7H 9H KS KD JK"), deal=5, wild=frozenset())
    3
    >>> contract_shortfall(v, rk.parse_cards("KS JK JK"), deal=1, wild=frozenset())  # two sets of 3
    4

    (Shanghai's melds hold no more jokers than natural cards: the set of one
    king takes one joker, the other set none.)
    """
    slots = _slot_sizes(v, deal)
    if not slots:
        return 0
    pool: Counter[tuple[Rank, Suit]] = Counter()
    wilds = 0
    for c in hand:
        if c.rank is None or c.suit is None or v.deck.is_wild(c, wild):
            wilds += 1
        else:
            pool[(c.rank, c.suit)] += 1
    gaps: list[tuple[int, int]] = []  # (cards lacking, naturals) of each meld
    for kind, n in slots:
        if kind == "set":
            ranks: Counter[Rank] = Counter()
            for (r, _), k in pool.items():
                ranks[r] += k
            best = max(ranks.items(), key=lambda x: (x[1], x[0]), default=None)
            got = min(best[1], n) if best is not None else 0
            if best is not None:
                left = got
                for key in [key for key in pool if key[0] == best[0]]:
                    used = min(left, pool[key])
                    pool[key] -= used
                    left -= used
        else:
            got = 0
            window: tuple[tuple[Rank, Suit], ...] = ()
            for seq in v.ranking.run_sequences(n):
                for suit in Suit:
                    keys = tuple((r, suit) for r in set(seq) if pool[(r, suit)] > 0)
                    if len(keys) > got:
                        got, window = len(keys), keys
            for key in window:
                pool[key] -= 1
        pool = +pool
        gaps.append((n - got, got))
    lacking = 0
    melds = v.melds
    for gap, got in gaps:  # each meld takes the wild cards the melds rules let it
        w = min(gap, wilds)
        if isinstance(melds, StandardMelds):
            while w > 0 and not melds.wilds_ok(wilds=w, naturals=got):
                w -= 1
        wilds -= w
        lacking += gap - w
    return lacking


def _planning(v: Variant, view: View) -> bool:
    """Whether the bot plans the contract now: it has not gone down, the deal
    has a contract, and the deal is not gone out of all at once."""
    deal = view.deal
    return (
        not view.melded[view.player]
        and bool(v.initial_meld.contract_melds(deal=deal))
        and not v.initial_meld.all_out_deal(deal=deal)
    )


def contract_discard(
    v: Variant, view: View, discards: list[Discard], values: list[int] | None = None
) -> Discard:
    """The discard of ``discards`` that leaves the least
    :func:`contract_shortfall`; ties: the card least close to a meld
    (:func:`rummykit.bots.hands.closeness`), then the dearest (``values``:
    each card code's penalty), then the card code."""
    hand = view.hand
    wild = view.wild_ranks
    deal = view.deal

    def key(a: Discard) -> tuple[int, int, int, int]:
        rest = list(hand)
        rest.remove(a.card)
        short = contract_shortfall(v, tuple(rest), deal=deal, wild=wild)
        value = values[a.card.code] if values is not None else 0
        return (short, closeness(a.card, hand, wild), -value, a.card.code)

    return min(discards, key=key)


def _take_helps(v: Variant, view: View, card: Card) -> bool:
    """Whether taking ``card`` and then the best discard leaves less of the
    contract lacking than the hand does now."""
    hand = view.hand
    wild = view.wild_ranks
    now = contract_shortfall(v, hand, deal=view.deal, wild=wild)
    if now == 0:
        return False
    for c in set(hand):
        rest = list(hand)
        rest.remove(c)
        if contract_shortfall(v, (*rest, card), deal=view.deal, wild=wild) < now:
            return True
    return False


def contract_move(bot: Any, view: View) -> Action | None:
    """A greedy bot's move where contract rummy decides it (None elsewhere):
    buy a discard that helps or pass (never buy in a deal gone out of all at
    once, where every card must fit the contract's melds); until the bot has gone down, draw,
    take and discard by :func:`contract_shortfall` (the discard:
    :func:`contract_discard`), and make other moves (going down among them)
    as a bot of the same settings that weighs the hand by the deal's
    contract alone (:func:`deal_variant`)."""
    v: Variant = bot.variant
    legal = view.legal
    top = view.top_discard
    if Buy() in legal:
        deal = view.deal
        if not view.melded[view.player] and v.initial_meld.all_out_deal(deal=deal):
            return Pass()  # every card bought (and its penalty card) must fit the melds too
        if top is not None and _planning(v, view):
            wild = view.wild_ranks
            now = contract_shortfall(v, view.hand, deal=view.deal, wild=wild)
            helps = contract_shortfall(v, (*view.hand, top), deal=view.deal, wild=wild) < now
        else:
            helps = top is not None and buy_helps(v, view.hand, top, deal=view.deal, wild=view.wild_ranks)
        return Buy() if helps else Pass()
    if _planning(v, view) and not any(isinstance(a, MeldAction) for a in legal):
        takes = [a for a in legal if isinstance(a, Take)]
        plain = [a for a in takes if a.depth == 1 and a.then is None and not a.and_draw]
        if Draw() in legal and len(plain) == len(takes):
            if plain and top is not None and view.stock_count > 0 and _take_helps(v, view, top):
                return plain[0]
            return Draw()
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards and len(discards) == len(legal):
            return contract_discard(v, view, discards, bot.value_table(v, view.wild_ranks))
    eff = deal_variant(v, deal=view.deal, gone_down=view.melded[view.player])
    if eff is v:
        return None
    bots: dict[int, Any] = bot.__dict__.setdefault("_by_deal", {})
    sub = bots.get(id(eff))
    if sub is None or sub.variant is not eff:
        sub = bots[id(eff)] = type(bot)(eff, bot.seed, knock_at=bot.knock_at, beginner=bot.beginner)
    move: Action = sub.choose(view)
    return move
