"""Game trees as networkx DiGraphs: bounded expansion from any game state, with exact chance edges.

Vocabulary:

* a **decision** node is a state where a player picks an action (``kind="decision"``);
* a **chance** node sits between an action and its random results (``kind="chance"``); its
  out-edges carry exact probabilities (``fractions.Fraction``) that sum to 1;
* a **terminal** node is a finished game (``kind="terminal"``);
* a **truncated** node is a decision node left unexpanded (depth limit or node budget reached).

``depth`` counts moves (decisions) from the root; the random result of a move belongs to that
move, so a chance node and its outcomes share the move's depth. ``layer`` counts edges from the
root and is what a drawing uses (a chance node takes a layer of its own).

Real games resolve chance inside ``apply`` with the state's seeded generator, so without help a
tree shows the one result that generator gives. Pass ``chance(state, action)`` to list every
result instead: it returns ``[(probability, label, next_state), ...]`` or ``None`` for an action
without chance.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .errors import KitchenlabError

if TYPE_CHECKING:  # networkx is imported only when a tree is built
    import networkx as nx

    from .engine import GameState

ChanceFn = Callable[[Any, Any], "Sequence[tuple[Fraction, str, Any]] | None"]

#: longest node or edge label drawn; the full text stays in the ``action`` attribute
LABEL_WIDTH = 28


def short(text: str, width: int = LABEL_WIDTH) -> str:
    """Cut ``text`` to ``width`` characters, marking the cut.

    >>> short("take 2 fish from the market", 12)
    'take 2 fish…'
    """
    text = str(text)
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def fmt_number(x) -> str:
    """A score or probability as short exact text.

    >>> fmt_number(Fraction(1, 6)), fmt_number(Fraction(4, 2)), fmt_number(2.5), fmt_number(3)
    ('1/6', '2', '2.5', '3')
    """
    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    if isinstance(x, float):
        return f"{x:.4g}"
    return str(x)


def default_label(state) -> str:
    """``"P1 to act"`` (players numbered from 1, like "Player 1") or ``"end: 1, 0"``."""
    if state.is_over:
        return "end: " + ", ".join(fmt_number(s) for s in state.scores())
    return f"P{state.current_player + 1} to act"


def _add_state(G, node: int, state, depth: int, layer: int, label: Callable) -> None:
    over = state.is_over
    G.add_node(
        node,
        kind="terminal" if over else "decision",
        player=state.current_player,
        label=short(label(state)),
        terminal=over,
        truncated=False,
        scores=list(state.scores()),
        depth=depth,
        layer=layer,
        state=state,
    )


def _chance_results(state, action, chance: ChanceFn | None):
    """The checked chance results of ``action`` as [(Fraction, label, state)], or None."""
    if chance is None:
        return None
    results = chance(state, action)
    if results is None:
        return None
    results = list(results)
    if not results:
        raise KitchenlabError(f"chance function gave no results for action {str(action)!r}")
    out = []
    for p, text, nxt in results:
        if not isinstance(p, Rational) or not 0 < p <= 1:
            raise KitchenlabError(
                f"chance probability for {str(action)!r} / {text!r} must be an exact Fraction in (0, 1], got {p!r}"
            )
        out.append((Fraction(p), str(text), nxt))
    total = sum(p for p, _, _ in out)
    if total != 1:
        raise KitchenlabError(f"chance probabilities for action {str(action)!r} sum to {total}, not 1")
    return out


def build_tree(
    state: "GameState",
    depth: int = 3,
    max_nodes: int = 500,
    chance: ChanceFn | None = None,
    label: Callable[[Any], str] = default_label,
) -> "nx.DiGraph":
    """Expand the game from ``state`` breadth-first, ``depth`` moves deep, at most ``max_nodes`` nodes.

    Node ids are ints in the order they were made (0 is the root). Node attributes: ``kind``,
    ``player`` (None when the game is over, and at chance nodes), ``label``, ``terminal``,
    ``truncated``, ``scores``, ``depth``, ``layer`` and ``state`` (the game state itself, for
    drilling down; :func:`tree_to_dict` leaves it out). Edge attributes: ``action`` (its ``str``),
    ``label`` (shortened) and, out of a chance node, ``probability`` (a ``Fraction``).

    A node is expanded whole or not at all: when its children would overflow ``max_nodes``,
    expansion stops there and every node still waiting is marked ``truncated``.
    """
    import networkx as nx

    if depth < 0:
        raise KitchenlabError(f"depth must be >= 0, got {depth}")
    if max_nodes < 1:
        raise KitchenlabError(f"max_nodes must be >= 1, got {max_nodes}")
    G = nx.DiGraph(root=0, depth=depth, max_nodes=max_nodes, players=state.players)
    _add_state(G, 0, state, 0, 0, label)
    queue = deque([0])
    full = False
    while queue:
        node = queue.popleft()
        attrs = G.nodes[node]
        if attrs["terminal"]:
            continue
        if full or attrs["depth"] >= depth:
            attrs["truncated"] = True
            continue
        here = attrs["state"]
        kids = [(a, _chance_results(here, a, chance)) for a in here.legal_actions()]
        need = sum(1 if res is None else 1 + len(res) for _, res in kids)
        if len(G) + need > max_nodes:
            full = True
            attrs["truncated"] = True
            continue
        d, layer = attrs["depth"] + 1, attrs["layer"] + 1
        for action, results in kids:
            text = str(action)
            child = len(G)
            if results is None:
                _add_state(G, child, here.apply(action), d, layer, label)
                G.add_edge(node, child, action=text, label=short(text))
                queue.append(child)
                continue
            G.add_node(child, kind="chance", player=None, label=short(f"{text} ?"), terminal=False,
                       truncated=False, scores=list(attrs["scores"]), depth=d, layer=layer, state=here,
                       action=text)
            G.add_edge(node, child, action=text, label=short(text))
            for p, outcome, nxt in results:
                grandchild = len(G)
                _add_state(G, grandchild, nxt, d, layer + 1, label)
                G.add_edge(child, grandchild, action=outcome, label=short(outcome), probability=p)
                queue.append(grandchild)
    return G


# ---------------------------------------------------------------- reading a tree


def leaf_values(G: "nx.DiGraph") -> dict[int, tuple]:
    """The scores at every leaf (terminal or truncated node), by node id."""
    return {n: tuple(a["scores"]) for n, a in G.nodes(data=True) if G.out_degree(n) == 0}


def expectimax(G: "nx.DiGraph") -> tuple[dict[int, tuple], dict[int, int]]:
    """Back up leaf scores through the tree: ``(value by node, chosen child by decision node)``.

    A leaf is worth its scores (for a truncated node: the scores so far). A chance node is worth
    the probability-weighted mean of its outcomes (exact when scores are ints). At a decision node
    the player to act takes the child that is best *for that player* (ties: the first action);
    in a two-player zero-sum game this is plain expectiminimax.
    """
    value: dict[int, tuple] = {}
    choice: dict[int, int] = {}
    for n in sorted(G.nodes, reverse=True):  # children always have larger ids than their parent
        a = G.nodes[n]
        kids = list(G.successors(n))
        if not kids:
            value[n] = tuple(a["scores"])
        elif a["kind"] == "chance":
            parts = [(G.edges[n, c]["probability"], value[c]) for c in kids]
            value[n] = tuple(sum(p * v[i] for p, v in parts) for i in range(len(parts[0][1])))
        else:
            p = a["player"]
            best = max(kids, key=lambda c: (value[c][p], -c))
            choice[n] = best
            value[n] = value[best]
    return value, choice


@dataclass(frozen=True)
class Line:
    """A principal line: the expected ``value`` for ``player`` and the moves from the root."""

    player: int
    value: Any
    nodes: tuple[int, ...]
    actions: tuple[str, ...]


def best_line(G: "nx.DiGraph", player: int | None = None) -> Line:
    """The line of best play from the root (see :func:`expectimax`), and its value for ``player``.

    ``player`` defaults to the player to act at the root. The line stops at a leaf or at a chance
    node: what follows depends on the dice, and the value already averages over it.
    """
    value, choice = expectimax(G)
    root = G.graph.get("root", 0)
    if player is None:
        player = G.nodes[root]["player"] or 0
    nodes, actions = [root], []
    while nodes[-1] in choice:
        nxt = choice[nodes[-1]]
        actions.append(G.edges[nodes[-1], nxt]["action"])
        nodes.append(nxt)
    return Line(player, value[root][player], tuple(nodes), tuple(actions))


def tree_summary(G: "nx.DiGraph") -> dict:
    """Counts: nodes, edges, nodes of each kind, truncated nodes, deepest depth, nodes per depth."""
    kinds = {"decision": 0, "chance": 0, "terminal": 0}
    by_depth: dict[int, int] = {}
    for _, a in G.nodes(data=True):
        kinds[a["kind"]] += 1
        by_depth[a["depth"]] = by_depth.get(a["depth"], 0) + 1
    return {
        "nodes": G.number_of_nodes(),
        "edges": G.number_of_edges(),
        **kinds,
        "truncated": sum(1 for _, t in G.nodes(data="truncated") if t),
        "depth": max(by_depth),
        "by_depth": dict(sorted(by_depth.items())),
    }


def tree_to_dict(G: "nx.DiGraph") -> dict:
    """A JSON-ready copy of the tree (node-link form): no state objects, fractions as ``"1/6"``."""

    def plain(v):
        if isinstance(v, Fraction):
            return fmt_number(v)
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        return v

    return {
        "graph": {k: plain(v) for k, v in G.graph.items()},
        "nodes": [{"id": n, **{k: plain(v) for k, v in a.items() if k != "state"}}
                  for n, a in G.nodes(data=True)],
        "edges": [{"source": u, "target": v, **{k: plain(x) for k, x in a.items()}}
                  for u, v, a in G.edges(data=True)],
    }
