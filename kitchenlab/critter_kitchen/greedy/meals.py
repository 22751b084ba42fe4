"""The greedy bot's challenge-meal and fridge moves: build and serve the meals of the exact best
challenge plan (:func:`..scoring.best_challenge_plan`), keep what :func:`..scoring.fridge_keep` keeps.

Strategy only: the phases' rules are :mod:`..phases.meals`.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from .. import actions, scoring
from ..actions import Action
from ..tokens import ALLSPICE, SPICE_OF, token
from .shop import item_value


# The plan search is exact but not free; while a meal is being built the pool it looks at does
# not change, so its answers are kept for the pools seen last (a few dozen: each seat asks the
# same question until it serves, and a larger cache only gave the garbage collector more to walk).
@lru_cache(maxsize=64)
def _challenge_plan(pool: tuple, reqs: tuple, thresholds: tuple):
    return scoring.best_challenge_plan(list(pool), list(reqs), thresholds)


#: per (meal notation, meal number): its moves in order, (part, times in the meal, add action)
_MEAL_MOVES: dict = {}


def _meal_moves(meal: str, k: int) -> tuple:
    key = (meal, k)
    got = _MEAL_MOVES.get(key)
    if got is None:
        parts = meal.split()
        moves = []
        for part in parts:
            base, _, spice = part.partition("+")
            tok = token(base)
            sp = None if not spice else ALLSPICE if spice == "allspice" else SPICE_OF[tok.type]
            moves.append((part, parts.count(part), actions.add(k, tok, sp)))
        if len(_MEAL_MOVES) > 20_000:
            _MEAL_MOVES.clear()
        got = _MEAL_MOVES[key] = tuple(moves)
    return got


#: per day's challenges and those already served: the challenges of the question, as
#: (meal number, challenge index, requirements), and their requirements
_DAY_QUESTION: dict = {}
#: the last call's day's challenges and served ones (told by identity) and its answer
_LAST_QUESTION: list = [None, None, None]


def plan_question(state, seat: int) -> tuple[list, tuple, tuple, dict]:
    """What the greedy bot asks the challenge-plan search for ``seat``: the day's challenges it has
    not served, as ``(meal number, challenge index, requirements)``; the pool (its storage with its
    meals in progress, sorted) and those challenges' requirements, the search's question; and each
    meal in progress, counted by notation."""
    days = state.day_challenges()
    served = state.served[seat]
    last = _LAST_QUESTION
    if last[0] is days and last[1] is served:
        # the same day's challenges (the kept tuple) and the same served ones as the last call
        got = last[2]
    else:
        key = (days, tuple([x[0] for x in served]) if served else ())
        got = _DAY_QUESTION.get(key)
        if got is None:
            done = key[1]
            day = tuple((k, ci, reqs) for k, (ci, reqs) in enumerate(days, start=1) if ci not in done)
            if len(_DAY_QUESTION) > 10_000:
                _DAY_QUESTION.clear()
            got = _DAY_QUESTION[key] = (day, tuple(reqs for _, _, reqs in day))
        last[:] = days, served, got
    in_progress = {}
    meals_s = state.meals[seat]
    if meals_s:
        pool = state.storage[seat][:]
        for k, meal in meals_s.items():
            counts = in_progress[k] = {}
            for note, used in meal:
                counts[note] = counts.get(note, 0) + 1
                pool += used
        pool.sort()
    else:
        pool = sorted(state.storage[seat])
    return list(got[0]), tuple(pool), got[1], in_progress


def greedy_challenge(state, legal, seat: int) -> Action:
    """Build and serve the meals of the best challenge plan, then be done."""
    day, pool, reqs, in_progress = plan_question(state, seat)
    plan = _challenge_plan(pool, reqs, state.cfg.thresholds)
    # the moves are the shared action objects of legal_challenge: found by identity (the same
    # moves as looking their texts up in ``legal``)
    ids = set(map(id, legal))
    for (k, _, _), meal in zip(day, plan.meals):
        if meal is None:
            continue
        have = in_progress.get(k)
        missing = False
        for part, want, a in _meal_moves(meal.meal, k):
            if have is None or want > have.get(part, 0):       # the plan's meal still needs it
                missing = True
                if id(a) in ids:
                    return a
        if not missing:
            a = actions.serve(k)
            if id(a) in ids:
                return a
    a = actions.DONE_CHALLENGES
    return a if id(a) in ids else legal[-1]


def greedy_fridge(state, legal, seat: int) -> Action:
    """Discard what :func:`.scoring.fridge_keep` would not keep, the least useful first."""
    store = state.storage[seat]
    keep = Counter(_fridge_keep(tuple(store), state.cfg.fridge[state.round]))
    extra = Counter(t for t in store if t.fridge) - keep
    by_text = {a.text: a for a in legal}
    for tok in sorted(extra, key=lambda t: item_value(t, store)):
        a = by_text.get(f"discard {tok}")
        if a is not None:
            return a
    return legal[0]


@lru_cache(maxsize=1024)
def _fridge_keep(store: tuple, limit: int):
    return tuple(scoring.fridge_keep(list(store), limit))
