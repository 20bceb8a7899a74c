"""Applying actions: resolving text to a legal action, refusing with the rule's
reason, and performing the change (turn structure, stock exhaustion, going
out, knocks, declarations, claims, drops)."""

from __future__ import annotations

import random
from bisect import insort as _insort
from collections import Counter
from operator import attrgetter
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card
from rummykit.engine.actions import (
    Action,
    Borrow,
    Call,
    Declare,
    Discard,
    Draw,
    Drop,
    Group,
    Knock,
    Layoff,
    MeldAction,
    Pass,
    Pick,
    Swap,
    Take,
    as_action,
    format_group,
)
from rummykit.engine.legal import (
    eaten_problem,
    exit_ok,
    final_rule,
    free_hand,
    initial_ok,
    laid_rep,
    layoff_allowed,
    may_meld_now,
    minus,
    needs_initial,
    showing_now,
    stock_drawable,
    swap_results,
)
from rummykit.engine.phase import Phase, TableMeld
from rummykit.errors import AmbiguousActionError, IllegalAction
from rummykit.melds import Meld, check_declaration
from rummykit.rules.draw import UseAs
from rummykit.rules.going_out import FinalDiscard
from rummykit.rules.stock import WhenEmpty
from rummykit.settlement import Termination

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = ["begin_turn", "perform", "resolve"]

_CODE = attrgetter("code")


def insort(cards: list[Card], card: Card) -> None:
    """Insert ``card`` in card order."""
    _insort(cards, card, key=_CODE)


_WORD_PHASES: dict[type[Action], tuple[Phase, ...]] = {
    Draw: (Phase.DRAW,),
    Take: (Phase.DRAW, Phase.OFFER),
    Pick: (Phase.DRAW,),
    MeldAction: (Phase.PLAY,),
    Layoff: (Phase.PLAY, Phase.LAYOFF),
    Swap: (Phase.PLAY,),
    Borrow: (Phase.PLAY,),
    Discard: (Phase.PLAY,),
    Knock: (Phase.PLAY,),
    Declare: (Phase.PLAY,),
    Call: (Phase.CLAIM,),
    Pass: (Phase.DRAW, Phase.OFFER, Phase.CLAIM, Phase.LAYOFF),
    Drop: (Phase.DRAW, Phase.PLAY),
}


# --------------------------------------------------------------------------- resolving


def resolve(h: Hand, action: Action | str) -> Action:
    """The legal action ``action`` stands for, or raise with the reason."""
    a = as_action(action)
    if h.phase is Phase.OVER:
        raise IllegalAction("the hand is over", action=a)
    if isinstance(a, Take) and a.down_to is not None:
        a = _depth_form(h, a)
    legal = h.legal_actions()
    if a in legal:
        return a
    matches = [b for b in legal if _same_shape(a, b)]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise AmbiguousActionError(
            f"{str(a)!r} fits {len(matches)} legal actions: "
            + ", ".join(repr(str(b)) for b in matches)
            + " (say what each wild stands for, like JK=9H)"
        )
    extra = _accept_unlisted(h, a)
    if extra is not None:
        return extra
    raise IllegalAction(refusal(h, a), action=a)


def _depth_form(h: Hand, a: Take) -> Take:
    """``take 5C ...`` as ``take N ...``: N is the depth where 5C lies (the
    copy nearest the top)."""
    card = a.down_to
    assert card is not None
    pile = h.pile
    for depth in range(1, len(pile) + 1):
        if pile[-depth] == card:
            return Take(depth, a.and_draw, a.then)
    raise IllegalAction(f"{card} is not in the discard pile", action=a)


def _group_key(g: Group) -> tuple[Counter[Card], Counter[tuple[Card, Card]]]:
    return Counter(c for c, _ in g), Counter((c, r) for c, r in g if r is not None)


def _group_fits(a: Group, b: Group) -> bool:
    ca, pa = _group_key(a)
    cb, _ = _group_key(b)
    if ca != cb:
        return False
    have = Counter((c, r if r is not None else c) for c, r in b)
    return all(have[p] >= n for p, n in pa.items())


def _groups_fit(a: tuple[Group, ...], b: tuple[Group, ...]) -> bool:
    if len(a) != len(b):
        return False
    if len(a) == 1:
        return _group_fits(a[0], b[0])
    left = list(b)
    for g in a:
        for i, other in enumerate(left):
            if _group_fits(g, other):
                del left[i]
                break
        else:
            return False
    return True


def _same_shape(a: Action, b: Action) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, MeldAction) and isinstance(b, MeldAction):
        return _groups_fit(a.groups, b.groups)
    if isinstance(a, Layoff | Call) and isinstance(b, Layoff | Call):
        return a.card == b.card and a.target == b.target and a.stands_for in (None, b.stands_for)
    if isinstance(a, Take) and isinstance(b, Take):
        if (a.depth, a.and_draw) != (b.depth, b.and_draw) or (a.then is None) != (b.then is None):
            return False
        return a.then is None or (b.then is not None and _same_shape(a.then, b.then))
    if isinstance(a, Pick) and isinstance(b, Pick):
        if a.card != b.card or (a.then is None) != (b.then is None):
            return False
        return a.then is None or (b.then is not None and _same_shape(a.then, b.then))
    if isinstance(a, Swap) and isinstance(b, Swap):
        return a.target == b.target and Counter(a.given) == Counter(b.given)
    if isinstance(a, Borrow) and isinstance(b, Borrow):
        return a.card == b.card and a.source == b.source and _group_fits(a.meld, b.meld)
    if isinstance(a, Declare) and isinstance(b, Declare):
        return a.discard == b.discard and _groups_fit(a.groups, b.groups)
    if isinstance(a, Knock) and isinstance(b, Knock):
        if a.card != b.card or (a.melds is None) != (b.melds is None):
            return False
        return a.melds is None or (b.melds is not None and _groups_fit(a.melds, b.melds))
    return False


