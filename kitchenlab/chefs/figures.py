"""Plotly pictures of a Chefs game: the board, the score track and the meal cards.

:func:`board_figure` draws one position: the five locations left to right in resolution order
(1 ingredient counter, 2 window stoves, 3 door, 4 wall stoves, 5 service counter), each with its
discs in circle order, then one row per chef (square on the track, chef card, hand, meal cards
kept). Drawn for a seat, the other hands show only the cards everyone saw them take (the rest face
down); for the public, every hand is shown that way; for the whole table, every card is face up.

Shapes carry names a test can count (:func:`count_shapes`): ``"counter card"``, ``"meal window"``,
``"meal wall"``, ``"box free"`` / ``"box taken"``, ``"disc 2"`` (a disc of seat 2), ``"hand 1 up"`` /
``"hand 1 down"``, ``"held 0"``, ``"chef 0"``.
"""

from __future__ import annotations

from collections import Counter

import plotly.graph_objects as go

from ..charts import TEMPLATE, Canvas, board_layout, key_height, key_legend, key_traces, player_color
from ..i18n import N_, _
from ..play import TABLE
from .components import load_components
from .rules import (CHEF_KINDS, COMPS, DOOR_BOXES, KINDS, LOCATION_NAMES, MEALS, NK, STOVES, WINDOW,
                    player_name)
from .scoring import track_square

KIND_CODES = tuple(k.code for k in COMPS.kinds)
KIND_COLORS = tuple(k.color for k in COMPS.kinds)
#: the kinds' names as data/chefs/ingredients.csv writes them, listed for the catalogue
KIND_NAMES = (N_("carrot"), N_("tomato"), N_("potato"), N_("onion"), N_("egg"), N_("flour"))


def card_key() -> list[tuple[str, str]]:
    """The ingredient card key: ``("Car carrot", colour)`` per kind, the code as the cards print it."""
    return [(f"{k.code} {_(k.name)}", k.color) for k in COMPS.kinds]
BACK = "#3E4C6D"
CREAM = "#FAF7F0"
PANEL_W, GAP = 5.0, 0.2
X_MAX = 5 * (PANEL_W + GAP) + 0.1
WIDTH, MARGIN, TOP = 1100, 10, 50  # designed for 1100 px; drawn in proportion at any width
CARD_W, CARD_H = 0.9, 1.05
ROW_H = 1.35
BOARD_BOTTOM = -6.3
ASSUMED = "⚠"


def text_color(p: int) -> str:
    """A player's colour for text on the cream board (the light yellow and sky blue darkened)."""
    return {4: "#9A6500", 5: "#1F78B0"}.get(p % 7, player_color(p))


def needs_text(meal: int) -> str:
    """``"2 Tom + 1 Oni"``: what a meal card needs, in the short kind codes."""
    return " + ".join(f"{n} {KIND_CODES[k]}" for k, n in MEALS[meal].needs)


class _Board(Canvas):
    text_size = 13

    def card(self, x, y, kind, name, hidden=False, dashed=False, hover=None):
        fill = BACK if hidden else KIND_COLORS[kind]
        self.rect(x, y, x + CARD_W, y + CARD_H, name, fill=fill, line="#FFFFFF" if hidden else "#333333",
                  width=1.2, dash="dash" if dashed else "solid")
        if not hidden:
            self.write(x + CARD_W / 2, y + CARD_H / 2, KIND_CODES[kind], size=12, color="#1A1A1A")
        self.hoverpoint(x + CARD_W / 2, y + CARD_H / 2,
                        hover or ("a hidden card" if hidden else KINDS[kind]))

    def disc(self, x, y, seat, acting=False):
        self.circle(x, y, 0.23, f"disc {seat}", player_color(seat), line="#000000" if acting else "#FFFFFF",
                    width=3 if acting else 1)
        self.write(x, y, str(seat + 1), size=12, color="#FFFFFF")

    def meal(self, x, y, w, meal, name, small=False):
        m = MEALS[meal]
        self.rect(x, y, x + w, y + 0.95, name, fill="#FFFFFF", line="#8A6D3B", width=1.2)
        flag = f" {ASSUMED}" if m.assumed else ""
        if small:
            self.write(x + w / 2, y + 0.62, f"{m.name}", size=12)
            self.write(x + w / 2, y + 0.25, f"{m.steps} steps{flag}", size=12, color="#555555")
        else:
            self.write(x + w / 2, y + 0.66, f"<b>{m.name}</b> · {m.steps} steps{flag}", size=13)
            self.write(x + w / 2, y + 0.26, needs_text(meal), size=12, color="#444444")
        self.hoverpoint(x + w / 2, y + 0.5, f"{m.name}: needs {needs_text(meal)}, {m.steps} steps"
                        + (" (recipe assumed)" if m.assumed else ""))

    def figure(self, title: str, low: float, high: float, key: bool = True) -> go.Figure:
        """The drawing, with the ingredient card key under it (``key=False``: no cards drawn)."""
        key = card_key() if key else []
        fig = go.Figure(data=self.overlay_traces("board", 18) + key_traces(key))
        fig.update_layout(board_layout((0, X_MAX), (low, high), margin=MARGIN, top=TOP, bgcolor=CREAM,
                                       design_width=WIDTH, bottom=MARGIN + (key_height(key) if key else 0)),
                          title_text=title, shapes=self.shapes, showlegend=bool(key), legend=key_legend())
        return fig


