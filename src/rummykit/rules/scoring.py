"""Scoring: card values and how one finished hand is settled.

Every scoring kind shares ``card_values`` (overrides of the standard values,
keyed by rank, by card, or ``JK``), ``low_ace_value`` and ``melded_wild``.
The settlement itself is computed by :func:`rummykit.settle` from the
fields of the chosen kind.

>>> s = WinnerTakes(card_values={"A": 15, "QS": 50})
>>> s.card_value(Card.parse("AH")), s.card_value(Card.parse("QS")), s.card_value(Card.parse("QH"))
(15, 50, 10)
>>> WinnerTakes().card_value(Card.joker())
15
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from rummykit.cards import Card, Rank, parse_card
from rummykit.errors import NotationError
from rummykit.rules.base import (
    Component,
    ConfigError,
    FrozenMap,
    Kind,
    component,
    concern,
    show_value,
)

__all__ = [
    "Chips",
    "ChipsTie",
    "IndianPoints",
    "KnockScoring",
    "LoserCount",
    "MeldedWild",
    "MeldsMinusHand",
    "NoWinner",
    "OwnMelds",
    "Payments",
    "Penalty",
    "Scoring",
    "STANDARD_VALUES",
    "WinnerTakes",
    "normalize_value_key",
]

STANDARD_VALUES: dict[str, int] = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "T": 10, "J": 10, "Q": 10, "K": 10, "JK": 15,
}  # fmt: skip
"""Values used for any rank or card a variant does not list."""


def normalize_value_key(key: str) -> str:
    """The canonical form of a ``card_values`` key: a rank, a card or ``JK``.

    >>> normalize_value_key("10"), normalize_value_key("qs"), normalize_value_key("jk")
    ('T', 'QS', 'JK')
    """
    text = key.strip().upper()
    if text == "JK":
        return "JK"
    try:
        return Rank.parse(text).letter
    except NotationError:
        pass
    try:
        return str(parse_card(text))
    except NotationError:
        raise ConfigError(
            f"unknown card or rank {show_value(key)}: expected a rank (A 2-9 T J Q K), a card like QS, or JK"
        ) from None


def _values(value: Mapping[str, int]) -> FrozenMap:
    out: dict[str, int] = {}
    for key, number in value.items():
        norm = normalize_value_key(key)
        if norm in out:
            raise ConfigError(f"{show_value(key)} is given twice (as {show_value(norm)})")
        out[norm] = number
    return FrozenMap(out)


class MeldedWild(Kind):
    """What a wild card on the table is worth."""

    REPLACED = "replaced"
    """The value of the card it stands for (Rommé, Kalooki initial melds)."""
    OWN = "own"
    """Its own value as a joker or wild card."""


@concern("scoring", default="winner-takes")
@attrs.frozen(kw_only=True)
class Scoring(Component):
    """Concern: card values and the settlement of a finished hand."""

    card_values: FrozenMap = attrs.field(factory=FrozenMap, converter=_values)
    """Card values that differ from the standard ones (A 1, 2-9 face value,
    T J Q K 10, joker 15), keyed by rank (``A``), by card (``QS``) or ``JK``."""
    low_ace_value: int | None = None
    """Value of an ace placed low in a run (A-2-3); unset: the ace's value."""
    melded_wild: MeldedWild = MeldedWild.REPLACED
    """Whether a melded wild card counts as the card it replaces."""

    def card_value(self, card: Card, *, low_ace: bool = False) -> int:
        """The value of ``card`` (an ace placed low in a run may differ)."""
        values = self.card_values
        if card.rank is None:
            return values.get("JK", STANDARD_VALUES["JK"])
        if low_ace and card.rank is Rank.ACE and self.low_ace_value is not None:
            return self.low_ace_value
        specific = values.get(str(card))
        if specific is not None:
            return specific
        letter = card.rank.letter
        return values.get(letter, STANDARD_VALUES[letter])

    def names_winner(self, ending: str) -> bool:
        """Whether a hand that ended so (a :class:`rummykit.Termination` value:
        ``"went-out"``, ``"knock"``, ``"showing"``, ...) is settled with a winner.
        ``validate`` refuses a ruleset whose going-out rule only ends hands in
        ways its scoring names no winner for.

        >>> Penalty().names_winner("went-out"), Penalty().names_winner("knock")
        (True, False)
        """
        return ending in ("went-out", "declared", "dropped")

    def penalty_points(self) -> bool:
        """Whether the scores are penalty points (the lowest total is best)."""
        return False

    def counts_whole_hand(self) -> bool:
        """Whether a hand's count at a showdown is every card left in it, melds
        kept in hand included (Tonk), rather than its deadwood."""
        return False

    def dealt_winners(self, totals: Sequence[int]) -> tuple[int, ...]:
        """The seats whose dealt hand totals (one per seat, before the first
        turn) win the hand at once (Tonk's 49 or 50); () for none."""
        return ()

    def won_by_going_out(self) -> bool:
        """Whether a hand is won by getting rid of one's cards first, whatever
        the points do (the winner takes the others' cards, the others pay
        their own, the winner scores its melds): the bots weigh a position by
        how close each seat is to going out. False where a knock's deadwood,
        payments or chips settle the hand.

        >>> import rummykit as rk
        >>> [rk.load_variant(n).scoring.won_by_going_out() for n in ("straight", "indian", "gin", "nowrang")]
        [True, True, False, False]
        """
        return True

    def meldless_hand_pays(self) -> bool:
        """Whether a hand left without any meld pays for that alone (Phỏm's
        móm): the bots weigh the chance of ending so.

        >>> import rummykit as rk
        >>> [rk.load_variant(n).scoring.meldless_hand_pays() for n in ("phom", "straight")]
        [True, False]
        """
        return False

    def fight_odds(self, *, players: int) -> float:
        """The least chance of winning a called draw at which a player should
        fight it rather than fold (where the going-out rule lets the others
        answer a drop)."""
        return 0.5

    def knocker_wins_ties(self, *, gin: bool) -> bool:
        """Whether a knocker tied with the lowest other count wins the hand
        (``gin``: a knock with no deadwood).

        >>> import rummykit as rk
        >>> gin = rk.load_variant("gin").scoring
        >>> gin.knocker_wins_ties(gin=True), gin.knocker_wins_ties(gin=False)
        (True, False)
        """
        return False