def _melds_of(h: Hand, groups: tuple[Group, ...]) -> list[Meld] | str:
    out: list[Meld] = []
    for g in groups:
        m = h.kit.meld_of(g, h.wild)
        if m is None:
            return f"{format_group(g)} is not a valid meld in {h.v.name}"
        out.append(m)
    return out


def _accept_unlisted(h: Hand, a: Action) -> Action | None:
    """Valid actions outside the canonical list: other groupings of a
    declaration, other combinations of melds for an initial meld (also with
    a discard taken straight into it)."""
    if isinstance(a, Take | Pick) and isinstance(a.then, MeldAction):
        return _accept_initial_take(h, a) or _accept_designation(h, a)
    if isinstance(a, MeldAction | Borrow) and h._claim is None:
        found = _accept_designation(h, a)
        if found is not None:
            return found
    if h.phase is not Phase.PLAY or h._claim is not None or h.must_meld is not None:
        return None
    if isinstance(a, Knock) and a.melds is not None and _knock_reason(h, a) is None:
        melds = _melds_of(h, a.melds)
        assert not isinstance(melds, str)
        return Knock(a.card, tuple(h.kit.group(m) for m in melds))
    if isinstance(a, Declare):
        if _verify_declare(h, a) is None:
            return _canonical_declare(h, a)
        if h.v.going_out.penalizes_invalid() and _declare_cards_ok(h, a) is None:
            return a
        return None
    if isinstance(a, MeldAction) and needs_initial(h, h.current) and _verify_meld(h, a) is None:
        melds = _melds_of(h, a.groups)
        assert not isinstance(melds, str)
        return MeldAction(tuple(h.kit.group(m) for m in melds))
    return None


def _strip(g: Group) -> Group:
    return tuple((c, None) for c, _ in g)


def _accept_designation(h: Hand, a: Action) -> Action | None:
    """Another designation of the wilds of a listed meld: melds with more than
    ``kit.LISTED_WILDS`` wilds are listed in one designation only (the bound on
    the legal-action list); the same cards standing for other cards are
    accepted when the listed action with those cards is legal and the written
    designation is a valid meld (and, for an initial meld, still reaches the
    threshold)."""
    if isinstance(a, MeldAction):
        groups = a.groups
        bare: Action = MeldAction(tuple(_strip(g) for g in groups))
    elif isinstance(a, Borrow):
        groups = (a.meld,)
        bare = Borrow(a.card, a.source, _strip(a.meld))
    elif isinstance(a, Take | Pick) and isinstance(a.then, MeldAction):
        groups = a.then.groups
        then = MeldAction(tuple(_strip(g) for g in groups))
        bare = Take(a.depth, a.and_draw, then) if isinstance(a, Take) else Pick(a.card, then)
    else:
        return None
    siblings = [b for b in h.legal_actions() if _same_shape(bare, b)]
    if not siblings:
        return None
    melds = _melds_of(h, groups)
    if isinstance(melds, str):
        return None
    if isinstance(a, MeldAction) and _verify_meld(h, a) is not None:
        return None
    if not isinstance(a, MeldAction) and needs_initial(h, h.current) and initial_ok(h, melds) is not None:
        return None
    canon = tuple(h.kit.group(m) for m in melds)
    if isinstance(a, MeldAction):
        return MeldAction(canon)
    if isinstance(a, Borrow):
        return Borrow(a.card, a.source, canon[0])
    assert isinstance(a, Take | Pick)
    return attrs.evolve(a, then=MeldAction(canon))


def _accept_initial_take(h: Hand, a: Take | Pick) -> Action | None:
    """A discard taken to go at once into an initial meld made of other melds
    than the listed ones (Kalooki: "he may take the top card of the discard
    pile to use it immediately in his initial meld"): any melds of the hand and
    the cards taken that hold the card, reach the threshold and leave a way to
    finish the turn. The meld with the card is put first, as listed."""
    p = h.current
    if h.phase is not Phase.DRAW or not needs_initial(h, p) or _take_reason(h, a) is not None:
        return None
    assert isinstance(a.then, MeldAction)
    if isinstance(a, Pick):
        depth, card, others = 1, a.card, []
    else:
        if a.and_draw:
            return None
        depth = a.depth
        card, others = h.pile[-depth], h.pile[len(h.pile) - depth + 1 :]
    if h.v.draw.use_rule(depth, melded=False) not in (UseAs.NEW_MELD, UseAs.MELD_OR_LAYOFF):
        return None
    melds = _melds_of(h, a.then.groups)
    if isinstance(melds, str):
        return None
    with_card = [m for m in melds if card in m.cards]
    rest = minus([*h.hands[p], *others, card], a.then.cards())
    if not with_card or rest is None or not exit_ok(h, rest) or initial_ok(h, melds) is not None:
        return None
    ordered = [with_card[0], *(m for m in melds if m is not with_card[0])]
    then = MeldAction(tuple(h.kit.group(m) for m in ordered))
    return Pick(card, then) if isinstance(a, Pick) else Take(depth, False, then)


