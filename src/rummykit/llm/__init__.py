"""Text agents: prompts from the rules, a tolerant reader of replies."""

from rummykit.llm.dataset import prompt_rows, write_prompts
from rummykit.llm.prompts import NOTATION, RULES_FORMS, prompt, rules_text
from rummykit.llm.replies import AMBIGUOUS, NO_MOVE, AmbiguousReply, ReplyError, nearest, parse
from rummykit.llm.textbot import FALLBACKS, Exchange, TextBot, bot, refusal_prompt

__all__ = [
    "AMBIGUOUS",
    "FALLBACKS",
    "NOTATION",
    "NO_MOVE",
    "RULES_FORMS",
    "AmbiguousReply",
    "Exchange",
    "ReplyError",
    "TextBot",
    "bot",
    "nearest",
    "parse",
    "prompt",
    "prompt_rows",
    "refusal_prompt",
    "rules_text",
    "write_prompts",
]
