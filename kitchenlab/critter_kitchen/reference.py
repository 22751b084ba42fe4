"""Critter Kitchen's readable specification: the plain, slow definitions the fast code must match.

Every function here says what an answer *is*, by trying every possibility, with no table, cache or
shortcut; the optimisers of :mod:`.optimisers`, the challenge-plan search of
:mod:`.challenge_plans`, the written-out phase rules of :mod:`.phases` and the greedy bot's
placement search (:mod:`.greedy.plan`) are tested against them on seeded examples. They are far
too slow for a game: use them on small storages.

>>> meal_value(["fish7", "fish-spice", "bread2", "soup", "allspice"], ["bread", "cheese", "fish"])
19
>>> best_meal_quality(["fish7", "fish-spice", "bread2", "soup"], ["bread", "cheese", "fish"])
17
>>> best_plan_value(["fish7", "fish7", "fish6", "bread5", "cheese5"], [["fish", "bread"], ["fish", "cheese"]])
(4, 30)
>>> best_placement([0, 1, 2], [[1, 5, 3], [4, 4, 0]])
(1, 0)
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Iterator, Sequence

from . import actions, scoring, tokens
from .actions import Action
from .final import restaurateur_meal_extra
from .tokens import ALLSPICE, BISQUE, ING, SOUP, SPICE_OF, sort_tokens

__all__ = [
    "any_meal_possible", "best_critic_value", "best_meal_quality", "best_placement", "best_plan_value",
    "legal_challenge", "meal_ok", "meal_value", "meal_writings",
]


# ------------------------------------------------------------------ challenge meals
def _spice_fits(spice: str, type_: str) -> bool:
    return spice == tokens.ALLSPICE or spice == f"{type_}-spice"


def meal_writings(items: Sequence[str]) -> Iterator[tuple[str, list[str]]]:
    """Every way to write one meal from exactly these storage tokens: each spice on a different
    ingredient it fits, or left out. Yields (notation, the tokens used).

    >>> [m for m, _ in meal_writings(["fish7", "fish-spice", "soup"])]
    ['fish7 soup', 'fish7+spice soup']
    """
    ings = [t for t in items if tokens.is_ingredient(t)]
    spices = [t for t in items if tokens.is_spice(t)]
    others = [t for t in items if tokens.is_soup(t)]

    def assign(k: int, taken: dict) -> Iterator[dict]:
        if k == len(spices):
            yield dict(taken)
            return
        yield from assign(k + 1, taken)                       # this spice stays out
        for j, ing in enumerate(ings):
            if j not in taken and _spice_fits(spices[k], tokens.ingredient_type(ing)):
                taken[j] = spices[k]
                yield from assign(k + 1, taken)
                del taken[j]

    for pairing in assign(0, {}):
        parts = []
        for j, ing in enumerate(ings):
            sp = pairing.get(j)
            parts.append(ing if sp is None else ing + ("+allspice" if sp == tokens.ALLSPICE else "+spice"))
        yield " ".join(parts + others), ings + list(pairing.values()) + others


#: thresholds under which every quality earns a star: only the meal's make-up is judged
_EVERY_QUALITY = ((0, 1),)


def meal_value(items: Sequence[str], requirements) -> int | None:
    """The quality of the best challenge meal written from exactly these tokens (each spice on an
    ingredient it fits, or left out), ``None`` when no way of writing them meets the meal's rule
    (at least one required type, a soup or bisque for each one missing, nothing of another type);
    star thresholds are not applied (:func:`.challenge_meals.meal_value` works it out without
    trying every writing)."""
    best = None
    for meal, _ in meal_writings(list(items)):
        if not scoring.validate_challenge_meal(meal, list(requirements), _EVERY_QUALITY):
            q = scoring.meal_quality(meal)
            best = q if best is None else max(best, q)
    return best


def _group_value(group: tuple, reqs: tuple, thresholds) -> tuple[int, int]:
    """The best (stars, quality) of a servable meal written from exactly these tokens, (0, 0) if none."""
    best = (0, 0)
    for meal, _ in meal_writings(list(group)):
        if not scoring.validate_challenge_meal(meal, list(reqs), thresholds):
            q = scoring.meal_quality(meal)
            best = max(best, (scoring.challenge_stars(q, thresholds), q))
    return best


def best_meal_quality(storage: Sequence[str], requirements, thresholds=None) -> int | None:
    """The highest quality of a challenge meal that may be served from the storage (``None``: no
    meal may be served): every sub-multiset of the storage, every way to write it
    (:func:`.optimisers.best_challenge_meal` finds it without trying them)."""
    best = None
    seen = set()
    for r in range(1, len(storage) + 1):
        for combo in itertools.combinations(range(len(storage)), r):
            sub = tuple(sorted(storage[i] for i in combo))
            if sub in seen:
                continue
            seen.add(sub)
            for meal, _ in meal_writings(list(sub)):
                if not scoring.validate_challenge_meal(meal, requirements, thresholds):
                    q = scoring.meal_quality(meal)
                    best = q if best is None else max(best, q)
    return best


def best_plan_value(storage: Sequence[str], challenges: Sequence, thresholds=None) -> tuple[int, int]:
    """The most stars, then the highest quality, of challenge meals served together from disjoint
    storage tokens: every token goes to one challenge's meal or stays home, and each meal is
    written its best way (:func:`.challenge_plans.best_challenge_plan` finds it without trying them)."""
    k = len(challenges)
    reqs = [tuple(r) for r in challenges]
    known: dict = {}
    best = (0, 0)
    for assign in itertools.product(range(k + 1), repeat=len(storage)):
        stars = quality = 0
        for j in range(k):
            group = tuple(sorted(storage[i] for i in range(len(storage)) if assign[i] == j))
            if group:
                key = (group, reqs[j])
                if key not in known:
                    known[key] = _group_value(group, reqs[j], thresholds)
                s, q = known[key]
                stars, quality = stars + s, quality + q
        best = max(best, (stars, quality))
    return best


# ------------------------------------------------------------------ the critic meal
def _course_choices(stock: Counter, type_: str, multi: bool) -> Iterator[list]:
    """Every way to fill course ``type_`` from the storage: a list of (ingredient, spice or None)."""
    toks = sorted(k for k in stock.elements() if tokens.is_ingredient(k) and tokens.ingredient_type(k) == type_)
    sizes = range(0, len(toks) + 1) if multi else range(0, min(1, len(toks)) + 1)
    seen = set()
    for r in sizes:
        for combo in itertools.combinations(toks, r):
            for spices in itertools.product((None, f"{type_}-spice", tokens.ALLSPICE), repeat=r):
                key = tuple(sorted(zip(combo, [s or "" for s in spices])))
                if key not in seen:
                    seen.add(key)
                    yield list(zip(combo, spices))


def best_critic_value(storage: Sequence[str], critic, rumors: Sequence[str], soup_value: int = 0,
                      components=None) -> tuple[int, int] | None:
    """The best (own stars, total quality) over every legal critic meal writable from the storage
    (one ingredient per course, or several for the Mouse and the Cow), with the stars of the
    score track, all seven courses and the ``rumors`` (:func:`.critic_optimiser.best_critic_meal`
    finds it without trying them)."""
    comps = scoring._comps(components)
    stock = Counter(storage)
    fans = {comps.rumor(r).fanatic_type for r in rumors if comps.rumor(r).is_fanatic}
    multi = critic in ("mouse", "cow")
    per_course = [list(_course_choices(stock, t, multi)) for t in tokens.TYPES]
    best = None
    for choice in itertools.product(*per_course):
        need = Counter()
        meal = {}
        for t, course in zip(tokens.TYPES, choice):
            if not course:
                continue
            parts = []
            for tok, sp in course:
                need[tok] += 1
                if sp:
                    need[sp] += 1
                parts.append(tok + ("" if sp is None else "+allspice" if sp == tokens.ALLSPICE else "+spice"))
            meal[t] = " ".join(parts)
        if need - stock or (multi and scoring.critic_meal_problems(meal, critic)):
            continue
        total = scoring.critic_meal_quality(meal, critic, fans)
        stars = scoring.final_score_stars(total, components=comps) + (1 if len(meal) == 7 else 0)
        stars += sum(scoring.rumor_stars(comps.rumor(r), meal, soup_value, critic) for r in rumors)
        key = (stars, total)
        best = key if best is None else max(best, key)
    return best


# ------------------------------------------------------------------ the challenge phase's rules
def meal_ok(state, meal, reqs) -> bool:
    """Whether a meal in progress (``[(notation, tokens used), ...]``) may be served for ``reqs``:
    the meal rule of :func:`.scoring.meal_rule_problems` on its quality (with the turn's
    restaurateur), the requirements it meets and its soups."""
    note = " ".join(n for n, _ in meal)
    rest = state.rest[state.turn] if state.cfg.restaurateurs else None
    q = scoring.meal_quality(note) + (0 if rest is None else restaurateur_meal_extra(note, rest, state.cfg.comps))
    met = {used[0].type for _, used in meal if used[0].kind is ING}
    soups = sum(1 for _, used in meal if used[0].kind is not ING)
    return not scoring.meal_rule_problems(len(met), len(reqs) - len(met), soups, q, state.cfg.min_presentable)


def legal_challenge(state) -> list[Action]:
    """The challenge phase's moves, in order: per unserved challenge, each held ingredient of a
    required type (in the order of ``sort_tokens``) alone, with its spice, with allspice; bisque;
    soup; "serve" when the meal may be served. Last: done."""
    s = state.turn
    store = Counter(state.storage[s])
    served = {ci for ci, *_ in state.served[s]}
    out = []
    ing = sort_tokens(t for t in store if t.kind is ING)
    for k, (ci, reqs) in enumerate(state.day_challenges(), start=1):
        if ci in served:
            continue
        for tok in ing:
            if tok.type not in reqs:
                continue
            out.append(actions.add(k, tok, None))
            if store[SPICE_OF[tok.type]]:
                out.append(actions.add(k, tok, SPICE_OF[tok.type]))
            if store[ALLSPICE]:
                out.append(actions.add(k, tok, ALLSPICE))
        for tok in (BISQUE, SOUP):
            if store[tok]:
                out.append(actions.add(k, tok, None))
        meal = state.meals[s].get(k)
        if meal and meal_ok(state, meal, reqs):
            out.append(actions.serve(k))
    out.append(actions.DONE_CHALLENGES)
    return out


def any_meal_possible(state, seat: int) -> bool:
    """Whether ``seat`` could serve one of the day's challenges it has not served from its storage."""
    served = {i for i, *_ in state.served[seat]}
    return any(scoring.best_challenge_meal(list(state.storage[seat]), list(reqs), state.cfg.thresholds) is not None
               for ci, reqs in state.day_challenges() if ci not in served)


# ------------------------------------------------------------------ the greedy bot's plan
def best_placement(free: Sequence[int], gain: Sequence[Sequence[float]]) -> tuple[int, ...] | None:
    """The first best placement of the chefs (chef ``c`` at a different free location, worth
    ``gain[c][location]``) in the order of ``itertools.permutations(free)``."""
    best, best_v = None, -1.0
    for combo in itertools.permutations(free, len(gain)):
        v = sum(g[loc] for g, loc in zip(gain, combo))
        if v > best_v:
            best, best_v = combo, v
    return best
