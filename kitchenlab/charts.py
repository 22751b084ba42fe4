"""Plotly figures with one consistent look: game trees, score thresholds, probabilities, simulations.

Every chart uses the same template (one font, titled axes) and one colour per player taken from
:data:`PLAYER_COLORS` (player 0 is always the first colour, in every chart). Figures are
deterministic: no random jitter and no generated ids, so the same call gives the same figure JSON.

How figures look on any screen:

* **Width**: no figure sets a width. Plotly sizes it to the output it is drawn in (``autosize``) and
  follows that width when it changes (the notebook renderers get ``responsive: True``). Charts
  stretch; drawn tables and boards (:func:`board_layout`) keep their proportions, so they shrink with
  a narrow output and sit centred in a wide one.
* **Text**: no text under :data:`MIN_TEXT` (12 px). A projector page calls
  ``projector_layout(fig)``, which raises every text to at least :data:`PROJECTOR_TEXT` (14 px) and
  makes a drawn board taller in the same proportion, so it grows with its text.
  :func:`text_sizes` lists every text size of a figure (for checks).
* **Theme**: the paper and plot backgrounds are transparent and text and gridlines are mid grey
  (:data:`TEXT_COLOR`), so a figure reads on JupyterLab's light and dark themes alike. Drawn boards
  keep their own light table colour, with dark writing on it, as a real board would.
* **Colour**: the palettes (players here, a game's own item colours in its figure module) stay
  distinguishable under deuteranopia and protanopia (``tests/test_colour_blind.py`` simulates
  both), and every coloured item carries a letter or number besides its colour; figures that show
  coloured items carry a key (:func:`add_colour_key`).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

import plotly.graph_objects as go
import plotly.io as pio

from .trees import fmt_number
from .errors import KitchenlabError

#: one colour per player (colour-blind friendly: Okabe & Ito's blue, vermillion, bluish green,
#: reddish purple, orange and sky blue, then Tol's indigo); chance and finished nodes use grey and
#: black, so no player colour is either
PLAYER_COLORS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#332288")
CHANCE_COLOR = "#9E9E9E"
TERMINAL_COLOR = "#000000"
EDGE_COLOR = "#888888"
#: text and line colours that read on a white and on a near-black page (JupyterLab Dark's #111111):
#: contrast 4.5 : 1 against white and 4.1 : 1 against #111111
TEXT_COLOR = "#767676"
GRID_COLOR = "rgba(128,128,128,0.3)"
LINE_COLOR = "rgba(128,128,128,0.6)"
CLEAR = "rgba(0,0,0,0)"
FONT = dict(family="Helvetica, Arial, sans-serif", size=14, color=TEXT_COLOR)
MIN_TEXT = 12  # the smallest text size, in px at the figure's own size (readable on a projector)
PROJECTOR_TEXT = 14  # the smallest text size on a projector page (see projector_layout)
#: the width a drawn board is designed for, in px: a notebook's output in JupyterLab at 1280 px
#: with the file browser open; its text fits at this width
DESIGN_WIDTH = 830

TEMPLATE = go.layout.Template(pio.templates["plotly_white"])
TEMPLATE.layout.font = FONT
TEMPLATE.layout.colorway = PLAYER_COLORS
TEMPLATE.layout.title = dict(x=0.02, xanchor="left", font=dict(size=18))
TEMPLATE.layout.legend = dict(bgcolor=CLEAR)
TEMPLATE.layout.hoverlabel = dict(font=dict(family=FONT["family"], size=14))
TEMPLATE.layout.autosize = True
TEMPLATE.layout.paper_bgcolor = CLEAR
TEMPLATE.layout.plot_bgcolor = CLEAR
for _axis in (TEMPLATE.layout.xaxis, TEMPLATE.layout.yaxis):
    _axis.update(gridcolor=GRID_COLOR, zerolinecolor=LINE_COLOR, linecolor=LINE_COLOR, tickcolor=LINE_COLOR)
for _name in pio.renderers:  # the notebook renderers follow their output's width as it changes
    _renderer = pio.renderers[_name]
    if isinstance(getattr(_renderer, "config", None), dict):
        _renderer.config.setdefault("responsive", True)

EDGE_LABEL_LIMIT = 40  # above this many edges a tree hides its edge labels (they stay in hover)
SIBLING_LABEL_LIMIT = 4  # a node with more children than this keeps its edge labels in the hover text

#: darker shades of the player colours for text on light backgrounds (white, the boards' cream)
#: (each at least 4.5 : 1 against the cream of the boards, the WCAG contrast for normal text)
_TEXT_SHADES = {"#D55E00": "#B04D00", "#E69F00": "#8A5F00", "#56B4E9": "#1F6FA8", "#CC79A7": "#A34F80",
                "#009E73": "#007A59"}


def player_color(player: int) -> str:
    """The colour of a player (seat index from 0); the palette repeats after 7 players."""
    return PLAYER_COLORS[player % len(PLAYER_COLORS)]


def player_text_color(player: int) -> str:
    """The colour for a player's name written on a light background: the player colour, darkened
    where the plain colour is too light to read (the yellow and the sky blue)."""
    color = player_color(player)
    return _TEXT_SHADES.get(color, color)


def player_names(count: int, names: Sequence[str] | None = None) -> list[str]:
    """``names`` if given (checked), else ``["Player 1", "Player 2", ...]``.

    >>> player_names(3)
    ['Player 1', 'Player 2', 'Player 3']
    """
    if names is None:
        return [f"Player {i + 1}" for i in range(count)]
    names = [str(n) for n in names]
    if len(names) < count:
        raise KitchenlabError(f"need {count} player names, got {len(names)}: {names}")
    return names


_player_names = player_names  # chart functions take a ``player_names`` argument of their own


# ---------------------------------------------------------------- size, text and keys


def board_layout(x_range: Sequence[float], y_range: Sequence[float], *, margin: int = 10, top: int = 50,
                 bottom: int | None = None, bgcolor: str | None = None, design_width: int = DESIGN_WIDTH) -> dict:
    """The layout of a drawn board: no width, a height that gives y the scale of x at
    :data:`DESIGN_WIDTH` (so circles stay round), and y tied to x (``scaleanchor``), so the drawing
    keeps its proportions at any width: it shrinks with a narrow output and sits centred in a wide
    one. ``bgcolor`` fills the board itself; the page around it stays transparent. A smaller
    ``design_width`` draws a smaller board (its height shrinks with it)."""
    bottom = margin if bottom is None else bottom
    unit = (design_width - 2 * margin) / (x_range[1] - x_range[0])
    layout = dict(
        template=TEMPLATE, autosize=True, height=int(round(unit * (y_range[1] - y_range[0]))) + top + bottom,
        margin=dict(l=margin, r=margin, t=top, b=bottom), hovermode="closest",
        xaxis=dict(visible=False, range=list(x_range), fixedrange=True, constrain="domain"),
        yaxis=dict(visible=False, range=list(y_range), fixedrange=True, scaleanchor="x", scaleratio=1,
                   constrain="domain"))
    if bgcolor is not None:
        layout["plot_bgcolor"] = bgcolor
    return layout


def board_aspect(fig: go.Figure) -> float | None:
    """The width : height ratio a drawn board (:func:`board_layout`) is designed for, margins
    included; ``None`` for a figure whose y is not tied to x. A page that sets its output box to
    this ratio (CSS ``aspect-ratio``) lets the board fill any width with no blank band.

    >>> round(board_aspect(go.Figure(layout=board_layout((0, 8), (0, 2), margin=10, top=10))), 2)
    3.73
    """
    lay = fig.layout
    if lay.yaxis.scaleanchor != "x" or not lay.height or lay.xaxis.range is None or lay.yaxis.range is None:
        return None
    m = lay.margin
    top, bottom, left, right = (v if v is not None else 80 for v in (m.t, m.b, m.l, m.r))
    plot_h = lay.height - top - bottom
    x0, x1 = lay.xaxis.range
    y0, y1 = lay.yaxis.range
    if plot_h <= 0 or y1 == y0:
        return None
    width = plot_h * abs(x1 - x0) / abs(y1 - y0) + left + right
    return width / lay.height


def _base_size(fig: go.Figure) -> float:
    """The figure's own font size: its layout's, else its template's, else Plotly's 12."""
    return fig.layout.font.size or fig.layout.template.layout.font.size or 12


def _sizes(value, base) -> list[float]:
    if value is None:
        return [base]
    if isinstance(value, (int, float)):
        return [value]
    return [v if v is not None else base for v in value]


def _traces_with_text(fig: go.Figure):
    for tr in fig.data:
        if tr.type in ("scatter", "scattergl"):
            if tr.text is not None and "text" in (tr.mode or ""):
                yield tr
        elif tr.type in ("bar", "pie", "sankey", "funnel", "histogram") and getattr(tr, "text", None) is not None:
            yield tr


def text_sizes(fig: go.Figure) -> dict[str, list[float]]:
    """Every text size the figure draws, in px, by where the text is (``"title"``, ``"legend"``,
    ``"annotations"``, ``"x axis"``, ``"trace labels"``, ...); sizes left unset count as the size
    they inherit."""
    base = _base_size(fig)
    lay = fig.layout
    out: dict[str, list[float]] = {}
    if lay.title.text:
        out["title"] = [lay.title.font.size or lay.template.layout.title.font.size or base]
    if lay.showlegend is not False and any(getattr(tr, "showlegend", None) is not False and tr.name for tr in fig.data if "showlegend" in tr):
        out["legend"] = [lay.legend.font.size or lay.template.layout.legend.font.size or base]
    if lay.annotations:
        out["annotations"] = [a.font.size or base for a in lay.annotations if a.text]
    for name in ("xaxis", "yaxis"):
        for axis in [getattr(lay, k) for k in lay if k.startswith(name)] or [getattr(lay, name)]:
            if axis.visible is False:
                continue
            where = "x axis" if name == "xaxis" else "y axis"
            out.setdefault(where, []).append(axis.tickfont.size or base)
            if axis.title.text:
                out[where].append(axis.title.font.size or base)
    for tr in _traces_with_text(fig):
        out.setdefault("trace labels", []).extend(_sizes(tr.textfont.size, base))
    for tr in fig.data:
        if tr.type == "table":
            out.setdefault("table", []).extend(_sizes(tr.header.font.size, 12) + _sizes(tr.cells.font.size, 12))
        if tr.type == "sankey":
            out.setdefault("trace labels", []).extend(_sizes(tr.textfont.size, base))
    return out


def _strip(text: str) -> str:
    return text.replace("<b>", "").replace("</b>", "").replace("<br>", " ")


def shown_texts(fig: go.Figure) -> list[str]:
    """Every text the figure writes (trace labels, tick labels, annotations, title), without markup."""
    out = [fig.layout.title.text or ""]
    out += [a.text for a in fig.layout.annotations if a.text]
    for tr in _traces_with_text(fig):
        out += [tr.text] if isinstance(tr.text, str) else [str(t) for t in tr.text]
    for k in fig.layout:
        if k.startswith(("xaxis", "yaxis")) and getattr(fig.layout, k).ticktext:
            out += [str(t) for t in getattr(fig.layout, k).ticktext]
    for tr in fig.data:
        if tr.type == "sankey" and tr.node.label is not None:
            out += [str(t) for t in tr.node.label]
        if tr.type in ("bar", "box", "histogram") and tr.x is not None and tr.orientation != "h":
            out += [str(t) for t in tr.x if isinstance(t, str)]
    return [_strip(t) for t in out if t]


def hover_texts(fig: go.Figure) -> list[str]:
    """Every hover text of the figure (hovertext, customdata shown in templates, templates), without markup."""
    out = []
    for tr in fig.data:
        for attr in ("hovertext", "customdata", "hovertemplate"):
            v = getattr(tr, attr, None)
            if v is None:
                continue
            out += [v] if isinstance(v, str) else [str(t) for t in v]
        if tr.type == "sankey" and tr.node.customdata is not None:
            out += [str(t) for t in tr.node.customdata]
    return [_strip(t) for t in out]


def word_lines(text: str, width: int) -> list[str]:
    """``text`` broken between words into lines of about ``width`` characters (a longer word stays
    whole on a line of its own)."""
    out, line = [], ""
    for w in text.split():
        if line and len(line) + 1 + len(w) > width:
            out.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    out.append(line)
    return out


def fit_label(text: str, width: int, lines: int = 2) -> str:
    """``text`` wrapped on words into at most ``lines`` lines of about ``width`` characters (joined
    with ``<br>``); what does not fit ends in "…" (keep the whole text in the hover).

    >>> fit_label("The Raccoon", 8)
    'The<br>Raccoon'
    >>> fit_label("Carrot Fanatic", 9, lines=1)
    'Carrot F…'
    """
    out = word_lines(text, width)
    if len(out) > lines:  # the last line takes the rest of the text, cut
        out[lines - 1:] = [" ".join(out[lines - 1:])]
    return "<br>".join(x if len(x) <= width else x[: width - 1] + "…" for x in out)


def projector_layout(fig: go.Figure, min_size: int = PROJECTOR_TEXT) -> go.Figure:
    """Make ``fig`` ready for a projector: every text at least ``min_size`` px (14 by default), and a
    drawn board (:func:`board_layout`) taller in proportion to its smallest text, so the drawing
    grows with its text and keeps its room for it. Changes ``fig`` in place and returns it.

    >>> fig = threshold_step_chart([(0, 0), (6, 1)], "quality", "stars", "Stars")
    >>> min(min(v) for v in text_sizes(projector_layout(fig)).values())
    14
    """
    sizes = text_sizes(fig)
    smallest = min((min(v) for v in sizes.values() if v), default=min_size)
    base = _base_size(fig)
    lay = fig.layout

    def up(value, inherit=base):
        if value is None:
            return max(inherit, min_size)
        if isinstance(value, (int, float)):
            return max(value, min_size)
        return [max(v if v is not None else inherit, min_size) for v in value]

    fig.update_layout(font_size=up(lay.font.size), legend_font_size=up(lay.legend.font.size),
                      title_font_size=up(lay.title.font.size, lay.template.layout.title.font.size or base))
    for a in lay.annotations:
        a.font.size = up(a.font.size)
    fig.update_xaxes(tickfont_size=up(None))
    fig.update_yaxes(tickfont_size=up(None))
    for k in lay:
        if k.startswith(("xaxis", "yaxis")):
            axis = getattr(lay, k)
            axis.tickfont.size = up(axis.tickfont.size)
            axis.title.font.size = up(axis.title.font.size)
    for tr in fig.data:
        if tr.type == "table":
            tr.header.font.size = up(tr.header.font.size, 12)
            tr.cells.font.size = up(tr.cells.font.size, 12)
        elif "textfont" in tr:
            tr.textfont.size = up(tr.textfont.size)
    if lay.yaxis.scaleanchor == "x" and smallest < min_size and lay.height:
        margin = (lay.margin.t or 0) + (lay.margin.b or 0)
        fig.update_layout(height=int(round((lay.height - margin) * min_size / smallest)) + margin)
    return fig


def _luminance(colour: str) -> float:
    """The WCAG relative luminance of a ``#RRGGBB`` colour."""
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def readable_on(fill: str) -> str:
    """Dark or white writing for a ``#RRGGBB`` fill, whichever contrasts more with it.

    >>> readable_on("#E69F00"), readable_on("#332288")
    ('#111111', '#FFFFFF')
    """
    lum = _luminance(fill)
    dark, white = (lum + 0.05) / (_luminance("#111111") + 0.05), 1.05 / (lum + 0.05)
    return "#111111" if dark >= white else "#FFFFFF"


