"""Skip the doctests that need the ``rl`` extra (NumPy, Gymnasium, PettingZoo)
when it is not installed: those of ``rummykit.rl`` and the RL guide.

It sits beside the package, not in it, so that it does not ship in the wheel.
"""

from importlib.util import find_spec

collect_ignore_glob: list[str] = (
    []
    if all(find_spec(m) is not None for m in ("numpy", "gymnasium", "pettingzoo"))
    else ["src/rummykit/rl/*.py", "docs/rl.md"]
)
