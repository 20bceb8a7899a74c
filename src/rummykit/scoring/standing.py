"""A scorekeeper's running totals: :func:`apply_settlement` adds a settled hand
and asks the game end rule whether the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rummykit.errors import RummyError
from rummykit.scoring.values import Settlement, Termination, _is_int
from rummykit.variant import Variant


@attrs.frozen(kw_only=True)
class Standing:
    """Running totals after a hand, kept by a scorekeeper outside a Match.

    ``totals`` per seat; ``out``: seats the game end rule removes (over the
    pool limit); ``over``: whether the game has ended; ``game_winners``: the
    seats that won the game when it is over; ``final_totals``: once it is
    over, the totals after the game end rule's bonuses (game bonus, a bonus
    per hand won, shutouts), the same as a Match's final totals.
    """

    totals: tuple[int, ...]
    out: tuple[int, ...] = ()
    over: bool = False
    game_winners: tuple[int, ...] = ()
    final_totals: tuple[int, ...] = ()


def apply_settlement(
    v: Variant,
    totals: Sequence[int] | None,
    settlement: Settlement,
    *,
    hands_played: int = 1,
    hands_won: Sequence[int] | None = None,
) -> Standing:
    """Add a settled hand to a scorekeeper's running ``totals`` and ask the
    variant's game end rule whether the game is over.

    ``totals`` (one per seat; None: the variant's starting totals) and
    ``hands_played`` (including this hand) are the scorekeeper's own; the
    seats are the settlement's. ``hands_won`` (per seat, this hand included;
    None: counted from this hand alone) feeds end-of-game bonuses per hand
    won. Returns a :class:`Standing`.

    >>> import rummykit as rk
    >>> v = rk.load_variant("gin")
    >>> s = rk.settle(v, rk.Ending(knocker=0, counts=[0, 95]))
    >>> st = rk.apply_settlement(v, [40, 10], s)
    >>> st.totals, st.over, st.game_winners
    ((160, 10), True, (0,))
    """
    n = len(settlement.scores)
    start = v.game_end.start_total()
    before = [start] * n if totals is None else list(totals)
    if len(before) != n or not all(_is_int(t) for t in before):
        raise RummyError(f"totals must be {n} integers, one per seat, got {totals!r}")
    if not _is_int(hands_played) or hands_played < 1:
        raise RummyError(f"hands_played = {hands_played!r} is not a number of hands from 1")
    after = list(settlement.totals_after(before))
    ge = v.game_end
    out_ways = (Termination.WENT_OUT, Termination.DECLARED, Termination.DROPPED)
    went_out = settlement.winner if settlement.how in out_ways else None
    verdict = ge.verdict(totals=after, active=list(range(n)), hands_played=hands_played, went_out=went_out)
    out = tuple(s for s in range(n) if ge.drops_out(after[s]))
    active = [s for s in range(n) if s not in out]
    if verdict is None and len(active) < max(v.players.min, 1) and out:
        verdict = tuple(active) or tuple(range(n))
    if verdict is None:
        return Standing(totals=tuple(after), out=out)
    won = [1 if s in settlement.winners else 0 for s in range(n)] if hands_won is None else list(hands_won)
    if len(won) != n or not all(_is_int(x) and x >= 0 for x in won):
        raise RummyError(f"hands_won must be {n} counts, one per seat, got {hands_won!r}")
    final = ge.final_totals(after, winners=tuple(verdict), hands_won=won)
    return Standing(
        totals=tuple(after), out=out, over=True, game_winners=tuple(verdict), final_totals=tuple(final)
    )
