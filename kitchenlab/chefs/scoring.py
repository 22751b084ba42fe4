"""Chefs' numbers: the score track, the layout, the door's boxes and paying for a meal.

>>> track_square(20), track_square(21)
((1, 20), (2, 1))
>>> layout(4)
{'counter': 6, 'meals_per_stove': 2}
>>> pay_for_meal(["tomato", "tomato", "onion", "egg"], {"tomato": 2, "onion": 1})
['onion', 'tomato', 'tomato']
>>> pay_for_meal(["tomato", "onion"], {"tomato": 2, "onion": 1}, chef_kind="tomato")
['onion', 'tomato']
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping

from ..errors import KitchenlabError
from .components import load_components

_COMPS = load_components()

#: The door's exchange boxes in order: (cards discarded, cards drawn).
DOOR_BOXES: tuple[tuple[int, int], ...] = tuple(_COMPS.door_boxes)
#: One lap of the score track (square 21 is square 1 of the second lap).
TRACK_SQUARES: int = _COMPS.settings["track_squares"]
#: The game ends at the close of the round in which a chef passes this square.
FINISH_SQUARE: int = _COMPS.settings["finish_square"]


def layout(players: int) -> dict:
    """Ingredient cards on the counter and meal cards at each stove location for ``players``.

    >>> [tuple(layout(p).values()) for p in (2, 3, 4, 5, 6)]
    [(4, 1), (6, 2), (6, 2), (8, 3), (8, 3)]
    """
    if isinstance(players, bool) or players not in _COMPS.layouts:
        raise KitchenlabError(f"chefs: players={players!r} has no layout; allowed: "
                              f"{', '.join(map(str, sorted(_COMPS.layouts)))}")
    counter, meals = _COMPS.layouts[players]
    return {"counter": counter, "meals_per_stove": meals}


def track_square(steps: int) -> tuple[int, int]:
    """``(lap, square)`` of a chef who has advanced ``steps`` squares (0 = at the start).

    >>> track_square(0), track_square(1), track_square(40), track_square(41)
    ((1, 0), (1, 1), (2, 20), (3, 1))
    """
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
        raise KitchenlabError(f"chefs: steps must be a whole number 0 or more, got {steps!r}")
    if steps == 0:
        return (1, 0)
    return ((steps - 1) // TRACK_SQUARES + 1, (steps - 1) % TRACK_SQUARES + 1)


def passed_finish(steps: int) -> bool:
    """Has a chef with ``steps`` passed square 20 (so the game ends with this round)?

    >>> passed_finish(20), passed_finish(21)
    (False, True)
    """
    return steps > FINISH_SQUARE


def _kind_name(k) -> str:
    names = _COMPS.kind_names
    if isinstance(k, int) and not isinstance(k, bool) and 0 <= k < len(names):
        return names[k]
    if isinstance(k, str) and k in names:
        return k
    raise KitchenlabError(f"chefs: {k!r} is not an ingredient kind; kinds: {', '.join(names)}")


def _as_counter(cards) -> Counter:
    if isinstance(cards, Mapping):
        out = Counter()
        for k, n in cards.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise KitchenlabError(f"chefs: the count of {k!r} must be a whole number 0 or more, got {n!r}")
            if n:
                out[_kind_name(k)] += n
        return out
    return Counter(_kind_name(k) for k in cards)


def pay_for_meal(hand: Iterable | Mapping, needs: Mapping, chef_kind=None) -> list[str] | None:
    """The hand cards discarded to cook a meal that ``needs`` (kind -> count), or ``None``.

    ``hand`` is a list of kind names (or a mapping kind -> count). With ``chef_kind`` given and the
    meal needing that kind, the chef card stands in for one card of it (the chef card itself is
    never discarded). The list is sorted by kind name.

    >>> pay_for_meal(["egg"], {"egg": 2})
    >>> pay_for_meal(["egg"], {"egg": 2}, chef_kind="egg")
    ['egg']
    >>> pay_for_meal(["egg", "egg"], {"egg": 2}, chef_kind="flour")
    ['egg', 'egg']
    """
    have = _as_counter(hand)
    want = _as_counter(needs)
    if chef_kind is not None:
        chef = _kind_name(chef_kind)
        if want[chef]:
            want[chef] -= 1
    pay = []
    for k in sorted(want):
        if have[k] < want[k]:
            return None
        pay += [k] * want[k]
    return pay


def can_cook(hand, needs, chef_kind=None) -> bool:
    """``True`` when :func:`pay_for_meal` finds a way to pay."""
    return pay_for_meal(hand, needs, chef_kind) is not None


def missing_for_meal(hand, needs, chef_kind=None) -> dict[str, int]:
    """The cards still missing (kind -> count) to cook a meal; empty when the hand can pay.

    >>> missing_for_meal(["carrot"], {"carrot": 2, "onion": 1})
    {'carrot': 1, 'onion': 1}
    """
    have = _as_counter(hand)
    want = _as_counter(needs)
    if chef_kind is not None and want[_kind_name(chef_kind)]:
        want[_kind_name(chef_kind)] -= 1
    return {k: want[k] - have[k] for k in sorted(want) if want[k] > have[k]}


def meal_table(folder: str | None = None) -> list[dict]:
    """Every meal card: number, name, needs (text), cost (cards), steps, steps per card, assumed."""
    comps = load_components(folder)
    names = comps.kind_names
    out = []
    for m in comps.meals:
        out.append({"meal": m.meal, "name": m.name,
                    "needs": " + ".join(f"{n} {names[k]}" for k, n in m.needs),
                    "cost": m.cost, "steps": m.steps, "steps_per_card": round(m.steps / m.cost, 3),
                    "assumed": m.assumed})
    return out


__all__ = ["DOOR_BOXES", "FINISH_SQUARE", "TRACK_SQUARES", "can_cook", "layout", "meal_table",
           "missing_for_meal", "passed_finish", "pay_for_meal", "track_square"]
