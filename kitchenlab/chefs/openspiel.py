"""Chefs' stable OpenSpiel action ids (its ``GameInfo.openspiel_schema``; see
:mod:`kitchenlab.openspiel_ids` for how an id is built).

580 ids: place a disc at location 0..4; take 1 or 2 counter cards (the combination ranked among the
count tuples over the six ingredient kinds); cook meal card 1..29 at either stove, paying in full or
with the chef card standing in for a card of kind 0..5 (so what is paid follows from the move); door
box 1..5 with the cards given up (ranked among the count tuples of the box's size); serve meal card
1..29; decline a stove or the door.

>>> schema(4).size
580
"""

from __future__ import annotations

from ..openspiel_ids import ActionSchema, count_tuples
from .rules import (DOOR, DOOR_BOXES, KINDS, LOCATION_NAMES, MEAL_NEEDS, MEALS, NK, STOVES, WALL, WINDOW, act,
                    cards_text, meal_name)


def schema(players: int) -> ActionSchema:
    """The action ids of a game of ``players`` players (the same for every count)."""
    meals = tuple(sorted(MEALS))
    upto_two = count_tuples(NK, 1) + count_tuples(NK, 2)

    def key(a) -> tuple:
        k = str(a.kind)
        if k == "place":
            return (k, a.loc)
        if k == "take":
            return (k, a.cards)
        if k == "cook":                   # the chef card stands in for one card of its kind
            if not a.chef:
                return (k, a.loc, a.meal, None)
            needs = dict(MEAL_NEEDS[a.meal])
            return (k, a.loc, a.meal, next(i for i in range(NK) if needs.get(i, 0) - a.cards[i] == 1))
        if k == "door":
            return (f"door box {a.box + 1}", a.cards)
        if k == "serve":
            return (k, a.meal)
        return (k, a.loc)                 # pass: decline a stove or the door

    def label(key: tuple) -> str:
        kind, *v = key
        if kind == "place":
            return str(act("place", v[0]))
        if kind == "take":
            return f"take {cards_text(v[0])}"
        if kind == "cook":
            chef = "" if v[2] is None else f" with the chef card as a {KINDS[v[2]]}"
            return f"cook {meal_name(v[1])} at the {LOCATION_NAMES[v[0]]}{chef}"
        if kind == "serve":
            return f"serve {meal_name(v[0])}"
        if kind == "pass":
            return f"{act('pass', v[0])} at the {LOCATION_NAMES[v[0]]}"
        return f"{kind}: discard {cards_text(v[0])}"

    return ActionSchema("chefs", (
        ("place", (tuple(range(5)),)),
        ("take", (upto_two,)),
        ("cook", ((WINDOW, WALL), meals, (None,) + tuple(range(NK)))),
        *((f"door box {b + 1}", (count_tuples(NK, give),)) for b, (give, _draw) in enumerate(DOOR_BOXES)),
        ("serve", (meals,)),
        ("pass", (tuple(sorted(STOVES + (DOOR,))),)),
    ), key, label)
