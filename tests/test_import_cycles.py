"""No import cycle among kitchenlab's modules.

The graph is built from the source with :mod:`ast`, without importing anything. Every ``import``
and ``from ... import`` statement in a ``kitchenlab`` module that names another ``kitchenlab``
module is one edge, counted in one of two graphs:

* **module level**: statements that run when the module is imported (at the top, or inside a
  module-level ``if``/``try``/``class`` body). A cycle here means the import order decides which
  names exist, so there must be none.
* **function level**: statements inside a function or method body, which run on first call. Such
  an import may be lazy (a heavy library, a widget module) but may not close a cycle: a cycle that
  only exists through a function-level import means two modules share something that belongs to one
  of them, or to a third.

Both graphs together must hold no cycle but those in :data:`ALLOWED_CYCLES`.

An edge goes to the module named: ``from .tokens import Token`` to ``...tokens``;
``from . import scoring`` to ``...scoring`` when that is a module, else to the package itself.
The implicit import of a parent package (its ``__init__``) is not counted: every submodule would
otherwise form a cycle with the package that re-exports it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import kitchenlab

ROOT = Path(kitchenlab.__file__).parent

#: cycles that still close through a function-level import, each as its sorted module names
ALLOWED_CYCLES: list[list[str]] = []


def module_names() -> dict[str, Path]:
    """Every kitchenlab module's dotted name -> its file."""
    names = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = ("kitchenlab",) + path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _targets(module: str, is_package: bool, node, known: set[str]) -> set[str]:
    """The kitchenlab modules one import statement names."""
    found = set()
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in known:
                found.add(alias.name)
        return found
    base = _resolve(module, is_package, node)
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        if sub in known:
            found.add(sub)
        elif base in known:
            found.add(base)
    return found


def import_graphs() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(module-level edges, function-level edges) between kitchenlab modules."""
    names = module_names()
    known = set(names)
    top: dict[str, set[str]] = {m: set() for m in names}
    inner: dict[str, set[str]] = {m: set() for m in names}

    for module, path in names.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))

        def visit(node, in_function: bool) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    graph = inner if in_function else top
                    graph[module] |= _targets(module, is_package, child, known) - {module}
                nested = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                visit(child, nested)

        visit(tree, False)
    return top, inner


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return sorted(found)


def test_the_graph_sees_the_packages_imports():
    top, _ = import_graphs()
    assert "kitchenlab.critter_kitchen.tokens" in top["kitchenlab.critter_kitchen.shop"]
    assert "kitchenlab.engine" in top["kitchenlab.critter_kitchen"]


def test_cycle_finder_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_level_import_cycle():
    top, _ = import_graphs()
    found = cycles(top)
    assert not found, "module-level import cycles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_no_import_cycle_counting_function_level_imports():
    top, inner = import_graphs()
    both = {m: top[m] | inner[m] for m in top}
    found = [c for c in cycles(both) if c not in ALLOWED_CYCLES]
    lines = []
    for group in found:
        lines.append(" <-> ".join(group))
        for a in group:
            for b in sorted(inner[a] & set(group)):
                lines.append(f"    {a} imports {b} inside a function")
    assert not found, "import cycles (function-level imports counted):\n" + "\n".join(lines)
    assert sum(map(len, inner.values())) > 0


def test_the_allowed_cycles_still_exist():
    """An allowed cycle that is gone must leave the list, so the list never hides a new one."""
    top, inner = import_graphs()
    both = {m: top[m] | inner[m] for m in top}
    present = cycles(both)
    gone = [c for c in ALLOWED_CYCLES if c not in present]
    assert not gone, "no longer a cycle, remove from ALLOWED_CYCLES: " + "; ".join(" <-> ".join(c) for c in gone)
