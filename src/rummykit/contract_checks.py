"""Static checks of a contract schedule (``initial_meld.kind = "contract"``):
every contract must be one the hand can meet.

A contract of deal *d* needs at least the sum of its melds' least sizes; a
player holds the deal's hand size, one card drawn, and the cards of every buy
allowed in that deal (the discard and its penalty cards). A contract that
needs more can never be met: every hand of that deal would run to the turn
limit. An all-out deal (gone down and out in one turn) must also fit the
whole hand, and the card drawn, into the contract's melds.

>>> import rummykit as rk
>>> try:
...     rk.loads_variant('''
... extends = "shanghai"
... [variant]
... name = "no-buys"
... [claims]
... kind = "none"
... ''')
... except rk.VariantError as exc:
...     print(exc)
3 problems in variant:
<string>: initial_meld.contracts[7]: the contract of deal 8 (set 3 + run 10) needs 13 cards, but a player holds at most 12 (11 dealt and 1 drawn)
<string>: initial_meld.contracts[8]: the contract of deal 9 (set 3 + set 3 + set 3 + run 5) needs 14 cards, but a player holds at most 12 (11 dealt and 1 drawn)
<string>: initial_meld.contracts[9]: the contract of deal 10 (run 5 + run 5 + run 5) needs 15 cards, but a player holds at most 12 (11 dealt and 1 drawn)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rummykit.errors import Problem
from rummykit.rules.contract import Contract
from rummykit.rules.deal import StandardDeal
from rummykit.rules.deck import StandardDeck
from rummykit.rules.melds import StandardMelds

if TYPE_CHECKING:
    from rummykit.variant import Variant

__all__ = ["contract_problems"]


def _least(v: Variant) -> tuple[int, int]:
    m = v.melds
    return (m.set_min, m.run_min) if isinstance(m, StandardMelds) else (3, 3)


def _hand_sizes(v: Variant, c: Contract, index: int) -> list[int]:
    """The hand size of the deal at ``index`` (0-based) for every player count."""
    if index < len(c.hand_sizes):
        return [c.hand_sizes[index]]
    deal = v.deal
    if isinstance(deal, StandardDeal):
        return [deal.hand_size.get(n) for n in v.players.counts() if deal.hand_size.covers(n)]
    return []


def contract_problems(v: Variant) -> Iterator[Problem]:
    """The problems of ``v``'s contract schedule (none without one)."""
    c = v.initial_meld
    if not isinstance(c, Contract):
        return
    if not c.contracts:
        yield Problem("initial_meld.contracts", "a contract schedule needs at least one contract")
        return
    if len(c.hand_sizes) > len(c.contracts):
        yield Problem(
            "initial_meld.hand_sizes",
            f"{len(c.hand_sizes)} hand sizes for {len(c.contracts)} contracts (one per contract)",
        )
    for i, size in enumerate(c.hand_sizes):
        if size < 1:
            yield Problem(f"initial_meld.hand_sizes[{i}]", "every hand needs at least one card")
    for d in c.all_out:
        if not 1 <= d <= len(c.contracts):
            yield Problem(
                "initial_meld.all_out", f"deal {d} is not in the schedule (1 to {len(c.contracts)})"
            )
    least = _least(v)
    melds = v.melds
    claims = v.claims
    for i, text in enumerate(c.contracts):
        deal = i + 1
        path = f"initial_meld.contracts[{i}]"
        slots = text.slots
        bad = False
        for kind, size in slots:
            ok = melds.set_size_ok if kind == "set" else melds.run_size_ok
            n = size or least[0 if kind == "set" else 1]
            if not ok(n):
                yield Problem(
                    path, f"the contract of deal {deal} ({text}) asks for a {kind} of {n}, no meld here"
                )
                bad = True
                break
        if bad:
            continue
        need = sum(n or least[0 if k == "set" else 1] for k, n in slots)
        sizes = [s for s in _hand_sizes(v, c, i) if s >= 1]
        if not sizes:
            continue
        hand = min(sizes)
        buys = claims.limit_for(deal=deal) if claims.buys() else 0
        unlimited = claims.buys() and buys == 0
        per_buy = 1 + claims.penalty_cards()
        most = hand + 1 + buys * per_buy
        if need > most and not unlimited:
            parts = f"{hand} dealt and 1 drawn" + (
                f", {buys} buy{'s' if buys != 1 else ''} of {per_buy} cards" if buys else ""
            )
            yield Problem(
                path,
                f"the contract of deal {deal} ({text}) needs {need} cards, but a player holds at most {most} ({parts})",
            )
        if c.all_out_deal(deal=deal):
            yield from _all_out(v, c, deal, path, hand, slots, least)
    yield from _shoe(v, c)


def _all_out(
    v: Variant,
    c: Contract,
    deal: int,
    path: str,
    hand: int,
    slots: tuple[tuple[str, int], ...],
    least: tuple[int, int],
) -> Iterator[Problem]:
    """An all-out deal: the whole hand and the card drawn in the contract's melds."""
    melds = v.melds
    if c.extra_melds or not isinstance(melds, StandardMelds):
        return
    room = 0
    for kind, _ in slots:
        if kind == "set":
            room += melds.set_max or 10_000
        else:
            room += melds.run_max or 14
    if hand + 1 > room:
        yield Problem(
            path,
            f"deal {deal} is gone out of all at once, but its contract's melds hold at most {room} cards,"
            f" fewer than the {hand + 1} of a hand and its draw",
        )


def _shoe(v: Variant, c: Contract) -> Iterator[Problem]:
    """Each deal's hands, and the upcard, must fit in the shoe."""
    deck, deal = v.deck, v.deal
    if not isinstance(deck, StandardDeck) or not isinstance(deal, StandardDeal):
        return
    for i, size in enumerate(c.hand_sizes):
        for n in v.players.counts():
            if not deck.decks.covers(n):
                continue
            shoe = deck.decks.get(n) * (52 + deck.jokers_per_deck)
            need = n * size + deal.first_player_extra + int(deal.upcard) + int(deck.cut_wild)
            if need > shoe:
                yield Problem(
                    f"initial_meld.hand_sizes[{i}]",
                    f"{n} players dealt {size} cards each need {need} cards, but the shoe holds {shoe}",
                )
                return
