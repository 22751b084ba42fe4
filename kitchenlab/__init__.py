"""kitchenlab: rules engines for four kitchen-themed tabletop games, behind teaching notebooks.

>>> import kitchenlab
>>> s = kitchenlab.new_game("tem_purr_a", players=4, seed=7)
>>> s.current_player
0
>>> kitchenlab.load_state(s.to_json()) == s
True

Importing the package stays light: plotly, pandas and ipywidgets load only where they are used.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .engine import GameState, Option, Rng
from .errors import (
    DataFileError,
    IllegalActionError,
    KitchenlabError,
    OptionError,
    SaveFileError,
    UnknownGameError,
)

__version__ = "0.1.0"

#: Every game the kit knows, by module name.
GAMES: tuple[str, ...] = ("chefs", "critter_kitchen", "diced_veggies", "tem_purr_a")


TITLES = {
    "chefs": "Chefs",
    "critter_kitchen": "Critter Kitchen",
    "diced_veggies": "Diced Veggies",
    "tem_purr_a": "Tem-Purr-A",
}


def game_module(name: str) -> ModuleType:
    """The rules module of a game (``kitchenlab.<name>``)."""
    if name not in GAMES:
        raise UnknownGameError(f"unknown game {name!r}; games: {', '.join(GAMES)}")
    try:
        mod = importlib.import_module(f"kitchenlab.{name}")
    except ModuleNotFoundError as e:
        if e.name and e.name.startswith(f"kitchenlab.{name}"):
            raise UnknownGameError(
                f"game {name!r} has no rules engine yet; playable: {', '.join(available_games())}"
            ) from None
        raise
    if not hasattr(mod, "new_state"):
        raise UnknownGameError(f"game {name!r} has no rules engine yet; playable: {', '.join(available_games())}")
    return mod


def available_games() -> tuple[str, ...]:
    """The games that can be played now."""
    out = []
    for g in GAMES:
        try:
            mod = importlib.import_module(f"kitchenlab.{g}")
        except ModuleNotFoundError:
            continue
        if hasattr(mod, "new_state"):
            out.append(g)
    return tuple(out)


def options(name: str) -> tuple[Option, ...]:
    """The variant options and knobs of a game."""
    return game_module(name).OPTIONS


def player_counts(name: str) -> tuple[int, ...]:
    """Every player count the game allows (including exploration-only variants)."""
    return tuple(game_module(name).PLAYERS)


def new_game(name: str, players: int | None = None, seed: int = 0, **variants) -> GameState:
    """The initial state of a game. ``variants`` are the game's options (see ``options(name)``)."""
    mod = game_module(name)
    if players is None:
        players = mod.DEFAULT_PLAYERS
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"{name}: seed must be an int, got {seed!r}")
    return mod.new_state(players=players, seed=seed, **variants)


def load_state(text: str) -> GameState:
    """Rebuild a state saved with ``State.to_json()``; a damaged file raises ``SaveFileError``."""
    from .engine import state_from_save

    def start(game, players, seed, options, position):
        if position is None:
            return new_game(game, players=players, seed=seed, **options)
        return game_module(game).from_position(players=players, seed=seed, position=position, **options)

    return state_from_save(text, start)


__all__ = [
    "GAMES",
    "TITLES",
    "DataFileError",
    "GameState",
    "IllegalActionError",
    "KitchenlabError",
    "Option",
    "OptionError",
    "Rng",
    "SaveFileError",
    "UnknownGameError",
    "available_games",
    "game_module",
    "load_state",
    "new_game",
    "options",
    "player_counts",
]
