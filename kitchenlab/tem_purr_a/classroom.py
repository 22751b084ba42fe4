"""Tem-Purr-A on the projector: a stack calculator and the risk what-if.

The game's ``GameInfo`` names :func:`calculator` and :func:`what_if`; the projector page shows them
with :func:`kitchenlab.classroom.scoring_calculator` and :func:`kitchenlab.classroom.what_if_slider`.

>>> calc = calculator()
>>> for card in ("5", "+1", "reverse", "5"):
...     calc.add(card)
>>> calc.worth
11
>>> "eating it from a deck of 60 with 1 indigestion card risks <b>11/60</b>" in calc.result.value
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..classroom import large_type
from ..display import ShowsWidget
from .. import new_game
from . import indigestion_chance, player_name, stack_total


class StackCalculator(ShowsWidget):
    """Click cards onto a stack and read its worth (``stack_total``) and the exact risk of eating
    it from a deck of ``deck`` cards holding ``indigestion`` indigestion cards."""

    CARDS = ("2", "3", "4", "5", "6", "7", "+1", "reverse", "choose next")

    def __init__(self, deck: int = 60, indigestion: int = 1) -> None:
        self.deck, self.indigestion = deck, indigestion
        self.cards: list[str] = []
        buttons = []
        for c in self.CARDS:
            b = widgets.Button(description=c, layout=widgets.Layout(width="auto"))
            b.add_class("kl-add-card")
            b.on_click(lambda _b, c=c: self.add(c))
            buttons.append(b)
        clear = widgets.Button(description="Clear", button_style="warning")
        clear.on_click(lambda _b: self.clear())
        self.result = widgets.HTML()
        self.result.add_class("kl-stack-worth")
        self.widget = large_type(widgets.VBox([widgets.HBox(buttons + [clear],
                                                            layout=widgets.Layout(flex_flow="row wrap")),
                                               self.result]))
        self.update()

    def add(self, card: str) -> None:
        self.cards.append(card)
        self.update()

    def clear(self) -> None:
        self.cards = []
        self.update()

    @property
    def worth(self) -> int:
        return stack_total(self.cards)

    def update(self) -> None:
        p = indigestion_chance(self.deck, self.indigestion, self.worth)
        frac = f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p)
        stack = ", ".join(self.cards) or "empty"
        self.result.value = (f"<div>Stack: <b>{escape(stack)}</b> — worth <b>{self.worth}</b>; eating it from a "
                             f"deck of {self.deck} with {self.indigestion} indigestion card risks <b>{frac}</b> "
                             f"≈ {float(p):.1%}</div>")


def calculator() -> StackCalculator:
    """The projector's scoring calculator: a stack's worth and the risk of eating it."""
    return StackCalculator()


def what_if():
    """The projector's what-if: the risk calculator (deck of 60, one indigestion card, 6 cards eaten)."""
    from .widgets import risk_calculator

    calc = risk_calculator(60, 1, 6)
    large_type(calc.widget)
    return calc


def describe(view: dict) -> list[str]:
    """The public table in a few sentences: the stack, the deck, the hands and the tokens.

    >>> describe(new_game("tem_purr_a", players=3, seed=1).view(None))[0]
    'The stack is empty.'
    """
    stack = view["stack"]
    top = f", a {view['top_dish']} on top" if view["top_dish"] is not None else ""
    cards = "card" if len(stack) == 1 else "cards"
    said = [f"The stack has {len(stack)} {cards}, worth {view['stack_total']}{top}." if stack else "The stack is empty.",
            f"The deck holds {view['deck_size']} cards, {view['indigestion_in_deck']} of them indigestion.",
            "Cards in hand: " + ", ".join(f"{player_name(p)} {n}" for p, n in enumerate(view["hand_sizes"])) + "."]
    tokens = [f"{player_name(p)} {n}" for p, n in enumerate(view["tokens"]) if n]
    said.append("Indigestion tokens: " + ", ".join(tokens) + "." if tokens else "Nobody has an indigestion token yet.")
    return said


__all__ = ["StackCalculator", "calculator", "describe", "what_if"]
