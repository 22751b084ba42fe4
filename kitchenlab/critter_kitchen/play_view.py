"""What one restaurant sees of a Critter Kitchen game, as HTML: :func:`play_view_html` (header, table,
own restaurant, log) and :func:`critic_and_rumors_html`, built from ``state.view(seat)`` and public
facts only.

Critter Kitchen is played at the table every game shares (:func:`kitchenlab.table.play_widget`),
whose move helper (:func:`.play_table.move_helper`: plan chooser, meal builders, confirmed *Done*)
shows these sections."""

from __future__ import annotations

from html import escape

from . import scoring
from .rumors import rumor_effect_text
from .tokens import TYPES, is_ingredient, is_spice
from .widgets import ASSUMED_MARK, TABLE_CSS, tokens_html


PHASE_TEXT = {
    "restaurateur": "choose a restaurateur", "plan": "plan: send each chef to a location",
    "shop": "shopping", "challenge": "challenge meals", "fridge": "fridge", "critic": "the critic meal",
    "over": "game over",
}


def _day_meals(state, seat: int) -> list[dict]:
    """The day's challenges for ``seat``: number k, name, requirements (after the Hold), served?"""
    c = state.cfg.comps
    served = {ci for ci, *_ in state.served[seat]}
    out = []
    for k, (ci, reqs) in enumerate(state.day_challenges(), start=1):
        ch = c.challenge(state.challenges[ci])
        out.append({"k": k, "name": ch.name, "requirements": list(reqs), "printed": list(ch.requirements),
                    "served": ci in served, "assumed": ch.assumed})
    return out


def critic_and_rumors_html(state, view: dict) -> str:
    """The critic and the three rumor cards as a seat knows them: each known card's effect in words
    (⚠ where the kit assumed it), the others face down."""
    c = state.cfg.comps
    crit = c.critic(state.critic)
    rumors = []
    by_name = {r.name: r for r in c.rumors}
    for k, name in enumerate(view["rumor_cards"], start=1):
        if name:
            r = by_name[name]
            mark = f" <b title='assumed by the kit'>{ASSUMED_MARK}</b>" if r.assumed else ""
            text = f"{escape(name)} — {escape(rumor_effect_text(r))}{mark}"
        else:
            text = "face down (you do not know it)"
        rumors.append(f"<li>rumor {k}: {text}</li>")
    return (f"<div><b>Critic:</b> {escape(crit.name)} — {escape(crit.note)}"
            f"{' <b>' + ASSUMED_MARK + '</b>' if crit.assumed else ''}</div>"
            f"<b>Rumor cards</b><ul style='margin:2px 0'>{''.join(rumors)}</ul>")


