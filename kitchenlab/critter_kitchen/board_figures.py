"""The drawing parts every Critter Kitchen picture shares: token chips (labels, colours, names),
the canvas, the Waterfront board, the priority track and the location columns (Plotly only).

Every token carries its code (``Fis7``, ``S``, ``R2``...) besides its colour, and every picture the
canvas draws carries the token key under it (:func:`token_key`). The token colours keep their
families (golden bread, orange carrot, yellow cheese, blue fish, red meat, brown mushroom, purple
wine, pale green soup, salmon bisque, greys for rumors, allspice and the Hold) in shades that stay
apart under deuteranopia and protanopia (``tests/test_colour_blind.py``).

:mod:`.figures` draws a position with them, :mod:`.setup_figures` the table before round 1.
"""
from __future__ import annotations

from collections import Counter
from typing import Sequence

import plotly.graph_objects as go

from ..charts import (MIN_TEXT, Canvas, board_layout, key_height, key_legend, key_traces, player_color,
                      player_text_color, readable_on)
from ..errors import KitchenlabError
from ..i18n import N_, _
from .components import load_components
from .tokens import (
    ALLSPICE, BISQUE, BISQUE_VALUE, ING, RUM, SOUP, SOUP_VALUE, SPI, WILD, is_rumor, is_spice, is_zous, token,
)

#: the ``viewer`` of :func:`round_figure` that sees what a spectator sees
PUBLIC = "public"

X_MAX = 24.0
CHALLENGE_X, CHALLENGE_W, CHALLENGE_GAP = 5.6, 1.62, 0.06
WIDTH, MARGIN, TOP = 830, 8, 46  # 830 px: fits JupyterLab at 1280 px with the file browser open
ASSUMED_MARK = "⚠"

#: the chip colour of each ingredient type (its spices share it, with a dotted edge)
TYPE_COLORS = {
    "bread": "#EEBD77", "carrot": "#E4841D", "cheese": "#FDD923", "fish": "#5DA4E9",
    "meat": "#D44425", "mushroom": "#967556", "wine": "#7B438B",
}
SOUP_COLOR, BISQUE_COLOR, RUMOR_COLOR, ZOUS_COLOR = "#B7E0BF", "#DE8A76", "#ABAAA9", "#FFFFFF"
ALLSPICE_COLOR, HOLD_COLOR = "#CDD3E0", "#5F5F5F"
#: the ingredient types in words, for the token key
TYPE_NAMES = {"bread": N_("bread"), "carrot": N_("carrot"), "cheese": N_("cheese"), "fish": N_("fish"),
              "meat": N_("meat"), "mushroom": N_("mushroom"), "wine": N_("wine")}
BOARD_FILL, BOARD_LINE = "#FBF3E4", "#8B6F47"
BACK_COLOR = "#3E4C6D"
HIGHLIGHT = "#E4002B"
TEXT_DARK = "#222222"
MUTED = "#777777"
CHEF_LETTERS = {"mouse": "M", "lizard": "L", "boar": "B"}
#: the ingredient codes printed on chips: the first three letters, so no two types look alike
SHORT = {"bread": "Bre", "carrot": "Car", "cheese": "Che", "fish": "Fis", "meat": "Mea", "mushroom": "Mus", "wine": "Win"}
CHIP_W, CHIP_H, CHIP_STEP = 0.92, 0.4, 1.0


# ---------------------------------------------------------------- tokens


def _tok(text):
    """The :class:`.tokens.Token` written ``text``, or ``None`` for a text that is no token."""
    try:
        return token(text)
    except KitchenlabError:
        return None


def token_label(tok: str) -> str:
    """The short text printed on a token chip: ``Fi7``, ``Fi✶`` (fish spice), ``All✶``, ``R2``,
    ``W`` (wild rumor), ``S`` (soup), ``B3`` (bisque), ``Z`` (a zous-chef card). Ingredient codes
    are three letters (``Mea`` meat, ``Mus`` mushroom), so no two types can be confused.

    >>> [token_label(t) for t in ("fish7", "meat-spice", "allspice", "rumor2", "soup", "bisque")]
    ['Fis7', 'Mea✶', 'All✶', 'R2', 'S', 'B3']
    """
    t = _tok(tok)
    if t is None:
        return tok
    if t.kind is ING:
        return f"{SHORT[t.type]}{t.value}"
    if tok == ALLSPICE:
        return "All✶"
    if t.kind is SPI:
        return SHORT[t.type] + "✶"
    if tok == WILD:
        return "W"
    if t.kind is RUM:
        return f"R{t.rumor}"
    if tok == SOUP:
        return "S"
    if tok == BISQUE:
        return "B3"
    if is_zous(tok):
        return "Z"
    return tok


