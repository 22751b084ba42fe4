"""Plotly pictures of a Tiny Kitchen table: the pantry and the discard pile, then a row per player.

A seat sees its own hand, the public (``None``) none, :data:`kitchenlab.play.TABLE` all. A card is a
shape named for where it lies (``"hand 0 up"``, ``"hand 1 down"``, ``"pantry"``, ``"discard"``).
"""

from __future__ import annotations

import plotly.graph_objects as go
from kitchenlab.charts import TEMPLATE, Canvas, player_text_color
from kitchenlab.play import TABLE

from .rules import mice_text
from .scoring import mouse_chance

COLOURS = {"tomato": "#C8102E", "cheese": "#F3C13A", "basil": "#2E7D32", "flour": "#EFE6D2", "mouse": "#6D6D6D"}
BACK, W, H, ROW = "#3E4C6D", 0.9, 1.2, 1.6


def _card(c: Canvas, x: float, y: float, card: str | None, name: str) -> None:
    c.rect(x, y, x + W, y + H, name, fill=COLOURS[card] if card else BACK, line="#333333", width=1.2)
    if card:
        light = card in ("cheese", "flour")
        c.write(x + W / 2, y + H / 2, card[0].upper(), size=16, color="#222222" if light else "#FFFFFF")
    c.hoverpoint(x + W / 2, y + H / 2, card or "a hidden card")


def table_figure(state, viewer=TABLE, title: str | None = None) -> go.Figure:
    """The position as cards, seen by ``viewer`` (a seat, ``None`` for the public, or ``TABLE``)."""
    seat = None if viewer == TABLE else state.check_seat(viewer)
    c, v = Canvas(), state.view(None)
    m, n = v["mice_in_pantry"], v["pantry"]
    _card(c, 0.3, 0, None, "pantry")
    c.write(0.3 + W / 2, H / 2, str(n), size=15, color="#FFFFFF")
    c.write(5.5, H / 2, f"pantry: {n} cards, {mice_text(m)}; next card a mouse: "
            f"{mouse_chance(m, n) if n else 0}", size=14)
    if v["discard"]:
        _card(c, 10.6, 0, v["discard"][-1], "discard")
    c.write(12.9, H / 2, f"discard pile: {len(v['discard'])}", size=14)
    for p in range(state.players):
        y, shown = -ROW * (p + 1), viewer == TABLE or seat == p
        c.write(1.4, y + H - 0.2, ("▶ " if p == state.current_player else "") + f"Player {p + 1}", size=14,
                color=player_text_color(p))
        c.write(1.4, y + 0.3, f"{v['points'][p]} points", size=13)
        for i, card in enumerate(state.hands[p]):
            _card(c, 3 + i * (W + 0.1), y, str(card) if shown else None, f"hand {p} {'up' if shown else 'down'}")
        if not state.hands[p]:
            c.write(4, y + H / 2, "(no cards)", size=13, color="#555555")
        c.write(14.5, y + H / 2, "cooked: " + (", ".join(v["cooked"][p]) or "nothing yet"), size=13)
    who = "the whole table" if viewer == TABLE else "the public view" if seat is None else f"Player {seat + 1}'s view"
    fig = go.Figure(data=c.overlay_traces("cards"))
    fig.update_layout(template=TEMPLATE, title_text=title or f"Tiny Kitchen, {who}", shapes=c.shapes, width=830,
                      height=70 + 64 * (state.players + 1), margin=dict(l=8, r=8, t=50, b=8), showlegend=False)
    fig.update_xaxes(visible=False, range=[0, 19], fixedrange=True)
    fig.update_yaxes(visible=False, range=[-ROW * state.players - 0.1, H + 0.1], fixedrange=True)
    return fig


def frame_figure(frame, viewer=TABLE) -> go.Figure:
    """One playback frame (:class:`kitchenlab.play.Frame`): the game as it stood at that log line."""
    return table_figure(frame.state, viewer, f"Tiny Kitchen after event {frame.number + 1}")
