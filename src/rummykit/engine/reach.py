"""Which cards, phases, hand sizes and endings a position may hold: checks
:func:`~rummykit.engine.position.from_position` runs after reading the
fields, so that an accepted position is one the deal and the rules can reach (and ``legal_actions()`` on it stays within the
engine's bounds: a hand never holds more than its deal and one turn's draws
where the draw rule takes one card a turn).

Each refusal names the field: ``cards`` for a card missing or held too often,
``hands`` for sizes, ``how`` for an ending that cannot be settled, and the
field that cannot be set in its phase.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rummykit.cards import Card, Rank
from rummykit.engine.contract import dealt_size
from rummykit.engine.phase import Phase
from rummykit.engine.second_hand import sizes as second_sizes
from rummykit.errors import RummyError
from rummykit.settlement import Termination

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = [
    "check_cards",
    "check_drawn",
    "check_ending",
    "check_hand_sizes",
    "check_leavers",
    "check_phase_fields",
]

Fail = Callable[[str, str], Exception]


def _one_card_a_turn(h: Hand) -> bool:
    """Whether a turn adds at most one card to a hand (no digging, no taking
    several discards, no stock card with the discard)."""
    d = h._v.draw
    return (
        max(d.depths(1_000), default=1) <= 1
        and not d.with_stock()
        and not d.picks_any()
        and not d.takes_whole_pile()
        and d.stock_draw_count(h._n) == 1
    )


def _card_list(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) if cards else "-"


def _on_table(h: Hand, seat: int) -> bool:
    """Whether ``seat`` has put cards on the table (melds or lay-offs)."""
    return any(t.owner == seat or any(layer == seat for _, layer in t.laid) for t in h._table)


def check_cards(h: Hand, fail: Fail) -> None:
    """Every card of the shoe exactly once (as a multiset), nowhere else."""
    shoe = Counter(h._kit.shoe(h._n))
    have = Counter(h.cards_in_play())
    over = sorted(c for c in have if have[c] > shoe[c])
    if over:
        c = over[0]
        raise fail("cards", f"{c} appears {have[c]} times, the {h._v.name} shoe holds {shoe[c]}")
    missing = sorted((shoe - have).elements())
    if missing:
        raise fail("cards", f"{len(missing)} cards of the shoe are nowhere: {_card_list(missing[:12])}")


def check_phase_fields(h: Hand, fail: Fail) -> None:
    """Refuse combinations of fields that no sequence of legal actions gives."""
    v = h._v
    phase = h._phase
    active = [s for s in range(h._n) if h._dropped[s] is None]
    over = phase is Phase.OVER
    if not over:
        if h._dropped[h._current] is not None:
            raise fail("to", f"seat {h._current} has dropped out and cannot be to act")
        if len(active) < 2:
            raise fail("dropped", "fewer than two seats are left, so the hand would be over")
        if h._went_out is not None:
            raise fail("went_out", f"set while the hand goes on (phase {phase.value})")
        if h._turns < 1 and phase is not Phase.PLAY:
            raise fail("turn", f"phase {phase.value} needs a turn of at least 1")
    elif h._how is None:
        raise fail("how", "a finished hand (phase over) says how it ended")
    if h._how is not None and not over and phase is not Phase.LAYOFF:
        raise fail("how", f"set while the hand goes on (phase {phase.value})")
    if phase is Phase.OFFER:
        if not v.draw.offers_upcard():
            raise fail("phase", f"{v.name} offers no upcard, so phase offer cannot be reached")
        if not h._pile:
            raise fail("phase", "phase offer needs an upcard on the discard pile")
        if h._offer_stage == 2:
            raise fail("offer", "phase offer needs offer 0 or 1")
    elif h._offer_stage != 2:
        raise fail("offer", f"offer {h._offer_stage} outside phase offer")
    if phase is Phase.LAYOFF:
        if h._knocker is None or h._how not in (Termination.KNOCK, Termination.GIN):
            raise fail("phase", "phase layoff needs a knocker and how knock or gin")
        if h._current == h._knocker or h._knocker in h._layoff_queue:
            raise fail("layoff_queue", "the knocker does not lay off")
    elif h._layoff_queue:
        raise fail("layoff_queue", f"set outside phase layoff (phase {phase.value})")
    if h._knocker is not None and phase not in (Phase.LAYOFF, Phase.OVER, Phase.ANSWER):
        raise fail("knocker", f"set while the hand goes on (phase {phase.value})")
    if phase is Phase.ANSWER and h._permission is None:
        if not h._kit.answers:
            raise fail("phase", f"nobody answers a drop in {v.name}, so phase answer cannot be reached")
        if h._knocker is None or h._current == h._knocker or h._knocker in h._claim_queue:
            raise fail("knocker", "phase answer needs the caller of the draw (knocker), who does not answer")
    if phase is Phase.CLAIM and h._kit.buys:
        if not h._pile:
            raise fail("phase", "phase claim needs a discard to buy")
        if h._current == h._resume:
            raise fail("resume", "the player whose turn it is does not buy")
    elif phase is Phase.CLAIM:
        if not h._kit.claims:
            raise fail("phase", f"{v.name} has no calls, so phase claim cannot be reached")
        if not h._table or not h._pile:
            raise fail("phase", "phase claim needs melds on the table and a discard to call")
    elif h._claim_queue and phase is not Phase.ANSWER:
        raise fail("claim_queue", f"set outside phase claim or answer (phase {phase.value})")
    if phase in (Phase.DRAW, Phase.OFFER, Phase.CLAIM):
        for key, value in (
            ("taken", h._taken),
            ("must_meld", h._must_meld),
            ("claim", h._claim),
            ("melds_this_turn", h._melds_this_turn or None),
            ("played", h._played_this_turn or None),
        ):
            if value is not None:
                raise fail(key, f"set in phase {phase.value}, before the player has drawn")
    if h._claim is not None and phase is not Phase.PLAY:
        raise fail("claim", f"a called card is discarded in phase play, not {phase.value}")
    if h._must_meld is not None:
        if h._must_meld not in h._hands[h._current]:
            raise fail("must_meld", f"{h._must_meld} is not in seat {h._current}'s hand")
        if not v.swap.wild_must_be_used() or not v.deck.is_wild(h._must_meld, h._wild):
            raise fail(
                "must_meld",
                f"{h._must_meld} is not a wild taken by an exchange that {v.name} makes one meld"
                " at once (swap.must_use_wild)",
            )
    for s in range(h._n):
        if h._own_turns[s] > h._turns + 1:
            raise fail(
                "own_turns", f"seat {s} has had {h._own_turns[s]} turns in {h._turns} turns of the hand"
            )
        first = h._first_shown[s]
        if first is not None and first > h._own_turns[s]:
            raise fail(
                "first_shown",
                f"seat {s} first showed a meld on its turn {first}, after its {h._own_turns[s]} turns",
            )


def check_leavers(h: Hand, fail: Fail) -> None:
    """Refuse a seat that left the hand (``dropped``) or a penalty
    (``penalties``) of a kind the variant's rules never give: the hand's
    settlement would fail on it at the end."""
    v, kit = h._v, h._kit
    drops = kit.drops and not kit.answers and not kit.drop_shows
    ways = {
        "first": drops,
        "middle": drops and kit.drop_in_play,
        "fold": kit.answers and h._phase in (Phase.ANSWER, Phase.OVER),
        "wrong-declaration": v.going_out.penalizes_invalid(),
    }
    for s, how in enumerate(h._dropped):
        if how is None:
            continue
        if not ways.get(how, False):
            raise fail(
                "dropped", f"seat {s} cannot have left the hand {how!r} in {v.name} (phase {h._phase.value})"
            )
        if how in ("first", "middle") and (how == "middle") != bool(h._draws[s]):
            raise fail(
                "dropped",
                f"a {how} drop is made {'after' if how == 'first' else 'before'} drawing, but seat {s} has {h._draws[s]} draws",
            )
    given = {"eaten": True, "playable-discard": kit.penalize_playable, "permission": kit.permission}
    for s, what, to in h._penalties:
        if not given.get(what, False):
            raise fail("penalties", f"{v.name} never charges seat {s} a penalty {what!r}")
        if (what == "eaten") != (to is not None) or to == s:
            raise fail(
                "penalties",
                f"seat {s}'s penalty {what!r} names {'nobody' if to is None else f'seat {to}'}"
                " (eaten: the seat that took the discard, another seat; else -)",
            )


def check_hand_sizes(h: Hand, fail: Fail) -> None:
    """Refuse hand sizes that no play from the deal reaches."""
    phase = h._phase
    playing = phase not in (Phase.OVER, Phase.LAYOFF)
    for s in range(h._n):
        if h._dropped[s] is None and playing and not h._hands[s]:
            raise fail("hands", f"seat {s} holds no card, but the hand goes on (phase {phase.value})")
    if sum(h._own_turns) > h._turns + 1:
        raise fail(
            "own_turns", f"the seats' turns add up to {sum(h._own_turns)}, more than the hand's {h._turns}"
        )
    v = h._v
    if not h._reuses:  # the stock only shrinks, one card a turn at most
        dealt_out = sum(dealt_size(v, h._n, h._deal_number) for _ in range(h._n)) + v.deal.starter_extra()
        dealt_out += int(v.deal.has_upcard()) + int(v.deck.cuts_wild())
        dealt_out += sum(second_sizes(v, h._n))
        left = len(h._kit.shoe(h._n)) - dealt_out - len(h._stock)
        bought = sum(h._bought) * (1 + v.claims.penalty_cards())  # a buy's penalty cards
        per = v.draw.stock_draw_count(h._n)
        # each card laid out at once (Canasta's red threes) took a replacement,
        # and a wild or red-three upcard was covered from the stock
        laid = sum(len(b) for b in h._bonus)
        if getattr(v.draw, "turn_upcard", False):
            laid += sum(1 for c in h._kit.shoe(h._n) if v.deck.is_wild(c, h._wild) or c.rank is Rank.THREE)
        if left > sum(h._own_turns) * per + 1 + bought + laid:
            raise fail(
                "stock",
                f"{left} cards have left the stock in {sum(h._own_turns)} turns, but a turn draws"
                f" {'one' if per == 1 else per} at most",
            )
    one = _one_card_a_turn(h)
    d = v.draw
    # what one turn may add to a hand, net of its discard: 0 when it draws one
    # card; one more with the stock card taken beside the discard; digging
    # into the pile: the whole shoe (no bound beyond the cards themselves)
    gain = (
        0 if one else 1 if d.with_stock() and max(d.depths(1_000), default=1) <= 1 else len(h._kit.shoe(h._n))
    )
    size = dealt_size(v, h._n, h._deal_number)
    extra = v.deal.starter_extra()
    exact = one and extra == 0 and v.deal.starter_draws()
    for s in range(h._n):
        dealt = size + (extra if s == h._starter else 0) + h._bought[s] * (1 + v.claims.penalty_cards())
        if h._second_taken[s]:  # the second hand it picked up
            dealt += max(second_sizes(v, h._n))
        held = len(h._hands[s])
        # the caller's turn; a buyer asked mid-turn
        asked_by = h._knocker if h._permission is None else h._resume  # a called draw; a partner's question
        mine = (
            s == h._current
            or (phase is Phase.ANSWER and s == asked_by)
            or (phase is Phase.CLAIM and s == h._resume)
        )
        # a draw, a borrowed joker; a seat that dropped after drawing keeps the card drawn
        late = mine or phase is Phase.OVER or h._dropped[s] is not None
        most = dealt + gain * h._own_turns[s] + (2 if late else 0)
        if held > most:
            turns = f" in {h._own_turns[s]} turns" if gain else ""
            raise fail(
                "hands",
                f"seat {s} holds {held} cards, but {v.name} deals {dealt} and play adds at most"
                f" {most - dealt}{turns}",
            )
        if not exact or not playing or h._dropped[s] is not None or _on_table(h, s) or h._turns < 1:
            continue
        # nothing on the table: each turn drew one card and discarded one
        low = dealt + (1 if mine and phase is Phase.PLAY else 0)
        if held < low:
            when = " after drawing" if low > dealt else ""
            raise fail(
                "hands",
                f"seat {s} holds {held} cards but has put none on the table: it must hold {low}{when}",
            )


def check_drawn(h: Hand, fail: Fail) -> None:
    """Refuse a play phase whose seat has never drawn: a turn's play comes
    after its draw (a card from the stock or the pile), except the first
    player's first turn where the deal gives that card (``deal.starter_draws``
    false: Kalooki's, 500 Rum's extra card)."""
    if h._phase is not Phase.PLAY:
        return
    p = h._current
    if h._draws[p] or h._dropped[p] is not None:
        return
    if p == h._starter and not h._v.deal.starter_draws() and h._own_turns[p] <= 1:
        return
    raise fail(
        "draws",
        f"phase play, but seat {p} has drawn no card in this hand (draws {h._draws[p]}): its turn begins with a draw",
    )


def check_ending(h: Hand, fail: Fail) -> None:
    """Refuse a finished position whose ending cannot be settled (a knock with no
    knocker, a drop with nobody dropped, ...): ``hand.result`` would fail."""
    if h._phase is not Phase.OVER:
        return
    from rummykit.engine.ending import build_ending
    from rummykit.settlement import settle

    try:
        settle(h._v, build_ending(h))
    except RummyError as exc:
        text = str(exc).removeprefix("ending: ")
        raise fail("how", f"the hand cannot have ended so: {text}") from None
