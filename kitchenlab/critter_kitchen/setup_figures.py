"""Critter Kitchen's setup pictures and tables: the table as dealt for each player count, the
locations in play and the components (Plotly only; the drawing parts come from :mod:`.figures`)."""

from __future__ import annotations

from typing import Sequence

import plotly.graph_objects as go

from ..charts import TEMPLATE, player_color, player_text_color
from .components import components_table
from .board_figures import (  # noqa: F401
    ASSUMED_MARK, BACK_COLOR, CHIP_H, CHIP_W, BISQUE_COLOR, BOARD_FILL, BOARD_LINE, CHEF_LETTERS, MUTED, TEXT_DARK, X_MAX, _Canvas, _columns, _cut, _fits, _priority_track, _spaces_grid, _waterfront,
)
from .shop import CAPACITY
from .solo import RIVAL_NAME
from .tokens import SOUP, token


# ---------------------------------------------------------------- setup


def _setup_meta(state) -> dict:
    cfg = state.cfg
    assumed = []
    for loc, n in zip(cfg.locs, cfg.spaces):
        if n and loc.assumed:
            assumed.append(f"{loc.name}: {n} item spaces")
    return {"locations": list(cfg.loc_names), "assumed": assumed, "players": state.players}


def setup_figure(players: int = 3, seed: int = 1) -> go.Figure:
    """The table before round 1 for ``players`` (1 = solo against McDogald's, 2–5).

    Hats are shuffled with ``seed`` (the same order as ``new_state(players, seed)``); nothing is
    on the item spaces yet (they are filled at the start of each round).
    """
    from . import new_state

    state = new_state(players=players, seed=seed)
    cfg = state.cfg
    comps = cfg.comps
    c = _Canvas()
    names = [cfg.seat_name(s) for s in range(cfg.seats)]

    # -- Waterfront board ---------------------------------------------------------------------
    d1, d2 = cfg.hold_rounds
    _waterfront(c, cfg, rnd=1, hold=d1, allspice_on_track=True,
                challenges=[None] * len(state.challenges), critic=None,
                rumors=[("face down", False, "")] * 3, hold_note=f" (moves to {d2} after day 1)")

    # -- priority track -------------------------------------------------------------------------
    _priority_track(c, names, state.priority, -2.15,
                    note="hats in random order" if not cfg.solo else f"{RIVAL_NAME} starts at the front")

    # -- locations ------------------------------------------------------------------------------
    y_top, y_bot = -3.1, -6.0
    cols = _columns(len(cfg.locs))
    two_side = max(2, players) == 2
    for i, (loc, (x0, x1)) in enumerate(zip(cfg.locs, cols)):
        n = cfg.spaces[i]
        c.rect(x0, y_bot, x1, y_top, f"board {i}", fill=BOARD_FILL, line=BOARD_LINE, width=1.5)
        label = loc.name
        c.write((x0 + x1) / 2, y_top - 0.3, _cut(label, _fits(x1 - x0)), size=12)
        sub = {"soup_truck": "leftmost", "numbered": f"board {loc.number}",
               "merchant": "2-player side" if two_side else "", "academy": "2-player side" if two_side else "rightmost"}[loc.kind]
        if sub:
            c.write((x0 + x1) / 2, y_top - 0.65, sub, size=9, color=MUTED)
        c.hoverpoint((x0 + x1) / 2, y_top - 0.3, f"{loc.name} (location {i + 1} from the left; source {loc.source})")
        mark = loc.assumed and n > 0
        if loc.kind == "soup_truck":
            c.chip((x0 + x1) / 2 - 0.95, y_top - 1.4, SOUP, "soup", hover="soup: unlimited at the Soup Truck")
            c.write((x0 + x1) / 2 - 0.55, y_top - 1.68, "∞", size=12)
            bx = (x0 + x1) / 2 + 0.15
            c.rect(bx, y_top - 1.4, bx + 0.8, y_top - 1.0, "bisque space", fill="#FFFFFF", line=BISQUE_COLOR, dash="dash")
            c.write(bx + 0.4, y_top - 1.2, "B3", size=10, color=BISQUE_COLOR)
            c.write(bx + 0.4, y_top - 1.65, "bisque", size=10)
            c.hoverpoint(bx + 0.4, y_top - 1.2, "bisque space: a bisque (value 3) goes here at the start of a round "
                         f"if it is empty; {cfg.bisque_supply} in the supply")
            c.write((x0 + x1) / 2, y_top - 2.25, "+ leftovers", size=9, color=MUTED)
        elif loc.kind == "academy":
            zx = (x0 + x1) / 2 - 0.55
            c.rect(zx, y_top - 1.6, zx + 1.1, y_top - 0.9, "zous-chef deck", fill=BACK_COLOR, line="#FFFFFF")
            c.write(zx + 0.55, y_top - 1.25, "zous", size=10, color="#FFFFFF")
            c.hoverpoint(zx + 0.55, y_top - 1.25, f"zous-chef deck, face down ({len(comps.zous_chefs)} cards): "
                         "one is offered each round (round 7: the Allspice token)")
            if n:
                for k, (sx, sy) in enumerate(_spaces_grid(x0, x1, y_top - 1.75, n)):
                    c.rect(sx, sy, sx + CHIP_W, sy + CHIP_H, f"space {i}", fill="#FFFFFF", line=BOARD_LINE)
                    c.hoverpoint(sx + 0.4, sy + 0.2, f"{loc.name} 2-player space: filled from the bag every round "
                                 f"(source {loc.source})")
                c.write((x0 + x1) / 2, y_top - 2.45, f"{n} spaces, filled each round", size=9, color=MUTED)
            c.write((x0 + x1) / 2, y_bot + 0.18, "+ leftovers", size=9, color=MUTED)
        else:
            for k, (sx, sy) in enumerate(_spaces_grid(x0, x1, y_top - 0.95, n)):
                c.rect(sx, sy, sx + CHIP_W, sy + CHIP_H, f"space {i}", fill="#FFFFFF", line=BOARD_LINE,
                       dash="dash" if mark else "solid")
                c.hoverpoint(sx + 0.4, sy + 0.2, f"item space of {loc.name}"
                             + (f" ({ASSUMED_MARK} how many is assumed: data/critter_kitchen/locations.csv)" if mark else ""))
            when = "when it resolves" if loc.kind == "merchant" else "each round"
            c.write((x0 + x1) / 2, y_top - 2.05, f"{n} spaces" + (f" {ASSUMED_MARK}" if mark else ""),
                    size=10, color="#B35C00" if mark else TEXT_DARK)
            c.write((x0 + x1) / 2, y_top - 2.45, when, size=9, color=MUTED)
    c.write(X_MAX / 2, y_bot - 0.3, "Chefs resolve the locations left to right; dashed spaces and "
            f"{ASSUMED_MARK} mark counts the kit assumes", size=10, color=MUTED)

    # -- what each player takes -----------------------------------------------------------------
    row_h = 1.25
    y = y_bot - 0.7
    n_loc = len(cfg.locs)
    for s in range(cfg.seats):
        color = player_color(s)
        top = y - s * row_h
        c.rect(0.1, top - row_h + 0.1, X_MAX - 0.1, top, f"player {s}", fill="rgba(255,255,255,0)", line="#DDDDDD")
        c.write(1.4, top - 0.35, names[s], size=13, color=player_text_color(s))
        c.circle(0.45, top - 0.8, 0.22, f"hat {s}", fill=color, line="#222222")
        c.write(1.5, top - 0.8, "hat", size=10, color=MUTED)
        if s == cfg.rival:
            card = comps.critics_choice_card(cfg.solo_card)[0]
            c.rect(2.8, top - 1.0, 6.6, top - 0.2, "critics choice", fill="#FFF7E0", line="#B8860B")
            c.write(4.7, top - 0.45, "Critic's Choice card", size=10)
            stars = f"{card.start_stars} star" + ("" if card.start_stars == 1 else "s")
            c.write(4.7, top - 0.78, f"starts with {stars} {ASSUMED_MARK}", size=10, color="#B35C00")
            c.hoverpoint(4.7, top - 0.6, f"McDogald's Critic's Choice card '{cfg.solo_card}': the kit's assumed "
                         "solo deck (data/critter_kitchen/critics_choice.csv)")
            for k, who in enumerate(("manager", "mouse", "lizard", "boar")):
                px = 7.0 + k * 1.55
                c.rect(px, top - 1.0, px + 1.4, top - 0.2, "placement deck", fill=BACK_COLOR, line="#FFFFFF")
                c.write(px + 0.7, top - 0.6, who, size=10, color="#FFFFFF")
                c.hoverpoint(px + 0.7, top - 0.6,
                             "Manager deck (assumed cards): its top card, revealed each round, sends one chef"
                             if who == "manager" else
                             f"{who} deck (assumed cards): its top card sends McDogald's {who} if the Manager "
                             f"did not, or a zous-chef of capacity {k}")
            c.write(18.0, top - 0.45, "automated: a critic plate, no shield or challenge plates", size=10, color=MUTED)
            c.write(18.0, top - 0.78, "never looks at rumor cards", size=10, color=MUTED)
            continue
        for k, chef in enumerate(("mouse", "lizard", "boar")):
            cx = 3.2 + k * 1.65
            c.circle(cx, top - 0.6, 0.27, "chef", fill=color, line="#222222")
            c.write(cx, top - 0.6, CHEF_LETTERS[chef], size=11, color="#FFFFFF")
            c.write(cx, top - 1.0, f"{chef} {CAPACITY[chef]}", size=9)
            c.hoverpoint(cx, top - 0.6, f"{chef}: capacity {CAPACITY[chef]} (picks in queue {CAPACITY[chef]}, "
                         f"takes up to {CAPACITY[chef]} item(s))")
        lx = 8.2
        if cfg.solo:        # solo: chefs are placed directly, with no location cards and no shield
            c.write(lx + 1.0, top - 0.6, "no location cards", size=9, color=MUTED)
            c.hoverpoint(lx + 1.0, top - 0.6, "solo: you place your chefs directly, so location cards and the "
                         "shield stay in the box")
            px = lx + 2.6
        else:
            for k in range(n_loc):
                c.rect(lx + k * 0.42, top - 0.95, lx + k * 0.42 + 0.36, top - 0.3, "location card",
                       fill="#F3E3C3", line=BOARD_LINE)
            c.write(lx + n_loc * 0.21, top - 1.1, f"{n_loc} location cards", size=9)
            c.hoverpoint(lx + n_loc * 0.21, top - 0.6, f"{n_loc} location cards, one per location in play "
                         "(used to plan behind the shield)")
            px = lx + n_loc * 0.42 + 0.6
        c.circle(px + 0.3, top - 0.6, 0.3, "critic plate", fill="#FFFFFF", line="#B8860B", width=1.5)
        for k in range(3):
            c.circle(px + 1.1 + k * 0.7, top - 0.6, 0.27, "challenge plate", fill="#FFFFFF", line="#4A6FA5")
        c.write(px + 1.3, top - 1.1, "4 plates", size=9)
        c.hoverpoint(px + 1.3, top - 0.6, "plates: 1 critic plate (7 courses) and 3 challenge plates")
        sx = px + 3.6
        for k in range(cfg.start_soup):
            c.chip(sx + k * 0.9, top - 0.8, SOUP, "start soup", hover="1 soup to start with")
        c.write(sx + 0.4, top - 1.1, f"{cfg.start_soup} soup", size=9)
        if not cfg.solo:
            c.rect(sx + 1.6, top - 1.0, sx + 3.4, top - 0.2, "shield", fill="#EEEEEE", line="#999999")
            c.write(sx + 2.5, top - 0.6, "shield", size=10, color=MUTED)
            c.hoverpoint(sx + 2.5, top - 0.6, "the shield hides the storage and the plan")
    y_low = y - cfg.seats * row_h - 0.1
    who = "solo: Player 1 against McDogald's (2-player layout)" if cfg.solo else f"{players} players"
    title = f"Critter Kitchen setup — {who}: {len(cfg.locs)} locations"
    return c.figure(title, y_low, 0.05, meta=_setup_meta(state))


