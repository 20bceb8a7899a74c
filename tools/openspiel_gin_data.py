"""Generate gin rummy min-deadwood reference data from OpenSpiel.

This script writes two CSV files used to test rummykit's meld solver against
OpenSpiel's gin rummy utilities (``pyspiel.gin_rummy.GinRummyUtils``):

* ``tests/data/openspiel_gin_deadwood.csv`` -- header ``kind,hand,min_deadwood``:
  1,500 ``uniform`` and 1,000 ``dense`` 10-card hands with OpenSpiel's
  ``GinRummyUtils.min_deadwood(hand)``.
* ``tests/data/openspiel_gin_deadwood_11.csv`` -- header
  ``kind,hand,openspiel_min_deadwood,exact_min_deadwood``: 500 ``uniform`` and
  500 ``dense`` 11-card hands.  ``openspiel_min_deadwood`` is OpenSpiel's
  ``min_deadwood`` on the 11 cards (it picks one best meld group of all 11
  cards, then discards that group's highest deadwood card), which is known to
  be too high on some meld-dense hands.  ``exact_min_deadwood`` is the true
  minimum over all discards, computed by the small brute force in this file.

Rules (OpenSpiel gin): ace is low only (A-2-3 is a run, Q-K-A is not); sets are
3 or 4 cards of one rank; runs are 3+ consecutive cards of one suit; card values
are A=1, 2-9 face value, T/J/Q/K=10.

Hands are written in rummykit notation: rank ``A23456789TJQK`` followed by suit
``CDHS``, cards separated by single spaces and sorted by suit (C, D, H, S) and
then by rank, e.g. ``AC 2C 3C TD JD QD 5H 5S 7S 9S``.

OpenSpiel is *not* a rummykit dependency.  Install it in a throw-away virtual
environment outside the repository and run the script with that interpreter::

    python3 -m venv /tmp/osenv
    /tmp/osenv/bin/pip install open_spiel        # data made with open_spiel 2.0.2
    /tmp/osenv/bin/python tools/openspiel_gin_data.py

Options: ``--seed`` (default 20240611, used for ``random.Random(seed)``; the same
seed and OpenSpiel version give byte-identical files) and ``--out-dir`` (default
``tests/data`` next to this script's parent).  The script also checks that the
brute force agrees with OpenSpiel on every 10-card hand, and prints a summary.
"""

from __future__ import annotations

import argparse
import csv
import importlib
import itertools
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

DEFAULT_SEED = 20240611

RANKS = "A23456789TJQK"
SUITS = "CDHS"  # rummykit suit order, also the sort order of written hands
NUM_RANKS = len(RANKS)
DECK_SIZE = NUM_RANKS * len(SUITS)

N_UNIFORM_10 = 1500
N_DENSE_10 = 1000
N_UNIFORM_11 = 500
N_DENSE_11 = 500

SET_PROBABILITY = 0.5  # chance a random meld is a set rather than a run
ANCHOR_PROBABILITY = 0.7  # chance a new meld is built through a held card

# A card is an int ``suit * 13 + rank`` in *rummykit* order (suits C, D, H, S;
# ranks A..K as 0..12), so sorting ints sorts a hand the way it is written.
Card = int
Hand = tuple[Card, ...]


def card_rank(card: Card) -> int:
    return card % NUM_RANKS


def card_suit(card: Card) -> int:
    return card // NUM_RANKS


def card_value(card: Card) -> int:
    return min(card_rank(card) + 1, 10)


def card_text(card: Card) -> str:
    return RANKS[card_rank(card)] + SUITS[card_suit(card)]


def hand_text(hand: Iterable[Card]) -> str:
    return " ".join(card_text(c) for c in sorted(hand))


def parse_hand(text: str) -> Hand:
    return tuple(sorted(SUITS.index(tok[1]) * NUM_RANKS + RANKS.index(tok[0]) for tok in text.split()))


# ---------------------------------------------------------------------------
# Independent exact brute force.


