"""Records a server can trust: HMAC signatures and deal commitments.

* :func:`sign_record` adds ``"signature"``: HMAC-SHA256 under the server's key
  over the record's canonical JSON (keys sorted, no spaces, ASCII), so that
  :func:`check_signature` (and ``rk.replay(record, key=...)``) refuses a
  record changed in any way, or signed with another key.
* :func:`commit_deal` makes, at the deal, ``"commitment"``: the SHA-256 of a
  random 128-bit salt and the canonical shuffled deal (every hand, the discard
  pile, the stock in order, the cut card). Every record carries the hash from
  the first move; only the full record holds the salt, and with it anyone can
  check (:func:`check_commitment`) that the deal revealed after the hand is
  the one fixed before the first move.

>>> import rummykit as rk
>>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=1)
>>> signed = h.record(key=b"server secret")
>>> signed["signature"]["alg"]
'hmac-sha256'
>>> rk.replay(signed, key=b"server secret").actions == h.actions
True
>>> rk.check_commitment(h.record())
True
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from typing import Any

from rummykit.cards import short_repr
from rummykit.errors import ArgumentError, RecordError

__all__ = ["canonical_json", "check_commitment", "check_signature", "commit_deal", "sign_record"]

ALG = "hmac-sha256"
COMMIT_ALG = "sha256"
_DEAL_KEYS = ("hands", "discard", "stock", "cut")


def canonical_json(value: Any) -> bytes:
    """The canonical JSON bytes of ``value``: keys sorted, no spaces, ASCII only.

    >>> canonical_json({"b": 1, "a": [1, "é"]})
    b'{"a":[1,"\\\\u00e9"],"b":1}'
    """
    try:
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"record: not JSON data ({exc})") from None
    return text.encode("ascii")


def _key(key: object, where: str) -> bytes:
    if isinstance(key, str):
        key = key.encode("utf-8")
    if not isinstance(key, bytes | bytearray) or not key:
        raise ArgumentError(f"{where}: key must be non-empty bytes (or text), got {short_repr(key)}")
    return bytes(key)


def _mac(record: Mapping[str, Any], key: bytes) -> str:
    body = {k: v for k, v in record.items() if k != "signature"}
    return hmac.new(key, canonical_json(body), hashlib.sha256).hexdigest()


def sign_record(record: dict[str, Any], key: bytes | str) -> dict[str, Any]:
    """``record`` with its ``"signature"`` under ``key`` (a copy; any old signature replaced)."""
    k = _key(key, "record")
    return {
        **{n: v for n, v in record.items() if n != "signature"},
        "signature": {"alg": ALG, "mac": _mac(record, k)},
    }


def check_signature(record: object, key: bytes | str) -> None:
    """Raise :class:`~rummykit.RecordError` unless ``record`` carries a valid
    signature under ``key`` (any change to any field breaks it)."""
    k = _key(key, "replay")
    if not isinstance(record, dict):
        raise RecordError("record: not a JSON object, so not a signed record")
    sig = record.get("signature")
    if sig is None:
        raise RecordError("record: not signed, but a key was given: refused")
    if not isinstance(sig, dict) or sig.get("alg") != ALG or not isinstance(sig.get("mac"), str):
        raise RecordError(f"record: signature: expected {{'alg': {ALG!r}, 'mac': hex}}")
    if not hmac.compare_digest(sig["mac"], _mac(record, k)):
        raise RecordError(
            "record: the signature does not match: the record was changed, or signed with another key"
        )


def _digest(salt: bytes, deal: Mapping[str, Any]) -> str:
    body = {k: deal.get(k, "") for k in _DEAL_KEYS}
    if "second" in deal:  # the second hands (a foot, a morto), where the variant deals them
        body["second"] = deal["second"]
    return hashlib.sha256(salt + canonical_json(body)).hexdigest()


def commit_deal(deal: Mapping[str, Any], *, secret: bool = True, seed: int | None = None) -> dict[str, str]:
    """A commitment to a shuffled deal (``hands``, ``discard``, ``stock``,
    ``cut`` and, where dealt, ``second`` as card text): ``{"alg", "salt", "hash"}``; the salt is secret
    until the full record reveals it. A secret deal (from OS entropy or an
    operator's source) gets a fresh random salt; a deal that is no secret (a
    seed's, a stacked one) a salt derived from it, so that the same seed
    still writes the same record."""
    if secret:
        salt = secrets.token_bytes(16)
    else:
        salt = hashlib.sha256(b"rummykit deal " + canonical_json([seed, dict(deal)])).digest()[:16]
    return {"alg": COMMIT_ALG, "salt": salt.hex(), "hash": _digest(salt, deal)}


def check_commitment(record: object) -> bool:
    """Whether the deal a full record reveals is the one committed to at the deal.

    True when the SHA-256 of the revealed salt and the record's deal equals the
    committed hash; False when they differ (the deal was changed). Raises
    :class:`~rummykit.RecordError` when the record holds no commitment, or no
    salt (a seat record: check it against the full record once the hand is
    over, with the hash the seat saw from the start).
    """
    if not isinstance(record, dict):
        raise RecordError("check_commitment: expected a record (a JSON object)")
    c = record.get("commitment")
    if not isinstance(c, dict) or c.get("alg") != COMMIT_ALG or not isinstance(c.get("hash"), str):
        raise RecordError("record: no commitment to its deal")
    salt = c.get("salt")
    if not isinstance(salt, str):
        raise RecordError(
            "record: the commitment's salt is not revealed (a seat record?): check the full record"
        )
    try:
        raw = bytes.fromhex(salt)
    except ValueError:
        raise RecordError("record: commitment: the salt is not hex") from None
    deal = record.get("deal") if record.get("deal") is not None else record.get("dealt")
    if deal is None and isinstance(record.get("position"), str):
        deal = {"hands": [record["position"]]}
    if not isinstance(deal, dict):
        raise RecordError("record: no deal revealed to check the commitment against")
    return hmac.compare_digest(c["hash"], _digest(raw, deal))
