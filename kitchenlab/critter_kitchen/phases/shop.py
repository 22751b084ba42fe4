"""The shop phase: the chefs at each location take its items, one real choice at a time.

Only real choices are asked (``take fish7``, ``take wild as rumor2``, ``go home for soup``); a chef
with a single possible move makes it on its own, and McDogald's chefs pick by themselves (see
:mod:`..solo`). The location's resolution itself is :class:`..shop.LocationRun`; the greedy
bot's move is in :mod:`..greedy.shop`.
"""

from __future__ import annotations

from .. import actions
from ..actions import Action, Kind

# An enum member read through its class takes a slow attribute lookup: the hot paths read these names.
_HOME = Kind.HOME


#: (token, rumor kind) -> its action: the table of ``actions.take``, which fills it
_TAKE = actions.TAKE_ACTIONS


def _take(opt: tuple) -> Action:
    return actions.take(*opt)


def legal_shop(state) -> list[Action]:
    run = state.run
    return legal_for(run, run.current())


def legal_for(run, chef) -> list[Action]:
    """The moves of ``chef``, the chef picking now at ``run``: each of its options, then going home
    early when that is allowed."""
    opts = run.options(chef)
    try:
        out = list(map(_TAKE.__getitem__, opts))          # actions.take(tok, kind) of each
    except KeyError:
        out = [_TAKE.get(opt) or _take(opt) for opt in opts]
    if run.may_go_home(chef):
        out.append(actions.HOME)
    return out


def act_shop(state, action: Action) -> None:
    if action.kind is _HOME:
        state.run.go_home()
        state._pay_soups(early=True)
    else:
        state._take(action.token, action.rumor)