def all_melds(hand: Sequence[Card]) -> list[frozenset[Card]]:
    """Every set (3 or 4 of a rank) and every run (3+ consecutive, one suit)."""
    cards = set(hand)
    melds: list[frozenset[Card]] = []
    for rank in range(NUM_RANKS):
        same = [c for c in cards if card_rank(c) == rank]
        for size in (3, 4):
            melds.extend(frozenset(combo) for combo in itertools.combinations(same, size))
    for suit in range(len(SUITS)):
        for start in range(NUM_RANKS):
            for end in range(start + 3, NUM_RANKS + 1):  # ace low only: no wrap
                run = [suit * NUM_RANKS + r for r in range(start, end)]
                if not cards.issuperset(run):
                    break
                melds.append(frozenset(run))
    return melds


def exact_min_deadwood_10(hand: Sequence[Card]) -> int:
    """Minimum deadwood over all sets of pairwise-disjoint melds."""
    melds = all_melds(hand)
    values = [sum(card_value(c) for c in m) for m in melds]
    best_melded = 0

    def search(start: int, used: frozenset[Card], melded: int) -> None:
        nonlocal best_melded
        best_melded = max(best_melded, melded)
        for i in range(start, len(melds)):
            if used.isdisjoint(melds[i]):
                search(i + 1, used | melds[i], melded + values[i])

    search(0, frozenset(), 0)
    return sum(card_value(c) for c in hand) - best_melded


def exact_min_deadwood_11(hand: Sequence[Card]) -> int:
    """Minimum over every discard of the 10-card minimum deadwood."""
    return min(exact_min_deadwood_10([c for c in hand if c != discard]) for discard in hand)


def has_run_set_overlap(hand: Sequence[Card]) -> bool:
    """True if some card belongs both to a possible run and to a possible set."""
    in_run: set[Card] = set()
    in_set: set[Card] = set()
    for meld in all_melds(hand):
        ranks = {card_rank(c) for c in meld}
        (in_set if len(ranks) == 1 else in_run).update(meld)
    return bool(in_run & in_set)


# ---------------------------------------------------------------------------
# Hand generation.


def uniform_hand(rng: random.Random, size: int) -> Hand:
    return tuple(sorted(rng.sample(range(DECK_SIZE), size)))


def window_hand(rng: random.Random, size: int) -> Hand:
    """Cards drawn from a narrow block of ranks and suits."""
    while True:
        width = rng.choice((4, 4, 5, 5, 6))
        n_suits = rng.choice((3, 4, 4))
        if width * n_suits >= size + 2:
            break
    low = rng.randrange(NUM_RANKS - width + 1)
    suits = rng.sample(range(len(SUITS)), n_suits)
    cells = [s * NUM_RANKS + r for s in suits for r in range(low, low + width)]
    return tuple(sorted(rng.sample(cells, size)))


def grid_hand(rng: random.Random, size: int) -> Hand:
    """A full 3x3 (or 3x4) rank-by-suit block, where every card is in both a
    run and a set, plus cards from around it."""
    n_ranks = rng.choice((3, 3, 4))
    low = rng.randrange(NUM_RANKS - n_ranks + 1)
    suits = rng.sample(range(len(SUITS)), 3)
    block = [s * NUM_RANKS + r for s in suits for r in range(low, low + n_ranks)]
    cards = set(rng.sample(block, min(len(block), size - rng.randrange(1, 3))))
    near = [
        s * NUM_RANKS + r
        for s in range(len(SUITS))
        for r in range(max(0, low - 2), min(NUM_RANKS, low + n_ranks + 2))
    ]
    return _fill(rng, cards, near, size)


def random_meld(rng: random.Random) -> list[Card]:
    if rng.random() < SET_PROBABILITY:
        rank = rng.randrange(NUM_RANKS)
        suits = rng.sample(range(len(SUITS)), rng.choice((3, 3, 4)))
        return [s * NUM_RANKS + rank for s in suits]
    length = rng.choice((3, 3, 4, 4, 5))
    low = rng.randrange(NUM_RANKS - length + 1)
    suit = rng.randrange(len(SUITS))
    return [suit * NUM_RANKS + r for r in range(low, low + length)]


