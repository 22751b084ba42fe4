"""Critter Kitchen's move helper for the shared play widget (:func:`kitchenlab.table.play_widget`).

Choosing among many legal moves one button at a time is awkward in Critter Kitchen: a plan sends
three or four chefs at once, a challenge meal and the critic meal are built item by item. The
helper (named by the game's ``GameInfo.move_helper``) offers, next to the person's own
restaurant (storage, plan, meals in progress with their quality):

* **plan**: a dropdown per chef and one *Send the chefs* button;
* **shop**: the chef's choices as buttons, zous-chefs by name;
* **challenge meals**: one meal at a time, its items as buttons, *Serve* and *Done*;
* **fridge**: what goes back in the bag, or *Keep what the bots keep*;
* **critic meal**: the items by course; the item that would complete the meal, and *Done*, ask to
  confirm first, because the meal is scored then.

An item put in a meal comes back out with the table's *Undo my last move* (nothing random and
nothing hidden comes out of putting an item in a meal). Moves are played through
:meth:`~kitchenlab.table.PlayTable.try_move`. ipywidgets only.
"""

from __future__ import annotations

import re
from collections import Counter
from html import escape

import ipywidgets as widgets

from . import scoring
from .tokens import TYPES, is_ingredient, is_spice

WRAP = dict(flex_flow="row wrap", align_items="center")
CONFIRM = "confirm"          # helper_memory key: the move waiting for a "yes"
MEAL = "meal"                # helper_memory key: the challenge meal being built


def zous_names(state, text: str) -> str:
    """``text`` with every ``zous:<id>`` written as the zous-chef's name and ability.

    >>> from kitchenlab.critter_kitchen import new_state
    >>> zous_names(new_state(3, seed=1), "take zous:badger")
    'take zous-chef Badger (carries 3; no ability ⚠)'
    """
    comps = state.cfg.comps

    def name(m: re.Match) -> str:
        z = comps.zous_chef(m.group(1))
        return f"zous-chef {z.name} (carries {z.capacity}; {zous_ability(z)})"

    return re.sub(r"zous:([A-Za-z0-9_]+)", name, text)


def zous_ability(card) -> str:
    """A zous-chef card's ability in words, marked ⚠ when the kit assumed it."""
    note = card.note.split(": ", 1)[1] if ": " in card.note else ""
    text = note or ("no ability" if card.ability == "none" else card.ability.replace("_", " "))
    return text + (" ⚠" if card.assumed else "")


def _button(table, text: str, label: str, cls: str = "kl-action", style: str = ""):
    from ..table import move_button
    return move_button(table, text, zous_names(table.state, label), cls, style)


def _ask(table, text: str, label: str, question: str, cls: str, style: str = "warning"):
    """A button that first asks ``question`` (Yes / No) before playing ``text``."""
    b = widgets.Button(description=label, tooltip=text, button_style=style, layout=widgets.Layout(width="auto"))
    b.add_class("kl-action")
    b.add_class(cls)

    def ask(_b):
        table.helper_memory[CONFIRM] = (text, question)
        table.render()

    b.on_click(ask)
    table.move_buttons[text] = b
    return b


def _confirm_rows(table) -> list | None:
    text, question = table.helper_memory.get(CONFIRM) or (None, "")
    if text not in table.legal:
        table.helper_memory.pop(CONFIRM, None)
        return None
    yes = widgets.Button(description="Yes", button_style="success", layout=widgets.Layout(width="auto"))
    yes.add_class("kl-confirm-yes")
    no = widgets.Button(description="No, go back", layout=widgets.Layout(width="auto"))
    no.add_class("kl-confirm-no")

    def answer(ok: bool):
        table.helper_memory.pop(CONFIRM, None)
        if not ok or not table.try_move(text):
            table.render()

    yes.on_click(lambda _b: answer(True))
    no.on_click(lambda _b: answer(False))
    q = widgets.HTML(f"<b class='kl-question'>{escape(question)}</b>")
    return [widgets.HBox([q, yes, no], layout=widgets.Layout(**WRAP))]


def own_html(state, seat: int) -> str:
    """The person's own restaurant as the play view shows it (storage, plan, meals, critic meal), with the
    critic and the rumor cards that seat knows, each known card's effect in words."""
    from .play_view import critic_and_rumors_html, play_view_html

    return ("<div class='kl-own'>" + zous_names(state, play_view_html(state, seat)["own"])
            + critic_and_rumors_html(state, state.view(seat)) + "</div>")


def round_summary(state, seat: int) -> dict[str, list[str]]:
    """What each other restaurant did this round, from the public log: ``{name: [lines]}``
    (the "has planned" notes left out; zous-chefs by name)."""
    start = max((i for i, e in enumerate(state.events) if e.kind == "round"), default=0)
    names = {p: state._name(p) for p in range(state.players) if p != seat}
    out: dict[str, list[str]] = {n: [] for n in names.values()}
    for line in state.log[start:]:
        for n in names.values():
            if (line.startswith(n + " ") or line.startswith(n + "'s ")) and "has planned" not in line:
                out[n].append(zous_names(state, line[len(n):].removeprefix("'s").strip()))
    return out


