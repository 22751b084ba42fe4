"""Critter Kitchen widgets for the notebooks: meal builders, the fridge, the score track, a whole game.

* :class:`ChallengeMealBuilder` — pick items from a storage (one button per item, CSS class
  ``kl-add-item``); the meal's quality (a widget with class ``kl-quality``), its stars, whether it
  may be served (the reasons of :func:`~.scoring.validate_challenge_meal`), the Hold token, and a
  quality → stars step chart with the meal marked.
* :class:`FridgePlanner` — keep at most 5 (after day 1) or 10 (after day 2) ingredients and spices;
  soup, bisque and rumor tokens never count; the bots' choice (:func:`~.scoring.fridge_keep`).
* :class:`CriticMealBuilder` — the critic meal course by course, with the critic's effect, Fanatic
  doubling, every rumor's stars and the final score's stars.
* :func:`score_track_figure` — the 70-space score track as a ring, the wrap past 70 included.
* :class:`PlayWidget` — a whole game: the reader plays one restaurant against bots (or solo against
  McDogald's) through widgets, seeing only what that restaurant may see; ``.choose(text)`` plays a
  move from code.

Every builder also has a small programmatic side (``add``, ``remove``, ``quality``, ...) used by the
tests and the benchmark. Values the kit assumes (no source gives them) are marked "⚠ assumed".
This module imports ipywidgets and plotly; the rules never import it.
"""

from __future__ import annotations

import math
from collections import Counter
from html import escape
from typing import Iterable, Sequence

import ipywidgets as widgets

from ..engine import Rng
from ..errors import GameStalledError, IllegalActionError, KitchenlabError
from . import scoring
from .components import load_components
from .rules import THRESHOLD_PRESETS, sort_tokens
from .tokens import (
    ALLSPICE, BISQUE, SOUP, TYPES, ingredient_type, is_ingredient, is_rumor, is_spice, is_zous, zous_id,
)

ASSUMED_MARK = "⚠ assumed"

#: table spacing for the HTML the widgets write (tables carry the class ``kl-ck``)
TABLE_CSS = ("<style>table.kl-ck{border-collapse:collapse;margin:2px 0}"
             "table.kl-ck td,table.kl-ck th{padding:2px 10px;text-align:left;vertical-align:middle}</style>")

#: chip colours per ingredient type (text colour chosen for contrast)
TYPE_COLORS = {
    "bread": ("#D9B77E", "#222"), "carrot": ("#E67E22", "#fff"), "cheese": ("#F4D03F", "#222"),
    "fish": ("#2E86C1", "#fff"), "meat": ("#B03A2E", "#fff"), "mushroom": ("#7E5E44", "#fff"),
    "wine": ("#7D3C98", "#fff"),
}


# ------------------------------------------------------------------ small helpers


def _comps():
    return load_components()


def token_html(tok: str) -> str:
    """One token (or meal item such as ``fish7+spice``) as a coloured chip."""
    base = tok.split("+")[0]
    if is_ingredient(base):
        bg, fg = TYPE_COLORS[ingredient_type(base)]
    elif is_spice(tok):
        bg, fg = ("#27AE60", "#fff")
    elif tok in (SOUP, BISQUE):
        bg, fg = ("#BDC3C7", "#222") if tok == SOUP else ("#E59866", "#222")
    elif is_rumor(tok):
        bg, fg = ("#5D6D7E", "#fff")
    elif is_zous(tok):
        bg, fg = ("#FDEBD0", "#222")
        try:
            tok = f"zous-chef {_comps().zous_chef(zous_id(tok)).name}"
        except KitchenlabError:
            pass
    else:
        bg, fg = ("#EEEEEE", "#222")
    border = "2px solid #27AE60" if "+" in tok else "1px solid rgba(0,0,0,.2)"
    return (f"<span class='kl-token' style='background:{bg};color:{fg};border:{border};border-radius:5px;"
            f"padding:0 5px;margin:1px;display:inline-block;font-family:monospace'>{escape(tok)}</span>")


def tokens_html(toks: Iterable[str], empty: str = "<i>nothing</i>") -> str:
    toks = list(toks)
    return " ".join(token_html(t) for t in toks) if toks else empty