def meld_hand(rng: random.Random, size: int) -> Hand:
    """A few random (often overlapping) melds plus neighbouring cards."""
    cards: set[Card] = set()
    target = size - rng.randrange(0, 3)
    while len(cards) < target:
        meld = random_meld(rng)
        if cards and rng.random() < ANCHOR_PROBABILITY:
            # Anchor the new meld on a card already held so melds cross.
            anchor = rng.choice(sorted(cards))
            meld = _meld_through(rng, anchor)
        for c in meld:
            if len(cards) < target:
                cards.add(c)
    near = sorted(
        {
            s * NUM_RANKS + r
            for c in cards
            for s in range(len(SUITS))
            for r in range(max(0, card_rank(c) - 2), min(NUM_RANKS, card_rank(c) + 3))
        }
    )
    return _fill(rng, cards, near, size)


def _meld_through(rng: random.Random, anchor: Card) -> list[Card]:
    rank, suit = card_rank(anchor), card_suit(anchor)
    if rng.random() < SET_PROBABILITY:
        others = [s for s in range(len(SUITS)) if s != suit]
        chosen = rng.sample(others, rng.choice((2, 2, 3)))
        return [anchor] + [s * NUM_RANKS + rank for s in chosen]
    length = rng.choice((3, 3, 4))
    lows = range(max(0, rank - length + 1), min(rank, NUM_RANKS - length) + 1)
    low = rng.choice(list(lows))
    return [suit * NUM_RANKS + r for r in range(low, low + length)]


def _fill(rng: random.Random, cards: set[Card], near: Sequence[Card], size: int) -> Hand:
    pool = [c for c in near if c not in cards]
    rng.shuffle(pool)
    while len(cards) < size and pool:
        cards.add(pool.pop())
    rest = [c for c in range(DECK_SIZE) if c not in cards]
    cards.update(rng.sample(rest, size - len(cards)))
    return tuple(sorted(cards))


DENSE_MAKERS: tuple[Callable[[random.Random, int], Hand], ...] = (
    window_hand,
    grid_hand,
    meld_hand,
)


def dense_hand(rng: random.Random, size: int) -> Hand:
    return rng.choice(DENSE_MAKERS)(rng, size)


def make_hands(
    rng: random.Random,
    maker: Callable[[random.Random, int], Hand],
    size: int,
    count: int,
    seen: set[Hand],
) -> list[Hand]:
    hands: list[Hand] = []
    while len(hands) < count:
        hand = maker(rng, size)
        assert len(hand) == size == len(set(hand))
        if hand not in seen:
            seen.add(hand)
            hands.append(hand)
    return hands


# ---------------------------------------------------------------------------
# OpenSpiel.


