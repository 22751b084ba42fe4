"""Tiny Kitchen's numbers: what a hand can cook, what dishes score, the exact risk of a mouse.

Cards are their names (``"tomato"``; a :class:`~tiny_kitchen.components.Card` is such a string).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

from kitchenlab.errors import KitchenlabError


def holds(hand, needs) -> bool:
    """Whether ``hand`` holds every card of ``needs``, as many times as it is listed.

    >>> holds(["basil", "basil", "tomato"], ["tomato", "basil"]), holds(["basil"], ["basil", "basil"])
    (True, False)
    """
    return not Counter(needs) - Counter(hand)


def dish_points(dishes, points) -> int:
    """The points of the dishes cooked; ``points`` maps a recipe to what it scores.

    >>> dish_points(["pizza", "salad", "pizza"], {"pizza": 5, "salad": 2})
    12
    """
    return sum(points[d] for d in dishes)


def mouse_chance(mice: int, pantry: int, draws: int = 1) -> Fraction:
    """Exact chance that the next ``draws`` cards of a shuffled pantry of ``pantry`` cards, ``mice``
    of them mice, hold at least one mouse: ``1 - C(n - m, k) / C(n, k)`` (hypergeometric).

    >>> mouse_chance(2, 18), mouse_chance(2, 18, draws=3), mouse_chance(0, 5)
    (Fraction(1, 9), Fraction(16, 51), Fraction(0, 1))
    """
    if not all(type(v) is int for v in (mice, pantry, draws)) or not (0 <= mice <= pantry and 0 <= draws <= pantry):
        raise KitchenlabError(f"mouse_chance needs whole numbers with 0 <= mice <= pantry and 0 <= draws <= pantry; "
                              f"got mice={mice!r}, pantry={pantry!r}, draws={draws!r}")
    return 1 - Fraction(comb(pantry - mice, draws), comb(pantry, draws))
