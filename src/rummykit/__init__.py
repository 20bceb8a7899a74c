"""rummykit: the rules of the rummy family, as data.

>>> import rummykit as rk
>>> v = rk.load_variant("straight")
>>> v.title
'Straight Rummy'
>>> rk.parse_cards("7H 8H 9H JK")
(7H, 8H, 9H, JK)
"""

from rummykit import rules
from rummykit.bots import GreedyBot, RandomBot, SearchBot
from rummykit.cards import Card, Rank, Suit, build_shoe, format_cards, parse_card, parse_cards
from rummykit.engine import (
    Action,
    Hand,
    Match,
    Phase,
    RecordError,
    View,
    new_hand,
    new_match,
    parse_action,
    replay,
)
from rummykit.errors import (
    AmbiguousActionError,
    IllegalAction,
    NotationError,
    Problem,
    RummyError,
    VariantError,
)
from rummykit.loading import (
    dump_variant,
    list_variants,
    load_variant,
    loads_variant,
    validate_file,
    validate_text,
)
from rummykit.melds import (
    Arrangement,
    Meld,
    MeldKind,
    best_arrangement,
    best_declaration,
    best_discard,
    card_value,
    check_declaration,
    classify_meld,
    hand_value,
    layoff_options,
    meld_options,
    meld_value,
    min_deadwood,
)
from rummykit.rules.base import register_component
from rummykit.schema import variant_schema
from rummykit.settlement import Ending, Settlement, Termination, register_settlement, settle
from rummykit.variant import Limits, Players, Variant, VariantInfo

__version__ = "0.1.0"

__all__ = [
    "Action",
    "AmbiguousActionError",
    "Arrangement",
    "Card",
    "Ending",
    "GreedyBot",
    "Hand",
    "IllegalAction",
    "Limits",
    "Match",
    "Meld",
    "MeldKind",
    "NotationError",
    "Phase",
    "Players",
    "Problem",
    "RandomBot",
    "Rank",
    "RecordError",
    "RummyError",
    "SearchBot",
    "Settlement",
    "Suit",
    "Termination",
    "Variant",
    "VariantError",
    "VariantInfo",
    "View",
    "__version__",
    "best_arrangement",
    "best_declaration",
    "best_discard",
    "build_shoe",
    "card_value",
    "check_declaration",
    "classify_meld",
    "dump_variant",
    "format_cards",
    "hand_value",
    "layoff_options",
    "list_variants",
    "load_variant",
    "loads_variant",
    "meld_options",
    "meld_value",
    "min_deadwood",
    "new_hand",
    "new_match",
    "parse_action",
    "parse_card",
    "parse_cards",
    "register_component",
    "register_settlement",
    "replay",
    "rules",
    "settle",
    "validate_file",
    "validate_text",
    "variant_schema",
]
