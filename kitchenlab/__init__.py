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

from .engine import Event, GameInfo, GameState, Option, Rng, register, registered
from .errors import (
    DataFileError,
    GameStalledError,
    IllegalActionError,
    KitchenlabError,
    OptionError,
    PositionError,
    SaveFileError,
    SeatError,
    UnknownGameError,
)

__version__ = "0.1.0"

#: Every game the kit knows, by package name (``kitchenlab.<name>``).
GAMES: tuple[str, ...] = ("chefs", "critter_kitchen", "diced_veggies", "tem_purr_a")

#: Display titles of the games, including those without a rules engine yet.
TITLES = {
    "chefs": "Chefs",
    "critter_kitchen": "Critter Kitchen",
    "diced_veggies": "Diced Veggies",
    "tem_purr_a": "Tem-Purr-A",
}


def _find(name: str) -> GameInfo | None:
    """The registered info of ``name``, importing ``kitchenlab.<name>`` on first use."""
    info = registered(name)
    if info is None and name in GAMES:
        try:
            importlib.import_module(f"kitchenlab.{name}")
        except ModuleNotFoundError as e:
            if not (e.name and e.name.startswith(f"kitchenlab.{name}")):
                raise
        info = registered(name)
    return info


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` a game registered (importing its package on first use).

    >>> game_info("tem_purr_a").players
    (2, 3, 4, 5, 6, 7)
    """
    info = _find(name)
    if info is not None:
        return info
    if name not in GAMES:
        raise UnknownGameError(f"unknown game {name!r}; games: {', '.join(GAMES)}")
    raise UnknownGameError(f"game {name!r} has no rules engine yet; playable: {', '.join(available_games())}")


def available_games() -> tuple[str, ...]:
    """The games that can be played now."""
    return tuple(g for g in GAMES if _find(g) is not None)


def options(name: str) -> tuple[Option, ...]:
    """The variant options and knobs of a game."""
    return game_info(name).options


def player_counts(name: str) -> tuple[int, ...]:
    """Every player count the game allows (including exploration-only variants)."""
    return game_info(name).players


def new_game(name: str, players: int | None = None, seed: int = 0, **variants) -> GameState:
    """The initial state of a game. ``variants`` are the game's options (see ``options(name)``)."""
    return game_info(name).new_game(players=players, seed=seed, **variants)


def load_state(text: str) -> GameState:
    """Rebuild a state saved with ``State.to_json()``; a damaged file raises ``SaveFileError``."""
    from .engine import state_from_save

    def start(game, players, seed, options, position):
        info = game_info(game)
        if position is None:
            return info.new_game(players=players, seed=seed, **options)
        return info.position(players=players, seed=seed, position=position, **options)

    return state_from_save(text, start)


__all__ = [
    "GAMES",
    "TITLES",
    "DataFileError",
    "Event",
    "GameInfo",
    "GameStalledError",
    "GameState",
    "IllegalActionError",
    "KitchenlabError",
    "Option",
    "OptionError",
    "PositionError",
    "Rng",
    "SaveFileError",
    "SeatError",
    "UnknownGameError",
    "available_games",
    "game_info",
    "load_state",
    "new_game",
    "options",
    "player_counts",
    "register",
]
