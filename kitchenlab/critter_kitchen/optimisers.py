"""Critter Kitchen's exact optimisers: the best challenge meal and plan from a storage, the best
critic meal, and the bots' fridge heuristic. They are checked against brute force in the tests;
the rules themselves (what a meal is worth, what may be served) live in :mod:`.scoring`.

>>> best_challenge_meal("fish7 fish-spice bread2 soup", ["bread", "cheese", "fish"]).meal
'fish7+spice bread2 soup'
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator, Sequence

from . import tokens
from .challenge_meals import ChallengeMeal, ChallengePlan, _challenge_meal, _relevant
from .courses import _requirements, _storage, _thresholds
from .tokens import ALLSPICE, TYPES

__all__ = ["ChallengeMeal", "ChallengePlan", "CriticMealChoice", "best_challenge_meal", "best_challenge_plan",
           "best_critic_meal", "fridge_keep"]


# The critic-meal optimiser and the exact challenge-plan search live in their own modules (they
# build on the meal evaluation of :mod:`.challenge_meals`); they are part of this one's interface.
from .challenge_plans import best_challenge_plan  # noqa: E402,F401
from .critic_optimiser import CriticMealChoice, best_critic_meal  # noqa: E402,F401


# ------------------------------------------------------------------ optimisers: challenge meals
def _submultisets(groups: Sequence[tuple[str, int]]) -> Iterator[Counter]:
    """Every sub-multiset of ``[(token, count), ...]`` (deterministic order)."""
    if not groups:
        yield Counter()
        return
    (tok, k), rest = groups[0], groups[1:]
    for sub in _submultisets(rest):
        for j in range(k + 1):
            c = Counter(sub)
            if j:
                c[tok] = j
            yield c


def best_challenge_meal(storage, requirements, thresholds=None, *, thrifty: bool = False) -> ChallengeMeal | None:
    """The best legal challenge meal from a storage, or ``None`` when none can be served.

    By default the highest quality (adding an allowed item never hurts, so this meal uses every
    ingredient of a required type, every soup and bisque and every spice that finds a partner).
    With ``thrifty`` the meal keeps the most stars with the lowest quality, then the fewest tokens
    (exact enumeration of the storage's sub-multisets, so its cost grows quickly with the number
    of relevant tokens) — useful to keep items for later.
    """
    reqs = _requirements(requirements)
    th = _thresholds(thresholds)
    stock = _storage(storage)
    rel = Counter({t: k for t, k in stock.items() if _relevant(t, reqs)})
    if not thrifty:
        return _challenge_meal(rel, reqs, th)
    best, best_key = None, None
    for sub in _submultisets(sorted(rel.items())):
        m = _challenge_meal(sub, reqs, th)
        if m is None:
            continue
        key = (m.stars, -m.quality, -len(m.items), m.meal)
        if best_key is None or key > best_key:
            best, best_key = m, key
    return best




# ------------------------------------------------------------------ fridge


def fridge_keep(storage, limit: int) -> list[str]:
    """Which ingredients and spices to keep under a fridge limit — the bots' heuristic, not a rule.

    Greedy by worth: an ingredient is worth its value; a spice is worth the value of the best kept
    ingredient it could still pair with (matching spices before allspice). At each step the worthier
    of the next ingredient and the next spice is kept (the ingredient on ties). Soup, bisque, rumor
    tokens and zous-chefs never count and are not listed.
    """
    stock = _storage(storage)
    ings = sorted(
        ((tokens.ingredient_value(t), -TYPES.index(tokens.ingredient_type(t)), t)
         for t in stock.elements() if tokens.is_ingredient(t)),
        reverse=True,
    )
    spices = Counter({t: k for t, k in stock.items() if tokens.is_spice(t)})
    kept: list[str] = []
    unspiced: list[tuple[int, str]] = []   # kept ingredients with no spice yet: (value, type)
    i = 0
    while len(kept) < limit:
        # best spice move: a matching spice for the best unspiced kept ingredient of its type, else allspice
        spice_move = None
        for v, t in sorted(unspiced, reverse=True):
            if spices.get(f"{t}-spice", 0) > 0:
                spice_move = (v, f"{t}-spice", (v, t))
                break
        if spices.get(ALLSPICE, 0) > 0 and unspiced:
            v, t = max(unspiced)
            if spice_move is None or v > spice_move[0]:
                spice_move = (v, ALLSPICE, (v, t))
        ing_move = ings[i] if i < len(ings) else None
        if ing_move is None and spice_move is None:
            break
        if spice_move is None or (ing_move is not None and ing_move[0] >= spice_move[0]):
            v, _, tok = ing_move
            kept.append(tok)
            unspiced.append((v, tokens.ingredient_type(tok)))
            i += 1
        else:
            _, sp, partner = spice_move
            kept.append(sp)
            spices[sp] -= 1
            unspiced.remove(partner)
    return kept
