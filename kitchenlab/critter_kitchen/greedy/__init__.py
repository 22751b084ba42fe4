"""Critter Kitchen's greedy bot, one module per phase: :mod:`.plan` (plan, restaurateur),
:mod:`.shop` (shop), :mod:`.meals` (challenge, fridge) and :mod:`.critic` (critic).

Each module gives the phase's move as ``greedy(state, legal, seat)``, reading only what the seat
may see; :data:`MOVES` collects them. The rules of the phases are :mod:`..phases`.
"""

from __future__ import annotations

from typing import Callable

from ..actions import Phase
from . import critic, meals, plan, shop

MOVES: dict[Phase, Callable] = {
    Phase.RESTAURATEUR: plan.greedy_restaurateur,
    Phase.PLAN: plan.greedy_plan,
    Phase.SHOP: shop.greedy_shop,
    Phase.CHALLENGE: meals.greedy_challenge,
    Phase.FRIDGE: meals.greedy_fridge,
    Phase.CRITIC: critic.greedy_critic,
}
