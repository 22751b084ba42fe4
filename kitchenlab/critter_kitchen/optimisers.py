"""Critter Kitchen's exact optimisers: the best challenge meal and plan from a storage, the best
critic meal, and the bots' fridge heuristic. They are checked against brute force in the tests;
the rules themselves (what a meal is worth, what may be served) live in :mod:`.scoring`.

>>> best_challenge_meal("fish7 fish-spice bread2 soup", ["bread", "cheese", "fish"]).meal
'fish7+spice bread2 soup'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from . import tokens
from .scoring import (
    _CourseInfo, _base_value, _comps, _critic, _requirements, _rumor, _spice_factor, _storage,
    _thresholds, _tracker, challenge_stars, rumor_stars,
)
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


def _assemble(chosen: Counter, effect: str = "none") -> tuple[int, list[str], list[str]]:
    """Best pairing of the spices among the chosen ingredients: (quality, notation items, tokens used).

    Matching spices go to the best ingredients of their type, then each allspice to the best
    ingredient still unspiced; spices left without a partner are not used. This greedy pairing is
    optimal: a spice adds its partner's (base) value, and a matching spice can only pair within
    its type.
    """
    factor = _spice_factor(effect)
    by_type: dict[str, list[int]] = {t: [] for t in TYPES}
    for tok, k in chosen.items():
        if tokens.is_ingredient(tok):
            by_type[tokens.ingredient_type(tok)].extend([tokens.ingredient_value(tok)] * k)
    quality = 0
    notes: list[str] = []
    used: list[str] = []
    unspiced: list[tuple[int, int, str, int]] = []   # (-base, course index, type, value)
    for ci, t in enumerate(TYPES):
        vals = sorted(by_type[t], reverse=True)
        k = min(chosen.get(f"{t}-spice", 0), len(vals))
        for j, v in enumerate(vals):
            b = _base_value(t, v, effect)
            if j < k:
                quality += b * factor
                notes.append(f"{t}{v}+spice")
                used += [f"{t}{v}", f"{t}-spice"]
            else:
                unspiced.append((-b, ci, t, v))
    unspiced.sort()
    n_all = chosen.get(ALLSPICE, 0)
    for j, (nb, _, t, v) in enumerate(unspiced):
        if j < n_all:
            quality += -nb * factor
            notes.append(f"{t}{v}+allspice")
            used += [f"{t}{v}", ALLSPICE]
        else:
            quality += -nb
            notes.append(f"{t}{v}")
            used.append(f"{t}{v}")
    for s, val in ((BISQUE, tokens.BISQUE_VALUE), (SOUP, tokens.SOUP_VALUE)):
        k = chosen.get(s, 0)
        quality += k * val
        notes += [s] * k
        used += [s] * k
    return quality, notes, used


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


def _challenge_meal(chosen: Counter, reqs: Sequence[str], th) -> ChallengeMeal | None:
    """The meal made of ``chosen`` (unpaired spices dropped), or None when it cannot be served."""
    ing_types = {tokens.ingredient_type(t) for t in chosen if tokens.is_ingredient(t) and chosen[t] > 0}
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


@dataclass(frozen=True)
class CriticMealChoice:
    """A critic meal chosen from a storage, with what it is worth to its maker."""

    courses: tuple[str, ...]            # notation per course, in course order ("" = empty)
    items: tuple[str, ...]              # storage tokens it uses
    course_qualities: tuple[int, ...]   # critic effect and Fanatic doubling applied
    total: int                          # final-score total
    stars: int                          # own stars: track + all-courses + rumors (not best-of-course)
    rumor_stars: int

    @property
    def meal(self) -> dict[str, str]:
        """The meal as ``{type: notation}`` (non-empty courses only), ready for the scoring helpers."""
        return {t: c for t, c in zip(TYPES, self.courses) if c}


@dataclass(frozen=True)
class _Option:
    values: tuple[int, ...]   # own ingredients, highest first
    n_typed: int
    n_all: int
    paired: tuple[int, ...]   # paired wine (Fruit Bat)
    quality: int              # with critic effect, before Fanatic


def _course_options(t: str, avail: Sequence[int], typed: int, all_left: int, effect: str,
                    multi_max: int, wines_left: Sequence[int], exact_one: bool) -> list[_Option]:
    factor = _spice_factor(effect, t)
    opts = [] if (exact_one and avail) else [_Option((), 0, 0, (), 0)]
    cnt = Counter(avail)
    groups = sorted(cnt.items(), reverse=True)
    subsets = []
    for sub in _submultisets(groups):
        size = sum(sub.values())
        if 1 <= size <= multi_max:
            subsets.append(tuple(sorted(sub.elements(), reverse=True)))
    pair_choices: list[tuple[int, ...]] = [()]
    if effect == "wine_pairing" and t != "wine":
        pair_choices += [(w,) for w in sorted(set(wines_left), reverse=True)]
    for vals in subsets:
        bases = [_base_value(t, v, effect) for v in vals]
        for k in range(0, min(len(vals), typed + all_left) + 1):
            n_typed = min(k, typed)
            n_all = k - n_typed
            q = sum(bases) + sum(bases[:k]) * (factor - 1)
            for pw in pair_choices:
                opts.append(_Option(vals, n_typed, n_all, pw, q + sum(pw)))
    return opts


def best_critic_meal(
    storage,
    critic=None,
    rumors: Iterable = (),
    *,
    soup_value: int = 0,
    exact_one: bool = False,
    min_quality: int | None = None,
    components=None,
) -> CriticMealChoice:
    """The critic meal worth the most stars to its maker, chosen exactly from a storage.

    Own stars = the final score's stars (course qualities with the critic's effect and the Fanatic
    doubling of the rumors given) + the all-seven-courses star + the stars of the given rumors;
    ties go to the higher total, then to fewer tokens. Best-of-course stars depend on the other
    players and are left out. Pass the rumors that score for this player (all 3 by default rules,
    the known ones in the ``known_only`` variant). A dynamic programme over the 7 courses keeps,
    per state (allspices used, rumor progress, ...), the best total, so the result is exact while the
    track's stars never go down as the total grows (else the total joins the state).
    With the Jerboa, rumor tokens in storage serve as extra allspice.
    """
    comps = _comps(components)
    crit = _critic(critic, comps)
    effect = "none" if crit is None else crit.effect
    stock = _storage(storage)
    rs = [_rumor(r, comps) for r in rumors]
    fans = {r.fanatic_type for r in rs if r.is_fanatic}
    trackers = [tr for tr in (_tracker(r, effect) for r in rs) if tr is not None]
    track, lap, lap_stars = comps.track_stars, comps.score_lap, comps.lap_stars
    monotone = all(a <= b for a, b in zip(track, track[1:])) and track[-1] <= lap_stars + track[0]
    s_all = comps.setting_int("all_courses_stars")

    avail = {t: [] for t in TYPES}
    for tok, k in stock.items():
        if tokens.is_ingredient(tok):
            avail[tokens.ingredient_type(tok)] += [tokens.ingredient_value(tok)] * k
    typed = {t: stock.get(f"{t}-spice", 0) for t in TYPES}
    rumor_toks = sorted(t for t in stock.elements() if tokens.is_rumor(t)) if effect == "rumor_as_allspice" else []
    n_all = stock.get(ALLSPICE, 0) + len(rumor_toks)

    # state key -> (total, -tokens, choices)
    init_key = (0, (), False, True, tuple(tr[0] for tr in trackers), 0, 0)
    states: dict = {init_key: (0, 0, ())}
    for ci, t in enumerate(TYPES):
        nxt: dict = {}
        for key, (total, neg_tok, choices) in states.items():
            all_used, wines_used, cow_used, all_filled, rstate, tkey, bkey = key
            pool = list(avail[t])
            wines_left = list(avail["wine"])
            for w in wines_used:
                wines_left.remove(w)
            if t == "wine":
                pool = wines_left
            if effect == "cheese_multi" and t == "cheese":
                multi_max = len(pool)
            elif effect == "one_course_four" and not cow_used:
                multi_max = 4
            else:
                multi_max = 1
            for opt in _course_options(t, pool, typed[t], n_all - all_used, effect, multi_max,
                                       wines_left, exact_one):
                info = _CourseInfo(t, opt.values, opt.paired, opt.n_typed + opt.n_all > 0)
                cq = opt.quality * (2 if t in fans else 1)
                new_total = total + cq
                new_r = tuple(tr[1](s, info) for tr, s in zip(trackers, rstate))
                new_key = (
                    all_used + opt.n_all,
                    tuple(sorted(wines_used + opt.paired)),
                    cow_used or len(opt.values) > 1,
                    all_filled and info.filled,
                    new_r,
                    0 if monotone else new_total,
                    min(bkey + opt.quality, min_quality) if min_quality is not None else 0,
                )
                ntok = neg_tok - (len(opt.values) + opt.n_typed + opt.n_all + len(opt.paired))
                val = (new_total, ntok, choices + (opt,))
                old = nxt.get(new_key)
                if old is None or val[:2] > old[:2]:
                    nxt[new_key] = val
        states = nxt

    best, best_rank = None, None
    for key, (total, neg_tok, choices) in states.items():
        _, _, _, all_filled, rstate, _, bkey = key
        rstars = sum(tr[2](s, soup_value) for tr, s in zip(trackers, rstate))
        laps, pos = divmod(total, lap)
        stars = laps * lap_stars + track[pos] + (s_all if all_filled else 0) + rstars
        if min_quality is not None and bkey < min_quality:
            stars = -1
        rank = (stars, total, neg_tok)
        if best_rank is None or rank > best_rank:
            best, best_rank = (choices, total, stars, rstars), rank
    choices, total, stars, rstars = best

    courses, items, cqs = [], [], []
    all_tokens = [ALLSPICE] * stock.get(ALLSPICE, 0) + rumor_toks
    used_all = 0
    for t, opt in zip(TYPES, choices):
        parts = []
        for j, v in enumerate(opt.values):
            if j < opt.n_typed:
                parts.append(f"{t}{v}+spice")
                items += [f"{t}{v}", f"{t}-spice"]
            elif j < opt.n_typed + opt.n_all:
                parts.append(f"{t}{v}+allspice")
                items += [f"{t}{v}", all_tokens[used_all]]
                used_all += 1
            else:
                parts.append(f"{t}{v}")
                items.append(f"{t}{v}")
        for w in opt.paired:
            parts.append(f"wine{w}")
            items.append(f"wine{w}")
        courses.append(" ".join(parts))
        cqs.append(opt.quality * (2 if t in fans else 1))
    return CriticMealChoice(tuple(courses), tuple(sorted(items)), tuple(cqs), total, max(stars, 0), rstars)


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
