"""Plotly pictures of a Critter Kitchen table: the setup, a position during a round, item flows.

* :func:`setup_figure` draws what goes where before round 1, for one player count: the Waterfront
  board (round track 1–7 with the Hold and Allspice tokens, the challenge, critic and rumor slots),
  the location boards left to right with their item spaces, the Soup Truck's soup and bisque, the
  priority track, and what each player takes.
* :func:`round_figure` draws one position: the Waterfront board, the priority track, each location
  with its items and its three queues (capacity 1, 2, 3, in pick order), and one row per player
  (storage, rumors, zous-chef, plan). Drawn for a ``viewer`` it shows only what
  ``state.view(viewer)`` holds: other storages stay behind their shields, other plans stay secret
  until the reveal, rumor cards stay face down unless the viewer knows them.
* :func:`flow_sankey` draws where items went during a round (see
  :func:`kitchenlab.critter_kitchen.round_view.round_flows`).
* :func:`components_table_figure` and :func:`location_rows` list the components with their
  sources; assumed values carry a ⚠ mark.

Every shape has a ``name`` saying what it is: ``"board 2"`` (location 2, left to right from 0),
``"space 2"`` (an empty item space), ``"item 2"`` (a token on it), ``"chef 2 1"`` (a chef of
seat 1 at location 2), ``"hat 1"``, ``"store 1"`` (a token in seat 1's storage), ``"shield 1"``,
``"round 3"``, ``"hold"``, ``"allspice"``, ``"challenge"``, ``"critic"``, ``"rumor"``,
``"highlight"`` (what the shown event changed). :func:`count_shapes` counts them. Assumed values
are drawn with dashed lines and a ⚠; ``fig.layout.meta`` lists the location names in order and
the assumed marks.
"""

from __future__ import annotations

import math
from collections import Counter
from html import escape
from typing import Any, Sequence

import plotly.graph_objects as go

from ..errors import KitchenlabError, SeatError
from ..charts import TEMPLATE, Canvas, player_color
from . import scoring
from .components import components_table, load_components
from .round_view import plans_shown
from .rules import Event, sort_tokens
from .shop import CAPACITY
from .solo import RIVAL_NAME
from .tokens import (
    ALLSPICE, BISQUE, BISQUE_VALUE, ING, RUM, SOUP, SOUP_VALUE, SPI, WILD, is_ingredient, is_rumor, is_spice, is_zous, token, zous_id,
)

#: the ``viewer`` of :func:`round_figure` that sees what a spectator sees
PUBLIC = "public"

X_MAX = 24.0
CHALLENGE_X, CHALLENGE_W, CHALLENGE_GAP = 5.6, 1.62, 0.06
WIDTH, MARGIN, TOP = 940, 8, 46
ASSUMED_MARK = "⚠"

TYPE_COLORS = {
    "bread": "#D9A441", "carrot": "#F28C28", "cheese": "#F2D544", "fish": "#5DA9E9",
    "meat": "#C8553D", "mushroom": "#9C7A5B", "wine": "#7B3F8C",
}
SOUP_COLOR, BISQUE_COLOR, RUMOR_COLOR, ZOUS_COLOR = "#A8D5BA", "#E07A5F", "#B8B8B8", "#FFFFFF"
BOARD_FILL, BOARD_LINE = "#FBF3E4", "#8B6F47"
BACK_COLOR = "#3E4C6D"
HIGHLIGHT = "#E4002B"
TEXT_DARK = "#222222"
MUTED = "#777777"
CHEF_LETTERS = {"mouse": "M", "lizard": "L", "boar": "B"}
_SHORT = {"bread": "Br", "carrot": "Ca", "cheese": "Ch", "fish": "Fi", "meat": "Me", "mushroom": "Mu", "wine": "Wi"}


# ---------------------------------------------------------------- tokens


def _tok(text):
    """The :class:`.tokens.Token` written ``text``, or ``None`` for a text that is no token."""
    try:
        return token(text)
    except KitchenlabError:
        return None


def token_label(tok: str) -> str:
    """The short text printed on a token chip: ``Fi7``, ``Fi✶`` (fish spice), ``All✶``, ``R2``,
    ``W`` (wild rumor), ``S`` (soup), ``B3`` (bisque), ``Z`` (a zous-chef card).

    >>> [token_label(t) for t in ("fish7", "meat-spice", "allspice", "rumor2", "soup", "bisque")]
    ['Fi7', 'Me✶', 'All✶', 'R2', 'S', 'B3']
    """
    t = _tok(tok)
    if t is None:
        return tok
    if t.kind is ING:
        return f"{_SHORT[t.type]}{t.value}"
    if tok == ALLSPICE:
        return "All✶"
    if t.kind is SPI:
        return _SHORT[t.type] + "✶"
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
        return "#DDDDDD" if tok == ALLSPICE else TYPE_COLORS[t.type]
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