#: the text size of a colour key: the projector's smallest text, so a key reads on every page
KEY_TEXT = PROJECTOR_TEXT
_KEY_ROW = 24  # px a row of key entries takes
_KEY_ENTRY = 44  # px an entry takes besides its text (the swatch and the gaps)


def key_traces(items: Sequence[tuple[str, str]], symbol: str = "square") -> list[dict]:
    """The entries of a colour key as trace dicts: one legend entry per ``(label, colour)``, drawn
    as a ``symbol`` swatch, with no points of its own (``meta="key"``, so checks can find them)."""
    return [dict(type="scatter", x=[None], y=[None], mode="markers", name=label, legendgroup="key",
                 showlegend=True, hoverinfo="skip", meta="key",
                 marker=dict(color=colour, size=14, symbol=symbol, line=dict(color="#555555", width=1)))
            for label, colour in items]


def key_legend(title: str | None = None) -> dict:
    """The legend of a colour key: in rows under the drawing, centred, at :data:`KEY_TEXT` px,
    so it never covers the board; clicking an entry hides nothing."""
    return dict(orientation="h", yanchor="top", y=0, xanchor="center", x=0.5, title_text=title,
                itemclick=False, itemdoubleclick=False, font=dict(size=KEY_TEXT), bgcolor=CLEAR)


