"""Chefs widgets for the notebooks: the setup explorer, the "can I cook this?" calculator and a
variant experiment with a run button.

Each is built by one call and shown by making it a cell's last value. They import ipywidgets and
Plotly; the rules never import this module. The round stepper and the play table are the kit's
shared ones (``kitchenlab.widgets.round_stepper("chefs", ...)``, ``kitchenlab.table.play_widget``).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..display import ShowsWidget
from ..play import TABLE
from ..widgets import show_in
from .rules import KINDS, MEALS, player_name
from .scoring import layout, pay_for_meal

PUBLIC = "public"


class SetupExplorer(ShowsWidget):
    """The board after the deal for a chosen player count and seed, drawn for the whole table, the
    public or one player's eyes; the note gives the layout numbers."""

    def __init__(self, players: int = 4, seed: int = 0, viewer=TABLE) -> None:
        self.players = widgets.Dropdown(options=[(str(p), p) for p in (2, 3, 4, 5, 6)], value=players,
                                        description="Players:")
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed:",
                                           layout=widgets.Layout(width="200px"))
        self.viewer = widgets.Dropdown(description="View:")
        self._set_viewer_options(viewer)
        self.note = widgets.HTML()
        self.note.add_class("kl-setup-note")
        self.picture = widgets.Output()
        self.picture.add_class("kl-picture")
        self.drawn = None
        self.players.observe(self._players_changed, names="value")
        self.seed.observe(lambda change: self.update(), names="value")
        self.viewer.observe(lambda change: self.update(), names="value")
        self.widget = widgets.VBox([widgets.HBox([self.players, self.seed, self.viewer]), self.note, self.picture])
        self.widget.add_class("kl-setup")
        self.update()

    def _set_viewer_options(self, viewer) -> None:
        n = self.players.value
        opts = [("Table (all cards)", TABLE), ("Public", PUBLIC)] + [(player_name(p), p) for p in range(n)]
        value = viewer if viewer in (TABLE, PUBLIC) or (isinstance(viewer, int) and viewer < n) else TABLE
        self.viewer.options = opts
        self.viewer.value = PUBLIC if viewer is None else value

    def _players_changed(self, change) -> None:
        with self.viewer.hold_trait_notifications():
            self._set_viewer_options(self.viewer.value)
        self.update()

    @property
    def state(self):
        import kitchenlab

        return kitchenlab.new_game("chefs", players=self.players.value, seed=self.seed.value)

    def update(self) -> None:
        from .figures import board_figure

        n = self.players.value
        lay = layout(n)
        self.note.value = (f"<div style='font-size:110%'>{n} players: <b>{lay['counter']}</b> ingredient cards on "
                           f"the counter, <b>{lay['meals_per_stove']}</b> meal card(s) at each stove location, "
                           f"<b>2</b> cards dealt to each player.</div>")
        v = self.viewer.value
        # The seed rebuilds every hidden card: the picture names it only for the whole table.
        seed = f", seed {self.seed.value}" if v == TABLE else ""
        self.drawn = board_figure(self.state, None if v == PUBLIC else v, title=f"The deal: {n} players{seed}")
        show_in(self.picture, self.drawn)


def setup_explorer(players: int = 4, seed: int = 0, viewer=TABLE) -> SetupExplorer:
    """The setup explorer widget (display it by making it a cell's last value)."""
    return SetupExplorer(players, seed, viewer)


def cook_text(hand: dict, meal_name: str, chef_kind: str | None) -> str:
    """The calculator's answer as text: what the hand pays for the meal, or what is missing."""
    meal = next(m for m in MEALS.values() if m.name == meal_name)
    needs = {KINDS[k]: n for k, n in meal.needs}
    plain = pay_for_meal(hand, needs)
    with_chef = pay_for_meal(hand, needs, chef_kind) if chef_kind else None
    need_text = " + ".join(f"{n} {k}" for k, n in needs.items())
    lines = [f"{meal.name} needs {need_text} and is worth {meal.steps} steps (recipe assumed ⚠)."]
    if plain is not None:
        lines.append(f"Without the chef card: yes, pay {', '.join(plain)} ({len(plain)} cards).")
    else:
        lines.append("Without the chef card: no.")
    if chef_kind:
        if chef_kind not in needs:
            lines.append(f"The chef card shows a {chef_kind}: this meal needs none, so it cannot help.")
        elif with_chef is not None:
            lines.append(f"With the chef card ({chef_kind}): yes, pay {', '.join(with_chef) or 'nothing'} "
                         f"({len(with_chef)} cards); the chef card stays with you.")
        else:
            lines.append(f"With the chef card ({chef_kind}): no, still short.")
    return "\n".join(lines)


class CookCalculator(ShowsWidget):
    """Sliders for the cards of each kind in a hand, a meal and a chef card: can the hand pay?"""

    def __init__(self, hand: dict | None = None, meal: str = "Tomato soup", chef: str | None = "tomato") -> None:
        hand = hand or {"tomato": 1, "onion": 1}
        style = {"description_width": "6em"}
        self.sliders = {k: widgets.IntSlider(value=hand.get(k, 0), min=0, max=5, description=k, style=style,
                                             continuous_update=False, layout=widgets.Layout(width="320px"))
                        for k in KINDS}
        self.meal = widgets.Dropdown(options=[m.name for m in MEALS.values()], value=meal, description="Meal:")
        self.chef = widgets.Dropdown(options=[("no chef card", None)] + [(k, k) for k in KINDS], value=chef,
                                     description="Chef card:")
        self.result = widgets.HTML()
        self.result.add_class("kl-cook")
        for w in [*self.sliders.values(), self.meal, self.chef]:
            w.observe(lambda change: self.update(), names="value")
        grid = widgets.GridBox(list(self.sliders.values()),
                               layout=widgets.Layout(grid_template_columns="repeat(3, 330px)"))
        self.widget = widgets.VBox([grid, widgets.HBox([self.meal, self.chef]), self.result])
        self.widget.add_class("kl-cook-calculator")
        self.update()

    @property
    def hand(self) -> dict:
        return {k: s.value for k, s in self.sliders.items() if s.value}

    @property
    def text(self) -> str:
        return cook_text(self.hand, self.meal.value, self.chef.value)

    def update(self) -> None:
        body = "<br>".join(escape(line) for line in self.text.split("\n"))
        self.result.value = f"<div style='font-size:115%;padding:6px 0'>{body}</div>"


def cook_calculator(hand: dict | None = None, meal: str = "Tomato soup", chef: str | None = "tomato") -> CookCalculator:
    """The "can I cook this?" calculator (display it by making it a cell's last value)."""
    return CookCalculator(hand, meal, chef)


__all__ = ["CookCalculator", "SetupExplorer", "cook_calculator", "cook_text", "setup_explorer"]
