"""Settling ``canasta`` scoring: each side scores the values of its melded
cards, its canastas (natural and mixed), its red threes and going out
(more when concealed), less the values of the cards left in its players'
hands (and the second hands never picked up, where the variant deals
them). Each seat's own share is paid to it; the partners' shares make the
side's score (:attr:`rummykit.Settlement.team_scores`).

From counts (a scorekeeper at the table): ``meld_totals`` (the melded
cards), ``canastas`` ((natural, mixed) per seat), ``red_threes`` and
``counts`` (the cards left in hand), ``second_left`` (the value of a second
hand never picked up), side by side or seat by seat.

>>> import rummykit as rk
>>> v = rk.load_variant("canasta")
>>> s = rk.settle(v, rk.Ending(went_out=0, hands=["", "KS 4D", "", "JK"],
...     melds=[["7C 7D 7H 7S 7C 7D 7H", "KC KD 2C"], ["QC QD QH"], [], []], laid_out=[["3H"], [], [], []]))
>>> s.team_scores, s.scores
((775, -35), (775, -35, 775, -35))
"""

from __future__ import annotations

from rummykit.cards import Card, Rank
from rummykit.errors import RummyError
from rummykit.melds import Meld
from rummykit.melds.wild_runs import side_run
from rummykit.rules.canasta import RUN_RANKS, CanastaMelds, CanastaScoring, is_black_three, is_red_three
from rummykit.scoring.context import _Ctx
from rummykit.scoring.registry import register_settlement
from rummykit.scoring.values import Settlement, Termination

_POS = {r: i for i, r in enumerate(RUN_RANKS)}


def _is_run(c: _Ctx, naturals: list[Card], wilds: int) -> bool:
    """Whether the natural cards of a meld are a run the variant allows (one
    suit, consecutive from four to ace, no wild card)."""
    rules = c.v.melds
    if not isinstance(rules, CanastaMelds) or not rules.runs or (wilds and not rules.wilds_in_runs):
        return False
    if len({x.suit for x in naturals}) != 1 or any(x.rank not in _POS for x in naturals):
        return False
    pos = sorted(_POS[x.rank] for x in naturals if x.rank is not None)
    return pos == list(range(pos[0], pos[0] + len(pos))) and rules.run_ok(len(pos) + wilds)


def _wild_run(c: _Ctx, cards: tuple[Card, ...], wild: frozenset[Rank]) -> Meld | None:
    """The run ``cards`` make where wild cards stand in runs (``melds.wilds_in_runs``), or None."""
    return side_run(c.v, cards, wild)


def _melds(c: _Ctx, seat: int) -> tuple[int, int, int, int, int]:
    """(value of the melded cards, natural, mixed, sequence and wild canastas) of ``seat``."""
    e = c.e
    given = e.canastas[seat] if e.canastas else None
    total = e.meld_totals[seat] if e.meld_totals and e.meld_totals[seat] is not None else None
    rules = c.v.melds
    special = not isinstance(rules, CanastaMelds) or rules.special_threes
    wild = c.v.deck.wild_ranks_for(None) | e.wild_ranks
    value = natural = mixed = sequence = wilds_only = 0
    for m in c.melds[seat]:
        naturals = [x for x in m.cards if not c.v.deck.is_wild(x, wild)]
        wilds = len(m.cards) - len(naturals)
        if not naturals and isinstance(rules, CanastaMelds) and rules.wild_melds:  # wild cards alone
            value += sum(c.card(x) for x in m.cards)
            wilds_only += rules.canasta_kind(naturals=0, wilds=wilds) == "wild"
            continue
        ranks = {x.rank for x in naturals}
        run = len(ranks) > 1 and _is_run(c, naturals, wilds)
        read = _wild_run(c, m.cards, wild) if len(ranks) != 1 and not run else None
        if read is not None:  # a run holding a wild (a two in its own place natural)
            run = True
            wilds = sum(1 for x, r in zip(read.cards, read.represents, strict=True) if x != r)
        if (len(ranks) != 1 and not run) or (special and any(is_red_three(x) for x in m.cards)):
            raise RummyError(
                f"ending: {m} is not a meld in {c.v.name} (one rank"
                + (" or a run of one suit" if isinstance(rules, CanastaMelds) and rules.runs else "")
                + ", natural cards, no red threes)"
            )
        value += sum(c.card(x) for x in m.cards)
        if isinstance(rules, CanastaMelds):
            kind = rules.canasta_kind(naturals=len(m.cards) - wilds, wilds=wilds, run=run)
            natural += kind == "natural"
            mixed += kind == "mixed"
            sequence += kind == "sequence"
    if total is not None:
        value = total
    if given is not None:
        natural, mixed = int(given[0]), int(given[1])
        sequence = int(given[2]) if len(given) > 2 else 0
    return value, natural, mixed, sequence, wilds_only