def key_height(items: Sequence[tuple[str, str]], width: int = DESIGN_WIDTH) -> int:
    """About how many px a key of ``items`` takes under a figure ``width`` px wide (its entries
    wrapped into rows), for the room a figure leaves under its drawing.

    >>> key_height([("M mushroom", "#E3D3A8")] * 5), key_height([("M mushroom", "#E3D3A8")] * 9)
    (28, 52)
    """
    rows, used = 1, 0.0
    for label, _colour in items:
        entry = _KEY_ENTRY + 0.55 * KEY_TEXT * len(label)
        if used and used + entry > width - 20:
            rows, used = rows + 1, 0.0
        used += entry
    return rows * _KEY_ROW + 4


def key_entries(fig: go.Figure) -> list[tuple[str, str]]:
    """The ``(label, colour)`` entries of the colour key ``fig`` carries (empty: no key)."""
    out = []
    for tr in fig.data:
        if tr.meta == "key":
            out.append((tr.name, tr.marker.color))
    return out


def add_colour_key(fig: go.Figure, items: Sequence[tuple[str, str]], title: str | None = None,
                   symbol: str = "square", room: bool = False) -> go.Figure:
    """Add a colour key to ``fig`` (:func:`key_traces`, :func:`key_legend`): one entry per
    ``(label, colour)`` in rows under the figure; returns ``fig``. With ``room`` the figure grows
    by the key's height (:func:`key_height`), so a drawing keeps its size above it."""
    for trace in key_traces(items, symbol):
        fig.add_trace(go.Scatter(trace))
    fig.update_layout(showlegend=True, legend=key_legend(title))
    if room:
        extra = key_height(items)
        fig.update_layout(height=(fig.layout.height or 450) + extra,
                          margin_b=(fig.layout.margin.b or 0) + extra)
    return fig


