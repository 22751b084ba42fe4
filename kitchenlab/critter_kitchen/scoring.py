"""Critter Kitchen scoring: challenge meals, the critic meal, rumors, the score track.

Everything here is a pure function of its arguments (plus the data tables, read once through
:func:`~kitchenlab.critter_kitchen.components.load_components`).

Meal notation (see :mod:`.tokens`): ``"fish7+spice bread2+allspice bisque"``. A spice doubles the one
ingredient it is paired with, soup is worth 1 and bisque 3.

>>> meal_quality("fish7+spice bread2+spice bisque")
21
>>> challenge_stars(21), challenge_stars(12), challenge_stars(5)
(4, 2, 0)
>>> validate_challenge_meal("fish7+spice bread2+spice bisque", ["bread", "cheese", "fish"])
[]
>>> course_quality("meat6+spice", critic="kangaroo")
18
>>> final_score_stars(76)
11

A critic meal is written either as a mapping ``{course type: course notation}`` (missing or empty
courses stay empty) or as one flat notation whose items are sorted into courses by type. The Fruit
Bat's paired wine (an extra, unspiced wine placed in a non-wine course) can only be written in the
mapping form: ``{"fish": "fish5+spice wine4", "wine": "wine6"}``.

Decisions the rules leave open (all marked in the data or here, and easy to change):

* The Hold token: a requirement it covers is simply left out of the list passed to
  :func:`validate_challenge_meal`; :func:`apply_hold` drops the rightmost requirement.
* Most soup gives nothing when nobody has any soup; best-of-course gives nothing for a course that
  everybody left empty.
* Critic bonus stars (step 6): the Capybara's are per challenge meal served; any other critic's
  printed bonus goes to every player who serves at least one course.
* Variant ``min_quality`` (critic meal must reach quality 6): a meal below it counts as empty (its
  courses, the all-courses star and the final score are lost; soup still counts).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from ..errors import KitchenlabError
from . import tokens
from .tokens import ALLSPICE, BISQUE, SOUP, TYPES, MealItem, parse_meal

Thresholds = Sequence[tuple[int, int]]

__all__ = [
    "ChallengeMeal", "ChallengePlan", "CriticMealChoice", "CriticScore",
    "apply_hold", "best_challenge_meal", "best_challenge_plan", "best_critic_meal",
    "challenge_stars", "course_quality", "critic_courses", "critic_meal_problems",
    "critic_meal_quality", "extremely_pampered_met", "final_score_stars", "fridge_keep",
    "meal_quality", "mercurial_stars", "min_presentable", "nocturnal_met", "rumor_stars",
    "meal_rule_problems", "score_critic_meals", "tender_met", "validate_challenge_meal", "winners",
]


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
    v = value
    if effect == "six_is_nine" and value == 6:
        v = 9
    if effect == "carrot_plus2" and type_ == "carrot":
        v += 2
    return v


def _spice_factor(effect: str) -> int:
    return 3 if effect == "spice_triples" else 2


def _item_quality(item: MealItem, effect: str = "none") -> int:
    if item.kind == SOUP:
        return tokens.SOUP_VALUE
    if item.kind == BISQUE:
        return tokens.BISQUE_VALUE
    b = _base_value(item.type, item.value, effect)
    return b * _spice_factor(effect) if item.spice else b


def _thresholds(thresholds=None, components=None) -> list[tuple[int, int]]:
    if thresholds is None:
        return sorted(_comps(components).thresholds)
    if isinstance(thresholds, Mapping):
        return sorted((int(k), int(v)) for k, v in thresholds.items())
    return sorted((int(a), int(b)) for a, b in thresholds)


# ------------------------------------------------------------------ challenge meals


def meal_quality(meal) -> int:
    """Quality of a meal: ingredient values (a spice doubles its ingredient) + 1 per soup + 3 per bisque.

    >>> meal_quality("fish7+spice bread2+allspice soup")
    19
    """
    return sum(_item_quality(i) for i in _parse(meal))


def challenge_stars(quality: int, thresholds=None) -> int:
    """Stars of a challenge meal of this quality (default thresholds from the data: 6→1, 12→2, 21→4)."""
    stars = 0
    for min_q, s in _thresholds(thresholds):
        if quality >= min_q:
            stars = s
    return stars


def min_presentable(thresholds=None) -> int:
    """The lowest quality that earns a star (6 by default): below it a meal cannot be served."""
    for min_q, s in _thresholds(thresholds):
        if s > 0:
            return min_q
    raise KitchenlabError("no threshold gives any star")


def apply_hold(requirements) -> list[str]:
    """The requirements left when the Hold token covers the rightmost one.

    >>> apply_hold(["bread", "cheese", "fish"])
    ['bread', 'cheese']
    """
    reqs = _requirements(requirements)
    return reqs[:-1]


def validate_challenge_meal(meal, requirements, thresholds=None) -> list[str]:
    """Why this meal cannot be served for a challenge with these requirements (empty list: it can).

    ``requirements`` lists ingredient types (``["bread", "cheese", "fish"]``) or is a Challenge;
    a requirement covered by the Hold token is simply left out (see :func:`apply_hold`).
    """
    try:
        items = _parse(meal)
    except ValueError as e:
        return [str(e)]
    reqs = _requirements(requirements)
    if not items:
        return ["the meal is empty"]
    problems: list[str] = []
    ings = [i for i in items if i.kind == "ingredient"]
    soups = [i for i in items if i.kind != "ingredient"]
    for i in ings:
        if i.type not in reqs:
            problems.append(
                f"{i} is {i.type}: this challenge takes only {', '.join(reqs)} (plus soup or bisque)"
            )
    met = [t for t in reqs if any(i.type == t for i in ings)]
    missing = [t for t in reqs if t not in met]
    q = sum(_item_quality(i) for i in items)
    return problems + meal_rule_problems(len(met), missing, len(soups), q, min_presentable(thresholds))


def meal_rule_problems(met: int, missing, soups: int, quality: int, low: int) -> list[str]:
    """The challenge-meal rule (one place for it): at least one requirement met by a real
    ingredient, one soup or bisque for each missing requirement, and a presentable quality (at
    least ``low``). ``met`` counts the requirements met, ``missing`` lists (or counts) the others.
    Empty list: the meal can be served.

    >>> meal_rule_problems(1, 2, 2, 9, 6), len(meal_rule_problems(0, 3, 3, 9, 6))
    ([], 1)
    """
    problems: list[str] = []
    n_missing = missing if isinstance(missing, int) else len(missing)
    if not met:
        problems.append("at least one requirement must be met by a real ingredient (no all-soup meal)")
    elif soups < n_missing:
        names = f"{n_missing} requirement(s)" if isinstance(missing, int) else ", ".join(missing)
        problems.append(
            f"{names} missing: each missing requirement needs its own soup or bisque "
            f"({n_missing} needed, {soups} in the meal)"
        )
    if quality < low:
        problems.append(f"quality {quality} is below {low}: the meal is not presentable")
    return problems


# ------------------------------------------------------------------ critic meal: courses


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


def _course_base_qualities(courses: Mapping[str, Sequence[MealItem]], effect: str) -> list[int]:
    out = []
    for t in TYPES:
        main, paired, _ = _classify_course(t, courses.get(t, ()), effect)
        out.append(sum(_item_quality(i, effect) for i in main) + sum(p.value for p in paired))
    return out


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


# ------------------------------------------------------------------ rumors


@dataclass(frozen=True)
class _CourseInfo:
    type: str
    values: tuple[int, ...]     # printed values of the course's own ingredients
    paired: tuple[int, ...]     # printed values of paired wines (Fruit Bat)
    spiced: bool

    @property
    def filled(self) -> bool:
        return bool(self.values)

    def printed(self, type_: str | None = None) -> tuple[int, ...]:
        if type_ is None:
            return self.values + self.paired
        own = self.values if self.type == type_ else ()
        return own + (self.paired if type_ == "wine" else ())


def _course_infos(courses: Mapping[str, Sequence[MealItem]], effect: str) -> list[_CourseInfo]:
    out = []
    for t in TYPES:
        main, paired, _ = _classify_course(t, courses.get(t, ()), effect)
        out.append(_CourseInfo(t, tuple(i.value for i in main), tuple(p.value for p in paired),
                               any(i.spice for i in main)))
    return out


def _tracker(rumor) -> tuple[Any, Callable, Callable] | None:
    """(initial state, step(state, course info), stars(state, soup value)) for a rumor, or None."""
    eff, stars = rumor.effect, rumor.stars
    param = rumor.param
    if eff in ("fanatic", "unknown"):
        return None
    if eff == "mercurial":
        def step(s, c):
            v = c.printed()
            if not v:
                return s
            lo, hi = min(v), max(v)
            return (lo, hi) if s is None else (min(s[0], lo), max(s[1], hi))
        return None, step, lambda s, soup: 0 if s is None else s[1] - s[0]
    if eff == "nocturnal":
        def step(s, c):
            if not s[0] or not c.filled or max(c.values) < s[1]:
                return (False, 0)
            return (True, max(c.values))
        return (True, 0), step, lambda s, soup: stars if s[0] else 0
    if eff == "tender":
        target = int(param)
        def step(s, c):
            return (s[0] | frozenset(c.printed("bread")), s[1] | frozenset(c.printed("wine")))
        return ((frozenset(), frozenset()), step,
                lambda s, soup: stars if any(b + w == target for b in s[0] for w in s[1]) else 0)
    if eff == "pampered":
        low = int(param)
        return (True, lambda s, c: s and c.filled and max(c.values) >= low,
                lambda s, soup: stars if s else 0)
    if eff == "min_spiced":
        need = int(param)
        return (0, lambda s, c: min(need, s + (1 if c.spiced else 0)),
                lambda s, soup: stars if s >= need else 0)
    if eff == "no_spice":
        return ((False, False), lambda s, c: (s[0] or c.filled, s[1] or c.spiced),
                lambda s, soup: stars if s[0] and not s[1] else 0)
    if eff == "type_at_least":
        t, v = param.split()
        low = int(v)
        return (False, lambda s, c: s or any(x >= low for x in c.printed(t)),
                lambda s, soup: stars if s else 0)
    if eff == "min_soup":
        need = int(param)
        return (None, lambda s, c: s, lambda s, soup: stars if soup >= need else 0)
    if eff == "all_odd":
        return ((False, True), lambda s, c: (s[0] or bool(c.printed()), s[1] and all(x % 2 for x in c.printed())),
                lambda s, soup: stars if s[0] and s[1] else 0)
    if eff == "max_value":
        top = int(param)
        return ((False, True), lambda s, c: (s[0] or bool(c.printed()), s[1] and all(x <= top for x in c.printed())),
                lambda s, soup: stars if s[0] and s[1] else 0)
    if eff == "distinct_values":
        need = int(param)
        def step(s, c):
            if s is True:
                return True
            s = s | frozenset(c.printed())
            return True if len(s) >= need else s
        return frozenset(), step, lambda s, soup: stars if s is True else 0
    raise KitchenlabError(f"rumor {rumor.id!r}: effect {eff!r} is not implemented")


def _run_tracker(rumor, infos: Sequence[_CourseInfo], soup_value: int) -> int:
    tr = _tracker(rumor)
    if tr is None:
        return 0
    state, step, final = tr
    for c in infos:
        state = step(state, c)
    return final(state, soup_value)


def rumor_stars(rumor, meal, soup_value: int = 0, critic=None) -> int:
    """Stars a (non-Fanatic) rumor gives to a critic meal; Fanatics give 0 here (they double a course
    at final score), as do rumors whose text is unknown.

    >>> rumor_stars("mercurial", "bread2 fish7")
    5
    """
    r = _rumor(rumor)
    return _run_tracker(r, _course_infos(critic_courses(meal), _effect(critic)), soup_value)


def mercurial_stars(meal, critic=None) -> int:
    """Mercurial: the highest printed value served minus the lowest (0 for an empty meal)."""
    vals = [v for c in _course_infos(critic_courses(meal), _effect(critic)) for v in c.printed()]
    return max(vals) - min(vals) if vals else 0


def nocturnal_met(meal, critic=None) -> bool:
    """Nocturnal [A reading]: all 7 courses filled, each printed value ≥ the course before it."""
    return _condition("nocturnal", meal, critic)


def tender_met(meal, total: int = 10, critic=None) -> bool:
    """Tender: a served bread and a served wine whose printed values add up to ``total``."""
    infos = _course_infos(critic_courses(meal), _effect(critic))
    breads = {v for c in infos for v in c.printed("bread")}
    wines = {v for c in infos for v in c.printed("wine")}
    return any(b + w == total for b in breads for w in wines)


def extremely_pampered_met(meal, low: int = 5, critic=None) -> bool:
    """Extremely Pampered: every course holds an ingredient printed ``low`` or more."""
    infos = _course_infos(critic_courses(meal), _effect(critic))
    return all(c.filled and max(c.values) >= low for c in infos)


def _condition(rumor_id: str, meal, critic) -> bool:
    r = _comps().rumor(rumor_id)
    return _run_tracker(r, _course_infos(critic_courses(meal), _effect(critic)), 0) > 0


# ------------------------------------------------------------------ final score and critic meal scoring


def _track(components=None) -> tuple[tuple[int, ...], int, int]:
    c = _comps(components)
    return c.track_stars, c.score_lap, c.lap_stars


def final_score_stars(total: int, components=None) -> int:
    """Stars of a final score: ``lap_stars`` per full lap of the track, then the final position's stars.

    >>> final_score_stars(76)   # passes 70 (10 stars), ends on position 6 (1 star)
    11
    """
    stars, lap, lap_stars = _track(components)
    laps, pos = divmod(int(total), lap)
    return laps * lap_stars + stars[pos]


@dataclass(frozen=True)
class CriticScore:
    """One player's critic-meal scoring, step by step (steps 2 to 7 of the digest)."""

    player: int
    soup_value: int
    presentable: bool
    most_soup: int                          # step 2
    all_courses: int                        # step 3
    best_course_types: tuple[str, ...]      # step 4: the courses this player won (ties friendly)
    best_courses: int                       # step 4: stars
    rumors: tuple[tuple[str, int], ...]     # step 5: (rumor id, stars)
    bonus: int                              # step 6
    course_qualities: tuple[int, ...]       # step 7: per course, critic effect and Fanatic applied
    final_total: int                        # step 7: the raw score-track total
    laps: int
    position: int
    track_stars: int                        # step 7: laps * lap stars + the position's stars

    @property
    def rumor_stars(self) -> int:
        return sum(s for _, s in self.rumors)

    @property
    def total(self) -> int:
        """Every star of the critic meal."""
        return self.most_soup + self.all_courses + self.best_courses + self.rumor_stars + self.bonus + self.track_stars

    def as_dict(self) -> dict:
        return {
            "player": self.player, "most soup": self.most_soup, "all courses": self.all_courses,
            "best courses": self.best_courses, "rumors": self.rumor_stars, "bonus": self.bonus,
            "final total": self.final_total, "track stars": self.track_stars, "stars": self.total,
        }


