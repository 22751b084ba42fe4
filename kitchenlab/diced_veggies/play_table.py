"""Diced Veggies' move helper for the shared play widget (:func:`kitchenlab.table.play_widget`).

The helper (named by the game's ``GameInfo.move_helper``) offers the moves of the person at the
screen with what they need to choose beside them (their dice, recipes, hypes and chef token, the
display and the scores):

* **cut**: one button per legal cut, its dice and their total;
* **cook**: the recipes that can be cooked (a dropdown when there are many), and the **chef
  token** as a labelled control: *which die* and *what it becomes* (another colour, the number
  kept, or another number, the colour kept), each choice said in words;
* every other decision (restock, the card, a hype, a discard) as buttons under a line saying what
  is being decided.

Moves are played through :meth:`~kitchenlab.table.PlayTable.try_move`. ipywidgets only.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from .actions import Kind
from .components import load_components
from .scoring import die_label
from .widgets import _dice_html, hand_html

WRAP = dict(flex_flow="row wrap", align_items="center")
#: More cook moves than this come in a dropdown.
MAX_COOK_BUTTONS = 8

#: What each phase asks, in one line.
PHASE_LINES = {
    "restock": "<b>Restock?</b> A colour is missing from the block: roll a new block, or keep this one.",
    "cut": "<b>Cut the block</b>: the dice a cut takes must total 10 or less (each button names them).",
    "cook": "<b>Cook</b> recipes with your dice (as many as you can, or none), then say you are done.",
    "hype": "<b>Pair a hype</b> with the recipe you just cooked, if its dice meet the hype's rule.",
    "card": "<b>Take one card</b>: a hype, a recipe from the display, or a recipe from the deck.",
    "limits": "<b>Over a limit</b> (at most 8 dice, 2 recipes, 2 hypes): choose what to discard.",
}


def die_words(die: str) -> str:
    """A die in words: ``"carrot 4"``; a die changed with the chef token says what it was.

    >>> die_words("C4"), die_words("M4/C")
    ('carrot 4', 'mushroom 4 (a carrot die)')
    """
    comps = load_components()
    text = f"{comps.colour(die[0]).name} {die[1]}"
    return text if len(die) == 2 else f"{text} (a {comps.colour(die[3]).name} die)"


def chef_change_words(old: str, new: str) -> str:
    """What spending the chef token on ``old`` to make ``new`` does, in words.

    >>> chef_change_words("C4", "M4/C")
    'M4(C): counts as a mushroom 4 (the colour changes, the number stays)'
    >>> chef_change_words("C4", "C6")
    'C6: becomes a carrot 6 (the number changes, the colour stays)'
    """
    comps = load_components()
    if new[0] != old[0]:
        return (f"{die_label(new)}: counts as a {comps.colour(new[0]).name} {new[1]} "
                "(the colour changes, the number stays)")
    return f"{die_label(new)}: becomes a {comps.colour(new[0]).name} {new[1]} (the number changes, the colour stays)"


def _button(table, action, label: str | None = None, cls: str = "kl-action", style: str = ""):
    from ..table import move_button
    return move_button(table, str(action), label or str(action), cls, style)


def chef_control(table, chef_moves) -> list:
    """The chef token as a labelled control: a dropdown of the die to change, one of what it
    becomes (in words), and *Spend the chef token*."""
    by_die: dict[str, list] = {}
    for a in chef_moves:
        by_die.setdefault(a.dice[0], []).append(a)
    die = widgets.Dropdown(options=[(f"{die_label(d)} ({die_words(d)})", d) for d in by_die],
                           description="Change die:", style={"description_width": "7em"},
                           layout=widgets.Layout(width="24em"))
    die.add_class("kl-chef-die")
    into = widgets.Dropdown(description="into:", style={"description_width": "3em"},
                            layout=widgets.Layout(width="34em"))
    into.add_class("kl-chef-into")

    def fill(_change=None):
        into.options = [(chef_change_words(a.dice[0], a.dice[1]), str(a)) for a in by_die[die.value]]

    fill()
    die.observe(fill, names="value")
    spend = widgets.Button(description="Spend the chef token", button_style="warning", layout=widgets.Layout(width="auto"))
    spend.add_class("kl-chef-spend")
    spend.on_click(lambda _b: table.try_move(into.value))
    table.move_menus.append(into)
    head = widgets.HTML("<b>Chef token</b> (once, until the next restock): before cooking, change the colour "
                        "<i>or</i> the number of one of your dice.")
    return [head, widgets.HBox([die, into, spend], layout=widgets.Layout(**WRAP))]


def _cook_rows(table, legal) -> list:
    cooks = [a for a in legal if a.kind == Kind.COOK]
    rows = []
    if len(cooks) > MAX_COOK_BUTTONS:
        pick = widgets.Dropdown(options=[str(a).removeprefix("cook ") for a in cooks],
                                description="Recipe:", layout=widgets.Layout(width="40em"))
        pick.add_class("kl-action-choice")
        go = widgets.Button(description="Cook it", button_style="success", layout=widgets.Layout(width="auto"))
        go.add_class("kl-play-move")
        go.on_click(lambda _b: table.try_move("cook " + pick.value))
        table.move_menus.append(pick)
        rows.append(widgets.HBox([pick, go], layout=widgets.Layout(**WRAP)))
    elif cooks:
        rows.append(widgets.HBox([_button(table, a, str(a).removeprefix("cook "), "kl-cook", "success") for a in cooks],
                                 layout=widgets.Layout(**WRAP)))
    else:
        rows.append(widgets.HTML("<i>No recipe of yours can be cooked with these dice.</i>"))
    chef = [a for a in legal if a.kind == Kind.CHEF]
    if chef:
        rows += chef_control(table, chef)
    rest = [a for a in legal if a.kind not in (Kind.COOK, Kind.CHEF)]
    if rest:
        rows.append(widgets.HBox([_button(table, a, "✔ Done cooking" if a.kind == Kind.DONE else None) for a in rest],
                                 layout=widgets.Layout(**WRAP)))
    return rows


def move_helper(table) -> list | None:
    """The rows of widgets offering the moves of the person at ``table`` (see the module
    docstring): the choices on the left, the person's dice, cards and the scores on the right."""
    st, seat = table.state, table.viewer
    if seat is None or not table.legal:
        return None
    legal = st.legal_actions()
    rows = [widgets.HTML(PHASE_LINES.get(st.phase, f"<b>{escape(st.phase)}</b>"))]
    if st.phase == "cook":
        rows += _cook_rows(table, legal)
    else:
        cls = "kl-cut" if st.phase == "cut" else "kl-action"
        rows.append(widgets.HBox([_button(table, a, str(a).removeprefix("cut "), cls) for a in legal],
                                 layout=widgets.Layout(**WRAP)))
    left = widgets.VBox(rows, layout=widgets.Layout(width="58%"))
    left.add_class("kl-choices")
    right = widgets.HTML(_dice_html(st.dice[seat]) + hand_html(st, seat), layout=widgets.Layout(width="42%"))
    right.add_class("kl-hand")
    return [widgets.HBox([left, right], layout=widgets.Layout(width="100%", align_items="flex-start"))]


__all__ = ["MAX_COOK_BUTTONS", "PHASE_LINES", "chef_change_words", "chef_control", "die_words", "move_helper"]