def _finish(fig: go.Figure, title: str, x_label: str | None, y_label: str | None, **layout) -> go.Figure:
    fig.update_layout(template=TEMPLATE, title_text=title, **layout)
    fig.update_xaxes(title_text=x_label)
    fig.update_yaxes(title_text=y_label)
    return fig


def _exact_text(v) -> str:
    """Hover text for a value: the exact fraction with its decimal, or the number."""
    if isinstance(v, Fraction) and v.denominator != 1:
        return f"{fmt_number(v)} ≈ {float(v):.4f}"
    return fmt_number(v)


# ---------------------------------------------------------------- game trees


class Canvas:
    """Collects shapes, text labels and invisible hover points for a hand-drawn picture (a game
    table), so that the whole figure is built in one go; game pictures subclass it."""

    text_size = 12
    text_color = "#222222"

    def __init__(self) -> None:
        self.shapes: list[dict] = []
        self.tx: list[float] = []
        self.ty: list[float] = []
        self.text: list[str] = []
        self.tsize: list[int] = []
        self.tcolor: list[str] = []
        self.tpos: list[str] = []
        self.hx: list[float] = []
        self.hy: list[float] = []
        self.hover: list[str] = []

    def rect(self, x0, y0, x1, y1, name, fill="rgba(0,0,0,0)", line="#333333", width=1.0, dash="solid",
             layer="below"):
        self.shapes.append(dict(type="rect", x0=x0, y0=y0, x1=x1, y1=y1, name=name, fillcolor=fill,
                                line=dict(color=line, width=width, dash=dash), layer=layer))

    def circle(self, x, y, r, name, fill, line="#333333", width=1.0, dash="solid"):
        self.shapes.append(dict(type="circle", x0=x - r, y0=y - r, x1=x + r, y1=y + r, name=name, fillcolor=fill,
                                line=dict(color=line, width=width, dash=dash), layer="below"))

    def line(self, x0, y0, x1, y1, name, color="#777777", width=1.0, dash="solid"):
        self.shapes.append(dict(type="line", x0=x0, y0=y0, x1=x1, y1=y1, name=name,
                                line=dict(color=color, width=width, dash=dash), layer="below"))

    def write(self, x, y, text, size=None, color=None, anchor="middle center"):
        """Write ``text`` centred on (x, y), or beside it: ``anchor="middle right"`` starts the text
        at x (left-aligned), ``"middle left"`` ends it there."""
        self.tx.append(x)
        self.ty.append(y)
        self.text.append(text)
        self.tsize.append(self.text_size if size is None else size)
        self.tcolor.append(self.text_color if color is None else color)
        self.tpos.append(anchor)

    def hoverpoint(self, x, y, text):
        self.hx.append(x)
        self.hy.append(y)
        self.hover.append(text)

    def overlay_traces(self, hover_name: str = "hover", marker_size: int = 16) -> list[dict]:
        """The hover points and the labels as two scatter traces (plain dicts)."""
        return [
            dict(type="scatter", x=self.hx, y=self.hy, mode="markers", hovertext=self.hover, hoverinfo="text",
                 marker=dict(size=marker_size, opacity=0), showlegend=False, name=hover_name),
            dict(type="scatter", x=self.tx, y=self.ty, mode="text", text=self.text, hoverinfo="skip",
                 showlegend=False, name="labels", textposition=self.tpos,
                 textfont=dict(size=self.tsize, color=self.tcolor, family=FONT["family"])),
        ]


