"""Former name of :mod:`rummykit.engine.meld_memo` (kept so old imports work)."""

from rummykit.engine.meld_memo import LISTED_WILDS, Kit, clear_kits, codes, kit_for, table_for

__all__ = ["LISTED_WILDS", "Kit", "clear_kits", "codes", "kit_for", "table_for"]
