"""Dealing a hand: shuffled from a seed, or stacked for exact scenarios."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from rummykit.cards import Card, parse_cards, short_repr
from rummykit.engine.contract import dealt_size
from rummykit.engine.fields import blank_hand
from rummykit.engine.phase import Phase
from rummykit.engine.second_hand import sizes as second_hand_sizes
from rummykit.engine.signing import commit_deal
from rummykit.engine.sources import OsShuffle, SourceShuffle, check_source, source_shuffle
from rummykit.engine.turn import starting_phase
from rummykit.errors import ArgumentError, RummyError, whole_number
from rummykit.variant import Variant

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = ["OsShuffle", "new_hand"]

_CODE = attrgetter("code")

Cards = str | Iterable[str | Card]


def new_hand(
    v: Variant,
    players: int = 2,
    *,
    seed: int | None = None,
    dealer: int = 0,
    deal_number: int = 1,
    hands: Sequence[Cards] | None = None,
    discard: Cards | None = None,
    stock: Cards | None = None,
    cut: str | Card | None = None,
    rng: object | None = None,
    standing: Sequence[int] | None = None,
    second_hands: Sequence[Cards] | None = None,
) -> Hand:
    """Deal a new hand of ``v`` for ``players`` seats (0 to players-1).

    Shuffled, safe (no ``seed``): the whole shoe is shuffled from the operating
    system's entropy (:class:`random.SystemRandom`), as are later reshuffles of
    the stock; the record keeps the dealt order (and each reshuffle's order),
    never a seed, so nothing a player sees lets them search for the deal.

    Shuffled, reproducible (``seed``, an int): the shoe is shuffled with
    ``random.Random(seed)``, and the same seed always deals the same hand
    (tests, simulation, puzzles). Never use a seed for real play: a seat that
    knows its cards could search the seeds for the others' cards.

    Shuffled from a caller's source (``rng``, any object with ``randbelow(n)``:
    an operator's certified RNG, or the ``secrets`` module): the shoe is
    shuffled by Fisher-Yates with ``rng.randbelow``, and so is every later
    reshuffle; the record keeps the orders, as for an unseeded hand. See the
    operators' page of the documentation.

    The player after the dealer in the direction of play starts.

    Stacked, for exact scenarios: ``hands`` (one card list per seat, in seat
    order), ``discard`` (the discard pile, bottom first: its *last* card is the
    top), ``stock`` (``stock[0]`` is the top) and ``cut`` (the cut wild card).
    Card lists may be text (``"7H 8H 9H"``) or cards. Hand sizes must match
    the deal; every card must come from the variant's shoe (as a multiset).
    Without ``stock``, the cards not dealt form the stock, shuffled by
    ``seed``; without ``discard``, the upcard (if the variant turns one) is the
    first card of the stock.

    ``deal_number`` (1-based) is the hand's number within a game (some rules
    change by deal, e.g. Wrotham's all-at-once deals 4-6). ``standing``: each
    seat's total in the game so far (Canasta's initial meld grows with it);
    zeros by default.

    Where the variant deals a second hand (``[second_hand]``: Hand and Foot's
    foot, Buraco's morto), it is dealt face down after the hands, one per seat
    or one per side (held by the side's first seat). A stacked deal may give
    them as ``second_hands`` (one card list per seat, empty for a seat that
    holds none); without it they are dealt from the cards the deal leaves.

    >>> import rummykit as rk
    >>> v = rk.load_variant("straight")
    >>> h = rk.new_hand(v, players=2, hands=["7H 8H 9H 2C 3D 4S 5C 6D KS QS", "AC 2D 3H 4C 5D 6S 7C 8D 9S TC"],
    ...                 discard="JH", stock="JD JC TD")
    >>> h.current_player, h.view(1).discard
    (1, (JH,))
    """
    players = _check_int("players", players)
    dealer = _check_int("dealer", dealer)
    deal_number = _check_int("deal_number", deal_number)
    if not isinstance(v, Variant):
        raise ArgumentError(f"new_hand: v must be a Variant, got {short_repr(v)}")
    if seed is not None:
        seed = _check_int("seed", seed)
        if seed.bit_length() > MAX_SEED_BITS:
            raise ArgumentError(f"new_hand: seed must fit in {MAX_SEED_BITS} bits, got {short_repr(seed)}")
    source = None
    if rng is not None:
        if seed is not None:
            raise ArgumentError("new_hand: give seed or rng, not both")
        source = check_source(rng)
    if players not in v.players.counts():
        raise RummyError(f"{v.name} is played by {v.players.min} to {v.players.max} players, not {players}")
    if not 0 <= dealer < players:
        raise RummyError(f"dealer must be a seat from 0 to {players - 1}, got {dealer}")
    if not 1 <= deal_number <= MAX_DEAL_NUMBER:
        raise RummyError(f"deal_number must be from 1 to {MAX_DEAL_NUMBER}, got {deal_number}")
    totals = _standing(standing, players)
    h = blank_hand(v, players)
    h._standing = totals
    h._seed = seed
    reshuffles: list[str] = []
    h._rng = random.Random(seed) if seed is not None else OsShuffle(reshuffles)
    if source is not None:
        h._rng = SourceShuffle(reshuffles, source)
    h._dealer = dealer
    h._deal_number = deal_number
    step = v.deal.step()
    h._starter = (dealer + step) % players
    size = dealt_size(v, players, deal_number)
    extra = v.deal.starter_extra()
    sizes = [size + (extra if s == h._starter else 0) for s in range(players)]
    shoe = list(h._kit.shoe(players))
    second_sizes = second_hand_sizes(v, players)
    if second_hands is not None and not any(second_sizes):
        raise RummyError(
            f"{v.name} deals no second hand ([second_hand] kind none): second_hands= is not allowed"
        )
    stacked = (
        hands is not None
        or discard is not None
        or stock is not None
        or cut is not None
        or second_hands is not None
    )
    if not stacked:
        if source is not None:
            source_shuffle(source, shoe)  # the whole shoe, from the caller's source
        elif seed is None:
            random.SystemRandom().shuffle(shoe)  # the whole shoe, from OS entropy
        else:
            rand = h._rng.random
            shoe.sort(key=lambda _: rand())  # a uniform shuffle: one random key per card
        pos = 0
        dealt: list[list[Card]] = [[] for _ in range(players)]
        for s in h._seats_from(h._starter):
            dealt[s] = shoe[pos : pos + sizes[s]]
            pos += sizes[s]
        second: list[list[Card]] = [[] for _ in range(players)]
        for s in h._seats_from(h._starter):
            second[s] = shoe[pos : pos + second_sizes[s]]
            pos += second_sizes[s]
        pile: list[Card] = []
        if v.deal.has_upcard():
            pile.append(shoe[pos])
            pos += 1
        cut_card = None
        if v.deck.cuts_wild():
            cut_card = shoe[pos]
            pos += 1
        rest = shoe[pos:]
    else:
        dealt, pile, rest, cut_card, second = _stack(
            v, players, sizes, shoe, h._rng, hands, discard, stock, cut, second_sizes, second_hands
        )
        reshuffles.clear()  # the stock shuffled at the deal is part of the deal
    h._dealt = {
        "hands": [" ".join(map(str, d)) for d in dealt],
        "discard": " ".join(map(str, pile)),
        "stock": " ".join(map(str, rest)),
        "cut": str(cut_card) if cut_card is not None else "",
    }
    if any(second_sizes):
        h._dealt["second"] = [" ".join(map(str, x)) for x in second]
    # fixed before the first move; a secret salt where the deal is secret
    h._dealt["commitment"] = commit_deal(h._dealt, secret=seed is None and not stacked, seed=seed)
    if seed is None:
        h._dealt["reshuffles"] = reshuffles
    elif not stacked:
        h._dealt["seed"] = seed
    h._hands = [sorted(d, key=_CODE) for d in dealt]
    h._stock = list(reversed(rest))
    h._pile = list(pile)
    h._pile_from = [-1] * len(pile)
    h._buried = []
    h._table = []
    h._cut = cut_card
    h._upcard = pile[-1] if pile else None
    h._wild = v.deck.wild_ranks_for(cut_card)
    h._phase = Phase.DRAW
    h._current = h._starter
    h._own_turns = [0] * players
    h._draws = [0] * players
    h._melded = [False] * players
    h._first_shown = [None] * players
    h._shown = [False] * players
    h._eaten = [() for _ in range(players)]
    h._dropped = [None] * players
    h._hit_until = [0] * players
    h._bought = [0] * players
    h._asked = [0] * players
    h._penalties = []
    h._bonus = [() for _ in range(players)]
    h._second = [sorted(x, key=_CODE) for x in second]
    h._second_taken = [False] * players
    h._second_unplayed = [False] * players
    h._second_stocked = [False] * players
    h._taken = None
    h._took_top = None
    h._melds_this_turn = 0
    h._played_this_turn = False
    h._must_meld = None
    h._stock_only = False
    h._offer_stage = 2
    h._reuses = 0
    h._passes = 0
    h._knocker = None
    h._layoff_queue = []
    h._claim_queue = []
    h._resume = h._starter
    h._went_out = None
    h._how = None
    h._final_discard = False
    h._fed_by = None
    h._permission = None
    h._history = []
    starting_phase(h)
    return h


MAX_SEED_BITS = 256
"""The largest seed accepted, in bits."""

MAX_DEAL_NUMBER = 10_000
"""The largest deal number accepted."""


MAX_STANDING = 10**9
"""The largest total (either sign) accepted in ``standing``."""


def _standing(standing: Sequence[int] | None, players: int) -> tuple[int, ...]:
    if standing is None:
        return (0,) * players
    if isinstance(standing, (str, bytes)) or not isinstance(standing, Sequence):
        raise ArgumentError(
            f"new_hand: standing must be a list of ints, one per seat, got {short_repr(standing)}"
        )
    if len(standing) != players:
        raise ArgumentError(
            f"new_hand: standing must hold {players} ints (one total per seat), got {short_repr(standing)}"
        )
    out = tuple(whole_number(x, "new_hand: standing") for x in standing)
    if any(abs(x) > MAX_STANDING for x in out):
        raise ArgumentError(
            f"new_hand: standing must hold {players} ints (one total per seat, at most {MAX_STANDING} either way),"
            f" got {short_repr(standing)}"
        )
    return out


def _check_int(name: str, value: object) -> int:
    """An int argument of new_hand (NumPy integers too; never a bool or a float)."""
    return whole_number(value, f"new_hand: {name}")


def _stack(
    v: Variant,
    players: int,
    sizes: list[int],
    shoe: list[Card],
    rng: random.Random,
    hands: Sequence[Cards] | None,
    discard: Cards | None,
    stock: Cards | None,
    cut: str | Card | None,
    second_sizes: list[int],
    second_hands: Sequence[Cards] | None,
) -> tuple[list[list[Card]], list[Card], list[Card], Card | None, list[list[Card]]]:
    if hands is None:
        raise RummyError("a stacked deal needs hands= (one card list per seat)")
    if isinstance(hands, str) or len(hands) != players:
        raise RummyError(f"hands= needs one card list per seat ({players}), got {_count(hands)}")
    dealt = [list(parse_cards(h)) for h in hands]
    for s, (got, want) in enumerate(zip(dealt, sizes, strict=True)):
        if len(got) != want:
            raise RummyError(f"seat {s} must be dealt {want} cards in {v.name}, got {len(got)}")
    second: list[list[Card]] = [[] for _ in range(players)]
    if second_hands is not None:
        if isinstance(second_hands, str) or len(second_hands) != players:
            raise RummyError(
                f"second_hands= needs one card list per seat ({players}), got {_count(second_hands)}"
            )
        second = [list(parse_cards(x)) for x in second_hands]
        for s, (got, want) in enumerate(zip(second, second_sizes, strict=True)):
            if len(got) != want:
                raise RummyError(
                    f"seat {s} must be dealt a second hand of {want} cards in {v.name}, got {len(got)}"
                )
    pile = list(parse_cards(discard)) if discard is not None else []
    cut_card = None
    if cut is not None:
        if not v.deck.cuts_wild():
            raise RummyError(f"{v.name} cuts no wild card (deck.cut_wild is off)")
        cut_card = cut if isinstance(cut, Card) else parse_cards(cut)[0]
    used = Counter(c for d in dealt for c in d) + Counter(pile) + Counter(c for x in second for c in x)
    if cut_card is not None:
        used[cut_card] += 1
    if stock is not None:
        rest = list(parse_cards(stock))
        used += Counter(rest)
    available = Counter(shoe)
    over = sorted(c for c in used if used[c] > available[c])
    if over:
        shown = ", ".join(f"{c} x{used[c]} (the shoe has {available[c]})" for c in over)
        raise RummyError(f"stacked deal uses cards the {v.name} shoe does not hold: {shown}")
    if stock is None or (second_hands is None and any(second_sizes)):
        spare = list((available - used).elements())
        rng.shuffle(spare)
        if second_hands is None and any(second_sizes):  # dealt from the cards left over
            if sum(second_sizes) > len(spare):
                raise RummyError(
                    f"stacked deal: {sum(second_sizes)} cards are needed for the second hands, {len(spare)} are left"
                )
            for s in range(players):
                second[s], spare = spare[: second_sizes[s]], spare[second_sizes[s] :]
        if stock is None:
            rest = spare
            if discard is None and v.deal.has_upcard() and rest:
                pile = [rest.pop(0)]
            if cut_card is None and v.deck.cuts_wild() and rest:
                cut_card = rest.pop(0)
    return dealt, pile, rest, cut_card, second


def _count(x: Any) -> str:
    try:
        return str(len(x))
    except TypeError:
        return repr(x)
