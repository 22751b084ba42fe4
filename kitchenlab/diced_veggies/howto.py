"""Seeded examples the Diced Veggies notebooks teach with (positions, games, tables of rows).

>>> s = cook_example()
>>> [str(a) for a in s.legal_actions()][0]
'cook Mushroom & Pepper Salad [M M P, 3 pts] with M2 M3 P4'
"""

from __future__ import annotations

import kitchenlab

from .actions import Kind
from .components import load_components
from .position import from_position
from .scoring import cooked_points, die_label, player_total

#: The seed of the notebooks' example game (a two-player game of greedy bots).
EXAMPLE_SEED = 7


def example_game(players: int = 2, seed: int = EXAMPLE_SEED, bots="greedy", **variants):
    """A whole seeded game played by bots (the same game ``kitchenlab.sim.play_game`` plays)."""
    from ..sim import play_game

    return play_game("diced_veggies", players, seed, bots, **variants)


def first_cut_state(players: int = 2, seed: int = EXAMPLE_SEED, **variants):
    """The first position of a dealt game where a player must cut (after any restock choice)."""
    s = kitchenlab.new_game("diced_veggies", players=players, seed=seed, **variants)
    while s.phase != "cut":
        s = s.apply(next(a for a in s.legal_actions() if a.kind == Kind.KEEP))
    return s


def cook_example():
    """Player 1 holds M2 M3 P4 P6 and the Mushroom & Pepper Salad (M M P, 3 pts), with the hypes
    "In Order" (a run, 4 pts) and "Nineteen to the Dozen" (sum = 19, 5 pts) in hand."""
    return from_position(2, seed=1, position={
        "dice": [["M2", "M3", "P4", "P6"], ["T5"]], "recipes": [[9], [2]], "hypes": [[13, 7], [20]],
        "display": [40, 41, 42], "phase": "cook"})


def small_block_example(**variants):
    """Player 1 to cut a block of three dice, M2 P3 C4 (total 9): by the seed the only move is to
    take it all; ``small_block="may_cut"`` offers the four cuts too.

    >>> [str(a) for a in small_block_example().legal_actions()]
    ['take the whole block (total 9)']
    >>> len(small_block_example(small_block="may_cut").legal_actions())
    5
    """
    return from_position(2, seed=1, position={"block": ["M2 P3 C4"], "phase": "cut"}, **variants)


def cook_rows(state) -> list[dict]:
    """The cook decisions of ``state`` (a cook phase), with what each would score if paired best."""
    comps = load_components()
    p = state.current_player
    rows = []
    for a in state.legal_actions():
        if a.kind != Kind.COOK:
            continue
        after = state.apply(a)
        best = 0
        name = "—"
        for h in after.legal_actions():
            if h.kind == Kind.HYPE:
                pts = cooked_points(comps.recipe(a.card), comps.hype(h.card), a.dice + h.dice)
                if pts > best:
                    best, name = pts, comps.hype(h.card).name
        rows.append({"cook": comps.recipe(a.card).name, "dice": " ".join(die_label(d) for d in a.dice),
                     "total": sum(int(d[1]) for d in a.dice), "recipe points": comps.recipe(a.card).points,
                     "best hype": name, "points with it": best or comps.recipe(a.card).points})
    assert p is not None
    return rows


def end_rows(state) -> list[dict]:
    """One row per player: recipes cooked, recipe points, hype points, total, winner."""
    comps = load_components()
    winners = set(state.winners())
    rows = []
    for p, cooked in enumerate(state.cooked):
        rp = sum(comps.recipe(r).points for r, _, _ in cooked)
        total = player_total(cooked)
        rows.append({"player": f"Player {p + 1}", "recipes cooked": len(cooked), "recipe points": rp,
                     "hype points": total - rp, "total": total, "winner": "★" if p in winners else ""})
    return rows


def view_rows(state) -> list[dict]:
    """What each seat (and the public) sees of the hidden hypes: one row per viewer."""
    comps = load_components()
    rows = []
    for seat in [None] + list(range(state.players)):
        v = state.view(seat)
        own = ", ".join(comps.hype(h).name for h in v["hypes"]) if v["hypes"] is not None else "—"
        rows.append({"viewer": "public" if seat is None else f"Player {seat + 1}", "own hypes": own,
                     "hypes of others": ", ".join(f"P{q + 1}: {n} hidden" for q, n in enumerate(v["hype_counts"])
                                                 if q != seat),
                     "recipes (open)": "; ".join(f"P{q + 1}: " + ", ".join(names)
                                                 for q, names in enumerate(v["recipe_names"]))})
    return rows


def turn_states(players: int = 2, seed: int = EXAMPLE_SEED, bots="greedy", turns: int = 1, **variants) -> list:
    """Every state of the first ``turns`` turn(s) of the seeded example game, from the deal to the
    state where the next turn has begun."""
    from ..play import playout

    def past(state) -> bool:
        return sum(1 for e in state.events if e.kind == "turn") > turns

    return playout("diced_veggies", players, seed, bots, until=past, **variants)


def end_sequence(state) -> list[str]:
    """The log lines from the end trigger on (found by the facts behind the lines, so in any language)."""
    lines = list(state.log)
    start = next((i for i, e in enumerate(state.events) if e.kind == "end" and "reason" in e.data), len(lines))
    return lines[start:]


def cut_label(state) -> str:
    """A tree node's label after a cut: how many of the cutter's recipes their dice now cook."""
    if state.phase == "cut":
        return f"P{state.current_player + 1} to cut"
    comps = load_components()
    p = state.current_player
    if p is None:
        return "game over"
    from .scoring import can_cook

    n = sum(1 for r in state.recipes[p] if can_cook(state.dice[p], comps.recipe(r).ingredients))
    return f"cooks {n} recipe" + ("" if n == 1 else "s")


def cut_tree(state):
    """The game tree of one turn's cut choices: every legal cut from ``state`` (a cut phase), each
    child labelled with how many recipes the cutter could then cook; edges carry the cut's number
    (the order of ``legal_cuts``) as their label and the whole cut as their ``action``."""
    from ..trees import build_tree

    G = build_tree(state, depth=1, max_nodes=200, label=cut_label)
    for k, (_u, _v, a) in enumerate(G.edges(data=True)):
        a["label"] = str(k + 1)           # the cut's number, as in the gallery; the text is in "action"
    return G
