"""rummykit: the rules of the rummy family, as data.

>>> import rummykit as rk
>>> v = rk.load_variant("straight")
>>> v.title
'Straight Rummy'
>>> rk.parse_cards("7H 8H 9H JK")
(7H, 8H, 9H, JK)
"""

# Every public name is imported on first use (PEP 562), so that ``import
# rummykit`` costs little and a call loads only the layers it needs: the
# command ``rummykit validate`` never loads the engine, the bots or the
# simulator. To add a public name: a line in ``_LAZY`` (the name and the
# module it comes from), the same import under ``TYPE_CHECKING`` (for type
# checkers and the API reference) and the name in ``__all__``;
# tests/test_lazy_import.py checks that the three agree.

# (private names only at the top level: the API reference lists the module's names)
import typing as _typing
from importlib import import_module as _import_module
from importlib.util import find_spec as _find_spec

__version__ = "0.2.0"

_LAZY: dict[str, str] = {
    "GreedyBot": "rummykit.bots",
    "RandomBot": "rummykit.bots",
    "SearchBot": "rummykit.bots",
    "clear_caches": "rummykit.caches",
    "Card": "rummykit.cards",
    "Rank": "rummykit.cards",
    "Suit": "rummykit.cards",
    "build_shoe": "rummykit.cards",
    "format_cards": "rummykit.cards",
    "parse_card": "rummykit.cards",
    "parse_cards": "rummykit.cards",
    "Action": "rummykit.engine",
    "Hand": "rummykit.engine",
    "Match": "rummykit.engine",
    "Phase": "rummykit.engine",
    "RecordError": "rummykit.engine",
    "View": "rummykit.engine",
    "new_hand": "rummykit.engine",
    "new_match": "rummykit.engine",
    "parse_action": "rummykit.engine",
    "replay": "rummykit.engine",
    "DataError": "rummykit.engine.serialization",
    "action_from_data": "rummykit.engine.serialization",
    "action_to_data": "rummykit.engine.serialization",
    "data_schema": "rummykit.engine.serialization",
    "record_from_data": "rummykit.engine.serialization",
    "record_to_data": "rummykit.engine.serialization",
    "settlement_from_data": "rummykit.engine.serialization",
    "settlement_to_data": "rummykit.engine.serialization",
    "view_from_data": "rummykit.engine.serialization",
    "view_to_data": "rummykit.engine.serialization",
    "PositionError": "rummykit.engine.position",
    "from_position": "rummykit.engine.position",
    "position": "rummykit.engine.position",
    "Legality": "rummykit.engine.state",
    "AmbiguousActionError": "rummykit.errors",
    "ArgumentError": "rummykit.errors",
    "EnvError": "rummykit.errors",
    "IllegalAction": "rummykit.errors",
    "NotationError": "rummykit.errors",
    "Problem": "rummykit.errors",
    "RummyError": "rummykit.errors",
    "VariantError": "rummykit.errors",
    "dump_variant": "rummykit.loading",
    "list_variants": "rummykit.loading",
    "load_variant": "rummykit.loading",
    "loads_variant": "rummykit.loading",
    "validate_file": "rummykit.loading",
    "validate_text": "rummykit.loading",
    "Arrangement": "rummykit.melds",
    "Meld": "rummykit.melds",
    "MeldKind": "rummykit.melds",
    "best_arrangement": "rummykit.melds",
    "best_declaration": "rummykit.melds",
    "best_discard": "rummykit.melds",
    "card_value": "rummykit.melds",
    "check_commitment": "rummykit.engine.signing",
    "check_declaration": "rummykit.melds",
    "classify_meld": "rummykit.melds",
    "hand_value": "rummykit.melds",
    "layoff_options": "rummykit.melds",
    "meld_options": "rummykit.melds",
    "meld_value": "rummykit.melds",
    "min_deadwood": "rummykit.melds",
    "register_component": "rummykit.rules.base",
    "variant_schema": "rummykit.schema",
    "Ending": "rummykit.scoring",
    "LaidOff": "rummykit.scoring",
    "Payment": "rummykit.scoring",
    "ScoreUnits": "rummykit.scoring",
    "Settlement": "rummykit.scoring",
    "Standing": "rummykit.scoring",
    "Termination": "rummykit.scoring",
    "apply_settlement": "rummykit.scoring",
    "register_settlement": "rummykit.scoring",
    "settle": "rummykit.scoring",
    "Limits": "rummykit.variant",
    "Players": "rummykit.variant",
    "Variant": "rummykit.variant",
    "VariantInfo": "rummykit.variant",
}
"""Each lazy public name and the module it is imported from."""

if _typing.TYPE_CHECKING:
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
    from rummykit.engine.position import PositionError, from_position, position
    from rummykit.engine.serialization import (
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
    from rummykit.engine.signing import check_commitment
    from rummykit.engine.state import Legality
    from rummykit.errors import (
        AmbiguousActionError,
        ArgumentError,
        EnvError,
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
    from rummykit.scoring import (
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


def __getattr__(name: str) -> _typing.Any:
    """A public name, imported on first use; or a submodule (``rummykit.sim``)."""
    module = _LAZY.get(name)
    if module is not None:
        value = getattr(_import_module(module), name)
    elif not name.startswith("_") and _find_spec(f"rummykit.{name}") is not None:
        value = _import_module(f"rummykit.{name}")
    else:
        raise AttributeError(f"module 'rummykit' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "Action",
    "AmbiguousActionError",
    "ArgumentError",
    "Arrangement",
    "Card",
    "DataError",
    "Ending",
    "EnvError",
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
    "action_from_data",
    "action_to_data",
    "apply_settlement",
    "best_arrangement",
    "best_declaration",
    "best_discard",
    "build_shoe",
    "card_value",
    "check_commitment",
    "check_declaration",
    "classify_meld",
    "clear_caches",
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
