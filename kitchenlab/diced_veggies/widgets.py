"""Diced Veggies widgets for the notebooks: the cut explorer, a recipe + hype calculator, a game
against bots. They import ipywidgets and Plotly; the rules never import this module.

* :class:`CutExplorer` — the block drawn with every die some legal cut can take outlined, one
  button per legal cut (CSS class ``kl-cut``; "show" previews a cut with its blade, the button takes
  it), the player's dice (``kl-dice``) and the block in notation (``kl-block``).
* :class:`CookCalculator` — a recipe, dice and a hype: can it be cooked, does the hype pair, points.
* :func:`play_game` — you against bots at the play table every game shares
  (:func:`kitchenlab.table.play_widget`, with the cuts from :mod:`.play_table`).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..display import ShowsWidget
from ..widgets import show_in
from .actions import Kind
from .cleaver import Block, cell_name
from .components import load_components
from .scoring import cook_report, die_label


def hand_html(state, seat: int) -> str:
    """What a seat needs beside the block to decide: its recipes and hypes, the display, the scores."""
    comps = load_components()
    v = state.view(seat)

    def recipe(rid):
        r = comps.recipe(rid)
        return f"{escape(r.name)} [{' '.join(r.ingredients)}] {r.points} pts"

    mine = "; ".join(recipe(r) for r in v["recipes"][seat]) or "—"
    hypes = "; ".join(f"{escape(comps.hype(h).name)} ({escape(str(comps.hype(h).rule))}: {comps.hype(h).points})"
                      for h in v["hypes"] or []) or "—"
    display = "; ".join(recipe(r) for r in v["display"]) or "—"
    scores = ", ".join(f"P{q + 1} {sc} ({v['cooked_counts'][q]} cooked)" for q, sc in enumerate(v["scores"]))
    chef = "ready" if v["chef_tokens"][seat] else "spent"
    return (f"<div class='kl-hand' style='font-size:95%;line-height:1.45'><b>Your recipes ⚠:</b> {mine}<br>"
            f"<b>Your hypes ⚠:</b> {hypes}<br><b>Chef token:</b> {chef}<br><b>Display ⚠:</b> {display}<br>"
            f"<b>Scores:</b> {scores}</div>")


def _dice_html(dice, label: str = "Your dice") -> str:
    comps = load_components()
    chips = []
    for d in dice:
        colour = comps.colour(d[0])
        text = "#222" if d[0] in ("M", "C") else "#fff"
        chips.append(f"<span style='display:inline-block;min-width:2.2em;padding:2px 4px;margin:1px;"
                     f"background:{colour.shade};color:{text};border-radius:4px;text-align:center'>"
                     f"{escape(die_label(d))}</span>")
    return f"<div class='kl-dice-line'><b>{escape(label)}:</b> {' '.join(chips) if chips else '(none)'}</div>"


class CutExplorer(ShowsWidget):
    """Every legal cut of the block of ``state`` (a game in its cut phase), as buttons that take it.

    ``state`` is a Diced Veggies state; the explorer acts for the player to act. Taking a cut shows
    the new block and the player's dice; "Reset" goes back to the first block.
    """

    def __init__(self, state, width: int = 520) -> None:
        self.start = state
        self.width = width
        self.picture = widgets.Output()
        self.picture.add_class("kl-picture")
        self.dice = widgets.HTML()
        self.dice.add_class("kl-dice")
        self.block_text = widgets.HTML()
        self.block_text.add_class("kl-block")
        self.status = widgets.HTML()
        self.status.add_class("kl-status")
        self.buttons = widgets.Box(layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        self.reset = widgets.Button(description="Reset", tooltip="back to the first block")
        self.reset.add_class("kl-reset")
        self.reset.on_click(lambda _: self.set_state(self.start))
        self.drawn = None
        self.widget = widgets.VBox([
            widgets.HBox([self.picture, widgets.VBox([self.status, self.dice, self.block_text, self.reset],
                                                     layout=widgets.Layout(margin="40px 0 0 16px"))]),
            widgets.HTML("<b>Legal cuts</b> (show: highlight it with its blade; take: make the cut)"),
            self.buttons])
        self.widget.add_class("kl-cut-explorer")
        self.set_state(state)

    @property
    def cut_actions(self) -> list:
        return [a for a in self.state.legal_actions() if a.kind in (Kind.CUT, Kind.TAKE_ALL)]

    @property
    def cuts_offered(self) -> bool:
        """Are ordinary cuts legal now? (not when only taking the whole block is)"""
        return any(a.kind == Kind.CUT for a in self.state.legal_actions())

    def set_state(self, state, preview=None) -> None:
        self.state = state
        p = state.current_player if state.current_player is not None else 0
        self.seat = p
        self.draw(preview)
        rows = []
        for i, a in enumerate(self.cut_actions):
            text = str(a).replace("cut ", "")
            show = widgets.Button(description="show", layout=widgets.Layout(width="64px"),
                                  tooltip=f"highlight cut {i + 1}")
            show.add_class("kl-show-cut")
            take = widgets.Button(description=f"{i + 1}: {text}", tooltip=str(a),
                                  layout=widgets.Layout(width="auto"), button_style="info")
            take.add_class("kl-cut")
            show.on_click(lambda _b, a=a: self.draw(a))
            take.on_click(lambda _b, a=a: self.take(a))
            rows.append(widgets.HBox([show, take], layout=widgets.Layout(margin="2px 8px 2px 0")))
        self.buttons.children = rows
        self.dice.value = _dice_html(state.dice[p], f"Player {p + 1}'s dice")
        self.block_text.value = ("<pre style='font-size:14px;margin:4px 0'>"
                                 + escape("\n".join(state.block_obj.text())) + "</pre>")
        if state.phase in ("cut",) and not self.cuts_offered:
            self.status.value = (f"<b>Player {p + 1} to cut.</b> The whole block totals {state.block_obj.total}, "
                                 "10 or less: it is taken all, without cutting.")
        elif state.phase in ("cut",):
            self.status.value = (f"<b>Player {p + 1} to cut.</b> {len(self.cut_actions)} legal cut(s); "
                                 f"dice outlined in black can be taken by some cut.")
        else:
            last = state.log[-1] if state.log else ""
            self.status.value = f"<b>{escape(last)}</b><br>The cut phase is over (press Reset for another try)."

    def draw(self, action=None) -> None:
        from .figures import block_figure

        b = self.state.block_obj
        cut = action.cut if action is not None and action.kind == Kind.CUT else None
        title = None
        if action is not None and action.kind == Kind.TAKE_ALL:
            title = f"Take the whole block: total {b.total}"
        if self.state.phase != "cut":
            title = f"After the cut: {b.count} dice left, total {b.total}"
        cutting = self.state.phase == "cut" and self.cuts_offered
        self.drawn = block_figure(b, cut=cut, title=title, mark_cuttable=cutting,
                                  middle_entry=self.state.middle_entry, width=self.width)
        show_in(self.picture, self.drawn)

    def take(self, action) -> None:
        self.set_state(self.state.apply(action))


def cut_explorer(state, width: int = 520) -> CutExplorer:
    """A :class:`CutExplorer` for a state in its cut phase (display it as a cell's last value)."""
    return CutExplorer(state, width)


class CookCalculator(ShowsWidget):
    """Pick a recipe, type the dice to cook it with, pick a hype: the points, and why."""

    def __init__(self, recipe: int = 1, dice: str = "M2 M3 M6", hype: int = 24) -> None:
        comps = load_components()
        self.recipe = widgets.Dropdown(options=[(f"⚠ {r.name} [{' '.join(r.ingredients)}] {r.points} pts", r.id)
                                                for r in comps.recipes], value=recipe, description="Recipe:",
                                       layout=widgets.Layout(width="520px"))
        self.hype = widgets.Dropdown(options=[("(no hype)", 0)] + [(f"⚠ {h.name}: {h.rule} → {h.points}", h.id)
                                                                   for h in comps.hypes],
                                     value=hype, description="Hype:", layout=widgets.Layout(width="520px"))
        self.dice = widgets.Text(value=dice, description="Dice:", placeholder="e.g. M2 M5 P3",
                                 layout=widgets.Layout(width="520px"))
        self.result = widgets.HTML()
        self.result.add_class("kl-cook-result")
        for w in (self.recipe, self.hype, self.dice):
            w.observe(lambda change: self.update(), names="value")
        self.widget = widgets.VBox([self.recipe, self.dice, self.hype, self.result])
        self.widget.add_class("kl-cook-calculator")
        self.update()

    def report(self) -> dict:
        dice = self.dice.value.split()
        comps = load_components()
        bad = [d for d in dice if len(d) != 2 or d[0] not in comps.letters or not d[1].isdigit()
               or int(d[1]) not in comps.faces]
        if bad:
            return {"cooks": False, "hype_met": False, "points": 0,
                    "text": f"{bad[0]!r} is not a die: write a colour letter ({', '.join(comps.letters)}) "
                            f"and a value 2..6, e.g. M2"}
        return cook_report(self.recipe.value, dice, self.hype.value)

    def update(self) -> None:
        r = self.report()
        colour = "#1B5E20" if r["cooks"] else "#8A2B1E"
        self.result.value = (f"<div style='font-size:120%;color:{colour}'><b>{r['points']} points</b> — "
                             f"{escape(r['text'])}</div><div style='color:#666'>⚠ recipes and hypes are the kit's "
                             f"own tables (the real cards are not published)</div>")


def play_game(players: int = 2, seed: int = 0, bots: str = "greedy", **variants):
    """You (Player 1) against ``bots`` in the other seats, at the play table every game shares
    (:func:`kitchenlab.table.play_widget`: undo, the pass-the-screen cover, the bots' lines, the end
    screen with New game, Save and Load); display it as a cell's last value."""
    from ..table import play_widget

    return play_widget("diced_veggies", seats=["human"] + [bots] * (players - 1), seed=seed, **variants)


def cut_names(action) -> str:
    """``"a1 b1"``: the cells a cut takes."""
    return " ".join(cell_name(r, c) for r, c in sorted(action.cells))


__all__ = ["CookCalculator", "CutExplorer", "cut_explorer", "cut_names", "play_game", "Block"]

