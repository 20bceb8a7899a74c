"""Former name of :mod:`rummykit.engine.serialization` (kept so old imports work)."""

from rummykit.engine.serialization import (
    DATA_VERSION,
    DataError,
    RecordData,
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

__all__ = [
    "DATA_VERSION",
    "DataError",
    "RecordData",
    "action_from_data",
    "action_to_data",
    "data_schema",
    "record_from_data",
    "record_to_data",
    "settlement_from_data",
    "settlement_to_data",
    "view_from_data",
    "view_to_data",
]
