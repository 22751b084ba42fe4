"""Diced Veggies' vocabulary: the kinds of decision and the (shared, immutable) action values.

A turn is cut into small decisions, each one listable: restock or not, one cut (or take the whole
block), then cook one recipe at a time (and pair one hype with it, or none), possibly change one die
with the chef token first, say "done cooking", take one card, and discard one thing at a time
while over a limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .cleaver import Cut, cut_text
from .components import load_components
from .scoring import die_label


class Kind(StrEnum):
    RESTOCK = "restock"            # restock the block (allowed when a colour is missing)
    KEEP = "keep"                  # keep the block as it is
    CUT = "cut"                    # one cut of the cleaver
    TAKE_ALL = "take_all"          # take the whole block (it totals 10 or less)
    NO_CUT = "no_cut"              # no legal cut and the block totals more than 10 [A]
    CHEF = "chef"                  # spend the chef token to change one die
    COOK = "cook"                  # cook one recipe with these dice
    HYPE = "hype"                  # pair a hype with the recipe just cooked
    NO_HYPE = "no_hype"            # pair none
    DONE = "done"                  # done cooking
    DRAW_HYPE = "draw_hype"        # card: a hype from its deck
    TAKE_RECIPE = "take_recipe"    # card: a recipe from the display
    DRAW_RECIPE = "draw_recipe"    # card: a recipe from its deck
    DISCARD_DIE = "discard_die"    # over a limit: discard a die (to the frame)
    DISCARD_RECIPE = "discard_recipe"
    DISCARD_HYPE = "discard_hype"


@dataclass(frozen=True)
class Action:
    """One decision. ``cells`` (a cut), ``dice`` (dice cooked; a chef change as (from, to); a discarded
    die; a hype's extra die) and ``card`` (a recipe or hype id) name the move; ``label`` (its text)
    and ``cut`` (the :class:`~.cleaver.Cut`, with its seam) are for display only."""

    kind: Kind
    cells: frozenset = frozenset()
    dice: tuple = ()
    card: int = 0
    label: str = field(default="", compare=False)
    cut: Cut | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"<{self.label}>"

    @property
    def total(self) -> int:
        """The dice total of a cut or of the whole block taken (0 for other actions)."""
        if self.kind == Kind.TAKE_ALL:
            return self.card
        return self.cut.total if self.cut is not None else 0


#: Actions made so far, shared; emptied when it passes ACTION_CACHE_SIZE (equal actions compare equal,
#: so a new copy changes nothing but memory: this bound keeps a long run's memory flat).
ACTION_CACHE_SIZE = 10_000
_CACHE: dict[tuple, Action] = {}


def _make(kind: Kind, label: str, cells=frozenset(), dice=(), card=0, cut=None) -> Action:
    key = (kind, cells, dice, card)
    a = _CACHE.get(key)
    if a is None:
        if len(_CACHE) > ACTION_CACHE_SIZE:
            _CACHE.clear()
        a = _CACHE[key] = Action(kind, cells, dice, card, label, cut)
    return a


def recipe_text(rid: int) -> str:
    r = load_components().recipe(rid)
    return f"{r.name} [{' '.join(r.ingredients)}, {r.points} pts]"


def hype_text(hid: int) -> str:
    h = load_components().hype(hid)
    return f"{h.name} [{h.rule}; {h.points} pts]"


RESTOCK = Action(Kind.RESTOCK, label="restock the block")
KEEP = Action(Kind.KEEP, label="keep the block")
NO_CUT = Action(Kind.NO_CUT, label="take no dice (no legal cut)")
NO_HYPE = Action(Kind.NO_HYPE, label="pair no hype")
DONE = Action(Kind.DONE, label="done cooking")
DRAW_HYPE = Action(Kind.DRAW_HYPE, label="draw a hype")
DRAW_RECIPE = Action(Kind.DRAW_RECIPE, label="draw a recipe from the deck")


def take_all(total: int) -> Action:
    return _make(Kind.TAKE_ALL, f"take the whole block (total {total})", card=total)


def cut_action(cut: Cut) -> Action:
    """Not shared: the same cells of another block are another cut (other dice, maybe another seam)."""
    return Action(Kind.CUT, cut.cells, cut.dice, 0, cut_text(cut), cut)


def chef_action(old: str, new: str) -> Action:
    return _make(Kind.CHEF, f"chef token: {die_label(old)} → {die_label(new)}", dice=(old, new))


def cook_action(rid: int, dice: tuple) -> Action:
    return _make(Kind.COOK, f"cook {recipe_text(rid)} with {' '.join(die_label(d) for d in dice)}",
                 dice=dice, card=rid)


def hype_action(hid: int, extra: str = "") -> Action:
    text = f"pair hype {hype_text(hid)}" + (f" adding {die_label(extra)}" if extra else "")
    return _make(Kind.HYPE, text, dice=(extra,) if extra else (), card=hid)


def take_recipe(rid: int) -> Action:
    return _make(Kind.TAKE_RECIPE, f"take {recipe_text(rid)} from the display", card=rid)


def discard_die(die: str) -> Action:
    return _make(Kind.DISCARD_DIE, f"discard die {die_label(die)}", dice=(die,))


def discard_recipe(rid: int) -> Action:
    return _make(Kind.DISCARD_RECIPE, f"discard recipe {recipe_text(rid)}", card=rid)


def discard_hype(hid: int) -> Action:
    return _make(Kind.DISCARD_HYPE, f"discard hype {hype_text(hid)}", card=hid)
