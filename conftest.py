"""Test-session setup shared by the tests and the doctests.

- Skips the doctests that need the ``rl`` extra (NumPy, Gymnasium, PettingZoo)
  when it is not installed: those of ``rummykit.rl`` and the RL guide.
- Leaves the deprecated ``rummykit.bots.simple`` out of the doctest
  collection: it has no doctests, and importing it warns (its warning is
  tested in ``tests/test_bots_levels.py``).
- Keeps the garbage collector out of collection: rewriting the asserts of
  every test module makes millions of short-lived AST nodes, and with the
  collected items alive each full collection walks them all (about a third of
  the collection time). After collection the surviving objects are frozen, so
  later collections during the tests do not walk them again.

It sits beside the package, not in it, so that it does not ship in the wheel.
"""

import gc
from collections.abc import Generator
from importlib.util import find_spec

import pytest

collect_ignore = ["src/rummykit/bots/simple.py"]
collect_ignore_glob: list[str] = (
    []
    if all(find_spec(m) is not None for m in ("numpy", "gymnasium", "pettingzoo"))
    else ["src/rummykit/rl/*.py", "docs/rl.md"]
)


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, object, object]:
    gc.disable()
    try:
        return (yield)
    finally:
        gc.enable()
        gc.collect()
        gc.freeze()