class OpenSpielGin:
    """Thin wrapper translating rummykit cards to OpenSpiel card ints."""

    def __init__(self) -> None:
        try:
            pyspiel = importlib.import_module("pyspiel")
        except ImportError:
            sys.exit("open_spiel is not installed: see the docstring of this script")
        self.utils = pyspiel.gin_rummy.GinRummyUtils(NUM_RANKS, len(SUITS), 10)
        # OpenSpiel's card int is suit * 13 + rank with suits ordered s, c, d, h.
        os_suits = "scdh"
        for os_int in range(DECK_SIZE):
            expected = RANKS[os_int % NUM_RANKS] + os_suits[os_int // NUM_RANKS]
            got = self.utils.card_string(os_int)
            if got != expected:
                raise RuntimeError(f"card_string({os_int}) = {got!r}, expected {expected!r}")
            if self.utils.card_int(expected) != os_int:
                raise RuntimeError(f"card_int({expected!r}) != {os_int}")
        self.to_os = [
            self.utils.card_int(RANKS[card_rank(c)] + SUITS[card_suit(c)].lower()) for c in range(DECK_SIZE)
        ]
        for c in range(DECK_SIZE):
            if self.utils.card_value(self.to_os[c]) != card_value(c):
                raise RuntimeError(f"card value mismatch for {card_text(c)}")

    def min_deadwood(self, hand: Sequence[Card]) -> int:
        return int(self.utils.min_deadwood([self.to_os[c] for c in hand]))


# ---------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument(
        "--out-dir",
        type=Path,
        default=Path(__file__).resolve().parent.parent / "tests" / "data",
    )
    args = parser.parse_args(argv)

    gin = OpenSpielGin()
    rng = random.Random(args.seed)
    seen: set[Hand] = set()

    rows10: list[tuple[str, Hand]] = [
        ("uniform", h) for h in make_hands(rng, uniform_hand, 10, N_UNIFORM_10, seen)
    ] + [("dense", h) for h in make_hands(rng, dense_hand, 10, N_DENSE_10, seen)]
    rows11: list[tuple[str, Hand]] = [
        ("uniform", h) for h in make_hands(rng, uniform_hand, 11, N_UNIFORM_11, seen)
    ] + [("dense", h) for h in make_hands(rng, dense_hand, 11, N_DENSE_11, seen)]

    args.out_dir.mkdir(parents=True, exist_ok=True)
    mismatches10: list[str] = []
    path10 = args.out_dir / "openspiel_gin_deadwood.csv"
    with path10.open("w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["kind", "hand", "min_deadwood"])
        for kind, hand in rows10:
            value = gin.min_deadwood(hand)
            exact = exact_min_deadwood_10(hand)
            if value != exact:
                mismatches10.append(f"{hand_text(hand)}: openspiel={value} exact={exact}")
            writer.writerow([kind, hand_text(hand), value])

    diffs11: list[tuple[str, str, int, int]] = []
    path11 = args.out_dir / "openspiel_gin_deadwood_11.csv"
    with path11.open("w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["kind", "hand", "openspiel_min_deadwood", "exact_min_deadwood"])
        for kind, hand in rows11:
            value = gin.min_deadwood(hand)
            exact = exact_min_deadwood_11(hand)
            # Second opinion: OpenSpiel's (exact) 10-card value after each discard.
            via_os = min(gin.min_deadwood([c for c in hand if c != d]) for d in hand)
            if via_os != exact:
                mismatches10.append(f"{hand_text(hand)}: 11-card via discards {via_os} != {exact}")
            if value != exact:
                diffs11.append((kind, hand_text(hand), value, exact))
            writer.writerow([kind, hand_text(hand), value, exact])

    print(f"seed {args.seed}")
    for kind in ("uniform", "dense"):
        hands = [h for k, h in rows10 if k == kind]
        overlap = sum(has_run_set_overlap(h) for h in hands)
        print(f"10-card {kind}: {len(hands)} rows, {overlap} with run/set overlap")
    for kind in ("uniform", "dense"):
        hands = [h for k, h in rows11 if k == kind]
        overlap = sum(has_run_set_overlap(h) for h in hands)
        n_diff = sum(1 for d in diffs11 if d[0] == kind)
        print(
            f"11-card {kind}: {len(hands)} rows, {overlap} with run/set overlap, "
            f"{n_diff} where OpenSpiel != exact"
        )
    for kind, text, value, exact in diffs11[:10]:
        print(f"  {kind}: {text}: openspiel={value} exact={exact}")
    known = parse_hand("2S 4S 5S 6S 3D 5D 6D 3H 4H 5H 6H")
    print(
        f"known hand {hand_text(known)}: openspiel={gin.min_deadwood(known)} "
        f"exact={exact_min_deadwood_11(known)}"
    )
    print(f"10-card disagreements with brute force: {len(mismatches10)}")
    for line in mismatches10[:20]:
        print(f"  {line}")
    print(f"wrote {path10} and {path11}")
    return 1 if mismatches10 else 0


if __name__ == "__main__":
    sys.exit(main())
