"""Rulebook text for the second hand (a foot per seat, a morto per side).

>>> import rummykit as rk
>>> from rummykit.rulebook import describe_component
>>> v = rk.load_variant("hand-and-foot")
>>> describe_component(v.second_hand, v)[0]
'Each player is also dealt a foot of 13 cards face down, which nobody looks at until it is picked up.'
>>> describe_component(rk.load_variant("canasta").second_hand, v)
[]
"""

from __future__ import annotations

from rummykit.rulebook.phrases import _describes
from rummykit.rules.second_hand import DealtSecondHand, NoSecondHand
from rummykit.variant import Variant


def _size(c: DealtSecondHand) -> str:
    entries = c.size.entries
    if len({x for _, _, x in entries}) <= 1:
        return f"of {entries[0][2]} cards"
    return "of " + ", ".join(
        f"{x} cards with {lo}{'' if lo == hi else f'-{hi}'} players" for lo, hi, x in entries
    )


@_describes(NoSecondHand)
def _none(c: NoSecondHand, v: Variant) -> list[str]:
    return []


@_describes(DealtSecondHand)
def _dealt(c: DealtSecondHand, v: Variant) -> list[str]:
    if c.per_side():
        out = [
            f"Each side is also dealt a morto {_size(c)} face down, which nobody looks at until it is picked up;"
            " the first player of the side to play out the hand picks it up."
        ]
    else:
        out = [
            f"Each player is also dealt a foot {_size(c)} face down, which nobody looks at until it is picked up."
        ]
    ways = []
    if c.direct:
        ways.append(
            "a player who plays out the hand by melding or laying off picks it up at once and plays on"
        )
    if c.indirect:
        ways.append("one who discards the last card picks it up and plays it from the next turn")
    out.append(ways[0][0].upper() + "; ".join(ways)[1:] + ".")
    if not c.direct:
        out.append("The hand may not be played out by melding while the second hand waits.")
    if not c.indirect:
        out.append("The last card of the hand may not be discarded while the second hand waits.")
    out.append("A player goes out only once the second hand has been picked up.")
    if c.untaken_until_played:
        out.append(
            "A second hand picked up by the discard counts as picked up only from its taker's next turn:"
            " should the hand end before, it counts as never picked up, and nobody of the side goes out before."
        )
    if c.untaken_becomes_stock:
        out.append(
            "A second hand still waiting when the stock runs out is shuffled and becomes the stock, and play goes"
            " on (the one of the first side to draw, where several wait); its side has not picked it up and may"
            " not play out its hand again."
        )
    if c.unplayed_counts:
        out.append(
            "The cards of a second hand never picked up count against its owner, as cards left in hand."
        )
    if c.penalty:
        out.append(f"A side that never picks up its second hand loses {c.penalty}.")
    return out
