"""Stable integer ids for every kit move, per game: the action schemas of :mod:`kitchenlab.openspiel`
(plain Python: no OpenSpiel needed to read or test them).

An id is built from the move's typed fields, never from its position in a list: each game has a
*schema* — for every kind of move, the finite domain of each of its fields — and the id of a move
is the offset of its kind plus the mixed-radix rank of its field values in their domains. So the
same move has the same id in every state and ``num_distinct_actions`` (the sum over kinds of the
product of the domain sizes) is a true bound; it over-counts combinations no rule allows. Fields
shown for display only (a Tem-Purr-A eat's card count) are not part of the key.

A move may also be **made in steps** (the schema's ``steps``): a sequence of ids, each one an
OpenSpiel decision of the same player, the move being applied to the kit's state when its last
step is chosen. The steps of the legal moves of a state form a prefix-free tree, so every partial
choice can still be completed; ``move_steps`` bounds the steps of one move.

* ``tem_purr_a`` (26 ids for 3 players, 1 more per extra player): start a stack with 2..7 (6),
  serve 2..7 (6), eat (1), play +1 / reverse (2), play choose next naming seat 0..n-1 (n), skip
  with a pair of 2..7 (6), add / do not add an indigestion card (2).
* ``critter_kitchen``: keep a restaurateur (one id each); send a chef (mouse, lizard, boar or any
  zous-chef) to a location (by index); take a token (every ingredient type x value, spice, rumor
  token, soup, bisque, zous-chef card) as itself or as rumor 1..3; go home for soup; add an
  ingredient, bisque or soup to meal 1..10 with no spice or any spice; serve meal 1..10; done with
  challenges; discard a fridge item; put an ingredient on its course with no spice, a spice or a
  rumor token; pair a wine with a course type; done with the critic meal. Meals are built **in
  steps** by the kit itself (one item per decision), so no move is a whole combination.
* ``chefs`` (580 ids): place a disc at location 0..4; take 1 or 2 counter cards (the combination
  ranked among the count tuples over the six ingredient kinds); cook meal card 1..29 at either
  stove, paying in full or with the chef card standing in for a card of kind 0..5 (so what is paid
  follows from the move); door box 1..5 with the cards given up (ranked among the count tuples of
  the box's size); serve meal card 1..29; decline a stove or the door.
* ``diced_veggies`` (7 526 ids with the kit's data: 44 recipes, 34 hypes, five colours, faces
  2..6, a 5 x 7 frame; :func:`diced_veggies_bound` gives the figure): a **cook is built in
  steps** inside the adapter — first the recipe (one id per recipe card), then its dice one at a
  time in the kit's sorted order (one id per die: counted colour x value x real colour, 125), so a
  cook of k dice is k + 1 decisions and a whole cook never needs an id of its own (ranked flat,
  the cooks would run to tens of millions of ids: every die may carry a colour changed by the chef
  token). One id each for restock, keep, no cut, pair no hype, done cooking, draw a hype, draw a
  recipe; a cut is the set of cells it takes, ranked among the 4-connected sets of at most
  10 // 2 = 5 cells of the frame (the dice it takes follow from the block); take the whole block
  of total 0..10; the chef token changes a die (125) to another counted colour (5) or another
  number (5); pair hype 1..34 with no extra die or any die (126); take or discard recipe 1..44;
  discard hype 1..34; discard a die (125). Six steps at most per move (a five-die cook).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .errors import KitchenlabError


@dataclass(frozen=True)
class ActionSchema:
    """Stable ids for one game's moves: ``kinds`` lists (kind, field domains) in id order and
    ``key(action)`` gives ``(kind, *field values)`` for a kit action."""

    game: str
    kinds: tuple[tuple[str, tuple[tuple, ...]], ...]
    key: Callable[[object], tuple]
    label: Callable[[tuple], str] | None = None
    #: the step keys of a move made in several decisions (``None``: every move is one step, its key)
    steps: Callable[[object], tuple[tuple, ...]] | None = None
    #: the most steps one move takes
    move_steps: int = 1

    def __post_init__(self) -> None:
        offsets, index, total = {}, {}, 0
        for kind, domains in self.kinds:
            offsets[kind] = total
            index[kind] = tuple({v: i for i, v in enumerate(d)} for d in domains)
            size = 1
            for d in domains:
                size *= len(d)
            total += size
        object.__setattr__(self, "_offsets", offsets)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "size", total)

    def encode_key(self, key: tuple) -> int:
        kind, values = key[0], key[1:]
        if kind not in self._offsets:
            raise KitchenlabError(f"{self.game}: move kind {kind!r} has no action id; kinds: "
                                  f"{', '.join(k for k, _ in self.kinds)}")
        index = self._index[kind]
        if len(values) != len(index):
            raise KitchenlabError(f"{self.game}: move {key!r} has {len(values)} fields; "
                                  f"kind {kind!r} has {len(index)}")
        rank = 0
        for value, domain in zip(values, index):
            if value not in domain:
                raise KitchenlabError(f"{self.game}: move {key!r}: field value {value!r} is outside "
                                      f"its domain ({len(domain)} values)")
            rank = rank * len(domain) + domain[value]
        return self._offsets[kind] + rank

    def encode(self, action) -> int:
        """The id of a kit action made in one step (a move made in steps: :meth:`encode_steps`)."""
        if self.steps is not None:
            ids = self.encode_steps(action)
            if len(ids) != 1:
                raise KitchenlabError(f"{self.game}: {action} is made in {len(ids)} steps; its ids are "
                                      f"encode_steps(action) = {ids}")
            return ids[0]
        return self.encode_key(self.key(action))

    def encode_steps(self, action) -> tuple[int, ...]:
        """The ids of the decisions that make a kit action (one id for a move made in one step)."""
        if self.steps is None:
            return (self.encode_key(self.key(action)),)
        return tuple(self.encode_key(k) for k in self.steps(action))

    def decode(self, action_id: int) -> tuple:
        """The key ``(kind, *fields)`` of an id (the inverse of :meth:`encode_key`)."""
        if not 0 <= action_id < self.size:
            raise KitchenlabError(f"{self.game}: action id {action_id} is outside 0..{self.size - 1}")
        for kind, domains in reversed(self.kinds):
            off = self._offsets[kind]
            if action_id >= off:
                rank, values = action_id - off, []
                for d in reversed(domains):
                    rank, i = divmod(rank, len(d))
                    values.append(d[i])
                return (kind, *reversed(values))
        raise AssertionError("unreachable")  # pragma: no cover

    def describe(self, action_id: int) -> str:
        """The move of an id in words (the schema's ``label``, else its kind and fields)."""
        key = self.decode(action_id)
        if self.label is not None:
            return self.label(key)
        return " ".join(str(v) for v in key)


def _tem_purr_a_schema(players: int) -> ActionSchema:
    from .tem_purr_a.components import DISH_VALUES
    from .tem_purr_a.rules import CHOOSE, PLUS_ONE, REVERSE, _act

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


def _critter_kitchen_schema(players: int) -> ActionSchema:
    from .critter_kitchen.components import load_components
    from .critter_kitchen.shop import CHEFS, RUMOR_KINDS
    from .critter_kitchen.tokens import BISQUE, RUMOR_TOKENS, SOUP, SPICES, TYPES

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


def count_tuples(kinds: int, size: int) -> tuple[tuple[int, ...], ...]:
    """Every count tuple of ``kinds`` entries summing to ``size``, in a fixed order (a combination
    of cards is ranked by its place in this list).

    >>> count_tuples(3, 2)
    ((0, 0, 2), (0, 1, 1), (0, 2, 0), (1, 0, 1), (1, 1, 0), (2, 0, 0))
    """
    if kinds == 0:
        return ((),) if size == 0 else ()
    return tuple((first, *rest) for first in range(size + 1) for rest in count_tuples(kinds - 1, size - first))


def _chefs_schema(players: int) -> ActionSchema:
    from .chefs.rules import (DOOR, DOOR_BOXES, KINDS, LOCATION_NAMES, MEAL_NEEDS, MEALS, NK, STOVES, WALL,
                              WINDOW, act, cards_text, meal_name)

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
        *((f"door box {b + 1}", (count_tuples(NK, give),)) for b, (give, _) in enumerate(DOOR_BOXES)),
        ("serve", (meals,)),
        ("pass", (tuple(sorted(STOVES + (DOOR,))),)),
    ), key, label)


