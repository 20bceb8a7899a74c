"""What an action kind is: :class:`ActionKind`, the one place a kind of move
keeps its rule.

A kind holds four things for its :class:`~rummykit.engine.notation.Action`
class: its notation (``parse``; ``str`` on the action), its candidates (what
:meth:`rummykit.Hand.legal_actions` lists), its refusal (the one rule that
says why an action of the kind may not be played now, naming the variant
key of that rule) and its effect (``perform``). The registry in
:mod:`rummykit.engine.actions` builds the legal list, ``verify``,
``is_legal``, ``legality`` and ``apply`` from the kinds and nothing else:
checking an action asks only its own kind.

Two ways to state the rule:

- a kind whose rule is a direct check (``draw``, ``discard``, ``knock``,
  ``pass``, ``drop``) overrides :meth:`ActionKind.refusal` (and
  :meth:`ActionKind.canonical` where several texts name one move); its
  candidates are the actions whose refusal is None;
- a kind whose rule is "one of the moves the hand allows" (melds, takes,
  lay-offs, declarations) derives from :class:`ListedKind`: an action is
  legal when it is, or fits, one of the kind's candidates (or one of the
  forms the kind accepts beyond its list, :meth:`ListedKind.unlisted`);
  :meth:`ListedKind.reason` says why not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from rummykit.engine.notation import Action
from rummykit.engine.phase import Phase
from rummykit.errors import AmbiguousActionError, IllegalAction

if TYPE_CHECKING:
    from rummykit.engine.meld_memo import Kit
    from rummykit.engine.state import Hand

__all__ = ["ActionKind", "ListedKind", "Refusal", "generic_refusal"]


@attrs.frozen
class Refusal:
    """Why an action may not be played: the reason, and the variant key path
    of the rule that says so (``going_out.max_deadwood``)."""

    reason: str
    rule: str

    def error(self, action: Action) -> IllegalAction:
        """The :class:`~rummykit.IllegalAction` to raise for ``action``."""
        return IllegalAction(self.reason, action=action, rule=self.rule)


def generic_refusal(h: Hand, a: Action, rule: str) -> Refusal:
    """The refusal of an action that is no legal move of its kind now, where
    no more specific reason is known."""
    return Refusal(f"{a} is not a legal action now ({h._phase.value} phase, seat {h._current} to act)", rule)


class ActionKind:
    """One kind of action (see the module documentation).

    Subclasses set the class attributes and override :meth:`parse`,
    :meth:`candidates`, :meth:`refusal` (or derive from :class:`ListedKind`)
    and :meth:`perform`; register an instance with
    :func:`rummykit.engine.actions.register_kind`.
    """

    action: ClassVar[type[Action]]
    """The action class of the kind."""
    words: ClassVar[tuple[str, ...]]
    """The first words of its texts (``("discard",)``)."""
    keywords: ClassVar[tuple[str, ...]] = ()
    """Other words its texts use (``on``, ``from``), read case-insensitively."""
    phases: ClassVar[frozenset[Phase]]
    """The phases in which an action of the kind may be played."""
    rule: ClassVar[str]
    """The variant key path its refusals name unless they name a finer one."""
    draws: ClassVar[bool] = False
    """Whether its actions are a turn's draw (refused once the seat has drawn)."""

    def parse(self, word: str, rest: Sequence[str], text: str) -> Action:
        """Read an action of this kind: ``word`` is its first word, ``rest``
        the words after it, ``text`` the whole text (for messages). Raises
        :class:`~rummykit.NotationError`."""
        raise NotImplementedError

    def candidates(self, h: Hand, *, every_arrangement: bool = True) -> Iterable[Action]:
        """The actions of this kind the current player may take now, in
        canonical order (the phase is one of :attr:`phases`)."""
        raise NotImplementedError

    def in_variant(self, kit: Kit) -> bool:
        """Whether the variant of ``kit`` ever allows an action of this kind
        (default: yes); a kind it never allows is not asked for candidates."""
        return True

    def refusal(self, h: Hand, a: Action) -> Refusal | None:
        """Why ``a`` may not be played now (None: it may), the phase being one
        of :attr:`phases`."""
        raise NotImplementedError

    def canonical(self, h: Hand, a: Action) -> Action:
        """The listed form of the legal action ``a`` (itself, by default)."""
        return a

    def allows(self, h: Hand, a: Action) -> bool:
        """Whether ``a`` may be played now: :meth:`refusal` is None (a kind
        may answer faster, never differently)."""
        return self.refusal(h, a) is None

    def resolve(self, h: Hand, a: Action) -> Action:
        """The legal action ``a`` stands for, in its canonical (listed) form;
        raises :class:`~rummykit.IllegalAction` naming the rule."""
        why = self.refusal(h, a)
        if why is not None:
            raise why.error(a)
        return self.canonical(h, a)

    def perform(self, h: Hand, a: Action) -> None:
        """Apply the legal, canonical action ``a`` to ``h``."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<action kind {'/'.join(self.words)}>"


class ListedKind(ActionKind):
    """A kind whose rule is "one of the moves the hand allows": legal when the
    action is one of :meth:`candidates`, fits exactly one of them (a wild's
    designation left out where it does not matter), or is one of the other
    forms :meth:`unlisted` accepts."""

    def fits(self, a: Action, b: Action) -> bool:
        """Whether the written action ``a`` may stand for the listed ``b``."""
        return a == b

    def unlisted(self, h: Hand, a: Action, listed: Sequence[Action]) -> Action | None:
        """A legal action outside the list that ``a`` names, in canonical
        form, or None (default: none)."""
        return None

    def reason(self, h: Hand, a: Action) -> Refusal | None:
        """Why ``a`` is not legal, as specifically as is known (None: no more
        specific reason than "not a legal move now")."""
        return None

    def listed_for(self, h: Hand, a: Action) -> Sequence[Action]:
        """The candidates ``a`` may be one of (default: all of them; a kind
        may narrow them by the action's cards)."""
        return list(self.candidates(h))

    def resolve(self, h: Hand, a: Action) -> Action:
        listed = self.listed_for(h, a)
        if a in listed:
            return a
        matches = [b for b in listed if self.fits(a, b)]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise AmbiguousActionError(
                f"{str(a)!r} fits {len(matches)} legal actions: "
                + ", ".join(repr(str(b)) for b in matches)
                + " (say what each wild stands for, like JK=9H)",
                rule="melds",
            )
        extra = self.unlisted(h, a, listed)
        if extra is not None:
            return extra
        raise (self.reason(h, a) or generic_refusal(h, a, self.rule)).error(a)

    def refusal(self, h: Hand, a: Action) -> Refusal | None:
        try:
            self.resolve(h, a)
        except IllegalAction as exc:
            return Refusal(exc.reason, exc.rule)
        return None

    def allows(self, h: Hand, a: Action) -> bool:
        try:
            self.resolve(h, a)
        except IllegalAction:
            return False
        return True
