"""Critter Kitchen meal parts shared by the scoring modules: reading meal notation and the data
records, an ingredient's value under the critic's effect, and sorting a critic meal into courses.
"""

from __future__ import annotations

from collections import Counter
from typing import Mapping, Sequence

from ..errors import KitchenlabError
from . import tokens
from .tokens import BISQUE, SOUP, TYPES, MealItem, parse_meal


# ------------------------------------------------------------------ small helpers


def _comps(components=None):
    if components is not None:
        return components
    from .components import load_components

    return load_components()


def _critic(critic, components=None):
    """A Critic record (or None) from a record, an id string or None."""
    if critic is None or critic == "" or critic == "none":
        return None
    if isinstance(critic, str):
        return _comps(components).critic(critic)
    return critic


def _effect(critic, components=None) -> str:
    c = _critic(critic, components)
    return "none" if c is None else c.effect


def _rumor(r, components=None):
    if isinstance(r, str):
        return _comps(components).rumor(r)
    return r


def _parse(meal) -> list[MealItem]:
    """Parse meal notation, with a plain message for two spices on one ingredient."""
    if meal is None:
        return []
    if isinstance(meal, MealItem):
        return [meal]
    if isinstance(meal, str):
        parts = meal.split()
    else:
        parts = [str(p) for p in meal]
    for p in parts:
        if p.count("+") > 1:
            raise KitchenlabError(f"{p!r}: an ingredient takes at most one spice")
    return parse_meal(parts)


def _requirements(requirements) -> list[str]:
    if hasattr(requirements, "requirements"):
        requirements = requirements.requirements
    if isinstance(requirements, str):
        requirements = requirements.split()
    reqs = list(dict.fromkeys(requirements))
    for t in reqs:
        if t not in TYPES:
            raise KitchenlabError(f"{t!r} is not an ingredient type; types: {', '.join(TYPES)}")
    if not reqs:
        raise KitchenlabError("a challenge needs at least one requirement")
    return reqs


def _storage(storage) -> Counter:
    if isinstance(storage, Counter):
        return Counter({k: v for k, v in storage.items() if v > 0})
    if isinstance(storage, Mapping):
        return Counter({k: int(v) for k, v in storage.items() if int(v) > 0})
    if isinstance(storage, str):
        return Counter(storage.split())
    return Counter(storage)


def _base_value(type_: str, value: int, effect: str) -> int:
    """An ingredient's value before its spice: the Kangaroo's 6 is a 9; the Rabbit's carrot counts
    double [A reading of the rulebook's example, see critics.csv]."""
    v = value
    if effect == "six_is_nine" and value == 6:
        v = 9
    if effect == "carrot_double" and type_ == "carrot":
        v *= 2
    return v


def _spice_factor(effect: str, type_: str | None = None) -> int:
    """What a spice multiplies its ingredient by (the Tree Shrew: 3; a carrot with the Rabbit: 1,
    it counts double already)."""
    if effect == "carrot_double" and type_ == "carrot":
        return 1
    return 3 if effect == "spice_triples" else 2


def _item_quality(item: MealItem, effect: str = "none") -> int:
    if item.kind == SOUP:
        return tokens.SOUP_VALUE
    if item.kind == BISQUE:
        return tokens.BISQUE_VALUE
    b = _base_value(item.type, item.value, effect)
    return b * _spice_factor(effect, item.type) if item.spice else b


def _thresholds(thresholds=None, components=None) -> list[tuple[int, int]]:
    if thresholds is None:
        return sorted(_comps(components).thresholds)
    if isinstance(thresholds, Mapping):
        return sorted((int(k), int(v)) for k, v in thresholds.items())
    return sorted((int(a), int(b)) for a, b in thresholds)



def _classify_course(t: str, items: Sequence[MealItem], effect: str) -> tuple[list, list, list]:
    """Split a course's items into (its own ingredients, paired wines, misplaced items)."""
    main, paired, bad = [], [], []
    for i in items:
        if i.kind != "ingredient":
            bad.append(i)
        elif i.type == t:
            main.append(i)
        elif effect == "wine_pairing" and i.type == "wine" and t != "wine":
            paired.append(i)
        else:
            bad.append(i)
    return main, paired, bad


def critic_courses(meal) -> dict[str, tuple[MealItem, ...]]:
    """A critic meal as ``{type: items}`` for the 7 courses in order (flat notation sorted by type).

    Soup or bisque in flat notation lands under the key ``"soup"`` so validation can reject it.
    """
    out: dict[str, list] = {t: [] for t in TYPES}
    if isinstance(meal, Mapping):
        for k, v in meal.items():
            if k not in TYPES:
                raise KitchenlabError(f"{k!r} is not a course; courses: {', '.join(TYPES)}")
            out[k].extend(_parse(v))
    else:
        for i in _parse(meal):
            if i.kind == "ingredient":
                out[i.type].append(i)
            else:
                out.setdefault("soup", []).append(i)
    return {k: tuple(v) for k, v in out.items()}



def _course_parts(t: str, items: Sequence[MealItem], effect: str) -> tuple[list, list, int]:
    """A course's own ingredients, its paired wines and its quality before the Fanatic."""
    main, paired, _ = _classify_course(t, items, effect)
    return main, paired, sum(_item_quality(i, effect) for i in main) + sum(p.value for p in paired)


def _course_base_qualities(courses: Mapping[str, Sequence[MealItem]], effect: str) -> list[int]:
    return [_course_parts(t, courses.get(t, ()), effect)[2] for t in TYPES]