def diced_veggies_bound() -> int:
    """The number of Diced Veggies action ids with the kit's data (``num_distinct_actions``)."""
    return _diced_veggies_schema(2).size


def connected_cell_sets(rows: int, cols: int, most: int) -> tuple[frozenset, ...]:
    """Every 4-connected set of 1..``most`` cells ``(row, col)`` of a ``rows`` x ``cols`` grid, by
    size and then by sorted cells (a fixed order: a cut is ranked by its place in this list).

    >>> sets = connected_cell_sets(2, 2, 2)
    >>> len(sets), sorted(sets[4])
    (8, [(0, 0), (0, 1)])
    """
    level = sorted((frozenset([(r, c)]) for r in range(rows) for c in range(cols)), key=sorted)
    out = list(level)
    for _ in range(most - 1):
        grown = set()
        for s in level:
            for r, c in s:
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= nr < rows and 0 <= nc < cols and (nr, nc) not in s:
                        grown.add(s | {(nr, nc)})
        level = sorted(grown, key=sorted)
        out += level
    return tuple(out)


def _diced_veggies_schema(players: int) -> ActionSchema:
    from .diced_veggies import actions as A
    from .diced_veggies.actions import Kind
    from .diced_veggies.cleaver import cell_name
    from .diced_veggies.components import load_components
    from .diced_veggies.legal import die_as
    from .diced_veggies.scoring import die_label, physical_colour, value_of

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


#: The action schema of each game, by name: ``schema(players) -> ActionSchema``.
SCHEMAS: dict[str, Callable[[int], ActionSchema]] = {
    "tem_purr_a": _tem_purr_a_schema,
    "critter_kitchen": _critter_kitchen_schema,
    "chefs": _chefs_schema,
    "diced_veggies": _diced_veggies_schema,
}


def action_schema(game: str, players: int) -> ActionSchema:
    """The stable action ids of ``game`` at ``players`` players."""
    if game not in SCHEMAS:
        raise NotImplementedError(f"{game}: no action schema in kitchenlab.openspiel_ids yet; games with one: "
                                  f"{', '.join(sorted(SCHEMAS))}")
    return SCHEMAS[game](players)


__all__ = ["ActionSchema", "SCHEMAS", "action_schema", "connected_cell_sets", "count_tuples",
           "diced_veggies_bound"]
