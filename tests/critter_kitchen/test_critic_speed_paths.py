"""The critic-meal code's table-driven paths give exactly what the plain versions give.

``ref_best_critic_meal`` below is the critic-meal optimiser written plainly: every course's options
rebuilt for every state, sub-multisets as counters. The kit's optimiser must choose the same meal
(ties included) on every storage, critic and rumor set tried here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

import pytest

from kitchenlab.critter_kitchen import critic_optimiser, optimisers, tokens
from kitchenlab.critter_kitchen.components import load_components
from kitchenlab.critter_kitchen.scoring import (
    _base_value, _comps, _CourseInfo, _critic, _rumor, _spice_factor, _storage, _tracker,
)
from kitchenlab.critter_kitchen.tokens import ALLSPICE, TYPES
from kitchenlab.engine import Rng

C = load_components()


# ------------------------------------------------------------------ the plain optimiser
_submultisets = optimisers._submultisets      # the plain sub-multisets the old optimiser used


@dataclass(frozen=True)
class _RefOption:
    values: tuple[int, ...]
    n_typed: int
    n_all: int
    paired: tuple[int, ...]
    quality: int


def ref_course_options(t, avail, typed, all_left, effect, multi_max, wines_left, exact_one):
    factor = _spice_factor(effect, t)
    opts = [] if (exact_one and avail) else [_RefOption((), 0, 0, (), 0)]
    subsets = []
    for sub in _submultisets(sorted(Counter(avail).items(), reverse=True)):
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
            q = sum(bases) + sum(bases[:k]) * (factor - 1)
            for pw in pair_choices:
                opts.append(_RefOption(vals, n_typed, k - n_typed, pw, q + sum(pw)))
    return opts


def ref_best_critic_meal(storage, critic=None, rumors: Iterable = (), *, soup_value=0, exact_one=False,
                         min_quality=None, components=None):
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
    states: dict = {(0, (), False, True, tuple(tr[0] for tr in trackers), 0, 0): (0, 0, ())}
    for t in TYPES:
        nxt: dict = {}
        for key, (total, neg_tok, choices) in states.items():
            all_used, wines_used, cow_used, all_filled, rstate, tkey, bkey = key
            wines_left = list(avail["wine"])
            for w in wines_used:
                wines_left.remove(w)
            pool = wines_left if t == "wine" else list(avail[t])
            multi_max = critic_optimiser._multi_max(effect, t, pool, cow_used)
            for opt in ref_course_options(t, pool, typed[t], n_all - all_used, effect, multi_max, wines_left,
                                          exact_one):
                info = _CourseInfo(t, opt.values, opt.paired, opt.n_typed + opt.n_all > 0)
                new_total = total + opt.quality * (2 if t in fans else 1)
                new_key = (
                    all_used + opt.n_all, tuple(sorted(wines_used + opt.paired)), cow_used or len(opt.values) > 1,
                    all_filled and info.filled, tuple(tr[1](s, info) for tr, s in zip(trackers, rstate)),
                    0 if monotone else new_total,
                    min(bkey + opt.quality, min_quality) if min_quality is not None else 0,
                )
                ntok = neg_tok - (len(opt.values) + opt.n_typed + opt.n_all + len(opt.paired))
                old = nxt.get(new_key)
                if old is None or (new_total, ntok) > old[:2]:
                    nxt[new_key] = (new_total, ntok, choices + (opt,))
        states = nxt
    choices, total, stars, rstars = critic_optimiser._best_final(states, trackers, soup_value, track, lap, lap_stars,
                                                           s_all, min_quality)
    # the end state picked and the meal written out as the optimiser does (only the programme
    # above is the old one's)
    return critic_optimiser._critic_meal_record(choices, total, stars, rstars, stock, rumor_toks, fans)


# ------------------------------------------------------------------ cases
CRITICS = [None] + [c.id for c in C.critics]
RUMORS = [r.id for r in C.rumors]
POOL = [t for t in tokens.bag_contents()] + ["soup"] * 4 + ["bisque"] * 2 + ["allspice"]


def _case(seed: int):
    rng = Rng(seed)
    pool = list(POOL)
    rng.shuffle(pool)
    storage = pool[: 4 + rng.randbelow(14)]
    critic = CRITICS[rng.randbelow(len(CRITICS))]
    rumors = list(RUMORS)
    rng.shuffle(rumors)
    return storage, critic, rumors[: rng.randbelow(4)], rng


@pytest.mark.parametrize("block", range(8))
def test_best_critic_meal_equals_the_plain_optimiser(block):
    for seed in range(block * 60, block * 60 + 60):
        storage, critic, rumors, rng = _case(seed)
        kw = {"soup_value": rng.randbelow(8), "exact_one": rng.randbelow(4) == 0,
              "min_quality": (None, None, 10, 40)[rng.randbelow(4)]}
        assert critic_optimiser.best_critic_meal(storage, critic, rumors, **kw) == \
            ref_best_critic_meal(storage, critic, rumors, **kw), (seed, storage, critic, rumors, kw)


@pytest.mark.parametrize("critic", ["mouse", "cow", "fruit_bat", "jerboa"])
def test_multi_ingredient_and_pairing_critics_equal_the_plain_optimiser(critic):
    # many of one type (the Mouse's cheese course, the Cow's one big course, wines to pair)
    pool = [t for t in tokens.bag_contents() if tokens.is_spice(t) or tokens.is_rumor(t)
            or (tokens.is_ingredient(t) and tokens.ingredient_type(t) in ("cheese", "fish", "wine"))]
    for seed in range(40):
        rng = Rng(500 + seed)
        p = list(pool)
        rng.shuffle(p)
        storage = p[:10]
        rumors = ["mercurial", "cheese_fanatic", "tender"][: rng.randbelow(4)]
        assert critic_optimiser.best_critic_meal(storage, critic, rumors) == ref_best_critic_meal(storage, critic, rumors)


def test_course_options_equal_the_plain_ones():
    for seed in range(300):
        rng = Rng(900 + seed)
        avail = [2 + rng.randbelow(6) for _ in range(rng.randbelow(7))]
        wines = [2 + rng.randbelow(6) for _ in range(rng.randbelow(3))]
        effect = ("none", "cheese_multi", "one_course_four", "wine_pairing", "spice_triples",
                  "carrot_double", "six_is_nine")[rng.randbelow(7)]
        t = TYPES[rng.randbelow(len(TYPES))]
        args = (t, avail, rng.randbelow(3), rng.randbelow(3), effect, 1 + rng.randbelow(5), wines,
                rng.randbelow(3) == 0)
        got = [tuple(o) for o in critic_optimiser._course_options(*args)]
        want = [(o.values, o.n_typed, o.n_all, o.paired, o.quality) for o in ref_course_options(*args)]
        assert got == want, args


def test_course_rows_equal_the_plain_options():
    # the kept rows (one-value courses built value by value, keys written down to what the options
    # read) hold the options of _course_options, in its order, with what the optimiser reads of each
    effects = ("none", "cheese_multi", "one_course_four", "wine_pairing", "spice_triples", "carrot_double",
               "six_is_nine", "rumor_as_allspice")
    for seed in range(600):
        rng = Rng(4000 + seed)
        avail = [2 + rng.randbelow(6) for _ in range(rng.randbelow(6))]
        wines = [2 + rng.randbelow(6) for _ in range(rng.randbelow(4))]
        effect = effects[rng.randbelow(len(effects))]
        t = TYPES[rng.randbelow(len(TYPES))]
        args = (t, avail, rng.randbelow(4), rng.randbelow(4), effect, 1 + rng.randbelow(5) * rng.randbelow(2),
                wines, rng.randbelow(3) == 0)
        for infos in (rng.randbelow(2) == 0, True):
            rows = critic_optimiser._course_rows(*args, infos=infos)
            want = critic_optimiser._course_options(*args)
            assert [r[0] for r in rows] == want, args
            for opt, o_all, paired, multi, filled, info, o_tok, q in rows:
                assert (o_all, paired, multi, filled, o_tok, q) == (
                    opt.n_all, opt.paired, len(opt.values) > 1, bool(opt.values),
                    len(opt.values) + opt.n_typed + opt.n_all + len(opt.paired), opt.quality), args
                if infos:
                    assert info == _CourseInfo(t, opt.values, opt.paired, opt.n_typed + opt.n_all > 0), args


# ------------------------------------------------------------------ scoring: the game's plates
@pytest.mark.parametrize("block", range(3))
def test_score_of_notation_plates_equals_the_general_reading(block):
    # the game hands over {type: notation}; the same plates as lists of items take the general path
    from kitchenlab.critter_kitchen.scoring import score_critic_meals
    from kitchenlab.critter_kitchen.tokens import parse_meal

    for seed in range(block * 40, block * 40 + 40):
        rng = Rng(7000 + seed)
        critic = CRITICS[rng.randbelow(len(CRITICS))]
        rumors = list(RUMORS)
        rng.shuffle(rumors)
        rumors = rumors[:3]
        plates = []
        for _ in range(3):
            storage, _, _, _ = _case(rng.randbelow(10_000))
            plates.append(critic_optimiser.best_critic_meal(storage, critic, rumors).meal)
        items = [{t: parse_meal(v) for t, v in m.items()} for m in plates]
        kw = {"challenges_served": [1, 0, 2], "min_quality": (None, 15)[rng.randbelow(2)],
              "restaurateurs": [None, "goat_n_ramsey", "brewer"] if rng.randbelow(2) else None}
        soups = [rng.randbelow(6) for _ in range(3)]
        fast = score_critic_meals(plates, soups, critic, rumors, **kw)
        assert fast == score_critic_meals(items, soups, critic, rumors, **kw)
        assert [r.courses for r in fast] == [tuple(m.get(t, "") for t in TYPES) for m in plates] or kw["min_quality"]


def _plated_game(players: int, seed: int, lean: int, **variants):
    """A seeded random game played to its end that leans to putting items on the critic plate
    (``lean - 1`` moves in ``lean``), so that full courses and the critics' limits are reached."""
    import kitchenlab

    st = kitchenlab.new_game("critter_kitchen", players=players, seed=seed, **variants)
    rng = Rng(seed)
    while not st.is_over:
        legal = st.legal_actions()
        puts = [a for a in legal if str(a).startswith(("put", "pair"))] if rng.randbelow(lean) else []
        st = st.apply((puts or legal)[rng.randbelow(len(puts or legal))])
    return st


