"""Diced Veggies' stable OpenSpiel action ids (its ``GameInfo.openspiel_schema``; see
:mod:`kitchenlab.openspiel_ids` for how an id is built).

7 526 ids with the kit's data (44 recipes, 34 hypes, five colours, faces 2..6, a 5 x 7 frame;
:func:`bound` gives the figure). A **cook is built in steps** inside the adapter: first the recipe
(one id per recipe card), then its dice one at a time in the kit's sorted order (one id per die:
counted colour x value x real colour, 125), so a cook of k dice is k + 1 decisions and a whole cook
never needs an id of its own (ranked flat, the cooks would run to tens of millions of ids: every die
may carry a colour changed by the chef token). One id each for restock, keep, no cut, pair no hype,
done cooking, draw a hype, draw a recipe; a cut is the set of cells it takes, ranked among the
4-connected sets of at most 10 // 2 = 5 cells of the frame (the dice it takes follow from the
block); take the whole block of total 0..10; the chef token changes a die (125) to another counted
colour (5) or another number (5); pair hype 1..34 with no extra die or any die (126); take or
discard recipe 1..44; discard hype 1..34; discard a die (125). Six steps at most per move (a
five-die cook).
"""

from __future__ import annotations

from ..openspiel_ids import ActionSchema, connected_cell_sets
from . import actions as A
from .actions import Kind
from .cleaver import cell_name
from .components import load_components
from .legal import die_as
from .scoring import die_label, physical_colour, value_of


def bound() -> int:
    """The number of Diced Veggies action ids with the kit's data (``num_distinct_actions``)."""
    return schema(2).size


def schema(players: int) -> ActionSchema:
    """The action ids of a game of ``players`` players (the same for every count)."""
    comps = load_components()
    letters, faces = comps.letters, tuple(sorted(set(comps.faces)))
    dice = tuple(die_as(c, v, b) for c in letters for v in faces for b in letters)
    recipes = tuple(r.id for r in comps.recipes)
    hypes = tuple(h.id for h in comps.hypes)
    limit = comps.count("cut_limit")
    most = limit // min(faces)
    cuts = connected_cell_sets(comps.count("block_rows"), comps.count("block_cols"), most)
    longest = max(len(r.ingredients) for r in comps.recipes)
    single = {Kind.RESTOCK: A.RESTOCK, Kind.KEEP: A.KEEP, Kind.NO_CUT: A.NO_CUT, Kind.NO_HYPE: A.NO_HYPE,
              Kind.DONE: A.DONE, Kind.DRAW_HYPE: A.DRAW_HYPE, Kind.DRAW_RECIPE: A.DRAW_RECIPE}

    def key(a) -> tuple:
        k = a.kind
        if k in single:
            return (str(k),)
        if k == Kind.CUT:
            return ("cut", a.cells)
        if k == Kind.TAKE_ALL:
            return ("take_all", a.card)
        if k == Kind.CHEF:
            old, new = a.dice
            if new[0] != old[0]:
                return ("chef colour", old, new[0])
            return ("chef number", old, value_of(new))
        if k == Kind.HYPE:
            return ("hype", a.card, a.dice[0] if a.dice else "")
        if k == Kind.DISCARD_DIE:
            return ("discard_die", a.dice[0])
        if k == Kind.COOK:
            return ("cook", a.card)
        return (str(k), a.card)      # take_recipe, discard_recipe, discard_hype

    def steps(a) -> tuple[tuple, ...]:
        if a.kind == Kind.COOK:
            return (("cook", a.card), *(("with die", d) for d in a.dice))
        return (key(a),)

    def label(key: tuple) -> str:
        kind, *v = key
        if kind in single:
            return str(single[kind])
        if kind == "cut":
            return "cut out the dice at " + " ".join(cell_name(r, c) for r, c in sorted(v[0]))
        if kind == "take_all":
            return str(A.take_all(v[0]))
        if kind == "chef colour":
            return str(A.chef_action(v[0], die_as(v[1], value_of(v[0]), physical_colour(v[0]))))
        if kind == "chef number":
            return str(A.chef_action(v[0], die_as(v[0][0], v[1], physical_colour(v[0]))))
        if kind == "hype":
            return str(A.hype_action(v[0], v[1]))
        if kind == "discard_die":
            return str(A.discard_die(v[0]))
        if kind == "cook":
            return f"cook {A.recipe_text(v[0])}: choose its dice"
        if kind == "with die":
            return f"with die {die_label(v[0])}"
        return str({"take_recipe": A.take_recipe, "discard_recipe": A.discard_recipe,
                    "discard_hype": A.discard_hype}[kind](v[0]))

    return ActionSchema("diced_veggies", (
        *((str(k), ()) for k in single),
        ("cut", (cuts,)),
        ("take_all", (tuple(range(limit + 1)),)),
        ("chef colour", (dice, letters)),
        ("chef number", (dice, faces)),
        ("cook", (recipes,)),
        ("with die", (dice,)),
        ("hype", (hypes, ("",) + dice)),
        ("take_recipe", (recipes,)),
        ("discard_recipe", (recipes,)),
        ("discard_hype", (hypes,)),
        ("discard_die", (dice,)),
    ), key, label, steps, 1 + longest)
