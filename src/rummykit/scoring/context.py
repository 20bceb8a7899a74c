"""What every settling function needs, computed once from the variant and the
ending: values of cards, hands and melds, deadwood, payments.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.cards import Card, Rank, parse_cards
from rummykit.errors import NotationError, RummyError
from rummykit.melds import Meld, MeldKind, best_arrangement, classify_meld, meld_value
from rummykit.melds.wild_runs import side_run
from rummykit.rules import MeldedWild
from rummykit.scoring.values import Ending, LaidOff, Payment, ScoreUnits, Settlement, Termination, _bad
from rummykit.variant import Variant


class _Ctx:
    """What every settling function needs, computed once."""

    def __init__(self, v: Variant, ending: Ending) -> None:
        self.v = v
        self.e = ending
        self.how: Termination = ending.how or Termination.STOCK_EXHAUSTED
        self.n = ending.players
        self.scoring = v.scoring
        self.melds: list[list[Meld]] = [[self._meld(m) for m in seat] for seat in ending.melds]
        self.reasons: list[str] = []
        self.payments: list[Payment] = []
        self.units = ScoreUnits.POINTS
        self.laid: tuple[LaidOff, ...] = ()

    def _wilds_alone(self, cards: tuple[Card, ...]) -> bool:
        """Whether ``cards`` are a meld of wild cards alone the variant allows
        (``melds.wild_melds``: Bolivia)."""
        rules = self.v.melds
        wild = self.v.deck.wild_ranks_for(None) | self.e.wild_ranks
        ok = getattr(rules, "wilds_ok", None)
        return (
            bool(getattr(rules, "wild_melds", False))
            and ok is not None
            and all(self.v.deck.is_wild(c, wild) for c in cards)
            and bool(ok(wilds=len(cards), naturals=0))
        )

    def _meld(self, m: Meld | str) -> Meld:
        if not isinstance(m, str):
            if not isinstance(m, Meld):
                raise _bad(f"{m!r} is not a meld (text or Meld)")
            wr = self.e.wild_ranks
            if self._wilds_alone(m.cards):
                return m
            if (
                classify_meld(self.v, m, wild_ranks=wr) is None
                and classify_meld(self.v, m.cards, wild_ranks=wr) is None
                and side_run(self.v, m.cards, wr) is None
            ):
                raise _bad(f"{str(m)!r} is not a meld in {self.v.name}")
            return m
        found = None
        try:
            found = classify_meld(self.v, Meld.parse(m), wild_ranks=self.e.wild_ranks)
        except NotationError:
            cards = tuple(parse_cards(m))
            if self._wilds_alone(cards):
                return Meld(MeldKind.SET, cards, cards)
            found = classify_meld(self.v, cards, wild_ranks=self.e.wild_ranks)
        if found is None and "=" not in m:
            found = side_run(self.v, parse_cards(m), self.e.wild_ranks)
        if found is None:
            raise RummyError(f"ending: {m!r} is not a meld in {self.v.name}")
        return found

    def count(self, seat: int) -> int | None:
        """The count the table gave for ``seat``'s hand, or None."""
        return self.e.counts[seat] if self.e.counts else None

    def pay(self, payer: int | None, payee: int | None, amount: int, reason: str) -> None:
        """Record a payment (negative amounts go the other way)."""
        if amount < 0:
            payer, payee, amount = payee, payer, -amount
        if amount:
            self.payments.append(Payment(payer, payee, amount, reason))

    # values ---------------------------------------------------------------

    def card(self, card: Card) -> int:
        return self.scoring.card_value(card)

    def hand(self, seat: int) -> int:
        given = self.count(seat)
        if given is not None:
            return given
        return sum(self.card(c) for c in self.e.hands[seat])

    def slot(self, meld: Meld, i: int) -> int:
        card, rep = meld.cards[i], meld.represents[i]
        if card != rep and self.scoring.melded_wild is MeldedWild.OWN:
            return self.card(card)
        low = meld.kind is MeldKind.RUN and rep.rank is Rank.ACE and i == 0 and len(meld.cards) > 1
        low = low and meld.represents[1].rank is Rank.TWO
        return self.scoring.card_value(rep, low_ace=low)

    def meld(self, meld: Meld) -> int:
        return meld_value(self.v, meld)

    def table(self, seat: int) -> int:
        """Value of the melds credited to ``seat`` (lay-offs moved to the layer
        where the lay-off policy says so)."""
        if self.e.meld_totals and self.e.meld_totals[seat] is not None:
            return self.e.meld_totals[seat]  # type: ignore[return-value]
        total = sum(self.meld(m) for m in self.melds[seat])
        for lo in self.e.laid_off:
            credit = self.v.layoff.credit_to(owner=lo.owner, layer=lo.layer)
            if credit == lo.owner:
                continue
            value = self._laid_value(lo)
            if seat == lo.owner:
                total -= value
            if seat == credit:
                total += value
        return total

    def _laid_value(self, lo: LaidOff) -> int:
        melds = self.melds[lo.owner]
        if not 0 <= lo.index < len(melds):
            raise RummyError(f"ending: seat {lo.owner} has no meld #{lo.index + 1}")
        meld = melds[lo.index]
        for i, c in enumerate(meld.cards):
            if c == lo.card:
                return self.slot(meld, i)
        raise RummyError(f"ending: {lo.card} is not in meld {meld}")

    def deadwood(self, seat: int, *, min_runs: int = 0, min_pure: int = 0) -> int | None:
        given = self.count(seat)
        if given is not None:
            return given
        cards = self.e.hands[seat]
        if not cards:
            return 0
        arr = best_arrangement(
            self.v, cards, wild_ranks=self.e.wild_ranks, min_runs=min_runs, min_pure_runs=min_pure
        )
        return None if arr is None else arr.deadwood_value

    def done(self, scores: Sequence[int], winners: Sequence[int] = ()) -> Settlement:
        """The settlement; payments not recorded by the settling function are
        filled in from the scores (an entry on the score sheet per seat)."""
        net = [0] * self.n
        for p in self.payments:
            if p.payee is not None:
                net[p.payee] += p.amount
            if p.payer is not None:
                net[p.payer] -= p.amount
        for seat in range(self.n):
            self.pay(None, seat, scores[seat] - net[seat], "score for the hand")
        sides = self.v.players.teams_for(self.n)
        team_scores: tuple[int, ...] = ()
        if sides:
            # scores and the game's end go by side: each partner's entry is
            # the side's score (its partners' shares paid in as such)
            team_scores = tuple(sum(scores[s] for s in side) for side in sides)
            pooled = list(scores)
            for side, total in zip(sides, team_scores, strict=True):
                for s in side:
                    if total != scores[s]:
                        self.pay(None, s, total - scores[s], "the partners' score")
                    pooled[s] = total
            scores = pooled
            won = {s for w in winners for s in self.v.players.side_of(self.n, w)}
            winners = sorted(won)
        return Settlement(
            how=self.how,
            scores=tuple(scores),
            team_scores=team_scores,
            winners=tuple(winners),
            reasons=tuple(self.reasons),
            units=self.units,
            payments=tuple(self.payments),
            laid_off=self.laid,
        )

    def seat_order(self) -> list[int]:
        return list(self.e.order) if self.e.order else list(range(self.n))

    def active(self) -> list[int]:
        gone = {s for s, _ in self.e.dropped}
        return [s for s in range(self.n) if s not in gone]
