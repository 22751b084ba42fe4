"""Bots for Critter Kitchen. A bot is ``bot(state, rng) -> action`` for ``state.current_player``.

* :func:`random_bot` — a uniformly random legal action.
* :func:`greedy_bot` — plans chefs where the visible items are worth most to it, picks the item
  worth most, serves challenge meals with the exact optimiser of :mod:`.scoring`
  (``best_challenge_plan``), keeps its fridge with ``fridge_keep`` and builds its critic meal
  with ``best_critic_meal`` (using only the rumor cards it may see). It is the
  :class:`.greedy.GreedyBot` of the state's configuration, whose move in each phase is that
  phase's entry in :data:`.greedy.MOVES`.

Bots only read what the acting player may know (their storage, the table, their rumor cards);
McDogald's, the solo rival, is not a bot: it moves by itself inside the game state.
"""

from __future__ import annotations

from .greedy import GreedyBot
from .greedy.shop import item_value

__all__ = ["BOTS", "GreedyBot", "greedy_bot", "item_value", "random_bot"]


def random_bot(state, rng):
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


def greedy_bot(state, rng):
    """Take what is worth most now; serve and cook with the exact optimisers (the
    :class:`.greedy.GreedyBot` of the state's configuration)."""
    return GreedyBot.for_config(state.cfg)(state, rng)


BOTS = {"random": random_bot, "greedy": greedy_bot}
