"""Bots for Critter Kitchen. A bot is ``bot(state, rng) -> action`` for ``state.current_player``.

* :func:`random_bot` — a uniformly random legal action.
* :func:`greedy_bot` — plans chefs where the visible items are worth most to it, picks the item
  worth most, serves challenge meals with the exact optimiser of :mod:`.scoring`
  (``best_challenge_plan``), keeps its fridge with ``fridge_keep`` and builds its critic meal
  with ``best_critic_meal`` (using only the rumor cards it may see).

Bots only read what the acting player may know (their storage, the table, their rumor cards);
McDogald's, the solo rival, is not a bot: it moves by itself inside the game state.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import permutations

from . import scoring
from .components import load_components
from .tokens import (
    ALLSPICE, BISQUE, SOUP, TYPES, ingredient_type, ingredient_value, is_ingredient, is_rumor,
    is_spice, is_zous,
)


def random_bot(state, rng):
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


# ------------------------------------------------------------------ item values


def item_value(tok: str, storage) -> float:
    """What an item is worth to a restaurant holding ``storage`` (a rough, fixed heuristic)."""
    if is_ingredient(tok):
        return float(ingredient_value(tok))
    if tok == ALLSPICE:
        best = max((ingredient_value(t) for t in storage if is_ingredient(t)), default=4)
        return max(3.5, float(best))
    if is_spice(tok):
        t = tok[:-6]
        best = max((ingredient_value(x) for x in storage if is_ingredient(x) and ingredient_type(x) == t),
                   default=0)
        return max(2.5, float(best))
    if tok == BISQUE:
        return 3.0
    if tok == SOUP:
        return 1.0
    if is_rumor(tok):
        return 1.5
    if is_zous(tok):
        return 2.0
    return 0.0


_UNSEEN = 3.0     # expected worth of an item not visible yet (Merchant, Academy leftovers)


def _location_values(state, seat: int) -> list[list[float]]:
    """Per location, the item values a chef could hope for, best first."""
    cfg = state.cfg
    store = state.storage[seat]
    out = []
    for i, _ in enumerate(cfg.locs):
        vals = [item_value(t, store) for t in state.items[i]]
        if i == cfg.merchant:
            vals += [_UNSEEN] * max(0, cfg.spaces[i] - len(state.items[i]))
        if i == cfg.academy:
            vals += [_UNSEEN - 1.0] * 2
        if i == cfg.truck:
            vals += [1.0] * 4
        out.append(sorted(vals, reverse=True))
    return out


def _plan_action(state, legal, seat: int):
    plan = state.plans[seat]
    chefs = [c for c in state._chefs_of(seat) if c not in plan]
    used = set(plan.values())
    free = [i for i in range(len(state.cfg.locs)) if i not in used]
    vals = _location_values(state, seat)
    caps = [state._capacity(c) for c in chefs]
    best, best_v = None, -1.0
    for combo in permutations(free, len(chefs)):
        v = 0.0
        for cap, loc in zip(caps, combo):
            v += sum(vals[loc][:cap])
        if v > best_v:
            best, best_v = combo, v
    target = best[0]
    for a in legal:
        if a.kind == "send" and a.args[1] == target:
            return a
    return legal[0]


def _pick_action(state, legal, seat: int):
    store = state.storage[seat]
    best, best_v = None, -1.0
    home = None
    for a in legal:
        if a.kind == "home":
            home = a
            continue
        v = item_value(a.args[0], store)
        if v > best_v:
            best, best_v = a, v
    if best is None or (home is not None and best_v < 1.0):
        return home or legal[0]
    return best


# ------------------------------------------------------------------ meals
# The optimisers are exact but not free; while a meal is being built the pool they look at does
# not change, so their answers are cached on it.


@lru_cache(maxsize=256)
def _challenge_plan(pool: tuple, reqs: tuple, thresholds: tuple):
    return scoring.best_challenge_plan(list(pool), list(reqs), thresholds)


@lru_cache(maxsize=256)
def _critic_choice(pool: tuple, critic: str, rumors: tuple, soup: int, exact_one: bool, min_quality, path):
    comps = load_components(path)
    return scoring.best_critic_meal(list(pool), critic, rumors, soup_value=soup, exact_one=exact_one,
                                    min_quality=min_quality, components=comps)


def _challenge_action(state, legal, seat: int):
    by_text = {a.text: a for a in legal}
    served = {ci for ci, *_ in state.served[seat]}
    day = [(k, ci, reqs) for k, (ci, reqs) in enumerate(state.day_challenges(), start=1) if ci not in served]
    pool = list(state.storage[seat])
    in_progress = {}
    for k, meal in state.meals[seat].items():
        in_progress[k] = Counter(n for n, _ in meal)
        for _, toks in meal:
            pool.extend(toks)
    plan = _challenge_plan(tuple(sorted(pool)), tuple(reqs for _, _, reqs in day), state.cfg.thresholds)
    for (k, _, _), meal in zip(day, plan.meals):
        if meal is None:
            continue
        want = Counter(meal.meal.split())
        have = in_progress.get(k, Counter())
        missing = want - have
        if not missing:
            a = by_text.get(f"serve meal {k}")
            if a is not None:
                return a
            continue
        for part in meal.meal.split():
            if missing[part] > 0:
                a = by_text.get(f"add {part} to meal {k}")
                if a is not None:
                    return a
    return by_text.get("done with challenges", legal[-1])


def _fridge_action(state, legal, seat: int):
    keep = Counter(scoring.fridge_keep(state.storage[seat], state.cfg.fridge[state.round]))
    have = Counter(t for t in state.storage[seat] if is_ingredient(t) or is_spice(t))
    extra = have - keep
    by_text = {a.text: a for a in legal}
    for tok in sorted(extra, key=lambda t: item_value(t, state.storage[seat])):
        a = by_text.get(f"discard {tok}")
        if a is not None:
            return a
    return legal[0]


def _visible_rumors(state, seat: int) -> list[str]:
    kinds = state.known_kinds(seat)
    return [rid for k, rid in enumerate(state.rumor_cards, start=1) if k in kinds or state.flipped[k - 1]]


def _critic_action(state, legal, seat: int):
    cfg = state.cfg
    by_text = {a.text: a for a in legal}
    placed: dict[str, Counter] = {}
    pool = list(state.storage[seat])
    rumor_pool = []
    for t, items in state.critic_meals[seat].items():
        placed[t] = Counter(n[5:] if n.startswith("pair:") else n for n, _ in items)
        for _, toks in items:
            for x in toks:
                if is_rumor(x):
                    continue
                pool.append(x)
    eff = cfg.comps.critic(state.critic).effect
    if eff == "rumor_as_allspice":
        rumor_pool = [t for t in state.rumors[seat] if t is not None]
    soup = sum(3 if t == BISQUE else 1 for t in state.storage[seat] if t in (SOUP, BISQUE))
    choice = _critic_choice(tuple(sorted(pool + rumor_pool)), state.critic, tuple(_visible_rumors(state, seat)),
                            soup, cfg.exact_one, cfg.critic_min_quality, cfg.comps.path)
    for t, course in zip(TYPES, choice.courses):
        if not course:
            continue
        want = Counter(course.split())
        missing = want - placed.get(t, Counter())
        for part in course.split():
            if missing[part] <= 0:
                continue
            if is_ingredient(part) and ingredient_type(part) != t:     # a paired wine (Fruit Bat)
                a = by_text.get(f"pair {part} with {t} course")
            else:
                a = by_text.get(f"put {part} on {t} course")
                if a is None and part.endswith("+allspice"):
                    base = part.split("+")[0]
                    a = next((x for x in legal if x.kind == "put" and x.args[0] == base
                              and x.args[1] is not None and is_rumor(x.args[1])), None)
            if a is not None:
                return a
    return by_text.get("done with critic meal", legal[-1])


def _restaurateur_action(state, legal, seat: int):
    comps = state.cfg.comps

    def worth(a):
        r = comps.restaurateur(a.args[0])
        extra = int(r.param) if r.param else 0
        return r.bonus_stars + (0.3 * extra if r.ability == "start_soup" else 0.8 * extra if r.ability == "start_bisque" else 0)

    return max(legal, key=worth)


def greedy_bot(state, rng):
    """Take what is worth most now; serve and cook with the exact optimisers."""
    legal = state.legal_actions()
    seat = state.current_player
    ph = state.phase
    if ph == "plan":
        return _plan_action(state, legal, seat)
    if ph == "shop":
        return _pick_action(state, legal, seat)
    if ph == "challenge":
        return _challenge_action(state, legal, seat)
    if ph == "fridge":
        return _fridge_action(state, legal, seat)
    if ph == "critic":
        return _critic_action(state, legal, seat)
    if ph == "restaurateur":
        return _restaurateur_action(state, legal, seat)
    return rng.choice(legal)


BOTS = {"random": random_bot, "greedy": greedy_bot}
