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
from html import escape
from typing import Any, Sequence

import plotly.graph_objects as go

from ..charts import TEMPLATE, player_color, player_text_color
from ..errors import SeatError
from . import scoring
from .board_figures import (  # noqa: F401  (the token helpers are part of this module's interface)
    ASSUMED_MARK, BACK_COLOR, CHIP_STEP, CHIP_W, CHIP_H, BOARD_FILL, BOARD_LINE, CHALLENGE_GAP, CHALLENGE_W, CHALLENGE_X, HIGHLIGHT, MUTED,
    PUBLIC, RUMOR_COLOR, SHORT, TEXT_DARK, TYPE_COLORS, X_MAX, Canvas, _Canvas, _chef_letter, _columns, _cut, _fits, _hold_round,
    _priority_track, _spaces_grid, _tok, _waterfront, count_shapes, figure_texts, location_names, token_color,
    token_label, token_name,
)
from .components import load_components
from .rules import Event, sort_tokens
from .solo import RIVAL_NAME
from .state_views import plans_shown
from .tokens import SOUP, WILD, is_rumor, is_zous, zous_id


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
            chal.append((ch.name, " ".join(SHORT[t] for t in ch.requirements), covered))
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
    note = f"{_cut(names[moved], 12)}: first pick of a tie, hat to the back" if moved is not None else ""
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
        c.write(mid, y_top - 0.28, _cut(loc.name, _fits(x1 - x0)), size=12)
        c.hoverpoint(mid, y_top - 0.28, f"{loc.name} (location {i + 1} from the left)"
                     + (": resolving now" if i == active else ": done this round" if finished else ""))
        items = sort_tokens(state.location_items(i))
        per_row = max(1, int((x1 - x0) // CHIP_STEP))
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
                c.rect(gx, gy, gx + CHIP_W, gy + CHIP_H, f"space {i}", fill="#FFFFFF", line=BOARD_LINE, dash="dot")
        foot = []
        if len(items) > len(shown):
            foot.append(f"+{len(items) - len(shown)} more")
        offer = [t for t in items if is_zous(t)]
        if offer:
            z = comps.zous_chef(zous_id(offer[0]))
            foot.append(f"Z: {z.name} ({z.capacity})")
        if i == cfg.merchant and not items and state.phase == "plan":
            foot.append("fills later")
        if i == focus:
            _box(c, x0, y_board, x1, y_top)
        if kind == "leftover" and i == data["to"]:
            _box(c, x0, y_board, x1, y_top, dash="dash")
            foot.insert(0, "leftovers arrive")
        if foot:
            c.write(mid, y_board + 0.17, _cut(" · ".join(foot), _fits(x1 - x0)), size=9,
                    color=HIGHLIGHT if foot[0] == "leftovers arrive" else MUTED)

        status = _run_status(state, i)
        queues = _queues(state, i, at[i])
        for row, cap in enumerate((1, 2, 3)):
            qy = y_board - 0.35 - row * 0.52
            c.write(x0 + 0.3, qy, f"q{cap}", size=10, color=MUTED)
            queue = queues.get(cap, [])
            step = min(0.55, (x1 - x0 - 1.2) / max(1, len(queue) - 1))
            for k, (s, chef, qcap, public) in enumerate(queue):
                cx = x0 + 0.95 + k * step
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
                    c.write(cx, qy, _chef_letter(chef), size=10, color=player_text_color(s))
                    c.hoverpoint(cx, qy, f"{names[s]}'s {label}: secret plan, not revealed yet")
    c.write(X_MAX / 2, y_board - 1.9, "queues q1, q2, q3 (capacity 1, 2, 3) pick in that order, each left to right · "
            "M mouse, L lizard, B boar, Z zous-chef · dotted: a secret plan", size=12, color=MUTED)

    # -- players --------------------------------------------------------------------------------
    row_h = 1.3
    y0 = y_board - 2.2
    per_row = 15
    for s in range(cfg.seats):
        color = player_color(s)
        top = y0 - s * row_h
        mine = viewer is None or viewer == s
        c.rect(0.1, top - row_h + 0.08, X_MAX - 0.1, top, f"player {s}",
               fill="rgba(255,240,200,0.35)" if viewer == s else "rgba(255,255,255,0)", line="#DDDDDD")
        c.write(1.35, top - 0.3, names[s] + (" (you)" if viewer == s else ""), size=13, color=player_text_color(s))
        c.write(1.35, top - 0.7, f"★ {state.stars[s]} star(s)", size=11)
        if kind in ("planned", "reveal") and data.get("seat") == s:
            _box(c, 0.15, top - row_h + 0.12, X_MAX - 0.15, top - 0.05)
        # storage (behind the shield for everyone but its owner)
        if mine:
            store = sort_tokens(state.storage[s])
            for k, tok in enumerate(store[: 2 * per_row]):
                c.chip(2.75 + (k % per_row) * CHIP_STEP, top - 0.55 - (k // per_row) * 0.5, tok, f"store {s}", comps=comps)
            if len(store) > 2 * per_row:
                c.write(18.0, top - 1.0, f"+{len(store) - 2 * per_row}", size=9, color=MUTED)
            if not store:
                c.write(4.2, top - 0.35, "(empty storage)", size=10, color=MUTED)
            if kind in ("pick", "soup", "zous_soup") and data.get("seat") == s:
                want = data["token"] if kind == "pick" else SOUP
                if want in store[: 2 * per_row]:
                    k = len(store) - 1 - store[::-1].index(want)
                    if k < 2 * per_row:
                        sx, sy = 2.75 + (k % per_row) * CHIP_STEP, top - 0.55 - (k // per_row) * 0.5
                        _box(c, sx, sy, sx + CHIP_W, sy + CHIP_H)
        else:
            c.rect(2.75, top - 1.05, 12.0, top - 0.15, f"shield {s}", fill="#EEEEEE", line="#999999")
            c.write(7.4, top - 0.6, "behind the shield: storage hidden", size=11, color=MUTED)
            c.hoverpoint(7.4, top - 0.6, f"{names[s]}'s storage is behind the shield")
        # rumor spaces (which rumors a seat knows is public), zous-chefs, plan status
        known = state.known_kinds(s)
        for k in (1, 2, 3) if s != cfg.rival else ():
            rx = 18.3 + (k - 1) * 0.75
            tok = state.rumors[s][k - 1]
            c.rect(rx, top - 0.55, rx + 0.68, top - 0.15, "rumor space", fill=RUMOR_COLOR if k in known else "#FFFFFF",
                   line="#666666")
            c.write(rx + 0.34, top - 0.35, f"R{k}", size=12, color=TEXT_DARK if k in known else "#AAAAAA")
            c.hoverpoint(rx + 0.34, top - 0.35, f"{names[s]} {'knows' if k in known else 'does not know'} rumor {k}"
                         + (f" (token {tok})" if tok and mine else ""))
            if kind == "pick" and data.get("seat") == s and is_rumor(data["token"]):
                if (data["rumor"] if data["token"] == WILD else _tok(data["token"]).rumor) == k:
                    _box(c, rx, top - 0.55, rx + 0.68, top - 0.15)
        lines = []
        if state.hired[s]:
            lines.append(f"zous-chef {comps.zous_chef(state.hired[s]).name} this round")
        if state.hire_next[s]:
            lines.append(f"hired {comps.zous_chef(state.hire_next[s]).name} for next round")
            if kind == "pick" and data.get("seat") == s and is_zous(data["token"]):
                _box(c, 18.4, top - 0.95 - 0.33 * (len(lines) - 1), X_MAX - 0.2, top - 0.62 - 0.33 * (len(lines) - 1))
        if state.phase == "plan" and s not in revealed:
            planned = len(state.plans[s]) == len(state._chefs_of(s))
            lines.append("plan made (secret)" if planned else "still planning")
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
    fig.update_layout(template=TEMPLATE, title_text=title, height=480, font=dict(size=12),
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
            text=[str(s.stars) for s in sel], textfont=dict(size=12, color="#222222"),
            marker=dict(size=20, color=[palette[min(s.stars, len(palette) - 1)] for s in sel],
                        symbol="circle", line=dict(width=2 if not assumed else 1,
                                                   color="#1E8449" if not assumed else "#999999")),
            hovertext=[f"space {s.position}: {s.stars} star(s)" + (" — assumed" if assumed else " — rulebook")
                       for s in sel], hoverinfo="text"))
    for k in range(0, lap, 10):
        x, y = xy(k, 1.22)
        fig.add_annotation(x=x, y=y, text=str(k), showarrow=False, font=dict(size=13, color="#333"))
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
        same = sum(1 for t in totals[:i] if t % lap == pos)   # stars on one space step outwards
        x, y = xy(pos, 1.0 + 0.09 * same)
        fig.add_trace(go.Scatter(
            x=[x], y=[y], mode="markers", name=f"{names[i]}: {total}",
            marker=dict(size=22, color=color, symbol="star", line=dict(width=1.5, color="#222")),
            hovertext=[f"{names[i]}: total {total} = {laps} lap(s) + space {pos} → {stars} star(s)"],
            hoverinfo="text"))
        lines.append(f"{escape(names[i])}: {total} = {laps}×{lap} + {pos} → {laps}×{c.lap_stars} + "
                     f"{c.track_stars[pos]} = <b>{stars}★</b>")
    if lines:
        fig.add_annotation(x=0, y=0, text="<br>".join(lines), showarrow=False, font=dict(size=13))
    fig.update_layout(template=TEMPLATE, title_text=title or f"The score track: {lap} spaces, then it wraps",
                      height=760, legend=dict(orientation="h", y=-0.02),
                      xaxis=dict(visible=False, range=[-1.35, 1.35], scaleanchor="y"),
                      yaxis=dict(visible=False, range=[-1.3, 1.4]))
    return fig


# The setup pictures, in their own module, are part of this one's interface too.
from .setup_figures import (  # noqa: E402
    _setup_meta, component_rows, components_table_figure, location_rows, setup_figure, setup_rows,
)
