"""Critter Kitchen keeps what it works out in objects that own it, not in module-level caches:
each greedy bot's memo (``greedy.GreedyBot``), each game configuration's tables (``config.Config``),
the tokens' facts (``tokens.TOKEN_FACTS``), the shared move objects (``actions.SHARED``) and the
one memo of the scoring and the optimisers (``memo.MEMO``, one size rule). This counts, from the
source, the module-level caches left: the token and configuration registries, the data tables'
loader and the analysis' table of simulated games.

A module-level cache is a name bound at the top of a module to a dict, list or set (a literal or
``dict()``, ``set()``, ...), or a function decorated with ``functools.lru_cache`` / ``cache``,
that some code in the module changes (an item assigned or deleted, or ``append``, ``update``,
``clear``, ``setdefault``, ... called on it). A positional cache is such a list of several
slots, each meaning something else (``_LAST[4]``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import kitchenlab.critter_kitchen as ck

PACKAGE = Path(ck.__file__).parent
CHANGERS = {"append", "extend", "update", "setdefault", "add", "clear", "pop", "popitem", "insert", "remove",
            "discard", "move_to_end"}
CONTAINERS = {"dict", "list", "set", "defaultdict", "OrderedDict", "Counter", "deque"}
#: the module-level caches left in the package: it may only go down
CEILING = 5


def _container(value) -> str | None:
    if isinstance(value, (ast.Dict, ast.DictComp)):
        return "dict"
    if isinstance(value, (ast.List, ast.ListComp)):
        return "list"
    if isinstance(value, (ast.Set, ast.SetComp)):
        return "set"
    if isinstance(value, ast.Call):
        f = value.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        return name if name in CONTAINERS else None
    return None


def _base_name(node):
    while isinstance(node, ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def module_caches(path: Path) -> dict[str, str]:
    """The module-level caches of one module: name -> what it is ("dict", "list of 5", "lru_cache")."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bound: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            if any("cache" in ast.unparse(d) for d in node.decorator_list):
                bound[node.name] = "lru_cache"
            continue
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        kind = _container(value)
        if kind == "list" and isinstance(value, ast.List):
            kind = f"list of {len(value.elts)}"
        for t in targets:
            if isinstance(t, ast.Name) and kind:
                bound[t.id] = kind
    changed = {n for n, k in bound.items() if k == "lru_cache"}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for t in targets:
                for part in ast.walk(t):
                    if isinstance(part, ast.Subscript) and _base_name(part) in bound:
                        changed.add(_base_name(part))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in CHANGERS:
            name = _base_name(node.func.value)
            if name in bound:
                changed.add(name)
    return {n: bound[n] for n in sorted(changed)}


def all_caches() -> dict[str, dict[str, str]]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        got = module_caches(path)
        if got:
            out[str(path.relative_to(PACKAGE))] = got
    return out


def test_the_counter_sees_a_cache():
    tree = "_SEEN: dict = {}\n_LAST = [None, None]\n\ndef f(x):\n    _SEEN[x] = 1\n    _LAST[1] = x\n"
    path = Path(__file__).with_name("_cache_example.py")
    try:
        path.write_text(tree)
        assert module_caches(path) == {"_LAST": "list of 2", "_SEEN": "dict"}
    finally:
        path.unlink()


def test_the_greedy_bot_keeps_no_module_level_cache():
    found = {m: c for m, c in all_caches().items() if m.startswith("greedy")}
    assert found == {}


def test_no_positional_cache_is_left():
    positional = {f"{m}:{n}": k for m, c in all_caches().items() for n, k in c.items()
                  if k.startswith("list of") and k != "list of 0"}
    assert positional == {}


def test_module_level_caches_do_not_grow():
    caches = all_caches()
    total = sum(map(len, caches.values()))
    listing = "\n".join(f"{m}: {', '.join(c)}" for m, c in caches.items())
    assert total <= CEILING, f"{total} module-level caches (at most {CEILING}):\n{listing}"
