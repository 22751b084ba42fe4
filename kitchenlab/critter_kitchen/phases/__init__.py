"""One table from each phase to its rules: the legal actions, doing one, and the greedy bot's move.

The state (``_legal``, ``_do``) and the greedy bot read this table and nothing else, so a phase's
rules live in one module: :mod:`.plan` (plan, restaurateur), :mod:`.shopping` (shop),
:mod:`.meals` (challenge, fridge) and :mod:`.critic` (critic).
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from . import critic, meals, plan, shopping
from .actions import Phase


class PhaseRules(NamedTuple):
    legal: Callable        # legal(state) -> [Action]
    act: Callable          # act(state, action): do it on the fresh copy
    greedy: Callable       # greedy(state, legal, seat) -> Action


PHASES: dict[Phase, PhaseRules] = {
    Phase.RESTAURATEUR: PhaseRules(plan.legal_restaurateur, plan.act_restaurateur, plan.greedy_restaurateur),
    Phase.PLAN: PhaseRules(plan.legal_plan, plan.act_plan, plan.greedy_plan),
    Phase.SHOP: PhaseRules(shopping.legal_shop, shopping.act_shop, shopping.greedy_shop),
    Phase.CHALLENGE: PhaseRules(meals.legal_challenge, meals.act_challenge, meals.greedy_challenge),
    Phase.FRIDGE: PhaseRules(meals.legal_fridge, meals.act_fridge, meals.greedy_fridge),
    Phase.CRITIC: PhaseRules(critic.legal_critic, critic.act_critic, critic.greedy_critic),
}
