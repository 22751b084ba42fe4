"""Critter Kitchen's stable OpenSpiel action ids (its ``GameInfo.openspiel_schema``; see
:mod:`kitchenlab.openspiel_ids` for how an id is built).

Keep a restaurateur (one id each); send a chef (mouse, lizard, boar or any zous-chef) to a location
(by index); take a token (every ingredient type x value, spice, rumor token, soup, bisque, zous-chef
card) as itself or as rumor 1..3; go home for soup; add an ingredient, bisque or soup to meal 1..10
with no spice or any spice; serve meal 1..10; done with challenges; discard a fridge item; put an
ingredient on its course with no spice, a spice or a rumor token; pair a wine with a course type;
done with the critic meal. Meals are built **in steps** by the kit itself (one item per decision),
so no move is a whole combination.
"""

from __future__ import annotations

from ..openspiel_ids import ActionSchema
from .components import load_components
from .shop import CHEFS, RUMOR_KINDS
from .tokens import BISQUE, RUMOR_TOKENS, SOUP, SPICES, TYPES


def schema(players: int) -> ActionSchema:
    """The action ids of a game of ``players`` players (the same for every count)."""
    comps = load_components()
    ingredients = tuple(f"{t}{v}" for t in TYPES for v in range(2, 8))
    zous = tuple("zous:" + z.id for z in comps.zous_chefs)
    meals = tuple(range(1, 11))          # the rounds option allows at most 10 rounds
    spice_or_none = (None,) + SPICES

    def key(a) -> tuple:
        return (a.kind, *a.args)

    def label(key: tuple) -> str:
        kind, *v = key
        if kind == "send":
            return f"send {v[0]} to {comps.locations[v[1]].name}"
        if kind == "take":
            return f"take {v[0]}" + (f" as rumor{v[1]}" if v[1] is not None else "")
        return " ".join(str(x) for x in (kind.replace("_", " "), *v) if x is not None)

    return ActionSchema("critter_kitchen", (
        ("keep", (tuple(r.id for r in comps.restaurateurs),)),
        ("send", (CHEFS + zous, tuple(range(len(comps.locations))))),
        ("take", (ingredients + SPICES + RUMOR_TOKENS + (SOUP, BISQUE) + zous, (None,) + tuple(RUMOR_KINDS))),
        ("home", ()),
        ("add", (meals, ingredients + (BISQUE, SOUP), spice_or_none)),
        ("serve", (meals,)),
        ("done_challenges", ()),
        ("discard", (ingredients + SPICES,)),
        ("put", (ingredients, spice_or_none + RUMOR_TOKENS)),
        ("pair", (tuple(i for i in ingredients if i.startswith("wine")), TYPES)),
        ("done_critic", ()),
    ), key, label)
