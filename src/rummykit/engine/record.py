"""Game records: a JSON-ready dict of one hand, and replaying it.

Two kinds of record:

- the **full record** (``hand.record()``): the variant, the seats, the deal
  and every action. It holds every hidden card: for a seeded hand, the seed
  (and the deal it gives, checked on replay); for an unseeded (safe) hand, the
  dealt order of the whole shoe and the order of every later reshuffle, never
  a seed. It is for the server, or for an archive of finished games: anyone
  holding it knows every hand and the stock.
- the **seat record** (``hand.record(seat=p)``, kind ``"seat"``): what seat
  ``p`` may know, for that player's own history: its own dealt cards and the
  cards it drew, the face-up cards (the first discard pile, the cut wild),
  the counts of the other hands and of the stock, and the actions (an action
  that discarded face down shows ``??`` until the hand is over, and so do the
  hand cards of a meld made with a taken card and kept concealed, Phỏm's
  ``take meld 7H ??``). It cannot be
  replayed by :func:`replay` (the other hands and the stock are withheld, so
  no engine can rebuild the hidden state); :func:`replay` refuses it with a
  :class:`RecordError` saying so. Seat ``p``'s own cards at any point follow
  from it: dealt + drawn + taken from the pile - played.

:func:`replay` checks a record's shape in one place (:func:`record_shape`)
and raises :class:`RecordError` naming the field, then rebuilds the hand,
checking the deal (against its seed, or against the variant's shoe and hand
sizes) and every action, and the final result.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from rummykit.engine.signing import check_commitment, check_signature
from rummykit.errors import NotationError, RecordError, RummyError
from rummykit.settlement import Settlement
from rummykit.variant import Variant

if TYPE_CHECKING:
    from rummykit.cards import Card
    from rummykit.engine.actions import Action
    from rummykit.engine.state import Hand

__all__ = [
    "RecordError",
    "RecordShape",
    "make_record",
    "make_seat_record",
    "public_text",
    "record_shape",
    "replay",
]

FORMAT = "rummykit-record"
VERSION = 1

MAX_PLAYERS = 64
"""The most seats a record may name (no variant seats more)."""
MAX_ACTIONS = 100_000
"""The most actions a record may hold."""
MAX_TEXT = 1_000_000
"""The longest text field (the variant's TOML) a record may hold."""
MAX_SEED_BITS = 256
MAX_DEAL_NUMBER = 10_000


@attrs.frozen
class DealShape:
    """The deal of a record: each seat's cards, the discard pile (bottom
    first), the stock (top first), the cut card, and each later reshuffle."""

    hands: tuple[str, ...]
    discard: str = ""
    stock: str = ""
    cut: str = ""
    reshuffles: tuple[str, ...] = ()
    second: tuple[str, ...] = ()
    """Each seat's second hand (a foot, a morto), where the variant deals one."""


@attrs.frozen
class RecordShape:
    """A full record, its fields checked for type and range (:func:`record_shape`)."""

    variant: str
    players: int
    dealer: int
    deal_number: int
    seed: int | None
    deal: DealShape | None
    dealt: DealShape | None
    actions: tuple[str, ...]
    result: Settlement | None
    position: str | None = None
    """The full position text a hand built with :func:`rummykit.from_position` started from."""
    standing: tuple[int, ...] | None = None
    """Each seat's total in the game when the hand was dealt (None: zeros)."""


_FIELDS = frozenset(
    [
        "format",
        "version",
        "variant",
        "players",
        "dealer",
        "deal_number",
        "seed",
        "deal",
        "dealt",
        "position",
        "actions",
        "result",
        "standing",
        "commitment",
        "signature",
    ]
)
_DEAL_FIELDS = frozenset(["hands", "discard", "stock", "cut", "reshuffles", "second"])


def _shown(x: object) -> str:
    from rummykit.cards import short_repr

    return short_repr(x)


def _int(rec: Mapping[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    if key not in rec:
        if default is None:
            raise RecordError(f"record: {key}: missing")
        return default
    value = rec[key]
    if isinstance(value, float) and value.is_integer():  # JSON's 2.0 is the integer 2
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        # 2.7, " 2 ", "٢", inf: never read as a number
        raise RecordError(f"record: {key}: expected a whole number, got {_shown(value)}")
    if not low <= value <= high:
        raise RecordError(f"record: {key}: expected a number from {low} to {high}, got {_shown(value)}")
    return value


def _text(value: object, where: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str):
        raise RecordError(f"record: {where}: expected text, got {_shown(value)}")
    if len(value) > limit:
        raise RecordError(f"record: {where}: too long ({len(value)} characters, at most {limit})")
    return value


def _texts(value: object, where: str, limit: int) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise RecordError(f"record: {where}: expected a list, got {_shown(value)}")
    if len(value) > limit:
        raise RecordError(f"record: {where}: too many items ({len(value)}, at most {limit})")
    return tuple(_text(x, f"{where}[{i}]", 10_000) for i, x in enumerate(value))


def _deal(value: object, where: str, players: int) -> DealShape:
    if not isinstance(value, dict):
        raise RecordError(f"record: {where}: expected an object, got {_shown(value)}")
    extra = sorted(str(k) for k in value if k not in _DEAL_FIELDS)
    if extra:
        raise RecordError(f"record: {where}: unknown field {_shown(extra[0])}")
    if "hands" not in value:
        raise RecordError(f"record: {where}.hands: missing")
    hands = _texts(value["hands"], f"{where}.hands", MAX_PLAYERS)
    if len(hands) != players:
        raise RecordError(
            f"record: {where}.hands: expected one card list per seat ({players}), got {len(hands)}"
        )
    return DealShape(
        hands=hands,
        discard=_text(value.get("discard", ""), f"{where}.discard", 10_000),
        stock=_text(value.get("stock", ""), f"{where}.stock", 100_000),
        cut=_text(value.get("cut", ""), f"{where}.cut", 10),
        reshuffles=_texts(value.get("reshuffles", []), f"{where}.reshuffles", MAX_ACTIONS),
        second=_second_texts(value, where, players),
    )


def _second_texts(value: dict[str, Any], where: str, players: int) -> tuple[str, ...]:
    if "second" not in value:
        return ()
    second = _texts(value["second"], f"{where}.second", MAX_PLAYERS)
    if len(second) != players:
        raise RecordError(
            f"record: {where}.second: expected one card list per seat ({players}), got {len(second)}"
        )
    return second


def record_shape(record: object) -> RecordShape:
    """Check a record's shape (every field's type and range) in one place.

    Raises :class:`RecordError` naming the field. Numbers must be JSON
    integers (``2.7``, ``" 2 "``, ``"٢"`` and infinities are refused, never
    read as 2); ``variant`` is a built-in name or the variant's TOML text.

    >>> record_shape({"format": "rummykit-record", "version": 1, "variant": "straight", "players": 2.7})
    Traceback (most recent call last):
    ...
    rummykit.errors.RecordError: record: players: expected a whole number, got 2.7
    """
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(f"not a rummykit record (expected format = {FORMAT!r})")
    if record.get("kind") == "seat":
        raise RecordError(
            "record: this is a seat record (hand.record(seat=...)): it withholds the other hands "
            "and the stock, so it cannot be replayed; replay the full record"
        )
    version = record.get("version")
    if isinstance(version, bool) or not isinstance(version, int | float) or version != VERSION:
        raise RecordError(f"record version {_shown(version)} is not supported (expected {VERSION})")
    extra = sorted(str(k) for k in record if k not in _FIELDS)
    if extra:
        raise RecordError(f"record: unknown field {_shown(extra[0])}")
    variant = _text(record.get("variant"), "variant")
    if not variant:
        raise RecordError("record: variant: expected a built-in name or TOML text, got ''")
    players = _int(record, "players", 1, MAX_PLAYERS)
    dealer = _int(record, "dealer", 0, players - 1, default=0)
    deal_number = _int(record, "deal_number", 1, MAX_DEAL_NUMBER, default=1)
    seed = record.get("seed")
    if isinstance(seed, float) and seed.is_integer():
        seed = int(seed)
    if seed is not None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"record: seed: expected a whole number or null, got {_shown(seed)}")
        if seed.bit_length() > MAX_SEED_BITS:
            raise RecordError(f"record: seed: more than {MAX_SEED_BITS} bits")
    deal = _deal(record["deal"], "deal", players) if record.get("deal") is not None else None
    dealt = _deal(record["dealt"], "dealt", players) if record.get("dealt") is not None else None
    position = _text(record["position"], "position", MAX_TEXT) if record.get("position") is not None else None
    if deal is None and seed is None and position is None:
        raise RecordError("record: neither a deal, a seed nor a position: the hand cannot be rebuilt")
    actions = _texts(record.get("actions", []), "actions", MAX_ACTIONS)
    result = None
    if record.get("result") is not None:
        raw = record["result"]
        if not isinstance(raw, dict):
            raise RecordError(f"record: result: expected an object or null, got {_shown(raw)}")
        try:
            result = Settlement.from_json(raw)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
            raise RecordError(f"record: result: malformed ({_shown(str(exc))})") from None
    standing = None
    if record.get("standing") is not None:
        raw_standing = record["standing"]
        if (
            not isinstance(raw_standing, list)
            or len(raw_standing) != players
            or any(not isinstance(x, int) or isinstance(x, bool) or abs(x) > 10**9 for x in raw_standing)
        ):
            raise RecordError(
                f"record: standing: expected {players} whole numbers, got {_shown(raw_standing)}"
            )
        standing = tuple(raw_standing)
    return RecordShape(
        variant, players, dealer, deal_number, seed, deal, dealt, actions, result, position, standing
    )


def _variant_ref(v: Variant) -> str:
    from rummykit.loading import list_variants, load_variant

    if v.name in list_variants():
        try:
            if load_variant(v.name) == v:
                return v.name
        except RummyError:
            pass
    return v.to_toml()


def _deal_dict(h: Hand) -> dict[str, Any]:
    return {
        k: (list(x) if isinstance(x, list) else x)
        for k, x in h._dealt.items()
        if k not in ("seed", "commitment")
    }


def _start_position(h: Hand) -> tuple[str | None, int]:
    """The full position a hand started from and how many of its actions
    came before it: a hand built with ``from_position`` (none), or a
    determinization (``Hand.resample``), whose record starts where its
    hidden cards were dealt again. (None, 0) for a hand dealt from a shoe."""
    from rummykit.engine.position import position

    if "origin" in h._dealt:
        origin = h._dealt["origin"]
        return position(origin), len(origin._history)
    if "position" in h._dealt:
        return h._dealt["position"], 0
    return None, 0


def _starts_at_a_position(h: Hand) -> bool:
    """Whether :func:`_start_position` has a position for ``h`` (without
    writing it)."""
    return "origin" in h._dealt or "position" in h._dealt


def make_record(h: Hand) -> dict[str, Any]:
    """The full record of hand ``h`` (finished or not): for the server only."""
    rec: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "variant": _variant_ref(h._v),
        "players": h._n,
        "dealer": h._dealer,
        "deal_number": h._deal_number,
        **({"standing": list(h._standing)} if any(h._standing) else {}),
    }
    text, start = _start_position(h)
    if text is not None:  # built with from_position, or dealt again (a determinization): where it started
        rec["position"] = text
    elif "seed" in h._dealt:  # shuffled from a seed: the seed, and the deal it gives (checked)
        rec["seed"] = h._dealt["seed"]
        rec["dealt"] = _deal_dict(h)
    else:
        if h._seed is not None:
            rec["seed"] = h._seed
        rec["deal"] = _deal_dict(h)
    rec["actions"] = [str(a) for a in h._history[start:]]
    result = h.result
    rec["result"] = result.to_json() if result is not None else None
    commitment = h._dealt.get("commitment")
    if commitment is not None and "origin" not in h._dealt:
        rec["commitment"] = dict(commitment)  # with its salt: the full record reveals the deal
    return rec


def public_text(a: Action, kept: Card | None = None) -> str:
    """The text of action ``a`` as the other seats know it while the hand goes
    on: a face-down discard (a knock, a declaration's) shows ``??``; ``kept``,
    where ``a`` took that card into a meld that stays concealed in hand
    (Phỏm), gives ``take meld 7H ??``.

    >>> import rummykit as rk
    >>> public_text(rk.parse_action("knock QS")), public_text(rk.parse_action("discard QS"))
    ('knock ??', 'discard QS')
    """
    from rummykit.engine.actions import Declare, Knock, Take

    if isinstance(a, Knock) and a.card is not None:
        return "knock ??"
    if isinstance(a, Declare) and a.discard is not None:
        return str(Declare(a.groups)) + " discard ??"
    if kept is not None and isinstance(a, Take):
        return f"take meld {kept} ??"
    return str(a)


def make_seat_record(h: Hand, seat: int) -> dict[str, Any]:
    """The record seat ``seat`` may see (see the module documentation).

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("straight"), players=2)
    >>> rec = h.record(seat=0)
    >>> rec["kind"], "seed" in rec, "stock" in rec, len(rec["hand"].split())
    ('seat', False, False, 10)
    """
    from rummykit.engine.position import position
    from rummykit.engine.resample import replay_start

    over = h.is_over
    # walk the hand again from its start (its reshuffles as they fell) to know
    # who acted and what the seat drew
    replayed = replay_start(h)[0]
    first = len(replayed._history)
    if _starts_at_a_position(h):
        start: dict[str, Any] = {"position": position(replayed, seat=seat)}
    else:
        start = {
            "hand": h._dealt["hands"][seat],
            "hand_sizes": [len(x.split()) for x in h._dealt["hands"]],
            "discard": h._dealt["discard"],
            "cut": h._dealt["cut"],
            "stock_count": len(h._dealt["stock"].split()),
        }
        if "second" in h._dealt:  # face down: sizes only, the seat's own too
            start["second_sizes"] = [len(x.split()) for x in h._dealt["second"]]
    drawn: list[str] = []
    actions: list[str] = []

    def seen() -> Counter[Card]:  # the face-up cards: the discard pile and the table
        return Counter(replayed._pile) + Counter(c for t in replayed._table for c in t.meld.cards)

    for a in h._history[first:]:
        actor = replayed._current
        before = Counter(replayed._hands[seat])
        seen_before = seen()
        concealed = len(replayed._eaten[actor]) if actor is not None else 0
        replayed.apply(a)
        text = str(a)
        if actor != seat and not over:
            kept = (
                replayed._eaten[actor][-1][0]
                if actor is not None and len(replayed._eaten[actor]) > concealed
                else None
            )
            text = public_text(a, kept)
        if actor == seat:  # cards the seat got from the stock (a draw, Boathouse's take draw)
            hidden = Counter(replayed._hands[seat]) - before - (seen_before - seen())
            if hidden:
                drawn.append(" ".join(map(str, sorted(hidden.elements()))))
        actions.append(text)
        if replayed._phase.value == "over":
            break
    result = h.result
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "kind": "seat",
        "seat": seat,
        "variant": _variant_ref(h._v),
        "players": h._n,
        "dealer": h._dealer,
        "deal_number": h._deal_number,
        **({"standing": list(h._standing)} if any(h._standing) else {}),
        **start,
        "drawn": drawn,
        "actions": actions,
        "result": result.to_json() if result is not None else None,
    }
    commitment = h._dealt.get("commitment")
    if commitment is not None and "origin" not in h._dealt:  # the hash only: the salt stays secret
        out["commitment"] = {"alg": commitment["alg"], "hash": commitment["hash"]}
    return out


