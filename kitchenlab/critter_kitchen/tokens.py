"""Critter Kitchen's token vocabulary: how every item is written, in storage, on locations and in meals.

Every item is a :class:`Token`: it reads as its short text — so views, logs and saves show plain
words — and carries its facts as named fields (``kind``, ``type``, ``value``, ``rumor``, ``zous``),
so the rules never cut a text apart:

* ingredient ``"<type><value>"`` — ``"fish7"``, ``"bread2"`` (types in course order, values 2..7)
* spice ``"<type>-spice"`` — ``"fish-spice"``; ``"allspice"`` pairs with any type
* rumor token ``"rumor1"``, ``"rumor2"``, ``"rumor3"`` (one kind per face-down rumor slot) and ``"wild"``
* ``"soup"`` (value 1) and ``"bisque"`` (value 3)
* a zous-chef card taken at the Chef Academy: ``"zous:<id>"``

>>> t = token("fish7"); (t, t.kind, t.type, t.value, t.fridge)
('fish7', 'ingredient', 'fish', 7, True)
>>> token("rumor2").rumor, token("bisque").value, zous_token("badger").zous
(2, 3, 'badger')

Meal notation (the public helpers' input) is whitespace-separated items: an ingredient, optionally
paired with a spice — ``fish7+spice`` (its matching spice) or ``bread2+allspice`` — and ``soup`` /
``bisque``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from ..errors import KitchenlabError

TYPES: tuple[str, ...] = ("bread", "carrot", "cheese", "fish", "meat", "mushroom", "wine")
VALUES: tuple[int, ...] = (2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7)
SOUP_VALUE, BISQUE_VALUE = 1, 3
RUMOR_KINDS: tuple[int, ...] = (1, 2, 3)


class TokenKind(StrEnum):
    INGREDIENT = "ingredient"
    SPICE = "spice"
    RUMOR = "rumor"
    WILD = "wild"
    SOUP = "soup"
    BISQUE = "bisque"
    ZOUS = "zous"

    def __repr__(self) -> str:
        return repr(self.value)


ING, SPI, RUM, WLD, SOU, BIS, ZOU = tuple(TokenKind)


class Token(str):
    """One item: its text (``"fish7"``) and its facts.

    ``kind`` (:class:`TokenKind`); ``type``: the ingredient type of an ingredient or of a matching
    spice (``None`` otherwise, and for allspice); ``value``: the face value (ingredient's printed
    value, soup 1, bisque 3, else 0); ``rumor``: 1..3 for a rumor token; ``zous``: a zous-chef id;
    ``fridge``: an ingredient or spice (what the fridge limit counts and what goes back in the bag).
    """

    kind: TokenKind
    type: str | None
    value: int
    rumor: int | None
    zous: str | None
    fridge: bool
    order: tuple      # the sort key of :func:`sort_tokens`

    def __reduce__(self):
        return (token, (str(self),))


_TABLE: dict[str, Token] = {}
_SORT_KEY: dict[str, tuple] = {}
#: every token made so far, by its text
TOKEN_TABLE = _TABLE


def _make(text: str, kind: TokenKind, type_: str | None = None, value: int = 0, rumor: int | None = None,
          zous: str | None = None) -> Token:
    t = Token(text)
    t.kind, t.type, t.value, t.rumor, t.zous = kind, type_, value, rumor, zous
    t.fridge = kind is ING or kind is SPI
    if kind is ING:
        t.order = (0, TYPES.index(type_), -value)
    elif kind is SPI:
        t.order = (1, 99 if type_ is None else TYPES.index(type_), 0)
    elif kind is BIS or kind is SOU:
        t.order = (2, 0 if kind is BIS else 1, 0)
    else:
        t.order = (3, 0, text)
    _TABLE[text] = t
    _SORT_KEY[text] = (t.order, text)
    return t


for _t in TYPES:
    for _v in range(2, 8):
        _make(f"{_t}{_v}", ING, _t, _v)
    _make(f"{_t}-spice", SPI, _t)
ALLSPICE = _make("allspice", SPI)
SOUP = _make("soup", SOU, value=SOUP_VALUE)
BISQUE = _make("bisque", BIS, value=BISQUE_VALUE)
WILD = _make("wild", WLD)
for _k in RUMOR_KINDS:
    _make(f"rumor{_k}", RUM, rumor=_k)
SPICES: tuple[Token, ...] = tuple(_TABLE[f"{t}-spice"] for t in TYPES) + (ALLSPICE,)
#: the matching spice of each ingredient type
SPICE_OF: dict[str, Token] = {t: _TABLE[f"{t}-spice"] for t in TYPES}
RUMOR_TOKENS: tuple[Token, ...] = tuple(_TABLE[f"rumor{k}"] for k in RUMOR_KINDS) + (WILD,)
INGREDIENTS: dict[tuple[str, int], Token] = {(t.type, t.value): t for t in _TABLE.values() if t.kind is ING}

_ING = re.compile(r"^(bread|carrot|cheese|fish|meat|mushroom|wine)([2-7])$")


def token(text: str) -> Token:
    """The :class:`Token` written ``text`` (``"fish7"``, ``"zous:badger"``...)."""
    t = _TABLE.get(text)
    if t is not None:
        return t
    if isinstance(text, str):
        m = _ING.match(text)
        if m:                          # a printed value beyond the standard set (an edited table)
            return _make(text, ING, m.group(1), int(m.group(2)))
        if text.startswith("zous:") and len(text) > 5:
            return zous_token(text[5:])
    raise KitchenlabError(f"{text!r} is not a token; tokens look like 'fish7', 'fish-spice', 'allspice', "
                          "'rumor2', 'wild', 'soup', 'bisque' or 'zous:<id>'")


def tokens_of(texts) -> list[Token]:
    """Tokens from their texts (a list, or one whitespace-separated string): ``tokens_of("fish7 soup")``."""
    return [token(t) for t in (texts.split() if isinstance(texts, str) else texts)]


def zous_token(zid: str) -> Token:
    """The token of the zous-chef card ``zid`` on the Chef Academy (``"zous:badger"``)."""
    text = "zous:" + zid
    t = _TABLE.get(text)
    return t if t is not None else _make(text, ZOU, zous=zid)


def zous_id(name: str) -> str | None:
    """The zous-chef id of a chef or token named ``"zous:<id>"``; ``None`` for anything else."""
    t = _TABLE.get(name)
    if t is None and isinstance(name, str) and name.startswith("zous:"):
        t = token(name)
    return t.zous if t is not None else None


def spice_for(type_: str) -> Token:
    """The matching spice of an ingredient type."""
    return SPICE_OF[type_]


def _kind(tok) -> TokenKind | None:
    t = tok if type(tok) is Token else _TABLE.get(tok)
    if t is None and isinstance(tok, str) and tok.startswith("zous:"):
        return ZOU
    return t.kind if t is not None else None


def is_ingredient(tok: str) -> bool:
    return _kind(tok) is ING


def is_spice(tok: str) -> bool:
    return _kind(tok) is SPI


def is_rumor(tok: str) -> bool:
    k = _kind(tok)
    return k is RUM or k is WLD


def is_soup(tok: str) -> bool:
    k = _kind(tok)
    return k is SOU or k is BIS


def is_zous(tok: str) -> bool:
    return _kind(tok) is ZOU


def _ingredient(tok: str) -> Token:
    t = _TABLE.get(tok)
    if t is None or t.kind is not ING:
        raise KitchenlabError(f"{tok!r} is not an ingredient token (like 'fish7'; types: {', '.join(TYPES)})")
    return t


def ingredient_type(tok: str) -> str:
    return _ingredient(tok).type


def ingredient_value(tok: str) -> int:
    return _ingredient(tok).value


def spice_type(tok: str) -> str | None:
    """The type a spice matches, or ``None`` for allspice."""
    t = _TABLE.get(tok)
    if t is None or t.kind is not SPI:
        raise KitchenlabError(f"{tok!r} is not a spice token (like 'fish-spice' or 'allspice')")
    return t.type


def fridge_token(tok: str) -> bool:
    """An ingredient or a spice: what the fridge limit counts and what goes back in the bag."""
    t = _TABLE.get(tok)
    return t is not None and t.fridge


def face_value(tok: str) -> int:
    """The face value: an ingredient's printed value, bisque 3, soup 1, anything else 0."""
    t = _TABLE.get(tok)
    return t.value if t is not None else 0