def token_color(tok: str) -> str:
    """The fill colour of a token chip (ingredients and spices by type)."""
    t = _tok(tok)
    if t is not None and t.kind is ING:
        return TYPE_COLORS[t.type]
    if t is not None and t.kind is SPI:
        return ALLSPICE_COLOR if tok == ALLSPICE else TYPE_COLORS[t.type]
    if is_rumor(tok):
        return RUMOR_COLOR
    if tok == SOUP:
        return SOUP_COLOR
    if tok == BISQUE:
        return BISQUE_COLOR
    return ZOUS_COLOR


def token_name(tok: str, comps=None) -> str:
    """A token in words, for hover text: ``fish 7``, ``fish spice``, ``wild rumor token``..."""
    t = _tok(tok)
    if t is None:
        return tok
    if t.kind is ING:
        return f"{t.type} {t.value}"
    if tok == ALLSPICE:
        return "allspice (pairs with any type)"
    if t.kind is SPI:
        return f"{t.type} spice"
    if tok == WILD:
        return "wild rumor token"
    if t.kind is RUM:
        return f"rumor token {t.rumor}"
    if tok == SOUP:
        return f"soup (value {SOUP_VALUE})"
    if tok == BISQUE:
        return f"bisque (value {BISQUE_VALUE})"
    if is_zous(tok):
        comps = comps or load_components()
        z = comps.zous_chef(t.zous)
        return f"zous-chef {z.name} (capacity {z.capacity})"
    return tok


def token_key() -> list[tuple[str, str]]:
    """The token key: ``(code and name, colour)`` per token colour, the code as the chips print it
    (``"Bre bread"``; a spice chip shares its type's colour, ``Bre✶``).

    >>> token_key()[0], token_key()[-1]
    (('Bre bread', '#EEBD77'), ('H Hold token', '#5F5F5F'))
    """
    key = [(f"{SHORT[t]} {_(TYPE_NAMES[t])}", TYPE_COLORS[t]) for t in TYPE_COLORS]
    return key + [
        (_("S soup"), SOUP_COLOR), (_("B3 bisque"), BISQUE_COLOR), (_("R/W rumor token"), RUMOR_COLOR),
        (_("All✶ allspice"), ALLSPICE_COLOR), (_("Z zous-chef"), ZOUS_COLOR), (_("H Hold token"), HOLD_COLOR)]


# ---------------------------------------------------------------- canvas


class _Canvas(Canvas):
    """The shared canvas plus token chips; builds its figure without Plotly's slow validation.
    No text is written smaller than :data:`kitchenlab.charts.MIN_TEXT` (12 px)."""

    text_color = TEXT_DARK

    def write(self, x, y, text, size=None, color=None):
        super().write(x, y, text, size=max(MIN_TEXT, size or self.text_size), color=color)

    def rect(self, x0, y0, x1, y1, name, fill="rgba(0,0,0,0)", line=BOARD_LINE, width=1.0, dash="solid",
             layer="below", radius=False):
        super().rect(x0, y0, x1, y1, name, fill=fill, line=line, width=width, dash=dash, layer=layer)

    def line(self, x0, y0, x1, y1, name, color=MUTED, width=1.0, dash="solid"):
        super().line(x0, y0, x1, y1, name, color=color, width=width, dash=dash)

    def chip(self, x, y, tok, name, w=CHIP_W, h=CHIP_H, hover=None, comps=None):
        """A token chip with its lower-left corner at (x, y)."""
        fill = token_color(tok)
        dash = "dot" if is_spice(tok) else "solid"
        self.rect(x, y, x + w, y + h, name, fill=fill, line="#444444", width=1.0, dash=dash)
        self.write(x + w / 2, y + h / 2, token_label(tok), size=12, color=readable_on(fill))
        self.hoverpoint(x + w / 2, y + h / 2, hover or token_name(tok, comps))

    def figure(self, title: str, y_low: float, y_high: float, meta: dict | None = None) -> go.Figure:
        key = token_key()
        traces = self.overlay_traces("hover", 16) + key_traces(key)
        layout = board_layout((0, X_MAX), (y_low, y_high), margin=MARGIN, top=TOP, bgcolor="#FFFDF8",
                              design_width=WIDTH, bottom=MARGIN + key_height(key))
        layout.update(title=dict(text=title, font=dict(size=15)), shapes=self.shapes, meta=meta or {},
                      showlegend=True, legend=key_legend())
        # The content is built here, so plotly's per-property validation (over 100 ms for a table
        # of a hundred shapes) is skipped: the stepper redraws in a few milliseconds. The tests
        # check that every figure passes validation.
        return go.Figure(dict(data=traces, layout=layout), _validate=False)


