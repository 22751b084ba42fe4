"""Critter Kitchen's exact critic-meal optimiser: the critic meal worth the most stars to its maker,
chosen from a storage by a dynamic programme over the seven courses (re-exported by
:mod:`.optimisers`; checked against brute force and a plain version in the tests).

>>> best_critic_meal("fish7 fish-spice bread2", "mouse").meal
{'bread': 'bread2', 'fish': 'fish7+spice'}
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product
from typing import Iterable, NamedTuple, Sequence

from . import tokens
from .courses import _base_value, _comps, _critic, _rumor, _spice_factor, _storage
from .memo import MEMO
from .rumors import _CourseInfo, _tracker
from .tokens import ALLSPICE, TYPES

__all__ = ["CriticMealChoice", "best_critic_meal"]


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


class _Option(NamedTuple):
    values: tuple[int, ...]   # own ingredients, highest first
    n_typed: int
    n_all: int
    paired: tuple[int, ...]   # paired wine (Fruit Bat)
    quality: int              # with critic effect, before Fanatic


_NO_COURSE = _Option((), 0, 0, (), 0)
_new_tuple = tuple.__new__


def _value_subsets(avail: Sequence[int], multi_max: int) -> list[tuple[int, ...]]:
    """Every sub-multiset of the values ``avail`` holding 1 to ``multi_max`` values, each highest
    first. Order: by the count of each distinct value, the highest value's count changing fastest
    (with ``multi_max`` 1: the distinct values, highest first)."""
    distinct = sorted(set(avail), reverse=True)
    if multi_max == 1:
        return [(v,) for v in distinct]
    out = []
    for counts in product(*[range(avail.count(v) + 1) for v in reversed(distinct)]):
        size = sum(counts)
        if 1 <= size <= multi_max:
            vals: tuple[int, ...] = ()
            for v, j in zip(distinct, reversed(counts)):
                vals += (v,) * j
            out.append(vals)
    return out


def _course_options(t: str, avail: Sequence[int], typed: int, all_left: int, effect: str,
                    multi_max: int, wines_left: Sequence[int], exact_one: bool) -> list[_Option]:
    """Every way to fill the course of type ``t``: which values, how many matching spices and
    allspices (on the highest values), which paired wine; the empty course first unless
    ``exact_one`` forbids it."""
    factor = _spice_factor(effect, t) - 1
    opts = [] if (exact_one and avail) else [_NO_COURSE]
    pair_choices: list[tuple[int, ...]] = [()]
    if effect == "wine_pairing" and t != "wine":
        pair_choices += [(w,) for w in sorted(set(wines_left), reverse=True)]
    spices = typed + all_left
    base_of = {v: _base_value(t, v, effect) for v in set(avail)}
    for vals in _value_subsets(avail, multi_max):
        bases = [base_of[v] for v in vals]
        q = sum(bases)
        for k in range(min(len(vals), spices) + 1):
            if k:
                q += bases[k - 1] * factor
            n_typed = k if k < typed else typed
            for pw in pair_choices:
                # (_Option(...) without its keyword-reading constructor)
                opts.append(_new_tuple(_Option, (vals, n_typed, k - n_typed, pw, q + pw[0] if pw else q)))
    return opts


# What the optimiser keeps between calls: tables of the package's memo (:mod:`.memo`), kept in
# bounds as a call starts. It only saves time: an empty memo gives the same meals.
#: per components set, :func:`_track_facts`; per argument set, :func:`_prologue`; per (critic
#: effect, course type), :func:`_row_effect`
_TRACK = MEMO.table("critic track facts")
_PROLOGUES = MEMO.table("critic prologues")
_ROW_EFFECTS = MEMO.table("critic row effects")
#: the rows of :func:`_course_rows` and :func:`_value_rows`, and the course infos they share
_ROWS = MEMO.table("critic course rows")
_VALUE_ROWS = MEMO.table("critic value rows")
_INFOS = MEMO.table("critic course infos")


def _track_facts(comps) -> tuple:
    """(components, track stars, lap, lap stars, whether the stars never go down, all-courses stars)
    of a components set, read once per set."""
    kept = _TRACK
    got = kept.get(id(comps))
    if got is None or got[0] is not comps:
        track, lap, lap_stars = comps.track_stars, comps.score_lap, comps.lap_stars
        monotone = all(a <= b for a, b in zip(track, track[1:])) and track[-1] <= lap_stars + track[0]
        got = kept[id(comps)] = (comps, track, lap, lap_stars, monotone, comps.setting_int("all_courses_stars"))
    return got


def _row_effect(effect: str, t: str) -> str:
    """The critic's effect as the options of course ``t`` read it: the effect itself where it
    changes an ingredient's value or a spice's factor in that course (``_base_value``,
    ``_spice_factor``: the Kangaroo's 6s, the Rabbit's carrots, the Tree Shrew's spices) or pairs a
    wine with it (the Fruit Bat, as ``_course_options`` reads it), else ``"none"``: the same rows."""
    kept = _ROW_EFFECTS
    got = kept.get((effect, t))
    if got is None:
        reads = (effect == "wine_pairing" and t != "wine"
                 or _spice_factor(effect, t) != _spice_factor("none", t)
                 or any(_base_value(t, v, effect) != _base_value(t, v, "none") for v in set(tokens.VALUES)))
        got = kept[(effect, t)] = effect if reads else "none"
    return got


def _course_rows(t: str, pool: list[int], typed: int, all_left: int, effect: str, multi_max: int,
                 wines_left: list[int], exact_one: bool, infos: bool = True) -> list[tuple]:
    """:func:`_course_options` with what the optimiser reads of each: (option, allspices, paired
    wine, several ingredients?, filled?, the rumors' course info (made once ``infos`` asks for it,
    as only the rumor trackers read it; else maybe None), tokens used, quality).

    Written down to what the options depend on: at most ``multi_max`` values go in (no more than
    the pool holds), so spices beyond that change nothing; the empty course is left out only for a
    pool that is not empty; outside the wine course only the Fruit Bat reads the wines left. A
    one-value course sees only the pool's distinct values: its rows are those of each value alone
    (kept), highest first; a course of several values has its rows kept per argument set."""
    n = len(pool)
    mm = multi_max if multi_max < n else n
    if typed > mm:
        typed = mm
    spices = typed + all_left
    if spices > mm:
        spices = mm
    wines = tuple(sorted(set(wines_left))) if effect == "wine_pairing" and t != "wine" else ()
    if mm == 1:
        rows = [] if exact_one else [_NO_ROWS[t]]
        for v in sorted(set(pool), reverse=True):
            rows += _value_rows(t, v, typed, spices, effect, wines, infos)
        return rows
    key = (t, tuple(sorted(pool)), typed, spices, _row_effect(effect, t), mm, wines,
           exact_one and n > 0)
    kept = _ROWS
    rows = kept.get(key)
    if rows is None:
        rows = kept[key] = [_row(opt) for opt in _course_options(t, pool, typed, spices - typed, effect, mm,
                                                                 wines_left, exact_one)]
    if infos and rows[-1][5] is None:
        rows = kept[key] = _with_infos(t, rows)
    return rows


def _row(opt: _Option) -> tuple:
    """One row of :func:`_course_rows`, its course info not made yet."""
    return (opt, opt.n_all, opt.paired, len(opt.values) > 1, bool(opt.values), None,
            len(opt.values) + opt.n_typed + opt.n_all + len(opt.paired), opt.quality)


def _with_infos(t: str, rows: list[tuple]) -> list[tuple]:
    """``rows`` with their course infos (one record kept per (type, values, paired, spiced))."""
    out = []
    kept = _INFOS
    for opt, o_all, paired, multi, filled, _, o_tok, q in rows:
        key = (t, opt.values, opt.paired, opt.n_typed + opt.n_all > 0)
        info = kept.get(key)
        if info is None:
            info = kept[key] = _CourseInfo(*key)
        out.append((opt, o_all, paired, multi, filled, info, o_tok, q))
    return out


#: per course type, the empty course's row (with its course info)
_NO_ROWS = {t: _with_infos(t, [_row(_NO_COURSE)])[0] for t in TYPES}


def _value_rows(t: str, v: int, typed: int, spices: int, effect: str, wines: tuple, infos: bool) -> list[tuple]:
    """The rows of the value ``v`` alone in a one-value course, kept (``typed``, ``spices`` at most 1,
    ``wines`` the distinct wines to pair, lowest first): :func:`_course_options` of the pool ``[v]``
    after its empty course, written out — plain, then with a spice (its own, else an allspice),
    each alone, then with each wine, highest first."""
    key = (t, v, typed, spices, _row_effect(effect, t), wines)
    kept = _VALUE_ROWS
    rows = kept.get(key)
    if rows is None:
        b = _base_value(t, v, effect)
        spicings = [(0, 0, b)]
        if spices:
            spicings.append((typed, 1 - typed, b * _spice_factor(effect, t)))
        pairs = [()] + [(w,) for w in reversed(wines)]
        rows = kept[key] = [_row(_new_tuple(_Option, ((v,), n_typed, n_all, pw, q + pw[0] if pw else q)))
                            for n_typed, n_all, q in spicings for pw in pairs]
    if infos and rows[0][5] is None:
        rows = kept[key] = _with_infos(t, rows)
    return rows


def _prologue(critic, rumors, comps) -> tuple:
    """(components, critic's effect, Fanatic types, rumor trackers, track, lap, lap stars, whether
    the track's stars never go down, all-courses stars), kept per argument set (the trackers are
    pure functions of their rumor and effect)."""
    try:
        key = (critic, rumors, id(comps))
        got = _PROLOGUES.get(key)
    except TypeError:               # an argument that cannot be a key: worked out every time
        key, got = None, None
    if got is None or got[0] is not comps:
        crit = _critic(critic, comps)
        effect = "none" if crit is None else crit.effect
        rs = [_rumor(r, comps) for r in rumors]
        fans = frozenset(r.fanatic_type for r in rs if r.is_fanatic)
        trackers = tuple(tr for tr in (_tracker(r, effect) for r in rs) if tr is not None)
        got = (comps, effect, fans, trackers) + _track_facts(comps)[1:]
        if key is not None:
            _PROLOGUES[key] = got
    return got


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
    MEMO.keep_in_bounds()
    _, effect, fans, trackers, track, lap, lap_stars, monotone, s_all = _prologue(
        critic, rumors if type(rumors) is tuple else tuple(rumors), comps)
    stock = Counter(storage) if type(storage) is list else _storage(storage)
    steps = [tr[1] for tr in trackers]
    step0 = steps[0] if len(steps) == 1 else None

    avail: dict[str, list[int]] = {t: [] for t in TYPES}
    table = tokens.TOKEN_TABLE
    for tok, k in stock.items():
        x = table.get(tok)
        if x is not None and x.kind is tokens.ING:
            avail[x.type] += [x.value] * k
    rumor_toks = sorted(t for t in stock.elements() if tokens.is_rumor(t)) if effect == "rumor_as_allspice" else []
    n_all = stock.get(ALLSPICE, 0) + len(rumor_toks)

    # state key -> (total, -tokens, choices); the options of a course depend on the state only
    # through (allspices used, wines paired, the Cow's course used), so they are made once per course
    init_key = (0, (), False, True, tuple(tr[0] for tr in trackers), 0, 0)
    states: dict = {init_key: (0, 0, ())}
    spice_of = tokens.SPICE_OF
    # with no allspice, the Cow's effect or the Fruit Bat's, a course's options are the same in every state
    fixed = n_all == 0 and effect != "one_course_four" and effect != "wine_pairing"
    infos = bool(steps)           # (only the rumor trackers read a course's info)
    for t in TYPES:
        nxt: dict = {}
        get = nxt.get
        if not avail[t]:
            # nothing to serve: the empty course, the one option, from every state
            info = _NO_ROWS[t][5]
            for key, (total, neg_tok, choices) in states.items():
                all_used, wines_used, cow_used, all_filled, rstate, tkey, bkey = key
                new_key = (all_used, wines_used, cow_used, False,
                           rstate if not steps else (step0(rstate[0], info),) if step0 is not None
                           else tuple([step(s, info) for step, s in zip(steps, rstate)]),
                           tkey, min(bkey, min_quality) if min_quality is not None else 0)
                old = get(new_key)
                if old is None or total > old[0] or (total == old[0] and neg_tok > old[1]):
                    nxt[new_key] = (total, neg_tok, choices + (_NO_COURSE,))
            states = nxt
            continue
        fan = 2 if t in fans else 1
        typed = stock.get(spice_of[t], 0)
        rows_of: dict = {}
        rows = _course_rows(t, avail[t], typed, 0, effect, _multi_max(effect, t, avail[t], False), avail["wine"],
                            exact_one, infos) if fixed else None
        for key, (total, neg_tok, choices) in states.items():
            all_used, wines_used, cow_used, all_filled, rstate, tkey, bkey = key
            if not fixed:
                rows = rows_of.get((all_used, wines_used, cow_used))
                if rows is None:
                    wines_left = avail["wine"]
                    if wines_used:
                        wines_left = list(wines_left)
                        for w in wines_used:
                            wines_left.remove(w)
                    pool = wines_left if t == "wine" else avail[t]
                    rows = rows_of[(all_used, wines_used, cow_used)] = _course_rows(
                        t, pool, typed, n_all - all_used, effect, _multi_max(effect, t, pool, cow_used),
                        wines_left, exact_one, infos)
            for opt, o_all, paired, multi, filled, info, o_tok, q in rows:
                new_total = total + q * fan
                new_key = (
                    all_used + o_all,
                    tuple(sorted(wines_used + paired)) if paired else wines_used,
                    cow_used or multi,
                    all_filled and filled,
                    rstate if not steps else (step0(rstate[0], info),) if step0 is not None
                    else tuple([step(s, info) for step, s in zip(steps, rstate)]),
                    0 if monotone else new_total,
                    min(bkey + q, min_quality) if min_quality is not None else 0,
                )
                ntok = neg_tok - o_tok
                old = get(new_key)
                if old is None or new_total > old[0] or (new_total == old[0] and ntok > old[1]):
                    nxt[new_key] = (new_total, ntok, choices + (opt,))
        states = nxt
    choices, total, stars, rstars = _best_final(states, trackers, soup_value, track, lap, lap_stars, s_all,
                                                min_quality)
    return _critic_meal_record(choices, total, stars, rstars, stock, rumor_toks, fans)


def _best_final(states: dict, trackers, soup_value: int, track, lap: int, lap_stars: int, s_all: int,
                min_quality: int | None) -> tuple:
    """The programme's best end state (most stars, then total, then fewest tokens): its
    options per course, total, stars and rumor stars."""
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
    return choices, total, stars, rstars


def _multi_max(effect: str, t: str, pool: Sequence[int], cow_used: bool) -> int:
    """How many ingredients course ``t`` may hold: all of them for the cheese with the Mouse's
    multi-cheese effect, four in one course while the Cow's effect is unused, else one."""
    if effect == "cheese_multi" and t == "cheese":
        return len(pool)
    if effect == "one_course_four" and not cow_used:
        return 4
    return 1


def _critic_meal_record(choices, total: int, stars: int, rstars: int, stock: Counter, rumor_toks: list,
                        fans) -> CriticMealChoice:
    """The critic meal of the options chosen per course, written out: notation, tokens, qualities."""
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
