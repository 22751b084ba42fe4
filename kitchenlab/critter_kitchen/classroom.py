"""Critter Kitchen on the projector: the challenge-meal builder and the stars what-if.

The game's ``GameInfo`` names :func:`calculator` and :func:`what_if`; the projector page shows them
with :func:`kitchenlab.classroom.scoring_calculator` and :func:`kitchenlab.classroom.what_if_slider`.

>>> w = what_if()
>>> w.slider.value = 0
>>> set(w.stars().values())
{0}
"""

from __future__ import annotations

from html import escape

from ..classroom import SliderWhatIf, large_type
from .. import new_game
from . import challenge_stars
from .rules import THRESHOLD_PRESETS


class StarsWhatIf(SliderWhatIf):
    """A quality slider and the stars a challenge meal of that quality earns under the standard
    thresholds and each what-if preset (``THRESHOLD_PRESETS``, ``challenge_stars``)."""

    def __init__(self, quality: int = 12) -> None:
        super().__init__(quality, 0, 40, "meal quality", width="560px")

    def stars(self) -> dict[str, int]:
        return {name: challenge_stars(self.slider.value, th) for name, th in THRESHOLD_PRESETS.items()}

    def update(self) -> None:
        rows = "".join(f"<tr><td style='padding:2px 14px'>{escape(name)}</td><td style='padding:2px 14px'>"
                       f"{'★' * s if s else 'no star (not presentable)'}</td></tr>"
                       for name, s in self.stars().items())
        self.result.value = (f"<div>A challenge meal of quality <b>{self.slider.value}</b> earns:</div>"
                             f"<table style='border-collapse:collapse'>{rows}</table>")


def calculator():
    """The projector's scoring calculator: the challenge-meal builder on a sample storage."""
    from .widgets import challenge_meal_builder

    builder = challenge_meal_builder("fish7 fish-spice bread2 bread-spice cheese4 cheese5 bisque soup",
                                     "ultimate_melt", chart=False)
    large_type(builder.widget)
    return builder


def what_if() -> StarsWhatIf:
    """The projector's what-if: the stars of a meal's quality under each threshold preset."""
    return StarsWhatIf()


def describe(view: dict) -> list[str]:
    """The public table in a few sentences: the challenge, the critic, the turn order and the stars.

    >>> describe(new_game("critter_kitchen", players=3, seed=1).view(None))[0]
    "Today's challenge: Forest Feast (mushroom, fish and bread)."
    """
    said = []
    for c in view["challenges"]:
        needs = c["requirements"]
        wants = ", ".join(needs[:-1]) + f" and {needs[-1]}" if len(needs) > 1 else "".join(needs)
        said.append(f"Today's challenge: {c['name']} ({wants}).")
    if view.get("critic"):
        said.append(f"The critic is {view['critic']}.")
    if view.get("priority"):
        said.append(f"Turn order: {', '.join(view['priority'])}.")
    said.append("Stars: " + ", ".join(f"{p['name']} {p['stars']}" for p in view["players"]) + ".")
    return said


__all__ = ["StarsWhatIf", "calculator", "describe", "what_if"]