def _soup_total(s) -> int:
    if isinstance(s, int):
        return s
    c = _storage(s)
    return c[SOUP] * tokens.SOUP_VALUE + c[BISQUE] * tokens.BISQUE_VALUE


def score_critic_meals(
    meals: Sequence,
    soups: Sequence,
    critic=None,
    rumors: Iterable = (),
    *,
    known: Sequence[Iterable[str]] | None = None,
    known_only: bool = False,
    restaurateurs: Sequence | None = None,
    extra_stars: Sequence[int] | None = None,
    challenges_served: Sequence[int] | None = None,
    min_quality: int | None = None,
    components=None,
) -> list[CriticScore]:
    """Score every player's critic meal in the digest's order; one :class:`CriticScore` per player.

    ``meals``: one critic meal per player (mapping or flat notation). ``soups``: per player the soup
    total (an int) or the soup/bisque tokens kept. ``rumors``: the 3 rumor cards (ids or records).
    By default every rumor scores for every player [RB]; with ``known_only`` [S0] a rumor (a Fanatic
    too) scores only for players whose ``known`` set holds its id. ``restaurateurs``: per player a
    card (id or record) or None, its bonus stars count at step 6, as do ``extra_stars``.
    ``challenges_served``: per player, for the Capybara. A meal that breaks the rules raises
    ``ValueError`` listing the problems.
    """
    comps = _comps(components)
    crit = _critic(critic, comps)
    effect = "none" if crit is None else crit.effect
    n = len(meals)
    if len(soups) != n:
        raise KitchenlabError(f"{n} meals but {len(soups)} soup totals")
    rs = [_rumor(r, comps) for r in rumors]
    if known_only:
        if known is None or len(known) != n:
            raise KitchenlabError("known_only needs one set of known rumor ids per player")
        knows = [set(k) for k in known]
    else:
        knows = None

    def applies(p: int, r) -> bool:
        return knows is None or r.id in knows[p]

    soup_vals = [_soup_total(s) for s in soups]
    courses, base, present = [], [], []
    for p, m in enumerate(meals):
        probs = critic_meal_problems(m, crit)
        if probs:
            raise KitchenlabError(f"player {p}'s critic meal: " + "; ".join(probs))
        cs = critic_courses(m)
        q = _course_base_qualities(cs, effect)
        ok = min_quality is None or sum(q) >= min_quality
        if not ok:
            cs = {t: () for t in TYPES}
            q = [0] * len(TYPES)
        courses.append(cs)
        base.append(q)
        present.append(ok)
    infos = [_course_infos(cs, effect) for cs in courses]

    # step 2: most soup
    s_most = comps.setting_int("most_soup_stars")
    top = max(soup_vals) if soup_vals else 0
    most = [s_most if top > 0 and v == top else 0 for v in soup_vals]
    # step 3: all seven courses
    s_all = comps.setting_int("all_courses_stars")
    allc = [s_all if all(c.filled for c in inf) else 0 for inf in infos]
    # step 4: best of each course (before Fanatic doubling, which belongs to step 7)
    s_best = comps.setting_int("best_course_stars")
    won: list[list[str]] = [[] for _ in range(n)]
    for ci, t in enumerate(TYPES):
        best = max((base[p][ci] for p in range(n)), default=0)
        if best > 0:
            for p in range(n):
                if base[p][ci] == best:
                    won[p].append(t)
    # step 5: rumors
    rumor_rows = []
    for p in range(n):
        row = []
        for r in rs:
            if r.is_fanatic or not applies(p, r):
                continue
            row.append((r.id, _run_tracker(r, infos[p], soup_vals[p])))
        rumor_rows.append(tuple(row))
    # step 6: bonus stars
    bonus = []
    for p in range(n):
        b = 0
        if crit is not None:
            if crit.effect == "challenge_bonus":
                served = challenges_served[p] if challenges_served is not None else 0
                b += crit.bonus_stars * served
            elif any(c.filled for c in infos[p]):
                b += crit.bonus_stars
        if restaurateurs is not None and restaurateurs[p] is not None:
            rest = restaurateurs[p]
            if isinstance(rest, str):
                rest = comps.restaurateur(rest)
            b += rest.bonus_stars
        if extra_stars is not None:
            b += int(extra_stars[p])
        bonus.append(b)
    # step 7: final score on the track
    track, lap, lap_stars = comps.track_stars, comps.score_lap, comps.lap_stars
    out = []
    for p in range(n):
        fans = {r.fanatic_type for r in rs if r.is_fanatic and applies(p, r)}
        cq = tuple(v * (2 if t in fans else 1) for t, v in zip(TYPES, base[p]))
        total = sum(cq)
        laps, pos = divmod(total, lap)
        out.append(CriticScore(
            player=p, soup_value=soup_vals[p], presentable=present[p], most_soup=most[p],
            all_courses=allc[p], best_course_types=tuple(won[p]), best_courses=s_best * len(won[p]),
            rumors=rumor_rows[p], bonus=bonus[p], course_qualities=cq, final_total=total,
            laps=laps, position=pos, track_stars=laps * lap_stars + track[pos],
        ))
    return out


