"""Chefs on the projector: the "can I cook this?" calculator and the track what-if.

The game's ``GameInfo`` names :func:`calculator` and :func:`what_if`; the projector page shows them
with :func:`kitchenlab.classroom.scoring_calculator` and :func:`kitchenlab.classroom.what_if_slider`.

>>> w = what_if()
>>> w.slider.value = 18
>>> "lap 1, square 18" in w.result.value
True
"""

from __future__ import annotations

from ..classroom import SliderWhatIf, large_type
from .. import new_game
from . import meal_table, player_name, track_square
from .scoring import passed_finish


class TrackWhatIf(SliderWhatIf):
    """A slider for the squares a chef has advanced, and where serving a meal of each step value
    takes the chef (``track_square``), with the meals that pass square 20 and end the game."""

    def __init__(self, steps: int = 16) -> None:
        super().__init__(steps, 0, 40, "squares so far")

    def rows(self) -> list[dict]:
        """Per step value on the meal cards: the meals, where serving one lands, does it end the game."""
        now = self.slider.value
        out = []
        for steps in sorted({m["steps"] for m in meal_table()}):
            lap, square = track_square(now + steps)
            out.append({"steps": steps, "meals": sum(1 for m in meal_table() if m["steps"] == steps),
                        "lands": f"lap {lap}, square {square}",
                        "ends": passed_finish(now + steps) and not passed_finish(now)})
        return out

    def update(self) -> None:
        lap, square = track_square(self.slider.value)
        cell = "style='padding:2px 14px'"
        rows = "".join(f"<tr><td {cell}>{r['steps']} steps ({r['meals']} meals)</td><td {cell}>{r['lands']}</td>"
                       f"<td {cell}>{'passes square 20: the game ends this round' if r['ends'] else ''}</td></tr>"
                       for r in self.rows())
        self.result.value = (f"<div>A chef {self.slider.value} squares along stands on lap {lap}, square {square}. "
                             f"Serving one meal (step values assumed ⚠):</div>"
                             f"<table style='border-collapse:collapse'>{rows}</table>")


def calculator():
    """The projector's scoring calculator: can this hand pay for that meal (with a chef card)?"""
    from .widgets import cook_calculator

    calc = cook_calculator()
    large_type(calc.widget)
    return calc


def what_if() -> TrackWhatIf:
    """The projector's what-if: where serving a meal takes a chef along the track."""
    return TrackWhatIf()


def describe(view: dict) -> list[str]:
    """The public table in a few sentences: the counter, the stoves, the track and the hands.

    >>> describe(new_game("chefs", players=3, seed=4).view(None))[0]
    'On the ingredient counter: 4 carrot, 1 egg, 1 flour.'
    """
    counter = ", ".join(f"{n} {kind}" for kind, n in view["counter"].items()) or "nothing"
    said = [f"On the ingredient counter: {counter}.",
            f"Window stoves: {', '.join(view['window']) or 'empty'}; wall stoves: {', '.join(view['wall']) or 'empty'}."]
    places = []
    for p, (lap, square) in enumerate(view["track"]):
        where = "at the start" if (lap, square) == (1, 0) else f"on square {square}" + (f" (lap {lap})" if lap > 1 else "")
        places.append(f"{player_name(p)} {where}")
    said.append("On the track: " + ", ".join(places) + ".")
    said.append("Cards in hand: " + ", ".join(f"{player_name(p)} {n}" for p, n in enumerate(view["hand_sizes"])) + ".")
    return said


__all__ = ["TrackWhatIf", "calculator", "describe", "what_if"]
