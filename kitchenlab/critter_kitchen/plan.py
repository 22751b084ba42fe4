"""The plan phase (each chef to a different location, secretly) and the restaurateur choice.

Each phase module gives the rules of its phase as three functions, collected in one table by
:mod:`.phases`: ``legal(state)`` (the actions), ``act(state, action)`` (do one on the fresh copy)
and ``greedy(state, legal, seat)`` (the greedy bot's move, reading only what the seat may see).
"""

from __future__ import annotations

from itertools import permutations

from . import actions
from .actions import Action
from .flow import at
from .shop import CHEFS
from .shopping import item_value
from .tokens import BISQUE, SOUP, zous_token

_UNSEEN = 3.0     # expected worth of an item not visible yet (Merchant, Academy leftovers)


# ------------------------------------------------------------------ plan
def legal_plan(state) -> list[Action]:
    s = state.turn
    cfg = state.cfg
    plan = state.plans[s]
    for chef in CHEFS:      # the first of state._chefs_of(s) not placed yet
        if chef not in plan:
            break
    else:
        chef = zous_token(state.hired[s])
    cache = cfg.actions
    key = ("plan", chef, tuple(plan.values()))      # the same chef and taken locations: the same list
    got = cache.get(key)
    if got is None:
        used = plan.values()
        label = cfg.chef_label(chef)
        names = cfg.loc_names
        got = cache[key] = tuple(actions.send(cache, chef, i, label, names[i])
                                 for i in range(len(names)) if i not in used)
    return list(got)


def act_plan(state, action: Action) -> None:
    s = state.turn
    plan = state.plans[s]
    plan[action.chef] = action.loc
    if len(plan) == len(CHEFS) + (state.hired[s] is not None):       # len(state._chefs_of(s))
        state.say_event(state._name(s) + " has planned (hidden until the reveal)", "planned", {"seat": s})
        state.turn += 1
        if state.turn >= state.players:
            state._reveal()


_VALUES: dict = {}
#: the best placement's later chefs, kept for the next chef's move: (values key, the chefs'
#: capacities, the free locations) -> the locations of the chefs still to place, in order
_PLACEMENTS: dict = {}


def _location_values(state, seat: int) -> tuple[tuple, list[list[float]]]:
    """Per location, the item values a chef could hope for, best first (the same table while a
    restaurant places its chefs: it is kept for the storage and locations it was made for), with
    the key it is kept under."""
    cfg = state.cfg
    store = state.storage[seat]
    key = (cfg, tuple(store), tuple(map(tuple, state.items)))
    got = _VALUES.get(key)
    if got is not None:
        return key, got
    if len(_VALUES) > 4096:
        _VALUES.clear()
    got = _VALUES[key] = _location_values_of(state, cfg, store)
    return key, got


def _location_values_of(state, cfg, store) -> list[list[float]]:
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


def _best_placement(free: list[int], gain: list[list[float]]) -> tuple[int, ...]:
    """The best placement of all chefs (each chef ``c`` at a different free location, worth
    ``gain[c][loc]``), as the chefs' locations: the first best in the order of
    ``itertools.permutations(free)``, with the sums added chef by chef."""
    n = len(gain)
    if n > 4:
        best, best_v = None, -1.0
        for combo in permutations(free, n):
            v = 0.0
            for g, loc in zip(gain, combo):
                v += g[loc]
            if v > best_v:
                best, best_v = combo, v
        return best
    # The same search written out for up to four chefs (the restaurant's three and a zous-chef),
    # skipping the placements that cannot beat the best so far even with every later chef at its
    # best location (``r1``..``r3``). The values are multiples of 0.5, so the sums are exact and
    # the skipped placements are only ones the full search would not take.
    g0 = gain[0]
    g1 = gain[1] if n > 1 else None
    g2 = gain[2] if n > 2 else None
    g3 = gain[3] if n > 3 else None
    most = [max(g[i] for i in free) for g in gain]
    r1, r2, r3 = sum(most[1:]), sum(most[2:]), sum(most[3:])
    best, best_v = None, -1.0
    for a in free:
        va = g0[a]
        if n == 1:
            if va > best_v:
                best, best_v = (a,), va
            continue
        if va + r1 <= best_v:
            continue
        for b in free:
            if b == a:
                continue
            vb = va + g1[b]
            if n == 2:
                if vb > best_v:
                    best, best_v = (a, b), vb
                continue
            if vb + r2 <= best_v:
                continue
            for c in free:
                if c == a or c == b:
                    continue
                vc = vb + g2[c]
                if n == 3:
                    if vc > best_v:
                        best, best_v = (a, b, c), vc
                    continue
                if vc + r3 <= best_v:
                    continue
                for d in free:
                    if d == a or d == b or d == c:
                        continue
                    vd = vc + g3[d]
                    if vd > best_v:
                        best, best_v = (a, b, c, d), vd
    return best


def greedy_plan(state, legal, seat: int) -> Action:
    """Send the chefs where the visible items are worth most (all placements tried)."""
    plan = state.plans[seat]
    chefs = [c for c in state._chefs_of(seat) if c not in plan]
    used = set(plan.values())
    free = [i for i in range(len(state.cfg.locs)) if i not in used]
    vkey, vals = _location_values(state, seat)
    caps = tuple([state.cfg.capacity(c) for c in chefs])
    # the chef before placed the first chef of the best placement (the same values, these
    # capacities and free locations): the rest of that placement is the best for the others
    rest = _PLACEMENTS.pop((vkey, caps, tuple(free)), None)
    if rest is None:
        # what a chef of capacity c gains at a location: the c best items there
        gain = [[sum(v[:cap]) for v in vals] for cap in caps]
        rest = _best_placement(free, gain)
    target = rest[0]
    if len(rest) > 1:
        if len(_PLACEMENTS) > 4096:
            _PLACEMENTS.clear()
        _PLACEMENTS[(vkey, caps[1:], tuple(f for f in free if f != target))] = rest[1:]
    for a in legal:
        if a.loc == target:
            return a
    return legal[0]


# ------------------------------------------------------------------ restaurateurs
def legal_restaurateur(state) -> list[Action]:
    cfg = state.cfg
    return [actions.keep(cfg.actions, r, cfg.comps.restaurateur(r).name) for r in state.rest_offer[state.turn]]


def act_restaurateur(state, action: Action) -> None:
    s = state.turn
    comps = state.cfg.comps
    state.rest = at(state.rest, s, action.card)
    state.say(f"{state._name(s)} keeps {comps.restaurateur(action.card).name}")
    state.turn += 1
    if state.turn < state.players:
        return
    for p in range(state.players):
        r = comps.restaurateur(state.rest[p])
        n = int(r.param) if r.param else 0
        if r.ability == "start_soup":
            state._store(p, [SOUP] * n)
            state.say(f"{state._name(p)} takes {n} extra soup ({r.name})")
        elif r.ability == "start_bisque":
            n = min(n, state.bisque_supply)
            state.bisque_supply -= n
            state._store(p, [BISQUE] * n)
            state.say(f"{state._name(p)} takes {n} bisque ({r.name})")
    state._start_round(1)


def greedy_restaurateur(state, legal, seat: int) -> Action:
    comps = state.cfg.comps

    def worth(a):
        r = comps.restaurateur(a.card)
        extra = int(r.param) if r.param else 0
        return r.bonus_stars + (0.3 * extra if r.ability == "start_soup" else
                                0.8 * extra if r.ability == "start_bisque" else 0)

    return max(legal, key=worth)

