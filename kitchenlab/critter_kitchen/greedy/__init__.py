"""Critter Kitchen's greedy bot: one :class:`GreedyBot` per game configuration, one module per phase.

:mod:`.plan` (plan, restaurateur), :mod:`.shop` (shop), :mod:`.meals` (challenge, fridge) and
:mod:`.critic` (critic) each give the phase's move as ``move(bot, state, legal, seat)``, reading
only what the seat may see; :data:`MOVES` collects them. The rules of the phases are
:mod:`..phases`.

The bot keeps what it has worked out in its one :class:`..memo.Memo` (every table under the same
size rule), plus the few facts of the last question it answered (a restaurant places its chefs one
after the other from the same storage and items). A memo only saves time: a fresh bot makes the
same moves.

>>> import kitchenlab
>>> s = kitchenlab.new_game("critter_kitchen", players=2, seed=3)
>>> bot = GreedyBot.for_config(s.cfg)
>>> bot is GreedyBot.for_config(s.cfg), str(bot(s, None))
(True, 'send mouse to Chef Academy')
"""

from __future__ import annotations

from typing import Callable

from ..actions import Phase
from ..memo import Memo
from ..tokens import TOKEN_TABLE
from . import critic, meals, plan, shop

__all__ = ["GreedyBot", "MOVES", "Memo"]

MOVES: dict[Phase, Callable] = {
    Phase.RESTAURATEUR: plan.greedy_restaurateur,
    Phase.PLAN: plan.greedy_plan,
    Phase.SHOP: shop.greedy_shop,
    Phase.CHALLENGE: meals.greedy_challenge,
    Phase.FRIDGE: meals.greedy_fridge,
    Phase.CRITIC: critic.greedy_critic,
}


class GreedyBot:
    """The greedy bot for one game configuration (player count and options: a state's ``cfg``).

    Call it as any bot, ``bot(state, rng)``, on a state of that configuration. It owns its
    :class:`Memo` and the token facts it reads in its loops (what each token is worth whatever the
    storage, read once from :class:`..tokens.Token`); :mod:`.plan` keeps its last question's
    facts on it too (see :class:`.plan.PlanFacts`)."""

    _FOR_CONFIG: dict = {}      # config -> its bot (configs are kept for the whole run)

    def __init__(self, cfg) -> None:
        self.cfg = cfg
        self.memo = Memo()
        #: per token: its worth to any storage (``shop.item_value``), None for a spice (whose worth
        #: depends on the storage)
        self.fixed_value: dict = {}
        self.read_tokens()
        self.plan = plan.PlanFacts()

    @classmethod
    def for_config(cls, cfg) -> "GreedyBot":
        """The one bot of ``cfg`` (made on first use)."""
        bot = cls._FOR_CONFIG.get(cfg)
        if bot is None:
            bot = cls._FOR_CONFIG[cfg] = cls(cfg)
        return bot

    def read_tokens(self) -> None:
        """Read every known token's facts (a token made later is read when first met)."""
        for tok in TOKEN_TABLE.values():
            if tok not in self.fixed_value:
                shop.fixed_value(self.fixed_value, tok)

    def __call__(self, state, rng):
        legal = state.legal_actions()
        move = MOVES.get(state.phase)
        if move is None:
            return rng.choice(legal)
        return move(self, state, legal, state.current_player)
