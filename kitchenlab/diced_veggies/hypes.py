"""The hype rule language: a hype's condition on the dice of one cooked recipe, and its points.

The real hype cards are not published, so the kit writes its hypes in a small declarative language
(``data/diced_veggies/hypes.csv``). A **rule** is one or more conditions joined by ``and``:

==================  ==========================================================================
``sum = N``         the dice total exactly N (also ``sum <= N`` and ``sum >= N``)
``run``             the values are consecutive and all different (2-3-4, 4-5-6, ...)
``same``            every die shows the same value
``distinct``        no two dice show the same value
``even`` / ``odd``  every value is even / odd
``count V >= N``    at least N dice show the value V
``colours >= N``    at least N different colours
``dice >= N``       at least N dice
``extra X``         one more die of colour X is cooked with the recipe (it is spent too)
==================  ==========================================================================

Conditions look at every die cooked with the recipe, the extra one included. **Points** are
``N`` (fixed), ``N per X`` (N for each cooked die of colour X) or ``N per die``.

>>> r = parse_rule("sum = 19")
>>> r.met([("M", 6), ("P", 6), ("C", 5), ("T", 2)])
True
>>> parse_points("3 per M").score([("M", 2), ("M", 4), ("P", 3)])
6
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import KitchenlabError
from ..i18n import N_, _

FACES = (2, 3, 4, 5, 6)

#: what ``str(rule)`` reads like, for people: one phrase per condition
_PHRASES = {
    "run": N_("the dice form a run (consecutive values, all different)"),
    "same": N_("every die shows the same value"),
    "distinct": N_("no two dice show the same value"),
    "even": N_("every value is even"),
    "odd": N_("every value is odd"),
}

#: a condition as the data writes it (``sum >= 16``), in words of the reader's language
_SHORT = {
    "run": N_("run"), "same": N_("same"), "distinct": N_("distinct"), "even": N_("even"), "odd": N_("odd"),
    "sum": N_("sum {op} {n}"), "colours": N_("colours {op} {n}"), "dice": N_("dice {op} {n}"),
    "count": N_("count {face} {op} {n}"), "extra": N_("extra {colour}"),
}


class RuleError(KitchenlabError):
    """A rule or points text that the language does not accept (the message says what is allowed).
    Like every error of the kit it is a :class:`~kitchenlab.errors.KitchenlabError` (a ``ValueError``)."""


@dataclass(frozen=True)
class Condition:
    """One condition: ``word`` (sum, run, same, ...), an operator and numbers where it takes them."""

    word: str
    op: str = ""
    value: int = 0
    face: int = 0          # for ``count``: the value counted
    colour: str = ""       # for ``extra``

    def met(self, dice) -> bool:
        w = self.word
        if w == "extra":
            return any(c == self.colour for c, _ in dice)
        values = [v for _, v in dice]
        if not values:
            return False
        if w == "sum":
            return _compare(sum(values), self.op, self.value)
        if w == "run":
            s = sorted(values)
            return len(s) >= 2 and all(b - a == 1 for a, b in zip(s, s[1:]))
        if w == "same":
            return len(set(values)) == 1
        if w == "distinct":
            return len(set(values)) == len(values)
        if w == "even":
            return all(v % 2 == 0 for v in values)
        if w == "odd":
            return all(v % 2 == 1 for v in values)
        if w == "count":
            return _compare(values.count(self.face), self.op, self.value)
        if w == "colours":
            return _compare(len({c for c, _ in dice}), self.op, self.value)
        if w == "dice":
            return _compare(len(values), self.op, self.value)
        raise AssertionError(w)  # pragma: no cover

    def short(self, colour_letter=lambda letter: letter) -> str:
        """The condition as the data writes it (``"sum >= 16"``, ``"extra P"``) in the current
        language's words; ``colour_letter`` shows a colour letter to the reader."""
        return _(_SHORT[self.word]).format(op=self.op, n=self.value, face=self.face,
                                           colour=colour_letter(self.colour))

    def text(self, colour_name=lambda letter: letter) -> str:
        """The condition in a sentence, in the current language; ``colour_name`` names a colour."""
        w = self.word
        if w in _PHRASES:
            return _(_PHRASES[w])
        if w == "sum":
            return {"=": _("the dice total exactly {n}"), "<=": _("the dice total at most {n}"),
                    ">=": _("the dice total at least {n}")}[self.op].format(n=self.value)
        if w == "count":
            if self.op == ">=":
                return _("at least {n} dice show {face}").format(n=self.value, face=self.face)
            return self.short()
        if w == "colours":
            return _("at least {n} colours").format(n=self.value)
        if w == "dice":
            return _("at least {n} dice").format(n=self.value)
        return _("one extra {colour} die is cooked too").format(colour=colour_name(self.colour))


def _compare(x: int, op: str, n: int) -> bool:
    return x == n if op == "=" else x <= n if op == "<=" else x >= n


