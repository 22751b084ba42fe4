"""Tiny Kitchen, a card game of the kit's own design packaged outside the kit: its GameInfo.

Importing the package registers the game (the kit finds it through the entry point group
``kitchenlab.games``); the other pieces are ``"module:name"`` hooks, loaded on first use.

>>> import kitchenlab, tiny_kitchen
>>> s = kitchenlab.new_game("tiny_kitchen", players=2, seed=6)
>>> s.view(0)["hand"], s.view(None)["hand"], [str(a) for a in s.legal_actions()]
(['cheese', 'flour', 'tomato'], None, ['cook toast', 'cook pizza', 'draw a card'])
"""

from __future__ import annotations

from pathlib import Path

from kitchenlab.engine import GameInfo, Option, check_players, register, resolve_options

from .bots import BOTS
from .components import load_components
from .rules import MAX_STEPS, Action, Kind, State

NAME, PLAYERS = "tiny_kitchen", (2, 3, 4)
OPTIONS = (Option("mice", load_components().counts["mouse"], "mouse cards shuffled into the pantry", "A",
                  kind=int, low=0, high=6, alternatives="0 (no mice) to 6"),)


def new_state(players: int = 3, seed: int = 0, **variants) -> State:
    check_players(NAME, players, PLAYERS)
    return State(players, seed, resolve_options(NAME, OPTIONS, variants))


def from_position(players: int, seed: int = 0, position: dict | None = None, **variants) -> State:
    """A position set up by hand (see ``State.from_position``)."""
    check_players(NAME, players, PLAYERS)
    return State.from_position(players, seed, resolve_options(NAME, OPTIONS, variants), position or {})


INFO = register(GameInfo(
    name=NAME, title="Tiny Kitchen", players=PLAYERS, default_players=3, options=OPTIONS, bots=BOTS,
    max_steps=MAX_STEPS, new_state=new_state, from_position=from_position,
    summary="draw ingredients from the pantry and cook them before a mouse or the last card takes them",
    renderer="tiny_kitchen.figures:frame_figure", openspiel_schema="tiny_kitchen.openspiel:schema",
    quiz="tiny_kitchen.quiz:MAKERS", glossary="tiny_kitchen.glossary:GLOSSARY",
    search_settings={"budget": 60, "root": "halving", "rollout": "greedy", "prior": "greedy", "margin": 0.5},
    colour="#AA3377", profile_terms=("pantry", "mouse", "recipe"), profile_games=40,
    test_settings={"bots": ("random", "greedy"), "playouts": 20, "position_of": "tiny_kitchen.rules:position_of",
                   "playthroughs": str(Path(__file__).with_name("playthroughs"))},
))

__all__ = ["INFO", "OPTIONS", "PLAYERS", "Action", "Kind", "State", "from_position", "new_state"]