def tree_layout(G) -> dict[int, tuple[float, float]]:
    """Node positions for a tidy layered drawing: y = -layer, x in [0, 1].

    Leaves take evenly spaced slots in depth-first order and every parent sits centred over its
    children, so a subtree stays together under its parent and no two edges cross.
    """
    root = G.graph.get("root", 0)
    x: dict[int, float] = {}
    slot = 0
    # iterative post-order: leaves get the next slot, parents the middle of their children
    stack = [(root, False)]
    while stack:
        n, done = stack.pop()
        children = list(G.successors(n))
        if not children:
            x[n] = slot
            slot += 1
        elif done:
            x[n] = (x[children[0]] + x[children[-1]]) / 2
        else:
            stack.append((n, True))
            stack.extend((c, False) for c in reversed(children))
    width = max(slot - 1, 1)
    return {n: ((x[n] + 0.5) / (width + 1) if slot > 1 else 0.5, -float(G.nodes[n]["layer"])) for n in x}


def _wrap(text: str, width: int = 12) -> str:
    """Break a label over lines of about ``width`` characters (Plotly uses <br>)."""
    return "<br>".join(word_lines(text, width))


def _node_hover(a: Mapping, names: Sequence[str]) -> str:
    lines = [a["label"]]
    if a["kind"] == "decision":
        lines.append(f"{names[a['player']]} to act")
    elif a["kind"] == "chance":
        lines.append("chance")
    lines.append("scores: " + ", ".join(fmt_number(s) for s in a["scores"]))
    if a.get("truncated"):
        lines.append("(not expanded)")
    return "<br>".join(lines)


#: Where along an edge (0 = parent, 1 = child) its label sits.
LABEL_AT = 0.72
TREE_PX = 800  # about how wide a tree's plot area is, in px (JupyterLab at 1280 px)


def _drop_overlaps(mids, texts, places, shown, layers: int, nodes=()) -> list[bool]:
    """Hide (leave to the hover text) every edge label whose box, at about its size in px, would
    overlap a node or a label already kept; labels are kept in edge order, so a tree reads from the top."""
    height = max(340, 120 * layers + 140) - 100
    x_px = TREE_PX / 1.04
    y_px = height / (layers - 1 + 0.8) if layers > 1 else height
    kept: list[tuple[float, float, float, float]] = [
        (x * x_px - 8, y * y_px - 8, x * x_px + 8, y * y_px + 8) for x, y in nodes]
    out = []
    for (x, y), text, place, ok in zip(mids, texts, places, shown):
        if not ok:
            out.append(False)
            continue
        lines = text.split("<br>")
        w = max(len(line) for line in lines) * MIN_TEXT * 0.56 + 6
        h = len(lines) * MIN_TEXT * 1.25
        cx, cy = x * x_px, y * y_px
        x0 = cx - w if place == "middle left" else cx if place == "middle right" else cx - w / 2
        box = (x0, cy - h / 2, x0 + w, cy + h / 2)
        clash = any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in kept)
        if not clash:
            kept.append(box)
        out.append(not clash)
    return out


def _label_fits(G, pos, u, text: str) -> bool:
    """Whether ``text`` (an edge label out of ``u``) fits between its siblings' labels: neighbours
    alternate heights, so each label has the room up to its second neighbour."""
    kids = sorted(pos[v][0] for v in G.successors(u))
    if len(kids) < 2:
        return True
    gap = min(b - a for a, b in zip(kids, kids[1:]))
    room = (LABEL_AT - 0.22) * gap * TREE_PX * (2 if len(kids) > 2 else 1.6)
    widest = max(len(line) for line in text.split("<br>"))
    return widest * MIN_TEXT * 0.55 <= room