def _canonical_declare(h: Hand, a: Declare) -> Declare:
    melds = _melds_of(h, a.groups)
    assert not isinstance(melds, str)
    return Declare(tuple(h.kit.group(m) for m in melds), a.discard)


# --------------------------------------------------------------------------- refusing


def refusal(h: Hand, a: Action) -> str:
    """Why ``a`` is not legal now, naming the rule."""
    phase = h.phase
    p = h.current
    allowed = _WORD_PHASES.get(type(a), ())
    if phase not in allowed:
        return _phase_reason(h, a)
    hand = h.hands[p]
    if h._claim is not None and not isinstance(a, Discard):
        return f"seat {p} called the discard and must now discard"
    if isinstance(a, Discard):
        return _discard_reason(h, a) or _generic(h, a)
    if isinstance(a, Knock):
        return _knock_reason(h, a) or _generic(h, a)
    if isinstance(a, MeldAction):
        return _verify_meld(h, a) or _generic(h, a)
    if isinstance(a, Declare):
        return _verify_declare(h, a) or _generic(h, a)
    if isinstance(a, Layoff | Call):
        return _layoff_reason(h, a) or _generic(h, a)
    if isinstance(a, Draw):
        if h.stock_only:
            return _generic(h, a)
        return "the stock is empty" if not stock_drawable(h) else _generic(h, a)
    if isinstance(a, Take | Pick):
        return _take_reason(h, a) or _use_reason(h, a) or _generic(h, a)
    if isinstance(a, Pass):
        if phase is Phase.DRAW:
            return f"you may not pass while the stock can be drawn from (stock {h.v.stock.kind})"
        return _generic(h, a)
    if isinstance(a, Drop):
        return _drop_reason(h) or _generic(h, a)
    if isinstance(a, Swap):
        missing = minus(hand, a.given)
        if missing is None:
            return f"{' '.join(map(str, a.given))} is not in seat {p}'s hand"
        if not h.v.swap.exchanges_wilds(has_melded=h.melded[p], played_this_turn=h.played_this_turn):
            return f"a wild may not be exchanged now (swap {h.v.swap.kind})"
    return _generic(h, a)


def _generic(h: Hand, a: Action) -> str:
    return f"{a} is not a legal action now ({h.phase.value} phase, seat {h.current} to act)"


def _phase_reason(h: Hand, a: Action) -> str:
    phase = h.phase
    if phase is Phase.DRAW:
        return f"seat {h.current} must draw first ({a.word} is not allowed before drawing)"
    if phase is Phase.PLAY:
        if isinstance(a, Draw | Take | Pick):
            return f"seat {h.current} has already drawn this turn"
        return f"{a.word} is not allowed during a turn"
    if phase is Phase.OFFER:
        return "the upcard is being offered: take it or pass"
    if phase is Phase.CLAIM:
        return f"seat {h.current} may call the discard or pass"
    if phase is Phase.LAYOFF:
        return f"after the knock, seat {h.current} may only lay off onto the knocker's melds or pass"
    return "the hand is over"


def _in_hand(h: Hand, cards: tuple[Card, ...]) -> str | None:
    if minus(h.hands[h.current], cards) is None:
        shown = " ".join(str(c) for c in cards)
        return f"{shown} is not in seat {h.current}'s hand"
    return None


def _concealed(h: Hand, cards: tuple[Card, ...]) -> str | None:
    """Why cards of the hand are spoken for by a concealed eaten meld, or None."""
    p = h.current
    if not h.eaten[p] or minus(free_hand(h, p), cards) is not None:
        return None
    held = [
        f"{m} (with {c}, taken from the discard pile)" for c, m in h.eaten[p] if set(cards) & set(m.cards)
    ]
    return (
        f"{' '.join(map(str, cards))} belongs to the concealed meld {', '.join(held)}: "
        f"its cards stay in hand until the showing (draw {h.v.draw.kind})"
    )


def _eaten_index(h: Hand, a: MeldAction) -> int | None:
    """Which of the player's concealed eaten melds ``a`` shows as it was made."""
    if len(a.groups) != 1:
        return None
    cards = Counter(a.cards())
    return next((i for i, (_, m) in enumerate(h.eaten[h.current]) if Counter(m.cards) == cards), None)


def _discard_reason(h: Hand, a: Discard) -> str | None:
    bad = _in_hand(h, (a.card,)) or _concealed(h, (a.card,))
    if bad:
        return bad
    if h.must_meld is not None:
        return f"the wild {h.must_meld} taken by the exchange must be melded this turn (swap {h.v.swap.kind})"
    refused = h.v.discard.refusal(a.card, taken=h.taken)
    if refused:
        return f"{refused} (discard {h.v.discard.kind})"
    if len(h.hands[h.current]) == 1 and final_rule(h) is FinalDiscard.FORBIDDEN:
        return f"going out by discarding is not allowed: every card must be melded (going_out {h.v.going_out.kind})"
    return None


