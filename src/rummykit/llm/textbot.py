"""Text functions as bots: :func:`bot` and :class:`TextBot`.

Any function from prompt text to reply text (a model client, a person at a
web form, a script) becomes a bot: it is sent :func:`~rummykit.llm.prompt`
for each decision, its reply is read by :func:`~rummykit.llm.parse`, a
reply that is refused is answered with the refusal and asked again, and
after ``retries`` refused replies the fallback bot plays the move, so that a
match always ends. The bot counts what happened: ``asked``, ``refused`` and
``fallbacks``.

>>> import rummykit as rk
>>> from rummykit import llm
>>> v = rk.load_variant("gin")
>>> def first_listed(text):
...     return text.split("Legal moves")[1].splitlines()[1][2:]
>>> m = rk.new_match(v, players=2, seed=3)
>>> text_bot = llm.bot(first_listed, v)
>>> m.play([text_bot, rk.GreedyBot(v, seed=1)])
>>> m.is_over, text_bot.fallbacks, text_bot.asked == text_bot.moves
(True, 0, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

from rummykit import Action, ArgumentError, IllegalAction, Match, Variant, View
from rummykit.llm.prompts import RULES_FORMS, prompt
from rummykit.llm.replies import ReplyError, parse
from rummykit.llm.tokens import MAX_REPLY_CHARS

__all__ = ["FALLBACKS", "Exchange", "TextBot", "bot", "refusal_prompt"]

FALLBACKS = ("greedy", "random", "first")
"""Named fallbacks: the greedy bot's move, a random legal move, or the
first legal move (in the canonical order of :meth:`rummykit.Hand.legal_actions`)."""


@attrs.frozen
class Exchange:
    """One question to the text function and its answer: ``refusal`` is the
    refusal's message, ``""`` for the reply that was played."""

    prompt: str
    reply: str
    refusal: str = ""


def refusal_prompt(text: str, reply: object, refusal: str) -> str:
    """The prompt that asks again after a refused reply: the first prompt, the
    reply, why it was refused. A reply longer than the parser reads
    (:data:`~rummykit.llm.tokens.MAX_REPLY_CHARS`) is echoed that far, the cut
    marked, so that a huge reply does not make a huge prompt.

    >>> print(refusal_prompt("(the prompt)", "discard 7H", "7H is not in your hand"))
    (the prompt)
    <BLANKLINE>
    Your reply was:
    discard 7H
    It was refused: 7H is not in your hand
    Reply again with one legal move, on a last line of its own: Move: <move>
    """
    shown = (reply if isinstance(reply, str) else repr(reply)).strip()
    if len(shown) > MAX_REPLY_CHARS:
        shown = f"{shown[:MAX_REPLY_CHARS]}... ({len(shown) - MAX_REPLY_CHARS:,} more characters left out)"
    return (
        f"{text}\n\nYour reply was:\n{shown}\nIt was refused: {refusal}\n"
        "Reply again with one legal move, on a last line of its own: Move: <move>"
    )


