"""Game records: a JSON-ready dict of one hand, and replaying it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummykit.errors import NotationError, RummyError
from rummykit.settlement import Settlement
from rummykit.variant import Variant

if TYPE_CHECKING:
    from rummykit.engine.state import Hand

__all__ = ["RecordError", "make_record", "replay"]

FORMAT = "rummykit-record"
VERSION = 1


class RecordError(RummyError):
    """A game record that is malformed or does not replay to what it says."""


def _variant_ref(v: Variant) -> str:
    from rummykit.loading import list_variants, load_variant

    if v.name in list_variants():
        try:
            if load_variant(v.name) == v:
                return v.name
        except RummyError:
            pass
    return v.to_toml()


def make_record(h: Hand) -> dict[str, Any]:
    """The record of hand ``h`` (finished or not)."""
    rec: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "variant": _variant_ref(h.v),
        "players": h.n,
        "dealer": h.dealer,
        "deal_number": h.deal_number,
    }
    if "seed" in h._dealt:
        rec["seed"] = h._dealt["seed"]
    else:
        rec["seed"] = h.seed
        rec["deal"] = dict(h._dealt)
    rec["actions"] = [str(a) for a in h.history]
    result = h.result
    rec["result"] = result.to_json() if result is not None else None
    return rec


def _load_variant(ref: Any) -> Variant:
    from rummykit.loading import load_variant, loads_variant

    if not isinstance(ref, str) or not ref:
        raise RecordError("record: 'variant' must be a built-in name or TOML text")
    if "\n" in ref or "[" in ref:
        return loads_variant(ref, source="<record>")
    return load_variant(ref)


def replay(record: dict[str, Any], *, verify: bool = True) -> Hand:
    """Rebuild the hand a record describes, applying every action.

    Raises :class:`RecordError` naming the first problem: a malformed field, an
    action that is not legal at its point (a tampered record), or a final
    result that differs from the recorded one.

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("straight"), players=2, seed=3)
    >>> h.apply("draw")
    >>> rk.replay(h.record()).actions == h.actions
    True
    """
    from rummykit.engine.deal import new_hand

    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(f"not a rummykit record (expected format = {FORMAT!r})")
    if record.get("version") != VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not supported (expected {VERSION})")
    v = _load_variant(record.get("variant"))
    try:
        players = int(record["players"])
        dealer = int(record.get("dealer", 0))
        deal_number = int(record.get("deal_number", 1))
        seed = record.get("seed")
        deal = record.get("deal")
        actions = list(record.get("actions", []))
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"record: bad or missing field ({exc})") from None
    try:
        if deal is not None:
            h = new_hand(
                v,
                players,
                seed=seed,
                dealer=dealer,
                deal_number=deal_number,
                hands=deal["hands"],
                discard=deal.get("discard", ""),
                stock=deal.get("stock", ""),
                cut=deal.get("cut") or None,
            )
        else:
            h = new_hand(v, players, seed=seed, dealer=dealer, deal_number=deal_number)
    except RummyError as exc:
        raise RecordError(f"record: the deal cannot be rebuilt: {exc}") from None
    for i, text in enumerate(actions, 1):
        try:
            h.apply(str(text))
        except (RummyError, NotationError) as exc:
            raise RecordError(f"record: action {i} ({text!r}) does not replay: {exc}") from None
    if verify and record.get("result") is not None:
        want = Settlement.from_json(record["result"])
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