def _knock_reason(h: Hand, a: Knock) -> str | None:
    v = h.v
    limit = v.going_out.knock_limit(upcard_value=h.upcard_value())
    if limit is None:
        return f"there is no knocking in {v.name} (going_out {v.going_out.kind})"
    hand = h.hands[h.current]
    if a.card is None:
        if not v.going_out.big_gin_allowed():
            return "knocking needs a discard (big gin is off)"
        dead = h.kit.deadwood(tuple(hand), h.wild)
        if dead:
            return f"big gin needs every card melded; deadwood is {dead}"
        return _knock_melds_reason(h, a, list(hand), 0)
    bad = _in_hand(h, (a.card,))
    if bad:
        return bad
    refused = v.discard.refusal(a.card, taken=h.taken)
    if refused:
        return refused
    rest = list(hand)
    rest.remove(a.card)
    dead = h.kit.deadwood(tuple(rest), h.wild)
    if dead > limit:
        return f"deadwood {dead} is above the knock limit {limit}"
    return _knock_melds_reason(h, a, rest, dead)


def _knock_melds_reason(h: Hand, a: Knock, rest: list[Card], dead: int) -> str | None:
    """Why the melds stated with a knock cannot be shown (None: they can, or
    none are stated). The knocker may show any melds of the cards kept that
    leave the least deadwood (the deadwood the knock is scored on)."""
    if a.melds is None:
        return None
    melds = _melds_of(h, a.melds)
    if isinstance(melds, str):
        return melds
    left = minus(rest, [c for m in melds for c in m.cards])
    if left is None:
        kept = " ".join(map(str, rest))
        return f"the melds shown must be made of the cards kept ({kept}), each once"
    shown = sum(h.kit.values[c.code] for c in left)
    if shown != dead:
        return (
            f"these melds leave deadwood {shown}; the knocker shows an arrangement of the least"
            f" deadwood, {dead}"
        )
    return None


def _verify_meld(h: Hand, a: MeldAction) -> str | None:
    p = h.current
    v = h.v
    if not v.meld_timing.melds_now(deal=h.deal_number, showing=showing_now(h, p)):
        return f"melds are not laid on the table now (meld_timing {v.meld_timing.kind})"
    limit = v.meld_timing.melds_per_turn(deal=h.deal_number)
    if limit and h.melds_this_turn >= limit:
        return f"only {limit} meld{'s' if limit > 1 else ''} per turn (meld_timing {v.meld_timing.kind})"
    bad = _in_hand(h, a.cards()) or (None if _eaten_index(h, a) is not None else _concealed(h, a.cards()))
    if bad:
        return bad
    melds = _melds_of(h, a.groups)
    if isinstance(melds, str):
        return melds
    if needs_initial(h, p):
        short = initial_ok(h, melds)
        if short:
            return short
    elif len(melds) > 1:
        return "one meld per action"
    if h.must_meld is not None and not any(h.must_meld in m.cards for m in melds):
        return f"the wild {h.must_meld} taken by the exchange must go into this meld"
    rest = minus(h.hands[p], a.cards())
    assert rest is not None
    if not exit_ok(h, rest):
        return _exit_reason(h)
    return None


def _exit_reason(h: Hand) -> str:
    if final_rule(h) is FinalDiscard.REQUIRED:
        return f"you must keep a card to discard (going_out {h.v.going_out.kind}, final discard required)"
    return "you would be left with no card you may discard"


def _declare_cards_ok(h: Hand, a: Declare) -> str | None:
    hand = h.hands[h.current]
    if Counter(a.cards()) != Counter(hand):
        return "a declaration shows every card in hand (and the final discard), each once"
    return None


def _verify_declare(h: Hand, a: Declare) -> str | None:
    v = h.v
    if not (v.going_out.declares() or v.meld_timing.all_at_once(deal=h.deal_number)):
        return f"going out all at once is not how {v.name} ends (going_out {v.going_out.kind})"
    bad = _declare_cards_ok(h, a)
    if bad:
        return bad
    rule = final_rule(h)
    if a.discard is None and rule is FinalDiscard.REQUIRED:
        return f"the declaration needs a final discard (going_out {v.going_out.kind})"
    if a.discard is not None:
        if rule is FinalDiscard.FORBIDDEN:
            return f"the declaration may not end with a discard (going_out {v.going_out.kind})"
        refused = v.discard.refusal(a.discard, taken=h.taken)
        if refused:
            return refused
    melds = _melds_of(h, a.groups)
    if isinstance(melds, str):
        return melds
    eaten = eaten_problem(h, h.current, melds)
    if eaten:
        return eaten
    problems = check_declaration(
        v, melds, wild_ranks=h.wild, deadwood=(a.discard,) if a.discard is not None else ()
    )
    return "; ".join(problems) if problems else None


def _layoff_reason(h: Hand, a: Layoff | Call) -> str | None:
    p = h.current
    if isinstance(a, Layoff):
        bad = _in_hand(h, (a.card,)) or _concealed(h, (a.card,))
        if bad:
            return bad
        if h.phase is Phase.PLAY and not h.v.layoff.on_turn(showing=showing_now(h, p)):
            return f"lay-offs are not allowed now (layoff {h.v.layoff.kind})"
    elif h.pile[-1] != a.card:
        return f"{a.card} is not the discard on offer"
    if not 1 <= a.target <= len(h.table):
        return f"there is no table meld #{a.target} ({len(h.table)} on the table)"
    t = h.table[a.target - 1]
    if not layoff_allowed(h, p, t.owner):
        return f"seat {p} may not lay off onto seat {t.owner}'s meld now (layoff {h.v.layoff.kind})"
    if not h.kit.layoffs(t.meld, a.card, h.wild, t.text):
        return f"{a.card} does not fit meld #{a.target} ({t.meld})"
    if isinstance(a, Layoff) and h.phase is Phase.PLAY:
        rest = minus(h.hands[p], (a.card,))
        if rest is not None and not exit_ok(h, rest):
            return _exit_reason(h)
    return None