def _order(tok: str) -> tuple:
    t = _TABLE.get(tok)
    return (t.order if t is not None else (3, 0, tok)), tok


def sort_tokens(toks) -> list:
    """Tokens in a readable order: ingredients by course then value, spices, bisque, soup, rest.

    >>> sort_tokens(["soup", "fish-spice", "fish2", "bread4", "fish7", "bisque", "wild"])
    ['bread4', 'fish7', 'fish2', 'fish-spice', 'bisque', 'soup', 'wild']
    """
    toks = list(toks)
    try:
        return sorted(toks, key=_SORT_KEY.__getitem__)
    except KeyError:           # a text that is no token sorts last, by its text
        return sorted(toks, key=_order)


# ------------------------------------------------------------------ the facts the hot loops read
#: What a token is in a challenge meal (:func:`meal_facts`): one of these kinds.
INGREDIENT, SPICE, ALLSPICE_KIND, FILLER, OTHER = range(5)


class TokenFacts:
    """Every token's facts the rules' hot loops read, as plain tables: a :class:`Token`'s facts are
    attributes of a ``str`` subclass, slow to read in a loop. :meth:`refresh` reads the tokens made
    since the last time, in place (the tables keep their identity, so a module may bind them once).

    ``rank``: a token's place in the order of :func:`sort_tokens`; ``ingredients``, ``fridge``: the
    ingredient tokens, and the ingredients and spices (what the fridge counts); ``type_of``: an
    ingredient's type; ``meal``: per token (or its text) its (kind, type, value) in a meal, the one
    encoding every meal reader shares (see :func:`meal_facts`); ``relevance``: per token (or text)
    what it is relevant to in a challenge meal (see :func:`.challenge_meals._rel_type`);
    ``meal_items``: per meal item's notation (``"fish7+spice"``) its ingredient type and quality;
    ``required_types``: per challenge's requirements, the types required in course order;
    ``parsed``: per meal item's notation, its :class:`MealItem`; ``alone``: per token the pair
    ``(token, None)`` a location's run offers (one shared pair), ``plain``: those of them that are
    neither rumor nor wild tokens.
    """

    __slots__ = ("size", "rank", "ingredients", "fridge", "type_of", "meal", "relevance", "meal_items",
                 "required_types", "parsed", "alone", "plain")

    def __init__(self) -> None:
        self.size = -1           # how many tokens the tables were made from
        self.rank: dict = {}
        self.ingredients: set = set()
        self.fridge: set = set()
        self.type_of: dict = {}
        self.meal: dict = {}
        self.relevance: dict = {}
        self.meal_items: dict = {}
        self.required_types: dict = {}
        self.parsed: dict = {}
        self.alone: dict = {}
        self.plain: set = set()

    def refresh(self) -> None:
        """Read every token made since the tables were made (nothing to do when none was)."""
        if self.size == len(_TABLE):
            return
        self.rank.clear()
        for t in sort_tokens(_TABLE.values()):
            self.rank[t] = len(self.rank)
            if t.kind is ING:
                self.ingredients.add(t)
                self.type_of[t] = t.type
            if t.fridge:
                self.fridge.add(t)
            meal_facts(t)
        self.size = len(_TABLE)


