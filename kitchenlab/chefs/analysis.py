"""Chefs for the notebooks: worked positions, the door's game tree, and seeded experiments.

Everything here is a public, named function a notebook cell calls; nothing imports widgets or
Plotly except through :mod:`kitchenlab.charts` and :mod:`kitchenlab.chefs.figures`.
"""

from __future__ import annotations

from collections import Counter

from .. import new_game
from ..sim import compare, play_game, simulate, win_share_interval
from .position import build_position
from .rules import DOOR_BOXES, LOCATION_KEYS, LOCATION_NAMES, State, player_name
from .scoring import layout


def layout_rows() -> list[dict]:
    """The layout for every player count: counter cards, meal cards per stove, cards laid out."""
    rows = []
    for p in (2, 3, 4, 5, 6):
        lay = layout(p)
        rows.append({"players": p, "counter cards": lay["counter"], "meals per stove": lay["meals_per_stove"],
                     "meal cards laid out": 2 * lay["meals_per_stove"], "cards dealt": 2 * p})
    return rows


def deal_summary(state: State) -> list[dict]:
    """One row per seat after the deal: what the seat holds and what the others see of it."""
    view = state.view(None)
    rows = []
    for p in range(state.players):
        rows.append({"seat": player_name(p), "chef card": view["chef_cards"][p],
                     "hand (only this seat sees it)": ", ".join(state.hand(p)),
                     "what the others see": f"{view['hand_sizes'][p]} face-down cards"})
    return rows


def view_rows(state: State, seat: int | None) -> list[dict]:
    """``state.view(seat)`` as rows (key, value) for a table, hand and board first."""
    view = state.view(seat)
    keys = ["seat", "round", "phase", "to_act", "hand", "hand_sizes", "known_cards", "counter", "window",
            "wall", "placed", "acting_disc", "door_boxes", "meals_held", "steps"]
    return [{"field": k, "value": str(view[k])} for k in keys]


def resolution_order(state: State) -> list[dict]:
    """The discs of a round in the order they act: location 1 → 5, circle order within each."""
    order = state.order if state.order and len(state.order) == len(state.placed) else \
        tuple(sorted(state.placed, key=lambda d: d[0]))
    rows, seen = [], Counter()
    for i, (loc, p) in enumerate(order):
        seen[loc] += 1
        rows.append({"acts": i + 1, "location": f"{loc + 1} {LOCATION_NAMES[loc]}", "circle": seen[loc],
                     "disc of": player_name(p)})
    return rows


def round_states(players: int = 3, seed: int = 4, bots="greedy", **variants) -> list[State]:
    """Every state of round 1 of a seeded game played by bots (the deal first, round 2's start last)."""
    final = play_game("chefs", players, seed, bots, **variants)
    state = new_game("chefs", players=players, seed=seed, **variants)
    out = [state]
    for action in final.history:
        state = state.apply(action)
        out.append(state)
        if state.round > 1 or state.is_over:
            break
    return out


def first_resolving_state(states) -> State:
    """The first state of a list in which the discs act (placement over)."""
    return next(s for s in states if s.phase == "resolve")


# ---------------------------------------------------------------- the door's boxes as a game tree

DOOR_EXAMPLE = {
    "hands": [["egg", "egg", "egg"], ["flour", "flour"], ["onion"]],
    "placed": [["door", 0], ["door", 1], ["door", 2], ["counter", 0], ["counter", 1], ["counter", 2],
               ["counter", 0], ["counter", 1], ["counter", 2]],
    "counter": [],
}


def door_position(seed: int = 0) -> State:
    """Three discs at the door in circle order Player 1, 2, 3, holding 3, 2 and 1 cards (one kind each,
    so a box is the only choice); the counter is empty, so the door acts first."""
    from . import _resolved

    return build_position(3, seed, _resolved(3, {}), DOOR_EXAMPLE)


def door_label(state: State) -> str:
    """A tree node's label: whose disc acts at the door, or which boxes are taken."""
    if state.acting_disc and state.acting_disc[0] == LOCATION_KEYS.index("door"):
        return f"P{state.current_player + 1} at the door"
    taken = [f"{b + 1}:P{t + 1}" for b, t in enumerate(state.boxes) if t >= 0]
    return "boxes " + (", ".join(taken) if taken else "none")


def door_tree(seed: int = 0, depth: int = 2, max_nodes: int = 200):
    """The game tree of the door in :func:`door_position`: each disc, in circle order, takes a free
    box it can pay for or none. ``depth=2`` shows Players 1 and 2 (Player 3's choice follows);
    ``depth=3`` the whole door."""
    from ..trees import build_tree

    return short_door_labels(build_tree(door_position(seed), depth=depth, max_nodes=max_nodes, label=door_label))


def short_door_labels(G):
    """Edge labels cut to the box taken, as its exchange (``"1→2"``: each box has its own), or
    ``"none"``; the full action stays in the edge's ``action`` attribute."""
    for _u, _v, data in G.edges(data=True):
        text = data.get("action", "")
        if text.startswith("door box"):
            data["label"] = text[text.index("(") + 1:text.index(")")]
        elif text == "take no box":
            data["label"] = "none"
    return G