def count_shapes(fig: go.Figure) -> Counter:
    """How many shapes of each name a figure holds, e.g. ``{"board 0": 1, "space 1": 3, ...}``."""
    return Counter(s.name for s in fig.layout.shapes)


def location_names(fig: go.Figure) -> list[str]:
    """The location boards a figure draws, left to right."""
    return list(fig.layout.meta["locations"])


def figure_texts(fig: go.Figure) -> list[str]:
    """Every label and hover text of a figure (for checking what a view reveals)."""
    out: list[str] = []
    for tr in fig.data:
        for attr in ("text", "hovertext"):
            v = getattr(tr, attr, None)
            if v is not None and not isinstance(v, str):
                out.extend(str(t) for t in v)
    out.extend(a.text for a in fig.layout.annotations)
    return out


# ---------------------------------------------------------------- shared parts


def _chef_letter(chef: str) -> str:
    return "Z" if is_zous(chef) else CHEF_LETTERS[chef]


def _hold_round(state) -> int | None:
    """The round the Hold token sits on now."""
    d1, d2 = state.cfg.hold_rounds
    return d1 if state.round <= d1 else d2


def _waterfront(c: _Canvas, cfg, *, rnd: int, hold: int | None, allspice_on_track: bool,
                challenges: Sequence[tuple[str, str, str | None] | None], critic: str | None,
                rumors: Sequence[tuple[str, bool]], y: float = 0.0, hold_note: str = "") -> None:
    """The Waterfront board: round track, Hold / Allspice tokens, challenge, critic, rumor slots.

    ``challenges``: one entry per dealt challenge, ``None`` (face down) or (name, requirement
    initials, covered requirement). ``rumors``: (text, face up) per rumor slot.
    """
    c.rect(0.05, y - 2.05, X_MAX - 0.05, y - 0.05, "waterfront", fill="#EAF2F8", line="#4A6FA5", width=1.5)
    c.write(0.95, y - 0.35, "Waterfront", size=12, color="#4A6FA5")
    # round track
    x0 = 0.25
    for r in range(1, cfg.rounds + 1):
        bx = x0 + (r - 1) * 0.72
        now = r == rnd
        c.rect(bx, y - 1.05, bx + 0.62, y - 0.55, f"round {r}", fill="#FFE9A8" if now else "#FFFFFF",
               line="#4A6FA5", width=2.0 if now else 1.0)
        c.write(bx + 0.31, y - 0.8, str(r), size=12)
        c.hoverpoint(bx + 0.31, y - 0.8, f"round {r}" + (" (now)" if now else ""))
        if r == hold:
            c.circle(bx + 0.31, y - 1.38, 0.21, "hold", fill=HOLD_COLOR, line="#222222")
            c.write(bx + 0.31, y - 1.38, "H", size=12, color="#FFFFFF")
            c.hoverpoint(bx + 0.31, y - 1.38, f"Hold token on round {r}{hold_note}: it covers the rightmost "
                         "requirement of the challenge revealed that round")
        if r == cfg.rounds and allspice_on_track:
            c.chip(bx + 0.31 - CHIP_W / 2, y - 1.58, ALLSPICE, "allspice",
                   hover=f"Allspice token: offered at the Chef Academy in round {r}")
    c.write(x0 + cfg.rounds * 0.36, y - 1.83, "round track", size=12, color=MUTED)
    # challenge slots
    cx0, cw = CHALLENGE_X, CHALLENGE_W
    for k, ch in enumerate(challenges):
        bx = cx0 + k * (cw + CHALLENGE_GAP)
        if ch is None:
            c.rect(bx, y - 1.75, bx + cw, y - 0.3, "challenge", fill=BACK_COLOR, line="#FFFFFF")
            c.write(bx + cw / 2, y - 1.02, "?", size=14, color="#FFFFFF")
            c.hoverpoint(bx + cw / 2, y - 1.02, f"challenge {k + 1}: face down")
        else:
            name, reqs, covered = ch
            c.rect(bx, y - 1.75, bx + cw, y - 0.3, "challenge", fill="#FFFFFF", line="#4A6FA5")
            c.write(bx + cw / 2, y - 0.6, _cut(name, 8), size=12)
            c.write(bx + cw / 2, y - 1.0, _cut(reqs, 8), size=12, color="#444444")
            if covered:
                c.write(bx + cw / 2, y - 1.45, f"H: {SHORT.get(covered, covered)}", size=12, color="#5B5B5B")
            c.hoverpoint(bx + cw / 2, y - 1.02, f"challenge {k + 1}: {name} ({reqs})"
                         + (f"; the Hold covers {covered}" if covered else ""))
    # critic
    kx = cx0 + len(challenges) * (cw + CHALLENGE_GAP) + 0.1
    c.rect(kx, y - 1.75, kx + 1.9, y - 0.3, "critic", fill="#FFF7E0", line="#B8860B")
    c.write(kx + 0.95, y - 0.6, "critic", size=12, color=MUTED)
    c.write(kx + 0.95, y - 1.05, _cut(critic, 9) if critic else "face up", size=12)
    c.hoverpoint(kx + 0.95, y - 1.02, f"critic card (face up): {critic}" if critic else "critic card, dealt face up")
    # rumor slots: (name, face up, note)
    rx = kx + 2.05
    rw = (X_MAX - 0.2 - rx - 0.1) / 3
    for k, (text, up, note) in enumerate(rumors):
        bx = rx + k * (rw + 0.05)
        c.rect(bx, y - 1.75, bx + rw, y - 0.3, "rumor", fill="#FFFFFF" if up else BACK_COLOR,
               line="#555555" if up else "#FFFFFF")
        c.write(bx + rw / 2, y - 0.6, f"rumor {k + 1}", size=12, color=MUTED if up else "#DDDDDD")
        c.write(bx + rw / 2, y - 1.0, _cut(text, 9), size=12, color=TEXT_DARK if up else "#FFFFFF")
        if note:
            c.write(bx + rw / 2, y - 1.4, _cut(note, 9), size=12, color=MUTED if up else "#DDDDDD")
        c.hoverpoint(bx + rw / 2, y - 1.02, f"rumor card {k + 1}: {text}" + (f" ({note})" if note else ""))


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _text_width(text: str, size: int = MIN_TEXT) -> float:
    """About how wide ``text`` is at ``size`` px, in x units of the figure."""
    return len(text) * size * 0.56 / ((WIDTH - 2 * MARGIN) / X_MAX)