def _text_color(fill: str) -> str:
    dark = ("#7B3F8C", "#C8553D", "#9C7A5B", BACK_COLOR, "#5DA9E9", "#E07A5F")
    return "#FFFFFF" if fill in dark else TEXT_DARK


# ---------------------------------------------------------------- canvas


class _Canvas(Canvas):
    """The shared canvas plus token chips; builds its figure without Plotly's slow validation."""

    text_color = TEXT_DARK

    def rect(self, x0, y0, x1, y1, name, fill="rgba(0,0,0,0)", line=BOARD_LINE, width=1.0, dash="solid",
             layer="below", radius=False):
        super().rect(x0, y0, x1, y1, name, fill=fill, line=line, width=width, dash=dash, layer=layer)

    def line(self, x0, y0, x1, y1, name, color=MUTED, width=1.0, dash="solid"):
        super().line(x0, y0, x1, y1, name, color=color, width=width, dash=dash)

    def chip(self, x, y, tok, name, w=0.8, h=0.4, hover=None, comps=None):
        """A token chip with its lower-left corner at (x, y)."""
        fill = token_color(tok)
        dash = "dot" if is_spice(tok) else "solid"
        self.rect(x, y, x + w, y + h, name, fill=fill, line="#444444", width=1.0, dash=dash)
        self.write(x + w / 2, y + h / 2, token_label(tok), size=10, color=_text_color(fill))
        self.hoverpoint(x + w / 2, y + h / 2, hover or token_name(tok, comps))

    def figure(self, title: str, y_low: float, y_high: float, meta: dict | None = None) -> go.Figure:
        traces = self.overlay_traces("hover", 16)
        unit = (WIDTH - 2 * MARGIN) / X_MAX
        height = int(round(unit * (y_high - y_low))) + TOP + MARGIN
        layout = dict(
            template=TEMPLATE, title=dict(text=title, font=dict(size=15)), shapes=self.shapes, width=WIDTH,
            height=height, margin=dict(l=MARGIN, r=MARGIN, t=TOP, b=MARGIN), hovermode="closest",
            plot_bgcolor="#FFFDF8", meta=meta or {},
            xaxis=dict(visible=False, range=[0, X_MAX], fixedrange=True),
            yaxis=dict(visible=False, range=[y_low, y_high], fixedrange=True),
        )
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
            c.circle(bx + 0.31, y - 1.45, 0.24, "hold", fill="#5B5B5B", line="#222222")
            c.write(bx + 0.31, y - 1.45, "H", size=11, color="#FFFFFF")
            c.hoverpoint(bx + 0.31, y - 1.45, f"Hold token on round {r}{hold_note}: it covers the rightmost "
                         "requirement of the challenge revealed that round")
        if r == cfg.rounds and allspice_on_track:
            c.circle(bx + 0.31, y - 1.45, 0.24, "allspice", fill="#DDDDDD", line="#222222")
            c.write(bx + 0.31, y - 1.45, "A✶", size=10)
            c.hoverpoint(bx + 0.31, y - 1.45, f"Allspice token: offered at the Chef Academy in round {r}")
    c.write(x0 + cfg.rounds * 0.36, y - 1.88, "round track" + (f" · H {hold_note.strip(' ()')}" if hold_note else ""),
            size=10 if not hold_note else 9, color=MUTED)
    # challenge slots
    cx0, cw = CHALLENGE_X, CHALLENGE_W
    for k, ch in enumerate(challenges):
        bx = cx0 + k * (cw + CHALLENGE_GAP)
        if ch is None:
            c.rect(bx, y - 1.75, bx + cw, y - 0.3, "challenge", fill=BACK_COLOR, line="#FFFFFF")
            c.write(bx + cw / 2, y - 1.02, "challenge ?", size=10, color="#FFFFFF")
            c.hoverpoint(bx + cw / 2, y - 1.02, f"challenge {k + 1}: face down")
        else:
            name, reqs, covered = ch
            c.rect(bx, y - 1.75, bx + cw, y - 0.3, "challenge", fill="#FFFFFF", line="#4A6FA5")
            c.write(bx + cw / 2, y - 0.65, _cut(name, 14), size=9)
            c.write(bx + cw / 2, y - 1.1, reqs, size=10, color="#444444")
            if covered:
                c.write(bx + cw / 2, y - 1.5, f"H covers {covered}", size=9, color="#5B5B5B")
            c.hoverpoint(bx + cw / 2, y - 1.02, f"challenge {k + 1}: {name} ({reqs})"
                         + (f"; the Hold covers {covered}" if covered else ""))
    # critic
    kx = cx0 + len(challenges) * (cw + CHALLENGE_GAP) + 0.1
    c.rect(kx, y - 1.75, kx + 1.9, y - 0.3, "critic", fill="#FFF7E0", line="#B8860B")
    c.write(kx + 0.95, y - 0.65, "critic", size=9, color=MUTED)
    c.write(kx + 0.95, y - 1.1, _cut(critic, 15) if critic else "(face up)", size=10)
    c.hoverpoint(kx + 0.95, y - 1.02, f"critic card (face up): {critic}" if critic else "critic card, dealt face up")
    # rumor slots: (name, face up, note)
    rx = kx + 2.05
    rw = (X_MAX - 0.2 - rx - 0.1) / 3
    for k, (text, up, note) in enumerate(rumors):
        bx = rx + k * (rw + 0.05)
        c.rect(bx, y - 1.75, bx + rw, y - 0.3, "rumor", fill="#FFFFFF" if up else BACK_COLOR,
               line="#555555" if up else "#FFFFFF")
        c.write(bx + rw / 2, y - 0.6, f"rumor {k + 1}", size=9, color=MUTED if up else "#DDDDDD")
        c.write(bx + rw / 2, y - 1.0, _cut(text, 15), size=10, color=TEXT_DARK if up else "#FFFFFF")
        if note:
            c.write(bx + rw / 2, y - 1.4, _cut(note, 17), size=9, color=MUTED if up else "#DDDDDD")
        c.hoverpoint(bx + rw / 2, y - 1.02, f"rumor card {k + 1}: {text}" + (f" ({note})" if note else ""))


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _priority_track(c: _Canvas, names: Sequence[str], priority: Sequence[int], y: float,
                    moved: int | None = None, note: str = "") -> None:
    """Hats left to right; the rightmost is the front (picks first among tied chefs)."""
    c.write(1.1, y - 0.35, "priority track", size=11, color=MUTED)
    c.write(1.1, y - 0.65, "(back ← → front)", size=9, color=MUTED)
    x = 2.6
    step = 2.3
    for k, seat in enumerate(priority):
        cx = x + k * step
        c.circle(cx, y - 0.45, 0.26, f"hat {seat}", fill=player_color(seat), line="#222222",
                 width=3 if seat == moved else 1)
        label = _cut(names[seat], 12)
        c.write(cx + 0.4 + 0.085 * len(label), y - 0.45, label, size=11, color=player_color(seat))
        front = k == len(priority) - 1
        c.hoverpoint(cx, y - 0.45, f"{names[seat]}'s hat, position {k + 1} from the left"
                     + (" (front: picks first in a tie)" if front else ""))
        if seat == moved:
            c.circle(cx, y - 0.45, 0.38, "highlight", fill="rgba(0,0,0,0)", line=HIGHLIGHT, width=2.5)
    end = x + (len(priority) - 1) * step + 2.1
    c.write(end, y - 0.45, "◀ front", size=11, color=TEXT_DARK)
    if note:
        c.write(end + 3.6, y - 0.45, note, size=11, color=HIGHLIGHT)


