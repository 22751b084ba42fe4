"""The end of a Critter Kitchen game for the play table (``GameInfo.end_table``): why the winners
won and one score table: the stars of the challenge meals, then every part of the critic meal's
stars (best of course, rumors, most soup, seven courses, bonus, the score track), then the stars
in all (the score)."""

from __future__ import annotations

from ..errors import KitchenlabError
from . import solo
from .tokens import TYPES


def plate_text(result) -> str:
    """The critic plate in one line: ``"carrot 7, meat 7, wine 4"`` (each course's quality)."""
    served = [f"{t} {q}" for t, n, q in zip(TYPES, result.courses or ("",) * len(TYPES), result.course_qualities)
              if n]
    return ", ".join(served) or "nothing served"


def end_table(state) -> tuple[str, list[dict]]:
    """Why the winners won (a clause) and one row per restaurant (a solo game's rival too)."""
    if state.results is None:
        raise KitchenlabError("the game is not over: there is no final score yet")
    rows = []
    for r in state.results:
        stars = state.stars[r.player]
        row = {"player": state._name(r.player), "challenge-meal stars": stars - r.total,
               "critic plate (quality)": plate_text(r), "best-of-course stars": r.best_courses,
               "rumor stars": r.rumor_stars, "most soup": r.most_soup, "seven courses": r.all_courses,
               "bonus stars": r.bonus, "score track (stars)": f"{r.final_total} ({r.track_stars})",
               "critic-meal stars": r.total, "stars": stars}
        rows.append(row)
    seats = range(state.cfg.seats)
    most = max(state.stars[s] for s in seats)
    best = [s for s in seats if state.stars[s] == most]
    won = state._winning_seats()
    if state.cfg.solo:
        why = (f"more stars than {solo.RIVAL_NAME} ({state.stars[0]} against {state.stars[1]})" if won == [0]
               else f"{solo.RIVAL_NAME} has {state.stars[1]} stars against {state.stars[0]}"
               + (" (a tie is a loss)" if state.stars[0] == state.stars[1] else ""))
        return why, rows
    why = f"the most stars ({most})"
    if len(best) > 1 and len(won) == 1:
        far = [s for s in best if state.totals[s] == max(state.totals[p] for p in best)]
        why += "; the tie is broken by the score track" if len(far) == 1 else "; the tie is broken by the priority track"
    return why, rows
