"""The rules of the player phases: one table from each phase to its legal actions and to doing one.

The state (``_legal``, ``_do``) reads this table and nothing else, so a phase's rules live in one
module: :mod:`.plan` (plan, restaurateur), :mod:`.shop` (shop), :mod:`.meals` (challenge, fridge)
and :mod:`.critic` (critic). The greedy bot's moves are apart, in :mod:`..greedy`.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from ..actions import Phase
from . import critic, meals, plan, shop


class PhaseRules(NamedTuple):
    legal: Callable        # legal(state) -> [Action]
    act: Callable          # act(state, action): do it on the fresh copy


PHASES: dict[Phase, PhaseRules] = {
    Phase.RESTAURATEUR: PhaseRules(plan.legal_restaurateur, plan.act_restaurateur),
    Phase.PLAN: PhaseRules(plan.legal_plan, plan.act_plan),
    Phase.SHOP: PhaseRules(shop.legal_shop, shop.act_shop),
    Phase.CHALLENGE: PhaseRules(meals.legal_challenge, meals.act_challenge),
    Phase.FRIDGE: PhaseRules(meals.legal_fridge, meals.act_fridge),
    Phase.CRITIC: PhaseRules(critic.legal_critic, critic.act_critic),
}
