"""Check that a ruleset plays soundly: the invariants every variant must keep.

Authors of house rules and of custom components get the guarantees of the
built-in variants from one call. :func:`check_variant` plays random hands at
every allowed player count and checks, at every step:

- cards are conserved (hands, table, stock, discards and buried cards are
  exactly the shoe, as a multiset);
- there is a legal action until the hand is over, and none after;
- every legal action applies; a refused action raises
  :class:`~rummykit.IllegalAction` and leaves the state exactly as it was;
- the hand ends within ``limits.max_turns``;
- one name per move, at a few states of each hand: every listed action is
  accepted as itself; every text :meth:`~rummykit.Hand.apply` accepts
  (the listed ones, knocks with the engine's melds written out, melds
  reordered or left out, texts with a card changed, wild designations left
  out) canonicalizes (:meth:`~rummykit.Hand.verify`) to a listed action that
  canonicalizes to itself, save where a documented bound leaves it out of
  the list (a meld with more than ``LISTED_WILDS`` wilds, more initial melds
  or knock arrangements than the list holds, other groupings of a
  declaration, several melds written in another order: they go down in the
  order written), and applying the text and its canonical form give the
  same position;
- a view holds no card its seat may not see (changing the hidden order of the
  stock does not change any view);
- every few steps, each seat's determinization (:meth:`~rummykit.Hand.resample`,
  what a search bot plays out) holds the same cards, gives the seat the same
  view and plays on; at the end of each hand every seat's record
  (``record(seat=p)``) builds;
- ``replay(record())`` rebuilds the same hand and result, and the same seed
  and actions give the same game;
- with ``positions=True``, the same checks run again on hands rebuilt with
  :func:`~rummykit.from_position` from the text of a random mid-hand
  position (the text round-trips, the rebuilt hand has the same legal
  actions and views, and position + actions replays to the same result).

It is built on the public API; the hidden-information check also reverses
the order of the stock of a clone (the one thing no seat may see).

>>> import rummykit as rk
>>> report = check_variant(rk.load_variant("gin"), hands=1, seed=1)
>>> report.ok, report.hands
(True, 1)
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from rummykit.cards import Card
from rummykit.engine import (
    Action,
    Declare,
    Hand,
    Knock,
    MeldAction,
    Pick,
    Take,
    new_hand,
    parse_action,
    replay,
    with_stock,
)
from rummykit.engine.actions.knock import KNOCK_ARRANGEMENTS
from rummykit.engine.conditions import INITIAL_COMBOS
from rummykit.engine.meld_memo import LISTED_WILDS
from rummykit.engine.position import from_position, position
from rummykit.errors import IllegalAction, NotationError, RummyError
from rummykit.melds import best_arrangement
from rummykit.variant import Variant

__all__ = ["CheckReport", "check_names", "check_variant"]


@attrs.frozen
class CheckReport:
    """What :func:`check_variant` found: hands played and problems (empty when sound)."""

    variant: str
    hands: int
    actions: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """Whether no invariant was broken."""
        return not self.problems

    def __str__(self) -> str:
        head = f"{self.variant}: {self.hands} hands, {self.actions} actions"
        return head + (": ok" if self.ok else ":\n" + "\n".join(f"  {p}" for p in self.problems))


def _fingerprint(hand: Hand) -> Any:
    """Everything observable through the public API (views of every seat included)."""
    return (
        tuple(hand.view(p) for p in range(hand.players)),
        hand.legal_actions(),
        tuple(hand.actions),
        hand.stock_count,
        tuple(sorted(c.code for c in hand.cards_in_play())),  # the cards as a multiset (codes sort fast)
        hand.is_over,
    )


def _probes(hand: Hand) -> list[str]:
    """Actions written around the state, most of them illegal."""
    seat = hand.current_player
    cards: list[Card] = sorted(set(hand.hand_of(seat))) if seat is not None else []
    cards += [Card.from_code(c) for c in (0, 25, 51, 52)]
    texts = ["draw", "take", "take 2", "pass", "drop", "knock"]
    for card in cards:
        texts += [f"discard {card}", f"knock {card}", f"pick {card}"]
        texts += [f"layoff {card} on {i}" for i in (1, 2, 99)]
    return texts


def _play_one(hand: Hand, rng: random.Random, problems: list[str], probe: bool) -> int:
    v = hand.variant
    shoe = Counter(v.deck.shoe(hand.players))
    steps = 0
    resample_at = 1  # from the second step: short hands too
    names_at = 2
    while not hand.is_over:
        legal = hand.legal_actions()
        if not legal:
            problems.append(f"no legal action while the hand is not over (after {list(hand.actions)[-3:]})")
            return steps
        if probe:
            before = _fingerprint(hand)
            trial: Hand | None = None  # a clone, tried again while it refuses (a refusal leaves it as it was)
            for text in _probes(hand):
                action = parse_action(text)
                if action in legal:
                    continue
                if trial is None:
                    trial = hand.clone()
                try:
                    trial.apply(action)
                except IllegalAction as exc:
                    if not str(exc):
                        problems.append(f"{text!r} refused without a reason")
                    if _fingerprint(trial) != before:
                        problems.append(f"refused {text!r} changed the state")
                        trial = None
                except RummyError as exc:
                    problems.append(f"{text!r} raised {type(exc).__name__} instead of IllegalAction: {exc}")
                    trial = None
                else:
                    if trial.actions[-1] not in legal:
                        problems.append(f"{text!r} applied but is not among the legal actions")
                    trial = None
            if _fingerprint(hand) != before:
                problems.append("trying actions on a clone changed the original hand")
        action = legal[rng.randrange(len(legal))]
        hidden = [hand.view(p) for p in range(hand.players)]
        other = with_stock(hand, reversed(hand.stock))  # the hidden order of the stock
        if [other.view(p) for p in range(hand.players)] != hidden:
            problems.append("a view changed when only the hidden stock order changed")
        if steps == resample_at:
            _check_resample(hand, steps, problems)
            resample_at += max(RESAMPLE_EVERY, steps // 4)
        if steps == names_at:
            _check_names(hand, random.Random(steps), problems)
            names_at += max(NAMES_EVERY, steps // 4)
        hand.apply(action)
        steps += 1
        if Counter(hand.cards_in_play()) != shoe:
            problems.append(f"cards not conserved after {action}")
            return steps
        if steps > (v.limits.max_turns + 2) * (hand.players + 8) * 4:
            problems.append(f"the hand did not end within limits.max_turns = {v.limits.max_turns}")
            return steps
    if hand.legal_actions():
        problems.append("legal actions remain after the hand is over")
    if hand.result is None:
        problems.append("a finished hand has no result")
    for p in range(hand.players):
        try:
            hand.record(seat=p)
        except Exception as exc:  # reported, whatever it is
            problems.append(f"seat {p}'s record raised {type(exc).__name__}: {exc}")
    return steps


NAMES_EVERY = 9
"""Steps between two checks of the one-name-per-move property in a hand
(at first; then a quarter of the steps played, as for determinizations)."""

_CARD = re.compile(r"^(?:10|[2-9TJQKA])[CDHS]$|^JK$", re.IGNORECASE)


def _texts(hand: Hand, legal: Sequence[Action], rng: random.Random) -> list[str]:
    """Texts written around the listed actions (see :func:`check_variant`)."""
    out = [str(a) for a in legal]
    seat = hand.current_player
    assert seat is not None
    held = list(hand.hand_of(seat))
    for a in legal:
        if isinstance(a, Knock) and a.melds is None:
            kept = list(held)
            if a.card is not None:
                kept.remove(a.card)
            arr = best_arrangement(hand.variant, kept, wild_ranks=hand.wild_ranks) if kept else None
            if arr is not None and arr.melds:
                out.append(f"{a} melds " + " + ".join(str(m) for m in arr.melds))
    shoe = sorted(set(hand.variant.deck.shoe(hand.players)))
    for a in rng.sample(list(legal), min(8, len(legal))):
        words = str(a).split()
        text = " ".join(words)
        if " + " in text:
            head, sep, rest = text.partition(" melds " if " melds " in text else " ")
            parts = rest.split(" + ")
            out.append(head + sep + " + ".join(reversed(parts)))
            out += [head + sep + " + ".join(parts[:i] + parts[i + 1 :]) for i in range(len(parts))]
        if "=" in text:
            out.append(" ".join(w.partition("=")[0] for w in words))
        spots = [i for i, w in enumerate(words) if _CARD.match(w.partition("=")[0])]
        if spots:
            i = rng.choice(spots)
            words[i] = str(rng.choice(shoe))
            out.append(" ".join(words))
    return list(dict.fromkeys(out))


def _no_rng(text: str) -> str:
    """A position without its shuffle state (two clones of a hand dealt from
    the system's entropy shuffle apart from then on)."""
    return "; ".join(f for f in text.split("; ") if not f.startswith("rng "))


def _bounded(hand: Hand, a: Action, legal: Sequence[Action]) -> bool:
    """Whether a documented bound of the legal-action list leaves ``a`` out."""
    deck, wild = hand.variant.deck, hand.wild_ranks
    groups: tuple[tuple[tuple[Card, Card | None], ...], ...] = ()
    if isinstance(a, MeldAction):
        groups = a.groups
    elif isinstance(a, Take | Pick) and isinstance(a.then, MeldAction):
        groups = a.then.groups
    elif isinstance(a, Knock) and a.melds is not None:
        groups = a.melds
    elif isinstance(a, Declare):
        return True  # one declaration listed per hand and discard; other groupings accepted
    if any(sum(1 for c, _ in g if deck.is_wild(c, wild)) > LISTED_WILDS for g in groups):
        return True
    if isinstance(a, Knock):
        return sum(1 for b in legal if isinstance(b, Knock) and b.card == a.card) > KNOCK_ARRANGEMENTS
    if len(groups) > 1:
        if hand.variant.melds.side_rank_melds() and _holds_back(hand, groups):
            return True  # a first meld of several melds is listed with each rank's naturals in full
        if any(
            type(b) is type(a) and sorted(map(_slots, _groups(b))) == sorted(map(_slots, groups))
            for b in legal
        ):
            return True  # several melds laid at once go down in the order written
        return sum(1 for b in legal if type(b) is type(a) and len(_groups(b)) > 1) >= INITIAL_COMBOS
    return False


def _holds_back(hand: Hand, groups: Sequence[Sequence[tuple[Card, Card | None]]]) -> bool:
    """Whether a meld of ``groups`` leaves in the hand natural cards of its rank."""
    deck, wild, p = hand.variant.deck, hand.wild_ranks, hand.current_player
    if p is None:
        return False
    held = Counter(c.rank for c in hand.hand_of(p) if not deck.is_wild(c, wild))
    for g in groups:
        ranks = Counter(c.rank for c, _ in g if not deck.is_wild(c, wild))
        if len(ranks) == 1 and all(n < held[r] for r, n in ranks.items()):
            return True
    return False


def _slots(g: tuple[tuple[Card, Card | None], ...]) -> list[tuple[int, int]]:
    return [(c.code, -1 if r is None else r.code) for c, r in g]


def _groups(a: Action) -> tuple[tuple[tuple[Card, Card | None], ...], ...]:
    """The melds an action lays (a meld, or a take's use of the card taken)."""
    if isinstance(a, MeldAction):
        return a.groups
    if isinstance(a, Take | Pick) and isinstance(a.then, MeldAction):
        return a.then.groups
    return ()


def check_names(hand: Hand, *, seed: int = 0) -> tuple[str, ...]:
    """The breaches of "one name per move" at this state of ``hand`` (see
    :func:`check_variant`; empty when every accepted text names a listed
    move). ``seed`` picks the texts written around the listed actions.

    >>> import rummykit as rk
    >>> check_names(rk.new_hand(rk.load_variant("gin"), players=2, seed=5))
    ()
    """
    problems: list[str] = []
    if not hand.is_over:
        _check_names(hand, random.Random(seed), problems)
    return tuple(problems)


def _check_names(hand: Hand, rng: random.Random, problems: list[str]) -> None:
    """One name per move at this state (see :func:`check_variant`)."""
    legal = hand.legal_actions()
    listed = set(legal)
    for a in legal:
        try:
            same = hand.verify(a)
        except IllegalAction as exc:
            problems.append(f"listed {str(a)!r} is refused: {exc}")
            continue
        if same != a:
            problems.append(f"listed {str(a)!r} canonicalizes to {str(same)!r}")
    for i, text in enumerate(_texts(hand, legal, rng)):
        try:
            canon = hand.verify(text)
        except (IllegalAction, NotationError):
            continue
        if canon not in listed and not _bounded(hand, canon, legal):
            problems.append(f"{text!r} is accepted as {str(canon)!r}, which legal_actions() does not list")
        try:
            again = hand.verify(canon)
        except IllegalAction as exc:
            problems.append(f"the canonical form {str(canon)!r} of {text!r} is refused: {exc}")
            continue
        if again != canon:
            problems.append(f"the canonical form {str(canon)!r} of {text!r} is not its own ({str(again)!r})")
        if i % 4 == 0 and str(canon) != text:
            one, two = hand.clone(), hand.clone()
            one.apply(text)
            two.apply(canon)
            if _no_rng(position(one)) != _no_rng(position(two)):
                problems.append(f"{text!r} and its canonical form {str(canon)!r} give different positions")


RESAMPLE_EVERY = 16
"""Steps between two determinization checks in a hand, the first 64 steps (each
check replays the hand so far for every seat, so not at every step; later the
gap grows with the hand, a quarter of the steps played, so that a hand that
runs to its turn limit costs a few times its length, not its square)."""


def _check_resample(hand: Hand, seed: int, problems: list[str]) -> None:
    """Each seat's determinization of ``hand``: the same cards, the same view
    for that seat, and a legal action applies to it."""
    cards = Counter(hand.cards_in_play())
    for p in range(hand.players):
        try:
            r = hand.resample(p, seed=seed)
            if Counter(r.cards_in_play()) != cards:
                problems.append(f"seat {p}'s determinization does not hold the hand's cards")
            if r.view(p) != hand.view(p):
                problems.append(f"seat {p}'s view of its determinization differs from its view of the hand")
            if not r.is_over:
                r.apply(r.legal_actions()[0])
        except Exception as exc:  # reported, whatever it is
            problems.append(f"seat {p}'s determinization raised {type(exc).__name__}: {exc}")


def _check_replay(hand: Hand, problems: list[str]) -> None:
    record = json.loads(json.dumps(hand.record()))
    try:
        again = replay(record)
    except RummyError as exc:
        problems.append(f"replay of a record failed: {exc}")
        return
    if again.result != hand.result or tuple(again.actions) != tuple(hand.actions):
        problems.append("replay(record()) gave another hand or result")


def _check_determinism(
    v: Variant, players: int, seed: int, actions: Sequence[Action], problems: list[str]
) -> None:
    again = new_hand(v, players=players, seed=seed)
    for action in actions:
        try:
            again.apply(str(action))
        except RummyError as exc:
            problems.append(f"the same seed and actions diverged at {action}: {exc}")
            return


def _mid_position(hand: Hand, rng: random.Random, problems: list[str]) -> Hand | None:
    """Play a few random actions, then rebuild the hand from its position text."""
    for _ in range(rng.randrange(40)):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    text = position(hand)
    try:
        again = from_position(hand.variant, text)
    except RummyError as exc:
        problems.append(f"from_position(position(hand)) failed: {exc}")
        return None
    if position(again) != text:
        problems.append("position(from_position(text)) differs from text")
    if again.legal_actions() != hand.legal_actions():
        problems.append("a hand rebuilt from its position has other legal actions")
    if [again.view(p) for p in range(hand.players)] != [hand.view(p) for p in range(hand.players)]:
        problems.append("a hand rebuilt from its position shows other views")
    return again


def _check_position_replay(text: str, hand: Hand, problems: list[str]) -> None:
    """Position + actions is a record too: it replays to the same hand and result."""
    try:
        again = from_position(hand.variant, text)
        for action in hand.actions:
            again.apply(str(action))
    except RummyError as exc:
        problems.append(f"position + actions did not replay: {exc}")
        return
    if again.result != hand.result or position(again) != position(hand):
        problems.append("position + actions replayed to another hand or result")


def check_variant(
    variant: Variant,
    *,
    hands: int = 5,
    seed: int = 0,
    players: Iterable[int] | None = None,
    probe: bool = True,
    positions: bool = False,
) -> CheckReport:
    """Play ``hands`` random hands per player count and check every invariant.

    ``players`` defaults to every count the variant allows; ``probe`` also
    tries illegal actions at each step (slower, and the best test of
    atomic refusals). With ``positions``, each hand is first played a few
    random steps and rebuilt from its position text
    (:func:`~rummykit.from_position`); the invariants are then checked on the
    rebuilt hand, and position + actions must replay to the same result.

    >>> import rummykit as rk
    >>> check_variant(rk.load_variant("knock"), hands=1, positions=True).ok
    True
    """
    problems: list[str] = []
    counts = list(players) if players is not None else list(variant.players.counts())
    played = steps = 0
    for n in counts:
        for i in range(hands):
            hand_seed = seed * 1_000_003 + n * 1009 + i
            hand = new_hand(variant, players=n, seed=hand_seed)
            found: list[str] = []
            if positions:
                rebuilt = _mid_position(hand, random.Random(-hand_seed), found)
                if rebuilt is None:
                    problems += [f"{n} players, seed {hand_seed}: {p}" for p in found]
                    played += 1
                    continue
                start = position(rebuilt)
                steps += _play_one(rebuilt, random.Random(hand_seed), found, probe)
                if not found and rebuilt.is_over:
                    _check_position_replay(start, rebuilt, found)
                problems += [f"{n} players, seed {hand_seed}, from a position: {p}" for p in found]
                played += 1
                continue
            steps += _play_one(hand, random.Random(hand_seed), found, probe)
            if not found and hand.is_over:
                _check_replay(hand, found)
                _check_determinism(variant, n, hand_seed, hand.actions, found)
            problems += [f"{n} players, seed {hand_seed}: {p}" for p in found]
            played += 1
    return CheckReport(variant.name, played, steps, tuple(dict.fromkeys(problems)))
