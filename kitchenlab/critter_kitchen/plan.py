"""The plan phase (each chef to a different location, secretly) and the restaurateur choice.

Each phase module gives the rules of its phase as three functions, collected in one table by
:mod:`.phases`: ``legal(state)`` (the actions), ``act(state, action)`` (do one on the fresh copy)
and ``greedy(state, legal, seat)`` (the greedy bot's move, reading only what the seat may see).
"""

from __future__ import annotations

from itertools import count, permutations

from . import actions
from .actions import Action
from .flow import at
from .shop import CHEFS
from .shopping import item_value, spice_worth
from .tokens import BISQUE, ING, SOUP, SPI, Token, token, zous_token

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
    # the seat's plan is replaced, never changed (a copy of the state shares it)
    plan = state.plans[s] = {**state.plans[s], action.chef: action.loc}
    if len(plan) == len(CHEFS) + (state.hired[s] is not None):       # len(state._chefs_of(s))
        state.say_event(state._name(s) + " has planned (hidden until the reveal)", "planned", {"seat": s})
        state.turn += 1
        if state.turn >= state.players:
            state._reveal()


#: the best placement's later chefs, kept for the next chef's move: (values key, the chefs'
#: capacities, the free locations) -> the locations of the chefs still to place, in order
_PLACEMENTS: dict = {}
#: the last table made: [config, storage, locations' items (copies, compared by value), its key,
#: the table] (a restaurant's chefs are placed one after the other, from the same storage and items)
_LAST: list = [None, None, None, None, None]
_TABLE_IDS = count()
#: what the last items seen are worth whatever the storage: [config, the items (copies), per
#: location (its other items' values, sorted when it holds no spice; its spices)]
_ITEM_PARTS: list = [None, None, None]


def _location_values(state, seat: int) -> tuple[int, list[list[float]]]:
    """Per location, the item values a chef could hope for, best first (the same table while a
    restaurant places its chefs: it is kept for the storage and items it was made for), with the
    key it is kept under (a number given to each table made)."""
    cfg = state.cfg
    store = state.storage[seat]
    items = state.items
    last = _LAST
    if last[0] is cfg and last[1] == store and last[2] == items:
        return last[3], last[4]
    got = next(_TABLE_IDS), _location_values_of(state, cfg, store)
    last[:] = cfg, store[:], [x[:] for x in items], got[0], got[1]
    return got


def _item_parts(cfg, items) -> list[tuple[list[float], list]]:
    parts = []
    merchant, academy, truck = cfg.merchant, cfg.academy, cfg.truck
    for i, here in enumerate(items):
        vals = []
        spices = []
        for t in here:
            if t.__class__ is not Token:
                t = token(t)
            k = t.kind
            if k is SPI:
                spices.append(t)
            else:
                vals.append(item_value(t, ()))      # the same for every storage
        if i == merchant:
            vals += [_UNSEEN] * max(0, cfg.spaces[i] - len(here))
        if i == academy:
            vals += [_UNSEEN - 1.0] * 2
        if i == truck:
            vals += [1.0] * 4
        if not spices:
            vals.sort(reverse=True)
        parts.append((vals, spices))
    return parts


def _location_values_of(state, cfg, store) -> list[list[float]]:
    items = state.items
    kept = _ITEM_PARTS
    if kept[0] is cfg and kept[1] == items:
        parts = kept[2]
    else:
        parts = _item_parts(cfg, items)
        kept[:] = cfg, [x[:] for x in items], parts
    out = []
    best_any = best_of = None
    for vals, spices in parts:
        if not spices:
            out.append(vals)         # shared by the tables of these items: read only
            continue
        if best_of is None:
            # the best ingredient held that a spice could pair with (of its type; any type for
            # allspice), read once per storage
            best_of = {}
            for x in store:
                if x.kind is ING:
                    v = x.value
                    if best_any is None or v > best_any:
                        best_any = v
                    if v > best_of.get(x.type, -1):
                        best_of[x.type] = v
        vals = vals + [spice_worth(t, best_any, best_of.get(t.type)) for t in spices]
        vals.sort(reverse=True)
        out.append(vals)
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
    # best location (``r1``, ``r2``). The last chef goes to its best location left: the first of
    # ``order`` (its locations, best first, equal ones in ``free`` order) not taken, which is the
    # first best the full search meets. The values are multiples of 0.5, so the sums are exact and
    # the skipped placements are only ones the full search would not take.
    last = gain[-1]
    order = sorted(free, key=lambda loc: -last[loc])
    if n == 1:
        return (order[0],)
    g0 = gain[0]
    g1 = gain[1] if n > 2 else None
    g2 = gain[2] if n > 3 else None
    most = [max([g[i] for i in free]) for g in gain]
    r1, r2, r3 = sum(most[1:]), sum(most[2:]), sum(most[3:])
    best, best_v = None, -1.0
    for a in free:
        va = g0[a]
        if va + r1 <= best_v:
            continue
        # the placements of the chefs before the last that may still beat the best so far (a
        # bound looser than the best found meanwhile: those it keeps cannot beat it, so the same
        # placement wins), in the full search's order
        if n == 2:
            heads = (((a,), va),)
        else:
            heads = []
            for b in free:
                if b == a:
                    continue
                vb = va + g1[b]
                if vb + r2 <= best_v:
                    continue
                if n == 3:
                    heads.append(((a, b), vb))
                    continue
                for c in free:
                    if c != a and c != b and vb + g2[c] + r3 > best_v:
                        heads.append(((a, b, c), vb + g2[c]))
        for taken, v in heads:
            for d in order:
                if d not in taken:
                    vd = v + last[d]
                    if vd > best_v:
                        best, best_v = taken + (d,), vd
                    break
    return best


def greedy_plan(state, legal, seat: int) -> Action:
    """Send the chefs where the visible items are worth most (all placements tried)."""
    plan = state.plans[seat]
    cfg = state.cfg
    chefs = [c for c in state._chefs_of(seat) if c not in plan]
    caps = tuple([cfg.capacity(c) for c in chefs])
    used = set(plan.values())
    free = tuple([i for i in range(len(cfg.locs)) if i not in used])
    vkey, vals = _location_values(state, seat)
    # the chef before placed the first chef of the best placement (the same values, these
    # capacities and free locations): the rest of that placement is the best for the others
    rest = _PLACEMENTS.pop((vkey, caps, free), None)
    if rest is None:
        # what a chef of capacity c gains at a location: the c best items there (sum(v[:c]),
        # written out for the one- and two-item chefs)
        gain = []
        for cap in caps:
            if cap == 1:
                gain.append([v[0] if v else 0 for v in vals])
            elif cap == 2:
                gain.append([v[0] + v[1] if len(v) > 1 else sum(v) for v in vals])
            else:
                gain.append([sum(v[:cap]) for v in vals])
        rest = _best_placement(list(free), gain)
    target = rest[0]
    if len(rest) > 1:
        if len(_PLACEMENTS) > 4096:
            _PLACEMENTS.clear()
        _PLACEMENTS[(vkey, caps[1:], tuple([f for f in free if f != target]))] = rest[1:]
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

