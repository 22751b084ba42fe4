"""Variant options and numeric knobs of a game, and the checks of options and player counts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from .errors import OptionError


@dataclass(frozen=True)
class Option:
    """One variant option or numeric knob of a game.

    ``choices`` lists the allowed values of a categorical option; ``kind`` is the Python type of a
    numeric or boolean one, with optional bounds ``low``/``high`` (inclusive).
    """

    name: str
    default: Any
    help: str
    source: str
    choices: tuple = ()
    kind: type | None = None
    low: Any = None
    high: Any = None
    alternatives: str = ""

    def allowed(self) -> str:
        if self.choices:
            return ", ".join(repr(c) for c in self.choices)
        if self.kind is bool:
            return "True, False"
        if self.kind is not None:
            lo = "" if self.low is None else f"{self.low}"
            hi = "" if self.high is None else f"{self.high}"
            return f"{self.kind.__name__} {lo}..{hi}".strip()
        return "any"

    def check(self, value: Any, game: str) -> Any:
        if self.choices:
            if value not in self.choices:
                raise OptionError(
                    f"{game}: option {self.name}={value!r} is not allowed; allowed: {self.allowed()}"
                )
            return value
        if self.kind is bool:
            if not isinstance(value, bool):
                raise OptionError(f"{game}: option {self.name} must be True or False, got {value!r}")
            return value
        if self.kind is not None:
            if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise OptionError(f"{game}: option {self.name} must be an int, got {value!r}")
            if self.kind is float and not isinstance(value, (int, float)):
                raise OptionError(f"{game}: option {self.name} must be a number, got {value!r}")
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                raise OptionError(
                    f"{game}: option {self.name}={value!r} is out of range; allowed: {self.allowed()}"
                )
            return self.kind(value)
        return value

    def parse_text(self, text: str) -> Any:
        """Turn command-line text (``--set name=value``) into a value of the right type."""
        if self.choices:
            for c in self.choices:
                if str(c) == text:
                    return c
            return text
        if self.kind is bool:
            low = text.strip().lower()
            if low in ("true", "1", "yes", "on"):
                return True
            if low in ("false", "0", "no", "off"):
                return False
            return text
        if self.kind in (int, float):
            try:
                return self.kind(text)
            except ValueError:
                return text
        return text


def resolve_options(game: str, options: Sequence[Option], given: dict) -> dict:
    """Check ``given`` against the game's options and fill in defaults."""
    by_name = {o.name: o for o in options}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        allowed = ", ".join(by_name) or "(none)"
        raise OptionError(f"{game}: unknown option(s) {', '.join(unknown)}; allowed: {allowed}")
    return {o.name: o.check(given.get(o.name, o.default), game) for o in options}


def check_players(game: str, players: Any, allowed: Iterable[int]) -> int:
    allowed = tuple(allowed)
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise OptionError(
            f"{game}: players={players!r} is not allowed; allowed: "
            f"{', '.join(str(p) for p in allowed)}"
        )
    return players