class NoWinner(Kind):
    """How a hand that nobody went out of is scored."""

    NOTHING = "nothing"
    """Nobody scores."""
    DIFFERENCES = "differences"
    """The lowest count scores the differences to every other hand; tied
    lowest players split them, indivisible points are not awarded (Block)."""


@component
@attrs.frozen(kw_only=True)
class WinnerTakes(Scoring):
    """The player who goes out scores the cards left in the others' hands."""

    kind = "winner-takes"
    summary = "The player who goes out scores the value of every other hand."

    rummy_multiplier: int = 1
    """Multiplier when the winner goes out in one turn with no earlier meld
    or lay-off ("going rummy", "rummy concealed")."""
    rummy_bonus: int = 0
    """Points added instead of (or besides) the multiplier for going rummy."""
    no_winner: NoWinner = NoWinner.NOTHING
    """How a hand that ends with nobody out is scored."""
    losers_meld: bool = False
    """The other players first lay out the melds in their hands, and the winner
    scores only their unmelded cards (Boathouse: "the other players then lay
    down their hands, separating out their own melds from non meldable
    cards"); off: every card left in their hands scores."""

    def names_winner(self, ending: str) -> bool:
        if self.no_winner is NoWinner.DIFFERENCES and ending != "turn-limit":
            return True
        return super().names_winner(ending)


@component
@attrs.frozen(kw_only=True)
class Penalty(Scoring):
    """Every player who did not go out scores the value of their own hand."""

    kind = "penalty"
    summary = "Each player scores the value left in their own hand as penalty points."

    blind_bonus: int = 0
    """Taken off the score of a player who goes out having shown nothing
    before the final turn (Shanghai's going out blind: 25)."""
    blind_no_wild_bonus: int = 0
    """Taken off instead where that player's melds hold no wild card
    (Shanghai: 50); 0: as ``blind_bonus``."""

    def penalty_points(self) -> bool:
        return True