def round_summary_html(state, seat: int) -> str:
    """:func:`round_summary` as a small box, a line per other restaurant."""
    rows = "".join(f"<li><b>{escape(n)}</b>: {escape('; '.join(lines)) or 'nothing yet'}</li>"
                   for n, lines in round_summary(state, seat).items())
    return (f"<div class='kl-round-summary' style='font-size:90%;max-height:140px;overflow-y:auto'>"
            f"<b>This round ({state.round}), the others:</b><ul style='margin:2px 0'>{rows}</ul></div>")


def move_helper(table) -> list | None:
    """The rows of widgets offering the moves of the person at ``table`` (see the module docstring):
    the choices on the left; the person's restaurant and what the others did this round on the right."""
    st, seat, legal = table.state, table.viewer, table.legal
    if seat is None or not legal:
        return None
    rows = _confirm_rows(table)
    if rows is None:
        ph = st.phase
        make = {"plan": _plan, "shop": _shop, "challenge": _challenge, "fridge": _fridge, "critic": _critic}.get(ph)
        if make is None:
            return None
        rows = make(table, st, seat, legal)
    left = widgets.VBox(rows, layout=widgets.Layout(width="56%"))
    left.add_class("kl-choices")
    right = widgets.HTML(round_summary_html(st, seat) + own_html(st, seat), layout=widgets.Layout(width="44%"))
    return [widgets.HBox([left, right], layout=widgets.Layout(width="100%", align_items="flex-start"))]


def location_offers(state, seat: int) -> list[str]:
    """Each location with what it holds now, as the plan's dropdowns name it (the part of the
    board a plan acts on, beside the plan itself).

    >>> from kitchenlab.critter_kitchen import new_state
    >>> location_offers(new_state(3, seed=2026), 0)[0]
    'Soup Truck: bisque'
    """
    return [f"{loc['name']}: {zous_names(state, ' '.join(loc['item_names'])) or 'nothing'}"
            for loc in state.view(seat)["locations"]]


def _plan(table, st, seat, legal) -> list:
    plan = st.plans[seat]
    chefs = [ch for ch in st._chefs_of(seat) if ch not in plan]
    names = st.cfg.loc_names
    free = [i for i in range(len(names)) if i not in set(plan.values())]
    boxes = []
    rows = [widgets.HTML("<b>Plan</b>: send each chef to a different location (secret until everyone has planned); "
                         "each location lists what it holds now")]
    offers = location_offers(st, seat)
    for j, ch in enumerate(chefs):
        label = st._chef_label(ch)
        d = widgets.Dropdown(options=[(offers[i], i) for i in free], value=free[min(j, len(free) - 1)],
                             description=f"{label} (cap. {st._capacity(ch)}):",
                             style={"description_width": "14em"}, layout=widgets.Layout(width="38em"))
        d.add_class("kl-plan")
        boxes.append((label, d))
        rows.append(d)
    send = widgets.Button(description="Send the chefs", button_style="success", layout=widgets.Layout(width="auto"))
    send.add_class("kl-send")

    def go(_b):
        where = [names[d.value] for _, d in boxes]
        if len(set(where)) != len(where):
            table.message.value = "<span style='color:#B03A2E'>Each chef needs a different location.</span>"
            return
        table.try_move(*(f"send {label} to {loc}" for (label, _), loc in zip(boxes, where)))

    send.on_click(go)
    return rows + [send]


def _shop(table, st, seat, legal) -> list:
    chef = st.run.current()
    where = st.cfg.loc_names[st.loc]
    head = widgets.HTML(f"<b>Your {escape(st._chef_label(chef.name))} picks at {escape(where)}</b> "
                        f"(carries {chef.capacity}, has taken {chef.taken})")
    return [head, widgets.HBox([_button(table, a, a.removeprefix("take ")) for a in legal],
                               layout=widgets.Layout(**WRAP))]


def _challenge(table, st, seat, legal) -> list:
    from .play_view import _day_meals

    open_meals = [m for m in _day_meals(st, seat) if not m["served"]]
    ks = [m["k"] for m in open_meals]
    if table.helper_memory.get(MEAL) not in ks:
        table.helper_memory[MEAL] = ks[0] if ks else None
    rows = [widgets.HTML("<b>Challenge meals</b>: build a meal for a challenge, then serve it; items of "
                         "unserved meals go back to your storage. <i>Undo my last move</i> takes an item back out.")]
    if ks:
        pick = widgets.ToggleButtons(options=[(f"meal {m['k']}: {m['name']}", m["k"]) for m in open_meals],
                                     value=table.helper_memory[MEAL], style={"button_width": "auto"})
        pick.add_class("kl-meal-choice")

        def switch(change):
            table.helper_memory[MEAL] = change["new"]
            table.render()

        pick.observe(switch, names="value")
        rows.append(pick)
        k = table.helper_memory[MEAL]
        suffix = f" to meal {k}"
        adds = [_button(table, a, a[4:-len(suffix)], "kl-add-item") for a in legal
                if a.startswith("add ") and a.endswith(suffix)]
        rows.append(widgets.HBox(adds or [widgets.HTML("<i>nothing more fits this meal</i>")],
                                 layout=widgets.Layout(**WRAP)))
        if f"serve meal {k}" in legal:
            rows.append(_button(table, f"serve meal {k}", f"Serve meal {k}", "kl-serve", "success"))
    done = "done with challenges"
    if done in legal:
        rows.append(_ask(table, done, "✔ Done with the challenges",
                         "Done with the challenge meals? Items of unserved meals go back to your storage.", "kl-done"))
    return rows


