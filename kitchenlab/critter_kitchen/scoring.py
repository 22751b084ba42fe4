"""Critter Kitchen scoring: challenge meals, the critic meal, rumors, the score track.

The rumor cards are read in :mod:`.rumors` and the seven steps of the final scoring are in
:mod:`.final`; both are re-exported here. Everything here is a pure function of its arguments (plus the data tables, read once through
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

* The Hold token [RB]: the requirement it covers is no longer required, and since a meal holds only
  required types and soup, an ingredient of the covered type no longer fits either ("fewer required
  ingredients, but you might need more of them"). :func:`apply_hold` drops the rightmost requirement;
  pass what it returns to :func:`validate_challenge_meal`.
* Most soup gives nothing when nobody has any soup; best-of-course gives nothing for a course that
  everybody left empty.
* Critic bonus stars (step 6): the Capybara's are per challenge meal served; any other critic's
  printed bonus goes to every player who serves at least one course.
* Variant ``min_quality`` (critic meal must reach quality 6): a meal below it counts as empty (its
  courses, the all-courses star and the final score are lost; soup still counts).
"""

from __future__ import annotations

from typing import Sequence

from ..errors import KitchenlabError

Thresholds = Sequence[tuple[int, int]]

__all__ = [
    "ChallengeMeal", "ChallengePlan", "CriticMealChoice", "CriticScore",
    "apply_hold", "best_challenge_meal", "best_challenge_plan", "best_critic_meal",
    "challenge_stars", "course_quality", "critic_courses", "critic_meal_problems",
    "critic_meal_quality", "extremely_pampered_met", "final_score_stars", "fridge_keep",
    "meal_quality", "mercurial_stars", "min_presentable", "nocturnal_met", "rumor_stars",
    "meal_rule_problems", "score_critic_meals", "tender_met", "validate_challenge_meal", "winners",
]


from .courses import (  # noqa: F401  (the helpers are part of this module's interface too)
    _base_value, _classify_course, _comps, _course_base_qualities, _critic, _effect, _item_quality, _parse,
    _requirements, _rumor, _spice_factor, _storage, _thresholds, course_quality, critic_courses,
    critic_meal_problems, critic_meal_quality,
)

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
    if meal_rule_ok(met, n_missing, soups, quality, low):
        return problems
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


def meal_rule_ok(met: int, n_missing: int, soups: int, quality: int, low: int) -> bool:
    """:func:`meal_rule_problems` as a yes or no (the rules' hot path): ``n_missing`` counts the
    requirements not met."""
    return met > 0 and soups >= n_missing and quality >= low


# The rumors and the final scoring live in their own modules; they are part of this one's interface too.
from .rumors import (  # noqa: E402,F401
    _condition, _course_infos, _CourseInfo, _run_tracker, _tracker, extremely_pampered_met, mercurial_stars,
    nocturnal_met, others_few_spices, rumor_stars, tender_met,
)
from .final import CriticScore, final_score_stars, score_critic_meals, winners  # noqa: E402,F401
# The exact optimisers live in their own module; they are part of this one's interface too.
from .optimisers import (  # noqa: E402  (they build on the scoring above)
    ChallengeMeal, ChallengePlan, CriticMealChoice, best_challenge_meal, best_challenge_plan, best_critic_meal,
    fridge_keep,
)
