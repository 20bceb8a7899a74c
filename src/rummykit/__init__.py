"""rummykit: the rules of the rummy family, as data.

>>> import rummykit as rk
>>> v = rk.load_variant("straight")
>>> v.title
'Straight Rummy'
>>> rk.parse_cards("7H 8H 9H JK")
(7H, 8H, 9H, JK)
"""

from rummykit import rules
from rummykit.cards import Card, Rank, Suit, build_shoe, format_cards, parse_card, parse_cards
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
from rummykit.variant import Limits, Players, Variant, VariantInfo

__version__ = "0.1.0"

__all__ = [
    "AmbiguousActionError",
    "Arrangement",
    "Card",
    "IllegalAction",
    "Limits",
    "Meld",
    "MeldKind",
    "NotationError",
    "Players",
    "Problem",
    "Rank",
    "RummyError",
    "Suit",
    "Variant",
    "VariantError",
    "VariantInfo",
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
    "parse_card",
    "parse_cards",
    "register_component",
    "rules",
    "validate_file",
    "validate_text",
    "variant_schema",
]
