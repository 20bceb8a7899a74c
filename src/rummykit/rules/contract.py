"""Contract rummy: a schedule of contracts, one per deal, and buying discards.

A *contract* is the melds a player must lay down, all in one turn, before
any other meld or lay-off: ``"set + run"`` (a set and a run of the melds
rules' smallest sizes), ``"set 3 + run 7"`` (sizes given). The schedule
holds one contract per deal, the hand size of each deal and the deals that
must be gone out of in one turn, with no discard ("all out").

>>> c = Contract(contracts=("set + set", "set + run 7"), hand_sizes=(10, 11), all_out=(2,))
>>> c.contract_for(deal=2).slots, c.hand_size(deal=2), c.all_out_deal(deal=2)
((('set', 0), ('run', 7)), 11, True)
>>> c.shortfall(points=0, sizes=(3, 3), shapes=(("set", 3), ("set", 3)), deal=1) is None
True
>>> c.shortfall(points=0, sizes=(3, 4), shapes=(("set", 3), ("run", 4)), deal=2)
'the contract of deal 2 is a set and a run of 7 or more'
>>> Buying(limit=3, limits=(3, 3, 4)).limit_for(deal=3), Buying().limit_for(deal=9)
(4, 0)
"""

from __future__ import annotations

import attrs

from rummykit.rules.base import ConfigError, Kind, component, show_value
from rummykit.rules.layoff import Claims
from rummykit.rules.timing import InitialMeldRule

__all__ = ["Buying", "Contract", "ContractText", "Priority", "parse_contract"]

_KINDS = ("set", "run")


def parse_contract(text: str) -> tuple[tuple[str, int], ...]:
    """Read a contract like ``"set + run 7"``: (meld kind, least size; 0 for
    the melds rules' own least size) per meld.

    >>> parse_contract("set + set 3 + run")
    (('set', 0), ('set', 3), ('run', 0))
    """
    if not isinstance(text, str):
        raise ConfigError(f'expected a contract like "set + run", got {show_value(text)}')
    out: list[tuple[str, int]] = []
    for part in text.split("+"):
        words = part.split()
        ok = (
            1 <= len(words) <= 2
            and words[0].lower() in _KINDS
            and (len(words) == 1 or (words[1].isdigit() and words[1].isascii() and 2 <= int(words[1]) <= 52))
        )
        if not ok:
            raise ConfigError(
                f'bad contract {show_value(text)}: expected melds joined by "+", each "set" or "run"'
                ' and an optional least size, like "set + run 7"'
            )
        out.append((words[0].lower(), int(words[1]) if len(words) == 2 else 0))
    return tuple(out)