def _as_tokens(storage) -> list[str]:
    """Storage given as text (``"fish7 fish-spice soup"``), a Counter/mapping or an iterable."""
    if storage is None:
        return []
    if isinstance(storage, str):
        toks = storage.split()
    elif isinstance(storage, dict):
        toks = list(Counter(storage).elements())
    else:
        toks = [str(t) for t in storage]
    for t in toks:
        if not (is_ingredient(t) or is_spice(t) or t in (SOUP, BISQUE) or is_rumor(t) or is_zous(t)):
            raise KitchenlabError(f"{t!r} is not a storage token (like 'fish7', 'fish-spice', 'allspice', 'soup', "
                             f"'bisque', 'rumor1', 'wild')")
    return toks


def item_tokens(item: str) -> list[str]:
    """The storage tokens a meal item uses.

    >>> item_tokens("fish7+spice"), item_tokens("bread2+allspice"), item_tokens("bisque")
    (['fish7', 'fish-spice'], ['bread2', 'allspice'], ['bisque'])
    """
    if item in (SOUP, BISQUE):
        return [item]
    base, plus, sp = item.partition("+")
    t = ingredient_type(base)
    if not plus:
        return [base]
    if sp in ("spice", f"{t}-spice"):
        return [base, f"{t}-spice"]
    if sp == ALLSPICE:
        return [base, ALLSPICE]
    raise KitchenlabError(f"meal item {item!r}: pair an ingredient with '+spice' or '+allspice'")


def meal_items_for(storage, soups: bool = True) -> list[str]:
    """Every meal item a storage could ever supply: each ingredient plain, with its matching spice
    (when the storage holds one) and with allspice (when it holds one); then bisque and soup."""
    have = Counter(_as_tokens(storage))
    out = []
    for tok in sort_tokens(t for t in have if is_ingredient(t)):
        t = ingredient_type(tok)
        out.append(tok)
        if have[f"{t}-spice"]:
            out.append(f"{tok}+spice")
        if have[ALLSPICE]:
            out.append(f"{tok}+allspice")
    if soups:
        out += [s for s in (BISQUE, SOUP) if have[s]]
    return out


def _resolve_thresholds(thresholds) -> list[tuple[int, int]]:
    if thresholds is None:
        return sorted(_comps().thresholds)
    if isinstance(thresholds, str):
        if thresholds not in THRESHOLD_PRESETS:
            raise KitchenlabError(f"unknown threshold preset {thresholds!r}; presets: {', '.join(THRESHOLD_PRESETS)}")
        return sorted(THRESHOLD_PRESETS[thresholds])
    return sorted((int(a), int(b)) for a, b in thresholds)


def _resolve_challenge(challenge) -> tuple[str, tuple[str, ...]]:
    """(name, requirements) from a challenge id, a Challenge record or a list of types."""
    if hasattr(challenge, "requirements"):
        return challenge.name, tuple(challenge.requirements)
    if isinstance(challenge, str) and " " not in challenge and challenge not in TYPES:
        ch = _comps().challenge(challenge)
        return ch.name, tuple(ch.requirements)
    reqs = tuple(challenge.split()) if isinstance(challenge, str) else tuple(challenge)
    for t in reqs:
        if t not in TYPES:
            raise KitchenlabError(f"{t!r} is not an ingredient type; types: {', '.join(TYPES)}")
    return "a challenge", reqs


def stars_text(stars: int) -> str:
    return "★" * stars if stars else "no star"


def _button(description: str, cls: str, tooltip: str = "", style: str = "", width: str = "auto"):
    b = widgets.Button(description=description, tooltip=tooltip or description, button_style=style,
                       layout=widgets.Layout(width=width))
    b.add_class(cls)
    return b


def _close_all(ws) -> None:
    for w in ws:
        w.close()


# ------------------------------------------------------------------ challenge meals



def _show_errors(message, fn, *args) -> None:
    """Call ``fn(*args)``; show a rule error (a ``ValueError``) in the ``message`` widget, or clear it."""
    try:
        fn(*args)
        message.value = ""
    except ValueError as e:
        message.value = f"<span style='color:#B03A2E'>{escape(str(e))}</span>"