def _red_values(c: _Ctx, reds: list[int]) -> list[int]:
    """Each seat's red threes, valued: ``red_three`` each, or the side's share
    of ``all_red_threes`` where one side holds every red three of the deck."""
    s = c.scoring
    assert isinstance(s, CanastaScoring)
    n = c.n
    every = sum(1 for card in c.v.deck.shoe(n) if is_red_three(card))
    out = [r * s.red_three for r in reds]
    for x in range(n):
        side = c.v.players.side_of(n, x)
        held = sum(reds[y] for y in side)
        if held >= every and s.all_red_threes and x == min(y for y in side if reds[y]):
            shares = [reds[y] * s.all_red_threes // held for y in side]
            shares[side.index(x)] += s.all_red_threes - sum(shares)
            for y, share in zip(side, shares, strict=True):
                out[y] = share
    return out


def second_hand_charge(c: _Ctx, seat: int) -> int:
    """What ``seat`` loses for a second hand (a foot, a morto) it held and never
    picked up: its cards' values where ``second_hand.unplayed_counts``, and
    ``second_hand.penalty`` (recorded as payments and reasons)."""
    e = c.e
    rule = c.v.second_hand
    if not e.second_unplayed(seat):
        return 0
    total = 0
    if rule.counts_unplayed():
        given = e.second_left[seat] if e.second_left else None
        value = int(given) if given is not None else sum(c.card(x) for x in e.second_hands[seat])
        if value:
            total += value
            c.pay(seat, None, value, "cards of the second hand never picked up")
    penalty = rule.unplayed_penalty()
    if penalty:
        total += penalty
        c.pay(seat, None, penalty, "a second hand never picked up")
    if total:
        c.reasons.append(f"seat {seat}: second hand never picked up: -{total}")
    return total


@register_settlement(CanastaScoring)
def _canasta(c: _Ctx) -> Settlement:
    s = c.scoring
    assert isinstance(s, CanastaScoring)
    e = c.e
    n = c.n
    players = c.v.players
    reds: list[int] = []
    for x in range(n):
        given = e.red_threes[x] if e.red_threes else None
        laid = e.laid_out[x] if e.laid_out else ()
        reds.append(int(given) if given is not None else sum(1 for card in laid if is_red_three(card)))
    parts = [_melds(c, x) for x in range(n)]
    red_values = _red_values(c, reds)
    scores = [0] * n
    w = e.went_out if c.how is Termination.WENT_OUT else None
    for x in range(n):
        side = players.side_of(n, x)
        value, natural, mixed, sequence, wild_canastas = parts[x]
        side_melded = any(parts[y][0] or c.melds[y] for y in side)
        side_canastas = sum(parts[y][1] + parts[y][2] + parts[y][3] + parts[y][4] for y in side)
        side_canasta = side_canastas > 0
        no_natural = s.minus_without_natural and not any(
            parts[y][1] + (0 if s.sequence_canasta else parts[y][3]) for y in side
        )
        if value:
            minus = (s.meldless_melds_minus and not side_canasta) or no_natural
            scores[x] += -value if minus else value
            c.pay(
                None,
                x,
                -value if minus else value,
                "melded cards"
                + (
                    " (no natural canasta: against)"
                    if no_natural
                    else " (no canasta: against)"
                    if minus
                    else ""
                ),
            )
        if sequence and not s.sequence_canasta:  # scored as natural canastas
            natural, sequence = natural + sequence, 0
        if no_natural:
            mixed = 0
        bonus = natural * s.natural_canasta + mixed * s.mixed_canasta + sequence * s.sequence_canasta
        bonus += wild_canastas * s.wild_canasta
        if bonus:
            runs = (f", {sequence} sequence" if sequence else "") + (
                f", {wild_canastas} wild" if wild_canastas else ""
            )
            scores[x] += bonus
            c.pay(None, x, bonus, f"{natural} natural and {mixed} mixed canastas{runs}")
            c.reasons.append(f"seat {x}: {natural} natural, {mixed} mixed{runs} canastas: +{bonus}")
        if reds[x]:
            red = red_values[x]
            short = side_canastas < s.red_threes_canastas if s.red_threes_canastas else not side_melded
            if s.red_threes_against and short:
                red = -red
            why = (
                f"the side has fewer than {s.red_threes_canastas} canastas"
                if s.red_threes_canastas
                else "the side melded nothing"
            )
            scores[x] += red
            c.pay(None, x, red, "red threes" + (f" ({why}: against)" if red < 0 else ""))
            c.reasons.append(f"seat {x}: {reds[x]} red threes: {red:+d}")
        held = c.hand(x)
        if s.black_three_in_hand and c.count(x) is None:  # from the cards: each black three at its own price
            threes = [card for card in e.hands[x] if is_black_three(card)]
            held += sum(s.black_three_in_hand - c.card(card) for card in threes)
        if held:
            scores[x] -= held
            c.pay(x, None, held, "cards left in hand")
        scores[x] -= second_hand_charge(c, x)
        if x == w:
            out = s.going_out + (s.concealed_bonus if e.is_concealed(x) else 0)
            scores[x] += out
            c.pay(None, x, out, "going out" + (" concealed" if e.is_concealed(x) else ""))
            c.reasons.append(f"seat {x} went out{' concealed' if e.is_concealed(x) else ''}: +{out}")
        for seat, what, _ in e.penalties:
            if seat == x and what == "permission" and s.permission_penalty:
                scores[x] -= s.permission_penalty
                c.pay(x, None, s.permission_penalty, "told it may go out, and did not")
                c.reasons.append(f"seat {x} was told it may go out and did not: -{s.permission_penalty}")
        c.reasons.append(f"seat {x}: melds {value} - hand {held}")
    return c.done(scores, [] if w is None else [w])