def _take_reason(h: Hand, a: Take | Pick) -> str | None:
    v = h.v
    if not h.pile:
        return "the discard pile is empty"
    if h.stock_only:
        return "both players passed the upcard: the first player draws from the stock"
    if isinstance(a, Pick):
        if not v.draw.picks_any():
            return f"only the top of the discard pile may be taken (draw {v.draw.kind})"
        if a.card not in h.pile:
            return f"{a.card} is not in the discard pile"
        depth = 1
    else:
        depth = a.depth
        if a.and_draw and not v.draw.with_stock():
            return f"the top discard may not be taken with the top of the stock (draw {v.draw.kind})"
        if depth not in v.draw.depths(len(h.pile)):
            return f"may not take {depth} card{'s' if depth > 1 else ''} from the discard pile (draw {v.draw.kind})"
    rule = v.draw.use_rule(depth, melded=h.melded[h.current])
    if rule is not None and a.then is None:
        bottom = a.card if isinstance(a, Pick) else h.pile[-depth]
        return f"the card taken, {bottom}, must be used at once ({rule.value}; draw {v.draw.kind})"
    if rule is None and a.then is not None:
        return f"the card taken is kept in hand here (draw {v.draw.kind}): take it, then meld"
    return None


def _use_reason(h: Hand, a: Take | Pick) -> str | None:
    """Why the stated use of a card taken from the pile (``take 3 meld ...``)
    is not one the draw rule allows (None: no more specific reason)."""
    then = a.then
    depth = 1 if isinstance(a, Pick) else a.depth
    rule = h.v.draw.use_rule(depth, melded=h.melded[h.current])
    if then is None or rule is None or not h.pile:
        return None
    where = f"({rule.value}; draw {h.v.draw.kind})"
    bottom = a.card if isinstance(a, Pick) else h.pile[-depth]
    others = [] if isinstance(a, Pick) else h.pile[len(h.pile) - depth + 1 :]
    hand = free_hand(h, h.current)
    if isinstance(then, Layoff):
        if rule is not UseAs.MELD_OR_LAYOFF:
            return f"the card taken, {bottom}, must go into a new meld, not onto a table meld {where}"
        return None if then.card == bottom else f"the card laid off must be the card taken, {bottom} {where}"
    if minus([*hand, *others, bottom], then.cards()) is None:
        spoken = (
            " (the cards of a concealed meld made with an eaten card are spoken for)"
            if minus([*h.hands[h.current], *others, bottom], then.cards()) is not None
            else ""
        )
        return (
            f"the meld uses cards that are neither in seat {h.current}'s hand nor taken from the pile{spoken}"
        )
    melds = _melds_of(h, then.groups)
    if isinstance(melds, str):
        return melds
    if not any(bottom in m.cards for m in melds):
        return f"the meld must hold the card taken, {bottom} {where}"
    if rule is UseAs.NEW_MELD_WITH_HAND_CARD:
        need = Counter(melds[0].cards)
        need[bottom] -= 1
        taken = Counter(others)
        if not any(n > taken[c] for c, n in need.items()):
            return f"the meld with {bottom} must hold a card from seat {h.current}'s hand {where}"
    return None


# --------------------------------------------------------------------------- performing


def perform(h: Hand, a: Action) -> None:
    """Apply a legal action."""
    if isinstance(a, Discard):
        _discard(h, a.card)
    elif isinstance(a, Draw):
        _draw(h)
    elif isinstance(a, Take):
        _take(h, a)
    elif isinstance(a, Pick):
        _pick(h, a)
    elif isinstance(a, MeldAction):
        i = _eaten_index(h, a)
        if i is not None:  # a concealed eaten meld is shown
            h.eaten[h.current] = tuple(x for j, x in enumerate(h.eaten[h.current]) if j != i)
        _meld(h, a.groups)
        _check_out(h)
    elif isinstance(a, Layoff):
        _layoff(h, h.current, a)
        if h.phase is Phase.PLAY:
            _check_out(h)
    elif isinstance(a, Knock):
        _knock(h, a)
    elif isinstance(a, Declare):
        _declare(h, a)
    elif isinstance(a, Pass):
        _pass(h)
    elif isinstance(a, Drop):
        _drop(h)
    elif isinstance(a, Call):
        _call(h, a)
    elif isinstance(a, Swap):
        _swap(h, a)
    elif isinstance(a, Borrow):
        _borrow(h, a)
    else:  # pragma: no cover - every action kind is handled above
        raise AssertionError(a)


def _shown(h: Hand, p: int) -> None:
    h.played_this_turn = True
    if h.first_shown[p] is None:
        h.first_shown[p] = h.own_turns[p]


def _draw(h: Hand) -> None:
    p = h.current
    if not stock_drawable(h):
        _turn_over(h)
    insort(h.hands[p], h.stock.pop())
    h.draws[p] += 1
    h.stock_only = False
    h.passes = 0
    h.phase = Phase.PLAY


