"""``meld 7H 8H JK=9H``: lay a meld on the table (several at once, joined by
``+``, only as an initial meld that must reach a threshold).

Listed: each meld of the cards in hand (one designation of the wilds where
a meld holds more than ``LISTED_WILDS`` of them), where the meld timing
allows melding now, that leaves a way to finish the turn; before a
player's initial meld (``initial_meld``), the single melds that reach the
threshold alone and the whole best arrangement. Accepted beyond the list:
another designation of a listed meld's wilds that is a valid meld, and any
combination of melds that reaches the initial threshold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card
from rummykit.engine.conditions import (
    concealed,
    exit_ok,
    exit_reason,
    free_hand,
    in_hand,
    initial_combos,
    initial_ok,
    may_meld_now,
    melds_of,
    minus,
    needs_initial,
    showing_now,
)
from rummykit.engine.contract import CONTRACT_COMBOS, all_out_now, contract_combos
from rummykit.engine.kind import ListedKind, Refusal
from rummykit.engine.notation import Action, Group, format_group, group_fits, groups_fit, parse_groups
from rummykit.engine.phase import Phase, TableMeld
from rummykit.engine.turn import check_out, shown

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

# enum members as module constants: a lookup through the class is slow in Python 3.11
_PLAY = Phase.PLAY


__all__ = [
    "MeldAction",
    "MeldKind",
    "canonical_groups",
    "eaten_index",
    "in_written_order",
    "meld_groups",
    "meld_reason",
    "strip",
]


@attrs.frozen(repr=False, cache_hash=True)
class MeldAction(Action):
    """Lay one meld (or, for an initial meld, several) on the table."""

    groups: tuple[Group, ...]
    word = "meld"
    order = 10

    def __str__(self) -> str:
        return "meld " + " + ".join(format_group(g) for g in self.groups)

    def cards(self) -> tuple[Card, ...]:
        return tuple(c for g in self.groups for c, _ in g)


def strip(g: Group) -> Group:
    """The group with its wild designations left out."""
    return tuple((c, None) for c, _ in g)


def canonical_groups(h: Hand, groups: tuple[Group, ...]) -> tuple[Group, ...] | None:
    """The groups as the engine writes their melds (None: one is no meld)."""
    melds = melds_of(h, groups)
    if isinstance(melds, str):
        return None
    return tuple(h._kit.group(m) for m in melds)


def in_written_order(written: tuple[Group, ...], listed: tuple[Group, ...]) -> tuple[Group, ...]:
    """The ``listed`` groups (that ``written`` fits, in any order) in the order
    of ``written``: several melds laid at once go down in the order written."""
    if len(written) < 2 or len(written) != len(listed):
        return listed
    left = list(listed)
    out: list[Group] = []
    for g in written:
        i = next((i for i, other in enumerate(left) if group_fits(g, other)), None)
        if i is None:
            return listed
        out.append(left.pop(i))
    return tuple(out)


def eaten_index(h: Hand, a: MeldAction) -> int | None:
    """Which of the player's concealed eaten melds ``a`` shows as it was made."""
    if len(a.groups) != 1:
        return None
    cards = Counter(a.cards())
    return next((i for i, (_, m) in enumerate(h._eaten[h._current]) if Counter(m.cards) == cards), None)


def meld_groups(h: Hand, groups: tuple[Group, ...]) -> None:
    """Lay ``groups`` from the current player's hand on the table."""
    p = h._current
    hand = h._hands[p]
    for g in groups:
        meld = h._kit.meld_of(g, h._wild)
        assert meld is not None
        for c in meld.cards:
            hand.remove(c)
        h._table.append(TableMeld(p, meld))
        if h._must_meld is not None and h._must_meld in meld.cards:
            h._must_meld = None
    h._melded[p] = True
    h._melds_this_turn += 1
    shown(h, p)


def meld_reason(h: Hand, a: MeldAction) -> Refusal | None:
    """Why the meld ``a`` may not be laid now (timing, cards, validity, the
    initial meld, an exchanged wild, a way to finish the turn), or None."""
    p = h._current
    v = h._v
    if not v.meld_timing.melds_now(deal=h._deal_number, showing=showing_now(h, p)):
        return Refusal(
            f"melds are not laid on the table now (meld_timing {v.meld_timing.kind})", "meld_timing"
        )
    if h._kit.side_rank:
        from rummykit.engine.side_melds import melds_reason

        why = melds_reason(h, p, [[c for c, _ in g] for g in a.groups], hand=h._hands[p])
        if why and h._permission is not None:
            from rummykit.engine.permission import RULE, no_out_reason

            if why == no_out_reason(h, p, left=len(h._hands[p]) - len(a.cards())):
                return Refusal(why, RULE)
        return Refusal(why, "melds") if why else None
    limit = v.meld_timing.melds_per_turn(deal=h._deal_number)
    if limit and h._melds_this_turn >= limit:
        return Refusal(
            f"only {limit} meld{'s' if limit > 1 else ''} per turn (meld_timing {v.meld_timing.kind})",
            "meld_timing",
        )
    bad = in_hand(h, a.cards())
    if bad:
        return Refusal(bad, "melds")
    bad = None if eaten_index(h, a) is not None else concealed(h, a.cards())
    if bad:
        return Refusal(bad, "draw")
    melds = melds_of(h, a.groups)
    if isinstance(melds, str):
        return Refusal(melds, "melds")
    if needs_initial(h, p):
        short = initial_ok(h, melds)
        if short:
            return Refusal(short, "initial_meld")
    elif len(melds) > 1:
        return Refusal("one meld per action", "melds")
    if h._must_meld is not None and not any(h._must_meld in m.cards for m in melds):
        return Refusal(f"the wild {h._must_meld} taken by the exchange must go into this meld", "swap")
    rest = minus(h._hands[p], a.cards())
    assert rest is not None
    if needs_initial(h, p) and all_out_now(h):
        if rest:
            return Refusal(
                f"deal {h._deal_number} is gone out of in one turn: the contract and every other card"
                " must be melded at once, with no discard",
                "initial_meld.all_out",
            )
        return None
    if not exit_ok(h, rest):
        return Refusal(exit_reason(h), "going_out.final_discard")
    return None


