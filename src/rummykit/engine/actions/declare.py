"""``declare 7H 8H 9H + ... discard 5C``: show the whole hand at once, with an
optional final discard (``going_out.kind = "declare"``, or melds laid all at
once by ``meld_timing``), checked against the declaration rules (patterns,
runs, pure runs).

One canonical declaration is listed per hand; other valid groupings of
the same cards are accepted too. Where ``going_out.invalid = "penalty"``
an invalid declaration of the whole hand is accepted and loses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card, parse_card
from rummykit.engine.conditions import eaten_problem, free_hand, melds_of
from rummykit.engine.kind import ListedKind, Refusal
from rummykit.engine.notation import Action, Group, bad_text, format_group, groups_fit, parse_groups
from rummykit.engine.phase import Phase, TableMeld
from rummykit.engine.turn import after_leaving, end_hand, shown
from rummykit.melds import Meld, check_declaration
from rummykit.rules.going_out import FinalDiscard
from rummykit.settlement import Termination

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = ["Declare", "DeclareKind"]


@attrs.frozen(repr=False, cache_hash=True)
class Declare(Action):
    """Show the whole hand at once as ``groups``, with an optional final discard."""

    groups: tuple[Group, ...]
    discard: Card | None = None
    word = "declare"
    order = 22

    def __str__(self) -> str:
        text = "declare " + " + ".join(format_group(g) for g in self.groups)
        return text if self.discard is None else f"{text} discard {self.discard}"

    def cards(self) -> tuple[Card, ...]:
        out = [c for g in self.groups for c, _ in g]
        if self.discard is not None:
            out.append(self.discard)
        return tuple(out)


def _cards_reason(h: Hand, a: Declare) -> Refusal | None:
    if Counter(a.cards()) != Counter(h._hands[h._current]):
        return Refusal(
            "a declaration shows every card in hand (and the final discard), each once", "going_out"
        )
    return None


def declare_reason(h: Hand, a: Declare) -> Refusal | None:
    """Why ``a`` is not a valid declaration of the current player's hand, or None."""
    v = h._v
    bad = _cards_reason(h, a)
    if bad:
        return bad
    rule = h._kit.final_rule
    if a.discard is None and rule is FinalDiscard.REQUIRED:
        return Refusal(
            f"the declaration needs a final discard (going_out {v.going_out.kind})", "going_out.final_discard"
        )
    if a.discard is not None:
        if rule is FinalDiscard.FORBIDDEN:
            return Refusal(
                f"the declaration may not end with a discard (going_out {v.going_out.kind})",
                "going_out.final_discard",
            )
        refused = v.discard.refusal(a.discard, taken=h._taken)
        if refused:
            return Refusal(refused, v.discard.refusal_rule)
    melds = melds_of(h, a.groups)
    if isinstance(melds, str):
        return Refusal(melds, "melds")
    eaten = eaten_problem(h, h._current, melds)
    if eaten:
        return Refusal(eaten, "draw")
    problems = check_declaration(
        v, melds, wild_ranks=h._wild, deadwood=(a.discard,) if a.discard is not None else ()
    )
    return Refusal("; ".join(problems), "going_out") if problems else None


