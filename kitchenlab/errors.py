"""The kit's exception tree: every error is a ``ValueError`` with a message that says what is allowed."""

from __future__ import annotations


class KitchenlabError(ValueError):
    """Base class of every error the kit raises on bad input."""


class UnknownGameError(KitchenlabError):
    """A game name the registry does not know (see ``kitchenlab.available_games()``)."""


class OptionError(KitchenlabError):
    """A bad player count, an unknown variant option or an ill-typed option value."""


class SeatError(KitchenlabError):
    """A seat number that is not a player of this game."""


class PositionError(OptionError):
    """A hand-made position that cannot happen in the game (names the field that is wrong)."""


class IllegalActionError(KitchenlabError):
    """An action that is not legal in this state; the state is left unchanged."""


class SaveFileError(KitchenlabError):
    """A save file that cannot be read back: the message names the field that is wrong."""


class DataFileError(KitchenlabError):
    """A malformed data file: the message names the file, the row and the field."""


class GameStalledError(KitchenlabError):
    """A game that did not end within its declared bound of steps (a bug in a rule or a bot)."""