def _going_down(h: Hand, cards: tuple[Card, ...]) -> list[Action]:
    """The listed ways of meeting the deal's contract (see
    :func:`~rummykit.engine.contract.contract_combos`) that leave a way to
    finish the turn (in an all-out deal: that leave no card)."""
    kit = h._kit
    out: list[Action] = []
    out_now = all_out_now(h)
    for combo in contract_combos(h, cards):
        rest = minus(cards, [c for m in combo for c in m.cards])
        if rest is None or (bool(rest) if out_now else not exit_ok(h, rest)):
            continue
        out.append(MeldAction(tuple(kit.group(m) for m in combo)))
        if len(out) >= CONTRACT_COMBOS:
            break
    return out


class MeldKind(ListedKind):
    """The ``meld`` kind (see the module documentation)."""

    action = MeldAction
    words = ("meld",)
    phases = frozenset({_PLAY})
    rule = "melds"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        return MeldAction(parse_groups(list(rest), text))

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        p = h._current
        kit = h._kit
        out: list[Action] = []
        if not kit.table_melds or not may_meld_now(h, p):
            return out
        if kit.side_rank:  # melds of one rank owned by a side (Canasta)
            from rummykit.engine.side_melds import meld_candidates

            return [MeldAction(groups) for groups in meld_candidates(h)]
        hand = h._hands[p]
        must = h._must_meld
        for _, m in h._eaten[p]:  # the concealed eaten melds are shown as made
            rest = minus(hand, m.cards)
            if must is None and rest is not None and exit_ok(h, rest):
                out.append(MeldAction((kit.group(m),)))
        free = free_hand(h, p)
        if not free:
            return out
        cards = tuple(free)
        if needs_initial(h, p) and h._v.initial_meld.contract_for(deal=h._deal_number) is not None:
            out.extend(_going_down(h, cards))
        elif needs_initial(h, p):
            for combo in initial_combos(h, cards, must=must):
                out.append(MeldAction(tuple(kit.group(m) for m in combo)))
        else:
            for m in kit.options(cards, h._wild):
                if must is not None and must not in m.cards:
                    continue
                rest = minus(hand, m.cards)
                if rest is not None and exit_ok(h, rest):
                    out.append(MeldAction((kit.group(m),)))
        return out

    def fits(self, a: Action, b: Action) -> bool:
        assert isinstance(a, MeldAction) and isinstance(b, MeldAction)
        return groups_fit(a.groups, b.groups)

    def resolve(self, h: Hand, a: Action) -> Action:
        """As listed, the melds in the order written (they go on the table,
        and are numbered, in that order)."""
        assert isinstance(a, MeldAction)
        if h._kit.side_rank and h._claim is None:  # the rule decides at once (as ``unlisted`` would)
            from rummykit.engine.side_melds import canonical

            why = meld_reason(h, a)
            if why is not None:
                raise why.error(a)
            return MeldAction(tuple(canonical(h, [c for c, _ in g]) for g in a.groups))
        b = super().resolve(h, a)
        assert isinstance(b, MeldAction)
        return MeldAction(in_written_order(a.groups, b.groups))

    def unlisted(self, h: Hand, a: Action, listed: Sequence[Action]) -> Action | None:
        assert isinstance(a, MeldAction)
        if h._claim is not None:
            return None
        if h._kit.side_rank:  # the same melds with other cards of their ranks, other first melds
            from rummykit.engine.side_melds import canonical

            if meld_reason(h, a) is None:
                return MeldAction(tuple(canonical(h, [c for c, _ in g]) for g in a.groups))
            return None
        # another designation of the wilds of a listed meld
        bare = MeldAction(tuple(strip(g) for g in a.groups))
        if any(self.fits(bare, b) for b in listed) and meld_reason(h, a) is None:
            canon = canonical_groups(h, a.groups)
            if canon is not None:
                return MeldAction(canon)
        # any combination of melds that makes the initial meld
        if h._must_meld is None and needs_initial(h, h._current) and meld_reason(h, a) is None:
            canon = canonical_groups(h, a.groups)
            assert canon is not None
            return MeldAction(canon)
        return None

    def reason(self, h: Hand, a: Action) -> Refusal | None:
        assert isinstance(a, MeldAction)
        return meld_reason(h, a)

    def perform(self, h: Hand, a: Action) -> None:
        assert isinstance(a, MeldAction)
        if h._kit.side_rank:
            from rummykit.engine.side_melds import make_meld

            p = h._current
            for g in a.groups:
                cards = [c for c, _ in g]
                for c in cards:
                    h._hands[p].remove(c)
                h._table.append(TableMeld(p, make_meld(h, cards)))
            h._melded[p] = True
            h._melds_this_turn += 1
            shown(h, p)
            check_out(h)
            return
        i = eaten_index(h, a)
        if i is not None:  # a concealed eaten meld is shown
            h._eaten[h._current] = tuple(x for j, x in enumerate(h._eaten[h._current]) if j != i)
        meld_groups(h, a.groups)
        check_out(h)