def tree_figure(G, title: str | None = None, player_names: Sequence[str] | None = None) -> go.Figure:
    """Draw a tree from :func:`kitchenlab.trees.build_tree`.

    Layer by layer from the top; edges are lines with the action near the child (chance edges
    dashed, labelled with what happened and its exact probability, such as ``indigestion 1/6``;
    the labels of neighbouring siblings alternate between two heights); nodes coloured by the player
    to act, grey diamonds for chance, black squares for finished games, open circles for nodes
    left unexpanded. Above ``EDGE_LABEL_LIMIT`` edges, and under a node with more than
    ``SIBLING_LABEL_LIMIT`` children, the labels are only in the hover text (every edge has hover).
    Each node marker carries its node id as ``customdata`` (for click-to-inspect).
    """
    names = _player_names(G.graph.get("players", 1), player_names)
    pos = tree_layout(G)
    fig = go.Figure()

    chance_edges = {(u, v) for u, v in G.edges if G.nodes[u]["kind"] == "chance"}
    for dashed in (False, True):
        xs: list = []
        ys: list = []
        for u, v in G.edges:
            if ((u, v) in chance_edges) == dashed:
                xs += [pos[u][0], pos[v][0], None]
                ys += [pos[u][1], pos[v][1], None]
        if xs:
            fig.add_trace(go.Scatter(
                x=xs, y=ys, mode="lines", hoverinfo="skip", showlegend=True,
                name="chance result (dashed)" if dashed else "move",
                line=dict(color=EDGE_COLOR, width=1.2, dash="dash" if dashed else "solid")))

    if G.number_of_edges():
        mids, texts, hovers, shown, places = [], [], [], [], []
        few = G.number_of_edges() <= EDGE_LABEL_LIMIT
        order = {v: k for u in G.nodes for k, v in enumerate(G.successors(u))}
        for u, v, a in G.edges(data=True):
            # near the child, where siblings' edges have spread apart; neighbours alternate
            # between two heights, so two labels side by side never share a line
            at = LABEL_AT if order[v] % 2 == 0 or G.out_degree(u) == 2 else LABEL_AT - 0.22
            mids.append((pos[u][0] + at * (pos[v][0] - pos[u][0]),
                         pos[u][1] + at * (pos[v][1] - pos[u][1])))
            if "probability" in a:
                texts.append(_wrap(f"{a['label']} {fmt_number(a['probability'])}", 14))
                hovers.append(f"{a['action']}: probability {_exact_text(a['probability'])}")
            else:
                texts.append(_wrap(a["label"]))
                hovers.append(a["action"])
            pair = G.out_degree(u) == 2
            # a pair of siblings: each label runs outwards from its own edge, so the two never meet
            places.append(("middle left" if pos[v][0] < pos[u][0] else "middle right") if pair else "middle center")
            shown.append(pair or (G.out_degree(u) <= SIBLING_LABEL_LIMIT and _label_fits(G, pos, u, texts[-1])))
        layers = 1 + max((a for _, a in G.nodes(data="layer")), default=0)
        shown = _drop_overlaps(mids, texts, places, shown, layers, pos.values())
        if few:
            fig.add_trace(go.Scatter(
                x=[m[0] for m in mids], y=[m[1] for m in mids], name="edge labels", showlegend=False,
                mode="text", text=[t if ok else "" for t, ok in zip(texts, shown)], textposition=places,
                textfont=dict(size=MIN_TEXT, color=TEXT_COLOR), hovertext=hovers, hoverinfo="text"))
        else:
            fig.add_trace(go.Scatter(
                x=[m[0] for m in mids], y=[m[1] for m in mids], name="edge labels", showlegend=False,
                mode="markers", hovertext=hovers, hoverinfo="text", marker=dict(size=10, opacity=0)))

    groups: dict[tuple, list[int]] = {}
    for n, a in G.nodes(data=True):
        key = ("decision", a["player"]) if a["kind"] == "decision" else (a["kind"], None)
        groups.setdefault(key, []).append(n)
    order = sorted(groups, key=lambda k: ({"decision": 0, "chance": 1, "terminal": 2}[k[0]], k[1] or 0))
    for kind, player in order:
        nodes = groups[(kind, player)]
        if kind == "decision":
            color, name = player_color(player), names[player]
            symbols = ["circle-open" if G.nodes[n]["truncated"] else "circle" for n in nodes]
        elif kind == "chance":
            color, name, symbols = CHANCE_COLOR, "chance", ["diamond"] * len(nodes)
        else:
            color, name, symbols = TERMINAL_COLOR, "game over", ["square"] * len(nodes)
        fig.add_trace(go.Scatter(
            x=[pos[n][0] for n in nodes], y=[pos[n][1] for n in nodes], mode="markers", name=name,
            marker=dict(color=color, size=14, symbol=symbols, line=dict(width=2, color=color)),
            customdata=nodes, hovertext=[_node_hover(G.nodes[n], names) for n in nodes],
            hoverinfo="text"))

    layers = 1 + max((a for _, a in G.nodes(data="layer")), default=0)
    if title is None:
        title = f"Game tree: {G.number_of_nodes()} nodes"
    _finish(fig, title, None, None, height=max(340, 120 * layers + 140), hovermode="closest",
            legend=dict(orientation="h", yanchor="top", y=-0.02, xanchor="left", x=0.0),
            margin=dict(l=10, r=10, t=60, b=40))
    fig.update_xaxes(visible=False, range=[-0.02, 1.02])
    fig.update_yaxes(visible=False, range=[-(layers - 1) - 0.4, 0.4])
    return fig


# ---------------------------------------------------------------- thresholds and probabilities


def threshold_value(thresholds: Sequence[tuple], x):
    """The result of ``x`` in a table of ``(minimum, result)`` rows sorted by minimum.

    >>> stars = [(0, 0), (6, 1), (12, 2), (21, 4)]
    >>> [threshold_value(stars, q) for q in (5, 6, 20, 21, 40)]
    [0, 1, 2, 4, 4]
    """
    result = None
    for low, res in thresholds:
        if x >= low:
            result = res
    if result is None:
        raise KitchenlabError(f"{x!r} is below the lowest threshold {thresholds[0][0]!r}")
    return result


