"""Positions as text: a whole mid-hand state in one line, like chess's FEN.

:func:`position` writes a :class:`~rummykit.Hand` as text and
:func:`from_position` builds the hand back; the rebuilt hand plays on
exactly as the original (same legal actions, same draws, same reshuffles,
same result). ``position(hand, seat=p)`` is what seat ``p`` may know: the
other hands and the stock only as counts, no shuffle state.

The text is a list of ``key value`` fields separated by ``;``, in a fixed
order; fields that hold their fresh-deal default are left out. The format is
documented field by field on the docs page *Positions as text*
(``docs/positions.md``).

>>> import rummykit as rk
>>> v = rk.load_variant("straight")
>>> h = rk.new_hand(v, players=2, seed=1)
>>> print(position(h))  # doctest: +NORMALIZE_WHITESPACE
rkpos 1; variant straight; players 2; dealer 0; deal 1; phase draw; to 1; turn 1;
hands 4C 4D QD 2H 5H 6H 7H 9H 5S QS / AC 9C TC AD 7D 8D AH TH AS 4S; pile JD;
stock 9S KD QC 3H 2D 6C 8H 5C 4H 9D QH KS KH 7C JS 7S 6S 3D KC 3C 8C TS JC JH 2C 3S 6D 8S TD 5D 2S;
upcard JD; own_turns 0 1; draws 0 0; rng 1+104
>>> h.apply("draw")
>>> print(position(h, seat=1))  # doctest: +NORMALIZE_WHITESPACE
rkpos 1; variant straight; players 2; seat 1; dealer 0; deal 1; phase play; to 1; turn 1;
hands #10 / AC 9C TC AD 7D 8D AH TH AS 4S 9S; pile JD; stock #30; upcard JD; own_turns 0 1; draws 0 1
>>> again = from_position(v, position(h))
>>> position(again) == position(h) and again.legal_actions() == h.legal_actions()
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, TypeVar

from rummykit.cards import Card, Rank, parse_card
from rummykit.engine.fields import HandFields, blank_hand
from rummykit.engine.phase import Phase, TableMeld
from rummykit.engine.reach import (
    check_cards,
    check_drawn,
    check_ending,
    check_hand_sizes,
    check_leavers,
    check_phase_fields,
)
from rummykit.engine.shuffle_text import read_shuffle_state, shuffle_text
from rummykit.engine.signing import commit_deal
from rummykit.errors import ArgumentError, NotationError, RummyError
from rummykit.melds import Meld, classify_meld
from rummykit.settlement import Termination
from rummykit.variant import Variant

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = ["FORMAT_VERSION", "MAX_POSITION_CHARS", "PositionError", "from_position", "position"]

FORMAT_VERSION = 1
"""The version written in the first field (``rkpos 1``)."""
MAX_POSITION_CHARS = 32_768
"""Longer texts are refused before parsing (a position of a 3-deck shoe is
well under 2,000 characters; the explicit shuffle state adds about 3,400)."""

_CODE = attrgetter("code")
_TWIST = 624  # 32-bit words per Mersenne Twister block
_MAX_TWISTS = 4096  # how far a "SEED+WORDS" shuffle state is searched / advanced
_MAX_INT_DIGITS = 9
_INT = re.compile(r"-?[0-9]+", re.ASCII)
_WORD = re.compile(r"[a-z][a-z0-9_-]*", re.ASCII)

T = TypeVar("T")


class PositionError(RummyError):
    """A position text that is malformed or describes a state the rules
    cannot reach; the message names the field and what is wrong.

    >>> import rummykit as rk
    >>> text = rk.position(rk.new_hand(rk.load_variant("gin"), players=2, seed=1))
    >>> rk.from_position(rk.load_variant("gin"), text.replace("phase offer", "phase layoff"))
    Traceback (most recent call last):
    ...
    rummykit.engine.position.PositionError: position: offer: offer 0 outside phase offer
    """


# --------------------------------------------------------------------------- writing

_FIELDS = (
    "rkpos", "variant", "players", "seat", "dealer", "deal", "phase", "to", "turn", "hands",
    "table", "pile", "stock", "buried", "cut", "upcard", "own_turns", "draws", "melded",
    "first_shown", "shown", "dropped", "hit_until", "bought", "asked", "eaten", "penalties", "bonus", "second",
    "second_taken", "second_unplayed", "second_stocked", "standing", "taken",
    "took_top",
    "melds_this_turn", "played", "must_meld", "stock_only", "offer", "reuses", "passes",
    "knocker", "layoff_queue", "claim_queue", "resume", "claim", "went_out", "how",
    "final_discard", "fed_by", "permission", "rng",
)  # fmt: skip
_REQUIRED = (
    "rkpos", "variant", "players", "dealer", "deal", "phase", "to", "turn", "hands", "stock", "own_turns", "draws",
)  # fmt: skip


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) if cards else "-"


def _opt(x: object) -> str:
    return "-" if x is None else str(x)


def _flag(b: bool) -> str:
    return "1" if b else "0"


def _table_text(t: TableMeld) -> str:
    text = f"{t.owner}: {t.meld}"
    if t.laid:
        text += " + " + " ".join(f"{c}@{s}" for c, s in t.laid)
    return text


def position(hand: Hand, seat: int | None = None) -> str:
    """The position of ``hand`` as text; with ``seat``, what that seat may know.

    The full text (for the server, tests and bug reports) holds every card in
    order and the shuffle state; :func:`from_position` rebuilds the hand from
    it. A seat's version shows the other hands (until they are laid out: at
    the showdown after a knock, and at the end), the stock and (until the
    hand is over) face-down discards only as counts (``#7``), the concealed melds
    of other seats only as the cards everybody saw taken, and no shuffle
    state; it starts with the same fields and adds ``seat P``. It cannot be
    played on.

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=5)
    >>> position(h, seat=0).split("; ")[:9]
    ['rkpos 1', 'variant gin', 'players 2', 'seat 0', 'dealer 0', 'deal 1', 'phase offer', 'to 1', 'turn 1']
    """
    if not isinstance(hand, HandFields):
        raise ArgumentError(f"position: hand must be a Hand, got {type(hand).__name__}")
    h = hand
    n = h._n
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise ArgumentError(f"position: seat must be an int (a seat) or None, got {seat!r}")
    if seat is not None and not 0 <= seat < n:
        raise PositionError(f"position: seat: no seat {seat!r} in a hand of {n} players")
    over = h._phase is Phase.OVER
    f: dict[str, str] = {
        "rkpos": str(FORMAT_VERSION),
        "variant": h._v.name,
        "players": str(n),
    }
    if seat is not None:
        f["seat"] = str(seat)
    f["dealer"] = str(h._dealer)
    f["deal"] = str(h._deal_number)
    f["phase"] = h._phase.value
    f["to"] = str(h._current)
    f["turn"] = str(h._turns)
    hands = []
    for s, cards in enumerate(h._hands):
        if seat is None or s == seat or h._phase.hands_shown:
            hands.append(_cards(cards))
        else:
            hands.append(f"#{len(cards)}")
    f["hands"] = " / ".join(hands)
    if h._table:
        f["table"] = " / ".join(_table_text(t) for t in h._table)
    if h._pile:
        f["pile"] = " ".join(
            str(c) if src < 0 else f"{c}@{src}" for c, src in zip(h._pile, h._pile_from, strict=True)
        )
    f["stock"] = _cards(list(reversed(h._stock))) if seat is None else f"#{len(h._stock)}"
    if h._buried:
        f["buried"] = _cards(h._buried) if seat is None or over else f"#{len(h._buried)}"
    if h._cut is not None:
        f["cut"] = str(h._cut)
    if h._upcard is not None:
        f["upcard"] = str(h._upcard)
    f["own_turns"] = " ".join(map(str, h._own_turns))
    f["draws"] = " ".join(map(str, h._draws))
    if any(h._melded):
        f["melded"] = " ".join(map(_flag, h._melded))
    if any(x is not None for x in h._first_shown):
        f["first_shown"] = " ".join(map(_opt, h._first_shown))
    if any(h._shown):
        f["shown"] = " ".join(map(_flag, h._shown))
    if any(x is not None for x in h._dropped):
        f["dropped"] = " ".join(map(_opt, h._dropped))
    if any(h._hit_until):
        f["hit_until"] = " ".join(map(str, h._hit_until))
    if any(h._bought):
        f["bought"] = " ".join(map(str, h._bought))
    if any(h._asked):
        f["asked"] = " ".join(map(str, h._asked))
    if any(h._eaten):
        per_seat = []
        for s, items in enumerate(h._eaten):
            if not items:
                per_seat.append("-")
            elif seat is None or s == seat:
                per_seat.append(", ".join(f"{c}: {m}" for c, m in items))
            else:
                per_seat.append(", ".join(str(c) for c, _ in items))
        f["eaten"] = " / ".join(per_seat)
    if h._penalties:
        f["penalties"] = ", ".join(f"{s} {why} {_opt(o)}" for s, why, o in h._penalties)
    if any(h._bonus):
        f["bonus"] = " / ".join(_cards(b) for b in h._bonus)
    if h._kit.second_hand:  # face down: a count in a seat's version, its owner's too
        f["second"] = " / ".join(_cards(x) if seat is None else f"#{len(x)}" for x in h._second)
        if any(h._second_taken):
            f["second_taken"] = " ".join(map(_flag, h._second_taken))
        if any(h._second_unplayed):
            f["second_unplayed"] = " ".join(map(_flag, h._second_unplayed))
        if any(h._second_stocked):
            f["second_stocked"] = " ".join(map(_flag, h._second_stocked))
    if any(h._standing):
        f["standing"] = " ".join(map(str, h._standing))
    if h._taken is not None:
        f["taken"] = str(h._taken)
    if h._took_top is not None:
        f["took_top"] = str(h._took_top)
    if h._melds_this_turn:
        f["melds_this_turn"] = str(h._melds_this_turn)
    if h._played_this_turn:
        f["played"] = "1"
    if h._must_meld is not None:
        f["must_meld"] = str(h._must_meld)
    if h._stock_only:
        f["stock_only"] = "1"
    if h._offer_stage != 2:
        f["offer"] = str(h._offer_stage)
    if h._reuses:
        f["reuses"] = str(h._reuses)
    if h._passes:
        f["passes"] = str(h._passes)
    if h._knocker is not None:
        f["knocker"] = str(h._knocker)
    if h._layoff_queue:
        f["layoff_queue"] = " ".join(map(str, h._layoff_queue))
    if h._claim_queue:
        f["claim_queue"] = " ".join(map(str, h._claim_queue))
    if h._resume != h._starter:
        f["resume"] = str(h._resume)
    if h._claim is not None:
        f["claim"] = str(h._claim)
    if h._went_out is not None:
        f["went_out"] = str(h._went_out)
    if h._how is not None:
        f["how"] = h._how.value
    if h._final_discard:
        f["final_discard"] = "1"
    if h._fed_by is not None:
        f["fed_by"] = str(h._fed_by)
    if h._permission is not None:
        f["permission"] = h._permission
    if seat is None:
        f["rng"] = shuffle_text(h._rng, h._seed)
    return "; ".join(f"{k} {f[k]}" for k in _FIELDS if k in f)


# --------------------------------------------------------------------------- reading


class _Reader:
    """Field-by-field parsing with errors that name the field."""

    def __init__(self, v: Variant, fields: dict[str, str]) -> None:
        self.v = v
        self.fields = fields
        self.n = 0

    def fail(self, key: str, message: str) -> PositionError:
        return PositionError(f"position: {key}: {message}")

    def raw(self, key: str) -> str | None:
        return self.fields.get(key)

    def integer(self, key: str, text: str, lo: int, hi: int) -> int:
        text = text.strip()
        if not _INT.fullmatch(text) or len(text.lstrip("-")) > _MAX_INT_DIGITS:
            raise self.fail(key, f"expected a whole number, got {_show(text)}")
        value = int(text)
        if not lo <= value <= hi:
            raise self.fail(key, f"{value} is out of range (expected {lo} to {hi})")
        return value

    def num(self, key: str, default: int, lo: int, hi: int) -> int:
        text = self.raw(key)
        return default if text is None else self.integer(key, text, lo, hi)

    def seat(self, key: str, text: str) -> int:
        return self.integer(key, text, 0, self.n - 1)

    def opt_seat(self, key: str) -> int | None:
        text = self.raw(key)
        return None if text is None else self.seat(key, text)

    def card(self, key: str, text: str) -> Card:
        try:
            return parse_card(text.strip())
        except NotationError as exc:
            raise self.fail(key, str(exc)) from None

    def opt_card(self, key: str) -> Card | None:
        text = self.raw(key)
        return None if text is None else self.card(key, text)

    def cards(self, key: str, text: str) -> list[Card]:
        text = text.strip()
        if text == "-":
            return []
        if not text:
            raise self.fail(key, "no cards (write - for none)")
        return [self.card(key, t) for t in text.split()]

    def flag(self, key: str) -> bool:
        text = self.raw(key)
        if text is None:
            return False
        if text.strip() not in ("0", "1"):
            raise self.fail(key, f"expected 0 or 1, got {_show(text)}")
        return text.strip() == "1"

    def per_seat(self, key: str, default: T, item: Callable[[str], T]) -> list[T]:
        text = self.raw(key)
        if text is None:
            return [default] * self.n
        parts = text.split()
        if len(parts) != self.n:
            raise self.fail(key, f"expected one entry per seat ({self.n}), got {len(parts)}")
        return [item(p) for p in parts]

    def seats(self, key: str) -> list[int]:
        text = self.raw(key)
        if text is None:
            return []
        return [self.seat(key, t) for t in text.split()]

    def meld(self, key: str, text: str, wild: frozenset[Rank]) -> Meld:
        text = text.strip()
        try:
            meld = Meld.parse(text)
        except NotationError as exc:
            raise self.fail(key, f"{_show(text)} is not a meld ({exc})") from None
        found = classify_meld(self.v, meld, wild_ranks=wild)
        if found is None:
            raise self.fail(key, f"{_show(text)} is not a meld in {self.v.name}")
        return meld if found.cards == meld.cards else found


def _show(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "...")


def _split_fields(text: str) -> dict[str, str]:
    if not isinstance(text, str):
        raise PositionError(f"position: expected text, got {type(text).__name__}")
    if len(text) > MAX_POSITION_CHARS:
        raise PositionError(
            f"position: the text is too long ({len(text)} characters; at most {MAX_POSITION_CHARS})"
        )
    fields: dict[str, str] = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        key, _, value = part.partition(" ")
        if key not in _FIELDS:
            raise PositionError(f"position: unknown field {_show(key)} (fields: {', '.join(_FIELDS)})")
        if key in fields:
            raise PositionError(f"position: {key}: the field is given twice")
        fields[key] = value.strip()
    for key in _REQUIRED:
        if key not in fields:
            raise PositionError(f"position: {key}: the field is missing")
    return fields


def from_position(v: Variant, text: str) -> Hand:
    """Build the hand the full position ``text`` describes, for variant ``v``.

    The hand plays on exactly as the one the text was written from. Raises
    :class:`PositionError` naming the field for bad text, a seat's version
    (hidden cards are missing), cards that are not the variant's shoe
    (missing, or more copies than the decks hold), a table meld that is not a
    meld, or a phase that the rules cannot reach; no hand is built then.

    >>> import rummykit as rk
    >>> v = rk.load_variant("straight")
    >>> text = position(rk.new_hand(v, players=2, seed=3))
    >>> from_position(v, text.replace("hands ", "hands AS AS ", 1))
    Traceback (most recent call last):
    ...
    rummykit.engine.position.PositionError: position: cards: AS appears 3 times, the straight shoe holds 1
    """
    if not isinstance(v, Variant):
        raise ArgumentError(f"from_position: v must be a Variant (rk.load_variant(name)), got {v!r:.60}")
    f = _split_fields(text)
    r = _Reader(v, f)
    if f["rkpos"] != str(FORMAT_VERSION):
        raise r.fail(
            "rkpos", f"format version {_show(f['rkpos'])} is not supported (expected {FORMAT_VERSION})"
        )
    if "seat" in f:
        raise r.fail("seat", "this is a seat's version: the hidden cards are missing, it cannot be played on")
    if f["variant"] != v.name:
        raise r.fail("variant", f"the position is of {_show(f['variant'])}, not of {v.name!r}")
    n = r.integer("players", f["players"], 0, 10_000)
    if n not in v.players.counts():
        raise r.fail("players", f"{v.name} is played by {v.players.min} to {v.players.max} players, not {n}")
    r.n = n
    h = blank_hand(v, n)
    h._dealer = r.seat("dealer", f["dealer"])
    h._deal_number = r.integer("deal", f["deal"], 1, 1_000_000)
    h._starter = (h._dealer + v.deal.step()) % n
    try:
        h._phase = Phase(f["phase"])
    except ValueError:
        raise r.fail(
            "phase", f"{_show(f['phase'])} is not a phase ({', '.join(p.value for p in Phase)})"
        ) from None
    h._current = r.seat("to", f["to"])
    max_turns = v.limits.max_turns
    h._turns = r.integer("turn", f["turn"], 0, max_turns + 1)
    # cards
    hand_texts = f["hands"].split("/")
    if len(hand_texts) != n:
        raise r.fail("hands", f"expected one hand per seat ({n}, separated by /), got {len(hand_texts)}")
    h._hands = []
    for s, part in enumerate(hand_texts):
        if part.strip().startswith("#"):
            raise r.fail("hands", f"seat {s}'s hand is only a count: a seat's version cannot be played on")
        h._hands.append(sorted(r.cards("hands", part), key=_CODE))  # hands are kept in card order
    cut = r.opt_card("cut")
    if cut is not None and not v.deck.cuts_wild():
        raise r.fail("cut", f"{v.name} cuts no wild card")
    h._cut = cut
    h._wild = v.deck.wild_ranks_for(cut)
    h._table = []
    if "table" in f:
        for part in f["table"].split("/"):
            h._table.append(_table_meld(r, part, h._wild))
    h._pile, h._pile_from = [], []
    for token in (f.get("pile") or "").split():
        card_text, at, src = token.partition("@")
        h._pile.append(r.card("pile", card_text))
        h._pile_from.append(r.seat("pile", src) if at else -1)
    stock_text = f["stock"].strip()
    if stock_text.startswith("#"):
        raise r.fail("stock", "the stock is only a count: a seat's version cannot be played on")
    h._stock = list(reversed(r.cards("stock", stock_text)))
    buried_text = f.get("buried", "-")
    if buried_text.strip().startswith("#"):
        raise r.fail("buried", "the face-down cards are only a count: a seat's version cannot be played on")
    h._buried = r.cards("buried", buried_text)
    h._bonus = [() for _ in range(n)]
    if "bonus" in f:
        parts = f["bonus"].split("/")
        if len(parts) != n:
            raise r.fail("bonus", f"expected one list per seat ({n}, separated by /), got {len(parts)}")
        h._bonus = [tuple(r.cards("bonus", part)) for part in parts]
    _second(r, h)
    h._standing = tuple(r.per_seat("standing", 0, lambda t: r.integer("standing", t, -(10**9), 10**9)))
    check_cards(h, r.fail)
    h._upcard = r.opt_card("upcard")
    # per-seat counters
    h._own_turns = r.per_seat("own_turns", 0, lambda t: r.integer("own_turns", t, 0, max_turns + 1))
    h._draws = r.per_seat("draws", 0, lambda t: r.integer("draws", t, 0, 10 * (max_turns + 1)))
    h._melded = r.per_seat("melded", False, lambda t: _bit(r, "melded", t))
    h._first_shown = r.per_seat(
        "first_shown", None, lambda t: None if t == "-" else r.integer("first_shown", t, 0, max_turns + 1)
    )
    h._shown = r.per_seat("shown", False, lambda t: _bit(r, "shown", t))
    h._dropped = r.per_seat("dropped", None, lambda t: None if t == "-" else _word(r, "dropped", t))
    h._hit_until = r.per_seat("hit_until", 0, lambda t: r.integer("hit_until", t, 0, 2 * (max_turns + 1)))
    h._bought = r.per_seat("bought", 0, lambda t: r.integer("bought", t, 0, max_turns + 1))
    h._asked = r.per_seat("asked", 0, lambda t: r.integer("asked", t, 0, max_turns + 1))
    h._eaten = [() for _ in range(n)]
    if "eaten" in f:
        h._eaten = _eaten(r, f["eaten"], h)
    h._penalties = []
    if "penalties" in f:
        for item in f["penalties"].split(","):
            parts = item.split()
            if len(parts) != 3:
                raise r.fail("penalties", f"expected 'SEAT KIND OTHER' entries, got {_show(item)}")
            other = None if parts[2] == "-" else r.seat("penalties", parts[2])
            h._penalties.append((r.seat("penalties", parts[0]), _word(r, "penalties", parts[1]), other))
    # turn state
    h._taken = r.opt_card("taken")
    h._took_top = r.opt_seat("took_top")
    h._melds_this_turn = r.num("melds_this_turn", 0, 0, 1_000)
    h._played_this_turn = r.flag("played")
    h._must_meld = r.opt_card("must_meld")
    h._stock_only = r.flag("stock_only")
    h._offer_stage = r.num("offer", 2, 0, 2)
    h._reuses = r.num("reuses", 0, 0, 1_000_000)
    h._passes = r.num("passes", 0, 0, n)
    h._knocker = r.opt_seat("knocker")
    h._layoff_queue = r.seats("layoff_queue")
    h._claim_queue = r.seats("claim_queue")
    resume = r.opt_seat("resume")
    h._resume = h._starter if resume is None else resume
    h._claim = r.opt_card("claim")
    h._went_out = r.opt_seat("went_out")
    how = r.raw("how")
    try:
        h._how = None if how is None else Termination(how)
    except ValueError:
        raise r.fail("how", f"{_show(how or '')} is not a way a hand ends") from None
    h._final_discard = r.flag("final_discard")
    h._fed_by = r.opt_seat("fed_by")
    h._permission = r.raw("permission")
    check_phase_fields(h, r.fail)
    check_leavers(h, r.fail)
    _permission(r, h)
    check_hand_sizes(h, r.fail)
    check_drawn(h, r.fail)
    h._seed, h._rng = read_shuffle_state(f.get("rng"), r)
    h._history = []
    h._dealt = {"position": text.strip()}
    h._dealt["commitment"] = commit_deal({"hands": [h._dealt["position"]]}, secret=False)
    if h._phase is Phase.OVER:
        h._legal = ()
        check_ending(h, r.fail)
    return h


def _second(r: _Reader, h: Hand) -> None:
    """The second hands (``second``, one card list per seat) and who picked
    one up (``second_taken``), where the variant deals them."""
    n = r.n
    h._second = [[] for _ in range(n)]
    h._second_taken = r.per_seat("second_taken", False, lambda t: _bit(r, "second_taken", t))
    h._second_unplayed = r.per_seat("second_unplayed", False, lambda t: _bit(r, "second_unplayed", t))
    h._second_stocked = r.per_seat("second_stocked", False, lambda t: _bit(r, "second_stocked", t))
    text = r.raw("second")
    if not h._kit.second_hand:
        for key in ("second", "second_taken", "second_unplayed", "second_stocked"):
            if r.raw(key) is not None:
                raise r.fail(key, f"{h._v.name} deals no second hand")
        return
    if text is None:
        raise r.fail("second", f"{h._v.name} deals a second hand: the field is missing")
    parts = text.split("/")
    if len(parts) != n:
        raise r.fail("second", f"expected one list per seat ({n}, separated by /), got {len(parts)}")
    from rummykit.engine.second_hand import sizes

    dealt = sizes(h._v, n)
    for s, part in enumerate(parts):
        if part.strip().startswith("#"):
            raise r.fail(
                "second", f"seat {s}'s second hand is only a count: a seat's version cannot be played on"
            )
        cards = sorted(r.cards("second", part), key=_CODE)
        if cards and len(cards) != dealt[s]:
            raise r.fail(
                "second", f"seat {s} holds a second hand of {len(cards)} cards, {h._v.name} deals {dealt[s]}"
            )
        h._second[s] = cards
    per_side = h._v.second_hand.per_side()
    for s in range(n):
        side = h._kit.sides(n)[s] if per_side else (s,)
        holder = min(side)
        picked = any(h._second_taken[x] for x in side)
        held = bool(h._second[holder]) or h._second_stocked[holder]
        if held == picked or (dealt[s] == 0 and h._second[s]):
            raise r.fail(
                "second",
                f"seat {s}'s second hand must be held face down until it is picked up, and empty after"
                " (second_taken) or once it became the stock (second_stocked)",
            )
    for side in {h._kit.sides(n)[s] if per_side else (s,) for s in range(n)}:
        if sum(h._second_taken[x] for x in side) > 1:
            raise r.fail("second_taken", f"the side {list(side)} has one second hand, picked up twice")
    for s in range(n):
        if not h._second_stocked[s]:
            continue
        if not h._v.second_hand.to_stock():
            raise r.fail(
                "second_stocked",
                f"{h._v.name} never makes a second hand the stock (second_hand.untaken_becomes_stock is off)",
            )
        if dealt[s] == 0 or h._second[s]:
            raise r.fail(
                "second_stocked",
                f"seat {s} held no second hand that became the stock"
                " (a second hand's holder, its second hand empty)",
            )
    for s in range(n):
        if not h._second_unplayed[s]:
            continue
        if not h._v.second_hand.taken_once_played():
            raise r.fail(
                "second_unplayed",
                f"{h._v.name} counts a second hand as picked up at once"
                " (second_hand.untaken_until_played is off)",
            )
        if not h._second_taken[s] or (s == h._current and h._phase is not Phase.OVER):
            raise r.fail(
                "second_unplayed",
                f"seat {s} has picked up no second hand that waits for its next turn"
                " (second_taken; not the seat to play)",
            )


def _permission(r: _Reader, h: Hand) -> None:
    """Refuse a partner's permission (``asked``, ``permission``) that no play gives."""
    from rummykit.engine.permission import partner

    v = h._v
    said = h._permission
    if not h._kit.permission and (said is not None or any(h._asked)):
        raise r.fail("permission" if said else "asked", f"nobody asks permission to go out in {v.name}")
    most = v.going_out.asks_per_hand()
    for s, times in enumerate(h._asked):
        if most and times > most:
            raise r.fail("asked", f"seat {s} asked {times} times; {v.name} allows {most} in a hand")
        if times > h._own_turns[s]:
            raise r.fail("asked", f"seat {s} asked {times} times in {h._own_turns[s]} turns")
    if said is None:
        return
    if said not in ("asked", "yes", "no"):
        raise r.fail("permission", f"expected asked, yes or no, got {_show(said)}")
    asker = h._resume if said == "asked" else h._current
    if (h._phase is Phase.ANSWER) != (said == "asked") or h._phase not in (Phase.ANSWER, Phase.PLAY):
        raise r.fail(
            "permission", f"{said} in phase {h._phase.value} (asked: phase answer; yes, no: phase play)"
        )
    if said == "asked" and h._current != partner(h, asker):
        raise r.fail("to", f"seat {h._current} is not the partner seat {asker} asks")
    if not h._asked[asker]:
        raise r.fail("asked", f"permission {said}, but seat {asker} has not asked this hand")