def _load_variant(ref: str) -> Variant:
    """The variant a record names: a built-in name or TOML text, never a path."""
    from rummykit.loading import list_variants, load_variant, loads_variant

    if "\n" in ref or "[" in ref or "=" in ref:
        _no_extends_path(ref)
        try:
            return loads_variant(ref, source="<record>")
        except RecordError:
            raise
        except RummyError as exc:
            raise RecordError(f"record: variant: {exc}") from None
    if ref not in list_variants():
        raise RecordError(
            f"record: variant: {_shown(ref)} is not a built-in variant name "
            "(a record carries a built-in name or the variant's TOML, never a path)"
        )
    return load_variant(ref)


def _no_extends_path(text: str) -> None:
    """Refuse a record's variant TOML whose ``extends`` is not a built-in name:
    a record must not make the reader open a file of its choosing."""
    import tomllib

    from rummykit.loading import list_variants

    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError) as exc:
        raise RecordError(f"record: variant: not valid TOML ({_shown(str(exc))})") from None
    base = data.get("extends")
    if base is not None and base not in list_variants():
        raise RecordError(
            f"record: variant: extends = {_shown(base)} is not a built-in variant name "
            "(a record carries a built-in name or the variant's TOML, never a path)"
        )


def _carry_commitment(h: Hand, record: dict[str, Any]) -> None:
    """The replayed hand keeps the record's commitment, checked against its deal."""
    c = record.get("commitment")
    if c is None or "origin" in h._dealt:
        return
    if not isinstance(c, dict) or not isinstance(c.get("hash"), str) or not isinstance(c.get("salt"), str):
        raise RecordError("record: commitment: expected {'alg': 'sha256', 'salt': hex, 'hash': hex}")
    if not check_commitment(record):
        raise RecordError("record: the deal does not match its commitment (the deal was changed)")
    h._dealt["commitment"] = {k: str(c[k]) for k in ("alg", "salt", "hash") if k in c}