def threshold_step_chart(thresholds: Sequence[tuple], x_label: str, y_label: str, title: str,
                         marker=None, x_max=None) -> go.Figure:
    """A step chart of a ``(minimum, result)`` table, e.g. quality -> stars, with an optional
    highlighted current value ``marker``.

    The step trace has one point per table row (``x`` = the minimum, ``y`` = the result) plus one
    more that carries the last step on to ``x_max``.
    """
    rows = [(low, res) for low, res in thresholds]
    if not rows:
        raise KitchenlabError("threshold table is empty")
    if any(b[0] <= a[0] for a, b in zip(rows, rows[1:])):
        raise KitchenlabError(f"threshold minimums must increase: {[r[0] for r in rows]}")
    lows = [r[0] for r in rows]
    if x_max is None:
        span = lows[-1] - lows[0]
        x_max = lows[-1] + max(span // 4 if isinstance(span, int) else span / 4, 1)
        if marker is not None:
            x_max = max(x_max, marker + 1)
    integer = all(isinstance(v, int) for v in lows)
    hover = []
    for i, (low, res) in enumerate(rows):
        if i + 1 < len(rows):
            rng = f"{low}–{rows[i + 1][0] - 1}" if integer else f"{low} to <{rows[i + 1][0]}"
        else:
            rng = f"{low} or more"
        hover.append(f"{x_label} {rng} → {y_label} {fmt_number(res)}")
    fig = go.Figure(go.Scatter(
        x=lows + [x_max], y=[r[1] for r in rows] + [rows[-1][1]], mode="lines+markers",
        line=dict(shape="hv", color=PLAYER_COLORS[0], width=3), name=y_label,
        marker=dict(size=[9] * len(rows) + [0], color=PLAYER_COLORS[0]),
        hovertext=hover + [hover[-1]], hoverinfo="text", showlegend=False))
    if marker is not None:
        value = threshold_value(rows, marker)
        fig.add_trace(go.Scatter(
            x=[marker], y=[value], mode="markers", name="current", showlegend=False,
            marker=dict(size=16, color=PLAYER_COLORS[1], symbol="star", line=dict(width=1, color="#222")),
            hovertext=[f"{x_label} {fmt_number(marker)} → {y_label} {fmt_number(value)}"], hoverinfo="text"))
        fig.add_annotation(x=marker, y=value, text=f"{fmt_number(marker)} → {fmt_number(value)}",
                           showarrow=True, arrowhead=2, ax=0, ay=-40, font=dict(color=PLAYER_COLORS[1]))
    _finish(fig, title, x_label, y_label)
    fig.update_yaxes(tickvals=sorted({r[1] for r in rows}))
    fig.update_xaxes(tickvals=lows)
    return fig


def probability_curves(curves: Mapping[str, Sequence[tuple]], x_label: str, y_label: str, title: str,
                       points: Mapping[str, Sequence[tuple]] | None = None) -> go.Figure:
    """Exact curves (lines with markers) and, optionally, simulated estimates over them.

    ``curves`` maps a name to ``(x, probability)`` pairs; a ``Fraction`` shows exactly in the
    hover text. ``points`` maps a name to ``(x, estimate)`` pairs, drawn as open markers in the
    colour of the curve with the same name.
    """
    fig = go.Figure()
    colors: dict[str, str] = {}
    for name in list(curves) + [n for n in (points or {}) if n not in curves]:
        colors[name] = PLAYER_COLORS[len(colors) % len(PLAYER_COLORS)]
    for name, pairs in curves.items():
        xs, ys = [x for x, _ in pairs], [y for _, y in pairs]
        fig.add_trace(go.Scatter(
            x=xs, y=[float(y) for y in ys], mode="lines+markers", name=str(name), legendgroup=str(name),
            line=dict(color=colors[name], width=2.5), marker=dict(size=7, color=colors[name]),
            customdata=[_exact_text(y) for y in ys],
            hovertemplate=f"{name}<br>{x_label} %{{x}}<br>{y_label} %{{customdata}}<extra></extra>"))
    for name, pairs in (points or {}).items():
        fig.add_trace(go.Scatter(
            x=[x for x, _ in pairs], y=[float(y) for _, y in pairs], mode="markers",
            name=f"{name} (simulated)", legendgroup=str(name),
            marker=dict(size=10, color=colors[name], symbol="circle-open", line=dict(width=2)),
            hovertemplate=f"{name} (simulated)<br>{x_label} %{{x}}<br>{y_label} %{{y:.4f}}<extra></extra>"))
    return _finish(fig, title, x_label, y_label, hovermode="closest")


# ---------------------------------------------------------------- simulation results


def _binomial_err(rate: float, games: int) -> float:
    """Half-width of a 95% interval for a rate measured over ``games`` games (normal approximation)."""
    return 1.96 * math.sqrt(rate * (1 - rate) / games)


def _summary_rows(variant, summary: Mapping) -> list[tuple]:
    games = summary.get("games")
    return [(variant, seat, float(rate), _binomial_err(rate, games) if games else None)
            for seat, rate in enumerate(summary["win_rate"])]


def _win_rows(data) -> list[tuple[Any, int, float, float | None]]:
    """Normalise win-rate input to rows ``(variant, seat, rate, error half-width or None)``."""
    if hasattr(data, "columns"):  # a pandas DataFrame
        cols = list(data.columns)
        wide = [c for c in cols if c.startswith("win_") and c[4:].isdigit()]
        groups = list(data.groupby("variant", sort=False)) if "variant" in cols else [(None, data)]
        if wide:  # one row per game, a win_<seat> share per seat (kitchenlab.sim.simulate)
            rows = []
            for variant, part in groups:
                for c in sorted(wide, key=lambda c: int(c[4:])):
                    col, n = part[c].astype(float), len(part)
                    err = 1.96 * float(col.std(ddof=1)) / math.sqrt(n) if n > 1 else None
                    rows.append((variant, int(c[4:]), float(col.mean()), err))
            return rows
        if "seat" not in cols or not ("win_rate" in cols or {"wins", "games"} <= set(cols)):
            raise KitchenlabError("win-rate table needs win_<seat> columns, or seat and win_rate "
                             f"(or seat, wins and games); got {cols}")
        rows = []
        for rec in data.to_dict("records"):
            if "win_rate" in cols:
                rate = float(rec["win_rate"])
                err = _binomial_err(rate, int(rec["games"])) if "games" in cols else None
            else:
                rate = rec["wins"] / rec["games"]
                err = _binomial_err(rate, int(rec["games"]))
            rows.append((rec.get("variant"), int(rec["seat"]), rate, err))
        return rows
    if isinstance(data, Mapping) and "win_rate" in data:  # kitchenlab.sim.summarize
        return _summary_rows(None, data)
    if isinstance(data, Mapping) and data and all(isinstance(v, (Mapping, list, tuple)) for v in data.values()):
        rows = []
        for variant, rates in data.items():
            if isinstance(rates, Mapping) and "win_rate" in rates:
                rows += _summary_rows(variant, rates)
            else:
                pairs = rates.items() if isinstance(rates, Mapping) else enumerate(rates)
                rows += [(variant, int(seat), float(rate), None) for seat, rate in pairs]
        return rows
    if isinstance(data, Mapping):
        return [(None, int(seat), float(rate), None) for seat, rate in data.items()]
    return [(None, seat, float(rate), None) for seat, rate in enumerate(data)]


def win_rate_chart(data, title: str = "Win rate per seat", player_names: Sequence[str] | None = None,
                   x_label: str | None = None, y_label: str = "win rate") -> go.Figure:
    """Bars of win rate per seat, each seat in its player colour.

    ``data`` is one of:

    * the games table of ``kitchenlab.sim.simulate`` / ``compare_variants`` (``win_<seat>``
      columns, optional ``variant`` column), or a summary dict from ``sim.summarize``;
    * a list ``[rate_seat0, rate_seat1, ...]`` or a mapping ``{seat: rate}``;
    * a mapping ``{variant: rates}`` (a list, ``{seat: rate}`` or a summary dict) for a
      side-by-side comparison of variants;
    * a long DataFrame with columns ``seat`` and ``win_rate`` (or ``wins`` and ``games``) and
      optionally ``variant``.

    When the number of games is known, bars get 95% error bars. A dotted line marks the fair
    share ``1 / seats``.
    """
    rows = _win_rows(data)
    seats = sorted({r[1] for r in rows})
    names = _player_names(max(seats) + 1, player_names)
    variants = list(dict.fromkeys(r[0] for r in rows))
    grouped = variants != [None]
    fig = go.Figure()

    def errors(sel):
        if any(r[3] is None for r in sel):
            return None
        return dict(type="data", array=[r[3] for r in sel], color="#444444", thickness=1.2)

    if grouped:
        for seat in seats:
            sel = [r for v in variants for r in rows if r[0] == v and r[1] == seat]
            fig.add_trace(go.Bar(
                x=[str(r[0]) for r in sel], y=[r[2] for r in sel], name=names[seat],
                marker_color=player_color(seat), error_y=errors(sel),
                text=[f"{r[2]:.0%}" for r in sel], textposition="inside", insidetextanchor="start",
                hovertemplate=f"{names[seat]}<br>%{{x}}<br>win rate %{{y:.1%}}<extra></extra>"))
    else:
        sel = sorted(rows, key=lambda r: r[1])
        fig.add_trace(go.Bar(
            x=[names[r[1]] for r in sel], y=[r[2] for r in sel], name=y_label, showlegend=False,
            marker_color=[player_color(r[1]) for r in sel], error_y=errors(sel),
            text=[f"{r[2]:.0%}" for r in sel], textposition="inside", insidetextanchor="start",
            hovertemplate="%{x}<br>win rate %{y:.1%}<extra></extra>"))
    fig.add_hline(y=1 / len(seats), line=dict(dash="dot", color="#666666", width=1.5),
                  annotation_text=f"fair share 1/{len(seats)}", annotation_position="top left")
    top = max(r[2] + (r[3] or 0) for r in rows)
    _finish(fig, title, x_label if x_label is not None else ("variant" if grouped else "seat"), y_label,
            barmode="group")
    fig.update_yaxes(tickformat=".0%", range=[0, min(1.0, top * 1.2 + 0.05)])
    return fig


def distribution_chart(values_by_label: Mapping[str, Iterable[float]], x_label: str, title: str,
                       kind: str = "histogram", y_label: str | None = None) -> go.Figure:
    """Distributions side by side, e.g. game length per variant: ``kind="histogram"`` (bars of
    the share of games, grouped per value so no bar hides another; samples of different sizes
    compare) or ``kind="box"``."""
    if kind not in ("histogram", "box"):
        raise KitchenlabError(f"kind must be 'histogram' or 'box', got {kind!r}")
    fig = go.Figure()
    for i, (label, values) in enumerate(values_by_label.items()):
        values = list(values)
        color = PLAYER_COLORS[i % len(PLAYER_COLORS)]
        if kind == "histogram":
            ints = all(float(v).is_integer() for v in values)
            fig.add_trace(go.Histogram(
                x=values, name=str(label), histnorm="probability", marker_color=color,
                marker_line=dict(width=0.5, color="#333333"),
                xbins=dict(start=min(values) - 0.5, size=1) if ints and values else None))
        else:
            fig.add_trace(go.Box(x=values, name=str(label), marker_color=color, boxmean=True))
    if kind == "histogram":
        fig = _finish(fig, title, x_label, y_label or "share of games", barmode="group", bargap=0.15)
        fig.update_yaxes(tickformat=".0%")
        return fig
    return _finish(fig, title, x_label, y_label, showlegend=False)


def bar_compare(mapping: Mapping[str, Any], x_label: str, y_label: str, title: str,
                colors: Sequence[str] | None = None) -> go.Figure:
    """One bar per label (values may be Fractions: exact in the hover text)."""
    labels = [str(k) for k in mapping]
    values = list(mapping.values())
    colors = list(colors) if colors else [PLAYER_COLORS[i % len(PLAYER_COLORS)] for i in range(len(labels))]
    fig = go.Figure(go.Bar(
        x=labels, y=[float(v) for v in values], marker_color=colors, customdata=[_exact_text(v) for v in values],
        text=[fmt_number(v) for v in values], textposition="outside", showlegend=False,
        hovertemplate=f"%{{x}}<br>{y_label} %{{customdata}}<extra></extra>"))
    return _finish(fig, title, x_label, y_label)
