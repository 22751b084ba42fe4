"""The end of a Diced Veggies game for the play table (``GameInfo.end_table``): why the winners
won and the score table (recipe points plus the points of the hypes they paired)."""

from __future__ import annotations

from ..i18n import _
from .howto import end_rows
from .scoring import rating_text


def end_table(state) -> tuple[str, list[dict]]:
    """Why the winners won (a clause) and one row per seat: recipes cooked, recipe points, hype
    points, points in all (the score)."""
    rows = [{k: v for k, v in r.items() if k != "winner"} for r in end_rows(state)]
    for r in rows:
        r["points"] = r.pop("total")
    best = max(state.scores())
    if state.players == 1:
        rating = state.rating()
        return _("{points} points: {rating}").format(
            points=best, rating=rating_text(rating) or _("no rating (the game help gives none for 71–80)")), rows
    if len(state.winners()) > 1:
        return _("the most points ({points}); the win is shared").format(points=best), rows
    return _("the most points ({points})").format(points=best), rows
