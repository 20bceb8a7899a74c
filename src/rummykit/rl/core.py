"""The driver shared by the environments: one hand, its token decisions,
public memory, observations, masks and rewards."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from rummykit.cards import Card
from rummykit.engine import Action, Hand, View, new_hand
from rummykit.engine.record import public_text
from rummykit.engine.view import make_view
from rummykit.errors import EnvError
from rummykit.loading import load_variant
from rummykit.rl.inputs import check_flag
from rummykit.rl.observe import KnownCards, Observer
from rummykit.rl.tokens import ActionTokens, Decision
from rummykit.rules.game_end import Best, Elimination
from rummykit.settlement import Termination
from rummykit.variant import Variant

__all__ = ["REWARDS", "Driver", "resolve_variant", "reward_sign"]

REWARDS = ("score", "relative")
"""Reward modes: the seat's settlement score, or that score minus the mean of the others' (zero-sum)."""


def resolve_variant(variant: Variant | str | Path) -> Variant:
    """A variant, a built-in name or the path of a variant (house-rule) file."""
    if isinstance(variant, Variant):
        return variant
    return load_variant(variant)


def reward_sign(v: Variant) -> int:
    """+1 when higher totals are better, -1 for penalty points (lowest total wins)."""
    end = v.game_end
    if isinstance(end, Elimination) or getattr(end, "best", Best.HIGHEST) is Best.LOWEST:
        return -1
    return 1


def check_players(v: Variant, players: int) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or players not in v.players.counts():
        raise EnvError(
            f"variant {v.name!r} is played by {v.players.min} to {v.players.max} players, got {players!r}"
        )
    return players


class Driver:
    """One hand at a time, played by tokens (the learning seat) or whole actions (bots)."""

    def __init__(
        self, v: Variant, players: int, *, normalize_rewards: bool = False, rewards: str = "score"
    ) -> None:
        if rewards not in REWARDS:
            raise EnvError(f"rewards must be one of {', '.join(map(repr, REWARDS))}, got {rewards!r}")
        self.reward_mode = rewards
        self.v = v
        self.n = check_players(v, players)
        self.tokens = ActionTokens(v)
        self.observer = Observer(v, players, self.tokens)
        self.normalize = check_flag("normalize_rewards", normalize_rewards)
        self.sign = reward_sign(v)
        self.hand: Hand | None = None
        self.known = KnownCards(players)
        self.view: View | None = None
        self.decision: Decision | None = None
        self.version = 0
        self.last_action: Action | None = None
        self.last_actor: int | None = None
        self._last_kept: Card | None = None
        self._zeros = np.zeros(len(self.tokens), dtype=np.int8)
        self._masks: dict[frozenset[int], npt.NDArray[np.int8]] = {}
        """The mask of each set of allowed tokens met (copied out)."""
        self._base: tuple[View, npt.NDArray[np.float32]] | None = None

    # ------------------------------------------------------------- the hand

    def deal(self, seed: int, dealer: int = 0) -> None:
        self.start(new_hand(self.v, players=self.n, seed=seed, dealer=dealer))

    def start(self, hand: Hand) -> None:
        """Play on from ``hand`` (a new deal, or a prepared scenario)."""
        if (hand.variant is not self.v and hand.variant != self.v) or hand.players != self.n:
            raise EnvError(f"the hand is not a {self.n}-player hand of {self.v.name!r}")
        self.hand = hand
        self.known = KnownCards(self.n)
        self.last_action = None
        self.last_actor = None
        self._last_kept = None
        self._next()

    def _next(self, view: View | None = None) -> None:
        h = self.the_hand
        self.version += 1
        if h.is_over:
            self.view = None
            self.decision = None
            return
        self.view = view if view is not None else make_view(h, h.current)
        self.decision = Decision(self.tokens, self.view.legal)

    @property
    def the_hand(self) -> Hand:
        if self.hand is None:
            raise EnvError("no hand dealt yet: call reset() first")
        return self.hand

    @property
    def over(self) -> bool:
        return self.the_hand.is_over

    @property
    def current(self) -> int | None:
        return self.the_hand.current_player

    def last_text(self, seat: int) -> str | None:
        """The last action's text as ``seat`` knows it: another seat's
        face-down card shows ``??`` while the hand goes on."""
        if self.last_action is None:
            return None
        if self.last_actor == seat or self.over:
            return str(self.last_action)
        return public_text(self.last_action, self._last_kept)

    def play(self, action: Action) -> None:
        """Apply a whole action for the current seat."""
        h = self.the_hand
        seat = h.current
        before = self.view if self.view is not None else make_view(h, seat)
        h.apply(action)
        self.last_action = action
        # make_view rather than h.view: the seats are the engine's own, no need to check them
        after = make_view(h, seat if h.is_over else h.current)
        self.last_actor = seat
        kept0 = before.eaten[seat] if before.eaten else ()
        kept1 = after.eaten[seat] if after.eaten else ()  # taken into a meld kept in hand (Phỏm)
        self._last_kept = kept1[-1] if len(kept1) > len(kept0) else None
        self.known.update(seat, before, after)
        self._next(None if h.is_over else after)

    def choose(self, token: int) -> Action | None:
        """Choose one token for the current seat; plays the action once it is determined."""
        d = self.decision
        if d is None:
            raise EnvError("the hand is over: no token to choose (call reset())")
        action = d.choose(token)
        if action is None:
            self.version += 1
        else:
            self.play(action)
        return action

    # ------------------------------------------------------------- encodings

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        d = self.decision
        if d is None or seat != self.current:
            return self._zeros.copy()
        found = self._masks.get(d.allowed)
        if found is None:
            if len(self._masks) > 4096:
                self._masks.clear()
            found = self._masks[d.allowed] = np.zeros(len(self.tokens), dtype=np.int8)
            found[list(d.allowed)] = 1
        return found.copy()

    def observe(self, seat: int) -> npt.NDArray[np.float32]:
        h = self.the_hand
        if self.view is not None and self.view.player == seat and self.decision is not None:
            # the same position while a token prefix grows: encode the view once
            if self._base is None or self._base[0] is not self.view:
                self._base = (self.view, self.observer.encode(self.view, self.known))
            x = self._base[1].copy()
            if self.decision.prefix:
                self.observer.add_prefix(x, self.decision.prefix)
            return x
        scores = self.scores() if h.is_over else None
        return self.observer.encode(h.view(seat), self.known, (), scores)

    def scores(self) -> tuple[float, ...]:
        """The hand's settlement as rewards: signed so that more is better; ``relative``: minus
        the mean of the other seats' (zero-sum); optionally divided by the largest absolute value."""
        result = self.the_hand.result
        if result is None:
            return (0.0,) * self.n
        values = [float(self.sign * s) for s in result.scores]
        if self.reward_mode == "relative" and self.n > 1:
            total = sum(values)
            values = [x - (total - x) / (self.n - 1) for x in values]
        if self.normalize:
            top = max(abs(x) for x in values)
            if top:
                values = [x / top for x in values]
        return tuple(values)

    @property
    def truncated(self) -> bool:
        result = self.the_hand.result
        return result is not None and result.how is Termination.TURN_LIMIT

    def render(self, names: Sequence[str]) -> str:
        """A text picture of the whole hand (every hand shown: for a spectator)."""
        h = self.the_hand
        lines = [repr(h)]
        for s in range(self.n):
            mark = ">" if s == h.current_player else " "
            cards = " ".join(str(c) for c in h.hand_of(s))
            lines.append(f"{mark} {names[s]}: {cards}")
        for i, t in enumerate(h.view(0).table, start=1):
            lines.append(f"  meld {i} ({names[t.owner]}): {t}")
        pile = h.discard_pile
        lines.append(f"  stock {h.stock_count}, discard pile {len(pile)}, top {pile[-1] if pile else '-'}")
        if self.decision is not None and self.decision.prefix:
            lines.append(f"  choosing: {self.tokens.decode(self.decision.prefix)} ...")
        if self.last_action is not None:
            lines.append(f"  last action: {self.last_action}")
        if h.is_over and h.result is not None:
            lines.append(f"  over ({h.result.how.value}): scores {list(h.result.scores)}")
        return "\n".join(lines)
