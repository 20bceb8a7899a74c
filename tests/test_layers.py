"""The package's layers import downward only.

Every import between rummykit's top-level modules and packages (``cards``,
``rules``, ``variant``, ``melds``, ``engine``, ...) is read from the source,
at module level or inside a function (either runs sooner or later), leaving
out imports made for type checking only. The layers they connect must form
no circle: a module of a lower layer never imports a higher one. The lazy
names of ``rummykit/__init__.py`` count as imports of the package itself.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import rummykit

PACKAGE = Path(rummykit.__file__).parent
ROOT = "rummykit"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ROOT


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _exists(module: str) -> bool:
    rel = Path(*module.split(".")[1:])
    return (PACKAGE / rel).with_suffix(".py").is_file() or (PACKAGE / rel / "__init__.py").is_file()


def _imports(tree: ast.AST, here: str) -> set[str]:
    """The rummykit modules a module imports, type-checking blocks left out."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == ROOT)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = here.split(".")[: len(here.split(".")) - node.level + 1]
                base = ".".join([*package, *([base] if base else [])])
            if base.split(".")[0] == ROOT:
                for a in node.names:
                    sub = f"{base}.{a.name}"
                    found.add(sub if _exists(sub) else base)
        # imports are statements: only the bodies of statements can hold one
        for name in _BODIES:
            for child in getattr(node, name, ()):
                visit(child)

    visit(tree)
    return found


_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")
"""The fields of a node that hold statements (or handlers and cases, which do)."""


def _lazy_targets(tree: ast.Module) -> set[str]:
    """The modules named by the package's table of lazy names."""
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if isinstance(target, ast.Name) and target.id == "_LAZY" and node.value is not None:
            table = ast.literal_eval(node.value)
            return set(table.values())
    return set()


@functools.cache
def layer_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        here = _module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets = _imports(tree, here)
        if here == ROOT:
            targets |= _lazy_targets(tree)
        edges = graph.setdefault(_layer(here), set())
        edges.update(_layer(t) for t in targets if _layer(t) != _layer(here))
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one layer (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def test_the_layers_import_downward_only() -> None:
    assert circles(layer_graph()) == []


def test_the_layers_read_are_the_package() -> None:
    graph = layer_graph()
    assert {"cards", "rules", "variant", "melds", "engine", "bots", "cli"} <= set(graph)
    assert "cards" in graph["melds"] and "melds" in graph["engine"] and "engine" in graph["bots"]


def test_a_circle_is_found() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
