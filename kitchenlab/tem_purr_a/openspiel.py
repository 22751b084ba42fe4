"""Tem-Purr-A's stable OpenSpiel action ids (its ``GameInfo.openspiel_schema``; see
:mod:`kitchenlab.openspiel_ids` for how an id is built).

26 ids for 3 players, 1 more per extra player: start a stack with 2..7 (6), serve 2..7 (6), eat
(1), play +1 / reverse (2), play choose next naming seat 0..n-1 (n), skip with a pair of 2..7 (6),
add / do not add an indigestion card (2). An eat's card count is shown for display only: it is not
part of the key.

>>> schema(3).size, schema(7).size
(26, 30)
"""

from __future__ import annotations

from ..openspiel_ids import ActionSchema
from .components import DISH_VALUES
from .rules import CHOOSE, PLUS_ONE, REVERSE, _act


def schema(players: int) -> ActionSchema:
    """The action ids of a game of ``players`` players."""
    dishes = tuple(DISH_VALUES)

    def key(a) -> tuple:
        k = str(a.kind)
        if k in ("start", "serve", "skip"):
            return (k, a.card)
        if k == "eat":
            return (k,)
        if k == "play":
            return ("choose", a.target) if a.card == CHOOSE else ("play", a.card)
        return (k, a.target)          # extra: 1 add, 0 do not add

    def label(key: tuple) -> str:
        kind, *v = key
        if kind == "eat":
            return "eat"
        if kind == "choose":
            return str(_act("play", CHOOSE, target=v[0]))
        if kind == "extra":
            return str(_act("extra", target=v[0]))
        return str(_act(kind, v[0]))

    return ActionSchema("tem_purr_a", (
        ("start", (dishes,)), ("serve", (dishes,)), ("eat", ()), ("play", ((PLUS_ONE, REVERSE),)),
        ("choose", (tuple(range(players)),)), ("skip", (dishes,)), ("extra", ((1, 0),)),
    ), key, label)
