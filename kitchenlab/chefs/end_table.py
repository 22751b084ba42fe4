"""The end screen of a Chefs game (``GameInfo.end_table``): why the winners won and the score table.

A chef's score is the squares its chef advanced, all from the meals it served; the meal points it
still holds unserved only break a tie (with the variant ``ties="meal_points"``).
"""

from __future__ import annotations

from .actions import MEAL_STEPS
from .reading import player_name


def end_table(state) -> tuple[str, list[dict]]:
    """Why the winners won (a clause) and one row per seat: meals served, their squares, meal
    points held unserved, squares in all (the score)."""
    won = state.winners()
    best = max(state.steps_done)
    rows = []
    for p in range(state.players):
        served = [e for e in state.events if e.kind == "serve" and e.data["seat"] == p]
        rows.append({"player": player_name(p), "meals served": len(served),
                     "unserved meal points": sum(MEAL_STEPS[m] for m in state.held[p]),
                     "squares": state.steps_done[p]})
    tied = sum(1 for s in state.steps_done if s == best) > 1
    why = f"furthest along the track ({best} squares) when the game ended ({state.end_reason})"
    if tied and len(won) == 1:
        why += "; the tie is broken by the most unserved meal points"
    elif tied:
        why += "; the tie is shared"
    return why, rows