class ContractText(str):
    """A contract in canonical form, e.g. ``"set + run 7"``."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> ContractText:
        """Read and normalise a contract (raises :class:`ConfigError`)."""
        return cls(" + ".join(k if n == 0 else f"{k} {n}" for k, n in parse_contract(text)))

    @property
    def slots(self) -> tuple[tuple[str, int], ...]:
        """(kind, least size; 0 = the melds rules' least size) per meld."""
        return parse_contract(self)


def _contracts(value: tuple[str, ...]) -> tuple[ContractText, ...]:
    return tuple(ContractText.parse(p) for p in value)


def _describe(slots: tuple[tuple[str, int], ...]) -> str:
    parts = [f"a {k}" + (f" of {n} or more" if n else "") for k, n in slots]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


@component
@attrs.frozen(kw_only=True)
class Contract(InitialMeldRule):
    """Contract rummy: each deal has its contract, the melds a player lays down
    at once, in one turn, before any other meld or lay-off ("going down")."""

    kind = "contract"
    summary = "Each deal has a contract of sets and runs that must be laid down at once before anything else."

    required = True
    contracts: tuple[ContractText, ...] = attrs.field(
        default=(ContractText("set + set"),), converter=_contracts
    )
    """The contract of each deal in order, e.g. ``["set + set", "set + run"]``;
    past the last, the schedule starts again."""
    hand_sizes: tuple[int, ...] = ()
    """Cards dealt to each player in each deal (empty, or past its end: the
    deal rule's hand size)."""
    all_out: tuple[int, ...] = ()
    """Deal numbers (1-based) gone out of in one turn: the contract and every
    other card melded at once, drawn card included, with no discard."""
    extra_melds: bool = False
    """Going down may lay more melds than the contract (else exactly its melds)."""
    melds_after: bool = False
    """After going down a player may lay new melds (else lay-offs only)."""
    layoff_same_turn: bool = False
    """Lay-offs are allowed in the turn of going down (else from the next turn)."""

    def _index(self, deal: int) -> int:
        return (max(deal, 1) - 1) % len(self.contracts) if self.contracts else 0

    def contract_for(self, *, deal: int) -> ContractText | None:
        """The contract of deal number ``deal`` (1-based)."""
        return self.contracts[self._index(deal)] if self.contracts else None

    def contract_melds(self, *, deal: int) -> tuple[tuple[str, int], ...]:
        contract = self.contract_for(deal=deal)
        return () if contract is None else contract.slots

    def contract_number(self, *, deal: int) -> int:
        """The number (1-based) in the schedule of the contract of deal ``deal``."""
        return self._index(deal) + 1

    def hand_size(self, *, deal: int) -> int | None:
        i = self._index(deal)
        return self.hand_sizes[i] if i < len(self.hand_sizes) else None

    def all_out_deal(self, *, deal: int) -> bool:
        return self._index(deal) + 1 in self.all_out

    def melds_after_initial(self) -> bool:
        return self.melds_after

    def layoffs_in_initial_turn(self) -> bool:
        return self.layoff_same_turn

    def layoffs_before(self) -> bool:
        return False

    def shapes_first_meld(self, shortest_meld: int) -> bool:
        return True

    def shortfall(
        self,
        *,
        points: int,
        sizes: tuple[int, ...],
        shapes: tuple[tuple[str, int], ...] = (),
        deal: int = 1,
        least: tuple[int, int] = (3, 3),
    ) -> str | None:
        """Why melds of ``shapes`` ((kind, size) each) do not make the contract
        of deal ``deal``; ``least``: the melds rules' least set and run."""
        contract = self.contract_for(deal=deal)
        if contract is None:
            return None
        slots = contract.slots
        need = f"the contract of deal {deal} is {_describe(slots)}"
        if len(shapes) < len(slots) or (len(shapes) > len(slots) and not self.extra_melds):
            return need
        for kind in _KINDS:
            wants = sorted((n or least[_KINDS.index(kind)] for k, n in slots if k == kind), reverse=True)
            have = sorted((s for k, s in shapes if k == kind), reverse=True)
            if len(have) < len(wants) or any(h < w for h, w in zip(have, wants, strict=False)):
                return need
        return None

    def cards_needed(self, *, deal: int, least: tuple[int, int] = (3, 3)) -> int:
        """The fewest cards the contract of deal ``deal`` takes."""
        contract = self.contract_for(deal=deal)
        if contract is None:
            return 0
        return sum(n or least[_KINDS.index(k)] for k, n in contract.slots)


class Priority(Kind):
    """Who gets a discard that several players want to buy."""

    ROTATION = "rotation"
    """The next player in turn from the player whose turn it is."""
    DEALER_LEFT = "dealer-left"
    """The player nearest the dealer's left (Shanghai)."""


@component
@attrs.frozen(kw_only=True)
class Buying(Claims):
    """Buying ("May I?"): when the player whose turn it is draws from the stock
    rather than take the discard, another player may buy the discard, taking
    a penalty card from the stock with it, and plays on at their own turn."""

    kind = "buy"
    summary = "Out of turn, buy the discard the next player did not take, with a penalty card from the stock."

    penalty: int = 1
    """Cards the buyer takes from the stock with the discard."""
    limit: int = 0
    """Buys per player per deal (0: no limit)."""
    limits: tuple[int, ...] = ()
    """Buys per player in each deal (deal 1 first); past its end, ``limit``."""
    priority: Priority = Priority.ROTATION
    """Who buys when several want the card."""
    after_down: bool = False
    """A player who has gone down (met the contract) may still buy."""

    def buys(self) -> bool:
        return True

    def limit_for(self, *, deal: int) -> int:
        """Buys per player in deal ``deal`` (0: no limit)."""
        i = max(deal, 1) - 1
        return self.limits[i] if i < len(self.limits) else self.limit

    def may_buy(self, *, bought: int, gone_down: bool, deal: int) -> bool:
        """Whether a player who bought ``bought`` times this deal may buy."""
        if gone_down and not self.after_down:
            return False
        limit = self.limit_for(deal=deal)
        return not limit or bought < limit

    def penalty_cards(self) -> int:
        return self.penalty

    def from_dealer_left(self) -> bool:
        return self.priority is Priority.DEALER_LEFT
