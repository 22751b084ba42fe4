"""Critter Kitchen played at one screen: :class:`PlayWidget`, the reader's restaurant against bots
(or solo against McDogald's), seeing only what that restaurant may see (ipywidgets only).

The notebooks play Critter Kitchen at the table every game shares (:func:`kitchenlab.table.play_widget`),
which offers the game's moves through :func:`.play_table.move_helper` (plan chooser, meal builders,
confirmed *Done*), re-exported here with :func:`play_view_html`, the HTML both widgets show."""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Iterable

import ipywidgets as widgets

from ..engine import Rng
from ..display import ShowsWidget
from ..errors import GameStalledError, IllegalActionError, KitchenlabError
from . import scoring
from .critic_widget import CriticMealBuilder, critic_meal_builder
from .play_table import move_helper, round_summary, zous_names
from .rumors import rumor_effect_text
from .tokens import TYPES, is_ingredient, is_spice
from .widgets import (
    ASSUMED_MARK, TABLE_CSS, ChallengeMealBuilder, FridgePlanner, _button, _close_all, challenge_meal_builder,
    fridge_counts, fridge_planner, item_tokens, meal_items_for, token_html, tokens_html,
)


# ------------------------------------------------------------------ a whole game


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


class PlayWidget(ShowsWidget):
    """Play a whole seeded game of Critter Kitchen as one restaurant (``seat``) through widgets.

    The other seats are bots (``"greedy"``, ``"random"``, one name per seat, or callables), which
    move by themselves between the reader's moves; with ``players=1`` the reader plays solo
    against McDogald's. The view is that restaurant's only: the table, its own storage, plan,
    meals and the rumor cards it knows, plus the public log.

    ``choose(text)`` plays one of the reader's legal moves from code (``"send mouse to Soup
    Truck"``, ``"take fish7"``, ``"add fish7+spice to meal 1"``, ...) and returns the new log lines.
    ``autoplay(n)`` lets the greedy bot play the reader's next ``n`` moves.
    """

    def __init__(self, players: int = 3, seat: int = 0, seed: int = 0, bots="greedy", log_lines: int = 14,
                 **variants) -> None:
        from . import new_state
        from ..sim import bot_seed, resolve_bots

        self.state = new_state(players, seed, **variants)
        if not 0 <= seat < self.state.players:
            raise KitchenlabError(f"seat must be 0..{self.state.players - 1}, got {seat}")
        self.seat = seat
        self.bots = resolve_bots("critter_kitchen", self.state.players, bots)
        self.rng = Rng(bot_seed(seed))
        self.log_lines = log_lines
        self.moves = 0          # moves the reader has made
        self._undo: list = []
        self._meal_k: int | None = None
        self._action_widgets: list = []

        self.header = widgets.HTML()
        self.table = widgets.HTML()
        self.table.add_class("kl-table")
        self.own = widgets.HTML()
        self.own.add_class("kl-own")
        self.actions = widgets.VBox()
        self.actions.add_class("kl-actions")
        self.message = widgets.HTML()
        self.message.add_class("kl-message")
        self.log = widgets.HTML()
        self.log.add_class("kl-log")
        self.hint_button = _button("Let the greedy bot play my move", "kl-auto", style="info")
        self.hint_button.on_click(lambda _b: self._safe(self.autoplay, 1))
        self.undo_button = _button("↶ Undo my last move", "kl-undo")
        self.undo_button.on_click(lambda _b: self._safe(self.undo))
        self.widget = widgets.VBox([
            self.header,
            widgets.HBox([widgets.Box([self.table], layout=widgets.Layout(width="50%")),
                          widgets.Box([self.own], layout=widgets.Layout(width="50%"))]),
            self.actions, widgets.HBox([self.hint_button, self.undo_button]), self.message,
            widgets.HTML("<b>Log</b>"), self.log,
        ])
        self.widget.add_class("kl-play")
        self._run_bots()
        self.render()

    # -- reading --------------------------------------------------------------------------------
    @property
    def legal(self) -> list[str]:
        """The reader's legal moves now (empty when the game is over)."""
        if self.state.is_over or self.state.current_player != self.seat:
            return []
        return [str(a) for a in self.state.legal_actions()]

    @property
    def view(self) -> dict:
        return self.state.view(self.seat)

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def hint(self) -> str | None:
        """The move the greedy bot would make for the reader now."""
        from .bots import greedy_bot

        if not self.legal:
            return None
        return str(greedy_bot(self.state, Rng(0)))

    def rendered_html(self, log: bool = True) -> str:
        """Everything the widget shows as HTML (the action buttons' labels included)."""
        parts = [self.header.value, self.table.value, self.own.value, self.message.value]
        parts += [self._describe(w) for w in self._action_widgets]
        if log:
            parts.append(self.log.value)
        return "\n".join(parts)

    @staticmethod
    def _describe(w) -> str:
        if isinstance(w, widgets.HTML):
            return w.value
        if isinstance(w, widgets.Dropdown):
            return " ".join(str(label) for label, _ in w.options)
        if isinstance(w, widgets.ToggleButtons):
            return " ".join(str(label) for label, _ in w.options)
        return getattr(w, "description", "")

    # -- moving ---------------------------------------------------------------------------------
    def _run_bots(self) -> None:
        s = self.state
        guard = 0
        while not s.is_over and s.current_player != self.seat:
            s = s.apply(self.bots[s.current_player](s, self.rng))
            guard += 1
            if guard > 5000:  # pragma: no cover - every phase only moves forward
                raise GameStalledError("the bots did not hand the move back")
        self.state = s

    def choose(self, action, render: bool = True) -> list[str]:
        """Play one of the reader's legal moves (its text or the action); the bots then move until
        it is the reader's turn again. Returns the log lines written meanwhile."""
        if self.state.is_over:
            raise IllegalActionError("critter_kitchen: the game is over; no move is legal")
        before = len(self.state.log)
        prev = (self.state, self.rng.copy(), self.moves)
        self.state = self.state.apply(action)      # raises IllegalActionError, changing nothing
        self._undo.append(prev)
        self.moves += 1
        self._run_bots()
        if render:
            self.render()
        return list(self.state.log[before:])

    def choose_many(self, actions: Iterable, render: bool = True) -> list[str]:
        out: list[str] = []
        for a in actions:
            out += self.choose(a, render=False)
        if render:
            self.render()
        return out

    def autoplay(self, moves: int | None = None, render: bool = True) -> list[str]:
        """Let the greedy bot make the reader's next ``moves`` moves (all of them until the end
        when ``None``); returns the log lines written meanwhile."""
        from .bots import greedy_bot

        out: list[str] = []
        n = 0
        helper = Rng(_helper_seed(self.state.seed))
        while not self.state.is_over and (moves is None or n < moves):
            out += self.choose(greedy_bot(self.state, helper), render=False)
            n += 1
        if render:
            self.render()
        return out

    def undo(self) -> None:
        """Go back to just before the reader's last move (the bots' moves after it are undone too)."""
        if not self._undo:
            raise KitchenlabError("there is no move of yours to undo")
        self.state, self.rng, self.moves = self._undo.pop()
        self.render()

    def _safe(self, fn, *args) -> None:
        try:
            fn(*args)
            self.message.value = ""
        except ValueError as e:     # IllegalActionError is a ValueError
            self.message.value = f"<span style='color:#B03A2E'>{escape(str(e))}</span>"

    # -- drawing --------------------------------------------------------------------------------
    def render(self) -> None:
        parts = play_view_html(self.state, self.seat, log_lines=self.log_lines)
        self.header.value = parts["header"]
        self.table.value = parts["table"]
        self.own.value = parts["own"]
        self.log.value = parts["log"]
        old = self._action_widgets
        self._action_widgets = self._build_actions()
        self.actions.children = self._action_widgets
        _close_all(old)
        self.hint_button.disabled = not self.legal
        self.undo_button.disabled = not self._undo

    def _action_button(self, text: str, label: str | None = None, cls: str = "kl-action", style: str = ""):
        b = _button(label or text, cls, tooltip=text, style=style)
        if cls != "kl-action":
            b.add_class("kl-action")
        b.on_click(lambda _b, text=text: self._safe(self.choose, text))
        return b

    def _build_actions(self) -> list:
        legal = self.legal
        st = self.state
        if st.is_over:
            return [widgets.HTML("<b>The game is over.</b> Scroll up for the scores.")]
        if not legal:
            return [widgets.HTML("<i>Waiting for the other restaurants…</i>")]
        ph = st.phase
        if ph == "plan":
            return self._plan_widgets(legal)
        if ph == "shop":
            chef = st.run.current()
            where = st.cfg.loc_names[st.loc]
            head = widgets.HTML(f"<b>Your {escape(st._chef_label(chef.name))} picks at {escape(where)}</b> "
                                f"(capacity {chef.capacity}, taken {chef.taken})")
            return [head, widgets.HBox([self._action_button(a, a.removeprefix("take ") if a.startswith("take ") else a)
                                        for a in legal], layout=widgets.Layout(flex_flow="row wrap"))]
        if ph == "challenge":
            return self._challenge_widgets(legal)
        if ph == "fridge":
            limit = st.cfg.fridge[st.round]
            bot = widgets.Button(description="Keep what the bots keep", button_style="info",
                                 layout=widgets.Layout(width="auto"))
            bot.add_class("kl-bot-choice")
            bot.on_click(lambda _b: self._safe(self.fridge_bot_choice))
            return [widgets.HTML(f"<b>Fridge: keep at most {limit}.</b> Click what goes back in the bag:"),
                    widgets.HBox([self._action_button(a, a) for a in legal],
                                 layout=widgets.Layout(flex_flow="row wrap")),
                    bot]
        if ph == "critic":
            groups: dict[str, list] = {}
            done = None
            for a in legal:
                if a == "done with critic meal":
                    done = self._action_button(a, "✔ Done with the critic meal", style="success")
                    continue
                course = a.rsplit(" on ", 1)[-1] if a.startswith("put ") else a.rsplit(" with ", 1)[-1]
                label = a.removeprefix("put ").rsplit(" on ", 1)[0] if a.startswith("put ") else a
                groups.setdefault(course, []).append(self._action_button(a, label, cls="kl-add-item"))
            rows = [widgets.HTML("<b>Put items on the critic's plate</b> "
                                 "(one ingredient per course; the critic may change that)")]
            for t in TYPES:
                key = f"{t} course"
                if key in groups:
                    label = widgets.HTML(f"<span style='display:inline-block;width:8em'>{key}:</span>")
                    rows.append(widgets.HBox([label] + groups[key], layout=widgets.Layout(flex_flow="row wrap")))
            if done is not None:
                rows.append(done)
            return rows
        return [widgets.HBox([self._action_button(a) for a in legal], layout=widgets.Layout(flex_flow="row wrap"))]

    def _plan_widgets(self, legal: list[str]) -> list:
        st = self.state
        plan = st.plans[self.seat]
        chefs = [ch for ch in st._chefs_of(self.seat) if ch not in plan]
        names = st.cfg.loc_names
        free = [i for i in range(len(names)) if i not in set(plan.values())]
        self._plan_boxes = []
        rows = [widgets.HTML("<b>Plan</b>: send each chef to a different location (secret until everyone has planned)")]
        for j, ch in enumerate(chefs):
            label = st._chef_label(ch)
            d = widgets.Dropdown(options=[(names[i], i) for i in free], value=free[min(j, len(free) - 1)],
                                 description=f"{label} (cap. {st._capacity(ch)}):",
                                 style={"description_width": "13em"}, layout=widgets.Layout(width="26em"))
            d.add_class("kl-plan")
            self._plan_boxes.append((label, d))
            rows.append(d)
        send = widgets.Button(description="Send the chefs", button_style="success", layout=widgets.Layout(width="auto"))
        send.add_class("kl-send")
        send.on_click(lambda _b: self._safe(self.send_plan))
        rows.append(send)
        return rows

    def send_plan(self, plan: dict | None = None) -> list[str]:
        """Send the chefs as the dropdowns say (or as ``plan`` = ``{chef label: location name}``)."""
        st = self.state
        if st.phase != "plan" or st.current_player != self.seat:
            raise KitchenlabError("it is not your planning turn")
        if plan is None:
            names = st.cfg.loc_names
            plan = {label: names[d.value] for label, d in self._plan_boxes}
        if len(set(plan.values())) != len(plan):
            raise KitchenlabError("each chef needs a different location")
        return self.choose_many([f"send {label} to {loc}" for label, loc in plan.items()])

    def fridge_bot_choice(self) -> list[str]:
        """Discard what :func:`~.scoring.fridge_keep` would not keep."""
        st = self.state
        if st.phase != "fridge" or st.current_player != self.seat:
            raise KitchenlabError("it is not your fridge turn")
        limit = st.cfg.fridge[st.round]
        mine = st.view(self.seat)["storage"]
        keep = Counter(scoring.fridge_keep(mine, limit))
        have = Counter(t for t in mine if is_ingredient(t) or is_spice(t))
        extra = list((have - keep).elements())
        return self.choose_many([f"discard {t}" for t in extra])

    def _challenge_widgets(self, legal: list[str]) -> list:
        st = self.state
        open_meals = [m for m in _day_meals(st, self.seat) if not m["served"]]
        ks = [m["k"] for m in open_meals]
        if self._meal_k not in ks:
            self._meal_k = ks[0] if ks else None
        rows = [widgets.HTML("<b>Challenge meals</b>: build a meal for each challenge you want to serve, then "
                             "serve it (at most one per challenge); unserved items go back to your storage.")]
        if ks:
            pick = widgets.ToggleButtons(options=[(f"meal {m['k']}: {m['name']}", m["k"]) for m in open_meals],
                                         value=self._meal_k, style={"button_width": "auto"})
            pick.add_class("kl-meal-choice")

            def switch(change):
                self._meal_k = change["new"]
                self.render()

            pick.observe(switch, names="value")
            rows.append(pick)
            k = self._meal_k
            suffix = f" to meal {k}"
            adds = [self._action_button(a, a[4:-len(suffix)], cls="kl-add-item")
                    for a in legal if a.startswith("add ") and a.endswith(suffix)]
            rows.append(widgets.HBox(adds, layout=widgets.Layout(flex_flow="row wrap")))
            if f"serve meal {k}" in legal:
                rows.append(self._action_button(f"serve meal {k}", f"Serve meal {k}", cls="kl-serve", style="success"))
        rows.append(self._action_button("done with challenges", "✔ Done with the challenges", style="warning"))
        return rows


def _helper_seed(seed: int) -> int:
    return seed * 7_919 + 101


def play_widget(players: int = 3, seat: int = 0, seed: int = 0, bots="greedy", **variants) -> PlayWidget:
    """A whole game to play in the notebook (display it by making it a cell's last value)."""
    return PlayWidget(players, seat, seed, bots, **variants)


__all__ = [
    "ChallengeMealBuilder", "CriticMealBuilder", "FridgePlanner", "PlayWidget", "challenge_meal_builder",
    "critic_meal_builder", "fridge_counts", "fridge_planner", "item_tokens", "meal_items_for", "move_helper",
    "play_view_html", "play_widget", "round_summary", "score_track_figure", "token_html", "tokens_html", "zous_names",
]
