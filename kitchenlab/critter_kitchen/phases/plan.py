"""The plan phase (each chef to a different location, secretly) and the restaurateur choice.

Each module of this package gives the rules of one phase as two functions, collected in one table
by :mod:`.` (:data:`PHASES`): ``legal(state)`` (the actions) and ``act(state, action)`` (do one on
the fresh copy). The greedy bot's moves are apart, in :mod:`..greedy`.
"""

from __future__ import annotations

from ... import i18n
from ...i18n import _
from .. import actions
from ..actions import Action
from ..flow import at
from ..shop import CHEFS
from ..tokens import BISQUE, SOUP, zous_token


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
        locs = cfg.locs
        got = cache[key] = tuple(actions.send(cache, chef, i, lambda: cfg.chef_label(chef),
                                              lambda loc=locs[i]: loc.local_name)
                                 for i in range(len(locs)) if i not in used)
    return list(got)


def act_plan(state, action: Action) -> None:
    s = state.turn
    # the seat's plan is replaced, never changed (a copy of the state shares it)
    plan = state.plans[s] = {**state.plans[s], action.chef: action.loc}
    if len(plan) == len(CHEFS) + (state.hired[s] is not None):       # len(state._chefs_of(s))
        state.say_event(_("{player} has planned (hidden until the reveal)").format(player=state._name(s)),
                        "planned", {"seat": s})
        state.turn += 1
        if state.turn >= state.players:
            state._reveal()


# ------------------------------------------------------------------ restaurateurs
def legal_restaurateur(state) -> list[Action]:
    cfg = state.cfg
    return [actions.keep(cfg.actions, cfg.comps.restaurateur(r)) for r in state.rest_offer[state.turn]]


def act_restaurateur(state, action: Action) -> None:
    s = state.turn
    comps = state.cfg.comps
    state.rest = at(state.rest, s, action.card)
    state.say(_("{player} keeps {name}").format(player=state._name(s), name=comps.restaurateur(action.card).local_name))
    state.turn += 1
    if state.turn < state.players:
        return
    for p in range(state.players):
        r = comps.restaurateur(state.rest[p])
        n = int(r.param) if r.param else 0
        if r.ability == "start_soup":
            state._store(p, [SOUP] * n)
            state.say(i18n.ngettext("{player} takes {count} extra soup ({name})",
                                    "{player} takes {count} extra soup ({name})", n).format(
                player=state._name(p), count=n, name=r.local_name))
        elif r.ability == "start_bisque":
            n = min(n, state.bisque_supply)
            state.bisque_supply -= n
            state._store(p, [BISQUE] * n)
            state.say(i18n.ngettext("{player} takes {count} bisque ({name})", "{player} takes {count} bisque ({name})",
                                    n).format(player=state._name(p), count=n, name=r.local_name))
    state._start_round(1)
