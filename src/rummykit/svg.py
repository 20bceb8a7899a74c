"""Cards, melds, hands and whole positions as SVG pictures.

In the spirit of python-chess's ``chess.svg``: every function returns an SVG
document as a string, ready to write to a file, embed in a web page or show
in Jupyter (cards, melds, hands and views have ``_repr_svg_``). Suits are in
colour (hearts and diamonds red, clubs and spades black); a wild card shows
what it stands for (a joker laid as ``JK=9H`` is drawn with a ``=9H`` badge).

This module imports nothing of rummykit when it runs: cards, melds, hands and
views are read through their public attributes, so that each of them can
draw itself with it (it sits below the card layer).

>>> import rummykit as rk
>>> from rummykit import svg
>>> picture = svg.card(rk.Card.parse("7H"))
>>> picture.startswith("<svg") and 'class="card"' in picture and "♥" in picture
True
>>> 'data-stands-for="9H"' in svg.cards(rk.parse_cards("7H 8H JK"), represents={2: rk.Card.parse("9H")})
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rummykit.cards import Card

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "card", "cards", "hand", "meld", "position"]

CARD_WIDTH = 60
"""Width of one card, in SVG user units (the height is 1.4 times it)."""
CARD_HEIGHT = 84
_STEP = 24  # horizontal distance between overlapping cards in a fanned row
_GAP = 14  # space between melds, and between a row's label and its cards
_RED = "#c62828"
_BLACK = "#1b1b1b"
_FONT = 'font-family="DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"'


def _colour(c: Card) -> str:
    return _RED if c.suit is not None and c.suit.letter in "DH" else _BLACK


def _rank_text(c: Card) -> str:
    assert c.rank is not None
    return c.rank.letter.replace("T", "10")


def _card_group(c: Card | None, x: float, y: float, *, stands_for: Card | None = None) -> str:
    """One card (``None``: face down) at (x, y), as an SVG group."""
    w, h = CARD_WIDTH, CARD_HEIGHT
    if c is None:
        return (
            f'<g class="card back" transform="translate({x},{y})">'
            f'<rect width="{w}" height="{h}" rx="6" fill="#1e4f8a" stroke="#0d2747" stroke-width="1.5"/>'
            f'<rect x="5" y="5" width="{w - 10}" height="{h - 10}" rx="4" fill="none" stroke="#8fb3de" '
            f'stroke-width="1" stroke-dasharray="3 2"/></g>'
        )
    label = escape(str(c))
    parts = [
        f'<g class="card" data-card="{label}" transform="translate({x},{y})">',
        f"<title>{label}{escape('=' + str(stands_for)) if stands_for is not None else ''}</title>",
        f'<rect width="{w}" height="{h}" rx="6" fill="#fffdf8" stroke="#555" stroke-width="1.2"/>',
    ]
    if c.is_joker:
        parts.append(
            f'<text x="6" y="17" font-size="13" font-weight="bold" fill="#6a1b9a" {_FONT}>JK</text>'
            f'<text x="{w / 2}" y="{h / 2 + 10}" font-size="30" text-anchor="middle" fill="#6a1b9a" {_FONT}>★</text>'
        )
    else:
        assert c.suit is not None
        colour, rank, suit = _colour(c), _rank_text(c), c.suit.symbol
        parts.append(
            f'<text x="5" y="17" font-size="14" font-weight="bold" fill="{colour}" {_FONT}>{rank}</text>'
            f'<text x="5" y="31" font-size="13" fill="{colour}" {_FONT}>{suit}</text>'
            f'<text x="{w / 2 + 6}" y="{h / 2 + 14}" font-size="32" text-anchor="middle" fill="{colour}" {_FONT}>{suit}</text>'
        )
    if stands_for is not None:
        # In the card's left strip, which stays visible when cards overlap.
        fill = _colour(stands_for) if not stands_for.is_joker else "#6a1b9a"
        top = "JK" if stands_for.is_joker else _rank_text(stands_for)
        bottom = "" if stands_for.suit is None else stands_for.suit.symbol
        parts.append(
            f'<g class="designation" data-stands-for="{escape(str(stands_for))}">'
            f'<rect x="2" y="36" width="21" height="34" rx="4" fill="#fff3c4" stroke="#c9a400"/>'
            f'<text x="12.5" y="50" font-size="11" font-weight="bold" text-anchor="middle" fill="{fill}" {_FONT}>{top}</text>'
            f'<text x="12.5" y="64" font-size="12" text-anchor="middle" fill="{fill}" {_FONT}>{bottom}</text></g>'
        )
    parts.append("</g>")
    return "".join(parts)


def _document(width: float, height: float, body: Iterable[str], *, title: str = "") -> str:
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="{width:g}" height="{height:g}">'
    t = f"<title>{escape(title)}</title>" if title else ""
    return head + t + "".join(body) + "</svg>"


def _row_width(n: int, step: float = _STEP) -> float:
    return CARD_WIDTH + max(n - 1, 0) * step if n else 0


def card(c: Card, *, stands_for: Card | None = None) -> str:
    """One card, face up; ``stands_for`` marks what a wild card represents."""
    return _document(CARD_WIDTH, CARD_HEIGHT, [_card_group(c, 0, 0, stands_for=stands_for)], title=str(c))


def cards(
    row: Sequence[Card],
    *,
    represents: Mapping[int, Card] | None = None,
    step: float = _STEP,
    face_down: bool = False,
) -> str:
    """A row of cards, fanned left to right; ``represents`` maps positions of
    wild cards to the cards they stand for. ``face_down`` draws backs only."""
    reps = represents or {}
    body = [
        _card_group(None if face_down else c, i * step, 0, stands_for=reps.get(i)) for i, c in enumerate(row)
    ]
    return _document(max(_row_width(len(row), step), 1), CARD_HEIGHT, body, title=" ".join(map(str, row)))


def _meld_reps(m: Any) -> dict[int, Card]:
    return {i: r for i, (c, r) in enumerate(zip(m.cards, m.represents, strict=False)) if c != r}


def meld(m: Any) -> str:
    """A meld (a :class:`~rummykit.Meld`), each wild card marked with what it stands for."""
    return cards(m.cards, represents=_meld_reps(m))


def hand(row: Sequence[Card], *, sort: bool = True) -> str:
    """A player's hand, sorted by suit then rank unless ``sort=False``."""
    return cards(sorted(row) if sort else list(row))