def _take_cards(h: Hand, depth: int) -> list[Card]:
    p = h.current
    cut = len(h.pile) - depth
    cards = h.pile[cut:]
    sources = h.pile_from[cut:]
    del h.pile[cut:]
    del h.pile_from[cut:]
    for src in set(sources):
        if src >= 0 and src != p:
            for _ in range(sources.count(src)):
                h.penalties.append((src, "eaten", p))
    if depth == 1 and sources and sources[0] >= 0:
        h.took_top = sources[0]
    return cards


def _take(h: Hand, a: Take) -> None:
    p = h.current
    if h.phase is Phase.OFFER:
        _accept_offer(h)
        p = h.current
    cards = _take_cards(h, a.depth)
    hand = h.hands[p]
    for c in cards:
        insort(hand, c)
    if a.and_draw:
        insort(hand, h.stock.pop())
        h.took_top = None
    h.taken = cards[0] if a.depth == 1 and not a.and_draw else None
    h.draws[p] += 1
    h.passes = 0
    h.phase = Phase.PLAY
    if a.then is not None:
        if _conceals(h, a.then):
            _conceal(h, a.then, cards[0])
        else:
            _use(h, a.then)


def _conceals(h: Hand, then: MeldAction | Layoff) -> bool:
    """Whether the meld made with a card taken from the pile stays in hand."""
    return (
        isinstance(then, MeldAction)
        and len(then.groups) == 1
        and h.kit.conceals_eaten
        and not may_meld_now(h, h.current)
    )


def _conceal(h: Hand, then: MeldAction | Layoff, card: Card) -> None:
    """Phỏm: "the player does not yet show the meld made with this card but
    retains all melds in his hand" [S2]. The meld is recorded: its cards
    stay in hand, spoken for, and go down at the showing."""
    assert isinstance(then, MeldAction)
    p = h.current
    meld = h.kit.meld_of(then.groups[0], h.wild)
    assert meld is not None
    h.eaten[p] = (*h.eaten[p], (card, meld))


def _pick(h: Hand, a: Pick) -> None:
    p = h.current
    i = len(h.pile) - 1 - h.pile[::-1].index(a.card)
    del h.pile[i]
    src = h.pile_from.pop(i)
    if src >= 0 and src != p:
        h.penalties.append((src, "eaten", p))
    insort(h.hands[p], a.card)
    h.taken = a.card
    h.draws[p] += 1
    h.passes = 0
    h.phase = Phase.PLAY
    if a.then is not None:
        if _conceals(h, a.then):
            _conceal(h, a.then, a.card)
        else:
            _use(h, a.then)


def _use(h: Hand, then: MeldAction | Layoff) -> None:
    if isinstance(then, MeldAction):
        _meld(h, then.groups)
    else:
        _layoff(h, h.current, then)
    h.taken = None
    _check_out(h)


def _meld(h: Hand, groups: tuple[Group, ...]) -> None:
    p = h.current
    hand = h.hands[p]
    for g in groups:
        meld = h.kit.meld_of(g, h.wild)
        assert meld is not None
        for c in meld.cards:
            hand.remove(c)
        h.table.append(TableMeld(p, meld))
        if h.must_meld is not None and h.must_meld in meld.cards:
            h.must_meld = None
    h.melded[p] = True
    h.melds_this_turn += 1
    _shown(h, p)


def _layoff(h: Hand, seat: int, a: Layoff | Call) -> None:
    t = h.table[a.target - 1]
    options = h.kit.layoffs(t.meld, a.card, h.wild, t.text)
    after = next(m for m in options if laid_rep(t.meld, m, a.card) == a.stands_for)
    h.table[a.target - 1] = TableMeld(t.owner, after, (*t.laid, (a.card, seat)))
    if t.owner != seat and h.kit.drops:
        h.hit_until[t.owner] = h.v.going_out.blocked_until(own_turns=h.own_turns[t.owner], until=h.hit_until[t.owner])
    if isinstance(a, Layoff):
        h.hands[seat].remove(a.card)
    if h.phase is Phase.PLAY or h.phase is Phase.CLAIM:
        _shown(h, seat)


def _swap(h: Hand, a: Swap) -> None:
    p = h.current
    t = h.table[a.target - 1]
    for given, after, wild_card in swap_results(h, p, t.meld, h.hands[p]):
        if Counter(given) == Counter(a.given):
            for c in given:
                h.hands[p].remove(c)
            insort(h.hands[p], wild_card)
            h.table[a.target - 1] = TableMeld(t.owner, after, t.laid)
            if h.v.swap.wild_must_be_used():
                h.must_meld = wild_card
            _shown(h, p)
            return
    raise AssertionError("swap verified but not found")  # pragma: no cover


def _borrow(h: Hand, a: Borrow) -> None:
    p = h.current
    t = h.table[a.source - 1]
    left = list(t.meld.cards)
    left.remove(a.card)
    rest = h.kit.classify(tuple(sorted(left)), None, h.wild)
    assert rest is not None
    h.table[a.source - 1] = TableMeld(t.owner, rest, tuple(x for x in t.laid if x[0] != a.card))
    insort(h.hands[p], a.card)
    _meld(h, (a.meld,))
    _check_out(h)


def _check_out(h: Hand) -> None:
    p = h.current
    if not h.hands[p] and h.phase is Phase.PLAY:
        h.final_discard = False
        end_hand(h, Termination.WENT_OUT, went_out=p)