def _fits(width: float, size: int = MIN_TEXT) -> int:
    """How many characters of text at ``size`` px fit in ``width`` x units."""
    return max(3, int(width / _text_width("x", size)) - 1)


def _priority_track(c: _Canvas, names: Sequence[str], priority: Sequence[int], y: float,
                    moved: int | None = None, note: str = "") -> None:
    """Hats left to right, each name under its hat; the rightmost is the front (picks first
    among tied chefs), marked "◀ front" just right of its hat, where no name is written."""
    c.write(1.55, y - 0.3, "priority track", size=12, color=MUTED)
    c.write(1.55, y - 0.68, "back → front", size=12, color=MUTED)
    x = 3.9
    step = 2.35
    for k, seat in enumerate(priority):
        cx = x + k * step
        c.circle(cx, y - 0.3, 0.22, f"hat {seat}", fill=player_color(seat), line="#222222",
                 width=3 if seat == moved else 1)
        c.write(cx, y - 0.72, _cut(names[seat], 12), size=12, color=player_text_color(seat))
        front = k == len(priority) - 1
        c.hoverpoint(cx, y - 0.3, f"{names[seat]}'s hat, position {k + 1} from the left"
                     + (" (front: picks first in a tie)" if front else ""))
        if seat == moved:
            c.circle(cx, y - 0.3, 0.34, "highlight", fill="rgba(0,0,0,0)", line=HIGHLIGHT, width=2.5)
    front_x = x + (len(priority) - 1) * step + 0.4
    c.write(front_x + _text_width("◀ front") / 2, y - 0.3, "◀ front", size=12, color=TEXT_DARK)
    if note:
        start = front_x + _text_width("◀ front") + 0.6
        c.write(start + _text_width(note) / 2, y - 0.3, note, size=12, color=HIGHLIGHT)


def _columns(n: int) -> list[tuple[float, float]]:
    """Left and right x of ``n`` location columns across the figure."""
    left, right, gap = 0.1, X_MAX - 0.1, 0.15
    w = (right - left - gap * (n - 1)) / n
    return [(left + k * (w + gap), left + k * (w + gap) + w) for k in range(n)]


def _spaces_grid(x0: float, x1: float, y_top: float, n: int, per_row: int | None = None):
    """Lower-left corners of ``n`` chips laid out in rows inside [x0, x1] from ``y_top`` down."""
    w, h, gx, gy = CHIP_W, CHIP_H, CHIP_STEP - CHIP_W, 0.1
    per_row = per_row or max(1, int((x1 - x0 - 0.1 + gx) // (w + gx)))
    used = min(n, per_row)
    start = (x0 + x1) / 2 - (used * (w + gx) - gx) / 2
    return [(start + (k % per_row) * (w + gx), y_top - h - (k // per_row) * (h + gy)) for k in range(n)]
