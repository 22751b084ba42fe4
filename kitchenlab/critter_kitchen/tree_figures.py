"""Plotly picture of one contested location's decision tree (:func:`.location_game.tie_tree`)."""

from __future__ import annotations

from typing import Sequence

import plotly.graph_objects as go

from ..charts import player_text_color, tree_figure, tree_layout
from ..trees import best_line
from .board_figures import token_label

LEAF_ROW = 0.62  # room under the leaves for one player's items, written one a line


def tie_tree_figure(G, title: str | None = None, player_names: Sequence[str] | None = None):
    """:func:`kitchenlab.charts.tree_figure` of a :func:`tie_tree`: edges show the token taken
    (``home`` = go home early for a consolation soup), every outcome sits on the bottom row with
    what each player ends with (in the player's colour, one item a line; ``S`` is a soup), and the best line (each
    player maximising the face value they end with) is drawn in red."""
    root = G.nodes[G.graph.get("root", 0)]["state"]
    if title is None:
        chefs = ", ".join(f"P{p + 1} capacity {c}" for p, c in root.chefs0)
        title = (f"{' '.join(root.items0)} — chefs {chefs}; priority track "
                 f"{' '.join(f'P{p + 1}' for p in root.priority0)} (rightmost first)")
    fig = tree_figure(G, title=title, player_names=player_names)
    pos = tree_layout(G)
    line = best_line(G)
    xs, ys = [], []
    for u, v in zip(line.nodes, line.nodes[1:]):
        xs += [pos[u][0], pos[v][0], None]
        ys += [pos[u][1], pos[v][1], None]
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", name="best line", hoverinfo="skip",
                             line=dict(color="#E4002B", width=3)))
    leaves = [n for n, a in G.nodes(data=True) if a["kind"] == "terminal"]
    seats = sorted({p for p, _ in root.chefs0})
    for row, p in enumerate(seats):
        texts = []
        for n in leaves:
            st = G.nodes[n]["state"]
            texts.append("<br>".join(token_label(t) for t in st.taken(p)) or "–")   # one item a line
        fig.add_trace(go.Scatter(
            x=[pos[n][0] for n in leaves], y=[pos[n][1] - 0.25 - LEAF_ROW * row for n in leaves], mode="text", textposition="bottom center",
            text=texts, textfont=dict(size=12, color=player_text_color(p)), showlegend=False, name=f"P{p + 1} ends with",
            hovertext=[f"{G.nodes[n]['outcome_long']}<br>scores {', '.join(map(str, G.nodes[n]['scores']))}"
                       "<br>priority track after: " + " ".join(f"P{q + 1}" for q in G.nodes[n]["priority"])
                       for n in leaves], hoverinfo="text"))
    layers = 1 + max(a for _, a in G.nodes(data="layer"))
    fig.update_yaxes(range=[-(layers - 1) - 0.35 - LEAF_ROW * len(seats), 0.4])
    fig.update_layout(height=fig.layout.height + 150, margin=dict(l=10, r=10))
    return fig


__all__ = ["tie_tree_figure"]
