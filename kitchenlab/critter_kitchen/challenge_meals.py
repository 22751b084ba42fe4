"""What a challenge meal made of chosen storage tokens is worth: its notation, quality and stars.

The records the optimisers return (:class:`ChallengeMeal`, :class:`ChallengePlan`); the one
encoding of what a token is in a meal (:func:`.tokens.meal_facts`); the one evaluation of a
challenge meal, :func:`held_meal_value`, which the challenge phase's rules (:mod:`.phases.meals`)
and the meal records (:func:`_challenge_meal`, for the exact meal optimiser of :mod:`.optimisers`
and the plans' meals) read through :func:`meal_value` of tokens read by :func:`tally`, and the
plan search through its meal reader for token counts (:class:`_Meals`). All are checked against
:func:`.reference.meal_value`.

>>> _challenge_meal({"fish7": 1, "fish-spice": 1, "bread2": 1, "soup": 1},
...                 ["bread", "cheese", "fish"], _thresholds(None)).meal
'fish7+spice bread2 soup'
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Iterable, Mapping, Sequence

from . import tokens
from .courses import _thresholds  # noqa: F401  (the doctest)
from .tokens import (  # noqa: F401  (the meal encoding is part of this module's interface)
    ALLSPICE, ALLSPICE_KIND, BISQUE, FILLER, INGREDIENT, OTHER, SOUP, SPICE, TOKEN_FACTS, TYPES, meal_facts,
)

MEAL_FACTS = TOKEN_FACTS.meal

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


def _assemble(chosen: Mapping[str, int]) -> tuple[list[str], list[str]]:
    """The notation of the meal :func:`meal_value` values, made of the chosen tokens: (notation
    items, tokens used). It places the spices as that meal does (matching spices on the best
    ingredients of their type, then each allspice on the best ingredient still unspiced; spices
    left without a partner are not used) and lists the ingredients with their matching spice
    course by course, then the others highest first (course order among equal values), the first
    ones with the allspices, then bisques and soups.
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
            text = _TEXT[x]
            if j < k:
                notes.append(text + "+spice")
                used += [text, spice]
            else:
                unspiced.append((-x.value, ci, text))
    unspiced.sort()
    n_all = chosen.get(ALLSPICE, 0)
    for j, (_, _, text) in enumerate(unspiced):
        if j < n_all:
            notes.append(text + "+allspice")
            used += [text, ALLSPICE]
        else:
            notes.append(text)
            used.append(text)
    for s in (BISQUE, SOUP):
        k = chosen.get(s, 0)
        if k:
            notes += [s] * k
            used += [s] * k
    return notes, used


#: each token's plain text (``str``), the same object every time, so its hash is worked out once
#: (what meal records and the plan search's keys hold), and an ingredient's value read in C
_TEXT = {x: str(x) for x in tokens.TOKEN_TABLE.values()}
_VALUE_OF = attrgetter("value")


def _text(tok) -> str:
    """The plain text of a token (or of any string): the kept one for a known token."""
    got = _TEXT.get(tok)
    return str(tok) if got is None else got


#: per token (or text): what it is relevant to in a challenge meal (filled by ``_rel_type``)
_REL = TOKEN_FACTS.relevance


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


#: per challenge's requirements (any order, repeats allowed): the types required, each once, in
#: course order
_REQUIRED = TOKEN_FACTS.required_types


def required_types(reqs: tuple) -> tuple:
    """The types ``reqs`` requires, each once, in course order (what a meal is judged against)."""
    got = _REQUIRED.get(reqs)
    if got is None:
        got = _REQUIRED[reqs] = tuple(t for t in TYPES if t in reqs)
    return got


def tally(store: Iterable) -> tuple:
    """Tokens (repeats allowed) read for :func:`meal_value`: the ingredient values by type
    (highest first), the matching spices by type, the allspices, the soups and bisques and their
    quality. Tokens that have no part in a meal (rumor, wild, zous-chef) are left out.

    >>> tally(["fish7", "fish-spice", "fish2", "fish6", "bisque", "wild"])
    ({'fish': [7, 6, 2]}, {'fish': 1}, 0, 1, 3)
    """
    facts = MEAL_FACTS
    vals: dict[str, list[int]] = {}
    typed: dict[str, int] = {}
    n_all = soups = q = 0
    for t in store:
        got = facts.get(t)
        kind, ty, v = got if got is not None else meal_facts(t)
        if kind == INGREDIENT:
            have = vals.get(ty)
            if have is None:
                vals[ty] = [v]
            else:
                have.append(v)
        elif kind == SPICE:
            typed[ty] = typed.get(ty, 0) + 1
        elif kind == ALLSPICE_KIND:
            n_all += 1
        elif kind == FILLER:
            soups += 1
            q += v
    for vs in vals.values():
        if len(vs) > 1:
            vs.sort(reverse=True)
    return vals, typed, n_all, soups, q


