"""Critter Kitchen's token vocabulary: how every item is written, in storage, on locations and in meals.

Storage / location tokens are short strings:

* ingredient ``"<type><value>"`` — ``"fish7"``, ``"bread2"`` (types in course order, values 2..7)
* spice ``"<type>-spice"`` — ``"fish-spice"``; ``"allspice"`` pairs with any type
* rumor token ``"rumor1"``, ``"rumor2"``, ``"rumor3"`` (one kind per face-down rumor slot) and ``"wild"``
* ``"soup"`` (value 1) and ``"bisque"`` (value 3)
* a zous-chef card taken at the Chef Academy: ``"zous:<id>"``

Meal notation (the public helpers' input) is whitespace-separated items: an ingredient, optionally
paired with a spice — ``fish7+spice`` (its matching spice) or ``bread2+allspice`` — and ``soup`` /
``bisque``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import KitchenlabError

TYPES: tuple[str, ...] = ("bread", "carrot", "cheese", "fish", "meat", "mushroom", "wine")
VALUES: tuple[int, ...] = (2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7)
SPICES: tuple[str, ...] = tuple(f"{t}-spice" for t in TYPES) + ("allspice",)
RUMOR_TOKENS: tuple[str, ...] = ("rumor1", "rumor2", "rumor3", "wild")
SOUP, BISQUE, ALLSPICE, WILD = "soup", "bisque", "allspice", "wild"
SOUP_VALUE, BISQUE_VALUE = 1, 3

_ING = re.compile(r"^(bread|carrot|cheese|fish|meat|mushroom|wine)([2-7])$")


def is_ingredient(tok: str) -> bool:
    return _ING.match(tok) is not None


def is_spice(tok: str) -> bool:
    return tok == ALLSPICE or (tok.endswith("-spice") and tok[:-6] in TYPES)


def is_rumor(tok: str) -> bool:
    return tok in RUMOR_TOKENS


def is_soup(tok: str) -> bool:
    return tok in (SOUP, BISQUE)


def is_zous(tok: str) -> bool:
    return tok.startswith("zous:")


def ingredient_type(tok: str) -> str:
    m = _ING.match(tok)
    if not m:
        raise KitchenlabError(f"{tok!r} is not an ingredient token (like 'fish7'; types: {', '.join(TYPES)})")
    return m.group(1)


def ingredient_value(tok: str) -> int:
    m = _ING.match(tok)
    if not m:
        raise KitchenlabError(f"{tok!r} is not an ingredient token (like 'fish7'; types: {', '.join(TYPES)})")
    return int(m.group(2))


def spice_type(tok: str) -> str | None:
    """The type a spice matches, or ``None`` for allspice."""
    if tok == ALLSPICE:
        return None
    if is_spice(tok):
        return tok[:-6]
    raise KitchenlabError(f"{tok!r} is not a spice token (like 'fish-spice' or 'allspice')")


def fridge_token(tok: str) -> bool:
    """An ingredient or a spice: what the fridge limit counts and what goes back in the bag."""
    return is_ingredient(tok) or is_spice(tok)


def bag_contents() -> list[str]:
    """The 119 tokens of the bag at setup: 91 ingredients, 16 spices, 12 rumor tokens."""
    out = [f"{t}{v}" for t in TYPES for v in VALUES]
    out += [s for s in SPICES for _ in range(2)]
    out += [r for r in RUMOR_TOKENS for _ in range(3)]
    return out


@dataclass(frozen=True)
class MealItem:
    """One item of a meal: an ingredient with an optional spice, or a soup / bisque."""

    kind: str            # "ingredient", "soup" or "bisque"
    type: str | None = None
    value: int = 0
    spice: str | None = None   # None, the matching spice token, or "allspice"

    def __str__(self) -> str:
        if self.kind != "ingredient":
            return self.kind
        base = f"{self.type}{self.value}"
        if self.spice is None:
            return base
        return base + ("+allspice" if self.spice == ALLSPICE else "+spice")


def parse_meal(meal: str | list | tuple) -> list[MealItem]:
    """Parse meal notation (``"fish7+spice bread2+allspice bisque"``) into items.

    >>> [str(i) for i in parse_meal("fish7+spice soup")]
    ['fish7+spice', 'soup']
    """
    parts = meal.split() if isinstance(meal, str) else [str(p) for p in meal]
    items = []
    for p in parts:
        if p in (SOUP, BISQUE):
            items.append(MealItem(p))
            continue
        base, plus, spice = p.partition("+")
        m = _ING.match(base)
        if not m:
            raise KitchenlabError(
                f"meal item {p!r} is not understood; write an ingredient like 'fish7', "
                f"'fish7+spice', 'bread2+allspice', or 'soup' / 'bisque'"
            )
        t, v = m.group(1), int(m.group(2))
        if plus:
            if spice == "spice" or spice == f"{t}-spice":
                sp = f"{t}-spice"
            elif spice == ALLSPICE:
                sp = ALLSPICE
            else:
                raise KitchenlabError(
                    f"meal item {p!r}: a {t} can be paired with '+spice' (its own spice) or "
                    f"'+allspice', not {spice!r}"
                )
        else:
            sp = None
        items.append(MealItem("ingredient", t, v, sp))
    return items