def _label(x: float, y: float, text: str, *, size: int = 13, weight: str = "bold") -> str:
    return f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" fill="#e8f5e9" {_FONT}>{escape(text)}</text>'


def position(state: Any, seat: int | None = None, *, max_discard: int = 12) -> str:
    """A whole position: every seat's hand, the table grouped by owner, the
    discard pile fanned (its top card last and fully visible) and the stock.

    ``state`` is a :class:`~rummykit.View` (only what that seat may see: the
    other hands face down) or a :class:`~rummykit.Hand` with ``seat`` (drawn as
    that seat's view) or without (every hand face up: the server's picture).
    At most ``max_discard`` discards are drawn, the top ones.

    >>> import rummykit as rk
    >>> h = rk.new_hand(rk.load_variant("gin"), players=2, seed=3)
    >>> pic = position(h.view(0))
    >>> pic.count('class="card back"') == h.view(0).hand_counts[1] + 1  # seat 1's hand and the stock
    True
    >>> "Seat 1" in pic and 'class="discard"' in pic
    True
    """
    if hasattr(state, "view") and seat is not None:
        state = state.view(seat)
    if hasattr(state, "hand_counts"):  # a View
        n = len(state.hand_counts)
        me = state.player
        shown = getattr(state, "shown_hands", ()) or ()
        hands: list[list[Card | None]] = []
        for p in range(n):
            if shown and len(shown) == n:
                hands.append(sorted(shown[p]))
            elif p == me:
                hands.append(sorted(state.hand))
            else:
                hands.append([None] * state.hand_counts[p])
        table = state.table
        discard = list(state.discard)
        stock = state.stock_count
        current, dealer = state.current_player, state.dealer
    else:  # a Hand: the full picture
        n = state.n
        me = None
        hands = [sorted(h) for h in state.hands]
        table = state.table
        discard = list(state.pile)
        stock = len(state.stock)
        current, dealer = state.current_player, state.dealer
    # a second hand (a foot, a morto): a count face down, or picked up; never its cards
    second = tuple(getattr(state, "second_counts", ()) or ())
    taken = tuple(getattr(state, "second_taken", ()) or ())
    body: list[str] = ['<rect width="100%" height="100%" fill="#2e6b3a" rx="10"/>']
    y = 12.0
    width = 420.0
    for p in range(n):
        tag = f"Seat {p}" + (" (you)" if p == me else "") + (" — dealer" if p == dealer else "")
        tag += " — to play" if p == current else ""
        if second and second[p]:
            tag += f" — second hand: {second[p]} face down"
        elif taken and taken[p]:
            tag += " — second hand picked up"
        body.append(_label(12, y + 12, tag))
        y += 20
        row = hands[p]
        for i, c in enumerate(row):
            body.append(_card_group(c, 12 + i * _STEP, y))
        width = max(width, 24 + _row_width(len(row)))
        y += CARD_HEIGHT + _GAP
        own = [tm for tm in table if tm.owner == p]
        if own:
            body.append(_label(12, y + 10, f"Seat {p}'s melds", size=12, weight="normal"))
            y += 16
            x = 12.0
            for tm in own:
                reps = _meld_reps(tm.meld)
                body.append(f'<g class="meld" data-owner="{p}">')
                for i, c in enumerate(tm.meld.cards):
                    body.append(_card_group(c, x + i * _STEP, y, stands_for=reps.get(i)))
                body.append("</g>")
                x += _row_width(len(tm.meld.cards)) + _GAP
            width = max(width, x + 12)
            y += CARD_HEIGHT + _GAP
    body.append(_label(12, y + 12, f"Stock: {stock} card{'s' if stock != 1 else ''}"))
    shown_discard = discard[-max_discard:]
    hidden = len(discard) - len(shown_discard)
    body.append(_label(170, y + 12, "Discard pile" + (f" (+{hidden} below)" if hidden else "")))
    y += 20
    if stock:
        body.append(_card_group(None, 12, y))
    body.append('<g class="discard">')
    for i, c in enumerate(shown_discard):
        body.append(_card_group(c, 170 + i * _STEP, y))
    body.append("</g>")
    width = max(width, 182 + _row_width(len(shown_discard)))
    y += CARD_HEIGHT + 12
    return _document(width, y, body, title="rummykit position")