def play_view_html(state, seat: int, log_lines: int = 14) -> dict[str, str]:
    """The HTML sections a player sees: ``header``, ``table``, ``own``, ``log``.

    Built from ``state.view(seat)`` plus public facts (the log, the day's challenges, the chef
    picking now), so nothing private to another restaurant can appear.
    """
    from ..widgets import log_html

    v = state.view(seat)
    c = state.cfg.comps
    me = v["players"][seat]["name"]
    ph = v["phase"]
    cp = v["current_player"]
    rounds = state.cfg.rounds
    if cp is None:
        turn = ""
    else:
        turn = " — <b>your move</b>" if cp == seat else f" — {escape(v['players'][cp]['name'])} to act"
    stars = "".join(
        f"<tr><td>{'<b>' if i == seat else ''}{escape(p['name'])}{' (you)</b>' if i == seat else ''}</td>"
        f"<td style='text-align:right'>{p['stars']}</td><td>{len(p['rumors_known'])}</td>"
        f"<td>{escape(p['zous_chef'] or '')}</td><td>{len(p['served'])}</td></tr>"
        for i, p in enumerate(v["players"]))
    prio = " → ".join(escape(n) for n in v["priority"])
    header = TABLE_CSS + (
        f"<div style='font-size:120%'><b>Round {v['round']} of {rounds}</b> — {PHASE_TEXT.get(ph, ph)}{turn}</div>"
        f"<div>You are <b>{escape(me)}</b>. Priority track, left (back) to right "
        f"(front, picks first in a tie): {prio}</div>"
        "<table class='kl-scoreboard kl-ck'><thead><tr><th>restaurant</th><th>stars</th><th>rumors known</th>"
        f"<th>zous-chef</th><th>challenges served</th></tr></thead><tbody>{stars}</tbody></table>"
    )
    # ---- the table: locations, challenges, critic, rumor cards
    locs = []
    for i, loc in enumerate(v["locations"]):
        chefs = ", ".join(f"{escape(ch['name'])}'s {escape(ch['chef'])}" for ch in loc["chefs"])
        here = " ◀ resolving" if ph == "shop" and state.loc == i else ""
        locs.append(f"<tr><td>{escape(loc['name'])}{here}</td><td>{tokens_html(loc['items'], '—')}</td>"
                    f"<td>{chefs}</td></tr>")
    chal = []
    day_names = {m["name"] for m in _day_meals(state, seat)} if v["round"] else set()
    for ch in v["challenges"]:
        reqs = ", ".join(f"<s>{r}</s> (Hold)" if ch["hold_covers"] == r and r == ch["requirements"][-1] else r
                         for r in ch["requirements"])
        mark = " ← this day" if ch["name"] in day_names and ph not in ("critic", "over") else ""
        chal.append(f"<li>{escape(ch['name'])}: {reqs}{mark}</li>")
    table = (
        "<b>Locations</b><table class='kl-locations kl-ck'>"
        "<thead><tr><th>location</th><th>items</th><th>chefs</th></tr></thead>"
        f"<tbody>{''.join(locs)}</tbody></table>"
        f"<b>Challenges revealed</b><ul style='margin:2px 0'>{''.join(chal) or '<li>none yet</li>'}</ul>"
        + critic_and_rumors_html(state, v)
        + f"<div style='color:#666'>Bag: {v['bag']} tokens; bisque supply: {v['bisque_supply']}</div>"
    )
    # ---- own restaurant
    counted = sum(1 for t in v["storage"] if is_ingredient(t) or is_spice(t))
    plan = ", ".join(f"{escape(ch)} → {escape(loc)}" for ch, loc in v["plan"].items()) or "—"
    served = "".join(f"<li>{escape(n)}: {escape(m)} (quality {q}) → {s}★</li>"
                     for n, m, q, s in v["players"][seat]["served"])
    own = [
        f"<h4 style='margin:4px 0'>Your restaurant ({escape(me)})</h4>",
        f"<div><b>Storage</b> ({counted} ingredient(s) and spice(s) for the fridge): {tokens_html(v['storage'])}</div>",
        f"<div><b>Rumor tokens:</b> {tokens_html(v['rumor_tokens'], 'none')}</div>",
        f"<div><b>Plan this round:</b> {plan}</div>",
    ]
    if v["players"][seat]["zous_chef_next_round"]:
        own.append(f"<div>Zous-chef for next round: {escape(v['players'][seat]['zous_chef_next_round'])}</div>")
    if served:
        own.append(f"<div><b>Challenges served</b><ul style='margin:2px 0'>{served}</ul></div>")
    if ph == "challenge" and cp == seat:
        thresholds = state.cfg.thresholds
        rows = []
        for m in _day_meals(state, seat):
            if m["served"]:
                rows.append(f"<li>meal {m['k']} — {escape(m['name'])}: served</li>")
                continue
            items = v["meals"].get(m["k"], [])
            note = " ".join(items)
            if items:
                q = scoring.meal_quality(note)
                probs = scoring.validate_challenge_meal(note, m["requirements"], thresholds)
                verdict = (f"{scoring.challenge_stars(q, thresholds)}★ if served" if not probs
                           else "not servable: " + escape("; ".join(probs)))
                rows.append(f"<li>meal {m['k']} — {escape(m['name'])} ({', '.join(m['requirements'])}): "
                            f"{tokens_html(items)} quality <b class='kl-quality'>{q}</b> → {verdict}</li>")
            else:
                rows.append(f"<li>meal {m['k']} — {escape(m['name'])} ({', '.join(m['requirements'])}): empty</li>")
        own.append("<div><b>Meals in progress</b><ul style='margin:2px 0'>" + "".join(rows) + "</ul></div>")
    if ph == "fridge" and cp == seat:
        limit = state.cfg.fridge[state.round]
        own.append(f"<div><b>Fridge:</b> {counted} counted, keep at most {limit}: put {max(0, counted - limit)} "
                   "more back in the bag (soup, bisque and rumor tokens never count)</div>")
    if ph in ("critic", "over") and (v["critic_meal"] or ph == "critic"):
        visible = [r for r in c.rumors if r.name in set(filter(None, v["rumor_cards"]))]
        fans = {r.fanatic_type for r in visible if r.is_fanatic}
        rows = []
        total = 0
        for t in TYPES:
            course = v["critic_meal"].get(t, "")
            q = scoring.course_quality(course, state.critic, fanatic=t in fans) if course else 0
            total += q
            mark = "Fanatic ×2" if t in fans and q else ""
            rows.append(f"<tr><td>{t}</td><td>{tokens_html(course.split(), '—')}</td>"
                        f"<td style='text-align:right'>{q}</td><td>{mark}</td></tr>")
        own.append("<div><b>Critic meal</b> (course qualities with the critic's effect and the Fanatics you can see)"
                   "<table class='kl-courses kl-ck'><tbody>" + "".join(rows) + "</tbody></table>"
                   f"<span class='kl-quality'>total {total} → {scoring.final_score_stars(total)}★ "
                   "on the score track</span></div>")
    if ph == "over" and "final" in v:
        rows = "".join(
            f"<tr><td>{escape(v['players'][r['player']]['name'])}</td>" + "".join(
                f"<td style='text-align:right'>{r[k]}</td>" for k in
                ("most soup", "all courses", "best courses", "rumors", "bonus", "final total", "track stars", "stars"))
            + "</tr>" for r in v["final"])
        own.append("<div><b>The critic meal, scored</b><table class='kl-final kl-ck'><thead><tr><th>restaurant</th>"
                   "<th>most soup</th><th>all courses</th><th>best courses</th><th>rumors</th><th>bonus</th>"
                   "<th>final total</th><th>track stars</th><th>stars</th></tr></thead><tbody>" + rows
                   + "</tbody></table>" + _plates_html(v["final"])
                   + "<div style='font-size:120%'>Winner(s): "
                   f"<b>{escape(', '.join(v['winners']))}</b></div><div>{escape(state.result_text())}</div></div>")
    log = state.log
    return {"header": header, "table": table, "own": "".join(own),
            "log": log_html(list(log), current=len(log) - 1, last=log_lines)}


def _plates_html(final: list[dict]) -> str:
    """Every restaurant's critic plate with its course qualities, and its rumor stars."""
    rows = []
    for f in final:
        cells = "".join(f"<td>{tokens_html([c['served']] if c['served'] else [], '—')} {c['quality']}</td>"
                        for c in f["plate"])
        rum = ", ".join(f"{escape(x['rumor'])} {x['stars']}★" for x in f["rumor cards"]) or "none"
        rows.append(f"<tr><td>{escape(f['name'])}</td>{cells}<td>{rum}</td></tr>")
    head = "".join(f"<th>{t}</th>" for t in TYPES)
    return ("<b>Every critic plate</b><table class='kl-plates kl-ck'><thead><tr><th>restaurant</th>" + head
            + "<th>rumors</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


__all__ = ["PHASE_TEXT", "critic_and_rumors_html", "play_view_html"]
