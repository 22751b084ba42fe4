"""Diced Veggies' vocabulary: the kinds of decision and the (shared, immutable) action values.

A turn is cut into small decisions, each one listable: restock or not, one cut (or take the whole
block), then cook one recipe at a time (and pair one hype with it, or none), possibly change one die
with the chef token first, say "done cooking", take one card, and discard one thing at a time
while over a limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ..i18n import _
from .card_names import hype_name, points_words, recipe_name, rule_words
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
    die; a hype's extra die) and ``card`` (a recipe or hype id) name the move; ``cut`` (the
    :class:`~.cleaver.Cut`, with its seam) is for display only."""

    kind: Kind
    cells: frozenset = frozenset()
    dice: tuple = ()
    card: int = 0
    cut: Cut | None = field(default=None, compare=False)

    def __str__(self) -> str:
        """The move in words, in the current language (``apply`` takes it in any language)."""
        return _texts[self.kind](self)

    def __repr__(self) -> str:
        return f"<{self}>"

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


def _make(kind: Kind, cells=frozenset(), dice=(), card=0) -> Action:
    key = (kind, cells, dice, card)
    a = _CACHE.get(key)
    if a is None:
        if len(_CACHE) > ACTION_CACHE_SIZE:
            _CACHE.clear()
        a = _CACHE[key] = Action(kind, cells, dice, card)
    return a


def recipe_text(rid: int) -> str:
    """``"Mushroom Toast [M M, 2 pts]"``: the recipe's name, ingredients and points."""
    r = load_components().recipe(rid)
    return _("{name} [{ingredients}, {points} pts]").format(name=recipe_name(rid), ingredients=" ".join(load_components().shown_letters(r.ingredients)),
                                                           points=r.points)


def hype_text(hid: int) -> str:
    """``"Rainbow [colours >= 3; 2 pts]"``: the hype's name, rule and points."""
    return _("{name} [{rule}; {points} pts]").format(name=hype_name(hid), rule=rule_words(hid), points=points_words(hid))


def _dice_text(dice) -> str:
    return " ".join(die_label(d) for d in dice)


def _hype_move(a: Action) -> str:
    if a.dice:
        return _("pair hype {hype} adding {die}").format(hype=hype_text(a.card), die=die_label(a.dice[0]))
    return _("pair hype {hype}").format(hype=hype_text(a.card))


#: The words of each kind of move, made when the move is shown (so in the language of that moment).
_texts = {
    Kind.RESTOCK: lambda a: _("restock the block"),
    Kind.KEEP: lambda a: _("keep the block"),
    Kind.CUT: lambda a: cut_text(a.cut),
    Kind.TAKE_ALL: lambda a: _("take the whole block (total {total})").format(total=a.card),
    Kind.NO_CUT: lambda a: _("take no dice (no legal cut)"),
    Kind.CHEF: lambda a: _("chef token: {old} → {new}").format(old=die_label(a.dice[0]), new=die_label(a.dice[1])),
    Kind.COOK: lambda a: _("cook {recipe} with {dice}").format(recipe=recipe_text(a.card), dice=_dice_text(a.dice)),
    Kind.HYPE: _hype_move,
    Kind.NO_HYPE: lambda a: _("pair no hype"),
    Kind.DONE: lambda a: _("done cooking"),
    Kind.DRAW_HYPE: lambda a: _("draw a hype"),
    Kind.TAKE_RECIPE: lambda a: _("take {recipe} from the display").format(recipe=recipe_text(a.card)),
    Kind.DRAW_RECIPE: lambda a: _("draw a recipe from the deck"),
    Kind.DISCARD_DIE: lambda a: _("discard die {die}").format(die=die_label(a.dice[0])),
    Kind.DISCARD_RECIPE: lambda a: _("discard recipe {recipe}").format(recipe=recipe_text(a.card)),
    Kind.DISCARD_HYPE: lambda a: _("discard hype {hype}").format(hype=hype_text(a.card)),
}


RESTOCK = Action(Kind.RESTOCK)
KEEP = Action(Kind.KEEP)
NO_CUT = Action(Kind.NO_CUT)
NO_HYPE = Action(Kind.NO_HYPE)
DONE = Action(Kind.DONE)
DRAW_HYPE = Action(Kind.DRAW_HYPE)
DRAW_RECIPE = Action(Kind.DRAW_RECIPE)


def take_all(total: int) -> Action:
    return _make(Kind.TAKE_ALL, card=total)


def cut_action(cut: Cut) -> Action:
    """Not shared: the same cells of another block are another cut (other dice, maybe another seam)."""
    return Action(Kind.CUT, cut.cells, cut.dice, 0, cut)


def chef_action(old: str, new: str) -> Action:
    return _make(Kind.CHEF, dice=(old, new))


def cook_action(rid: int, dice: tuple) -> Action:
    return _make(Kind.COOK, dice=dice, card=rid)


def hype_action(hid: int, extra: str = "") -> Action:
    return _make(Kind.HYPE, dice=(extra,) if extra else (), card=hid)


def take_recipe(rid: int) -> Action:
    return _make(Kind.TAKE_RECIPE, card=rid)


def discard_die(die: str) -> Action:
    return _make(Kind.DISCARD_DIE, dice=(die,))


def discard_recipe(rid: int) -> Action:
    return _make(Kind.DISCARD_RECIPE, card=rid)


def discard_hype(hid: int) -> Action:
    return _make(Kind.DISCARD_HYPE, card=hid)