@pytest.mark.parametrize("critic", [c.id for c in C.critics])
def test_plates_built_by_legal_moves_keep_every_rule(critic):
    # the game scores its plates without checking them again: the legal moves must keep the rules
    from kitchenlab.critter_kitchen.phases.critic import critic_notation
    from kitchenlab.critter_kitchen.scoring import critic_meal_problems

    for seed in range(6):
        st = _plated_game(2 + seed % 3, seed, 4, critic=critic,
                          critic_courses="exactly_one" if seed % 3 == 2 else "at_most_one")
        for s in range(st.players):
            assert critic_meal_problems(critic_notation(st, s), critic) == [], (critic, seed, s)


# ------------------------------------------------------------------ rules: the kept rumor trackers
def _plain_tracker_stars(rumor, infos, soup, effect):
    tr = _tracker(rumor, effect)
    if tr is None:
        return 0
    state, step, final = tr
    for c in infos:
        state = step(state, c)
    return final(state, soup)


@pytest.mark.parametrize("critic", [c.id for c in C.critics])
def test_kept_rumor_trackers_equal_fresh_ones_along_played_games(critic):
    # _run_tracker keeps each rumor's tracker per effect: along played plates it must pay what a
    # tracker made afresh pays, for every rumor card (read twice, so the kept one is read too)
    from kitchenlab.critter_kitchen.phases.critic import critic_notation
    from kitchenlab.critter_kitchen.rumors import _course_infos, _run_tracker
    from kitchenlab.critter_kitchen.scoring import critic_courses

    effect = C.critic(critic).effect
    for seed in range(4):
        st = _plated_game(3, seed, 3, critic=critic)
        for s in range(st.players):
            infos = _course_infos(critic_courses(critic_notation(st, s)), effect)
            for r in C.rumors:
                want = _plain_tracker_stars(r, infos, seed, effect)
                assert _run_tracker(r, infos, seed, effect) == want == _run_tracker(r, infos, seed, effect)
