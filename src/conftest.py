"""Skip the doctests of rummykit.rl when the ``rl`` extra is not installed.

It sits beside the package, not in it, so that it does not ship in the wheel.
"""

from importlib.util import find_spec

collect_ignore_glob: list[str] = (
    []
    if all(find_spec(m) is not None for m in ("numpy", "gymnasium", "pettingzoo"))
    else ["rummykit/rl/*.py"]
)
