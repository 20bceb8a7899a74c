"""Reading, checking and writing variant files.

A variant file is TOML. ``extends = "base"`` (a built-in name, or a ``.toml``
file in the extending file's folder or below, as a relative path; more
folders only when the caller allows them with ``extends_dirs``) deep-merges
the file over its base: tables merge key by key, tables of numbers by player
count merge by player count, scalars and arrays replace, and a component table
whose ``kind`` changes replaces the base's table whole. ``replace = ["a.b"]``
takes a table whole instead. Every problem is reported at once, each with its
TOML key path.

Input is untrusted: a file is read only if it is a regular file of at most
:data:`MAX_FILE_BYTES`, nesting and dotted keys are capped before the TOML
parser sees them, integers must fit in 64 bits, and an ``extends`` chain holds
at most :data:`MAX_EXTENDS_CHAIN` files. Every failure is a
:class:`~rummykit.VariantError` with one-line problems.

>>> import rummykit as rk
>>> v = rk.loads_variant('extends = "straight"\\n[variant]\\nname = "ours"\\n[ranking]\\nace = "either"')
>>> v.name, v.ranking.ace.value, v.deal.hand_size.get(2)
('ours', 'either', 10)
>>> rk.loads_variant('extends = "straight"\\n[variant]\\nname = "x"\\n[ranking]\\nace = "sideways"')
Traceback (most recent call last):
...
rummykit.errors.VariantError: 1 problem in variant:
<string>: ranking.ace: unknown value "sideways"; expected one of low, high, either, around
"""

from __future__ import annotations

from rummykit.dumping import SCHEMA_VERSION, dump_variant, variant_to_dict
from rummykit.loading.extends import default_name, merge_by_players, resolve_document
from rummykit.loading.load import load_variant, loads_variant, validate_file, validate_text
from rummykit.loading.locations import locate
from rummykit.loading.problems import MAX_MESSAGE
from rummykit.loading.reading import (
    MAX_EXTENDS_CHAIN,
    MAX_FILE_BYTES,
    MAX_KEY_PARTS,
    MAX_NESTING,
    builtin_path,
    list_variants,
)

__all__ = [
    "MAX_EXTENDS_CHAIN",
    "MAX_FILE_BYTES",
    "MAX_KEY_PARTS",
    "MAX_MESSAGE",
    "MAX_NESTING",
    "SCHEMA_VERSION",
    "builtin_path",
    "default_name",
    "dump_variant",
    "list_variants",
    "load_variant",
    "loads_variant",
    "locate",
    "merge_by_players",
    "resolve_document",
    "validate_file",
    "validate_text",
    "variant_to_dict",
]