class ChallengeMealBuilder:
    """Build a challenge meal from a storage and watch its quality, stars and validity live.

    >>> b = ChallengeMealBuilder("fish7 fish-spice bread2 bread-spice bisque", "ultimate_melt",
    ...                          chart=False)                                   # doctest: +SKIP
    >>> b.add("fish7+spice"); b.add("bread2+spice"); b.add("bisque")           # doctest: +SKIP
    >>> b.quality, b.stars, b.problems                                          # doctest: +SKIP
    (21, 4, [])
    """

    def __init__(self, storage, challenge="ultimate_melt", hold: bool = False, thresholds=None,
                 meal: Iterable[str] = (), chart: bool = True) -> None:
        self.storage = Counter(_as_tokens(storage))
        self.name, self.requirements = _resolve_challenge(challenge)
        self.thresholds = _resolve_thresholds(thresholds)
        self.items: list[str] = []
        self.drawn = None           # the last chart drawn
        self._best_cache: dict = {}

        self.hold = widgets.Checkbox(value=bool(hold), indent=False,
                                     description="Hold token on this challenge (covers the rightmost requirement)",
                                     layout=widgets.Layout(width="auto"))
        self.hold.add_class("kl-hold")
        self.req_html = widgets.HTML()
        self.buttons: dict[str, widgets.Button] = {}
        for item in meal_items_for(self.storage):
            b = _button(item, "kl-add-item", tooltip=f"add {item} to the meal")
            b.on_click(lambda _b, item=item: self._safe(self.add, item))
            self.buttons[item] = b
        self.add_box = widgets.HBox(list(self.buttons.values()), layout=widgets.Layout(flex_flow="row wrap"))
        self.meal_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.clear_button = _button("Clear the meal", "kl-clear", style="warning")
        self.clear_button.on_click(lambda _b: self.clear())
        self.quality_html = widgets.HTML()
        self.quality_html.add_class("kl-quality")
        self.validity = widgets.HTML()
        self.validity.add_class("kl-validity")
        self.best_html = widgets.HTML()
        self.message = widgets.HTML()
        self.chart = widgets.Output() if chart else None
        if self.chart is not None:
            self.chart.add_class("kl-picture")
        self.hold.observe(lambda change: self.update(), names="value")

        left = widgets.VBox([
            widgets.HTML(f"<h4 style='margin:4px 0'>Challenge: {escape(self.name)}</h4>"),
            self.hold, self.req_html,
            widgets.HTML("<b>Storage</b> — click an item to add it to the meal "
                         "(<code>+spice</code>: with its matching spice, <code>+allspice</code>: with allspice)"),
            self.add_box,
            widgets.HTML("<b>The meal</b> — click an item to take it back"),
            self.meal_box, self.clear_button, self.quality_html, self.validity, self.best_html, self.message,
        ], layout=widgets.Layout(width="520px"))
        parts = [left] + ([self.chart] if self.chart is not None else [])
        self.widget = widgets.HBox(parts, layout=widgets.Layout(flex_flow="row wrap"))
        self.widget.add_class("kl-meal-builder")
        for item in meal:
            self.add(item, update=False)
        self.update()

    # -- reading --------------------------------------------------------------------------------
    @property
    def meal(self) -> str:
        """The meal in notation, items in the order added."""
        return " ".join(self.items)

    @property
    def used(self) -> Counter:
        c = Counter()
        for item in self.items:
            c.update(item_tokens(item))
        return c

    @property
    def available(self) -> Counter:
        """What is left in the storage."""
        return self.storage - self.used

    @property
    def active_requirements(self) -> list[str]:
        """The requirements the meal must meet (the Hold token drops the rightmost one)."""
        reqs = list(self.requirements)
        return scoring.apply_hold(reqs) if self.hold.value else reqs

    @property
    def quality(self) -> int:
        return scoring.meal_quality(self.meal) if self.items else 0

    @property
    def stars(self) -> int:
        """Stars the meal earns if served (0 when it cannot be served)."""
        return 0 if self.problems else scoring.challenge_stars(self.quality, self.thresholds)

    @property
    def problems(self) -> list[str]:
        return scoring.validate_challenge_meal(self.meal, self.active_requirements, self.thresholds)

    def can_add(self, item: str) -> bool:
        need = Counter(item_tokens(item))
        have = self.available
        return all(have[t] >= k for t, k in need.items())

    # -- changing -------------------------------------------------------------------------------
    def add(self, item: str, update: bool = True) -> None:
        """Add a meal item (``"fish7"``, ``"fish7+spice"``, ``"bread2+allspice"``, ``"soup"``)."""
        if not self.can_add(item):
            left = ", ".join(sort_tokens(self.available.elements())) or "nothing"
            raise KitchenlabError(f"{item!r} cannot be added: the storage has {left} left")
        self.items.append(item)
        if update:
            self.update()

    def remove(self, item: str, update: bool = True) -> None:
        """Take the last added copy of ``item`` back out of the meal."""
        for i in range(len(self.items) - 1, -1, -1):
            if self.items[i] == item:
                del self.items[i]
                break
        else:
            raise KitchenlabError(f"{item!r} is not in the meal ({self.meal or 'empty'})")
        if update:
            self.update()

    def clear(self) -> None:
        self.items = []
        self.update()

    def _safe(self, fn, *args) -> None:
        _show_errors(self.message, fn, *args)

    # -- drawing --------------------------------------------------------------------------------
    def best_meal(self):
        """The highest-quality legal meal from the whole storage (exact), or ``None``."""
        key = tuple(self.active_requirements)
        if key not in self._best_cache:
            self._best_cache[key] = scoring.best_challenge_meal(self.storage, list(key), self.thresholds)
        return self._best_cache[key]

    def _requirements_html(self) -> str:
        ings = [item_tokens(i)[0] for i in self.items if i not in (SOUP, BISQUE)]
        met = {ingredient_type(t) for t in ings}
        soups = sum(1 for i in self.items if i in (SOUP, BISQUE))
        active = self.active_requirements
        rows = []
        for t in self.requirements:
            if t not in active:
                rows.append(f"<li><s>{t}</s> — covered by the Hold token: not needed</li>")
            elif t in met:
                rows.append(f"<li>✔ {t}</li>")
            elif soups > 0:
                soups -= 1
                rows.append(f"<li>✔ {t} — a soup or bisque stands in</li>")
            else:
                rows.append(f"<li>✘ {t} — missing</li>")
        return "<b>Requirements</b><ul style='margin:2px 0'>" + "".join(rows) + "</ul>"

    def update(self) -> None:
        have = self.available
        for item, b in self.buttons.items():
            b.disabled = not all(have[t] >= k for t, k in Counter(item_tokens(item)).items())
        old = list(self.meal_box.children)
        chips = []
        for item in self.items:
            b = _button(f"✕ {item}", "kl-remove-item", tooltip=f"take {item} back")
            b.on_click(lambda _b, item=item: self._safe(self.remove, item))
            chips.append(b)
        self.meal_box.children = chips
        _close_all(old)
        self.req_html.value = self._requirements_html()
        q = self.quality
        probs = self.problems
        raw = scoring.challenge_stars(q, self.thresholds)
        if probs:
            verdict = "cannot be served" if self.items else "empty meal"
            self.quality_html.value = (f"<div style='font-size:125%'>Quality <b>{q}</b> → <b>{verdict}</b>"
                                       + (f" (the quality alone would give {raw} star(s))" if raw else "")
                                       + "</div>")
            self.validity.value = ("<span style='color:#B03A2E'>Not servable:</span><ul style='margin:2px 0'>"
                                   + "".join(f"<li>{escape(p)}</li>" for p in probs) + "</ul>")
        else:
            self.quality_html.value = (f"<div style='font-size:125%'>Quality <b>{q}</b> → "
                                       f"<b>{raw} star(s)</b> {stars_text(raw)}</div>")
            self.validity.value = "<span style='color:#1E8449'>✔ The meal can be served.</span>"
        best = self.best_meal()
        self.best_html.value = ("<i>Best meal this storage allows (exact optimiser): "
                                + (f"{escape(best.meal)} — quality {best.quality}, {best.stars} star(s)"
                                   if best is not None else "none can be served") + "</i>")
        if self.chart is not None:
            self.drawn = self.figure()
            from ..widgets import show_in

            show_in(self.chart, self.drawn)

    def figure(self):
        """The quality → stars step chart with the current meal marked."""
        from ..charts import threshold_step_chart

        q = self.quality
        title = f"Quality → stars: this meal {q} → {scoring.challenge_stars(q, self.thresholds)}"
        fig = threshold_step_chart(self.thresholds, "quality", "stars", title, marker=q, x_max=max(30, q + 3))
        fig.update_layout(width=520, height=360, margin=dict(l=50, r=20, t=60, b=50))
        return fig

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def challenge_meal_builder(storage, challenge="ultimate_melt", **kwargs) -> ChallengeMealBuilder:
    """The challenge-meal builder (display it by making it a cell's last value)."""
    return ChallengeMealBuilder(storage, challenge, **kwargs)


