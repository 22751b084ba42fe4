"""The greedy bot's challenge-meal and fridge moves: build and serve the meals of the exact best
challenge plan (:func:`..scoring.best_challenge_plan`), keep what :func:`..scoring.fridge_keep` keeps.

Strategy only: the phases' rules are :mod:`..phases.meals`.
"""

from __future__ import annotations

from collections import Counter

from .. import actions, scoring
from ..actions import Action
from ..tokens import ALLSPICE, SPICE_OF, token
from .shop import item_value


def _challenge_plan(memo, pool: tuple, reqs: tuple, thresholds: tuple):
    """The exact plan search's answer, kept in the memo: while a meal is being built the pool it
    looks at does not change, and each seat asks the same question until it serves."""
    table = memo.table("challenge plans")
    key = (pool, reqs, thresholds)
    got = table.get(key)
    if got is None:
        got = memo.keep(table, key, scoring.best_challenge_plan(list(pool), list(reqs), thresholds))
    return got


def _meal_moves(memo, meal: str, k: int) -> tuple:
    """A meal's moves in order, for meal number ``k``: (part, times in the meal, add action)."""
    table = memo.table("meal moves")
    key = (meal, k)
    got = table.get(key)
    if got is None:
        parts = meal.split()
        moves = []
        for part in parts:
            base, _, spice = part.partition("+")
            tok = token(base)
            sp = None if not spice else ALLSPICE if spice == "allspice" else SPICE_OF[tok.type]
            moves.append((part, parts.count(part), actions.add(k, tok, sp)))
        got = memo.keep(table, key, tuple(moves))
    return got


def plan_question(bot, state, seat: int) -> tuple[list, tuple, tuple, dict]:
    """What the greedy bot asks the challenge-plan search for ``seat``: the day's challenges it has
    not served, as ``(meal number, challenge index, requirements)``; the pool (its storage with its
    meals in progress, sorted) and those challenges' requirements, the search's question; and each
    meal in progress, counted by notation."""
    days = state.day_challenges()
    served = state.served[seat]
    memo = bot.memo
    table = memo.table("day questions")
    key = (days, tuple([x[0] for x in served]) if served else ())
    got = table.get(key)
    if got is None:
        done = key[1]
        day = tuple((k, ci, reqs) for k, (ci, reqs) in enumerate(days, start=1) if ci not in done)
        got = memo.keep(table, key, (day, tuple(reqs for _, _, reqs in day)))
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


def greedy_challenge(bot, state, legal, seat: int) -> Action:
    """Build and serve the meals of the best challenge plan, then be done."""
    day, pool, reqs, in_progress = plan_question(bot, state, seat)
    plan = _challenge_plan(bot.memo, pool, reqs, state.cfg.thresholds)
    # the moves are the shared action objects of legal_challenge: found by identity (the same
    # moves as looking their texts up in ``legal``)
    ids = set(map(id, legal))
    for (k, _, _), meal in zip(day, plan.meals):
        if meal is None:
            continue
        have = in_progress.get(k)
        missing = False
        for part, want, a in _meal_moves(bot.memo, meal.meal, k):
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


def greedy_fridge(bot, state, legal, seat: int) -> Action:
    """Discard what :func:`.scoring.fridge_keep` would not keep, the least useful first."""
    store = state.storage[seat]
    keep = Counter(_fridge_keep(bot.memo, tuple(store), state.cfg.fridge[state.round]))
    extra = Counter(t for t in store if t.fridge) - keep
    by_text = {a.text: a for a in legal}
    for tok in sorted(extra, key=lambda t: item_value(t, store)):
        a = by_text.get(f"discard {tok}")
        if a is not None:
            return a
    return legal[0]


def _fridge_keep(memo, store: tuple, limit: int) -> tuple:
    """:func:`..scoring.fridge_keep` of a storage, kept in the memo."""
    table = memo.table("fridge")
    key = (store, limit)
    got = table.get(key)
    if got is None:
        got = memo.keep(table, key, tuple(scoring.fridge_keep(list(store), limit)))
    return got
