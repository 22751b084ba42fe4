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


def shown(value, limit: int = 80) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters: a caller's value may
    be huge (a long list, a number of thousands of digits), and the message must stay readable.

    >>> shown("abc")
    "'abc'"
    >>> shown(list(range(100)), limit=30)
    '[0, 1, 2, 3, 4 … (390 characters)'
    >>> shown(10 ** 5000)
    'an int of about 5001 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"an int of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):      # a number too long to print inside it, or too deep
        return f"a {type(value).__name__} too large to print"
    if len(text) <= limit:
        return text
    return f"{text[:max(limit - 14, 8)].rstrip(' ,')} … ({len(text)} characters)"


def shown_names(names, limit: int = 40) -> str:
    """Names (keys a caller gave) for an error message, comma-separated, each cut to ``limit``
    characters; a key that is not a string is shown as :func:`shown` shows a value.

    >>> shown_names(["spoons", 7])
    'spoons, 7'
    """
    return ", ".join(n[:limit] if isinstance(n, str) else shown(n, limit) for n in names)