class TextBot:
    """A bot that asks a text function for its moves; see :func:`bot`.

    Counters: ``moves`` (moves chosen), ``forced`` (moves played without
    asking, the only legal move, with ``ask_forced=False``), ``asked`` (calls of the function),
    ``refused`` (replies refused), ``fallbacks`` (moves the fallback played
    after ``retries`` refused replies); ``refusals`` counts the refusals by
    the ``rule`` that refused them; ``last`` holds the exchanges of the last
    move (:class:`Exchange`).
    """

    def __init__(
        self,
        fn: Callable[[str], Any],
        variant: Variant,
        *,
        retries: int = 2,
        fallback: Any = "greedy",
        seed: int | None = None,
        legal: bool = True,
        rules: str = "short",
        match: Match | None = None,
        ask_forced: bool = True,
    ) -> None:
        if not callable(fn):
            raise ArgumentError(f"bot: fn must be a function from prompt text to reply text, got {fn!r:.60}")
        if not isinstance(variant, Variant):
            raise ArgumentError(f"bot: variant must be a Variant, got {type(variant).__name__}")
        if not isinstance(retries, int) or isinstance(retries, bool) or retries < 0:
            raise ArgumentError(f"bot: retries must be a whole number from 0, got {retries!r:.40}")
        if rules not in RULES_FORMS:
            raise ArgumentError(
                f"bot: rules must be one of {', '.join(map(repr, RULES_FORMS))}, got {rules!r}"
            )
        self.fn = fn
        self.variant = variant
        self.retries = retries
        self.legal = legal
        self.rules = rules
        self.match = match
        self.ask_forced = ask_forced
        self.fallback = _fallback(fallback, variant, seed)
        self.moves = 0
        self.forced = 0
        self.asked = 0
        self.refused = 0
        self.fallbacks = 0
        self.refusals: Counter[str] = Counter()
        self.last: tuple[Exchange, ...] = ()

    def start_hand(self, view: View) -> None:
        """Passed on to the fallback bot (its per-hand hook)."""
        hook = getattr(self.fallback, "start_hand", None)
        if callable(hook):
            hook(view)

    def prompt(self, view: View) -> str:
        """The prompt this bot sends for ``view``."""
        scores = None
        m = self.match
        if m is not None and not m.is_over and len(m.seats) == len(view.hand_counts):
            scores = [m.totals[s] for s in m.seats]
        return prompt(view, variant=self.variant, legal=self.legal, rules=self.rules, scores=scores)

    def choose(self, view: View) -> Action:
        """Ask the function; read its reply; ask again with the refusal; fall back."""
        self.moves += 1
        if len(view.legal) == 1 and not self.ask_forced:
            self.forced += 1
            self.last = ()
            return view.legal[0]
        first = self.prompt(view)
        text = first
        exchanges: list[Exchange] = []
        for _ in range(self.retries + 1):
            self.asked += 1
            reply = self.fn(text)
            try:
                if not isinstance(reply, str):
                    raise ReplyError(
                        f"the reply must be text, got {type(reply).__name__}",
                        reply=repr(reply),
                        rule="reply.no_move",
                    )
                action = parse(view, reply)
            except IllegalAction as exc:
                self.refused += 1
                self.refusals[exc.rule] += 1
                exchanges.append(Exchange(text, str(reply), str(exc)))
                text = refusal_prompt(first, reply, str(exc))
                continue
            exchanges.append(Exchange(text, reply))
            self.last = tuple(exchanges)
            return action
        self.last = tuple(exchanges)
        self.fallbacks += 1
        choice = self.fallback(view) if not hasattr(self.fallback, "choose") else self.fallback.choose(view)
        return choice if isinstance(choice, Action) else parse(view, str(choice))

    def __repr__(self) -> str:
        return f"<TextBot {self.variant.name}: {self.moves} moves, {self.refused} refused, {self.fallbacks} fallbacks>"


def _first(view: View) -> Action:
    return view.legal[0]


def _fallback(spec: Any, variant: Variant, seed: int | None) -> Any:
    if spec == "first":
        return _first
    if isinstance(spec, str) and spec not in FALLBACKS:
        raise ArgumentError(f"bot: fallback must be one of {', '.join(FALLBACKS)} or a bot, got {spec!r}")
    if not isinstance(spec, str) and not (hasattr(spec, "choose") or callable(spec)):
        raise ArgumentError(f"bot: fallback must be one of {', '.join(FALLBACKS)} or a bot, got {spec!r:.60}")
    from rummykit.bots import make_bot

    return make_bot(spec, variant, seed)


def bot(fn: Callable[[str], Any], variant: Variant, *, retries: int = 2, **options: Any) -> TextBot:
    """A bot that plays ``variant`` by asking ``fn(prompt_text) -> reply_text``.

    Each decision sends :func:`~rummykit.llm.prompt` of the seat's view
    (``legal`` and ``rules`` as in :func:`~rummykit.llm.prompt`; with
    ``match=`` the game's scores too). A reply that :func:`~rummykit.llm.parse`
    refuses (or that is not text) is answered with :func:`refusal_prompt`:
    the prompt, the reply and the refusal, which names the nearest legal
    moves; after ``retries`` refused replies (so ``retries + 1`` questions)
    the ``fallback`` plays the move and is counted in ``fallbacks``. The
    fallback is ``"greedy"`` (the default: :class:`~rummykit.GreedyBot`,
    seeded by ``seed``), ``"random"``, ``"first"`` (the first legal move), or
    any bot. With ``ask_forced=False`` a decision with one legal move only
    (a pass after a knock, say) is played without asking (counted in
    ``forced``). An exception raised by ``fn`` itself is not caught.

    >>> import rummykit as rk
    >>> from rummykit import llm
    >>> v = rk.load_variant("straight")
    >>> h = rk.new_hand(v, players=2, seed=4)
    >>> stubborn = llm.bot(lambda text: "Let me think about it for a while", v, retries=1)
    >>> stubborn.choose(h.view(h.current_player)) in h.legal_actions()
    True
    >>> stubborn.asked, stubborn.refused, stubborn.fallbacks, dict(stubborn.refusals)
    (2, 2, 1, {'reply.no_move': 2})
    """
    return TextBot(fn, variant, retries=retries, **options)