#: the one table of token facts (see :class:`TokenFacts`)
TOKEN_FACTS = TokenFacts()


def meal_facts(tok: str) -> tuple[int, str | None, int]:
    """A token's (kind, type, value) in a meal: an ingredient (its type and value), a matching
    spice (the type it matches), the allspice, soup or bisque (a filler, with its quality), or
    anything else; kept in ``TOKEN_FACTS.meal``.

    >>> meal_facts("fish7"), meal_facts("fish-spice")[:2], meal_facts("bisque"), meal_facts("wild")
    ((0, 'fish', 7), (1, 'fish'), (3, None, 3), (4, None, 0))
    """
    known = TOKEN_FACTS.meal
    got = known.get(tok)
    if got is None:
        if is_ingredient(tok):
            got = INGREDIENT, ingredient_type(tok), ingredient_value(tok)
        elif tok == ALLSPICE:
            got = ALLSPICE_KIND, None, 0
        elif is_spice(tok):
            got = SPICE, spice_type(tok), 0
        elif tok == SOUP:
            got = FILLER, None, SOUP_VALUE
        elif tok == BISQUE:
            got = FILLER, None, BISQUE_VALUE
        else:
            got = OTHER, None, 0
        known[tok] = got
    return got


def bag_contents() -> list[Token]:
    """The 119 tokens of the bag at setup: 91 ingredients, 16 spices, 12 rumor tokens."""
    out = [INGREDIENTS[(t, v)] for t in TYPES for v in VALUES]
    out += [s for s in SPICES for _ in range(2)]
    out += [r for r in RUMOR_TOKENS for _ in range(3)]
    return out