def _dealt_text(h: Hand) -> DealShape:
    d = h._dealt
    return DealShape(
        tuple(d["hands"]),
        d["discard"],
        d["stock"],
        d["cut"],
        tuple(d.get("reshuffles", ())),
        tuple(d.get("second", ())),
    )


def replay(record: dict[str, Any], *, verify: bool = True, key: bytes | str | None = None) -> Hand:
    """Rebuild the hand a full record describes, applying every action.

    Raises :class:`RecordError` naming the first problem: a malformed field
    (see :func:`record_shape`), a deal that does not match its seed or the
    variant's shoe and hand sizes, an action that is not legal at its point (a
    tampered record), or a final result that differs from the recorded one.
    A seat record cannot be replayed (its hidden cards are withheld).
    With ``key``, the record must carry a valid signature under that key
    (``hand.record(key=...)``): a record changed in any way, unsigned, or
    signed with another key is refused. A record's deal commitment, where it
    reveals its salt, must match the deal (see :func:`rummykit.check_commitment`).

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("straight"), players=2, seed=3)
    >>> h.apply("draw")
    >>> rk.replay(h.record()).actions == h.actions
    True
    """
    from rummykit.engine.deal import OsShuffle, new_hand

    if key is not None:
        check_signature(record, key)
    shape = record_shape(record)
    v = _load_variant(shape.variant)
    try:
        if shape.position is not None:
            from rummykit.engine.position import from_position

            h = from_position(v, shape.position)
            if (h._n, h._dealer, h._deal_number) != (shape.players, shape.dealer, shape.deal_number):
                raise RecordError("record: players, dealer or deal number differ from the position's")
        elif shape.deal is not None:
            deal = shape.deal
            h = new_hand(
                v,
                shape.players,
                seed=shape.seed,
                dealer=shape.dealer,
                deal_number=shape.deal_number,
                standing=shape.standing,
                hands=list(deal.hands),
                discard=deal.discard,
                stock=deal.stock,
                cut=deal.cut or None,
                second_hands=list(deal.second) if deal.second else None,
            )
            if shape.seed is None:
                log: list[str] = []
                h._dealt["reshuffles"] = log
                h._rng = OsShuffle(log, deal.reshuffles)
        else:
            h = new_hand(
                v,
                shape.players,
                seed=shape.seed,
                dealer=shape.dealer,
                deal_number=shape.deal_number,
                standing=shape.standing,
            )
            if shape.dealt is not None and shape.dealt != _dealt_text(h):
                raise RecordError("record: the deal does not match its seed and dealer (a tampered record)")
    except RecordError:
        raise
    except RummyError as exc:
        raise RecordError(f"record: the deal cannot be rebuilt: {exc}") from None
    _carry_commitment(h, record)
    for i, text in enumerate(shape.actions, 1):
        try:
            h.apply(text)
        except RecordError:
            raise
        except (RummyError, NotationError) as exc:
            raise RecordError(f"record: action {i} ({_shown(text)}) does not replay: {exc}") from None
    if verify and shape.result is not None:
        want = shape.result
        got = h.result
        if got is None:
            raise RecordError(
                "record: the recorded result is for a finished hand, but the actions do not finish it"
            )
        if got != want:
            raise RecordError(
                f"record: the result differs: recorded {want.to_json()}, replayed {got.to_json()}"
            )
    return h