def _fridge(table, st, seat, legal) -> list:
    limit = st.cfg.fridge[st.round]
    mine = st.view(seat)["storage"]
    keep = Counter(scoring.fridge_keep(mine, limit))
    have = Counter(t for t in mine if is_ingredient(t) or is_spice(t))
    bot = widgets.Button(description="Keep what the bots keep", button_style="info", layout=widgets.Layout(width="auto"))
    bot.add_class("kl-bot-choice")
    bot.on_click(lambda _b: table.try_move(*(f"discard {t}" for t in (have - keep).elements())))
    return [widgets.HTML(f"<b>Fridge: keep at most {limit}.</b> Click what goes back in the bag:"),
            widgets.HBox([_button(table, a, a) for a in legal], layout=widgets.Layout(**WRAP)), bot]


def ends_the_meal(state, move: str) -> bool:
    """Whether ``move`` leaves the mover nothing more to do in the critic meal (it is then served
    and scored at once)."""
    seat = state.current_player
    after = state.apply(move)
    return after.is_over or after.current_player != seat or after.phase != state.phase


def _critic(table, st, seat, legal) -> list:
    groups: dict[str, list] = {}
    for a in legal:
        if a == "done with critic meal":
            continue
        course = a.rsplit(" on ", 1)[-1] if a.startswith("put ") else a.rsplit(" with ", 1)[-1]
        label = a.removeprefix("put ").rsplit(" on ", 1)[0] if a.startswith("put ") else a
        if ends_the_meal(st, a):
            b = _ask(table, a, f"{label} (completes the meal)",
                     f"{label} is the last item: your critic meal is then served and scored. Go ahead?",
                     "kl-add-item", style="")
        else:
            b = _button(table, a, label, "kl-add-item")
        groups.setdefault(course, []).append(b)
    rows = [widgets.HTML("<b>Put items on the critic's plate</b> (one ingredient per course, unless the critic "
                         "says otherwise). <i>Undo my last move</i> takes an item back off.")]
    for t in TYPES:
        key = f"{t} course"
        if key in groups:
            label = widgets.HTML(f"<span style='display:inline-block;width:8em'>{key}:</span>")
            rows.append(widgets.HBox([label] + groups[key], layout=widgets.Layout(**WRAP)))
    if "done with critic meal" in legal:
        rows.append(_ask(table, "done with critic meal", "✔ The critic meal is ready: serve it",
                         "Serve your critic meal as it is? It is scored now and cannot be changed.", "kl-done",
                         style="success"))
    return rows


# ---------------------------------------------------------------- from code (demonstrations, tests)


def suggest(table) -> str | None:
    """The move the greedy bot would make for the person to act at ``table`` (``None`` if none)."""
    from ..engine import Rng
    from .bots import greedy_bot

    if not table.legal:
        return None
    return str(greedy_bot(table.state, Rng(0)))


def autoplay(table, moves: int | None = None) -> list[str]:
    """Let the greedy bot make the next ``moves`` moves of the people at ``table`` (all of them to the
    end when ``None``); returns the log lines written meanwhile."""
    from ..engine import Rng
    from .bots import greedy_bot

    helper = Rng(table.seed * 7_919 + 101)
    out: list[str] = []
    n = 0
    while not table.state.is_over and (moves is None or n < moves):
        table.reveal()
        out += table.choose(str(greedy_bot(table.state, helper)))
        n += 1
    return out


def send_plan(table, plan: dict[str, str]) -> list[str]:
    """Send the chefs of the person to act: ``plan`` is ``{chef label: location name}``; returns the
    log lines written meanwhile (the reveal and what followed, up to that person's next move)."""
    from ..errors import KitchenlabError

    if table.state.phase != "plan" or table.to_act is None:
        raise KitchenlabError("it is not a planning turn")
    if len(set(plan.values())) != len(plan):
        raise KitchenlabError("each chef needs a different location")
    out: list[str] = []
    for label, loc in plan.items():
        out += table.choose(f"send {label} to {loc}")
    return out


__all__ = ["autoplay", "location_offers", "send_plan", "suggest", "ends_the_meal", "move_helper", "own_html", "round_summary", "round_summary_html", "zous_ability", "zous_names"]
