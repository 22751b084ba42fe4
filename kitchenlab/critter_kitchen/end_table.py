"""The end of a Critter Kitchen game for the play table (``GameInfo.end_table``): why the winners
won and one score table: the stars of the challenge meals, then every part of the critic meal's
stars (best of course, rumors, most soup, seven courses, bonus, the score track), then the stars
in all (the score)."""

from __future__ import annotations

from ..errors import KitchenlabError
from ..i18n import N_, _
from . import solo
from .tokens import TYPES
from .words import type_word

#: the end table's columns, in order (English: the keys; shown through the catalogue)
COLUMNS = (N_("player"), N_("challenge-meal stars"), N_("critic plate (quality)"), N_("best-of-course stars"),
           N_("rumor stars"), N_("most soup"), N_("seven courses"), N_("bonus stars"), N_("score track (stars)"),
           N_("critic-meal stars"), N_("stars"))


def plate_text(result) -> str:
    """The critic plate in one line: ``"carrot 7, meat 7, wine 4"`` (each course's quality)."""
    served = [f"{type_word(t)} {q}" for t, n, q in zip(TYPES, result.courses or ("",) * len(TYPES),
                                                       result.course_qualities) if n]
    return ", ".join(served) or _("nothing served")


def end_table(state) -> tuple[str, list[dict]]:
    """Why the winners won (a clause) and one row per restaurant (a solo game's rival too), its
    column headers in the current language."""
    if state.results is None:
        raise KitchenlabError(_("the game is not over: there is no final score yet"))
    rows = []
    for r in state.results:
        stars = state.stars[r.player]
        values = (state._name(r.player), stars - r.total, plate_text(r), r.best_courses, r.rumor_stars,
                  r.most_soup, r.all_courses, r.bonus, f"{r.final_total} ({r.track_stars})", r.total, stars)
        rows.append({_(column): value for column, value in zip(COLUMNS, values)})
    seats = range(state.cfg.seats)
    most = max(state.stars[s] for s in seats)
    best = [s for s in seats if state.stars[s] == most]
    won = state._winning_seats()
    if state.cfg.solo:
        mine, its = state.stars[0], state.stars[1]
        why = (_("more stars than {rival} ({mine} against {its})") if won == [0]
               else _("{rival} has {its} stars against {mine}")).format(rival=solo.RIVAL_NAME, mine=mine, its=its)
        if won != [0] and mine == its:
            why += _(" (a tie is a loss)")
        return why, rows
    why = _("the most stars ({count})").format(count=most)
    if len(best) > 1 and len(won) == 1:
        far = [s for s in best if state.totals[s] == max(state.totals[p] for p in best)]
        why += (_("; the tie is broken by the score track") if len(far) == 1
                else _("; the tie is broken by the priority track"))
    return why, rows