def _discard(h: Hand, card: Card) -> None:
    p = h.current
    v = h.v
    hand = h.hands[p]
    hand.remove(card)
    if h.kit.penalize_playable and any(h.kit.layoffs(t.meld, card, h.wild, t.text) for t in h.table):
        h.penalties.append((p, "playable-discard", None))
    calling = h._claim is not None
    h._claim = None
    if not hand:
        if v.going_out.buries_final_discard():
            h.buried.append(card)
        else:
            h.pile.append(card)
            h.pile_from.append(p)
        h.final_discard = True
        end_hand(h, Termination.WENT_OUT, went_out=p)
        return
    h.pile.append(card)
    h.pile_from.append(p)
    if not calling and showing_now(h, p):
        _show_rest(h, p)
        h.shown[p] = True
        if all(h.shown[s] for s in h.active_seats()):
            end_hand(h, Termination.SHOWING)
            return
    resume = h.resume if calling else h.next_seat(p)
    if _open_claims(h, p, card, resume):
        return
    begin_turn(h, resume)


def _show_rest(h: Hand, p: int) -> None:
    """The showing turn ends: the melds left in hand go on the table (Phỏm:
    "each player must lay down all melds"), the unmelded cards stay in hand."""
    hand = free_hand(h, p)
    fixed = [m for _, m in h.eaten[p]]
    whole = h.kit.arrangement(tuple(h.hands[p]), h.wild) if fixed else None
    if whole is not None and eaten_problem(h, p, whole.melds) is None:
        fixed, hand = [], h.hands[p]  # the best arrangement keeps the eaten cards apart
    h.eaten[p] = ()
    arr = h.kit.arrangement(tuple(hand), h.wild) if hand else None
    melds = [*fixed, *(arr.melds if arr is not None else ())]
    if not melds:
        return
    for m in melds:
        h.table.append(TableMeld(p, m))
    h.hands[p] = list(arr.deadwood) if arr is not None else list(hand)
    h.melded[p] = True


def _open_claims(h: Hand, discarder: int, card: Card, resume: int) -> bool:
    if not h.kit.claims or not h.table:
        return False
    from rummykit.engine.legal import call_actions

    queue = [s for s in h.seats_from(h.next_seat(discarder)) if s != discarder and h.dropped[s] is None]
    queue = [s for s in queue if call_actions(h, s, card)]
    if not queue:
        return False
    h.resume = resume
    h.claim_queue = queue[1:]
    h.current = queue[0]
    h.phase = Phase.CLAIM
    return True


def _call(h: Hand, a: Call) -> None:
    seat = h.current
    h.pile.pop()
    h.pile_from.pop()
    _layoff(h, seat, a)
    h._claim = a.card
    h.claim_queue = []
    h.taken = None
    h.must_meld = None
    h.phase = Phase.PLAY


def _knock(h: Hand, a: Knock) -> None:
    p = h.current
    hand = h.hands[p]
    if a.card is not None:
        hand.remove(a.card)
        h.buried.append(a.card)
    h.knocker = p
    h.final_discard = a.card is not None
    arr = h.kit.arrangement(tuple(hand), h.wild)
    gin = arr is None or arr.deadwood_value == 0
    how = Termination.GIN if gin else Termination.KNOCK
    if arr is not None and h.v.layoff.after_knock(gin=gin):
        shown: tuple[Meld, ...] = arr.melds
        left: list[Card] = list(arr.deadwood)
        if a.melds is not None:  # the knocker's own choice of melds
            chosen = _melds_of(h, a.melds)
            assert not isinstance(chosen, str)
            shown = tuple(chosen)
            rest = minus(hand, [c for m in shown for c in m.cards])
            assert rest is not None
            left = rest
        for m in shown:
            h.table.append(TableMeld(p, m))
        h.hands[p] = left
        h.melded[p] = True
        queue = [s for s in h.seats_from(h.next_seat(p)) if s != p and h.dropped[s] is None]
        h.layoff_queue = queue[1:]
        h.current = queue[0]
        h.phase = Phase.LAYOFF
        h.how = how
        return
    end_hand(h, how, went_out=None)


def _declare(h: Hand, a: Declare) -> None:
    p = h.current
    v = h.v
    if _verify_declare(h, a) is not None:  # a wrong declaration the rules penalize
        h.dropped[p] = "wrong-declaration"
        _after_leaving(h, p)
        return
    for g in a.groups:
        meld = h.kit.meld_of(g, h.wild)
        assert meld is not None
        h.table.append(TableMeld(p, meld))
    h.hands[p] = []
    h.eaten[p] = ()
    if a.discard is not None:
        if v.going_out.buries_final_discard():
            h.buried.append(a.discard)
        else:
            h.pile.append(a.discard)
            h.pile_from.append(p)
    h.melded[p] = True
    h.melds_this_turn += 1
    _shown(h, p)
    h.final_discard = a.discard is not None
    how = Termination.DECLARED if v.going_out.declares() else Termination.WENT_OUT
    end_hand(h, how, went_out=p)


def _accept_offer(h: Hand) -> None:
    """The upcard is taken during the offer: the taker plays this turn."""
    if h.offer_stage == 1:
        h.own_turns[h.starter] -= 1
        h.current = h.dealer
        h.own_turns[h.dealer] += 1
    h.offer_stage = 2


