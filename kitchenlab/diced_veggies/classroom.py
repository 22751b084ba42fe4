"""Diced Veggies on the projector: the cook calculator and the cut-limit what-if.

The game's ``GameInfo`` names :func:`calculator` and :func:`what_if`; the projector page shows them
with :func:`kitchenlab.classroom.scoring_calculator` and :func:`kitchenlab.classroom.what_if_slider`.

>>> w = what_if()
>>> w.slider.value = 10
>>> w.counts()["edge"] <= w.counts()["middle"] and "the rules' limit" in w.result.value
True
"""

from __future__ import annotations

from html import escape

from .. import new_game
from ..classroom import SliderWhatIf, large_type
from . import legal_cuts, load_components

#: The block the what-if slider cuts (the first block of a 2-player game, seed 1).
CUT_BLOCK_SEED = 1


class CutLimitWhatIf(SliderWhatIf):
    """A slider for the cut limit (10 in the rules) and how many legal cuts the same block then
    offers, with the blade entering from the edge (the default) or anywhere (``legal_cuts`` with
    ``limit``)."""

    def __init__(self, limit: int = 10, seed: int = CUT_BLOCK_SEED) -> None:
        self.block = new_game("diced_veggies", players=2, seed=seed).view(None)["block"]
        super().__init__(limit, 2, 24, "cut limit")

    def counts(self) -> dict[str, int]:
        """Legal cuts of the block under the slider's limit: from the edge, and anywhere on a seam."""
        limit = self.slider.value
        return {"edge": len(legal_cuts(self.block, False, limit)), "middle": len(legal_cuts(self.block, True, limit))}

    def update(self) -> None:
        c = self.counts()
        rows = "<br>".join(escape(r) for r in self.block)
        rule = " (the rules' limit)" if self.slider.value == 10 else ""
        key = ", ".join(f"{c.shown_letter()} = {c.shown_name()}" for c in load_components().colours)
        self.result.value = (f"<div style='font-family:monospace;line-height:1.3;margin:4px 0'>{rows}</div>"
                             f"<div style='color:#555'>{escape(key)}; the digit is the die's number</div>"
                             f"<div>With a limit of <b>{self.slider.value}</b>{rule}: <b>{c['edge']}</b> legal cuts "
                             f"with the blade entering from the edge, <b>{c['middle']}</b> if it may enter anywhere "
                             "along a seam.</div>")


def calculator():
    """The projector's scoring calculator: a cooked recipe's points with its hype."""
    from .widgets import CookCalculator

    calc = CookCalculator()
    large_type(calc.widget)
    return calc


def what_if() -> CutLimitWhatIf:
    """The projector's what-if: the legal cuts of one block as the cut limit changes."""
    return CutLimitWhatIf()


def describe(view: dict) -> list[str]:
    """The public table in a few sentences: the block, then each player's dice, recipes and score.

    >>> describe(new_game("diced_veggies", players=2, seed=1).view(None))[0]
    'The block holds 35 dice, worth 117 in all.'
    """
    left = sum(1 for row in view["block"] for die in row.split() if die != "..")
    said = [f"The block holds {left} dice, worth {view['block_total']} in all."]
    for p, dice in enumerate(view["dice"]):
        held = f"{len(dice)} {'die' if len(dice) == 1 else 'dice'} ({' '.join(dice)})" if dice else "no dice yet"
        recipes = ", ".join(view["recipe_names"][p]) or "none"
        said.append(f"Player {p + 1}: {held}, {view['scores'][p]} points; recipes to cook: {recipes}.")
    return said


__all__ = ["CUT_BLOCK_SEED", "CutLimitWhatIf", "calculator", "describe", "what_if"]
