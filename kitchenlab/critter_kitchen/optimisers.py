"""Critter Kitchen's exact optimisers: the best challenge meal and plan from a storage, the best
critic meal, and the bots' fridge heuristic. They are checked against brute force in the tests;
the rules themselves (what a meal is worth, what may be served) live in :mod:`.scoring`.

>>> best_challenge_meal("fish7 fish-spice bread2 soup", ["bread", "cheese", "fish"]).meal
'fish7+spice bread2 soup'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from operator import attrgetter
from typing import Iterable, Iterator, Mapping, Sequence

from . import tokens
from .scoring import _requirements, _spice_factor, _storage, _thresholds
from .tokens import ALLSPICE, BISQUE, SOUP, TYPES

__all__ = ["ChallengeMeal", "ChallengePlan", "CriticMealChoice", "best_challenge_meal", "best_challenge_plan",
           "best_critic_meal", "fridge_keep"]


# ------------------------------------------------------------------ optimisers: challenge meals


@dataclass(frozen=True)
class ChallengeMeal:
    """A challenge meal chosen from a storage: notation, the storage tokens it uses, quality, stars."""

    meal: str
    items: tuple[str, ...]
    quality: int
    stars: int
    requirements: tuple[str, ...]


@dataclass(frozen=True)
class ChallengePlan:
    """At most one meal per challenge, from disjoint storage items (``None``: not served)."""

    meals: tuple[ChallengeMeal | None, ...]
    stars: int
    quality: int
    leftover: tuple[str, ...]


def _assemble(chosen: Mapping[str, int]) -> tuple[int, list[str], list[str]]:
    """Best pairing of the spices among the chosen ingredients: (quality, notation items, tokens used).

    Matching spices go to the best ingredients of their type, then each allspice to the best
    ingredient still unspiced; spices left without a partner are not used. This greedy pairing is
    optimal: a spice adds its partner's value again, and a matching spice can only pair within its
    type. The notation lists the ingredients with their matching spice course by course, then the
    others highest first (course order among equal values), the first ones with the allspices,
    then bisques and soups.
    """
    table = tokens.TOKEN_TABLE
    by_type: dict[str, list] = {}                 # type -> its chosen ingredient tokens
    for tok, k in chosen.items():
        if k > 0:
            x = table.get(tok)
            if x is not None and x.kind is tokens.ING:
                got = by_type.get(x.type)
                if got is None:
                    by_type[x.type] = [x] * k
                else:
                    got += [x] * k
    quality = 0
    notes: list[str] = []
    used: list[str] = []
    unspiced: list[tuple[int, int, str]] = []    # (-value, course index, text)
    for ci, t in enumerate(TYPES):
        toks = by_type.get(t)
        if not toks:
            continue
        if len(toks) > 1:
            toks.sort(key=_VALUE_OF, reverse=True)
        spice = _TEXT[tokens.SPICE_OF[t]]
        k = chosen.get(spice, 0)
        for j, x in enumerate(toks):
            v = x.value
            text = _TEXT[x]
            if j < k:
                quality += v * _SPICED
                notes.append(text + "+spice")
                used += [text, spice]
            else:
                unspiced.append((-v, ci, text))
    unspiced.sort()
    n_all = chosen.get(ALLSPICE, 0)
    for j, (nv, _, text) in enumerate(unspiced):
        if j < n_all:
            quality -= nv * _SPICED
            notes.append(text + "+allspice")
            used += [text, ALLSPICE]
        else:
            quality -= nv
            notes.append(text)
            used.append(text)
    for s, val in ((BISQUE, tokens.BISQUE_VALUE), (SOUP, tokens.SOUP_VALUE)):
        k = chosen.get(s, 0)
        if k:
            quality += k * val
            notes += [s] * k
            used += [s] * k
    return quality, notes, used


#: each token's plain text (``str``), the same object every time, so its hash is worked out once
#: (what meal records and the plan search's keys hold), an ingredient's value read in C, and what
#: a spice multiplies its ingredient by (no critic effect)
_TEXT = {x: str(x) for x in tokens.TOKEN_TABLE.values()}
_VALUE_OF = attrgetter("value")
_SPICED = _spice_factor("none")


def _text(tok) -> str:
    """The plain text of a token (or of any string): the kept one for a known token."""
    got = _TEXT.get(tok)
    return str(tok) if got is None else got


_REL: dict = {}


def _rel_type(tok: str):
    """What a token is relevant to in a challenge meal: ``True`` (any meal: allspice, soup,
    bisque), an ingredient type (an ingredient, a matching spice), or ``None`` (nothing)."""
    r = _REL.get(tok, 0)
    if r == 0:
        t = tokens.TOKEN_TABLE.get(tok)
        if t is None or t.kind not in (tokens.ING, tokens.SPI, tokens.SOU, tokens.BIS):
            r = None
        elif t.kind is tokens.ING or (t.kind is tokens.SPI and t.type is not None):
            r = t.type
        else:
            r = True
        _REL[tok] = r
    return r


def _relevant(tok: str, reqs: Iterable[str]) -> bool:
    r = _REL.get(tok, 0)
    if r == 0:
        r = _rel_type(tok)
    return r is True or (r is not None and r in reqs)


def _stars(quality: int, th) -> int:
    """:func:`challenge_stars` for thresholds already sorted (the optimisers' inner loops)."""
    stars = 0
    for min_q, s in th:
        if quality >= min_q:
            stars = s
    return stars


def _challenge_meal(chosen: Mapping[str, int], reqs: Sequence[str], th) -> ChallengeMeal | None:
    """The meal made of ``chosen`` (unpaired spices dropped), or None when it cannot be served."""
    table = tokens.TOKEN_TABLE
    ing_types = set()
    for t, k in chosen.items():
        x = table.get(t)
        if x is not None and x.kind is tokens.ING and k > 0:
            ing_types.add(x.type)
    met = [t for t in reqs if t in ing_types]
    if not met:
        return None
    soups = chosen.get(SOUP, 0) + chosen.get(BISQUE, 0)
    if soups < len(reqs) - len(met):
        return None
    q, notes, used = _assemble(chosen)
    stars = _stars(q, th)
    if stars <= 0:
        return None
    return ChallengeMeal(" ".join(notes), tuple(sorted(used)), q, stars, tuple(reqs))


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


# ------------------------------------------------------------------ optimiser: critic meal
# (in :mod:`.critic_optimiser`, re-exported here)
from .critic_optimiser import CriticMealChoice, best_critic_meal  # noqa: E402,F401


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


# the exact challenge-plan search lives in its own module; it builds on the meals above
from .challenge_plans import best_challenge_plan  # noqa: E402
