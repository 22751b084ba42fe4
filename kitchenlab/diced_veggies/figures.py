"""Plotly pictures of Diced Veggies: the block, its cuts, the table, the solo rating.

* :func:`block_figure` — the frame and its block; a highlighted cut is outlined in black with the
  blade drawn in red along its seam, and every die some legal cut can take may be marked.
* :func:`cuts_gallery` — every legal cut of one block, one small block each, numbered.
* :func:`table_figure` — a whole position: the block, each player's dice, recipes, hypes (only
  those the viewer may see), cooked recipes and score, the display. :func:`frame_figure` is the
  game's playback renderer (``GameInfo.renderer``).
* :func:`solo_rating_figure` — the game help's solo table as bands, with its 71–80 gap left open.

Every die is one rectangle shape named ``"die r,c"`` (``"taken r,c"`` when highlighted), so tests
can count them, and shows its letter and number (``C4``: a carrot showing 4), as the buttons and the
log write it; every picture with dice carries a colour key. The die colours (:data:`DIE_COLOURS`)
keep the dice's colour families (beige, green, orange, red, purple) in shades that stay apart under
deuteranopia and protanopia. Text is never under 12 px; the drawings keep their proportions at any
width (:func:`kitchenlab.charts.board_layout`).
"""

from __future__ import annotations

import plotly.graph_objects as go

from ..charts import TEMPLATE, Canvas, add_colour_key, board_layout, fit_label, player_color, player_text_color, readable_on
from ..play import TABLE
from .cleaver import Block, Cut, cell_name, legal_cuts, parse_block
from .components import load_components
from .scoring import die_label, player_total, solo_bands

FRAME_COLOR = "#6B4F2A"
BOARD = "#FAF7F0"
EMPTY_LINE = "#C9BFA8"
BLADE = "#C62828"
#: the colour each die is drawn in, by its letter (Okabe & Ito's bluish green and orange, a beige,
#: a dark red and a purple: every pair stays apart for colour-blind eyes, see tests/test_colour_blind.py)
DIE_COLOURS = {"M": "#E3D3A8", "P": "#009E73", "C": "#E69F00", "T": "#B52A00", "O": "#7E4FA8"}
MIN_DIE_PX = 22  # a die narrower than this, in px at the design width, has no room for its label


def die_colour(letter: str) -> str:
    """The fill of a die of colour ``letter`` (``"M"``, ``"P"``, ``"C"``, ``"T"``, ``"O"``)."""
    return DIE_COLOURS[letter]


def dice_key() -> list[tuple[str, str]]:
    """The colour key of the dice: ``("M mushroom", colour)`` per colour, in the game's order."""
    return [(f"{col.shown_letter()} {col.shown_name()}", die_colour(col.letter)) for col in load_components().colours]


class _Canvas(Canvas):
    text_size = 13

    def die(self, x: float, y: float, die: str, name: str, size: float = 0.9, faded: bool = False,
            outline: str | None = None, text_size: int = 16) -> None:
        """A die with its top-left corner at (x, y) (y grows upwards, so the die spans y - size .. y),
        labelled with its letter and number (``C4``)."""
        colour = die_colour(die[0])
        fill = colour if not faded else _fade(colour)
        self.shapes.append(dict(type="rect", x0=x, y0=y - size, x1=x + size, y1=y, name=name, layer="below",
                                fillcolor=fill, line=dict(color=outline or "#555555", width=3 if outline else 1)))
        self.write(x + size / 2, y - size / 2, die_label(die), size=text_size,
                   color=readable_on(colour) if not faded else "#555555")
        name_of = load_components().colour(die[0]).shown_name()
        self.hoverpoint(x + size / 2, y - size / 2, f"{name_of} {die[1]} ({die_label(die)})")


