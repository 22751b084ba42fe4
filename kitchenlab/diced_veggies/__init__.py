"""Diced Veggies (Kids Table Board Gaming, 2023): cut dice out of a block with a cleaver, cook recipes.

>>> import kitchenlab
>>> s = kitchenlab.new_game("diced_veggies", players=2, seed=1)
>>> s.phase, len(s.view(0)["block"])
('cut', 5)
"""

from __future__ import annotations

from ..engine import GameInfo, check_players, register, resolve_options
from ..i18n import N_
from .bots import BOTS
from .cleaver import Block, Cut, can_take_all, cut_text, legal_cuts, parse_block
from .components import components_table, load_components
from .position import from_position
from .rules import MAX_STEPS, State, player_name
from .scoring import solo_bands, solo_rating
from .variants import DEFAULT_PLAYERS, OPTIONS, PLAYERS, TITLE

def new_state(players: int = DEFAULT_PLAYERS, seed: int = 0, **variants) -> State:
    """A new game: 2–4 players, or 1 for the kit's solo game."""
    check_players("diced_veggies", players, PLAYERS)
    return State(players, seed, resolve_options("diced_veggies", OPTIONS, variants))


INFO = register(GameInfo(
    name="diced_veggies", title=TITLE, players=PLAYERS, default_players=DEFAULT_PLAYERS, options=OPTIONS,
    bots=BOTS, max_steps=MAX_STEPS, new_state=new_state, from_position=from_position,
    renderer="kitchenlab.diced_veggies.figures:frame_figure",
    end_table="kitchenlab.diced_veggies.end_table:end_table",
    move_helper="kitchenlab.diced_veggies.play_table:move_helper",
    quiz="kitchenlab.diced_veggies.quiz:MAKERS",
    quiz_view="kitchenlab.diced_veggies.quiz:show_blocks",
    calculator="kitchenlab.diced_veggies.classroom:calculator",
    what_if="kitchenlab.diced_veggies.classroom:what_if",
    describe="kitchenlab.diced_veggies.classroom:describe",
    summary=N_("cut dice out of a block with a cleaver (10 or less per cut) and cook recipes with them"),
    test_settings={"bots": ("random", "greedy"), "playouts": 20,
                   "position_of": "kitchenlab.diced_veggies.position:position_of", "position_phases": ("cut", "cook")},
    openspiel_schema="kitchenlab.diced_veggies.openspiel:schema",
    glossary="kitchenlab.diced_veggies.glossary:TERMS",
    # the flat search refines the greedy bot: its playouts, to the end; its move stands unless beaten
    search_settings={"budget": 60, "root": "halving", "rollout": "greedy", "prior": "greedy", "margin": 0.1},
    colour="#882255",
    profile_terms=("turn", "score", "tie"),
    profile_games=20,
))

__all__ = [
    "BOTS", "Block", "Cut", "DEFAULT_PLAYERS", "INFO", "MAX_STEPS", "OPTIONS", "PLAYERS", "State", "TITLE",
    "can_take_all", "components_table", "cut_text", "from_position", "legal_cuts", "load_components", "new_state", "parse_block",
    "player_name", "solo_bands", "solo_rating",
]