def _panel_x(loc: int) -> float:
    return 0.1 + loc * (PANEL_W + GAP)


def _draw_locations(c: _Board, state) -> None:
    for loc in range(5):
        x0 = _panel_x(loc)
        c.rect(x0, BOARD_BOTTOM, x0 + PANEL_W, -0.05, f"location {loc}", fill="#FFFDF7", line="#B59F77", width=1.5)
        c.write(x0 + PANEL_W / 2, -0.38, f"<b>{loc + 1} · {LOCATION_NAMES[loc]}</b>", size=14)
        free = state.free_circles(loc)
        seats = [p for q, p in state.placed if q == loc]
        for j, p in enumerate(seats[:18]):
            c.disc(x0 + 0.35 + (j % 9) * 0.53, -0.95 - (j // 9) * 0.52, p, _is_current(state, loc, j))
        if free is not None:
            c.write(x0 + PANEL_W - 0.8, -1.6, f"{free} free", size=12, color="#666666")
    _draw_counter(c, state)
    for loc in STOVES:
        _draw_stove(c, state, loc)
    _draw_door(c, state)
    _draw_service(c, state)


def _is_current(state, loc: int, j: int) -> bool:
    """Is the j-th disc at ``loc`` the one acting now?"""
    disc = state.acting_disc
    if disc is None or disc[0] != loc:
        return False
    before = sum(1 for q, _ in state.order[:state.cursor] if q == loc)
    return before == j


def _draw_counter(c: _Board, state) -> None:
    x0 = _panel_x(0)
    cards = [k for k in range(NK) for _count in range(state.counter[k])]
    for i, k in enumerate(cards[:15]):
        c.card(x0 + 0.2 + (i % 5) * 0.95, -3.1 - (i // 5) * 1.15, k, "counter card")
    if len(cards) > 15:
        c.write(x0 + PANEL_W / 2, -5.95, f"+{len(cards) - 15} more", size=12)
    if not cards:
        c.write(x0 + PANEL_W / 2, -3.0, "(empty)", size=13, color="#777777")


def _draw_stove(c: _Board, state, loc: int) -> None:
    x0 = _panel_x(loc)
    meals = state.stoves[0 if loc == WINDOW else 1]
    for j, m in enumerate(meals[:4]):
        c.meal(x0 + 0.15, -2.95 - j * 1.05, PANEL_W - 0.3, m, f"meal {'window' if loc == WINDOW else 'wall'}")
    if len(meals) > 4:
        c.write(x0 + PANEL_W / 2, -6.05, f"+{len(meals) - 4} more", size=12)
    if not meals:
        c.write(x0 + PANEL_W / 2, -3.0, "(no meal card)", size=13, color="#777777")


def _draw_door(c: _Board, state) -> None:
    x0 = _panel_x(2)
    for b, (give, draw) in enumerate(DOOR_BOXES):
        y = -2.55 - b * 0.72
        taker = state.boxes[b]
        c.rect(x0 + 0.3, y, x0 + PANEL_W - 0.3, y + 0.6, "box taken" if taker >= 0 else "box free",
               fill="#EDE6D6" if taker >= 0 else "#FFFFFF", line="#8A7A5A")
        c.write(x0 + 1.95, y + 0.3, f"box {b + 1}: give {give}, draw {draw}", size=13)
        if taker >= 0:
            c.disc(x0 + PANEL_W - 0.7, y + 0.3, taker)
        else:
            c.write(x0 + PANEL_W - 0.8, y + 0.3, "free", size=12, color="#777777")


def _draw_service(c: _Board, state) -> None:
    x0 = _panel_x(4) + PANEL_W / 2
    lines = [("hand in a meal card,", 13), ("advance its steps", 13),
             (f"ingredient deck: {len(state.ing_deck)}", 12),
             (f"ingredient discards: {sum(state.ing_discard)}", 12),
             (f"meal deck: {len(state.meal_deck)}", 12),
             (f"meals served: {len(state.meal_discard) + len(state.meals_out)}", 12)]
    for i, (text, size) in enumerate(lines):
        c.write(x0, -2.4 - i * 0.55, text, size=size, color="#333333" if i < 2 else "#555555")


def _draw_players(c: _Board, state, viewer, public: bool) -> None:
    for p in range(state.players):
        y = BOARD_BOTTOM - 0.45 - (p + 1) * ROW_H + 0.15
        color = text_color(p)
        name = player_name(p) + (" (you)" if viewer == p else "")
        if state.current_player == p:
            c.rect(0.05, y - 0.1, X_MAX - 0.05, y + CARD_H + 0.1, "to act", fill="rgba(255,230,150,0.35)",
                   line=color, width=2)
            name = "▶ " + name
        if state.first == p:
            name += " ★"
        c.write(1.7, y + 0.78, name, size=14, color=color)
        lap, sq = track_square(state.steps_done[p])
        c.write(1.7, y + 0.3, f"square {sq}" + (f", lap {lap}" if lap > 1 else "") + f" ({state.steps_done[p]})",
                size=12, color="#444444")
        chef = CHEF_KINDS[p]
        used = bool(state.chef_used[p])
        c.card(3.55, y, chef, f"chef {p}", dashed=True,
               hover=f"chef card: stands in for one {KINDS[chef]}" + (" (used this round)" if used else ""))
        hand = state.hands[p]
        show_all = viewer == TABLE or viewer == p
        known = state.known[p]
        up = hand if show_all else known
        cards = [(k, False) for k in range(NK) for _count in range(up[k])]
        hidden = sum(hand) - sum(up)
        cards += [(0, True)] * hidden
        span = 10.6
        step = min(0.95, (span - CARD_W) / max(1, len(cards) - 1)) if len(cards) > 1 else 0.95
        for i, (k, down) in enumerate(cards):
            c.card(4.75 + i * step, y, k, f"hand {p} {'down' if down else 'up'}", hidden=down)
        x = 15.9
        for j, m in enumerate(state.held[p][:3]):
            c.meal(x + j * 3.2, y + 0.05, 3.05, m, f"held {p}", small=True)
        if len(state.held[p]) > 3:
            c.write(X_MAX - 0.35, y + 0.5, f"+{len(state.held[p]) - 3}", size=12)


def board_figure(state, viewer=TABLE, title: str | None = None) -> go.Figure:
    """The position drawn: ``viewer`` is :data:`kitchenlab.play.TABLE` (every card face up),
    ``None`` (the public view) or a seat (that seat's own view)."""
    if viewer not in (TABLE, None) and not (isinstance(viewer, int) and 0 <= viewer < state.players):
        raise ValueError(f"viewer must be 'table', None or a seat 0..{state.players - 1}, got {viewer!r}")
    c = _Board()
    _draw_locations(c, state)
    c.write(1.7, BOARD_BOTTOM - 0.35, "chef (★ first player)", size=12, color="#666666")
    c.write(4.0, BOARD_BOTTOM - 0.35, "chef card", size=12, color="#666666")
    c.write(9.5, BOARD_BOTTOM - 0.35, "ingredient cards in hand", size=12, color="#666666")
    c.write(20.6, BOARD_BOTTOM - 0.35, "meal cards kept", size=12, color="#666666")
    _draw_players(c, state, viewer, viewer is None)
    if title is None:
        who = {TABLE: "the whole table", None: "the public view"}.get(viewer) or f"what {player_name(viewer)} sees"
        title = f"Chefs, {state.players} players, round {state.round}: {who}"
    low = BOARD_BOTTOM - 0.5 - state.players * ROW_H - 0.1
    return c.figure(title, low, 0.05)


def frame_figure(frame, viewer=TABLE) -> go.Figure:
    """One playback frame (:class:`kitchenlab.play.Frame`) drawn as :func:`board_figure`; the
    title numbers the event and says whose view it is and who acts next."""
    state = frame.state
    who = {TABLE: "whole table", None: "public view"}.get(viewer) if viewer in (TABLE, None) \
        else f"{player_name(viewer)}'s view"
    extra = ""
    if frame.settled and not state.is_over:
        disc = state.acting_disc
        where = f" at the {LOCATION_NAMES[disc[0]]}" if disc else " to place a disc"
        extra = f" — {player_name(state.current_player)}{where}"
    return board_figure(state, viewer, title=f"After event {frame.number + 1} ({who}){extra}")


def track_figure(steps, names=None, title: str = "The score track") -> go.Figure:
    """The 20-square track with each chef's marker; a chef past square 20 is on lap 2 (square 21 =
    square 1 again), drawn on the same square with its lap written beside it."""
    n = len(steps)
    names = names or [player_name(p) for p in range(n)]
    c = _Board()
    for sq in range(0, 21):
        x = 0.6 + sq * 1.2
        fill = "#E4EFD9" if sq == 0 else ("#F6D7A7" if sq == 20 else "#FFFFFF")
        c.rect(x - 0.55, 0, x + 0.55, 1.0, "square", fill=fill, line="#8A7A5A")
        c.write(x, 0.5, "start" if sq == 0 else str(sq), size=13 if sq else 12)
    c.write(0.6 + 16 * 1.2, 1.3, "pass square 20 (reach 21 = square 1 of lap 2): the game ends with the round",
            size=12, color="#8A2B1E")
    for p, s in enumerate(steps):
        lap, sq = track_square(s)
        x = 0.6 + sq * 1.2
        stack = sum(1 for q in range(p) if track_square(steps[q])[1] == sq)
        y = -0.45 - stack * 0.55
        c.circle(x, y, 0.22, f"marker {p}", player_color(p), line="#000000")
        c.write(x, y, str(p + 1), size=12, color="#FFFFFF")
        label = f"{names[p]}: {s}" + (f" (lap {lap})" if lap > 1 else "")
        c.hoverpoint(x, y, label)
        if lap > 1:
            c.write(x + 0.75, y, f"lap {lap}", size=12, color="#8A2B1E")
    low = -0.45 - max(1, max(Counter(track_square(s)[1] for s in steps).values())) * 0.55 - 0.2
    fig = c.figure(title, low, 1.6, key=False)
    legend = "   ".join(f"{p + 1} = {names[p]} ({s})" for p, s in enumerate(steps))
    fig.add_annotation(text=legend, x=0.01, y=-0.02, xref="paper", yref="paper", showarrow=False,
                       xanchor="left", yanchor="top", font=dict(size=13))
    fig.update_layout(margin=dict(b=40), height=fig.layout.height + 30)
    return fig


def meal_value_figure(folder: str | None = None) -> go.Figure:
    """Every meal card as a point: ingredient cards it costs against the steps it is worth. Cards
    with the same cost and value share one bubble, sized and labelled by their number. The recipes
    are the kit's assumption (⚠), editable in data/chefs/meals.csv."""
    comps = load_components(folder)
    groups: dict = {}
    for m in comps.meals:
        groups.setdefault((m.cost, m.steps), []).append(m.name)
    xs, ys, sizes, text, hover = [], [], [], [], []
    for (cost, steps), names in sorted(groups.items()):
        xs.append(cost)
        ys.append(steps)
        sizes.append(16 + 4 * len(names))
        text.append(str(len(names)))
        hover.append(f"{cost} cards → {steps} steps:<br>" + "<br>".join(names))
    fig = go.Figure(go.Scatter(x=xs, y=ys, mode="markers+text", text=text, hovertext=hover, hoverinfo="text",
                               marker=dict(size=sizes, color="#0072B2", opacity=0.75, line=dict(color="#FFFFFF")),
                               textfont=dict(color="#FFFFFF", size=13), name="meal cards"))
    top = max(ys) + 1
    fig.add_trace(go.Scatter(x=[1, 4.5], y=[1, 4.5], mode="lines", name="1 step per card",
                             line=dict(color="#999999", dash="dot")))
    fig.update_layout(template=TEMPLATE, height=440,
                      title_text=f"Meal value against ingredient cost (29 cards; recipes assumed {ASSUMED})",
                      legend=dict(x=0.02, y=0.98))
    fig.update_xaxes(title_text="ingredient cards paid (without the chef card)", dtick=1, range=[1.5, 4.5])
    fig.update_yaxes(title_text="steps when served", dtick=1, range=[1, top])
    return fig


def count_shapes(fig: go.Figure) -> Counter:
    """How many shapes of each name a figure holds."""
    return Counter(s.name for s in fig.layout.shapes)


__all__ = ["board_figure", "count_shapes", "frame_figure", "meal_value_figure", "needs_text", "track_figure"]