def winners(stars: Sequence[int], track_totals: Sequence[int], priority: Sequence[int] | None = None) -> list[int]:
    """The winning players: most stars; tie → furthest on the score track (the raw total); tie →
    ahead on the priority track (``priority`` lists players left to right; the rightmost is ahead).
    Without ``priority`` the players still tied all win.

    >>> winners([12, 12, 9], [80, 80, 90], priority=[1, 0, 2])
    [0]
    """
    n = len(stars)
    if len(track_totals) != n:
        raise KitchenlabError("one score-track total per player is needed")
    if n == 0:
        return []
    best = max(stars)
    tied = [p for p in range(n) if stars[p] == best]
    far = max(track_totals[p] for p in tied)
    tied = [p for p in tied if track_totals[p] == far]
    if len(tied) > 1 and priority is not None:
        rank = {p: i for i, p in enumerate(priority)}
        missing = [p for p in tied if p not in rank]
        if missing:
            raise KitchenlabError(f"players {missing} are not on the priority track {list(priority)}")
        tied = [max(tied, key=lambda p: rank[p])]
    return sorted(tied)


# The exact optimisers live in their own module; they are part of this one's interface too.
from .optimisers import (  # noqa: E402  (they build on the scoring above)
    ChallengeMeal, ChallengePlan, CriticMealChoice, best_challenge_meal, best_challenge_plan, best_critic_meal,
    fridge_keep,
)