def _bit(r: _Reader, key: str, t: str) -> bool:
    if t not in ("0", "1"):
        raise r.fail(key, f"expected 0 or 1 per seat, got {_show(t)}")
    return t == "1"


def _word(r: _Reader, key: str, t: str) -> str:
    if not _WORD.fullmatch(t) or len(t) > 40:
        raise r.fail(key, f"expected a word like 'first' or 'eaten', got {_show(t)}")
    return t


def _table_meld(r: _Reader, part: str, wild: frozenset[Rank]) -> TableMeld:
    owner_text, colon, rest = part.partition(":")
    if not colon:
        raise r.fail("table", f"expected 'OWNER: MELD', got {_show(part.strip())}")
    owner = r.seat("table", owner_text)
    meld_text, plus, laid_text = rest.partition("+")
    meld = r.meld("table", meld_text, wild)
    laid: list[tuple[Card, int]] = []
    if plus:
        for token in laid_text.split():
            card_text, at, src = token.partition("@")
            if not at:
                raise r.fail("table", f"a laid-off card is written CARD@SEAT, got {_show(token)}")
            # (a laid-off joker may since have been swapped out of the meld)
            laid.append((r.card("table", card_text), r.seat("table", src)))
        if not laid:
            raise r.fail("table", f"no laid-off cards after '+' in {_show(part.strip())}")
    return TableMeld(owner, meld, tuple(laid))