def door_choices(state: State) -> list[str]:
    """The boxes open to the disc acting at the door now, as text."""
    return [str(a) for a in state.legal_actions()]


def box_options(hand_size: int, taken=()) -> list[str]:
    """The boxes a disc holding ``hand_size`` cards may take when the boxes ``taken`` (numbers 1..5) are closed."""
    return [f"box {b + 1}: {give}→{draw}" for b, (give, draw) in enumerate(DOOR_BOXES)
            if b + 1 not in taken and give <= hand_size]


# ---------------------------------------------------------------- experiments

def seat_shares(n: int = 200, players: int = 4, seed: int = 0, bots="greedy", **variants) -> list[dict]:
    """Win share per seat over ``n`` seeded games (ties shared) with a 95 % interval, in percent."""
    df = simulate("chefs", n=n, players=players, seed=seed, bots=bots, workers=1, **variants)
    return share_rows(df)


def share_rows(df) -> list[dict]:
    """Win share per seat of a :func:`kitchenlab.sim.simulate` table, in percent with a 95 % interval."""
    n = len(df)
    seats = sorted(int(c.split("_")[1]) for c in df.columns if c.startswith("win_"))
    rows = []
    for p in seats:
        wins = float(df[f"win_{p}"].sum())
        low, high = win_share_interval(wins, n)
        rows.append({"seat": player_name(p), "win share %": round(100 * wins / n, 1),
                     "95 % interval": f"{100 * low:.1f} – {100 * high:.1f}"})
    return rows


VARIANT_ARMS = {
    "refill": {"fill up (default)": {}, "add the count": {"refill": "add"}},
    "circles": {"unlimited, door 5 (default)": {}, "table per player count": {"circles": "by_players"}},
    "chef_card": {"once per stove location (default)": {}, "once per round": {"chef_card": "per_round"}},
    "served_meals": {"to the discard pile (default)": {}, "leave the game": {"served_meals": "leave"}},
    "ties": {"shared (default)": {}, "unserved meal points": {"ties": "meal_points"}},
}


def variant_rows(option: str, n: int = 100, players: int = 4, seed: int = 0, bots="greedy") -> list[dict]:
    """One row per value of a variant option: mean rounds, mean winning score, shared wins, seat 1's
    win share with its 95 % interval (the same seeded games for every value)."""
    if option not in VARIANT_ARMS:
        raise KeyError(f"no experiment for {option!r}; options: {', '.join(VARIANT_ARMS)}")
    df = compare("chefs", VARIANT_ARMS[option], n=n, players=players, seed=seed, bots=bots, workers=1)
    rows = []
    for label, part in df.groupby("variant", sort=False):
        scores = part[[f"score_{p}" for p in range(players)]].max(axis=1)
        shared = sum(1 for w in part["winners"] if len(w) > 1)
        wins = float(part["win_0"].sum())
        low, high = win_share_interval(wins, len(part))
        rows.append({"variant": label, "games": len(part), "mean rounds": round(float(part["rounds"].mean()), 2),
                     "mean winning squares": round(float(scores.mean()), 2), "shared wins %": round(100 * shared / len(part), 1),
                     "Player 1 wins %": round(100 * wins / len(part), 1),
                     "95 % interval": f"{100 * low:.1f} – {100 * high:.1f}"})
    return rows


def player_count_rows(n: int = 100, seed: int = 0, bots="greedy") -> list[dict]:
    """Per player count: mean rounds and steps of a game, and how often the win is shared."""
    rows = []
    for players in (2, 3, 4, 5, 6):
        df = simulate("chefs", n=n, players=players, seed=seed, bots=bots, workers=1)
        shared = sum(1 for w in df["winners"] if len(w) > 1)
        rows.append({"players": players, "mean rounds": round(float(df["rounds"].mean()), 2),
                     "mean steps (decisions)": round(float(df["steps"].mean()), 1),
                     "shared wins %": round(100 * shared / n, 1)})
    return rows


def greedy_margin(n: int = 100, players: int = 4, seed: int = 0) -> dict:
    """Greedy in seat 1 against random bots: its win share in percent with a 95 % interval."""
    wins = 0.0
    for s in range(seed, seed + n):
        final = play_game("chefs", players, s, ["greedy"] + ["random"] * (players - 1))
        won = final.winners()
        wins += 1 / len(won) if 0 in won else 0.0
    low, high = win_share_interval(wins, n)
    return {"games": n, "greedy wins %": round(100 * wins / n, 1), "95 % interval": f"{100 * low:.1f} – {100 * high:.1f}",
            "random's fair share %": round(100 / players, 1)}


__all__ = ["DOOR_EXAMPLE", "VARIANT_ARMS", "box_options", "deal_summary", "door_choices", "door_label",
           "door_position", "door_tree", "short_door_labels", "first_resolving_state", "greedy_margin",
           "layout_rows", "player_count_rows", "resolution_order", "round_states", "seat_shares", "share_rows",
           "variant_rows", "view_rows"]