def _fade(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (int(v + (255 - v) * 0.72) for v in (r, g, b))
    return f"#{r:02X}{g:02X}{b:02X}"


def _draw_block(c: _Canvas, block: Block, x0: float, y0: float, unit: float, taken=frozenset(),
                cuttable=frozenset(), seam=(), labels: bool = True, text_size: int = 16, fade_rest: bool = False):
    """Draw ``block`` with its top-left corner at (x0, y0); each cell is ``unit`` wide."""
    R, C = block.rows, block.cols
    c.rect(x0 - 0.12 * unit, y0 - R * unit - 0.12 * unit, x0 + C * unit + 0.12 * unit, y0 + 0.12 * unit, "frame",
           fill="rgba(0,0,0,0)", line=FRAME_COLOR, width=3)
    pad = 0.05 * unit
    for r in range(R):
        for col in range(C):
            d = block.die(r, col)
            x, y = x0 + col * unit + pad, y0 - r * unit - pad
            if d is None:
                c.rect(x, y - 0.9 * unit, x + 0.9 * unit, y, "empty", line=EMPTY_LINE, dash="dot")
                continue
            if (r, col) in taken:
                c.die(x, y, d, f"taken {r},{col}", size=0.9 * unit, outline="#111111", text_size=text_size)
            else:
                outline = "#222222" if (r, col) in cuttable else None
                c.die(x, y, d, f"die {r},{col}", size=0.9 * unit, faded=fade_rest and bool(taken),
                      outline=outline, text_size=text_size)
    if labels:
        for col in range(C):
            c.write(x0 + (col + 0.5) * unit, y0 + 0.38 * unit, chr(97 + col), size=13, color="#555555")
        for r in range(R):
            c.write(x0 - 0.42 * unit, y0 - (r + 0.5) * unit, str(r + 1), size=13, color="#555555")
    if seam:
        kind, s, _side, lo, hi = seam
        if kind == "col":
            x = x0 + (s + 1) * unit
            c.line(x, y0 - lo * unit + 0.05 * unit, x, y0 - (hi + 1) * unit - 0.05 * unit, "blade", color=BLADE, width=5)
        else:
            y = y0 - (s + 1) * unit
            c.line(x0 + lo * unit - 0.05 * unit, y, x0 + (hi + 1) * unit + 0.05 * unit, y, "blade", color=BLADE, width=5)


def _figure(c: _Canvas, title: str, x_range, y_range, width: int, top: int = 56) -> go.Figure:
    """The drawing with its dice key under it; ``width`` is the width it is designed for."""
    fig = go.Figure(data=c.overlay_traces("dice", 18))
    fig.update_layout(board_layout(x_range, y_range, margin=10, top=top, bottom=44, bgcolor=BOARD,
                                   design_width=width), shapes=c.shapes, title_text=title, title_font_size=16)
    return add_colour_key(fig, dice_key())


def block_figure(block, cut: Cut | None = None, title: str | None = None, mark_cuttable: bool = False,
                 middle_entry: bool = False, width: int = 520) -> go.Figure:
    """The block in its frame; ``cut`` is outlined with its blade; ``mark_cuttable`` outlines every die
    that some legal cut can take. ``width`` (px) is how wide the drawing is meant to be: it sets the
    height, and the drawing keeps its proportions in any output."""
    b = parse_block(block)
    c = _Canvas()
    cuttable = frozenset()
    if mark_cuttable:
        cuttable = frozenset(cell for k in legal_cuts(b, middle_entry) for cell in k.cells)
    _draw_block(c, b, 0.0, 0.0, 1.0, taken=cut.cells if cut else frozenset(), cuttable=cuttable,
                seam=cut.seam if cut else ())
    if title is None:
        title = f"The block: {b.count} dice, total {b.total}"
        if cut is not None:
            title = f"Cut {' '.join(cell_name(*x) for x in sorted(cut.cells))}: total {cut.total}"
    return _figure(c, title, (-0.8, b.cols + 0.3), (-b.rows - 0.3, 0.75), width)


def cuts_gallery(block, middle_entry: bool = False, columns: int = 4, title: str | None = None,
                 width: int = 830) -> go.Figure:
    """Every legal cut of ``block`` drawn on its own small copy (the taken dice bright, the blade red),
    numbered in the order of :func:`~.cleaver.legal_cuts`; at most ``columns`` copies a row (fewer
    when the dice would get too small for their labels at ``width`` px)."""
    b = parse_block(block)
    cuts = legal_cuts(b, middle_entry)
    c = _Canvas()
    gap_x, gap_y = 1.1, 1.6
    units = (width - 20) * 0.9 / MIN_DIE_PX  # x units across when a die is MIN_DIE_PX wide
    columns = max(1, min(columns, int((units + gap_x - 0.6) // (b.cols + gap_x))))
    for k, cut in enumerate(cuts):
        x0 = (k % columns) * (b.cols + gap_x)
        y0 = -(k // columns) * (b.rows + gap_y)
        c.write(x0 + b.cols / 2, y0 + 0.55, f"{k + 1}: total {cut.total}", size=13)
        _draw_block(c, b, x0, y0, 1.0, taken=cut.cells, seam=cut.seam, labels=False, text_size=12, fade_rest=True)
    rows = max(1, -(-len(cuts) // columns))
    entry = "blade enters anywhere along a seam" if middle_entry else "blade enters from the block's edge"
    if title is None:
        title = f"{len(cuts)} legal cuts ({entry})"
    return _figure(c, title, (-0.3, columns * (b.cols + gap_x) - gap_x + 0.3),
                   (-(rows - 1) * (b.rows + gap_y) - b.rows - 0.3, 1.0), width)


# ---------------------------------------------------------------- the whole table

LINE = 105  # characters of a panel line at 12 px across the table


def table_figure(state, viewer=TABLE, title: str | None = None, width: int = 830) -> go.Figure:
    """A position: the block (the last cut's cells outlined) with the frame, the display and the decks
    beside it, and one panel per player under it. ``viewer`` is ``TABLE`` (every hype shown),
    ``None`` (the public: no hype shown) or a seat (that seat's hypes). A panel line too long for
    the table ends in "…" and is whole in its hover text."""
    comps = load_components()
    c = _Canvas()
    b = Block(state.R, state.C, state.block)
    _draw_block(c, b, 0.0, 0.0, 1.0)
    for r, col in getattr(state, "last_cut", ()):
        c.rect(col + 0.05, -r - 0.95, col + 0.95, -r - 0.05, "just cut", line="#111111", dash="dash", width=2)
    info_x = b.cols + 0.9
    c.write(info_x, -0.3, f"block: {b.count} dice, total {b.total}", size=14, anchor="middle right")
    frame = ", ".join(f"{comps.colour(k).name} {v}" for k, v in state.frame.items() if v)
    c.write(info_x, -0.9, f"frame: {frame or 'empty'}", size=12, color="#555555", anchor="middle right")
    c.write(info_x, -1.6, "display:", size=13, anchor="middle right")
    for i, rid in enumerate(state.display):
        r = comps.recipe(rid)
        _line(c, info_x + 0.3, -2.15 - 0.5 * i, f"{r.name} [{' '.join(r.ingredients)}] {r.points} pts ⚠", 60)
    c.write(info_x, -2.3 - 0.5 * max(3, len(state.display)),
            f"recipe deck {len(state.recipe_deck)} · hype deck {len(state.hype_deck)}",
            size=12, color="#555555", anchor="middle right")
    row_h, top = 2.75, -b.rows - 0.75
    right = 20.2
    for p in range(state.players):
        yp = top - p * row_h
        name = f"Player {p + 1}" + (" (you)" if viewer == p else "")
        if state.current_player == p:
            c.rect(-0.75, yp - row_h + 0.2, right - 0.05, yp + 0.35, "to act", fill="rgba(255,230,150,0.35)",
                   line=player_color(p), width=2)
            name = "▶ " + name
        score = player_total(state.cooked[p])
        chef = "chef token ready" if state.chef[p] else "chef token spent"
        c.write(-0.5, yp, name, size=15, color=player_text_color(p), anchor="middle right")
        c.write(4.2, yp, f"score {score} · cooked {len(state.cooked[p])} · {chef}", size=13, anchor="middle right")
        for i, d in enumerate(state.dice[p]):
            c.die(-0.5 + i * 0.95, yp - 0.3, d, f"dice {p}", size=0.85, text_size=14)
        if not state.dice[p]:
            c.write(-0.5, yp - 0.72, "(no dice)", size=12, color="#777777", anchor="middle right")
        recipes = "; ".join(f"{comps.recipe(r).name} [{' '.join(comps.recipe(r).ingredients)}] "
                            f"{comps.recipe(r).points}" for r in state.recipes[p])
        _line(c, -0.5, yp - 1.45, f"recipes: {recipes or '—'}")
        if viewer == TABLE or viewer == p:
            hypes = "; ".join(f"{comps.hype(h).name} ({comps.hype(h).rule}: {comps.hype(h).points})"
                              for h in state.hypes[p])
            hypes = f"hypes: {hypes or '—'}"
        else:
            hypes = f"hypes: {len(state.hypes[p])} hidden"
        _line(c, -0.5, yp - 1.9, hypes)
        cooked = ", ".join(comps.recipe(r).name + (f" + {comps.hype(h).name}" if h else "")
                           for r, h, _ in state.cooked[p])
        _line(c, -0.5, yp - 2.35, f"cooked: {cooked or '—'}", color="#444444")
    if title is None:
        who = {TABLE: "the whole table", None: "what a spectator sees"}.get(viewer, f"what Player {viewer + 1} sees"
                                                                          if isinstance(viewer, int) else "")
        title = f"Diced Veggies, {state.players} player(s), round {state.round}: {who}"
    title = fit_label(title, 90)
    low = top - state.players * row_h + 0.05
    return _figure(c, title, (-0.8, right), (low, 0.75), width, top=56 + 20 * title.count("<br>"))


def _line(c: _Canvas, x: float, y: float, text: str, width: int = LINE, color: str | None = None) -> None:
    """One left-aligned panel line at 12 px, cut to ``width`` characters (the hover holds all of it)."""
    shown = text if len(text) <= width else text[: width - 1] + "…"
    c.write(x, y, shown, size=12, color=color, anchor="middle right")
    if shown != text:
        c.hoverpoint(x + 0.5, y, text)


def frame_figure(frame, viewer=TABLE) -> go.Figure:
    """One playback frame drawn as :func:`table_figure` (``viewer``: ``TABLE``, ``None`` or a seat)."""
    who = "whole table" if viewer == TABLE else "public view" if viewer is None else f"Player {viewer + 1}'s view"
    return table_figure(frame.state, viewer, title=f"Event {frame.number + 1} ({who}): {frame.text}")


# ---------------------------------------------------------------- the solo rating


def solo_rating_figure(score: int | None = None) -> go.Figure:
    """The solo table as coloured bands over the score, the game help's missing 71–80 band left grey."""
    fig = go.Figure()
    colours = ["#E8D5B5", "#D9C08F", "#C9A86A", "#B08C4C", "#8F6E36", "#BDBDBD", "#6B4F2A"]
    for i, band in enumerate(solo_bands()):
        hi = band["high"] if band["high"] is not None else 95
        label = band["label"] or "no label in the game help"
        mark = " ⚠" if band.get("assumed") else ""         # an assumed band (the 71–80 gap) is flagged
        fig.add_trace(go.Bar(
            x=[hi - band["low"] + 1], y=["solo rating"], base=[band["low"]], orientation="h",
            name=(f"{band['low']}–{band['high']}" if band["high"] is not None else f"{band['low']}+") + f"{mark}: {label}",
            marker=dict(color=colours[i % len(colours)], pattern=dict(shape="/" if band["label"] is None else "")),
            hovertext=f"{band['low']}–{band['high'] or '…'}{mark}: {label}" + (f" ({band['spanish']})" if band["spanish"] else "")
            + (" (band assumed: the game help has no line for it)" if mark else ""),
            hoverinfo="text", text=[f"{band['low']}–{band['high']}" if band["high"] is not None else f"{band['low']}+"],
            textposition="inside", insidetextanchor="middle", textangle=0, textfont=dict(size=13)))
    if score is not None:
        fig.add_vline(x=score, line=dict(color=BLADE, width=3))
        fig.add_annotation(x=score, y=1.0, yref="paper", yanchor="bottom", text=f"score {score}", showarrow=False,
                           font=dict(size=14, color=BLADE))
    fig.update_layout(template=TEMPLATE, barmode="stack", height=360,
                      title_text="Solo rating (source 004, the Spanish game help): no label for 71–80",
                      legend=dict(orientation="h", yanchor="top", y=-0.3, x=0, font=dict(size=13), traceorder="normal"),
                      margin=dict(l=110, r=20, t=60, b=130))
    fig.update_xaxes(title_text="solo score", range=[0, 95], dtick=10)
    return fig


def cut_count_figure(counts: dict, title: str = "How many cuts a block offers") -> go.Figure:
    """Side-by-side bars: for each label (e.g. "edge entry"), the share of blocks offering n cuts."""
    from ..charts import PLAYER_COLORS

    fig = go.Figure()
    for i, (label, values) in enumerate(counts.items()):
        values = list(values)
        shares: dict[int, float] = {}
        for v in values:
            shares[v] = shares.get(v, 0) + 1 / len(values)
        xs = sorted(shares)
        fig.add_trace(go.Bar(x=xs, y=[shares[x] for x in xs], name=f"{label} (mean {sum(values) / len(values):.1f})",
                             marker_color=PLAYER_COLORS[i % len(PLAYER_COLORS)]))
    fig.update_layout(template=TEMPLATE, barmode="group", title_text=title, height=420,
                      legend=dict(orientation="h", yanchor="bottom", y=1.0, x=0.3))
    fig.update_xaxes(title_text="legal cuts in the block")
    fig.update_yaxes(title_text="share of blocks", tickformat=".0%")
    return fig


def cut_tree_figure(G, title: str | None = None) -> go.Figure:
    """A cut tree (:func:`~.howto.cut_tree`) drawn with the shared tree figure; under each child its
    cut's number and, in green, how many recipes the cutter could then cook (hover for the cut)."""
    from ..charts import tree_figure, tree_layout

    for _u, _v, a in G.edges(data=True):
        a["label"] = ""
    fig = tree_figure(G, title=title or f"One turn's cut choices: {G.number_of_edges()} legal cuts")
    pos = tree_layout(G)
    kids = list(G.successors(0))
    fig.add_trace(go.Scatter(
        x=[pos[n][0] for n in kids], y=[pos[n][1] - 0.2 for n in kids], mode="text", showlegend=False,
        name="cut number", text=[str(i + 1) for i in range(len(kids))], hoverinfo="skip",
        textfont=dict(size=13, color="#222222")))
    fig.add_trace(go.Scatter(
        x=[pos[n][0] for n in kids], y=[pos[n][1] - 0.4 for n in kids], mode="text", showlegend=False,
        name="recipes cookable", text=[G.nodes[n]["label"].split()[1] for n in kids], hoverinfo="skip",
        textfont=dict(size=14, color="#1B5E20")))
    fig.add_annotation(x=0, y=-1.62, xref="x", xanchor="left", showarrow=False, font=dict(size=13),
                       text="under each node: the cut's number (as in the gallery), and in green the recipes "
                            "the cutter could then cook")
    fig.update_yaxes(range=[-1.75, 0.4])
    fig.update_layout(height=400)
    return fig