def _columns(n: int) -> list[tuple[float, float]]:
    """Left and right x of ``n`` location columns across the figure."""
    left, right, gap = 0.1, X_MAX - 0.1, 0.15
    w = (right - left - gap * (n - 1)) / n
    return [(left + k * (w + gap), left + k * (w + gap) + w) for k in range(n)]


def _spaces_grid(x0: float, x1: float, y_top: float, n: int, per_row: int | None = None):
    """Lower-left corners of ``n`` chips laid out in rows inside [x0, x1] from ``y_top`` down."""
    w, h, gx, gy = 0.8, 0.4, 0.1, 0.1
    per_row = per_row or max(1, int((x1 - x0 - 0.1 + gx) // (w + gx)))
    used = min(n, per_row)
    start = (x0 + x1) / 2 - (used * (w + gx) - gx) / 2
    return [(start + (k % per_row) * (w + gx), y_top - h - (k // per_row) * (h + gy)) for k in range(n)]


# ---------------------------------------------------------------- a position during a round


def _queues(state, i: int, chefs: list[tuple]) -> dict[int, list[tuple]]:
    """The chefs at location ``i`` by queue (capacity), each queue in pick order.

    During the location's resolution the order is the run's own; elsewhere it is the order the
    priority track gives now (rightmost hat first), which is how the queue will start.
    """
    run = state.run if state.phase == "shop" and state.loc == i else None
    if run is not None:
        rank = {p: k for k, p in enumerate(run.priority)}
        out = {}
        for qi, q in enumerate(run.queues):
            if not q:
                continue
            members = list(q) if qi <= run.qi else sorted(q, key=lambda c: -rank.get(c.player, -1))
            out[q[0].capacity] = [(c.player, c.name, c.capacity, True) for c in members]
        return out
    rank = {p: k for k, p in enumerate(state.priority)}
    out = {}
    for ch in chefs:
        out.setdefault(ch[2], []).append(ch)
    return {cap: sorted(q, key=lambda ch: -rank.get(ch[0], -1)) for cap, q in out.items()}


def _run_status(state, i: int) -> dict:
    """(seat, chef) -> (taken, done) at the location being resolved."""
    run = state.run if state.loc == i and state.phase == "shop" else None
    if run is None:
        return {}
    return {(c.player, c.name): (c.taken, c.done) for q in run.queues for c in q}


def _current_chef(state):
    run = state.run
    if state.phase != "shop" or run is None or run.finished:
        return None
    c = run.current()
    return None if c is None or c.done else (c.player, c.name)


def _box(c: _Canvas, x0, y0, x1, y1, dash="solid") -> None:
    c.rect(x0 - 0.05, y0 - 0.05, x1 + 0.05, y1 + 0.05, "highlight", line=HIGHLIGHT, width=2.5, dash=dash, layer="above")


def round_figure(state, viewer: int | None = None, event: Event | None = None,
                 revealed: Sequence[int] | None = None, title: str | None = None) -> go.Figure:
    """One position of a round. ``viewer``: a seat (only what ``state.view(viewer)`` shows),
    ``"public"`` (what a spectator may see: ``state.view(None)``, every storage behind its shield)
    or ``None`` for the whole table (every storage and every plan, secret ones drawn dashed).

    ``event`` (a :class:`~kitchenlab.critter_kitchen.rules.Event`) is outlined in red.
    ``revealed`` lists the seats whose plans are face up; by default every plan is face up during
    the shop step and none before it.
    """
    cfg = state.cfg
    comps = cfg.comps
    if viewer != PUBLIC and viewer is not None and not (isinstance(viewer, int) and not isinstance(viewer, bool)
                                                        and 0 <= viewer < cfg.seats):
        raise SeatError(f"viewer must be None, {PUBLIC!r} or a seat 0..{cfg.seats - 1}, got {viewer!r}")
    view = state.view(None if viewer == PUBLIC else viewer) if viewer is not None else None
    names = [cfg.seat_name(s) for s in range(cfg.seats)]
    kind = event.kind if event is not None else None
    data = event.data if event is not None else {}
    if revealed is None:
        revealed = plans_shown(state)
    revealed = set(revealed)
    c = _Canvas()

    # -- Waterfront board -----------------------------------------------------------------------
    chal = []
    for k in range(len(state.challenges)):
        if k < state.revealed:
            ch = comps.challenge(state.challenges[k])
            covered = ch.requirements[-1] if k in state.hold.values() else None
            chal.append((ch.name, " ".join(_SHORT[t] for t in ch.requirements), covered))
        else:
            chal.append(None)
    rumors = []
    for k in (1, 2, 3):
        name = comps.rumor(state.rumor_cards[k - 1]).name
        if state.flipped[k - 1]:
            rumors.append((name, True, "face up"))
        elif view is not None:
            shown = view["rumor_cards"][k - 1]
            rumors.append((shown, True, "you read it") if shown else ("face down", False, ""))
        else:
            knowers = [s for s in range(cfg.seats) if k in state.known_kinds(s)]
            tag = ("read by " + " ".join(f"P{s + 1}" for s in knowers)) if knowers else "face down"
            rumors.append((name, False, tag))
    _waterfront(c, cfg, rnd=state.round, hold=_hold_round(state), allspice_on_track=state.round < cfg.rounds,
                challenges=chal, critic=comps.critic(state.critic).name, rumors=rumors)
    if kind == "challenge":
        bx = CHALLENGE_X + data["index"] * (CHALLENGE_W + CHALLENGE_GAP)
        _box(c, bx, -1.75, bx + CHALLENGE_W, -0.3)
    elif kind == "round":
        bx = 0.25 + (state.round - 1) * 0.72
        _box(c, bx, -1.05, bx + 0.62, -0.55)

    # -- priority track -----------------------------------------------------------------------
    moved = data["seat"] if kind == "hat" else None
    note = f"{names[moved]} made the first pick of a tie: hat to the back" if moved is not None else ""
    _priority_track(c, names, state.priority, -2.15, moved=moved, note=note)

    # -- locations and their queues -------------------------------------------------------------
    y_top, y_board = -3.1, -5.45
    cols = _columns(len(cfg.locs))
    at: dict[int, list] = {i: [] for i in range(len(cfg.locs))}
    for s in range(cfg.seats):
        public = s in revealed
        secret_visible = state.phase == "plan" and (viewer is None or viewer == s)
        if not (public or secret_visible):
            continue
        for chef, loc in state.plans[s].items():
            cap = cfg.capacity(chef)
            at[loc].append((s, chef, cap, public))
    active = state.loc if state.phase == "shop" and state.run is not None else None
    current = _current_chef(state)
    focus = data.get("loc") if kind in ("stock", "resolve", "pick", "soup", "leftover", "gone", "zous_offer",
                                          "allspice", "bisque", "zous_soup") else None
    for i, (loc, (x0, x1)) in enumerate(zip(cfg.locs, cols)):
        mid = (x0 + x1) / 2
        finished = state.phase == "shop" and (i < state.loc or (kind in ("leftover", "gone") and data["loc"] == i))
        c.rect(x0, y_board, x1, y_top, f"board {i}", fill="#ECE6DC" if finished else BOARD_FILL, line=BOARD_LINE,
               width=3 if i == active else 1.2)
        c.write(mid, y_top - 0.28, _cut(loc.name, 20), size=12)
        c.hoverpoint(mid, y_top - 0.28, f"{loc.name} (location {i + 1} from the left)"
                     + (": resolving now" if i == active else ": done this round" if finished else ""))
        items = sort_tokens(state.location_items(i))
        per_row = max(1, int((x1 - x0) // 0.9))
        shown = items[: per_row * (2 if i == cfg.truck else 3)]
        if i == cfg.truck:
            c.chip(x0 + 0.15, y_top - 0.95, SOUP, "soup", hover="soup: unlimited at the Soup Truck")
            c.write(x0 + 1.2, y_top - 0.75, "∞", size=13)
            grid = _spaces_grid(x0, x1, y_top - 1.0, len(shown))
        else:
            grid = _spaces_grid(x0, x1, y_top - 0.5, max(len(shown), cfg.spaces[i]))
        for k, (gx, gy) in enumerate(grid):
            if k < len(shown):
                c.chip(gx, gy, shown[k], f"item {i}", comps=comps)
            else:
                c.rect(gx, gy, gx + 0.8, gy + 0.4, f"space {i}", fill="#FFFFFF", line=BOARD_LINE, dash="dot")
        foot = []
        if len(items) > len(shown):
            foot.append(f"+{len(items) - len(shown)} more")
        offer = [t for t in items if is_zous(t)]
        if offer:
            z = comps.zous_chef(zous_id(offer[0]))
            foot.append(f"Z = zous-chef {z.name} ({z.capacity})")
        if i == cfg.merchant and not items and state.phase == "plan":
            foot.append("filled when it resolves")
        if i == focus:
            _box(c, x0, y_board, x1, y_top)
        if kind == "leftover" and i == data["to"]:
            _box(c, x0, y_board, x1, y_top, dash="dash")
            foot.insert(0, "leftovers arrive")
        if foot:
            c.write(mid, y_board + 0.17, _cut(" · ".join(foot), int((x1 - x0) * 7.5)), size=9,
                    color=HIGHLIGHT if foot[0] == "leftovers arrive" else MUTED)

        status = _run_status(state, i)
        queues = _queues(state, i, at[i])
        for row, cap in enumerate((1, 2, 3)):
            qy = y_board - 0.35 - row * 0.52
            c.write(x0 + 0.3, qy, f"q{cap}", size=10, color=MUTED)
            queue = queues.get(cap, [])
            step = min(0.55, (x1 - x0 - 1.0) / max(1, len(queue) - 1))
            for k, (s, chef, qcap, public) in enumerate(queue):
                cx = x0 + 0.75 + k * step
                taken, home = status.get((s, chef), (0, False))
                faded = finished or home
                now = current == (s, chef) and i == active
                label = comps.zous_chef(zous_id(chef)).name if is_zous(chef) else chef
                if public:
                    fill = "#D0D0D0" if faded else player_color(s)
                    c.circle(cx, qy, 0.22, f"chef {i} {s}", fill=fill, line=HIGHLIGHT if now else "#222222",
                             width=3 if now else 1)
                    c.write(cx, qy, _chef_letter(chef), size=10, color="#555555" if faded else "#FFFFFF")
                    extra = f", has taken {taken}" if status else ""
                    c.hoverpoint(cx, qy, f"{names[s]}'s {label} (capacity {qcap}){extra}"
                                 + (" — picking now" if now else " — gone home" if faded else ""))
                else:
                    c.circle(cx, qy, 0.22, f"plan {i} {s}", fill="#FFFFFF", line=player_color(s), width=2, dash="dot")
                    c.write(cx, qy, _chef_letter(chef), size=10, color=player_color(s))
                    c.hoverpoint(cx, qy, f"{names[s]}'s {label}: secret plan, not revealed yet")
    c.write(X_MAX / 2, y_board - 1.95, "under each board the queues q1, q2, q3 (capacity 1, 2, 3) pick in that "
            "order; in a queue, left to right is the pick order. M mouse, L lizard, B boar, Z zous-chef; "
            "dotted = a secret plan", size=9, color=MUTED)

    # -- players --------------------------------------------------------------------------------
    row_h = 1.3
    y0 = y_board - 2.2
    per_row = 17
    for s in range(cfg.seats):
        color = player_color(s)
        top = y0 - s * row_h
        mine = viewer is None or viewer == s
        c.rect(0.1, top - row_h + 0.08, X_MAX - 0.1, top, f"player {s}",
               fill="rgba(255,240,200,0.35)" if viewer == s else "rgba(255,255,255,0)", line="#DDDDDD")
        c.write(1.35, top - 0.3, names[s] + (" (you)" if viewer == s else ""), size=13, color=color)
        c.write(1.35, top - 0.7, f"★ {state.stars[s]} star(s)", size=11)
        if kind in ("planned", "reveal") and data.get("seat") == s:
            _box(c, 0.15, top - row_h + 0.12, X_MAX - 0.15, top - 0.05)
        # storage (behind the shield for everyone but its owner)
        if mine:
            store = sort_tokens(state.storage[s])
            for k, tok in enumerate(store[: 2 * per_row]):
                c.chip(2.75 + (k % per_row) * 0.9, top - 0.55 - (k // per_row) * 0.5, tok, f"store {s}", comps=comps)
            if len(store) > 2 * per_row:
                c.write(18.0, top - 1.0, f"+{len(store) - 2 * per_row}", size=9, color=MUTED)
            if not store:
                c.write(4.2, top - 0.35, "(empty storage)", size=10, color=MUTED)
            if kind in ("pick", "soup", "zous_soup") and data.get("seat") == s:
                want = data["token"] if kind == "pick" else SOUP
                if want in store[: 2 * per_row]:
                    k = len(store) - 1 - store[::-1].index(want)
                    if k < 2 * per_row:
                        sx, sy = 2.75 + (k % per_row) * 0.9, top - 0.55 - (k // per_row) * 0.5
                        _box(c, sx, sy, sx + 0.8, sy + 0.4)
        else:
            c.rect(2.75, top - 1.05, 12.0, top - 0.15, f"shield {s}", fill="#EEEEEE", line="#999999")
            c.write(7.4, top - 0.6, "behind the shield: storage hidden", size=11, color=MUTED)
            c.hoverpoint(7.4, top - 0.6, f"{names[s]}'s storage is behind the shield")
        # rumor spaces (which rumors a seat knows is public), zous-chefs, plan status
        known = state.known_kinds(s)
        for k in (1, 2, 3) if s != cfg.rival else ():
            rx = 18.5 + (k - 1) * 0.62
            tok = state.rumors[s][k - 1]
            c.rect(rx, top - 0.55, rx + 0.52, top - 0.15, "rumor space", fill=RUMOR_COLOR if k in known else "#FFFFFF",
                   line="#666666")
            c.write(rx + 0.26, top - 0.35, f"R{k}", size=9, color=TEXT_DARK if k in known else "#AAAAAA")
            c.hoverpoint(rx + 0.26, top - 0.35, f"{names[s]} {'knows' if k in known else 'does not know'} rumor {k}"
                         + (f" (token {tok})" if tok and mine else ""))
            if kind == "pick" and data.get("seat") == s and is_rumor(data["token"]):
                if (data["rumor"] if data["token"] == WILD else _tok(data["token"]).rumor) == k:
                    _box(c, rx, top - 0.55, rx + 0.52, top - 0.15)
        lines = []
        if state.hired[s]:
            lines.append(f"zous-chef {comps.zous_chef(state.hired[s]).name} this round")
        if state.hire_next[s]:
            lines.append(f"hired {comps.zous_chef(state.hire_next[s]).name} for next round")
            if kind == "pick" and data.get("seat") == s and is_zous(data["token"]):
                _box(c, 18.4, top - 0.95 - 0.33 * (len(lines) - 1), X_MAX - 0.2, top - 0.62 - 0.33 * (len(lines) - 1))
        if state.phase == "plan" and s not in revealed:
            planned = len(state.plans[s]) == len(state._chefs_of(s))
            lines.append("plan made (secret)" if planned else "planning…")
        for k, text in enumerate(lines[:2]):
            c.write(21.1, top - 0.78 - 0.33 * k, text, size=9, color="#6A3D9A" if "plan" in text else TEXT_DARK)
    y_low = y0 - cfg.seats * row_h - 0.05
    if title is None:
        who = ("the whole table" if viewer is None else "the public view" if viewer == PUBLIC
               else f"what {names[viewer]} sees")
        title = f"Critter Kitchen, round {state.round} ({state.phase}): {who}"
    meta = {"locations": list(cfg.loc_names), "viewer": viewer, "event": kind}
    return c.figure(title, y_low, 0.05, meta=meta)


# ---------------------------------------------------------------- flows


def frame_figure(frame, viewer) -> go.Figure:
    """The picture of one playback frame (:class:`kitchenlab.play.Frame`), Critter Kitchen's
    renderer for the kit's round stepper: ``viewer`` is :data:`kitchenlab.play.TABLE` (the whole
    table), ``None`` (the public view) or a seat; the frame's event is outlined."""
    from ..play import TABLE

    state = frame.state
    v = None if viewer == TABLE else PUBLIC if viewer is None else viewer
    names = [state.cfg.seat_name(s) for s in range(state.cfg.seats)]
    who = ("the whole table" if v is None else "the public view" if v == PUBLIC else f"{names[v]}'s view")
    when = f"Round {state.round}" if state.round else "Setup"
    return round_figure(state, v, frame.event, title=f"{when}, event {frame.number + 1}: {who}")


def flow_sankey(flows: Sequence[Any], title: str = "Where the items went", node_order: Sequence[str] | None = None,
                colors: dict | None = None, columns: dict | None = None) -> go.Figure:
    """A Sankey diagram of ``flows``: objects with ``source``, ``target`` and ``tokens`` (as from
    :func:`kitchenlab.critter_kitchen.round_view.round_flows`); a link's width is its token count
    and its hover lists the tokens. ``columns`` maps a node to its column (0 = left); nodes of a
    column are stacked in ``node_order``."""
    nodes: list[str] = []
    for n in list(node_order or []) + [n for f in flows for n in (f.source, f.target)]:
        if n not in nodes and any(n in (f.source, f.target) for f in flows):
            nodes.append(n)
    index = {n: k for k, n in enumerate(nodes)}
    colors = colors or {}
    node = dict(label=nodes, color=[colors.get(n, "#8B6F47") for n in nodes], pad=12, thickness=16,
                line=dict(color="#444444", width=0.5))
    if columns:
        last = max(columns.get(n, 0) for n in nodes) or 1
        xs, ys = [], []
        for n in nodes:
            col = columns.get(n, 0)
            same = [m for m in nodes if columns.get(m, 0) == col]
            xs.append(min(0.99, max(0.01, col / last)))
            ys.append(min(0.99, max(0.01, (same.index(n) + 0.5) / len(same))))
        node.update(x=xs, y=ys)
    link_colors = []
    for f in flows:
        base = colors.get(f.target) if f.target.startswith("Player") or f.target == RIVAL_NAME else None
        link_colors.append(_alpha(base or "#9E9E9E", 0.45))
    fig = go.Figure(go.Sankey(
        arrangement="snap", node=node,
        link=dict(source=[index[f.source] for f in flows], target=[index[f.target] for f in flows],
                  value=[len(f.tokens) for f in flows], color=link_colors,
                  customdata=[" ".join(f.tokens) for f in flows],
                  hovertemplate="%{source.label} → %{target.label}: %{value} item(s)<br>%{customdata}<extra></extra>"),
    ))
    fig.update_layout(template=TEMPLATE, title_text=title, height=480, width=940, font=dict(size=12),
                      margin=dict(l=10, r=10, t=50, b=10))
    return fig


def _alpha(color: str, a: float) -> str:
    color = color.lstrip("#")
    r, g, b = int(color[0:2], 16), int(color[2:4], 16), int(color[4:6], 16)
    return f"rgba({r},{g},{b},{a})"


__all__ = [
    "ASSUMED_MARK", "PUBLIC", "TYPE_COLORS", "component_rows", "components_table_figure", "count_shapes",
    "figure_texts", "flow_sankey", "frame_figure", "location_names", "location_rows", "round_figure",
    "score_track_figure", "setup_figure", "setup_rows", "token_color", "token_label", "token_name",
]


# ------------------------------------------------------------------ score track


def score_track_figure(totals=None, names: Sequence[str] | None = None, title: str | None = None):
    """The score track as a ring of ``score_lap`` (70) spaces, coloured by the stars each space gives.

    ``totals``: one final total or a list (one per player); each lands on ``total % 70`` after
    ``total // 70`` laps (each lap: ``lap_stars`` = 10 stars). Spaces whose stars the kit assumes
    are drawn hollow and say "assumed" in the hover text; the one known space (6) is filled.
    """
    import plotly.graph_objects as go

    from ..charts import PLAYER_COLORS, TEMPLATE

    c = load_components()
    lap = c.score_lap
    spaces = c.score_track
    if totals is None:
        totals = []
    elif isinstance(totals, int):
        totals = [totals]
    totals = [int(t) for t in totals]
    names = list(names) if names is not None else [f"Player {i + 1}" for i in range(len(totals))]

    def xy(pos: float, r: float = 1.0) -> tuple[float, float]:
        a = math.pi / 2 - 2 * math.pi * pos / lap
        return r * math.cos(a), r * math.sin(a)

    palette = ["#F2F3F4", "#FCF3CF", "#F9E79F", "#F7DC6F", "#F4D03F", "#F1C40F", "#D4AC0D", "#B7950B", "#9A7D0A",
               "#7D6608"]
    fig = go.Figure()
    for assumed in (True, False):
        sel = [s for s in spaces if s.assumed == assumed]
        if not sel:
            continue
        pts = [xy(s.position) for s in sel]
        fig.add_trace(go.Scatter(
            x=[p[0] for p in pts], y=[p[1] for p in pts], mode="markers+text",
            name="stars assumed by the kit (⚠)" if assumed else "stars from the rulebook",
            text=[str(s.stars) for s in sel], textfont=dict(size=9),
            marker=dict(size=19, color=[palette[min(s.stars, len(palette) - 1)] for s in sel],
                        symbol="circle", line=dict(width=2 if not assumed else 1,
                                                   color="#1E8449" if not assumed else "#999999")),
            hovertext=[f"space {s.position}: {s.stars} star(s)" + (" — assumed" if assumed else " — rulebook")
                       for s in sel], hoverinfo="text"))
    for k in range(0, lap, 10):
        x, y = xy(k, 1.17)
        fig.add_annotation(x=x, y=y, text=str(k), showarrow=False, font=dict(size=11, color="#555"))
    sx, sy = xy(-0.5, 0.86)
    ex, ey = xy(-0.5, 1.1)
    fig.add_shape(type="line", x0=sx, y0=sy, x1=ex, y1=ey, line=dict(color="#222", width=3))
    fig.add_annotation(x=0.0, y=1.32, text=f"start / pass {lap}: +{c.lap_stars} stars per lap", showarrow=False,
                       font=dict(size=12))
    lines = []
    for i, total in enumerate(totals):
        laps, pos = divmod(total, lap)
        stars = scoring.final_score_stars(total)
        color = PLAYER_COLORS[i % len(PLAYER_COLORS)]
        r = 0.78 - 0.09 * i
        x, y = xy(pos, r)
        fig.add_trace(go.Scatter(
            x=[x], y=[y], mode="markers", name=f"{names[i]}: {total}",
            marker=dict(size=16, color=color, symbol="star", line=dict(width=1, color="#222")),
            hovertext=[f"{names[i]}: total {total} = {laps} lap(s) + space {pos} → {stars} star(s)"],
            hoverinfo="text"))
        lines.append(f"{escape(names[i])}: {total} = {laps}×{lap} + {pos} → {laps}×{c.lap_stars} + "
                     f"{c.track_stars[pos]} = <b>{stars}★</b>")
    if lines:
        fig.add_annotation(x=0, y=0, text="<br>".join(lines), showarrow=False, font=dict(size=13))
    fig.update_layout(template=TEMPLATE, title_text=title or f"The score track: {lap} spaces, then it wraps",
                      width=620, height=620, legend=dict(orientation="h", y=-0.02),
                      xaxis=dict(visible=False, range=[-1.35, 1.35], scaleanchor="y"),
                      yaxis=dict(visible=False, range=[-1.3, 1.4]))
    return fig


# The setup pictures, in their own module, are part of this one's interface too.
from .setup_figures import (  # noqa: E402
    _setup_meta, component_rows, components_table_figure, location_rows, setup_figure, setup_rows,
)