def tally_counts(chosen: Mapping[str, int]) -> tuple:
    """:func:`tally` of a multiset given as ``{token: count}``."""
    facts = MEAL_FACTS
    vals: dict[str, list[int]] = {}
    typed: dict[str, int] = {}
    n_all = soups = q = 0
    for t, k in chosen.items():
        if k <= 0:
            continue
        got = facts.get(t)
        kind, ty, v = got if got is not None else meal_facts(t)
        if kind == INGREDIENT:
            have = vals.get(ty)
            if have is None:
                vals[ty] = [v] * k
            else:
                have += [v] * k
        elif kind == SPICE:
            typed[ty] = typed.get(ty, 0) + k
        elif kind == ALLSPICE_KIND:
            n_all += k
        elif kind == FILLER:
            soups += k
            q += v * k
    for vs in vals.values():
        if len(vs) > 1:
            vs.sort(reverse=True)
    return vals, typed, n_all, soups, q


def meal_value(tallied: tuple, required: tuple) -> int | None:
    """The quality of the best challenge meal for the ``required`` types (each once, from
    :func:`required_types`) made of tallied tokens (:func:`tally`), or ``None`` when no meal of
    them meets the requirement rule (at least one required type held, a soup or bisque for each
    one missing). Star thresholds are not applied: :func:`held_meal_value` of the required types
    the tally holds.

    >>> meal_value(tally(["fish7", "fish-spice", "bread2", "soup", "allspice"]), ("bread", "cheese", "fish"))
    19
    """
    vals, typed, n_all, soups, q = tallied
    return held_meal_value([(vals[t], typed.get(t, 0)) for t in required if t in vals], len(required),
                           n_all, soups, q)


def held_meal_value(held: list, n_required: int, n_all: int, soups: int, q: int) -> int | None:
    """The one evaluation of a challenge meal: its quality from the required types held (``held``:
    per type, its ingredient values, highest first, and how many of its matching spices there
    are), how many types are required, the allspices, the soups and bisques and their quality;
    ``None`` when the requirement rule is not met (at least one required type held, a soup or
    bisque for each one missing).

    The rules' check that a meal may be served and the meal optimiser's records read it through
    :func:`meal_value`, the plan search through :meth:`_Meals.meal`, which gives it the same
    input from token counts; its plain definition, which tries every way to write the meal, is
    :func:`.reference.meal_value`. The best meal uses every ingredient of a required type, every
    soup and bisque, each matching spice on the best ingredients of its type and each allspice on
    the best ingredient left unspiced: a spice adds its partner's value again, and a matching
    spice can only pair within its type, so no other placement does better.

    >>> held_meal_value([([7], 1), ([2], 0)], 3, 1, 1, 1)
    19
    >>> held_meal_value([([7], 1)], 3, 0, 1, 1) is None
    True
    """
    if not held or soups < n_required - len(held):
        return None
    if n_all:
        loose: list[int] = []
        for vs, n in held:
            q += sum(vs)
            if n:
                q += sum(vs[:n])
                loose += vs[n:]
            else:
                loose += vs
        if loose:
            if len(loose) > 1:
                loose.sort(reverse=True)
            q += sum(loose[:n_all])
    else:
        for vs, n in held:
            q += sum(vs)
            if n:
                q += sum(vs[:n])
    return q


def _challenge_meal(chosen: Mapping[str, int], reqs: Sequence[str], th) -> ChallengeMeal | None:
    """The meal made of ``chosen`` (unpaired spices dropped), or None when it cannot be served:
    its quality is :func:`meal_value`'s, its notation :func:`_assemble`'s."""
    q = meal_value(tally_counts(chosen), required_types(tuple(reqs)))
    if q is None:
        return None
    stars = _stars(q, th)
    if stars <= 0:
        return None
    notes, used = _assemble(chosen)
    return ChallengeMeal(" ".join(notes), tuple(sorted(used)), q, stars, tuple(reqs))


def star_tables(th) -> tuple[list[int], list[int] | None]:
    """For sorted thresholds ``th``: the stars of every quality up to the top threshold (and one
    past it), and, when the stars never fall as quality rises, for each quality the least quality
    with as many stars (0 for no star; None otherwise).

    >>> star_tables(((0, 0), (6, 1), (12, 2)))
    ([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2], [0, 0, 0, 0, 0, 0, 6, 6, 6, 6, 6, 6, 12, 12])
    """
    top = max((q for q, _ in th), default=0)
    table = [_stars(q, th) for q in range(max(top, 0) + 2)]
    floors = None
    if all(a <= b for a, b in zip(table, table[1:])):
        floors = []
        for q, st in enumerate(table):
            floors.append(0 if st == 0 else (q if q == 0 or table[q - 1] != st else floors[-1]))
    return table, floors


def _held(groups: list, counts: list) -> list:
    """What :func:`held_meal_value` reads of the types ``groups`` names (per type, its ingredients
    as (place, value), highest first, and the place of its matching spice or None) from token
    counts: per type held, its ingredient values (highest first) and its matching spices."""
    held = []
    for ings, spice in groups:
        vs = []
        for x, v in ings:
            c = counts[x]
            if c:
                if c == 1:
                    vs.append(v)
                else:
                    vs += [v] * c
        if vs:
            held.append((vs, counts[spice] if spice is not None else 0))
    return held


