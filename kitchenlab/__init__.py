"""kitchenlab: rules engines for four kitchen-themed tabletop games, behind teaching notebooks.

>>> import kitchenlab
>>> s = kitchenlab.new_game("tem_purr_a", players=4, seed=7)
>>> s.current_player
0
>>> kitchenlab.load_state(s.to_json()) == s
True

The games are found through the entry-point group ``kitchenlab.games`` (:mod:`kitchenlab.registry`):
``available_games()`` lists them, ``game_info(name)`` gives what each declares.

Every text a person reads comes in English or Spanish: ``set_language("es")`` switches (the
environment variable ``KITCHENLAB_LANG`` sets the language a session starts in) and ``language()``
says which is in use (:mod:`kitchenlab.i18n`). The games and their saves are the same in both.

Importing the package stays light: no game is imported until it is asked for, and plotly, pandas and
ipywidgets load only where they are used.
"""

from __future__ import annotations

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
from .i18n import language, set_language
from .registry import GameLoadWarning, available_games, game_info

__version__ = "0.1.0"


def options(name: str) -> tuple[Option, ...]:
    """The variant options and knobs of a game."""
    return game_info(name).options


def player_counts(name: str) -> tuple[int, ...]:
    """Every player count the game allows (including exploration-only variants)."""
    return game_info(name).players


def new_game(name: str, players: int | None = None, seed: int = 0, **variants) -> GameState:
    """The initial state of a game. ``variants`` are the game's options (see ``options(name)``)."""
    return game_info(name).new_game(players=players, seed=seed, **variants)


def load_state(text: str | bytes) -> GameState:
    """Rebuild a state saved with ``State.to_json()`` (the text, or its UTF-8 bytes); whatever the
    bytes, a damaged or edited file raises ``SaveFileError`` naming the field."""
    from .saves import state_from_save

    def start(game, players, seed, options, position):
        info = game_info(game)
        if position is None:
            return info.new_game(players=players, seed=seed, **options)
        return info.position(players=players, seed=seed, position=position, **options)

    return state_from_save(text, start)


__all__ = [
    "DataFileError",
    "Event",
    "GameInfo",
    "GameLoadWarning",
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
    "language",
    "load_state",
    "new_game",
    "options",
    "player_counts",
    "register",
    "set_language",
]
