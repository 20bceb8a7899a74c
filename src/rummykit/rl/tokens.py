"""A fixed integer action space for any variant: actions as token sequences.

Every engine action has a canonical text (``str(action)``, see
:mod:`rummykit.engine.actions`). :class:`ActionTokens` splits that text into
tokens from a vocabulary fixed by the variant alone:

* ``<end>``: ends an action that is also the start of a longer one
  (``meld 7H 8H 9H`` when ``meld 7H 8H 9H TH`` is legal too);
* the action words (``draw``, ``take``, ``meld``, ``layoff``, ``on``, ...)
  and ``+``, the separator between melds;
* one token per card identity of the variant's shoe (``7H``; ``JK``);
* where the deck has wild cards, one designation token per natural card
  (``=9H``): ``JK=9H`` is the two tokens ``JK`` ``=9H``;
* the numbers ``1`` to the size of the largest shoe (depths, meld numbers).

An agent builds an action one token per step. :class:`Decision` is the trie
over the current legal actions: its mask holds exactly the tokens that extend
the chosen prefix towards at least one legal action, so every unmasked integer
is legal and every legal action is reachable. Once the prefix names a single
legal action it is played at once (the remaining tokens are forced), and
tokens shared by every remaining action are appended automatically, so an
agent decides only where there is a choice.

>>> import rummykit as rk
>>> from rummykit.rl.tokens import ActionTokens, Decision
>>> v = rk.load_variant("gin")
>>> tokens = ActionTokens(v)
>>> len(tokens), tokens.words[:3]
(122, ('<end>', '+', 'borrow'))
>>> [tokens.names[t] for t in tokens.encode(rk.parse_action("discard QS"))]
['discard', 'QS']
>>> d = Decision(tokens, [rk.parse_action(a) for a in ("draw", "discard QS", "discard KS")])
>>> sorted(tokens.names[t] for t in d.allowed)
['discard', 'draw']
>>> d.choose(tokens.index["discard"]) is None  # two discards remain: choose the card
True
>>> d.choose(tokens.index["KS"])
Action.parse('discard KS')
"""

from __future__ import annotations

from collections.abc import Iterable

from rummykit.cards import Card
from rummykit.engine import Action
from rummykit.engine import actions as _actions
from rummykit.errors import IllegalAction, RummyError
from rummykit.variant import Variant

__all__ = ["END", "ActionTokens", "Decision"]

END = 0
"""The integer of the ``<end>`` token (always 0)."""

_WORDS = (
    "borrow", "call", "declare", "discard", "draw", "drop", "from", "knock",
    "layoff", "meld", "melds", "on", "pass", "pick", "swap", "take",
)  # fmt: skip
"""The words of every variant's vocabulary. The words of a kind of action
added later (``fight``, ``fold``) join only the vocabulary of a variant that
allows that kind, so that the other variants keep their integers."""


def _kind_words(v: Variant) -> set[str]:
    """The words and keywords of the registered kinds the variant allows."""
    out: set[str] = set()
    for kind in _actions.kinds_in(v):
        out.update(kind.words, kind.keywords)
    return out


def shoe_identities(v: Variant) -> tuple[Card, ...]:
    """The distinct cards of the variant's shoe over every allowed player count, in card order."""
    codes: set[int] = set()
    for n in v.players.counts():
        codes.update(c.code for c in v.deck.shoe(n))
    return tuple(Card.from_code(c) for c in sorted(codes))


def largest_shoe(v: Variant) -> int:
    """The number of cards of the variant's largest shoe."""
    return max(len(v.deck.shoe(n)) for n in v.players.counts())