class _Meals:
    """One question's meal reader: the storage's distinct tokens numbered (in text order), so a
    multiset is a list of counts, and per challenge where its tokens are (its ingredients by
    type, highest first). :meth:`meal` reads the best meal of a challenge from such a list, the
    plan search's inner loop, through :func:`held_meal_value` (the one evaluation); the meal
    record itself is :func:`_challenge_meal`'s.

    It hands the evaluation what :func:`meal_value` hands it from a tally, read from the counts
    without a tally in between: the 30 seeded greedy games of 2 to 4 players (seeds 0-9) take
    1,373 M instructions (1,341 M with the evaluation written out here a second time, 1,430 M
    when it went through a tally; 1,268 M before the evaluation was made one). Both are tested
    against :func:`.reference.meal_value`.

    >>> table, _ = star_tables(tuple(_thresholds(None)))
    >>> r = _Meals(["bread2", "fish-spice", "fish7", "soup"], [("bread", "cheese", "fish")], table)
    >>> r.meal([1, 1, 1, 1], 0, True)
    (2, 17, {'bread2': 1, 'fish7': 1, 'fish-spice': 1, 'soup': 1})
    """

    def __init__(self, toks: list, reqs_list: list, table: list[int]) -> None:
        ings: dict = {}                    # type -> [(place, value)], highest first
        spices: dict = {}                  # type -> the place of its matching spice
        allspice = None
        fillers = []                       # soups and bisques: (place, value)
        for x, t in enumerate(toks):
            got = MEAL_FACTS.get(t)
            if got is None:
                got = meal_facts(t)
            kind, tt, v = got
            if kind == INGREDIENT:
                ings.setdefault(tt, []).append((x, v))
            elif kind == SPICE:
                spices[tt] = x
            elif kind == ALLSPICE_KIND:
                allspice = x
            elif kind == FILLER:
                fillers.append((x, v))
        for group in ings.values():
            group.sort(key=lambda xv: -xv[1])
        self.table = table                 # the stars of each quality (``star_tables``)
        # per challenge: each required type held (once), the allspice's place, the fillers, and
        # how many types it requires
        self.readers = []
        for reqs in reqs_list:
            required = list(dict.fromkeys(reqs))
            self.readers.append(([(ings[t], spices.get(t)) for t in required if t in ings],
                                 allspice, fillers, len(required)))
        self.toks = list(map(_text, toks))     # plain strings: what the search keeps holds no token objects
        self.ings, self.spices, self.allspice, self.fillers = ings, spices, allspice, fillers
        self.pots: dict = {}

    def pot(self, counts: list, types: frozenset) -> int:
        """The quality of every token that meals needing ``types`` can use, every spice on its
        best partner (matching spices first, then each allspice on the best ingredient left): no
        split of them does better."""
        groups = self.pots.get(types)
        if groups is None:
            groups = self.pots[types] = [(self.ings[t], self.spices.get(t)) for t in types if t in self.ings]
        quality = 0
        for x, v in self.fillers:
            quality += v * counts[x]
        # no requirement: every ingredient of those types held, or none (only the fillers count)
        allspice = self.allspice
        got = held_meal_value(_held(groups, counts), 0, counts[allspice] if allspice is not None else 0, 0, quality)
        return quality if got is None else got

    def meal(self, counts: list, j: int, with_used: bool):
        """The best meal of challenge ``j`` from ``counts`` (the one using every token it can, every
        spice on its best partner, as :func:`_challenge_meal` builds it): (stars,
        quality, tokens used), or (stars, quality) without ``with_used``; None when it cannot be
        served or earns no star."""
        groups, allspice, fillers, n_required = self.readers[j]
        soups = q = 0
        for x, v in fillers:
            c = counts[x]
            if c:
                soups += c
                q += v * c
        quality = held_meal_value(_held(groups, counts), n_required,
                                  counts[allspice] if allspice is not None else 0, soups, q)
        if quality is None:
            return None
        table = self.table
        stars = table[quality] if quality < len(table) else table[-1]
        if stars <= 0:
            return None
        return (stars, quality, self.used(counts, j)) if with_used else (stars, quality)

    def used(self, counts: list, j: int) -> dict:
        """The tokens the best meal of challenge ``j`` from ``counts`` uses (the meal :meth:`meal`
        values), by text: every ingredient of a required type, every soup and bisque, the matching
        spices that have a partner and the allspices that have one left."""
        groups, allspice, fillers, _ = self.readers[j]
        toks = self.toks
        used = {}
        loose = 0                          # the ingredients left without a matching spice
        for ings, spice in groups:
            total = 0
            for x, _ in ings:
                c = counts[x]
                if c:
                    used[toks[x]] = c
                    total += c
            if total:
                n = counts[spice] if spice is not None else 0
                if n:
                    used[toks[spice]] = n if n < total else total
                if total > n:
                    loose += total - n
        for x, _ in fillers:
            c = counts[x]
            if c:
                used[toks[x]] = c
        if allspice is not None and loose:
            n_all = counts[allspice]
            if n_all:
                used[toks[allspice]] = n_all if n_all < loose else loose
        return used