@dataclass(frozen=True)
class MealItem:
    """One item of a meal: an ingredient with an optional spice, or a soup / bisque."""

    kind: str            # "ingredient", "soup" or "bisque"
    type: str | None = None
    value: int = 0
    spice: str | None = None   # None, the matching spice token, or "allspice"

    def __str__(self) -> str:
        if self.kind != "ingredient":
            return self.kind
        base = f"{self.type}{self.value}"
        if self.spice is None:
            return base
        return base + ("+allspice" if self.spice == ALLSPICE else "+spice")


def parse_meal(meal: str | list | tuple) -> list[MealItem]:
    """Parse meal notation (``"fish7+spice bread2+allspice bisque"``) into items.

    >>> [str(i) for i in parse_meal("fish7+spice soup")]
    ['fish7+spice', 'soup']
    """
    parts = meal.split() if isinstance(meal, str) else [str(p) for p in meal]
    items = []
    for p in parts:
        item = _PARSED.get(p)
        if item is None:
            item = _PARSED[p] = _parse_item(p)
        items.append(item)
    return items


#: meal items already parsed, by their notation (items are frozen values)
_PARSED = TOKEN_FACTS.parsed


def _parse_item(p: str) -> MealItem:
    """One meal item from its notation (``"fish7+spice"``, ``"soup"``)."""
    if p in (SOUP, BISQUE):
        return MealItem(p)
    base, plus, spice = p.partition("+")
    m = _ING.match(base)
    if not m:
        raise KitchenlabError(
            f"meal item {p!r} is not understood; write an ingredient like 'fish7', "
            f"'fish7+spice', 'bread2+allspice', or 'soup' / 'bisque'"
        )
    t, v = m.group(1), int(m.group(2))
    if plus:
        if spice == "spice" or spice == f"{t}-spice":
            sp = f"{t}-spice"
        elif spice == ALLSPICE:
            sp = ALLSPICE
        else:
            raise KitchenlabError(
                f"meal item {p!r}: a {t} can be paired with '+spice' (its own spice) or "
                f"'+allspice', not {spice!r}"
            )
    else:
        sp = None
    return MealItem("ingredient", t, v, sp)
