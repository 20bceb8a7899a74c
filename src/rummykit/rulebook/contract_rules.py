"""Rulebook text for contract rummy's components (the contract schedule and buying).

>>> import rummykit as rk
>>> from rummykit.rulebook import describe_component
>>> v = rk.load_variant("liverpool")
>>> describe_component(v.initial_meld, v)[1]
'Deal 1: two sets (10 cards each).'
"""

from __future__ import annotations

from rummykit.rulebook.phrases import _describes
from rummykit.rules.contract import Buying, Contract
from rummykit.variant import Variant

_COUNT = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}


def _melds(slots: tuple[tuple[str, int], ...]) -> str:
    """``two sets and a run of 7``."""
    parts: list[str] = []
    seen: list[tuple[str, int]] = []
    for slot in slots:
        if slot in seen:
            continue
        seen.append(slot)
        kind, size = slot
        n = slots.count(slot)
        word = _COUNT.get(n, str(n))
        parts.append(f"{word} {kind}{'s' if n > 1 else ''}" + (f" of {size}" if size else ""))
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


@_describes(Contract)
def _contract(c: Contract, v: Variant) -> list[str]:
    from rummykit.engine.contract import dealt_size

    out = [
        "Each deal has its contract: before laying any meld or laying off, you must go down by laying"
        " the contract's melds all at once, in one turn (melds may be longer than the least size)."
    ]
    for i, text in enumerate(c.contracts):
        deal = i + 1
        melds = _melds(text.slots)
        size = dealt_size(v, v.players.min, deal)
        line = f"Deal {deal}: {melds} ({size} cards each)"
        if c.all_out_deal(deal=deal):
            line += "; this deal is gone down and out of in one turn, every card melded, with no discard"
        out.append(line + ".")
    if c.extra_melds:
        out.append("Going down may lay more melds than the contract asks for.")
    if c.melds_after:
        out.append("After going down you may lay new melds as well as lay off.")
    else:
        out.append(
            "After going down you may not lay any new meld: you only lay off, onto any meld on the table."
        )
    if c.layoff_same_turn:
        out.append("You may lay off in the turn you go down.")
    else:
        out.append("You may lay off from your turn after the one you went down in.")
    return out


@_describes(Buying)
def _buying(c: Buying, v: Variant) -> list[str]:
    cards = "a penalty card" if c.penalty == 1 else f"{c.penalty} penalty cards"
    who = (
        "the player nearest the dealer's left"
        if c.from_dealer_left()
        else "the first in turn after the player whose turn it is"
    )
    out = [
        "The player whose turn it is has first claim on the discard, taking it as their draw. If they draw"
        f" from the stock instead, another player may buy the discard: they take it and {cards} from the"
        f" stock, and play the cards at their own turn. When several want it, {who} gets it.",
        "You may not buy back your own discard.",
    ]
    if c.limits:
        runs: list[tuple[int, int, int]] = []  # (first deal, last deal, limit)
        for i, n in enumerate(c.limits):
            if runs and runs[-1][2] == n:
                runs[-1] = (runs[-1][0], i + 1, n)
            else:
                runs.append((i + 1, i + 1, n))
        per = ", ".join(
            f"{n or 'any number'} in deal{f's {a}-{b}' if b > a else f' {a}'}" for a, b, n in runs
        )
        out.append(f"Buys per player: {per}; in later deals {c.limit or 'any number'}.")
    elif c.limit:
        out.append(f"Each player may buy at most {c.limit} times a deal.")
    if not c.after_down:
        out.append("A player who has gone down may no longer buy.")
    return out
