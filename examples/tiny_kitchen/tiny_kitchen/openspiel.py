"""Tiny Kitchen's OpenSpiel action ids: one for the draw, then one per recipe (table order)."""

from __future__ import annotations

from kitchenlab.openspiel_ids import ActionSchema

from .components import load_components
from .rules import DRAW, Action, Kind


def schema(players: int) -> ActionSchema:
    """The same ids at every player count: ``draw`` is 0, ``cook <recipe>`` 1.. in table order."""
    def label(key: tuple) -> str:
        return str(DRAW if key[0] == "draw" else Action(Kind.COOK, key[1]))

    return ActionSchema("tiny_kitchen", (("draw", ()), ("cook", (tuple(load_components().recipes),))),
                        lambda a: (str(a.kind),) if a.kind is Kind.DRAW else (str(a.kind), a.what), label)
