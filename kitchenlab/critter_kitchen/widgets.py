"""Critter Kitchen widgets for the notebooks: meal builders, the fridge, the score track, a whole game.

* :class:`ChallengeMealBuilder` — pick items from a storage (one button per item, CSS class
  ``kl-add-item``); the meal's quality (a widget with class ``kl-quality``), its stars, whether it
  may be served (the reasons of :func:`~.scoring.validate_challenge_meal`), the Hold token, and a
  quality → stars step chart with the meal marked.
* :class:`FridgePlanner` — keep at most 5 (after day 1) or 10 (after day 2) ingredients and spices;
  soup, bisque and rumor tokens never count; the bots' choice (:func:`~.scoring.fridge_keep`).
* :class:`CriticMealBuilder` (in :mod:`.critic_widget`) — the critic meal course by course, with the critic's effect, Fanatic
  doubling, every rumor's stars and the final score's stars.
* A whole game is played at the table every game shares (``kitchenlab.table.play_widget("critter_kitchen")``),
  whose move helper (:mod:`.play_table`) offers these builders; :func:`.play_view.play_view_html` is
  what one restaurant sees there.

Every builder also has a small programmatic side (``add``, ``remove``, ``quality``, ...) used by the
tests and the benchmark. Values the kit assumes (no source gives them) are marked "⚠ assumed".
This module imports ipywidgets (figures come from :mod:`.figures`); the rules never import it. The
score track's picture is :func:`.figures.score_track_figure`.
"""

from __future__ import annotations

import math
from collections import Counter
from html import escape
from typing import Iterable, Sequence

import ipywidgets as widgets

from ..engine import Rng
from ..display import ShowsWidget
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

class ChallengeMealBuilder(ShowsWidget):
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


class FridgePlanner(ShowsWidget):
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


def fridge_planner(storage, limit: int | None = None) -> FridgePlanner:
    """The fridge planner widget (display it by making it a cell's last value)."""
    return FridgePlanner(storage, limit)


# ------------------------------------------------------------------ setup


class SetupExplorer(ShowsWidget):
    """A player-count dropdown (solo, 2–5) that redraws :func:`setup_figure` below it.

    Display it by making it a cell's last value. ``drawn`` is the figure shown now.
    """

    def __init__(self, players: int = 3, seed: int = 1) -> None:
        from . import PLAYERS

        options = [("solo (against McDogald's)" if p == 1 else f"{p} players", p) for p in PLAYERS]
        self.seed = seed
        self.picker = widgets.Dropdown(options=options, value=players, description="Players:")
        self.picker.add_class("kl-players")
        self.picture = widgets.Output()
        self.picture.add_class("kl-picture")
        self.drawn = None
        self.picker.observe(lambda change: self.update(), names="value")
        self.widget = widgets.VBox([self.picker, self.picture])
        self.update()

    def update(self) -> None:
        from ..widgets import show_in
        from .setup_figures import setup_figure

        self.drawn = setup_figure(self.picker.value, self.seed)
        show_in(self.picture, self.drawn)


def setup_explorer(players: int = 3, seed: int = 1) -> SetupExplorer:
    """The setup picture with a player-count dropdown (a thin wrapper of :func:`setup_figure`)."""
    return SetupExplorer(players, seed)


# The other widgets, in their own modules, are part of this one's interface too (loaded when
# first asked for: they build on this module).
_ELSEWHERE = {
    "CriticMealBuilder": "critic_widget", "critic_meal_builder": "critic_widget", "rumor_effect_text": "critic_widget",
    "PHASE_TEXT": "play_view", "play_view_html": "play_view", "score_track_figure": "figures",
}


def __getattr__(name: str):
    module = _ELSEWHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__package__}.{module}"), name)
