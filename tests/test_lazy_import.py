"""``import rummykit`` is cheap: the public names load on first use.

The package's ``__getattr__`` (PEP 562) imports each public name from the
module its table names, the first time it is asked for; ``__all__``,
``dir()`` and the imports for type checkers list the same names.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import rummykit

INIT = Path(rummykit.__file__)

LAZY_MODULES = (
    "rummykit.bots",
    "rummykit.engine",
    "rummykit.loading",
    "rummykit.melds",
    "rummykit.rl",
    "rummykit.rulebook",
    "rummykit.rules",
    "rummykit.scoring",
    "rummykit.settlement",
    "rummykit.sim",
    "rummykit.svg",
    "rummykit.terminal",
    "rummykit.melds.tables",
    "attrs",
    "cattrs",
)


def _loaded_after(code: str) -> set[str]:
    """The modules of ``LAZY_MODULES`` loaded after running ``code`` in a new interpreter."""
    probe = f"{code}\nimport sys\nprint(' '.join(m for m in {LAZY_MODULES!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_import_rummykit_loads_no_layer() -> None:
    assert _loaded_after("import rummykit") == set()


def test_a_name_loads_its_layers_only() -> None:
    loaded = _loaded_after("import rummykit\nrummykit.load_variant('gin')")
    assert "rummykit.loading" in loaded and "rummykit.rules" in loaded
    assert not loaded & {"rummykit.bots", "rummykit.sim", "rummykit.engine", "rummykit.terminal"}


def _type_checking_imports() -> dict[str, str]:
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    for node in tree.body:
        test = node.test if isinstance(node, ast.If) else None
        if isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING":
            assert isinstance(node, ast.If)
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom) and imp.module is not None
                for alias in imp.names:
                    found[alias.name] = imp.module
    return found


def test_the_table_the_type_imports_and_all_agree() -> None:
    typed = _type_checking_imports()
    lazy = dict(rummykit._LAZY)
    assert typed.pop("rules") == "rummykit"
    assert typed == lazy
    assert set(rummykit.__all__) == {*lazy, "rules", "__version__"}
    assert len(rummykit.__all__) == len(set(rummykit.__all__))


@pytest.mark.parametrize("name", sorted(rummykit.__all__))
def test_every_public_name_resolves(name: str) -> None:
    value = getattr(rummykit, name)
    assert value is not None
    assert name in dir(rummykit)
    module = rummykit._LAZY.get(name)
    if module is not None:
        assert value is getattr(sys.modules[module], name)


def test_unknown_names_and_submodules() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        rummykit.nonsense  # noqa: B018
    assert rummykit.sim.simulate is sys.modules["rummykit.sim"].simulate
    from rummykit import GreedyBot, settle

    assert GreedyBot is rummykit.GreedyBot and settle is rummykit.settle
