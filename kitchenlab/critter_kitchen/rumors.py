"""Critter Kitchen rumor cards at the critic meal: what each non-Fanatic rumor pays a critic meal.

A rumor is read course by course (a small tracker per effect), so the exact critic-meal optimiser
can follow it too. Printed values are used, except where the rulebook says otherwise (Odd Tastes
with the Kangaroo: a 6 counts as 9 and is odd). Spice Lover looks at the other players' meals: see
:func:`others_few_spices`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ..errors import KitchenlabError
from .courses import _classify_course, _comps, _course_parts, _effect, _rumor, critic_courses
from .memo import MEMO
from .tokens import TYPES, MealItem

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


def _course_info(t: str, main: Sequence[MealItem], paired: Sequence[MealItem]) -> _CourseInfo:
    return _CourseInfo(t, tuple(i.value for i in main), tuple(p.value for p in paired), any(i.spice for i in main))


def _course_infos(courses: Mapping[str, Sequence[MealItem]], effect: str) -> list[_CourseInfo]:
    return [_course_info(t, *_classify_course(t, courses.get(t, ()), effect)[:2]) for t in TYPES]


def _course_facts(courses: Mapping[str, Sequence[MealItem]], effect: str,
                  types: Sequence[str] = TYPES) -> tuple[list[int], list[_CourseInfo]]:
    """Each course's base quality and its rumor facts, read in one pass over the courses (equal to
    ``courses._course_base_qualities`` and :func:`_course_infos`)."""
    qs, infos = [], []
    for t in types:
        main, paired, q = _course_parts(t, courses.get(t, ()), effect)
        qs.append(q)
        infos.append(_course_info(t, main, paired))
    return qs, infos


def spices_served(courses: Mapping[str, Sequence[MealItem]]) -> int:
    """How many spices (allspice included) a critic meal serves."""
    return sum(1 for t in TYPES for i in courses.get(t, ()) if i.kind == "ingredient" and i.spice)


def others_few_spices(spice_counts: Sequence[int], player: int, limit: int = 3) -> bool:
    """Spice Lover's condition [RB example]: no other player served ``limit`` or more spices.

    >>> others_few_spices([4, 2, 1], 0), others_few_spices([4, 2, 1], 1)
    (True, False)
    """
    return all(n < limit for q, n in enumerate(spice_counts) if q != player)


def _tracker(rumor, effect: str = "none") -> tuple[Any, Callable, Callable] | None:
    """(initial state, step(state, course info), stars(state, soup value)) for a rumor, or None.

    ``effect`` is the critic's: with the Kangaroo a printed 6 is a 9 for Odd Tastes [RB]. A rumor
    that looks at the other players (Spice Lover) only checks here that a course was served; the
    final scoring applies the rest (:func:`others_few_spices`)."""
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
        # [RB example] each course served is at least the course served before it; empty courses
        # are skipped (the kit compares each course's highest printed value)
        def step(s, c):
            if not s[0] or not c.filled:
                return s
            v = max(c.values)
            return (False, 0) if v < s[1] else (True, v)
        return (True, 0), step, lambda s, soup: stars if s[0] and s[1] > 0 else 0
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
    if eff == "others_few_spices":
        return (False, lambda s, c: s or c.filled, lambda s, soup: stars if s else 0)
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
        nine = 9 if effect == "six_is_nine" else 6     # the Kangaroo's 6s are 9s, and odd [RB]
        return ((False, True),
                lambda s, c: (s[0] or bool(c.printed()), s[1] and all((nine if x == 6 else x) % 2 for x in c.printed())),
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


_TRACKERS = MEMO.table("rumor trackers")     # (rumor record, effect) -> ``_tracker`` (a table of :mod:`.memo`)


def _run_tracker(rumor, infos: Sequence[_CourseInfo], soup_value: int, effect: str = "none") -> int:
    # ``_tracker(rumor, effect)``, kept per rumor record and effect (its functions keep no state)
    got = _TRACKERS.get((id(rumor), effect))
    if got is None or got[0] is not rumor:
        got = MEMO.keep(_TRACKERS, (id(rumor), effect), (rumor, _tracker(rumor, effect)))
    tr = got[1]
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
    eff = _effect(critic)
    return _run_tracker(r, _course_infos(critic_courses(meal), eff), soup_value, eff)


def mercurial_stars(meal, critic=None) -> int:
    """Mercurial: the highest printed value served minus the lowest (0 for an empty meal)."""
    vals = [v for c in _course_infos(critic_courses(meal), _effect(critic)) for v in c.printed()]
    return max(vals) - min(vals) if vals else 0


def nocturnal_met(meal, critic=None) -> bool:
    """Nocturnal [RB example]: each course served is printed at least as high as the one served before it."""
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
    eff = _effect(critic)
    return _run_tracker(r, _course_infos(critic_courses(meal), eff), 0, eff) > 0




# ------------------------------------------------------------------ what a rumor card says


def rumor_effect_text(rumor, components=None) -> str:
    """A rumor card's effect in plain words, as the kit scores it (with its stars).

    >>> rumor_effect_text("tender")
    'a served bread and a served wine adding up to 10 (printed values): 3 stars'
    >>> rumor_effect_text("hibernator")
    'its text is not known: it scores nothing in the kit'
    """
    r = _rumor(rumor, components) if isinstance(rumor, str) else rumor
    eff, p, n = r.effect, r.param, r.stars
    words = (p or "").split() + ["", ""]
    texts = {
        "fanatic": f"doubles the {p} course (after spices) at the final score",
        "mercurial": "stars = the highest printed value served minus the lowest",
        "nocturnal": f"each course served is printed at least as high as the course served before it: {n} stars",
        "tender": f"a served bread and a served wine adding up to {p} (printed values): {n} stars",
        "pampered": f"every course holds an ingredient printed {p} or more: {n} stars",
        "others_few_spices": f"no other restaurant served {p} or more spices: {n} stars",
        "no_spice": f"at least one course and no spice at all: {n} stars",
        "type_at_least": f"a {words[0]} printed {words[1]} or more served: {n} stars",
        "min_soup": f"soup and bisque worth {p} or more kept: {n} stars",
        "all_odd": f"every value served is odd (with the Kangaroo a 6 counts as 9): {n} stars",
        "max_value": f"at least one course and no printed value above {p}: {n} stars",
        "distinct_values": f"at least {p} different printed values served: {n} stars",
        "unknown": "its text is not known: it scores nothing in the kit",
    }
    return texts[eff]