@component
@attrs.frozen(kw_only=True)
class MeldsMinusHand(Scoring):
    """Each player scores the cards they melded minus the cards in hand (500 Rum, Thai)."""

    kind = "melds-minus-hand"
    summary = "Each player scores their melded cards minus the cards left in hand."

    out_bonus: int = 0
    """Bonus for the player who goes out (Thai: 50)."""
    never_melded_multiplier: int = 1
    """Multiplier of the hand score of a player who displayed no meld before
    their final turn (Thai: 2)."""
    multiplier_includes_bonus: bool = False
    """Whether the going-out bonus is inside the multiplied score."""
    last_discard_penalty: int = 0
    """Taken from a player whose last discard let the winner go out at once
    (Thai: 50)."""
    playable_discard_penalty: int = 0
    """Taken for each discard that could have extended an exposed meld (Thai: 50)."""

    def names_winner(self, ending: str) -> bool:
        return ending != "turn-limit"  # the best score wins when nobody went out


class KnockTie(Kind):
    """Who wins when a defender's count equals the knocker's."""

    UNDERCUT = "undercut"
    """The defender wins, as an undercut."""
    DEFENDER = "defender"
    """The defender wins the differences, but no undercut bonus or knocker penalty."""
    KNOCKER = "knocker"
    """The knocker wins."""


@component
@attrs.frozen(kw_only=True)
class KnockScoring(Scoring):
    """Knock and gin scoring: count differences, undercut and gin bonuses."""

    kind = "knock"
    summary = "Deadwood differences after a knock, with undercut and gin/rum bonuses."

    undercut_bonus: int = 25
    """Bonus to a defender whose count is lower than the knocker's."""
    knocker_penalty: int = 0
    """Points the knocker loses when undercut (Knock Rummy: 10)."""
    tie: KnockTie = KnockTie.UNDERCUT
    """Who wins a tie with the knocker."""
    gin_bonus: int = 25
    """Bonus for knocking with no deadwood (gin, rum)."""
    big_gin_bonus: int = 0
    """Extra bonus for big gin (all cards melded, no discard)."""
    bonus_per_opponent: bool = False
    """Whether the gin/rum bonus is collected from each opponent (Knock Rummy)."""
    gin_tie: KnockTie = KnockTie.KNOCKER
    """Who wins when the knocker has no deadwood (gin, rum) and a defender has
    none either. ``knocker``: gin cannot be undercut (Gin), and "the knocker
    is still considered the winner" and collects the bonus from everyone, the
    tied player included (Knock Rummy); ``tie`` then applies only to knocks
    with deadwood."""
    spade_doubles: bool = False
    """Oklahoma Gin's spades double: when the first upcard is a spade, the
    hand's score (deadwood differences and the gin and undercut bonuses)
    counts double; the box bonuses added at the game's end do not. Bicycle,
    "Oklahoma Gin" (http://www.bicyclecards.com/card-games/rule/oklahoma-gin):
    "An additional rule, often played, is that when the upcard is a spade, all
    scores accruing from that deal are doubled"; rummy-games.com, "Oklahoma Gin
    Rummy Rules" (http://www.rummy-games.com/rules/oklahoma-gin.html): "gin and
    undercut bonuses are doubled, but box (line) bonuses are not doubled"."""

    def names_winner(self, ending: str) -> bool:
        return ending in ("knock", "gin", "went-out", "declared", "dropped")

    def won_by_going_out(self) -> bool:
        return False

    def knocker_wins_ties(self, *, gin: bool) -> bool:
        return (self.gin_tie if gin else self.tie) is KnockTie.KNOCKER


class LoserCount(Kind):
    """Which cards a losing Indian hand counts."""

    UNGROUPED = "ungrouped"
    """Cards outside valid sequences and sets (the standard)."""
    OUTSIDE_SEQUENCES = "outside-sequences"
    """Cards outside sequences ([S3]'s literal reading)."""