@dataclass(frozen=True)
class Rule:
    """A hype's condition: every one of ``conditions`` must hold."""

    conditions: tuple[Condition, ...]
    source: str = ""

    @property
    def extra(self) -> str:
        """The colour of the extra die the hype asks for, or ``""``."""
        for c in self.conditions:
            if c.word == "extra":
                return c.colour
        return ""

    def met(self, dice) -> bool:
        """Do these dice (``(colour, value)`` pairs, the extra die included) meet every condition?"""
        return all(c.met(dice) for c in self.conditions)

    def __str__(self) -> str:
        return self.source

    def text(self, colour_name=lambda letter: letter) -> str:
        """Every condition in a sentence, in the current language; ``colour_name`` names a colour."""
        return "; ".join(c.text(colour_name) for c in self.conditions)

    def short(self, colour_letter=lambda letter: letter) -> str:
        """The rule as the data writes it (``"extra P and sum <= 14"``) in the current language's
        words; ``colour_letter`` shows a colour letter to the reader."""
        return _(" and ").join(c.short(colour_letter) for c in self.conditions)


@dataclass(frozen=True)
class Points:
    """A hype's points: ``amount`` fixed, or per die (``per == "die"``) or per die of a colour."""

    amount: int
    per: str = ""

    def score(self, dice) -> int:
        if not self.per:
            return self.amount
        if self.per == "die":
            return self.amount * len(dice)
        return self.amount * sum(1 for c, _ in dice if c == self.per)

    def __str__(self) -> str:
        return str(self.amount) if not self.per else f"{self.amount} per {self.per}"

    def shown(self, colour_letter=lambda letter: letter) -> str:
        """The points as :meth:`__str__` writes them, in the current language (``"3 por S"``)."""
        if not self.per:
            return str(self.amount)
        per = _("die") if self.per == "die" else colour_letter(self.per)
        return _("{n} per {what}").format(n=self.amount, what=per)


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RuleError(f"{what} must be a whole number, got {text!r}") from None


def parse_condition(text: str, colours=("M", "P", "C", "T", "O")) -> Condition:
    words = text.split()
    if not words:
        raise RuleError("an empty condition (two 'and's in a row, or 'and' at an end)")
    w = words[0].lower()
    if w in _PHRASES:
        if len(words) != 1:
            raise RuleError(f"'{w}' takes nothing after it, got {text!r}")
        return Condition(w)
    if w in ("sum", "colours", "dice"):
        if len(words) != 3 or words[1] not in ("=", "<=", ">="):
            raise RuleError(f"write '{w} = N', '{w} <= N' or '{w} >= N', got {text!r}")
        n = _int(words[2], f"the number in {text!r}")
        if n < 0:
            raise RuleError(f"the number in {text!r} must be 0 or more")
        return Condition(w, words[1], n)
    if w == "count":
        if len(words) != 4 or words[2] not in ("=", "<=", ">="):
            raise RuleError(f"write 'count V >= N' (V a face 2..6), got {text!r}")
        face = _int(words[1], f"the face in {text!r}")
        if face not in FACES:
            raise RuleError(f"the face in {text!r} must be one of 2..6 (dice have no 1)")
        return Condition(w, words[2], _int(words[3], f"the number in {text!r}"), face=face)
    if w == "extra":
        if len(words) != 2 or words[1] not in colours:
            raise RuleError(f"write 'extra X' with X one of the colour letters {', '.join(colours)}, got {text!r}")
        return Condition(w, colour=words[1])
    raise RuleError(f"unknown condition {words[0]!r}; conditions: sum, run, same, distinct, even, odd, "
                    f"count, colours, dice, extra")


def parse_rule(text: str, colours=("M", "P", "C", "T", "O")) -> Rule:
    """Read a rule (conditions joined by ``and``); a text the language does not accept raises
    :class:`RuleError` saying what is allowed."""
    text = " ".join(str(text).split())
    if not text:
        raise RuleError("the rule is empty; write at least one condition (e.g. 'sum = 19')")
    parts = [p.strip() for p in f" {text} ".split(" and ")]
    conds = tuple(parse_condition(p, colours) for p in parts)
    if sum(1 for c in conds if c.word == "extra") > 1:
        raise RuleError(f"at most one 'extra' condition per rule, got {text!r}")
    return Rule(conds, text)


def parse_points(text: str, colours=("M", "P", "C", "T", "O")) -> Points:
    """Read points: ``N``, ``N per X`` (X a colour letter) or ``N per die``."""
    words = str(text).split()
    if len(words) == 1:
        n = _int(words[0], "points")
        if n < 0:
            raise RuleError("points must be 0 or more")
        return Points(n)
    if len(words) == 3 and words[1] == "per" and (words[2] == "die" or words[2] in colours):
        return Points(_int(words[0], "points"), words[2])
    raise RuleError(f"points must be 'N', 'N per die' or 'N per X' (X one of {', '.join(colours)}), got {text!r}")