def _eaten(r: _Reader, text: str, h: Hand) -> list[tuple[tuple[Card, Meld], ...]]:
    parts = text.split("/")
    if len(parts) != r.n:
        raise r.fail("eaten", f"expected one entry per seat ({r.n}, separated by /), got {len(parts)}")
    out: list[tuple[tuple[Card, Meld], ...]] = []
    for s, part in enumerate(parts):
        part = part.strip()
        if part == "-":
            out.append(())
            continue
        items: list[tuple[Card, Meld]] = []
        need: Counter[Card] = Counter()
        for item in part.split(","):
            card_text, colon, meld_text = item.partition(":")
            if not colon:
                raise r.fail(
                    "eaten",
                    f"expected 'CARD: MELD' (a seat's version cannot be played on), got {_show(item.strip())}",
                )
            card = r.card("eaten", card_text)
            meld = r.meld("eaten", meld_text, h._wild)
            if card not in meld.cards:
                raise r.fail("eaten", f"the meld {meld} does not hold the card taken, {card}")
            need += Counter(meld.cards)
            items.append((card, meld))
        missing = need - Counter(h._hands[s])
        if missing:
            raise r.fail(
                "eaten",
                f"seat {s}'s concealed melds need {_cards(sorted(missing.elements()))}, not in the hand",
            )
        out.append(tuple(items))
    return out