def setup_rows(counts: Sequence[int] | None = None) -> list[dict]:
    """One row per player count: the locations in play (left to right) and their item spaces."""
    from . import PLAYERS, new_state

    rows = []
    for p in counts or PLAYERS:
        cfg = new_state(players=p, seed=0).cfg
        numbered = [loc.name for loc in cfg.locs if loc.kind == "numbered"]
        rows.append({
            "players": "solo" if p == 1 else p,
            "locations": len(cfg.locs),
            "numbered boards": ", ".join(numbered),
            "item spaces each round": sum(n for loc, n in zip(cfg.locs, cfg.spaces) if loc.kind != "merchant"),
            "Merchant spaces": cfg.spaces[cfg.merchant],
            "Academy spaces": cfg.spaces[cfg.academy],
            "side of Merchant / Academy": "2-player" if max(2, p) == 2 else "3–5-player",
        })
    return rows


def location_rows(players: int = 3) -> list[dict]:
    """The boards in play for ``players`` with their item spaces and sources; assumed values ⚠."""
    from . import new_state

    cfg = new_state(players=players, seed=0).cfg
    rows = []
    for i, (loc, n) in enumerate(zip(cfg.locs, cfg.spaces)):
        rows.append({"position": i + 1, "location": loc.name, "item spaces": n, "source": loc.source,
                     "assumed": ASSUMED_MARK + " assumed" if loc.assumed else "", "note": loc.note})
    return rows


def component_rows() -> list[dict]:
    """The component table (``components_table``) with a visible ⚠ mark on assumed kinds."""
    out = []
    for r in components_table():
        mark = f"{ASSUMED_MARK} {r['assumed_rows']} of {r['rows']} rows assumed" if r["assumed"] else ""
        out.append({"component": r["component"], "count": r["count"], "source": r["source"], "assumed": mark})
    return out


def components_table_figure() -> go.Figure:
    """The component table as a Plotly table, assumed rows in orange with a ⚠."""
    rows = component_rows()
    fill = ["#FFE3C2" if r["assumed"] else "#FFFFFF" for r in rows]
    cols = ["component", "count", "source", "assumed"]
    fig = go.Figure(go.Table(
        header=dict(values=[f"<b>{c}</b>" for c in cols], fill_color="#EAF2F8", align="left"),
        cells=dict(values=[[r[c] for r in rows] for c in cols], fill_color=[fill] * len(cols), align="left",
                   height=24)))
    fig.update_layout(template=TEMPLATE, title_text="Critter Kitchen components and their sources "
                      f"({ASSUMED_MARK} = assumed by the kit)", height=90 + 25 * len(rows),
                      margin=dict(l=10, r=10, t=50, b=10))
    return fig
