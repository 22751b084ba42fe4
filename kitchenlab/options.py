"""Variant options and numeric knobs of a game, and the checks of options, player counts, seeds and
the hand-made positions callers give (:func:`position_copy`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from .errors import OptionError, PositionError, shown, shown_names
from .i18n import _, ngettext

#: Seeds are ``0 <= seed < SEED_LIMIT``: the generator keeps 64 bits, and a save holds the seed as given.
SEED_LIMIT = 1 << 64
#: The largest round number, track step or other count a hand-made position may give.
COUNT_LIMIT = 1_000_000


@dataclass(frozen=True)
class Option:
    """One variant option or numeric knob of a game.

    ``choices`` lists the allowed values of a categorical option; ``kind`` is the Python type of a
    numeric or boolean one, with optional bounds ``low``/``high`` (inclusive).

    What a learner reads is declared here too: ``label``, the option's name in words ("Final
    turns"), and ``words``, ``(value, words)`` pairs saying each value in words ("every player, the
    one who ended included"). ``situation`` is a ``"module:function"`` hook,
    ``function(final_state) -> int``, counting how often a finished game met what the option
    governs; ``situation_words`` says it after "the bots" ("used the chef token to change a die's
    number by more than one"). The what-if panel uses them to say why two rules gave the same games.

    >>> o = Option("final_cook", True, "may everybody cook once more?", "S4", kind=bool,
    ...            label="Final cook", words=((True, "everybody cooks once more"),))
    >>> o.describe(True), o.describe(False), Option("rounds", 7, "", "", kind=int).describe(5)
    ('Final cook: everybody cooks once more', 'Final cook: no', 'Rounds: 5')
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
    label: str = ""
    words: tuple = ()
    situation: str = ""
    situation_words: str = ""

    def title(self) -> str:
        """The option's name in words: its ``label``, else its name with spaces."""
        return self.label or self.name.replace("_", " ").capitalize()

    def value_words(self, value: Any) -> str:
        """``value`` in words: as ``words`` gives it, else "yes" / "no" for a boolean, else the
        value with spaces for underscores."""
        for known, text in self.words:
            if known == value and type(known) is type(value):
                return text
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        return str(value).replace("_", " ")

    def describe(self, value: Any) -> str:
        """``"Title: value in words"``."""
        return f"{self.title()}: {self.value_words(value)}"

    def allowed(self) -> str:
        """The values the option takes, for a message: ``'a', 'b'``, ``True, False`` or ``int 1..9``."""
        if self.choices:
            return ", ".join(repr(c) for c in self.choices)
        if self.kind is bool:
            return "True, False"
        if self.kind is not None:
            lo = "" if self.low is None else f"{self.low}"
            hi = "" if self.high is None else f"{self.high}"
            return f"{self.kind.__name__} {lo}..{hi}".strip()
        return _("any value")

    def check(self, value: Any, game: str) -> Any:
        if self.choices:
            if value not in self.choices:
                raise OptionError(_("{game}: option {option}={value} is not allowed; allowed: {allowed}").format(
                    game=game, option=self.name, value=shown(value), allowed=self.allowed()))
            return value
        if self.kind is bool:
            if not isinstance(value, bool):
                raise OptionError(_("{game}: option {option} must be True or False, got {value}").format(
                    game=game, option=self.name, value=shown(value)))
            return value
        if self.kind is not None:
            if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise OptionError(_("{game}: option {option} must be a whole number (int), got {value}").format(
                    game=game, option=self.name, value=shown(value)))
            if self.kind is float and (isinstance(value, bool) or not isinstance(value, (int, float))
                                       or value != value or value in (float("inf"), float("-inf"))):
                raise OptionError(_("{game}: option {option} must be a finite number, got {value}").format(
                    game=game, option=self.name, value=shown(value)))
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                raise OptionError(_("{game}: option {option}={value} is out of range; allowed: {allowed}").format(
                    game=game, option=self.name, value=shown(value), allowed=self.allowed()))
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
    unknown = sorted(set(given) - set(by_name), key=str)
    if unknown:
        allowed = ", ".join(by_name) or _("(none)")
        raise OptionError(ngettext("{game}: unknown option {names}; allowed: {allowed}",
                                   "{game}: unknown options {names}; allowed: {allowed}", len(unknown)).format(
            game=game, names=shown_names(unknown), allowed=allowed))
    return {o.name: o.check(given.get(o.name, o.default), game) for o in options}


def check_players(game: str, players: Any, allowed: Iterable[int]) -> int:
    allowed = tuple(allowed)
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise OptionError(_("{game}: players={value} is not allowed; allowed: {allowed}").format(
            game=game, value=shown(players), allowed=", ".join(str(p) for p in allowed)))
    return players


def check_seed(game: str, seed: Any) -> int:
    """``seed`` if it is a whole number ``0 <= seed < 2**64`` (what the generator and a save hold)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(_("{game}: seed must be an int (a whole number), got {value}").format(
            game=game, value=shown(seed)))
    if not 0 <= seed < SEED_LIMIT:
        raise OptionError(_("{game}: seed {value} is out of range; allowed: 0 <= seed < 2**64").format(
            game=game, value=shown(seed)))
    return seed


def check_count(where: str, value: Any, low: int = 0, high: int = COUNT_LIMIT) -> int:
    """``value`` if it is an int (never a boolean) in ``low..high``; else a ``PositionError`` naming ``where``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        kind = _(" (a boolean is not a number)") if isinstance(value, bool) else ""
        raise PositionError(_("{where}: {value} is not allowed{kind}; allowed: a whole number {low} or more "
                              "(at most {high})").format(where=where, value=shown(value), kind=kind, low=low,
                                                         high=high))
    return value


#: What a hand-made position may hold: JSON values, this deep and this large at most.
POSITION_DEPTH, POSITION_ITEMS, POSITION_TEXT = 12, 20_000, 400
_INT64 = 1 << 63


def position_copy(value: Any, what: str) -> Any:
    """A deep copy of a hand-made position made of JSON values only (dicts with string keys,
    lists, strings, ints, finite floats, booleans, ``None``; tuples become lists), so that the
    caller's later edits change neither the state nor its save and the save can always be written.
    A value JSON cannot hold, a number beyond 64 bits, a text longer than 400 characters or a
    structure deeper than 12 levels or larger than 20 000 items raises a ``PositionError``
    naming where it is (``what`` names the whole, e.g. ``"chefs position"``).

    >>> position_copy({"hands": [("a", 1)]}, "p")
    {'hands': [['a', 1]]}
    """
    count = [0]

    def copy(v: Any, where: str, depth: int) -> Any:
        count[0] += 1
        if count[0] > POSITION_ITEMS:
            raise PositionError(_("{what}: more than {most} values in all; a position is far smaller").format(
                what=what, most=POSITION_ITEMS))
        if depth > POSITION_DEPTH:
            raise PositionError(_("{what}: {where} is nested more than {most} levels deep").format(
                what=what, where=where, most=POSITION_DEPTH))
        if v is None or isinstance(v, bool):
            return v
        if isinstance(v, int):
            if not -_INT64 <= v < _INT64:
                raise PositionError(_("{what}: {where} = {value} is too large; numbers fit in 64 bits").format(
                    what=what, where=where, value=shown(v)))
            return int(v)
        if isinstance(v, float):
            if v != v or v in (float("inf"), float("-inf")):
                raise PositionError(_("{what}: {where} = {value} is not a finite number").format(
                    what=what, where=where, value=repr(v)))
            return float(v)
        if isinstance(v, str):
            if len(v) > POSITION_TEXT:
                raise PositionError(_("{what}: {where} is a text of {length} characters; at most {most}").format(
                    what=what, where=where, length=len(v), most=POSITION_TEXT))
            return str(v)
        if isinstance(v, (list, tuple)):
            return [copy(x, f"{where}[{i}]", depth + 1) for i, x in enumerate(v)]
        if isinstance(v, dict):
            out = {}
            for k, x in v.items():
                if not isinstance(k, str):
                    raise PositionError(_("{what}: {where} has the key {key}; keys are field names (strings)")
                                        .format(what=what, where=where, key=shown(k, 40)))
                out[str(k)] = copy(x, f"{where}.{k}" if where else k, depth + 1)
            return out
        raise PositionError(_("{what}: {where} holds a {kind} ({value}); a position holds JSON values only "
                              "(dicts, lists, strings, numbers, booleans, None)").format(
            what=what, where=where or _("the position"), kind=type(v).__name__, value=shown(v, 40)))

    return copy(value, "", 0)
