"""Critter Kitchen's critic-meal builder widget: the critic meal course by course, with the critic's
effect, Fanatic doubling, every rumor's stars and the final score's stars (ipywidgets only)."""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Sequence

import ipywidgets as widgets

from ..display import ShowsWidget
from ..errors import KitchenlabError
from . import scoring
from .rules import sort_tokens
from .tokens import ALLSPICE, BISQUE, SOUP, TYPES, ingredient_type, is_ingredient, is_rumor
from .widgets import (
    ASSUMED_MARK, TABLE_CSS, _as_tokens, _button, _close_all, _comps, _show_errors, item_tokens, meal_items_for,
    tokens_html,
)


# ------------------------------------------------------------------ critic meal


def _critic_label(c) -> str:
    return f"{c.name} ⚠" if c.assumed else c.name


def _rumor_label(r) -> str:
    return f"{r.name} ⚠" if r.assumed else r.name


def rumor_effect_text(rumor) -> str:
    """What a rumor card does, in a few words (its data note)."""
    r = _comps().rumor(rumor) if isinstance(rumor, str) else rumor
    return r.note


class CriticMealBuilder(ShowsWidget):
    """Lay out a critic meal course by course and see each course, the rumors and the final score.

    Items are added with buttons (class ``kl-add-item``): an ingredient goes to the course of its
    type (``fish7+spice`` on the fish course). With the Fruit Bat a wine can be paired with a
    non-wine course. The critic, the three rumor cards and the soup kept are chosen with the
    controls; the optimiser button fills in the meal worth the most stars (best-of-course and
    most-soup stars depend on the other players and are left out).
    """

    def __init__(self, storage, critic: str | None = "hedgehog", rumors: Sequence[str] = (), soup: int = 0,
                 meal=None) -> None:
        c = _comps()
        self.storage = Counter(_as_tokens(storage))
        self.courses: dict[str, list[tuple[str, tuple[str, ...], bool]]] = {t: [] for t in TYPES}
        rumors = list(rumors)[:3]
        copts = [("(no critic effect)", "none")] + [(_critic_label(x), x.id) for x in c.critics]
        self.critic = widgets.Dropdown(options=copts, value=critic or "none", description="Critic:")
        self.critic.add_class("kl-critic")
        ropts = [("(none)", "")] + [(_rumor_label(r), r.id) for r in c.rumors]
        self.rumor_boxes = []
        for k in range(3):
            d = widgets.Dropdown(options=ropts, value=rumors[k] if k < len(rumors) else "",
                                 description=f"Rumor {k + 1}:")
            d.add_class("kl-rumor")
            self.rumor_boxes.append(d)
        self.soup = widgets.BoundedIntText(value=int(soup), min=0, max=60, description="Soup kept:",
                                           layout=widgets.Layout(width="170px"))
        self.buttons: dict[str, widgets.Button] = {}
        for item in meal_items_for(self.storage, soups=False):
            b = _button(item, "kl-add-item", tooltip=f"put {item} on its course")
            b.on_click(lambda _b, item=item: self._safe(self.add, item))
            self.buttons[item] = b
        self.pair_course = widgets.Dropdown(options=[t for t in TYPES if t != "wine"], description="pair with:",
                                            layout=widgets.Layout(width="190px"))
        self.pair_buttons: dict[str, widgets.Button] = {}
        for tok in sort_tokens(t for t in self.storage if is_ingredient(t) and ingredient_type(t) == "wine"):
            b = _button(f"pair {tok}", "kl-pair-item", tooltip=f"pair {tok} with the chosen course (Fruit Bat)")
            b.on_click(lambda _b, tok=tok: self._safe(self.pair, tok, self.pair_course.value))
            self.pair_buttons[tok] = b
        self.pair_box = widgets.HBox([self.pair_course] + list(self.pair_buttons.values()),
                                     layout=widgets.Layout(flex_flow="row wrap"))
        self.best_button = _button("Fill in the best meal (exact optimiser)", "kl-best", style="info")
        self.best_button.on_click(lambda _b: self.fill_best())
        self.clear_button = _button("Clear", "kl-clear", style="warning")
        self.clear_button.on_click(lambda _b: self.clear())
        self.meal_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.table = widgets.HTML()
        self.table.add_class("kl-critic-table")
        self.message = widgets.HTML()
        for w in [self.critic, self.soup] + self.rumor_boxes:
            w.observe(lambda change: self.update(), names="value")
        self.widget = widgets.VBox([
            widgets.HBox([self.critic, self.soup]),
            widgets.HBox(self.rumor_boxes, layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HTML("<b>Storage</b> — click to put an item on its course"),
            widgets.HBox(list(self.buttons.values()), layout=widgets.Layout(flex_flow="row wrap")),
            self.pair_box, widgets.HBox([self.best_button, self.clear_button]),
            widgets.HTML("<b>On the plate</b> — click an item to take it back"), self.meal_box,
            self.table, self.message,
        ])
        self.widget.add_class("kl-critic-builder")
        if meal:
            m = scoring.critic_courses(meal) if not isinstance(meal, dict) else {t: meal.get(t, "") for t in TYPES}
            for t in TYPES:
                parts = m.get(t, ())
                parts = parts.split() if isinstance(parts, str) else [str(p) for p in parts]
                for p in parts:
                    if ingredient_type(p.split("+")[0]) == t:
                        self.add(p, update=False)
                    else:
                        self.pair(p, t, update=False)
        self.update()

    # -- reading --------------------------------------------------------------------------------
    @property
    def critic_id(self) -> str | None:
        return None if self.critic.value == "none" else self.critic.value

    @property
    def effect(self) -> str:
        cid = self.critic_id
        return "none" if cid is None else _comps().critic(cid).effect

    @property
    def rumors(self) -> list[str]:
        return [d.value for d in self.rumor_boxes if d.value]

    @property
    def fanatics(self) -> set[str]:
        c = _comps()
        return {c.rumor(r).fanatic_type for r in self.rumors if c.rumor(r).is_fanatic}

    @property
    def meal(self) -> dict[str, str]:
        """``{course type: notation}`` for the courses holding something."""
        return {t: " ".join(n for n, _, _ in items) for t, items in self.courses.items() if items}

    @property
    def used(self) -> Counter:
        c = Counter()
        for items in self.courses.values():
            for _name, toks, _paired in items:
                c.update(toks)
        return c

    @property
    def available(self) -> Counter:
        return self.storage - self.used

    def course_qualities(self) -> list[int]:
        """Per course, its quality with the critic's effect and Fanatic doubling (0 when empty)."""
        meal = self.meal
        fans = self.fanatics
        return [scoring.course_quality(meal.get(t, ""), self.critic_id, fanatic=t in fans) for t in TYPES]

    @property
    def total(self) -> int:
        """The final-score total: every course quality added up."""
        return sum(self.course_qualities())

    @property
    def problems(self) -> list[str]:
        return scoring.critic_meal_problems(self.meal, self.critic_id)

    def rumor_rows(self) -> list[tuple[str, str, int]]:
        """``(rumor name, what it does for this meal, stars)`` for each chosen rumor card."""
        c = _comps()
        out = []
        for rid in self.rumors:
            r = c.rumor(rid)
            if r.is_fanatic:
                out.append((_rumor_label(r), f"doubles the {r.fanatic_type} course at the final score", 0))
            elif r.effect == "unknown":
                out.append((_rumor_label(r), "text unknown: scores nothing in the kit", 0))
            else:
                s = scoring.rumor_stars(rid, self.meal, soup_value=self.soup.value, critic=self.critic_id)
                out.append((_rumor_label(r), r.note, s))
        return out

    def own_stars(self) -> dict:
        """The stars this meal earns on its own: final score (track), all courses, rumors."""
        filled = all(self.courses[t] and any(not p for _, _, p in self.courses[t]) for t in TYPES)
        c = _comps()
        track = scoring.final_score_stars(self.total)
        allc = c.setting_int("all_courses_stars") if filled else 0
        rum = sum(s for _, _, s in self.rumor_rows())
        return {"final total": self.total, "track stars": track, "all courses": allc, "rumors": rum,
                "stars": track + allc + rum}

    # -- changing -------------------------------------------------------------------------------
    def _spice_tokens(self, item: str) -> list[str]:
        toks = item_tokens(item)
        if toks[-1] == ALLSPICE and self.available[ALLSPICE] == 0 and self.effect == "rumor_as_allspice":
            rumor = next((t for t in sort_tokens(self.available) if is_rumor(t)), None)
            if rumor is not None:
                toks[-1] = rumor
        return toks

    def can_add(self, item: str) -> bool:
        need = Counter(self._spice_tokens(item))
        have = self.available
        return all(have[t] >= k for t, k in need.items())

    def add(self, item: str, update: bool = True) -> None:
        """Put an item (``"fish7"``, ``"fish7+spice"``, ``"fish7+allspice"``) on the course of its type."""
        if item in (SOUP, BISQUE):
            raise KitchenlabError("soup and bisque cannot go in the critic meal")
        if not self.can_add(item):
            raise KitchenlabError(f"{item!r} cannot be added: not in what is left of the storage")
        toks = self._spice_tokens(item)
        self.courses[ingredient_type(toks[0])].append((item, tuple(toks), False))
        if update:
            self.update()

    def pair(self, wine: str, course: str, update: bool = True) -> None:
        """Fruit Bat: pair an (unspiced) wine with a non-wine course."""
        if ingredient_type(wine) != "wine" or "+" in wine:
            raise KitchenlabError(f"only an unspiced wine can be paired, not {wine!r}")
        if course not in TYPES or course == "wine":
            raise KitchenlabError(f"a wine pairs with a non-wine course, not {course!r}")
        if self.available[wine] < 1:
            raise KitchenlabError(f"{wine} is not left in the storage")
        self.courses[course].append((wine, (wine,), True))
        if update:
            self.update()

    def remove(self, course: str, index: int = -1, update: bool = True) -> None:
        """Take an item off a course (the last one by default)."""
        if not self.courses.get(course):
            raise KitchenlabError(f"the {course} course is empty")
        del self.courses[course][index]
        if update:
            self.update()

    def clear(self) -> None:
        self.courses = {t: [] for t in TYPES}
        self.update()

    def fill_best(self) -> None:
        """Replace the meal with the one :func:`~.scoring.best_critic_meal` finds."""
        choice = self.best_choice()
        self.courses = {t: [] for t in TYPES}
        for t, course in zip(TYPES, choice.courses):
            for p in course.split():
                if ingredient_type(p.split("+")[0]) == t:
                    self.add(p, update=False)
                else:
                    self.pair(p, t, update=False)
        self.update()

    def best_choice(self):
        return scoring.best_critic_meal(self.storage, self.critic_id, self.rumors, soup_value=self.soup.value)

    def _safe(self, fn, *args) -> None:
        _show_errors(self.message, fn, *args)

    # -- drawing --------------------------------------------------------------------------------
    def update(self) -> None:
        for item, b in self.buttons.items():
            b.disabled = not self.can_add(item)
        self.pair_box.layout.display = "" if self.effect == "wine_pairing" and self.pair_buttons else "none"
        for tok, b in self.pair_buttons.items():
            b.disabled = self.available[tok] < 1
        old = list(self.meal_box.children)
        chips = []
        for t in TYPES:
            for i, (n, _, paired) in enumerate(self.courses[t]):
                label = f"✕ {n} (paired with {t})" if paired else f"✕ {n}"
                b = _button(label, "kl-remove-item", tooltip=f"take {n} off the {t} course")
                b.on_click(lambda _b, t=t, i=i: self._safe(self.remove, t, i))
                chips.append(b)
        self.meal_box.children = chips
        _close_all(old)
        self.table.value = self.html()

    def html(self) -> str:
        c = _comps()
        cq = self.course_qualities()
        fans = self.fanatics
        rows = []
        for t, q in zip(TYPES, cq):
            items = [n + (" (paired)" if p else "") for n, _, p in self.courses[t]]
            note = "Fanatic: doubled" if t in fans and q else ""
            rows.append(f"<tr><td>{t}</td><td>{tokens_html(items, '—')}</td><td style='text-align:right'>{q}</td>"
                        f"<td>{note}</td></tr>")
        crit = c.critic(self.critic_id) if self.critic_id else None
        crit_line = "no critic effect" if crit is None else f"{escape(crit.name)}: {escape(crit.note)}"
        if crit is not None and crit.assumed:
            crit_line += f" <b>{ASSUMED_MARK}</b>"
        s = self.own_stars()
        total = s["final total"]
        laps, pos = divmod(total, c.score_lap)
        track_src = c.score_track[pos]
        track_note = "" if not track_src.assumed else f" <b>{ASSUMED_MARK}</b>"
        lap_text = f"passes {c.score_lap} {laps} time(s): {laps * c.lap_stars} stars, then " if laps else ""
        rum_rows = "".join(f"<tr><td>{escape(n)}</td><td>{escape(what)}</td><td style='text-align:right'>{st}</td></tr>"
                           for n, what, st in self.rumor_rows())
        rum_rows = rum_rows or "<tr><td colspan=3><i>no rumor card chosen</i></td></tr>"
        probs = self.problems
        prob_html = ("<div style='color:#1E8449'>✔ A legal critic meal.</div>" if not probs else
                     "<div style='color:#B03A2E'>Not legal:<ul>" + "".join(f"<li>{escape(p)}</li>" for p in probs)
                     + "</ul></div>")
        return (
            TABLE_CSS + f"<div><i>{crit_line}</i></div>"
            "<table class='kl-courses kl-ck'><thead><tr><th>course</th><th>items</th>"
            "<th>quality</th><th></th></tr></thead><tbody>" + "".join(rows) + "</tbody>"
            f"<tfoot><tr><td><b>total</b></td><td></td><td style='text-align:right'><b>{total}</b></td><td></td></tr>"
            "</tfoot></table>"
            f"<div class='kl-quality' style='font-size:115%'>Final score {total}: {lap_text}position {pos} → "
            f"<b>{s['track stars']} star(s)</b>{track_note}; all seven courses: {s['all courses']}; "
            f"rumors: {s['rumors']} → <b>{s['stars']} star(s)</b> from this meal "
            "(plus best-of-course and most-soup stars, which depend on the other players)</div>"
            "<table class='kl-rumors kl-ck'><thead><tr><th>rumor</th><th>what it asks</th><th>stars</th></tr></thead>"
            f"<tbody>{rum_rows}</tbody></table>" + prob_html
        )


def critic_meal_builder(storage, critic: str | None = "hedgehog", rumors: Sequence[str] = (),
                        **kwargs) -> CriticMealBuilder:
    """The critic-meal builder (display it by making it a cell's last value)."""
    return CriticMealBuilder(storage, critic, rumors, **kwargs)