# ------------------------------------------------------------------ fridge


def fridge_counts(storage) -> tuple[list[str], list[str]]:
    """(tokens the fridge limit counts: ingredients and spices, tokens it never counts)."""
    toks = sort_tokens(_as_tokens(storage))
    counted = [t for t in toks if is_ingredient(t) or is_spice(t)]
    free = [t for t in toks if not (is_ingredient(t) or is_spice(t))]
    return counted, free


class FridgePlanner:
    """Decide what stays in the fridge: one keep/discard toggle per ingredient and spice."""

    def __init__(self, storage, limit: int | None = None) -> None:
        c = _comps()
        day1, day2 = c.fridge_limit(1), c.fridge_limit(2)
        self.counted, self.free = fridge_counts(storage)
        limit = day1 if limit is None else int(limit)
        options = [(f"after day 1: keep {day1} (small fridge)", day1),
                   (f"after day 2: keep {day2} (walk-in fridge)", day2)]
        if limit not in (day1, day2):
            options.append((f"what-if: keep {limit}", limit))
        self.limit = widgets.ToggleButtons(options=options, value=limit, style={"button_width": "auto"})
        self.limit.add_class("kl-fridge-limit")
        self.toggles = []
        for tok in self.counted:
            tb = widgets.ToggleButton(value=True, description=tok, tooltip="kept (click to put it back in the bag)",
                                      layout=widgets.Layout(width="auto"))
            tb.add_class("kl-keep")
            tb.observe(lambda change: self.update(), names="value")
            self.toggles.append(tb)
        self.bot_button = _button("Keep what the bots keep", "kl-bot-choice", style="info")
        self.bot_button.on_click(lambda _b: self.keep_only(self.bot_choice))
        self.status = widgets.HTML()
        self.status.add_class("kl-fridge")
        self.limit.observe(lambda change: self.update(), names="value")
        self.widget = widgets.VBox([
            self.limit,
            widgets.HTML("<b>Ingredients and spices</b> (pressed = kept; click to put one back in the bag)"),
            widgets.HBox(self.toggles, layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HTML("<b>Never counted, always kept:</b> " + tokens_html(self.free)),
            self.bot_button, self.status,
        ])
        self.widget.add_class("kl-fridge-planner")
        self.update()

    @property
    def kept(self) -> list[str]:
        return [t for t, tb in zip(self.counted, self.toggles) if tb.value]

    @property
    def discarded(self) -> list[str]:
        return [t for t, tb in zip(self.counted, self.toggles) if not tb.value]

    @property
    def bot_choice(self) -> list[str]:
        """What :func:`~.scoring.fridge_keep` (the bots' heuristic) keeps under the current limit."""
        return sort_tokens(scoring.fridge_keep(self.counted, self.limit.value))

    @property
    def ok(self) -> bool:
        return len(self.kept) <= self.limit.value

    def keep_only(self, tokens: Iterable[str]) -> None:
        want = Counter(tokens)
        with self.widget.hold_trait_notifications():
            for t, tb in zip(self.counted, self.toggles):
                keep = want[t] > 0
                if keep:
                    want[t] -= 1
                tb.unobserve_all()
                tb.value = keep
                tb.observe(lambda change: self.update(), names="value")
        self.update()

    def update(self) -> None:
        for tb in self.toggles:
            tb.button_style = "success" if tb.value else ""
        n, lim = len(self.kept), self.limit.value
        if n <= lim:
            head = f"<span style='color:#1E8449'>✔ Keeping {n} of at most {lim}.</span>"
        else:
            head = (f"<span style='color:#B03A2E'>✘ Keeping {n} of at most {lim}: "
                    f"put {n - lim} more back in the bag.</span>")
        self.status.value = (f"<div>{head}</div><div>Back to the bag: {tokens_html(self.discarded)}</div>"
                             f"<div><i>The bots would keep: {tokens_html(self.bot_choice)}</i></div>")

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def fridge_planner(storage, limit: int | None = None) -> FridgePlanner:
    """The fridge planner widget (display it by making it a cell's last value)."""
    return FridgePlanner(storage, limit)


# ------------------------------------------------------------------ critic meal


def _critic_label(c) -> str:
    return f"{c.name} ⚠" if c.assumed else c.name


def _rumor_label(r) -> str:
    return f"{r.name} ⚠" if r.assumed else r.name


def rumor_effect_text(rumor) -> str:
    """What a rumor card does, in a few words (its data note)."""
    r = _comps().rumor(rumor) if isinstance(rumor, str) else rumor
    return r.note


class CriticMealBuilder:
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
            for _, toks, _ in items:
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

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def critic_meal_builder(storage, critic: str | None = "hedgehog", rumors: Sequence[str] = (),
                        **kwargs) -> CriticMealBuilder:
    """The critic-meal builder (display it by making it a cell's last value)."""
    return CriticMealBuilder(storage, critic, rumors, **kwargs)


# ------------------------------------------------------------------ score track


def score_track_figure(totals=None, names: Sequence[str] | None = None, title: str | None = None):
    """The score track as a ring of ``score_lap`` (70) spaces, coloured by the stars each space gives.

    ``totals``: one final total or a list (one per player); each lands on ``total % 70`` after
    ``total // 70`` laps (each lap: ``lap_stars`` = 10 stars). Spaces whose stars the kit assumes
    are drawn hollow and say "assumed" in the hover text; the one known space (6) is filled.
    """
    import plotly.graph_objects as go

    from ..charts import PLAYER_COLORS, TEMPLATE

    c = _comps()
    lap = c.score_lap
    spaces = c.score_track
    if totals is None:
        totals = []
    elif isinstance(totals, int):
        totals = [totals]
    totals = [int(t) for t in totals]
    names = list(names) if names is not None else [f"Player {i + 1}" for i in range(len(totals))]

    def xy(pos: float, r: float = 1.0) -> tuple[float, float]:
        a = math.pi / 2 - 2 * math.pi * pos / lap
        return r * math.cos(a), r * math.sin(a)

    palette = ["#F2F3F4", "#FCF3CF", "#F9E79F", "#F7DC6F", "#F4D03F", "#F1C40F", "#D4AC0D", "#B7950B", "#9A7D0A",
               "#7D6608"]
    fig = go.Figure()
    for assumed in (True, False):
        sel = [s for s in spaces if s.assumed == assumed]
        if not sel:
            continue
        pts = [xy(s.position) for s in sel]
        fig.add_trace(go.Scatter(
            x=[p[0] for p in pts], y=[p[1] for p in pts], mode="markers+text",
            name="stars assumed by the kit (⚠)" if assumed else "stars from the rulebook",
            text=[str(s.stars) for s in sel], textfont=dict(size=9),
            marker=dict(size=19, color=[palette[min(s.stars, len(palette) - 1)] for s in sel],
                        symbol="circle", line=dict(width=2 if not assumed else 1,
                                                   color="#1E8449" if not assumed else "#999999")),
            hovertext=[f"space {s.position}: {s.stars} star(s)" + (" — assumed" if assumed else " — rulebook")
                       for s in sel], hoverinfo="text"))
    for k in range(0, lap, 10):
        x, y = xy(k, 1.17)
        fig.add_annotation(x=x, y=y, text=str(k), showarrow=False, font=dict(size=11, color="#555"))
    sx, sy = xy(-0.5, 0.86)
    ex, ey = xy(-0.5, 1.1)
    fig.add_shape(type="line", x0=sx, y0=sy, x1=ex, y1=ey, line=dict(color="#222", width=3))
    fig.add_annotation(x=0.0, y=1.32, text=f"start / pass {lap}: +{c.lap_stars} stars per lap", showarrow=False,
                       font=dict(size=12))
    lines = []
    for i, total in enumerate(totals):
        laps, pos = divmod(total, lap)
        stars = scoring.final_score_stars(total)
        color = PLAYER_COLORS[i % len(PLAYER_COLORS)]
        r = 0.78 - 0.09 * i
        x, y = xy(pos, r)
        fig.add_trace(go.Scatter(
            x=[x], y=[y], mode="markers", name=f"{names[i]}: {total}",
            marker=dict(size=16, color=color, symbol="star", line=dict(width=1, color="#222")),
            hovertext=[f"{names[i]}: total {total} = {laps} lap(s) + space {pos} → {stars} star(s)"],
            hoverinfo="text"))
        lines.append(f"{escape(names[i])}: {total} = {laps}×{lap} + {pos} → {laps}×{c.lap_stars} + "
                     f"{c.track_stars[pos]} = <b>{stars}★</b>")
    if lines:
        fig.add_annotation(x=0, y=0, text="<br>".join(lines), showarrow=False, font=dict(size=13))
    fig.update_layout(template=TEMPLATE, title_text=title or f"The score track: {lap} spaces, then it wraps",
                      width=620, height=620, legend=dict(orientation="h", y=-0.02),
                      xaxis=dict(visible=False, range=[-1.35, 1.35], scaleanchor="y"),
                      yaxis=dict(visible=False, range=[-1.3, 1.4]))
    return fig


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
    crit = c.critic(state.critic)
    rumors = []
    for k, name in enumerate(v["rumor_cards"], start=1):
        text = escape(name) if name else "face down (you do not know it)"
        rumors.append(f"<li>rumor {k}: {text}</li>")
    table = (
        "<b>Locations</b><table class='kl-locations kl-ck'>"
        "<thead><tr><th>location</th><th>items</th><th>chefs</th></tr></thead>"
        f"<tbody>{''.join(locs)}</tbody></table>"
        f"<b>Challenges revealed</b><ul style='margin:2px 0'>{''.join(chal) or '<li>none yet</li>'}</ul>"
        f"<div><b>Critic:</b> {escape(crit.name)} — {escape(crit.note)}"
        f"{' <b>' + ASSUMED_MARK + '</b>' if crit.assumed else ''}</div>"
        f"<b>Rumor cards</b><ul style='margin:2px 0'>{''.join(rumors)}</ul>"
        f"<div style='color:#666'>Bag: {v['bag']} tokens; bisque supply: {v['bisque_supply']}</div>"
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
                   + "</tbody></table><div style='font-size:120%'>Winner(s): "
                   f"<b>{escape(', '.join(v['winners']))}</b></div></div>")
    log = state.log
    return {"header": header, "table": table, "own": "".join(own),
            "log": log_html(list(log), current=len(log) - 1, last=log_lines)}


class PlayWidget:
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

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def _helper_seed(seed: int) -> int:
    return seed * 7_919 + 101


def play_widget(players: int = 3, seat: int = 0, seed: int = 0, bots="greedy", **variants) -> PlayWidget:
    """A whole game to play in the notebook (display it by making it a cell's last value)."""
    return PlayWidget(players, seat, seed, bots, **variants)


__all__ = [
    "ChallengeMealBuilder", "CriticMealBuilder", "FridgePlanner", "PlayWidget", "challenge_meal_builder",
    "critic_meal_builder", "fridge_counts", "fridge_planner", "item_tokens", "meal_items_for", "play_view_html",
    "play_widget", "score_track_figure", "token_html", "tokens_html",
]