@component
@attrs.frozen(kw_only=True)
class IndianPoints(Scoring):
    """Indian rummy points: valid show 0, losers count cards, capped."""

    kind = "indian"
    summary = "Valid declaration scores 0; losers count unmatched cards up to a cap."

    cap: int = 80
    """Most points one hand can cost."""
    wrong_declaration: int = 80
    """Cost of an invalid declaration."""
    first_drop: int = 20
    """Cost of dropping before one's first draw."""
    middle_drop: int = 40
    """Cost of dropping later."""
    loser_counts: LoserCount = LoserCount.UNGROUPED
    """Which cards a loser with two sequences (one pure) counts."""
    wild_value: int = 0
    """Value of a wild card of the cut rank left in a losing hand ("Jokers of
    both kinds (Wild and Printed) are worth zero points"); printed jokers take
    ``card_values.JK``."""
    winner_collects: bool = False
    """Chips change hands: each loser loses their points and the winner gains
    their sum (Points and Deals rummy: "the losers' points move to the
    winner"); off: each player adds their own points to a penalty total and
    the winner adds nothing (Pool rummy)."""
    valid_loser_points: int = 0
    """Points of a loser whose whole hand also forms a valid declaration
    (option, [S3] only: "The second player to declare with a valid
    declaration will earn the player two points"); 0: they count nothing."""

    def penalty_points(self) -> bool:
        return not self.winner_collects


@component
@attrs.frozen(kw_only=True)
class Payments(Scoring):
    """The winner collects a payment from each opponent (Continental)."""

    kind = "payments"
    summary = "The winner collects a fixed payment from each opponent, plus per wild card."

    base: int = 1
    """Paid by each opponent to the winner."""
    per_joker: int = 2
    """Paid per printed joker in the winner's melds."""
    per_wild: int = 1
    """Paid per wild-rank card (e.g. deuce) used as wild in the winner's melds."""
    no_wild_bonus: int = 0
    """Paid when the winner used no wild card."""
    no_draw_bonus: int = 0
    """Paid when the winner went out before drawing."""
    one_draw_bonus: int = 0
    """Paid when the winner went out after one draw."""
    one_suit_bonus: int = 0
    """Paid when all the winner's cards are of one suit."""

    def won_by_going_out(self) -> bool:
        return False


@component
@attrs.frozen(kw_only=True)
class OwnMelds(Scoring):
    """The winner scores their own melds times the number of opponents (Queen City)."""

    kind = "own-melds"
    summary = "The winner scores the value of their own melds times the number of opponents."


class ChipsTie(Kind):
    """Who wins a tie for the lowest count (and ranks tied losers) in Phỏm."""

    DEALER_LEFT = "dealer-left"
    """The tied player closest to the dealer going clockwise: the dealer's
    left first, then round the table, the dealer last, whatever the
    direction of play ([S2]: "the player who is closest to the dealer in a
    clockwise rotation")."""
    PLAY_ORDER = "play-order"
    """The tied player who plays first after the dealer, in the direction of
    play (the same seat as ``dealer-left`` only when play is clockwise)."""


@component
@attrs.frozen(kw_only=True)
class Chips(Scoring):
    """Phỏm chips: the lowest trash wins; places pay 1, 2, 3; ù pays more."""

    kind = "chips"
    summary = "Lowest unmelded count wins; the others pay by place, ù pays a fixed amount."

    out_pay: int = 6
    """Paid by each opponent for ù with a discard."""
    out_no_discard_pay: int = 12
    """Paid by each opponent for ù with every card melded and no discard."""
    place_pays: tuple[int, ...] = (1, 2, 3)
    """Paid to the winner by the second, third, fourth lowest."""
    no_meld_pay: int = 4
    """Paid by a player with no meld at all (móm), whatever the count."""
    eaten_pay: int = 0
    """Paid by a player each time the next player takes their discard."""
    tie_break: ChipsTie = ChipsTie.DEALER_LEFT
    """How a tie for the lowest count is broken (and tied losers ranked)."""
    feeder_pays_all: bool = False
    """A player whose discards the next player took three times, when that
    player then goes ù, pays the winner for every loser and the others pay
    nothing (Phỏm option)."""

    def names_winner(self, ending: str) -> bool:
        return ending != "turn-limit"  # the lowest count wins when nobody went out

    def won_by_going_out(self) -> bool:
        return False

    def meldless_hand_pays(self) -> bool:
        return self.no_meld_pay > 0