class ActionTokens:
    """The token vocabulary of a variant and the token sequences of its actions.

    ``names[i]`` is the text of token ``i``; ``index`` maps text to integer.
    The order is fixed: ``<end>``, ``+``, the words (sorted), the cards (card
    order), the designations (card order), the numbers. It depends only on the
    variant's shoe and the kinds of action it allows beyond the common ones
    (``fight`` and ``fold`` where a called draw is answered), so a variant
    file always gets the same integers.
    """

    def __init__(self, v: Variant) -> None:
        self.variant = v
        words = set(_WORDS) | _kind_words(v)
        self.words: tuple[str, ...] = ("<end>", "+", *sorted(words))
        self.cards = shoe_identities(v)
        naturals = [c for c in self.cards if not c.is_joker] if v.deck.has_wilds() else []
        self.designations: tuple[str, ...] = tuple(f"={c}" for c in naturals)
        self.max_number = largest_shoe(v)
        names = [*self.words, *(str(c) for c in self.cards), *self.designations]
        names.extend(str(i) for i in range(1, self.max_number + 1))
        self.names: tuple[str, ...] = tuple(names)
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self._cache: dict[Action, tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self.names)

    def encode(self, action: Action) -> tuple[int, ...]:
        """The tokens of ``action`` (its canonical text, split), without ``<end>``.

        Raises :class:`~rummykit.RummyError` if the text has a token outside the
        vocabulary (an engine action this space cannot express: a bug to report).
        """
        found = self._cache.get(action)
        if found is not None:
            return found
        out: list[int] = []
        index = self.index
        text = str(action)
        for word in text.split():
            parts = word.split("=", 1)
            if len(parts) == 2:
                parts[1] = "=" + parts[1]
            for part in parts:
                i = index.get(part)
                if i is None:
                    raise RummyError(
                        f"action {text!r}: token {part!r} is outside the action vocabulary "
                        f"of variant {self.variant.name!r}"
                    )
                out.append(i)
        result = tuple(out)
        if len(self._cache) > 200_000:
            self._cache.clear()
        self._cache[action] = result
        return result

    def decode(self, tokens: Iterable[int]) -> str:
        """The text of a token sequence (``<end>`` left out).

        >>> import rummykit as rk
        >>> t = ActionTokens(rk.load_variant("double-rum"))
        >>> t.decode(t.encode(rk.parse_action("take 3 meld 7H 8H JK=9H")))
        'take 3 meld 7H 8H JK=9H'
        """
        text: list[str] = []
        for t in tokens:
            name = self.names[t]
            if name == "<end>":
                continue
            if name.startswith("=") and text:
                text[-1] += name
            else:
                text.append(name)
        return " ".join(text)


class Decision:
    """One decision of the current player: the legal actions as a trie, walked one token at a time.

    ``allowed`` is the set of tokens that may be chosen now; ``prefix`` the
    tokens chosen (or forced) so far.
    """

    __slots__ = ("_cands", "_depth", "allowed", "prefix", "tokens")

    def __init__(self, tokens: ActionTokens, legal: Iterable[Action]) -> None:
        self.tokens = tokens
        enc, known = tokens.encode, tokens._cache
        self._cands: list[tuple[tuple[int, ...], Action]] = [(known.get(a) or enc(a), a) for a in legal]
        self.prefix: list[int] = []
        self._depth = 0
        self.allowed: frozenset[int] = frozenset()
        self._update()

    def _update(self) -> None:
        depth = self._depth
        self.allowed = frozenset([seq[depth] if len(seq) > depth else END for seq, _ in self._cands])

    def fork(self) -> Decision:
        """An independent copy (to explore the trie)."""
        other = Decision.__new__(Decision)
        other.tokens = self.tokens
        other._cands = self._cands
        other._depth = self._depth
        other.prefix = list(self.prefix)
        other.allowed = self.allowed
        return other

    @property
    def remaining(self) -> tuple[Action, ...]:
        """The legal actions that still fit the prefix."""
        return tuple(a for _, a in self._cands)

    def choose(self, token: int) -> Action | None:
        """Choose ``token``; the action once it is determined, else None.

        Raises :class:`~rummykit.IllegalAction` for a token not in ``allowed``.
        """
        if token not in self.allowed:
            name = self.tokens.names[token] if 0 <= token < len(self.tokens) else str(token)
            raise IllegalAction(
                f"token {token} ({name!r}) does not extend {self.tokens.decode(self.prefix)!r} "
                "to a legal action"
            )
        depth = self._depth
        if token == END:
            for seq, a in self._cands:
                if len(seq) == depth:
                    return a
        cands = [c for c in self._cands if len(c[0]) > depth and c[0][depth] == token]
        self.prefix.append(token)
        depth += 1
        while True:
            if len(cands) == 1:
                return cands[0][1]
            # append the tokens every remaining action shares
            first = cands[0][0]
            if len(first) <= depth:
                break
            nxt = first[depth]
            if any(len(s) <= depth or s[depth] != nxt for s, _ in cands):
                break
            self.prefix.append(nxt)
            depth += 1
        self._cands = cands
        self._depth = depth
        self._update()
        return None
