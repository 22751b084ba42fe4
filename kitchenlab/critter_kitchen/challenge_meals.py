"""What a challenge meal made of chosen storage tokens is worth: its notation, quality and stars.

The records the optimisers return (:class:`ChallengeMeal`, :class:`ChallengePlan`) and the one
evaluation of a chosen multiset of tokens (:func:`_challenge_meal`), shared by the exact meal
optimiser (:mod:`.optimisers`) and the challenge-plan search (:mod:`.challenge_plans`).

>>> _challenge_meal({"fish7": 1, "fish-spice": 1, "bread2": 1, "soup": 1},
...                 ["bread", "cheese", "fish"], _thresholds(None)).meal
'fish7+spice bread2 soup'
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Iterable, Mapping, Sequence

from . import tokens
from .courses import _spice_factor, _thresholds  # noqa: F401  (_thresholds: the doctest)
from .tokens import ALLSPICE, BISQUE, SOUP, TYPES

__all__ = ["ChallengeMeal", "ChallengePlan"]


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
