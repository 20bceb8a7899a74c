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
from rummykit.caches import clear_caches
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
from rummykit.engine.data import (
    DataError,
    action_from_data,
    action_to_data,
    data_schema,
    record_from_data,
    record_to_data,
    settlement_from_data,
    settlement_to_data,
    view_from_data,
    view_to_data,
)
from rummykit.engine.position import PositionError, from_position, position
from rummykit.engine.state import Legality
from rummykit.errors import (
    AmbiguousActionError,
    ArgumentError,
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
from rummykit.settlement import (
    Ending,
    LaidOff,
    Payment,
    ScoreUnits,
    Settlement,
    Standing,
    Termination,
    apply_settlement,
    register_settlement,
    settle,
)
from rummykit.variant import Limits, Players, Variant, VariantInfo

__version__ = "0.2.0"

__all__ = [
    "Action",
    "AmbiguousActionError",
    "ArgumentError",
    "Arrangement",
    "Card",
    "DataError",
    "Ending",
    "GreedyBot",
    "Hand",
    "IllegalAction",
    "LaidOff",
    "Legality",
    "Limits",
    "Match",
    "Meld",
    "MeldKind",
    "NotationError",
    "Payment",
    "Phase",
    "Players",
    "PositionError",
    "Problem",
    "RandomBot",
    "Rank",
    "RecordError",
    "RummyError",
    "ScoreUnits",
    "SearchBot",
    "Settlement",
    "Standing",
    "Suit",
    "Termination",
    "Variant",
    "VariantError",
    "VariantInfo",
    "View",
    "__version__",
    "apply_settlement",
    "action_from_data",
    "action_to_data",
    "best_arrangement",
    "best_declaration",
    "best_discard",
    "build_shoe",
    "card_value",
    "check_declaration",
    "clear_caches",
    "classify_meld",
    "data_schema",
    "dump_variant",
    "format_cards",
    "from_position",
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
    "position",
    "record_from_data",
    "record_to_data",
    "register_component",
    "register_settlement",
    "replay",
    "rules",
    "settle",
    "settlement_from_data",
    "settlement_to_data",
    "validate_file",
    "validate_text",
    "variant_schema",
    "view_from_data",
    "view_to_data",
]
