"""The engine's modules are layered: their imports form no circle.

Every import (at module level, run when a module is loaded, or inside a
function, run when it is called; imports under ``if TYPE_CHECKING:`` are for
type hints only) is read from the source of every module of
``rummykit.engine``; they must form an acyclic graph, so no module imports
one above it, not even lazily.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import rummykit.engine

ROOT = Path(rummykit.engine.__file__).parent


def _module_name(path: Path) -> str:
    parts = ["rummykit", "engine", *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _top_imports(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    out: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.append(node)
        elif isinstance(node, ast.If) and not _is_type_checking(node):
            out += _top_imports(node.body) + _top_imports(node.orelse)
        elif isinstance(node, ast.Try):
            out += _top_imports(node.body)
    return out


def _targets(node: ast.Import | ast.ImportFrom) -> set[str]:
    names: set[str] = set()
    if isinstance(node, ast.Import):
        names = {a.name for a in node.names}
    elif node.module is not None and node.level == 0:
        names = {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return {n for n in names if n in MODULES}


@functools.cache
def _tree(name: str) -> ast.Module:
    return ast.parse(MODULES[name].read_text())


def imports_of(name: str) -> set[str]:
    """The engine modules ``name`` imports when it is loaded."""
    tree = _tree(name)
    out: set[str] = set()
    for node in _top_imports(tree.body):
        out |= _targets(node)
    return out - {name}


def all_imports_of(name: str) -> set[str]:
    """The engine modules ``name`` imports at all: when it is loaded or inside
    its functions and methods (type-checking blocks left out)."""
    tree = _tree(name)
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.update(_targets(node))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out - {name}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                return [*stack[stack.index(m) :], m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_the_engine_modules_import_each_other_without_a_circle() -> None:
    graph = {name: imports_of(name) for name in MODULES}
    assert len(graph) > 20
    assert "rummykit.engine.actions.discard" in graph["rummykit.engine.actions"]
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_no_engine_module_imports_a_higher_one_even_in_a_function() -> None:
    """Imports made inside functions count: the Hand's methods (``record``,
    ``resample``, ``view``) reach only modules below the Hand's, and the
    modules that build hands (``deal``, ``position``) do not load it."""
    graph = {name: all_imports_of(name) for name in MODULES}
    assert "rummykit.engine.resample" in graph["rummykit.engine.state"]  # a lazy import is read
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])
    hand = "rummykit.engine.state"
    for name in ("deal", "position", "record", "resample", "view", "signing", "sources", "fields"):
        assert hand not in graph[f"rummykit.engine.{name}"], name


def test_the_kinds_sit_below_the_hand() -> None:
    """No action kind, nor what the kinds build on, loads the Hand's module."""
    graph = {name: imports_of(name) for name in MODULES}
    below = [
        n
        for n in graph
        if n.startswith("rummykit.engine.actions")
        or n.endswith(("turn", "conditions", "kind", "notation", "meld_memo"))
    ]
    for name in below:
        assert "rummykit.engine.state" not in graph[name], name


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
