"""Critter Kitchen meal parts shared by the scoring modules: reading meal notation and the data
records, an ingredient's value under the critic's effect, sorting a critic meal into courses, and
a critic meal's courses: their quality and what makes one illegal (re-exported by :mod:`.scoring`).
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping, Sequence

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


# ------------------------------------------------------------------ critic meal: courses


def course_quality(course, critic=None, fanatic: bool = False) -> int:
    """Quality of one critic-meal course, with the critic's effect and the course's Fanatic.

    The course is meal notation (usually one ingredient with an optional spice; several cheeses
    with the Mouse, up to 4 of one type with the Cow). With the Fruit Bat a wine written in a
    non-wine course is that course's paired wine: its printed value is added (it cannot be
    spiced). ``fanatic`` doubles the whole course after spices.

    >>> course_quality("fish4+spice", fanatic=True)
    16
    >>> course_quality("fish5+spice wine4", critic="fruit_bat")
    14
    """
    effect = _effect(critic)
    items = _parse(course)
    if any(i.kind != "ingredient" for i in items):
        raise KitchenlabError("soup and bisque cannot go in a critic-meal course")
    types = list(dict.fromkeys(i.type for i in items))
    if not types:
        return 0
    if effect == "wine_pairing" and "wine" in types and len(types) > 1:
        own = [t for t in types if t != "wine"]
        if len(own) > 1:
            raise KitchenlabError(f"a course holds one ingredient type (and, with the Fruit Bat, a paired wine); got {', '.join(types)}")
        t = own[0]
    elif len(types) > 1:
        raise KitchenlabError(f"a course holds ingredients of one type; got {', '.join(types)}")
    else:
        t = types[0]
    main, paired, _ = _classify_course(t, items, effect)
    if any(p.spice for p in paired):
        raise KitchenlabError("a paired wine cannot be spiced")
    q = sum(_item_quality(i, effect) for i in main) + sum(p.value for p in paired)
    return 2 * q if fanatic else q


def critic_meal_quality(meal, critic=None, fanatics: Iterable[str] = ()) -> int:
    """The final-score total of a critic meal: course qualities, each Fanatic course doubled.

    ``fanatics`` lists the ingredient types whose Fanatic rumor applies to this player.
    """
    effect = _effect(critic)
    fans = set(fanatics)
    q = _course_base_qualities(critic_courses(meal), effect)
    return sum(v * (2 if t in fans else 1) for t, v in zip(TYPES, q))


def critic_meal_problems(
    meal_by_course, critic=None, exact_one: bool = False, min_quality: int | None = None, storage=None
) -> list[str]:
    """Why a critic meal is not legal (empty list: it is).

    Default [RB]: each course holds at most one ingredient of its type with at most one spice;
    no soup; courses may be empty. The Mouse lets the cheese course hold several cheeses, the Cow
    lets one course hold up to 4 ingredients, the Fruit Bat lets a non-wine course hold one paired
    (unspiced) wine. Variant ``exact_one`` [S0]: every course holds exactly one ingredient (with
    ``storage`` given, a course may stay empty when the storage has none of its type). Variant
    ``min_quality`` [S0]: the meal's quality (critic effects, no Fanatic) must reach it.
    """
    try:
        courses = critic_courses(meal_by_course)
    except ValueError as e:
        return [str(e)]
    effect = _effect(critic)
    problems: list[str] = []
    if courses.get("soup"):
        problems.append("soup and bisque cannot go in the critic meal")
    stock = _storage(storage) if storage is not None else None
    multi_courses = []
    for t in TYPES:
        main, paired, bad = _classify_course(t, courses[t], effect)
        for b in bad:
            if b.kind != "ingredient":
                problems.append(f"{b} cannot go in the critic meal (the {t} course)")
            else:
                problems.append(f"{b} is {b.type}: it cannot go in the {t} course")
        if len(paired) > 1:
            problems.append(f"the {t} course has {len(paired)} paired wines; at most one")
        for p in paired:
            if p.spice:
                problems.append(f"{p} in the {t} course: a paired wine cannot be spiced")
        if paired and not main:
            problems.append(f"the {t} course has a paired wine but no {t}")
        n = len(main)
        if n > 1:
            if effect == "cheese_multi" and t == "cheese":
                pass
            elif effect == "one_course_four":
                multi_courses.append(t)
                if n > 4:
                    problems.append(f"the {t} course holds {n} ingredients; the Cow allows at most 4")
            else:
                problems.append(f"the {t} course holds {n} ingredients; at most one")
        if exact_one and n == 0:
            has = stock is not None and any(tokens.is_ingredient(k) and tokens.ingredient_type(k) == t for k in stock)
            if stock is None or has:
                problems.append(f"the {t} course is empty; this variant needs exactly one ingredient per course")
    if len(multi_courses) > 1:
        problems.append(f"the Cow lets only one course hold several ingredients; got {', '.join(multi_courses)}")
    if min_quality is not None:
        q = sum(_course_base_qualities(courses, effect))
        if q < min_quality:
            problems.append(f"quality {q} is below {min_quality}: the meal is not presentable")
    return problems