class DeclareKind(ListedKind):
    """The ``declare`` kind (see the module documentation)."""

    action = Declare
    words = ("declare",)
    keywords = ("discard",)
    phases = frozenset({Phase.PLAY})
    rule = "going_out"

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        tokens = list(rest)
        discard: Card | None = None
        if "discard" in tokens:
            i = tokens.index("discard")
            if len(tokens) != i + 2:
                raise bad_text(text, "expected one card after 'discard'")
            discard = parse_card(tokens[i + 1])
            tokens = tokens[:i]
        return Declare(parse_groups(tokens, text), discard)

    def _declares(self, h: Hand) -> bool:
        return h._kit.declares or h._kit.all_at_once(h._deal_number)

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        if h._must_meld is not None or not self._declares(h):
            return ()
        p = h._current
        v = h._v
        # With concealed eaten melds (each eaten card in a meld of its own): the
        # best declaration of the hand if it keeps them apart, else the eaten melds
        # as they were made and the best declaration of the other cards.
        fixed = tuple(m for _, m in h._eaten[p])
        cards = tuple(free_hand(h, p))
        rule = h._kit.final_rule
        out: list[Action] = []
        bound = h._kit.isolated_value(h._hands[p])
        if bound is not None and bound[2] > (0 if rule is FinalDiscard.FORBIDDEN else 1):
            return out  # more cards fit no meld than a declaration may leave over
        for leave in (False, True):
            if (leave and rule is FinalDiscard.FORBIDDEN) or (not leave and rule is FinalDiscard.REQUIRED):
                continue
            if leave and len(h._hands[p]) < 2:
                continue
            whole = h._kit.declaration(tuple(h._hands[p]), h._wild, leave) if fixed else None
            melds: tuple[Meld, ...]
            if whole is not None and eaten_problem(h, p, whole.melds) is None:
                fixed_now: tuple[Meld, ...] = ()
                melds, discard = whole.melds, whole.deadwood[0] if whole.deadwood else None
            elif leave and len(cards) == 1:
                fixed_now = fixed
                melds, discard = (), cards[0]
            elif cards:
                fixed_now = fixed
                arr = h._kit.declaration(cards, h._wild, leave)
                if arr is None:
                    continue
                melds, discard = arr.melds, arr.deadwood[0] if arr.deadwood else None
            elif leave:
                continue
            else:
                fixed_now = fixed
                melds, discard = (), None
            if discard is not None and h._taken is not None and v.discard.refusal(discard, taken=h._taken):
                continue
            out.append(Declare(tuple(h._kit.group(m) for m in (*fixed_now, *melds)), discard))
        return out

    def fits(self, a: Action, b: Action) -> bool:
        assert isinstance(a, Declare) and isinstance(b, Declare)
        return a.discard == b.discard and groups_fit(a.groups, b.groups)

    def unlisted(self, h: Hand, a: Action, listed: Sequence[Action]) -> Action | None:
        """Another valid grouping of the hand (canonical melds, in the order
        written); an invalid declaration where the rules penalize it."""
        assert isinstance(a, Declare)
        if h._must_meld is not None or not self._declares(h):
            return None
        if declare_reason(h, a) is None:
            melds = melds_of(h, a.groups)
            assert not isinstance(melds, str)
            return Declare(tuple(h._kit.group(m) for m in melds), a.discard)
        if h._v.going_out.penalizes_invalid() and _cards_reason(h, a) is None:
            return a
        return None

    def reason(self, h: Hand, a: Action) -> Refusal | None:
        assert isinstance(a, Declare)
        v = h._v
        if not self._declares(h):
            return Refusal(
                f"going out all at once is not how {v.name} ends (going_out {v.going_out.kind})", "going_out"
            )
        return declare_reason(h, a)

    def perform(self, h: Hand, a: Action) -> None:
        assert isinstance(a, Declare)
        p = h._current
        v = h._v
        if declare_reason(h, a) is not None:  # a wrong declaration the rules penalize
            h._dropped[p] = "wrong-declaration"
            after_leaving(h, p)
            return
        for g in a.groups:
            meld = h._kit.meld_of(g, h._wild)
            assert meld is not None
            h._table.append(TableMeld(p, meld))
        h._hands[p] = []
        h._eaten[p] = ()
        if a.discard is not None:
            if v.going_out.buries_final_discard():
                h._buried.append(a.discard)
            else:
                h._pile.append(a.discard)
                h._pile_from.append(p)
        h._melded[p] = True
        h._melds_this_turn += 1
        shown(h, p)
        h._final_discard = a.discard is not None
        how = Termination.DECLARED if v.going_out.declares() else Termination.WENT_OUT
        end_hand(h, how, went_out=p)
