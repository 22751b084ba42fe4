"""The end screen of a Chefs game (``GameInfo.end_table``): why the winners won and the score table.

A chef's score is the squares its chef advanced, all from the meals it served; the meal points it
still holds unserved only break a tie (with the variant ``ties="meal_points"``).
"""

from __future__ import annotations

from ..i18n import _
from .actions import MEAL_STEPS
from .reading import player_name


def end_table(state) -> tuple[str, list[dict]]:
    """Why the winners won (a clause) and one row per seat: meals served, their squares, meal
    points held unserved, squares in all (the score); headers and texts in the current language."""
    won = state.winners()
    best = max(state.steps_done)
    rows = []
    for p in range(state.players):
        served = [e for e in state.events if e.kind == "serve" and e.data["seat"] == p]
        rows.append({_("player"): player_name(p), _("meals served"): len(served),
                     _("unserved meal points"): sum(MEAL_STEPS[m] for m in state.held[p]),
                     _("squares"): state.steps_done[p]})
    tied = sum(1 for s in state.steps_done if s == best) > 1
    reason = state.end_reason_text()
    if tied and len(won) == 1:
        why = _("furthest along the track ({squares} squares) when the game ended ({reason}); the tie is broken by "
                "the most unserved meal points")
    elif tied:
        why = _("furthest along the track ({squares} squares) when the game ended ({reason}); the tie is shared")
    else:
        why = _("furthest along the track ({squares} squares) when the game ended ({reason})")
    return why.format(squares=best, reason=reason), rows
