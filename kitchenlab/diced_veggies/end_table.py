"""The end of a Diced Veggies game for the play table (``GameInfo.end_table``): why the winners
won and the score table (recipe points plus the points of the hypes they paired)."""

from __future__ import annotations

from .howto import end_rows


def end_table(state) -> tuple[str, list[dict]]:
    """Why the winners won (a clause) and one row per seat: recipes cooked, recipe points, hype
    points, points in all (the score)."""
    rows = [{k: v for k, v in r.items() if k != "winner"} for r in end_rows(state)]
    for r in rows:
        r["points"] = r.pop("total")
    best = max(state.scores())
    if state.players == 1:
        rating = state.rating()
        return f"{best} points: {rating or 'no rating (the game help gives none for 71–80)'}", rows
    shared = len(state.winners()) > 1
    return f"the most points ({best})" + ("; the win is shared" if shared else ""), rows