def _pass(h: Hand) -> None:
    phase = h.phase
    p = h.current
    if phase is Phase.OFFER:
        if h.offer_stage == 0 and h.n > 1:
            h.offer_stage = 1
            h.current = h.dealer
            return
        h.offer_stage = 2
        h.current = h.starter
        h.stock_only = True
        h.phase = Phase.DRAW
        if not stock_drawable(h):
            end_hand(h, Termination.STOCK_EXHAUSTED)
        return
    if phase is Phase.CLAIM:
        if h.claim_queue:
            h.current = h.claim_queue.pop(0)
            return
        begin_turn(h, h.resume)
        return
    if phase is Phase.LAYOFF:
        if h.layoff_queue:
            h.current = h.layoff_queue.pop(0)
            return
        end_hand(h, h.how or Termination.KNOCK, went_out=None)
        return
    # DRAW with the stock out
    when = h.v.stock.when_empty(reuses=h.reuses)
    if when is WhenEmpty.DECLINE:
        end_hand(h, Termination.STOCK_EXHAUSTED)
        return
    h.passes += 1
    if h.passes >= len(h.active_seats()):
        end_hand(h, Termination.STOCK_EXHAUSTED)
        return
    begin_turn(h, h.next_seat(p))


def _drop_reason(h: Hand) -> str | None:
    v = h.v
    if not h.kit.drops:
        return f"dropping is not allowed in {v.name} (going_out {v.going_out.kind})"
    p = h.current
    if h.phase is Phase.PLAY and not h.kit.drop_in_play:
        return f"a drop is made before drawing, not after (going_out.after_draw in {v.name})"
    if h.kit.drop_needs_meld and not h.melded[p]:
        return f"seat {p} has no meld on the table and may not drop (going_out.needs_meld in {v.name})"
    if h.own_turns[p] <= h.hit_until[p]:
        return f"seat {p} was hit and may not drop on this turn (going_out.hit_block in {v.name})"
    return None


def _drop(h: Hand) -> None:
    """Concede the hand: a first drop before one's first draw, a middle drop
    later, including right after drawing ([S3]: "A player will get 40 points
    if they leave the table after drawing a card from the closed deck").
    Where a drop ends the hand (Tonk), everyone shows and the counts decide."""
    p = h.current
    if h.kit.drop_shows:
        h.knocker = p
        end_hand(h, Termination.SHOWDOWN)
        return
    h.dropped[p] = "first" if h.draws[p] == 0 else "middle"
    _after_leaving(h, p)


def _after_leaving(h: Hand, p: int) -> None:
    left = h.active_seats()
    if len(left) <= 1:
        end_hand(h, Termination.DROPPED, went_out=None)
        return
    begin_turn(h, h.next_seat(p))


# --------------------------------------------------------------------------- turns


def begin_turn(h: Hand, seat: int, *, draws: bool = True) -> None:
    """Start ``seat``'s turn (or end the hand when the limits say so)."""
    v = h.v
    h.turns += 1
    if h.turns > v.limits.max_turns:
        end_hand(h, Termination.TURN_LIMIT)
        return
    h.current = seat
    h.own_turns[seat] += 1
    h.taken = None
    h.took_top = None
    h.melds_this_turn = 0
    h.played_this_turn = False
    h.must_meld = None
    h._claim = None
    if not draws:
        h.phase = Phase.PLAY
        return
    h.phase = Phase.DRAW
    if stock_drawable(h):
        return
    when = v.stock.when_empty(reuses=h.reuses)
    if when is WhenEmpty.END:
        end_hand(h, Termination.STOCK_EXHAUSTED)
        return
    if when is WhenEmpty.REUSE:
        # "If the stock pile has run out and the next player does not want to
        # take the discard, the discard pile is turned over" [S1]: the player
        # may still take the top discard; ``draw`` turns the pile over first
        # (_turn_over). The size of the new stock does not depend on a shuffle.
        new_stock, _ = v.stock.rebuild(list(h.pile), random.Random(0))
        if len(new_stock) + len(h.stock) <= v.stock.reserve_cards():
            end_hand(h, Termination.STOCK_EXHAUSTED)
        return
    # DECLINE / PASS: the player may take from the pile or pass; nothing to
    # take and nothing to draw leaves only "pass".


def _turn_over(h: Hand) -> None:
    """The stock is out and the player draws: the discard pile (all of it, or
    all but the cards the stock rule keeps) becomes the new stock."""
    new_stock, keep = h.v.stock.rebuild(list(h.pile), h.rng)
    h.reuses += 1
    kept = len(keep)
    h.pile_from = h.pile_from[len(h.pile_from) - kept :] if kept else []
    h.pile = list(keep)
    h.stock = list(reversed(new_stock)) + h.stock


def end_hand(h: Hand, how: Termination, *, went_out: int | None = None) -> None:
    """End the hand."""
    h.phase = Phase.OVER
    h.how = how
    h.went_out = went_out
    if went_out is not None and h.took_top is not None and h.draws[went_out] and h.took_top != went_out:
        h.fed_by = h.took_top
    h._legal = ()


def starting_phase(h: Hand) -> None:
    """Set up the first turn after the deal."""
    v = h.v
    h.turns = 0
    dealt = v.scoring.dealt_winners([sum(h.kit.values[c.code] for c in hand) for hand in h.hands])
    if dealt:
        end_hand(h, Termination.DEALT, went_out=dealt[0] if len(dealt) == 1 else None)
        return
    if v.draw.offers_upcard() and h.pile:
        h.turns = 1
        h.current = h.starter
        h.own_turns[h.starter] = 1
        h.offer_stage = 0
        h.phase = Phase.OFFER
        return
    begin_turn(h, h.starter, draws=v.deal.starter_draws())
